"""machine-sequence-input: §8.6 "input set (number input value, else its
default) ⇒ floor(v + 1e-6) + offset" with a running machine, by hand.
Sequence seq (4 frames f0…f3, mode holdLast, offset 0, input frame) on
slot s. Machine m: number input frame, default 1.
 sample before any advance (no machine has run): the default 1 ⇒ f1.
 setInput frame 2.9999999, advance 0: floor(2.9999999 + 1e-6) = 3 ⇒ f3
   (the 1e-6 nudge, §12).
 setInput frame 7, advance 0: holdLast clamps 7 to 3 ⇒ f3.
 setInput frame 0, advance 0: the value 0 is used ("value, else its
   default": a running machine always has a value) ⇒ f0."""
import math, os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from machlib import *
att = {'type': 'sequence', 'width': 4, 'height': 4, 'fps': 8, 'mode': 'holdLast', 'input': 'frame',
       'frames': [{'image': 'f%d' % i} for i in range(4)]}
slots = [{'id': 's', 'name': 's', 'bone': 'root', 'attachment': 'seq'}]
skins = [{'id': 'default', 'name': 'default', 'attachments': {'s': {'seq': att}}}]
images = [{'id': 'f%d' % i, 'name': 'f%d' % i, 'width': 8, 'height': 8, 'src': None} for i in range(4)]
doc = document([bone('root')], slots=slots, skins=skins, images=images)
doc['stateMachines'] = [machine('m', [inp('frame', 'number', 1)])]
values = [1, 2.9999999, 7, 0]
idx = [sequence_index(math.floor(v + 1e-6), 4, 'holdLast') for v in values]
assert idx == [1, 3, 3, 0]
script = ('machine m\nsample\n' + ''.join('setInput frame %r\nadvance 0\nsample\n' % v for v in values[1:]))
lines = [{'draw': [{'slot': 's', 'texture': 'f%d' % i}]} for i in idx]
write_case(here(__file__), doc, script, lines)
