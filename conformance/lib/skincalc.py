"""Skin and contour arithmetic for the skin-module-contour-* cases'
check.py scripts, written from SPEC `## skin` and `## contour` alone:
p' = sum_i w_i * D_i * W0 * p (world), D_i = B_i(now) * B_i(rest)^-1,
automatic weights 1/(d + 0.001)^2 on the two nearest bone segments, and
the contour's rounded corner (one cutback, natural-rounding controls),
flattened and tested for a pointer hit by nonzero winding. Matrices are
(a, b, c, d, e, f) with x' = a*x + c*y + e, y' = b*x + d*y + f (y down,
degrees clockwise). Shared here, outside conformance/cases."""
import json, math

def mul(l, r):
    return (l[0] * r[0] + l[2] * r[1], l[1] * r[0] + l[3] * r[1],
            l[0] * r[2] + l[2] * r[3], l[1] * r[2] + l[3] * r[3],
            l[0] * r[4] + l[2] * r[5] + l[4], l[1] * r[4] + l[3] * r[5] + l[5])

def inv(m):
    a, b, c, d, e, f = m
    det = a * d - b * c
    ia, ib, ic, id_ = d / det, -b / det, -c / det, a / det
    return (ia, ib, ic, id_, -(ia * e + ic * f), -(ib * e + id_ * f))

def apply(m, p):
    return (m[0] * p[0] + m[2] * p[1] + m[4], m[1] * p[0] + m[3] * p[1] + m[5])

def T(x, y):
    return (1, 0, 0, 1, x, y)

def R(deg):
    r = math.radians(deg)
    return (math.cos(r), math.sin(r), -math.sin(r), math.cos(r), 0, 0)

I = T(0, 0)

def skin_world(p_local, W0, influences):
    """sum_i w_i * D_i * W0 * p; influences [(w, D)], @rest as (w, I)."""
    q = apply(W0, p_local)
    x = y = 0.0
    for w, D in influences:
        m = apply(D, q)
        x, y = x + w * m[0], y + w * m[1]
    return (x, y)

def skin_local(p_local, W0, influences):
    """The deformed point back in the node's space: W0^-1 * sum."""
    return apply(inv(W0), skin_world(p_local, W0, influences))

def seg_dist(p, a, b):
    dx, dy = b[0] - a[0], b[1] - a[1]
    l2 = dx * dx + dy * dy
    t = 0 if l2 == 0 else max(0, min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / l2))
    return math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy))

def auto(p_world, segments):
    """The two nearest bone segments (earlier listed wins a tie), 1/(d + 0.001)^2
    each, normalized: [(bone index, weight)]."""
    if len(segments) == 1:
        return [(0, 1.0)]
    ds = sorted(range(len(segments)), key=lambda i: (seg_dist(p_world, *segments[i]), i))[:2]
    w = [1 / (seg_dist(p_world, *segments[i]) + 0.001) ** 2 for i in ds]
    return [(ds[0], w[0] / sum(w)), (ds[1], w[1] / sum(w))]

# ---- the contour chapter's construction (straight and rounded vertices) ----

def rounding_fraction(theta):
    k = 1 + math.cos(theta) if theta < math.pi / 2 else 2 - math.sin(theta)
    return min(1.0, (4 / 3) * math.tan(theta / 4) * k)

def contour_segments(points, radii, closed):
    """A contour of straight vertices and rounded ones (radius > 0) as
    [("M", p), ("L", p), ("C", c1, c2, p), ("Z",)]: each rounded corner cut
    back by min(radius, half of each adjacent length), joined by a cubic
    whose controls lie fraction h from each cut toward the corner."""
    n = len(points)
    corners = []
    for i, p in enumerate(points):
        has = closed or 0 < i < n - 1
        if radii[i] > 0 and has:
            a, b = points[(i - 1) % n], points[(i + 1) % n]
            u, v = (a[0] - p[0], a[1] - p[1]), (b[0] - p[0], b[1] - p[1])
            lu, lv = math.hypot(*u), math.hypot(*v)
            if lu > 0 and lv > 0:
                cut = min(radii[i], lu / 2, lv / 2)
                theta = math.atan2(abs(u[0] * v[1] - u[1] * v[0]), u[0] * v[0] + u[1] * v[1])
                h = rounding_fraction(theta)
                c_in = (p[0] + u[0] / lu * cut, p[1] + u[1] / lu * cut)
                c_out = (p[0] + v[0] / lv * cut, p[1] + v[1] / lv * cut)
                k1 = (c_in[0] + h * (p[0] - c_in[0]), c_in[1] + h * (p[1] - c_in[1]))
                k2 = (c_out[0] + h * (p[0] - c_out[0]), c_out[1] + h * (p[1] - c_out[1]))
                corners.append((c_in, ("C", k1, k2, c_out)))
                continue
        corners.append((p, None))
    segs = []
    for i, (start, cubic) in enumerate(corners):
        segs.append(("M", start) if i == 0 else ("L", start))
        if cubic:
            segs.append(cubic)
    if closed:
        segs.append(("L", corners[0][0]))
        segs.append(("Z",))
    return segs

def flatten(segs, steps=256):
    """Points along the outline (cubics sampled finely)."""
    out, cur = [], None
    for s in segs:
        if s[0] in ("M", "L"):
            cur = s[1]
            out.append(cur)
        elif s[0] == "C":
            p0, (c1, c2, p3) = cur, s[1:]
            for k in range(1, steps + 1):
                t = k / steps
                mt = 1 - t
                out.append((mt ** 3 * p0[0] + 3 * mt * mt * t * c1[0] + 3 * mt * t * t * c2[0] + t ** 3 * p3[0],
                            mt ** 3 * p0[1] + 3 * mt * mt * t * c1[1] + 3 * mt * t * t * c2[1] + t ** 3 * p3[1]))
            cur = p3
    return out

def inside(polygon, p):
    """Nonzero winding of the closed polygon around p."""
    wn = 0
    for i in range(len(polygon)):
        a, b = polygon[i], polygon[(i + 1) % len(polygon)]
        cross = (b[0] - a[0]) * (p[1] - a[1]) - (p[0] - a[0]) * (b[1] - a[1])
        if a[1] <= p[1] < b[1] and cross > 0:
            wn += 1
        elif b[1] <= p[1] < a[1] and cross < 0:
            wn -= 1
    return wn != 0

def r(v):
    if isinstance(v, bool):
        return v
    v = round(v, 9)
    return 0.0 if v == 0 else v

def line(time, values, settled, states=None):
    return json.dumps({"time": time, "values": {k: r(v) for k, v in values.items()},
                       "states": states or {"main": "play"}, "events": [],
                       "settled": settled})
