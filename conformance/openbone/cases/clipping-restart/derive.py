"""clipping-restart: §8.4 mask bookkeeping.
Draw order: m1 (mask 0, end = slot a), m2 (a mask met while one is active
is ignored), a (clipped by 0, then the mask ends), short (a clipping with 2
points never becomes a mask), m3 (mask 1, end null = never), b, c (both
clipped by 1). The clipping slot itself gets no clip (its mask is its own,
and it draws nothing). masks = [m1, m3] in the order they became active;
m3's square (0,0) (4,0) (4,4) (0,4) is counter-clockwise: earcut
[2, 3, 0, 0, 1, 2] (see shape-rect)."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
bones = [bone('root')]
reg = {'type': 'region', 'image': None, 'width': 2, 'height': 2}
tri = [0, 0, 10, 0, 0, 10]
sq = [0, 0, 4, 0, 4, 4, 0, 4]
atts = {'m1': {'type': 'clipping', 'vertices': tri, 'end': 'a'},
        'm2': {'type': 'clipping', 'vertices': tri, 'end': None},
        'a': reg,
        'short': {'type': 'clipping', 'vertices': [0, 0, 1, 1]},
        'm3': {'type': 'clipping', 'vertices': sq, 'end': None},
        'b': reg, 'c': reg}
slots = [{'id': k, 'name': k, 'bone': 'root', 'attachment': 'x'} for k in atts]
skins = [{'id': 'default', 'name': 'default', 'attachments': {k: {'x': v} for k, v in atts.items()}}]
doc = document(bones, slots, skins)
assert earcut(sq) == [2, 3, 0, 0, 1, 2]
lines = [{'draw': [{'slot': 'a', 'clip': 0}, {'slot': 'b', 'clip': 1}, {'slot': 'c', 'clip': 1}],
          'masks': [{'slot': 'm1', 'attachment': 'x', 'vertices': tri, 'indices': [1, 2, 0]},
                    {'slot': 'm3', 'attachment': 'x', 'vertices': sq, 'indices': [2, 3, 0, 0, 1, 2]}]}]
write_case(here(__file__), doc, 'sample\n', lines)
