"""particles-circle-room: circle shape (a = next()·2π, r = sqrt(next())·radius,
dir = rot + a) with maxParticles 6: room = max(0, 6 − alive) caps the burst
first (nb = min(burst, room)), then the stream (ns = min(streamed, room −
nb)). A looping 0.1 s cycle with bursts at 0 (count 4) and 0.05 (count 2)
and a burst at 0.5 past the duration (skipped: time > duration + 1e-9);
rate 30. Bursts of the next cycle fire on the wrapping step when
time < rest − 1e-9. Values from particlelib.py (§8.8 transcription)."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
from particlelib import *
bones = [bone('root'), bone('b', parent='root', y=-10, rotation=-45)]
att = {'type': 'particles', 'seed': -5, 'rate': 30, 'duration': 0.1, 'maxParticles': 6,
       'emitShape': 'circle', 'radius': 8, 'speed': [0, 10], 'lifetime': [0.12, 0.2],
       'bursts': [{'time': 0, 'count': 4}, {'time': 0.05, 'count': 2}, {'time': 0.5, 'count': 9}]}
seen = []
particle_case(here(__file__), bones, 'b', att, [0.05, 0.05, 0.05, 0.1],
              check=lambda e, c: seen.append(len(e.particles)))
assert max(seen) == 6, seen
