"""particlelib.py — OPENBONE-RUNTIME.md §8.8 (particles) and §8.9 (text
templates and formatNumber) written again in Python, for deriving expected
values of the particle-* and text-* cases (never by running the runtime).

Particles: the realtime clock, mulberry32 seeded with seed XOR fnv1a(slot
name) over UTF-16 code units, step/advance/spawn with the RNG calls in the
order §8.8 lists them, and geometry(). Particle numbers are stored as
float32 (§12 "particle buffers"): every stored field goes through f32().

Text: formatNumber uses Python's Decimal for the exact decimal value of a
double, rounded ROUND_HALF_UP as JavaScript's toFixed does, and js_string()
spells a number the way String(number) does (shortest round trip from
repr(), laid out by ECMA-262 Number::toString).
"""
import math
import re
from decimal import Decimal, ROUND_HALF_UP

from oblib import f32

STEP = 1 / 60
M32 = 0xFFFFFFFF


def imul(a, b):
    return (a * b) & M32


def fnv1a(name):
    h = 0x811C9DC5
    data = name.encode('utf-16-le')
    for i in range(0, len(data), 2):
        unit = data[i] | (data[i + 1] << 8)
        h = imul(h ^ unit, 0x01000193)
    return h


class Mulberry32:
    def __init__(self, seed):
        self.s = seed & M32
        self.calls = 0

    def next(self):
        self.calls += 1
        self.s = (self.s + 0x6D2B79F5) & M32
        t = self.s
        t = imul(t ^ (t >> 15), t | 1)
        t ^= (t + imul(t ^ (t >> 7), t | 61)) & M32
        t &= M32
        return ((t ^ (t >> 14)) & M32) / 2 ** 32


def to_int32_unsigned(x):
    """JS `x ^ 0` then >>> 0, for the seed."""
    if not math.isfinite(x):
        return 0
    return int(math.trunc(x)) % 2 ** 32


DEFAULTS = dict(seed=0, emitting=True, rate=10, prewarm=False, loop=True,
                duration=1, bursts=[], maxParticles=100, space='world',
                emitShape='point', x=0, y=0, rotation=90, angle=30, radius=0,
                width=0, height=0, speed=[50, 100], lifetime=[1, 1],
                startSize=[8, 8], endSize=[0, 0], startRotation=[0, 0],
                endRotation=[0, 0], angularVelocity=[0, 0], gravity=0, drag=0,
                stretch=0, look='circle',
                gradient=[{'t': 0, 'color': '#ffffffff'},
                          {'t': 1, 'color': '#ffffff00'}],
                blend='normal')


def settings(att):
    """The attachment with Part B's defaults filled in (§2 step 3)."""
    d = dict(DEFAULTS)
    d.update(att)
    return d


def hex_rgba(text):
    text = text.lstrip('#')
    if len(text) == 6:
        text += 'ff'
    return [int(text[i:i + 2], 16) / 255 for i in range(0, 8, 2)]


class Particle:
    __slots__ = ('x', 'y', 'vx', 'vy', 'age', 'life', 'size0', 'size1',
                 'rot0', 'rot1', 'spin')


