"""make_draw.py — writes the clipping / dark colour / stroke / packed-page
render check's document (draw.obone) and its atlas page (page.png, 4×2:
columns 0–1 grey (128, 128, 128), columns 2–3 cyan). check_draw.py says
what each slot must paint. Run: python3 make_draw.py"""
import json, os
from pnglib import write_rgba
here = os.path.dirname(os.path.abspath(__file__))
grey, cyan = (128, 128, 128, 255), (0, 255, 255, 255)
write_rgba(os.path.join(here, 'page.png'), 4, 2, [[grey, grey, cyan, cyan]] * 2)


def slot(name, attachment, **extra):
    s = {'id': 's-' + name, 'name': name, 'bone': 'root', 'attachment': attachment}
    s.update(extra)
    return s


square = [-10, -10, 10, -10, 10, 10, -10, 10]
doc = {
    'format': 'openbone', 'version': 1,
    'skeleton': {'bones': [{'id': 'root', 'name': 'root'}],
                 'slots': [slot('mask', 'mask'), slot('inside', 'inside', color='#ff0000'),
                           slot('after', 'after', color='#00ff00'),
                           slot('dark', 'dark', color='#ff0000', dark='#0000ff'),
                           slot('swatch', 'swatch'), slot('outline', 'outline')]},
    'skins': [{'id': 'default', 'name': 'default', 'attachments': {
        's-mask': {'mask': {'type': 'clipping', 'vertices': square, 'end': 's-inside'}},
        's-inside': {'inside': {'type': 'region', 'width': 40, 'height': 20}},
        's-after': {'after': {'type': 'region', 'width': 10, 'height': 10, 'x': 30}},
        's-dark': {'dark': {'type': 'region', 'image': 'grey', 'width': 10, 'height': 10, 'x': -30}},
        's-swatch': {'swatch': {'type': 'region', 'image': 'swatch', 'width': 10, 'height': 10, 'y': 20}},
        's-outline': {'outline': {'type': 'shape', 'kind': 'rect', 'width': 20, 'height': 10, 'y': -25,
                                  'fill': '#ffffff00', 'stroke': {'color': '#ffff00', 'width': 2}}}}}],
    'images': [{'id': 'grey', 'name': 'grey', 'width': 2, 'height': 2, 'src': None},
               {'id': 'swatch', 'name': 'swatch', 'width': 2, 'height': 2, 'src': None}],
    'atlas': {'pages': [{'id': 'page', 'width': 4, 'height': 2, 'src': 'page.png'}],
              'regions': [{'image': 'grey', 'page': 'page', 'x': 0, 'y': 0, 'width': 2, 'height': 2},
                          {'image': 'swatch', 'page': 'page', 'x': 2, 'y': 0, 'width': 2, 'height': 2}]},
}
with open(os.path.join(here, 'draw.obone'), 'w') as f:
    json.dump(doc, f, indent=1)
    f.write('\n')
