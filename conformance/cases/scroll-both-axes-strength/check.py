#!/usr/bin/env python3
"""Independent numbers for scroll-both-axes-strength (see WHY.md). Prints expected.jsonl."""
import json, math

def r(v):
    v = round(v, 9)
    return 0.0 if v == 0 else v

def line(time, values, settled, states={"main": "play"}):
    return json.dumps({"time": time, "values": {k: r(float(v)) for k, v in values.items()},
                       "states": states, "events": [], "settled": settled})

def clamp(v, lo, hi):
    return max(lo, min(hi, v))

def lerp_keys(keys, t):
    """a linear track [[t0, v0], [t1, v1], ...] at t (SPEC §5: hold outside)"""
    if t <= keys[0][0]:
        return float(keys[0][1])
    for (ta, va), (tb, vb) in zip(keys, keys[1:]):
        if t <= tb:
            return va + (vb - va) * (t - ta) / (tb - ta)
    return float(keys[-1][1])

def scroll(offset, content, viewport):
    """SPEC scroll: clamp to [0, max(0, content - viewport)]; percent = offset / range, 0 for 0"""
    rng = max(0.0, content - viewport)
    o = clamp(offset, 0, rng)
    return o, (o / rng if rng > 0 else 0.0)

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
