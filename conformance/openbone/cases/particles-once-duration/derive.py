"""particles-once-duration: loop false, duration 0.05 (§8.8 advance):
active = emitting and (loop or cycle < duration); on the wrapping step
cycle = duration, so emission stops after 3 steps while the particles live
on and die at age ≥ life (lifetime 0.1: they are gone by the last sample,
which then has no item: "none if … no particle drawn"). Rate 60 streams
one particle per step, pre-aged (1 − k)·h = 0 with k = 1. Values from
particlelib.py (§8.8 transcription)."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
from particlelib import *
bones = [bone('root')]
att = {'type': 'particles', 'seed': 42, 'rate': 60, 'loop': False, 'duration': 0.05,
       'lifetime': [0.1, 0.1], 'speed': [30, 30], 'angle': 90}
counts = []
particle_case(here(__file__), bones, 'root', att, [0.05, 0.05, 0.1],
              check=lambda e, c: counts.append(len(e.particles)))
assert counts[-1] == 0 and counts[0] >= 2, counts
