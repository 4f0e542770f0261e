#!/usr/bin/env python3
"""Independent numbers for rig-copy-transform-spaces (see WHY.md). Prints expected.jsonl."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "lib"))
from rigcalc import *  # conformance/lib/rigcalc.py

GT = matrix(100, 0, 90)        # t's parent
GH = matrix(0, 50)             # the hosts' parent
for time in (0, 0.5, 1):
    t_local = matrix(10, 0, 30 + 30 * time, 2, 1)
    t_world = multiply(GT, t_local)
    values = {}
    # ll: source local, destination local: the host's local frame is t's local one.
    # lw: source local, destination world: the host's world frame is t's local one.
    # wl: source world, destination local: the host's local frame is t's world one.
    for name, frame in (("ll", multiply(GH, t_local)), ("lw", t_local),
                        ("wl", multiply(GH, t_world))):
        p = parts(frame)
        values.update({name + ".world.x": p["x"], name + ".world.y": p["y"],
                       name + ".world.rotate": p["rot"], name + ".world.scaleX": p["sx"]})
    print(line(time, values, time == 1))
