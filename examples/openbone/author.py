#!/usr/bin/env python3
"""Writes the OpenBone example skeletons (walker.obone, mascot.obone) and their
part images (walker/*.png, mascot/*.png), drawn here from signed distances
(no copied art; CC0-1.0, like the other examples drawn for Anima).

    python3 examples/openbone/author.py [DIR]  # writes into DIR (default: beside this file)

The documents are written in the Part B shape of spec/OPENBONE-FORMAT-NOTES.md with
every field present (B.0 rule 4: a writer emits defaults too). See
examples/openbone/README.md for what each skeleton shows."""
import json
import math
import os
import struct
import sys
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
if __name__ == '__main__' and len(sys.argv) > 1:
    HERE = sys.argv[1]
PX = 2  # image pixels per skeleton unit


# ---------------------------------------------------------------- PNG writing
def write_png(path, width, height, pixels):
    """pixels: rows of (r, g, b, a) 0..255 tuples, top row first (RGBA8)."""
    raw = bytearray()
    for row in pixels:
        raw.append(0)
        for r, g, b, a in row:
            raw += bytes((r, g, b, a))
    def chunk(tag, data):
        body = tag + data
        return struct.pack('>I', len(data)) + body + struct.pack('>I', zlib.crc32(body))
    png = (b'\x89PNG\r\n\x1a\n'
           + chunk(b'IHDR', struct.pack('>IIBBBBB', width, height, 8, 6, 0, 0, 0))
           + chunk(b'IDAT', zlib.compress(bytes(raw), 9)) + chunk(b'IEND', b''))
    with open(path, 'wb') as f:
        f.write(png)


def hexrgb(text):
    return tuple(int(text[i:i + 2], 16) for i in (1, 3, 5))


def paint(width_units, height_units, layers):
    """Rasterises layers [(distance(x, y), '#rrggbb')] back to front onto a
    transparent image width_units × height_units (×PX pixels). distance takes
    image coordinates in units (x right, y down, origin top-left) and returns the
    signed distance to the shape in units (< 0 inside); coverage is a one-pixel
    ramp. Returns (width, height, rows)."""
    w, h = round(width_units * PX), round(height_units * PX)
    rows = []
    for j in range(h):
        row = []
        for i in range(w):
            x, y = (i + 0.5) / PX, (j + 0.5) / PX
            r = g = b = a = 0.0  # premultiplied
            for distance, colour in layers:
                cover = min(1.0, max(0.0, 0.5 - distance(x, y) * PX))
                if cover <= 0:
                    continue
                cr, cg, cb = hexrgb(colour)
                r = cr * cover + r * (1 - cover)
                g = cg * cover + g * (1 - cover)
                b = cb * cover + b * (1 - cover)
                a = cover + a * (1 - cover)
            if a > 0:
                row.append((round(r / a), round(g / a), round(b / a), round(a * 255)))
            else:
                row.append((0, 0, 0, 0))
        rows.append(row)
    return w, h, rows


def circle(cx, cy, radius):
    return lambda x, y: math.hypot(x - cx, y - cy) - radius


def capsule(x0, y0, x1, y1, r0, r1=None):
    """A segment with radius r0 at (x0, y0) growing linearly to r1 at (x1, y1)."""
    r1 = r0 if r1 is None else r1
    def d(x, y):
        vx, vy = x1 - x0, y1 - y0
        t = max(0.0, min(1.0, ((x - x0) * vx + (y - y0) * vy) / (vx * vx + vy * vy)))
        return math.hypot(x - (x0 + vx * t), y - (y0 + vy * t)) - (r0 + (r1 - r0) * t)
    return d


def rounded_box(x0, y0, x1, y1, radius):
    cx, cy, hx, hy = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2, (y1 - y0) / 2
    def d(x, y):
        qx, qy = abs(x - cx) - hx + radius, abs(y - cy) - hy + radius
        return math.hypot(max(qx, 0), max(qy, 0)) + min(max(qx, qy), 0) - radius
    return d


def ring(cx, cy, radius, width, start_deg, end_deg):
    """An arc stroke (y down, angles clockwise from +x) with round caps."""
    def d(x, y):
        angle = math.degrees(math.atan2(y - cy, x - cx))
        if start_deg <= angle <= end_deg:
            return abs(math.hypot(x - cx, y - cy) - radius) - width / 2
        ends = [(cx + radius * math.cos(math.radians(a)), cy + radius * math.sin(math.radians(a)))
                for a in (start_deg, end_deg)]
        return min(math.hypot(x - ex, y - ey) for ex, ey in ends) - width / 2
    return d


