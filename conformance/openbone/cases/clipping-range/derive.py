"""clipping-range: §8.4. A clipping attachment draws nothing; with no mask
active and ≥ 3 points it becomes the active mask. After each slot's items,
if a mask is active and it is not this slot's, the slot's items get `clip`;
then if this slot's id is the mask's `end`, the mask ends.
Draw order: clip (mask 0, end = slot b), a, b, c ⇒ a and b carry clip 0, c
none. masks[0]: the world polygon (float32) and earcut of the local
vertices: the triangle (0,0) (10,0) (0,10), counter-clockwise, linked
forward, first ear the last node ⇒ [1, 2, 0]. The bone is at (100, 0),
rotated 90: (x, y) ↦ (100 − y, x) ⇒ (100,0) (100,10) (90,0)."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
bones = [bone('root', x=100, rotation=90)]
reg = {'type': 'region', 'image': None, 'width': 2, 'height': 2}
clip = {'type': 'clipping', 'vertices': [0, 0, 10, 0, 0, 10], 'end': 'sb'}
slots = [{'id': 'sm', 'name': 'clip', 'bone': 'root', 'attachment': 'mask'}] + \
        [{'id': 's' + k, 'name': k, 'bone': 'root', 'attachment': 'r'} for k in 'abc']
skins = [{'id': 'default', 'name': 'default', 'attachments': dict(
    [('sm', {'mask': clip})] + [('s' + k, {'r': reg}) for k in 'abc'])}]
doc = document(bones, slots, skins)
assert earcut(clip['vertices']) == [1, 2, 0]
lines = [{'draw': [{'slot': 'a', 'clip': 0}, {'slot': 'b', 'clip': 0}, {'slot': 'c', 'clip': None}],
          'masks': [{'slot': 'clip', 'attachment': 'mask', 'vertices': [100, 0, 100, 10, 90, 0],
                     'indices': [1, 2, 0]}]}]
write_case(here(__file__), doc, 'sample\n', lines)
