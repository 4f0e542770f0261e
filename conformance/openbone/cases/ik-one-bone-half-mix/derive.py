"""ik-one-bone-half-mix: one-bone IK (§7.1) with mix 0.5, stretch false, compress false, uniform false;
target bone at (10, 10), arm of length 10 at the origin under an identity
root. By hand: P = identity, (lx, ly) = (dx, dy) = (10, 10);
want = atan2(10, 10)·RAD; rotation = 0 + wrap(want − 0)·mix. Then
len = 10·worldScaleX = 10, k = hypot(dx, dy)/10; when (k > 1 and stretch) or
(k < 1 and compress): s = 1 + (k − 1)·mix scales world a, c (and b, d when
uniform)."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
MIX, STRETCH, COMPRESS, UNIFORM, TX, TY = 0.5, 'false' == 'true', 'false' == 'true', 'false' == 'true', 10, 10
bones = [bone('root'), bone('arm', parent='root', length=10), bone('target', parent='root', x=TX, y=TY)]
ik = [{'id': 'aim', 'name': 'aim', 'bones': ['arm'], 'target': 'target', 'mix': MIX,
       'stretch': STRETCH, 'compress': COMPRESS, 'uniform': UNIFORM}]
doc = document(bones, ik=ik)
want = math.atan2(TY, TX) * RAD
rotation = 0 + wrap(want - 0) * MIX
w = bone_world(IDENTITY, pose(rotation=rotation))
k = math.hypot(TX, TY) / (10 * world_scale_x(w))
if (k > 1 and STRETCH) or (k < 1 and COMPRESS):
    s = 1 + (k - 1) * MIX
    w = (w[0] * s, w[1] * (s if UNIFORM else 1), w[2] * s, w[3] * (s if UNIFORM else 1), w[4], w[5])
lines = [{'bones': {'arm': matrix(w), 'target': {'x': TX, 'y': TY}}}]
write_case(here(__file__), doc, 'sample\nadvance 0.1\nsample\n', lines * 2)
