/*
 * validate_structure.c — the generic, registry-driven walk of a document
 * (SPEC §2 Strictness): every object is checked against the fields of its
 * kind, every value against its field's kind. Nothing here knows a node
 * type or a document key by name, except `$comment` and `$schema`, which
 * SPEC §2 allows outside the registry, and the §2 node limits.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "color.h"
#include "habits.h"
#include "registry_internal.h"
#include "validate.h"

static void report_nul(validation *v, const json_t *value);
static void check_object(validation *v, const json_t *object, const char *kind,
                         bool top_level);

static const char *json_type_name(const json_t *value) {
  switch (json_typeof(value)) {
  case JSON_OBJECT:
    return "an object";
  case JSON_ARRAY:
    return "an array";
  case JSON_STRING:
    return "a string";
  case JSON_INTEGER:
  case JSON_REAL:
    return "a number";
  case JSON_TRUE:
  case JSON_FALSE:
    return "a boolean";
  case JSON_NULL:
  default:
    return "null";
  }
}

/* The hint of a foreign name (module.h) in v->scratch: `use "center":
 * [cx, cy]` for a field, `use "path" with "d": "..."` for a node type,
 * then `; <note>`. */
static const char *foreign_hint(validation *v,
                                const anima_foreign_name *foreign) {
  anima_text_truncate(&v->scratch, 0);
  anima_text_appendf(&v->scratch, "use \"%s\"", foreign->instead);
  if (foreign->example) {
    anima_text_appendf(&v->scratch, "%s%s", foreign->kind ? ": " : " with ",
                       foreign->example);
  }
  if (foreign->note) {
    anima_text_appendf(&v->scratch, "; %s", foreign->note);
  }
  return anima_text_string(&v->scratch);
}

/* The note of a foreign name the object has whose `instead` is the missing
 * `field` (a rect with x but no x0), or NULL. */
static const char *foreign_note(const validation *v, const json_t *object,
                                const char *kind, const anima_field *field) {
  size_t count = anima_registry_foreign_name_count(v->registry);
  for (size_t i = 0; i < count; i++) {
    const anima_foreign_name *foreign =
        anima_registry_foreign_name(v->registry, i);
    if (foreign->kind && foreign->note &&
        strcmp(foreign->instead, field->name) == 0 &&
        json_object_get(object, foreign->name) &&
        anima_registry_find_foreign_name(v->registry, kind, foreign->name) ==
            foreign) {
      return foreign->note;
    }
  }
  return NULL;
}

static void report_type(validation *v, const json_t *value,
                        const char *expected) {
  validation_report(v, "type", NULL, "expected %s, got %s", expected,
                    json_type_name(value));
}

/* Strings whose own check already refuses a NUL character with the field's
 * code (docs/DECISIONS.md "Embedded NUL"): the document name (bad-name),
 * path data (bad-path), conditions (bad-condition) and eases (bad-ease). */
static bool checks_its_own_nul(const anima_field *field) {
  static const char *const fields[][2] = {
      {"document", "name"},   {"path", "d"},          {"glyph", "d"},
      {"transition", "when"}, {"transition", "ease"},
  };
  for (size_t i = 0; i < sizeof fields / sizeof *fields; i++) {
    if (field->owner && strcmp(field->owner, fields[i][0]) == 0 &&
        strcmp(field->name, fields[i][1]) == 0) {
      return true;
    }
  }
  return false;
}

/* A string holding a NUL character (JSON \u0000): C code would read it only
 * up to the NUL, so it is refused instead of silently shortened. */
static void report_nul(validation *v, const json_t *value) {
  size_t at = strlen(json_string_value(value));
  validation_report(
      v, "bad-value", "remove the \\u0000; no text of a document holds one",
      "the text contains a NUL character (\\u0000) at byte %zu", at);
}

