"""mesh-deform: an unweighted mesh on a bone rotated 90° at (5, 0), with a
deform timeline (§5.1 deform: sampleArray, alpha 1 replaces) and its uvs /
triangles from the file (§8.3). World vertex = bone.world·(vx + dx, vy + dy),
stored as float32. At 0.5 the offsets are half of [0, 0, 2, 0, 0, 4]."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
bones = [bone('root', x=5, rotation=90)]
mesh = {'type': 'mesh', 'image': 'tex', 'vertices': [0, 0, 10, 0, 0, 10], 'uvs': [0, 1, 1, 1, 0, 0],
        'triangles': [0, 1, 2], 'hull': 3}
slots = [{'id': 's', 'name': 'skin', 'bone': 'root', 'attachment': 'm'}]
skins = [{'id': 'default', 'name': 'default', 'attachments': {'s': {'m': mesh}}}]
A = animation('bend', [timeline('deform', 's', 'offsets', [key(0, [0, 0, 0, 0, 0, 0]), key(1, [0, 0, 2, 0, 0, 4])], attachment='m')])
doc = document(bones, slots, skins, animations=[A], images=[{'id': 'tex', 'name': 'tex.png', 'width': 4, 'height': 4, 'src': None}])
W = worlds(bones)['root']
def verts(offsets):
    out = []
    for i in range(3):
        x, y = apply(W, mesh['vertices'][2 * i] + offsets[2 * i], mesh['vertices'][2 * i + 1] + offsets[2 * i + 1])
        out += [f32(x), f32(y)]
    return numbers(out)
lines = [{'draw': [{'slot': 'skin', 'attachment': 'm', 'type': 'mesh', 'texture': 'tex', 'vertices': verts([0] * 6),
                    'uvs': [0, 1, 1, 1, 0, 0], 'indices': [0, 1, 2], 'clip': None}]},
         {'draw': [{'vertices': verts([0, 0, 1, 0, 0, 2])}]}]
write_case(here(__file__), doc, 'sample\nsetAnimation 0 bend false\nadvance 0.5\nsample\n', lines)
