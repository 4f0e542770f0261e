#!/usr/bin/env python3
"""Independent numbers for rig-copy-position-limits (see WHY.md). Prints expected.jsonl."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "lib"))
from rigcalc import *  # conformance/lib/rigcalc.py

def clamp(v, lo=-math.inf, hi=math.inf):
    return min(max(v, lo), hi)

for time in (0, 0.5, 0.75, 1):
    tx, ty = -20 + 60 * time, 30 - 40 * time      # the linear tracks
    values = {"p.world.x": clamp(tx, 0, 20), "p.world.y": clamp(ty, hi=10),
              "q.world.x": 5.0, "q.world.y": clamp(ty, lo=0)}
    print(line(time, values, time == 1))
