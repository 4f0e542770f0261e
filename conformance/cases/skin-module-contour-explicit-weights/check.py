#!/usr/bin/env python3
"""Independent numbers for skin-module-contour-explicit-weights (see WHY.md).
Prints expected.jsonl."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "lib"))
from skincalc import *

REST = [(10, 0), (30, 0), (50, 0)]
W0 = T(5, 0)  # the contour's x = 5

def values(t):
    Da, Db = I, R(90 * t)  # a stays; b turns 90·t° about its start, the origin
    weights = [[(1, Da)], [(0.5, Db), (0.5, I)], [(1, Db)]]
    out = {}
    for k, (p, w) in enumerate(zip(REST, weights)):
        out[f"c.skin.point.{k}.x"], out[f"c.skin.point.{k}.y"] = skin_world(p, W0, w)
    return out

for t in (0, 0.5, 1):
    print(line(t, values(t), t >= 1))
