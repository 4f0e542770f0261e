/*
 * contour_stroke.c — `stroke.trim` and `stroke.effects` over an outline
 * that never changes: a contour's own stroke, a path node's (SPEC contour
 * chapter, "Sequential and synchronized trim; ordered/shared effects";
 * contour.h). Outlines that change with values: contour_strokes.c.
 *
 * The outline is static, so it is flattened once per model. `stroke.trim`
 * keeps the flattened outline and slices it every frame from the values of
 * its animatable fields (`<id>.stroke.trim.start` / `.end` / `.offset`)
 * into the frame's storage; an effect stack is static (the chapter:
 * "changing the stack requires reloading the document"), so its result is
 * computed once. Either way the kernel strokes the path the module builds
 * (host compile_stroke_path) instead of the outline; fills, lengths, hit
 * testing and clips keep the outline. The validation (contour_effects_check
 * .c) has refused everything malformed before this runs.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "contour.h"

typedef struct contour_stroke {
  const anima_path *outline; /* the contour's path (a full trim keeps it) */
  contour_polyline flat;     /* the outline flattened (model memory) */
  bool synchronized;
  long start_slot, end_slot, offset_slot;
  double start, end, offset; /* rest values when a slot is missing */
  const anima_path *result;  /* an effect stack's result (static) */
} contour_stroke;

static double member_number(const anima_json *object, const char *key,
                            double fallback) {
  const anima_host *h = contour_host;
  const anima_json *value = object ? h->json_member(object, key) : NULL;
  return value && h->json_type(value) == ANIMA_JSON_NUMBER
             ? h->json_number(value)
             : fallback;
}

static bool member_is(const anima_json *object, const char *key,
                      const char *text) {
  const anima_host *h = contour_host;
  const anima_json *value = object ? h->json_member(object, key) : NULL;
  return value && h->json_type(value) == ANIMA_JSON_STRING &&
         strcmp(h->json_string(value, NULL), text) == 0;
}

/* A copy of `line` in model memory (it outlives the compile). */
static bool keep_polyline(anima_compile *compile, const contour_polyline *line,
                          contour_polyline *out) {
  const anima_host *h = contour_host;
  *out = (contour_polyline){.count = line->count,
                            .capacity = line->count,
                            .subpath_count = line->subpath_count,
                            .subpath_capacity = line->subpath_count,
                            .flag_capacity = line->subpath_count,
                            .limit = line->count,
                            .status = ANIMA_OK};
  out->points =
      h->compile_alloc(compile, (line->count + 1) * sizeof(anima_point));
  out->firsts =
      h->compile_alloc(compile, (line->subpath_count + 1) * sizeof(size_t));
  out->closed =
      h->compile_alloc(compile, (line->subpath_count + 1) * sizeof(bool));
  if (!out->points || !out->firsts || !out->closed) {
    return false;
  }
  if (line->count > 0) {
    memcpy(out->points, line->points, line->count * sizeof *out->points);
  }
  if (line->subpath_count > 0) {
    memcpy(out->firsts, line->firsts, line->subpath_count * sizeof(size_t));
    memcpy(out->closed, line->closed, line->subpath_count * sizeof(bool));
  }
  return true;
}

/* A polyline as a path in model memory (moves, lines, closes). */
static anima_status keep_path(anima_compile *compile,
                              const contour_polyline *line,
                              const anima_path **out) {
  const anima_host *h = contour_host;
  size_t capacity = line->count + line->subpath_count + 1;
  anima_path *path = h->compile_alloc(compile, sizeof *path);
  anima_segment *segments =
      h->compile_alloc(compile, capacity * sizeof *segments);
  if (!path || !segments) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  *path = (anima_path){.segments = segments,
                       .count = 0,
                       .capacity = capacity,
                       .growable = false};
  contour_polyline copy = *line;
  contour_sink sink = {.path = path, .status = ANIMA_OK};
  contour_trim(&sink, &copy, (contour_span){.visible = true, .full = true},
               false);
  *out = path;
  return sink.status;
}

/* ---- effect stacks ------------------------------------------------------ */

