"""slider-input-default: a slider without a bone reads a state-machine
input (§7.5: inputValues[input] ‖ first state-machine default for that
input id ‖ 0). No machine runs, so the value is the first default of an
input with that id: 0.25 (the second machine's 0.75 for the same id is
not the first). from 0, to 1 ⇒ t = 0.25·duration (1 s) ⇒ arm rotation
0.25·90 = 22.5, already in the constructor pose."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
bones = [bone('root'), bone('arm', parent='root', length=10)]
bend = animation('bend', [timeline('bone', 'arm', 'rotation', [key(0, 0), key(1, 90)])])
doc = document(bones, animations=[bend])
doc['skeleton']['sliders'] = [{'id': 'dial', 'name': 'dial', 'animation': 'bend', 'input': 'lean',
                               'from': 0, 'to': 1}]
doc['stateMachines'] = [
    {'id': 'm1', 'name': 'm1', 'inputs': [{'id': 'lean', 'name': 'lean', 'type': 'number', 'default': 0.25}],
     'layers': []},
    {'id': 'm2', 'name': 'm2', 'inputs': [{'id': 'lean', 'name': 'lean', 'type': 'number', 'default': 0.75}],
     'layers': []}]
lines = [{'time': 0, 'bones': {'arm': matrix(bone_world(IDENTITY, pose(rotation=22.5)))}}]
write_case(here(__file__), doc, 'sample\n', lines)
