#!/usr/bin/env python3
"""Independent numbers for pathfollow-spread-shift (see WHY.md). Prints expected.jsonl."""
import json, math, os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "lib"))
from outline import *  # the outline walk and line format: conformance/lib/outline.py
SEGS = polyline([(0, 0), (100, 0), (0, 100)], True)
def values(t):
    out = {}
    for k in range(4):
        f = 0.1 + (0.7 - 0.1) * k / max(4 - 1, 1) + 0.5 * t
        p, h = at(SEGS, f, True)
        out.update({f"s{k}.world.x": p[0], f"s{k}.world.y": p[1], f"s{k}.world.rotate": norm(h)})
    return out

TIMES = [0, 0.5, 1]
now = 0.0
prev = 0.0
for t in TIMES:
    now += round(t - prev, 10)
    prev = t
    print(line(now, values(now), now >= 1))
