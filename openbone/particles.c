/*
 * particles.c — particle emitters (spec §8.8, particles.ts and
 * skeleton.ts:stepParticles/advanceParticles/particleItem): the realtime
 * clock, the emitter step with its RNG calls in the stated order, bursts,
 * prewarm, world and local space, and the draw item's geometry. Particle
 * numbers are stored as float32 (§12); everything is computed in double.
 * Every buffer is the slot's fixed capacity: nothing is allocated here.
 */
#include <math.h>
#include <string.h>

#include "instance.h"

#define PI 3.14159265358979323846

uint32_t ob_fnv1a_utf16(const char *text) {
  uint32_t h = 0x811c9dc5u;
  const unsigned char *s = (const unsigned char *)text;
  while (s && *s) {
    /* decode one UTF-8 sequence (invalid bytes count as U+FFFD) */
    uint32_t c = *s++;
    int more = c >= 0xf0 ? 3 : c >= 0xe0 ? 2 : c >= 0xc0 ? 1 : 0;
    if (c >= 0x80 && c < 0xc0) {
      c = 0xfffd;
    } else if (more) {
      c &= 0x3fu >> more;
      for (int i = 0; i < more; i++) {
        if ((*s & 0xc0) != 0x80) {
          c = 0xfffd;
          break;
        }
        c = (c << 6) | (*s++ & 0x3fu);
      }
    }
    uint32_t units[2] = {c, 0};
    int count = 1;
    if (c >= 0x10000 && c <= 0x10ffff) {
      units[0] = 0xd800 + ((c - 0x10000) >> 10);
      units[1] = 0xdc00 + ((c - 0x10000) & 0x3ff);
      count = 2;
    }
    for (int i = 0; i < count; i++) {
      h = (h ^ units[i]) * 0x01000193u; /* Math.imul, mod 2^32 */
    }
  }
  return h;
}

double ob_mulberry32(uint32_t *state) {
  *state += 0x6d2b79f5u;
  uint32_t t = *state;
  t = (t ^ (t >> 15)) * (t | 1u);
  t ^= t + (t ^ (t >> 7)) * (t | 61u);
  return (double)(t ^ (t >> 14)) / 4294967296.0;
}

uint32_t ob_js_uint32(double value) {
  if (!isfinite(value)) {
    return 0;
  }
  double n = trunc(value);
  n = fmod(n, 4294967296.0);
  if (n < 0) {
    n += 4294967296.0;
  }
  return (uint32_t)n;
}

/* range([a, b]): a without consuming when a == b. */
static double range(uint32_t *rng, const double r[2]) {
  return r[0] == r[1] ? r[0] : r[0] + (r[1] - r[0]) * ob_mulberry32(rng);
}

/* between(a, b): always consumes. */
static double between(uint32_t *rng, double a, double b) {
  return a + (b - a) * ob_mulberry32(rng);
}

static void reset_emitter(ob_emitter *emitter, const ob_attachment *att,
                          const char *slot_name) {
  emitter->attachment = att;
  emitter->rng = ob_js_uint32(att->particles->seed) ^ ob_fnv1a_utf16(slot_name);
  emitter->steps = 0;
  emitter->acc = emitter->cycle = emitter->pending = 0;
  emitter->was_emitting = false;
  emitter->has_last = false;
  emitter->alive = 0;
}

