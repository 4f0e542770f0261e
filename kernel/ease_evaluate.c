/*
 * ease_evaluate.c — u -> w for the eases of SPEC §5.
 */
#include "ease_evaluate.h"

#include <math.h>

static const double pi = 3.14159265358979323846;

anima_model_ease anima_model_ease_linear(void) {
  anima_model_ease ease = {.kind = ANIMA_MODEL_EASE_LINEAR};
  return ease;
}

anima_model_ease anima_model_ease_compile(const anima_ease *parsed) {
  anima_model_ease ease = anima_model_ease_linear();
  if (!parsed) {
    return ease;
  }
  switch (parsed->kind) {
  case ANIMA_EASE_HOLD:
    ease.kind = ANIMA_MODEL_EASE_HOLD;
    break;
  case ANIMA_EASE_CUBIC:
    ease.kind = ANIMA_MODEL_EASE_CUBIC;
    ease.x1 = parsed->parameters[0];
    ease.y1 = parsed->parameters[1];
    ease.x2 = parsed->parameters[2];
    ease.y2 = parsed->parameters[3];
    break;
  case ANIMA_EASE_ELASTIC: {
    double a = parsed->parameters[0];
    double p = parsed->parameters[1];
    ease.kind = ANIMA_MODEL_EASE_ELASTIC;
    ease.amplitude = a > 1 ? a : 1;
    ease.period = p;
    ease.shift = p / (2 * pi) * asin(1 / ease.amplitude);
    break;
  }
  case ANIMA_EASE_LINEAR:
  default:
    break;
  }
  return ease;
}

/* One coordinate of the cubic Bézier through 0, c1, c2, 1 at parameter s. */
static double bezier(double c1, double c2, double s) {
  double r = 1 - s;
  return 3 * r * r * s * c1 + 3 * r * s * s * c2 + s * s * s;
}

/* Its derivative with respect to s. */
static double bezier_slope(double c1, double c2, double s) {
  double r = 1 - s;
  return 3 * r * r * c1 + 6 * r * s * (c2 - c1) + 3 * s * s * (1 - c2);
}

/*
 * Bx(s) − u evaluated accurately for the root check and bisection. With
 * Bx(s) = a·s³ + b·s² + c·s (a = 1 + 3x1 − 3x2, b = 3x2 − 6x1, c = 3x1) it
 * is written around the inflection s0 = −b/(3a) as a·t³ + p·t + q with
 * t = s − s0: where the slope vanishes (cubic(1, 0, 0, 1) at s = 0.5, a
 * triple root of Bx − u) the plain form cancels to rounding noise and its
 * root is only known to about 3e-6, while here q = Bx(s0) − u is exact and
 * the root comes out to full precision.
 */
typedef struct cubic_form {
  double x1, x2;
  bool centered;
  double a, p, s0, q;
} cubic_form;

static cubic_form cubic_form_make(double x1, double x2, double u) {
  cubic_form form = {.x1 = x1, .x2 = x2};
  double a = 1 + 3 * x1 - 3 * x2, b = 3 * x2 - 6 * x1, c = 3 * x1;
  if (fabs(a) > 1e-3) {
    form.centered = true;
    form.a = a;
    form.s0 = -b / (3 * a);
    form.p = c - b * b / (3 * a);
    form.q = bezier(x1, x2, form.s0) - u;
  } else {
    form.q = -u;
  }
  return form;
}

static double cubic_form_value(const cubic_form *form, double s) {
  if (!form->centered) {
    return bezier(form->x1, form->x2, s) + form->q;
  }
  double t = s - form->s0;
  return (form->a * t * t + form->p) * t + form->q;
}

/* The parameter s in [0, 1] with Bx(s) = u. Bx is non-decreasing because
 * x1 and x2 lie in [0, 1] (SPEC §5), so a sign change proves a root. */
static double cubic_parameter(double x1, double x2, double u) {
  double s = u;
  for (int iteration = 0; iteration < 8; iteration++) {
    double error = bezier(x1, x2, s) - u;
    double slope = bezier_slope(x1, x2, s);
    if (fabs(error) < 1e-14) {
      /* |Bx''| <= 12, so over |s − root| <= 1e-14 / 1e-3 the slope stays
       * positive: the root is within 1e-11. */
      if (slope >= 1e-3) {
        return s;
      }
      break;
    }
    if (slope < 1e-9) {
      break;
    }
    s -= error / slope;
    if (s < 0) {
      s = 0;
    } else if (s > 1) {
      s = 1;
    }
  }
  cubic_form form = cubic_form_make(x1, x2, u);
  const double bracket = 1e-9;
  double below = s - bracket < 0 ? 0 : s - bracket;
  double above = s + bracket > 1 ? 1 : s + bracket;
  if (cubic_form_value(&form, below) <= 0 &&
      cubic_form_value(&form, above) >= 0) {
    return s;
  }
  double low = 0, high = 1;
  while (high - low > 1e-12) {
    double middle = 0.5 * (low + high);
    if (cubic_form_value(&form, middle) < 0) {
      low = middle;
    } else {
      high = middle;
    }
  }
  return 0.5 * (low + high);
}

double anima_model_ease_evaluate(const anima_model_ease *ease, double u) {
  if (ease->kind == ANIMA_MODEL_EASE_HOLD) {
    return 0;
  }
  if (!(u > 0)) {
    return 0; /* also NaN */
  }
  if (u >= 1) {
    return 1;
  }
  switch (ease->kind) {
  case ANIMA_MODEL_EASE_CUBIC: {
    double s = cubic_parameter(ease->x1, ease->x2, u);
    return bezier(ease->y1, ease->y2, s);
  }
  case ANIMA_MODEL_EASE_ELASTIC:
    return ease->amplitude * exp2(-10 * u) *
               sin((u - ease->shift) * 2 * pi / ease->period) +
           1;
  case ANIMA_MODEL_EASE_MODULE: {
    const anima_model_module_ease *module = ease->module;
    if (!module->kind->weight) {
      return u;
    }
    double w = module->kind->weight(module->arguments, module->count, u,
                                    module->kind->user);
    return isfinite(w) ? w : u; /* a module's NaN or inf: linear */
  }
  case ANIMA_MODEL_EASE_LINEAR:
  default:
    return u;
  }
}
