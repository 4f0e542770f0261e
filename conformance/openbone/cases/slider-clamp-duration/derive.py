"""slider-clamp-duration: not looping, f is clamped to [0, 1]; timeTo 0
means the animation's duration (timeTo ‖ duration; 'bend' lasts 2 s,
rotation 0 → 180), timeFrom 0.5. Knob rotation 200 (from 0 to 90):
f = 2.22… ⇒ 1 ⇒ t = 0.5 + 1·(2 − 0.5) = 2 ⇒ rotation 180. Knob −30:
f ⇒ 0 ⇒ t = 0.5 ⇒ rotation 45."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
bones = [bone('root'), bone('knob', parent='root'), bone('arm', parent='root', length=10)]
bend = animation('bend', [timeline('bone', 'arm', 'rotation', [key(0, 0), key(2, 180)])])
turn = animation('turn', [timeline('bone', 'knob', 'rotation', [key(0, 200, 'stepped'), key(1, -30)])])
doc = document(bones, animations=[bend, turn])
doc['skeleton']['sliders'] = [{'id': 'dial', 'name': 'dial', 'animation': 'bend', 'bone': 'knob',
                               'from': 0, 'to': 90, 'timeFrom': 0.5, 'timeTo': 0}]
lines = [{'time': 0.1, 'bones': {'arm': matrix(bone_world(IDENTITY, pose(rotation=180)))}},
         {'time': 1.1, 'bones': {'arm': matrix(bone_world(IDENTITY, pose(rotation=45)))}}]
write_case(here(__file__), doc, 'setAnimation 0 turn false\nadvance 0.1\nsample\nadvance 1\nsample\n', lines)
