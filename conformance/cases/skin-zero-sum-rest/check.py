#!/usr/bin/env python3
"""Independent numbers for skin-zero-sum-rest (see WHY.md). Prints expected.jsonl."""
import json, math

def mul(l, r):
    a1, b1, c1, d1, e1, f1 = l
    a2, b2, c2, d2, e2, f2 = r
    return (a1 * a2 + c1 * b2, b1 * a2 + d1 * b2, a1 * c2 + c1 * d2, b1 * c2 + d1 * d2,
            a1 * e2 + c1 * f2 + e1, b1 * e2 + d1 * f2 + f1)

def inv(m):
    a, b, c, d, e, f = m
    det = a * d - b * c
    ia, ib, ic, id_ = d / det, -b / det, -c / det, a / det
    return (ia, ib, ic, id_, -(ia * e + ic * f), -(ib * e + id_ * f))

def apply(m, p):
    a, b, c, d, e, f = m
    return (a * p[0] + c * p[1] + e, b * p[0] + d * p[1] + f)

def T(x, y):
    return (1, 0, 0, 1, x, y)

def R(deg):
    r = math.radians(deg)
    return (math.cos(r), math.sin(r), -math.sin(r), math.cos(r), 0, 0)

def skin(point_local, W0, influences):
    """SPEC skin: p' (world) = sum_i w_i * D_i * W0 * p; influences [(w, D)]."""
    q = apply(W0, point_local)
    x = y = 0.0
    for w, D in influences:
        m = apply(D, q)
        x += w * m[0]
        y += w * m[1]
    return (x, y)

def seg_dist(p, a, b):
    dx, dy = b[0] - a[0], b[1] - a[1]
    l2 = dx * dx + dy * dy
    t = 0 if l2 == 0 else max(0, min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / l2))
    return math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy))

def auto(p_world, segments):
    """Two nearest segments, 1/(d + 0.001)^2 each, normalized; [(index, weight)]."""
    ds = sorted(range(len(segments)), key=lambda i: (seg_dist(p_world, *segments[i]), i))[:2]
    if len(segments) == 1:
        return [(0, 1.0)]
    w = [1 / (seg_dist(p_world, *segments[i]) + 0.001) ** 2 for i in ds]
    return [(ds[0], w[0] / sum(w)), (ds[1], w[1] / sum(w))]

def r(v):
    v = round(v, 9)
    return 0.0 if v == 0 else v

def line(time, values, settled):
    return json.dumps({"time": time, "values": {k: r(v) for k, v in values.items()},
                       "states": {"main": "play"}, "events": [], "settled": settled})

def values(t):
    D = R(90 * t)
    x0, y0 = skin((10, 0), T(0, 0), [(1, T(0, 0))])
    x1, y1 = skin((40, 0), T(0, 0), [(0.5, D), (0.5, T(0, 0))])
    return {"p.skin.point.0.x": x0, "p.skin.point.0.y": y0,
            "p.skin.point.1.x": x1, "p.skin.point.1.y": y1}

TIMES = [0, 0.5, 1]
now = prev = 0.0
for t in TIMES:
    now += t - prev
    prev = t
    print(line(now, values(now), now >= 1))
