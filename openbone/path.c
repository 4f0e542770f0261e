/*
 * path.c — spec §7.3 applyPath: a cubic spline from the target slot's path
 * attachment (world vertices, float32, §8.3), an arc-length table of 32
 * chords per segment, and the placement of the constrained bones along it
 * (position, spacing, rotate modes, mixes). Knots are stored
 * [inX, inY, x, y, outX, outY] (Part B.9 rule 4): segment s runs from
 * anchor s through out-handle s and in-handle s+1 to anchor s+1.
 * Every buffer is sized at instance creation.
 */
#include <math.h>

#include "instance.h"

#define OB_PATH_STEPS 32

typedef struct spline {
  const float *points; /* world points, x y pairs */
  size_t knots, segments;
  bool closed;
  const double *table; /* segments·32 + 1 cumulative lengths */
  double length;
} spline;

typedef ob_path_spot spot;

/* The four control points of segment `s`: anchor s, out s, in s+1,
 * anchor s+1. */
static void controls(const spline *path, size_t s, double p[8]) {
  size_t next = (s + 1) % path->knots;
  size_t index[4] = {3 * s + 1, 3 * s + 2, 3 * next, 3 * next + 1};
  for (int i = 0; i < 4; i++) {
    p[2 * i] = path->points[2 * index[i]];
    p[2 * i + 1] = path->points[2 * index[i] + 1];
  }
}

static void bezier(const double p[8], double t, double *x, double *y) {
  double u = 1 - t;
  double b0 = u * u * u, b1 = 3 * u * u * t, b2 = 3 * u * t * t;
  double b3 = t * t * t;
  *x = b0 * p[0] + b1 * p[2] + b2 * p[4] + b3 * p[6];
  *y = b0 * p[1] + b1 * p[3] + b2 * p[5] + b3 * p[7];
}

/* point(seg, t) with its tangent angle (§7.3: the derivative, else the
 * difference across t ± 1e-3, else the chord anchor → anchor). */
static spot point(const spline *path, size_t s, double t) {
  double p[8];
  controls(path, s, p);
  spot out;
  bezier(p, t, &out.x, &out.y);
  double u = 1 - t;
  double tx = 3 * u * u * (p[2] - p[0]) + 6 * u * t * (p[4] - p[2]) +
              3 * t * t * (p[6] - p[4]);
  double ty = 3 * u * u * (p[3] - p[1]) + 6 * u * t * (p[5] - p[3]) +
              3 * t * t * (p[7] - p[5]);
  if (tx * tx + ty * ty < 1e-12) {
    double t0 = t - 1e-3 < 0 ? 0 : t - 1e-3, t1 = t + 1e-3 > 1 ? 1 : t + 1e-3;
    double x0, y0, x1, y1;
    bezier(p, t0, &x0, &y0);
    bezier(p, t1, &x1, &y1);
    tx = x1 - x0;
    ty = y1 - y0;
    if (tx * tx + ty * ty < 1e-18) {
      tx = p[6] - p[0];
      ty = p[7] - p[1];
    }
  }
  out.angle = atan2(ty, tx);
  return out;
}

/* The straight extension of an open path beyond an end, by `by`. */
static spot extend(const spline *path, size_t s, double t, double by) {
  spot at = point(path, s, t);
  at.x += cos(at.angle) * by;
  at.y += sin(at.angle) * by;
  return at;
}

static spot sample(const spline *path, double dist, bool constant_speed) {
  const double *table = path->table;
  double length = path->length;
  size_t segments = path->segments;
  if (path->closed) {
    dist = fmod(fmod(dist, length) + length, length);
  } else if (dist <= 0) {
    return extend(path, 0, 0, dist);
  } else if (dist >= length) {
    return extend(path, segments - 1, 1, dist - length);
  }
  if (!constant_speed) {
    size_t seg = 0;
    while (seg != segments - 1 && !(table[(seg + 1) * OB_PATH_STEPS] > dist)) {
      seg++;
    }
    double start = table[seg * OB_PATH_STEPS];
    double span = table[(seg + 1) * OB_PATH_STEPS] - start;
    double t = span > 0 ? (dist - start) / span : 0;
    return point(path, seg, t < 1 ? t : 1);
  }
  /* The last entry ≤ dist. */
  size_t lo = 0, hi = segments * OB_PATH_STEPS;
  while (hi - lo > 1) {
    size_t mid = lo + (hi - lo) / 2;
    if (table[mid] <= dist) {
      lo = mid;
    } else {
      hi = mid;
    }
  }
  hi = lo + 1;
  double span = table[hi] - table[lo];
  double f = span != 0 ? (dist - table[lo]) / span : 0;
  size_t seg = lo / OB_PATH_STEPS;
  if (seg > segments - 1) {
    seg = segments - 1;
  }
  double t = ((double)lo - (double)(seg * OB_PATH_STEPS) + f) / OB_PATH_STEPS;
  return point(path, seg, t < 1 ? t : 1);
}

