"""constraint-order-custom: constraint order (§3.2 constraintOrder) and syncApplied.
A one-bone IK aims `arm` (length 10) at (0, 10); a world transform
constraint (rotate only) turns `hand` (arm's child at x 10) to the
target `t2`'s world rotation 45°. Custom order: true (transform order 0, IK
order 1: the transform runs first).
By hand, default order (IK then transform): arm turns to 90°, hand follows
(world rotation 90° at (0, 10)); then hand is turned to 45°: world rotation
45° at (0, 10).
Custom order: hand is turned to 45° at (10, 0) and its applied pose synced
(rotation 45, x 10 under the unturned arm); then the IK turns arm to 90° and
recomputes the subtree from the synced pose: hand world rotation 90 + 45 =
135° at (0, 10). Without syncApplied the hand would lose the transform."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
CUSTOM = 'true' == 'true'
bones = [bone('root'), bone('arm', parent='root', length=10), bone('hand', parent='arm', x=10),
         bone('t1', parent='root', y=10), bone('t2', parent='root', x=30, y=5, rotation=45)]
ik = [{'id': 'aim', 'name': 'aim', 'bones': ['arm'], 'target': 't1'}]
tc = {'id': 'turn', 'name': 'turn', 'bones': ['hand'], 'target': 't2', 'mixRotate': 1, 'mixTranslate': 0, 'mixScale': 0}
if CUSTOM:
    ik[0]['order'] = 1
    tc['order'] = 0
doc = document(bones, ik=ik)
doc['skeleton']['transform'] = [tc]
hand_rotation, hand_x, hand_y = (135, 0, 10) if CUSTOM else (45, 0, 10)
hand = bone_world(IDENTITY, pose(x=hand_x, y=hand_y, rotation=hand_rotation))
arm = bone_world(IDENTITY, pose(rotation=90))
write_case(here(__file__), doc, 'sample\n', [{'bones': {'arm': matrix(arm), 'hand': matrix(hand)}}])
