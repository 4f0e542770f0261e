"""particles-attachment-switch: §8.8 "attachment not particles ⇒ drop its
emitter; no emitter or a different attachment object ⇒ new emitter". A slot
attachment timeline shows `fx` (keys: fx at 0, null at 0.06, fx at 0.1):
frame 1 (time 0.04) steps the first emitter; frame 2 (0.08) hides it, the
emitter is dropped (no item); frame 3 (0.12) makes a new emitter whose RNG
starts again from (seed XOR fnv1a(slot name)), so its first particles
repeat the first frame's spawns (not a continuation). Then a second slot's
emitter in the same step order (document order) is unaffected. Values from
particlelib.py (§8.8 transcription)."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from oblib import *
from particlelib import *
bones = [bone('root')]
att = {'type': 'particles', 'seed': 5, 'rate': 50, 'speed': [10, 20], 'lifetime': [1, 1]}
slots = [{'id': 's', 'name': 'fx', 'bone': 'root', 'attachment': 'fx'},
         {'id': 'k', 'name': 'keep', 'bone': 'root', 'attachment': 'fx'}]
skins = [{'id': 'default', 'name': 'default', 'attachments': {'s': {'fx': att}, 'k': {'fx': att}}}]
anim = animation('a', [timeline('slot', 's', 'attachment', [key(0, 'fx'), key(0.06, None), key(0.1, 'fx')])],
                 duration=1)
doc = document(bones, slots=slots, skins=skins, animations=[anim])
W = worlds(bones)['root']
clock = Clock()
first, keep = Emitter(att, 'fx'), Emitter(att, 'keep')
lines, time, script = [], 0.0, 'setAnimation 0 a false\n'
for dt in (0.04, 0.04, 0.04):
    time += dt
    script += 'advance 0.04\nsample\n'
    shown = time < 0.06 or time >= 0.1
    if not shown:
        first = None
    elif first is None:
        first = Emitter(att, 'fx')
    for _ in range(clock.steps(dt)):
        if first:
            first.step(STEP, W)
        keep.step(STEP, W)
    draw = []
    for name, e in (('fx', first), ('keep', keep)):
        if e is None:
            continue
        vertices, colors, indices = e.geometry(clock.frac, W, [1, 1, 1, 1])
        if vertices:
            draw.append({'slot': name, 'type': 'particles', 'vertices': numbers(vertices)})
    lines.append({'time': number(time), 'draw': draw})
assert [d['slot'] for d in lines[1]['draw']] == ['keep']
write_case(here(__file__), doc, script, lines)
