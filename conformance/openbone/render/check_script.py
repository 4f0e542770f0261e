"""check_script.py — `anima bone render --script` (docs/openbone/CLI.md):
a script in the language of `anima bone sample` drives the skeleton and
the pose at its end is drawn.

The mascot (examples/openbone/mascot.obone) shows its mouth as the slot
'mouth': the attachment 'smile' (fill #1d2b36, the eyes' colour too) in
the state 'idle', and 'open' (an ellipse filled #c2415b, a colour nothing
else in the document has) in 'happy', whose animation sets it. The state
machine 'ui' enters 'happy' when `hover` becomes true, which the
bounding box 'hit' sets on `enter` (the pointer moving onto it: (0, 60)
is inside the body's box) and clears on `exit`; the transition takes
0.2 s. So, counting the pixels within 3 of #c2415b:

- idle (machine ui, 0.5 s): none;
- hover (then the pointer at (0, 60), 0.3 s): some;
- away (then the pointer at (300, 300), 0.5 s): none again;
- examples/openbone/mascot.script.txt (a `bone sample` script; its
  `sample` lines print nothing here) ends back in idle: none.
Before --script there was no way to draw a state: the option was a usage
error (exit 2).

Exit codes: a missing script and a script with an unknown command are
usage errors (2, the message names the line) and write nothing;
--script with --at is a usage error; an advance past the largest finite
time stops with exit 1 naming the line.

Usage: check_script.py <anima> <output directory>"""
import os
import subprocess
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
from pnglib import read_rgba

anima, out = sys.argv[1], sys.argv[2]
root = os.path.dirname(os.path.dirname(os.path.dirname(here)))
mascot = os.path.join(root, 'examples', 'openbone', 'mascot.obone')
os.makedirs(out, exist_ok=True)
failures = []
MOUTH = (0xc2, 0x41, 0x5b)

scripts = {
    'idle': 'machine ui\nadvance 0.5 in 30\n',
    'hover': 'machine ui\nadvance 0.5 in 30\npointer move 0 60\nadvance 0.3 in 18\n',
    'away': 'machine ui\nadvance 0.5 in 30\npointer move 0 60\nadvance 0.3 in 18\n'
            'pointer move 300 300\nadvance 0.5 in 30\n',
}


def render(script_path, output, *extra):
    return subprocess.run([anima, 'bone', 'render', mascot, '-o', output, '--script',
                           script_path, '--size', '200'] + list(extra),
                          capture_output=True, text=True)


def mouth_pixels(png):
    width, height, rows = read_rgba(png)
    return sum(1 for row in rows for p in row
               if p[3] == 255 and all(abs(c - m) <= 3 for c, m in zip(p[:3], MOUTH)))


counts = {}
for name, text in scripts.items():
    path = os.path.join(out, 'script-%s.txt' % name)
    with open(path, 'w') as f:
        f.write(text)
    png = os.path.join(out, 'mascot-%s.png' % name)
    result = render(path, png)
    if result.returncode != 0:
        failures.append('%s: exit %d: %s' % (name, result.returncode, result.stderr))
        continue
    counts[name] = mouth_pixels(png)
sample_script = os.path.join(root, 'examples', 'openbone', 'mascot.script.txt')
png = os.path.join(out, 'mascot-sample-script.png')
result = render(sample_script, png)
if result.returncode != 0 or result.stdout:
    failures.append('mascot.script.txt: exit %d, stdout %r: %s'
                    % (result.returncode, result.stdout[:80], result.stderr))
else:
    counts['mascot.script.txt'] = mouth_pixels(png)
for name, some in (('idle', False), ('hover', True), ('away', False),
                   ('mascot.script.txt', False)):
    if name in counts and (counts[name] > 20) != some:
        failures.append('%s: %d pixels of the open mouth #c2415b, expected %s'
                        % (name, counts[name], 'some' if some else 'none'))
svg = os.path.join(out, 'mascot-hover.svg')
result = render(os.path.join(out, 'script-hover.txt'), svg)
if result.returncode != 0 or '<svg' not in open(svg).read():
    failures.append('SVG: exit %d: %s' % (result.returncode, result.stderr))

# errors
bad = os.path.join(out, 'script-bad.txt')
with open(bad, 'w') as f:
    f.write('machine ui\nadvance 0.1\nwiggle 3\n')
for label, args, status, message in (
        ('missing script', [os.path.join(out, 'no-such-script.txt')], 2, 'no-such-script.txt'),
        ('unknown command', [bad], 2, 'script-bad.txt:3:'),
        ('--at with --script', [os.path.join(out, 'script-idle.txt'), '--at', '1'], 2,
         '--script'),
):
    target = os.path.join(out, 'never-%s.png' % label.replace(' ', '-'))
    if os.path.exists(target):
        os.remove(target)
    result = render(args[0], target, *args[1:])
    if result.returncode != status or message not in result.stderr or os.path.exists(target):
        failures.append('%s: exit %d (expected %d), stderr %r, written %s'
                        % (label, result.returncode, status, result.stderr,
                           os.path.exists(target)))
huge = os.path.join(out, 'script-huge.txt')
with open(huge, 'w') as f:
    f.write('advance 1e308\nadvance 1e308\n')
result = render(huge, os.path.join(out, 'never-huge.png'))
if result.returncode != 1 or 'line 2' not in result.stderr:
    failures.append('advance past the largest time: exit %d, stderr %r'
                    % (result.returncode, result.stderr))

for failure in failures:
    print('FAIL', failure)
print('%d failure(s); open-mouth pixels %s' % (len(failures), counts))
sys.exit(1 if failures else 0)
