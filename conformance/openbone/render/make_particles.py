"""make_particles.py — writes the particle render check's document
(particles.obone), three emitters whose one particle each stays put, so
that its colour follows from the §8.8 gradient alone (check_particles.py
computes it with particlelib.py, an independent transcription of §8.8).
The atlas page is page.png (make_draw.py: columns 0–1 grey, 2–3 cyan).
Run: python3 make_particles.py"""
import json, os
here = os.path.dirname(os.path.abspath(__file__))


def emitter(look, x, y, gradient, **extra):
    att = {'type': 'particles', 'look': look, 'x': x, 'y': y, 'rotation': 0,
           'rate': 0, 'bursts': [{'time': 0, 'count': 1}], 'loop': False,
           'duration': 1, 'speed': [0, 0], 'lifetime': [2, 2],
           'startSize': [16, 16], 'endSize': [16, 16], 'gradient': gradient}
    att.update(extra)
    return att


def slot(name, **extra):
    s = {'id': 's-' + name, 'name': name, 'bone': 'root', 'attachment': name}
    s.update(extra)
    return s


doc = {
    'format': 'openbone', 'version': 1,
    'skeleton': {'bones': [{'id': 'root', 'name': 'root'}],
                 'slots': [slot('warm'), slot('cool', color='#00ffff80'), slot('tex')]},
    'skins': [{'id': 'default', 'name': 'default', 'attachments': {
        # square look without an atlas white page: no texture (white)
        's-warm': {'warm': emitter('square', -20, 0, [{'t': 0, 'color': '#ff0000ff'},
                                                      {'t': 1, 'color': '#0000ffff'}])},
        # circle look: @openbone/particle-dot (white); slot tint × gradient
        's-cool': {'cool': emitter('circle', 20, 0, [{'t': 0, 'color': '#ffff00ff'},
                                                     {'t': 1, 'color': '#ffff00ff'}])},
        # image look on the packed cyan swatch
        's-tex': {'tex': emitter('image', 0, 20, [{'t': 0, 'color': '#00ff80ff'},
                                                  {'t': 1, 'color': '#00ff80ff'}],
                                 image='swatch')}}}],
    'images': [{'id': 'swatch', 'name': 'swatch', 'width': 2, 'height': 2, 'src': None}],
    'atlas': {'pages': [{'id': 'page', 'width': 4, 'height': 2, 'src': 'page.png'}],
              'regions': [{'image': 'swatch', 'page': 'page', 'x': 2, 'y': 0, 'width': 2,
                           'height': 2}]},
}
with open(os.path.join(here, 'particles.obone'), 'w') as f:
    json.dump(doc, f, indent=1)
    f.write('\n')
