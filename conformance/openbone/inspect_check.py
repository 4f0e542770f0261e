"""inspect_check.py — `anima bone inspect --format=json` against what the
documents hold, read here from the JSON (never from the runtime):

- bench/bone-60.obone: 60 bones with one root, 20 slots, the default
  skin, the constraints in constraintOrder (§3.2: no `order`, so ik,
  transform, path, physics in array order: leg-l, leg-r, look, tail), the
  animations with their durations (§5.1: no explicit duration ⇒ the
  largest key time: walk 1, wave 0.8).
- cases/constraint-order-custom: ik `aim` (order 1) and transform `turn`
  (order 0): sorted by (order ?? index, index) ⇒ turn, aim.
- numbers in the JSON in the canonical form of the other commands
  (DECISIONS 2): bone-60's `wave` lasts 0.8 s (its largest key time), so
  the text holds `"duration":0.8`, never `0.80000000000000004`.
- the text form's state-machine line is the count alone: machines run
  (docs/openbone/README.md §9), so nothing may call them "not run";
  cases/machine-blend1d has one state machine in `stateMachines`, and no
  constraint (no ik, transform, path or physics list): its constraint line
  says "none" rather than ending after the colon.
Usage: inspect_check.py <anima>"""
import json
import os
import subprocess
import sys

anima = sys.argv[1]
here = os.path.dirname(os.path.abspath(__file__))
failures = []


def inspect_text(path, *options):
    result = subprocess.run([anima, 'bone', 'inspect', path] + list(options),
                            capture_output=True, text=True)
    if result.returncode != 0:
        failures.append('%s: exit %d' % (path, result.returncode))
        return None
    return result.stdout


def inspect(path):
    text = inspect_text(path, '--format=json')
    return json.loads(text) if text is not None else {}


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

json_text = inspect_text(bench, '--format=json') or ''
expect('wave duration spelled 0.8', '"duration":0.8}' in json_text, True)

machine_case = os.path.join(here, 'cases', 'machine-blend1d', 'case.obone')
machines = len(json.load(open(machine_case))['stateMachines'])
text = inspect_text(machine_case) or ''
expect('state machines line', '\n  state machines: %d\n' % machines in text, True)
expect('no "not run"', 'not run' in text, False)
skeleton = json.load(open(machine_case))['skeleton']
expect('no constraints in the case',
       any(skeleton.get(k) for k in ('ik', 'transform', 'path', 'physics')), False)
expect('constraints line', '\n  constraints (in the order they run): none\n' in text, True)

for failure in failures:
    print('FAIL', failure)
print('%d failure(s)' % len(failures))
sys.exit(1 if failures else 0)
