"""script-override-slot: §11 overrides persist and are applied at §9.1
step 9, after the states' animations (step 8): ob.setBone over a keyed
rotation, ob.slot colour (parseHex) and attachment, by id and by name.
 advance 0 (#0): onStart sets {rotation: 45} on the arm, the slot by id
   'arm-slot' to colour #ff000080 and by name 'arm' to attachment null.
   Sample: arm rotation 45 (y 20), slot arm {attachment null, colour
   #ff000080}, nothing drawn (no attachment).
 fire wave, advance 0.1 (#1): idle → waving (mix 0.2); the wave animation
   keys the rotation (94.5 at this frame, machine-part-c-trigger), step 9
   writes 45 over it ⇒ still 45. onUpdate (before the transition, step 4)
   puts the attachment back by name ('arm') and keeps the colour ⇒ the
   region is drawn again, its colour slot × attachment = #ff000080."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from scriptlib import *
source = """var frames = 0;
function onStart() {
  ob.setBone('arm', {rotation: 45});
  ob.slot('arm-slot', {color: '#ff000080'});
  ob.slot('arm', {attachment: null});
}
function onUpdate(dt) {
  frames++;
  if (frames === 2) ob.slot('arm', {attachment: 'arm'});
}
"""
doc = with_scripts(part_c(), {'over': source}, machine=['over'])
script = 'machine main\nadvance 0\nsample\nfire wave\nadvance 0.1\nsample\n'
lines = [
    {'time': 0, 'states': ['idle'], 'bones': {'arm': arm_at(rotation=45)},
     'slots': {'arm': {'attachment': None, 'color': '#ff000080'}}, 'draw': []},
    {'time': 0.1, 'states': ['waving'], 'bones': {'arm': arm_at(rotation=45)},
     'slots': {'arm': {'attachment': 'arm', 'color': '#ff000080'}},
     'draw': [{'slot': 'arm', 'attachment': 'arm', 'color': '#ff000080'}]},
]
write_case(here(__file__), doc, script, lines)
