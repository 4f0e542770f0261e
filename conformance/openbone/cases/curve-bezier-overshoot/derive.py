"""curve-bezier-overshoot: bone x keyed 0 → 100 with [0.4, -0.8, 0.6, 1.8]:
the eased value leaves 0..1 and is not clamped (§4.3 "y may overshoot")."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
curve = [0.4, -0.8, 0.6, 1.8]
keys = [key(0, 0, curve), key(2, 100)]
doc = document([bone('root')], animations=[animation('wobble', [timeline('bone', 'root', 'x', keys)])])
lines, script, total = [], 'setAnimation 0 wobble false\n', 0.0
for t in (0.2, 0.5, 1.0, 1.6):
    script += 'advance %r\nsample\n' % (t - total)
    total += t - total
    x = 100 * eval_curve(curve, total / 2)
    lines.append({'bones': {'root': {'x': number(x), 'y': 0}}})
assert any(l['bones']['root']['x'] > 100 or l['bones']['root']['x'] < 0 for l in lines)
write_case(here(__file__), doc, script, lines)
