"""make.py — writes the render check's document (render.obone) and its
texture (checker.png, 2×2: red, green / blue, white). Run: python3 make.py"""
import json, os
from pnglib import write_rgba
here = os.path.dirname(os.path.abspath(__file__))
write_rgba(os.path.join(here, 'checker.png'), 2, 2,
           [[(255, 0, 0, 255), (0, 255, 0, 255)], [(0, 0, 255, 255), (255, 255, 255, 255)]])
doc = {
    'format': 'openbone', 'version': 1,
    'skeleton': {'bones': [{'id': 'root', 'name': 'root'},
                           {'id': 'side', 'name': 'side', 'parent': 'root', 'x': 60}],
                 'slots': [{'id': 'quad', 'name': 'quad', 'bone': 'root', 'attachment': 'quad'},
                           {'id': 'tint', 'name': 'tint', 'bone': 'side', 'attachment': 'tint',
                            'color': '#ff800080'},
                           {'id': 'glow', 'name': 'glow', 'bone': 'side', 'attachment': 'glow',
                            'color': '#0000ff', 'blend': 'additive'}]},
    'skins': [{'id': 'default', 'name': 'default', 'attachments': {
        'quad': {'quad': {'type': 'region', 'image': 'checker', 'width': 40, 'height': 40}},
        'tint': {'tint': {'type': 'region', 'width': 20, 'height': 20}},
        'glow': {'glow': {'type': 'region', 'width': 10, 'height': 10, 'y': 5}}}}],
    'images': [{'id': 'checker', 'name': 'checker', 'width': 2, 'height': 2, 'src': 'checker.png'}],
    'animations': [{'id': 'slide', 'name': 'slide', 'timelines': [
        {'target': 'bone', 'id': 'side', 'property': 'y', 'keys': [{'time': 0, 'value': 0},
                                                                   {'time': 1, 'value': 10}]}]}],
}
with open(os.path.join(here, 'render.obone'), 'w') as f:
    json.dump(doc, f, indent=1)
    f.write('\n')
