"""physics-child-subtree: after applyPhysics moves and turns a bone's world
(x = 1, rotate = 1), syncApplied stores the matching local pose and
updateSubtree recomputes its children (§3.2, §7.4): the child 'tip'
(x = 10 along the tail) follows the tail's new world, world = W·local.
The tail is keyed to x = 6 and rotation 20, strength 80, inertia 1.
oblib.local_from_world is syncApplied; the child world is
bone_world(W_tail, tip's local)."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
bones = [bone('root'), bone('tail', parent='root', length=10), bone('tip', parent='tail', x=10, rotation=-15)]
c = {'id': 'flop', 'name': 'flop', 'bone': 'tail', 'x': 1, 'rotate': 1, 'strength': 80}
anim = animation('swing', [timeline('bone', 'tail', 'x', [key(0, 6)]),
                           timeline('bone', 'tail', 'rotation', [key(0, 20)])])
doc = document(bones, animations=[anim])
doc['skeleton']['physics'] = [c]
data = physics_data(c)
state = PhysicsState()
physics(state, IDENTITY, 10, data, 0.0)
posed = bone_world(IDENTITY, pose(x=6, rotation=20))
dt = 1 / 60
time = 0.0
lines = []
script = 'setAnimation 0 swing false\n'
for _ in range(3):
    w = physics(state, posed, 10, data, dt)
    time += dt
    applied = local_from_world(IDENTITY, w, pose(x=6, rotation=20))
    tip = bone_world(bone_world(IDENTITY, applied), local(bones[2]))
    lines.append({'time': number(time), 'bones': {'tail': matrix(w), 'tip': matrix(tip)}})
    script += 'advance %r\nsample\n' % dt
write_case(here(__file__), doc, script, lines)
