"""curve-linear: bone x keyed 0 → 10 over 1 s, linear (§4.3 linear ⇒ t,
§5 locate). A root bone's world x is its local x (§4.2, P = identity)."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
keys = [key(0, 0, 'linear'), key(1, 10)]
doc = document([bone('root')], animations=[animation('move', [timeline('bone', 'root', 'x', keys)])])
# t = 0.25: f = 0.25, value = 0 + (10 − 0)·0.25 = 2.5 (by hand); 0.75 ⇒ 7.5;
# 1.5 (not looping) clamps to the last key: 10.
lines = []
for total, x in ((0.25, 2.5), (0.75, 7.5), (1.5, 10)):
    assert abs(sample(keys, total) - x) < 1e-12
    lines.append({'time': total, 'bones': {'root': {'x': x, 'y': 0, 'a': 1, 'b': 0, 'c': 0, 'd': 1}}})
write_case(here(__file__), doc, 'setAnimation 0 move false\nadvance 0.25\nsample\nadvance 0.5\nsample\nadvance 0.75\nsample\n', lines)
