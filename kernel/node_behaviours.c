/*
 * node_behaviours.c — the kernel's own node behaviours (module.h
 * anima_node_behaviour_desc): group, path, circle, rect and arc (SPEC §4),
 * registered like a module's, so drawing and hit testing know node types
 * only through their behaviours.
 */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "host_internal.h"
#include "node_behaviours.h"

static double number_or(const json_t *value, double fallback) {
  return json_is_number(value) ? json_number_value(value) : fallback;
}

static double slot_number(const anima_view *view, long slot, double fallback) {
  return slot < 0 ? fallback : anima_view_number(view, (size_t)slot, fallback);
}

static double at_least_zero(double value) {
  return value > 0 ? value : 0;
}

static size_t shape_segments(const void *data, void *user) {
  (void)data, (void)user;
  return ANIMA_SHAPE_OUTLINE_SEGMENTS;
}

/* ---- path: the outline of `d` or of its glyph's subpaths (SPEC §3) ------ */

static void path_release(void *data, void *user) {
  (void)user;
  anima_path_release(data);
}

static anima_status path_compile(anima_compile *compile, const anima_site *site,
                                 void *user, void **data) {
  (void)user;
  const json_t *node = (const json_t *)site->json;
  const json_t *d = json_object_get(node, "d");
  const json_t *glyph = json_object_get(node, "glyph");
  if (!json_is_string(d) && json_is_string(glyph)) {
    const json_t *glyphs = json_object_get(
        (const json_t *)anima_compile_document(compile), "glyphs");
    d = json_object_get(json_object_get(glyphs, json_string_value(glyph)), "d");
  }
  if (!json_is_string(d)) {
    return ANIMA_ERROR_INVALID_DOCUMENT;
  }
  anima_path parsed;
  anima_status status = anima_path_parse(json_string_value(d),
                                         json_string_length(d), &parsed, NULL);
  if (status != ANIMA_OK) {
    return status;
  }
  anima_path *outline = anima_compile_alloc(compile, sizeof *outline);
  if (!outline) {
    anima_path_release(&parsed);
    return ANIMA_ERROR_NO_MEMORY;
  }
  const json_t *subpaths = json_object_get(node, "subpaths");
  if (!json_is_array(subpaths)) {
    *outline = parsed;
    *data = outline;
    return ANIMA_OK;
  }
  size_t count = json_array_size(subpaths);
  size_t *indices = malloc((count ? count : 1) * sizeof *indices);
  if (!indices) {
    anima_path_release(&parsed);
    return ANIMA_ERROR_NO_MEMORY;
  }
  for (size_t i = 0; i < count; i++) {
    double value = number_or(json_array_get(subpaths, i), -1);
    indices[i] = value >= 0 ? (size_t)value : (size_t)-1;
  }
  anima_path_init(outline);
  status = anima_path_select_subpaths(outline, &parsed, indices, count, NULL);
  free(indices);
  anima_path_release(&parsed);
  if (status != ANIMA_OK) {
    anima_path_release(outline);
    return status;
  }
  *data = outline;
  return ANIMA_OK;
}

static size_t path_segments(const void *data, void *user) {
  (void)user;
  return data ? ((const anima_path *)data)->count : 0;
}

static anima_status path_outline(const anima_view *view, const void *data,
                                 anima_path *out, void *user) {
  (void)view, (void)user;
  return anima_path_append(out, data);
}

static double path_length(const anima_view *view, const void *data,
                          void *user) {
  (void)view, (void)user;
  return anima_path_length(data);
}

/* ---- circle, rect and arc: static geometry and their slots --------------- */

typedef struct shape_data {
  double x, y;      /* circle/arc `center`; rect (x0, y0) */
  long r, w, h, rx; /* slots or -1 */
  long from, to;    /* arc */
} shape_data;

static anima_status shape_compile(anima_compile *compile,
                                  const anima_site *site, void *user,
                                  void **data) {
  (void)user;
  shape_data *shape = anima_compile_alloc(compile, sizeof *shape);
  if (!shape) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  const json_t *node = (const json_t *)site->json;
  const json_t *center = json_object_get(node, "center");
  if (center) {
    shape->x = number_or(json_array_get(center, 0), 0);
    shape->y = number_or(json_array_get(center, 1), 0);
  } else {
    shape->x = number_or(json_object_get(node, "x0"), 0);
    shape->y = number_or(json_object_get(node, "y0"), 0);
  }
  size_t index = (size_t)site->node;
  shape->r = anima_compile_find_slot(compile, index, "r");
  shape->w = anima_compile_find_slot(compile, index, "w");
  shape->h = anima_compile_find_slot(compile, index, "h");
  shape->rx = anima_compile_find_slot(compile, index, "rx");
  shape->from = anima_compile_find_slot(compile, index, "from");
  shape->to = anima_compile_find_slot(compile, index, "to");
  *data = shape;
  return ANIMA_OK;
}