/* spawn(preAge, origin) with the RNG calls in the order of §8.8. */
static void spawn(ob_emitter *emitter, const ob_particle_data *d,
                  const ob_matrix *m, double pre_age, double ox, double oy) {
  uint32_t *rng = &emitter->rng;
  double rot = d->rotation * OB_DEG, half = d->angle / 2 * OB_DEG;
  double f = 0, s = 0;
  double dir = rot + between(rng, -half, half);
  if (d->shape == OB_EMIT_CIRCLE) {
    double a = ob_mulberry32(rng) * 2 * PI;
    double r = sqrt(ob_mulberry32(rng)) * d->radius;
    f = cos(a) * r;
    s = sin(a) * r;
    dir = rot + a;
  } else if (d->shape == OB_EMIT_BOX) {
    s = between(rng, -d->width / 2, d->width / 2);
    f = between(rng, -d->height / 2, d->height / 2);
  } else if (d->shape == OB_EMIT_CONE) {
    s = between(rng, -d->radius, d->radius);
    if (d->radius > 0) {
      dir = rot + (s / d->radius) * half;
    }
  }
  double x = d->x + f * cos(rot) - s * sin(rot);
  double y = d->y + f * sin(rot) + s * cos(rot);
  double speed = range(rng, d->speed);
  double vx = cos(dir) * speed, vy = sin(dir) * speed;
  if (!d->local) {
    double wx = m->a * x + m->b * y + ox, wy = m->c * x + m->d * y + oy;
    x = wx;
    y = wy;
    double ux = m->a * vx + m->b * vy, uy = m->c * vx + m->d * vy;
    double length = hypot(ux, uy);
    if (length <= 1e-9) {
      vx = vy = 0;
    } else {
      vx = ux / length * fabs(speed);
      vy = uy / length * fabs(speed);
    }
  }
  double life = range(rng, d->lifetime);
  life = life > 1e-3 ? life : 1e-3;
  double size0 = range(rng, d->start_size), size1 = range(rng, d->end_size);
  double rot0 = range(rng, d->start_rotation);
  double rot1 = range(rng, d->end_rotation);
  double spin = range(rng, d->angular_velocity);
  double age = 0;
  if (pre_age > 0) {
    age = pre_age;
    vy -= d->gravity * pre_age;
    x += vx * pre_age;
    y += vy * pre_age;
  }
  if (!(age < life) || emitter->alive >= emitter->capacity) {
    return;
  }
  emitter->particles[emitter->alive++] =
      (ob_live_particle){(float)x,    (float)y,    (float)vx,    (float)vy,
                         (float)age,  (float)life, (float)size0, (float)size1,
                         (float)rot0, (float)rot1, (float)spin};
}

static void advance(ob_emitter *emitter, const ob_particle_data *d, double h,
                    const ob_matrix *m, bool emitting, double rate) {
  double damp = d->drag > 0 ? exp(-d->drag * h) : 1;
  size_t kept = 0;
  for (size_t i = 0; i < emitter->alive; i++) {
    ob_live_particle p = emitter->particles[i];
    p.age = (float)((double)p.age + h);
    if (p.age >= p.life) {
      continue;
    }
    p.vy = (float)((double)p.vy - d->gravity * h);
    p.vx = (float)((double)p.vx * damp);
    p.vy = (float)((double)p.vy * damp);
    p.x = (float)((double)p.x + (double)p.vx * h);
    p.y = (float)((double)p.y + (double)p.vy * h);
    emitter->particles[kept++] = p;
  }
  emitter->alive = kept;
  if (emitting && !emitter->was_emitting) {
    emitter->cycle = emitter->acc = 0;
  }
  emitter->was_emitting = emitting;
  bool active = emitting && (d->loop || emitter->cycle < d->duration);
  double burst = emitter->pending, streamed = 0;
  emitter->pending = 0;
  if (active) {
    emitter->acc += (rate > 0 ? rate : 0) * h;
    streamed = floor(emitter->acc);
    emitter->acc -= streamed;
    double start = emitter->cycle, end = start + h;
    bool wraps = end >= d->duration - 1e-9;
    double rest = end - d->duration;
    for (size_t b = 0; b < d->burst_count; b++) {
      double time = d->bursts[b].time;
      if (time > d->duration + 1e-9) {
        continue;
      }
      if (start - 1e-9 <= time && time < end - 1e-9) {
        burst += d->bursts[b].count;
      } else if (wraps && d->loop && time < rest - 1e-9) {
        burst += d->bursts[b].count;
      }
    }
    emitter->cycle =
        wraps ? (d->loop ? (rest > 0 ? rest : 0) : d->duration) : end;
  }
  double room = (double)d->max_particles - (double)emitter->alive;
  room = room > 0 ? room : 0;
  double nb = burst < room ? burst : room;
  double ns = streamed < room - nb ? streamed : room - nb;
  double lx = emitter->has_last ? emitter->last_x : m->x;
  double ly = emitter->has_last ? emitter->last_y : m->y;
  for (double i = 0; i < nb; i++) {
    spawn(emitter, d, m, 0, m->x, m->y);
  }
  for (double i = 0; i < ns; i++) {
    double k = (i + 1) / ns;
    spawn(emitter, d, m, (1 - k) * h, lx + (m->x - lx) * k,
          ly + (m->y - ly) * k);
  }
  emitter->last_x = m->x;
  emitter->last_y = m->y;
  emitter->has_last = true;
}

