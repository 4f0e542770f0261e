"""shape-rounded-rect: a `rect` with radius (§8.5): r = min(radius, hw, hh)
= 4; four arcs of seg = max(2, round(32/4)) = 8 steps (9 points each),
centred at (hw−r, −hh+r) from −90°, (hw−r, hh−r) from 0°, (−hw+r, hh−r)
from 90°, (−hw+r, −hh+r) from 180°, point i at start + 90·i/8: 36 points,
strictly convex and counter-clockwise, so the indices follow the convex
ear walk (first ear (34, 35, 0), see shape-ellipse). Slot colour
#80808080 × fill #ffffffff = #80808080. The shape's own x, y = (−2, 3)."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
bones = [bone('root', x=5, scaleX=2)]
shape = {'type': 'shape', 'kind': 'rect', 'width': 30, 'height': 16, 'radius': 4, 'x': -2, 'y': 3}
slots = [{'id': 's', 'name': 'button', 'bone': 'root', 'attachment': 'r', 'color': '#80808080'}]
skins = [{'id': 'default', 'name': 'default', 'attachments': {'s': {'r': shape}}}]
doc = document(bones, slots, skins)
outline = shape_outline(shape)
assert len(outline) == 72
# by hand: the first point is the bottom of the first arc, (hw − r, −hh) + (x, y)
assert abs(outline[0] - (15 - 4 - 2)) < 1e-12 and abs(outline[1] - (-8 + 3)) < 1e-12
indices = convex_earcut(36)
assert earcut(outline) == indices
W = worlds(bones)['root']
lines = [{'draw': [{'slot': 'button', 'type': 'shape', 'vertices': numbers(world_points(outline, W)),
                    'indices': indices, 'color': '#80808080'}]}]
write_case(here(__file__), doc, 'sample\n', lines)
