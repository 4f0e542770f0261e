"""atlas-sequence: packed sequence frames (§8.6 "Packed and trimmed:
intersect uv with the packed part, none if empty, map the quad fractions
linearly", §8.7). The image 'walk' (64×32) is packed trimmed on a 256×128
page at (128, 64), 32×32, offsetX 16 (original 64×32): its packed part is
the trim box [16/64, 0, 48/64, 1] = [0.25, 0, 0.75, 1], and atlasUvMap is
u' = (128−16)/256 + 64u/256, v' = 64/128 + 32v/128.
The attachment is 20×10 at the origin: quad TL (−10, 5), U = (20, 0),
V = (0, −10). fps 1, loop; samples at 0.5, 1.5, 2.5 show frames 0, 1, 2.

- frame 0, rect {0, 0, 32, 32}: uv [0, 0, 0.5, 1] ∩ [0.25, 0, 0.75, 1] =
  [0.25, 0, 0.5, 1]; the quad [0, 0, 1, 1] follows linearly: u from
  0 + (0.25 − 0)/0.5 = 0.5 to 0 + 0.5/0.5 = 1 ⇒ [0.5, 0, 1, 1] ⇒ vertices
  (0, 5) (10, 5) (10, −5) (0, −5); uvs at u 0.25 → 128/256 = 0.5,
  0.5 → 144/256 = 0.5625, v 0 → 0.5, 1 → 0.75.
- frame 1, rect {52, 0, 12, 32}: uv [0.8125, 0, 1, 1] misses the packed
  part (0.8125 ≥ 0.75) ⇒ no item.
- frame 2, no rect: uv [0, 0, 1, 1] ∩ = [0.25, 0, 0.75, 1], quad
  [0.25, 0, 0.75, 1] ⇒ vertices (−5, 5) (5, 5) (5, −5) (−5, −5); uvs u
  0.5 … 160/256 = 0.625, v 0.5 … 0.75."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
page = {'id': 'page0', 'width': 256, 'height': 128, 'src': None}
region = {'image': 'walk', 'page': 'page0', 'x': 128, 'y': 64, 'width': 32, 'height': 32,
          'offsetX': 16, 'originalWidth': 64, 'originalHeight': 32}
frames = [{'image': 'walk', 'rect': {'x': 0, 'y': 0, 'w': 32, 'h': 32}},
          {'image': 'walk', 'rect': {'x': 52, 'y': 0, 'w': 12, 'h': 32}},
          {'image': 'walk'}]
att = {'type': 'sequence', 'width': 20, 'height': 10, 'fps': 1, 'mode': 'loop', 'frames': frames}
slots = [{'id': 's', 'name': 's', 'bone': 'root', 'attachment': 'run'}]
skins = [{'id': 'default', 'name': 'default', 'attachments': {'s': {'run': att}}}]
images = [{'id': 'walk', 'name': 'walk', 'width': 64, 'height': 32, 'src': None}]
doc = document([bone('root')], slots, skins, images=images)
doc['atlas'] = {'white': None, 'pages': [page], 'regions': [region]}
box = atlas_trim_box(region)
assert box == [0.25, 0, 0.75, 1]


def packed_frame(frame):
    iw, ih = 64, 32
    rect = frame.get('rect')
    uv = [0, 0, 1, 1] if rect is None else [rect['x'] / iw, rect['y'] / ih, (rect['x'] + rect['w']) / iw,
                                           (rect['y'] + rect['h']) / ih]
    quad = [0, 0, 1, 1]
    part = [max(uv[0], box[0]), max(uv[1], box[1]), min(uv[2], box[2]), min(uv[3], box[3])]
    if part[0] >= part[2] or part[1] >= part[3]:
        return None
    du, dv = uv[2] - uv[0], uv[3] - uv[1]
    quad = [quad[0] + (part[0] - uv[0]) / du * (quad[2] - quad[0]),
            quad[1] + (part[1] - uv[1]) / dv * (quad[3] - quad[1]),
            quad[0] + (part[2] - uv[0]) / du * (quad[2] - quad[0]),
            quad[1] + (part[3] - uv[1]) / dv * (quad[3] - quad[1])]
    c = quad_corners(att, IDENTITY)
    if quad != [0, 0, 1, 1]:
        c = trim_quad(c, quad)
    vertices = [f32(v) for p in c for v in p]
    pairs = ((part[0], part[1]), (part[2], part[1]), (part[2], part[3]), (part[0], part[3]))
    uvs = [f32(v) for u, w in pairs for v in atlas_uv(region, page, u, w)]
    return vertices, uvs


lines = []
for time, k in ((0.5, 0), (1.5, 1), (2.5, 2)):
    assert sequence_index(math.floor(time * 1 + 1e-6), 3, 'loop') == k
    item = packed_frame(frames[k])
    draw = [] if item is None else [{'type': 'sequence', 'texture': 'page0', 'vertices': numbers(item[0]),
                                     'uvs': numbers(item[1]), 'indices': [0, 1, 2, 0, 2, 3]}]
    lines.append({'time': time, 'draw': draw})
assert lines[0]['draw'][0]['vertices'] == [0, 5, 10, 5, 10, -5, 0, -5]
assert lines[0]['draw'][0]['uvs'] == [0.5, 0.5, 0.5625, 0.5, 0.5625, 0.75, 0.5, 0.75]
assert lines[1]['draw'] == []
assert lines[2]['draw'][0]['vertices'] == [-5, 5, 5, 5, 5, -5, -5, -5]
assert lines[2]['draw'][0]['uvs'] == [0.5, 0.5, 0.625, 0.5, 0.625, 0.75, 0.5, 0.75]
write_case(here(__file__), doc, 'advance 0.5\nsample\nadvance 1\nsample\nadvance 1\nsample\n', lines)