def image(folder, name, width_units, height_units, layers, images):
    w, h, rows = paint(width_units, height_units, layers)
    os.makedirs(os.path.join(HERE, folder), exist_ok=True)
    write_png(os.path.join(HERE, folder, name + '.png'), w, h, rows)
    images.append({'id': 'i-' + name, 'name': name, 'width': w, 'height': h,
                   'src': folder + '/' + name + '.png'})


# ---------------------------------------------------------------- documents
def bone(id, parent=None, length=0, x=0, y=0, rotation=0):
    return {'id': id, 'name': id, 'parent': parent, 'length': length, 'x': x, 'y': y,
            'rotation': rotation, 'scaleX': 1, 'scaleY': 1, 'shearX': 0, 'shearY': 0,
            'inherit': 'normal'}


def slot(name, bone_id, attachment, color='#ffffffff'):
    return {'id': 's-' + name, 'name': name, 'bone': bone_id, 'color': color, 'dark': None,
            'attachment': attachment, 'blend': 'normal'}


def region(image_id, x, y, rotation, width, height):
    return {'type': 'region', 'image': 'i-' + image_id, 'color': '#ffffffff', 'x': x, 'y': y,
            'rotation': rotation, 'width': width, 'height': height, 'scaleX': 1,
            'scaleY': 1, 'skewX': 0, 'skewY': 0}


def keys(pairs, curve='linear'):
    return [{'time': t, 'value': v, 'curve': curve} for t, v in pairs]


def timeline(target, id, prop, pairs, curve='linear'):
    return {'target': target, 'id': id, 'property': prop, 'keys': keys(pairs, curve)}


def document(bones, slots, attachments, animations, images, ik=(), physics=(),
             machines=(), events=()):
    return {'format': 'openbone', 'version': 1,
            'skeleton': {'referenceScale': 100, 'bones': bones, 'slots': slots,
                         'ik': list(ik), 'transform': [], 'path': [],
                         'physics': list(physics), 'sliders': []},
            'skins': [{'id': 'default', 'name': 'default', 'bones': [], 'constraints': [],
                       'attachments': {'s-' + k: v for k, v in attachments.items()}}],
            'animations': animations, 'events': list(events),
            'stateMachines': list(machines), 'scripts': [], 'images': images,
            'atlas': None, 'audioAssets': [], 'sounds': [], 'buses': [],
            'masterMuted': False}


def save(name, doc):
    with open(os.path.join(HERE, name), 'w') as f:
        json.dump(doc, f, indent=1)
        f.write('\n')


# ------------------------------------------------------------------ walker
# A figure 200 units tall walking in place, facing +x (y up, ground at 0).
# hip at (0, 100); the torso points up (rotation 90, length 60); the head
# sits on the torso's tip; the legs point down (rotation -90): thigh 48, shin
# 48, each a two-bone IK chain (bendPositive false: the knee bends forward)
# reaching for a foot bone that is a child of the root, which the walk
# animation moves (the ankle target). The ponytail is a physics constraint
# (rotate 1) on a bone of the head: it trails the bob and sway of the walk.
SKIN, HAIR, SHIRT = '#f2c29b', '#5b3a29', '#e4572e'
PANTS_NEAR, PANTS_FAR, SHOE = '#2f3b6e', '#232c52', '#262626'
THIGH = SHIN = 48


