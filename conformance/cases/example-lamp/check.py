#!/usr/bin/env python3
"""Independent numbers for example-lamp (see WHY.md): the aim point from the
crossfades (SPEC §7), the two-bone IK from the law of cosines (SPEC ## ik).
Prints expected.jsonl."""
import json, math

HINGE = (8.0, 20.0)      # lower: a root at (8, 20)
L1, L2 = 8.0, 7.0        # lower and upper lengths
REST = (15.0, 12.0)      # aim at rest
LEFT, TOP, RIGHT = (4.0, 7.0), (11.0, 4.0), (20.0, 13.0)

def norm(deg):
    return (deg + 180) % 360 - 180

def ik(target):
    """lower and upper world rotations, the joint and the tip, bend ccw."""
    dx, dy = target[0] - HINGE[0], target[1] - HINGE[1]
    d = math.hypot(dx, dy)
    theta = math.degrees(math.atan2(dy, dx))
    if d >= L1 + L2:                     # out of reach: straight towards the target
        a1 = a2 = theta
    else:                                # ccw: the joint on the other side than cw's θ + α
        alpha = math.degrees(math.acos((L1 * L1 + d * d - L2 * L2) / (2 * L1 * d)))
        a1 = theta - alpha
    joint = (HINGE[0] + L1 * math.cos(math.radians(a1)), HINGE[1] + L1 * math.sin(math.radians(a1)))
    if d < L1 + L2:
        a2 = math.degrees(math.atan2(target[1] - joint[1], target[0] - joint[0]))
    tip = (joint[0] + L2 * math.cos(math.radians(a2)), joint[1] + L2 * math.sin(math.radians(a2)))
    return norm(a1), norm(a2), joint, tip

def mix(a, b, w):
    return (a[0] + (b[0] - a[0]) * w, a[1] + (b[1] - a[1]) * w)

def r(v):
    v = round(v, 9)
    return 0.0 if v == 0 else v

def arm(aim, full=True):
    a1, a2, joint, tip = ik(aim)
    values = {"aim.x": aim[0], "aim.y": aim[1], "lower.world.rotate": a1,
              "upper.world.rotate": a2}
    if full:
        values.update({"upper.world.x": joint[0], "upper.world.y": joint[1]})
    values.update({"upper.tip.x": tip[0], "upper.tip.y": tip[1]})
    return values

def line(time, values, look, light, settled):
    return json.dumps({"time": time, "values": {k: (r(v) if isinstance(v, float) else v)
                                                for k, v in values.items()},
                       "states": {"look": look, "light": light}, "events": [],
                       "settled": settled})

# inOut at progress 0.5 is 0.5 (the curve is symmetric about its middle).
print(line(0.0, arm(REST), "rest", "off", False))  # before any step: not settled
print(line(0.125, arm(mix(REST, LEFT, 0.5)), "left", "off", False))
print(line(0.25, arm(LEFT), "left", "off", True))
print(line(0.5, arm(TOP), "top", "off", True))
print(line(0.75, arm(RIGHT), "right", "off", True))
print(line(0.9, {"lit": True, "beam.opacity": 0.35}, "right", "on", True))
print(line(1.3, arm(REST, False), "rest", "on", True))
