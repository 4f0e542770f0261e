/*
 * load_shape.c — clipping and shape attachments (spec §8.4, §8.5;
 * OPENBONE-FORMAT-NOTES.md Part B.5 `Clipping`, `Shape`). Their local
 * outlines do not depend on the pose, so they are built and triangulated
 * (earcut.c) once here; the draw list only moves them into world space.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "instance.h"
#include "load_internal.h"

static const ob_color white = {1, 1, 1, 1};

/* Triangulates the attachment's vertices into `triangles`. */
static void triangulate(ob_loader *loader, const char *pointer,
                        ob_attachment *attachment) {
  size_t n = attachment->vertex_count;
  if (n < 3) {
    return;
  }
  for (size_t i = 0; i < 2 * n; i++) {
    if (!isfinite(attachment->vertices[i])) {
      ob_warning(loader, "bad-value", pointer, NULL,
                 "the outline is not finite; it has no triangles");
      return;
    }
  }
  ob_node_workspace space = {calloc(3 * n, ob_earcut_node_size()), 3 * n};
  size_t capacity = 3 * (n - 2);
  attachment->triangles = malloc(capacity * sizeof(unsigned));
  if (space.nodes == NULL || attachment->triangles == NULL) {
    loader->out_of_memory = true;
    free(space.nodes);
    return;
  }
  long count = ob_earcut(attachment->vertices, n, &space, attachment->triangles,
                         capacity);
  free(space.nodes);
  if (count < 0) {
    ob_warning(loader, "bad-value", pointer, NULL,
               "the outline could not be triangulated; it has no triangles");
    count = 0;
  }
  attachment->triangle_index_count = (size_t)count;
}

/* `vertices` (or `points`): x, y pairs, at most OB_POLYGON_MAXIMUM. */
static double *read_outline(ob_loader *loader, json_t *object,
                            const char *pointer, const char *key, bool required,
                            size_t *points) {
  size_t count = 0;
  double *values = ob_numbers(loader, object, pointer, key, required, &count);
  *points = 0;
  if (values == NULL) {
    return NULL;
  }
  char *at = ob_pointer_key(loader, pointer, key);
  if (count % 2 != 0) {
    ob_error(loader, "bad-value", at, NULL,
             "\"%s\" holds x, y pairs: an even count, not %zu", key, count);
  } else if (count / 2 > OB_POLYGON_MAXIMUM) {
    ob_error(loader, "too-large", at, NULL,
             "\"%s\" has %zu points; at most %d are read", key, count / 2,
             OB_POLYGON_MAXIMUM);
  } else {
    *points = count / 2;
  }
  free(at);
  return values;
}

void ob_read_clipping(ob_loader *loader, json_t *object, const char *pointer,
                      ob_attachment *attachment) {
  ob_check_keys(loader, object, pointer, "type vertices end");
  attachment->vertices = read_outline(loader, object, pointer, "vertices", true,
                                      &attachment->vertex_count);
  attachment->clip_end = -1;
  json_t *end = json_object_get(object, "end");
  char *at = ob_pointer_key(loader, pointer, "end");
  if (json_is_string(end)) {
    attachment->clip_end = ob_lookup(loader->slot_ids, json_string_value(end));
    if (attachment->clip_end < 0) {
      ob_warning(loader, "unknown-reference", at, NULL,
                 "no slot has the id \"%s\" (or it was dropped); the mask "
                 "never ends (spec §8.4)",
                 json_string_value(end));
    }
  } else if (end != NULL && !json_is_null(end)) {
    ob_error(loader, "bad-type", at, NULL, "\"end\" is a slot id or null");
  }
  free(at);
  triangulate(loader, pointer, attachment);
}

