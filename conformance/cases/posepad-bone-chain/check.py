#!/usr/bin/env python3
"""Independent numbers for posepad-bone-chain (see WHY.md). Prints expected.jsonl."""
import json, math
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "lib"))
from padscroll import r, clamp, lerp_keys, pad_time, line  # conformance/lib/padscroll.py

for now in (0.0, 0.5, 1.0):
    v = lerp_keys([[0, -1], [1, 1]], now)
    rot = lerp_keys([[0, 0], [1, 90]], pad_time(v, False, 1))
    tip = (10 + 10 * math.cos(math.radians(rot)), 10 * math.sin(math.radians(rot)))
    print(line(now, {"b.rotate": rot, "b.world.rotate": rot, "b.tip.x": tip[0],
                     "b.tip.y": tip[1], "shadow.world.rotate": rot}, now >= 1))