void ob_apply_path(anima_bone_instance *instance, size_t constraint) {
  const anima_bone_model *model = instance->model;
  const ob_constraint_data *c = &model->constraints[constraint];
  const double *v = instance->values[constraint];
  double mix_rotate = v[OB_PATH_MIX_ROTATE], mix_x = v[OB_PATH_MIX_X];
  double mix_y = v[OB_PATH_MIX_Y];
  if ((!(mix_rotate > 0) && !(mix_x > 0) && !(mix_y > 0)) || c->target < 0 ||
      c->bone_count == 0) {
    return;
  }
  for (size_t i = 0; i < c->bone_count; i++) {
    if (c->bones[i] < 0) {
      return; /* the loader warned: the constraint is skipped */
    }
  }
  size_t slot = (size_t)c->target;
  const ob_attachment *att =
      ob_attachment_lookup(instance, slot, instance->slots[slot].attachment);
  if (att == NULL || att->type != OB_ATTACHMENT_PATH) {
    return;
  }
  float *points = instance->path_points;
  ob_posed_vertices(instance, slot, att, ob_find_deform(instance, slot, att),
                    points);
  spline path = {points,      2 * att->vertex_count / 6, 0,
                 att->closed, instance->path_table,      0};
  if (path.knots >= 2) {
    path.segments = path.closed ? path.knots : path.knots - 1;
  }
  double *table = instance->path_table;
  table[0] = 0;
  for (size_t s = 0; s < path.segments; s++) {
    double p[8], x0, y0;
    controls(&path, s, p);
    bezier(p, 0, &x0, &y0);
    for (int j = 1; j <= OB_PATH_STEPS; j++) {
      double x, y;
      bezier(p, (double)j / OB_PATH_STEPS, &x, &y);
      size_t at = s * OB_PATH_STEPS + (size_t)j;
      table[at] = table[at - 1] + hypot(x - x0, y - y0);
      x0 = x;
      y0 = y;
    }
  }
  path.length = table[path.segments * OB_PATH_STEPS];
  if (path.segments == 0 || path.length <= 1e-9) {
    return;
  }
  size_t n = c->bone_count;
  double *lengths = instance->path_lengths, sum = 0;
  for (size_t i = 0; i < n; i++) {
    size_t bone = (size_t)c->bones[i];
    lengths[i] = model->bones[bone].length *
                 ob_world_scale_x(&instance->bones[bone].world);
    sum += lengths[i];
  }
  double L = path.length;
  double dist =
      c->position_percent ? v[OB_PATH_POSITION] * L : v[OB_PATH_POSITION];
  double spacing = v[OB_PATH_SPACING];
  bool constant_speed = att->constant_speed;
  spot *spots = instance->path_spots;
  for (size_t i = 0; i <= n; i++) {
    spots[i] = sample(&path, dist, constant_speed);
    if (i == n) {
      break;
    }
    switch (c->spacing_mode) {
    case OB_SPACING_FIXED:
      dist += spacing;
      break;
    case OB_SPACING_PERCENT:
      dist += spacing * L;
      break;
    case OB_SPACING_PROPORTIONAL:
      dist += spacing * L * (sum > 0 ? lengths[i] / sum : 1.0 / (double)n);
      break;
    case OB_SPACING_LENGTH:
      dist += lengths[i] + spacing;
      break;
    }
  }
  for (size_t i = 0; i < n; i++) {
    size_t bone = (size_t)c->bones[i];
    ob_matrix *w = &instance->bones[bone].world;
    w->x += (spots[i].x - w->x) * mix_x;
    w->y += (spots[i].y - w->y) * mix_y;
    if (mix_rotate > 0) {
      double angle = spots[i].angle;
      if (c->rotate_mode != OB_ROTATE_TANGENT) {
        double dx = spots[i + 1].x - w->x, dy = spots[i + 1].y - w->y;
        double d = hypot(dx, dy);
        if (d > 1e-6) {
          angle = atan2(dy, dx);
          if (c->rotate_mode == OB_ROTATE_CHAIN_SCALE && lengths[i] > 1e-6) {
            double k = 1 + (d / lengths[i] - 1) * mix_rotate;
            w->a *= k;
            w->c *= k;
          }
        }
      }
      double turn =
          ob_wrap_deg((angle + v[OB_PATH_OFFSET_ROTATION] * OB_DEG) * OB_RAD -
                      ob_world_rotation(w)) *
          mix_rotate;
      ob_rotate_axes(w, turn * OB_DEG);
    }
    ob_sync_applied(instance, bone);
    ob_update_subtree(instance, bone, false);
  }
}
