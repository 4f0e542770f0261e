"""physics-mix-key: a physics timeline (§5.1 "physics *": values[p] =
lerp(values[p] ‖ 0, v, alpha)) keys mix from 1 to 0 over 0.1 s and
strength to 20: the live mix at total time t is 1 − t/0.1 (linear), and
it scales the position and rotation changes (x = 1, rotate = 1); at mix
0 the constraint returns early but its state still advances (the later
samples, after the key, show the plain keyed pose: x = 3). The sample
times are 1/60, 2/60, … 8/60 (summed)."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
bones = [bone('root'), bone('tail', parent='root', length=10)]
c = {'id': 'wob', 'name': 'wob', 'bone': 'tail', 'x': 1, 'rotate': 1}
anim = animation('fade', [timeline('bone', 'tail', 'x', [key(0, 3)]),
                          timeline('physics', 'wob', 'mix', [key(0, 1), key(0.1, 0)]),
                          timeline('physics', 'wob', 'strength', [key(0, 20)])])
doc = document(bones, animations=[anim])
doc['skeleton']['physics'] = [c]
data = physics_data(c)
state = PhysicsState()
physics(state, IDENTITY, 10, data, 0.0)
posed = (1.0, 0.0, 0.0, 1.0, 3.0, 0.0)
dt = 1 / 60
time = 0.0
lines = []
script = 'setAnimation 0 fade false\n'
for _ in range(8):
    time += dt   # the track time is updated before apply (§3)
    live = dict(data, mix=sample([{'time': 0, 'value': 1}, {'time': 0.1, 'value': 0}], time), strength=20)
    w = physics(state, posed, 10, live, dt)
    lines.append({'time': number(time), 'bones': {'tail': matrix(w)}})
    script += 'advance %r\nsample\n' % dt
write_case(here(__file__), doc, script, lines)
