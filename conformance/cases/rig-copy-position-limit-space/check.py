#!/usr/bin/env python3
"""Independent numbers for rig-copy-position-limit-space (see WHY.md). Prints expected.jsonl."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "lib"))
from rigcalc import *  # conformance/lib/rigcalc.py

G = 100.0  # g's translation: local x = world x - 100
for time in (0, 0.5, 0.75, 1):
    tx = 90 + 30 * time
    h_local = min(tx - G, 5)                     # maxX 5 in the parent's (local) space
    w_world = min(tx, 105)                       # maxX 105 in world (limitSpace = toSpace)
    print(line(time, {"h.world.x": h_local + G, "h.world.y": 7.0,
                      "w.world.x": w_world, "w.world.y": 7.0}, time == 1))