def walker():
    images = []
    f = 'walker'
    image(f, 'head', 36, 36, [
        (circle(18, 18, 16), SKIN),
        (lambda x, y: max(circle(16, 17, 17)(x, y), y - 12 + 0.4 * (x - 18)), HAIR),
        (circle(26, 18, 2), '#262626'),
        (ring(22, 22, 6, 1.6, 20, 80), '#8a3b2a')], images)
    image(f, 'torso', 34, 70, [(rounded_box(2, 2, 32, 68, 12), SHIRT),
                               (rounded_box(2, 52, 32, 68, 8), '#c4431f')], images)
    image(f, 'arm', 58, 12, [(capsule(6, 6, 44, 6, 5), '#b8391a'), (circle(50, 6, 5.5), SKIN)], images)
    image(f, 'thigh-near', THIGH + 12, 18, [(capsule(8, 9, THIGH + 4, 9, 8, 7), PANTS_NEAR)], images)
    image(f, 'shin-near', SHIN + 12, 16, [(capsule(6, 8, SHIN + 6, 8, 7, 6), PANTS_NEAR)], images)
    image(f, 'thigh-far', THIGH + 12, 18, [(capsule(8, 9, THIGH + 4, 9, 8, 7), PANTS_FAR)], images)
    image(f, 'shin-far', SHIN + 12, 16, [(capsule(6, 8, SHIN + 6, 8, 7, 6), PANTS_FAR)], images)
    image(f, 'shoe', 30, 14, [(rounded_box(1, 2, 29, 13, 5), SHOE),
                              (rounded_box(1, 10, 29, 13, 1.5), '#5c5c5c')], images)
    image(f, 'ponytail', 48, 18, [(capsule(6, 9, 40, 9, 7, 3), HAIR),
                                  (circle(6, 9, 4), '#c23b6b')], images)
    bones = [bone('root'),
             bone('hip', 'root', 0, 0, 100),
             bone('torso', 'hip', 60, 0, 0, 90),
             bone('head', 'torso', 30, 60, 0, 0),
             bone('ponytail', 'head', 40, 22, 14, 150),
             bone('arm-far', 'torso', 50, 54, 0, 180),
             bone('arm-near', 'torso', 50, 54, 0, 180),
             bone('thigh-far', 'hip', THIGH, 0, 0, -90),
             bone('shin-far', 'thigh-far', SHIN, THIGH, 0, 0),
             bone('thigh-near', 'hip', THIGH, 0, 0, -90),
             bone('shin-near', 'thigh-near', SHIN, THIGH, 0, 0),
             bone('foot-far', 'root', 0, -24, 8, 0),
             bone('foot-near', 'root', 0, 24, 8, 0)]
    order = ['arm-far', 'thigh-far', 'shin-far', 'shoe-far', 'ponytail', 'torso',
             'thigh-near', 'shin-near', 'shoe-near', 'head', 'arm-near']
    bone_of = {'shoe-far': 'foot-far', 'shoe-near': 'foot-near'}
    slots = [slot(s, bone_of.get(s, s), s) for s in order]
    attachments = {
        'arm-far': {'arm-far': region('arm', 25, 0, 0, 58, 12)},
        'arm-near': {'arm-near': region('arm', 25, 0, 0, 58, 12)},
        'thigh-far': {'thigh-far': region('thigh-far', THIGH / 2, 0, 0, THIGH + 12, 18)},
        'shin-far': {'shin-far': region('shin-far', SHIN / 2, 0, 0, SHIN + 12, 16)},
        'thigh-near': {'thigh-near': region('thigh-near', THIGH / 2, 0, 0, THIGH + 12, 18)},
        'shin-near': {'shin-near': region('shin-near', SHIN / 2, 0, 0, SHIN + 12, 16)},
        'shoe-far': {'shoe-far': region('shoe', 6, -2, 0, 30, 14)},
        'shoe-near': {'shoe-near': region('shoe', 6, -2, 0, 30, 14)},
        'ponytail': {'ponytail': region('ponytail', 20, 0, 0, 48, 18)},
        'torso': {'torso': region('torso', 30, 0, -90, 34, 70)},
        'head': {'head': region('head', 16, 0, -90, 36, 36)},
    }
    ik = [{'id': 'leg-far', 'name': 'leg-far', 'bones': ['thigh-far', 'shin-far'],
           'target': 'foot-far', 'mix': 1, 'softness': 0, 'bendPositive': False,
           'stretch': False, 'compress': False, 'uniform': False},
          {'id': 'leg-near', 'name': 'leg-near', 'bones': ['thigh-near', 'shin-near'],
           'target': 'foot-near', 'mix': 1, 'softness': 0, 'bendPositive': False,
           'stretch': False, 'compress': False, 'uniform': False}]
    physics = [{'id': 'ponytail-sway', 'name': 'ponytail-sway', 'bone': 'ponytail',
                'x': 0, 'y': 0, 'rotate': 1, 'scaleX': 0, 'inertia': 0.5, 'strength': 40,
                'damping': 2, 'mass': 1, 'wind': 0, 'gravity': 0, 'mix': 1, 'fps': 60}]
    # One stride per second. The near foot is planted in front at 0 s, slides
    # back along the ground (the stance) to 0.5 s, lifts to 24 at 0.75 s and
    # lands in front again at 1 s; the far foot does the same half a stride
    # later. The hip is lowest when both feet are down (0 s, 0.5 s).
    walk = {'id': 'walk', 'name': 'walk', 'duration': 1, 'events': [], 'audio': [],
            'timelines': [
                timeline('bone', 'foot-near', 'x', [(0, 24), (0.5, -24), (0.75, 0), (1, 24)]),
                timeline('bone', 'foot-near', 'y', [(0, 8), (0.5, 8), (0.75, 24), (1, 8)]),
                timeline('bone', 'foot-far', 'x', [(0, -24), (0.25, 0), (0.5, 24), (1, -24)]),
                timeline('bone', 'foot-far', 'y', [(0, 8), (0.25, 24), (0.5, 8), (1, 8)]),
                timeline('bone', 'hip', 'y', [(0, 100), (0.25, 102), (0.5, 100), (0.75, 102),
                                              (1, 100)]),
                timeline('bone', 'torso', 'rotation', [(0, 86), (0.5, 94), (1, 86)]),
                timeline('bone', 'arm-near', 'rotation', [(0, 205), (0.5, 155), (1, 205)]),
                timeline('bone', 'arm-far', 'rotation', [(0, 155), (0.5, 205), (1, 155)]),
            ]}
    return document(bones, slots, attachments, [walk], images, ik=ik, physics=physics)


