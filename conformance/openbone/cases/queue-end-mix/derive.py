"""queue-end-mix: addAnimation with delay 0 and mix 0.5 behind a
non-looping entry of duration 1 starts when its time ≥ d (§6).
By hand:
1. advance 0.5: a at 0.5 ⇒ x = 5.
2. advance 0.5: a.time = 1 ≥ 1 ⇒ b replaces it (mixingFrom a, mixDuration
   0.5, mixTime 0). apply: mix = 0 ⇒ a at alpha 1, local time 1 ⇒ x = 10; b at
   alpha 0 is skipped ⇒ 10.
3. advance 0.25: b.time 0.25, mixTime 0.25 ⇒ mix 0.5. a (clamped at 1) x = 10
   at alpha 1 (b keys x); b at 0.25 is 125, lerped at 0.5: 10 + 115·0.5 = 67.5.
4. advance 0.25: mixTime 0.5 ≥ 0.5 ⇒ a dropped; b at 0.5: 150."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
A = animation('a', [timeline('bone', 'root', 'x', [key(0, 0), key(1, 10)])])
B = animation('b', [timeline('bone', 'root', 'x', [key(0, 100), key(1, 200)])])
doc = document([bone('root')], animations=[A, B])
script = ('setAnimation 0 a false\naddAnimation 0 b false 0 0.5\nadvance 0.5\nsample\n'
          'advance 0.5\nsample\nadvance 0.25\nsample\nadvance 0.25\nsample\n')
lines = [{'bones': {'root': {'x': x}}} for x in (5, 10, 67.5, 150)]
write_case(here(__file__), doc, script, lines)
