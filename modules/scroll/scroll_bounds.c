/*
 * scroll_bounds.c — rest extents for the scroll chapter ("the rest bounds
 * of its subtree"): authored geometry only, before any animation, no
 * stroke. A rect is [x0, x0 + w] × [y0, y0 + h]; a circle or arc the
 * square of its radius about its centre; a path its exact bounds (each
 * cubic's extrema from the roots of its derivative). Children are mapped
 * by their authored rest transforms; nodes without geometry contribute
 * nothing.
 */
#include <math.h>
#include <string.h>

#include "scroll.h"

#define host scroll_host

static void add(scroll_box *b, anima_point p) {
  if (!b->any) {
    *b = (scroll_box){true, p.x, p.y, p.x, p.y};
    return;
  }
  b->x0 = fmin(b->x0, p.x);
  b->y0 = fmin(b->y0, p.y);
  b->x1 = fmax(b->x1, p.x);
  b->y1 = fmax(b->y1, p.y);
}

static double number(const anima_json *node, const char *key, double fallback) {
  const anima_json *value = host->json_member(node, key);
  return value && host->json_type(value) == ANIMA_JSON_NUMBER
             ? host->json_number(value)
             : fallback;
}

static anima_point pair(const anima_json *node, const char *key) {
  const anima_json *value = host->json_member(node, key);
  if (!value || host->json_type(value) != ANIMA_JSON_ARRAY ||
      host->json_size(value) != 2) {
    return (anima_point){0, 0};
  }
  return (anima_point){host->json_number(host->json_item(value, 0)),
                       host->json_number(host->json_item(value, 1))};
}

static bool type_is(const anima_json *node, const char *type) {
  const char *value = host->json_string(host->json_member(node, "type"), NULL);
  return value && strcmp(value, type) == 0;
}

/* One coordinate of a cubic at t. */
static double cubic(double a, double b, double c, double d, double t) {
  double u = 1 - t;
  return u * u * u * a + 3 * u * u * t * b + 3 * u * t * t * c + t * t * t * d;
}

/* Adds the points where one coordinate of the cubic p0, q[0..2] turns. */
static void cubic_turns(anima_point p0, const anima_point *q, scroll_box *b) {
  for (int axis = 0; axis < 2; axis++) {
    double p[4] = {axis ? p0.y : p0.x, axis ? q[0].y : q[0].x,
                   axis ? q[1].y : q[1].x, axis ? q[2].y : q[2].x};
    /* B'(t)/3 = A t² + B t + C */
    double A = -p[0] + 3 * p[1] - 3 * p[2] + p[3];
    double B = 2 * (p[0] - 2 * p[1] + p[2]);
    double C = p[1] - p[0];
    double roots[2];
    int n = 0;
    if (fabs(A) < 1e-12) {
      if (fabs(B) > 1e-12) {
        roots[n++] = -C / B;
      }
    } else if (B * B - 4 * A * C >= 0) {
      double s = sqrt(B * B - 4 * A * C);
      roots[n++] = (-B + s) / (2 * A);
      roots[n++] = (-B - s) / (2 * A);
    }
    for (int i = 0; i < n; i++) {
      if (roots[i] > 0 && roots[i] < 1) {
        double t = roots[i];
        add(b, (anima_point){cubic(p0.x, q[0].x, q[1].x, q[2].x, t),
                             cubic(p0.y, q[0].y, q[1].y, q[2].y, t)});
      }
    }
  }
}

static void path_bounds(const anima_json *node, scroll_box *b) {
  const char *d = host->json_string(host->json_member(node, "d"), NULL);
  anima_path path;
  anima_path_error error;
  if (!d || host->path_parse(d, strlen(d), &path, &error) != ANIMA_OK) {
    return;
  }
  anima_point current = {0, 0};
  for (size_t i = 0; i < path.count; i++) {
    const anima_segment *s = &path.segments[i];
    if (s->kind == ANIMA_SEGMENT_MOVE || s->kind == ANIMA_SEGMENT_LINE) {
      add(b, s->points[0]);
      current = s->points[0];
    } else if (s->kind == ANIMA_SEGMENT_CUBIC) {
      add(b, s->points[2]);
      cubic_turns(current, s->points, b);
      current = s->points[2];
    }
  }
  host->path_release(&path);
}

static void own_bounds(const anima_json *node, scroll_box *b) {
  if (type_is(node, "rect")) {
    double x0 = number(node, "x0", 0), y0 = number(node, "y0", 0);
    add(b, (anima_point){x0, y0});
    add(b, (anima_point){x0 + number(node, "w", 0), y0 + number(node, "h", 0)});
  } else if (type_is(node, "circle") || type_is(node, "arc")) {
    anima_point c = pair(node, "center");
    double r = number(node, "r", 0);
    add(b, (anima_point){c.x - r, c.y - r});
    add(b, (anima_point){c.x + r, c.y + r});
  } else if (type_is(node, "path")) {
    path_bounds(node, b);
  }
}

anima_matrix scroll_authored(const anima_json *node) {
  anima_point pivot =
      type_is(node, "bone") ? (anima_point){0, 0} : pair(node, "pivot");
  double radians = number(node, "rotate", 0) * (3.14159265358979323846 / 180);
  double scale = number(node, "scale", 1);
  double sx = scale * number(node, "scaleX", 1);
  double sy = scale * number(node, "scaleY", 1);
  double c = cos(radians), s = sin(radians);
  /* R·S, then the pivot stays put: e = x + px − (a·px + c·py). */
  anima_matrix m = {c * sx, s * sx, -s * sy, c * sy, 0, 0};
  m.e = number(node, "x", 0) + pivot.x - (m.a * pivot.x + m.c * pivot.y);
  m.f = number(node, "y", 0) + pivot.y - (m.b * pivot.x + m.d * pivot.y);
  return m;
}

static void add_mapped(scroll_box *b, anima_matrix to, const scroll_box *own) {
  anima_point corners[4] = {{own->x0, own->y0},
                            {own->x1, own->y0},
                            {own->x0, own->y1},
                            {own->x1, own->y1}};
  for (int i = 0; i < 4; i++) {
    add(b, host->matrix_transform_point(to, corners[i]));
  }
}

/* Recursion is as deep as the document nests (bounded by the loader). */
static void subtree(const anima_json *node, anima_matrix to, scroll_box *b) {
  scroll_box own = {0};
  own_bounds(node, &own);
  if (own.any) {
    add_mapped(b, to, &own);
  }
  const anima_json *children = host->json_member(node, "children");
  for (size_t i = 0;
       children && host->json_type(children) == ANIMA_JSON_ARRAY &&
       i < host->json_size(children);
       i++) {
    const anima_json *child = host->json_item(children, i);
    subtree(child, host->matrix_multiply(to, scroll_authored(child)), b);
  }
}

scroll_box scroll_rest_bounds(const anima_json *node) {
  scroll_box b = {0};
  subtree(node, (anima_matrix){1, 0, 0, 1, 0, 0}, &b);
  return b;
}

scroll_box scroll_rest_bounds_in_parent(const anima_json *node) {
  scroll_box own = scroll_rest_bounds(node), b = {0};
  if (own.any) {
    add_mapped(&b, scroll_authored(node), &own);
  }
  return b;
}
