"""oblib.py — the OpenBone formulas, written again in Python from
OPENBONE-RUNTIME.md for deriving expected values (never by running the
runtime). Each case's derive.py imports it, writes the case's document,
script and expected.jsonl, and spells out the steps in its own comments.

Only what the cases need is here: §4.1 local matrix, §4.2 inherit modes,
§4.3 bisection curve, §4.4 wrapDeg/lerpAngle, §4.5 colours, §5 sampling,
§7.1 IK, §7.2 transform, §7.3 path spline and placement, §7.4 physics,
§8.2 region quads and §8.3 mesh/path vertices (float32, §12), and the
sample-line spelling of OPENBONE-SAMPLES.md §3.3.
"""
import json
import math
import os
import struct

DEG = math.pi / 180
RAD = 180 / math.pi
IDENTITY = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)  # a b c d x y


def f32(x):
    """Rounds a double to float32 (§12: world vertices and uvs)."""
    return struct.unpack('f', struct.pack('f', x))[0]


def pose(x=0.0, y=0.0, rotation=0.0, scaleX=1.0, scaleY=1.0, shearX=0.0,
         shearY=0.0):
    return dict(x=x, y=y, rotation=rotation, scaleX=scaleX, scaleY=scaleY,
                shearX=shearX, shearY=shearY)


def local_matrix(p):
    """§4.1"""
    rx = (p['rotation'] + p['shearX']) * DEG
    ry = (p['rotation'] + 90 + p['shearY']) * DEG
    return (math.cos(rx) * p['scaleX'], math.cos(ry) * p['scaleY'],
            math.sin(rx) * p['scaleX'], math.sin(ry) * p['scaleY'],
            p['x'], p['y'])


def multiply(P, L):
    a, b, c, d, x, y = P
    la, lb, lc, ld, lx, ly = L
    return (a * la + b * lc, a * lb + b * ld, c * la + d * lc, c * lb + d * ld,
            a * lx + b * ly + x, c * lx + d * ly + y)


def apply(M, x, y):
    return (M[0] * x + M[1] * y + M[4], M[2] * x + M[3] * y + M[5])


def js_or(value, fallback):
    return fallback if value == 0 or value != value else value


def bone_world(P, p, inherit='normal'):
    """§4.2 boneWorld(P, local, inherit)."""
    L = local_matrix(p)
    wx, wy = apply(P, p['x'], p['y'])
    if inherit == 'normal':
        return multiply(P, L)
    if inherit == 'onlyTranslation':
        return (L[0], L[1], L[2], L[3], wx, wy)
    if inherit == 'noRotation':
        sx = math.hypot(P[0], P[2])
        sy = math.hypot(P[1], P[3])
        return (L[0] * sx, L[1] * sy, L[2] * sx, L[3] * sy, wx, wy)
    if inherit == 'noScale':
        sx = js_or(math.hypot(P[0], P[2]), 1)
        sy = js_or(math.hypot(P[1], P[3]), 1)
        N = (P[0] / sx, P[1] / sy, P[2] / sx, P[3] / sy, 0.0, 0.0)
        m = multiply(N, L)
        return (m[0], m[1], m[2], m[3], wx, wy)
    raise ValueError(inherit)


def invert(m):
    a, b, c, d, x, y = m
    det = a * d - b * c
    if det == 0:
        det = 1e-9
    ia, ib, ic, id_ = d / det, -b / det, -c / det, a / det
    return (ia, ib, ic, id_, -(ia * x + ib * y), -(ic * x + id_ * y))


def eval_curve(curve, t):
    """§4.3: linear ⇒ t; Bezier by 24 bisection steps, first probe s = t."""
    if not isinstance(curve, list):
        return t
    x1, y1, x2, y2 = curve

    def b(s, p1, p2):
        return 3 * (1 - s) ** 2 * s * p1 + 3 * (1 - s) * s * s * p2 + s ** 3
    lo, hi, s = 0.0, 1.0, t
    for _ in range(24):
        e = b(s, x1, x2) - t
        if abs(e) < 1e-6:
            break
        if e > 0:
            hi = s
        else:
            lo = s
        s = (lo + hi) / 2
    return b(s, y1, y2)


def wrap(d):
    """§4.4 wrapDeg (fmod keeps the dividend's sign, as JS %)."""
    d = math.fmod(d, 360)
    if d > 180:
        d -= 360
    elif d <= -180:
        d += 360
    return d


def lerp(a, b, t):
    return a + (b - a) * t


def lerp_angle(a, b, t):
    return a + wrap(b - a) * t


