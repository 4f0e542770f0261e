"""clipping-clockwise: a clockwise, concave mask (an L): (0,0) (0,2) (1,2)
(1,1) (2,1) (2,0). Signed area Σ (x[j] − x[i])(y[i] + y[j]) = −6 < 0, so
the ring is linked backwards (5, 4, 3, 2, 1, 0; `next` runs 5→4→…→0→5)
and the walk starts at the last node linked, 0. By hand (area(p, q, r) =
(q.y−p.y)(r.x−q.x) − (q.x−p.x)(r.y−q.y)):
 node 0: prev 1, next 5: area = −4 but node 3 (1,1) lies on the edge
         (2,0)–(0,2) (inside, inclusive) and is reflex (area(4,3,2) = 1)
         ⇒ not an ear; on to node 5;
 node 5: prev 0, next 4: area = −2; (1,1) lies above (0,0)–(2,1) ⇒
         ear [0, 5, 4]; jump to node 3;
 node 3: reflex; node 2: prev 3, next 1: area = −1, nothing in its box ⇒
         ear [3, 2, 1]; jump to node 0;
 node 0: prev 1, next 4: area = −4; (1,1) is inside (between y = x/2 and
         y = 2 − x/2) and reflex (area(4,3,1) = 1) ⇒ not an ear;
 node 4: prev 0, next 3: area = −1 ⇒ ear [0, 4, 3]; jump to node 1;
 node 1: prev 3, next 0: area = −2, no other node ⇒ ear [3, 1, 0].
Indices [0, 5, 4, 3, 2, 1, 0, 4, 3, 3, 1, 0]. The mask ends at its own
slot (end = its id): the region after it is not clipped."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
bones = [bone('root', x=1, y=1, scaleX=3, scaleY=3)]
pts = [0, 0, 0, 2, 1, 2, 1, 1, 2, 1, 2, 0]
reg = {'type': 'region', 'image': None, 'width': 2, 'height': 2}
slots = [{'id': 'sm', 'name': 'mask', 'bone': 'root', 'attachment': 'l'},
         {'id': 'sr', 'name': 'after', 'bone': 'root', 'attachment': 'r'}]
skins = [{'id': 'default', 'name': 'default', 'attachments': {
    'sm': {'l': {'type': 'clipping', 'vertices': pts, 'end': 'sm'}}, 'sr': {'r': reg}}}]
doc = document(bones, slots, skins)
indices = [0, 5, 4, 3, 2, 1, 0, 4, 3, 3, 1, 0]
assert earcut(pts) == indices
world = [1 + 3 * v for v in pts]
lines = [{'draw': [{'slot': 'after', 'clip': None}],
          'masks': [{'slot': 'mask', 'attachment': 'l', 'vertices': world, 'indices': indices}]}]
write_case(here(__file__), doc, 'sample\n', lines)
