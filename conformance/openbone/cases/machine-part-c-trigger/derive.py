"""machine-part-c-trigger: OPENBONE-FORMAT-NOTES.md Part C.1's state-machine
table, by hand from §9.1-§9.4.
 start (advance 0): idle entered with mix 0; nothing keyed ⇒ arm at setup
   (rotation 90) ⇒ states ["idle"].
 fire wave (by name), advance 0.1 (#1): settle takes idle → waving (trigger
   fired), mix 0.2; the second hop waving → idle is refused (no conditions ⇒
   exitTime 1, progress 0 < 1). Step 7: waving.time 0.1, mixTime 0.1;
   step 8: mixA 0.5, the from state idle applies nothing, waving at alpha
   0.5: key value 90 + 45·0.1/0.5 = 99 (linear key), lerpAngle(90, 99, 0.5)
   = 94.5.
 #2: mixTime 0.2 ≥ 0.2 ⇒ from dropped; waving at full alpha at time 0.2:
   90 + 45·0.4 = 108.
 #3-#10: no sample. #11: settle sees 10 summed 0.1 = 0.9999999999999999 < 1
   ⇒ stays; time 1.0999999999999999 clamps to 1 (no loop) ⇒ 90.
 #12: settle sees 1.0999999999999999 ≥ 1 ⇒ waving → idle (mix 0.2); waving
   (from) mixes out towards setup (idle keys nothing): its value at the
   clamped time 1 is 90 = setup ⇒ 90. states ["idle"].
 The unknown input `nope` does nothing (OPENBONE-SAMPLES §2)."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from machlib import *
assert summed(0.1, 10) < 1 and summed(0.1, 11) >= 1
assert 0.9 / 9 == 0.1  # `advance 0.9 in 9` steps exactly 0.1 (binary64)
doc = part_c()
script = ('machine main\nadvance 0\nsample\nsetInput nope 1\nfire wave\nadvance 0.1\nsample\n'
          'advance 0.1\nsample\nadvance 0.9 in 9\nsample\nadvance 0.1\nsample\n')
lines = [
    {'time': 0, 'states': ['idle'], 'bones': {'arm': arm_matrix(90)}},
    {'time': 0.1, 'states': ['waving'], 'bones': {'arm': arm_matrix(94.5)}},
    {'time': 0.2, 'states': ['waving'], 'bones': {'arm': arm_matrix(108)}},
    {'time': 1.1, 'states': ['waving'], 'bones': {'arm': arm_matrix(90)}},
    {'time': 1.2, 'states': ['idle'], 'bones': {'arm': arm_matrix(90)}},
]
write_case(here(__file__), doc, script, lines)
