#!/usr/bin/env python3
"""Independent numbers for rig-constraint-strength (SPEC rig, "Constraint
fields and evaluation": QR parts, blend about the pivot, shortest arc).
Prints expected.jsonl."""
import json, math

def parts(a, b, c, d, e, f):
    # M = [[a, c], [b, d]] = R(theta) [[sx, k], [0, sy]], sx >= 0
    sx = math.hypot(a, b)
    theta = math.degrees(math.atan2(b, a))
    ct, st = math.cos(math.radians(theta)), math.sin(math.radians(theta))
    k = ct * c + st * d
    sy = -st * c + ct * d
    return dict(x=e, y=f, rot=(theta + 180) % 360 - 180, sx=sx, sy=sy, k=k)

def matrix(x, y, rot, sx, sy):
    r = math.radians(rot)
    return (math.cos(r) * sx, math.sin(r) * sx, -math.sin(r) * sy, math.cos(r) * sy, x, y)

def blend(p, q, w):
    delta = (q["rot"] - p["rot"] + 180) % 360 - 180
    if delta == -180:
        delta = 180  # the positive half-turn wins a tie
    out = {key: p[key] + (q[key] - p[key]) * w for key in ("x", "y", "sx", "sy", "k")}
    out["rot"] = (p["rot"] + delta * w + 180) % 360 - 180
    return out

def r(v):
    v = round(v, 9)
    return 0.0 if v == 0 else v

target = parts(*matrix(40, 10, 30, 2, 0.5))
host = parts(*matrix(4, -2, -60, 1, 1))
u = parts(*matrix(0, 0, -170, 1, 1))
v = parts(*matrix(0, 0, 170, 1, 1))
for time in (0, 0.5, 0.75, 1):
    w = time  # strength track 0 -> 1, linear
    h = blend(host, target, w) if w > 0 else host
    vr = blend(v, dict(v, rot=u["rot"]), w)["rot"] if w > 0 else v["rot"]
    values = {"h.world.x": r(h["x"]), "h.world.y": r(h["y"]), "h.world.rotate": r(h["rot"]),
              "h.world.scaleX": r(h["sx"]), "h.world.scaleY": r(h["sy"]),
              "v.world.rotate": r(vr)}
    print(json.dumps({"time": time, "values": values, "states": {"main": "play"},
                      "events": [], "settled": time == 1}))
