"""check_particles.py — particle per-vertex colours (§8.8 `colors`) through
`anima bone render`: cairo pixels and the SVG writer's fills and filters.

particles.obone (make_particles.py): three emitters at the root bone, each
bursting one particle at time 0 that never moves (speed 0), 16 units wide,
living 2 s, drawn at --at 0.5 (the tool's 30 steps of 1/60 s). The colour
of each quad's four vertices is §8.8's (c.rgb × tint.rgb, c.a × tint.a),
c the gradient at t = age/life and tint the slot colour; particlelib.py (an
independent transcription of §8.8, never the runtime) computes the ages,
the quads and the colours here. The draw frame multiplies the texel by the
vertex colour (draw.h `vertex_colors`), so over a black background:

- 'warm' (square look, no texture: white; slot white; gradient red → blue):
  pixel = round(255·c) at t = 29/60 / 2 (the burst spawns at the first
  step and ages 29 more);
- 'cool' (circle look, @openbone/particle-dot: white; slot #00ffff80;
  gradient yellow): (1, 1, 0) × (0, 1, 1) at alpha 128/255 ⇒ (0, 128, 0),
  at the quad's centre too, which lies on the diagonal its two triangles
  share: a translucent quad must not be painted twice along it;
- 'tex' (image look on the packed cyan swatch; gradient #00ff80):
  cyan × (0, 1, 128/255) ⇒ (0, 255, 128).
Before vertex colours were lowered the quads drew the slot tint alone:
white, (0, 128, 128) and cyan.

The viewBox is the union of the quads grown by 5 % of its larger side;
the viewport is 10 pixels per unit. Tolerance 3 per channel.

SVG: a one-texel mesh whose quad has one colour is one <path> holding both
triangles filled with texel × colour (fill-opacity the alpha); the
textured quad is a group filtered by an feColorMatrix whose diagonal is
the colour (docs/RENDERING.md "Vertex colours").

Usage: check_particles.py <anima> <output directory>"""
import os
import subprocess
import sys
import xml.etree.ElementTree as ET

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
sys.path.insert(0, os.path.dirname(here))
from pnglib import read_rgba
from particlelib import Emitter, Clock, STEP, hex_rgba
import json

anima, out = sys.argv[1], sys.argv[2]
document = os.path.join(here, 'particles.obone')
os.makedirs(out, exist_ok=True)
failures = []
doc = json.load(open(document))
slots = doc['skeleton']['slots']
attachments = doc['skins'][0]['attachments']

# the tool: advance(0), then 0.5 s in ceil(0.5·60) steps
AT = 0.5
steps = 30
identity = (1, 0, 0, 1, 0, 0)
expected = {}
box = [float('inf'), float('inf'), float('-inf'), float('-inf')]
for s in slots:
    att = attachments[s['id']][s['attachment']]
    e, clock = Emitter(att, s['name']), Clock()
    for _ in range(steps):
        for _ in range(clock.steps(AT / steps)):
            e.step(STEP, identity)
    tint = hex_rgba(s.get('color', '#ffffffff'))
    vertices, colors, indices = e.geometry(clock.frac, identity, tint)
    assert len(vertices) == 8, s['name']
    xs, ys = vertices[0::2], vertices[1::2]
    for x, y in zip(xs, ys):
        box = [min(box[0], x), min(box[1], -y), max(box[2], x), max(box[3], -y)]
    expected[s['name']] = ((sum(xs) / 4, sum(ys) / 4), [round(255 * v) for v in colors[0]])

w, h = box[2] - box[0], box[3] - box[1]
margin = max(1, 0.05 * max(w, h))
view = (box[0] - margin, box[1] - margin, w + 2 * margin, h + 2 * margin)
size = (round(view[2] * 10), round(view[3] * 10))
texel = {'warm': (255, 255, 255), 'cool': (255, 255, 255), 'tex': (0, 255, 255)}


