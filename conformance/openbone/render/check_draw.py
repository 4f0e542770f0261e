"""check_draw.py — clipping masks, the dark colour, shape strokes and a
packed atlas page through `anima bone render` (cairo PNG and the SVG
writer), at pixels whose colours follow from draw.obone (make_draw.py) by
hand.

draw.obone, one bone at the origin, slots in draw order:
- 'mask': a clipping square (−10, −10) … (10, 10) ending at 'inside'
  (§8.4: the items of the slots after it, up to and including 'inside',
  are clipped to its triangles);
- 'inside': a 40×20 untextured region, red: drawn only where |x| ≤ 10;
- 'after': a 10×10 green region at x 30, after the mask's end: unclipped;
- 'dark': a 10×10 region at x −30 showing the packed image 'grey' (page
  columns 0–1, grey 128), light #ff0000, dark #0000ff. Two-colour tint
  (docs/openbone/README.md "Drawing"): c·light + (1 − c)·dark per channel
  with c = 128/255 ⇒ (128·1 + 127·0, 0, 128·0 + 127·1) = (128, 0, 127);
- 'swatch': a 10×10 region at y 20 showing the packed image 'swatch'
  (page columns 2–3, cyan): its centre samples u = 0.75, between two cyan
  texels ⇒ (0, 255, 255);
- 'outline': a 20×10 rect shape at y −25 with a transparent fill and a
  yellow stroke of width 2: the edge x = −10 (y −30 … −20) and y = −20 are
  yellow, the inside (0, −25) shows the background.
Extent: x −35 … 35, y −30 … 25 (y up); grown by 5 % of 70 = 3.5 a side:
viewBox [−38.5, −28.5, 77, 62] (y down); a 770×620 viewport is 10 pixels
per unit: the pixel of (X, Y) is ((X + 38.5)·10, (−Y + 28.5)·10).
Tolerance 3 per channel.

SVG: the same document is written with one <clipPath> (besides the
writer's per-triangle mesh clips) holding the mask's
triangles (earcut of the square: two triangles, so the path has two
subpaths whose points are the corners ±10) and a group using it, and a
stroked path of colour #ffff00.

Usage: check_draw.py <anima> <output directory>"""
import os
import subprocess
import sys
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pnglib import read_rgba

anima, out = sys.argv[1], sys.argv[2]
here = os.path.dirname(os.path.abspath(__file__))
document = os.path.join(here, 'draw.obone')
os.makedirs(out, exist_ok=True)
failures = []

png = os.path.join(out, 'bone-draw.png')
result = subprocess.run([anima, 'bone', 'render', document, '-o', png, '--viewport', '770x620',
                         '--background', '#000000'], capture_output=True, text=True)
if result.returncode != 0:
    failures.append('PNG: exit %d: %s' % (result.returncode, result.stderr))
else:
    width, height, rows = read_rgba(png)
    if (width, height) != (770, 620):
        failures.append('size %dx%d' % (width, height))
    else:
        for X, Y, rgb, what in (
                (0, 0, (255, 0, 0), 'inside the clip'), (-5, 5, (255, 0, 0), 'inside the clip'),
                (15, 0, (0, 0, 0), 'clipped away'), (-15, 5, (0, 0, 0), 'clipped away'),
                (30, 0, (0, 255, 0), 'after the mask ends'),
                (-30, 0, (128, 0, 127), 'two-colour tint'), (0, 20, (0, 255, 255), 'packed page'),
                (-10, -25, (255, 255, 0), 'stroke'), (0, -20, (255, 255, 0), 'stroke'),
                (0, -25, (0, 0, 0), 'transparent fill')):
            got = rows[int((-Y + 28.5) * 10)][int((X + 38.5) * 10)]
            if any(abs(g - e) > 3 for g, e in zip(got[:3], rgb)):
                failures.append('%s: pixel of (%g, %g) is %s, expected %s' % (what, X, Y, got[:3], rgb))

svg = os.path.join(out, 'bone-draw.svg')
result = subprocess.run([anima, 'bone', 'render', document, '-o', svg], capture_output=True, text=True)
if result.returncode != 0:
    failures.append('SVG: exit %d: %s' % (result.returncode, result.stderr))
else:
    SVG = '{http://www.w3.org/2000/svg}'
    root = ET.parse(svg).getroot()
    # the writer also clips each mesh triangle (ids '….meshN.T'); the
    # mask's clip is the one whose id ends in '.clipN'
    clips = [c for c in root.findall('.//%sclipPath' % SVG) if '.clip' in c.get('id', '')]
    users = [e for e in root.iter()
             if clips and e.get('clip-path') == 'url(#%s)' % clips[0].get('id')]
    if len(clips) != 1 or not users:
        failures.append('SVG: %d clipPath(s), %d user(s); expected 1 and some' % (len(clips), len(users)))
    else:
        path = clips[0].find('%spath' % SVG)
        d = path.get('d') if path is not None else ''
        numbers = [float(t) for t in d.replace(',', ' ').replace('M', ' ').replace('L', ' ')
                   .replace('Z', ' ').split()]
        if d.count('M') != 2 or not numbers or any(abs(abs(n) - 10) > 1e-3 for n in numbers):
            failures.append('SVG clip path %r: expected two triangles over the corners ±10' % d)
    strokes = [e for e in root.iter() if (e.get('stroke') or '').lower() == '#ffff00']
    if not strokes:
        failures.append('SVG: no path stroked #ffff00')

for failure in failures:
    print('FAIL', failure)
print('%d failure(s)' % len(failures))
sys.exit(1 if failures else 0)
