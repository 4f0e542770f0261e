#!/usr/bin/env python3
"""Independent numbers for posepad-handle (see WHY.md). Prints expected.jsonl."""
import json, math

def r(v):
    v = round(v, 9)
    return 0.0 if v == 0 else v

def line(time, values, settled, states={"main": "play"}):
    return json.dumps({"time": time, "values": {k: r(v) if isinstance(v, float) else v
                       for k, v in values.items()},
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

def pad_time(v, invert, duration):
    """SPEC posepad: clamp v to -1..1, negate when inverted, sample at (v + 1) / 2 * duration"""
    v = clamp(v, -1, 1)
    if invert:
        v = -v
    return (v + 1) / 2 * duration

for now in (0.0, 0.5, 1.0):
    hx = lerp_keys([[0, 100], [1, 140]], now) - 100
    hy = lerp_keys([[0, 20], [1, 0]], now) - 0
    vx = clamp(2 * (hx - 0) / 40 - 1, -1, 1)
    vy = clamp(2 * (hy - 0) / 20 - 1, -1, 1)
    x = lerp_keys([[0, 0], [2, 100]], pad_time(vx, False, 2))
    y = lerp_keys([[0, 0], [1, 50]], pad_time(vy, True, 1))
    print(line(now, {"pad.valueX": vx, "pad.valueY": vy, "dot.x": x, "dot.y": y}, now >= 1))
