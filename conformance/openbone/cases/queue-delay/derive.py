"""queue-delay: addAnimation with delay 0.5 and mix 0 behind a looping
entry (§6). The queued entry starts when the current entry's time ≥ 0.5.
By hand:
1. advance 0.25: a at 0.25 ⇒ x = 2.5.
2. advance 0.25: a.time = 0.5 ≥ 0.5 ⇒ b replaces it with mixingFrom = a,
   mixDuration 0 and b.mixTime 0. apply: mix = min(1, 0 / (0 ‖ 1)) = 0, so
   a is applied at alpha 1 (b keys x: full alpha) at its local time 0.5 ⇒
   x = 5, and b at alpha·0 = 0 is skipped.
3. advance 0.25: b.time 0.25, mixTime 0.25 ≥ 0 ⇒ a dropped; b: 100 + 100·0.25
   = 125."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
A = animation('a', [timeline('bone', 'root', 'x', [key(0, 0), key(1, 10)])])
B = animation('b', [timeline('bone', 'root', 'x', [key(0, 100), key(1, 200)])])
doc = document([bone('root')], animations=[A, B])
script = 'setAnimation 0 a true\naddAnimation 0 b false 0.5 0\nadvance 0.25\nsample\nadvance 0.25\nsample\nadvance 0.25\nsample\n'
lines = [{'bones': {'root': {'x': x}}} for x in (2.5, 5, 125)]
write_case(here(__file__), doc, script, lines)
