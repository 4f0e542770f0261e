"""shape-polygon-many: a regular 100-gon as a `polygon` shape. Rings of more
than 80 points take earcut's z-order path (the ear test visits only nodes
whose z-order code lies between the codes of the triangle's box corners).
For a strictly convex ring no node ever lies in an ear's triangle, so the
path cannot change the result: it is the convex ear walk by hand (first ear
the last node (98, 99, 0), then two nodes on after each ear), as in
shape-ellipse. Points: (50·cos(2πi/100), 50·sin(2πi/100)),
counter-clockwise; the slot bone is the identity."""
import math, os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
bones = [bone('root')]
pts = []
for i in range(100):
    pts += [50 * math.cos(2 * math.pi * i / 100), 50 * math.sin(2 * math.pi * i / 100)]
shape = {'type': 'shape', 'kind': 'polygon', 'points': pts}
slots = [{'id': 's', 'name': 'disc', 'bone': 'root', 'attachment': 'p'}]
skins = [{'id': 'default', 'name': 'default', 'attachments': {'s': {'p': shape}}}]
doc = document(bones, slots, skins)
indices = convex_earcut(100)
assert indices[:6] == [98, 99, 0, 0, 1, 2] and len(indices) == 3 * 98
lines = [{'draw': [{'slot': 'disc', 'type': 'shape', 'indices': indices,
                    'vertices': numbers([f32(v) for v in pts])}]}]
write_case(here(__file__), doc, 'sample\n', lines)
