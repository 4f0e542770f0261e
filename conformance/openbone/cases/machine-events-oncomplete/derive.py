"""machine-events-oncomplete: §9.4 collectEvents (current state only, key
array order with cycles ascending per key, time = the key's local time) and
§9.3 onComplete, by hand.
Layer one: state loopy (animation lp, duration 1, looping) with event keys
[0] late at 0.75, [1] early at 0.25.
Layer two: state once (animation short, duration 0.5, loop false, event key
mid at 0.4, onComplete → done), state done (no animation).
 advance 0: start; nothing crossed (dt = 0 collects nothing).
 advance 1.5: layer one over (−1e-6, 1.5], cycles −1…1: key [0] at 0.75
   (1.75 is past) ⇒ late; key [1] at 0.25 and 1.25 ⇒ early, early (both
   time 0.25). Layer two: (−1e-6, 1.5] not looping ⇒ mid (0.4). Settle
   ran before the increment (progress 0) ⇒ still once.
   ⇒ events [late 0.75, early 0.25, early 0.25, mid 0.4]; states
   ["loopy", "once"].
 advance 0: layer two has no transition; progress = 1.5/0.5 = 3 ≥ 1 ⇒
   onComplete enters done with mix 0.1 ⇒ states ["loopy", "done"]; no
   events (dt 0)."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from machlib import *
events = [{'id': n, 'name': n} for n in ('late', 'early', 'mid')]
anims = [animation('lp', [], duration=1, events=[{'time': 0.75, 'event': 'late'},
                                                 {'time': 0.25, 'event': 'early'}]),
         animation('short', [], duration=0.5, events=[{'time': 0.4, 'event': 'mid'}])]
doc = document([bone('root')], animations=anims, events=events)
doc['stateMachines'] = [machine('m', [], [
    layer('one', 'loopy', [state('loopy', 'lp', loop=True)]),
    layer('two', 'once', [state('once', 'short', loop=False, onComplete='done'), state('done')])])]
script = 'machine m\nadvance 0\nsample\nadvance 1.5\nsample\nadvance 0\nsample\n'
def ev(n, t):
    return {'name': n, 'time': t, 'int': 0, 'float': 0, 'string': ''}
lines = [{'states': ['loopy', 'once'], 'events': []},
         {'states': ['loopy', 'once'], 'events': [ev('late', 0.75), ev('early', 0.25),
                                                  ev('early', 0.25), ev('mid', 0.4)]},
         {'states': ['loopy', 'done'], 'events': []}]
write_case(here(__file__), doc, script, lines)
