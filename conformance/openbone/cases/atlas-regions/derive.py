"""atlas-regions: packed regions of §8.7 on one 256×128 page "page0"; every
item's texture is the page id (§8.4). Bones at the origin, unrotated, so
the region quad of a w×h attachment at (x, 0) is TL (x−w/2, h/2),
TR (x+w/2, h/2), BR (x+w/2, −h/2), BL (x−w/2, −h/2) (§8.2).

- 'head' (region, 40×20, x 0): untrimmed, unrotated region at (10, 20),
  40×20: u' = 10/256 + u·40/256, v' = 20/128 + v·20/128 ⇒ uvs
  (0.0390625, 0.15625) (0.1953125, 0.15625) (0.1953125, 0.3125)
  (0.0390625, 0.3125); vertices (−20,10) (20,10) (20,−10) (−20,−10).
- 'face' (mesh on image 'head', 3 vertices, uvs (0,0) (1,0) (0.5,1)):
  mesh uvs remapped as is ⇒ (0.0390625, 0.15625) (0.1953125, 0.15625)
  (0.1171875, 0.3125).
- 'arm' (region 40×20, x 100): trimmed region at (100, 0), 30×12,
  offsets (6, 4), original 40×20. Trim box [6/40, 4/20, 36/40, 16/20] =
  [0.15, 0.2, 0.9, 0.8]; u' = 94/256 + 40u/256 gives 100/256 = 0.390625
  and 130/256 = 0.5078125; v' = −4/128 + 20v/128 gives 0 and 12/128 =
  0.09375 (the packed rectangle itself). Vertices: trimQuad of the quad
  (80,10) (120,10) (120,−10) (80,−10) with U = (40, 0), V = (0, −20):
  (86,6) (116,6) (116,−6) (86,−6).
- 'leg' (region 40×20, x −100): the same trim, rotated, at (200, 50)
  (12 × 30 on the page): u' = (200+12+4)/256 − 20v/256 = (216 − 20v)/256,
  v' = (50−6)/128 + 40u/128 = (44 + 40u)/128. Trim corners (0.15, 0.2)
  (0.9, 0.2) (0.9, 0.8) (0.15, 0.8) ⇒ (212/256, 50/128) = (0.828125,
  0.390625), (0.828125, 0.625), (200/256, 0.625) = (0.78125, 0.625),
  (0.78125, 0.390625). Vertices (−114,6) (−84,6) (−84,−6) (−114,−6).
oblib's atlas_uv reproduces each number (asserted below)."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
page = {'id': 'page0', 'width': 256, 'height': 128, 'src': None}
regions = [
    {'image': 'head', 'page': 'page0', 'x': 10, 'y': 20, 'width': 40, 'height': 20,
     'originalWidth': 40, 'originalHeight': 20},
    {'image': 'arm', 'page': 'page0', 'x': 100, 'y': 0, 'width': 30, 'height': 12,
     'offsetX': 6, 'offsetY': 4, 'originalWidth': 40, 'originalHeight': 20},
    {'image': 'leg', 'page': 'page0', 'x': 200, 'y': 50, 'width': 30, 'height': 12, 'rotated': True,
     'offsetX': 6, 'offsetY': 4, 'originalWidth': 40, 'originalHeight': 20},
]
images = [{'id': i, 'name': i, 'width': 40, 'height': 20, 'src': None} for i in ('head', 'arm', 'leg')]
atts = {
    'head': {'type': 'region', 'image': 'head', 'width': 40, 'height': 20},
    'face': {'type': 'mesh', 'image': 'head', 'vertices': [0, 0, 10, 0, 5, 10],
             'uvs': [0, 0, 1, 0, 0.5, 1], 'triangles': [0, 1, 2]},
    'arm': {'type': 'region', 'image': 'arm', 'width': 40, 'height': 20, 'x': 100},
    'leg': {'type': 'region', 'image': 'leg', 'width': 40, 'height': 20, 'x': -100},
}
slots = [{'id': 's-' + n, 'name': n, 'bone': 'root', 'attachment': n} for n in atts]
skins = [{'id': 'default', 'name': 'default', 'attachments': {'s-' + n: {n: a} for n, a in atts.items()}}]
doc = document([bone('root')], slots, skins, images=images)
doc['atlas'] = {'premultipliedAlpha': False, 'white': None, 'pages': [page], 'regions': regions}


def uvs_of(region, pairs):
    return [f32(c) for u, v in pairs for c in atlas_uv(region, page, u, v)]


corners = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]
head_uvs = uvs_of(regions[0], corners)
assert head_uvs == [f32(x) for x in (0.0390625, 0.15625, 0.1953125, 0.15625, 0.1953125, 0.3125, 0.0390625, 0.3125)]
face_uvs = uvs_of(regions[0], [(0, 0), (1, 0), (0.5, 1)])
assert face_uvs[4:] == [0.1171875, 0.3125]
box = atlas_trim_box(regions[1])
assert [round(b, 12) for b in box] == [0.15, 0.2, 0.9, 0.8]
trim = [(box[0], box[1]), (box[2], box[1]), (box[2], box[3]), (box[0], box[3])]
arm_uvs = uvs_of(regions[1], trim)
assert numbers(arm_uvs) == [0.3906, 0, 0.5078, 0, 0.5078, 0.0938, 0.3906, 0.0938]
leg_uvs = uvs_of(regions[2], trim)
assert numbers(leg_uvs) == [0.8281, 0.3906, 0.8281, 0.625, 0.7813, 0.625, 0.7813, 0.3906]
arm_vertices = [f32(c) for p in trim_quad(quad_corners(atts['arm'], IDENTITY), box) for c in p]
assert numbers(arm_vertices) == [86, 6, 116, 6, 116, -6, 86, -6]
leg_vertices = [f32(c) for p in trim_quad(quad_corners(atts['leg'], IDENTITY), box) for c in p]
assert numbers(leg_vertices) == [-114, 6, -84, 6, -84, -6, -114, -6]
quad = [0, 1, 2, 0, 2, 3]
draw = [
    {'slot': 'head', 'type': 'region', 'texture': 'page0', 'vertices': [-20, 10, 20, 10, 20, -10, -20, -10],
     'uvs': numbers(head_uvs), 'indices': quad},
    {'slot': 'face', 'type': 'mesh', 'texture': 'page0', 'vertices': [0, 0, 10, 0, 5, 10],
     'uvs': numbers(face_uvs), 'indices': [0, 1, 2]},
    {'slot': 'arm', 'type': 'region', 'texture': 'page0', 'vertices': numbers(arm_vertices),
     'uvs': numbers(arm_uvs), 'indices': quad},
    {'slot': 'leg', 'type': 'region', 'texture': 'page0', 'vertices': numbers(leg_vertices),
     'uvs': numbers(leg_uvs), 'indices': quad},
]
write_case(here(__file__), doc, 'sample\n', [{'time': 0, 'draw': draw}])
