"""scriptlib.py — builders for the script cases (script-*, spec §11): the
Part C document (machlib.part_c) with scripts attached to its machine or
its states, and the arm's world matrix for a local pose under the identity
root (§4.1, §4.2), written from the spec (never by running the runtime)."""
from machlib import *


def with_scripts(doc, sources, machine=(), states=None, events=(),
                 inputs=(), listeners=()):
    """Adds `scripts` ({id: source}, Part B.7 Script {id, name, source}),
    the machine's script ids, {state id: [script ids]}, document events,
    extra machine inputs and listeners to the Part C document `doc`."""
    doc['scripts'] = [{'id': k, 'name': k, 'source': v}
                      for k, v in sources.items()]
    m = doc['stateMachines'][0]
    m['scripts'] = list(machine)
    m['inputs'] = m['inputs'] + list(inputs)
    m['listeners'] = m['listeners'] + list(listeners)
    for s in m['layers'][0]['states']:
        if states and s['id'] in states:
            s['scripts'] = list(states[s['id']])
    doc['events'] = list(events)
    return doc


def arm_at(**p):
    """The arm's world for local pose `p` (setup y = 20, rotation = 90
    unless given) under the identity root."""
    q = dict(y=20, rotation=90)
    q.update(p)
    return matrix(bone_world(IDENTITY, pose(**q)))


def event(name, time, int=0, float=0, string=''):
    return {'name': name, 'time': time, 'int': int, 'float': float,
            'string': string}
