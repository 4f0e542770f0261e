/*
 * validate_nodes.c — semantic checks of the nodes the structural walk
 * accepted (SPEC §3, §4): unique ids, path sources, glyph references,
 * path data, subpaths, arcs, trims on several subpaths, missing paint.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <anima/path.h>

#include "validate.h"

/* DECISIONS 8: the second of two nodes sharing an id is reported. */
static void check_duplicate_ids(validation *v) {
  for (size_t i = 1; i < v->node_id_count; i++) {
    const validation_name *previous = &v->node_ids[i - 1];
    const validation_name *current = &v->node_ids[i];
    if (strcmp(previous->name, current->name) != 0) {
      continue;
    }
    validation_node *node = &v->nodes[current->index];
    const validation_node *first = &v->nodes[v->node_ids[i - 1].index];
    node->duplicate = true;
    anima_text pointer = {0};
    anima_text_append(&pointer, node->pointer);
    anima_text_append_pointer_token(&pointer, "id");
    anima_text hint = {0};
    anima_text_appendf(&hint,
                       "ids are unique across the document; rename "
                       "this node or the one at %s",
                       first->pointer);
    validation_report_at(v, anima_text_string(&pointer), "duplicate-id",
                         anima_text_string(&hint),
                         "the id \"%s\" is already used", current->name);
    anima_text_free(&pointer);
    anima_text_free(&hint);
  }
}

/* Number of selected subpaths after checking `subpaths` (bad-subpath), or
 * 0 when unknown. */
static size_t check_subpaths(validation *v, const json_t *node,
                             size_t available) {
  const json_t *subpaths = json_object_get(node, "subpaths");
  if (!subpaths) {
    return available;
  }
  if (!json_is_array(subpaths)) {
    return 0;
  }
  size_t count = json_array_size(subpaths);
  size_t base = validation_push_key(v, "subpaths");
  size_t selected = 0;
  for (size_t i = 0; i < count; i++) {
    const json_t *item = json_array_get(subpaths, i);
    if (!json_is_number(item) ||
        floor(json_number_value(item)) != json_number_value(item)) {
      continue; /* reported by the structural walk */
    }
    double index = json_number_value(item);
    size_t length = validation_push_index(v, i);
    bool repeated = false;
    for (size_t j = 0; j < i && !repeated; j++) {
      const json_t *earlier = json_array_get(subpaths, j);
      repeated = json_is_number(earlier) && json_number_value(earlier) == index;
    }
    if (index < 0 || index >= (double)available) {
      anima_text hint = {0};
      if (available > 0) {
        anima_text_appendf(&hint, "use an index from 0 to %zu", available - 1);
      }
      validation_report(
          v, "bad-subpath", available ? anima_text_string(&hint) : NULL,
          "subpath %s does not exist; the path has %zu "
          "subpath%s",
          NUMBER_TEXT(index), available, available == 1 ? "" : "s");
      anima_text_free(&hint);
    } else if (repeated) {
      validation_report(v, "bad-subpath", "list each subpath once",
                        "subpath %s is listed more than once",
                        NUMBER_TEXT(index));
    } else {
      selected++;
    }
    validation_pop(v, length);
  }
  validation_pop(v, base);
  return selected;
}

size_t *validation_subpath_segments(const anima_path *path) {
  size_t count = anima_path_subpath_count(path);
  size_t *segments = count ? calloc(count, sizeof *segments) : NULL;
  size_t subpath = 0;
  for (size_t i = 0; segments && i < path->count; i++) {
    const anima_segment *segment = &path->segments[i];
    bool starts =
        segment->kind == ANIMA_SEGMENT_MOVE && !segment->continues_subpath;
    if (starts && i > 0 && subpath + 1 < count) {
      subpath++;
    }
    segments[subpath]++;
  }
  return segments;
}

/* The segments a path node draws: the subpaths it selects (valid indices
 * only: the others are bad-subpath), else all of them. */
static size_t drawn_segments(const json_t *node, const size_t *per_subpath,
                             size_t available, size_t total) {
  const json_t *subpaths = json_object_get(node, "subpaths");
  if (!json_is_array(subpaths) || !per_subpath) {
    return total;
  }
  size_t sum = 0;
  for (size_t i = 0; i < json_array_size(subpaths); i++) {
    const json_t *item = json_array_get(subpaths, i);
    double index = json_is_number(item) ? json_number_value(item) : -1;
    if (index >= 0 && index < (double)available && index == floor(index)) {
      sum += per_subpath[(size_t)index];
    }
  }
  return sum;
}

