/*
 * contour_effects_check.c — the diagnostics of `stroke.trim`,
 * `stroke.effects` and the document's shared `effects` stacks (SPEC contour
 * chapter, "Sequential and synchronized trim; ordered/shared effects";
 * contour.h). The registry checks `stroke.trim` itself (an object of
 * start/end in 0..1, a number offset, a mode); effect stacks are free-form
 * JSON the registry cannot describe (objects and names mixed), so this
 * check gives their diagnostics:
 *
 *   - a name with no stack in the document's `effects`: `unknown-source` at
 *     its array index, hint the closest name;
 *   - an effect that is no object (or no name): `type`; without `type`:
 *     `missing-key`; a `type` other than trim and dash: `bad-value`;
 *   - a dash without positive length, a negative or non-number entry, a
 *     start/end outside 0..1, an unknown mode, or a field of the other
 *     effect kind: `bad-value` at the field with a hint; an unknown key:
 *     `unknown-key`;
 *   - a shared stack that is no array, or that holds a name: `type` /
 *     `bad-value` (shared arrays cannot contain references);
 *   - `effects` beside `trim`, or either beside the legacy `dash`,
 *     `trimStart`, `trimEnd` or `trimOffset`: `paint-conflict` at the later
 *     of the new keys, hint to move every operation into one stack;
 * on every stroke: a node's own, of any node type, and the stroke of each
 * ordered `paints` entry.
 *
 * It also counts each contour's path segments towards the document's
 * 4 096-segment budget (host check_count_segments).
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "contour.h"

/* A pointer built whole at any length (malloc'd; NULL when out of memory,
 * which report() then skips). */
