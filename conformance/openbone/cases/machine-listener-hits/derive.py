"""machine-listener-hits: §9.5 listeners, hit polygons and the event
records of reportEvent (time = elapsed after the step-2 increment), by
hand. Bones: root, side at (100, 0). Slots: pad (root, current attachment
the bounding box `box`: the square ±10), img (side, current attachment the
region `pic` 100 × 100 centred on the bone, and a bounding box `hit`, the
square ±5, among its attachments).
Hit polygons: pad ⇒ its current bounding box; img ⇒ not a bounding box
now, so the first bounding box among its attachments, `hit` (world
95..105 × -5..5), not the region (50..150 × -50..50).
Listeners, in order, each reporting its own event:
 L1 pad-down (pad, down) e-down; L2 img-click (img, click) e-click;
 L3 pad-enter (pad, enter) e-enter; L4 pad-exit (pad, exit) e-exit;
 L5 anywhere-up (slot null: always hit, up) e-up;
 L6 nowhere (slot "ghost": no such slot, never hit, down) e-never.
Step 1 — move (0, 0), down (0, 0), up (20, 20), advance 0.5 (elapsed 0.5):
 move: L3 hit, not hovered ⇒ hovered, fires e-enter; L4 likewise becomes
   hovered (its own state) without firing.
 down: L1 hits ⇒ e-down; L3/L4 already hovered.
 up (20, 20) is outside the pad: L4 hovered and not hit ⇒ e-exit; L3
   unhovers silently; L5 ⇒ e-up.
 ⇒ events [e-enter, e-down, e-exit, e-up], each at 0.5.
Step 2 — down/up (130, 0), down/up (100, 0), advance 0.25 (elapsed 0.75):
 (130, 0) is in the region but not in `hit` ⇒ no press; the up: L5.
 (100, 0) is inside `hit` ⇒ pressed; the up ⇒ L2 e-click, then L5 e-up.
 ⇒ [e-up, e-click, e-up] at 0.75.
Event payloads: int 0, float 0, string "" except e-click (int 3, float
1.5, string "img")."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from machlib import *
bones = [bone('root'), bone('side', parent='root', x=100)]
slots = [{'id': 'pad', 'name': 'pad', 'bone': 'root', 'attachment': 'box'},
         {'id': 'img', 'name': 'img', 'bone': 'side', 'attachment': 'pic'}]
square = lambda h: [-h, -h, h, -h, h, h, -h, h]
skins = [{'id': 'default', 'name': 'default', 'attachments': {
    'pad': {'box': {'type': 'boundingBox', 'vertices': square(10)}},
    'img': {'pic': {'type': 'region', 'width': 100, 'height': 100},
            'hit': {'type': 'boundingBox', 'vertices': square(5)}}}}]
names = ['down', 'click', 'enter', 'exit', 'up', 'never']
events = [{'id': 'e-' + n, 'name': 'e-' + n} for n in names]
events[1].update({'int': 3, 'float': 1.5, 'string': 'img'})
def listener(id, slot, event, report):
    return {'id': id, 'name': id, 'slot': slot, 'event': event,
            'actions': [{'type': 'reportEvent', 'event': report}]}
listeners = [listener('pad-down', 'pad', 'down', 'e-down'),
             listener('img-click', 'img', 'click', 'e-click'),
             listener('pad-enter', 'pad', 'enter', 'e-enter'),
             listener('pad-exit', 'pad', 'exit', 'e-exit'),
             listener('anywhere-up', None, 'up', 'e-up'),
             listener('nowhere', 'ghost', 'down', 'e-never')]
doc = document(bones, slots=slots, skins=skins, events=events)
doc['stateMachines'] = [machine('m', listeners=listeners)]
script = ('machine m\npointer move 0 0\npointer down 0 0\npointer up 20 20\nadvance 0.5\nsample\n'
          'pointer down 130 0\npointer up 130 0\npointer down 100 0\npointer up 100 0\n'
          'advance 0.25\nsample\n')
def ev(name, time):
    e = {'name': name, 'time': time, 'int': 0, 'float': 0, 'string': ''}
    if name == 'e-click':
        e.update({'int': 3, 'float': 1.5, 'string': 'img'})
    return e
lines = [{'time': 0.5, 'states': [], 'events': [ev('e-enter', 0.5), ev('e-down', 0.5),
                                                ev('e-exit', 0.5), ev('e-up', 0.5)]},
         {'time': 0.75, 'events': [ev('e-up', 0.75), ev('e-click', 0.75), ev('e-up', 0.75)]}]
write_case(here(__file__), doc, script, lines)