static void step(ob_emitter *emitter, const ob_particle_data *d, double h,
                 const ob_matrix *m, const ob_particle_values *values) {
  bool emitting = values->has_emitting ? values->emitting : d->emitting;
  double rate = values->has_rate ? values->rate : d->rate;
  if (emitter->steps == 0 && emitting && d->prewarm && d->loop) {
    emitter->last_x = m->x;
    emitter->last_y = m->y;
    emitter->has_last = true;
    double n = ceil(d->duration / h - 1e-6);
    n = n < OB_PARTICLE_MAX_PREWARM ? n : OB_PARTICLE_MAX_PREWARM;
    for (double i = 0; i < n; i++) {
      advance(emitter, d, h, m, true, rate);
    }
  }
  advance(emitter, d, h, m, emitting, rate);
  emitter->steps++;
}

void ob_particles_advance(anima_bone_instance *instance, double dt) {
  const anima_bone_model *model = instance->model;
  double acc = instance->particle_frac + dt;
  double n = floor(acc / OB_PARTICLE_STEP + 1e-6);
  double steps = n < OB_PARTICLE_MAX_STEPS ? n : OB_PARTICLE_MAX_STEPS;
  double frac = acc - n * OB_PARTICLE_STEP;
  instance->particle_frac = frac < 0                  ? 0
                            : frac > OB_PARTICLE_STEP ? OB_PARTICLE_STEP
                                                      : frac;
  for (double k = 0; k < steps; k++) {
    for (size_t slot = 0; slot < model->slot_count; slot++) {
      const ob_slot_data *data = &model->slots[slot];
      if (!instance->bones[data->bone].active) {
        continue; /* §3.3: the emitter is kept, frozen */
      }
      ob_emitter *emitter = &instance->emitters[slot];
      const ob_attachment *att = ob_attachment_lookup(
          instance, slot, instance->slots[slot].attachment);
      if (att == NULL || att->type != OB_ATTACHMENT_PARTICLES) {
        emitter->attachment = NULL; /* dropped */
        instance->emit_pending[slot] = 0;
        continue;
      }
      if (emitter->attachment != att) {
        reset_emitter(emitter, att, data->name);
      }
      emitter->pending += instance->emit_pending[slot];
      instance->emit_pending[slot] = 0;
      step(emitter, att->particles, OB_PARTICLE_STEP,
           &instance->bones[data->bone].world,
           &instance->particle_values[slot]);
    }
  }
}

void ob_particles_restart(anima_bone_instance *instance, size_t slot) {
  ob_emitter *emitter = &instance->emitters[slot];
  emitter->cycle = emitter->acc = 0;
}

/* gradient(t): clamped to the first and last stops, else the bracketing
 * pair lerped. */
