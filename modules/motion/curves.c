/*
 * curves.c — the motion chapter's curves ("Curves"):
 *
 *   elastic-in(a, p)      1 − elastic(a, p)(1 − u)
 *   elastic-in-out(a, p)  elastic-in(a, p)(2u) / 2 for u < 1/2, otherwise
 *                         1/2 + elastic(a, p)(2u − 1) / 2
 *   value-cubic(x1, y1, x2, y2)
 *                         a value curve on numeric keys: the parameter s of
 *                         the monotone cubic x curve (0, x1, x2, 1) at u,
 *                         then the cubic with ordinates (left, y1, y2, right)
 *
 * elastic(a, p) is SPEC §5's ease-out elastic: with A = max(a, 1) and
 * s = p / (2π) · asin(1 / A), elastic(u) = A · 2^(−10u) · sin((u − s) · 2π / p)
 * + 1. The kernel pins every weight's ends to exactly 0 and 1 and calls a
 * value curve only strictly inside its segment. Nothing here allocates.
 */
#include <math.h>
#include <stdio.h>

#include "motion.h"

static const double pi = 3.14159265358979323846;

/* SPEC §5 elastic(a, p) (ease-out). */
static double elastic_out(double a, double p, double u) {
  double amplitude = a > 1 ? a : 1;
  double shift = p / (2 * pi) * asin(1 / amplitude);
  return amplitude * exp2(-10 * u) * sin((u - shift) * 2 * pi / p) + 1;
}

double motion_elastic_in(double a, double p, double u) {
  return 1 - elastic_out(a, p, 1 - u);
}

double motion_elastic_in_out(double a, double p, double u) {
  if (u < 0.5) {
    return motion_elastic_in(a, p, 2 * u) / 2;
  }
  return 0.5 + elastic_out(a, p, 2 * u - 1) / 2;
}

/* One coordinate of the cubic Bézier (c0, c1, c2, c3) at parameter s. */
static double bezier(double c0, double c1, double c2, double c3, double s) {
  double r = 1 - s;
  return r * r * r * c0 + 3 * r * r * s * c1 + 3 * r * s * s * c2 +
         s * s * s * c3;
}

/* The parameter s in [0, 1] with Bx(s) = u, Bx = bezier(0, x1, x2, 1):
 * non-decreasing because x1 and x2 lie in [0, 1], so bisection converges;
 * 60 halvings narrow [0, 1] below 1e-18. */
static double cubic_parameter(double x1, double x2, double u) {
  double low = 0, high = 1;
  for (int i = 0; i < 60; i++) {
    double middle = 0.5 * (low + high);
    if (bezier(0, x1, x2, 1, middle) < u) {
      low = middle;
    } else {
      high = middle;
    }
  }
  return 0.5 * (low + high);
}

double motion_value_cubic(const double *controls, double left, double right,
                          double u) {
  if (!(u > 0)) {
    return left;
  }
  if (u >= 1) {
    return right;
  }
  double s = cubic_parameter(controls[0], controls[2], u);
  return bezier(left, controls[1], controls[3], right, s);
}

static double elastic_in_weight(const double *arguments, size_t count, double u,
                                void *user) {
  (void)count, (void)user;
  return motion_elastic_in(arguments[0], arguments[1], u);
}

static double elastic_in_out_weight(const double *arguments, size_t count,
                                    double u, void *user) {
  (void)count, (void)user;
  return motion_elastic_in_out(arguments[0], arguments[1], u);
}

/* "Both require finite a >= 0, p > 0" (the arguments are finite: the
 * kernel reads JSON numbers). */
static bool elastic_check(const double *arguments, size_t count, char *hint,
                          size_t size, void *user) {
  (void)count;
  if (arguments[0] >= 0 && arguments[1] > 0) {
    return true;
  }
  snprintf(hint, size, "write %s with amplitude a >= 0 and period p > 0",
           (const char *)user);
  return false;
}

static double value_cubic_value(const double *arguments, size_t count, double u,
                                double left, double right, void *user) {
  (void)count, (void)user;
  return motion_value_cubic(arguments, left, right, u);
}

/* "The time controls are normalized fractions in [0,1]". */
static bool value_cubic_check(const double *arguments, size_t count, char *hint,
                              size_t size, void *user) {
  (void)count, (void)user;
  if (arguments[0] >= 0 && arguments[0] <= 1 && arguments[2] >= 0 &&
      arguments[2] <= 1) {
    return true;
  }
  snprintf(hint, size,
           "write value-cubic(x1, y1, x2, y2) with the time controls x1 and "
           "x2 in [0, 1]; y1 and y2 are values in the property's units");
  return false;
}

anima_status motion_register_curves(const anima_host *host,
                                    anima_registrar *registrar) {
  static const anima_ease_kind_desc curves[] = {
      {.struct_size = sizeof(anima_ease_kind_desc),
       .name = "elastic-in",
       .feature = MOTION_FEATURE,
       .syntax = "elastic-in(a, p)",
       .minimum_arguments = 2,
       .maximum_arguments = 2,
       .check = elastic_check,
       .weight = elastic_in_weight,
       .user = "elastic-in(a, p)"},
      {.struct_size = sizeof(anima_ease_kind_desc),
       .name = "elastic-in-out",
       .feature = MOTION_FEATURE,
       .syntax = "elastic-in-out(a, p)",
       .minimum_arguments = 2,
       .maximum_arguments = 2,
       .check = elastic_check,
       .weight = elastic_in_out_weight,
       .user = "elastic-in-out(a, p)"},
      {.struct_size = sizeof(anima_ease_kind_desc),
       .name = "value-cubic",
       .feature = MOTION_FEATURE,
       .syntax = "value-cubic(x1, y1, x2, y2)",
       .minimum_arguments = 4,
       .maximum_arguments = 4,
       .check = value_cubic_check,
       .value = value_cubic_value},
  };
  anima_status status = ANIMA_OK;
  ANIMA_ADD_EACH(status, host->add_ease_kind, registrar, curves);
  return status;
}
