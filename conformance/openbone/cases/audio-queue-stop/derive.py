"""audio-queue-stop: §6 update, queued entry: when it replaces the current
entry, the current entry's looping sounds stop with fade max(q.mix,
fadeOut).
Sound hum: loop true, fadeOut 0.1. `a` (d = 1, looping) plays hum at 0;
`b` is queued with delay 0 and mix 0.25.
 advance 0.5: key at 0 ⇒ p1.
 advance 0.75 (0.5, 1.25]: the key at 1.0 is skipped (already looping);
   time 1.25 ≥ d and `a` loops ⇒ the queued `b` replaces it: stop p1 with
   max(0.25, 0.1) = 0.25."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
a = animation('a', [], duration=1)
a['audio'] = [{'time': 0, 'sound': 'hum'}]
b = animation('b', [], duration=1)
doc = document([bone('root')], animations=[a, b])
doc['audioAssets'] = [{'id': 'a-hum', 'name': 'hum-asset', 'duration': 3}]
doc['sounds'] = [{'id': 'hum', 'name': 'hum', 'asset': 'a-hum', 'loop': True, 'fadeOut': 0.1}]
script = 'setAnimation 0 a true\naddAnimation 0 b false 0 0.25\nadvance 0.5\nsample\nadvance 0.75\nsample\n'
lines = [{'audio': [{'type': 'play', 'id': 'p1', 'sound': 'hum', 'loop': True, 'source': 'key:a'}]},
         {'audio': [{'type': 'stop', 'id': 'p1', 'fade': 0.25}]}]
write_case(here(__file__), doc, script, lines)