static char *pointer_of(const char *format, ...) ANIMA_PRINTF(1, 2);
static char *pointer_of(const char *format, ...) {
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

static const char *const effect_types[] = {"trim", "dash", NULL};
static const char *const trim_keys[] = {"type",   "start", "end",
                                        "offset", "mode",  NULL};
static const char *const dash_keys[] = {"type", "dash", "offset", NULL};

static bool listed(const char *const *list, const char *key) {
  for (size_t i = 0; list[i]; i++) {
    if (strcmp(list[i], key) == 0) {
      return true;
    }
  }
  return false;
}

static bool is_number(const anima_json *value) {
  return value && contour_host->json_type(value) == ANIMA_JSON_NUMBER;
}

static void report(anima_check *check, const char *code, const char *pointer,
                   const char *hint, const char *message) {
  if (pointer) {
    contour_host->check_report(check, code, ANIMA_SEVERITY_ERROR, pointer, hint,
                               "%s", message);
  }
}

/* report() at a pointer_of() pointer, which it frees. */
static void report_at(anima_check *check, const char *code, char *pointer,
                      const char *hint, const char *message) {
  report(check, code, pointer, hint, message);
  free(pointer);
}

/* An object key as an RFC 6901 token ("~" as "~0", "/" as "~1"),
 * malloc'd. */
static char *escaped_token(const char *key) {
  size_t length = strlen(key);
  char *token = malloc(2 * length + 1);
  if (!token) {
    return NULL;
  }
  char *at = token;
  for (const char *c = key; *c; c++) {
    if (*c == '~' || *c == '/') {
      *at++ = '~';
      *at++ = *c == '~' ? '0' : '1';
    } else {
      *at++ = *c;
    }
  }
  *at = '\0';
  return token;
}

/* A fraction field of a trim: a number in 0..1. */
static void check_fraction(anima_check *check, const anima_json *effect,
                           const char *key, const char *pointer) {
  const anima_json *value = contour_host->json_member(effect, key);
  if (!value) {
    return;
  }
  char message[160];
  if (!is_number(value)) {
    snprintf(message, sizeof message, "\"%s\" of a trim is a number", key);
    report_at(check, "type", pointer_of("%s/%s", pointer, key),
              "write a fraction from 0 to 1", message);
    return;
  }
  double number = contour_host->json_number(value);
  if (number < 0 || number > 1) {
    snprintf(message, sizeof message,
             "\"%s\" of a trim is a fraction from 0 to 1, got %g", key, number);
    report_at(check, "bad-value", pointer_of("%s/%s", pointer, key),
              "write a fraction from 0 to 1", message);
  }
}

static void check_trim_effect(anima_check *check, const anima_json *effect,
                              const char *pointer) {
  const anima_host *h = contour_host;
  check_fraction(check, effect, "start", pointer);
  check_fraction(check, effect, "end", pointer);
  const anima_json *offset = h->json_member(effect, "offset");
  if (offset && !is_number(offset)) {
    report_at(check, "type", pointer_of("%s/offset", pointer),
              "write a fraction of one turn, such as 0.25",
              "\"offset\" of a trim is a number");
  }
  const anima_json *mode = h->json_member(effect, "mode");
  if (mode && (h->json_type(mode) != ANIMA_JSON_STRING ||
               (strcmp(h->json_string(mode, NULL), "sequential") != 0 &&
                strcmp(h->json_string(mode, NULL), "synchronized") != 0))) {
    report_at(check, "bad-value", pointer_of("%s/mode", pointer),
              "use \"sequential\" or \"synchronized\"",
              "a trim's \"mode\" is \"sequential\" (one length over all "
              "subpaths) or \"synchronized\" (each subpath)");
  }
}

/* The entries of a dash array at `at`. */
static void check_dash_entries(anima_check *check, const anima_json *dash,
                               const char *at) {
  const anima_host *h = contour_host;
  bool positive = false, valid = true;
  for (size_t i = 0; i < h->json_size(dash); i++) {
    const anima_json *entry = h->json_item(dash, i);
    double value = is_number(entry) ? h->json_number(entry) : -1;
    if (!(value >= 0) || !isfinite(value) || value > 1e6) {
      report_at(check, "bad-value", pointer_of("%s/%zu", at, i),
                "write a length from 0 to 1000000 grid units",
                "a dash entry is a nonnegative grid length");
      valid = false;
    } else if (value > 0) {
      positive = true;
    }
  }
  if (valid && !positive) {
    report(check, "bad-value", at,
           "make at least one entry positive, such as [4, 2]",
           "a dash without positive length draws nothing");
  }
}

static void check_dash_effect(anima_check *check, const anima_json *effect,
                              const char *pointer) {
  const anima_host *h = contour_host;
  const anima_json *dash = h->json_member(effect, "dash");
  char *at = pointer_of("%s/dash", pointer);
  if (!dash) {
    report(check, "missing-key", pointer,
           "add \"dash\": [dash, gap, ...] in grid units",
           "a dash effect needs \"dash\"");
  } else if (h->json_type(dash) != ANIMA_JSON_ARRAY ||
             h->json_size(dash) == 0) {
    report(check, "type", at, "write lengths such as [4, 2]",
           "\"dash\" is a non-empty array of nonnegative grid lengths");
  } else if (h->json_size(dash) > CONTOUR_DASH_ENTRIES_MAX) {
    char message[120];
    snprintf(message, sizeof message, "a dash takes at most %d entries",
             CONTOUR_DASH_ENTRIES_MAX);
    report(check, "limit-exceeded", at, "shorten the pattern", message);
  } else if (at) {
    check_dash_entries(check, dash, at);
  }
  free(at);
  const anima_json *offset = h->json_member(effect, "offset");
  if (offset && !is_number(offset)) {
    report_at(check, "type", pointer_of("%s/offset", pointer),
              "write a grid length, such as 2",
              "\"offset\" of a dash is a number");
  }
}

/* A key an effect of type `name` does not take. */
static void refuse_key(anima_check *check, const char *key, const char *name,
                       bool dash, const char *pointer) {
  const anima_host *h = contour_host;
  const char *const *own = dash ? dash_keys : trim_keys;
  const char *const *other = dash ? trim_keys : dash_keys;
  char message[256], hint[256];
  if (listed(other, key)) {
    snprintf(message, sizeof message,
             "\"%s\" belongs to \"type\": \"%s\", not to \"type\": \"%s\"", key,
             dash ? "trim" : "dash", name);
    snprintf(hint, sizeof hint,
             "remove \"%s\", or add a separate {\"type\": \"%s\"} effect", key,
             dash ? "trim" : "dash");
    report_at(check, "bad-value", pointer_of("%s/%s", pointer, key), hint,
              message);
    return;
  }
  const char *closest = h->closest_name(key, own, dash ? 3 : 5);
  snprintf(message, sizeof message, "a %s effect has no \"%.100s\"", name, key);
  if (closest) {
    snprintf(hint, sizeof hint, "did you mean \"%s\"?", closest);
  } else {
    snprintf(hint, sizeof hint, "remove it");
  }
  report_at(check, "unknown-key", pointer_of("%s/%s", pointer, key), hint,
            message);
}

/* One effect object at `pointer`. */
static void check_effect(anima_check *check, const anima_json *effect,
                         const char *pointer) {
  const anima_host *h = contour_host;
  if (h->json_type(effect) != ANIMA_JSON_OBJECT) {
    report(check, "type", pointer,
           "write {\"type\": \"trim\", ...}, {\"type\": \"dash\", ...} or "
           "the name of a stack in the document's \"effects\"",
           "an effect is an object or the name of a shared stack");
    return;
  }
  const anima_json *type = h->json_member(effect, "type");
  if (!type) {
    report(check, "missing-key", pointer,
           "add \"type\": \"trim\" or \"type\": \"dash\"",
           "an effect needs \"type\"");
    return;
  }
  const char *name =
      h->json_type(type) == ANIMA_JSON_STRING ? h->json_string(type, NULL) : "";
  if (!listed(effect_types, name)) {
    report_at(check, "bad-value", pointer_of("%s/type", pointer),
              "use \"trim\" or \"dash\"",
              "an effect's \"type\" is \"trim\" or \"dash\"");
    return;
  }
  bool dash = strcmp(name, "dash") == 0;
  for (size_t i = 0; i < h->json_size(effect); i++) {
    const char *key = h->json_key_at(effect, i);
    if (!listed(dash ? dash_keys : trim_keys, key)) {
      refuse_key(check, key, name, dash, pointer);
    }
  }
  if (dash) {
    check_dash_effect(check, effect, pointer);
  } else {
    check_trim_effect(check, effect, pointer);
  }
}

/* The document's `effects`: names to arrays of effect objects. */
static void check_shared(anima_check *check, const anima_json *shared) {
  const anima_host *h = contour_host;
  if (h->json_type(shared) != ANIMA_JSON_OBJECT) {
    report(check, "type", "/effects",
           "write {\"name\": [{\"type\": \"dash\", \"dash\": [4, 2]}]}",
           "\"effects\" maps names to arrays of effects");
    return;
  }
  for (size_t i = 0; i < h->json_size(shared); i++) {
    const anima_json *stack = h->json_value_at(shared, i);
    char *token = escaped_token(h->json_key_at(shared, i));
    char *at = token ? pointer_of("/effects/%s", token) : NULL;
    free(token);
    if (!at) {
      return;
    }
    if (h->json_type(stack) != ANIMA_JSON_ARRAY) {
      report(check, "type", at, "write an array of effect objects",
             "a shared effect stack is an array");
    }
    for (size_t j = 0;
         h->json_type(stack) == ANIMA_JSON_ARRAY && j < h->json_size(stack);
         j++) {
      const anima_json *effect = h->json_item(stack, j);
      char *item_at = pointer_of("%s/%zu", at, j);
      if (item_at && h->json_type(effect) == ANIMA_JSON_STRING) {
        report(check, "bad-value", item_at,
               "copy that stack's effects here, or name both stacks at the "
               "stroke",
               "a shared effect stack cannot name another stack");
      } else if (item_at) {
        check_effect(check, effect, item_at);
      }
      free(item_at);
    }
    free(at);
  }
}

/* Names of the shared stacks, for the hint of an unknown one. */
static const char *closest_stack(const anima_json *shared, const char *name) {
  const anima_host *h = contour_host;
  if (!shared || h->json_type(shared) != ANIMA_JSON_OBJECT) {
    return NULL;
  }
  size_t count = h->json_size(shared);
  const char **names = calloc(count + 1, sizeof *names);
  if (!names) {
    return NULL;
  }
  for (size_t i = 0; i < count; i++) {
    names[i] = h->json_key_at(shared, i);
  }
  const char *closest = h->closest_name(name, names, count);
  free(names);
  return closest;
}

static void check_stack(anima_check *check, const anima_json *effects,
                        const anima_json *shared, const char *pointer) {
  const anima_host *h = contour_host;
  if (h->json_type(effects) != ANIMA_JSON_ARRAY) {
    report(check, "type", pointer,
           "write an array such as [{\"type\": \"dash\", \"dash\": [4, 2]}]",
           "\"effects\" is an array of effects and shared stack names");
    return;
  }
  size_t expanded = 0; /* effects applied, shared stacks expanded */
  for (size_t i = 0; i < h->json_size(effects); i++) {
    const anima_json *item = h->json_item(effects, i);
    const anima_json *named =
        h->json_type(item) == ANIMA_JSON_STRING && shared &&
                h->json_type(shared) == ANIMA_JSON_OBJECT
            ? h->json_member(shared, h->json_string(item, NULL))
            : NULL;
    expanded += named && h->json_type(named) == ANIMA_JSON_ARRAY
                    ? h->json_size(named)
                    : 1;
    if (expanded > CONTOUR_EFFECTS_MAX) {
      char message[160];
      snprintf(message, sizeof message,
               "a stroke applies at most %d effects, shared stacks expanded",
               CONTOUR_EFFECTS_MAX);
      report(check, "limit-exceeded", pointer,
             "combine effects, or split the outline into several contours",
             message);
      return;
    }
  }
  for (size_t i = 0; i < h->json_size(effects); i++) {
    const anima_json *item = h->json_item(effects, i);
    if (h->json_type(item) != ANIMA_JSON_STRING) {
      char *at = pointer_of("%s/%zu", pointer, i);
      if (at) {
        check_effect(check, item, at);
      }
      free(at);
      continue;
    }
    const char *name = h->json_string(item, NULL);
    const anima_json *stack =
        shared && h->json_type(shared) == ANIMA_JSON_OBJECT
            ? h->json_member(shared, name)
            : NULL;
    if (stack) {
      continue;
    }
    const char *closest = closest_stack(shared, name);
    char hint[256], message[256];
    if (closest) {
      snprintf(hint, sizeof hint, "did you mean \"%s\"?", closest);
    } else {
      snprintf(hint, sizeof hint,
               "declare \"%.100s\" in the document's \"effects\"", name);
    }
    snprintf(message, sizeof message,
             "no shared effect stack is named \"%.100s\"", name);
    report_at(check, "unknown-source", pointer_of("%s/%zu", pointer, i), hint,
              message);
  }
}

static const char *const legacy_keys[] = {"dash", "trimStart", "trimEnd",
                                          "trimOffset", NULL};

/* `effects` beside `trim`, or either beside a legacy key. */
static void check_conflicts(anima_check *check, const anima_json *stroke,
                            const char *pointer) {
  const anima_host *h = contour_host;
  bool trim = h->json_member(stroke, "trim") != NULL;
  bool effects = h->json_member(stroke, "effects") != NULL;
  const char *legacy = NULL;
  for (size_t i = 0; legacy_keys[i] && !legacy; i++) {
    if (h->json_member(stroke, legacy_keys[i])) {
      legacy = legacy_keys[i];
    }
  }
  const char *hint = "move all operations into one \"effects\" stack";
  char message[256];
  if (effects && (trim || legacy)) {
    snprintf(message, sizeof message,
             "\"effects\" and \"%s\" both change this stroke's geometry",
             trim ? "trim" : legacy);
    report_at(check, "paint-conflict", pointer_of("%s/effects", pointer), hint,
              message);
  } else if (trim && legacy) {
    snprintf(message, sizeof message,
             "\"trim\" and \"%s\" both change this stroke's geometry", legacy);
    report_at(check, "paint-conflict", pointer_of("%s/trim", pointer), hint,
              message);
  }
}

/* The stack and conflicts of stroke object `stroke` at `pointer` — a node's
 * own stroke or an ordered paints entry's. */
static void check_stroke(anima_check *check, const anima_json *stroke,
                         const anima_json *shared, const char *pointer) {
  const anima_host *h = contour_host;
  if (!stroke || h->json_type(stroke) != ANIMA_JSON_OBJECT || !pointer) {
    return;
  }
  const anima_json *effects = h->json_member(stroke, "effects");
  if (effects) {
    char *stack_at = pointer_of("%s/effects", pointer);
    if (stack_at) {
      check_stack(check, effects, shared, stack_at);
    }
    free(stack_at);
  }
  check_conflicts(check, stroke, pointer);
}

/* The most segments the contour's path has (contour_build), counted in the
 * document's path-complexity budget. */
static void count_segments(anima_check *check, const anima_json *node,
                           const char *pointer) {
  const anima_host *h = contour_host;
  const anima_json *vertices = h->json_member(node, "vertices");
  if (!ANIMA_HOST_HAS(h, check_count_segments) || !vertices ||
      h->json_type(vertices) != ANIMA_JSON_ARRAY) {
    return;
  }
  size_t count = h->json_size(vertices);
  if (count < 2 || count > CONTOUR_VERTICES_MAX) {
    return; /* refused already */
  }
  contour_vertex *parsed = calloc(count, sizeof *parsed);
  size_t capacity = contour_segments(count);
  anima_segment *segments = calloc(capacity, sizeof *segments);
  bool read = parsed && segments;
  for (size_t i = 0; read && i < count; i++) {
    read = contour_read_vertex(h->json_item(vertices, i), (anima_point){0, 0},
                               &parsed[i]);
  }
  const anima_json *closed = h->json_member(node, "closed");
  bool is_closed =
      closed && h->json_type(closed) == ANIMA_JSON_BOOL && h->json_bool(closed);
  anima_path path = {.segments = segments,
                     .count = 0,
                     .capacity = capacity,
                     .growable = false};
  /* The path as built when it builds, else its bound. */
  size_t drawn =
      read && contour_build(parsed, count, is_closed, &path) == ANIMA_OK
          ? path.count
          : capacity;
  free(parsed);
  free(segments);
  h->check_count_segments(check, pointer, drawn);
}

static void check_effects(anima_check *check, void *user) {
  (void)user;
  const anima_host *h = contour_host;
  const anima_json *shared =
      h->json_member(h->check_document(check), "effects");
  if (shared) {
    check_shared(check, shared);
  }
  for (size_t i = 0; i < h->check_node_count(check); i++) {
    const char *pointer = NULL;
    const anima_json *node = h->check_node(check, i, &pointer);
    if (!pointer || h->json_type(node) != ANIMA_JSON_OBJECT) {
      continue;
    }
    const anima_json *type = h->json_member(node, "type");
    bool contour = type && h->json_type(type) == ANIMA_JSON_STRING &&
                   strcmp(h->json_string(type, NULL), "contour") == 0;
    if (contour) {
      count_segments(check, node, pointer);
    }
    char *at = pointer_of("%s/stroke", pointer);
    if (!at) {
      return;
    }
    check_stroke(check, h->json_member(node, "stroke"), shared, at);
    free(at);
    const anima_json *paints = h->json_member(node, "paints");
    if (paints && h->json_type(paints) == ANIMA_JSON_ARRAY) {
      for (size_t p = 0; p < h->json_size(paints); p++) {
        const anima_json *entry = h->json_item(paints, p);
        char *entry_at = pointer_of("%s/paints/%zu/stroke", pointer, p);
        check_stroke(check,
                     h->json_type(entry) == ANIMA_JSON_OBJECT
                         ? h->json_member(entry, "stroke")
                         : NULL,
                     shared, entry_at);
        free(entry_at);
      }
    }
  }
}

anima_status contour_register_effects_check(anima_registrar *registrar) {
  static const anima_check_desc check = {.struct_size = sizeof check,
                                         .feature = CONTOUR_FEATURE,
                                         .name = "contour-effects",
                                         .check = check_effects};
  return contour_host->add_check(registrar, &check);
}