/* "the number must be >= 0" style range text of a field. */
static void report_range(validation *v, const anima_field *field,
                         double number) {
  anima_text range = {0};
  if (isfinite(field->minimum) && isfinite(field->maximum)) {
    anima_text_appendf(&range, "in [%s, %s]", NUMBER_TEXT(field->minimum),
                       NUMBER_TEXT(field->maximum));
  } else if (isfinite(field->minimum)) {
    anima_text_appendf(&range, "%s %s", field->exclusive_minimum ? ">" : ">=",
                       NUMBER_TEXT(field->minimum));
  } else {
    anima_text_appendf(&range, "<= %s", NUMBER_TEXT(field->maximum));
  }
  anima_text hint = {0};
  anima_text_appendf(&hint, "use a number %s", anima_text_string(&range));
  validation_report(v, "bad-value", anima_text_string(&hint),
                    "\"%s\" must be %s, got %s", field->name,
                    anima_text_string(&range), NUMBER_TEXT(number));
  anima_text_free(&range);
  anima_text_free(&hint);
}

static bool in_range(const anima_field *field, double number) {
  if (field->exclusive_minimum ? !(number > field->minimum)
                               : number < field->minimum) {
    return false;
  }
  return number <= field->maximum;
}

static void check_name(validation *v, const json_t *value, const char *what) {
  if (!json_is_string(value)) {
    report_type(v, value, "a name (string)");
  } else if (!validation_string(value)) {
    validation_report(
        v, "bad-name", "names match ^[a-z][a-zA-Z0-9-]*$, e.g. \"ring-dot\"",
        "%s \"%s\" is not a valid name: it holds a NUL character (\\u0000) "
        "at byte %zu",
        what, json_string_value(value), strlen(json_string_value(value)));
  } else if (!validation_is_name(value)) {
    validation_report(
        v, "bad-name", "names match ^[a-z][a-zA-Z0-9-]*$, e.g. \"ring-dot\"",
        "%s \"%s\" is not a valid name", what, json_string_value(value));
  }
}

/* The key of the object that holds the value at `pointer` ("fill" for
 * "/nodes/0/fill/color") into `out`, or NULL when it has none or is
 * escaped or long. */
static const char *parent_key(const char *pointer, char *out, size_t size) {
  const char *last = strrchr(pointer, '/');
  const char *start = last;
  while (start && start > pointer && start[-1] != '/') {
    start--;
  }
  if (!last || !start || start == last || start == pointer) {
    return NULL;
  }
  size_t length = (size_t)(last - start);
  if (length >= size || memchr(start, '~', length)) {
    return NULL;
  }
  memcpy(out, start, length);
  out[length] = '\0';
  return out;
}

static void check_color(validation *v, const anima_field *field,
                        const json_t *value) {
  const char *text = validation_string(value);
  if (!json_is_string(value)) {
    report_type(v, value, "a colour string");
    return;
  }
  anima_color_form form = anima_color_parse(text, NULL);
  bool slot_declaration = strcmp(field->owner, "colors") == 0;
  if (form == ANIMA_COLOR_FORM_INVALID ||
      (slot_declaration && form == ANIMA_COLOR_FORM_SLOT)) {
    anima_text_truncate(&v->scratch, 0);
    /* A CSS name in another case ("Black") is no slot name: its hex. */
    bool habit = anima_habit_color(
        text, slot_declaration ? ANIMA_HABIT_SLOT_VALUE : ANIMA_HABIT_ANIMATED,
        NULL, &v->scratch);
    validation_report(v, "bad-color",
                      habit ? anima_text_string(&v->scratch)
                      : slot_declaration
                          ? "a slot's value is #rgb, #rrggbb, #rrggbbaa or "
                            "currentColor"
                          : "use #rgb, #rrggbb, #rrggbbaa, currentColor or a "
                            "declared slot name",
                      text ? "\"%s\" is not a colour"
                           : "\"%s\" is not a colour: it holds a NUL character "
                             "(\\u0000)",
                      json_string_value(value));
    return;
  }
  if (form != ANIMA_COLOR_FORM_SLOT) {
    return;
  }
  const json_t *slots = json_object_get(v->document, "colors");
  if ((json_is_object(slots) && json_object_get(slots, text)) ||
      !validation_can_resolve(v, "colors")) {
    return;
  }
  /* A declared slot close to the name wins over a habit, except for the
   * words that mean "no paint". */
  bool no_paint =
      strcasecmp(text, "none") == 0 || strcasecmp(text, "transparent") == 0;
  const char *hint = no_paint ? NULL : validation_hint_keys(v, text, slots);
  if (!hint) {
    char paint[64];
    anima_text_truncate(&v->scratch, 0);
    if (anima_habit_color(
            text, ANIMA_HABIT_PAINT,
            parent_key(validation_pointer(v), paint, sizeof paint),
            &v->scratch)) {
      hint = anima_text_string(&v->scratch);
    }
  }
  validation_report(v, "unknown-color-slot",
                    hint ? hint
                         : "declare it in \"colors\" or use a colour literal",
                    "no colour slot named \"%s\" is declared", text);
}

