#!/usr/bin/env python3
"""Independent numbers for posepad-invert-clamp (see WHY.md). Prints expected.jsonl."""
import json, math
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "lib"))
from padscroll import r, clamp, lerp_keys, pad_time, line  # conformance/lib/padscroll.py

for now in (0.0, 0.25, 0.5):
    vx = clamp(lerp_keys([[0, 0.5], [1, -3]], now), -1, 1)
    vy = clamp(lerp_keys([[0, -1], [1, 1]], now), -1, 1)
    x = lerp_keys([[0, 0], [2, 100]], pad_time(vx, True, 2))
    o = clamp(lerp_keys([[0, 0], [1, 3]], pad_time(vy, False, 1)), 0, 1)
    print(line(now, {"dot.x": x, "dot.opacity": o, "pad.valueX": vx, "pad.valueY": vy}, False))
