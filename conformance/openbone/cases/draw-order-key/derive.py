"""draw-order-key: a drawOrder key listing [s3, s1] (§5.1): the unlisted s2
keeps its setup index 1; the listed slots fill the remaining indices 0 and 2
in listed order ⇒ draw order s3, s2, s1 (by hand). Before the key (setup)
the order is the document's: s1, s2, s3."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
slots = [{'id': 's%d' % i, 'name': 'slot%d' % i, 'bone': 'root', 'attachment': 'q'} for i in (1, 2, 3)]
q = {'type': 'region', 'image': None, 'width': 2, 'height': 2}
skins = [{'id': 'default', 'name': 'default', 'attachments': {s['id']: {'q': q} for s in slots}}]
A = animation('shuffle', [{'target': 'drawOrder', 'keys': [key(0.5, ['s3', 's1'])]}], duration=1)
doc = document([bone('root')], slots, skins, animations=[A])
script = 'setAnimation 0 shuffle false\nadvance 0.25\nsample\nadvance 0.5\nsample\n'
# At 0.25 the first key (0.5) is still ahead: sampleStep returns the first
# key when time ≤ keys[0].time (§5 locate), so the key already applies.
lines = [{'draw': [{'slot': 'slot3'}, {'slot': 'slot2'}, {'slot': 'slot1'}]},
         {'draw': [{'slot': 'slot3'}, {'slot': 'slot2'}, {'slot': 'slot1'}]}]
write_case(here(__file__), doc, 'sample\n' + script, [{'draw': [{'slot': 'slot1'}, {'slot': 'slot2'}, {'slot': 'slot3'}]}] + lines)
