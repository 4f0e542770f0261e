"""machine-bindings: §9.6 by hand. Number input dial (default 0), bool
input flag (false), string input word ("5"). Bindings in array order:
 [0] dial → bone arm rotation, in 0..10, out 0..90;
 [1] dial → slot s colour, in 0..10, out "#ff0000ff".."#0000ffff"
     (per-channel lerp, replaces RGBA);
 [2] dial → slot s alpha, in 0..10, out 1..0 (replaces the alpha that [1]
     wrote: array order);
 [3] flag → bone arm x, inMin = inMax = 1 ⇒ t = v ≥ 1 ? 1 : 0, out 0..5;
 [4] word → bone arm y: a text input is skipped ⇒ y stays 0.
Bindings run after the states (none here) at step 11 of every advance.
 advance 0 (dial 0, flag false): rotation 0, colour #ff0000ff then alpha
   1 ⇒ #ff0000ff, x 0.
 dial 2.5, flag true, advance 0: t = 0.25 ⇒ rotation 22.5; colour
   (0.75, 0, 0.25, 1) then alpha 0.75 ⇒ bytes round(0.75·255) = 191 (bf),
   0, round(0.25·255) = 64 (40), 191 ⇒ #bf0040bf; x 5.
 dial 20: t clamped to 1 ⇒ rotation 90, colour #0000ff, alpha 0 ⇒
   #0000ff00."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from machlib import *
bones = [bone('root'), bone('arm', parent='root')]
slots = [{'id': 's', 'name': 's', 'bone': 'arm'}]
def bind(input, target, id, prop, out_min, out_max, in_min=0, in_max=10):
    return {'input': input, 'target': target, 'id': id, 'property': prop,
            'inMin': in_min, 'inMax': in_max, 'outMin': out_min, 'outMax': out_max}
doc = document(bones, slots=slots)
doc['stateMachines'] = [machine('m', [inp('dial', 'number', 0), inp('flag', 'bool', False),
                                      inp('word', 'string', '5')], [],
                                [bind('dial', 'bone', 'arm', 'rotation', 0, 90),
                                 bind('dial', 'slot', 's', 'color', '#ff0000ff', '#0000ffff'),
                                 bind('dial', 'slot', 's', 'alpha', 1, 0),
                                 bind('flag', 'bone', 'arm', 'x', 0, 5, 1, 1),
                                 bind('word', 'bone', 'arm', 'y', 0, 100)])]
script = ('machine m\nadvance 0\nsample\nsetInput dial 2.5\nsetInput flag true\nadvance 0\nsample\n'
          'setInput dial 20\nadvance 0\nsample\n')
def arm(x, r):
    return matrix(bone_world(IDENTITY, pose(x=x, rotation=r)))
lines = [{'states': [], 'bones': {'arm': arm(0, 0)}, 'slots': {'s': {'color': '#ff0000ff'}}},
         {'states': [], 'bones': {'arm': arm(5, 22.5)}, 'slots': {'s': {'color': '#bf0040bf'}}},
         {'states': [], 'bones': {'arm': arm(5, 90)}, 'slots': {'s': {'color': '#0000ff00'}}}]
write_case(here(__file__), doc, script, lines)
