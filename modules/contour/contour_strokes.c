/*
 * contour_strokes.c — `stroke.trim` and `stroke.effects` on every stroked
 * node and on the strokes of ordered `paints` entries (SPEC contour
 * chapter, "Sequential and synchronized trim; ordered/shared effects":
 * the modes are about strokes of several subpaths, whatever node draws
 * them; contour.h).
 *
 * A stage hook's compile (site DOCUMENT, after composite's, which compiles
 * the ordered paints this module's entries refer to) walks the document's
 * nodes in pre-order — the model's node order — and gives each such stroke
 * its geometry (host compile_stroke_path):
 *
 *  - over an outline that never changes (a path node's `d`: host
 *    compile_node_outline) as a contour's own stroke: flattened once
 *    (contour_stroke.c);
 *  - over an outline rebuilt every frame (rect, circle, arc, a morphing
 *    path, a contour's ordered paints, a module's node type): the trim's
 *    slots and the effect stack are compiled once; every frame build
 *    receives the outline the frame just built (`build_outline`) and
 *    flattens it by the chapter's rule into the frame's scratch — one or
 *    two polylines of CONTOUR_POINTS_PER_SEGMENT points per outline
 *    segment, at most CONTOUR_EFFECT_POINTS_MAX, reserved when the frame
 *    is created — then trims or applies the stack there. Nothing is
 *    allocated while drawing. An outline that flattens to more points
 *    than reserved fails that frame's build (ANIMA_ERROR_UNSUPPORTED,
 *    anima_draw_frame_error names the stroke): it strokes nothing rather
 *    than a part (docs/DECISIONS.md).
 *
 * A contour node's own stroke is compiled with its path (contour.c).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "contour.h"

/* Per model, per stroke over a rebuilt outline. */
typedef struct outline_stroke {
  size_t points; /* reserved per polyline */
  bool has_trim, synchronized;
  long start_slot, end_slot, offset_slot;
  double start, end, offset; /* rest values when a slot is missing */
  const contour_effect *effects;
  size_t effect_count;
} outline_stroke;

static double member_number(const anima_json *object, const char *key,
                            double fallback) {
  const anima_host *h = contour_host;
  const anima_json *value = object ? h->json_member(object, key) : NULL;
  return value && h->json_type(value) == ANIMA_JSON_NUMBER
             ? h->json_number(value)
             : fallback;
}

/* ---- every frame -------------------------------------------------------- */

static double slot_or(const anima_view *view, long slot, double rest) {
  return slot >= 0 ? contour_host->view_number(view, (size_t)slot, rest) : rest;
}

static anima_status build_trimmed(const anima_view *view,
                                  const outline_stroke *stroke,
                                  const anima_path *outline, anima_path *out,
                                  void *scratch) {
  contour_span span =
      contour_trim_span(slot_or(view, stroke->start_slot, stroke->start),
                        slot_or(view, stroke->end_slot, stroke->end),
                        slot_or(view, stroke->offset_slot, stroke->offset));
  if (!span.visible) {
    return ANIMA_OK; /* nothing */
  }
  if (span.full) {
    return contour_host->path_append(out, outline); /* its cubics */
  }
  contour_polyline line = contour_polyline_on(scratch, stroke->points);
  anima_status status = contour_flatten(outline, &line);
  if (status != ANIMA_OK) {
    return status;
  }
  contour_sink sink = {.path = out, .status = ANIMA_OK};
  contour_trim(&sink, &line, span, stroke->synchronized);
  return sink.status;
}

/* The stack: each effect consumes the previous one's output, the two
 * scratch polylines taking turns; the last writes the path. */
static anima_status build_stacked(const outline_stroke *stroke,
                                  const anima_path *outline, anima_path *out,
                                  void *scratch) {
  if (stroke->effect_count == 0) {
    return contour_host->path_append(out, outline);
  }
  /* one polyline for one effect, two taking turns for more (scratch) */
  unsigned char *memory = scratch;
  size_t bytes = contour_polyline_bytes(stroke->points);
  contour_polyline lines[2];
  lines[0] = contour_polyline_on(memory, stroke->points);
  anima_status status = contour_flatten(outline, &lines[0]);
  for (size_t i = 0; status == ANIMA_OK && i < stroke->effect_count; i++) {
    const contour_polyline *input = &lines[i % 2];
    if (i + 1 == stroke->effect_count) {
      contour_sink sink = {.path = out, .status = ANIMA_OK};
      contour_apply_effect(&stroke->effects[i], input, &sink);
      return sink.status;
    }
    contour_polyline *output = &lines[(i + 1) % 2];
    *output =
        contour_polyline_on(memory + ((i + 1) % 2) * bytes, stroke->points);
    contour_sink sink = {.line = output};
    contour_apply_effect(&stroke->effects[i], input, &sink);
    status = output->status;
  }
  return status;
}