class Emitter:
    """particles.ts, one per slot and attachment."""

    def __init__(self, att, slot_name):
        self.d = settings(att)
        self.rng = Mulberry32(to_int32_unsigned(self.d['seed']) ^ fnv1a(slot_name))
        self.steps = 0
        self.acc = 0.0
        self.cycle = 0.0
        self.pending = 0
        self.was_emitting = False
        self.last = None
        self.particles = []

    def rng_range(self, r):
        a, b = r
        return a if a == b else a + (b - a) * self.rng.next()

    def between(self, a, b):
        return a + (b - a) * self.rng.next()

    def step(self, h, m, values=None):
        values = values or {}
        emitting = values.get('emitting', self.d['emitting'])
        rate = values.get('rate', self.d['rate'])
        d = self.d
        if self.steps == 0 and emitting and d['prewarm'] and d['loop']:
            self.last = (m[4], m[5])
            n = min(600, math.ceil(d['duration'] / h - 1e-6))
            for _ in range(max(0, n)):
                self.advance(h, m, True, rate)
        self.advance(h, m, emitting, rate)
        self.steps += 1

    def advance(self, h, m, emitting, rate):
        d = self.d
        damp = math.exp(-d['drag'] * h) if d['drag'] > 0 else 1
        kept = []
        for p in self.particles:
            p.age = f32(p.age + h)
            if p.age >= p.life:
                continue
            p.vy = f32(p.vy - d['gravity'] * h)
            p.vx = f32(p.vx * damp)
            p.vy = f32(p.vy * damp)
            p.x = f32(p.x + p.vx * h)
            p.y = f32(p.y + p.vy * h)
            kept.append(p)
        self.particles = kept
        if emitting and not self.was_emitting:
            self.cycle = self.acc = 0.0
        self.was_emitting = emitting
        active = emitting and (d['loop'] or self.cycle < d['duration'])
        burst = self.pending
        self.pending = 0
        streamed = 0
        if active:
            self.acc += max(0, rate) * h
            streamed = math.floor(self.acc)
            self.acc -= streamed
            start = self.cycle
            end = start + h
            wraps = end >= d['duration'] - 1e-9
            rest = end - d['duration']
            for b in d['bursts']:
                if b['time'] > d['duration'] + 1e-9:
                    continue
                if start - 1e-9 <= b['time'] < end - 1e-9:
                    burst += b['count']
                elif wraps and d['loop'] and b['time'] < rest - 1e-9:
                    burst += b['count']
            self.cycle = (max(0, rest) if d['loop'] else d['duration']) if wraps else end
        room = max(0, d['maxParticles'] - len(self.particles))
        nb = min(burst, room)
        ns = min(streamed, room - nb)
        lx, ly = self.last if self.last is not None else (m[4], m[5])
        for _ in range(nb):
            self.spawn(m, 0, (m[4], m[5]))
        for i in range(ns):
            k = (i + 1) / ns
            self.spawn(m, (1 - k) * h, (lx + (m[4] - lx) * k, ly + (m[5] - ly) * k))
        self.last = (m[4], m[5])

    def spawn(self, m, pre_age, origin):
        d = self.d
        DEG = math.pi / 180
        rot = d['rotation'] * DEG
        half = d['angle'] / 2 * DEG
        f = s = 0.0
        direction = rot + self.between(-half, half)
        shape = d['emitShape']
        if shape == 'circle':
            a = self.rng.next() * 2 * math.pi
            r = math.sqrt(self.rng.next()) * d['radius']
            f = math.cos(a) * r
            s = math.sin(a) * r
            direction = rot + a
        elif shape == 'box':
            s = self.between(-d['width'] / 2, d['width'] / 2)
            f = self.between(-d['height'] / 2, d['height'] / 2)
        elif shape == 'cone':
            s = self.between(-d['radius'], d['radius'])
            if d['radius'] > 0:
                direction = rot + (s / d['radius']) * half
        x = d['x'] + f * math.cos(rot) - s * math.sin(rot)
        y = d['y'] + f * math.sin(rot) + s * math.cos(rot)
        speed = self.rng_range(d['speed'])
        vx = math.cos(direction) * speed
        vy = math.sin(direction) * speed
        if d['space'] == 'world':
            a, b, c, dd = m[0], m[1], m[2], m[3]
            x, y = a * x + b * y + origin[0], c * x + dd * y + origin[1]
            ux, uy = a * vx + b * vy, c * vx + dd * vy
            n = math.hypot(ux, uy)
            if n <= 1e-9:
                vx = vy = 0.0
            else:
                vx, vy = ux / n * abs(speed), uy / n * abs(speed)
        life = max(1e-3, self.rng_range(d['lifetime']))
        size0 = self.rng_range(d['startSize'])
        size1 = self.rng_range(d['endSize'])
        rot0 = self.rng_range(d['startRotation'])
        rot1 = self.rng_range(d['endRotation'])
        spin = self.rng_range(d['angularVelocity'])
        age = 0.0
        if pre_age > 0:
            age = pre_age
            vy -= d['gravity'] * pre_age
            x += vx * pre_age
            y += vy * pre_age
        if age < life:
            p = Particle()
            p.x, p.y, p.vx, p.vy = f32(x), f32(y), f32(vx), f32(vy)
            p.age, p.life = f32(age), f32(life)
            p.size0, p.size1 = f32(size0), f32(size1)
            p.rot0, p.rot1, p.spin = f32(rot0), f32(rot1), f32(spin)
            self.particles.append(p)

    def gradient(self, t):
        stops = sorted(self.d['gradient'], key=lambda s: s['t'])  # stable
        cols = [(s['t'], hex_rgba(s['color'])) for s in stops]
        if t <= cols[0][0]:
            return cols[0][1]
        if t >= cols[-1][0]:
            return cols[-1][1]
        for (t0, c0), (t1, c1) in zip(cols, cols[1:]):
            if t0 <= t <= t1:
                u = (t - t0) / (t1 - t0)
                return [a + (b - a) * u for a, b in zip(c0, c1)]

    def geometry(self, frac, m, tint):
        """Vertices (TL, TR, BR, BL per particle), colours, indices."""
        d = self.d
        DEG = math.pi / 180
        vertices, colors, indices = [], [], []
        local = d['space'] == 'local'
        scale = math.sqrt(abs(m[0] * m[3] - m[1] * m[2])) if local else 1
        for p in self.particles[:16383]:
            age = min(p.age + frac, p.life)
            t = age / p.life
            x, y = p.x + p.vx * frac, p.y + p.vy * frac
            vx, vy = p.vx, p.vy
            if local:
                x, y = m[0] * x + m[1] * y + m[4], m[2] * x + m[3] * y + m[5]
                vx, vy = m[0] * vx + m[1] * vy, m[2] * vx + m[3] * vy
            size = max(0, p.size0 + (p.size1 - p.size0) * t) * scale
            c = self.gradient(t)
            alpha = c[3] * tint[3]
            if size <= 0 or alpha <= 0:
                continue
            spin_angle = (p.rot0 + (p.rot1 - p.rot0) * t + p.spin * age) * DEG
            if d['look'] == 'spark':
                sp = math.hypot(vx, vy)
                length = size / 2 + sp * d['stretch'] / 2
                ang = math.atan2(vy, vx) if sp > 1e-6 else spin_angle
            else:
                length = size / 2
                ang = spin_angle
            ux, uy = math.cos(ang) * length, math.sin(ang) * length
            n = math.hypot(ux, uy) or 1
            wx, wy = -uy / n * size / 2, ux / n * size / 2
            base = len(vertices) // 2
            for qx, qy in ((x - ux + wx, y - uy + wy), (x + ux + wx, y + uy + wy),
                           (x + ux - wx, y + uy - wy), (x - ux - wx, y - uy - wy)):
                vertices += [f32(qx), f32(qy)]
                colors.append([c[0] * tint[0], c[1] * tint[1], c[2] * tint[2], alpha])
            indices += [base + k for k in (0, 1, 2, 0, 2, 3)]
        return vertices, colors, indices


