"""path-chain-scale: rotateMode chainScale — like chain, and each bone's
x axis (world a, c) is scaled by k = 1 + (d/lengths[i] − 1)·mixRotate
where d is the distance to the next point; spacingMode fixed (gap =
spacing = 15, longer than the bones' 10), mixRotate 0.75 (so the turn
and the scale are partial), positionMode percent, position 0.1. Two
independent bones (both children of root)."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
bones = [bone('root'), bone('p', parent='root', length=10), bone('q', parent='root', y=5, length=10)]
V = [0, 0, 0, 0, 30, 40, 60, -40, 90, 0, 90, 0]
c = {'id': 'beads', 'name': 'beads', 'bones': ['p', 'q'], 'target': 'rail', 'position': 0.1,
     'positionMode': 'percent', 'spacingMode': 'fixed', 'spacing': 15, 'rotateMode': 'chainScale',
     'mixRotate': 0.75}
doc = path_case_doc(bones, 'root', V, c=c)
W = worlds(bones)
out = path_place([W['p'], W['q']], [10, 10], path_vertices(V, IDENTITY), False, c)
lines = [{'bones': {'p': matrix(out[0]), 'q': matrix(out[1])}}]
write_case(here(__file__), doc, 'sample\n', lines)