/* Every value in `meta` (SPEC §2): strings, numbers, booleans, arrays and
 * objects of them. */
static void check_free_form(validation *v, const json_t *value) {
  if (json_is_null(value)) {
    validation_report(v, "type",
                      "remove it or use a string, number or "
                      "boolean",
                      "free-form values hold strings, numbers, booleans, "
                      "arrays and objects, not null");
  } else if (json_is_array(value)) {
    for (size_t i = 0; i < json_array_size(value); i++) {
      size_t length = validation_push_index(v, i);
      check_free_form(v, json_array_get(value, i));
      validation_pop(v, length);
    }
  } else if (json_is_object(value)) {
    const char *key;
    json_t *item;
    json_object_foreach((json_t *)value, key, item) {
      size_t length = validation_push_key(v, key);
      check_free_form(v, item);
      validation_pop(v, length);
    }
  }
}

static void check_number_array(validation *v, const anima_field *field,
                               const json_t *value) {
  if (!json_is_array(value)) {
    report_type(v, value, "an array of numbers");
    return;
  }
  size_t count = json_array_size(value);
  if (field->length && count != field->length) {
    validation_report(v, "type", NULL,
                      "\"%s\" takes exactly %u numbers, got %zu", field->name,
                      field->length, count);
    return;
  }
  for (size_t i = 0; i < count; i++) {
    const json_t *item = json_array_get(value, i);
    size_t length = validation_push_index(v, i);
    if (!json_is_number(item)) {
      report_type(v, item, "a number");
    } else if (!in_range(field, json_number_value(item))) {
      report_range(v, field, json_number_value(item));
    }
    validation_pop(v, length);
  }
}

static void check_indices(validation *v, const json_t *value) {
  if (!json_is_array(value)) {
    report_type(v, value, "an array of integers");
    return;
  }
  for (size_t i = 0; i < json_array_size(value); i++) {
    const json_t *item = json_array_get(value, i);
    size_t length = validation_push_index(v, i);
    if (!json_is_number(item) ||
        floor(json_number_value(item)) != json_number_value(item)) {
      report_type(v, item, "an integer");
    }
    validation_pop(v, length);
  }
}

static void check_names(validation *v, const json_t *value, bool single_ok,
                        const char *what) {
  if (single_ok && json_is_string(value)) {
    check_name(v, value, what);
    return;
  }
  if (!json_is_array(value)) {
    report_type(v, value,
                single_ok ? "a name or an array of names"
                          : "an array of strings");
    return;
  }
  if (single_ok && json_array_size(value) == 0) {
    validation_report(v, "bad-value",
                      "list at least one name, or remove the "
                      "key",
                      "the list is empty");
    return;
  }
  for (size_t i = 0; i < json_array_size(value); i++) {
    const json_t *item = json_array_get(value, i);
    size_t length = validation_push_index(v, i);
    if (single_ok) {
      check_name(v, item, what);
    } else if (!json_is_string(item)) {
      report_type(v, item, "a string");
    } else if (!validation_string(item)) {
      report_nul(v, item);
    }
    validation_pop(v, length);
  }
}

