"""machine-slider-input: §9.1 step 10 (every number input → the skeleton's
inputValues) feeding a slider (§7.5: v = inputValues[input] ‖ first
default ‖ 0), by hand. Slider dial: animation bend (arm rotation keys
0 at 0 and 90 at 1, duration 1), input lean, from 0 to 1 ⇒ time =
v·1 ⇒ rotation 90·v. Machine m: number input lean, default 0.25; no layers.
 sample before any advance: the constructor pose, no machine has run ⇒
   the first default 0.25 ⇒ 22.5 (also `states: []`).
 setInput lean 0.5, advance 0: inputValues.lean = 0.5 ⇒ 45.
 setInput lean 0, advance 0: 0 ‖ 0.25 ⇒ 0.25 (JS ‖ treats 0 as absent)
   ⇒ 22.5.
 setInput lean 1, advance 0 ⇒ 90."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from machlib import *
bones = [bone('root'), bone('arm', parent='root', length=10)]
bend = animation('bend', [timeline('bone', 'arm', 'rotation', [key(0, 0), key(1, 90)])], duration=1)
doc = document(bones, animations=[bend])
doc['skeleton']['sliders'] = [{'id': 'dial', 'name': 'dial', 'animation': 'bend', 'input': 'lean',
                               'from': 0, 'to': 1}]
doc['stateMachines'] = [machine('m', [inp('lean', 'number', 0.25)])]
script = ('machine m\nsample\nsetInput lean 0.5\nadvance 0\nsample\nsetInput lean 0\nadvance 0\nsample\n'
          'setInput lean 1\nadvance 0\nsample\n')
rot = lambda r: matrix(bone_world(IDENTITY, pose(rotation=r)))
lines = [{'states': [], 'bones': {'arm': rot(22.5)}}, {'bones': {'arm': rot(45)}},
         {'bones': {'arm': rot(22.5)}}, {'bones': {'arm': rot(90)}}]
write_case(here(__file__), doc, script, lines)
