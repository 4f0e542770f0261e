"""slider-additive: an additive slider (§7.5) with mix 0.5. The track has
posed the arm (rotation 30; setup rotation 10, x 5) and the knob
(rotation 20). The slider saves every bone's local values, resets all
bones to the setup pose, applies 'lift' at alpha 1 (arm rotation 100,
x 9), then per bone value = saved + (cur − setup)·mix:
arm rotation 30 + wrap(100 − 10)·0.5 = 75, x 5 + (9 − 5)·0.5 = 7, the
others unchanged (knob 20: its delta is 0). from = to ⇒ f = 0, t = 0."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
bones = [bone('root'), bone('knob', parent='root'), bone('arm', parent='root', x=5, rotation=10, length=10)]
lift = animation('lift', [timeline('bone', 'arm', 'rotation', [key(0, 100)]),
                          timeline('bone', 'arm', 'x', [key(0, 9)])])
pose_anim = animation('pose', [timeline('bone', 'arm', 'rotation', [key(0, 30)]),
                               timeline('bone', 'knob', 'rotation', [key(0, 20)])])
doc = document(bones, animations=[lift, pose_anim])
doc['skeleton']['sliders'] = [{'id': 'add', 'name': 'add', 'animation': 'lift', 'bone': 'knob',
                               'from': 1, 'to': 1, 'mix': 0.5, 'additive': True}]
lines = [{'time': 0.1, 'bones': {'arm': matrix(bone_world(IDENTITY, pose(x=7, rotation=75))),
                                 'knob': matrix(bone_world(IDENTITY, pose(rotation=20)))}}]
write_case(here(__file__), doc, 'setAnimation 0 pose false\nadvance 0.1\nsample\n', lines)