/* SPEC §2 limits on nodes (DECISIONS 5: a node in `nodes` is at depth 1). */
static bool node_within_limits(validation *v) {
  v->nodes_seen++;
  if (v->nodes_seen > ANIMA_LIMIT_NODES) {
    if (!v->node_limit_reported) {
      v->node_limit_reported = true;
      validation_report(v, "limit-exceeded", "split the icon or merge nodes",
                        "more than %d nodes", ANIMA_LIMIT_NODES);
    }
    return false;
  }
  if (v->node_depth > ANIMA_LIMIT_NODE_DEPTH) {
    if (!v->depth_limit_reported) {
      v->depth_limit_reported = true;
      validation_report(v, "limit-exceeded", "flatten the node tree",
                        "nodes nest deeper than %d levels",
                        ANIMA_LIMIT_NODE_DEPTH);
    }
    return false;
  }
  return true;
}

static void record_node(validation *v, const json_t *object,
                        const anima_kind *kind) {
  if (v->node_count == v->node_capacity) {
    size_t capacity = v->node_capacity ? v->node_capacity * 2 : 32;
    validation_node *grown = realloc(v->nodes, capacity * sizeof *grown);
    if (!grown) {
      v->out_of_memory = true;
      return;
    }
    v->nodes = grown;
    v->node_capacity = capacity;
  }
  char *pointer = anima_strdup(validation_pointer(v));
  if (!pointer) {
    v->out_of_memory = true;
    return;
  }
  validation_node *node = &v->nodes[v->node_count++];
  memset(node, 0, sizeof *node);
  node->object = object;
  node->kind = kind;
  node->pointer = pointer;
  node->id = validation_string(json_object_get(object, "id"));
}

/* One item of a NODES array, at the current pointer: dispatched on "type". */
static void check_node(validation *v, const json_t *node) {
  if (!node_within_limits(v)) {
    return;
  }
  if (!json_is_object(node)) {
    report_type(v, node, "a node object");
    return;
  }
  const json_t *type = json_object_get(node, "type");
  if (!type) {
    validation_report(v, "missing-key", "add \"type\", e.g. \"group\"",
                      "the node has no \"type\"");
    record_node(v, node, NULL); /* references to it are not errors too */
    return;
  }
  size_t length = validation_push_key(v, "type");
  const char *name = validation_string(type);
  const anima_kind *kind = anima_registry_find_kind(v->registry, name);
  if (!json_is_string(type)) {
    report_type(v, type, "a node type name");
    kind = NULL;
  } else if (!kind || !(kind->flags & ANIMA_KIND_NODE_TYPE)) {
    size_t count = anima_registry_kind_count(v->registry);
    const char **types = malloc((count ? count : 1) * sizeof *types);
    size_t used = 0;
    for (size_t i = 0; types && i < count; i++) {
      const anima_kind *candidate = anima_registry_kind(v->registry, i);
      if (candidate->flags & ANIMA_KIND_NODE_TYPE) {
        types[used++] = candidate->name;
      }
    }
    const anima_foreign_name *foreign =
        anima_registry_find_foreign_name(v->registry, NULL, name);
    const char *hint = foreign ? foreign_hint(v, foreign)
                       : types ? validation_hint(v, name, types, used)
                               : NULL;
    anima_text list = {0};
    if (!hint) {
      anima_text_append(&list, "node types are ");
      for (size_t i = 0; types && i < used; i++) {
        anima_text_appendf(&list, "%s%s", i ? ", " : "", types[i]);
      }
    }
    validation_report(
        v, "unknown-node-type", hint ? hint : anima_text_string(&list),
        "\"%s\" is not a node type", name ? name : json_string_value(type));
    anima_text_free(&list);
    free(types);
    kind = NULL;
  } else if (!validation_feature_declared(v, kind->feature)) {
    anima_text what = {0};
    anima_text_appendf(&what, "the node type \"%s\"", kind->name);
    validation_report_undeclared(v, anima_text_string(&what), kind->feature);
    anima_text_free(&what);
    kind = NULL;
  }
  validation_pop(v, length);
  if (!kind) {
    /* One diagnostic for a node of unknown type: none per key, and
     * references to its id still resolve. */
    record_node(v, node, NULL);
    return;
  }
  record_node(v, node, kind);
  check_object(v, node, kind->name, false);
}

