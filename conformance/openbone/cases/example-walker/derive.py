"""example-walker: the repository's walking figure (examples/openbone/walker.obone,
copied here as case.obone; the examples check compares the two), derived
independently: the bone chain by §4.1/§4.2 (oblib.worlds), the legs by
§7.1 two-bone IK (oblib.ik_two), the ponytail by §7.4 physics step by step
(oblib.physics), the keys by §5 linear sampling. Never by running the runtime.

Setup pose (the constructor: setup, one world transform with dt 0):
  hip (0, 100), axis-aligned. torso rotation 90: world (0, 100), a = cos 90 = 0,
  c = 1. head at torso x 60 ⇒ world (0, 160), same axes as the torso.
  Near leg: thigh at the hip (l1 = 48, the shin's x), shin length 48, reach 96;
  the target foot-near is at (24, 8). By hand:
    d = hypot(24, −92) = 95.0789 (< reach − 1e-4, so dEff = d)
    cosA = (48² + d² − 48²) / (2·48·d) = d / 96 = 0.990405 ⇒ A = 7.9433°
    direction to the target atan2(−92, 24) = −75.3791°
    bendPositive false ⇒ thigh world angle = −75.3791° + 7.9433° = −67.4358°
    (the knee in front: +x), knee = (0, 100) + 48·(cos, sin)(−67.4358°)
    = (18.4184, 55.6744); the shin aims at the target: atan2(8 − 55.6744,
    24 − 18.4184) = −83.3224°, so the knee bends 15.8866°.
  Far leg: target (−24, 8): direction −104.6209°, thigh at −104.6209° +
  7.9433° = −96.6776° (knee (−5.5816, 52.3256)), shin aimed at the target:
  atan2(8 − 52.3256, −24 + 5.5816) = −112.5642°.
  The ponytail: physics at rest on the first call (§7.4: particles at the
  bone's origin and tip, f = 0), so its setup world.
After `setAnimation 0 walk true` and `advance 0.25 in 15` (time = 15 sums of
1/60): hip y 102 (the key at 0.25), foot-near (0, 8) (halfway from 24 to −24),
foot-far (0, 24) (its key), torso 90 (halfway 86 → 94), arms 180. Then 0.5:
hip 100, foot-near (−24, 8), foot-far (24, 8), torso 94, arm-near 155,
arm-far 205. The ponytail's world follows the head through 30 physics steps
(fps 60, one per advance step, inertia 0.5, strength 40, damping 2, rotate 1)."""
import json
import os
import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *

HERE = here(__file__)
SOURCE = os.path.join(HERE, '..', '..', '..', '..', 'examples', 'openbone', 'walker.obone')
doc = json.load(open(SOURCE))
bones = doc['skeleton']['bones']
by_id = {b['id']: b for b in bones}
walk = doc['animations'][0]
tracks = {(t['id'], t['property']): t['keys'] for t in walk['timelines']}
pony = doc['skeleton']['physics'][0]
data = physics_data(pony)
ik = {c['id']: c for c in doc['skeleton']['ik']}


def posed(time):
    """Local poses at animation time `time` (None: the setup pose)."""
    poses = {}
    for b in bones:
        p = local(b)
        if time is not None:
            for prop in ('x', 'y', 'rotation'):
                if (b['id'], prop) in tracks:
                    p[prop] = sample(tracks[(b['id'], prop)], time)
        poses[b['id']] = p
    return poses


def solve(time):
    """§3.2 for the walker: bones in order, then leg-far, leg-near (IK),
    then the ponytail (its world before physics)."""
    poses = posed(time)
    W = worlds(bones, poses)
    for cid in ('leg-far', 'leg-near'):
        c = ik[cid]
        thigh, shin = c['bones']
        target = W[c['target']]
        W[thigh], W[shin] = ik_two(W['hip'], poses[thigh], poses[shin],
                                   by_id[shin]['length'], (target[4], target[5]),
                                   c['mix'], c['softness'], c['bendPositive'])
    return W


CHECKED = ['hip', 'torso', 'head', 'thigh-near', 'shin-near', 'thigh-far', 'shin-far',
           'foot-near', 'foot-far', 'arm-near', 'ponytail']
state = PhysicsState()
W = solve(None)
W['ponytail'] = physics(state, W['ponytail'], pony_length := by_id['ponytail']['length'],
                        data, 0.0)
lines = [{'time': 0, 'bones': {b: matrix(W[b]) for b in CHECKED}}]
dt = 0.25 / 15
time = 0.0
for _ in range(2):
    for _ in range(15):
        time += dt
        W = solve(time)
        W['ponytail'] = physics(state, W['ponytail'], pony_length, data, dt)
    lines.append({'time': number(time), 'bones': {b: matrix(W[b]) for b in CHECKED}})

# The hand values of the docstring, checked against the transcription.
setup = solve(None)
assert abs(world_rotation(setup['thigh-near']) - -67.4358) < 1e-3
assert abs(world_rotation(setup['shin-near']) - -83.3224) < 1e-3
assert abs(setup['shin-near'][4] - 18.4184) < 1e-3 and abs(setup['shin-near'][5] - 55.6744) < 1e-3
assert abs(world_rotation(setup['thigh-far']) - -96.6776) < 1e-3
assert abs(setup['shin-far'][4] - -5.5816) < 1e-3 and abs(setup['shin-far'][5] - 52.3256) < 1e-3
assert abs(world_rotation(setup['shin-far']) - -112.5642) < 1e-3

script = ('sample\nsetAnimation 0 walk true\nadvance 0.25 in 15\nsample\n'
          'advance 0.25 in 15\nsample\n')
write_case(HERE, doc, script, lines)
