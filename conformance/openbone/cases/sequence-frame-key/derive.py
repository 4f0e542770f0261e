"""sequence-frame-key: a sequence timeline (§5.1 "sequence frame": if
alpha ≥ 0.5, slot.sequenceFrames[attachment] = sampleNumber) keys frame
0 → 3 over 1 s (linear) for attachment 'seq' of slot 's'; the keyed
frame wins over the clock (§8.6: counter = floor(k + 1e-6) + offset,
offset 1 here). At 0.5 s: k = 1.5 ⇒ 1 + 1 = 2 ⇒ loop over 4 frames ⇒ 2;
at 1 s: k = 3 ⇒ 4 ⇒ 0. Then a second animation that keys nothing for
the slot replaces the first (mix 0): setToSetupPose clears the keyed
frame, so the clock drives it again: animationTime = that animation's
time 0.25 (animationTime ?? clock) ⇒ floor(0.25·8 + 1e-6) + 1 = 3."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
bones = [bone('root')]
att = {'type': 'sequence', 'width': 4, 'height': 4, 'fps': 8, 'offset': 1, 'mode': 'loop',
       'frames': [{'image': f'f{i}'} for i in range(4)]}
slots = [{'id': 's', 'name': 's', 'bone': 'root', 'attachment': 'seq'}]
skins = [{'id': 'default', 'name': 'default', 'attachments': {'s': {'seq': att}}}]
images = [{'id': f'f{i}', 'name': f'f{i}', 'width': 8, 'height': 8, 'src': None} for i in range(4)]
flip = animation('flip', [timeline('sequence', 's', 'frame', [key(0, 0), key(1, 3)], attachment='seq')])
idle = animation('idle', [timeline('bone', 'root', 'x', [key(0, 0)])], duration=2)
doc = document(bones, slots=slots, skins=skins, images=images, animations=[flip, idle])
lines = []
for t in (0.5, 1.0):
    k = sample([{'time': 0, 'value': 0}, {'time': 1, 'value': 3}], t)
    idx = sequence_index(math.floor(k + 1e-6) + 1, 4, 'loop')
    lines.append({'time': number(t), 'draw': [{'texture': f'f{idx}'}]})
idx = sequence_index(math.floor(0.25 * 8 + 1e-6) + 1, 4, 'loop')
lines.append({'time': 1.25, 'draw': [{'texture': f'f{idx}'}]})
assert [l['draw'][0]['texture'] for l in lines] == ['f2', 'f0', 'f3']
write_case(here(__file__), doc,
           'setAnimation 0 flip false\nadvance 0.5\nsample\nadvance 0.5\nsample\n'
           'setAnimation 0 idle false 0\nadvance 0.25\nsample\n', lines)
