#!/usr/bin/env python3
"""Independent numbers for scroll-subtree-bounds (see WHY.md). Prints expected.jsonl."""
import json, math
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "lib"))
from padscroll import r, clamp, lerp_keys, scroll, number_line as line  # conformance/lib/padscroll.py

def cubic(a, b, c, d, t):
    u = 1 - t
    return u**3 * a + 3 * u * u * t * b + 3 * u * t * t * c + t**3 * d
# the curve's y extreme, found by sampling densely (independent of the runtime's root solve)
curve_max = max(cubic(150, 250, 250, 150, i / 10000) for i in range(10001))
content = max(100, curve_max, 20 + 2 * 100) - min(0, 150, 20)
view = 100
for now, offset in ((0.0, 62.5), (1.0, 1000)):
    o, p = scroll(offset, content, view)
    print(line(now, {"list.world.y": -o, "list.constraints.0.percentY": p}, now >= 1))
