"""sequence-rect-trim: a frame with rect {x 16, y 0, w 16, h 32} of a 64×32
image and trim {x 4, y 2, sw 24, sh 40} (§8.6): uv = rect / imageSize =
[0.25, 0, 0.5, 1]; quad = [4/24, 2/40, (4+16)/24, (2+32)/40]; the
vertices are the region quad (24×40, through a bone at (3, −4) rotated
30° and scaled 1.5) shrunk by trimQuad: TL + U·u + V·v with U = TR − TL,
V = BL − TL. A second frame without rect or trim (clock past 1/fps)
draws the whole quad with uvs 0…1."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
bones = [bone('root'), bone('b', parent='root', x=3, y=-4, rotation=30, scaleX=1.5, scaleY=1.5)]
frames = [{'image': 'sheet', 'rect': {'x': 16, 'y': 0, 'w': 16, 'h': 32},
           'trim': {'x': 4, 'y': 2, 'sw': 24, 'sh': 40}},
          {'image': 'sheet'}]
att = {'type': 'sequence', 'width': 24, 'height': 40, 'x': 2, 'fps': 5, 'mode': 'holdLast', 'frames': frames}
slots = [{'id': 's', 'name': 's', 'bone': 'b', 'attachment': 'anim'}]
skins = [{'id': 'default', 'name': 'default', 'attachments': {'s': {'anim': att}}}]
images = [{'id': 'sheet', 'name': 'sheet', 'width': 64, 'height': 32, 'src': None}]
doc = document(bones, slots=slots, skins=skins, images=images)
W = worlds(bones)['b']
lines = []
for time, k in ((0.1, 0), (0.3, 1)):
    assert sequence_index(math.floor(time * 5 + 1e-6), 2, 'holdLast') == k
    vertices, uvs = sequence_item(att, frames[k], (64, 32), W)
    lines.append({'time': number(time), 'draw': [{'type': 'sequence', 'texture': 'sheet',
                                                  'vertices': numbers(vertices), 'uvs': numbers(uvs)}]})
write_case(here(__file__), doc, 'advance 0.1\nsample\nadvance 0.2\nsample\n', lines)