static void gradient(const ob_particle_data *d, double t, double out[4]) {
  const ob_gradient_stop *s = d->gradient;
  size_t n = d->gradient_count;
  if (t <= s[0].t || n == 1) {
    memcpy(out, s[0].rgba, 4 * sizeof(double));
    return;
  }
  if (t >= s[n - 1].t) {
    memcpy(out, s[n - 1].rgba, 4 * sizeof(double));
    return;
  }
  size_t i = 0;
  while (i + 2 < n && t > s[i + 1].t) {
    i++;
  }
  double span = s[i + 1].t - s[i].t;
  double u = span > 0 ? (t - s[i].t) / span : 1;
  for (int c = 0; c < 4; c++) {
    out[c] = s[i].rgba[c] + (s[i + 1].rgba[c] - s[i].rgba[c]) * u;
  }
}

size_t ob_particles_geometry(const anima_bone_instance *instance, size_t slot,
                             const ob_attachment *att, const double tint[4],
                             float *vertices, float *uvs, float *colors,
                             unsigned *indices) {
  const ob_emitter *emitter = &instance->emitters[slot];
  const ob_particle_data *d = att->particles;
  if (emitter->attachment != att) {
    return 0;
  }
  const ob_matrix *m =
      &instance->bones[instance->model->slots[slot].bone].world;
  double frac = instance->particle_frac;
  double size_scale = d->local ? sqrt(fabs(m->a * m->d - m->b * m->c)) : 1;
  static const float unit_uvs[8] = {0, 0, 1, 0, 1, 1, 0, 1};
  size_t drawn = 0;
  for (size_t i = 0; i < emitter->alive && drawn < OB_PARTICLES_MAXIMUM; i++) {
    const ob_live_particle *p = &emitter->particles[i];
    double life = p->life;
    double age = (double)p->age + frac;
    age = age < life ? age : life;
    double t = age / life;
    double x = (double)p->x + (double)p->vx * frac;
    double y = (double)p->y + (double)p->vy * frac;
    double vx = p->vx, vy = p->vy;
    if (d->local) {
      double wx = m->a * x + m->b * y + m->x, wy = m->c * x + m->d * y + m->y;
      double ux = m->a * vx + m->b * vy, uy = m->c * vx + m->d * vy;
      x = wx;
      y = wy;
      vx = ux;
      vy = uy;
    }
    double size = ob_lerp(p->size0, p->size1, t);
    size = (size > 0 ? size : 0) * size_scale;
    double c[4];
    gradient(d, t, c);
    double alpha = c[3] * tint[3];
    if (size <= 0 || alpha <= 0) {
      continue;
    }
    double angle, length;
    double spin_angle = (ob_lerp(p->rot0, p->rot1, t) + p->spin * age) * OB_DEG;
    if (d->look == OB_LOOK_SPARK) {
      double sp = hypot(vx, vy);
      length = size / 2 + sp * d->stretch / 2;
      angle = sp > 1e-6 ? atan2(vy, vx) : spin_angle;
    } else {
      length = size / 2;
      angle = spin_angle;
    }
    double ux = cos(angle) * length, uy = sin(angle) * length;
    double norm = hypot(ux, uy);
    norm = norm == 0 ? 1 : norm;
    double wx = -uy / norm * size / 2, wy = ux / norm * size / 2;
    double quad[8] = {x - ux + wx, y - uy + wy, x + ux + wx, y + uy + wy,
                      x + ux - wx, y + uy - wy, x - ux - wx, y - uy - wy};
    size_t base = 4 * drawn;
    for (int k = 0; k < 8; k++) {
      vertices[2 * base + k] = (float)quad[k];
      uvs[2 * base + k] = unit_uvs[k];
    }
    for (int v = 0; v < 4; v++) {
      float *out = colors + 4 * (base + (size_t)v);
      out[0] = (float)(c[0] * tint[0]);
      out[1] = (float)(c[1] * tint[1]);
      out[2] = (float)(c[2] * tint[2]);
      out[3] = (float)alpha;
    }
    static const unsigned quad_indices[6] = {0, 1, 2, 0, 2, 3};
    for (int k = 0; k < 6; k++) {
      indices[6 * drawn + (size_t)k] = (unsigned)base + quad_indices[k];
    }
    drawn++;
  }
  return drawn;
}
