"""sequence-loop-clock: a sequence attachment (§8.6) of 3 frames, fps 10,
mode loop, no animation: animationTime is null, so the counter is
floor(clock·fps + 1e-6) + offset. After advance 0.25 the clock is 0.25 ⇒
floor(2.5) = 2 ⇒ frame 2 (image f2); after another 0.1 (0.35 ⇒ 3) loop
wraps to ((3 % 3) + 3) % 3 = 0. The item is a region quad (§8.2) with
type "sequence", the frame's image as texture and uvs [0,0,1,0,1,1,0,1]
(no rect, no trim); the slot bone is rotated 90°."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
bones = [bone('root'), bone('b', parent='root', x=5, rotation=90)]
att = {'type': 'sequence', 'width': 20, 'height': 10, 'fps': 10, 'mode': 'loop',
       'frames': [{'image': 'f0'}, {'image': 'f1'}, {'image': 'f2'}]}
slots = [{'id': 's', 'name': 's', 'bone': 'b', 'attachment': 'run'}]
skins = [{'id': 'default', 'name': 'default', 'attachments': {'s': {'run': att}}}]
images = [{'id': f'f{i}', 'name': f'f{i}', 'width': 32, 'height': 32, 'src': None} for i in range(3)]
doc = document(bones, slots=slots, skins=skins, images=images)
W = worlds(bones)['b']
lines = []
for time, frame in ((0.25, 2), (0.35, 0)):
    counter = math.floor(time * 10 + 1e-6) + 0
    assert sequence_index(counter, 3, 'loop') == frame
    vertices, uvs = sequence_item(att, att['frames'][frame], (32, 32), W)
    lines.append({'time': number(time), 'draw': [{'slot': 's', 'attachment': 'run', 'type': 'sequence',
                                                  'texture': f'f{frame}', 'vertices': numbers(vertices),
                                                  'uvs': numbers(uvs), 'indices': [0, 1, 2, 0, 2, 3]}]})
write_case(here(__file__), doc, 'advance 0.25\nsample\nadvance 0.1\nsample\n', lines)
