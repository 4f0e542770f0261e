"""machine-blend1d: §9.4 blend1d by hand. Bone p (setup x 0); animations
lo (p.x key 10) and hi (p.x key 30); state `mix` of type blend1d on the
number input v with entries written [hi at 1, lo at 0] (sorted stably by
value ⇒ lo 0, hi 1). Each sample follows `advance 0`.
 v 0.25: first i with e[i] ≤ v ≤ e[i+1] is 0 ⇒ lo, hi, t = 0.25 ⇒ lo at
   alpha 1: x = 10; hi at alpha 0.25: lerp(10, 30, 0.25) = 15.
 v 2 (≥ last): lo = hi = hi, t = 0 ⇒ x = 30.
 v -1 (below the first): lo = hi = lo ⇒ x = 10.
 v 0.5: t = 0.5 ⇒ lerp(10, 30, 0.5) = 20.
 v "abc" given to the number input: Number("abc") is NaN, not finite ⇒
   ignored (§9.5), v stays 0.5 ⇒ 20.
 v 1: v ≥ last ⇒ 30."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from machlib import *
bones = [bone('root'), bone('p', parent='root')]
anims = [animation('lo', [timeline('bone', 'p', 'x', [key(0, 10)])], duration=1),
         animation('hi', [timeline('bone', 'p', 'x', [key(0, 30)])], duration=1)]
blend = {'id': 'mix', 'name': 'mix', 'type': 'blend1d', 'input': 'v',
         'entries': [{'animation': 'hi', 'value': 1}, {'animation': 'lo', 'value': 0}]}
doc = document(bones, animations=anims)
doc['stateMachines'] = [machine('m', [inp('v', 'number', 0)], [layer('base', 'mix', [blend])])]
values = ['0.25', '2', '-1', '0.5', '"abc"', '1']
xs = [15, 30, 10, 20, 20, 30]
script = 'machine m\n' + ''.join('setInput v %s\nadvance 0\nsample\n' % v for v in values)
lines = [{'states': ['mix'], 'bones': {'p': {'x': x, 'y': 0}}} for x in xs]
write_case(here(__file__), doc, script, lines)
