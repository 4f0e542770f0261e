#!/usr/bin/env python3
"""Independent numbers for rig-copy-position-parent (see WHY.md). Prints expected.jsonl."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "lib"))
from rigcalc import *  # conformance/lib/rigcalc.py

for time in (0, 1):
    g = matrix(30 - 40 * time, 40, 90)
    pivot = (g[4], g[5])                      # where g's pivot (0, 0) lands
    k0 = apply(g, (5, 2))                     # k's own world position
    k = (k0[0] + (pivot[0] - k0[0]) * 0.5, k0[1])   # x only, halfway
    print(line(time, {"h.world.x": pivot[0], "h.world.y": pivot[1], "h.world.rotate": 90.0,
                      "k.world.x": k[0], "k.world.y": k[1]}, time == 1))
