/*
 * import_svg_values.c — SVG value parsers for `anima import`: paints and
 * colours, lengths, number lists, transform lists, and the mapping of a
 * transform function onto SPEC §4 node transforms. See import_svg.h.
 */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <anima/format.h>

#include "import_svg.h"

static const double pi = 3.14159265358979323846;

static const char *skip_space(const char *text) {
  while (*text == ' ' || *text == '\t' || *text == '\n' || *text == '\r' ||
         *text == '\f') {
    text++;
  }
  return text;
}

static const char *skip_separator(const char *text) {
  text = skip_space(text);
  if (*text == ',') {
    text = skip_space(text + 1);
  }
  return text;
}

/*
 * Scans an SVG number (sign, digits, optional fraction, optional exponent)
 * at `text`. Returns the end, or NULL when there is no number. strtod alone
 * would also accept "inf", "nan" and hexadecimal forms.
 */
static const char *scan_number(const char *text, double *out) {
  const char *cursor = text;
  if (*cursor == '+' || *cursor == '-') {
    cursor++;
  }
  bool digits = false;
  while (isdigit((unsigned char)*cursor)) {
    cursor++;
    digits = true;
  }
  if (*cursor == '.') {
    cursor++;
    while (isdigit((unsigned char)*cursor)) {
      cursor++;
      digits = true;
    }
  }
  if (!digits) {
    return NULL;
  }
  if (*cursor == 'e' || *cursor == 'E') {
    const char *exponent = cursor + 1;
    if (*exponent == '+' || *exponent == '-') {
      exponent++;
    }
    if (isdigit((unsigned char)*exponent)) {
      while (isdigit((unsigned char)*exponent)) {
        exponent++;
      }
      cursor = exponent;
    }
  }
  char buffer[128];
  size_t length = (size_t)(cursor - text);
  if (length >= sizeof buffer) {
    return NULL;
  }
  memcpy(buffer, text, length);
  buffer[length] = '\0';
  double value = strtod(buffer, NULL);
  if (!isfinite(value)) {
    return NULL;
  }
  *out = value;
  return cursor;
}

bool import_svg_parse_length(const char *text, double *out) {
  double value = 0;
  const char *end = scan_number(skip_space(text), &value);
  if (end == NULL) {
    return false;
  }
  if (strncmp(end, "px", 2) == 0) {
    end += 2;
  }
  if (*skip_space(end) != '\0') {
    return false;
  }
  *out = value;
  return true;
}

long import_svg_parse_numbers(const char *text, double *out, size_t capacity) {
  long count = 0;
  const char *cursor = skip_space(text);
  while (*cursor != '\0') {
    double value = 0;
    const char *end = scan_number(cursor, &value);
    if (end == NULL) {
      return -1;
    }
    if ((size_t)count < capacity) {
      out[count] = value;
    }
    count++;
    cursor = skip_separator(end);
  }
  return count;
}

/* ------------------------------------------------------------------------ */
/* Colours                                                                   */
/* ------------------------------------------------------------------------ */

/* `#` and `length` hex digits. CSS also has #rgba, which the format does
 * not: it is spelt #rrggbbaa for anima_color_parse_hex. */
static bool parse_hex(const char *text, size_t length, import_paint *out) {
  char literal[10] = "#";
  if (length == 4) {
    for (size_t index = 0; index < 4; index++) {
      literal[1 + 2 * index] = literal[2 + 2 * index] = text[index];
    }
    literal[9] = '\0';
  } else if (length < sizeof literal - 1) {
    memcpy(literal + 1, text, length);
    literal[1 + length] = '\0';
  } else {
    return false;
  }
  anima_color color;
  if (!anima_color_parse_hex(literal, &color)) {
    return false;
  }
  out->kind = IMPORT_PAINT_COLOR;
  out->r = color.r;
  out->g = color.g;
  out->b = color.b;
  out->a = color.a;
  return true;
}

static uint8_t clamp_channel(double value) {
  if (!(value > 0)) {
    return 0;
  }
  if (value >= 255) {
    return 255;
  }
  return (uint8_t)floor(value + 0.5);
}

/* rgb(...) / rgba(...): `text` points after the opening parenthesis. */
static bool parse_rgb_function(const char *text, import_paint *out) {
  double channels[4] = {0, 0, 0, 1};
  int count = 0;
  const char *cursor = skip_space(text);
  while (*cursor != ')') {
    if (count == 4) {
      return false;
    }
    double value = 0;
    const char *end = scan_number(cursor, &value);
    if (end == NULL) {
      return false;
    }
    if (*end == '%') {
      value = count < 3 ? value * 255.0 / 100.0 : value / 100.0;
      end++;
    }
    channels[count++] = value;
    cursor = skip_space(end);
    if (*cursor == ',' || *cursor == '/') {
      cursor = skip_space(cursor + 1);
    }
  }
  if (count != 3 && count != 4) {
    return false;
  }
  if (*skip_space(cursor + 1) != '\0') {
    return false;
  }
  out->kind = IMPORT_PAINT_COLOR;
  out->r = clamp_channel(channels[0]);
  out->g = clamp_channel(channels[1]);
  out->b = clamp_channel(channels[2]);
  out->a = clamp_channel(channels[3] * 255.0);
  return true;
}

