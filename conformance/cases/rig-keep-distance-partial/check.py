#!/usr/bin/env python3
"""Independent numbers for rig-keep-distance-partial (see WHY.md). Prints expected.jsonl."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "lib"))
from rigcalc import *  # conformance/lib/rigcalc.py

def keep(host, target, distance, mode):
    dx, dy = host[0] - target[0], host[1] - target[1]
    d = math.hypot(dx, dy)
    allowed = {"within": d <= distance, "beyond": d >= distance, "exact": d == distance}[mode]
    if allowed:
        return host
    if d == 0:
        return (target[0] + distance, target[1])   # along world +X
    return (target[0] + dx / d * distance, target[1] + dy / d * distance)

for time in (0, 0.5, 1):
    t = (10 * time, 30 * time)
    e0, b0 = (0.0, -4.0), (2.0, 40.0)
    e1, b1 = keep(e0, t, 10, "exact"), keep(b0, t, 20, "beyond")
    e = (e0[0] + (e1[0] - e0[0]) * 0.5, e0[1] + (e1[1] - e0[1]) * 0.5)
    b = (b0[0] + (b1[0] - b0[0]) * 0.25, b0[1] + (b1[1] - b0[1]) * 0.25)
    print(line(time, {"e.world.x": e[0], "e.world.y": e[1], "e.world.rotate": 20.0,
                      "b.world.x": b[0], "b.world.y": b[1]}, time == 1))
