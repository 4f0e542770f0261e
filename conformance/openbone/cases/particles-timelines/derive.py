"""particles-timelines: §5.1 particles timelines on a slot (timeline id = the
slot id). `emitting` is stepped (applied at alpha ≥ 0.5): false from 0,
true from 0.1; `rate` is interpolated and lerped over "current rate ‖
attachment rate": particleValues are cleared by setToSetupPose every frame
(§3.1), so the base is the attachment's rate 10 and at alpha 1 the value is
10 + (v − 10)·1. Keys (0, 60) → (0.24, 180) linear. Each frame the whole
realtime clock (§8.8) runs with that frame's values: advances of 0.06 give
animation times 0.06 (off), 0.12, 0.18, 0.24 (on; the first "on" step resets
cycle and acc because wasEmitting was false). Values from particlelib.py."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
from particlelib import *
bones = [bone('root')]
att = {'type': 'particles', 'seed': 11, 'rate': 10, 'speed': [20, 40], 'lifetime': [0.15, 0.25]}
slots = [{'id': 's', 'name': 'fx', 'bone': 'root', 'attachment': 'fx'}]
skins = [{'id': 'default', 'name': 'default', 'attachments': {'s': {'fx': att}}}]
anim = animation('a', [timeline('particles', 's', 'emitting', [key(0, False), key(0.1, True)]),
                       timeline('particles', 's', 'rate', [key(0, 60), key(0.24, 180)])])
doc = document(bones, slots=slots, skins=skins, animations=[anim])
W = worlds(bones)['root']
emitter, clock = Emitter(att, 'fx'), Clock()
lines, time, script = [], 0.0, 'setAnimation 0 a false\n'
for dt in (0.06, 0.06, 0.06, 0.06):
    time += dt
    script += 'advance 0.06\nsample\n'
    t = min(time, 0.24)
    v = 60 + (180 - 60) * ((t - 0) / (0.24 - 0))
    values = {'emitting': time >= 0.1, 'rate': 10 + (v - 10) * 1}
    for _ in range(clock.steps(dt)):
        emitter.step(STEP, W, values)
    vertices, colors, indices = emitter.geometry(clock.frac, W, [1, 1, 1, 1])
    draw = []
    if vertices:
        draw = [{'slot': 'fx', 'type': 'particles', 'vertices': numbers(vertices),
                 'indices': indices, 'colors': [colour(c) for c in colors]}]
    lines.append({'time': number(time), 'draw': draw})
assert lines[0]['draw'] == [] and lines[-1]['draw'], lines
write_case(here(__file__), doc, script, lines)
