"""machine-emitters: state-machine emitter overrides (§9.1 step 10, §9.2,
§9.5). The entry state `idle` sets the slot's emitter off (`emitters`
[{slot, emitting false}]), so the first advances stream nothing although
the attachment says emitting true. A `down` listener (slot null: hit
everywhere) runs emitParticles 3: the count is added on the next particle
step and spawns as a burst even while the emitter is off (burst = pending,
whatever `active` is). Firing `go` enters `on`, whose override switches the
emitter on (restart; wasEmitting false resets cycle and acc): rate 40
streams. Each advance of 0.05 runs 3 particle steps (§8.8 clock) after the
machine's steps 1–11. Values from particlelib.py (§8.8 transcription)."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
from machlib import machine, inp, layer, state, transition, cond
from particlelib import *
bones = [bone('root', x=5)]
att = {'type': 'particles', 'seed': 77, 'rate': 40, 'speed': [10, 30], 'lifetime': [1, 1],
       'emitShape': 'box', 'width': 4, 'height': 2}
slots = [{'id': 's', 'name': 'fx', 'bone': 'root', 'attachment': 'fx'}]
skins = [{'id': 'default', 'name': 'default', 'attachments': {'s': {'fx': att}}}]
doc = document(bones, slots=slots, skins=skins)
doc['stateMachines'] = [machine(
    'm', inputs=[inp('go', 'trigger')],
    layers=[layer('L', 'idle', [state('idle', emitters=[{'slot': 's', 'emitting': False}]),
                                state('on', emitters=[{'slot': 's', 'emitting': True}])],
                  [transition('idle', 'on', conditions=[cond('go')])])],
    listeners=[{'id': 'li', 'name': 'li', 'slot': None, 'event': 'down',
                'actions': [{'type': 'emitParticles', 'slot': 's', 'count': 3}]}])]
W = worlds(bones)['root']
emitter, clock = Emitter(att, 'fx'), Clock()
frames = [('advance 0.05\nsample\n', False, 0),
          ('pointer down 0 0\nadvance 0.05\nsample\n', False, 3),
          ('fire go\nadvance 0.05\nsample\n', True, 0),
          ('advance 0.05\nsample\n', True, 0)]
lines, time, script = [], 0.0, 'machine m\n'
counts = []
for text, on, pending in frames:
    time += 0.05
    script += text
    emitter.pending += pending
    for _ in range(clock.steps(0.05)):
        emitter.step(STEP, W, {'emitting': on})
    counts.append(len(emitter.particles))
    vertices, colors, indices = emitter.geometry(clock.frac, W, [1, 1, 1, 1])
    draw = []
    if vertices:
        draw = [{'slot': 'fx', 'type': 'particles', 'vertices': numbers(vertices),
                 'indices': indices, 'colors': [colour(c) for c in colors]}]
    lines.append({'time': number(time), 'draw': draw, 'states': ['on' if on else 'idle']})
assert counts[0] == 0 and counts[1] == 3 and counts[2] > 3, counts
write_case(here(__file__), doc, script, lines)
