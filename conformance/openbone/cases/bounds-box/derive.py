"""bounds-box: a bounding box attachment is not drawn (§8.4) but appears in
the §8.10 snapshot with its world polygon (float32) and the min/max over
all boxes. Bone at (3, 4) scaled 2: polygon (0,0) (5,0) (5,2) ⇒ (3,4) (13,4)
(13,8)."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
bones = [bone('root', x=3, y=4, scaleX=2, scaleY=2)]
box = {'type': 'boundingBox', 'vertices': [0, 0, 5, 0, 5, 2]}
slots = [{'id': 's', 'name': 'hit', 'bone': 'root', 'attachment': 'box'}]
skins = [{'id': 'default', 'name': 'default', 'attachments': {'s': {'box': box}}}]
doc = document(bones, slots, skins)
lines = [{'draw': [], 'bounds': {'minX': 3, 'minY': 4, 'maxX': 13, 'maxY': 8,
                                 'boxes': [{'slot': 'hit', 'attachment': 'box', 'vertices': [3, 4, 13, 4, 13, 8]}]}}]
write_case(here(__file__), doc, 'sample\n', lines)
