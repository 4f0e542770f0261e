"""script-inputs: §11 ob.fire, ob.setInput, ob.input by id or name (§9.5
conversions), fired at step 4 and seen by step 5's settle. By hand.
 Inputs: the Part C trigger (id wave-trigger, name wave), a number input
 'level' (default 0) and a string input 'word' (default '').
 advance 0.1 (#1): onStart: setInput('level', '2.5') (a string into a
   number input: Number('2.5') = 2.5), setInput('word', 4) (String(4) =
   '4'). onUpdate: elapsed 0.1, not > 0.15 ⇒ no fire; emits 'probe' with
   float = input('level') = 2.5, string = input('word') = '4', int =
   input('wave') ? 1 : 0 = 0 (a trigger reads whether it is fired).
   states ['idle'], the arm at setup.
 advance 0.1 (#2): elapsed 0.2 > 0.15 ⇒ fire('wave') by name; the probe
   now has int 1. Step 5: idle → waving (mix 0.2) ⇒ as
   machine-part-c-trigger's first frame: rotation 94.5.
 advance 0.1 (#3): setInput('level', 'x') (Number('x') is NaN: ignored,
   §9.5) ⇒ probe float 2.5; the trigger was cleared at step 6 ⇒ int 0;
   waving at 108."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from scriptlib import *
source = """var frames = 0;
function onStart() { ob.setInput('level', '2.5'); ob.setInput('word', 4); }
function onUpdate(dt) {
  frames++;
  if (ob.time() > 0.15 && frames === 2) ob.fire('wave');
  if (frames === 3) ob.setInput('level', 'x');
  ob.emit('probe', {int: ob.input('wave') ? 1 : 0, float: ob.input('level'),
                    string: ob.input('word')});
}
"""
doc = with_scripts(part_c(), {'inputs': source}, machine=['inputs'],
                   inputs=[inp('level', 'number', 0), inp('word', 'string', '')])
script = 'machine main\nadvance 0.1\nsample\nadvance 0.1\nsample\nadvance 0.1\nsample\n'
lines = [
    {'time': 0.1, 'states': ['idle'], 'bones': {'arm': arm_at()},
     'events': [event('probe', 0.1, 0, 2.5, '4')]},
    {'time': 0.2, 'states': ['waving'], 'bones': {'arm': arm_at(rotation=94.5)},
     'events': [event('probe', 0.2, 1, 2.5, '4')]},
    {'time': 0.3, 'states': ['waving'], 'bones': {'arm': arm_at(rotation=108)},
     'events': [event('probe', 0.3, 0, 2.5, '4')]},
]
write_case(here(__file__), doc, script, lines)
