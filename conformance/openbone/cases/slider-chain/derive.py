"""slider-chain: sliders run in array order on the local pose as left by
animations and earlier sliders (§7.5). Slider 1 maps the knob's rotation
(keyed 45; from 0 to 90 ⇒ f = 0.5) to 'slide' (mid x 0 → 16 over 1 s)
⇒ mid x = 8. Slider 2 reads mid's x (8; from 0 to 20 ⇒ f = 0.4) and
maps it to 'bend' (arm rotation 0 → 90) ⇒ t = 0.4 ⇒ 36. The arm is a
child of mid, so its world is mid's world (x 8) times its local."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
bones = [bone('root'), bone('knob', parent='root'), bone('mid', parent='root'),
         bone('arm', parent='mid', x=3, length=10)]
slide = animation('slide', [timeline('bone', 'mid', 'x', [key(0, 0), key(1, 16)])])
bend = animation('bend', [timeline('bone', 'arm', 'rotation', [key(0, 0), key(1, 90)])])
turn = animation('turn', [timeline('bone', 'knob', 'rotation', [key(0, 45)])])
doc = document(bones, animations=[slide, bend, turn])
doc['skeleton']['sliders'] = [
    {'id': 's1', 'name': 's1', 'animation': 'slide', 'bone': 'knob', 'from': 0, 'to': 90},
    {'id': 's2', 'name': 's2', 'animation': 'bend', 'bone': 'mid', 'property': 'x', 'from': 0, 'to': 20}]
mid = bone_world(IDENTITY, pose(x=8))
arm = bone_world(mid, pose(x=3, rotation=36))
lines = [{'time': 0.1, 'bones': {'mid': matrix(mid), 'arm': matrix(arm)}}]
write_case(here(__file__), doc, 'setAnimation 0 turn false\nadvance 0.1\nsample\n', lines)
