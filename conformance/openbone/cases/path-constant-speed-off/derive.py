"""path-constant-speed-off: the path attachment has constantSpeed false
(§7.3): the segment is the first whose end length exceeds dist, and the
bezier parameter is the raw fraction (dist − start)/span of that segment's
length, not the arc-length parameter. The segment's handles are uneven
(speed varies), so the point differs from the constant-speed one.
Same document otherwise as a constant-speed path: percent position 0.7
on two segments; tangent mode."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
bones = [bone('root'), bone('w', parent='root', length=6)]
V = [0, 0, 0, 0, 5, 0, 30, 40, 50, 40, 60, 40, 95, 40, 100, 0, 100, 0]
c = {'id': 'slow', 'name': 'slow', 'bones': ['w'], 'target': 'rail', 'position': 0.7,
     'positionMode': 'percent', 'rotateMode': 'tangent'}
doc = path_case_doc(bones, 'root', V, constant_speed=False, c=c)
W = worlds(bones)
(out,) = path_place([W['w']], [6], path_vertices(V, IDENTITY), False, c, constant_speed=False)
(other,) = path_place([W['w']], [6], path_vertices(V, IDENTITY), False, c, constant_speed=True)
assert abs(out[4] - other[4]) > 0.5
lines = [{'bones': {'w': matrix(out)}}]
write_case(here(__file__), doc, 'sample\n', lines)
