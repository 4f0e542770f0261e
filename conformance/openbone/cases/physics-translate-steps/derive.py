"""physics-translate-steps: a physics constraint (§7.4) moving the bone's
position only (x = y = 1, rotate = scaleX = 0) with the Part B defaults
inertia 1, strength 100, damping 1, mass 1, fps 60. An animation keys the
bone to (10, 5) at once; with inertia 1 the particles are not carried
along (carry = 1 − 1 = 0), so the origin particle springs from the
constructor's rest position (0, 0) towards (10, 5): six steps of
h = 1/60 (two `advance 0.05 in 3`), k = 100, decay = exp(−h).
The bone's world position follows the interpolated origin
(w.pos = o + (S(origin) − o)·1); the linear part is unchanged.
oblib.physics is the §7.4 pseudo-code line by line."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
bones = [bone('root'), bone('tail', parent='root', length=10)]
c = {'id': 'spring', 'name': 'spring', 'bone': 'tail', 'x': 1, 'y': 1}
anim = animation('move', [timeline('bone', 'tail', 'x', [key(0, 10)]),
                          timeline('bone', 'tail', 'y', [key(0, 5)])])
doc = document(bones, animations=[anim])
doc['skeleton']['physics'] = [c]
data = physics_data(c)
state = PhysicsState()
# constructor: one updateWorldTransform with nothing pending (dt 0)
physics(state, IDENTITY, 10, data, 0.0)
posed = (1.0, 0.0, 0.0, 1.0, 10.0, 5.0)
lines = []
dt = 0.05 / 3
time = 0.0
for _ in range(2):
    for _ in range(3):
        w = physics(state, posed, 10, data, dt)
        time += dt
    lines.append({'time': number(time), 'bones': {'tail': matrix(w)}})
write_case(here(__file__), doc,
           'setAnimation 0 move false\nadvance 0.05 in 3\nsample\nadvance 0.05 in 3\nsample\n', lines)
