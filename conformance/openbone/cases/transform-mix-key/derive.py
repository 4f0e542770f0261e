"""transform-mix-key: a `transform` timeline keying `mix` (§5.1: lerp over
the live value; "transform `mix` multiplies all four mixes, setup 1") and
`offsetRotation`. mix keyed 0.5 at alpha 1: lerp(1, 0.5, 1) = 0.5, so
mixRotate 1 → 0.5. Bone b (world rotation 0) is turned toward the target's
30° + offsetRotation 20 (keyed from 0) by 0.5: 25°."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
bones = [bone('root'), bone('b', parent='root', x=3), bone('t', parent='root', rotation=30)]
tc = {'id': 'tc', 'name': 'tc', 'bones': ['b'], 'target': 't', 'mixRotate': 1, 'mixTranslate': 0, 'mixScale': 0}
anim = animation('soften', [timeline('transform', 'tc', 'mix', [key(0, 0.5)]),
                            timeline('transform', 'tc', 'offsetRotation', [key(0, 20)])])
doc = document(bones, animations=[anim])
doc['skeleton']['transform'] = [tc]
b = bone_world(IDENTITY, pose(x=3, rotation=25))
write_case(here(__file__), doc, 'setAnimation 0 soften false\nadvance 0.1\nsample\n', [{'bones': {'b': matrix(b)}}])