# ------------------------------------------------------------------ mascot
# A round helper for a user interface, 100 units wide, standing on y = 0.
# The body bone is at (0, 60); the eyes, mouth, antenna and waving hand hang
# from it. Its state machine `ui` has a mood layer (idle, happy while the
# pointer is over it, a one-shot jump when it is pressed) and an eyes layer
# that blinks on its own clock; pointer listeners on the `hit` bounding box
# write the inputs, and a binding leans the body by the number input `lean`.
TEAL, BELLY, GOLD, INK = '#3bb3a0', '#bfeee4', '#ffcc33', '#1d2b36'


def shape(kind, x, y, width, height, fill, points=()):
    return {'type': 'shape', 'kind': kind, 'x': x, 'y': y, 'rotation': 0,
            'width': width, 'height': height, 'radius': 0, 'points': list(points),
            'fill': fill, 'stroke': None}


def text(template, x, y, width, height, size, color, weight=400, align='center'):
    return {'type': 'text', 'text': template, 'color': color, 'x': x, 'y': y,
            'rotation': 0, 'width': width, 'height': height, 'scaleX': 1, 'scaleY': 1,
            'skewX': 0, 'skewY': 0, 'font': 'sans-serif', 'size': size,
            'weight': weight, 'align': align, 'outline': None}


def pack(folder, name, parts, white, images):
    """Packs parts [(image name, x, y, (width, height, rows))] and a white
    block [x, y, size] into one page image `name`.png (§8.7, Part B.8: the
    images keep their ids and sizes, with no src of their own; each has a
    region on the page). Returns the document's `atlas`."""
    page_w = max(x + w for _, x, y, (w, h, rows) in parts) + 2
    page_h = max(y + h for _, x, y, (w, h, rows) in parts) + 2
    page = [[(0, 0, 0, 0)] * page_w for _ in range(page_h)]
    regions = []
    for image_name, x, y, (w, h, rows) in parts:
        for j in range(h):
            page[y + j][x:x + w] = rows[j]
        images.append({'id': 'i-' + image_name, 'name': image_name, 'width': w, 'height': h,
                       'src': None})
        regions.append({'image': 'i-' + image_name, 'page': 'page', 'x': x, 'y': y,
                        'width': w, 'height': h, 'rotated': False, 'offsetX': 0, 'offsetY': 0,
                        'originalWidth': w, 'originalHeight': h})
    wx, wy, size = white
    for j in range(size):
        page[wy + j][wx:wx + size] = [(255, 255, 255, 255)] * size
    os.makedirs(os.path.join(HERE, folder), exist_ok=True)
    write_png(os.path.join(HERE, folder, name + '.png'), page_w, page_h, page)
    return {'premultipliedAlpha': False, 'stripWhitespace': False, 'polygons': False,
            'white': {'page': 'page', 'x': wx, 'y': wy, 'width': size, 'height': size},
            'pages': [{'id': 'page', 'width': page_w, 'height': page_h,
                       'src': folder + '/' + name + '.png', 'filterMin': 'linear',
                       'filterMag': 'linear', 'wrapX': 'clamp', 'wrapY': 'clamp',
                       'pixelFormat': 'rgba8888'}],
            'regions': regions}


