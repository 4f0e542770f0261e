"""check.py — `anima bone render` through cairo (PNG) and the SVG writer,
checked at pixels whose colours follow from the document by hand.

render.obone (make.py): a 40×40 region 'quad' at the origin textured by
checker.png (2×2: red, green / blue, white); a 20×20 untextured region
'tint' on bone 'side' at (60, 0) with slot colour #ff800080; a 10×10
region 'glow' 5 above it, blue, blend additive. At time 0 the draw list
spans x −20…70, y −20…20 (y up); the viewBox is that grown by 5 % of the
larger side (4.5) a side: [−24.5, −24.5, 99, 49] (y down). A 990×490
viewport with fit contain is then exactly 10 pixels per unit, so the
pixel of skeleton point (X, Y) is ((X + 24.5)·10, (−Y + 24.5)·10).

- The quad's quadrant centres sample the texel centres (bilinear, uvs
  TL (0, 0) … BR (1, 1), §8.2): (−10, 10) red, (10, 10) green,
  (−10, −10) blue, (10, −10) white.
- (60, −5): only 'tint': white × (1, 128/255, 0) at opacity 128/255 over
  the black background ⇒ (128, 64, 0).
- (60, 5): 'glow' adds blue at full strength on that ⇒ (128, 64, 255).
- (30, 0): nothing ⇒ the background, black.
- --frames 3 --fps 2: times 0, 0.5, 1; 'side' is keyed y 0 → 10 over 1 s,
  so at frame 2 (t = 1) 'tint' spans y 0…20 and 'glow' y 10…20: (60, 2)
  is orange (128, 64, 0), (60, −5) black. The union of the three extents
  is the same viewBox.
- SVG: the writer has no additive blend, so this document is refused
  (exit 1, an unsupported-render diagnostic naming it). example-part-c
  (Part C.1) at time 0 draws its arm quad x −10…10, y 20…80 (y up), so
  its viewBox is grown by 0.05·60 = 3 a side: [−13, −83, 26, 66].
Tolerance: 3 per channel (filtering at texel centres, 8-bit rounding).

Usage: check.py <anima> <output directory>"""
import os
import subprocess
import sys
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pnglib import read_rgba

anima, out = sys.argv[1], sys.argv[2]
here = os.path.dirname(os.path.abspath(__file__))
document = os.path.join(here, 'render.obone')
os.makedirs(out, exist_ok=True)
failures = []


def run(*args):
    result = subprocess.run([anima, 'bone', 'render', document, '--viewport', '990x490',
                             '--background', '#000000'] + list(args),
                            capture_output=True, text=True)
    if result.returncode != 0:
        failures.append('exit %d for %s: %s' % (result.returncode, args, result.stderr))
    return result


def pixel(rows, X, Y):
    return rows[int((-Y + 24.5) * 10)][int((X + 24.5) * 10)]


def expect(name, rows, X, Y, rgb):
    got = pixel(rows, X, Y)
    if any(abs(g - e) > 3 for g, e in zip(got[:3], rgb)):
        failures.append('%s: pixel of (%g, %g) is %s, expected %s' % (name, X, Y, got[:3], rgb))


png = os.path.join(out, 'bone-render.png')
run('-o', png, '--at', '0')
if os.path.exists(png):
    width, height, rows = read_rgba(png)
    if (width, height) != (990, 490):
        failures.append('size %dx%d' % (width, height))
    else:
        for X, Y, rgb in ((-10, 10, (255, 0, 0)), (10, 10, (0, 255, 0)), (-10, -10, (0, 0, 255)),
                          (10, -10, (255, 255, 255)), (60, -5, (128, 64, 0)),
                          (60, 5, (128, 64, 255)), (30, 0, (0, 0, 0))):
            expect('t=0', rows, X, Y, rgb)

frames = os.path.join(out, 'bone-frames.png')
run('-o', frames, '--animation', 'slide', '--once', '--frames', '3', '--fps', '2')
last = os.path.join(out, 'bone-frames-0002.png')
if os.path.exists(last):
    _, _, rows = read_rgba(last)
    expect('frame 2', rows, 60, 2, (128, 64, 0))
    expect('frame 2', rows, 60, -5, (0, 0, 0))
    expect('frame 2', rows, -10, 10, (255, 0, 0))
else:
    failures.append('no %s' % last)

svg = os.path.join(out, 'bone-render.svg')
result = subprocess.run([anima, 'bone', 'render', document, '-o', svg], capture_output=True, text=True)
if result.returncode != 1 or 'additive' not in result.stderr:
    failures.append('SVG with an additive slot: exit %d, %s' % (result.returncode, result.stderr))
part_c = os.path.join(here, '..', 'cases', 'example-part-c', 'case.obone')
result = subprocess.run([anima, 'bone', 'render', part_c, '-o', svg], capture_output=True, text=True)
if result.returncode != 0:
    failures.append('SVG of example-part-c: exit %d, %s' % (result.returncode, result.stderr))
else:
    root = ET.parse(svg).getroot()
    box = [float(v) for v in (root.get('viewBox') or '0').split()]
    if any(abs(a - b) > 1e-4 for a, b in zip(box, [-13, -83, 26, 66])) or len(box) != 4:
        failures.append('SVG viewBox %s' % root.get('viewBox'))

for failure in failures:
    print('FAIL', failure)
print('%d failure(s)' % len(failures))
sys.exit(1 if failures else 0)
