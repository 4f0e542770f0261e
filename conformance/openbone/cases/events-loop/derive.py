"""events-loop: event keys of a looping animation (§5.2, §6 update): keys
fire for each cycle c in floor(prev/d)..floor(next/d) when
prev < c·d + k.time ≤ next, in key-array order; a key's int/float/string
override the event's; `time` is the key's local time.
By hand (d = 1, keys at 0 (int 7) and 0.5 (float 9.25)):
1. advance 0.25: prev = −1e-6 (first step), next 0.25: key 0 at c = 0 fires
   (−1e-6 < 0 ≤ 0.25); key 0.5 does not.
2. advance 1: prev 0.25, next 1.25: key 0 fires for c = 1 (1.0); key 0.5
   for c = 0 (0.5). Array order: the key at 0 first."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
events = [{'id': 'e-step', 'name': 'step', 'int': 1, 'float': 2.5, 'string': 'left'}]
keys = [{'time': 0, 'event': 'e-step', 'int': 7}, {'time': 0.5, 'event': 'e-step', 'float': 9.25}]
A = animation('walk', [], duration=1, events=keys)
doc = document([bone('root')], animations=[A], events=events)
script = 'setAnimation 0 walk true\nadvance 0.25\nsample\nadvance 1\nsample\nsample\n'
first = {'name': 'step', 'time': 0, 'int': 7, 'float': 2.5, 'string': 'left'}
second = {'name': 'step', 'time': 0.5, 'int': 1, 'float': 9.25, 'string': 'left'}
lines = [{'events': [first]}, {'events': [first, second]}, {'events': []}]
write_case(here(__file__), doc, script, lines)
