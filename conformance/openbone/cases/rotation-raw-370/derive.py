"""rotation-raw-370: a full-weight key sets the keyed value, not normalised
(§12): rotation 370 gives the matrix of cos/sin(370°) = those of 10°, and a
shear key of 30 at the same time shows the value is used as written."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
A = animation('spin', [timeline('bone', 'root', 'rotation', [key(0, 370)]),
                       timeline('bone', 'root', 'shearY', [key(0, 30)])])
doc = document([bone('root')], animations=[A])
lines = [{'bones': {'root': matrix(bone_world(IDENTITY, pose(rotation=370, shearY=30)))}}]
write_case(here(__file__), doc, 'setAnimation 0 spin false\nadvance 0\nsample\n', lines)
