#!/usr/bin/env python3
"""Independent numbers for posepad-two-axis (see WHY.md). Prints expected.jsonl."""
import json, math
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "lib"))
from padscroll import r, clamp, lerp_keys, pad_time, line  # conformance/lib/padscroll.py

for now in (0.0, 0.5, 1.0):
    vx = lerp_keys([[0, -1], [1, 1]], now)
    vy = lerp_keys([[0, 0.5], [1, -0.5]], now)
    x = lerp_keys([[0, 0], [2, 100]], pad_time(vx, False, 2))
    y = lerp_keys([[0, 0], [1, 50]], pad_time(vy, False, 1))
    print(line(now, {"dot.x": x, "dot.y": y, "pad.valueX": vx, "pad.valueY": vy}, now >= 1))