/* The path-complexity budget: the segments the path nodes draw add up to
 * at most ANIMA_PATH_SEGMENT_LIMIT. Past it, limit-exceeded (once) at the
 * `key` ("d" or "glyph") of the node whose segments cross it; the pointer
 * holds the node. Drawing and hit testing grow faster than the segment
 * count with self-crossing strokes (cairo), so the budget bounds them. */
bool validation_count_segments(validation *v, size_t segments) {
  v->path_segments += segments;
  if (v->path_segments <= ANIMA_PATH_SEGMENT_LIMIT ||
      v->segment_limit_reported) {
    return false;
  }
  v->segment_limit_reported = true;
  return true;
}

void validation_report_segments(validation *v, const char *pointer) {
  anima_diagnostics_add(
      v->diagnostics, "limit-exceeded", ANIMA_SEVERITY_ERROR, pointer,
      "simplify the paths (fewer points), or split the icon",
      "the paths of the document draw more than %d segments "
      "(%zu with this one); renderers draw at most %d",
      ANIMA_PATH_SEGMENT_LIMIT, v->path_segments, ANIMA_PATH_SEGMENT_LIMIT);
}

static void count_segments(validation *v, const char *key, size_t segments) {
  if (!validation_count_segments(v, segments)) {
    return;
  }
  size_t length = validation_push_key(v, key);
  validation_report(v, "limit-exceeded",
                    "simplify the paths (fewer points), or split the icon",
                    "the paths of the document draw more than %d segments "
                    "(%zu with this one); renderers draw at most %d",
                    ANIMA_PATH_SEGMENT_LIMIT, v->path_segments,
                    ANIMA_PATH_SEGMENT_LIMIT);
  validation_pop(v, length);
}

/* SPEC §4 path: exactly one of glyph and d; the glyph exists; d parses. */
static void check_path(validation *v, validation_node *node) {
  const json_t *glyph = json_object_get(node->object, "glyph");
  const json_t *d = json_object_get(node->object, "d");
  if ((glyph != NULL) == (d != NULL)) {
    validation_report_at(v, node->pointer, "path-source",
                         glyph ? "keep either \"glyph\" or \"d\""
                               : "add \"glyph\": \"<name>\" or \"d\": "
                                 "\"<path data>\"",
                         glyph ? "the path has both \"glyph\" and \"d\""
                               : "the path has neither \"glyph\" nor \"d\"");
    return;
  }
  size_t available = 0;
  bool known = false;
  size_t base = v->pointer.length;
  anima_text_append(&v->pointer, node->pointer);
  if (glyph && validation_is_name(glyph)) {
    const char *name = json_string_value(glyph);
    const validation_glyph *record = validation_find_glyph(v, name);
    if (!record && validation_can_resolve(v, "glyphs") &&
        !json_object_get(json_object_get(v->document, "glyphs"), name)) {
      size_t length = validation_push_key(v, "glyph");
      const char *hint =
          validation_hint_keys(v, name, json_object_get(v->document, "glyphs"));
      validation_report(v, "unknown-glyph",
                        hint ? hint : "declare it in \"glyphs\"",
                        "no glyph named \"%s\" is declared", name);
      validation_pop(v, length);
    } else if (record && record->parsed) {
      available = record->subpath_count;
      known = true;
      count_segments(v, "glyph",
                     drawn_segments(node->object, record->subpath_segments,
                                    available, record->segment_count));
    }
  } else if (json_is_string(d)) {
    anima_path path;
    anima_path_error error = {0};
    anima_status status = anima_path_parse(
        json_string_value(d), json_string_length(d), &path, &error);
    if (status == ANIMA_OK) {
      available = anima_path_subpath_count(&path);
      known = true;
      size_t *per_subpath = validation_subpath_segments(&path);
      count_segments(
          v, "d",
          drawn_segments(node->object, per_subpath, available, path.count));
      free(per_subpath);
      anima_path_release(&path);
    } else if (status == ANIMA_ERROR_NO_MEMORY) {
      v->out_of_memory = true;
    } else {
      size_t length = validation_push_key(v, "d");
      validation_report(v, "bad-path",
                        "d is SVG 1.1 path data, e.g. \"M2 2L18 18\"", "%s",
                        error.message);
      validation_pop(v, length);
    }
  }
  if (known) {
    node->subpath_count = check_subpaths(v, node->object, available);
  }
  validation_pop(v, base);
}

