"""mix-crossfade: setAnimation on a busy track with mix 0.4 (§6): the old
entry is applied at full alpha with mixOut (§5.1a), the new one lerped over
it at alpha·mix; `x`, keyed only by the old animation, is mixed out towards
the setup pose with 1 − mix."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
A = animation('a', [timeline('bone', 'root', 'rotation', [key(0, 40)]),
                    timeline('bone', 'root', 'x', [key(0, 10)])])
B = animation('b', [timeline('bone', 'root', 'rotation', [key(0, -60)])])
doc = document([bone('root')], animations=[A, B])
script = ('setAnimation 0 a false\nadvance 0.1\nsample\n'
          'setAnimation 0 b false 0.4\nadvance 0.1\nsample\n'
          'advance 0.2\nsample\nadvance 0.2\nsample\n')
# By hand:
# 1. a alone: rotation 40, x 10.
# 2. b.mixTime = 0.1, mix = 0.1/0.4 = 0.25. a at alpha 1: rotation (b keys
#    it) = 40; x (b does not) at 1 − 0.25 = 0.75: lerp(0, 10, 0.75) = 7.5.
#    b at 0.25: lerpAngle(40, −60, 0.25) = 40 + (−100)·0.25 = 15.
# 3. mixTime 0.3 (0.1 + 0.2), mix 0.75: x = lerp(0, 10, 0.25) = 2.5;
#    rotation = 40 + (−100)·0.75 = −35.
# 4. mixTime 0.5 ≥ 0.4: a is dropped; b alone: rotation −60, x 0.
rows = [(40, 10), (15, 7.5), (-35, 2.5), (-60, 0)]
lines = [{'bones': {'root': matrix(bone_world(IDENTITY, pose(x=x, rotation=r)))}} for r, x in rows]
write_case(here(__file__), doc, script, lines)