class Clock:
    """§8.8 realtime clock: advanceParticles(dt)."""

    def __init__(self):
        self.frac = 0.0

    def steps(self, dt):
        acc = self.frac + dt
        n = math.floor(acc / STEP + 1e-6)
        self.frac = min(max(acc - n * STEP, 0), STEP)
        return min(n, 30)


# --------------------------------------------------------------------- text

def js_string(v):
    """String(number) (ECMA-262 Number::toString, radix 10)."""
    if v != v:
        return 'NaN'
    if v == 0:
        return '0'
    if math.isinf(v):
        return 'Infinity' if v > 0 else '-Infinity'
    sign = '-' if v < 0 else ''
    r = repr(abs(v))  # shortest round trip
    mantissa, _, exp = r.partition('e')
    exp = int(exp) if exp else 0
    if '.' in mantissa:
        whole, frac = mantissa.split('.')
    else:
        whole, frac = mantissa, ''
    digits = (whole + frac).lstrip('0')
    point = len(whole) + exp - (len(whole + frac) - len((whole + frac).lstrip('0')))
    digits = digits.rstrip('0') or '0'
    k, n = len(digits), point
    if k <= n <= 21:
        body = digits + '0' * (n - k)
    elif 0 < n <= 21:
        body = digits[:n] + '.' + digits[n:]
    elif -6 < n <= 0:
        body = '0.' + '0' * (-n) + digits
    else:
        e = n - 1
        body = (digits[0] + ('.' + digits[1:] if k > 1 else '') +
                'e' + ('+' if e >= 0 else '-') + str(abs(e)))
    return sign + body


def to_fixed(v, digits):
    """JS Number.prototype.toFixed: the exact value, ties away from 0."""
    if abs(v) >= 1e21:
        return js_string(v)
    q = Decimal(1).scaleb(-digits)
    out = Decimal(v).quantize(q, rounding=ROUND_HALF_UP)
    return '{:f}'.format(out)


def plain(v):
    """String(Number(v.toFixed(6)))"""
    if not math.isfinite(v):
        return js_string(v)
    return js_string(float(to_fixed(v, 6)))


NUMBER = re.compile(r'^([^#0]*?)(\+?)([#0,]+)(?:\.([0#]+))?(%?)(.*)$', re.S)


