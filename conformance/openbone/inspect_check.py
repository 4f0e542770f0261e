"""inspect_check.py — `anima bone inspect --format=json` against what the
documents hold, read here from the JSON (never from the runtime):

- bench/bone-60.obone: 60 bones with one root, 20 slots, the default
  skin, the constraints in constraintOrder (§3.2: no `order`, so ik,
  transform, path, physics in array order: leg-l, leg-r, look, tail), the
  animations with their durations (§5.1: no explicit duration ⇒ the
  largest key time: walk 1, wave 0.8).
- cases/constraint-order-custom: ik `aim` (order 1) and transform `turn`
  (order 0): sorted by (order ?? index, index) ⇒ turn, aim.
- each constraint's bones and target by name; skins with their skin-only
  bones and constraints and attachments per type (every case document,
  counted here); the state machines of examples/openbone/mascot.obone (inputs,
  layers, states, transitions with conditions, bindings, listeners with their
  actions) written out by hand, actions naming sounds and buses, a blend1d
  state, and the text form's lines.
- numbers in the JSON in the canonical form of the other commands
  (DECISIONS 2): bone-60's `wave` lasts 0.8 s (its largest key time), so
  the text holds `"duration":0.8`, never `0.80000000000000004`.
- the text form's state-machine line is the count alone: machines run
  (docs/openbone/README.md §9), so nothing may call them "not run";
  cases/machine-blend1d has one state machine in `stateMachines`, and no
  constraint (no ik, transform, path or physics list): its constraint line
  says "none" rather than ending after the colon.
Usage: inspect_check.py <anima>"""
import glob
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
expect('skins', [s['name'] for s in got.get('skins', [])], [s['name'] for s in doc['skins']])
expect('constraints', [{'kind': c['kind'], 'name': c['name']} for c in got.get('constraints', [])],
       [{'kind': k, 'name': c['name']} for k in ('ik', 'transform', 'path', 'physics')
        for c in doc['skeleton'].get(k, [])])
expect('animations', got.get('animations'),
       [{'name': a['name'], 'duration': max(k['time'] for t in a['timelines'] for k in t['keys'])}
        for a in doc['animations']])
expect('notImplemented', got.get('notImplemented'), 0)

custom = inspect(os.path.join(here, 'cases', 'constraint-order-custom', 'case.obone'))
expect('custom order', [{'kind': c['kind'], 'name': c['name']} for c in custom.get('constraints', [])],
       [{'kind': 'transform', 'name': 'turn'}, {'kind': 'ik', 'name': 'aim'}])

# Constraints with their bones and targets (names), by hand from the documents.
expect('bench constraints', got.get('constraints'),
       [{'kind': 'ik', 'name': 'leg-l', 'bones': ['legl0', 'legl1'], 'target': 'targetl'},
        {'kind': 'ik', 'name': 'leg-r', 'bones': ['legr0', 'legr1'], 'target': 'targetr'},
        {'kind': 'transform', 'name': 'look', 'bones': ['head'], 'target': 'spine3'},
        {'kind': 'physics', 'name': 'tail', 'bones': ['tail8']}])
examples = os.path.join(here, '..', '..', 'examples', 'openbone')
walker = inspect(os.path.join(examples, 'walker.obone'))
expect('walker constraints', walker.get('constraints'),
       [{'kind': 'ik', 'name': 'leg-far', 'bones': ['thigh-far', 'shin-far'], 'target': 'foot-far'},
        {'kind': 'ik', 'name': 'leg-near', 'bones': ['thigh-near', 'shin-near'],
         'target': 'foot-near'},
        {'kind': 'physics', 'name': 'ponytail-sway', 'bones': ['ponytail']}])
expect('walker attachments', walker.get('attachments'), {'region': 11})

# Skins: their skin-only bones and constraints, attachments per type
# (skin-bones: the skin `hero` adds the bone `cape` and one region).
skin = inspect(os.path.join(here, 'cases', 'skin-bones', 'case.obone'))
expect('skin-bones skins', skin.get('skins'),
       [{'name': 'default', 'bones': [], 'constraints': [], 'attachments': {'region': 2}},
        {'name': 'hero', 'bones': ['cape'], 'constraints': [], 'attachments': {'region': 1}}])
# Attachments per type over every case document, counted here from the JSON.
for path in sorted(glob.glob(os.path.join(here, 'cases', '*', 'case.obone'))):
    name = os.path.basename(os.path.dirname(path))
    try:
        doc = json.load(open(path))
    except ValueError:
        continue
    result = subprocess.run([anima, 'bone', 'inspect', path, '--format=json'],
                            capture_output=True, text=True)
    if result.returncode != 0:
        continue  # refused by the loader: nothing to describe
    counts = {}
    for s in doc.get('skins', []):
        for attachments in s.get('attachments', {}).values():
            for a in attachments.values():
                counts[a['type']] = counts.get(a['type'], 0) + 1
    expect(name + ' attachments', json.loads(result.stdout).get('attachments'), counts)

