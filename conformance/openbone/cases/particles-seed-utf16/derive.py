"""particles-seed-utf16: the RNG seed is (seed XOR fnv1a(slot name)) >>> 0
with fnv1a over UTF-16 code units (§8.8, §12): the slot is named
"fx-é😀", so é is one unit (0xE9) and 😀 two (0xD83D, 0xDE00). A
non-integer negative seed -7.9 reads as ToInt32 = -7. Burst of 2 with a
spread of 180°. Values from particlelib.py (§8.8 transcription)."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
from particlelib import *
assert fnv1a('\U0001F600') != fnv1a('\uFFFD')
bones = [bone('root')]
att = {'type': 'particles', 'seed': -7.9, 'rate': 0, 'bursts': [{'time': 0, 'count': 2}],
       'angle': 180, 'speed': [10, 50]}
particle_case(here(__file__), bones, 'root', att, [0.02], slot_name='fx-\u00e9\U0001F600')
