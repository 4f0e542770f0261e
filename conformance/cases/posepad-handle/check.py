#!/usr/bin/env python3
"""Independent numbers for posepad-handle (see WHY.md). Prints expected.jsonl."""
import json, math
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "lib"))
from padscroll import r, clamp, lerp_keys, pad_time, line  # conformance/lib/padscroll.py

for now in (0.0, 0.5, 1.0):
    hx = lerp_keys([[0, 100], [1, 140]], now) - 100
    hy = lerp_keys([[0, 20], [1, 0]], now) - 0
    vx = clamp(2 * (hx - 0) / 40 - 1, -1, 1)
    vy = clamp(2 * (hy - 0) / 20 - 1, -1, 1)
    x = lerp_keys([[0, 0], [2, 100]], pad_time(vx, False, 2))
    y = lerp_keys([[0, 0], [1, 50]], pad_time(vy, True, 1))
    print(line(now, {"pad.valueX": vx, "pad.valueY": vy, "dot.x": x, "dot.y": y}, now >= 1))
