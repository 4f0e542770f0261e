"""machine-any-priority: §9.3 candidates (transitions from the current
state first, then @any, each in array order, a stable sort), a transition
to a missing state skipped with its trigger kept, @any to the current
state refused, and the fired set emptied of a taken transition's inputs.
Transitions, in array order: [0] @any → c on t; [1] a → zz (no such
state) on t; [2] a → b on t.
 fire t, advance 0 (start: a): candidates [1], [2], then [0]: [1] skipped
   (missing target), [2] taken ⇒ b, t removed from the fired set. Hop 2
   from b: [0] needs t (removed) ⇒ stays b. (Array order alone would
   have taken [0] ⇒ c.)
 fire t, advance 0: from b only [0] ⇒ c; hop 2: [0] is @any to the
   current state ⇒ refused ⇒ c.
States key bone x to 1, 2, 3 (a, b, c) so the pose shows the state too."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from machlib import *
bones = [bone('root'), bone('p', parent='root')]
anims = [animation(n, [timeline('bone', 'p', 'x', [key(0, v)])], duration=1)
         for n, v in (('xa', 1), ('xb', 2), ('xc', 3))]
l = layer('only', 'a', [state('a', 'xa'), state('b', 'xb'), state('c', 'xc')],
          [transition('@any', 'c', conditions=[cond('t')]),
           transition('a', 'zz', conditions=[cond('t')]),
           transition('a', 'b', conditions=[cond('t')])])
doc = document(bones, animations=anims)
doc['stateMachines'] = [machine('m', [inp('t', 'trigger')], [l])]
script = 'machine m\nfire t\nadvance 0\nsample\nfire t\nadvance 0\nsample\n'
lines = [{'states': ['b'], 'bones': {'p': {'x': 2, 'y': 0}}},
         {'states': ['c'], 'bones': {'p': {'x': 3, 'y': 0}}}]
write_case(here(__file__), doc, script, lines)
