"""shape-rect: a `rect` shape without radius (§8.5): the outline
(−hw,−hh) (hw,−hh) (hw,hh) (−hw,hh), rotated by `rotation`, offset by
(x, y), then through the slot bone (§8.3), float32. §8.4: indices = earcut
of the outline; colour = slot colour × fill; texture null (no atlas) and
zero uvs; type "shape".
By hand: width 20, height 10 ⇒ hw 10, hh 5; rotation 90 maps (x, y) to
(−y, x): (5,−10) (5,10) (−5,10) (−5,−10); plus (x, y) = (1, 2):
(6,−8) (6,12) (−4,12) (−4,−8); the bone is at (3, 4) unrotated:
(9,−4) (9,16) (−1,16) (−1,−4).
earcut: the ring (−10,−5) (10,−5) (10,5) (−10,5) turns counter-clockwise
(y up), signed area Σ (x[j] − x[i])(y[i] + y[j]) = 400 > 0, so it is
linked forward and the walk starts at the last node, 3: ear (2, 3, 0);
then two nodes on, node 1: ear (0, 1, 2) ⇒ [2, 3, 0, 0, 1, 2].
Colour: white × #ff000080 = #ff000080."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
bones = [bone('root', x=3, y=4)]
shape = {'type': 'shape', 'kind': 'rect', 'x': 1, 'y': 2, 'rotation': 90, 'width': 20, 'height': 10,
         'fill': '#ff000080'}
slots = [{'id': 's', 'name': 'panel', 'bone': 'root', 'attachment': 'box'}]
skins = [{'id': 'default', 'name': 'default', 'attachments': {'s': {'box': shape}}}]
doc = document(bones, slots, skins)
W = (1, 0, 0, 1, 3, 4)
vertices = world_points(shape_outline(shape), W)
assert numbers(vertices) == [9, -4, 9, 16, -1, 16, -1, -4]
assert earcut(shape_outline(shape)) == [2, 3, 0, 0, 1, 2]
lines = [{'draw': [{'slot': 'panel', 'attachment': 'box', 'type': 'shape', 'blend': 'normal',
                    'texture': None, 'vertices': [9, -4, 9, 16, -1, 16, -1, -4],
                    'uvs': [0] * 8, 'indices': [2, 3, 0, 0, 1, 2], 'color': '#ff000080',
                    'dark': None, 'clip': None}], 'masks': []}]
write_case(here(__file__), doc, 'sample\n', lines)
