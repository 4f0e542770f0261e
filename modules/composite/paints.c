/*
 * paints.c — ordered paints, paint visibility and stroke placement (SPEC
 * composite, "Ordered paints and visibility", "Stroke placement"):
 *
 *   paints           on a painted node, instead of `fill` and `stroke`: a
 *                    nonempty array of {fill: {...}} or {stroke: {...}}
 *                    entries (exactly one each, with the same fields as a
 *                    single fill or stroke: colours, gradients, widths,
 *                    dashes); later entries paint over earlier ones.
 *                    Static structure; addresses
 *                    <id>.paints.<i>.<fill|stroke>.<field>
 *                    (paint_properties.c). AniML: one `<paint>` element per
 *                    entry, its paint flattened (`<paint stroke="#000"
 *                    stroke-width="2"/>`).
 *   fill.visible,    default true, hold-only animatable, on single paints
 *   stroke.visible   (<id>.fill.visible, <id>.stroke.visible) and entries
 *                    (<id>.paints.<i>.fill.visible); AniML fill-visible,
 *                    stroke-visible
 *   stroke.position  center (default), inside (twice the width, clipped to
 *                    the filled outline) or outside (twice the width, the
 *                    filled outline removed); the fill draws once, before
 *                    the stroke. Static; single strokes only. AniML
 *                    stroke-position
 *
 * Diagnostics: paint-conflict for `paints` beside `fill`/`stroke` (at
 * /paints), an entry with both (at the second) and a noncenter position
 * among ordered paints (at its position); an entry with neither is
 * missing-key; an empty array bad-value; and the core's paint rules for
 * entries: arc-fill, trim-multi-subpath.
 *
 * Lowering: every painted node with a paint gets its layers from
 * compile_node_paints — its entries, or its single fill then stroke —
 * with each paint's `visible` slot and the stroke's placement.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "composite.h"

static const char *const stroke_positions[] = {"center", "inside", "outside",
                                               NULL};

#define FIELD(owner_, name_, kind_)                                            \
  .owner = owner_, .name = name_, .kind = kind_, .feature = COMPOSITE_FEATURE, \
  .minimum = -INFINITY, .maximum = INFINITY

#define VISIBLE_PROPERTY(address_, alias_, text_)                              \
  {                                                                            \
    .owner = "painted", .address = address_, .markup_address = alias_,         \
    .feature = COMPOSITE_FEATURE, .type = ANIMA_VALUE_BOOL,                    \
    .animation = ANIMA_ANIMATION_HOLD, .minimum = -INFINITY,                   \
    .maximum = INFINITY,                                                       \
    .default_value = {.type = ANIMA_VALUE_BOOL, .as.boolean = true},           \
    .description = text_                                                       \
  }

anima_status composite_register_paints(anima_registrar *registrar) {
  const anima_host *host = composite_host;
  static const anima_kind_desc kind = {
      .name = "composite-paint",
      .element = "paint",
      .feature = COMPOSITE_FEATURE,
      .description = "One entry of ordered paints: a fill or a stroke (SPEC "
                     "composite, \"Ordered paints and visibility\")."};
  static const anima_field_desc fields[] = {
      {FIELD("painted", "paints", ANIMA_FIELD_ARRAY),
       .item_kind = "composite-paint",
       .description = "Fills and strokes painted in order, later over "
                      "earlier, instead of fill and stroke; static "
                      "structure."},
      {FIELD("composite-paint", "fill", ANIMA_FIELD_OBJECT),
       .item_kind = "fill", .markup_form = ANIMA_MARKUP_FLATTENED,
       .one_of = "paint", .required = true, .conflict_code = "paint-conflict",
       .description = "A fill, with the fields of a node's fill."},
      {FIELD("composite-paint", "stroke", ANIMA_FIELD_OBJECT),
       .item_kind = "stroke", .markup_form = ANIMA_MARKUP_FLATTENED,
       .one_of = "paint", .required = true, .conflict_code = "paint-conflict",
       .description = "A stroke, with the fields of a node's stroke."},
      {FIELD("fill", "visible", ANIMA_FIELD_BOOL), .default_json = "true",
       .description = "Whether the fill paints; hold-only animatable."},
      {FIELD("stroke", "visible", ANIMA_FIELD_BOOL), .default_json = "true",
       .description = "Whether the stroke paints; hold-only animatable."},
      {FIELD("stroke", "position", ANIMA_FIELD_ENUM),
       .options = stroke_positions, .default_json = "\"center\"",
       .description = "center (default), inside (twice the width clipped to "
                      "the filled outline) or outside (twice the width "
                      "outside it); static; single strokes only."},
  };
  static const anima_property_desc properties[] = {
      VISIBLE_PROPERTY("fill.visible", "fillVisible",
                       "Whether the fill paints (hold only)."),
      VISIBLE_PROPERTY("stroke.visible", "strokeVisible",
                       "Whether the stroke paints (hold only)."),
  };
  anima_status status = host->add_kind(registrar, &kind);
  ANIMA_ADD_EACH(status, host->add_field, registrar, fields);
  ANIMA_ADD_EACH(status, host->add_property, registrar, properties);
  return status;
}

/* ------------------------------------------------------------------------ */
/* Checks                                                                    */
/* ------------------------------------------------------------------------ */

