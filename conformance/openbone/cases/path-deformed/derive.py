"""path-deformed: the path's world vertices include the slot's deform
offsets for the attachment (§7.3, §8.3): a deform timeline on slot 'rail',
attachment 'track' moves the second knot's anchor and handles up by 20
(offsets per point, missing ones 0). The constrained bone at position
0.5 (percent) follows the deformed spline; the slot bone 'base' is
scaled (1.5, 0.5), which scales the vertices and the offsets alike."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
bones = [bone('root'), bone('base', parent='root', scaleX=1.5, scaleY=0.5), bone('d', parent='root', length=6)]
V = [0, 0, 0, 0, 10, 20, 40, 20, 50, 0, 60, 0]
offsets = [0, 0, 0, 0, 0, 0, 0, 20, 0, 20, 0, 20]
c = {'id': 'bend', 'name': 'bend', 'bones': ['d'], 'target': 'rail', 'position': 0.5,
     'positionMode': 'percent', 'rotateMode': 'tangent'}
anim = animation('push', [timeline('deform', 'rail', 'offsets', [key(0, offsets)], attachment='track')])
doc = path_case_doc(bones, 'base', V, c=c, animations=[anim])
W = worlds(bones)
moved = [v + o for v, o in zip(V, offsets)]
(out,) = path_place([W['d']], [6], path_vertices(moved, W['base']), False, c)
lines = [{'bones': {'d': matrix(out)}}]
write_case(here(__file__), doc, 'setAnimation 0 push false\nadvance 0.1\nsample\n', lines)
