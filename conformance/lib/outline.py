"""Outline walking for the pathfollow cases' check.py scripts: an
independent reading of SPEC paint "Shared outline lengths" and SPEC
pathfollow (cubic subdivision at t = 0.5 until control polygon minus chord
<= 0.0001 or depth 20, each accepted piece measured as the mean of polygon
and chord), plus the expected.jsonl line format. Shared here, outside
conformance/cases (whose every directory the runner runs as a case), the
way conformance/openbone/oblib.py serves the OpenBone cases.

A case's check.py imports it with
    sys.path.insert(0, <case>/../../lib); from outline import *
"""
import json, math

K = 4 * (math.sqrt(2) - 1) / 3          # quarter-circle handle of a unit circle

def circle(cx, cy, r):
    """SPEC §4: starts at angle 0, increasing angle (clockwise, y down), 4 quarter cubics."""
    k = K * r
    return [("M", (cx + r, cy)),
            ("C", (cx + r, cy + k), (cx + k, cy + r), (cx, cy + r)),
            ("C", (cx - k, cy + r), (cx - r, cy + k), (cx - r, cy)),
            ("C", (cx - r, cy - k), (cx - k, cy - r), (cx, cy - r)),
            ("C", (cx + k, cy - r), (cx + r, cy - k), (cx + r, cy)),
            ("Z",)]

def polyline(points, closed):
    segs = [("M", points[0])] + [("L", p) for p in points[1:]]
    return segs + [("Z",)] if closed else segs

def dist(a, b):
    return math.hypot(b[0] - a[0], b[1] - a[1])

def mid(a, b):
    return ((a[0] + b[0]) * 0.5, (a[1] + b[1]) * 0.5)

def pieces(c, depth=0):
    """Accepted pieces: split at t = 0.5 until polygon - chord <= 0.0001 or depth 20."""
    chord = dist(c[0], c[3])
    poly = dist(c[0], c[1]) + dist(c[1], c[2]) + dist(c[2], c[3])
    if poly - chord <= 0.0001 or depth >= 20:
        return [("C", c, (poly + chord) / 2)]
    ab, bc, cd = mid(c[0], c[1]), mid(c[1], c[2]), mid(c[2], c[3])
    abc, bcd = mid(ab, bc), mid(bc, cd)
    m = mid(abc, bcd)
    return pieces((c[0], ab, abc, m), depth + 1) + pieces((m, bcd, cd, c[3]), depth + 1)

def stretches(segs):
    out, cur, start = [], (0, 0), (0, 0)
    for s in segs:
        if s[0] == "M":
            cur = start = s[1]
        elif s[0] in ("L", "Z"):
            end = s[1] if s[0] == "L" else start
            out.append(("L", (cur, end), dist(cur, end)))
            cur = end
        else:
            out += pieces((cur, s[1], s[2], s[3]))
            cur = s[3]
    return out

def bez(c, t):
    l = lambda a, b: (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
    ab, bc, cd = l(c[0], c[1]), l(c[1], c[2]), l(c[2], c[3])
    abc, bcd = l(ab, bc), l(bc, cd)
    return l(abc, bcd), (bcd[0] - abc[0], bcd[1] - abc[1])

def at(segs, f, closed):
    """Point and heading (degrees, 0 along +x) at fraction f."""
    parts = stretches(segs)
    total = sum(p[2] for p in parts)
    f = f - math.floor(f) if closed else min(max(f, 0), 1)
    want, acc = f * total, 0.0
    for kind, c, length in parts:
        if length > 0 and acc + length >= want:
            t = min(max((want - acc) / length, 0), 1)
            if kind == "L":
                p = (c[0][0] + (c[1][0] - c[0][0]) * t, c[0][1] + (c[1][1] - c[0][1]) * t)
                d = (c[1][0] - c[0][0], c[1][1] - c[0][1])
            else:
                p, d = bez(c, t)
            return p, math.degrees(math.atan2(d[1], d[0]))
        acc += length
    raise ValueError("past the end")

def norm(deg):
    return (deg + 180) % 360 - 180

def r(v):
    v = round(v, 9)
    return 0.0 if v == 0 else v

def line(time, values, settled):
    return json.dumps({"time": time, "values": {k: r(v) for k, v in values.items()},
                       "states": {"main": "play"}, "events": [], "settled": settled})

