"""audio-loop-skip-stop: §10 looping plays and §6's stops.
Sound hum: asset a-hum (no duration), loop true, volume 0.8, fadeOut 0.5.
`idle` (d = 1, looping) and `once` (d = 0.5, not looping) each have an
audio key at 0 playing hum.
 setAnimation 0 idle true; advance 0.5: the key at 0 ⇒ p1 (loop true,
   volume 0.8, tag "idle#0", owner the idle entry).
 advance 1 (0.5, 1.5]: the key crosses at 1.0, but (owner, tag) is already
   playing and looping ⇒ skipped: no command.
 setAnimation 0 once false 0.3: stops the current entry's looping sounds
   with fade max(mix 0.3, fadeOut 0.5) = 0.5 ⇒ stop p1; advance 0.1: the
   new entry's key at 0 ⇒ p2 (the mixed-out idle entry plays nothing).
 advance 0.5 (0.1, 0.6]: `once` completes (prevTime 0.1 < 0.5 ≤ 0.6) and
   does not loop ⇒ its looping sounds stop with max(0, 0.5) ⇒ stop p2 0.5."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
idle = animation('idle', [], duration=1)
idle['audio'] = [{'time': 0, 'sound': 'hum'}]
once = animation('once', [], duration=0.5)
once['audio'] = [{'time': 0, 'sound': 'hum'}]
doc = document([bone('root')], animations=[idle, once])
doc['audioAssets'] = [{'id': 'a-hum', 'name': 'hum-asset'}]
doc['sounds'] = [{'id': 'hum', 'name': 'hum', 'asset': 'a-hum', 'loop': True, 'volume': 0.8, 'fadeOut': 0.5}]
script = ('setAnimation 0 idle true\nadvance 0.5\nsample\nadvance 1\nsample\n'
          'setAnimation 0 once false 0.3\nadvance 0.1\nsample\nadvance 0.5\nsample\n')
def hum(n):
    return {'type': 'play', 'id': n, 'sound': 'hum', 'asset': 'a-hum', 'bus': None, 'volume': 0.8,
            'rate': 1, 'loop': True, 'fadeIn': 0, 'source': 'key:' + ('idle' if n == 'p1' else 'once')}
lines = [{'audio': [hum('p1')]}, {'audio': []},
         {'audio': [{'type': 'stop', 'id': 'p1', 'fade': 0.5}, hum('p2')]},
         {'audio': [{'type': 'stop', 'id': 'p2', 'fade': 0.5}]}]
write_case(here(__file__), doc, script, lines)
