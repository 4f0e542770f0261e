#!/usr/bin/env python3
"""Independent numbers for rig-copy-rotation-limits-strength (see WHY.md). Prints expected.jsonl."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "lib"))
from rigcalc import *  # conformance/lib/rigcalc.py

for time in (0, 0.5, 0.75, 1):
    tr = -90 + 180 * time
    limited = min(max(tr, -30), 45)
    s = blend(parts(matrix(20, 0)), parts(matrix(20, 0, limited)), 0.5)
    print(line(time, {"h.world.rotate": limited, "s.world.rotate": s["rot"],
                      "s.world.x": s["x"], "s.world.y": s["y"]}, time == 1))
