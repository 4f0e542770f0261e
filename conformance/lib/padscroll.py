"""Shared arithmetic for the posepad and scroll cases' check.py scripts
(SPEC ## posepad, ## scroll): the expected.jsonl line format, a linear
track sampled at a time, and each chapter's mapping, written from the
chapters' text. Shared here, outside conformance/cases (whose every
directory the runner runs as a case), like outline.py and rigcalc.py."""
import json

def r(v):
    v = round(v, 9)
    return 0.0 if v == 0 else v

def line(time, values, settled, states={"main": "play"}):
    """One snapshot line: floats rounded to 9 places, other values as they are."""
    return json.dumps({"time": time, "values": {k: r(v) if isinstance(v, float) else v
                       for k, v in values.items()},
                       "states": states, "events": [], "settled": settled})

def number_line(time, values, settled, states={"main": "play"}):
    """One snapshot line whose values are all numbers, rounded to 9 places."""
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

def pad_time(v, invert, duration):
    """SPEC posepad: clamp v to -1..1, negate when inverted, sample at (v + 1) / 2 * duration"""
    v = clamp(v, -1, 1)
    if invert:
        v = -v
    return (v + 1) / 2 * duration

def scroll(offset, content, viewport):
    """SPEC scroll: clamp to [0, max(0, content - viewport)]; percent = offset / range, 0 for 0"""
    rng = max(0.0, content - viewport)
    o = clamp(offset, 0, rng)
    return o, (o / rng if rng > 0 else 0.0)
