"""shape-polygon-concave: a `polygon` shape whose points make an L,
(0,0) (2,0) (2,1) (1,1) (1,2) (0,2) scaled ×10 (counter-clockwise: linked
forward). The ear walk by hand (area(p, q, r) = (q.y−p.y)(r.x−q.x) −
(q.x−p.x)(r.y−q.y); an ear needs area < 0 and no reflex node inside):
 node 5: area(4,5,0) = −2 < 0; (1,1) lies right of the edge (0,0)–(1,2),
         outside ⇒ ear [4, 5, 0]; the walk jumps to node 1;
 node 1: area(0,1,2) = −2; (1,1) lies above (0,0)–(2,1) ⇒ ear [0, 1, 2];
         jump to node 3;
 node 3: area(2,3,4) = +1: reflex; node 4: area(3,4,0) = −1, no node in
         its box ⇒ ear [3, 4, 0]; jump to node 2;
 node 2: area(0,2,3) = −1 ⇒ ear [0, 2, 3].
Indices [4, 5, 0, 0, 1, 2, 3, 4, 0, 0, 2, 3]."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
bones = [bone('root')]
pts = [v * 10 for v in (0, 0, 2, 0, 2, 1, 1, 1, 1, 2, 0, 2)]
shape = {'type': 'shape', 'kind': 'polygon', 'points': pts, 'rotation': 180}
slots = [{'id': 's', 'name': 'ell', 'bone': 'root', 'attachment': 'l'}]
skins = [{'id': 'default', 'name': 'default', 'attachments': {'s': {'l': shape}}}]
doc = document(bones, slots, skins)
indices = [4, 5, 0, 0, 1, 2, 3, 4, 0, 0, 2, 3]
assert earcut(shape_outline(shape)) == indices
# rotation 180 maps (x, y) to (−x, −y)
lines = [{'draw': [{'slot': 'ell', 'type': 'shape', 'indices': indices,
                    'vertices': [0, 0, -20, 0, -20, -10, -10, -10, -10, -20, 0, -20]}]}]
write_case(here(__file__), doc, 'sample\n', lines)
