/*
 * module_bounds.h — the rest bounds of a node's subtree from its authored
 * JSON, for feature modules (rig's copyTransform `origin`, scroll's
 * viewport and content extents): authored geometry only, before any
 * animation, no stroke. A rect is [x0, x0 + w] × [y0, y0 + h]; a circle or
 * arc the square of its radius about its centre; a path its exact bounds
 * (each cubic's extrema from the roots of its derivative). Children are
 * mapped by their authored rest transforms; nodes of other types
 * contribute nothing. Header only (module.h: a module links against
 * nothing); each call takes the module's host table.
 */
#ifndef ANIMA_MODULE_BOUNDS_H
#define ANIMA_MODULE_BOUNDS_H

#include <math.h>
#include <string.h>

#include "module_json.h"

/** An axis-aligned box; `any` false when nothing contributed. */
typedef struct module_box {
  bool any;
  double x0, y0, x1, y1;
} module_box;

/** Grows `b` to hold `p`. */
static inline void module_box_add(module_box *b, anima_point p) {
  if (!b->any) {
    *b = (module_box){true, p.x, p.y, p.x, p.y};
    return;
  }
  b->x0 = fmin(b->x0, p.x);
  b->y0 = fmin(b->y0, p.y);
  b->x1 = fmax(b->x1, p.x);
  b->y1 = fmax(b->y1, p.y);
}

/** Grows `b` to hold the four corners of `own` mapped by `to`. */
static inline void module_box_add_mapped(const anima_host *host, module_box *b,
                                         anima_matrix to,
                                         const module_box *own) {
  anima_point corners[4] = {{own->x0, own->y0},
                            {own->x1, own->y0},
                            {own->x0, own->y1},
                            {own->x1, own->y1}};
  for (int i = 0; i < 4; i++) {
    module_box_add(b, host->matrix_transform_point(to, corners[i]));
  }
}

static inline bool module_bounds_type_is(const anima_host *host,
                                         const anima_json *node,
                                         const char *type) {
  const char *value = host->json_string(host->json_member(node, "type"), NULL);
  return value && strcmp(value, type) == 0;
}

/** The authored rest transform of `node` (SPEC §4 Transform):
 * T(x, y)·T(pivot)·R(rotate)·S(scale·scaleX, scale·scaleY)·T(−pivot), a
 * bone's pivot being its start; exact at quarter turns. */
static inline anima_matrix module_authored(const anima_host *host,
                                           const anima_json *node) {
  anima_point pivot = module_bounds_type_is(host, node, "bone")
                          ? (anima_point){0, 0}
                          : module_json_point(host, node, "pivot");
  double degrees = module_json_number(host, node, "rotate", 0);
  double quarter = degrees / 90, cosine, sine;
  if (quarter == floor(quarter) && fabs(quarter) < 1e15) {
    static const double c[] = {1, 0, -1, 0}, s[] = {0, 1, 0, -1};
    long index = ((long)fmod(quarter, 4) + 4) % 4;
    cosine = c[index];
    sine = s[index];
  } else {
    double radians = degrees * (3.14159265358979323846 / 180);
    cosine = cos(radians);
    sine = sin(radians);
  }
  double scale = module_json_number(host, node, "scale", 1);
  double sx = scale * module_json_number(host, node, "scaleX", 1);
  double sy = scale * module_json_number(host, node, "scaleY", 1);
  /* y down: positive angles turn +x towards +y; the pivot stays put:
   * e = x + px − (a·px + c·py). */
  anima_matrix m = {cosine * sx, sine * sx, -sine * sy, cosine * sy, 0, 0};
  m.e = module_json_number(host, node, "x", 0) + pivot.x -
        (m.a * pivot.x + m.c * pivot.y);
  m.f = module_json_number(host, node, "y", 0) + pivot.y -
        (m.b * pivot.x + m.d * pivot.y);
  return m;
}

/* One coordinate of a cubic at t. */
static inline double module_bounds_cubic(double a, double b, double c, double d,
                                         double t) {
  double u = 1 - t;
  return u * u * u * a + 3 * u * u * t * b + 3 * u * t * t * c + t * t * t * d;
}

/* Adds the points where one coordinate of the cubic p0, q[0..2] turns. */
static inline void
module_bounds_cubic_turns(anima_point p0, const anima_point *q, module_box *b) {
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
        module_box_add(
            b, (anima_point){
                   module_bounds_cubic(p0.x, q[0].x, q[1].x, q[2].x, t),
                   module_bounds_cubic(p0.y, q[0].y, q[1].y, q[2].y, t)});
      }
    }
  }
}

static inline void module_bounds_path(const anima_host *host,
                                      const anima_json *node, module_box *b) {
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
      module_box_add(b, s->points[0]);
      current = s->points[0];
    } else if (s->kind == ANIMA_SEGMENT_CUBIC) {
      module_box_add(b, s->points[2]);
      module_bounds_cubic_turns(current, s->points, b);
      current = s->points[2];
    }
  }
  host->path_release(&path);
}

/* The node's own geometry, in its local space. */
static inline void module_bounds_own(const anima_host *host,
                                     const anima_json *node, module_box *b) {
  if (module_bounds_type_is(host, node, "rect")) {
    double x0 = module_json_number(host, node, "x0", 0),
           y0 = module_json_number(host, node, "y0", 0);
    module_box_add(b, (anima_point){x0, y0});
    module_box_add(b,
                   (anima_point){x0 + module_json_number(host, node, "w", 0),
                                 y0 + module_json_number(host, node, "h", 0)});
  } else if (module_bounds_type_is(host, node, "circle") ||
             module_bounds_type_is(host, node, "arc")) {
    anima_point c = module_json_point(host, node, "center");
    double r = module_json_number(host, node, "r", 0);
    module_box_add(b, (anima_point){c.x - r, c.y - r});
    module_box_add(b, (anima_point){c.x + r, c.y + r});
  } else if (module_bounds_type_is(host, node, "path")) {
    module_bounds_path(host, node, b);
  }
}

/* `node`'s bounds and its descendants' mapped by `to` (the node's space
 * into the box's). Recursion is as deep as the document nests (bounded by
 * the loader's nesting limit). */
static inline void module_bounds_subtree(const anima_host *host,
                                         const anima_json *node,
                                         anima_matrix to, module_box *b) {
  module_box own = {0};
  module_bounds_own(host, node, &own);
  if (own.any) {
    module_box_add_mapped(host, b, to, &own);
  }
  const anima_json *children = host->json_member(node, "children");
  for (size_t i = 0;
       children && host->json_type(children) == ANIMA_JSON_ARRAY &&
       i < host->json_size(children);
       i++) {
    const anima_json *child = host->json_item(children, i);
    module_bounds_subtree(
        host, child, host->matrix_multiply(to, module_authored(host, child)),
        b);
  }
}

/** The rest bounds of `node` (its own geometry and every descendant's,
 * each mapped by its authored rest transform; no stroke) in the node's own
 * space. */
static inline module_box module_rest_bounds(const anima_host *host,
                                            const anima_json *node) {
  module_box b = {0};
  module_bounds_subtree(host, node, (anima_matrix){1, 0, 0, 1, 0, 0}, &b);
  return b;
}

#endif
