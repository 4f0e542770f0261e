/*
 * pose_blend.c — matrices as position, rotation, scales and skew about a
 * pivot (module.h anima_transform_parts; rig chapter "Constraint fields
 * and evaluation"), and the blend of a solver's desired local matrix by
 * its strength (docs/DECISIONS.md, "Solver blending").
 */
#include <math.h>

#include "host_internal.h"

#define PI 3.14159265358979323846

/* Degrees into [-180, 180). */
static double normalized(double degrees) {
  double turned = fmod(degrees + 180.0, 360.0);
  if (turned < 0) {
    turned += 360.0;
  }
  return turned - 180.0;
}

static bool finite(anima_matrix m) {
  return isfinite(m.a) && isfinite(m.b) && isfinite(m.c) && isfinite(m.d) &&
         isfinite(m.e) && isfinite(m.f);
}

anima_transform_parts anima_matrix_decompose(anima_matrix m,
                                             anima_point pivot) {
  anima_transform_parts parts = {0};
  if (!finite(m) || !isfinite(pivot.x) || !isfinite(pivot.y)) {
    return parts;
  }
  parts.x = m.a * pivot.x + m.c * pivot.y + m.e;
  parts.y = m.b * pivot.x + m.d * pivot.y + m.f;
  /* M = R(θ) · [[sx, k], [0, sy]]: the X axis (a, b) is sx along θ; the Y
   * axis (c, d) rotated back by θ is (k, sy). */
  double sx = hypot(m.a, m.b);
  if (sx > 0) {
    double cosine = m.a / sx, sine = m.b / sx;
    parts.rotate = normalized(atan2(m.b, m.a) * 180.0 / PI);
    parts.scale_x = sx;
    parts.skew = cosine * m.c + sine * m.d;
    parts.scale_y = -sine * m.c + cosine * m.d;
  } else {
    /* A zero X axis: the Y axis (c, d) = R(θ) · (0, sy) gives the angle. */
    parts.scale_y = hypot(m.c, m.d);
    parts.rotate =
        parts.scale_y > 0 ? normalized(atan2(-m.c, m.d) * 180.0 / PI) : 0;
  }
  return parts;
}

/* Cosine and sine of an angle in degrees, exact at multiples of 90°. */
static void turn_of(double degrees, double *cosine, double *sine) {
  double reduced = fmod(degrees, 360.0);
  if (reduced < 0) {
    reduced += 360.0;
  }
  static const double exact[4][2] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};
  for (int quarter = 0; quarter < 4; quarter++) {
    if (reduced == 90.0 * quarter) {
      *cosine = exact[quarter][0];
      *sine = exact[quarter][1];
      return;
    }
  }
  *cosine = cos(reduced * PI / 180.0);
  *sine = sin(reduced * PI / 180.0);
}

anima_matrix anima_matrix_compose(const anima_transform_parts *parts,
                                  anima_point pivot) {
  double cosine, sine;
  turn_of(parts->rotate, &cosine, &sine);
  anima_matrix m = {
      cosine * parts->scale_x,
      sine * parts->scale_x,
      cosine * parts->skew - sine * parts->scale_y,
      sine * parts->skew + cosine * parts->scale_y,
      0,
      0,
  };
  m.e = parts->x - (m.a * pivot.x + m.c * pivot.y);
  m.f = parts->y - (m.b * pivot.x + m.d * pivot.y);
  return m;
}

anima_matrix anima_matrix_blend(anima_matrix from, anima_matrix to,
                                double weight, anima_point pivot) {
  if (!(weight > 0)) {
    return from;
  }
  if (weight >= 1) {
    return to;
  }
  anima_transform_parts a = anima_matrix_decompose(from, pivot);
  anima_transform_parts b = anima_matrix_decompose(to, pivot);
  /* The shorter way, in (-180, 180] (the negation of a value in [-180,
   * 180)): a half turn goes the positive way. */
  double turn = -normalized(a.rotate - b.rotate);
  anima_transform_parts mixed = {
      a.x + (b.x - a.x) * weight,
      a.y + (b.y - a.y) * weight,
      a.rotate + turn * weight,
      a.scale_x + (b.scale_x - a.scale_x) * weight,
      a.scale_y + (b.scale_y - a.scale_y) * weight,
      a.skew + (b.skew - a.skew) * weight,
  };
  return anima_matrix_compose(&mixed, pivot);
}
