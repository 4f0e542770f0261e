#!/usr/bin/env python3
"""Independent numbers for pathfollow-along-target-transform (see WHY.md). Prints expected.jsonl."""
import json, math, os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "lib"))
from outline import *  # the outline walk and line format: conformance/lib/outline.py
def values(t):
    th = math.radians(60 * t)
    return {"a.world.x": 10 + 50 * math.cos(th), "a.world.y": 50 * math.sin(th),
            "a.world.rotate": 60 * t}

TIMES = [0, 0.5, 1]
now = 0.0
prev = 0.0
for t in TIMES:
    now += round(t - prev, 10)
    prev = t
    print(line(now, values(now), now >= 1))
