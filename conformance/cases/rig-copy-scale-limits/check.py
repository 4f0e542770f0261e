#!/usr/bin/env python3
"""Independent numbers for rig-copy-scale-limits (see WHY.md). Prints expected.jsonl."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "lib"))
from rigcalc import *  # conformance/lib/rigcalc.py

for time in (0, 0.25, 0.5, 1):
    sx, sy = 1 + 3 * time, 1 - 0.75 * time     # the linear tracks
    print(line(time, {"h.world.scaleX": min(sx, 2), "h.world.scaleY": max(sy, 0.5),
                      "h.world.rotate": -30.0, "h.world.x": 10.0}, time == 1))
