"""atlas-polygon: region polygons (§8.7, skeleton.ts:quadPoints) on a
256×128 page: img[i] = polygon[i] / original size, uvs = atlasUvMap of
img, fan indices [0, i+1, i+2], vertex i = TL + U·img.u + V·img.v of the
untrimmed region quad (U = TR − TL, V = BL − TL); no trimQuad.

- 'shield' (region 40×20 at the origin; region at (0, 0), 40×20, not
  rotated): polygon (0,10) (10,0) (40,0) (40,20) (10,20) ⇒ img (0, 0.5)
  (0.25, 0) (1, 0) (1, 1) (0.25, 1). The quad TL (−20, 10), U = (40, 0),
  V = (0, −20) ⇒ vertices (−20, 0) (−10, 10) (20, 10) (20, −10)
  (−10, −10); uvs = (40u/256, 20v/128) ⇒ (0, 0.078125) (0.0390625, 0)
  (0.15625, 0) (0.15625, 0.15625) (0.0390625, 0.15625); indices
  [0,1,2, 0,2,3, 0,3,4] — five points, more than a quad's four.
- 'gem' (region 20×10, x 50; region at (100, 60), 20×10, rotated):
  polygon (0,0) (20,0) (20,10) ⇒ img (0,0) (1,0) (1,1);
  u' = (100+10)/256 − 10v/256, v' = 60/128 + 20u/128 ⇒ (0.4296875,
  0.46875) (0.4296875, 0.625) (0.390625, 0.625); quad TL (40, 5),
  U = (20, 0), V = (0, −10) ⇒ (40, 5) (60, 5) (60, −5); indices [0,1,2].
- 'plain' (region 20×10, x −50) whose region has a polygon of 4 numbers
  (fewer than 6: not used) ⇒ the plain quad with atlasUvMap uvs of the
  region at (0, 100), 20×10: (0, 0.78125) (0.078125, 0.78125)
  (0.078125, 0.859375) (0, 0.859375)."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
page = {'id': 'page0', 'width': 256, 'height': 128, 'src': None}
regions = [
    {'image': 'shield', 'page': 'page0', 'x': 0, 'y': 0, 'width': 40, 'height': 20,
     'polygon': [0, 10, 10, 0, 40, 0, 40, 20, 10, 20]},
    {'image': 'gem', 'page': 'page0', 'x': 100, 'y': 60, 'width': 20, 'height': 10, 'rotated': True,
     'originalWidth': 20, 'originalHeight': 10, 'polygon': [0, 0, 20, 0, 20, 10]},
    {'image': 'plain', 'page': 'page0', 'x': 0, 'y': 100, 'width': 20, 'height': 10, 'polygon': [0, 0, 20, 0]},
]
images = [{'id': 'shield', 'name': 'shield', 'width': 40, 'height': 20, 'src': None},
          {'id': 'gem', 'name': 'gem', 'width': 20, 'height': 10, 'src': None},
          {'id': 'plain', 'name': 'plain', 'width': 20, 'height': 10, 'src': None}]
atts = {
    'shield': {'type': 'region', 'image': 'shield', 'width': 40, 'height': 20},
    'gem': {'type': 'region', 'image': 'gem', 'width': 20, 'height': 10, 'x': 50},
    'plain': {'type': 'region', 'image': 'plain', 'width': 20, 'height': 10, 'x': -50},
}
slots = [{'id': 's-' + n, 'name': n, 'bone': 'root', 'attachment': n} for n in atts]
skins = [{'id': 'default', 'name': 'default', 'attachments': {'s-' + n: {n: a} for n, a in atts.items()}}]
doc = document([bone('root')], slots, skins, images=images)
doc['atlas'] = {'polygons': True, 'white': None, 'pages': [page], 'regions': regions}


def polygon_item(att, region):
    ow, oh = atlas_original(region)
    p = region['polygon']
    img = [(f32(p[2 * i] / ow), f32(p[2 * i + 1] / oh)) for i in range(len(p) // 2)]
    (x0, y0), (x1, y1), _, (x3, y3) = quad_corners(att, IDENTITY)
    U, V = (x1 - x0, y1 - y0), (x3 - x0, y3 - y0)
    vertices = [f32(c) for u, v in img for c in (x0 + U[0] * u + V[0] * v, y0 + U[1] * u + V[1] * v)]
    uvs = [f32(c) for u, v in img for c in atlas_uv(region, page, u, v)]
    indices = [k for i in range(len(img) - 2) for k in (0, i + 1, i + 2)]
    return vertices, uvs, indices


sv, su, si = polygon_item(atts['shield'], regions[0])
assert numbers(sv) == [-20, 0, -10, 10, 20, 10, 20, -10, -10, -10]
assert su == [0, 0.078125, 0.0390625, 0, 0.15625, 0, 0.15625, 0.15625, 0.0390625, 0.15625]
assert si == [0, 1, 2, 0, 2, 3, 0, 3, 4]
gv, gu, gi = polygon_item(atts['gem'], regions[1])
assert numbers(gv) == [40, 5, 60, 5, 60, -5]
assert gu == [0.4296875, 0.46875, 0.4296875, 0.625, 0.390625, 0.625]
plain_uvs = [f32(c) for u, v in ((0, 0), (1, 0), (1, 1), (0, 1)) for c in atlas_uv(regions[2], page, u, v)]
assert plain_uvs == [0, 0.78125, 0.078125, 0.78125, 0.078125, 0.859375, 0, 0.859375]
draw = [
    {'slot': 'shield', 'type': 'region', 'texture': 'page0', 'vertices': numbers(sv), 'uvs': numbers(su),
     'indices': si},
    {'slot': 'gem', 'type': 'region', 'texture': 'page0', 'vertices': numbers(gv), 'uvs': numbers(gu),
     'indices': gi},
    {'slot': 'plain', 'type': 'region', 'texture': 'page0', 'vertices': [-60, 5, -40, 5, -40, -5, -60, -5],
     'uvs': numbers(plain_uvs), 'indices': [0, 1, 2, 0, 2, 3]},
]
write_case(here(__file__), doc, 'sample\n', [{'time': 0, 'draw': draw}])