/* Subpaths a path node draws (its `d`, or its glyph's subpaths); 0 when
 * unknown (reported by the core). */
static size_t subpath_count(anima_check *check, const anima_json *node) {
  const anima_host *host = composite_host;
  const char *type = composite_string(node, "type");
  if (!type || strcmp(type, "path") != 0) {
    return 0;
  }
  const anima_json *subpaths = host->json_member(node, "subpaths");
  if (subpaths && host->json_type(subpaths) == ANIMA_JSON_ARRAY) {
    return host->json_size(subpaths);
  }
  const char *data = composite_string(node, "d");
  if (!data) {
    const anima_json *glyphs =
        host->json_member(host->check_document(check), "glyphs");
    const char *glyph = composite_string(node, "glyph");
    const anima_json *entry =
        glyph && glyphs && host->json_type(glyphs) == ANIMA_JSON_OBJECT
            ? host->json_member(glyphs, glyph)
            : NULL;
    data = composite_string(entry, "d");
  }
  if (!data) {
    return 0;
  }
  anima_path path = {0};
  anima_path_error error;
  size_t count = 0;
  if (host->path_parse(data, strlen(data), &path, &error) == ANIMA_OK) {
    for (size_t i = 0; i < path.count; i++) {
      count += path.segments[i].kind == ANIMA_SEGMENT_MOVE;
    }
  }
  host->path_release(&path);
  return count;
}

static const char *const trim_keys[] = {"trimStart", "trimEnd", "trimOffset"};

