"""path-closed-wrap: a closed path of four knots (a rounded square; with
closed true the last segment joins knot 3 back to knot 0, so there are
4 segments) and positionMode percent with position 1.2 and −0.35: on a
closed path dist = ((dist % L) + L) % L, so 1.2·L lands at 0.2·L and
−0.35·L at 0.65·L. Two bones, spacingMode percent (spacing 0.45 ⇒ the
second bone 0.45·L further: 1.65·L ⇒ 0.65·L), tangent mode,
offsetRotation 90 (ang + 90°)."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
bones = [bone('root'), bone('m', parent='root', length=5), bone('n', parent='root', length=5)]
V = [-10, 0, 0, 0, 0, -10, 40, -10, 50, -10, 60, -10, 60, 40, 60, 50, 60, 60, 10, 60, 0, 60, -10, 60]
c = {'id': 'loop', 'name': 'loop', 'bones': ['m', 'n'], 'target': 'rail', 'position': 1.2,
     'positionMode': 'percent', 'spacingMode': 'percent', 'spacing': 0.45, 'rotateMode': 'tangent',
     'offsetRotation': 90}
doc = path_case_doc(bones, 'root', V, closed=True, c=c)
W = worlds(bones)
out = path_place([W['m'], W['n']], [5, 5], path_vertices(V, IDENTITY), True, c)
lines = [{'bones': {'m': matrix(out[0]), 'n': matrix(out[1])}}]
write_case(here(__file__), doc, 'sample\n', lines)
