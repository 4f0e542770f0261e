"""machine-part-c-click: Part C's click listener `tap` (slot arm-slot,
event click, action fireTrigger wave-trigger), §9.5 by hand.
The slot's current attachment is the region `arm` (no bounding box among
its attachments), so the hit polygon is its quad: with the arm at setup
(rotation 90, at (0, 20)) the corners are (-10, 20) (-10, 80) (10, 80)
(10, 20) (Part C.1). (0, 50) is inside (even-odd), (0, 90) and (10.5, 50)
outside.
 down/up at (0, 90): no hit ⇒ not pressed, no click ⇒ idle, arm 90.
 down at (0, 50) (pressed), up at (0, 90): the up does not hit ⇒ no click,
   pressed cleared ⇒ idle.
 up at (0, 50) alone: not pressed ⇒ nothing ⇒ idle.
 down at (0, 50), move to (10.5, 50), up at (0, 50): pressed by the down,
   the move changes nothing for click, the up hits ⇒ click ⇒ fireTrigger
   at step 3; step 5 takes idle → waving (mix 0.2) ⇒ as Part C #1: arm
   rotation lerpAngle(90, 99, 0.5) = 94.5 one 0.1 s step later."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from machlib import *
doc = part_c()
script = ('machine main\nadvance 0\n'
          'pointer down 0 90\npointer up 0 90\nadvance 0.1\nsample\n'
          'pointer down 0 50\npointer up 0 90\nadvance 0.1\nsample\n'
          'pointer up 0 50\nadvance 0.1\nsample\n'
          'pointer down 0 50\npointer move 10.5 50\npointer up 0 50\nadvance 0.1\nsample\n')
idle = {'states': ['idle'], 'bones': {'arm': arm_matrix(90)}}
lines = [dict(idle, time=0.1), dict(idle, time=0.2), dict(idle, time=0.3),
         {'time': 0.4, 'states': ['waving'], 'bones': {'arm': arm_matrix(94.5)}}]
write_case(here(__file__), doc, script, lines)