static void check_entry(anima_check *check, const composite_tree *tree,
                        size_t node, size_t index, const anima_json *entry,
                        size_t subpaths) {
  const anima_host *host = composite_host;
  char pointer[COMPOSITE_POINTER_SIZE], number[32];
  snprintf(number, sizeof number, "%zu", index);
  const char *type = composite_string(tree->json[node], "type");
  const anima_json *fill = host->json_member(entry, "fill");
  const anima_json *stroke = host->json_member(entry, "stroke");
  if (fill && type && strcmp(type, "arc") == 0) {
    snprintf(pointer, sizeof pointer, "%s", tree->pointer[node]);
    composite_pointer_append(pointer, sizeof pointer, "paints");
    composite_pointer_append(pointer, sizeof pointer, number);
    composite_pointer_append(pointer, sizeof pointer, "fill");
    host->check_report(check, "arc-fill", ANIMA_SEVERITY_ERROR, pointer,
                       "remove this entry; an arc takes strokes only",
                       "an arc is stroke only; it cannot have a fill");
  }
  if (!stroke || host->json_type(stroke) != ANIMA_JSON_OBJECT) {
    return;
  }
  snprintf(pointer, sizeof pointer, "%s", tree->pointer[node]);
  composite_pointer_append(pointer, sizeof pointer, "paints");
  composite_pointer_append(pointer, sizeof pointer, number);
  composite_pointer_append(pointer, sizeof pointer, "stroke");
  size_t base = strlen(pointer);
  const char *position = composite_string(stroke, "position");
  if (position && strcmp(position, "center") != 0) {
    composite_pointer_append(pointer, sizeof pointer, "position");
    host->check_report(check, "paint-conflict", ANIMA_SEVERITY_ERROR, pointer,
                       "remove \"position\" (ordered strokes are centred), "
                       "or use a single \"stroke\" instead of \"paints\"",
                       "a stroke among ordered paints cannot be placed "
                       "\"%s\": multiple paints require center position",
                       position);
    pointer[base] = '\0';
  }
  for (size_t i = 0; subpaths > 1 && i < COMPOSITE_COUNT(trim_keys); i++) {
    if (host->json_member(stroke, trim_keys[i])) {
      composite_pointer_append(pointer, sizeof pointer, trim_keys[i]);
      host->check_report(check, "trim-multi-subpath", ANIMA_SEVERITY_ERROR,
                         pointer,
                         "select one subpath with \"subpaths\", or split the "
                         "path into one node per subpath",
                         "the stroke is trimmed but the path draws %zu "
                         "subpaths",
                         subpaths);
      break;
    }
  }
}

void composite_check_paints(anima_check *check, const composite_tree *tree) {
  const anima_host *host = composite_host;
  for (size_t node = 0; node < tree->count; node++) {
    const anima_json *paints = host->json_member(tree->json[node], "paints");
    if (!paints || host->json_type(paints) != ANIMA_JSON_ARRAY) {
      continue; /* absent, or its type was reported */
    }
    char pointer[COMPOSITE_POINTER_SIZE];
    snprintf(pointer, sizeof pointer, "%s", tree->pointer[node]);
    composite_pointer_append(pointer, sizeof pointer, "paints");
    bool fill = host->json_member(tree->json[node], "fill") != NULL;
    bool stroke = host->json_member(tree->json[node], "stroke") != NULL;
    if (fill || stroke) {
      host->check_report(
          check, "paint-conflict", ANIMA_SEVERITY_ERROR, pointer,
          fill ? "move the fill into \"paints\" as {\"fill\": {...}}, or "
                 "remove \"paints\""
               : "move the stroke into \"paints\" as {\"stroke\": {...}}, or "
                 "remove \"paints\"",
          "\"paints\" cannot be given together with \"%s\"",
          fill ? "fill" : "stroke");
    }
    size_t count = host->json_size(paints);
    if (count == 0) {
      host->check_report(check, "bad-value", ANIMA_SEVERITY_ERROR, pointer,
                         "give at least one {\"fill\": {...}} or "
                         "{\"stroke\": {...}}, or remove \"paints\"",
                         "\"paints\" is empty");
      continue;
    }
    size_t subpaths = subpath_count(check, tree->json[node]);
    for (size_t i = 0; i < count; i++) {
      const anima_json *entry = host->json_item(paints, i);
      if (entry && host->json_type(entry) == ANIMA_JSON_OBJECT) {
        check_entry(check, tree, node, i, entry, subpaths);
      }
    }
  }
}

/* ------------------------------------------------------------------------ */
/* Lowering                                                                  */
/* ------------------------------------------------------------------------ */

static anima_stroke_placement placement_of(const anima_json *stroke) {
  const char *position = composite_string(stroke, "position");
  if (position && strcmp(position, "inside") == 0) {
    return ANIMA_STROKE_INSIDE;
  }
  if (position && strcmp(position, "outside") == 0) {
    return ANIMA_STROKE_OUTSIDE;
  }
  return ANIMA_STROKE_CENTER;
}

