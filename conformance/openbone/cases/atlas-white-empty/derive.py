"""atlas-white-empty: §8.4 shape texture and §8.7 empty regions, on a
256×128 page.

- 'panel' (shape rect 20×10 at the origin, fill #ff0000): with an atlas
  white block {page0, x 250, y 120, 4×4} the texture is 'page0' and every
  uv is the block's centre: ((250 + 2)/256, (120 + 2)/128) = (0.984375,
  0.953125). Vertices and indices as shape-rect: (−10,−5) (10,−5) (10,5)
  (−10,5), earcut [2, 3, 0, 0, 1, 2].
- 'hole' (region 8×8 at x 30 showing the blank image 'blank'): its region
  is `empty` at (240, 0): origW = origH = 1, size 1×1, no trim, so
  u' = 240/256 + u/256, v' = v/128 ⇒ (0.9375, 0) (0.94140625, 0)
  (0.94140625, 0.0078125) (0.9375, 0.0078125); the item is kept (the
  reference keeps empty regions' items) with vertices (26, 4) (34, 4)
  (34, −4) (26, −4)."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
page = {'id': 'page0', 'width': 256, 'height': 128, 'src': None}
region = {'image': 'blank', 'page': 'page0', 'x': 240, 'y': 0, 'empty': True}
shape = {'type': 'shape', 'kind': 'rect', 'width': 20, 'height': 10, 'fill': '#ff0000'}
hole = {'type': 'region', 'image': 'blank', 'width': 8, 'height': 8, 'x': 30}
slots = [{'id': 's-panel', 'name': 'panel', 'bone': 'root', 'attachment': 'panel'},
         {'id': 's-hole', 'name': 'hole', 'bone': 'root', 'attachment': 'hole'}]
skins = [{'id': 'default', 'name': 'default', 'attachments': {'s-panel': {'panel': shape},
                                                             's-hole': {'hole': hole}}}]
images = [{'id': 'blank', 'name': 'blank', 'width': 8, 'height': 8, 'src': None}]
doc = document([bone('root')], slots, skins, images=images)
doc['atlas'] = {'white': {'page': 'page0', 'x': 250, 'y': 120, 'width': 4, 'height': 4},
                'pages': [page], 'regions': [region]}
outline = shape_outline(shape)
assert earcut(outline) == [2, 3, 0, 0, 1, 2]
centre = [f32(252 / 256), f32(122 / 128)]
assert centre == [0.984375, 0.953125]
hole_uvs = [f32(c) for u, v in ((0, 0), (1, 0), (1, 1), (0, 1)) for c in atlas_uv(region, page, u, v)]
assert hole_uvs == [0.9375, 0, 0.94140625, 0, 0.94140625, 0.0078125, 0.9375, 0.0078125]
draw = [
    {'slot': 'panel', 'type': 'shape', 'texture': 'page0', 'vertices': numbers(world_points(outline, IDENTITY)),
     'uvs': numbers(centre * 4), 'indices': [2, 3, 0, 0, 1, 2], 'color': '#ff0000ff'},
    {'slot': 'hole', 'type': 'region', 'texture': 'page0', 'vertices': [26, 4, 34, 4, 34, -4, 26, -4],
     'uvs': numbers(hole_uvs), 'indices': [0, 1, 2, 0, 2, 3]},
]
write_case(here(__file__), doc, 'sample\n', [{'time': 0, 'draw': draw}])
