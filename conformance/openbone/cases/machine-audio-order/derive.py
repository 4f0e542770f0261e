"""machine-audio-order: §9.2 sound hooks, §9.4 collectEvents, §9.5 sound
and mute actions and §10 command order, by hand.
Audio: assets a-hum, a-tick, a-ding, a-click, a-chime (a-chime duration 1
s, the others 0 ⇒ 10 s bookkeeping); bus b-sfx named "sfx" (muted
false); masterMuted false. Sounds (id = name): hum (a-hum, loop, volume
0.8, fadeOut 0.5), tick (a-tick), ding (a-ding, volume 0.5), click
(a-click), chime (a-chime, bus b-sfx, fadeOut 0.2). Event ev (audio ding,
volume 2).
State a: animation walk (duration 1; audio key at 0.5 → tick; event key
at 0.5 → ev), enter hook hum (volume 0.5), exit hook click. State b:
enter hook chime. Transition a → b on trigger go, duration 0.3.
Listeners: tap (slot null, down): playSound chime, setMute b-sfx
"toggle", setMute null false, fireTrigger go. lift (slot null, up):
stopSound chime (no fade ⇒ the sound's fadeOut).
 advance 0.6: start enters a: hook hum ⇒ p1 {hum, volume 0.8·0.5 = 0.4,
   loop true, source state:a}. Step 7 collectEvents(a) over (−1e-6, 0.6]:
   audio keys first ⇒ p2 tick (source key:walk); then the event at 0.5:
   its audio p3 ding, volume 0.5·2 = 1, source event:ev; event record
   {ev, time 0.5}.
 pointer down, advance 0.1: step 3 tap: p4 chime (bus b-sfx, source
   listener:tap); mix {b-sfx, muted true} (toggled from false); mix {null,
   muted false}; go fired. Step 5: a → b (mix 0.3): stopOwner(a, 0.3)
   stops the looping p1 with max(0.3, 0.5) = 0.5; a's exit hook click
   ⇒ p5 (source state:a); b's enter hook chime ⇒ p6 (source state:b).
 pointer up, advance 0.1: lift stops every chime playing, in play order:
   p4, p6 with fade 0.2 (chime lasts 1 s, so both still play)."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from machlib import *
doc = document([bone('root')], animations=[dict(animation('walk', [], duration=1,
    events=[{'time': 0.5, 'event': 'ev'}]), audio=[{'time': 0.5, 'sound': 'tick'}])],
    events=[{'id': 'ev', 'name': 'ev', 'audio': 'ding', 'volume': 2}])
doc['audioAssets'] = [{'id': 'a-' + n, 'name': 'a-' + n, 'duration': 1 if n == 'chime' else 0}
                      for n in ('hum', 'tick', 'ding', 'click', 'chime')]
doc['buses'] = [{'id': 'b-sfx', 'name': 'sfx', 'muted': False}]
doc['masterMuted'] = False
def sound(n, **extra):
    s = {'id': n, 'name': n, 'asset': 'a-' + n}
    s.update(extra)
    return s
doc['sounds'] = [sound('hum', loop=True, volume=0.8, fadeOut=0.5), sound('tick'),
                 sound('ding', volume=0.5), sound('click'), sound('chime', bus='b-sfx', fadeOut=0.2)]
a = state('a', 'walk', sounds=[{'sound': 'hum', 'on': 'enter', 'volume': 0.5},
                               {'sound': 'click', 'on': 'exit'}])
b = state('b', None, sounds=[{'sound': 'chime', 'on': 'enter'}])
tap = {'id': 'tap', 'name': 'tap', 'slot': None, 'event': 'down', 'actions': [
    {'type': 'playSound', 'sound': 'chime'}, {'type': 'setMute', 'bus': 'b-sfx', 'muted': 'toggle'},
    {'type': 'setMute', 'bus': None, 'muted': False}, {'type': 'fireTrigger', 'input': 'go'}]}
lift = {'id': 'lift', 'name': 'lift', 'slot': None, 'event': 'up', 'actions': [
    {'type': 'stopSound', 'sound': 'chime'}]}
doc['stateMachines'] = [machine('m', [inp('go', 'trigger')],
                                [layer('base', 'a', [a, b], [transition('a', 'b', 0.3, [cond('go')])])],
                                listeners=[tap, lift])]
script = ('machine m\nadvance 0.6\nsample\npointer down 0 0\nadvance 0.1\nsample\n'
          'pointer up 0 0\nadvance 0.1\nsample\n')
def play(id, snd, volume, loop, source, bus=None):
    return {'type': 'play', 'id': id, 'sound': snd, 'asset': 'a-' + snd, 'bus': bus,
            'volume': volume, 'rate': 1, 'loop': loop, 'fadeIn': 0, 'source': source}
lines = [{'states': ['a'],
          'audio': [play('p1', 'hum', 0.4, True, 'state:a'), play('p2', 'tick', 1, False, 'key:walk'),
                    play('p3', 'ding', 1, False, 'event:ev')],
          'events': [{'name': 'ev', 'time': 0.5, 'int': 0, 'float': 0, 'string': ''}]},
         {'states': ['b'],
          'audio': [play('p4', 'chime', 1, False, 'listener:tap', 'b-sfx'),
                    {'type': 'mix', 'bus': 'b-sfx', 'muted': True},
                    {'type': 'mix', 'bus': None, 'muted': False},
                    {'type': 'stop', 'id': 'p1', 'fade': 0.5},
                    play('p5', 'click', 1, False, 'state:a'),
                    play('p6', 'chime', 1, False, 'state:b', 'b-sfx')],
          'events': []},
         {'states': ['b'], 'audio': [{'type': 'stop', 'id': 'p4', 'fade': 0.2},
                                     {'type': 'stop', 'id': 'p6', 'fade': 0.2}]}]
write_case(here(__file__), doc, script, lines)
