#!/usr/bin/env python3
"""Writes bench/rig-20-bones.ani: the rig bench of issue 15 (bench/README.md).
Four chains of five bones in a group, a rigid circle on every chain tip, a
looping timeline turning eight bones (so the player never settles), and ten
constraints of all five kinds across the chains, at strengths in (0, 1] —
20 bones, 10 constraints, solved every step."""
import json

chains = []
constraints = {}
for c in range(4):
    bones = None
    for b in reversed(range(5)):
        node = {"id": f"b{c}{b}", "type": "bone", "length": 10 - b, "rotate": 10 * b - 20}
        if b == 0:
            node.update({"x": 20 + 40 * c, "y": 100})
        children = []
        if bones:
            children.append(bones)
        else:
            children.append({"id": f"tip{c}", "type": "circle", "center": [20 + 40 * c, 60],
                             "r": 2, "fill": {"color": "#000000"}})
        node["children"] = children
        bones = node
    chains.append(bones)

def find(node, id):
    if node["id"] == id:
        return node
    for child in node.get("children", []):
        hit = find(child, id)
        if hit:
            return hit
    return None

def add(host, item):
    for chain in chains:
        node = find(chain, host)
        if node:
            node.setdefault("constraints", []).append(item)
            # keep "constraints" before "children" (canonical key order)
            children = node.pop("children", None)
            if children is not None:
                node["children"] = children
            return
    raise KeyError(host)

add("b12", {"kind": "copyRotation", "from": "b02", "strength": 0.5})
add("b13", {"kind": "copyRotation", "from": "b03", "factor": 0.5})
add("b22", {"kind": "copyRotation", "from": "b12", "offset": True, "strength": 0.75})
add("b23", {"kind": "copyRotation", "from": "b13", "min": -30, "max": 30})
add("b32", {"kind": "copyRotation", "from": "b21", "fromSpace": "local", "toSpace": "local"})
add("b33", {"kind": "copyPosition", "from": "b04", "strength": 0.25})
add("b34", {"kind": "copyPosition", "from": "b14", "copyY": False, "strength": 0.5})
add("b24", {"kind": "copyScale", "from": "b01", "strength": 0.5})
add("b31", {"kind": "keepDistance", "to": "b01", "distance": 60, "mode": "within"})
add("b14", {"kind": "copyTransform", "from": "b04", "strength": 0.3})

tracks = {}
for c in range(4):
    tracks[f"b{c}0.rotate"] = [[0, -20], [1, 20, "inOut"], [2, -20, "inOut"]]
    tracks[f"b{c}1.rotate"] = [[0, -10], [1, 10, "inOut"], [2, -10, "inOut"]]
document = {
    "anima": "0.1", "name": "rig-20-bones", "grid": 200, "requires": ["rig"],
    "nodes": [{"id": "rig", "type": "group", "children": chains}],
    "timelines": {"wave": {"duration": 2, "loop": "loop", "tracks": tracks}},
    "machine": {"layers": {"main": {"initial": "waving", "states": {"waving": {"play": "wave"}}}}},
}
print(json.dumps(document, indent=2))
