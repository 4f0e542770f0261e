"""shape-stroke-only: §8.4 skips a shape whose colour alpha
(slot.color × fill) is ≤ 0 unless it has a visible stroke: width > 0 and
stroke alpha × slot alpha > 0.
 a: fill alpha 0, stroke width 2, alpha 1, slot alpha 1 ⇒ drawn (colour
    #ffffff00);
 b: fill alpha 0, stroke width 0 ⇒ skipped;
 c: fill alpha 0, stroke visible, slot alpha 0 ⇒ 1 × 0 = 0 ⇒ skipped;
 d: no stroke, fill alpha 0 ⇒ skipped;
 e: fill #ff0000ff, no stroke ⇒ drawn."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
bones = [bone('root')]
def rect(fill, stroke):
    return {'type': 'shape', 'width': 2, 'height': 2, 'fill': fill, 'stroke': stroke}
atts = {
    'a': rect('#ffffff00', {'color': '#000000ff', 'width': 2}),
    'b': rect('#ffffff00', {'color': '#000000ff', 'width': 0}),
    'c': rect('#ffffff00', {'color': '#000000ff', 'width': 2}),
    'd': rect('#ffffff00', None),
    'e': rect('#ff0000ff', None),
}
slots = [{'id': k, 'name': k, 'bone': 'root', 'attachment': k} for k in atts]
slots[2]['color'] = '#ffffff00'
skins = [{'id': 'default', 'name': 'default', 'attachments': {k: {k: v} for k, v in atts.items()}}]
doc = document(bones, slots, skins)
lines = [{'draw': [{'slot': 'a', 'color': '#ffffff00', 'vertices': [-1, -1, 1, -1, 1, 1, -1, 1]},
                   {'slot': 'e', 'color': '#ff0000ff', 'indices': [2, 3, 0, 0, 1, 2]}]}]
write_case(here(__file__), doc, 'sample\n', lines)
