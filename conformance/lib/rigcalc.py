"""Transform arithmetic for the rig cases' check.py scripts (SPEC ## rig,
"Constraint fields and evaluation"), written from the chapter's text:
matrices (a, b, c, d, e, f) with x' = a·x + c·y + e, y' = b·x + d·y + f
(y down, degrees clockwise), QR parts (rotation, scaleX >= 0, signed scaleY,
shear), the strength blend (linear parts, rotation along the shorter arc,
the positive half-turn winning a tie) and the expected.jsonl line format.
Shared here, outside conformance/cases (whose every directory the runner
runs as a case); see conformance/lib/outline.py for the path cases."""
import json, math

def matrix(x=0.0, y=0.0, rot=0.0, sx=1.0, sy=1.0):
    """T(x, y)·R(rot)·S(sx, sy)."""
    r = math.radians(rot)
    return (math.cos(r) * sx, math.sin(r) * sx, -math.sin(r) * sy, math.cos(r) * sy, x, y)

def multiply(l, r):
    return (l[0] * r[0] + l[2] * r[1], l[1] * r[0] + l[3] * r[1],
            l[0] * r[2] + l[2] * r[3], l[1] * r[2] + l[3] * r[3],
            l[0] * r[4] + l[2] * r[5] + l[4], l[1] * r[4] + l[3] * r[5] + l[5])

def apply(m, p):
    return (m[0] * p[0] + m[2] * p[1] + m[4], m[1] * p[0] + m[3] * p[1] + m[5])

def norm(deg):
    return (deg + 180) % 360 - 180

def parts(m):
    """M = T·R(rot)·[[sx, k], [0, sy]] with sx >= 0."""
    a, b, c, d, e, f = m
    sx = math.hypot(a, b)
    rot = math.degrees(math.atan2(b, a))
    ct, st = math.cos(math.radians(rot)), math.sin(math.radians(rot))
    return dict(x=e, y=f, rot=norm(rot), sx=sx, sy=-st * c + ct * d, k=ct * c + st * d)

def blend(p, q, w):
    """Strength w of q over p: position, scales and shear linearly, the
    rotation along the shorter arc (+180 on an exact tie)."""
    delta = norm(q["rot"] - p["rot"])
    if delta == -180:
        delta = 180
    out = {key: p[key] + (q[key] - p[key]) * w for key in ("x", "y", "sx", "sy", "k")}
    out["rot"] = norm(p["rot"] + delta * w)
    return out

def r(v):
    v = round(v, 9)
    return 0.0 if v == 0 else v

def line(time, values, settled, states=None):
    return json.dumps({"time": time, "values": {k: r(v) for k, v in values.items()},
                       "states": states or {"main": "play"}, "events": [],
                       "settled": settled})

def world(prefix, p):
    """The <id>.world.* addresses of parts p."""
    return {prefix + ".world.x": p["x"], prefix + ".world.y": p["y"],
            prefix + ".world.rotate": p["rot"], prefix + ".world.scaleX": p["sx"],
            prefix + ".world.scaleY": p["sy"]}
