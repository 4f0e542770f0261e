#!/usr/bin/env python3
"""Independent numbers for skin-module-contour-automatic-weights (see WHY.md).
Prints expected.jsonl."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "lib"))
from skincalc import *

ORIGIN = (5, 0)
VERTICES = [(30, 4), (30, 10), (65, 16), (65, 30)]
LOCAL = [(x - ORIGIN[0], y - ORIGIN[1]) for x, y in VERTICES]  # geometryOrigin subtracted
W0 = I  # no transform
SEGS = [((0, 0), (50, 0)), ((0, 20), (50, 20)), ((0, 100), (50, 100))]  # rest bones a, b, c

def values(t):
    D = [R(10 * t), T(0, 10 * t), T(100 * t, 0)]
    out = {}
    for k, p in enumerate(LOCAL):
        weights = auto(apply(W0, p), SEGS)
        out[f"k.skin.point.{k}.x"], out[f"k.skin.point.{k}.y"] = skin_world(
            p, W0, [(w, D[i]) for i, w in weights])
    return out

for t in (0, 0.5, 1):
    print(line(t, values(t), t >= 1))
