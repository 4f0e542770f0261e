#!/usr/bin/env python3
"""Independent numbers for pathfollow-along-strength (see WHY.md). Prints expected.jsonl."""
import json, math, os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "lib"))
from outline import *  # the outline walk and line format: conformance/lib/outline.py
SEGS = polyline([(0, 0), (100, 0), (100, 50), (0, 50)], True)
def values(t):
    p, h = at(SEGS, 0.4, True)
    s = t
    return {"a.world.x": 0 + (p[0] - 0) * s, "a.world.y": 40 + (p[1] - 40) * s,
            "a.world.rotate": norm(h) * s}

TIMES = [0, 0.25, 0.5, 1]
now = 0.0
prev = 0.0
for t in TIMES:
    now += round(t - prev, 10)
    prev = t
    print(line(now, values(now), now >= 1))
