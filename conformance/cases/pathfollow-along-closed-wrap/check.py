#!/usr/bin/env python3
"""Independent numbers for pathfollow-along-closed-wrap (see WHY.md). Prints expected.jsonl."""
import json, math, os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "lib"))
from outline import *  # the outline walk and line format: conformance/lib/outline.py
SEGS = polyline([(0, 0), (100, 0), (0, 100)], True)
OPEN = polyline([(0, 0), (100, 0), (0, 100)], False)
def values(t):
    f = -1 + 3 * t
    p, h = at(SEGS, f, True)
    q, _ = at(OPEN, f, False)
    return {"a.world.x": p[0], "a.world.y": p[1], "a.world.rotate": norm(h),
            "o.world.x": q[0], "o.world.y": q[1]}

TIMES = [0, 0.125, 0.5, 0.75, 1]
now = 0.0
prev = 0.0
for t in TIMES:
    now += round(t - prev, 10)
    prev = t
    print(line(now, values(now), now >= 1))
