#!/usr/bin/env python3
"""Independent numbers for rig-solve-order-writes (see WHY.md). Prints expected.jsonl."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "lib"))
from rigcalc import *  # conformance/lib/rigcalc.py

for time, (tx, ty) in ((0, (14.0, 0.0)), (1, (5.0, 12.0))):
    d = math.hypot(tx, ty)
    # cw two-bone solve, equal lengths 10: the first bone at theta + acos(d / 20).
    upper = norm(math.degrees(math.atan2(ty, tx)) + math.degrees(math.acos(d / 20)))
    print(line(time, {"f.world.rotate": upper, "upper.world.rotate": upper}, time == 1))