def mascot():
    images = []
    # One packed page (a 2-pixel gutter between parts, so bilinear sampling
    # never reads a neighbour) with a white block for the shapes (§8.4).
    body = paint(100, 90, [(rounded_box(2, 2, 98, 88, 38), TEAL),
                           (rounded_box(22, 40, 78, 84, 24), BELLY)])
    antenna = paint(34, 16, [(capsule(2, 8, 24, 8, 2), INK), (circle(26, 8, 7), GOLD)])
    hand = paint(28, 16, [(capsule(2, 8, 18, 8, 4), TEAL), (circle(20, 8, 7.5), TEAL)])
    atlas = pack('mascot', 'page', [('body', 2, 2, body), ('antenna', 206, 2, antenna),
                                    ('hand', 206, 38, hand)], (206, 74, 4), images)
    bones = [bone('root'),
             bone('body', 'root', 0, 0, 60),
             bone('eye-left', 'body', 0, -18, 14),
             bone('eye-right', 'body', 0, 18, 14),
             bone('mouth', 'body', 0, 0, -8),
             bone('antenna', 'body', 30, 0, 42, 90),
             bone('hand', 'body', 24, 46, -10, 30)]
    slots = [slot('shadow', 'root', 'shadow', '#1d2b3633'),
             slot('hand', 'hand', 'hand'),
             slot('antenna', 'antenna', 'antenna'),
             slot('body', 'body', 'body'),
             slot('eye-left', 'eye-left', 'eye'),
             slot('eye-right', 'eye-right', 'eye'),
             slot('mouth', 'mouth', 'smile'),
             slot('hit', 'body', 'hit'),
             slot('label', 'root', 'lean')]
    smile = []
    for i in range(9):  # the lower half of an ellipse 24 × 16, as a polygon
        angle = math.pi + math.pi * i / 8
        smile += [round(12 * math.cos(angle), 4), round(8 * math.sin(angle), 4)]
    attachments = {
        'shadow': {'shadow': shape('ellipse', 0, 0, 84, 12, '#ffffffff')},
        'hand': {'hand': region('hand', 12, 0, 0, 28, 16)},
        'antenna': {'antenna': region('antenna', 15, 0, 0, 34, 16)},
        'body': {'body': region('body', 0, 0, 0, 100, 90)},
        'eye-left': {'eye': shape('ellipse', 0, 0, 10, 14, INK + 'ff')},
        'eye-right': {'eye': shape('ellipse', 0, 0, 10, 14, INK + 'ff')},
        'mouth': {'smile': shape('polygon', 0, 0, 0, 0, INK + 'ff', smile),
                  'open': shape('ellipse', 0, -3, 18, 14, '#c2415bff')},
        'hit': {'hit': {'type': 'boundingBox', 'weights': None,
                        'vertices': [-50, -45, 50, -45, 50, 45, -50, 45]}},
        # a label under the shadow that follows the `lean` input (§8.9
        # template: "lean +0%" at rest, "lean +100%" leaning fully right)
        'label': {'lean': text('lean {lean:+0%}', 0, -20, 100, 18, 14, INK + 'ff', 700)},
    }
    idle = {'id': 'idle', 'name': 'idle', 'duration': 2, 'events': [], 'audio': [],
            'timelines': [timeline('bone', 'body', 'y', [(0, 60), (1, 63), (2, 60)]),
                          timeline('bone', 'body', 'scaleY', [(0, 1), (1, 1.03), (2, 1)]),
                          timeline('bone', 'antenna', 'rotation', [(0, 90), (1, 96), (2, 90)])]}
    happy = {'id': 'happy', 'name': 'happy', 'duration': 0.6, 'events': [], 'audio': [],
             'timelines': [timeline('bone', 'body', 'y', [(0, 60), (0.3, 70), (0.6, 60)]),
                           timeline('bone', 'hand', 'rotation', [(0, 30), (0.3, 70), (0.6, 30)]),
                           timeline('bone', 'antenna', 'rotation', [(0, 84), (0.3, 100), (0.6, 84)]),
                           {'target': 'slot', 'id': 's-mouth', 'property': 'attachment',
                            'keys': [{'time': 0, 'value': 'open', 'curve': 'stepped'}]}]}
    jump = {'id': 'jump', 'name': 'jump', 'duration': 0.8, 'audio': [],
            'events': [{'time': 0.4, 'event': 'hop', 'int': 1, 'float': 50, 'string': 'top'}],
            'timelines': [timeline('bone', 'body', 'y', [(0, 60), (0.4, 110), (0.8, 60)]),
                          timeline('bone', 'antenna', 'rotation', [(0, 90), (0.4, 60), (0.8, 90)]),
                          timeline('bone', 'hand', 'rotation', [(0, 30), (0.4, 100), (0.8, 30)]),
                          {'target': 'slot', 'id': 's-mouth', 'property': 'attachment',
                           'keys': [{'time': 0, 'value': 'open', 'curve': 'stepped'},
                                    {'time': 0.7, 'value': 'smile', 'curve': 'stepped'}]}]}
    blink = {'id': 'blink', 'name': 'blink', 'duration': 3, 'events': [], 'audio': [],
             'timelines': [timeline('bone', e, 'scaleY', [(0, 1), (2.8, 1), (2.9, 0.1), (3, 1)])
                           for e in ('eye-left', 'eye-right')]}
    def state(id, animation, loop=True):
        return {'id': id, 'name': id, 'type': 'animation', 'animation': animation,
                'loop': loop, 'speed': 1}
    def when(frm, to, duration, conditions, exit_time=None):
        return {'from': frm, 'to': to, 'duration': duration, 'exitTime': exit_time,
                'conditions': conditions}
    def hover_is(value):
        return [{'input': 'hover', 'op': '==', 'value': value}]
    def listener(id, event, actions):
        return {'id': id, 'name': id, 'slot': 's-hit', 'event': event, 'actions': actions}
    ui = {'id': 'ui', 'name': 'ui',
          'inputs': [{'id': 'hover', 'name': 'hover', 'type': 'bool', 'default': False},
                     {'id': 'poke', 'name': 'poke', 'type': 'trigger', 'default': False},
                     {'id': 'lean', 'name': 'lean', 'type': 'number', 'default': 0}],
          'layers': [{'id': 'mood', 'name': 'mood', 'entry': 'idle',
                      'states': [state('idle', 'idle'), state('happy', 'happy'),
                                 state('jump', 'jump', False)],
                      'transitions': [when('idle', 'happy', 0.2, hover_is(True)),
                                      when('happy', 'idle', 0.2, hover_is(False)),
                                      when('@any', 'jump', 0.1, [{'input': 'poke'}]),
                                      when('jump', 'happy', 0.2, hover_is(True), 1),
                                      when('jump', 'idle', 0.2, hover_is(False), 1)]},
                     {'id': 'eyes', 'name': 'eyes', 'entry': 'blink',
                      'states': [state('blink', 'blink')], 'transitions': []}],
          'bindings': [{'input': 'lean', 'target': 'bone', 'id': 'body', 'property': 'rotation',
                        'inMin': -1, 'inMax': 1, 'outMin': 10, 'outMax': -10}],
          'listeners': [listener('hover-on', 'enter', [{'type': 'setInput', 'input': 'hover',
                                                        'value': True}]),
                        listener('hover-off', 'exit', [{'type': 'setInput', 'input': 'hover',
                                                        'value': False}]),
                        listener('press', 'down', [{'type': 'fireTrigger', 'input': 'poke'},
                                                   {'type': 'reportEvent', 'event': 'poked'}])],
          'scripts': []}
    events = [{'id': 'hop', 'name': 'hop', 'int': 0, 'float': 0, 'string': ''},
              {'id': 'poked', 'name': 'poked', 'int': 0, 'float': 0, 'string': ''}]
    doc = document(bones, slots, attachments, [idle, happy, jump, blink], images,
                   machines=[ui], events=events)
    doc['atlas'] = atlas
    return doc


if __name__ == '__main__':
    save('walker.obone', walker())
    save('mascot.obone', mascot())
