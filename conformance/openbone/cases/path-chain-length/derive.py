"""path-chain-length: three chained bones (each 12 long, each child at x = 12
of its parent) on a two-segment open path, spacingMode length (gap_i =
lengths[i] + spacing, spacing 2), positionMode fixed (position 5),
rotateMode chain: each bone points at the next sampled point
(ang = atan2(pts[i+1] − w.pos)). Every point is sampled before any bone
moves; bone i is then read after the earlier bones' subtrees were
recomputed (syncApplied keeps the placed world, so the child's world is
bone_world(placed parent, local)). oblib.path_place with world_at."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
bones = [bone('root'), bone('b1', parent='root', length=12), bone('b2', parent='b1', x=12, length=12),
         bone('b3', parent='b2', x=12, length=12)]
V = [0, -10, 0, 0, 0, 10, 20, 30, 30, 30, 40, 30, 40, 30, 60, 30, 70, 0]
c = {'id': 'rope', 'name': 'rope', 'bones': ['b1', 'b2', 'b3'], 'target': 'rail', 'position': 5,
     'positionMode': 'fixed', 'spacingMode': 'length', 'spacing': 2, 'rotateMode': 'chain'}
doc = path_case_doc(bones, 'root', V, c=c)
W = worlds(bones)
points = path_vertices(V, IDENTITY)
poses = [local(b) for b in bones[1:]]
start = chain_worlds(IDENTITY, poses)
out = path_place(start, [12, 12, 12], points, False, c,
                 world_at=lambda i, placed: start[0] if i == 0 else bone_world(placed[i - 1], poses[i]))
lines = [{'bones': {'b1': matrix(out[0]), 'b2': matrix(out[1]), 'b3': matrix(out[2])}}]
write_case(here(__file__), doc, 'sample\n', lines)
