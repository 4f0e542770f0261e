#!/usr/bin/env python3
"""Independent numbers for scroll-thumb (see WHY.md). Prints expected.jsonl."""
import json, math
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "lib"))
from padscroll import r, clamp, lerp_keys, scroll, number_line as line  # conformance/lib/padscroll.py

for now in (0.0, 0.5, 1.0):
    o, p = scroll(lerp_keys([[0, 0], [1, 300]], now), 400, 100)
    track_start, track_len = 0, 100
    thumb = track_start + p * (track_len - 20)
    length = min(track_len, max(10, track_len * 100 / 400))
    sized = track_start + p * (track_len - length)
    print(line(now, {"list.constraints.0.percentY": p, "thumb.world.y": thumb,
                     "thumb.world.scaleY": 1, "sized.world.y": sized,
                     "sized.world.scaleY": length / 10}, now >= 1))
