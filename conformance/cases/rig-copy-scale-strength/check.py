#!/usr/bin/env python3
"""Independent numbers for rig-copy-scale-strength (see WHY.md). Prints expected.jsonl."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "lib"))
from rigcalc import *  # conformance/lib/rigcalc.py

t = parts(matrix(50, 0, 45, 3, 0.5))
h = parts(matrix(10, 0, 30))
k = parts(matrix(-10, 5))
# copyScale replaces the host's world scales by the target's (both axes for h;
# copyY false keeps k's scaleY), then the blend by strength.
h_desired = dict(h, sx=t["sx"], sy=t["sy"])
k_desired = dict(k, sx=t["sx"])
for time in (0, 0.5, 0.75, 1):
    hb = blend(h, h_desired, 0.5)
    kb = blend(k, k_desired, time) if time > 0 else k
    print(line(time, {**world("h", hb), **world("k", kb)}, time == 1))
