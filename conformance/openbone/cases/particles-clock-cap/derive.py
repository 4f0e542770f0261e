"""particles-clock-cap: the realtime clock (§8.8) takes at most 30 steps per
frame: advance 1 ⇒ n = floor(60 + 1e-6) = 60, min(60, 30) = 30 steps,
frac = clamp(1 − 60/60, 0, 1/60) = 0 (the other 30 steps are dropped, not
carried). Rate 10 and lifetime 2: acc is summed in doubles (§12), and
6 × (10/60) is 0.9999999999999999, so the first particle streams on step
7 (acc 1.1666…) and 30 steps give 4 particles, not 5; the next advance 0.5
also steps 30 times (9 particles). Values from
particlelib.py (§8.8 transcription)."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
from particlelib import *
bones = [bone('root')]
att = {'type': 'particles', 'seed': 3, 'rate': 10, 'lifetime': [2, 2], 'speed': [10, 10],
       'angle': 0, 'rotation': 45}
counts = []
particle_case(here(__file__), bones, 'root', att, [1.0, 0.5],
              check=lambda e, c: counts.append(len(e.particles)))
assert counts == [4, 9], counts
