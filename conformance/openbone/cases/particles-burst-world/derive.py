"""particles-burst-world: a world-space point emitter (§8.8) on a rotated,
translated bone; rate 0, one burst of 3 at time 0, gravity and drag, the
circle look (texture "@openbone/particle-dot"). The emitter's RNG is
mulberry32 seeded with (seed 7 XOR fnv1a("fx")) >>> 0; the expected
vertices and per-vertex colours come from particlelib.py, a Python
transcription of §8.8 (spawn's RNG calls in order: between(−half, half)
for the direction, range(speed), range(lifetime), then the fixed ranges
that consume nothing).

Script: advance 0.05 ⇒ acc = 0.05, n = floor(0.05·60 + 1e-6) = 3 steps,
frac = clamp(0.05 − 3/60, 0, 1/60). The first step spawns the burst
(cycle 0 → 1/60 contains time 0); steps 2 and 3 only move the particles.
Then advance 0.01 (acc = frac + 0.01 < 1/60: no step, frac = 0.01…): the
geometry moves each particle by vel·frac and ages it by frac. The slot
colour tints: alpha 0.5 halves every vertex alpha; the item colour is the
slot colour (§8.8 Item)."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
from particlelib import *

bones = [bone('root'), bone('b', parent='root', x=10, y=5, rotation=30)]
att = {'type': 'particles', 'seed': 7, 'rate': 0, 'bursts': [{'time': 0, 'count': 3}],
       'speed': [40, 80], 'lifetime': [0.5, 1.5], 'startSize': [6, 6], 'endSize': [2, 2],
       'gravity': 30, 'drag': 0.5, 'rotation': 0, 'angle': 60,
       'gradient': [{'t': 0, 'color': '#ff0000ff'}, {'t': 1, 'color': '#0000ff80'}]}
slots = [{'id': 's', 'name': 'fx', 'bone': 'b', 'attachment': 'sparks', 'color': '#ffffff80'}]
skins = [{'id': 'default', 'name': 'default', 'attachments': {'s': {'sparks': att}}}]
doc = document(bones, slots=slots, skins=skins)
W = worlds(bones)['b']
emitter = Emitter(att, 'fx')
clock = Clock()
tint = [1, 1, 1, 128 / 255]
lines = []
time = 0.0


def sample(i):
    vertices, colors, indices = emitter.geometry(clock.frac, W, tint)
    lines.append({'time': number(time), 'draw': [{
        'slot': 'fx', 'attachment': 'sparks', 'type': 'particles', 'blend': 'normal',
        'texture': '@openbone/particle-dot', 'vertices': numbers(vertices),
        'uvs': [0, 0, 1, 0, 1, 1, 0, 1] * (len(vertices) // 8), 'indices': indices,
        'color': '#ffffff80', 'dark': None, 'clip': None,
        'colors': [colour(c) for c in colors]}]})


for dt in (0.05, 0.01):
    time += dt
    for _ in range(clock.steps(dt)):
        emitter.step(STEP, W)
    sample(0)
assert len(emitter.particles) == 3
write_case(here(__file__), doc, 'sample\nadvance 0.05\nsample\nadvance 0.01\nsample\n',
           [{'time': 0, 'draw': []}] + lines)
