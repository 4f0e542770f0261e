"""mix-two-tracks: track 1 (alpha 0.5) lerps over track 0 (§6 apply: tracks
in index order). Track 0 keys rotation 30 and x 10; track 1 keys rotation
90 only: rotation = lerpAngle(30, 90, 0.5) = 60, x stays 10."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
A = animation('base', [timeline('bone', 'root', 'rotation', [key(0, 30)]),
                       timeline('bone', 'root', 'x', [key(0, 10)])])
B = animation('over', [timeline('bone', 'root', 'rotation', [key(0, 90)])])
doc = document([bone('root')], animations=[A, B])
script = 'setAnimation 0 base false\nsetAnimation 1 over false\ntrackEntry 1 alpha 0.5\nadvance 0.1\nsample\n'
lines = [{'bones': {'root': matrix(bone_world(IDENTITY, pose(x=10, rotation=60)))}}]
write_case(here(__file__), doc, script, lines)
