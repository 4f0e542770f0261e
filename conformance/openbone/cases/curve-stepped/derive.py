"""curve-stepped: bone y keyed 3 (stepped) → 9 at 1 s → 4 at 2 s (linear).
§5: a stepped left key holds its value over the whole span."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
keys = [key(0, 3, 'stepped'), key(1, 9), key(2, 4)]
doc = document([bone('root')], animations=[animation('hop', [timeline('bone', 'root', 'y', keys)])])
# By hand: 0.5 ⇒ 3 (held), 0.999 ⇒ 3, 1.0 ⇒ 9 (time ≥ key 1: a = key 1),
# 1.5 ⇒ 9 + (4 − 9)·0.5 = 6.5.
expect = [(0.5, 3), (0.999, 3), (1.0, 9), (1.5, 6.5)]
script = 'setAnimation 0 hop false\n'
lines, total = [], 0.0
for t, y in expect:
    script += 'advance %r\nsample\n' % (t - total)
    total += t - total
    lines.append({'bones': {'root': {'x': 0, 'y': y}}})
write_case(here(__file__), doc, script, lines)