static void read_effect(const anima_json *json, contour_effect *effect) {
  const anima_host *h = contour_host;
  *effect = (contour_effect){0};
  if (member_is(json, "type", "dash")) {
    const anima_json *dash = h->json_member(json, "dash");
    size_t count = dash ? h->json_size(dash) : 0;
    if (count > CONTOUR_DASH_ENTRIES_MAX) {
      count = 0; /* the check refused it */
    }
    for (size_t i = 0; i < count; i++) {
      effect->pattern[i] = h->json_number(h->json_item(dash, i));
      effect->pattern[count + i] = effect->pattern[i]; /* odd: twice */
    }
    effect->dash = true;
    effect->count = count % 2 ? 2 * count : count;
    effect->dash_offset = member_number(json, "offset", 0);
    return;
  }
  effect->start = member_number(json, "start", 0);
  effect->end = member_number(json, "end", 1);
  effect->offset = member_number(json, "offset", 0);
  effect->synchronized = member_is(json, "mode", "synchronized");
}

anima_status contour_compile_stack(anima_compile *compile,
                                   const anima_json *effects,
                                   contour_effect **out, size_t *count) {
  const anima_host *h = contour_host;
  const anima_json *shared =
      h->json_member(h->compile_document(compile), "effects");
  /* Two passes: count the expanded stack, then read it. */
  size_t total = 0;
  for (int pass = 0; pass < 2; pass++) {
    if (pass == 1) {
      *out = h->compile_alloc(compile, (total ? total : 1) * sizeof **out);
      if (!*out) {
        return ANIMA_ERROR_NO_MEMORY;
      }
      *count = total;
    }
    size_t at = 0;
    for (size_t i = 0; i < h->json_size(effects); i++) {
      const anima_json *item = h->json_item(effects, i);
      if (h->json_type(item) != ANIMA_JSON_STRING) {
        if (pass == 1) {
          read_effect(item, &(*out)[at]);
        }
        at++;
        continue;
      }
      const anima_json *stack =
          shared ? h->json_member(shared, h->json_string(item, NULL)) : NULL;
      if (!stack || h->json_type(stack) != ANIMA_JSON_ARRAY) {
        return ANIMA_ERROR_INVALID_ARGUMENT; /* the check refused it */
      }
      for (size_t j = 0; j < h->json_size(stack); j++) {
        if (pass == 1) {
          read_effect(h->json_item(stack, j), &(*out)[at]);
        }
        at++;
      }
    }
    total = at;
  }
  return ANIMA_OK;
}

void contour_apply_effect(const contour_effect *effect,
                          const contour_polyline *line, contour_sink *sink) {
  if (effect->dash) {
    if (effect->count > 0) {
      contour_dash(sink, line, effect->pattern, effect->count,
                   effect->dash_offset);
    }
    return;
  }
  contour_trim(sink, line,
               contour_trim_span(effect->start, effect->end, effect->offset),
               effect->synchronized);
}

/* Applies `effects` to `*line` at compile, replacing it. */
static anima_status apply_stack(const contour_effect *effects, size_t count,
                                contour_polyline *line) {
  for (size_t i = 0; i < count; i++) {
    contour_polyline next = {.limit = CONTOUR_EFFECT_POINTS_MAX};
    contour_sink sink = {.line = &next};
    contour_apply_effect(&effects[i], line, &sink);
    contour_polyline_free(line);
    *line = next;
    if (next.status != ANIMA_OK) {
      return next.status;
    }
  }
  return ANIMA_OK;
}

/* ---- every frame -------------------------------------------------------- */

static anima_status build_trim(const anima_view *view, const void *data,
                               anima_path *out) {
  const anima_host *h = contour_host;
  const contour_stroke *stroke = data;
  double start =
      stroke->start_slot >= 0
          ? h->view_number(view, (size_t)stroke->start_slot, stroke->start)
          : stroke->start;
  double end = stroke->end_slot >= 0
                   ? h->view_number(view, (size_t)stroke->end_slot, stroke->end)
                   : stroke->end;
  double offset =
      stroke->offset_slot >= 0
          ? h->view_number(view, (size_t)stroke->offset_slot, stroke->offset)
          : stroke->offset;
  contour_span span = contour_trim_span(start, end, offset);
  if (span.full) {
    return h->path_append(out, stroke->outline); /* all geometry, cubics */
  }
  contour_sink sink = {.path = out, .status = ANIMA_OK};
  contour_trim(&sink, &stroke->flat, span, stroke->synchronized);
  return sink.status;
}

static anima_status build_result(const anima_view *view, const void *data,
                                 anima_path *out) {
  (void)view;
  const contour_stroke *stroke = data;
  return contour_host->path_append(out, stroke->result);
}

