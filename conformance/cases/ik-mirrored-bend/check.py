#!/usr/bin/env python3
"""Independent numbers for ik-mirrored-bend (see WHY.md). Prints expected.jsonl."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "lib"))
from rigcalc import *  # conformance/lib/rigcalc.py

L = 10.0
for time in (0, 0.5, 1):
    target = (-14 + 9 * time, 12 * time)          # world, linear tracks
    # The chain's own (mirrored) grid: x -> -x. There the problem is the
    # unmirrored one, solved cw: the first bone at theta + alpha.
    tx, ty = -target[0], target[1]
    d = math.hypot(tx, ty)
    theta = math.degrees(math.atan2(ty, tx))
    alpha = math.degrees(math.acos(d / (2 * L)))  # equal lengths: (L² + d² - L²)/(2·L·d)
    joint_local = (L * math.cos(math.radians(theta + alpha)), L * math.sin(math.radians(theta + alpha)))
    joint = (-joint_local[0], joint_local[1])      # back to the world
    a_rot = math.degrees(math.atan2(joint[1], joint[0]))
    b_rot = math.degrees(math.atan2(target[1] - joint[1], target[0] - joint[0]))
    print(line(time, {"a.world.rotate": norm(a_rot), "a.tip.x": joint[0], "a.tip.y": joint[1],
                      "b.world.rotate": norm(b_rot), "b.tip.x": target[0], "b.tip.y": target[1]},
               time == 1))
