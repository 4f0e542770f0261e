#!/usr/bin/env python3
"""Independent numbers for posepad-handle-frame (see WHY.md). Prints expected.jsonl."""
import json, math
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "lib"))
from padscroll import r, clamp, lerp_keys, pad_time, line  # conformance/lib/padscroll.py

for now in (0.0, 0.5, 1.0):
    kx = lerp_keys([[0, 55], [1, 50]], now)
    ky = lerp_keys([[0, 50], [1, 60]], now)
    dx, dy = kx - 50, ky - 50
    th = math.radians(-90)  # the inverse rotation, clockwise degrees with y down
    lx = dx * math.cos(th) - dy * math.sin(th)
    ly = dx * math.sin(th) + dy * math.cos(th)
    vx = clamp(2 * (lx + 10) / 20 - 1, -1, 1)
    vy = clamp(2 * (ly + 10) / 20 - 1, -1, 1)
    print(line(now, {"pad.valueX": vx, "pad.valueY": vy, "flat.valueX": 0.0,
                     "flat.valueY": 0.0}, now >= 1))
