#!/usr/bin/env python3
"""Independent numbers for skin-module-contour-rounded-corner (see WHY.md).
Prints expected.jsonl."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "lib"))
from skincalc import *

REST = [(0, 0), (40, 0), (40, 12), (0, 12)]
RADII = [0, 10, 0, 0]
W0 = I  # the contour has no transform: its rest-world frame is the identity

def deformed(t):
    """Vertices 0, 1 on @rest; 2, 3 on bone b, D_b = T(0, 28 t)."""
    Db = T(0, 28 * t)
    weights = [[(1, I)], [(1, I)], [(1, Db)], [(1, Db)]]
    return [skin_local(p, W0, w) for p, w in zip(REST, weights)]

def hit(t, p):
    return inside(flatten(contour_segments(deformed(t), RADII, True)), p)

def points(t):
    out = {}
    for k in (1, 2, 3):
        x, y = skin_world(REST[k], W0, [(1, I)] if k == 1 else [(1, T(0, 28 * t))])
        out[f"c.skin.point.{k}.x"], out[f"c.skin.point.{k}.y"] = x, y
    return out

# The listener toggles `hit` on every press that lands on the contour.
state = False
print(line(0, {"hit": state, **points(0)}, False))
state ^= hit(0, (38, 2))
print(line(0, {"hit": state}, False))
print(line(1, {"hit": state, **points(1)}, True))
state ^= hit(1, (38, 2))
print(line(1, {"hit": state}, True))
state ^= hit(1, (36, 3))
print(line(1, {"hit": state}, True))
