"""physics-fps-30: §7.4 with fps 30 (h = 1/30) stepped at 1/60: every other
advance makes a step, and in between the bone sits halfway between the
particle's previous and current position (f = time/h − steps = 0.5).
x = 1, y = 1 towards a keyed (−8, 4); inertia 0 (carry 1: a moving bone
would carry the particles, here the move happens once, at the first
advance, and is carried whole, so the particles start at the target and
only the velocity-free rest remains — the bone must stay exactly at
(−8, 4)). A second physics constraint on another bone has inertia 1 and
does spring. Six samples."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
bones = [bone('root'), bone('a', parent='root', length=10), bone('b', parent='root', length=10)]
ca = {'id': 'pa', 'name': 'pa', 'bone': 'a', 'x': 1, 'y': 1, 'inertia': 0, 'fps': 30}
cb = {'id': 'pb', 'name': 'pb', 'bone': 'b', 'x': 1, 'y': 1, 'fps': 30}
anim = animation('go', [timeline('bone', 'a', 'x', [key(0, -8)]), timeline('bone', 'a', 'y', [key(0, 4)]),
                        timeline('bone', 'b', 'x', [key(0, -8)]), timeline('bone', 'b', 'y', [key(0, 4)])])
doc = document(bones, animations=[anim])
doc['skeleton']['physics'] = [ca, cb]
da, db = physics_data(ca), physics_data(cb)
sa, sb = PhysicsState(), PhysicsState()
physics(sa, IDENTITY, 10, da, 0.0)
physics(sb, IDENTITY, 10, db, 0.0)
posed = (1.0, 0.0, 0.0, 1.0, -8.0, 4.0)
dt = 1 / 60
time = 0.0
lines = []
script = 'setAnimation 0 go false\n'
for _ in range(6):
    wa = physics(sa, posed, 10, da, dt)
    wb = physics(sb, posed, 10, db, dt)
    time += dt
    lines.append({'time': number(time), 'bones': {'a': matrix(wa), 'b': matrix(wb)}})
    script += 'advance %r\nsample\n' % dt
assert all(l['bones']['a']['x'] == -8 for l in lines)
write_case(here(__file__), doc, script, lines)
