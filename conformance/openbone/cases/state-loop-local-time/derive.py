"""state-loop-local-time: a looping entry samples at ((total % d) + d) % d
(§5.1 localTime). x keyed 0 → 10 over d = 1: total 1.25 ⇒ local 0.25 ⇒
2.5; total 2.75 ⇒ 0.75 ⇒ 7.5."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
A = animation('move', [timeline('bone', 'root', 'x', [key(0, 0), key(1, 10)])])
doc = document([bone('root')], animations=[A])
script = 'setAnimation 0 move true\nadvance 1.25\nsample\nadvance 1.5\nsample\n'
lines = [{'bones': {'root': {'x': 2.5}}}, {'bones': {'root': {'x': 7.5}}}]
write_case(here(__file__), doc, script, lines)
