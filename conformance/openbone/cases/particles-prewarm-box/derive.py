"""particles-prewarm-box: prewarm with loop (§8.8 step): on the emitter's
first step, last = m.pos and advance(emitting) runs
min(600, ceil(duration/h − 1e-6)) = ceil(0.25·60 − 1e-6) = 15 times before
the step's own advance. Box shape (s across, f along the direction),
square look (no atlas: texture null, unit uvs), a three-stop gradient
given out of order (sorted stably by t), random start rotation and spin.
Values from particlelib.py (Python transcription of §8.8)."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
from particlelib import *
bones = [bone('root', x=3, y=4)]
att = {'type': 'particles', 'seed': 99, 'rate': 20, 'prewarm': True, 'duration': 0.25,
       'emitShape': 'box', 'width': 10, 'height': 6, 'speed': [5, 15], 'lifetime': [0.3, 0.6],
       'startRotation': [0, 90], 'endRotation': [45, 45], 'angularVelocity': [-30, 30],
       'look': 'square', 'startSize': [4, 4], 'endSize': [4, 8],
       'gradient': [{'t': 1, 'color': '#00ff00'}, {'t': 0, 'color': '#ff0000'},
                    {'t': 0.5, 'color': '#0000ffcc'}]}
particle_case(here(__file__), bones, 'root', att, [1 / 60, 0.02])