static void check_nodes(validation *v, const json_t *value) {
  if (!json_is_array(value)) {
    report_type(v, value, "an array of nodes");
    return;
  }
  v->node_depth++;
  for (size_t i = 0; i < json_array_size(value); i++) {
    size_t length = validation_push_index(v, i);
    check_node(v, json_array_get(value, i));
    validation_pop(v, length);
  }
  v->node_depth--;
}

/* A map's member names are SPEC §2 names (slots, glyphs, inputs, ...). */
static bool check_map_key(validation *v, const char *key) {
  if (anima_is_name(key)) {
    return true;
  }
  validation_report(v, "bad-name",
                    key[0] == '@' ? "names starting with @ are reserved for "
                                    "built-ins"
                                  : "names match ^[a-z][a-zA-Z0-9-]*$",
                    "\"%s\" is not a valid name", key);
  return false;
}

/* A listener `on` of a declared feature's listener source (module.h
 * anima_listener_source_desc): its prefix and at least one character. */
static bool listener_source_matches(const validation *v,
                                    const anima_field *field,
                                    const char *text) {
  if (!field->owner || strcmp(field->owner, "listener") != 0 ||
      strcmp(field->name, "on") != 0) {
    return false;
  }
  size_t count = anima_registry_behaviour_count(
      v->registry, ANIMA_BEHAVIOUR_LISTENER_SOURCE);
  for (size_t i = 0; i < count; i++) {
    const anima_listener_source_desc *source =
        anima_registry_behaviour(v->registry, ANIMA_BEHAVIOUR_LISTENER_SOURCE,
                                 i)
            ->desc;
    size_t length = strlen(source->prefix);
    if (strncmp(text, source->prefix, length) == 0 && text[length] &&
        validation_feature_declared(v, source->feature)) {
      return true;
    }
  }
  return false;
}

