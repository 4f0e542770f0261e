"""mix-track-alpha-shortest: a track entry with alpha 0.5 mixes a bone
rotation over the setup pose the shortest way round (§5.1 lerpAngle,
§4.4 wrapDeg): setup 170, key −170 ⇒ 170 + wrap(−340)·0.5 = 170 + 20·0.5 = 180
(not 0, the long way)."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
A = animation('turn', [timeline('bone', 'root', 'rotation', [key(0, -170)])])
doc = document([bone('root', rotation=170)], animations=[A])
script = 'setAnimation 0 turn false\ntrackEntry 0 alpha 0.5\nadvance 0.1\nsample\n'
assert lerp_angle(170, -170, 0.5) == 180
lines = [{'bones': {'root': matrix(bone_world(IDENTITY, pose(rotation=180)))}}]
write_case(here(__file__), doc, script, lines)
