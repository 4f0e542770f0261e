/*
 * transform.c — spec §7.2 applyTransform: local (on applied values) or
 * world (on world matrices), absolute or relative, with the four mixes
 * multiplied by the live `mix`, on the constraint's live values.
 */
#include <math.h>

#include "instance.h"

static double skew_of(const ob_matrix *m) {
  return ob_wrap_deg((atan2(m->d, m->b) - atan2(m->c, m->a)) * OB_RAD - 90);
}

static void set_skew(ob_matrix *w, double skew) {
  double ly = hypot(w->b, w->d);
  double angle = atan2(w->c, w->a) + (90 + skew) * OB_DEG;
  w->b = cos(angle) * ly;
  w->d = sin(angle) * ly;
}

static double or_one(double value) {
  return (value == 0 || isnan(value)) ? 1 : value;
}

typedef struct mixes {
  double rotate, translate, scale, shear;
} mixes;

static void apply_local(anima_bone_instance *instance,
                        const ob_constraint_data *c, const double *v,
                        size_t bone, const mixes *m) {
  ob_pose *p = &instance->bones[bone].applied;
  const ob_pose *t = &instance->bones[c->target].applied;
  const ob_pose *s = &instance->model->bones[c->target].setup;
  if (!c->relative) {
    p->rotation += ob_wrap_deg(t->rotation + v[OB_TRANSFORM_OFFSET_ROTATION] -
                               p->rotation) *
                   m->rotate;
    p->x += (t->x + v[OB_TRANSFORM_OFFSET_X] - p->x) * m->translate;
    p->y += (t->y + v[OB_TRANSFORM_OFFSET_Y] - p->y) * m->translate;
    p->scale_x +=
        (t->scale_x + v[OB_TRANSFORM_OFFSET_SCALE_X] - p->scale_x) * m->scale;
    p->scale_y +=
        (t->scale_y + v[OB_TRANSFORM_OFFSET_SCALE_Y] - p->scale_y) * m->scale;
    p->shear_y +=
        (t->shear_y + v[OB_TRANSFORM_OFFSET_SHEAR] - p->shear_y) * m->shear;
  } else {
    p->rotation += (ob_wrap_deg(t->rotation - s->rotation) +
                    v[OB_TRANSFORM_OFFSET_ROTATION]) *
                   m->rotate;
    p->x += (t->x - s->x + v[OB_TRANSFORM_OFFSET_X]) * m->translate;
    p->y += (t->y - s->y + v[OB_TRANSFORM_OFFSET_Y]) * m->translate;
    double kx = s->scale_x != 0 ? t->scale_x / s->scale_x : 1;
    double ky = s->scale_y != 0 ? t->scale_y / s->scale_y : 1;
    p->scale_x *= 1 + (kx - 1 + v[OB_TRANSFORM_OFFSET_SCALE_X]) * m->scale;
    p->scale_y *= 1 + (ky - 1 + v[OB_TRANSFORM_OFFSET_SCALE_Y]) * m->scale;
    p->shear_y +=
        (t->shear_y - s->shear_y + v[OB_TRANSFORM_OFFSET_SHEAR]) * m->shear;
  }
  ob_update_subtree(instance, bone, true);
}