def parse_hex(text):
    """§4.5"""
    h = text[1:] if text.startswith('#') else text
    if len(h) in (3, 4):
        h = ''.join(ch * 2 for ch in h)
    ch = [int(h[2 * i:2 * i + 2], 16) / 255 for i in range(len(h) // 2)]
    return [ch[0], ch[1], ch[2], ch[3] if len(h) >= 8 else 1.0]


def sample(keys, time):
    """§5 locate for number keys: (value) with curves."""
    if time <= keys[0]['time']:
        return keys[0]['value']
    if time >= keys[-1]['time']:
        return keys[-1]['value']
    i = max(k for k in range(len(keys)) if keys[k]['time'] <= time)
    a, b = keys[i], keys[i + 1]
    f = (time - a['time']) / js_or(b['time'] - a['time'], 1)
    curve = a.get('curve', 'linear')
    if curve == 'stepped':
        return a['value']
    t = eval_curve(curve, f)
    if isinstance(a['value'], list):
        return [lerp(p, q, t) for p, q in zip(a['value'], b['value'])]
    return lerp(a['value'], b['value'], t)


def region_vertices(att, W):
    """§8.2 quad TL TR BR BL through the slot bone's world, float32."""
    hw = att['width'] / 2 * att.get('scaleX', 1)
    hh = att['height'] / 2 * att.get('scaleY', 1)
    kx = math.tan(att.get('skewX', 0) * DEG)
    ky = math.tan(att.get('skewY', 0) * DEG)
    r = att.get('rotation', 0) * DEG
    out = []
    for x, y in ((-hw, hh), (hw, hh), (hw, -hh), (-hw, -hh)):
        sx, sy = x + kx * y, y + ky * x
        rx = sx * math.cos(r) - sy * math.sin(r) + att.get('x', 0)
        ry = sx * math.sin(r) + sy * math.cos(r) + att.get('y', 0)
        wx, wy = apply(W, rx, ry)
        out += [f32(wx), f32(wy)]
    return out


def world_scale_x(m):
    return math.hypot(m[0], m[2])


def world_rotation(m):
    return math.atan2(m[2], m[0]) * RAD


def round4(n):
    """OPENBONE-SAMPLES §3.3: Math.round(n·1e4)/1e4, -0 → 0."""
    x = n * 1e4
    r = math.floor(x)
    if x - r >= 0.5:
        r += 1
    v = r / 1e4
    return 0 if v == 0 else v


def number(n):
    v = round4(n)
    return int(v) if v == int(v) and abs(v) < 1e15 else v


def matrix(m):
    return {'x': number(m[4]), 'y': number(m[5]), 'a': number(m[0]),
            'b': number(m[1]), 'c': number(m[2]), 'd': number(m[3])}


def colour(rgba):
    def byte(c):
        c = min(1, max(0, c))
        x = c * 255
        r = math.floor(x)
        return int(r + 1 if x - r >= 0.5 else r)
    return '#' + ''.join('%02x' % byte(c) for c in rgba)


def numbers(values):
    return [number(v) for v in values]


def write_case(directory, document, script, lines):
    """Writes case.obone, script.txt and expected.jsonl beside derive.py."""
    with open(os.path.join(directory, 'case.obone'), 'w') as f:
        json.dump(document, f, indent=1)
        f.write('\n')
    with open(os.path.join(directory, 'script.txt'), 'w') as f:
        f.write(script)
    with open(os.path.join(directory, 'expected.jsonl'), 'w') as f:
        for line in lines:
            f.write(json.dumps(line) + '\n')


def document(bones, slots=(), skins=None, animations=(), events=(),
             ik=(), images=()):
    """A Part B document with the given lists (defaults for the rest)."""
    return {
        'format': 'openbone', 'version': 1,
        'skeleton': {'referenceScale': 100, 'bones': list(bones),
                     'slots': list(slots), 'ik': list(ik)},
        'skins': skins if skins is not None else
        [{'id': 'default', 'name': 'default', 'attachments': {}}],
        'animations': list(animations), 'events': list(events),
        'images': list(images),
    }


def bone(id, parent=None, length=0, inherit='normal', **p):
    b = {'id': id, 'name': id, 'parent': parent, 'length': length,
         'inherit': inherit}
    b.update(p)
    return b


def local(b):
    return pose(b.get('x', 0), b.get('y', 0), b.get('rotation', 0),
                b.get('scaleX', 1), b.get('scaleY', 1), b.get('shearX', 0),
                b.get('shearY', 0))


def here(file):
    return os.path.dirname(os.path.abspath(file))


def worlds(bones, poses=None, inherits=None):
    """§3.2 without constraints: every bone in document order, a root with
    `normal` and P = identity (placement), a child with its inherit mode.
    `poses` / `inherits` override a bone's local pose / live mode by id."""
    out = {}
    for b in bones:
        p = (poses or {}).get(b['id'], local(b))
        mode = (inherits or {}).get(b['id'], b.get('inherit', 'normal'))
        parent = b.get('parent')
        if parent in out:
            out[b['id']] = bone_world(out[parent], p, mode)
        else:
            out[b['id']] = bone_world(IDENTITY, p, 'normal')
    return out


def animation(id, timelines, duration=0, events=()):
    return {'id': id, 'name': id, 'duration': duration,
            'timelines': list(timelines), 'events': list(events)}


def timeline(target, id, prop, keys, attachment=None):
    t = {'target': target, 'id': id, 'property': prop, 'keys': keys}
    if attachment is not None:
        t['attachment'] = attachment
    return t


def key(time, value, curve=None):
    k = {'time': time, 'value': value}
    if curve is not None:
        k['curve'] = curve
    return k


HEADER = ("import os, sys\n"
          "sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath("
          "__file__)), '..', '..'))\nfrom oblib import *\n")


def det_sign(m):
    d = m[0] * m[3] - m[1] * m[2]
    return 1 if d > 0 else (-1 if d < 0 else 1)


def ik_two(P, p_pose, c_pose, c_length, target, mix, softness=0,
           bend_positive=True, stretch=False, uniform=False, usx=1):
    """§7.1 two bones for a parent bone p under world P (the grandparent,
    `root` when p is a root) with child c (inherit normal). Returns the
    worlds (p, c) after the solve, written line by line from the spec."""
    pw = bone_world(P, p_pose)
    cw = bone_world(pw, c_pose)
    tx, ty = target
    px, py = pw[4], pw[5]
    l1 = math.hypot(cw[4] - px, cw[5] - py)
    l2 = c_length * world_scale_x(cw)
    reach = l1 + l2
    d_raw = math.hypot(tx - px, ty - py)
    soft = min(softness * abs(usx), reach)
    if soft > 1e-6 and d_raw > reach - soft:
        d_soft = reach - soft + soft * (1 - math.exp(-(d_raw - (reach - soft)) / soft))
    else:
        d_soft = d_raw
    d_eff = min(max(d_soft, abs(l1 - l2) + 1e-4), reach - 1e-4)
    ux, uy = ((tx - px) / d_raw, (ty - py) / d_raw) if d_raw > 1e-9 else (1, 0)
    ax, ay = px + ux * d_eff, py + uy * d_eff
    cos_a = (l1 * l1 + d_eff * d_eff - l2 * l2) / js_or(2 * l1 * d_eff, 1)
    a1 = math.atan2(uy, ux) + (-1 if bend_positive else 1) * math.acos(min(1, max(-1, cos_a)))
    cur = math.atan2(cw[5] - py, cw[4] - px)
    delta_p = wrap((a1 - cur) * RAD) * det_sign(P)
    p_rot, c_rot = p_pose['rotation'], c_pose['rotation']
    full_p = dict(p_pose, rotation=p_rot + delta_p)
    pw_full = bone_world(P, full_p)
    cw_full = bone_world(pw_full, c_pose)
    delta_c = wrap(math.atan2(ay - cw_full[5], ax - cw_full[4]) * RAD - world_rotation(cw_full)) * det_sign(pw_full)
    new_p = dict(p_pose, rotation=p_rot + delta_p * mix)
    new_c = dict(c_pose, rotation=c_rot + delta_c * mix)
    pw = bone_world(P, new_p)
    cw = bone_world(pw, new_c)
    if stretch and d_raw > d_eff + 1e-9:
        s = 1 + (d_raw / d_eff - 1) * mix
        u = s if uniform else 1
        pw = (pw[0] * s, pw[1] * u, pw[2] * s, pw[3] * u, pw[4], pw[5])
        x, y = apply(pw, new_c['x'], new_c['y'])
        cw = (cw[0] * s, cw[1] * u, cw[2] * s, cw[3] * u, x, y)
    return pw, cw


def rotate_axes(w, radians):
    """§7.2 rotateAxes: left-multiply the linear part by a rotation."""
    if radians == 0:
        return w
    c, s = math.cos(radians), math.sin(radians)
    a, b, cc, d, x, y = w
    return (c * a - s * cc, c * b - s * d, s * a + c * cc, s * b + c * d, x, y)


def skew_of(m):
    return wrap((math.atan2(m[3], m[1]) - math.atan2(m[2], m[0])) * RAD - 90)


def set_skew(w, k):
    ly = math.hypot(w[1], w[3])
    ang = math.atan2(w[2], w[0]) + (90 + k) * DEG
    return (w[0], math.cos(ang) * ly, w[2], math.sin(ang) * ly, w[4], w[5])


def transform_world(w, t, s, v, relative):
    """§7.2 world mode on bone world w with target world t and target setup
    world s; v holds the live values (mixes already multiplied by mix)."""
    mr, mt, ms, mh = v['mr'], v['mt'], v['ms'], v['mh']
    if not relative:
        if mr > 0:
            w = rotate_axes(w, wrap(world_rotation(t) + v['offR'] - world_rotation(w)) * mr * DEG)
        if mt > 0:
            px, py = apply(t, v['offX'], v['offY'])
            w = (w[0], w[1], w[2], w[3], w[4] + (px - w[4]) * mt, w[5] + (py - w[5]) * mt)
        if ms > 0:
            sx = js_or(math.hypot(w[0], w[2]), 1)
            sy = js_or(math.hypot(w[1], w[3]), 1)
            kx = (sx + (math.hypot(t[0], t[2]) + v['offSX'] - sx) * ms) / sx
            ky = (sy + (math.hypot(t[1], t[3]) + v['offSY'] - sy) * ms) / sy
            w = (w[0] * kx, w[1] * ky, w[2] * kx, w[3] * ky, w[4], w[5])
        if mh > 0:
            sb = skew_of(w)
            w = set_skew(w, sb + wrap(skew_of(t) + v['offSh'] - sb) * mh)
    else:
        if mr > 0:
            w = rotate_axes(w, (wrap(world_rotation(t) - world_rotation(s)) + v['offR']) * mr * DEG)
        if mt > 0:
            w = (w[0], w[1], w[2], w[3], w[4] + (t[4] - s[4] + v['offX']) * mt,
                 w[5] + (t[5] - s[5] + v['offY']) * mt)
        if ms > 0:
            kx = 1 + (math.hypot(t[0], t[2]) / js_or(math.hypot(s[0], s[2]), 1) - 1 + v['offSX']) * ms
            ky = 1 + (math.hypot(t[1], t[3]) / js_or(math.hypot(s[1], s[3]), 1) - 1 + v['offSY']) * ms
            w = (w[0] * kx, w[1] * ky, w[2] * kx, w[3] * ky, w[4], w[5])
        if mh > 0:
            w = set_skew(w, skew_of(w) + (wrap(skew_of(t) - skew_of(s)) + v['offSh']) * mh)
    return w


def transform_local(p, t, s, v, relative):
    """§7.2 local mode on applied poses p (bone), t (target), s (target
    setup); returns the new applied pose of the bone."""
    p = dict(p)
    mr, mt, ms, mh = v['mr'], v['mt'], v['ms'], v['mh']
    if not relative:
        p['rotation'] += wrap(t['rotation'] + v['offR'] - p['rotation']) * mr
        p['x'] += (t['x'] + v['offX'] - p['x']) * mt
        p['y'] += (t['y'] + v['offY'] - p['y']) * mt
        p['scaleX'] += (t['scaleX'] + v['offSX'] - p['scaleX']) * ms
        p['scaleY'] += (t['scaleY'] + v['offSY'] - p['scaleY']) * ms
        p['shearY'] += (t['shearY'] + v['offSh'] - p['shearY']) * mh
    else:
        p['rotation'] += (wrap(t['rotation'] - s['rotation']) + v['offR']) * mr
        p['x'] += (t['x'] - s['x'] + v['offX']) * mt
        p['y'] += (t['y'] - s['y'] + v['offY']) * mt
        p['scaleX'] *= 1 + ((t['scaleX'] / s['scaleX'] if s['scaleX'] else 1) - 1 + v['offSX']) * ms
        p['scaleY'] *= 1 + ((t['scaleY'] / s['scaleY'] if s['scaleY'] else 1) - 1 + v['offSY']) * ms
        p['shearY'] += (t['shearY'] - s['shearY'] + v['offSh']) * mh
    return p


def local_from_world(P, W, p):
    """§3.2 syncApplied for inherit normal: position from P⁻¹, then the
    linear part P⁻¹·W decomposed with shear X kept."""
    inv = invert(P)
    dx, dy = W[4] - P[4], W[5] - P[5]
    q = dict(p)
    q['x'] = inv[0] * dx + inv[1] * dy
    q['y'] = inv[2] * dx + inv[3] * dy
    L = multiply((inv[0], inv[1], inv[2], inv[3], 0, 0), (W[0], W[1], W[2], W[3], 0, 0))
    q['scaleX'] = math.hypot(L[0], L[2])
    q['scaleY'] = math.hypot(L[1], L[3])
    q['rotation'] = math.atan2(L[2], L[0]) * RAD - q['shearX']
    q['shearY'] = math.atan2(L[3], L[1]) * RAD - 90 - q['rotation']
    return q


def transform_values(c, mix=1.0):
    m = js_or(mix, 1)
    return {'mr': c.get('mixRotate', 1) * m, 'mt': c.get('mixTranslate', 1) * m,
            'ms': c.get('mixScale', 1) * m, 'mh': c.get('mixShear', 0) * m,
            'offR': c.get('offsetRotation', 0), 'offX': c.get('offsetX', 0),
            'offY': c.get('offsetY', 0), 'offSX': c.get('offsetScaleX', 0),
            'offSY': c.get('offsetScaleY', 0), 'offSh': c.get('offsetShear', 0)}


# ---------------------------------------------------------------------------
# §7.4 physics, §7.3 path and §7.5 sliders, written again from the spec's
# pseudo-code (OPENBONE-RUNTIME.md), not from the C runtime.

class PhysicsState:
    """§7.4: two particles origin and tip {x, y, vx, vy, px, py}, lastO,
    lastT, time, steps. `None` particles mean "first call"."""

    def __init__(self):
        self.origin = None
        self.tip = None
        self.last_o = None
        self.last_t = None
        self.time = 0.0
        self.steps = 0


def clamp(v, lo, hi):
    return min(max(v, lo), hi)


def physics(state, w, data_length, c, dt, us=(1.0, 1.0)):
    """applyPhysics on bone world w (a b c d x y) with constraint c (a dict
    of the document's fields with Part B defaults applied by the caller:
    x, y, rotate, scaleX, inertia, strength, damping, mass, wind, gravity,
    mix, fps). Returns the new world; `state` is updated in place. us =
    (usX, usY) = referenceScale/100 (placement scale 1)."""
    length = data_length if data_length > 1e-6 else 1
    ox, oy = w[4], w[5]
    tx, ty = apply(w, length, 0)
    if state.origin is None:
        state.origin = dict(x=ox, y=oy, vx=0.0, vy=0.0, px=ox, py=oy)
        state.tip = dict(x=tx, y=ty, vx=0.0, vy=0.0, px=tx, py=ty)
        state.last_o, state.last_t = (ox, oy), (tx, ty)
        state.time, state.steps = 0.0, 0
    carry = 1 - clamp(c['inertia'], 0, 1)
    for p, (gx, gy), (lx, ly) in ((state.origin, (ox, oy), state.last_o),
                                  (state.tip, (tx, ty), state.last_t)):
        p['x'] += (gx - lx) * carry
        p['px'] += (gx - lx) * carry
        p['y'] += (gy - ly) * carry
        p['py'] += (gy - ly) * carry
    state.last_o, state.last_t = (ox, oy), (tx, ty)
    rest = math.hypot(tx - ox, ty - oy) or length
    h = 1 / max(1, c['fps'] or 60)
    state.time += dt
    due = math.floor(state.time / h + 1e-6)
    if due - state.steps > 8:
        state.steps = due - 8
    k = min(max(0, c['strength']) / max(1e-6, c['mass']), 1 / (h * h))
    decay = math.exp(-max(0, c['damping']) * h)
    wind = c['wind'] * us[0]
    gravity = c['gravity'] * us[1]

    def step(p, gx, gy):
        p['px'], p['py'] = p['x'], p['y']
        p['vx'] = (p['vx'] + ((gx - p['x']) * k + wind) * h) * decay
        p['vy'] = (p['vy'] + ((gy - p['y']) * k - gravity) * h) * decay
        p['x'] += p['vx'] * h
        p['y'] += p['vy'] * h
    while state.steps < due:
        step(state.origin, ox, oy)
        step(state.tip, tx, ty)
        state.steps += 1
    mix = clamp(c['mix'], 0, 1)
    if mix <= 0:
        return w
    f = clamp(state.time / h - state.steps, 0, 1)

    def S(p):
        return (p['px'] + (p['x'] - p['px']) * f, p['py'] + (p['y'] - p['py']) * f)
    so, st = S(state.origin), S(state.tip)
    a, b, cc, d = w[0], w[1], w[2], w[3]
    wx = ox + (so[0] - ox) * c['x'] * mix
    wy = oy + (so[1] - oy) * c['y'] * mix
    out = (a, b, cc, d, wx, wy)
    if c['rotate'] > 0 or c['scaleX'] > 0:
        dx, dy = st[0] - wx, st[1] - wy
        dist = math.hypot(dx, dy)
        if dist > 1e-9:
            turn = wrap((math.atan2(dy, dx) - math.atan2(ty - oy, tx - ox)) * RAD) * c['rotate'] * mix
            out = rotate_axes(out, turn * DEG)
            if c['scaleX'] > 0 and data_length > 1e-6:
                s = 1 + (dist / rest - 1) * c['scaleX'] * mix
                out = (out[0] * s, out[1], out[2] * s, out[3], out[4], out[5])
    return out


PHYSICS_DEFAULTS = dict(x=0, y=0, rotate=0, scaleX=0, inertia=1, strength=100,
                        damping=1, mass=1, wind=0, gravity=0, mix=1, fps=0)


def physics_data(c):
    d = dict(PHYSICS_DEFAULTS)
    d.update({k: v for k, v in c.items() if k in PHYSICS_DEFAULTS})
    return d


def spline(points, closed):
    """§7.3 buildSpline from world points [(x, y), …] with knots stored
    [in, anchor, out]: returns (segments as 4-point tuples, table, L)."""
    knots = len(points) // 3
    count = 0 if knots < 2 else (knots if closed else knots - 1)
    segs = []
    for s in range(count):
        n = (s + 1) % knots
        segs.append((points[3 * s + 1], points[3 * s + 2], points[3 * n], points[3 * n + 1]))
    table = [0.0]
    for seg in segs:
        prev = bezier_point(seg, 0)
        for j in range(1, 33):
            p = bezier_point(seg, j / 32)
            table.append(table[-1] + math.hypot(p[0] - prev[0], p[1] - prev[1]))
            prev = p
    return segs, table, table[-1]


def bezier_point(seg, t):
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = seg
    u = 1 - t
    return (u ** 3 * x0 + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t ** 3 * x3,
            u ** 3 * y0 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t ** 3 * y3)


def bezier_tangent_angle(seg, t):
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = seg
    u = 1 - t
    dx = 3 * u * u * (x1 - x0) + 6 * u * t * (x2 - x1) + 3 * t * t * (x3 - x2)
    dy = 3 * u * u * (y1 - y0) + 6 * u * t * (y2 - y1) + 3 * t * t * (y3 - y2)
    if dx * dx + dy * dy < 1e-12:
        p = bezier_point(seg, min(1, t + 1e-3))
        q = bezier_point(seg, max(0, t - 1e-3))
        dx, dy = p[0] - q[0], p[1] - q[1]
        if dx * dx + dy * dy < 1e-18:
            dx, dy = x3 - x0, y3 - y0
    return math.atan2(dy, dx)


def path_sample(segs, table, L, closed, dist, constant_speed=True):
    """§7.3 sample(dist) → (x, y, angle in radians)."""
    def at(seg, t):
        p = bezier_point(segs[seg], t)
        return (p[0], p[1], bezier_tangent_angle(segs[seg], t))
    if not segs:
        return (segs[0][0][0], segs[0][0][1], 0.0)
    if closed:
        dist = math.fmod(math.fmod(dist, L) + L, L)
    elif dist <= 0 or dist >= L:
        x, y, a = at(0, 0) if dist <= 0 else at(len(segs) - 1, 1)
        by = dist if dist <= 0 else dist - L
        return (x + math.cos(a) * by, y + math.sin(a) * by, a)
    if not constant_speed:
        seg = 0
        while not (seg == len(segs) - 1 or table[(seg + 1) * 32] > dist):
            seg += 1
        start = table[seg * 32]
        span = table[(seg + 1) * 32] - start
        return at(seg, min(1, (dist - start) / span) if span > 0 else 0)
    lo = max(i for i in range(len(table)) if table[i] <= dist)
    hi = lo + 1
    f = (dist - table[lo]) / (table[hi] - table[lo]) if table[hi] != table[lo] else 0
    seg = min(len(segs) - 1, lo // 32)
    t = (lo - seg * 32 + f) / 32
    return at(seg, min(1, t))


def path_vertices(vertices, W):
    """§8.3 unweighted path vertices through the slot bone's world, float32."""
    out = []
    for i in range(0, len(vertices) - 1, 2):
        x, y = apply(W, vertices[i], vertices[i + 1])
        out.append((f32(x), f32(y)))
    return out


def path_place(worlds_list, lengths_data, points, closed, c, constant_speed=True,
               world_at=None):
    """§7.3 placement. worlds_list: the constrained bones' worlds in listed
    order (each bone's world as it is when the constraint starts; the
    caller recomputes children); c: position, spacing, spacingMode,
    positionMode, rotateMode, offsetRotation, mixRotate, mixX, mixY.
    Returns the new worlds. Lengths come from worlds_list (before any bone
    moves); bone i is then read as world_at(i, placed) when given (its
    world after the earlier bones' subtrees were recomputed), else
    worlds_list[i]."""
    segs, table, L = spline(points, closed)
    if L <= 1e-9:
        return list(worlds_list)
    n = len(worlds_list)
    lengths = [lengths_data[i] * world_scale_x(worlds_list[i]) for i in range(n)]
    total = sum(lengths)
    dist = [c['position'] * L if c.get('positionMode', 'percent') == 'percent' else c['position']]
    mode = c.get('spacingMode', 'length')
    sp = c.get('spacing', 0)
    for i in range(n):
        gap = {'fixed': sp, 'percent': sp * L,
               'proportional': sp * L * (lengths[i] / total if total > 0 else 1 / n),
               'length': lengths[i] + sp}[mode]
        dist.append(dist[-1] + gap)
    pts = [path_sample(segs, table, L, closed, d, constant_speed) for d in dist]
    out = []
    mr, mx, my = c.get('mixRotate', 1), c.get('mixX', 1), c.get('mixY', 1)
    for i in range(n):
        w = world_at(i, out) if world_at else worlds_list[i]
        x = w[4] + (pts[i][0] - w[4]) * mx
        y = w[5] + (pts[i][1] - w[5]) * my
        w = (w[0], w[1], w[2], w[3], x, y)
        if mr > 0:
            ang = pts[i][2]
            rm = c.get('rotateMode', 'tangent')
            if rm != 'tangent':
                dx, dy = pts[i + 1][0] - x, pts[i + 1][1] - y
                d = math.hypot(dx, dy)
                if d > 1e-6:
                    ang = math.atan2(dy, dx)
                    if rm == 'chainScale' and lengths[i] > 1e-6:
                        k = 1 + (d / lengths[i] - 1) * mr
                        w = (w[0] * k, w[1], w[2] * k, w[3], w[4], w[5])
            w = rotate_axes(w, wrap((ang + c.get('offsetRotation', 0) * DEG) * RAD - world_rotation(w)) * mr * DEG)
        out.append(w)
    return out


def path_case_doc(bones, slot_bone, vertices, closed=False, constant_speed=None, c=None,
                  animations=(), weights=None):
    """A document with slot 'rail' on `slot_bone` showing the path
    attachment 'track' and the path constraint `c` targeting it."""
    att = {'type': 'path', 'vertices': vertices, 'closed': closed}
    if constant_speed is not None:
        att['constantSpeed'] = constant_speed
    if weights is not None:
        att['weights'] = weights
    slots = [{'id': 'rail', 'name': 'rail', 'bone': slot_bone, 'attachment': 'track'}]
    skins = [{'id': 'default', 'name': 'default', 'attachments': {'rail': {'track': att}}}]
    doc = document(bones, slots=slots, skins=skins, animations=animations)
    doc['skeleton']['path'] = [c]
    return doc


def chain_worlds(P, poses):
    """World matrices of a chain: poses[0] under P, each next one under the
    previous (inherit normal)."""
    out = []
    for p in poses:
        P = bone_world(P, p)
        out.append(P)
    return out


def quad_corners(att, W):
    """§8.2 region quad TL TR BR BL through W, in doubles (no float32)."""
    hw = att['width'] / 2 * att.get('scaleX', 1)
    hh = att['height'] / 2 * att.get('scaleY', 1)
    kx = math.tan(att.get('skewX', 0) * DEG)
    ky = math.tan(att.get('skewY', 0) * DEG)
    r = att.get('rotation', 0) * DEG
    out = []
    for x, y in ((-hw, hh), (hw, hh), (hw, -hh), (-hw, -hh)):
        sx, sy = x + kx * y, y + ky * x
        rx = sx * math.cos(r) - sy * math.sin(r) + att.get('x', 0)
        ry = sx * math.sin(r) + sy * math.cos(r) + att.get('y', 0)
        out.append(apply(W, rx, ry))
    return out


def sequence_index(counter, n, mode):
    """§8.6 index of frame for a counter (None = hidden)."""
    f = math.floor(counter)
    if mode == 'once':
        return 0 if f < 0 else (None if f >= n else f)
    if mode == 'holdLast':
        return min(max(f, 0), n - 1)
    if mode == 'pingPong':
        if n == 1:
            return 0
        P = 2 * n - 2
        k = math.fmod(math.fmod(f, P) + P, P)
        return int(k if k < n else P - k)
    return int(math.fmod(math.fmod(f, n) + n, n))


def sequence_item(att, frame, image_size, W):
    """§8.6 frame layout: (vertices, uvs) as float32 lists."""
    iw, ih = image_size
    rect = frame.get('rect') or {'x': 0, 'y': 0, 'w': iw, 'h': ih}
    uv = [0, 0, 1, 1]
    if frame.get('rect'):
        uv = [rect['x'] / iw, rect['y'] / ih, (rect['x'] + rect['w']) / iw, (rect['y'] + rect['h']) / ih]
    quad = [0, 0, 1, 1]
    t = frame.get('trim')
    if t:
        quad = [t['x'] / t['sw'], t['y'] / t['sh'], (t['x'] + rect['w']) / t['sw'], (t['y'] + rect['h']) / t['sh']]
    c = quad_corners(att, W)
    if quad != [0, 0, 1, 1]:
        (x0, y0), (x1, y1), _, (x3, y3) = c
        U, V = (x1 - x0, y1 - y0), (x3 - x0, y3 - y0)
        c = [(x0 + U[0] * u + V[0] * v, y0 + U[1] * u + V[1] * v)
             for u, v in ((quad[0], quad[1]), (quad[2], quad[1]), (quad[2], quad[3]), (quad[0], quad[3]))]
    vertices = [f32(v) for p in c for v in p]
    uvs = [f32(v) for v in (uv[0], uv[1], uv[2], uv[1], uv[2], uv[3], uv[0], uv[3])]
    return vertices, uvs


# --- §8.5 shapes and earcut ------------------------------------------------
# The spec names earcut 3.x as the triangulator (indices compared exactly).
# `earcut` below is the ear-clipping walk written again in Python for rings
# of at most 80 points (the z-order variant is not needed by the cases):
# link forward when the signed area Σ (x[j] − x[i])(y[i] + y[j]) > 0, else
# backwards; start at the last node linked; an ear (area < 0, no reflex or
# flat node inside the triangle, one equal to `prev` excepted) emits
# [prev, ear, next] and the walk jumps two nodes on; a full turn with no ear
# filters duplicate/collinear nodes and walks again (the cases never need
# the later passes: the function raises instead).

def _area(p, q, r):
    return (q[1] - p[1]) * (r[0] - q[0]) - (q[0] - p[0]) * (r[1] - q[1])


def _in_triangle(a, b, c, p):
    if a[0] == p[0] and a[1] == p[1]:
        return False
    return ((c[0] - p[0]) * (a[1] - p[1]) >= (a[0] - p[0]) * (c[1] - p[1]) and
            (a[0] - p[0]) * (b[1] - p[1]) >= (b[0] - p[0]) * (a[1] - p[1]) and
            (b[0] - p[0]) * (c[1] - p[1]) >= (c[0] - p[0]) * (b[1] - p[1]))


def earcut(flat):
    n = len(flat) // 2
    assert 3 <= n <= 80
    pts = [(flat[2 * i], flat[2 * i + 1]) for i in range(n)]
    s = sum((pts[i - 1][0] - pts[i][0]) * (pts[i][1] + pts[i - 1][1]) for i in range(n))
    ring = list(range(n)) if s > 0 else list(range(n - 1, -1, -1))
    if pts[ring[-1]] == pts[ring[0]]:
        ring.pop()
    out = []
    pos = len(ring) - 1          # the last node linked
    stop = ring[pos]
    filtered = False
    while len(ring) > 2:
        m = len(ring)
        a, b, c = ring[(pos - 1) % m], ring[pos], ring[(pos + 1) % m]
        ear = _area(pts[a], pts[b], pts[c]) < 0
        if ear:
            xs = [pts[a][0], pts[b][0], pts[c][0]]
            ys = [pts[a][1], pts[b][1], pts[c][1]]
            k = (pos + 2) % m
            while ring[k] != a:
                p = pts[ring[k]]
                prev, nxt = pts[ring[(k - 1) % m]], pts[ring[(k + 1) % m]]
                if (min(xs) <= p[0] <= max(xs) and min(ys) <= p[1] <= max(ys) and
                        _in_triangle(pts[a], pts[b], pts[c], p) and _area(prev, p, nxt) >= 0):
                    ear = False
                    break
                k = (k + 1) % m
        if ear:
            out += [a, b, c]
            ring.pop(pos)
            m -= 1
            pos = ring.index(c)
            pos = (pos + 1) % m      # next.next
            stop = ring[pos]
            continue
        pos = (pos + 1) % m
        if ring[pos] == stop:
            if filtered:
                raise ValueError('earcut: the cases never need passes 1-2')
            filtered = True
            i = pos
            again = True
            while again and len(ring) > 2:   # filterPoints
                again = False
                for j in range(len(ring)):
                    mm = len(ring)
                    p, q, r = pts[ring[j - 1]], pts[ring[j]], pts[ring[(j + 1) % mm]]
                    if q == r or _area(p, q, r) == 0:
                        ring.pop(j)
                        again = True
                        break
            pos = min(pos, len(ring) - 1)
            stop = ring[pos]
    return out


def convex_earcut(n):
    """earcut of a strictly convex ring linked forward, by hand: the first
    ear is the last node (n−2, n−1, 0); after each ear the walk jumps two
    nodes on, so the ears are every other node around the shrinking ring."""
    ring = list(range(n))
    out, pos = [], n - 1
    while len(ring) > 2:
        m = len(ring)
        a, b, c = ring[(pos - 1) % m], ring[pos], ring[(pos + 1) % m]
        out += [a, b, c]
        ring.pop(pos)
        pos = (ring.index(c) + 1) % len(ring)
    return out


def shape_outline(att):
    """§8.5 outline (local: rotated by `rotation`, offset by (x, y))."""
    hw, hh = att.get('width', 0) / 2, att.get('height', 0) / 2
    kind = att.get('kind', 'rect')
    if kind == 'rect':
        r = min(att.get('radius', 0), hw, hh)
        if r <= 0:
            pts = [(-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh)]
        else:
            seg = 8
            pts = []
            for (cx, cy), start in (((hw - r, -hh + r), -90), ((hw - r, hh - r), 0),
                                    ((-hw + r, hh - r), 90), ((-hw + r, -hh + r), 180)):
                for i in range(seg + 1):
                    a = (start + 90 * i / seg) * DEG
                    pts.append((cx + math.cos(a) * r, cy + math.sin(a) * r))
    elif kind == 'ellipse':
        pts = [(math.cos(2 * math.pi * i / 32) * hw, math.sin(2 * math.pi * i / 32) * hh)
               for i in range(32)]
    else:
        p = att['points']
        pts = [(p[2 * i], p[2 * i + 1]) for i in range(len(p) // 2)]
    r = att.get('rotation', 0) * DEG
    out = []
    for x, y in pts:
        out += [x * math.cos(r) - y * math.sin(r) + att.get('x', 0),
                x * math.sin(r) + y * math.cos(r) + att.get('y', 0)]
    return out


def world_points(flat, W):
    """Local points through the slot bone's world W, float32 (§8.3)."""
    out = []
    for i in range(len(flat) // 2):
        x, y = apply(W, flat[2 * i], flat[2 * i + 1])
        out += [f32(x), f32(y)]
    return out


# --- §8.7 packed atlas -------------------------------------------------------
# Written from the spec's formulas; regions and pages are the document's
# Part B.8 objects (offsetX/offsetY default 0, originalWidth/Height default
# to the packed size, rotated default false; `empty` means origW = origH = 1).

def atlas_original(region):
    if region.get('empty'):
        return 1, 1
    return (region.get('originalWidth', region.get('width', 1)),
            region.get('originalHeight', region.get('height', 1)))


def atlas_uv(region, page, u, v):
    """atlasUvMap: (u, v) in 0..1 of the original image → page fractions."""
    ow, oh = atlas_original(region)
    ox, oy = region.get('offsetX', 0), region.get('offsetY', 0)
    pw, ph = page['width'], page['height']
    if region.get('rotated'):
        return ((region['x'] + region.get('height', 1) + oy) / pw - v * oh / pw,
                (region['y'] - ox) / ph + u * ow / ph)
    return ((region['x'] - ox) / pw + u * ow / pw,
            (region['y'] - oy) / ph + v * oh / ph)


def atlas_trim_box(region):
    """[offX/origW, offY/origH, (offX+w)/origW, (offY+h)/origH]."""
    ow, oh = atlas_original(region)
    ox, oy = region.get('offsetX', 0), region.get('offsetY', 0)
    w, h = region.get('width', 1), region.get('height', 1)
    return [ox / ow, oy / oh, (ox + w) / ow, (oy + h) / oh]


def trim_quad(corners, q):
    """trimQuad: TL + U·u + V·v at (u0,v0) (u1,v0) (u1,v1) (u0,v1)."""
    (x0, y0), (x1, y1), _, (x3, y3) = corners
    U, V = (x1 - x0, y1 - y0), (x3 - x0, y3 - y0)
    return [(x0 + U[0] * u + V[0] * v, y0 + U[1] * u + V[1] * v)
            for u, v in ((q[0], q[1]), (q[2], q[1]), (q[2], q[3]), (q[0], q[3]))]
