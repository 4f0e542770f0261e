"""example-mascot: the repository's UI mascot (examples/openbone/mascot.obone,
copied here as case.obone; the examples check compares the two), driven
through its state machine `ui` by pointer events (§9), derived by hand; the
matrices by §4.1 (oblib.bone_world), the keys by §5 linear sampling.

Layers: mood (entry idle; idle → happy when hover == true, 0.2 s; happy →
idle when hover == false; @any → jump on the trigger poke, 0.1 s; jump →
happy / idle at exit time 1 by hover) and eyes (blink, only keys eye scaleY
from 2.8 s on, so never visible here). Listeners on the slot `hit` (the
bounding box ±50 × ±45 on the body bone): enter ⇒ hover true, exit ⇒ hover
false, down ⇒ fire poke and reportEvent poked. Binding: lean −1..1 ⇒ body
rotation 10..−10 (lean 0 ⇒ 0).

1 `advance 0.5`: start() enters idle and blink; idle at 0.5: body y =
  60 + 3·0.5 = 61.5, scaleY 1 + 0.03·0.5 = 1.015 ⇒ body (0, 61.5), d = 1.015.
2 `pointer move 0 60`, `advance 0.1`: the move is tested against the last
  pose (the box spans y 61.5 ± 45.675): inside ⇒ enter ⇒ hover true; settle
  takes idle → happy ⇒ states [happy, blink]; no events.
3 `advance 0.2`: happy at 0.1 + 0.2 (the mix of 0.2 is over): body y 70,
  hand rotation 70, mouth attachment "open" (stepped key at 0). Body
  (0, 70) axis-aligned; hand = body·(46, −10) = (46, 60) rotated 70°:
  a = cos 70 = 0.3420, b = −sin 70 = −0.9397, c = 0.9397, d = 0.3420.
4 `setInput lean 1`, `pointer down 0 70`, `advance 0.1`: the down hits ⇒
  poke fired, poked reported at elapsed 0.9; settle: happy's own transition
  fails (hover is true), @any → jump passes ⇒ jump (mix 0.1, over in this
  step). jump at 0.1: body y = 60 + 50·0.25 = 72.5, hand rotation 30 +
  70·0.25 = 47.5; the binding: lean 1 ⇒ rotation −10. Body (0, 72.5),
  a = cos(−10°) = 0.9848, b = 0.1736, c = −0.1736, d = 0.9848. Hand at
  body·(46, −10) = (0.9848·46 + 0.1736·(−10), −0.1736·46 + 0.9848·(−10) +
  72.5) = (43.5647, 54.6641), world angle −10 + 47.5 = 37.5°: a = 0.7934,
  b = −0.6088, c = 0.6088, d = 0.7934.
5 `advance 0.4`: jump at 0.5 crosses its event key hop at 0.4 (int 1,
  float 50, string "top"; time = the key's time) ⇒ events [hop]; body y =
  110 − 50·0.25 = 97.5, still rotated −10.
6 `pointer move 300 300`, `advance 0.4`: outside ⇒ exit ⇒ hover false; jump
  (progress 0.5/0.8 before the step) stays; at 0.9 the once animation holds
  its end: body y 60, mouth "smile" (the key at 0.7).
7 `advance 0.1`: progress 0.9/0.8 ≥ 1 ⇒ jump → idle (hover is false) ⇒
  states [idle, blink].

The text label (slot `label`, "lean {lean:+0%}", §8.9) is last in the draw
order and changes none of the values above; its drawing is checked by
examples/openbone/check.sh and tests/test_openbone_text.c."""
import json
import os
import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *

HERE = here(__file__)
SOURCE = os.path.join(HERE, '..', '..', '..', '..', 'examples', 'openbone', 'mascot.obone')
doc = json.load(open(SOURCE))
anims = {a['id']: {(t['id'], t['property']): t['keys'] for t in a['timelines']}
         for a in doc['animations']}


def at(animation, bone, prop, time):
    return sample(anims[animation][(bone, prop)], time)


body_pose = lambda y, rotation=0, scaleY=1: pose(0, y, rotation, 1, scaleY)
hand_local = lambda rotation: pose(46, -10, rotation)
events = lambda *es: [dict(name=n, time=t, int=i, float=f, string=s) for n, t, i, f, s in es]

# 1
body1 = bone_world(IDENTITY, body_pose(at('idle', 'body', 'y', 0.5), 0,
                                       at('idle', 'body', 'scaleY', 0.5)))
# 3
t3 = 0.1 + 0.2
body3 = bone_world(IDENTITY, body_pose(at('happy', 'body', 'y', t3)))
hand3 = bone_world(body3, hand_local(at('happy', 'hand', 'rotation', t3)))
# 4 (binding: lean 1 ⇒ t = 1 ⇒ 10 + (−10 − 10)·1)
lean = 10 + (-10 - 10) * 1
body4 = bone_world(IDENTITY, body_pose(at('jump', 'body', 'y', 0.1), lean))
hand4 = bone_world(body4, hand_local(at('jump', 'hand', 'rotation', 0.1)))
# 5, 6 (a once animation clamps its time to the duration 0.8)
body5 = bone_world(IDENTITY, body_pose(at('jump', 'body', 'y', 0.1 + 0.4), lean))
body6 = bone_world(IDENTITY, body_pose(at('jump', 'body', 'y', min(0.9, 0.8)), lean))

# the hand values of the docstring, checked against the transcription
assert (round4(body1[5]), round4(body1[3])) == (61.5, 1.015)
assert (round4(hand3[4]), round4(hand3[5]), round4(hand3[0])) == (46, 60, 0.342)
assert (round4(hand4[4]), round4(hand4[5]), round4(hand4[0])) == (43.5647, 54.6641, 0.7934)
assert round4(body5[5]) == 97.5 and round4(body6[5]) == 60

lines = [
    {'time': 0.5, 'states': ['idle', 'blink'], 'events': [],
     'bones': {'body': matrix(body1)}},
    {'time': 0.6, 'states': ['happy', 'blink'], 'events': []},
    {'time': 0.8, 'states': ['happy', 'blink'],
     'bones': {'body': matrix(body3), 'hand': matrix(hand3)},
     'slots': {'mouth': {'attachment': 'open'}}},
    {'time': 0.9, 'states': ['jump', 'blink'], 'events': events(('poked', 0.9, 0, 0, '')),
     'bones': {'body': matrix(body4), 'hand': matrix(hand4)}},
    {'time': 1.3, 'states': ['jump', 'blink'], 'events': events(('hop', 0.4, 1, 50, 'top')),
     'bones': {'body': matrix(body5)}},
    {'time': 1.7, 'states': ['jump', 'blink'], 'events': [],
     'bones': {'body': matrix(body6)}, 'slots': {'mouth': {'attachment': 'smile'}}},
    {'time': 1.8, 'states': ['idle', 'blink'], 'events': []},
]
script = """machine ui
advance 0.5
sample
pointer move 0 60
advance 0.1
sample
advance 0.2
sample
setInput lean 1
pointer down 0 70
advance 0.1
sample
advance 0.4
sample
pointer move 300 300
advance 0.4
sample
advance 0.1
sample
"""
write_case(HERE, doc, script, lines)