static anima_status build_outline_stroke(const anima_view *view,
                                         const void *data,
                                         const anima_path *outline,
                                         anima_path *out, void *scratch) {
  const outline_stroke *stroke = data;
  return stroke->has_trim ? build_trimmed(view, stroke, outline, out, scratch)
                          : build_stacked(stroke, outline, out, scratch);
}

/* ---- compile ------------------------------------------------------------ */

anima_status contour_compile_outline_stroke(anima_compile *compile,
                                            const contour_stroke_target *target,
                                            size_t max_segments) {
  const anima_host *h = contour_host;
  const anima_json *trim = h->json_member(target->json, "trim");
  const anima_json *effects = h->json_member(target->json, "effects");
  if (!trim && !effects) {
    return ANIMA_OK;
  }
  outline_stroke *stroke = h->compile_alloc(compile, sizeof *stroke);
  if (!stroke) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  size_t segments = max_segments > 0 ? max_segments : 1;
  stroke->points =
      segments > CONTOUR_EFFECT_POINTS_MAX / CONTOUR_POINTS_PER_SEGMENT
          ? CONTOUR_EFFECT_POINTS_MAX
          : segments * CONTOUR_POINTS_PER_SEGMENT;
  size_t polylines = 0;
  if (trim) {
    stroke->has_trim = true;
    const anima_json *mode = h->json_member(trim, "mode");
    stroke->synchronized =
        mode && h->json_type(mode) == ANIMA_JSON_STRING &&
        strcmp(h->json_string(mode, NULL), "synchronized") == 0;
    stroke->start = member_number(trim, "start", 0);
    stroke->end = member_number(trim, "end", 1);
    stroke->offset = member_number(trim, "offset", 0);
    stroke->start_slot = contour_trim_slot(compile, target, "start");
    stroke->end_slot = contour_trim_slot(compile, target, "end");
    stroke->offset_slot = contour_trim_slot(compile, target, "offset");
    polylines = 1;
  } else {
    contour_effect *stack = NULL;
    anima_status status =
        contour_compile_stack(compile, effects, &stack, &stroke->effect_count);
    if (status != ANIMA_OK) {
      return status;
    }
    stroke->effects = stack;
    polylines = stroke->effect_count == 0   ? 0
                : stroke->effect_count == 1 ? 1
                                            : 2;
  }
  /* The path: the whole outline, or what the last operation writes of at
   * most `points` points — two trim ranges or the dashes, each a move per
   * subpath and a line per edge, plus the lines cut at range ends. */
  size_t capacity = 2 * stroke->points + 6 * segments + 8;
  anima_stroke_path_desc desc = {
      .struct_size = sizeof desc,
      .max_segments = capacity > segments ? capacity : segments,
      .data = stroke,
      .ordered = target->ordered,
      .paint = target->paint,
      .scratch_size = polylines * contour_polyline_bytes(stroke->points),
      .build_outline = build_outline_stroke,
  };
  return h->compile_stroke_path(compile, target->node, &desc);
}

/* ---- finding the strokes ------------------------------------------------ */

static bool has_geometry_keys(const anima_json *stroke) {
  const anima_host *h = contour_host;
  return stroke && h->json_type(stroke) == ANIMA_JSON_OBJECT &&
         (h->json_member(stroke, "trim") || h->json_member(stroke, "effects"));
}

/* Gives `target` its geometry over node `node`'s outline. */
static anima_status compile_target(anima_compile *compile,
                                   const contour_stroke_target *target) {
  size_t max_segments = 0;
  const anima_path *fixed =
      contour_host->compile_node_outline(compile, target->node, &max_segments);
  if (fixed) {
    return contour_compile_stroke(compile, target, fixed);
  }
  return contour_compile_outline_stroke(compile, target, max_segments);
}

/* A string built whole at any length (malloc'd; NULL when out of
 * memory). */
