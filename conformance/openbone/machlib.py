"""machlib.py — small builders for the state-machine cases (§9, Part B.7
shapes) and the bits of §9 the derivations share, written from the spec
(never by running the runtime)."""
import json
import os

from oblib import *


def part_c():
    """The worked document of OPENBONE-FORMAT-NOTES.md Part C (verbatim in
    cases/example-part-c/case.obone)."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'cases',
                        'example-part-c', 'case.obone')
    with open(path) as f:
        return json.load(f)


def machine(id, inputs=(), layers=(), bindings=(), listeners=()):
    return {'id': id, 'name': id, 'inputs': list(inputs), 'layers': list(layers),
            'bindings': list(bindings), 'listeners': list(listeners)}


def inp(id, type, default=None, name=None):
    i = {'id': id, 'name': name or id, 'type': type}
    if default is not None:
        i['default'] = default
    return i


def layer(id, entry, states, transitions=()):
    return {'id': id, 'name': id, 'entry': entry, 'states': list(states),
            'transitions': list(transitions)}


def state(id, animation=None, **extra):
    s = {'id': id, 'name': id, 'type': 'animation', 'animation': animation}
    s.update(extra)
    return s


def transition(frm, to, duration=0, conditions=(), exitTime=None):
    t = {'from': frm, 'to': to, 'duration': duration,
         'conditions': list(conditions)}
    if exitTime is not None:
        t['exitTime'] = exitTime
    return t


def cond(input, op=None, value=None):
    c = {'input': input}
    if op is not None:
        c['op'] = op
        c['value'] = value
    return c


def arm_matrix(rotation, y=20):
    """A child of an identity root at (0, y) rotated by `rotation` (§4.1)."""
    return matrix(bone_world(IDENTITY, pose(y=y, rotation=rotation)))


def summed(dt, n):
    """§12: n steps of dt summed in binary64."""
    t = 0.0
    for _ in range(n):
        t += dt
    return t