/* The value of one field, at the current pointer. */
static void check_value(validation *v, const anima_field *field,
                        const json_t *value) {
  switch (field->kind) {
  case ANIMA_FIELD_NUMBER:
  case ANIMA_FIELD_INTEGER:
    if (!json_is_number(value)) {
      report_type(v, value, "a number");
    } else if (field->kind == ANIMA_FIELD_INTEGER &&
               floor(json_number_value(value)) != json_number_value(value)) {
      report_type(v, value, "an integer");
    } else if (!in_range(field, json_number_value(value))) {
      report_range(v, field, json_number_value(value));
    }
    break;
  case ANIMA_FIELD_BOOL:
    if (!json_is_boolean(value)) {
      report_type(v, value, "true or false");
    }
    break;
  case ANIMA_FIELD_STRING:
    if (!json_is_string(value)) {
      report_type(v, value, "a string");
    } else if (!validation_string(value) && !checks_its_own_nul(field)) {
      report_nul(v, value);
    }
    break;
  case ANIMA_FIELD_NAME:
    check_name(v, value, field->name);
    break;
  case ANIMA_FIELD_ENUM: {
    const char *text = validation_string(value);
    if (!json_is_string(value)) {
      report_type(v, value, "a string");
      break;
    }
    if (!text) {
      report_nul(v, value);
      break;
    }
    size_t count = 0;
    while (field->options && field->options[count]) {
      count++;
    }
    for (size_t i = 0; i < count; i++) {
      if (text && strcmp(text, field->options[i]) == 0) {
        return;
      }
    }
    if (listener_source_matches(v, field, text)) {
      return;
    }
    anima_text options = {0};
    for (size_t i = 0; i < count; i++) {
      anima_text_appendf(&options, "%s\"%s\"", i ? ", " : "",
                         field->options[i]);
    }
    anima_text_truncate(&v->scratch, 0);
    const char *hint =
        anima_habit_enum(field->owner, field->name, text, &v->scratch)
            ? anima_text_string(&v->scratch)
            : validation_hint(v, text, field->options, count);
    validation_report(v, "bad-value", hint ? hint : anima_text_string(&options),
                      "\"%s\" is not one of %s", json_string_value(value),
                      anima_text_string(&options));
    anima_text_free(&options);
    break;
  }
  case ANIMA_FIELD_COLOR:
    check_color(v, field, value);
    break;
  case ANIMA_FIELD_NUMBERS:
    check_number_array(v, field, value);
    break;
  case ANIMA_FIELD_INDICES:
    check_indices(v, value);
    break;
  case ANIMA_FIELD_NAMES:
    check_names(v, value, false, field->name);
    break;
  case ANIMA_FIELD_NAME_OR_NAMES:
    check_names(v, value, true, field->name);
    break;
  case ANIMA_FIELD_OBJECT:
  case ANIMA_FIELD_VARIANT:
    if (!json_is_object(value)) {
      report_type(v, value, "an object");
    } else {
      check_object(v, value, field->item_kind, false);
    }
    break;
  case ANIMA_FIELD_MAP: {
    if (!json_is_object(value)) {
      report_type(v, value, "an object");
      break;
    }
    const char *key;
    json_t *item;
    json_object_foreach((json_t *)value, key, item) {
      if (strcmp(key, "$comment") == 0) {
        continue;
      }
      size_t length = validation_push_key(v, key);
      if (check_map_key(v, key)) {
        if (field->item_field) {
          check_value(v, field->item_field, item);
        } else if (!json_is_object(item)) {
          report_type(v, item, "an object");
        } else {
          check_object(v, item, field->item_kind, false);
        }
      }
      validation_pop(v, length);
    }
    break;
  }
  case ANIMA_FIELD_ARRAY:
  case ANIMA_FIELD_VARIANTS:
    if (!json_is_array(value)) {
      report_type(v, value, "an array");
      break;
    }
    for (size_t i = 0; i < json_array_size(value); i++) {
      const json_t *item = json_array_get(value, i);
      size_t length = validation_push_index(v, i);
      if (!json_is_object(item)) {
        report_type(v, item, "an object");
      } else {
        check_object(v, item, field->item_kind, false);
      }
      validation_pop(v, length);
    }
    break;
  case ANIMA_FIELD_NODES:
    check_nodes(v, value);
    break;
  case ANIMA_FIELD_ANY:
    check_free_form(v, value);
    break;
  case ANIMA_FIELD_VALUE:
    validation_defer_value(v, field, value); /* once node ids are known */
    break;
  case ANIMA_FIELD_CUSTOM:
  default:
    break; /* shape checked by the semantic pass that owns it */
  }
}

static void report_unknown_key(validation *v, const char *key,
                               const char *kind) {
  size_t count = 0;
  const anima_field *const *fields =
      anima_registry_fields(v->registry, kind, &count);
  const char **names = malloc((count ? count : 1) * sizeof *names);
  const anima_foreign_name *foreign =
      anima_registry_find_foreign_name(v->registry, kind, key);
  const char *hint = foreign ? foreign_hint(v, foreign) : NULL;
  if (names && !foreign) {
    for (size_t i = 0; i < count; i++) {
      names[i] = fields[i]->name;
    }
    hint = validation_hint(v, key, names, count);
  }
  const anima_kind *entry = anima_registry_find_kind(v->registry, kind);
  const anima_kind *family =
      entry ? anima_registry_find_kind(v->registry, entry->variant_of) : NULL;
  const char *description = entry && (entry->flags & ANIMA_KIND_NODE_TYPE)
                                ? "a node of type"
                                : "an object of kind";
  if (family) {
    validation_report(v, "unknown-key", hint,
                      "\"%s\" is not a key of an object of kind \"%s\" with "
                      "\"%s\": \"%s\"",
                      key, family->name, family->discriminator, entry->variant);
  } else {
    validation_report(v, "unknown-key", hint,
                      "\"%s\" is not a key of %s \"%s\"", key, description,
                      kind);
  }
  free(names);
}

/* The field named `key` among `fields` (a first-byte test skips most
 * string compares: this runs for every member of every object). */
