"""mesh-weighted: a weighted mesh (§8.3): vertex = Σ weight · bone.world ·
(inf.x, inf.y). Two bones: a at (0, 0), b at (10, 0) rotated 90°; vertex 1
is half on each. The `vertices` list is only the editor's setup copy."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
bones = [bone('a'), bone('b', parent='a', x=10, rotation=90)]
weights = [[{'bone': 'a', 'x': 0, 'y': 0, 'weight': 1}],
           [{'bone': 'a', 'x': 10, 'y': 5, 'weight': 0.5}, {'bone': 'b', 'x': 0, 'y': -5, 'weight': 0.5}],
           [{'bone': 'b', 'x': 4, 'y': 0, 'weight': 1}]]
mesh = {'type': 'mesh', 'image': None, 'vertices': [0, 0, 10, 5, 10, 4], 'weights': weights,
        'uvs': [0, 0, 1, 0, 1, 1], 'triangles': [0, 1, 2], 'hull': 3}
slots = [{'id': 's', 'name': 'skin', 'bone': 'a', 'attachment': 'm'}]
skins = [{'id': 'default', 'name': 'default', 'attachments': {'s': {'m': mesh}}}]
doc = document(bones, slots, skins)
w = worlds(bones)
out = []
for v in weights:
    x = y = 0.0
    for inf in v:
        px, py = apply(w[inf['bone']], inf['x'], inf['y'])
        x += inf['weight'] * px
        y += inf['weight'] * py
    out += [f32(x), f32(y)]
# By hand: b.world = [0 −1; 1 0 | 10, 0]; vertex 1 = 0.5·(10, 5) + 0.5·(10 + 5, 0)
# = (12.5, 2.5); vertex 2 = (10, 4).
assert numbers(out) == [0, 0, 12.5, 2.5, 10, 4]
lines = [{'draw': [{'slot': 'skin', 'type': 'mesh', 'texture': None, 'vertices': numbers(out)}]}]
write_case(here(__file__), doc, 'sample\n', lines)
