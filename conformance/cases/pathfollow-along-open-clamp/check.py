#!/usr/bin/env python3
"""Independent numbers for pathfollow-along-open-clamp (see WHY.md). Prints expected.jsonl."""
import json, math, os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "lib"))
from outline import *  # the outline walk and line format: conformance/lib/outline.py
SEGS = polyline([(0, 0), (100, 0), (100, 100)], False)
def values(t):
    p, h = at(SEGS, -0.5 + 2 * t, False)
    return {"a.world.x": p[0], "a.world.y": p[1], "a.world.rotate": norm(h)}

TIMES = [0, 0.25, 0.375, 0.625, 0.875, 1]
now = 0.0
prev = 0.0
for t in TIMES:
    now += round(t - prev, 10)
    prev = t
    print(line(now, values(now), now >= 1))
