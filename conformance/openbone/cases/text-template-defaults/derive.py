"""text-template-defaults: formatTemplate (§8.9) without a running state
machine: lookup(name) is the default of the first non-trigger input with
that name across the state machines (here the second machine's "who",
since the first machine's "who" is a trigger). `{{` → `{`, `}}` → `}`, an
unknown name and a lone `}` / unclosed `{` are left as written, the name is
trimmed, a number without a pattern is String(Number(v.toFixed(6))). The
item is the unscaled box quad (scaleX/skew ignored, §8.2) rotated by the
attachment rotation on a translated bone; colour = the slot colour, not the
attachment's (which goes to the text record); texture null, region uvs.
Text values from particlelib.format_template (a Python transcription of
§8.9 using Decimal for toFixed and repr for String)."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
from machlib import machine, inp
from particlelib import format_template

template = 'Hi {who}! {{x}} }} { score } {score:000.0} {pi} {flag} {nope} {a:b:c} {open'
att = {'type': 'text', 'text': template, 'width': 40, 'height': 10, 'x': 5, 'y': 2,
       'rotation': 90, 'scaleX': 3, 'skewX': 20, 'color': '#ff000080'}
bones = [bone('root'), bone('b', parent='root', x=100, y=50)]
slots = [{'id': 's', 'name': 'label', 'bone': 'b', 'attachment': 'caption', 'color': '#00ff00ff'}]
skins = [{'id': 'default', 'name': 'default', 'attachments': {'s': {'caption': att}}}]
doc = document(bones, slots=slots, skins=skins)
doc['stateMachines'] = [
    machine('m1', inputs=[inp('t1', 'trigger', name='who'), inp('n1', 'number', 7.25, name='score')]),
    machine('m2', inputs=[inp('w2', 'string', 'Ann', name='who'), inp('p2', 'number', 1 / 3, name='pi'),
                          inp('f2', 'bool', True, name='flag')])]
values = {'who': 'Ann', 'score': 7.25, 'pi': 1 / 3, 'flag': True}
text = format_template(template, lambda n: (n in values, values.get(n)))
assert text == 'Hi Ann! {x} } 7.25 007.3 0.333333 true {nope} {a:b:c} {open', text
W = worlds(bones)['b']
# box quad (§8.2, text: hw = 20, hh = 5, no scale, no skew), rotated 90°, + (5, 2)
corners = [(-20, 5), (20, 5), (20, -5), (-20, -5)]
vertices = []
for x, y in corners:
    rx, ry = -y + 5, x + 2
    vertices += [f32(rx + W[4]), f32(ry + W[5])]
lines = [{'draw': [{'slot': 'label', 'attachment': 'caption', 'type': 'text', 'texture': None,
                    'vertices': numbers(vertices), 'uvs': [0, 0, 1, 0, 1, 1, 0, 1],
                    'indices': [0, 1, 2, 0, 2, 3], 'color': '#00ff00ff', 'text': text,
                    'clip': None}]}]
write_case(here(__file__), doc, 'sample\n', lines)