def format_number(v, pattern):
    m = NUMBER.match(pattern)
    if not m:
        return plain(v) + pattern
    prefix, plus, integer, frac, pct, suffix = m.groups()
    frac = frac or ''
    if pct:
        v = v * 100
    if not math.isfinite(v):
        return prefix + js_string(v) + pct + suffix
    min_frac = len(frac) - len(frac.lstrip('0'))
    max_frac = len(frac)
    s = to_fixed(abs(v), max_frac)
    if '.' in s:
        strip = max_frac - min_frac
        while strip > 0 and s.endswith('0'):
            s = s[:-1]
            strip -= 1
        if s.endswith('.'):
            s = s[:-1]
    whole, _, fraction = s.partition('.')
    zeros = integer.count('0')
    whole = whole.rjust(zeros, '0')
    if zeros == 0 and whole == '0' and fraction:
        whole = ''
    if ',' in integer and whole:
        groups = []
        while len(whole) > 3:
            groups.insert(0, whole[-3:])
            whole = whole[:-3]
        groups.insert(0, whole)
        whole = ','.join(groups)
    sign = ''
    if v < 0 and any(ch in '123456789' for ch in s):
        sign = '-'
    elif plus and not v < 0:
        sign = '+'
    return prefix + sign + whole + ('.' + fraction if fraction else '') + pct + suffix


TEMPLATE = re.compile(r'\{\{|\}\}|\{([^{}:]+)(?::([^{}]*))?\}')


def format_template(text, lookup):
    """lookup(name) -> (found, value) with value a bool, float or str."""
    if '{' not in text and '}' not in text:
        return text

    def replace(m):
        whole = m.group(0)
        if whole == '{{':
            return '{'
        if whole == '}}':
            return '}'
        found, value = lookup(m.group(1).strip())
        if not found:
            return whole
        if isinstance(value, bool):
            return 'true' if value else 'false'
        if isinstance(value, (int, float)):
            if m.group(2) is not None:
                return format_number(float(value), m.group(2))
            return plain(float(value))
        return str(value)
    return TEMPLATE.sub(replace, text)


def run_frames(emitters, clock, dts, m_of_slot, at_sample):
    """Drives `emitters` ({slot name: Emitter}, document order) through the
    advances `dts`; at_sample(i) is called after the i-th advance."""
    for i, dt in enumerate(dts):
        if dt > 0:
            for _ in range(clock.steps(dt)):
                for name, e in emitters.items():
                    e.step(STEP, m_of_slot[name])
        at_sample(i)


TEXTURES = {'circle': '@openbone/particle-dot', 'spark': '@openbone/particle-dot',
            'square': None}


def particle_case(directory, bones, slot_bone, att, advances, slot_name='fx',
                  slot_color='#ffffffff', check=None, extra_script=''):
    """Writes a one-emitter case: `advances` are the dts of successive
    `advance` commands, each followed by `sample`. The expected draw list
    is the emitter's item (or none) from the transcription above."""
    from oblib import document, worlds, number, numbers, colour, write_case
    slots = [{'id': 's', 'name': slot_name, 'bone': slot_bone, 'attachment': 'fx',
              'color': slot_color}]
    skins = [{'id': 'default', 'name': 'default', 'attachments': {'s': {'fx': att}}}]
    doc = document(bones, slots=slots, skins=skins)
    W = worlds(bones)[slot_bone]
    emitter = Emitter(att, slot_name)
    clock = Clock()
    tint = hex_rgba(slot_color)
    d = settings(att)
    lines, time, script = [], 0.0, extra_script
    for dt in advances:
        time += dt
        script += 'advance %r\nsample\n' % dt
        for _ in range(clock.steps(dt)):
            emitter.step(STEP, W)
        vertices, colors, indices = emitter.geometry(clock.frac, W, tint)
        if check:
            check(emitter, clock)
        draw = []
        if vertices:
            draw = [{'slot': slot_name, 'attachment': 'fx', 'type': 'particles',
                     'blend': d['blend'], 'texture': TEXTURES.get(d['look']),
                     'vertices': numbers(vertices),
                     'uvs': [0, 0, 1, 0, 1, 1, 0, 1] * (len(vertices) // 8),
                     'indices': indices, 'color': slot_color, 'clip': None,
                     'colors': [colour(c) for c in colors]}]
        lines.append({'time': number(time), 'draw': draw})
    write_case(directory, doc, script, lines)
    return emitter
