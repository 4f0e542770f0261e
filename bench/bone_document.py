#!/usr/bin/env python3
"""Writes bench/bone-60.obone: the OpenBone frame bench of issue 17
(bench/README.md). 60 bones — a root, a hip, a spine of 6, a head, two
arms of 3, two legs of 3 (thigh, shin, foot) with an IK target each, a
tail of 8 and 28 more bones in four chains of 7 hanging from the spine —
two two-bone IK constraints (the legs), one world transform constraint
(the head copies the chest's rotation at half mix), one physics
constraint (the tail tip), and 20 slots showing weighted meshes of 8
vertices over two bones each. Two animations (walk: 24 rotation
timelines; wave: the arms and a slot colour) for two mixing tracks."""
import json
import math
import os

bones = [{"id": "root", "name": "root"},
         {"id": "hip", "name": "hip", "parent": "root", "y": 100, "length": 10}]


def add(id, parent, length=10, x=None, rotation=0):
    bones.append({"id": id, "name": id, "parent": parent, "length": length,
                  "x": length if x is None else x, "rotation": rotation})


parent = "hip"
for i in range(6):
    add(f"spine{i}", parent, 10, 10 if i else 0, 90 if i == 0 else 0)
    parent = f"spine{i}"
add("head", "spine5", 12, 10)
for side in ("l", "r"):
    add(f"arm{side}0", "spine4", 15, 8, 150 if side == "l" else -150)
    add(f"arm{side}1", f"arm{side}0", 14, 15, -20)
    add(f"arm{side}2", f"arm{side}1", 6, 14, 0)
    add(f"leg{side}0", "hip", 30, 0, -100 if side == "l" else -80)
    add(f"leg{side}1", f"leg{side}0", 28, 30, 10)
    add(f"leg{side}2", f"leg{side}1", 8, 28, 80)
    bones.append({"id": f"target{side}", "name": f"target{side}", "parent": "root",
                  "x": -12 if side == "l" else 12, "y": 45})
parent = "hip"
for i in range(9):
    add(f"tail{i}", parent, 6, 6 if i else -4, 200 if i == 0 else 8)
    parent = f"tail{i}"
for c in range(4):
    parent = f"spine{c + 1}"
    for i in range(7):
        add(f"fin{c}{i}", parent, 4, 4 if i else 2, (45 if c % 2 else -45) if i == 0 else 5)
        parent = f"fin{c}{i}"
assert len(bones) == 60, len(bones)

ids = [b["id"] for b in bones]
drawn = [b for b in ids if b not in ("root", "targetl", "targetr")]
slots, attachments = [], {}
for k in range(20):
    bone = drawn[(k * 3) % len(drawn)]
    other = bones[ids.index(bone)]["parent"]
    slots.append({"id": f"s{k}", "name": f"s{k}", "bone": bone, "attachment": "skin"})
    vertices, weights, uvs = [], [], []
    for v in range(8):
        a = 2 * math.pi * v / 8
        x, y = 5 + 5 * math.cos(a), 3 * math.sin(a)
        vertices += [x, y]
        uvs += [0.5 + 0.5 * math.cos(a), 0.5 - 0.5 * math.sin(a)]
        w = v / 7
        weights.append([{"bone": bone, "x": x, "y": y, "weight": 1 - w},
                        {"bone": other, "x": x + 10, "y": y, "weight": w}])
    triangles = []
    for v in range(1, 7):
        triangles += [0, v, v + 1]
    attachments[f"s{k}"] = {"skin": {"type": "mesh", "vertices": vertices, "weights": weights,
                                     "uvs": uvs, "triangles": triangles, "hull": 8}}

walk = []
for i, b in enumerate(["legl0", "legl1", "legr0", "legr1", "spine0", "spine1", "spine2",
                       "spine3", "arml0", "arml1", "armr0", "armr1"] +
                      [f"fin{c}0" for c in range(4)] + [f"tail{i}" for i in range(8)]):
    phase = 0.5 * (i % 2)
    walk.append({"target": "bone", "id": b, "property": "rotation",
                 "keys": [{"time": 0, "value": -15 + 5 * (i % 3)},
                          {"time": 0.5, "value": 15, "curve": [0.25, 0, 0.75, 1]},
                          {"time": 1, "value": -15 + 5 * (i % 3)}]})
walk.append({"target": "bone", "id": "targetl", "property": "x",
             "keys": [{"time": 0, "value": -20}, {"time": 0.5, "value": 10}, {"time": 1, "value": -20}]})
walk.append({"target": "bone", "id": "targetr", "property": "x",
             "keys": [{"time": 0, "value": 20}, {"time": 0.5, "value": -10}, {"time": 1, "value": 20}]})
wave = [{"target": "bone", "id": f"arm{s}{j}", "property": "rotation",
         "keys": [{"time": 0, "value": 0}, {"time": 0.4, "value": 40}, {"time": 0.8, "value": 0}]}
        for s in ("l", "r") for j in range(3)]
wave.append({"target": "slot", "id": "s3", "property": "color",
             "keys": [{"time": 0, "value": "#ffffff"}, {"time": 0.8, "value": "#ff8080"}]})

doc = {
    "format": "openbone", "version": 1,
    "skeleton": {
        "bones": bones, "slots": slots,
        "ik": [{"id": f"leg-{s}", "name": f"leg-{s}", "bones": [f"leg{s}0", f"leg{s}1"],
                "target": f"target{s}", "softness": 2, "bendPositive": s == "l"}
               for s in ("l", "r")],
        "transform": [{"id": "look", "name": "look", "bones": ["head"], "target": "spine3",
                       "mixRotate": 0.5, "mixTranslate": 0, "mixScale": 0}],
        "physics": [{"id": "tail", "name": "tail", "bone": "tail8", "x": 1, "y": 1, "rotate": 1,
                     "inertia": 0.5, "strength": 80, "damping": 2}],
    },
    "skins": [{"id": "default", "name": "default", "attachments": attachments}],
    "animations": [{"id": "walk", "name": "walk", "timelines": walk},
                   {"id": "wave", "name": "wave", "timelines": wave}],
}
here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, "bone-60.obone"), "w") as f:
    json.dump(doc, f, indent=1)
    f.write("\n")
