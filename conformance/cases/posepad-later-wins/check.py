#!/usr/bin/env python3
"""Independent numbers for posepad-later-wins (see WHY.md). Prints expected.jsonl."""
import json, math
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "lib"))
from padscroll import r, clamp, lerp_keys, pad_time, line  # conformance/lib/padscroll.py

x = 1000.0
y = 7.0
x = lerp_keys([[0, 0], [1, 10]], pad_time(0, False, 1))        # first, X: a
x = lerp_keys([[0, -5], [1, -5]], pad_time(0, False, 1))       # first, Y: c
rr = lerp_keys([[0, 1], [1, 9]], pad_time(0, False, 1))
x = lerp_keys([[0, 100], [1, 200]], pad_time(-1, False, 1))    # second, X: b
print(line(0.0, {"dot.x": x, "dot.y": y, "dot.r": rr}, False))
