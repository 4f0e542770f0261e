#!/usr/bin/env python3
"""Independent numbers for scroll-thumb (see WHY.md). Prints expected.jsonl."""
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

for now in (0.0, 0.5, 1.0):
    o, p = scroll(lerp_keys([[0, 0], [1, 300]], now), 400, 100)
    track_start, track_len = 0, 100
    thumb = track_start + p * (track_len - 20)
    length = min(track_len, max(10, track_len * 100 / 400))
    sized = track_start + p * (track_len - length)
    print(line(now, {"list.constraints.0.percentY": p, "thumb.world.y": thumb,
                     "thumb.world.scaleY": 1, "sized.world.y": sized,
                     "sized.world.scaleY": length / 10}, now >= 1))
