"""machine-exit-state: §9.2 entering an exit state, by hand. Bone p; state
a (animation ax keys p.x = 40), state out (type exit); transition a → out
on trigger go with duration 0.5, and out → a with no conditions (never
evaluated: an exited layer evaluates nothing).
 advance 0: a ⇒ x 40, states ["a"].
 fire go, advance 0.1: enter out: exited, from = a, current null,
   mixTime 0, mixDuration 0.5. Step 7: from.time += 0.1, mixTime 0.1;
   step 8: mixA 0.2, no current ⇒ from applied at 1 − mixA = 0.8:
   x = lerp(0, 40, 0.8) = 32. activeStates: "exit".
 advance 0.4: mixTime 0.5 ≥ 0.5 ⇒ from dropped ⇒ setup x 0; "exit".
 fire go, advance 1: nothing evaluates ⇒ x 0, "exit"."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from machlib import *
bones = [bone('root'), bone('p', parent='root')]
anims = [animation('ax', [timeline('bone', 'p', 'x', [key(0, 40)])], duration=1)]
l = layer('base', 'a', [state('a', 'ax'), {'id': 'out', 'name': 'out', 'type': 'exit'}],
          [transition('a', 'out', 0.5, [cond('go')]), transition('out', 'a')])
doc = document(bones, animations=anims)
doc['stateMachines'] = [machine('m', [inp('go', 'trigger')], [l])]
script = ('machine m\nadvance 0\nsample\nfire go\nadvance 0.1\nsample\nadvance 0.4\nsample\n'
          'fire go\nadvance 1\nsample\n')
assert 0.1 + 0.4 >= 0.5
lines = [{'states': ['a'], 'bones': {'p': {'x': 40}}},
         {'states': ['exit'], 'bones': {'p': {'x': 32}}},
         {'states': ['exit'], 'bones': {'p': {'x': 0}}},
         {'states': ['exit'], 'bones': {'p': {'x': 0}}}]
write_case(here(__file__), doc, script, lines)
