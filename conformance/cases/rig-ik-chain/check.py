#!/usr/bin/env python3
"""Independent numbers for rig-ik-chain (SPEC ik: "in FK order, each of the
first n-1 links performs one analytic two-link solve against the final tip,
with the downstream subchain rotated as a rigid remainder"; bend cw). The
chain is three bones of length 10 from (0, 0) with no parent transform, so
parent space is world space turned by the parent's world angle. Each step
solves from the authored pose (all local rotations 0). Prints
expected.jsonl."""
import json, math

LENGTHS = [10, 10, 10]

def forward(rotations):
    """Joint points and world angles (degrees) of the chain."""
    points, angles, angle = [(0.0, 0.0)], [], 0.0
    for rotation, length in zip(rotations, LENGTHS):
        angle += rotation
        angles.append(angle)
        x, y = points[-1]
        points.append((x + length * math.cos(math.radians(angle)),
                       y + length * math.sin(math.radians(angle))))
    return points, angles

def solve(target, side=1):
    rotations = [0.0] * len(LENGTHS)
    for i in range(len(LENGTHS) - 1):
        points, angles = forward(rotations)
        start, joint, tip = points[i], points[i + 1], points[-1]
        parent = angles[i - 1] if i > 0 else 0.0
        a = math.dist(joint, tip)      # the rigid remainder
        b = math.dist(start, joint)    # link i
        c = math.dist(start, target)
        at_start, at_joint = 0.0, math.pi   # straight at (within 1e-9 of) full reach
        if c < (a + b) * (1 - 1e-9):
            at_start = math.acos(max(-1, min(1, (b * b + c * c - a * a) / (2 * b * c))))
            at_joint = math.acos(max(-1, min(1, (a * a + b * b - c * c) / (2 * a * b))))
        # the remainder's direction in link i+1's own frame
        correction = -(math.atan2(tip[1] - joint[1], tip[0] - joint[0])
                       - math.radians(angles[i + 1]))
        toward = math.atan2(target[1] - start[1], target[0] - start[0])
        rotations[i] = math.degrees(toward + side * at_start) - parent
        rotations[i + 1] = math.degrees(side * (at_joint - math.pi) + correction)
    return rotations

def r(v):
    v = round(v, 9)
    return 0.0 if v == 0 else v

def norm(d):
    return (d + 180) % 360 - 180

for time in (0, 0.5, 1):
    target = (15 + 25 * time, 5 - 5 * time)   # linear tracks
    points, angles = forward(solve(target))
    values = {"a.world.rotate": r(norm(angles[0])),
              "b.world.x": r(points[1][0]), "b.world.y": r(points[1][1]),
              "b.world.rotate": r(norm(angles[1])),
              "c.world.x": r(points[2][0]), "c.world.y": r(points[2][1]),
              "c.world.rotate": r(norm(angles[2])),
              "c.tip.x": r(points[3][0]), "c.tip.y": r(points[3][1])}
    print(json.dumps({"time": time, "values": values, "states": {"main": "play"},
                      "events": [], "settled": time == 1}))
