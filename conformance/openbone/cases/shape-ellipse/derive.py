"""shape-ellipse: an `ellipse` shape (§8.5): 32 points
(cos(2πi/32)·hw, sin(2πi/32)·hh), i = 0..31, then the slot bone (here
rotated 90°, at (0, 10)). The ring is strictly convex and runs counter-
clockwise, so it is linked forward and every node is an ear when the walk
reaches it: the first ear is the last node (30, 31, 0), then the walk
jumps two nodes on after each ear (1: (0, 1, 2); 3: (2, 3, 4); …; once
around, the survivors 0, 2, 4, … are walked the same way), which
`convex_earcut` spells out; `earcut` (the general walk) gives the same."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
bones = [bone('root', y=10, rotation=90)]
shape = {'type': 'shape', 'kind': 'ellipse', 'width': 40, 'height': 20}
slots = [{'id': 's', 'name': 'eye', 'bone': 'root', 'attachment': 'oval', 'color': '#00ff00ff'}]
skins = [{'id': 'default', 'name': 'default', 'attachments': {'s': {'oval': shape}}}]
doc = document(bones, slots, skins)
outline = shape_outline(shape)
assert len(outline) == 64
indices = convex_earcut(32)
assert indices[:9] == [30, 31, 0, 0, 1, 2, 2, 3, 4] and earcut(outline) == indices
W = worlds(bones)['root']
lines = [{'draw': [{'slot': 'eye', 'type': 'shape', 'texture': None,
                    'vertices': numbers(world_points(outline, W)), 'uvs': [0] * 64,
                    'indices': indices, 'color': '#00ff00ff', 'clip': None}]}]
write_case(here(__file__), doc, 'sample\n', lines)
