#!/usr/bin/env python3
"""Independent numbers for scroll-both-axes-strength (see WHY.md). Prints expected.jsonl."""
import json, math
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "lib"))
from padscroll import r, clamp, lerp_keys, scroll, number_line as line  # conformance/lib/padscroll.py

ox, px = scroll(50, 200, 100)
oy, py = scroll(30, 150, 100)
sx, sy = 10 - ox, 10 - oy
hx, hy = 10 + (sx - 10) * 0.5, 10 + (sy - 10) * 0.5
so, sp = scroll(20, 50, 100)
print(json.dumps({"time": 0.0, "values": {k: r(float(v)) for k, v in {
    "sheet.world.x": sx, "sheet.world.y": sy, "sheet.constraints.0.percentX": px,
    "sheet.constraints.0.percentY": py, "half.world.x": hx, "half.world.y": hy,
    "half.constraints.0.percentX": px, "short.world.x": -so, "short.world.y": -so,
    "short.constraints.0.percentX": sp, "short.constraints.0.percentY": sp}.items()},
    "states": {}, "events": [], "settled": True}))
