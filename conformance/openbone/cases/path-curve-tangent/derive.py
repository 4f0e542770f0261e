"""path-curve-tangent: a path constraint (§7.3) with one bone, positionMode
percent (position 0.3 ⇒ dist = 0.3·L), rotateMode tangent, all mixes 1.
The path is one open cubic segment, anchor (0, 0) → out-handle (0, 60) →
in-handle (100, 60) → anchor (100, 0) (knots stored [in, anchor, out],
Part B.9), on slot 'rail' of bone 'base' at (10, 20) rotated 15°, so its
world vertices go through that bone and are float32-rounded (§12).
oblib.spline builds the 32-chord arc-length table, path_sample finds the
parameter for dist, and path_place moves the bone to the point and turns
its axes to the tangent: rotateAxes(w, wrap(angle·RAD − rot(w))·1)."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
bones = [bone('root'), bone('base', parent='root', x=10, y=20, rotation=15), bone('b', parent='root', length=10)]
V = [-20, 0, 0, 0, 0, 60, 100, 60, 100, 0, 120, 0]
c = {'id': 'follow', 'name': 'follow', 'bones': ['b'], 'target': 'rail', 'position': 0.3,
     'positionMode': 'percent', 'rotateMode': 'tangent'}
doc = path_case_doc(bones, 'base', V, c=c)
W = worlds(bones)
points = path_vertices(V, W['base'])
(w,) = path_place([W['b']], [10], points, False, c)
lines = [{'bones': {'b': matrix(w)}}]
write_case(here(__file__), doc, 'sample\nadvance 0.1\nsample\n', lines * 2)