static const anima_field *find_field(const anima_field *const *fields,
                                     size_t count, const char *key) {
  for (size_t i = 0; i < count; i++) {
    if (fields[i]->name[0] == key[0] && strcmp(fields[i]->name, key) == 0) {
      return fields[i];
    }
  }
  return NULL;
}

/* The missing-key report of a required field (hint: add it, with its only
 * option and a foreign name's note). */
static void report_missing(validation *v, const json_t *object,
                           const char *kind, const anima_field *field) {
  anima_text hint = {0};
  anima_text_appendf(&hint, "add \"%s\"", field->name);
  if (field->kind == ANIMA_FIELD_ENUM && field->options && field->options[0] &&
      !field->options[1]) {
    anima_text_appendf(&hint, ": \"%s\"", field->options[0]);
  }
  const char *note = foreign_note(v, object, kind, field);
  if (note) {
    anima_text_appendf(&hint, "; %s", note);
  }
  validation_report(v, "missing-key", anima_text_string(&hint),
                    "the required key \"%s\" is missing", field->name);
  anima_text_free(&hint);
}

/* An object of `kind`, at the current pointer. A variant family's object
 * is checked against the fields of the variant its discriminator selects
 * (validate_forms.c). */
static void check_object(validation *v, const json_t *object, const char *kind,
                         bool top_level) {
  const anima_kind *entry = anima_registry_find_kind(v->registry, kind);
  if (!entry) {
    check_free_form(v, object); /* a module field without an item kind */
    return;
  }
  validation_form form = validation_select_form(v, object, entry);
  kind = form.kind->name;
  size_t count = 0;
  const anima_field *const *fields =
      anima_registry_fields(v->registry, kind, &count);
  const char *key;
  json_t *value;
  json_object_foreach((json_t *)object, key, value) {
    if (key[0] == '$' && (strcmp(key, "$comment") == 0 ||
                          (top_level && strcmp(key, "$schema") == 0))) {
      continue;
    }
    size_t length = validation_push_key(v, key);
    const anima_field *field = find_field(fields, count, key);
    if (!field) {
      if (!validation_other_variant_key(v, &form, key)) {
        report_unknown_key(v, key, kind);
      }
    } else if (field->reserved_for) {
      validation_report(v, "reserved", "remove it for a 0.1 document",
                        "\"%s\" is reserved for format version %s", key,
                        field->reserved_for);
    } else if (!validation_feature_declared(v, field->feature)) {
      anima_text what = {0};
      anima_text_appendf(&what, "the key \"%s\"", key);
      validation_report_undeclared(v, anima_text_string(&what), field->feature);
      anima_text_free(&what);
    } else if (validation_one_of_conflict(v, object, fields, count, field,
                                          key)) {
      /* reported: the value of a second alternative is not checked */
    } else if (field != form.discriminator) {
      check_value(v, field, value); /* a discriminator: checked by select */
    }
    validation_pop(v, length);
  }
  for (size_t i = 0; i < count; i++) {
    const anima_field *field = fields[i];
    const anima_field *single = NULL;
    if (field->one_of) {
      if (validation_one_of_missing(v, object, fields, count, i, &single) &&
          single) {
        report_missing(v, object, kind, single);
      }
    } else if (field->required && !field->reserved_for &&
               validation_feature_declared(v, field->feature) &&
               !json_object_get(object, field->name)) {
      if (field == form.discriminator) {
        validation_report_missing_discriminator(v, &form);
      } else {
        report_missing(v, object, kind, field);
      }
    }
  }
}

void validate_structure(validation *v) {
  check_object(v, v->document, "document", true);
  /* Sorted id table for the semantic passes (stable: the earliest node is
   * the first of equal ids). */
  v->node_ids = calloc(v->node_count ? v->node_count : 1, sizeof *v->node_ids);
  if (!v->node_ids) {
    v->out_of_memory = true;
    return;
  }
  for (size_t i = 0; i < v->node_count; i++) {
    if (v->nodes[i].id) {
      v->node_ids[v->node_id_count].name = v->nodes[i].id;
      v->node_ids[v->node_id_count].index = i;
      v->node_id_count++;
    }
  }
  validation_sort_names(v->node_ids, v->node_id_count);
}
