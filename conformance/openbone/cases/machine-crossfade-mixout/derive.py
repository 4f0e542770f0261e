"""machine-crossfade-mixout: §9.1 steps 7-8 with §5.1a mixing out, by hand.
Bone p (setup x 0, y 0). State a: animation ax keys p.x = 40; state b:
animation by keys p.y = 50. Transition a → b on trigger go, duration 0.4.
 advance 0: start ⇒ a alone: x 40, y 0.
 fire go, advance 0.1: settle enters b with mix 0.4 (from = a); step 7:
   mixTime 0.1 < 0.4 ⇒ from kept; step 8: mixA = 0.1/0.4 = 0.25. a is
   applied at alpha 1 with into = [by], outAlpha 0.75: its x timeline
   blends and `by` does not key p.x ⇒ alpha 0.75: x = lerp(0, 40, 0.75)
   = 30. Then b at alpha mixA: y = lerp(0, 50, 0.25) = 12.5.
 advance 0.2: mixTime 0.3 ⇒ mixA 0.75: x = 40·0.25 = 10; y = 37.5.
 advance 0.1: mixTime 0.4 ≥ 0.4 ⇒ from dropped ⇒ b alone: x 0, y 50."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from machlib import *
bones = [bone('root'), bone('p', parent='root')]
anims = [animation('ax', [timeline('bone', 'p', 'x', [key(0, 40)])], duration=1),
         animation('by', [timeline('bone', 'p', 'y', [key(0, 50)])], duration=1)]
l = layer('base', 'a', [state('a', 'ax'), state('b', 'by')],
          [transition('a', 'b', 0.4, [cond('go')])])
doc = document(bones, animations=anims)
doc['stateMachines'] = [machine('m', [inp('go', 'trigger')], [l])]
script = ('machine m\nadvance 0\nsample\nfire go\nadvance 0.1\nsample\nadvance 0.2\nsample\n'
          'advance 0.1\nsample\n')
assert 0.1 + 0.2 < 0.4 and 0.1 + 0.2 + 0.1 >= 0.4  # the summed mixTime (§12)
lines = [{'states': ['a'], 'bones': {'p': {'x': 40, 'y': 0}}},
         {'states': ['b'], 'bones': {'p': {'x': 30, 'y': 12.5}}},
         {'states': ['b'], 'bones': {'p': {'x': number(40 * (1 - (0.1 + 0.2) / 0.4)),
                                           'y': number(50 * (0.1 + 0.2) / 0.4)}}},
         {'states': ['b'], 'bones': {'p': {'x': 0, 'y': 50}}}]
write_case(here(__file__), doc, script, lines)
