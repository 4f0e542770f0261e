/*
 * contour_vertices.c — a vertex object to a resolved contour_vertex
 * (contour.h; SPEC contour chapter, the vertex table).
 */
#include <math.h>
#include <string.h>

#include "contour.h"

static const char *const kind_names[] = {[CONTOUR_STRAIGHT] = "straight",
                                         [CONTOUR_MIRRORED] = "mirrored",
                                         [CONTOUR_ASYMMETRIC] = "asymmetric",
                                         [CONTOUR_DETACHED] = "detached",
                                         [CONTOUR_ROUNDED] = "rounded"};

bool contour_kind_named(const char *name, contour_kind *kind) {
  for (size_t i = 0; name && i < sizeof kind_names / sizeof *kind_names; i++) {
    if (strcmp(name, kind_names[i]) == 0) {
      *kind = (contour_kind)i;
      return true;
    }
  }
  return false;
}

/* `[x, y]` member `key` of `object` into `out`; absent: (0, 0). False for
 * anything but two finite numbers. */
static bool read_pair(const anima_json *object, const char *key,
                      anima_point *out) {
  const anima_host *h = contour_host;
  const anima_json *pair = h->json_member(object, key);
  *out = (anima_point){0, 0};
  if (!pair) {
    return true;
  }
  if (h->json_type(pair) != ANIMA_JSON_ARRAY || h->json_size(pair) != 2) {
    return false;
  }
  const anima_json *x = h->json_item(pair, 0), *y = h->json_item(pair, 1);
  if (h->json_type(x) != ANIMA_JSON_NUMBER ||
      h->json_type(y) != ANIMA_JSON_NUMBER) {
    return false;
  }
  *out = (anima_point){h->json_number(x), h->json_number(y)};
  return isfinite(out->x) && isfinite(out->y);
}

bool contour_read_vertex(const anima_json *json, anima_point origin,
                         contour_vertex *out) {
  const anima_host *h = contour_host;
  *out = (contour_vertex){0};
  const anima_json *kind = h->json_member(json, "kind");
  if (!kind || h->json_type(kind) != ANIMA_JSON_STRING ||
      !contour_kind_named(h->json_string(kind, NULL), &out->kind) ||
      !h->json_member(json, "point") ||
      !read_pair(json, "point", &out->point)) {
    return false;
  }
  out->point.x -= origin.x;
  out->point.y -= origin.y;
  switch (out->kind) {
  case CONTOUR_MIRRORED: {
    anima_point handle;
    if (!read_pair(json, "handle", &handle)) {
      return false;
    }
    out->out = handle;
    out->in = (anima_point){-handle.x, -handle.y};
    return true;
  }
  case CONTOUR_ASYMMETRIC: {
    anima_point incoming;
    if (!read_pair(json, "outgoing", &out->out) ||
        !read_pair(json, "incoming", &incoming)) {
      return false;
    }
    /* Incoming gives a length only, laid opposite the outgoing direction. */
    double direction = hypot(out->out.x, out->out.y);
    double length = hypot(incoming.x, incoming.y);
    if (direction > 0) {
      out->in = (anima_point){-out->out.x / direction * length,
                              -out->out.y / direction * length};
    }
    return true;
  }
  case CONTOUR_DETACHED:
    return read_pair(json, "outgoing", &out->out) &&
           read_pair(json, "incoming", &out->in);
  case CONTOUR_ROUNDED: {
    const anima_json *radius = h->json_member(json, "radius");
    if (radius) {
      if (h->json_type(radius) != ANIMA_JSON_NUMBER) {
        return false;
      }
      out->radius = h->json_number(radius);
    }
    return out->radius >= 0 && isfinite(out->radius);
  }
  case CONTOUR_STRAIGHT:
  default:
    return true;
  }
}
