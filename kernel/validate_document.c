/*
 * validate_document.c — document-level values (SPEC §2 `name`, `viewBox`,
 * §3 glyphs, §9 `hit`).
 */
#include <math.h>
#include <nettle/sha2.h>
#include <stdlib.h>
#include <string.h>

#include <anima/path.h>

#include "validate.h"

/* SPEC §2: ^[a-z0-9]+(-[a-z0-9]+)*$, not ending in -<digits>. */
static void check_document_name(validation *v) {
  const json_t *value = json_object_get(v->document, "name");
  const char *name = validation_string(value);
  if (!name) {
    if (json_is_string(value)) { /* a NUL inside the string */
      validation_report_at(v, "/name", "bad-name",
                           "use lowercase letters and digits joined by single "
                           "hyphens, e.g. \"bell-ring\"",
                           "the document name contains a NUL character");
    }
    return; /* missing or wrong type: reported by the structural walk */
  }
  bool kebab = name[0] != '\0';
  bool last_part_digits = true;
  for (const char *c = name; *c && kebab; c++) {
    bool alphanumeric = (*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9');
    if (*c == '-') {
      kebab = c != name && c[-1] != '-' && c[1] != '\0';
      last_part_digits = true;
    } else if (!alphanumeric) {
      kebab = false;
    } else if (!(*c >= '0' && *c <= '9')) {
      last_part_digits = false;
    }
  }
  bool has_part = strchr(name, '-') != NULL;
  if (!kebab) {
    validation_report_at(v, "/name", "bad-name",
                         "use lowercase letters and digits joined by single "
                         "hyphens, e.g. \"bell-ring\"",
                         "the document name \"%s\" is not kebab-case", name);
  } else if (has_part && last_part_digits) {
    validation_report_at(v, "/name", "bad-name",
                         "drop the numeric suffix; Glyphy reserves "
                         "-<digits> for variants",
                         "the document name \"%s\" ends in -<digits>", name);
  }
}

/* The drawable range (docs/DECISIONS.md, issue 10 F9): sizes from 0.01 to
 * 1 000 000 grid units, the viewBox origin within ±1 000 000. Beyond it a
 * renderer cannot map the view to pixels (a 5e-324 grid or a 1e308 viewBox
 * made cairo refuse its matrix, and SVG output printed "0 0 0 0"), though
 * SPEC §2 asks only for a positive size. */
#define DRAWABLE_SIZE_MIN 0.01
#define DRAWABLE_SIZE_MAX 1000000.0
#define DRAWABLE_ORIGIN_MAX 1000000.0

/* A positive size outside the drawable range: bad-value at `pointer`. */
static void check_drawable_size(validation *v, const char *pointer,
                                const char *what, double value) {
  if (value > 0 && (value < DRAWABLE_SIZE_MIN || value > DRAWABLE_SIZE_MAX)) {
    validation_report_at(v, pointer, "bad-value",
                         "renderers draw sizes from 0.01 to 1000000 grid "
                         "units; icons use a grid of 16 to 48",
                         "the %s %s is too %s to draw: it must be from 0.01 "
                         "to 1000000",
                         what, NUMBER_TEXT(value),
                         value < DRAWABLE_SIZE_MIN ? "small" : "large");
  }
}

/* SPEC §2: grid > 0 (registry); within the drawable range. */
static void check_grid(validation *v) {
  const json_t *grid = json_object_get(v->document, "grid");
  if (json_is_number(grid)) {
    check_drawable_size(v, "/grid", "grid", json_number_value(grid));
  }
}

/* SPEC §2: viewBox w, h > 0; within the drawable range. */
static void check_view_box(validation *v) {
  const json_t *box = json_object_get(v->document, "viewBox");
  if (!json_is_array(box) || json_array_size(box) != 4) {
    return;
  }
  static const char *const names[] = {"x", "y", "width", "height"};
  for (size_t i = 0; i < 4; i++) {
    const json_t *item = json_array_get(box, i);
    if (!json_is_number(item)) {
      continue;
    }
    double value = json_number_value(item);
    char pointer[32], what[32];
    snprintf(pointer, sizeof pointer, "/viewBox/%zu", i);
    snprintf(what, sizeof what, "viewBox %s", names[i]);
    if (i < 2 && fabs(value) > DRAWABLE_ORIGIN_MAX) {
      validation_report_at(v, pointer, "bad-value",
                           "renderers draw a viewBox whose x and y are within "
                           "1000000 grid units of the origin",
                           "the %s %s is too far to draw: it must be from "
                           "-1000000 to 1000000",
                           what, NUMBER_TEXT(value));
    } else if (i >= 2 && !(value > 0)) {
      validation_report_at(
          v, pointer, "bad-value", "the viewBox is [x, y, w, h] with w, h > 0",
          "the viewBox %s must be > 0, got %s", names[i], NUMBER_TEXT(value));
    } else if (i >= 2) {
      check_drawable_size(v, pointer, what, value);
    }
  }
}

/* SPEC §9: `hit` is exactly one of circle [cx, cy, r] and rect [x, y, w, h],
 * with r, w, h >= 0. */
static void check_hit(validation *v) {
  const json_t *hit = json_object_get(v->document, "hit");
  if (!json_is_object(hit)) {
    return;
  }
  const json_t *circle = json_object_get(hit, "circle");
  const json_t *rect = json_object_get(hit, "rect");
  if (circle && rect) {
    validation_report_at(v, "/hit/rect", "bad-value",
                         "keep either \"circle\" or \"rect\"",
                         "\"hit\" takes exactly one of \"circle\" and "
                         "\"rect\", not both");
    return;
  }
  if (!circle && !rect) {
    validation_report_at(v, "/hit", "missing-key",
                         "add \"circle\": [cx, cy, r] or \"rect\": [x, y, w, "
                         "h]",
                         "\"hit\" needs a \"circle\" or a \"rect\"");
    return;
  }
  const json_t *shape = circle ? circle : rect;
  /* circle: r at index 2; rect: w, h at indices 2 and 3. */
  size_t first = 2, last = circle ? 2 : 3;
  if (!json_is_array(shape) || json_array_size(shape) != (circle ? 3u : 4u)) {
    return;
  }
  for (size_t i = first; i <= last; i++) {
    const json_t *item = json_array_get(shape, i);
    if (json_is_number(item) && json_number_value(item) < 0) {
      char pointer[32];
      snprintf(pointer, sizeof pointer, "/hit/%s/%zu",
               circle ? "circle" : "rect", i);
      validation_report_at(v, pointer, "bad-value", "use a size >= 0",
                           "a hit %s must be >= 0, got %s",
                           circle ? "radius" : "size",
                           NUMBER_TEXT(json_number_value(item)));
    }
  }
}

/* SPEC §2: "Ordinary documents need a node"; only a document declaring
 * `components` (a module key) may have an empty node list. */
static void check_node_count(validation *v) {
  const json_t *nodes = json_object_get(v->document, "nodes");
  if (json_is_array(nodes) && json_array_size(nodes) == 0 &&
      !json_object_get(v->document, "components")) {
    validation_report_at(v, "/nodes", "bad-value",
                         "add a node, e.g. {\"id\": \"dot\", \"type\": "
                         "\"circle\", \"center\": [10, 10], \"r\": 4, "
                         "\"fill\": {\"color\": \"currentColor\"}}",
                         "the document has no nodes");
  }
}

/* A slot named "currentColor" would make the paint colour "currentColor"
 * ambiguous (SPEC §6 reads it as the literal); the name is refused. */
static void check_slot_names(validation *v) {
  const json_t *slots = json_object_get(v->document, "colors");
  if (json_is_object(slots) && json_object_get(slots, "currentColor")) {
    validation_report_at(v, "/colors/currentColor", "bad-name",
                         "choose another slot name, e.g. \"ink\"",
                         "\"currentColor\" is the colour keyword and cannot "
                         "name a slot");
  }
}

/* SPEC §2: meta is an object (of strings, numbers, booleans, arrays and
 * objects of them); its contents are free-form. */
static void check_meta(validation *v) {
  const json_t *meta = json_object_get(v->document, "meta");
  if (meta && !json_is_object(meta)) {
    validation_report_at(v, "/meta", "type",
                         "write an object, e.g. {\"concept\": \"bell\"}",
                         "meta must be an object");
  }
}

void validate_document_values(validation *v) {
  check_document_name(v);
  check_meta(v);
  check_grid(v);
  check_view_box(v);
  check_node_count(v);
  check_slot_names(v);
  check_hit(v);
}

/* SPEC §3 `sha256`: hex SHA-256 of the `d` string's UTF-8 bytes. A
 * mismatch is a warning. */
static void check_hash(validation *v, const json_t *glyph, const json_t *d) {
  const json_t *sha = json_object_get(glyph, "sha256");
  if (!json_is_string(sha) || !json_is_string(d)) {
    return;
  }
  uint8_t digest[SHA256_DIGEST_SIZE];
  struct sha256_ctx context;
  sha256_init(&context);
  sha256_update(&context, json_string_length(d),
                (const uint8_t *)json_string_value(d));
  sha256_digest(&context, sizeof digest, digest);
  char expected[2 * SHA256_DIGEST_SIZE + 1];
  for (size_t i = 0; i < SHA256_DIGEST_SIZE; i++) {
    snprintf(expected + 2 * i, 3, "%02x", digest[i]);
  }
  const char *given = json_string_value(sha);
  bool equal = json_string_length(sha) == 2 * SHA256_DIGEST_SIZE;
  for (size_t i = 0; equal && i < 2 * SHA256_DIGEST_SIZE; i++) {
    char c = given[i];
    if (c >= 'A' && c <= 'F') {
      c = (char)(c - 'A' + 'a');
    }
    equal = c == expected[i];
  }
  if (!equal) {
    size_t length = validation_push_key(v, "sha256");
    anima_text hint = {0};
    anima_text_appendf(&hint,
                       "the data hashes to %s; update sha256 if the "
                       "glyph was re-traced on purpose",
                       expected);
    validation_report(v, "hash-mismatch", anima_text_string(&hint),
                      "sha256 does not match the glyph's d");
    anima_text_free(&hint);
    validation_pop(v, length);
  }
}

void validate_glyphs(validation *v) {
  const json_t *glyphs = json_object_get(v->document, "glyphs");
  if (!json_is_object(glyphs)) {
    return;
  }
  size_t count = json_object_size(glyphs);
  v->glyphs = calloc(count ? count : 1, sizeof *v->glyphs);
  v->glyph_names = calloc(count ? count : 1, sizeof *v->glyph_names);
  if (!v->glyphs || !v->glyph_names) {
    v->out_of_memory = true;
    return;
  }
  size_t base = validation_push_key(v, "glyphs");
  const char *name;
  json_t *glyph;
  json_object_foreach((json_t *)glyphs, name, glyph) {
    if (!anima_is_name(name) || !json_is_object(glyph)) {
      continue; /* reported by the structural walk */
    }
    validation_glyph *record = &v->glyphs[v->glyph_count];
    record->name = name;
    v->glyph_names[v->glyph_count].name = name;
    v->glyph_names[v->glyph_count].index = v->glyph_count;
    v->glyph_count++;
    size_t length = validation_push_key(v, name);
    const json_t *d = json_object_get(glyph, "d");
    if (json_is_string(d)) {
      anima_path path;
      anima_path_error error = {0};
      anima_status status = anima_path_parse(
          json_string_value(d), json_string_length(d), &path, &error);
      if (status == ANIMA_OK) {
        record->parsed = true;
        record->subpath_count = anima_path_subpath_count(&path);
        record->segment_count = path.count;
        record->subpath_segments = validation_subpath_segments(&path);
        anima_path_release(&path);
      } else if (status == ANIMA_ERROR_NO_MEMORY) {
        v->out_of_memory = true;
      } else {
        size_t d_length = validation_push_key(v, "d");
        validation_report(v, "bad-path",
                          "d is SVG 1.1 path data, e.g. "
                          "\"M2 2L18 18\"",
                          "%s", error.message);
        validation_pop(v, d_length);
      }
    }
    check_hash(v, glyph, d);
    validation_pop(v, length);
  }
  validation_pop(v, base);
  validation_sort_names(v->glyph_names, v->glyph_count);
}
