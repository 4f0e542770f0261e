"""curve-bezier: bone rotation keyed 0 → 90 over 1 s with the Bezier
[0.25, 0.1, 0.25, 1] on the first key (§4.3: bisection, 24 steps, first
probe s = t; y not clamped)."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
curve = [0.25, 0.1, 0.25, 1]
keys = [key(0, 0, curve), key(1, 90)]
doc = document([bone('root')], animations=[animation('turn', [timeline('bone', 'root', 'rotation', keys)])])
lines = []
script = 'setAnimation 0 turn false\n'
total = 0.0
for t in (0.2, 0.5, 0.8):
    script += 'advance %r\nsample\n' % (t - total)
    total += t - total
    r = 90 * eval_curve(curve, total)  # lerp(0, 90, evalCurve(curve, f)), f = t / 1
    m = bone_world(IDENTITY, pose(rotation=r))
    lines.append({'bones': {'root': matrix(m)}})
write_case(here(__file__), doc, script, lines)