static char *text_of(const char *format, ...) ANIMA_PRINTF(1, 2);
static char *text_of(const char *format, ...) {
  va_list args;
  va_start(args, format);
  int length = vsnprintf(NULL, 0, format, args);
  va_end(args);
  char *text = length >= 0 ? malloc((size_t)length + 1) : NULL;
  if (text) {
    va_start(args, format);
    vsnprintf(text, (size_t)length + 1, format, args);
    va_end(args);
  }
  return text;
}

/* The own stroke (other than a contour's) and the ordered paints' strokes
 * of node `node`, whose JSON pointer is `pointer`. */
static anima_status compile_node(anima_compile *compile, size_t node,
                                 const anima_json *json, const char *pointer) {
  const anima_host *h = contour_host;
  const anima_json *type = h->json_member(json, "type");
  bool contour = type && h->json_type(type) == ANIMA_JSON_STRING &&
                 strcmp(h->json_string(type, NULL), "contour") == 0;
  const anima_json *own = h->json_member(json, "stroke");
  anima_status status = ANIMA_OK;
  if (!contour && has_geometry_keys(own)) {
    char *at = text_of("%s/stroke", pointer);
    contour_stroke_target target = {
        .node = node, .json = own, .pointer = at, .address = "stroke"};
    status = at ? compile_target(compile, &target) : ANIMA_ERROR_NO_MEMORY;
    free(at);
  }
  const anima_json *paints = h->json_member(json, "paints");
  size_t count = paints && h->json_type(paints) == ANIMA_JSON_ARRAY
                     ? h->json_size(paints)
                     : 0;
  for (size_t i = 0; status == ANIMA_OK && i < count; i++) {
    const anima_json *entry = h->json_item(paints, i);
    const anima_json *stroke = h->json_type(entry) == ANIMA_JSON_OBJECT
                                   ? h->json_member(entry, "stroke")
                                   : NULL;
    if (!has_geometry_keys(stroke)) {
      continue;
    }
    char *at = text_of("%s/paints/%zu/stroke", pointer, i);
    char *address = text_of("paints.%zu.stroke", i);
    contour_stroke_target target = {.node = node,
                                    .ordered = true,
                                    .paint = i,
                                    .json = stroke,
                                    .pointer = at,
                                    .address = address};
    status = at && address ? compile_target(compile, &target)
                           : ANIMA_ERROR_NO_MEMORY;
    free(at);
    free(address);
  }
  return status;
}

/* Walks node list `list` (pointer `prefix`) in document pre-order, the
 * model's node order; `*next` is the next node index. */
static anima_status walk(anima_compile *compile, const anima_json *list,
                         const char *prefix, size_t *next) {
  const anima_host *h = contour_host;
  anima_status status = ANIMA_OK;
  size_t count =
      h->json_type(list) == ANIMA_JSON_ARRAY ? h->json_size(list) : 0;
  for (size_t i = 0; status == ANIMA_OK && i < count &&
                     *next < h->compile_node_count(compile);
       i++) {
    const anima_json *json = h->json_item(list, i);
    char *pointer = text_of("%s/%zu", prefix, i);
    if (!pointer) {
      return ANIMA_ERROR_NO_MEMORY;
    }
    status = compile_node(compile, (*next)++, json, pointer);
    const anima_json *children = h->json_member(json, "children");
    if (status == ANIMA_OK && children) {
      char *inside = text_of("%s/children", pointer);
      status = inside ? walk(compile, children, inside, next)
                      : ANIMA_ERROR_NO_MEMORY;
      free(inside);
    }
    free(pointer);
  }
  return status;
}

static anima_status strokes_compile(anima_compile *compile,
                                    const anima_site *site, void *user,
                                    void **data) {
  (void)user, (void)data;
  size_t next = 0;
  return walk(compile, contour_host->json_member(site->json, "nodes"), "/nodes",
              &next);
}

anima_status contour_register_strokes(anima_registrar *registrar) {
  static const anima_stage_hook_desc hook = {
      .struct_size = sizeof hook,
      .stage = ANIMA_STAGE_END,
      .feature = CONTOUR_FEATURE,
      .name = "stroke-geometry",
      .lifecycle = {.compile = strokes_compile},
      /* no run: the geometry is built with the frame, not in step */
  };
  return contour_host->add_stage_hook(registrar, &hook);
}
