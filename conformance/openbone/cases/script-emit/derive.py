"""script-emit: §11 ob.emit(name, {int, float, string}): the event by name
or id, `{name, id: event id ?? name, time: elapsed, payload ?? event ??
0/""}` queued and emitted at step 13; onEvent(e) sees each (with `id`,
`animation` null for a script event, `time`), and what onEvent emits is
reported the next frame (§11 "take effect next frame"). By hand.
 The document's event 'step' (id e-step): int 3, float 0.5, string 'left'.
 advance 0.25 (#1), onUpdate (first call):
   emit('step', {int: 7})           ⇒ {step, 0.25, int 7, float 0.5, 'left'}
   emit('e-step')  (by id)          ⇒ {step, 0.25, 3, 0.5, 'left'}
   emit('ghost', {float: 1.5, string: 'boo'}) (no such event)
                                    ⇒ {ghost, 0.25, 0, 1.5, 'boo'}
   Step 13: onEvent for each in order; for the first (name step, int 7) it
   emits 'echo' with string e.id + ' ' + e.animation + ' ' + e.time =
   'e-step null 0.25' and int e.float·2 = 1 (time: elapsed 0.25) — held
   for the next frame. Sample #1: the three events.
 advance 0.25 (#2): the held echo is emitted: {echo, 0.25, 1, 0, 'e-step
   null 0.25'}; nothing else (onUpdate emits on its first call only)."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from scriptlib import *
source = """var first = true;
function onUpdate(dt) {
  if (!first) return;
  first = false;
  ob.emit('step', {int: 7});
  ob.emit('e-step');
  ob.emit('ghost', {float: 1.5, string: 'boo'});
}
function onEvent(e) {
  if (e.name === 'step' && e.int === 7)
    ob.emit('echo', {string: e.id + ' ' + e.animation + ' ' + e.time,
                     int: e.float * 2});
}
"""
events = [{'id': 'e-step', 'name': 'step', 'int': 3, 'float': 0.5,
           'string': 'left'}]
doc = with_scripts(part_c(), {'emitter': source}, machine=['emitter'],
                   events=events)
script = 'machine main\nadvance 0.25\nsample\nadvance 0.25\nsample\n'
lines = [
    {'time': 0.25, 'events': [event('step', 0.25, 7, 0.5, 'left'),
                              event('step', 0.25, 3, 0.5, 'left'),
                              event('ghost', 0.25, 0, 1.5, 'boo')]},
    {'time': 0.5, 'events': [event('echo', 0.25, 1, 0, 'e-step null 0.25')]},
]
write_case(here(__file__), doc, script, lines)
