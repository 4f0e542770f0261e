"""path-extend-end: an open path sampled beyond its ends (§7.3): dist ≥ L
continues straight from point(last, 1) along its tangent by dist − L,
dist ≤ 0 from point(0, 0) backwards by dist. positionMode fixed,
position −6 for the first bone; spacingMode fixed with spacing 200
(longer than the path) puts the second beyond the end. Tangent mode."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
bones = [bone('root'), bone('u', parent='root', length=4), bone('v', parent='root', length=4)]
V = [0, 0, 10, 10, 20, 30, 40, 50, 60, 50, 0, 0]
c = {'id': 'ends', 'name': 'ends', 'bones': ['u', 'v'], 'target': 'rail', 'position': -6,
     'positionMode': 'fixed', 'spacingMode': 'fixed', 'spacing': 200, 'rotateMode': 'tangent'}
doc = path_case_doc(bones, 'root', V, c=c)
W = worlds(bones)
out = path_place([W['u'], W['v']], [4, 4], path_vertices(V, IDENTITY), False, c)
lines = [{'bones': {'u': matrix(out[0]), 'v': matrix(out[1])}}]
write_case(here(__file__), doc, 'sample\n', lines)
