/*
 * origin.c — copyTransform's `origin` (SPEC `## rig`, "Constraint fields
 * and evaluation"): a normalized point [u, v] over the target's rest
 * geometric bounds (no stroke), in the target's own space. Bounds come from
 * authored geometry: circles and arcs (their full circle), rects and paths
 * (`d`, with the extrema of its cubic segments); a container unions its
 * descendants' bounds mapped through their authored rest transforms. Node
 * types of other modules contribute no box yet (docs/modules/rig.md).
 */
#include <math.h>
#include <string.h>

#include "rig.h"

typedef struct box {
  bool any;
  double x0, y0, x1, y1;
} box;

static void add_point(box *b, anima_point p) {
  if (!b->any) {
    *b = (box){true, p.x, p.y, p.x, p.y};
    return;
  }
  b->x0 = fmin(b->x0, p.x);
  b->y0 = fmin(b->y0, p.y);
  b->x1 = fmax(b->x1, p.x);
  b->y1 = fmax(b->y1, p.y);
}

static double cubic_at(double a, double b, double c, double d, double t) {
  double u = 1 - t;
  return u * u * u * a + 3 * u * u * t * b + 3 * u * t * t * c + t * t * t * d;
}

/* The extrema of one coordinate of a cubic: roots of its derivative. */
static void cubic_extrema(anima_point p0, const anima_point *q, box *b) {
  for (int axis = 0; axis < 2; axis++) {
    double a = axis ? p0.y : p0.x, bb = axis ? q[0].y : q[0].x,
           c = axis ? q[1].y : q[1].x, d = axis ? q[2].y : q[2].x;
    /* B'(t)/3 = A t² + B t + C */
    double A = -a + 3 * bb - 3 * c + d, B = 2 * (a - 2 * bb + c), C = bb - a;
    double roots[2];
    int n = 0;
    if (fabs(A) < 1e-12) {
      if (fabs(B) > 1e-12) {
        roots[n++] = -C / B;
      }
    } else {
      double disc = B * B - 4 * A * C;
      if (disc >= 0) {
        double s = sqrt(disc);
        roots[n++] = (-B + s) / (2 * A);
        roots[n++] = (-B - s) / (2 * A);
      }
    }
    for (int i = 0; i < n; i++) {
      if (roots[i] > 0 && roots[i] < 1) {
        anima_point p = {cubic_at(p0.x, q[0].x, q[1].x, q[2].x, roots[i]),
                         cubic_at(p0.y, q[0].y, q[1].y, q[2].y, roots[i])};
        add_point(b, p);
      }
    }
  }
}

static void path_box(const anima_json *node, box *b) {
  const char *d = rig_host->json_string(rig_host->json_member(node, "d"), NULL);
  anima_path path;
  anima_path_error error;
  if (!d || rig_host->path_parse(d, strlen(d), &path, &error) != ANIMA_OK) {
    return;
  }
  anima_point current = {0, 0};
  for (size_t i = 0; i < path.count; i++) {
    const anima_segment *s = &path.segments[i];
    if (s->kind == ANIMA_SEGMENT_MOVE || s->kind == ANIMA_SEGMENT_LINE) {
      add_point(b, s->points[0]);
      current = s->points[0];
    } else if (s->kind == ANIMA_SEGMENT_CUBIC) {
      add_point(b, s->points[2]);
      cubic_extrema(current, s->points, b);
      current = s->points[2];
    }
  }
  rig_host->path_release(&path);
}

static bool type_is(const anima_json *node, const char *type) {
  const char *value =
      rig_host->json_string(rig_host->json_member(node, "type"), NULL);
  return value && strcmp(value, type) == 0;
}

static anima_point member_point(const anima_json *node, const char *key) {
  const anima_json *value = rig_host->json_member(node, key);
  return (anima_point){rig_host->json_number(rig_host->json_item(value, 0)),
                       rig_host->json_number(rig_host->json_item(value, 1))};
}

/* The node's own geometry, in its local space. */
static void own_box(const anima_json *node, box *b) {
  if (type_is(node, "circle") || type_is(node, "arc")) {
    anima_point c = member_point(node, "center");
    double r = rig_json_number(node, "r", 0);
    add_point(b, (anima_point){c.x - r, c.y - r});
    add_point(b, (anima_point){c.x + r, c.y + r});
  } else if (type_is(node, "rect")) {
    double x0 = rig_json_number(node, "x0", 0),
           y0 = rig_json_number(node, "y0", 0);
    add_point(b, (anima_point){x0, y0});
    add_point(b, (anima_point){x0 + rig_json_number(node, "w", 0),
                               y0 + rig_json_number(node, "h", 0)});
  } else if (type_is(node, "path")) {
    path_box(node, b);
  }
}

/* The authored rest transform of a child from its JSON. */
static anima_matrix authored(const anima_json *node) {
  anima_point pivot = {0, 0};
  if (!type_is(node, "bone") && rig_host->json_member(node, "pivot")) {
    pivot = member_point(node, "pivot");
  }
  return rig_local(
      rig_json_number(node, "x", 0), rig_json_number(node, "y", 0), pivot,
      rig_json_number(node, "rotate", 0), rig_json_number(node, "scale", 1),
      rig_json_number(node, "scaleX", 1), rig_json_number(node, "scaleY", 1));
}

/* `node`'s bounds and its descendants' mapped by `to` (the descendant's
 * space into the target's). Recursion is as deep as the document nests
 * (bounded by the loader's nesting limit). */
static void subtree_box(const anima_json *node, anima_matrix to, box *b) {
  box own = {0};
  own_box(node, &own);
  if (own.any) {
    add_point(b, rig_apply(to, (anima_point){own.x0, own.y0}));
    add_point(b, rig_apply(to, (anima_point){own.x1, own.y0}));
    add_point(b, rig_apply(to, (anima_point){own.x0, own.y1}));
    add_point(b, rig_apply(to, (anima_point){own.x1, own.y1}));
  }
  const anima_json *children = rig_host->json_member(node, "children");
  for (size_t i = 0; children && i < rig_host->json_size(children); i++) {
    const anima_json *child = rig_host->json_item(children, i);
    subtree_box(child, rig_multiply(to, authored(child)), b);
  }
}

anima_status rig_origin_point(anima_compile *c, size_t target, anima_point uv,
                              anima_point *out) {
  box b = {0};
  subtree_box(rig_host->compile_node_json(c, target), rig_identity(), &b);
  if (!b.any) {
    /* No drawing geometry: the pivot (a zero box at it). */
    *out = rig_node_pivot(c, target);
    return ANIMA_OK;
  }
  out->x = b.x0 + uv.x * (b.x1 - b.x0);
  out->y = b.y0 + uv.y * (b.y1 - b.y0);
  return ANIMA_OK;
}
