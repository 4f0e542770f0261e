#!/usr/bin/env python3
"""Independent numbers for rig-copy-position (see WHY.md). Prints expected.jsonl."""
# --- small 2D affine helpers (y down, degrees clockwise) ---
import json, math

def mat(a, b, c, d, e, f):
    return (a, b, c, d, e, f)

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

def local(x=0, y=0, rotate=0, scale=1, sx=1, sy=1, pivot=(0, 0)):
    """SPEC §4: T(x, y) T(pivot) R S T(-pivot)."""
    r = math.radians(rotate)
    a, b = math.cos(r) * scale * sx, math.sin(r) * scale * sx
    c, d = -math.sin(r) * scale * sy, math.cos(r) * scale * sy
    px, py = pivot
    return (a, b, c, d, x + px - (a * px + c * py), y + py - (b * px + d * py))

def parts(m, pivot=(0, 0)):
    """QR: M = R(rot) [[sx, k], [0, sy]], sx >= 0; position = where the pivot lands."""
    a, b, c, d, e, f = m
    sx = math.hypot(a, b)
    rot = math.atan2(b, a) if sx > 0 else math.atan2(d, c) - math.pi / 2
    cr, sr = math.cos(rot), math.sin(rot)
    k, sy = cr * c + sr * d, -sr * c + cr * d
    x, y = apply(m, pivot)
    deg = (math.degrees(rot) + 180) % 360 - 180
    return dict(x=x, y=y, rot=deg, sx=sx, sy=sy, k=k)

def compose(p, pivot=(0, 0)):
    r = math.radians(p["rot"])
    cr, sr = math.cos(r), math.sin(r)
    # R * [[sx, k], [0, sy]]
    a, b = cr * p["sx"], sr * p["sx"]
    c, d = cr * p["k"] - sr * p["sy"], sr * p["k"] + cr * p["sy"]
    px, py = pivot
    return (a, b, c, d, p["x"] - (a * px + c * py), p["y"] - (b * px + d * py))

def blend(m0, m1, w, pivot=(0, 0)):
    if w <= 0:
        return m0
    if w >= 1:
        return m1
    p, q = parts(m0, pivot), parts(m1, pivot)
    turn = (q["rot"] - p["rot"] + 180) % 360 - 180
    if turn == -180:
        turn = 180
    out = {k: p[k] + (q[k] - p[k]) * w for k in ("x", "y", "sx", "sy", "k")}
    out["rot"] = p["rot"] + turn * w
    return compose(out, pivot)

def r(v):
    v = round(v, 9)
    return 0.0 if v == 0 else v

def line(time, values, settled, states=None):
    return json.dumps({"time": time, "values": {k: r(v) for k, v in values.items()},
                       "states": states if states is not None else {"main": "play"},
                       "events": [], "settled": settled})

def values(time):
    tx = 20 * time                      # the linear track t.x 0 -> 20
    # p: copyX only, factorX 2, offset adds p's rest x 3, maxX 30 in world
    px = min(2 * tx + 3, 30)
    py = 4                              # copyY false keeps y
    # q: toSpace local under frame = T(100,0) R(90): local position := t's
    # world position (tx, 10); strength 0.5 blends the local matrix from
    # identity: local (tx/2, 5); world = frame applied to it
    frame = local(x=100, rotate=90)
    world_q = mul(frame, blend(local(), local(x=tx, y=10), 0.5))
    qx, qy = apply(world_q, (0, 0))
    return {"p.world.x": px, "p.world.y": py, "q.world.x": qx, "q.world.y": qy}

for time in (0, 0.5, 1):
    print(line(time, values(time), time == 1))