# State machines, by hand from examples/openbone/mascot.obone.
mascot = inspect(os.path.join(examples, 'mascot.obone'))
hover = lambda value: ['hover == %s' % value]
expect('mascot machines', mascot.get('stateMachines'), [{
    'name': 'ui',
    'inputs': [{'name': 'hover', 'type': 'bool', 'default': False},
               {'name': 'poke', 'type': 'trigger', 'default': False},
               {'name': 'lean', 'type': 'number', 'default': 0}],
    'layers': [
        {'name': 'mood', 'entry': 'idle',
         'states': [{'name': 'idle', 'type': 'animation', 'animation': 'idle', 'loop': True},
                    {'name': 'happy', 'type': 'animation', 'animation': 'happy', 'loop': True},
                    {'name': 'jump', 'type': 'animation', 'animation': 'jump', 'loop': False}],
         'transitions': [
             {'from': 'idle', 'to': 'happy', 'duration': 0.2, 'exitTime': None,
              'conditions': hover('true')},
             {'from': 'happy', 'to': 'idle', 'duration': 0.2, 'exitTime': None,
              'conditions': hover('false')},
             {'from': '@any', 'to': 'jump', 'duration': 0.1, 'exitTime': None,
              'conditions': ['poke']},
             {'from': 'jump', 'to': 'happy', 'duration': 0.2, 'exitTime': 1,
              'conditions': hover('true')},
             {'from': 'jump', 'to': 'idle', 'duration': 0.2, 'exitTime': 1,
              'conditions': hover('false')}]},
        {'name': 'eyes', 'entry': 'blink',
         'states': [{'name': 'blink', 'type': 'animation', 'animation': 'blink', 'loop': True}],
         'transitions': []}],
    'bindings': [{'input': 'lean', 'target': 'bone', 'id': 'body', 'property': 'rotation'}],
    'listeners': [
        {'name': 'hover-on', 'slot': 'hit', 'event': 'enter', 'actions': ['setInput hover true']},
        {'name': 'hover-off', 'slot': 'hit', 'event': 'exit', 'actions': ['setInput hover false']},
        {'name': 'press', 'slot': 'hit', 'event': 'down',
         'actions': ['fireTrigger poke', 'reportEvent poked']}]}])
expect('mascot attachments', mascot.get('attachments'),
       {'shape': 5, 'region': 3, 'boundingBox': 1, 'text': 1})
# Actions that name sounds and buses (machine-audio-order: the bus b-sfx is named sfx;
# a null bus is the master) and a blend1d state (machine-blend1d: input v).
audio = inspect(os.path.join(here, 'cases', 'machine-audio-order', 'case.obone'))
expect('audio listeners', [l['actions'] for l in audio['stateMachines'][0]['listeners']],
       [['playSound chime', 'setMute sfx "toggle"', 'setMute master false', 'fireTrigger go'],
        ['stopSound chime']])
blend = inspect(os.path.join(here, 'cases', 'machine-blend1d', 'case.obone'))
expect('blend1d state', blend['stateMachines'][0]['layers'][0]['states'][0],
       {'name': 'mix', 'type': 'blend1d', 'input': 'v'})

# The text form lists the same things.
text = subprocess.run([anima, 'bone', 'inspect', os.path.join(examples, 'mascot.obone')],
                      capture_output=True, text=True).stdout
for line in ['  state machines: 1',
             '      inputs: hover (bool, default false), poke (trigger), lean (number, default 0)',
             '      layer mood (entry idle)',
             '        states: idle (animation idle), happy (animation happy), '
             'jump (animation jump, once)',
             '        @any -> jump (0.1 s) when poke',
             '        jump -> idle (0.2 s, exit time 1) when hover == false',
             '      binding: lean -> bone body rotation',
             '      listener press (down on hit): fireTrigger poke; reportEvent poked',
             '    default: 5 shape, 3 region, 1 boundingBox, 1 text']:
    if line not in text.split('\n'):
        failures.append('mascot text: no line %r' % line)
text = subprocess.run([anima, 'bone', 'inspect', os.path.join(examples, 'walker.obone')],
                      capture_output=True, text=True).stdout
if '    ik leg-near: thigh-near, shin-near -> foot-near' not in text.split('\n'):
    failures.append('walker text: no IK line')

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
