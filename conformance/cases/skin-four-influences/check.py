#!/usr/bin/env python3
"""Independent numbers for skin-four-influences (see WHY.md). Prints expected.jsonl."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "lib"))
from rigcalc import *  # conformance/lib/rigcalc.py

WEIGHTS = [{"a": 0.1, "b": 0.2, "c": 0.3, "d": 0.4}, {"a": 0.25, "b": 0.25, "c": 0.25, "d": 0.25}]
POINTS = [(0.0, 0.0), (10.0, 0.0)]
for time in (0, 0.5, 1):
    # Every bone rests at the origin along +x (F(rest) = identity), so D_i = F_i(now).
    frames = {"a": matrix(10 * time, 0, 90 * time), "b": matrix(0, 10 * time),
              "c": matrix(-10 * time, 0), "d": matrix(0, -20 * time)}
    values = {}
    for k, (p, w) in enumerate(zip(POINTS, WEIGHTS)):
        moved = [apply(frames[bone], p) for bone in w]
        x = sum(w[bone] * q[0] for bone, q in zip(w, moved))
        y = sum(w[bone] * q[1] for bone, q in zip(w, moved))
        values["p.skin.point.%d.x" % k], values["p.skin.point.%d.y" % k] = x, y
    print(line(time, values, time == 1))