def over_black(name):
    rgba = expected[name][1]
    return tuple(round(t * c / 255 * rgba[3] / 255) for t, c in zip(texel[name], rgba[:3]))


png = os.path.join(out, 'bone-particles.png')
result = subprocess.run([anima, 'bone', 'render', document, '-o', png, '--at', str(AT),
                         '--viewport', '%dx%d' % size, '--background', '#000000'],
                        capture_output=True, text=True)
if result.returncode != 0:
    failures.append('PNG: exit %d: %s' % (result.returncode, result.stderr))
else:
    width, height, rows = read_rgba(png)
    if (width, height) != size:
        failures.append('size %dx%d, expected %dx%d' % (width, height, size[0], size[1]))
    else:
        for name, (dx, dy) in (('warm', (0, 0)), ('warm', (-5, 3)), ('cool', (0, 0)),
                               ('cool', (4, 4)), ('cool', (-4, -4)), ('cool', (4, -4)),
                               ('tex', (0, 0))):
            (cx, cy), _ = expected[name]
            X, Y = cx + dx, cy + dy
            got = rows[int((-Y - view[1]) * 10)][int((X - view[0]) * 10)]
            want = over_black(name)
            if any(abs(g - e) > 3 for g, e in zip(got[:3], want)):
                failures.append('%s: pixel of (%g, %g) is %s, expected %s'
                                % (name, X, Y, got[:3], want))
        # outside every quad: the background
        got = rows[int((0 - view[1]) * 10)][int((0 - view[0]) * 10)]
        if got[:3] != [0, 0, 0]:
            failures.append('pixel of (0, 0) is %s, expected the black background' % got[:3])

svg = os.path.join(out, 'bone-particles.svg')
result = subprocess.run([anima, 'bone', 'render', document, '-o', svg, '--at', str(AT),
                         '--viewport', '%dx%d' % size], capture_output=True, text=True)
if result.returncode != 0:
    failures.append('SVG: exit %d: %s' % (result.returncode, result.stderr))
else:
    SVG = '{http://www.w3.org/2000/svg}'
    root = ET.parse(svg).getroot()
    paths = [e for e in root.iter('%spath' % SVG) if e.get('fill')]
    for name in ('warm', 'cool'):
        rgba = expected[name][1]
        fill = '#%02x%02x%02x' % tuple(rgba[:3])
        found = [p for p in paths if p.get('fill').lower() == fill]
        if len(found) != 1 or found[0].get('d').count('M') != 2:
            failures.append('SVG %s: expected one path of two triangles filled %s, found %d'
                            % (name, fill, len(found)))
            continue
        opacity = float(found[0].get('fill-opacity', '1'))
        if abs(opacity - rgba[3] / 255) > 0.002:
            failures.append('SVG %s: fill-opacity %g, expected %g' % (name, opacity, rgba[3] / 255))
    rgba = expected['tex'][1]
    matrices = []
    for f in root.iter('%sfilter' % SVG):
        m = f.find('%sfeColorMatrix' % SVG)
        if m is not None:
            values = [float(v) for v in m.get('values').split()]
            matrices.append((f.get('id'), [values[0], values[6], values[12], values[18]]))
    match = [i for i, diagonal in matrices
             if all(abs(d - c / 255) < 0.002 for d, c in zip(diagonal, rgba))]
    users = [g for g in root.iter('%sg' % SVG) if match and g.get('filter') == 'url(#%s)' % match[0]]
    if len(match) != 1 or len(users) != 1 or \
            len([c for c in users[0] if c.get('clip-path')]) != 2:
        failures.append('SVG tex: expected one feColorMatrix with diagonal %s over a group of '
                        'two clipped triangles; filters: %s' % ([c / 255 for c in rgba], matrices))

for failure in failures:
    print('FAIL', failure)
print('%d failure(s)' % len(failures))
sys.exit(1 if failures else 0)
