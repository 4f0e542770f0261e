"""slot-color-attachment: slot colour, dark colour and attachment keys
(§5.1). Colours lerp per channel by t (§4.5 lerpColor); the attachment is
sampleStep (null hides: no draw item); the draw item's colour is
slot.color × att.color (§8.4), the region's colour being white.
By hand at 0.25: colour = lerp(#ff000080, #0000ffff, 0.25) =
(0.75, 0, 0.25, 0.50196 + 0.49804·0.25 = 0.62647) ⇒ bytes bf 00 40 a0;
dark = lerp(#000000, #ffffff, 0.25) = 0.25 ⇒ 40 40 40 ff."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
bones = [bone('root')]
slots = [{'id': 's', 'name': 'body', 'bone': 'root', 'attachment': 'a'}]
reg = lambda w: {'type': 'region', 'image': None, 'width': w, 'height': 2}
skins = [{'id': 'default', 'name': 'default', 'attachments': {'s': {'a': reg(4), 'b': reg(8)}}}]
A = animation('fade', [
    timeline('slot', 's', 'color', [key(0, '#ff000080'), key(1, '#0000ffff')]),
    timeline('slot', 's', 'dark', [key(0, '#000000'), key(1, '#ffffff')]),
    timeline('slot', 's', 'attachment', [key(0, 'a'), key(0.5, 'b'), key(0.75, None)]),
])
doc = document(bones, slots, skins, animations=[A])
script = 'sample\nsetAnimation 0 fade false\nadvance 0.25\nsample\nadvance 0.35\nsample\nadvance 0.2\nsample\n'
def state(t):
    c = [lerp(p, q, t) for p, q in zip(parse_hex('#ff000080'), parse_hex('#0000ffff'))]
    d = [lerp(p, q, t) for p, q in zip(parse_hex('#000000'), parse_hex('#ffffff'))]
    return colour(c), colour(d)
lines = [{'slots': {'body': {'attachment': 'a', 'color': '#ffffffff', 'dark': None}},
          'draw': [{'slot': 'body', 'attachment': 'a', 'texture': None, 'color': '#ffffffff', 'dark': None,
                    'vertices': numbers(region_vertices(reg(4), IDENTITY))}]}]
assert state(0.25) == ('#bf0040a0', '#404040ff')
for t, name in ((0.25, 'a'), (0.6, 'b')):
    c, d = state(t)
    lines.append({'slots': {'body': {'attachment': name, 'color': c, 'dark': d}},
                  'draw': [{'slot': 'body', 'attachment': name, 'color': c, 'dark': d,
                            'vertices': numbers(region_vertices(reg(4 if name == 'a' else 8), IDENTITY))}]})
c, d = state(0.8)
lines.append({'slots': {'body': {'attachment': None, 'color': c, 'dark': d}}, 'draw': []})
write_case(here(__file__), doc, script, lines)
