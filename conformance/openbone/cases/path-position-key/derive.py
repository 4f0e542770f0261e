"""path-position-key: path timelines (§5.1 "path *": values[p] =
lerp(values[p] ‖ 0, v, alpha)) key position 0 → 1 over 1 s and mixRotate
to 0.5; after advance 0.25 the live position is 0.25 (percent ⇒ 0.25·L).
A second track at alpha 0.5 keys position 0.75: the live value becomes
lerp(0.25, 0.75, 0.5) = 0.5 (tracks apply in order, §6)."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
bones = [bone('root'), bone('k', parent='root', length=6)]
V = [0, 0, 0, 0, 0, 30, 50, 30, 50, 0, 50, 0]
c = {'id': 'slide', 'name': 'slide', 'bones': ['k'], 'target': 'rail', 'position': 0,
     'positionMode': 'percent', 'rotateMode': 'tangent'}
go = animation('go', [timeline('path', 'slide', 'position', [key(0, 0), key(1, 1)]),
                      timeline('path', 'slide', 'mixRotate', [key(0, 0.5)])])
mid = animation('mid', [timeline('path', 'slide', 'position', [key(0, 0.75)])])
doc = path_case_doc(bones, 'root', V, c=c, animations=[go, mid])
W = worlds(bones)
pts = path_vertices(V, IDENTITY)
(a,) = path_place([W['k']], [6], pts, False, dict(c, position=0.25, mixRotate=0.5))
(b,) = path_place([W['k']], [6], pts, False, dict(c, position=0.5, mixRotate=0.5))
lines = [{'time': 0.25, 'bones': {'k': matrix(a)}}, {'time': 0.5, 'bones': {'k': matrix(b)}}]
script = ('setAnimation 0 go false\nadvance 0.25\nsample\n'
          'setAnimation 1 mid false\ntrackEntry 1 alpha 0.5\nsetAnimation 0 go false 0\n'
          'advance 0.25\nsample\n')
write_case(here(__file__), doc, script, lines)