/* §8.5 outlines before rotation and offset. */
static size_t rect_outline(double hw, double hh, double radius, double *out) {
  double r = fmin(radius, fmin(hw, hh));
  if (!(r > 0)) {
    double corners[8] = {-hw, -hh, hw, -hh, hw, hh, -hw, hh};
    memcpy(out, corners, sizeof corners);
    return 4;
  }
  const int seg = 8; /* max(2, round(32 / 4)) */
  const double centres[8] = {hw - r,  -hh + r, hw - r,  hh - r,
                             -hw + r, hh - r,  -hw + r, -hh + r};
  const double starts[4] = {-90, 0, 90, 180};
  size_t n = 0;
  for (int corner = 0; corner < 4; corner++) {
    for (int i = 0; i <= seg; i++) {
      double angle = (starts[corner] + 90.0 * i / seg) * OB_DEG;
      out[2 * n] = centres[2 * corner] + cos(angle) * r;
      out[2 * n + 1] = centres[2 * corner + 1] + sin(angle) * r;
      n++;
    }
  }
  return n;
}

static size_t ellipse_outline(double hw, double hh, double *out) {
  for (int i = 0; i < 32; i++) {
    double angle = 2 * 3.14159265358979323846 * i / 32;
    out[2 * i] = cos(angle) * hw;
    out[2 * i + 1] = sin(angle) * hh;
  }
  return 32;
}

void ob_read_shape(ob_loader *loader, json_t *object, const char *pointer,
                   ob_attachment *attachment) {
  ob_check_keys(loader, object, pointer,
                "type kind x y rotation width height radius points fill "
                "stroke");
  int kind = ob_choice(loader, object, pointer, "kind", "rect ellipse polygon",
                       0, false);
  double x = ob_number(loader, object, pointer, "x", 0, false);
  double y = ob_number(loader, object, pointer, "y", 0, false);
  double rotation = ob_number(loader, object, pointer, "rotation", 0, false);
  double hw = ob_number(loader, object, pointer, "width", 0, false) / 2;
  double hh = ob_number(loader, object, pointer, "height", 0, false) / 2;
  double radius = ob_number(loader, object, pointer, "radius", 0, false);
  attachment->color = ob_color_member(loader, object, pointer, "fill", white);
  size_t points = 0;
  double *polygon =
      read_outline(loader, object, pointer, "points", false, &points);
  json_t *stroke = json_object_get(object, "stroke");
  char *at = ob_pointer_key(loader, pointer, "stroke");
  if (json_is_object(stroke)) {
    ob_check_keys(loader, stroke, at, "color width");
    attachment->stroke_width = ob_number(loader, stroke, at, "width", 0, false);
    attachment->stroke_color =
        ob_color_member(loader, stroke, at, "color", white);
    attachment->stroke_alpha = attachment->stroke_color.a;
  } else if (stroke != NULL && !json_is_null(stroke)) {
    ob_error(loader, "bad-type", at, NULL,
             "\"stroke\" is {color, width} or null");
  }
  free(at);
  double *outline = NULL;
  size_t n = 0;
  if (kind == 0) {
    outline = malloc(36 * 2 * sizeof *outline);
    loader->out_of_memory |= outline == NULL;
    n = outline ? rect_outline(hw, hh, radius, outline) : 0;
  } else if (kind == 1) {
    outline = malloc(32 * 2 * sizeof *outline);
    loader->out_of_memory |= outline == NULL;
    n = outline ? ellipse_outline(hw, hh, outline) : 0;
  } else {
    outline = polygon;
    polygon = NULL;
    n = outline ? points : 0;
  }
  free(polygon);
  /* Then rotate by `rotation` and add (x, y) (§8.5). */
  double cosine = cos(rotation * OB_DEG), sine = sin(rotation * OB_DEG);
  for (size_t i = 0; i < n; i++) {
    double px = outline[2 * i], py = outline[2 * i + 1];
    outline[2 * i] = px * cosine - py * sine + x;
    outline[2 * i + 1] = px * sine + py * cosine + y;
  }
  attachment->vertices = outline;
  attachment->vertex_count = n;
  triangulate(loader, pointer, attachment);
}