bool import_svg_parse_paint(const char *text, import_paint *out) {
  const char *start = skip_space(text);
  size_t length = strlen(start);
  while (length > 0 && isspace((unsigned char)start[length - 1])) {
    length--;
  }
  if (length == 0) {
    return false;
  }
  if (strncmp(start, "url(", 4) == 0) {
    out->kind = IMPORT_PAINT_SERVER;
    return true;
  }
  if (length == 4 && strncasecmp(start, "none", 4) == 0) {
    out->kind = IMPORT_PAINT_NONE;
    return true;
  }
  if (length == 12 && strncasecmp(start, "currentColor", 12) == 0) {
    out->kind = IMPORT_PAINT_CURRENT_COLOR;
    return true;
  }
  if (start[0] == '#') {
    return parse_hex(start + 1, length - 1, out);
  }
  if (strncasecmp(start, "rgba(", 5) == 0) {
    return parse_rgb_function(start + 5, out);
  }
  if (strncasecmp(start, "rgb(", 4) == 0) {
    return parse_rgb_function(start + 4, out);
  }
  if (length == 11 && strncasecmp(start, "transparent", 11) == 0) {
    out->kind = IMPORT_PAINT_COLOR;
    out->r = out->g = out->b = out->a = 0;
    return true;
  }
  uint32_t rgb = 0;
  if (import_svg_named_color(start, length, &rgb)) {
    out->kind = IMPORT_PAINT_COLOR;
    out->r = (uint8_t)(rgb >> 16);
    out->g = (uint8_t)(rgb >> 8);
    out->b = (uint8_t)rgb;
    out->a = 255;
    return true;
  }
  return false;
}

/* ------------------------------------------------------------------------ */
/* Transforms                                                                */
/* ------------------------------------------------------------------------ */

typedef struct transform_name {
  const char *name;
  import_transform_kind kind;
  int minimum, maximum; /* argument counts allowed (and 1 <-> 3 for rotate) */
} transform_name;

static const transform_name transform_names[] = {
    {"matrix", IMPORT_TRANSFORM_MATRIX, 6, 6},
    {"translate", IMPORT_TRANSFORM_TRANSLATE, 1, 2},
    {"scale", IMPORT_TRANSFORM_SCALE, 1, 2},
    {"rotate", IMPORT_TRANSFORM_ROTATE, 1, 3},
    {"skewX", IMPORT_TRANSFORM_SKEW_X, 1, 1},
    {"skewY", IMPORT_TRANSFORM_SKEW_Y, 1, 1},
};

long import_svg_parse_transform(const char *text,
                                import_transform_function *out,
                                size_t capacity) {
  long count = 0;
  const char *cursor = skip_space(text);
  while (*cursor != '\0') {
    const transform_name *found = NULL;
    for (size_t index = 0;
         index < sizeof transform_names / sizeof transform_names[0]; index++) {
      size_t length = strlen(transform_names[index].name);
      if (strncmp(cursor, transform_names[index].name, length) == 0) {
        found = &transform_names[index];
        cursor = skip_space(cursor + length);
        break;
      }
    }
    if (found == NULL || *cursor != '(') {
      return -1;
    }
    cursor = skip_space(cursor + 1);
    import_transform_function function = {.kind = found->kind};
    while (*cursor != ')') {
      if (function.count == 6) {
        return -1;
      }
      double value = 0;
      const char *end = scan_number(cursor, &value);
      if (end == NULL) {
        return -1;
      }
      function.arguments[function.count++] = value;
      cursor = skip_separator(end);
    }
    cursor++;
    if (function.count < found->minimum || function.count > found->maximum ||
        (found->kind == IMPORT_TRANSFORM_ROTATE && function.count == 2)) {
      return -1;
    }
    if (found->kind == IMPORT_TRANSFORM_TRANSLATE && function.count == 1) {
      function.arguments[1] = 0;
    } else if (found->kind == IMPORT_TRANSFORM_SCALE && function.count == 1) {
      function.arguments[1] = function.arguments[0];
    } else if (found->kind == IMPORT_TRANSFORM_ROTATE && function.count == 1) {
      function.arguments[1] = function.arguments[2] = 0;
    }
    if ((size_t)count < capacity) {
      out[count] = function;
    }
    count++;
    cursor = skip_separator(cursor);
  }
  return count;
}

import_matrix import_svg_multiply(const import_matrix *m,
                                  const import_matrix *n) {
  import_matrix result = {
      .a = m->a * n->a + m->c * n->b,
      .b = m->b * n->a + m->d * n->b,
      .c = m->a * n->c + m->c * n->d,
      .d = m->b * n->c + m->d * n->d,
      .e = m->a * n->e + m->c * n->f + m->e,
      .f = m->b * n->e + m->d * n->f + m->f,
  };
  return result;
}

