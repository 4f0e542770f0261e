/*
 * matrix.c — 2×3 affine matrices and the node local matrix (SPEC §4
 * Transform).
 */
#include "path_internal.h"

#include <math.h>

#define PI 3.14159265358979323846

anima_matrix anima_matrix_identity(void) {
  anima_matrix identity = {1.0, 0.0, 0.0, 1.0, 0.0, 0.0};
  return identity;
}

anima_matrix anima_matrix_multiply(anima_matrix left, anima_matrix right) {
  anima_matrix product = {
      left.a * right.a + left.c * right.b,
      left.b * right.a + left.d * right.b,
      left.a * right.c + left.c * right.d,
      left.b * right.c + left.d * right.d,
      left.a * right.e + left.c * right.f + left.e,
      left.b * right.e + left.d * right.f + left.f,
  };
  return product;
}

/* Cosine and sine of an angle in degrees; exact at multiples of 90°. */
static void turn(double degrees, double *cosine, double *sine) {
  double reduced = fmod(degrees, 360.0);
  if (reduced < 0.0) {
    reduced += 360.0;
  }
  if (reduced == 0.0) {
    *cosine = 1.0;
    *sine = 0.0;
  } else if (reduced == 90.0) {
    *cosine = 0.0;
    *sine = 1.0;
  } else if (reduced == 180.0) {
    *cosine = -1.0;
    *sine = 0.0;
  } else if (reduced == 270.0) {
    *cosine = 0.0;
    *sine = -1.0;
  } else {
    double radians = reduced * PI / 180.0;
    *cosine = cos(radians);
    *sine = sin(radians);
  }
}

anima_matrix anima_matrix_local(double x, double y, double pivot_x,
                                double pivot_y, double rotate, double scale,
                                double scale_x, double scale_y) {
  double cosine, sine;
  turn(rotate, &cosine, &sine);
  double horizontal = scale * scale_x;
  double vertical = scale * scale_y;
  /* R(rotate)·S(horizontal, vertical), y down: positive angles turn +x
   * towards +y, clockwise on screen. */
  anima_matrix local = {
      cosine * horizontal,
      sine * horizontal,
      -sine * vertical,
      cosine * vertical,
      0.0,
      0.0,
  };
  /* T(x, y)·T(pivot)·(R·S)·T(−pivot). */
  local.e = x + pivot_x - (local.a * pivot_x + local.c * pivot_y);
  local.f = y + pivot_y - (local.b * pivot_x + local.d * pivot_y);
  return local;
}

bool anima_matrix_invert(anima_matrix matrix, anima_matrix *out) {
  double entries[] = {matrix.a, matrix.b, matrix.c,
                      matrix.d, matrix.e, matrix.f};
  for (int index = 0; index < 6; index++) {
    if (!isfinite(entries[index])) {
      return false;
    }
  }
  double determinant = matrix.a * matrix.d - matrix.b * matrix.c;
  if (!(fabs(determinant) >= 1e-300) || out == NULL) {
    return false;
  }
  anima_matrix inverse = {
      matrix.d / determinant,
      -matrix.b / determinant,
      -matrix.c / determinant,
      matrix.a / determinant,
      (matrix.c * matrix.f - matrix.d * matrix.e) / determinant,
      (matrix.b * matrix.e - matrix.a * matrix.f) / determinant,
  };
  *out = inverse;
  return true;
}

anima_point anima_matrix_transform_point(anima_matrix matrix,
                                         anima_point point) {
  anima_point result = {matrix.a * point.x + matrix.c * point.y + matrix.e,
                        matrix.b * point.x + matrix.d * point.y + matrix.f};
  return result;
}
