"""sequence-modes: the four §8.6 index rules on 3 frames at counter 4
(clock 0.4, fps 10 ⇒ floor(4 + 1e-6) = 4) and, with offset 1, 5:
loop ((4 % 3) + 3) % 3 = 1; once 4 ≥ 3 ⇒ hidden (no item); holdLast
clamp(4, 0, 2) = 2; pingPong P = 2·3 − 2 = 4, k = 0 ⇒ 0; pingPong with
offset 1: k = 5 % 4 = 1 ⇒ 1. Only the textures and the order are
checked (the draw list, in slot order, has no item for 'once')."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
bones = [bone('root')]
modes = [('loop', 0), ('once', 0), ('holdLast', 0), ('pingPong', 0), ('pingPong', 1)]
slots, attachments = [], {}
for i, (mode, offset) in enumerate(modes):
    slots.append({'id': f's{i}', 'name': f's{i}', 'bone': 'root', 'attachment': 'seq'})
    attachments[f's{i}'] = {'seq': {'type': 'sequence', 'width': 4, 'height': 4, 'fps': 10, 'mode': mode,
                                    'offset': offset,
                                    'frames': [{'image': 'f0'}, {'image': 'f1'}, {'image': 'f2'}]}}
skins = [{'id': 'default', 'name': 'default', 'attachments': attachments}]
images = [{'id': f'f{i}', 'name': f'f{i}', 'width': 8, 'height': 8, 'src': None} for i in range(3)]
doc = document(bones, slots=slots, skins=skins, images=images)
draw = []
for i, (mode, offset) in enumerate(modes):
    k = sequence_index(math.floor(0.4 * 10 + 1e-6) + offset, 3, mode)
    if k is not None:
        draw.append({'slot': f's{i}', 'texture': f'f{k}'})
assert [d['texture'] for d in draw] == ['f1', 'f2', 'f0', 'f1']
write_case(here(__file__), doc, 'advance 0.4\nsample\n', [{'draw': draw}])
