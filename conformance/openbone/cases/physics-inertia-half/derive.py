"""physics-inertia-half: §7.4 with inertia 0.5: when the bone moves by
Δ, both particles (and their previous positions) are shifted by Δ·carry,
carry = 1 − clamp(0.5, 0, 1) = 0.5, before stepping. Strength 200,
damping 4, x = 1, y = 0.5. The steps are a quarter of h apart
(advance 1/240 four times per sample), so the interpolation factor
f = clamp(time/h − steps, 0, 1) takes the values 0.25, 0.5, 0.75, 0
(time summed as the runtime sums it, §12)."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
bones = [bone('root'), bone('tail', parent='root', x=2, length=10)]
c = {'id': 'spring', 'name': 'spring', 'bone': 'tail', 'x': 1, 'y': 0.5, 'inertia': 0.5,
     'strength': 200, 'damping': 4}
anim = animation('move', [timeline('bone', 'tail', 'x', [key(0, 12)]),
                          timeline('bone', 'tail', 'y', [key(0, -6)])])
doc = document(bones, animations=[anim])
doc['skeleton']['physics'] = [c]
data = physics_data(c)
state = PhysicsState()
physics(state, (1.0, 0.0, 0.0, 1.0, 2.0, 0.0), 10, data, 0.0)
posed = (1.0, 0.0, 0.0, 1.0, 12.0, -6.0)
dt = 1 / 240
time = 0.0
lines = []
script = 'setAnimation 0 move false\n'
for _ in range(6):
    w = physics(state, posed, 10, data, dt)
    time += dt
    lines.append({'time': number(time), 'bones': {'tail': matrix(w)}})
    script += 'advance %r\nsample\n' % dt
write_case(here(__file__), doc, script, lines)
