#!/usr/bin/env python3
"""Independent numbers for scroll-subtree-bounds (see WHY.md). Prints expected.jsonl."""
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
