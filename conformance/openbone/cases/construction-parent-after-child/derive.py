"""construction-parent-after-child: §2 "a parent listed after its child makes
the child a root": `hand` names `arm` as parent but is listed first, so its
world is its own local matrix (identity parent), not arm·L. A slot whose bone
is missing is dropped and absent from `slots` (§2; OPENBONE-SAMPLES §3)."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
bones = [bone('hand', parent='arm', x=5, rotation=30), bone('arm', x=100, rotation=90)]
slots = [{'id': 'kept', 'name': 'kept', 'bone': 'hand'}, {'id': 'lost', 'name': 'lost', 'bone': 'nobody'}]
doc = document(bones, slots)
# hand: root ⇒ bone_world(identity, L(hand)); arm likewise.
hand = bone_world(IDENTITY, local(bones[0]))
arm = bone_world(IDENTITY, local(bones[1]))
write_case(here(__file__), doc, 'sample\n', [{'bones': {'hand': matrix(hand), 'arm': matrix(arm)},
                                              'slots': {'kept': {'attachment': None}, 'lost': None}}])