/* ---- compile ------------------------------------------------------------ */

void contour_report_stroke_limit(anima_compile *compile,
                                 const contour_stroke_target *target,
                                 const char *key) {
  const anima_host *h = contour_host;
  char pointer[512];
  snprintf(pointer, sizeof pointer, "%s/%s", target->pointer, key);
  h->compile_report(compile, "limit-exceeded", pointer,
                    "simplify the outline, or use longer dashes",
                    "the stroke geometry of node \"%s\" needs more than %d "
                    "points",
                    h->compile_node_id(compile, target->node),
                    CONTOUR_EFFECT_POINTS_MAX);
}

long contour_trim_slot(anima_compile *compile,
                       const contour_stroke_target *target, const char *field) {
  char address[128];
  snprintf(address, sizeof address, "%s.trim.%s", target->address, field);
  return contour_host->compile_find_slot(compile, target->node, address);
}

anima_status contour_compile_stroke(anima_compile *compile,
                                    const contour_stroke_target *target,
                                    const anima_path *outline) {
  const anima_host *h = contour_host;
  const anima_json *json = target->json;
  const anima_json *trim = json ? h->json_member(json, "trim") : NULL;
  const anima_json *effects = json ? h->json_member(json, "effects") : NULL;
  if (!trim && !effects) {
    return ANIMA_OK;
  }
  contour_stroke *stroke = h->compile_alloc(compile, sizeof *stroke);
  if (!stroke) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  stroke->outline = outline;
  contour_polyline line = {.limit = CONTOUR_EFFECT_POINTS_MAX};
  anima_status status = contour_flatten(outline, &line);
  anima_stroke_path_desc desc = {.struct_size = sizeof desc,
                                 .data = stroke,
                                 .ordered = target->ordered,
                                 .paint = target->paint};
  if (status == ANIMA_OK && trim) {
    stroke->synchronized = member_is(trim, "mode", "synchronized");
    stroke->start = member_number(trim, "start", 0);
    stroke->end = member_number(trim, "end", 1);
    stroke->offset = member_number(trim, "offset", 0);
    stroke->start_slot = contour_trim_slot(compile, target, "start");
    stroke->end_slot = contour_trim_slot(compile, target, "end");
    stroke->offset_slot = contour_trim_slot(compile, target, "offset");
    status = keep_polyline(compile, &line, &stroke->flat)
                 ? ANIMA_OK
                 : ANIMA_ERROR_NO_MEMORY;
    size_t capacity = contour_trim_capacity(&line);
    desc.max_segments = capacity > outline->count ? capacity : outline->count;
    desc.build = build_trim;
  } else if (status == ANIMA_OK) {
    contour_effect *stack = NULL;
    size_t count = 0;
    status = contour_compile_stack(compile, effects, &stack, &count);
    if (status == ANIMA_OK) {
      status = apply_stack(stack, count, &line);
    }
    if (status == ANIMA_OK) {
      if (count > 0) {
        status = keep_path(compile, &line, &stroke->result);
      } else {
        stroke->result = outline; /* an empty stack keeps the outline */
      }
    }
    desc.max_segments = stroke->result ? stroke->result->count : 0;
    desc.build = build_result;
  }
  contour_polyline_free(&line);
  if (status == ANIMA_ERROR_UNSUPPORTED) {
    contour_report_stroke_limit(compile, target, trim ? "trim" : "effects");
  }
  if (status != ANIMA_OK) {
    return status;
  }
  return h->compile_stroke_path(compile, target->node, &desc);
}

/* ---- registration ------------------------------------------------------- */

static const char *const trim_modes[] = {"sequential", "synchronized", NULL};

static const anima_kind_desc kinds[] = {
    {.name = "contour-trim",
     .feature = CONTOUR_FEATURE,
     .description = "A stroke's trim: the span start..end of its "
                    "length, from (start + offset) mod 1, over all subpaths "
                    "in order (sequential) or each subpath (synchronized)."},
};

