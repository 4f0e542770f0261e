"""physics-wind-mass: §7.4 wind 20 (usX = 1) and mass 2 on a resting bone:
k = min(strength/mass, 1/h²) = 60/2 = 30, the particles drift with the wind
(vx += (… + wind)·h) until the spring balances it. x = 1, y = 1,
rotate 0.5, mix 0.8 (a document value, live, setup): the bone moves by
(S(origin) − o)·0.8 and turns by half of the tip's turn times 0.8.
Three samples over 12 steps of 1/60 (advance 0.0666… in 4)."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
bones = [bone('root', x=5, y=5), bone('flag', parent='root', rotation=90, length=12)]
c = {'id': 'wave', 'name': 'wave', 'bone': 'flag', 'x': 1, 'y': 1, 'rotate': 0.5, 'wind': 20,
     'mass': 2, 'strength': 60, 'mix': 0.8}
doc = document(bones)
doc['skeleton']['physics'] = [c]
data = physics_data(c)
W = worlds(bones)['flag']
state = PhysicsState()
physics(state, W, 12, data, 0.0)
dt = (4 / 60) / 4
time = 0.0
lines = []
for i in range(12):
    w = physics(state, W, 12, data, dt)
    time += dt
    if i % 4 == 3:
        lines.append({'time': number(time), 'bones': {'flag': matrix(w)}})
write_case(here(__file__), doc, ('advance %r in 4\nsample\n' % (4 / 60)) * 3, lines)
