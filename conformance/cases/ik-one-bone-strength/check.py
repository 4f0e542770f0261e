#!/usr/bin/env python3
"""Independent numbers for ik-one-bone-strength (see WHY.md). Prints expected.jsonl."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "lib"))
from rigcalc import *  # conformance/lib/rigcalc.py

for time in (0, 0.25, 1):
    target = (-10 * time, 10 - 20 * time)
    solved = math.degrees(math.atan2(target[1], target[0]))
    mixed = norm(0 + norm(solved - 0) * 0.25)    # from the unconstrained 0° along the shorter arc
    tip = (10 * math.cos(math.radians(mixed)), 10 * math.sin(math.radians(mixed)))
    print(line(time, {"a.world.rotate": mixed, "a.tip.x": tip[0], "a.tip.y": tip[1]}, time == 1))
