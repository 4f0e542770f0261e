"""sequence-missing-input: §8.6 "hidden or missing image ⇒ none" and the
input counter. Slot 'a': frames [f0, null image, f2] at counter 1 (clock
0.1, fps 10) ⇒ frame 1 has no image ⇒ no item. Slot 'b': `input` 'pick'
(no machine runs: the input's first default, 2.6) ⇒ floor(2.6 + 1e-6) =
2, offset 0, 3 frames loop ⇒ f2 whatever the clock. So the draw list
holds one item, b's, with texture f2."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
bones = [bone('root')]
seq = lambda **e: dict({'type': 'sequence', 'width': 4, 'height': 4, 'fps': 10, 'mode': 'loop',
                        'frames': [{'image': 'f0'}, {'image': None}, {'image': 'f2'}]}, **e)
slots = [{'id': 'a', 'name': 'a', 'bone': 'root', 'attachment': 'seq'},
         {'id': 'b', 'name': 'b', 'bone': 'root', 'attachment': 'seq'}]
skins = [{'id': 'default', 'name': 'default', 'attachments': {'a': {'seq': seq()}, 'b': {'seq': seq(input='pick')}}}]
images = [{'id': f'f{i}', 'name': f'f{i}', 'width': 8, 'height': 8, 'src': None} for i in (0, 2)]
doc = document(bones, slots=slots, skins=skins, images=images)
doc['stateMachines'] = [{'id': 'm', 'name': 'm', 'inputs': [{'id': 'pick', 'name': 'pick', 'type': 'number',
                                                             'default': 2.6}], 'layers': []}]
assert sequence_index(math.floor(0.1 * 10 + 1e-6), 3, 'loop') == 1
k = sequence_index(math.floor(2.6 + 1e-6), 3, 'loop')
write_case(here(__file__), doc, 'advance 0.1\nsample\n', [{'draw': [{'slot': 'b', 'texture': f'f{k}'}]}])
