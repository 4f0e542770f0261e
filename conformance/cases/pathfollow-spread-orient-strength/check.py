#!/usr/bin/env python3
"""Independent numbers for pathfollow-spread-orient-strength (see WHY.md). Prints expected.jsonl."""
import json, math, os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "lib"))
from outline import *  # the outline walk and line format: conformance/lib/outline.py
SEGS = circle(0, 0, 30)
def values(t):
    out = {}
    for k in range(4):
        f = 0.125 + (0.875 - 0.125) * k / 3
        p, h = at(SEGS, f, True)
        turn = (norm(h) + 180) % 360 - 180
        out.update({f"s{k}.world.x": p[0] * t, f"s{k}.world.y": p[1] * t,
                    f"s{k}.world.rotate": norm(turn * t)})
    return out

TIMES = [0, 0.5, 1]
now = prev = 0.0
for t in TIMES:
    now += t - prev
    prev = t
    print(line(now, values(now), now >= 1))
