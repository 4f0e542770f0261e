"""script-onevent-next-frame: §11 "changes made in onEvent take effect next
frame; triggers fired there survive until the next frame's step 6". By
hand.
 advance 0.1 (#1): onUpdate (first call) emits 'ping'; step 13 onEvent
   sets the arm override {x: 5} and fires wave. Step 9 already ran ⇒ the
   arm is at setup (0, 20) rotation 90; states ['idle']; events [ping].
 advance 0.1 (#2): step 5 sees wave fired (it survived) ⇒ idle → waving
   (mix 0.2) ⇒ rotation 94.5 (machine-part-c-trigger's first frame);
   step 9 applies x = 5."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from scriptlib import *
source = """var first = true;
function onUpdate(dt) { if (first) ob.emit('ping'); first = false; }
function onEvent(e) { ob.setBone('arm', {x: 5}); ob.fire('wave'); }
"""
doc = with_scripts(part_c(), {'late': source}, machine=['late'])
script = 'machine main\nadvance 0.1\nsample\nadvance 0.1\nsample\n'
lines = [
    {'time': 0.1, 'states': ['idle'], 'bones': {'arm': arm_at()},
     'events': [event('ping', 0.1)]},
    {'time': 0.2, 'states': ['waving'], 'bones': {'arm': arm_at(x=5, rotation=94.5)},
     'events': []},
]
write_case(here(__file__), doc, script, lines)
