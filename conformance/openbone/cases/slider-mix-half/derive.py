"""slider-mix-half: a slider with mix 0.5 (not additive) applies its
animation with alpha 0.5 (§5.1): rotation lerpAngle(cur, v, 0.5), x
lerp(cur, v, 0.5). The knob is keyed to 90 = `to` ⇒ f = 1, t = duration
= 1: the arm's keys give rotation 90 and x 15; from the arm's setup
(rotation 10, x 5): rotation 10 + wrap(90 − 10)·0.5 = 50,
x = 5 + (15 − 5)·0.5 = 10."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
bones = [bone('root'), bone('knob', parent='root'), bone('arm', parent='root', x=5, rotation=10, length=10)]
bend = animation('bend', [timeline('bone', 'arm', 'rotation', [key(0, 0), key(1, 90)]),
                          timeline('bone', 'arm', 'x', [key(0, 5), key(1, 15)])])
turn = animation('turn', [timeline('bone', 'knob', 'rotation', [key(0, 90)])])
doc = document(bones, animations=[bend, turn])
doc['skeleton']['sliders'] = [{'id': 'dial', 'name': 'dial', 'animation': 'bend', 'bone': 'knob',
                               'property': 'rotation', 'from': 0, 'to': 90, 'mix': 0.5}]
arm = bone_world(IDENTITY, pose(x=10, rotation=50))
lines = [{'time': 0.1, 'bones': {'arm': matrix(arm)}}]
write_case(here(__file__), doc, 'setAnimation 0 turn false\nadvance 0.1\nsample\n', lines)
