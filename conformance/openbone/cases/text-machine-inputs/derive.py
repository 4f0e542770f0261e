"""text-machine-inputs: with a state machine, lookup(name) reads the running
machine's inputs by id, then name (§8.9), triggers reading false; setInput
changes what the next draw list records. Before `machine` the defaults
are used (the trigger "go" is not a non-trigger input, so {go} stays as
written); after `machine` {go} reads false. setInput converts a string
"12.5" into the number input (§9.5), a bool input shows String(v), a
string input takes a long value (the text buffer grows with it when set,
never while drawing). Texts from particlelib.format_template."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
from machlib import machine, inp, layer, state
from particlelib import format_template

template = '{count:0.0} {n_id} {on} [{label}] {go}'
doc = document([bone('root')], slots=[{'id': 's', 'name': 's', 'bone': 'root', 'attachment': 't'}],
               skins=[{'id': 'default', 'name': 'default', 'attachments': {
                   's': {'t': {'type': 'text', 'text': template, 'width': 10, 'height': 10}}}}])
doc['stateMachines'] = [machine('m', inputs=[inp('n_id', 'number', 3, name='count'),
                                             inp('b', 'bool', False, name='on'),
                                             inp('l', 'string', 'x', name='label'),
                                             inp('g', 'trigger', name='go')],
                                layers=[layer('L', 'idle', [state('idle')])])]
long_label = 'y' * 5000
steps = [
    ({'count': 3, 'n_id': None, 'on': False, 'label': 'x'}, 'sample\n'),
    ({'count': 3, 'n_id': 3, 'on': False, 'label': 'x', 'go': False}, 'machine m\nsample\n'),
    ({'count': 12.5, 'n_id': 12.5, 'on': True, 'label': long_label, 'go': False},
     'setInput count "12.5"\nsetInput on true\nsetInput label "%s"\nadvance 0.1\nsample\n' % long_label),
]
lines, script = [], ''
for values, text in steps:
    script += text
    known = {k: v for k, v in values.items() if v is not None}
    got = format_template(template, lambda n: (n in known, known.get(n)))
    lines.append({'draw': [{'slot': 's', 'type': 'text', 'text': got}]})
assert lines[0]['draw'][0]['text'] == '3.0 {n_id} false [x] {go}'
assert lines[1]['draw'][0]['text'] == '3.0 3 false [x] false'
write_case(here(__file__), doc, script, lines)