static anima_status circle_outline(const anima_view *view, const void *data,
                                   anima_path *out, void *user) {
  (void)user;
  const shape_data *shape = data;
  return anima_path_add_circle(out, shape->x, shape->y,
                               slot_number(view, shape->r, 0));
}

static double circle_length(const anima_view *view, const void *data,
                            void *user) {
  (void)user;
  const shape_data *shape = data;
  return anima_circle_length(at_least_zero(slot_number(view, shape->r, 0)));
}

static anima_status rect_outline(const anima_view *view, const void *data,
                                 anima_path *out, void *user) {
  (void)user;
  const shape_data *shape = data;
  return anima_path_add_rect(
      out, shape->x, shape->y, slot_number(view, shape->w, 0),
      slot_number(view, shape->h, 0), slot_number(view, shape->rx, 0));
}

static double rect_length(const anima_view *view, const void *data,
                          void *user) {
  (void)user;
  const shape_data *shape = data;
  return anima_rect_length(at_least_zero(slot_number(view, shape->w, 0)),
                           at_least_zero(slot_number(view, shape->h, 0)),
                           at_least_zero(slot_number(view, shape->rx, 0)));
}

static anima_status arc_outline(const anima_view *view, const void *data,
                                anima_path *out, void *user) {
  (void)user;
  const shape_data *shape = data;
  return anima_path_add_arc(
      out, shape->x, shape->y, slot_number(view, shape->r, 0),
      slot_number(view, shape->from, 0), slot_number(view, shape->to, 0));
}

static double arc_length(const anima_view *view, const void *data, void *user) {
  (void)user;
  const shape_data *shape = data;
  return anima_arc_length(at_least_zero(slot_number(view, shape->r, 0)),
                          slot_number(view, shape->from, 0),
                          slot_number(view, shape->to, 0));
}

/* ---- registration ------------------------------------------------------- */

anima_status anima_core_register_behaviours(anima_registry *registry) {
  static const anima_node_behaviour_desc behaviours[] = {
      {.struct_size = sizeof(anima_node_behaviour_desc),
       .node_type = "group",
       .flags = ANIMA_BEHAVIOUR_CONTAINER},
      {.struct_size = sizeof(anima_node_behaviour_desc),
       .node_type = "path",
       .flags = ANIMA_BEHAVIOUR_OUTLINE | ANIMA_BEHAVIOUR_FIXED_OUTLINE,
       .lifecycle = {.compile = path_compile, .release = path_release},
       .max_segments = path_segments,
       .outline = path_outline,
       .length = path_length},
      {.struct_size = sizeof(anima_node_behaviour_desc),
       .node_type = "circle",
       .flags = ANIMA_BEHAVIOUR_OUTLINE,
       .lifecycle = {.compile = shape_compile},
       .max_segments = shape_segments,
       .outline = circle_outline,
       .length = circle_length},
      {.struct_size = sizeof(anima_node_behaviour_desc),
       .node_type = "rect",
       .flags = ANIMA_BEHAVIOUR_OUTLINE,
       .lifecycle = {.compile = shape_compile},
       .max_segments = shape_segments,
       .outline = rect_outline,
       .length = rect_length},
      {.struct_size = sizeof(anima_node_behaviour_desc),
       .node_type = "arc",
       .flags = ANIMA_BEHAVIOUR_OUTLINE,
       .lifecycle = {.compile = shape_compile},
       .max_segments = shape_segments,
       .outline = arc_outline,
       .length = arc_length},
  };
  for (size_t i = 0; i < sizeof behaviours / sizeof behaviours[0]; i++) {
    anima_status status = anima_registry_add_behaviour(
        registry, ANIMA_BEHAVIOUR_NODE, &behaviours[i], sizeof behaviours[i],
        NULL, 0);
    if (status != ANIMA_OK) {
      return status;
    }
  }
  return ANIMA_OK;
}
