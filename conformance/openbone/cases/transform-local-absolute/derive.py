"""transform-local-absolute: a transform constraint (§7.2), local true, relative false, with partial
mixes (rotate 0.5, translate 0.75, scale 0.25, shear 0.6) and every offset.
The target bone is keyed away from its setup pose by an animation (so the
relative modes see a difference from setupWorld / setup values). oblib's
transform_world / transform_local follow §7.2's table and channel order;
world mode then syncs the bone's applied pose (§3.2) and recomputes its
child, which is checked too."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
LOCAL, RELATIVE = 'true' == 'true', 'false' == 'true'
bones = [bone('root', rotation=5),
         bone('b', parent='root', x=4, y=-2, rotation=10, scaleX=1.2, shearY=-5),
         bone('kid', parent='b', x=6, rotation=-20),
         bone('t', parent='root', x=20, y=10, rotation=60, scaleX=2, scaleY=0.5, shearY=12)]
c = {'id': 'tc', 'name': 'tc', 'bones': ['b'], 'target': 't', 'mixRotate': 0.5, 'mixTranslate': 0.75,
     'mixScale': 0.25, 'mixShear': 0.6, 'offsetRotation': 10, 'offsetX': 2, 'offsetY': -1,
     'offsetScaleX': 0.5, 'offsetScaleY': -0.25, 'offsetShear': 15, 'local': LOCAL, 'relative': RELATIVE}
anim = animation('move-t', [timeline('bone', 't', 'rotation', [key(0, 100)]),
                            timeline('bone', 't', 'x', [key(0, 25)]),
                            timeline('bone', 't', 'scaleY', [key(0, 0.8)])])
doc = document(bones, animations=[anim])
doc['skeleton']['transform'] = [c]
v = transform_values(c)
setup = {b['id']: local(b) for b in bones}
posed = dict(setup)
posed['t'] = dict(setup['t'], rotation=100, x=25, scaleY=0.8)
w = worlds(bones, poses=posed)
s = worlds(bones)['t']   # setupWorld of the target
if LOCAL:
    pb = transform_local(posed['b'], posed['t'], setup['t'], v, RELATIVE)
    wb = bone_world(w['root'], pb)
else:
    wb = transform_world(w['b'], w['t'], s, v, RELATIVE)
    pb = local_from_world(w['root'], wb, posed['b'])
wkid = bone_world(bone_world(w['root'], pb), posed['kid'])
lines = [{'bones': {'b': matrix(wb), 'kid': matrix(wkid), 't': matrix(w['t'])}}]
write_case(here(__file__), doc, 'setAnimation 0 move-t false\nadvance 0.1\nsample\n', lines)
