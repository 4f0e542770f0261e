#!/usr/bin/env python3
"""Independent numbers for pathfollow-spread-open (see WHY.md). Prints expected.jsonl."""
import json, math, os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "lib"))
from outline import *  # the outline walk and line format: conformance/lib/outline.py
SEGS = polyline([(0, 0), (100, 0)], False)
def values(t):
    end = 0.2 + 1.2 * t
    p, _ = at(SEGS, 0.3 + 0.2, False)
    out = {"o0.world.x": p[0], "o0.world.y": p[1], "one.world.x": 300}
    for k in range(3):
        q, _ = at(SEGS, 0.2 + (end - 0.2) * k / 2, False)
        out[f"s{k}.world.x"] = q[0]
        if k == 1:
            out["s1.world.y"] = q[1]
    return out

TIMES = [0, 0.5, 1]
now = 0.0
prev = 0.0
for t in TIMES:
    now += round(t - prev, 10)
    prev = t
    print(line(now, values(now), now >= 1))
