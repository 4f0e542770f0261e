/*
 * physics.c — spec §7.4 applyPhysics: two particles (origin and tip) per
 * constraint, stepped at a fixed rate 1/fps from the time the skeleton was
 * given (Skeleton.update), at most 8 steps behind; the bone follows the
 * interpolated particles by the data's x, y, rotate and scaleX times the
 * live mix. The state lives in the instance (per constraint) and is not
 * reset by setToSetupPose (§3.1).
 */
#include <math.h>

#include "instance.h"

static double clamp(double value, double low, double high) {
  return value < low ? low : value > high ? high : value;
}

static void step(ob_particle *p, double gx, double gy, double k, double wind,
                 double gravity, double h, double decay) {
  p->px = p->x;
  p->py = p->y;
  p->vx = (p->vx + ((gx - p->x) * k + wind) * h) * decay;
  p->vy = (p->vy + ((gy - p->y) * k - gravity) * h) * decay;
  p->x += p->vx * h;
  p->y += p->vy * h;
}

static void rest_at(ob_particle *p, double x, double y) {
  p->x = p->px = x;
  p->y = p->py = y;
  p->vx = p->vy = 0;
}

static void shift(ob_particle *p, double dx, double dy) {
  p->x += dx;
  p->px += dx;
  p->y += dy;
  p->py += dy;
}

void ob_apply_physics(anima_bone_instance *instance, size_t constraint,
                      double dt) {
  const anima_bone_model *model = instance->model;
  const ob_constraint_data *c = &model->constraints[constraint];
  const double *v = instance->values[constraint];
  ob_physics_state *state = &instance->physics[constraint];
  long bone = c->bones[0];
  if (bone < 0) {
    return;
  }
  ob_matrix *w = &instance->bones[bone].world;
  double data_length = model->bones[bone].length;
  double length = data_length > 1e-6 ? data_length : 1;
  double ox = w->x, oy = w->y;
  double tx = w->a * length + w->x, ty = w->c * length + w->y;
  if (!state->started) {
    rest_at(&state->origin, ox, oy);
    rest_at(&state->tip, tx, ty);
    state->last_ox = ox;
    state->last_oy = oy;
    state->last_tx = tx;
    state->last_ty = ty;
    state->time = 0;
    state->steps = 0;
    state->started = true;
  }
  double carry = 1 - clamp(v[OB_PHYSICS_INERTIA], 0, 1);
  shift(&state->origin, (ox - state->last_ox) * carry,
        (oy - state->last_oy) * carry);
  shift(&state->tip, (tx - state->last_tx) * carry,
        (ty - state->last_ty) * carry);
  state->last_ox = ox;
  state->last_oy = oy;
  state->last_tx = tx;
  state->last_ty = ty;
  /* rest: the world distance origin → tip before simulating (len if 0). */
  double rest = hypot(tx - ox, ty - oy);
  if (rest == 0) {
    rest = length;
  }
  double fps = c->fps;
  if (fps == 0 || isnan(fps)) { /* fps ‖ 60 */
    fps = 60;
  }
  double h = 1 / (fps > 1 ? fps : 1);
  state->time += dt;
  double due = floor(state->time / h + 1e-6);
  if (due - state->steps > 8) {
    state->steps = due - 8;
  }
  double strength = v[OB_PHYSICS_STRENGTH] > 0 ? v[OB_PHYSICS_STRENGTH] : 0;
  double mass = v[OB_PHYSICS_MASS] > 1e-6 ? v[OB_PHYSICS_MASS] : 1e-6;
  double k = strength / mass;
  if (k > 1 / (h * h)) {
    k = 1 / (h * h);
  }
  double damping = v[OB_PHYSICS_DAMPING] > 0 ? v[OB_PHYSICS_DAMPING] : 0;
  double decay = exp(-damping * h);
  double us = (model->reference_scale) / 100; /* placement scale 1 */
  double wind = v[OB_PHYSICS_WIND] * us;
  double gravity = v[OB_PHYSICS_GRAVITY] * us;
  while (state->steps < due) {
    step(&state->origin, ox, oy, k, wind, gravity, h, decay);
    step(&state->tip, tx, ty, k, wind, gravity, h, decay);
    state->steps++;
  }
  double mix = clamp(v[OB_PHYSICS_MIX], 0, 1);
  if (!(mix > 0)) {
    return; /* the state still advanced */
  }
  double f = clamp(state->time / h - state->steps, 0, 1);
  const ob_particle *o = &state->origin, *t = &state->tip;
  double sox = o->px + (o->x - o->px) * f, soy = o->py + (o->y - o->py) * f;
  double stx = t->px + (t->x - t->px) * f, sty = t->py + (t->y - t->py) * f;
  w->x = ox + (sox - ox) * c->physics_x * mix;
  w->y = oy + (soy - oy) * c->physics_y * mix;
  if (c->physics_rotate > 0 || c->physics_scale_x > 0) {
    double dx = stx - w->x, dy = sty - w->y;
    double d = hypot(dx, dy);
    if (d > 1e-9) {
      double turn =
          ob_wrap_deg((atan2(dy, dx) - atan2(ty - oy, tx - ox)) * OB_RAD) *
          c->physics_rotate * mix;
      ob_rotate_axes(w, turn * OB_DEG);
      if (c->physics_scale_x > 0 && data_length > 1e-6) {
        double s = 1 + (d / rest - 1) * c->physics_scale_x * mix;
        w->a *= s;
        w->c *= s;
      }
    }
  }
  ob_sync_applied(instance, (size_t)bone);
  ob_update_subtree(instance, (size_t)bone, false);
}
