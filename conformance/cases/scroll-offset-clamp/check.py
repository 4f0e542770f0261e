#!/usr/bin/env python3
"""Independent numbers for scroll-offset-clamp (see WHY.md). Prints expected.jsonl."""
import json, math
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "lib"))
from padscroll import r, clamp, lerp_keys, scroll, number_line as line  # conformance/lib/padscroll.py

for now in (0.0, 0.5, 1.0):
    oy, py = scroll(lerp_keys([[0, -50], [1, 300]], now), 300, 100)
    print(line(now, {"list.world.x": 0, "list.world.y": -oy,
                     "list.constraints.0.percentX": 0, "list.constraints.0.percentY": py},
               now >= 1))
