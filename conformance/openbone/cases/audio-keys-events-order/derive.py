"""audio-keys-events-order: §6 update and §10. Within a step, a track first
plays the audio keys crossed (prevTime, time] (§5.2's rule: array order,
cycles ascending per key), then for each event crossed plays the event's
audio and emits the event.
Sound s-step: asset a-step, bus b-sfx, volume 0.5, rate 1.5, fadeIn 0.1.
Audio keys of `walk` (d = 1, looping): [0] at 0.5, sound s-step, volume
0.5; [1] at 0, sound "hit" — no sound has that id or name, so the audio
asset named "hit" (id a-hit) plays raw: {sound a-hit, asset a-hit, bus =
the bus named "sfx" (b-sfx), volume 1, rate 1, loop false, fadeIn 0}.
Event `step` has audio s-step and volume 2; its key is at 0.5.
By hand:
 advance 0.25 (−1e-6, 0.25]: key [1] at 0 ⇒ p1 (a-hit raw); nothing else.
 advance 1 (0.25, 1.25]: key [0] at 0.5 ⇒ p2 s-step, volume 0.5·0.5 =
   0.25, rate 1.5 (the sound's), fadeIn 0.1, source key:walk; key [1] at
   1.0 ⇒ p3 a-hit; then the event key at 0.5: its audio p4 s-step, volume
   0.5·2 = 1, source event:step; then the event."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
events = [{'id': 'e-step', 'name': 'step', 'audio': 's-step', 'volume': 2}]
A = animation('walk', [], duration=1, events=[{'time': 0.5, 'event': 'e-step'}])
A['audio'] = [{'time': 0.5, 'sound': 's-step', 'volume': 0.5}, {'time': 0, 'sound': 'hit'}]
doc = document([bone('root')], animations=[A], events=events)
doc['audioAssets'] = [{'id': 'a-step', 'name': 'step', 'duration': 0.4},
                      {'id': 'a-hit', 'name': 'hit', 'duration': 0}]
doc['sounds'] = [{'id': 's-step', 'name': 'footstep', 'asset': 'a-step', 'bus': 'b-sfx',
                  'volume': 0.5, 'rate': 1.5, 'fadeIn': 0.1}]
doc['buses'] = [{'id': 'b-music', 'name': 'music'}, {'id': 'b-sfx', 'name': 'sfx'}]
script = 'setAnimation 0 walk true\nadvance 0.25\nsample\nadvance 1\nsample\nsample\n'
def hit(n):
    return {'type': 'play', 'id': n, 'sound': 'a-hit', 'asset': 'a-hit', 'bus': 'b-sfx', 'volume': 1,
            'rate': 1, 'loop': False, 'fadeIn': 0, 'source': 'key:walk'}
def step(n, volume, source):
    return {'type': 'play', 'id': n, 'sound': 's-step', 'asset': 'a-step', 'bus': 'b-sfx', 'volume': volume,
            'rate': 1.5, 'loop': False, 'fadeIn': 0.1, 'source': source}
event = {'name': 'step', 'time': 0.5, 'int': 0, 'float': 0, 'string': ''}
lines = [{'audio': [hit('p1')], 'events': []},
         {'audio': [step('p2', 0.25, 'key:walk'), hit('p3'), step('p4', 1, 'event:step')], 'events': [event]},
         {'audio': [], 'events': []}]
write_case(here(__file__), doc, script, lines)