import_matrix import_svg_function_matrix(const import_transform_function *f) {
  const double *v = f->arguments;
  import_matrix m = {1, 0, 0, 1, 0, 0};
  switch (f->kind) {
  case IMPORT_TRANSFORM_MATRIX:
    m = (import_matrix){v[0], v[1], v[2], v[3], v[4], v[5]};
    break;
  case IMPORT_TRANSFORM_TRANSLATE:
    m.e = v[0];
    m.f = v[1];
    break;
  case IMPORT_TRANSFORM_SCALE:
    m.a = v[0];
    m.d = v[1];
    break;
  case IMPORT_TRANSFORM_ROTATE: {
    double angle = v[0] * pi / 180.0;
    double cosine = cos(angle), sine = sin(angle);
    /* T(cx, cy) · R · T(−cx, −cy) */
    m = (import_matrix){cosine,
                        sine,
                        -sine,
                        cosine,
                        v[1] - cosine * v[1] + sine * v[2],
                        v[2] - sine * v[1] - cosine * v[2]};
    break;
  }
  case IMPORT_TRANSFORM_SKEW_X:
    m.c = tan(v[0] * pi / 180.0);
    break;
  case IMPORT_TRANSFORM_SKEW_Y:
    m.b = tan(v[0] * pi / 180.0);
    break;
  }
  return m;
}

import_matrix import_svg_node_matrix(const import_node_transform *t) {
  double angle = t->rotate * pi / 180.0;
  double cosine = cos(angle), sine = sin(angle);
  /* T(x, y) · T(p) · R · S · T(−p) */
  import_matrix m = {cosine * t->scale_x,
                     sine * t->scale_x,
                     -sine * t->scale_y,
                     cosine * t->scale_y,
                     0,
                     0};
  m.e = t->x + t->pivot_x - (m.a * t->pivot_x + m.c * t->pivot_y);
  m.f = t->y + t->pivot_y - (m.b * t->pivot_x + m.d * t->pivot_y);
  return m;
}

static double degrees(double radians) {
  return radians * 180.0 / pi;
}

static int decompose_matrix(const import_matrix *m,
                            import_node_transform out[2]) {
  import_node_transform identity = {0, 0, 0, 1, 1, 0, 0};
  out[0] = out[1] = identity;
  out[0].x = m->e;
  out[0].y = m->f;
  double first = hypot(m->a, m->b);
  double second = hypot(m->c, m->d);
  double dot = m->a * m->c + m->b * m->d;
  if (first > 0 && fabs(dot) <= 1e-12 * first * (second > 0 ? second : 1)) {
    /* Orthogonal columns: R(θ) · S(sx, sy) with sy carrying reflection. */
    out[0].rotate = degrees(atan2(m->b, m->a));
    out[0].scale_x = first;
    out[0].scale_y = (m->a * m->d - m->b * m->c) / first;
    return 1;
  }
  /*
   * Singular value decomposition of the 2×2 part [[a c] [b d]]:
   * R(θ1) · diag(σ1, σ2) · R(θ2) with E = (a+d)/2, F = (a−d)/2,
   * G = (b+c)/2, H = (b−c)/2, Q = √(E²+H²), R = √(F²+G²), σ1 = Q+R,
   * σ2 = Q−R, θ1 = (atan2(H,E) + atan2(G,F))/2, θ2 = (atan2(H,E) −
   * atan2(G,F))/2.
   */
  double e = (m->a + m->d) / 2, f = (m->a - m->d) / 2;
  double g = (m->b + m->c) / 2, h = (m->b - m->c) / 2;
  double q = hypot(e, h), r = hypot(f, g);
  double a1 = atan2(g, f), a2 = atan2(h, e);
  out[0].rotate = degrees((a2 + a1) / 2);
  out[0].scale_x = q + r;
  out[0].scale_y = q - r;
  out[1].rotate = degrees((a2 - a1) / 2);
  return 2;
}

int import_svg_function_nodes(const import_transform_function *function,
                              import_node_transform out[2]) {
  import_node_transform identity = {0, 0, 0, 1, 1, 0, 0};
  out[0] = out[1] = identity;
  const double *v = function->arguments;
  switch (function->kind) {
  case IMPORT_TRANSFORM_TRANSLATE:
    out[0].x = v[0];
    out[0].y = v[1];
    return 1;
  case IMPORT_TRANSFORM_SCALE:
    out[0].scale_x = v[0];
    out[0].scale_y = v[1];
    return 1;
  case IMPORT_TRANSFORM_ROTATE:
    out[0].rotate = v[0];
    out[0].pivot_x = v[1];
    out[0].pivot_y = v[2];
    return 1;
  default: {
    import_matrix m = import_svg_function_matrix(function);
    return decompose_matrix(&m, out);
  }
  }
}
