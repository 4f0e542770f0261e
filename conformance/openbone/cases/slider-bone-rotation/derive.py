"""slider-bone-rotation: a slider (§7.5) driven by the local rotation of
bone 'knob' (property ‖ "rotation"), from 0 to 90, mix 1, not additive:
f = (v − 0)/(90 − 0), clamped; t = 0 + f·(duration − 0) with the
animation 'bend' (arm rotation 0 → 90 over 1 s, linear: value = 90·t).
By hand: in the constructor the knob is at 0 ⇒ t = 0 ⇒ arm rotation 0;
after the track keys the knob to 45 ⇒ f = 0.5, t = 0.5 ⇒ arm rotation
45 (alpha 1 replaces). The arm sits at (5, 0) under an identity root."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
bones = [bone('root'), bone('knob', parent='root'), bone('arm', parent='root', x=5, length=10)]
bend = animation('bend', [timeline('bone', 'arm', 'rotation', [key(0, 0), key(1, 90)])])
turn = animation('turn', [timeline('bone', 'knob', 'rotation', [key(0, 45)])])
doc = document(bones, animations=[bend, turn])
doc['skeleton']['sliders'] = [{'id': 'dial', 'name': 'dial', 'animation': 'bend', 'bone': 'knob',
                               'from': 0, 'to': 90}]
arm0 = bone_world(IDENTITY, pose(x=5, rotation=0))
arm1 = bone_world(IDENTITY, pose(x=5, rotation=45))
knob1 = bone_world(IDENTITY, pose(rotation=45))
lines = [{'time': 0, 'bones': {'arm': matrix(arm0)}},
         {'time': 0.1, 'bones': {'arm': matrix(arm1), 'knob': matrix(knob1)}}]
write_case(here(__file__), doc, 'sample\nsetAnimation 0 turn false\nadvance 0.1\nsample\n', lines)
