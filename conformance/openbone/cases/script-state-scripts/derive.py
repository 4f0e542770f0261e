"""script-state-scripts: §11 state scripts load fresh each time their
state is entered (§9.2, onStart on each), are disposed when it is left,
and run onUpdate after the machine scripts (§9.1 step 4); overrides
outlive the script that set them. By hand.
 Machine script 'ms': onUpdate sets the arm override {x: 1}. State script
 'st' on 'waving': a counter `entered` (0 at load) incremented by onStart,
 which emits 'enter' int entered; onUpdate sets {x: 2}.
 advance 0.1 (#1): idle; x = 1 ⇒ arm (1, 20) rotation 90.
 fire wave, advance 0.1 (#2): step 4 (idle, no state script) x = 1; step 5
   enters waving: st loads, onStart ⇒ 'enter' int 1 at elapsed 0.2.
   Rotation 94.5 (machine-part-c-trigger's first frame).
 advance 0.1 (#3): ms x = 1, then st x = 2 ⇒ x = 2; rotation 108.
 advance 0.9 in 9 (#4-#12): waving's time reaches 11 summed 0.1 steps =
   1.0999999999999999 but settle saw at most 10 steps (0.9999999999999999
   < 1) ⇒ still waving.
 fire wave, advance 0.1 (#13): step 4: ms x = 1, st x = 2. Step 5, hop 1:
   waving → idle (no conditions ⇒ exit time 1, progress ≥ 1): st is
   disposed. Hop 2: idle → waving (wave fired): a fresh st whose onStart
   emits 'enter' int 1 again (a new instance), time = elapsed = 13 summed
   0.1 steps. Hop 3: waving → idle refused (progress 0). From = idle
   (applies nothing), waving at mixA 0.5, time 0.1 ⇒ rotation 94.5; x = 2
   (the override persists)."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from scriptlib import *
ms = "function onUpdate(dt) { ob.setBone('arm', {x: 1}); }\n"
st = """var entered = 0;
function onStart() { entered++; ob.emit('enter', {int: entered}); }
function onUpdate(dt) { ob.setBone('arm', {x: 2}); }
"""
doc = with_scripts(part_c(), {'ms': ms, 'st': st}, machine=['ms'],
                   states={'waving': ['st']})
script = ('machine main\nadvance 0.1\nsample\nfire wave\nadvance 0.1\nsample\n'
          'advance 0.1\nsample\nadvance 0.9 in 9\nfire wave\nadvance 0.1\nsample\n')
lines = [
    {'time': 0.1, 'states': ['idle'], 'bones': {'arm': arm_at(x=1)},
     'events': []},
    {'time': 0.2, 'states': ['waving'],
     'bones': {'arm': arm_at(x=1, rotation=94.5)},
     'events': [event('enter', 0.2, 1)]},
    {'time': 0.3, 'states': ['waving'], 'bones': {'arm': arm_at(x=2, rotation=108)},
     'events': []},
    {'time': summed(0.1, 13), 'states': ['waving'],
     'bones': {'arm': arm_at(x=2, rotation=94.5)},
     'events': [event('enter', summed(0.1, 13), 1)]},
]
write_case(here(__file__), doc, script, lines)
