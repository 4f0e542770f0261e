#!/usr/bin/env python3
"""Independent numbers for ik-scaled-chain (see WHY.md). Prints expected.jsonl."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "lib"))
from rigcalc import *  # conformance/lib/rigcalc.py

L = 2 * 5.0                                    # world lengths: 5 scaled by g's 2
for time, target in ((0, (14.0, 0.0)), (1, (30.0, 0.0))):
    d = math.hypot(*target)
    theta = math.degrees(math.atan2(target[1], target[0]))
    if d >= 2 * L:                             # out of reach: straight
        a = b = theta
    else:                                      # cw: theta + alpha, equal lengths
        a = theta + math.degrees(math.acos(d / (2 * L)))
    joint = (L * math.cos(math.radians(a)), L * math.sin(math.radians(a)))
    if d < 2 * L:
        b = math.degrees(math.atan2(target[1] - joint[1], target[0] - joint[0]))
    tip = (joint[0] + L * math.cos(math.radians(b)), joint[1] + L * math.sin(math.radians(b)))
    print(line(time, {"a.world.rotate": norm(a), "a.world.scaleX": 2.0, "a.tip.x": joint[0],
                      "a.tip.y": joint[1], "b.world.rotate": norm(b), "b.tip.x": tip[0],
                      "b.tip.y": tip[1]}, time == 1))
