"""particles-atlas-looks: the particle item's texture with a packed atlas
(§8.8 Item): an `image` look whose image is packed draws from its atlas
page, every particle quad's unit uvs mapped by atlasUvMap (§8.7; here a
rotated, trimmed region); a `square` look uses the atlas white page with
every uv at the white block's centre. Two slots, each with a burst of 2.
Vertices from particlelib.py (§8.8 transcription), uvs from oblib.atlas_uv
(the §8.7 formula), the white centre (x + w/2)/W, (y + h/2)/H by hand:
(60 + 2)/256, (100 + 2)/128."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
from particlelib import *
bones = [bone('root')]
page = {'id': 'page0', 'width': 256, 'height': 128, 'src': None}
region = {'image': 'spark', 'page': 'page0', 'x': 200, 'y': 50, 'width': 30, 'height': 12,
          'rotated': True, 'offsetX': 6, 'offsetY': 4, 'originalWidth': 40, 'originalHeight': 20}
atlas = {'premultipliedAlpha': False, 'pages': [page], 'regions': [region],
         'white': {'page': 'page0', 'x': 60, 'y': 100, 'width': 4, 'height': 4}}
images = [{'id': 'spark', 'name': 'spark', 'width': 40, 'height': 20, 'src': None}]
base = {'type': 'particles', 'rate': 0, 'bursts': [{'time': 0, 'count': 2}], 'speed': [5, 9]}
img = dict(base, seed=1, look='image', image='spark')
sq = dict(base, seed=2, look='square')
slots = [{'id': 'a', 'name': 'img', 'bone': 'root', 'attachment': 'p'},
         {'id': 'b', 'name': 'sq', 'bone': 'root', 'attachment': 'p'}]
skins = [{'id': 'default', 'name': 'default', 'attachments': {'a': {'p': img}, 'b': {'p': sq}}}]
doc = document(bones, slots=slots, skins=skins, images=images)
doc['atlas'] = atlas
W = worlds(bones)['root']
clock = Clock()
ea, eb = Emitter(img, 'img'), Emitter(sq, 'sq')
for _ in range(clock.steps(0.02)):
    ea.step(STEP, W)
    eb.step(STEP, W)
va, _, ia = ea.geometry(clock.frac, W, [1, 1, 1, 1])
vb, _, ib = eb.geometry(clock.frac, W, [1, 1, 1, 1])
uv_quad = []
for u, v in ((0, 0), (1, 0), (1, 1), (0, 1)):
    uv_quad += [f32(c) for c in atlas_uv(region, page, u, v)]
white = [f32(62 / 256), f32(102 / 128)] * 4
lines = [{'draw': [
    {'slot': 'img', 'type': 'particles', 'texture': 'page0', 'vertices': numbers(va),
     'uvs': numbers(uv_quad * 2), 'indices': ia},
    {'slot': 'sq', 'type': 'particles', 'texture': 'page0', 'vertices': numbers(vb),
     'uvs': numbers(white * 2), 'indices': ib}]}]
assert len(va) == 16 and len(vb) == 16
write_case(here(__file__), doc, 'advance 0.02\nsample\n', lines)
