"""ik-two-bones-half-mix: two-bone IK (§7.1) with mix 0.5, softness 0, bendPositive false,
stretch false, uniform false; target at (10, 10). upper (length 10) at the origin,
lower (length 10) at (10, 0) in upper's space. oblib.ik_two follows §7.1
line by line: soft reach, clamped effective distance, law of cosines for
the parent angle, the child aimed at the aim point after the full solve,
both rotations blended by mix, then the stretch of both worlds."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
MIX, SOFT, BEND, STRETCH, UNIFORM, TX, TY = 0.5, 0, 'false' == 'true', 'false' == 'true', 'false' == 'true', 10, 10
bones = [bone('root'), bone('upper', parent='root', length=10),
         bone('lower', parent='upper', x=10, length=10), bone('target', parent='root', x=TX, y=TY)]
ik = [{'id': 'leg', 'name': 'leg', 'bones': ['upper', 'lower'], 'target': 'target', 'mix': MIX,
       'softness': SOFT, 'bendPositive': BEND, 'stretch': STRETCH, 'uniform': UNIFORM}]
doc = document(bones, ik=ik)
pw, cw = ik_two(IDENTITY, pose(), pose(x=10), 10, (TX, TY), MIX, SOFT, BEND, STRETCH, UNIFORM)
lines = [{'bones': {'upper': matrix(pw), 'lower': matrix(cw)}}]
write_case(here(__file__), doc, 'sample\nadvance 0.1\nsample\n', lines * 2)
