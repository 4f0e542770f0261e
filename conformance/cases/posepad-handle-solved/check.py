#!/usr/bin/env python3
"""Independent numbers for posepad-handle-solved (see WHY.md). Prints expected.jsonl."""
import json, math
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "lib"))
from padscroll import r, clamp, lerp_keys, pad_time, line  # conformance/lib/padscroll.py

for now in (0.0, 0.25, 1.0):
    ax = lerp_keys([[0, 0], [1, 100]], now)
    vx = clamp(2 * ax / 100 - 1, -1, 1)
    vy = clamp(2 * 0 / 100 - 1, -1, 1)
    x = lerp_keys([[0, 0], [1, 80]], pad_time(vx, False, 1))
    print(line(now, {"knob.world.x": ax, "pad.valueX": vx, "pad.valueY": vy, "dot.x": x},
               now >= 1))
