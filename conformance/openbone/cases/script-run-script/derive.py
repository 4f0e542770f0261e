"""script-run-script: §9.5 runScript calls `fn` on the machine-level handle
of the script (one instance, so its state persists); a missing function
does nothing. By hand.
 Listener 'poke' (slot null: hit everywhere, on down): runScript ms.poke,
 then runScript ms.nothing (not defined).
 pointer down 0 0, advance 0.1 (#1): step 3: poke() ⇒ pokes = 1, override
   {x: 10}, emits 'poked' int 1 at elapsed 0.1.
 pointer up 0 0, pointer down 0 0, advance 0.1 (#2): the up does not
   match 'down'; the down: pokes = 2 ⇒ x = 20, 'poked' int 2 at 0.2."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from scriptlib import *
ms = """var pokes = 0;
function poke() { pokes++; ob.setBone('arm', {x: pokes * 10}); ob.emit('poked', {int: pokes}); }
"""
poke = {'id': 'poke', 'name': 'poke', 'slot': None, 'event': 'down',
        'actions': [{'type': 'runScript', 'script': 'ms', 'fn': 'poke'},
                    {'type': 'runScript', 'script': 'ms', 'fn': 'nothing'}]}
doc = with_scripts(part_c(), {'ms': ms}, machine=['ms'], listeners=[poke])
script = ('machine main\npointer down 0 0\nadvance 0.1\nsample\n'
          'pointer up 0 0\npointer down 0 0\nadvance 0.1\nsample\n')
lines = [
    {'time': 0.1, 'states': ['idle'], 'bones': {'arm': arm_at(x=10)},
     'events': [event('poked', 0.1, 1)]},
    {'time': 0.2, 'states': ['idle'], 'bones': {'arm': arm_at(x=20)},
     'events': [event('poked', 0.2, 2)]},
]
write_case(here(__file__), doc, script, lines)
