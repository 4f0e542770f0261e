"""script-pointer: §11 onPointer({type, x, y}) at §9.1 step 3 (machine
scripts, per queued pointer event, after the pointer state is updated and
before the listeners) and ob.pointer() {x, y, down}. By hand.
 pointer down 3 4, pointer move 5 6, advance 0.1 (#1):
   step 3, event 1: pointer (3, 4) down; onPointer emits 'p' string 'down'
   (time = elapsed 0.1) and sets the arm override {x: 3, y: 4}; the Part C
   click listener is not hit (its region spans x −10…10, y 20…80).
   Event 2: pointer (5, 6), still down; onPointer emits 'p' 'move' and
   sets {x: 5, y: 6}.
   Step 4: onUpdate: ob.pointer() = {x: 5, y: 6, down: true} ⇒ emits 'q'
   int 1, float 5 + 6 = 11.
   Step 9: the arm at (5, 6), rotation 90 (setup).
 pointer up 7 8, advance 0.1 (#2): onPointer 'up' sets {x: 7, y: 8};
   onUpdate: down false ⇒ 'q' int 0, float 15. The listeners test last
   frame's pose: the arm at (5, 6) rotated 90 puts the region over
   x −5…15, y 6…66, so (7, 8) hits it, but the click was never pressed
   (the down at (3, 4) missed the constructor pose) ⇒ no fire, idle."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from scriptlib import *
source = """function onPointer(e) {
  ob.emit('p', {string: e.type});
  ob.setBone('arm', {x: e.x, y: e.y});
}
function onUpdate(dt) {
  var p = ob.pointer();
  ob.emit('q', {int: p.down ? 1 : 0, float: p.x + p.y});
}
"""
doc = with_scripts(part_c(), {'touch': source}, machine=['touch'])
script = ('machine main\npointer down 3 4\npointer move 5 6\nadvance 0.1\nsample\n'
          'pointer up 7 8\nadvance 0.1\nsample\n')
lines = [
    {'time': 0.1, 'states': ['idle'], 'bones': {'arm': arm_at(x=5, y=6)},
     'events': [event('p', 0.1, string='down'), event('p', 0.1, string='move'),
                event('q', 0.1, 1, 11)]},
    {'time': 0.2, 'states': ['idle'], 'bones': {'arm': arm_at(x=7, y=8)},
     'events': [event('p', 0.2, string='up'), event('q', 0.2, 0, 15)]},
]
write_case(here(__file__), doc, script, lines)
