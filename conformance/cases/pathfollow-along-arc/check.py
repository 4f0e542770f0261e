#!/usr/bin/env python3
"""Independent numbers for pathfollow-along-arc (see WHY.md). Prints expected.jsonl."""
import json, math, os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "lib"))
from outline import *  # the outline walk and line format: conformance/lib/outline.py
def arc(cx, cy, r, a0, a1):
    """SPEC §4 arc / §3: equal cubic pieces of at most 90 degrees, increasing angle."""
    n = max(1, math.ceil((a1 - a0) / 90 - 1e-12))
    step = (a1 - a0) / n
    k = 4 / 3 * math.tan(math.radians(step) / 4) * r
    segs = [("M", (cx + r * math.cos(math.radians(a0)), cy + r * math.sin(math.radians(a0))))]
    for i in range(n):
        s, e = math.radians(a0 + i * step), math.radians(a0 + (i + 1) * step)
        p0 = (cx + r * math.cos(s), cy + r * math.sin(s))
        p3 = (cx + r * math.cos(e), cy + r * math.sin(e))
        segs.append(("C", (p0[0] - k * math.sin(s), p0[1] + k * math.cos(s)),
                     (p3[0] + k * math.sin(e), p3[1] - k * math.cos(e)), p3))
    return segs

SEGS = arc(0, 0, 40, 0, 180)
def values(t):
    p, h = at(SEGS, t, False)
    q, _ = at(SEGS, 1.5, False)
    return {"a.world.x": p[0], "a.world.y": p[1], "a.world.rotate": norm(h),
            "e.world.x": q[0], "e.world.y": q[1]}

TIMES = [0, 0.25, 0.75, 1]
now = prev = 0.0
for t in TIMES:
    now += t - prev
    prev = t
    print(line(now, values(now), now >= 1))