/* One entry: its paint object, pointer, address prefix and slots. */
static anima_node_paint_desc entry_desc(anima_compile *compile, size_t node,
                                        const char *node_pointer,
                                        const anima_json *paint, bool stroke,
                                        const char *prefix) {
  const anima_host *host = composite_host;
  char pointer[COMPOSITE_POINTER_SIZE], visible[128];
  snprintf(pointer, sizeof pointer, "%s", node_pointer);
  /* prefix "paints.2.stroke" → "/paints/2/stroke" */
  char token[128];
  const char *start = prefix;
  while (*start) {
    const char *end = strchr(start, '.');
    size_t length = end ? (size_t)(end - start) : strlen(start);
    if (length >= sizeof token) {
      length = sizeof token - 1;
    }
    memcpy(token, start, length);
    token[length] = '\0';
    composite_pointer_append(pointer, sizeof pointer, token);
    start += length + (end ? 1 : 0);
    if (!end) {
      break;
    }
  }
  snprintf(visible, sizeof visible, "%s.visible", prefix);
  return (anima_node_paint_desc){
      .struct_size = sizeof(anima_node_paint_desc),
      .stroke = stroke,
      .json = paint,
      .pointer = host->compile_string(compile, pointer),
      .address = host->compile_string(compile, prefix),
      .visible_slot = host->compile_find_slot(compile, node, visible),
      .placement = stroke ? placement_of(paint) : ANIMA_STROKE_CENTER,
  };
}

anima_status composite_lower_paints(anima_compile *compile,
                                    const composite_tree *tree) {
  const anima_host *host = composite_host;
  for (size_t node = 0; node < tree->count; node++) {
    const anima_json *object = tree->json[node];
    const anima_json *paints = host->json_member(object, "paints");
    size_t count = paints && host->json_type(paints) == ANIMA_JSON_ARRAY
                       ? host->json_size(paints)
                       : 0;
    anima_node_paint_desc *descs =
        host->compile_alloc(compile, (count > 2 ? count : 2) * sizeof *descs);
    if (!descs) {
      return ANIMA_ERROR_NO_MEMORY;
    }
    size_t used = 0;
    if (count > 0) {
      for (size_t i = 0; i < count; i++) {
        const anima_json *entry = host->json_item(paints, i);
        const anima_json *fill = host->json_member(entry, "fill");
        bool stroke = fill == NULL;
        char prefix[64];
        snprintf(prefix, sizeof prefix, "paints.%zu.%s", i,
                 stroke ? "stroke" : "fill");
        descs[used++] = entry_desc(
            compile, node, tree->pointer[node],
            stroke ? host->json_member(entry, "stroke") : fill, stroke, prefix);
      }
    } else {
      /* single paints: their visibility and the stroke's placement */
      const anima_json *fill = host->json_member(object, "fill");
      const anima_json *stroke = host->json_member(object, "stroke");
      bool placed = placement_of(stroke) != ANIMA_STROKE_CENTER;
      long fill_visible =
          host->compile_find_slot(compile, node, "fill.visible");
      long stroke_visible =
          host->compile_find_slot(compile, node, "stroke.visible");
      if (!placed && fill_visible < 0 && stroke_visible < 0) {
        continue; /* nothing of composite's: the kernel's own paints */
      }
      if (fill) {
        descs[used++] =
            entry_desc(compile, node, tree->pointer[node], fill, false, "fill");
      }
      if (stroke) {
        descs[used++] = entry_desc(compile, node, tree->pointer[node], stroke,
                                   true, "stroke");
      }
    }
    if (used == 0) {
      continue;
    }
    anima_status status = host->compile_node_paints(compile, node, descs, used);
    if (status != ANIMA_OK) {
      return status;
    }
  }
  return ANIMA_OK;
}
