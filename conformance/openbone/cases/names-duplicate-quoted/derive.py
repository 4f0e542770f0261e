"""names-duplicate-quoted: two bones named "twin" are keyed "twin" and
"twin#2" (OPENBONE-SAMPLES §3); the script uses a quoted animation name
with a space and a comment. setAnimation's mix defaults to 0.2 but an empty
track starts at once, so x = 4 at once after advance 0."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
bones = [bone('a', x=1), bone('b', x=2)]
bones[0]['name'] = bones[1]['name'] = 'twin'
A = {'id': 'an', 'name': 'big move', 'duration': 0, 'timelines': [timeline('bone', 'b', 'x', [key(0, 4)])]}
doc = document(bones, animations=[A])
script = '# a comment line\n\nsetAnimation 0 "big move" false   # by name, quoted\nadvance 0\t# tab before the comment\nsample\n'
write_case(here(__file__), doc, script, [{'time': 0, 'bones': {'twin': {'x': 1}, 'twin#2': {'x': 4}}}])
