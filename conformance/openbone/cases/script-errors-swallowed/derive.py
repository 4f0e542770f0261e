"""script-errors-swallowed: §11 "errors and timeouts (16 ms per call, 50 ms
for load) are reported as `error` and swallowed": every failing script
below is reported (stderr, not in the sample) and the machine, the other
scripts and the sample go on as if it were not there. By hand.
 Machine scripts in order:
   bad        a syntax error: nothing defined.
   throws     onStart throws; onUpdate reads a property of null.
   spin       onUpdate loops forever: stopped after 16 ms.
   catcher    onUpdate catches the timeout and loops again: stopped again.
   deep       unbounded recursion: the engine's call-stack limit.
   huge       doubles a string until the heap cap refuses it.
   load-spin  its top level loops forever (stopped after 50 ms), but its
              function declarations were hoisted before the loop ran, so
              onUpdate exists and sets the arm override {x: 7}.
   good       onUpdate emits 'alive' float dt.
 advance 0.1 (#1): x = 7, events [alive 0.1], idle.
 fire wave, advance 0.1 (#2): x = 7, rotation 94.5 (machine-part-c-trigger's
   first frame), events [alive 0.1 at 0.2], waving."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from scriptlib import *
sources = {
    'bad': 'function onStart( {',
    'throws': "function onStart() { throw new Error('no'); }\nfunction onUpdate() { var o = null; return o.x; }\n",
    'spin': 'function onUpdate() { while (true) {} }\n',
    'catcher': 'function onUpdate() { for (;;) { try { for (;;) {} } catch (e) {} } }\n',
    'deep': 'function f(n) { return f(n + 1) + 1; }\nfunction onUpdate() { f(0); }\n',
    'huge': "function onUpdate() { var s = 'x'; for (;;) { s = s + s; } }\n",
    'load-spin': "while (true) {}\nfunction onUpdate() { ob.setBone('arm', {x: 7}); }\n",
    'good': "function onUpdate(dt) { ob.emit('alive', {float: dt}); }\n",
}
doc = with_scripts(part_c(), sources, machine=list(sources))
script = 'machine main\nadvance 0.1\nsample\nfire wave\nadvance 0.1\nsample\n'
lines = [
    {'time': 0.1, 'states': ['idle'], 'bones': {'arm': arm_at(x=7)},
     'events': [event('alive', 0.1, 0, 0.1)]},
    {'time': 0.2, 'states': ['waving'], 'bones': {'arm': arm_at(x=7, rotation=94.5)},
     'events': [event('alive', 0.2, 0, 0.1)]},
]
write_case(here(__file__), doc, script, lines)
