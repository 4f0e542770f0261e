"""path-partial-mixes: mixX 0.5, mixY 0.25, mixRotate 0.4 and
offsetRotation −30 with spacingMode proportional (gap_i =
spacing·L·lengths[i]/sum; spacing 0.3, lengths 8 and 24 ⇒ the first gap
is 0.3·L·8/32): each bone moves only part of the way,
w.x += (pt.x − w.x)·0.5, w.y += (pt.y − w.y)·0.25, and turns by
wrap((ang − 30°)·RAD − rot(w))·0.4. The bones start rotated and scaled
(scaleX 2 on the second: its length is 12·2 = 24 in world)."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
bones = [bone('root'), bone('r', parent='root', x=-5, y=7, rotation=120, length=8),
         bone('s', parent='root', x=20, y=-3, rotation=-40, scaleX=2, length=12)]
V = [0, 0, 0, 0, 20, 20, 40, 20, 60, 0, 80, -20]
c = {'id': 'half', 'name': 'half', 'bones': ['r', 's'], 'target': 'rail', 'position': 0.15,
     'positionMode': 'percent', 'spacingMode': 'proportional', 'spacing': 0.3, 'rotateMode': 'tangent',
     'mixX': 0.5, 'mixY': 0.25, 'mixRotate': 0.4, 'offsetRotation': -30}
doc = path_case_doc(bones, 'root', V, c=c)
W = worlds(bones)
out = path_place([W['r'], W['s']], [8, 12], path_vertices(V, IDENTITY), False, c)
lines = [{'bones': {'r': matrix(out[0]), 's': matrix(out[1])}}]
write_case(here(__file__), doc, 'sample\n', lines)