static void apply_world(anima_bone_instance *instance,
                        const ob_constraint_data *c, const double *v,
                        size_t bone, const mixes *m) {
  ob_matrix *w = &instance->bones[bone].world;
  const ob_matrix t = instance->bones[c->target].world;
  const ob_matrix *s = &instance->setup_world[c->target];
  if (!c->relative) {
    if (m->rotate > 0) {
      double r =
          ob_wrap_deg(ob_world_rotation(&t) + v[OB_TRANSFORM_OFFSET_ROTATION] -
                      ob_world_rotation(w)) *
          m->rotate;
      ob_rotate_axes(w, r * OB_DEG);
    }
    if (m->translate > 0) {
      double ox = v[OB_TRANSFORM_OFFSET_X], oy = v[OB_TRANSFORM_OFFSET_Y];
      double px = t.a * ox + t.b * oy + t.x, py = t.c * ox + t.d * oy + t.y;
      w->x += (px - w->x) * m->translate;
      w->y += (py - w->y) * m->translate;
    }
    if (m->scale > 0) {
      double sx = or_one(hypot(w->a, w->c)), sy = or_one(hypot(w->b, w->d));
      double kx =
          (sx +
           (hypot(t.a, t.c) + v[OB_TRANSFORM_OFFSET_SCALE_X] - sx) * m->scale) /
          sx;
      double ky =
          (sy +
           (hypot(t.b, t.d) + v[OB_TRANSFORM_OFFSET_SCALE_Y] - sy) * m->scale) /
          sy;
      w->a *= kx;
      w->c *= kx;
      w->b *= ky;
      w->d *= ky;
    }
    if (m->shear > 0) {
      double sb = skew_of(w);
      set_skew(
          w, sb + ob_wrap_deg(skew_of(&t) + v[OB_TRANSFORM_OFFSET_SHEAR] - sb) *
                      m->shear);
    }
  } else {
    if (m->rotate > 0) {
      double r = (ob_wrap_deg(ob_world_rotation(&t) - ob_world_rotation(s)) +
                  v[OB_TRANSFORM_OFFSET_ROTATION]) *
                 m->rotate;
      ob_rotate_axes(w, r * OB_DEG);
    }
    if (m->translate > 0) {
      w->x += (t.x - s->x + v[OB_TRANSFORM_OFFSET_X]) * m->translate;
      w->y += (t.y - s->y + v[OB_TRANSFORM_OFFSET_Y]) * m->translate;
    }
    if (m->scale > 0) {
      double kx = 1 + (hypot(t.a, t.c) / or_one(hypot(s->a, s->c)) - 1 +
                       v[OB_TRANSFORM_OFFSET_SCALE_X]) *
                          m->scale;
      double ky = 1 + (hypot(t.b, t.d) / or_one(hypot(s->b, s->d)) - 1 +
                       v[OB_TRANSFORM_OFFSET_SCALE_Y]) *
                          m->scale;
      w->a *= kx;
      w->c *= kx;
      w->b *= ky;
      w->d *= ky;
    }
    if (m->shear > 0) {
      set_skew(w, skew_of(w) + (ob_wrap_deg(skew_of(&t) - skew_of(s)) +
                                v[OB_TRANSFORM_OFFSET_SHEAR]) *
                                   m->shear);
    }
  }
  ob_sync_applied(instance, bone);
  ob_update_subtree(instance, bone, false);
}

void ob_apply_transform(anima_bone_instance *instance, size_t constraint) {
  const ob_constraint_data *c = &instance->model->constraints[constraint];
  const double *v = instance->values[constraint];
  double mix = v[OB_TRANSFORM_MIX];
  if (mix == 0 || isnan(mix)) { /* values.mix ‖ 1 */
    mix = 1;
  }
  mixes m = {v[OB_TRANSFORM_MIX_ROTATE] * mix,
             v[OB_TRANSFORM_MIX_TRANSLATE] * mix,
             v[OB_TRANSFORM_MIX_SCALE] * mix, v[OB_TRANSFORM_MIX_SHEAR] * mix};
  if ((!(m.rotate > 0) && !(m.translate > 0) && !(m.scale > 0) &&
       !(m.shear > 0)) ||
      c->target < 0) {
    return;
  }
  for (size_t i = 0; i < c->bone_count; i++) {
    long bone = c->bones[i];
    if (bone < 0 || bone == c->target) {
      continue;
    }
    if (c->local) {
      apply_local(instance, c, v, (size_t)bone, &m);
    } else {
      apply_world(instance, c, v, (size_t)bone, &m);
    }
  }
}
