/*
 * ik.c — spec §7.1 applyIk: one bone (aim, stretch, compress, uniform) and
 * two bones (bend direction, softness, stretch, uniform; compress ignored),
 * on the live values of the constraint.
 */
#include <math.h>

#include "instance.h"

static double det_sign(const ob_matrix *m) {
  double det = m->a * m->d - m->b * m->c;
  return det > 0 ? 1 : det < 0 ? -1 : 1; /* sign(…) ‖ 1 */
}

static double clamp(double v, double lo, double hi) {
  return v < lo ? lo : v > hi ? hi : v;
}

static void one_bone(anima_bone_instance *instance, size_t bone, double tx,
                     double ty, double mix, bool stretch, bool compress,
                     bool uniform) {
  ob_bone_state *b = &instance->bones[bone];
  ob_matrix p = ob_parent_world(instance, bone);
  double dx = tx - b->world.x, dy = ty - b->world.y;
  ob_matrix inverse = ob_invert(&p);
  double lx = inverse.a * dx + inverse.b * dy;
  double ly = inverse.c * dx + inverse.d * dy;
  double want = atan2(ly, lx) * OB_RAD - b->applied.shear_x;
  b->applied.rotation += ob_wrap_deg(want - b->applied.rotation) * mix;
  ob_update_world(instance, bone);
  double length =
      instance->model->bones[bone].length * ob_world_scale_x(&b->world);
  if ((stretch || compress) && length > 1e-6) {
    double k = hypot(dx, dy) / length;
    if ((k > 1 && stretch) || (k < 1 && compress)) {
      double s = 1 + (k - 1) * mix;
      b->world.a *= s;
      b->world.c *= s;
      if (uniform) {
        b->world.b *= s;
        b->world.d *= s;
      }
      ob_sync_applied(instance, bone);
    }
  }
  ob_update_subtree(instance, bone, false);
}

static void two_bones(anima_bone_instance *instance, size_t parent,
                      size_t child, double tx, double ty, double mix,
                      double softness, bool bend_positive, bool stretch,
                      bool uniform) {
  const anima_bone_model *model = instance->model;
  ob_bone_state *p = &instance->bones[parent];
  ob_bone_state *ch = &instance->bones[child];
  double px = p->world.x, py = p->world.y;
  double l1 = hypot(ch->world.x - px, ch->world.y - py);
  double l2 = model->bones[child].length * ob_world_scale_x(&ch->world);
  double reach = l1 + l2;
  double d_raw = hypot(tx - px, ty - py);
  double unit_scale = fabs(model->reference_scale / 100);
  double soft = fmin(softness * unit_scale, reach);
  double d_soft = d_raw;
  if (soft > 1e-6 && d_raw > reach - soft) {
    d_soft = reach - soft + soft * (1 - exp(-(d_raw - (reach - soft)) / soft));
  }
  double d_eff = fmin(fmax(d_soft, fabs(l1 - l2) + 1e-4), reach - 1e-4);
  double ux = 1, uy = 0;
  if (d_raw > 1e-9) {
    ux = (tx - px) / d_raw;
    uy = (ty - py) / d_raw;
  }
  double ax = px + ux * d_eff, ay = py + uy * d_eff;
  double denominator = 2 * l1 * d_eff;
  double cos_a = (l1 * l1 + d_eff * d_eff - l2 * l2) /
                 (denominator != 0 ? denominator : 1);
  double a1 =
      atan2(uy, ux) + (bend_positive ? -1 : 1) * acos(clamp(cos_a, -1, 1));
  double current = atan2(ch->world.y - py, ch->world.x - px);
  ob_matrix grand = ob_parent_world(instance, parent);
  double delta_p = ob_wrap_deg((a1 - current) * OB_RAD) * det_sign(&grand);
  double p_rotation = p->applied.rotation, c_rotation = ch->applied.rotation;
  p->applied.rotation = p_rotation + delta_p;
  ob_update_subtree(instance, parent, true);
  double delta_c =
      ob_wrap_deg(atan2(ay - ch->world.y, ax - ch->world.x) * OB_RAD -
                  ob_world_rotation(&ch->world)) *
      det_sign(&p->world);
  p->applied.rotation = p_rotation + delta_p * mix;
  ch->applied.rotation = c_rotation + delta_c * mix;
  ob_update_world(instance, parent);
  ob_update_world(instance, child);
  if (stretch && d_raw > d_eff + 1e-9) {
    double s = 1 + (d_raw / d_eff - 1) * mix;
    double u = uniform ? s : 1;
    p->world.a *= s;
    p->world.c *= s;
    p->world.b *= u;
    p->world.d *= u;
    ob_matrix w = ch->world;
    ch->world.a = w.a * s;
    ch->world.b = w.b * u;
    ch->world.c = w.c * s;
    ch->world.d = w.d * u;
    ch->world.x =
        p->world.a * ch->applied.x + p->world.b * ch->applied.y + p->world.x;
    ch->world.y =
        p->world.c * ch->applied.x + p->world.d * ch->applied.y + p->world.y;
    ob_sync_applied(instance, parent);
    ob_sync_applied(instance, child);
  }
  ob_update_subtree(instance, child, false);
  for (size_t i = parent + 1; i < model->bone_count; i++) {
    if (i != child && model->bones[i].parent == (long)parent) {
      ob_update_subtree(instance, i, true);
    }
  }
}

void ob_apply_ik(anima_bone_instance *instance, size_t constraint) {
  const ob_constraint_data *c = &instance->model->constraints[constraint];
  const double *values = instance->values[constraint];
  double mix = values[OB_IK_MIX];
  if (!(mix > 0) || c->target < 0 || c->bone_count == 0 || c->bones[0] < 0 ||
      (c->bone_count == 2 && c->bones[1] < 0)) {
    return;
  }
  const ob_matrix *target = &instance->bones[c->target].world;
  bool stretch = values[OB_IK_STRETCH] > 0;
  if (c->bone_count == 1) {
    one_bone(instance, (size_t)c->bones[0], target->x, target->y, mix, stretch,
             values[OB_IK_COMPRESS] > 0, c->uniform);
  } else {
    two_bones(instance, (size_t)c->bones[0], (size_t)c->bones[1], target->x,
              target->y, mix, values[OB_IK_SOFTNESS], values[OB_IK_BEND] > 0,
              stretch, c->uniform);
  }
}