static const anima_field_desc fields[] = {
    {.owner = "stroke",
     .name = "trim",
     .feature = CONTOUR_FEATURE,
     .kind = ANIMA_FIELD_OBJECT,
     .item_kind = "contour-trim",
     .minimum = -INFINITY,
     .maximum = INFINITY,
     .markup_form = ANIMA_MARKUP_JSON,
     .description = "{start, end, offset, mode}: trims the stroke by "
                    "Euclidean length, over all subpaths in order or each "
                    "subpath (AniML: a JSON-valued attribute)."},
    {.owner = "stroke",
     .name = "effects",
     .feature = CONTOUR_FEATURE,
     .kind = ANIMA_FIELD_CUSTOM,
     .minimum = -INFINITY,
     .maximum = INFINITY,
     .markup_form = ANIMA_MARKUP_JSON,
     .description = "Ordered trim and dash effects ({type: \"trim\", ...}, "
                    "{type: \"dash\", dash: [...], offset}) and names of the "
                    "document's shared stacks, each consuming the previous "
                    "one's output (static; AniML: a JSON-valued "
                    "attribute)."},
    {.owner = "document",
     .name = "effects",
     .markup_name = "effects",
     .feature = CONTOUR_FEATURE,
     .kind = ANIMA_FIELD_CUSTOM,
     .minimum = -INFINITY,
     .maximum = INFINITY,
     .markup_form = ANIMA_MARKUP_JSON,
     .description = "Shared effect stacks: names to arrays of trim and dash "
                    "effect objects, expanded at each stroke naming them "
                    "(AniML: a JSON-valued root attribute)."},
    {.owner = "contour-trim",
     .name = "start",
     .feature = CONTOUR_FEATURE,
     .kind = ANIMA_FIELD_NUMBER,
     .minimum = 0,
     .maximum = 1,
     .default_json = "0",
     .description = "Where the kept span starts, a fraction of the length "
                    "(animatable: <id>.stroke.trim.start)."},
    {.owner = "contour-trim",
     .name = "end",
     .feature = CONTOUR_FEATURE,
     .kind = ANIMA_FIELD_NUMBER,
     .minimum = 0,
     .maximum = 1,
     .default_json = "1",
     .description = "Where the kept span ends; end - start <= 0 draws "
                    "nothing (animatable: <id>.stroke.trim.end)."},
    {.owner = "contour-trim",
     .name = "offset",
     .feature = CONTOUR_FEATURE,
     .kind = ANIMA_FIELD_NUMBER,
     .minimum = -ANIMA_PATH_NUMBER_LIMIT,
     .maximum = ANIMA_PATH_NUMBER_LIMIT,
     .default_json = "0",
     .description = "Moves the span by this fraction of one turn, wrapping "
                    "at one (animatable: <id>.stroke.trim.offset)."},
    {.owner = "contour-trim",
     .name = "mode",
     .feature = CONTOUR_FEATURE,
     .kind = ANIMA_FIELD_ENUM,
     .options = trim_modes,
     .minimum = -INFINITY,
     .maximum = INFINITY,
     .default_json = "\"sequential\"",
     .description = "sequential: one length over all subpaths in order; "
                    "synchronized: the same fractions on each subpath "
                    "(static)."},
};

#define TRIM_PROPERTY(address_, minimum_, maximum_, rest_, text_)              \
  {                                                                            \
    .owner = "painted", .address = address_, .feature = CONTOUR_FEATURE,       \
    .type = ANIMA_VALUE_NUMBER, .animation = ANIMA_ANIMATION_INTERPOLATED,     \
    .minimum = minimum_, .maximum = maximum_,                                  \
    .default_value = {.type = ANIMA_VALUE_NUMBER, .as.number = rest_},         \
    .description = text_                                                       \
  }

static const anima_property_desc properties[] = {
    TRIM_PROPERTY("stroke.trim.start", 0, 1, 0,
                  "Start of the stroke's trim, a fraction."),
    TRIM_PROPERTY("stroke.trim.end", 0, 1, 1,
                  "End of the stroke's trim, a fraction."),
    TRIM_PROPERTY("stroke.trim.offset", -INFINITY, INFINITY, 0,
                  "Offset of the stroke's trim, in turns."),
};

anima_status contour_register_effects(anima_registrar *registrar) {
  const anima_host *h = contour_host;
  anima_status status = ANIMA_OK;
  ANIMA_ADD_EACH(status, h->add_kind, registrar, kinds);
  ANIMA_ADD_EACH(status, h->add_field, registrar, fields);
  ANIMA_ADD_EACH(status, h->add_property, registrar, properties);
  return status == ANIMA_OK ? contour_register_effects_check(registrar)
                            : status;
}
