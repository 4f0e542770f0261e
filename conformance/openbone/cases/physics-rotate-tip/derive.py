"""physics-rotate-tip: §7.4 rotation only (x = y = 0, rotate = 1): the bone
(length 20) is keyed to move up by 8 and turn by 30°; the tip particle
lags (inertia 1, strength 50, damping 2), and the bone's axes turn by
wrap(atan2(S(tip) − w.pos) − atan2(t − o))·rotate·mix. Its position stays
where the animation put it (x = y = 0). Four samples, one per 1/60."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
bones = [bone('root'), bone('tail', parent='root', length=20)]
c = {'id': 'sway', 'name': 'sway', 'bone': 'tail', 'rotate': 1, 'strength': 50, 'damping': 2}
anim = animation('lift', [timeline('bone', 'tail', 'y', [key(0, 8)]),
                          timeline('bone', 'tail', 'rotation', [key(0, 30)])])
doc = document(bones, animations=[anim])
doc['skeleton']['physics'] = [c]
data = physics_data(c)
state = PhysicsState()
physics(state, IDENTITY, 20, data, 0.0)
posed = bone_world(IDENTITY, pose(y=8, rotation=30))
dt = 1 / 60
time = 0.0
lines = []
script = 'setAnimation 0 lift false\n'
for _ in range(4):
    w = physics(state, posed, 20, data, dt)
    time += dt
    lines.append({'time': number(time), 'bones': {'tail': matrix(w)}})
    script += 'advance %r\nsample\n' % dt
write_case(here(__file__), doc, script, lines)
