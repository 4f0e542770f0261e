"""machine-hops-exit-time: §9.3 settle (at most 4 hops per layer per
advance), exitTime and state speed, by hand.
Layer `chain` (bone a): states s1…s6, each with an animation keying a's
rotation to 10·k (one key, so the value holds); transitions s1→s2 … s5→s6
with no conditions and exitTime 0 (progress ≥ 0 always). The first
advance starts the machine (s1 entered) and settles in the same call
(§9.1 steps 1 and 5): hops s1→s2→s3→s4→s5, then the limit ⇒ s5, rotation
50 (every mix 0 ⇒ no from state). The next advance: s5→s6 ⇒ 60.
Layer `timed` (bone b): t1 (animation `slow`, duration 1, keys b's
rotation 5, speed 2) → t2 (animation keying 7) with no conditions and
exitTime 0.5; and t1 → t3 on trigger `go` with exitTime 0.9.
Progress = time/1, time += dt·2, compared before the increment:
 advance 0: start, t1 (time 0); rotation 5.
 fire go, advance 0.2: settle sees progress 0: 0 < 0.5, and the trigger
   transition needs 0.9 ⇒ stays; step 6 clears go; time 0.4.
 advance 0.1: sees 0.4 < 0.5 ⇒ stays; time 0.6 ⇒ t1, rotation 5.
 advance 0.1: sees 0.6 ≥ 0.5 ⇒ t2 (go long cleared) ⇒ rotation 7."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from machlib import *
bones = [bone('root'), bone('a', parent='root'), bone('b', parent='root')]
anims = [animation('r%d' % k, [timeline('bone', 'a', 'rotation', [key(0, 10 * k)])], duration=1)
         for k in range(1, 7)]
anims += [animation('slow', [timeline('bone', 'b', 'rotation', [key(0, 5)])], duration=1),
          animation('seven', [timeline('bone', 'b', 'rotation', [key(0, 7)])], duration=1),
          animation('nine', [timeline('bone', 'b', 'rotation', [key(0, 9)])], duration=1)]
chain = layer('chain', 's1', [state('s%d' % k, 'r%d' % k) for k in range(1, 7)],
              [transition('s%d' % k, 's%d' % (k + 1), exitTime=0) for k in range(1, 6)])
timed = layer('timed', 't1', [state('t1', 'slow', speed=2), state('t2', 'seven'), state('t3', 'nine')],
              [transition('t1', 't2', exitTime=0.5),
               transition('t1', 't3', conditions=[cond('go')], exitTime=0.9)])
doc = document(bones, animations=anims)
doc['stateMachines'] = [machine('m', [inp('go', 'trigger')], [chain, timed])]
script = ('machine m\nadvance 0\nsample\nfire go\nadvance 0.2\nsample\nadvance 0.1\nsample\n'
          'advance 0.1\nsample\n')
def rot(r):
    return arm_matrix(r, y=0)
lines = [{'states': ['s5', 't1'], 'bones': {'a': rot(50), 'b': rot(5)}},
         {'states': ['s6', 't1'], 'bones': {'a': rot(60), 'b': rot(5)}},
         {'states': ['s6', 't1'], 'bones': {'b': rot(5)}},
         {'states': ['s6', 't2'], 'bones': {'b': rot(7)}}]
write_case(here(__file__), doc, script, lines)
