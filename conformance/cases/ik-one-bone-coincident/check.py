#!/usr/bin/env python3
"""Independent numbers for ik-one-bone-coincident (see WHY.md). Prints expected.jsonl."""
import json, math

def norm(deg):
    return (deg + 180) % 360 - 180

def mixa(frm, to, s):
    """the shorter arc from `frm` to `to` (degrees), a fraction s of it"""
    turn = math.fmod(to - frm, 360)
    if turn > 180:
        turn -= 360
    elif turn <= -180:
        turn += 360
    return frm + turn * s

def aim(start, target):
    return math.degrees(math.atan2(target[1] - start[0 + 1], target[0] - start[0]))

def two(start, l1, l2, target, side):
    """SPEC ik: law of cosines; cw (side +1) puts the joint on the screen-clockwise side of
    start -> target; beyond reach both bones straighten towards the target. Returns the world
    rotations of the two bones (degrees)."""
    dx, dy = target[0] - start[0], target[1] - start[1]
    c = math.hypot(dx, dy)
    th = math.atan2(dy, dx)
    if c >= l1 + l2:
        return math.degrees(th), math.degrees(th)
    at_start = math.acos(max(-1, min(1, (l1 * l1 + c * c - l2 * l2) / (2 * l1 * c))))
    at_joint = math.acos(max(-1, min(1, (l1 * l1 + l2 * l2 - c * c) / (2 * l1 * l2))))
    r1 = th + side * at_start
    r2 = side * (at_joint - math.pi)
    return math.degrees(r1), math.degrees(r1 + r2)

def tip(start, rotations, lengths):
    x, y = start
    for r, l in zip(rotations, lengths):
        x += l * math.cos(math.radians(r))
        y += l * math.sin(math.radians(r))
    return x, y

def r(v):
    v = round(v, 9)
    return 0.0 if v == 0 else v

def line(time, values, settled):
    return json.dumps({"time": time, "values": {k: r(v) for k, v in values.items()},
                       "states": {"main": "play"}, "events": [], "settled": settled})

def values(t):
    tx, ty = 10 - 20 * t, -10 + 20 * t
    rot = 20 if (tx, ty) == (0, 0) else aim((0, 0), (tx, ty))
    x, y = tip((0, 0), (rot,), (10,))
    return {"a.world.rotate": norm(rot), "a.tip.x": x, "a.tip.y": y}

TIMES = [0, 0.25, 0.5, 1]
now = prev = 0.0
for t in TIMES:
    now += t - prev
    prev = t
    print(line(now, values(now), now >= 1))
