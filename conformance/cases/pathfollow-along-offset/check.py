#!/usr/bin/env python3
"""Independent numbers for pathfollow-along-offset (see WHY.md). Prints expected.jsonl."""
import json, math, os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "lib"))
from outline import *  # the outline walk and line format: conformance/lib/outline.py
SEGS = polyline([(0, 0), (100, 0)], False)
def values(t):
    p, _ = at(SEGS, 0.5, False)
    return {"a.world.x": p[0] + 10 * t, "a.world.y": p[1] - 6 * t,
            "b.world.x": p[0], "b.world.y": p[1]}

TIMES = [0, 0.5, 1]
now = 0.0
prev = 0.0
for t in TIMES:
    now += round(t - prev, 10)
    prev = t
    print(line(now, values(now), now >= 1))
