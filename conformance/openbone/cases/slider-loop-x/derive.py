"""slider-loop-x: a looping slider on the knob's local x, from 0 to 10,
timeFrom 0.2, timeTo 0.6. The knob is keyed to x = 25 ⇒ f = 2.5, looped
f − floor(f) = 0.5 ⇒ t = 0.2 + 0.5·(0.6 − 0.2) = 0.4 ⇒ the arm's rotation
(0 → 90 over 1 s) = 36. A second sample with the knob at x = −2.5
(f = −0.25 ⇒ 0.75 ⇒ t = 0.5 ⇒ 45): the loop wraps negatives upwards."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
bones = [bone('root'), bone('knob', parent='root'), bone('arm', parent='root', length=10)]
bend = animation('bend', [timeline('bone', 'arm', 'rotation', [key(0, 0), key(1, 90)])])
slide = animation('slide', [timeline('bone', 'knob', 'x', [key(0, 25, 'stepped'), key(1, -2.5)])])
doc = document(bones, animations=[bend, slide])
doc['skeleton']['sliders'] = [{'id': 'dial', 'name': 'dial', 'animation': 'bend', 'bone': 'knob',
                               'property': 'x', 'from': 0, 'to': 10, 'loop': True,
                               'timeFrom': 0.2, 'timeTo': 0.6}]
lines = [{'time': 0.1, 'bones': {'arm': matrix(bone_world(IDENTITY, pose(rotation=36)))}},
         {'time': 1.1, 'bones': {'arm': matrix(bone_world(IDENTITY, pose(rotation=45)))}}]
write_case(here(__file__), doc, 'setAnimation 0 slide false\nadvance 0.1\nsample\nadvance 1\nsample\n', lines)
