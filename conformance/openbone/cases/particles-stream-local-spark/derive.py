"""particles-stream-local-spark: a local-space cone emitter (§8.8) streaming
at rate 45/s on a bone scaled 2 × 0.5 and rotated 90°; spark look with
stretch 0.05, so each quad is aligned with the world velocity and
lengthened by |vel|·stretch/2. Local space: particles live in bone space
(gravity along bone −y), geometry maps pos and vel through the bone world
and scales sizes by sqrt(|det m|) = 1. Streamed particles are pre-aged
(1 − k)·h and spread along lerp(last, m.pos, k) — the origin is unused in
local space. Advances of 0.04 (2 steps, frac carried), 0.03 and 0.1 (6
steps) exercise the clock's frac. Values from particlelib.py (a Python
transcription of §8.8), float32 particle storage (§12)."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
from particlelib import *
bones = [bone('root'), bone('b', parent='root', x=-20, rotation=90, scaleX=2, scaleY=0.5)]
att = {'type': 'particles', 'seed': 12345, 'rate': 45, 'space': 'local', 'emitShape': 'cone',
       'radius': 4, 'angle': 40, 'rotation': 0, 'speed': [20, 30], 'lifetime': [0.2, 0.3],
       'startSize': [3, 5], 'endSize': [1, 1], 'gravity': 50, 'look': 'spark', 'stretch': 0.05,
       'maxParticles': 50, 'blend': 'additive'}
particle_case(here(__file__), bones, 'b', att, [0.04, 0.03, 0.1])
