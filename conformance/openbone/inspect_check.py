"""inspect_check.py — `anima bone inspect --format=json` against what the
documents hold, read here from the JSON (never from the runtime):

- bench/bone-60.obone: 60 bones with one root, 20 slots, the default
  skin, the constraints in constraintOrder (§3.2: no `order`, so ik,
  transform, path, physics in array order: leg-l, leg-r, look, tail), the
  animations with their durations (§5.1: no explicit duration ⇒ the
  largest key time: walk 1, wave 0.8).
- cases/constraint-order-custom: ik `aim` (order 1) and transform `turn`
  (order 0): sorted by (order ?? index, index) ⇒ turn, aim.
Usage: inspect_check.py <anima>"""
import json
import os
import subprocess
import sys

anima = sys.argv[1]
here = os.path.dirname(os.path.abspath(__file__))
failures = []


def inspect(path):
    result = subprocess.run([anima, 'bone', 'inspect', path, '--format=json'],
                            capture_output=True, text=True)
    if result.returncode != 0:
        failures.append('%s: exit %d' % (path, result.returncode))
        return {}
    return json.loads(result.stdout)


def expect(name, got, want):
    if got != want:
        failures.append('%s: %r, expected %r' % (name, got, want))


bench = os.path.join(here, '..', '..', 'bench', 'bone-60.obone')
doc = json.load(open(bench))
got = inspect(bench)
expect('bones', got.get('bones'), len(doc['skeleton']['bones']))
expect('roots', got.get('roots'), [b['name'] for b in doc['skeleton']['bones'] if not b.get('parent')])
expect('slots', got.get('slots'), len(doc['skeleton']['slots']))
expect('skins', got.get('skins'), [s['name'] for s in doc['skins']])
expect('constraints', got.get('constraints'),
       [{'kind': k, 'name': c['name']} for k in ('ik', 'transform', 'path', 'physics')
        for c in doc['skeleton'].get(k, [])])
expect('animations', got.get('animations'),
       [{'name': a['name'], 'duration': max(k['time'] for t in a['timelines'] for k in t['keys'])}
        for a in doc['animations']])
expect('notImplemented', got.get('notImplemented'), 0)

custom = inspect(os.path.join(here, 'cases', 'constraint-order-custom', 'case.obone'))
expect('custom order', custom.get('constraints'),
       [{'kind': 'transform', 'name': 'turn'}, {'kind': 'ik', 'name': 'aim'}])

for failure in failures:
    print('FAIL', failure)
print('%d failure(s)' % len(failures))
sys.exit(1 if failures else 0)
