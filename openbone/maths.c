/*
 * maths.c — spec §4: local matrix (§4.1), inherit modes (§4.2), bisection
 * curves (§4.3), wrapDeg and lerpAngle (§4.4), colours (§4.5). Doubles
 * throughout (§12: only world vertices, uvs and particles are float32).
 */
#include <math.h>
#include <string.h>

#include "model.h"

ob_matrix ob_local_matrix(const ob_pose *pose) {
  double rx = (pose->rotation + pose->shear_x) * OB_DEG;
  double ry = (pose->rotation + 90 + pose->shear_y) * OB_DEG;
  ob_matrix m = {cos(rx) * pose->scale_x,
                 cos(ry) * pose->scale_y,
                 sin(rx) * pose->scale_x,
                 sin(ry) * pose->scale_y,
                 pose->x,
                 pose->y};
  return m;
}

ob_matrix ob_multiply(const ob_matrix *p, const ob_matrix *l) {
  ob_matrix m = {
      p->a * l->a + p->b * l->c,        p->a * l->b + p->b * l->d,
      p->c * l->a + p->d * l->c,        p->c * l->b + p->d * l->d,
      p->a * l->x + p->b * l->y + p->x, p->c * l->x + p->d * l->y + p->y};
  return m;
}

ob_matrix ob_invert(const ob_matrix *m) {
  double det = m->a * m->d - m->b * m->c;
  if (det == 0) {
    det = 1e-9;
  }
  ob_matrix r = {m->d / det, -m->b / det, -m->c / det, m->a / det, 0, 0};
  r.x = -(r.a * m->x + r.b * m->y);
  r.y = -(r.c * m->x + r.d * m->y);
  return r;
}

/* JS `a || b` for a number: 0 and NaN fall back. */
static double or_fallback(double value, double fallback) {
  return (value == 0 || isnan(value)) ? fallback : value;
}

ob_matrix ob_bone_world(const ob_matrix *p, const ob_pose *local,
                        ob_inherit inherit) {
  ob_matrix l = ob_local_matrix(local);
  double wx = p->a * local->x + p->b * local->y + p->x;
  double wy = p->c * local->x + p->d * local->y + p->y;
  ob_matrix w = l;
  switch (inherit) {
  case OB_INHERIT_NORMAL:
    return ob_multiply(p, &l);
  case OB_INHERIT_ONLY_TRANSLATION:
    break;
  case OB_INHERIT_NO_ROTATION: {
    double sx = hypot(p->a, p->c), sy = hypot(p->b, p->d);
    w.a = l.a * sx;
    w.b = l.b * sy;
    w.c = l.c * sx;
    w.d = l.d * sy;
    break;
  }
  case OB_INHERIT_NO_SCALE: {
    double sx = or_fallback(hypot(p->a, p->c), 1);
    double sy = or_fallback(hypot(p->b, p->d), 1);
    ob_matrix n = {p->a / sx, p->b / sy, p->c / sx, p->d / sy, 0, 0};
    w = ob_multiply(&n, &l);
    break;
  }
  }
  w.x = wx;
  w.y = wy;
  return w;
}

static double bezier_axis(double s, double p1, double p2) {
  double u = 1 - s;
  return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s;
}

double ob_eval_curve(const ob_key *key, double t) {
  if (key->curve != OB_CURVE_BEZIER) {
    return t;
  }
  const double *k = key->bezier;
  double lo = 0, hi = 1, s = t;
  for (int i = 0; i < 24; i++) {
    double e = bezier_axis(s, k[0], k[2]) - t;
    if (fabs(e) < 1e-6) {
      break;
    }
    if (e > 0) {
      hi = s;
    } else {
      lo = s;
    }
    s = (lo + hi) / 2;
  }
  return bezier_axis(s, k[1], k[3]);
}

double ob_wrap_deg(double d) {
  d = fmod(d, 360);
  if (d > 180) {
    d -= 360;
  } else if (d <= -180) {
    d += 360;
  }
  return d;
}

double ob_lerp(double a, double b, double t) {
  return a + (b - a) * t;
}

double ob_lerp_angle(double a, double b, double t) {
  return a + ob_wrap_deg(b - a) * t;
}

static int hex_digit(char c) {
  if (c >= '0' && c <= '9') {
    return c - '0';
  }
  if (c >= 'a' && c <= 'f') {
    return c - 'a' + 10;
  }
  if (c >= 'A' && c <= 'F') {
    return c - 'A' + 10;
  }
  return -1;
}

/* §4.5 parseHex for the spellings Part B allows (#rgb, #rgba, #rrggbb,
 * #rrggbbaa); anything else is refused by the loader (bad-color). */
bool ob_parse_hex(const char *text, ob_color *out) {
  if (text == NULL || text[0] != '#') {
    return false;
  }
  const char *h = text + 1;
  size_t length = strlen(h);
  char digits[8];
  if (length == 3 || length == 4) {
    for (size_t i = 0; i < length; i++) {
      digits[2 * i] = digits[2 * i + 1] = h[i];
    }
    length *= 2;
  } else if (length == 6 || length == 8) {
    memcpy(digits, h, length);
  } else {
    return false;
  }
  double channel[4] = {0, 0, 0, 1};
  for (size_t i = 0; i < length / 2; i++) {
    int high = hex_digit(digits[2 * i]), low = hex_digit(digits[2 * i + 1]);
    if (high < 0 || low < 0) {
      return false;
    }
    channel[i] = (high * 16 + low) / 255.0;
  }
  out->r = channel[0];
  out->g = channel[1];
  out->b = channel[2];
  out->a = length >= 8 ? channel[3] : 1;
  return true;
}

ob_color ob_lerp_color(ob_color a, ob_color b, double t) {
  ob_color c = {ob_lerp(a.r, b.r, t), ob_lerp(a.g, b.g, t),
                ob_lerp(a.b, b.b, t), ob_lerp(a.a, b.a, t)};
  return c;
}

ob_color ob_mul_color(ob_color a, ob_color b) {
  ob_color c = {a.r * b.r, a.g * b.g, a.b * b.b, a.a * b.a};
  return c;
}

double ob_world_rotation(const ob_matrix *m) {
  return atan2(m->c, m->a) * OB_RAD;
}

double ob_world_scale_x(const ob_matrix *m) {
  return hypot(m->a, m->c);
}

void ob_rotate_axes(ob_matrix *w, double radians) {
  if (radians == 0) {
    return;
  }
  double cosine = cos(radians), sine = sin(radians);
  double a = w->a, b = w->b, c = w->c, d = w->d;
  w->a = cosine * a - sine * c;
  w->b = cosine * b - sine * d;
  w->c = sine * a + cosine * c;
  w->d = sine * b + cosine * d;
}
