"""machine-hit-polygons: §9.5's hit polygon for attachments other than
bounding boxes (the current attachment's outline), even-odd, by hand.
All slots sit on the root (identity world), one down listener per slot
reporting its own event:
 mesh: a mesh whose vertices are the square corners (0,0) (10,0) (10,10)
   (0,10) then an inner point (5,5) and an outside point (20, 5), with
   hull 4: the hull polygon is the square alone, so (15, 5) (inside the
   full vertex list's extent, outside the hull) misses and (5, 5) hits.
 shape: a polygon shape with points (30,0) (40,0) (35,10): (35, 3) hits,
   (31, 9) misses (outside the triangle, inside its box).
 clip: a clipping attachment (50,0) (60,0) (60,10) (50,10), a concave
   notch-free square: (55, 5) hits.
 star: a bounding box shaped as a self-overlapping pentagram (points of a
   5-pointed star drawn in one stroke): the even-odd rule leaves the
   centre (75, 5) outside, a tip region (75, 9.5) inside.
Each pointer down at elapsed 0 is processed by the next advance (0.5):
hits in listener order per event: (15,5) none; (5,5) mesh; (35,3)
shape; (31,9) none; (55,5) clip; (75,5) none; (75,9.5) star."""
import math, os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
from machlib import *
# a pentagram: the five outer points of a star of radius 5 centred (75, 5),
# visited every second one (0, 2, 4, 1, 3)
outer = [(75 + 5 * math.cos(math.radians(90 + 72 * k)), 5 + 5 * math.sin(math.radians(90 + 72 * k)))
         for k in range(5)]
star = []
for k in (0, 2, 4, 1, 3):
    star += [outer[k][0], outer[k][1]]
def pip(flat, x, y):
    """pointInPolygon (§9.5): even-odd, edges (v[j], v[i]), j the previous."""
    n = len(flat) // 2
    inside = False
    j = n - 1
    for i in range(n):
        xi, yi, xj, yj = flat[2 * i], flat[2 * i + 1], flat[2 * j], flat[2 * j + 1]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            inside = not inside
        j = i
    return inside
star32 = [f32(v) for v in star]
assert not pip(star32, 75, 5) and pip(star32, 75, 9.5)
assert pip([0, 0, 10, 0, 10, 10, 0, 10], 5, 5) and not pip([0, 0, 10, 0, 10, 10, 0, 10], 15, 5)
assert pip([30, 0, 40, 0, 35, 10], 35, 3) and not pip([30, 0, 40, 0, 35, 10], 31, 9)
slots = [{'id': n, 'name': n, 'bone': 'root', 'attachment': n} for n in ('mesh', 'shape', 'clip', 'star')]
skins = [{'id': 'default', 'name': 'default', 'attachments': {
    'mesh': {'mesh': {'type': 'mesh', 'vertices': [0, 0, 10, 0, 10, 10, 0, 10, 5, 5, 20, 5],
                      'uvs': [0] * 12, 'triangles': [0, 1, 4, 1, 2, 4, 2, 3, 4, 3, 0, 4, 1, 5, 2],
                      'hull': 4}},
    'shape': {'shape': {'type': 'shape', 'kind': 'polygon', 'points': [30, 0, 40, 0, 35, 10]}},
    'clip': {'clip': {'type': 'clipping', 'vertices': [50, 0, 60, 0, 60, 10, 50, 10]}},
    'star': {'star': {'type': 'boundingBox', 'vertices': star}}}}]
events = [{'id': 'e-' + n, 'name': 'e-' + n} for n in ('mesh', 'shape', 'clip', 'star')]
listeners = [{'id': 'l-' + n, 'name': 'l-' + n, 'slot': n, 'event': 'down',
              'actions': [{'type': 'reportEvent', 'event': 'e-' + n}]} for n in ('mesh', 'shape', 'clip', 'star')]
doc = document([bone('root')], slots=slots, skins=skins, events=events)
doc['stateMachines'] = [machine('m', listeners=listeners)]
points = [(15, 5), (5, 5), (35, 3), (31, 9), (55, 5), (75, 5), (75, 9.5)]
script = 'machine m\n' + ''.join('pointer down %s %s\n' % p for p in points) + 'advance 0.5\nsample\n'
ev = lambda n: {'name': 'e-' + n, 'time': 0.5, 'int': 0, 'float': 0, 'string': ''}
lines = [{'events': [ev('mesh'), ev('shape'), ev('clip'), ev('star')]}]
write_case(here(__file__), doc, script, lines)
