#!/usr/bin/env python3
"""Independent numbers for rig-bone-chains (SPEC rig, "Bone frames and rigid
art"): 3x3 matrices, y down, degrees clockwise. Prints expected.jsonl."""
import json, math

def mul(a, b):
    return [[sum(a[i][k] * b[k][j] for k in range(3)) for j in range(3)] for i in range(3)]

def T(x, y): return [[1, 0, x], [0, 1, y], [0, 0, 1]]

def R(deg):
    r = math.radians(deg); c, s = math.cos(r), math.sin(r)
    return [[c, -s, 0], [s, c, 0], [0, 0, 1]]

def inv(m):
    a, b, c, d = m[0][0], m[0][1], m[1][0], m[1][1]
    det = a * d - b * c
    ia = [[d / det, -b / det], [-c / det, a / det]]
    e = [-(ia[0][0] * m[0][2] + ia[0][1] * m[1][2]), -(ia[1][0] * m[0][2] + ia[1][1] * m[1][2])]
    return [[ia[0][0], ia[0][1], e[0]], [ia[1][0], ia[1][1], e[1]], [0, 0, 1]]

def point(m, x, y): return (m[0][0] * x + m[0][1] * y + m[0][2], m[1][0] * x + m[1][1] * y + m[1][2])

def angle(m):
    d = math.degrees(math.atan2(m[1][0], m[0][0]))
    return (d + 180) % 360 - 180

def r(v):
    v = round(v, 9)
    return 0.0 if v == 0 else v

G = T(10, 0)
rest_upper = mul(T(20, 30), R(90))
rest_fore = mul(mul(rest_upper, T(40, 0)), R(-90))
lines = []
for time in (0, 0.5, 1):
    up_rot = 90 + (0 - 90) * time          # linear track 90 -> 0
    fore_len = 30 + (50 - 30) * time       # linear track 30 -> 50
    upper = mul(T(20, 30), R(up_rot))       # root: T(x,y) R
    fore = mul(mul(upper, T(40, 0)), R(-90))  # chained: parent tip, then R
    hand = mul(G, mul(fore, inv(rest_fore)))  # rigid art: F(now) F(rest)^-1
    W = lambda m: mul(G, m)
    v = {}
    for name, m, length in (("upper", upper, 40), ("fore", fore, fore_len)):
        x, y = point(W(m), 0, 0)
        tx, ty = point(W(m), length, 0)
        v.update({f"{name}.world.x": r(x), f"{name}.world.y": r(y),
                  f"{name}.world.rotate": r(angle(W(m))),
                  f"{name}.tip.x": r(tx), f"{name}.tip.y": r(ty)})
    hx, hy = point(hand, 0, 0)
    v.update({"hand.world.x": r(hx), "hand.world.y": r(hy), "hand.world.rotate": r(angle(hand))})
    lines.append({"time": time, "values": v, "states": {"main": "play"}, "events": [],
                  "settled": time == 1})
for line in lines:
    print(json.dumps(line))
