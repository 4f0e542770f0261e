#!/usr/bin/env python3
"""Independent numbers for ik-three-bones-out-of-reach (see WHY.md). Prints expected.jsonl."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "lib"))
from rigcalc import *  # conformance/lib/rigcalc.py

START = (5.0, 5.0)
for time, target in ((0, (5.0, 50.0)), (1, (-35.0, -25.0))):
    dx, dy = target[0] - START[0], target[1] - START[1]
    theta = math.degrees(math.atan2(dy, dx))
    u = (math.cos(math.radians(theta)), math.sin(math.radians(theta)))
    tips = [(START[0] + 10 * n * u[0], START[1] + 10 * n * u[1]) for n in (1, 2, 3)]
    values = {"a.world.rotate": theta, "b.world.rotate": theta, "c.world.rotate": theta}
    # the snapshot's order: the rotations, then each tip
    for name, tip in zip("abc", tips):
        values[name + ".tip.x"], values[name + ".tip.y"] = tip
    print(line(time, values, time == 1))
