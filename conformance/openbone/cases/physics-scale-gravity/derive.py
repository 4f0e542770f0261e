"""physics-scale-gravity: §7.4 with rotate 1 and scaleX 1 on a resting bone
(length 10 pointing right) under gravity 300 and referenceScale 50: the
unit scale usY = 50/100 = 0.5, so the particles accelerate down by
300·0.5 (vy −= gravity·h each step, then the spring pulls back). The tip
falls further than the origin's pull, so the bone turns down and
stretches: s = 1 + (d/rest − 1)·scaleX·mix, rest = 10. x = y = 0 keeps
its position. Ten steps (advance 1/6 in 10), sampled after 5 and 10."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
bones = [bone('root'), bone('tail', parent='root', length=10)]
c = {'id': 'droop', 'name': 'droop', 'bone': 'tail', 'rotate': 1, 'scaleX': 1, 'gravity': 300,
     'strength': 40}
doc = document(bones)
doc['skeleton']['referenceScale'] = 50
doc['skeleton']['physics'] = [c]
data = physics_data(c)
state = PhysicsState()
physics(state, IDENTITY, 10, data, 0.0, us=(0.5, 0.5))
dt = (1 / 6) / 10
time = 0.0
lines = []
for i in range(10):
    w = physics(state, IDENTITY, 10, data, dt, us=(0.5, 0.5))
    time += dt
    if i in (4, 9):
        lines.append({'time': number(time), 'bones': {'tail': matrix(w)}})
write_case(here(__file__), doc, 'advance 0.08333333333333333 in 5\nsample\nadvance 0.08333333333333333 in 5\nsample\n', lines)