/* SPEC §4 arc: stroke only; at rest 0 < to - from <= 360. */
static void check_arc(validation *v, validation_node *node) {
  size_t base = v->pointer.length;
  anima_text_append(&v->pointer, node->pointer);
  if (json_object_get(node->object, "fill")) {
    size_t length = validation_push_key(v, "fill");
    validation_report(v, "arc-fill",
                      "remove \"fill\"; give the arc a "
                      "\"stroke\"",
                      "an arc is stroke only; it cannot have a fill");
    validation_pop(v, length);
  }
  const json_t *from = json_object_get(node->object, "from");
  const json_t *to = json_object_get(node->object, "to");
  if (json_is_number(from) && json_is_number(to)) {
    double sweep = json_number_value(to) - json_number_value(from);
    if (!(sweep > 0 && sweep <= 360)) {
      size_t length = validation_push_key(v, "to");
      validation_report(v, "bad-value",
                        "at rest 0 < to - from <= 360 (degrees)",
                        "the arc sweeps %s degrees (to - from); it must be "
                        "more than 0 and at most 360",
                        NUMBER_TEXT(sweep));
      validation_pop(v, length);
    }
  }
  validation_pop(v, base);
}

static const char *const trim_keys[] = {"trimStart", "trimEnd", "trimOffset"};

/* SPEC §4: trims only on single-subpath paths (static trims here; animated
 * ones are checked where tracks and poses are resolved). */
static void check_static_trims(validation *v, validation_node *node) {
  const json_t *stroke = json_object_get(node->object, "stroke");
  if (node->subpath_count <= 1 || !json_is_object(stroke)) {
    return;
  }
  for (size_t i = 0; i < 3; i++) {
    if (!json_object_get(stroke, trim_keys[i])) {
      continue;
    }
    anima_text pointer = {0};
    anima_text_append(&pointer, node->pointer);
    anima_text_append_pointer_token(&pointer, "stroke");
    anima_text_append_pointer_token(&pointer, trim_keys[i]);
    validation_report_at(v, anima_text_string(&pointer), "trim-multi-subpath",
                         "select one subpath with \"subpaths\", or split the "
                         "path into one node per subpath",
                         "the stroke is trimmed but the path draws %zu "
                         "subpaths",
                         node->subpath_count);
    anima_text_free(&pointer);
    node->trim_reported = true;
    return;
  }
}

/* Does `kind` (an object kind) hold a fill or a stroke object? */
static bool kind_holds_paint(const anima_registry *registry, const char *kind) {
  size_t count = 0;
  const anima_field *const *fields =
      kind ? anima_registry_fields(registry, kind, &count) : NULL;
  for (size_t i = 0; i < count; i++) {
    const char *item = fields[i]->item_kind;
    if (fields[i]->kind == ANIMA_FIELD_OBJECT && item &&
        (strcmp(item, "fill") == 0 || strcmp(item, "stroke") == 0)) {
      return true;
    }
  }
  return false;
}

/* SPEC §4 no-paint: a painted node paints through `fill`, `stroke`, or a
 * module's field whose objects hold fills or strokes (composite's ordered
 * `paints`). */
static bool node_has_paint(validation *v, const validation_node *node) {
  if (json_object_get(node->object, "fill") ||
      json_object_get(node->object, "stroke")) {
    return true;
  }
  const char *key;
  const json_t *value;
  json_object_foreach((json_t *)node->object, key, value) {
    const anima_field *field =
        anima_registry_find_field(v->registry, node->kind->name, key);
    if (field && validation_feature_declared(v, field->feature) &&
        (field->kind == ANIMA_FIELD_ARRAY ||
         field->kind == ANIMA_FIELD_OBJECT) &&
        kind_holds_paint(v->registry, field->item_kind) &&
        (!json_is_array(value) || json_array_size(value) > 0)) {
      return true;
    }
  }
  return false;
}

void validate_nodes(validation *v) {
  check_duplicate_ids(v);
  for (size_t i = 0; i < v->node_count; i++) {
    validation_node *node = &v->nodes[i];
    if (!node->kind) {
      continue; /* its type was reported */
    }
    const char *type = node->kind->name;
    if (strcmp(type, "path") == 0) {
      check_path(v, node);
      check_static_trims(v, node);
    } else if (strcmp(type, "arc") == 0) {
      check_arc(v, node);
    }
    if ((node->kind->flags & ANIMA_KIND_PAINTED) && !node_has_paint(v, node)) {
      validation_report_at(v, node->pointer, "no-paint",
                           "add a \"fill\" or a \"stroke\" (or keep it as an "
                           "invisible listener target)",
                           "the %s draws nothing: it has neither fill nor "
                           "stroke",
                           type);
    }
  }
}
