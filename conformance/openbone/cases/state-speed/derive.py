"""state-speed: trackEntry speed 2 makes the entry's time advance by dt·2
(§6 update: time += dt·speed). x keyed 0 → 10 over 1 s; after 0.25 s the
entry time is 0.5 ⇒ x = 5; after 0.25 + 0.3 s it is 1.1 ⇒ clamped 10."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
A = animation('move', [timeline('bone', 'root', 'x', [key(0, 0), key(1, 10)])])
doc = document([bone('root')], animations=[A])
script = 'setAnimation 0 move false\ntrackEntry 0 speed 2\nadvance 0.25\nsample\nadvance 0.3\nsample\n'
lines = [{'time': 0.25, 'bones': {'root': {'x': 5}}}, {'time': 0.55, 'bones': {'root': {'x': 10}}}]
write_case(here(__file__), doc, script, lines)
