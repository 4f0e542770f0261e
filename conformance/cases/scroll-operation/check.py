#!/usr/bin/env python3
"""Independent numbers for scroll-operation (see WHY.md). Prints expected.jsonl."""
import json, math
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "lib"))
from padscroll import r, clamp, lerp_keys, scroll, number_line as line  # conformance/lib/padscroll.py

print(line(0.0, {"list.world.x": 0, "list.world.y": 0, "pinned.world.x": 0,
                 "pinned.world.y": -scroll(10, 300, 100)[0]}, False))
o, p = scroll(120, 300, 100)
print(line(0.0, {"list.world.x": 0, "list.world.y": -o, "list.constraints.0.percentY": p}, False))
o, p = scroll(500, 300, 100)
print(line(0.0, {"list.world.y": -o, "list.constraints.0.percentY": p}, False))
ox, px = scroll(60, 300, 100)
oy, py = scroll(10, 300, 100)   # the animated value wins on Y
print(line(0.5, {"pinned.world.x": -ox, "pinned.world.y": -oy,
                 "pinned.constraints.0.percentX": px, "pinned.constraints.0.percentY": py,
                 "list.world.y": -o}, False))
