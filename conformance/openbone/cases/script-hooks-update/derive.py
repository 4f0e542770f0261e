"""script-hooks-update: §11 onStart and onUpdate(dt), ob.time(), ob.bone()
(the local pose now) and ob.setBone() (merged into a persistent override
applied at §9.1 step 9), by hand.
 advance 0.25 (#1): step 1 loads the machine script and calls onStart:
   calls = 10, override {y: 30}. Step 2: elapsed = 0.25. Step 4
   onUpdate(0.25): calls = 11; ob.bone('arm') is the local pose now, the
   constructor's (y = 20: the override is applied at step 9, later) ⇒
   override merged {y: 30, x: 25, rotation: 11, scaleX: 20/10 = 2,
   shearX: 0.25·10 = 2.5}. Step 8 setup pose (idle keys nothing), step 9
   the override ⇒ arm local (25, 30), rotation 11, scaleX 2, shearX 2.5.
 advance 0.5 (#2): elapsed 0.75; onUpdate(0.5): calls = 12; ob.bone('arm')
   now reads last frame's local pose, y = 30 ⇒ scaleX 3; x = 50,
   rotation 12, shearX 7.5; y stays 30 (merged, persistent)."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from scriptlib import *
source = """var calls = 0;
function onStart() { calls = 10; ob.setBone('arm', {y: 30}); }
function onUpdate(dt) {
  calls++;
  var b = ob.bone('arm');
  ob.setBone('arm', {x: dt * 100, rotation: calls, scaleX: b.y / 10,
                     shearX: ob.time() * 10});
}
"""
doc = with_scripts(part_c(), {'hooks': source}, machine=['hooks'])
script = 'machine main\nadvance 0.25\nsample\nadvance 0.5\nsample\n'
lines = [
    {'time': 0.25, 'states': ['idle'],
     'bones': {'arm': arm_at(x=25, y=30, rotation=11, scaleX=2, shearX=2.5)}},
    {'time': 0.75, 'states': ['idle'],
     'bones': {'arm': arm_at(x=50, y=30, rotation=12, scaleX=3, shearX=7.5)}},
]
write_case(here(__file__), doc, script, lines)
