"""physics-drop-excess: §7.4 "if due − steps > 8: steps = due − 8": one
advance of 0.5 s is 30 steps due at 60 fps, but only the last 8 run (the
rest are dropped), so the origin has made 8 steps towards the keyed
position (20, 0), not 30. Then a second advance of 0.1 (6 steps, fewer
than 8, all run). x = 1, strength 30, damping 0.5."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
bones = [bone('root'), bone('tail', parent='root', length=10)]
c = {'id': 'lag', 'name': 'lag', 'bone': 'tail', 'x': 1, 'strength': 30, 'damping': 0.5}
anim = animation('jump', [timeline('bone', 'tail', 'x', [key(0, 20)])])
doc = document(bones, animations=[anim])
doc['skeleton']['physics'] = [c]
data = physics_data(c)
state = PhysicsState()
physics(state, IDENTITY, 10, data, 0.0)
posed = (1.0, 0.0, 0.0, 1.0, 20.0, 0.0)
lines = []
w = physics(state, posed, 10, data, 0.5)
assert state.steps == 30
lines.append({'time': 0.5, 'bones': {'tail': matrix(w)}})
w = physics(state, posed, 10, data, 0.1)
lines.append({'time': number(0.5 + 0.1), 'bones': {'tail': matrix(w)}})
write_case(here(__file__), doc, 'setAnimation 0 jump false\nadvance 0.5\nsample\nadvance 0.1\nsample\n', lines)
