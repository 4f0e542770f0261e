/*
 * validate_timelines.c — timelines (SPEC §5) and the property addresses
 * that tracks and poses write (SPEC §4 "Animatable paint addresses", §6
 * colour rules, §8 poses).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "address_internal.h"
#include "color.h"
#include "ease.h"
#include "habits.h"
#include "kinds.h"
#include "value_type.h"
#include "validate.h"

/* True when a diagnostic with `code` at `pointer` was already reported (a
 * relation reported once however many tracks meet it). */
static bool already_reported(const validation *v, const char *code,
                             const char *pointer) {
  size_t count = anima_diagnostics_count(v->diagnostics);
  for (size_t i = 0; i < count; i++) {
    const anima_diagnostic *d = anima_diagnostics_get(v->diagnostics, i);
    if (strcmp(d->code, code) == 0 && strcmp(d->pointer, pointer) == 0) {
      return true;
    }
  }
  return false;
}

/* The document value at a property address inside a node ("fill.color" ->
 * node.fill.color; numeric segments index arrays), with its pointer
 * appended to `pointer`. NULL when absent; when a containing object or
 * array is absent (not just the value itself), `missing` receives the name
 * of the first absent segment. */
static const json_t *value_at(const json_t *node, const char *address,
                              anima_text *pointer, anima_text *missing) {
  const json_t *current = node;
  const char *segment = address;
  for (;;) {
    const char *dot = strchr(segment, '.');
    size_t length = dot ? (size_t)(dot - segment) : strlen(segment);
    anima_text token = {0};
    anima_text_append_length(&token, segment, length);
    const char *name = anima_text_string(&token);
    const json_t *next = NULL;
    if (json_is_object(current)) {
      next = json_object_get(current, name);
    } else if (json_is_array(current) && length > 0 &&
               strspn(name, "0123456789") == length) {
      next = json_array_get(current, strtoul(name, NULL, 10));
    }
    anima_text_append_pointer_token(pointer, name);
    if (!next && dot) {
      anima_text_append(missing, name);
    }
    anima_text_free(&token);
    if (!next || !dot) {
      return next;
    }
    current = next;
    segment = dot + 1;
  }
}

/* True when `suffix` walks registry fields of the node's kind: a static
 * field such as "pivot" or "fill.rule" (not-animatable). */
static bool is_static_field(const validation *v, const char *kind,
                            const char *suffix) {
  const char *segment = suffix;
  const char *current_kind = kind;
  while (current_kind) {
    const char *dot = strchr(segment, '.');
    size_t length = dot ? (size_t)(dot - segment) : strlen(segment);
    char name[64];
    if (length == 0 || length >= sizeof name) {
      return false;
    }
    memcpy(name, segment, length);
    name[length] = '\0';
    const anima_field *field =
        anima_registry_find_field(v->registry, current_kind, name);
    if (!field) {
      return false;
    }
    if (!dot) {
      return true;
    }
    segment = dot + 1;
    if (field->kind == ANIMA_FIELD_NUMBERS) {
      /* An index into a fixed-length list ("pivot.1"); one past its end
       * ("corners.4") names nothing: unknown-address. */
      if (!*segment || strspn(segment, "0123456789") != strlen(segment) ||
          strlen(segment) > 9) {
        return false;
      }
      return field->length == 0 ||
             strtoul(segment, NULL, 10) < (unsigned long)field->length;
    }
    current_kind = field->kind == ANIMA_FIELD_OBJECT ? field->item_kind : NULL;
  }
  return false;
}

/* The concrete addresses a node has, for did-you-mean hints (at most
 * CANDIDATE_LIMIT: a hint needs no more). */
enum { CANDIDATE_LIMIT = 4096 };

typedef struct address_candidates {
  char **names;
  size_t count, capacity;
  bool failed;
} address_candidates;

static bool keep_candidate(const char *suffix, const json_t *value,
                           void *context) {
  (void)value;
  address_candidates *candidates = context;
  if (candidates->count == CANDIDATE_LIMIT) {
    return false;
  }
  if (candidates->count == candidates->capacity) {
    size_t capacity = candidates->capacity ? 2 * candidates->capacity : 32;
    char **grown =
        realloc(candidates->names, capacity * sizeof *candidates->names);
    if (!grown) {
      candidates->failed = true;
      return false;
    }
    candidates->names = grown;
    candidates->capacity = capacity;
  }
  char *copy = strdup(suffix);
  if (!copy) {
    candidates->failed = true;
    return false;
  }
  candidates->names[candidates->count++] = copy;
  return true;
}

static void report_unknown_property(validation *v, validation_node *node,
                                    const char *suffix) {
  const char *type = node->kind->name;
  long alias = anima_registry_find_property(v->registry, type, suffix, true);
  anima_text hint = {0};
  if (alias >= 0) {
    anima_text_appendf(
        &hint,
        "did you mean \"%s\"? (JSON addresses use the "
        "JSON spelling)",
        anima_registry_property(v->registry, (size_t)alias)->address);
  } else {
    /* Only addresses the node has: the concrete matches of every property
     * of its type on its object (no "stroke.width" without a stroke, no
     * radial "fill.r" on a linear fill, "fill.stops.1.color" rather than
     * the pattern). */
    address_candidates candidates = {0};
    size_t count = anima_registry_property_count(v->registry);
    for (size_t i = 0; i < count && !candidates.failed; i++) {
      if (anima_registry_property_applies(v->registry, i, type)) {
        anima_address_expand(v->registry, type, node->object,
                             anima_registry_property(v->registry, i)->address,
                             keep_candidate, &candidates);
      }
    }
    if (candidates.failed) {
      v->out_of_memory = true;
    }
    const char *closest =
        candidates.count > 0
            ? validation_hint(v, suffix, (const char *const *)candidates.names,
                              candidates.count)
            : NULL;
    if (closest) {
      anima_text_append(&hint, closest);
    }
    for (size_t i = 0; i < candidates.count; i++) {
      free(candidates.names[i]);
    }
    free(candidates.names);
  }
  validation_report(v, "unknown-address",
                    hint.length ? anima_text_string(&hint) : NULL,
                    "a %s node has no property \"%s\"", type, suffix);
  anima_text_free(&hint);
}

const anima_property *validate_address(validation *v, const char *address,
                                       validation_node **node_out) {
  *node_out = NULL;
  const char *dot = strchr(address, '.');
  if (!dot || dot == address || dot[1] == '\0') {
    validation_report(v, "unknown-address",
                      "write \"<node-id>.<property>\", e.g. \"dot.scale\"",
                      "\"%s\" is not an address", address);
    return NULL;
  }
  char id[256];
  size_t id_length = (size_t)(dot - address);
  if (id_length >= sizeof id) {
    validation_report(v, "unknown-address", NULL,
                      "no node has the id in \"%.40s...\"", address);
    return NULL;
  }
  memcpy(id, address, id_length);
  id[id_length] = '\0';
  const char *suffix = dot + 1;
  validation_node *node = validation_find_node(v, id);
  if (!node) {
    if (!validation_can_resolve(v, "nodes")) {
      return NULL; /* no node list, or nodes beyond a limit: reported */
    }
    const char **ids = malloc((v->node_id_count + 1) * sizeof *ids);
    for (size_t i = 0; ids && i < v->node_id_count; i++) {
      ids[i] = v->node_ids[i].name;
    }
    const char *hint =
        ids ? validation_hint(v, id, ids, v->node_id_count) : NULL;
    validation_report(v, "unknown-address", hint,
                      "no node has the id \"%s\" (address \"%s\")", id,
                      address);
    free(ids);
    return NULL;
  }
  *node_out = node;
  if (!node->kind) {
    return NULL; /* a node of unknown type: its type was reported */
  }
  long found = anima_registry_find_property(v->registry, node->kind->name,
                                            suffix, false);
  if (found < 0) {
    if (is_static_field(v, node->kind->name, suffix)) {
      validation_report(v, "not-animatable",
                        "set it on the node; only the properties SPEC §4 "
                        "marks animatable can be written by tracks and poses",
                        "\"%s\" is static and cannot be animated", suffix);
    } else {
      report_unknown_property(v, node, suffix);
    }
    return NULL;
  }
  const anima_property *property =
      anima_registry_property(v->registry, (size_t)found);
  if (!validation_feature_declared(v, property->feature)) {
    anima_text what = {0};
    anima_text_appendf(&what, "the address \"%s\"", suffix);
    validation_report_undeclared(v, anima_text_string(&what),
                                 property->feature);
    anima_text_free(&what);
    return NULL;
  }
  if (property->animation == ANIMA_ANIMATION_NONE) {
    validation_report(v, "not-animatable", "set it on the node instead",
                      "\"%s\" is static and cannot be animated", suffix);
    return NULL;
  }
  /* The address exists only where its containing objects do (a node
   * without a stroke has no "stroke.width"), a pattern's index or key is
   * there, and variant objects have the member (validate_forms.c). */
  if (!validation_address_exists(v, node, property, suffix, address)) {
    return NULL;
  }
  anima_text missing = {0};
  anima_text pointer = {0};
  anima_text_append(&pointer, node->pointer);
  const json_t *value = value_at(node->object, suffix, &pointer, &missing);
  /* SPEC §6: an animated paint colour has a hex literal as its document
   * value (reported once, at that value). */
  if (property->type == ANIMA_VALUE_COLOR && json_is_string(value) &&
      anima_color_parse(validation_string(value), NULL) !=
          ANIMA_COLOR_FORM_HEX &&
      !already_reported(v, "color-slot-animated",
                        anima_text_string(&pointer))) {
    validation_report_at(
        v, anima_text_string(&pointer), "color-slot-animated",
        "give the paint a hex literal such as \"#d97757\"; slots are not "
        "animatable in 0.1",
        "\"%s\" is animated (by %s) but its document value \"%s\" is not a "
        "hex literal",
        address, validation_pointer(v), json_string_value(value));
  }
  anima_text_free(&missing);
  anima_text_free(&pointer);
  /* SPEC §4: trims only on single-subpath paths. */
  if (strncmp(suffix, "stroke.trim", 11) == 0 && node->subpath_count > 1 &&
      !node->trim_reported) {
    node->trim_reported = true;
    validation_report(v, "trim-multi-subpath",
                      "select one subpath with \"subpaths\", or split the "
                      "path into one node per subpath",
                      "\"%s\" trims a path that draws %zu subpaths", address,
                      node->subpath_count);
  }
  return property;
}

/* ---- module value types (value_type.h) --------------------------------- */

static long value_find_node(void *owner, const char *id) {
  validation *v = owner;
  const validation_node *node = validation_find_node(v, id);
  return node ? (long)(node - v->nodes) : -1;
}

static void value_report(void *owner, const char *pointer, const char *code,
                         const char *hint, const char *message) {
  validation_report_at(owner, pointer, code, hint, "%s", message);
}

/* A value context at the current pointer; `reports` false parses
 * silently. Finish it with anima_value_context_finish. */
static anima_value_context value_context(validation *v, bool reports) {
  anima_value_context context = {
      .registry = v->registry,
      .pointer = validation_pointer(v),
      .find_node = value_find_node,
      .report = reports ? value_report : NULL,
      .owner = v,
  };
  return context;
}

/* The document value at a property address inside a node object, or NULL
 * (then the registry default is the rest value). */
static const json_t *rest_json(const validation_node *node,
                               const char *suffix) {
  anima_text pointer = {0}, missing = {0};
  const json_t *value =
      node ? value_at(node->object, suffix, &pointer, &missing) : NULL;
  anima_text_free(&pointer);
  anima_text_free(&missing);
  return value;
}

/* A key or pose value of a module value type: it parses, and fits the
 * rest value (the type's `compatible`: path morphs need the rest's
 * commands, `morph-mismatch`). */
static void check_module_value(validation *v, const anima_property *property,
                               const validation_node *node, const char *suffix,
                               const json_t *value) {
  anima_value_context context = value_context(v, true);
  anima_value parsed;
  if (anima_value_parse(&context, property->type, value, &parsed) && node) {
    anima_value_context silent = value_context(v, false);
    const json_t *document = rest_json(node, suffix);
    anima_value rest = property->default_value;
    rest.type = property->type;
    if (!document) {
      /* The type may derive the rest from the node (module.h node_rest). */
      anima_value_node_rest(&silent, property->type, v->document, node->object,
                            suffix, &rest);
    }
    if (!document ||
        anima_value_parse(&silent, property->type, document, &rest)) {
      anima_value_compatible(&context, &rest, &parsed);
    }
    anima_value_context_finish(&silent);
  }
  if (context.out_of_memory) {
    v->out_of_memory = true;
  }
  anima_value_context_finish(&context);
}

/* A deferred ANIMA_FIELD_VALUE field (validate.h). */
struct validation_value_field {
  const anima_field *field;
  const json_t *value;
  char *pointer;
};

void validation_defer_value(validation *v, const anima_field *field,
                            const json_t *value) {
  if (v->value_field_count == v->value_field_capacity) {
    size_t capacity =
        v->value_field_capacity ? 2 * v->value_field_capacity : 16;
    struct validation_value_field *grown =
        realloc(v->value_fields, capacity * sizeof *grown);
    if (!grown) {
      v->out_of_memory = true;
      return;
    }
    v->value_fields = grown;
    v->value_field_capacity = capacity;
  }
  char *pointer = anima_strdup(validation_pointer(v));
  if (!pointer) {
    v->out_of_memory = true;
    return;
  }
  v->value_fields[v->value_field_count++] =
      (struct validation_value_field){field, value, pointer};
}

void validate_value_fields(validation *v) {
  for (size_t i = 0; i < v->value_field_count; i++) {
    const struct validation_value_field *entry = &v->value_fields[i];
    bool found = false;
    anima_value_type type = anima_registry_value_type_id(
        v->registry, entry->field->value_type, &found);
    anima_value_context context = value_context(v, true);
    context.pointer = entry->pointer;
    anima_value parsed;
    if (!found) {
      validation_report_at(v, entry->pointer, "value-type",
                           "the module that registered it is broken",
                           "\"%s\" takes values of type \"%s\", which no "
                           "module registered",
                           entry->field->name,
                           entry->field->value_type ? entry->field->value_type
                                                    : "");
    } else {
      anima_value_parse(&context, type, entry->value, &parsed);
    }
    if (context.out_of_memory) {
      v->out_of_memory = true;
    }
    anima_value_context_finish(&context);
  }
}

void validation_release_value_fields(validation *v) {
  for (size_t i = 0; i < v->value_field_count; i++) {
    free(v->value_fields[i].pointer);
  }
  free(v->value_fields);
  v->value_fields = NULL;
  v->value_field_count = v->value_field_capacity = 0;
}

/* ---- property values ------------------------------------------------------
 */

void validate_property_value(validation *v, const anima_property *property,
                             const validation_node *node, const char *suffix,
                             const json_t *value) {
  if (property->type >= ANIMA_VALUE_MODULE_FIRST) {
    check_module_value(v, property, node, suffix, value);
    return;
  }
  switch (property->type) {
  case ANIMA_VALUE_NUMBER:
    if (!json_is_number(value)) {
      validation_report(v, "value-type", "use a number", "\"%s\" takes numbers",
                        property->address);
    }
    return;
  case ANIMA_VALUE_BOOL:
    if (!json_is_boolean(value)) {
      validation_report(v, "value-type", "use true or false",
                        "\"%s\" takes booleans", property->address);
    }
    return;
  case ANIMA_VALUE_COLOR:
  default:
    break;
  }
  if (!json_is_string(value)) {
    validation_report(v, "value-type", "use a hex colour such as \"#d97757\"",
                      "\"%s\" takes colours", property->address);
    return;
  }
  anima_color_form form = anima_color_parse(validation_string(value), NULL);
  anima_text_truncate(&v->scratch, 0);
  bool habit = form == ANIMA_COLOR_FORM_SLOT &&
               anima_habit_color(validation_string(value), ANIMA_HABIT_ANIMATED,
                                 NULL, &v->scratch);
  if (form == ANIMA_COLOR_FORM_INVALID) {
    validation_report(v, "bad-color",
                      "use #rgb, #rrggbb or #rrggbbaa (hex digits)",
                      "\"%s\" is not a colour", json_string_value(value));
  } else if (form != ANIMA_COLOR_FORM_HEX) {
    validation_report(v, "color-slot-animated",
                      habit ? anima_text_string(&v->scratch)
                            : "animated colours are hex literals such as "
                              "\"#d97757\"",
                      "\"%s\" is a %s; animated colours cannot use slots or "
                      "currentColor",
                      json_string_value(value),
                      form == ANIMA_COLOR_FORM_CURRENT ? "currentColor"
                                                       : "slot name");
  }
}

static const char core_eases[] = "eases are linear, hold, in, out, inOut, "
                                 "cubic(x1, y1, x2, y2) or elastic(a, p)";

/* An ease the core grammar refused (`core` says why): a module ease kind
 * of a declared feature, one of an undeclared feature, or bad-ease. */
static void check_module_ease(validation *v, const char *text,
                              const anima_ease_error *core,
                              const char *hold_type,
                              const char *curve_refusal) {
  anima_model_module_ease module;
  anima_ease_error error = {0};
  char hint[160];
  anima_ease_kind_result result =
      anima_ease_kind_parse(v->registry, v->features, v->feature_count, text,
                            &module, &error, hint, sizeof hint);
  switch (result) {
  case ANIMA_EASE_KIND_OK:
    if (hold_type) {
      validation_report(v, "bad-ease", "remove the ease or use \"hold\"",
                        "%s keys hold their value; \"%s\" cannot ease them",
                        hold_type, text);
    } else if (module.kind->value && curve_refusal) {
      validation_report(v, "bad-ease",
                        "value curves shape number keys only; use a weight "
                        "ease such as cubic(x1, y1, x2, y2) here",
                        "\"%s\" is a value curve and cannot shape %s",
                        module.kind->name, curve_refusal);
    }
    return;
  case ANIMA_EASE_KIND_INVALID:
    validation_report(v, "bad-ease", hint[0] ? hint : NULL, "%s",
                      error.message);
    return;
  case ANIMA_EASE_KIND_UNDECLARED: {
    anima_text what = {0};
    anima_text_appendf(&what, "the ease \"%s\"", module.kind->name);
    validation_report_undeclared(v, anima_text_string(&what),
                                 module.kind->feature);
    anima_text_free(&what);
    return;
  }
  case ANIMA_EASE_KIND_UNKNOWN:
  default:
    break;
  }
  /* A CSS or JavaScript ease name: the Anima ease it means. */
  anima_text_truncate(&v->scratch, 0);
  if (anima_habit_ease(text, &v->scratch)) {
    validation_report(v, "bad-ease", anima_text_string(&v->scratch), "%s",
                      core->message);
    return;
  }
  char kinds[120];
  if (anima_ease_kind_syntaxes(v->registry, v->features, v->feature_count,
                               kinds, sizeof kinds) == 0) {
    validation_report(v, "bad-ease", core_eases, "%s", core->message);
    return;
  }
  anima_text all = {0};
  anima_text_appendf(&all,
                     "eases are linear, hold, in, out, inOut, cubic(x1, y1, "
                     "x2, y2), elastic(a, p) or %s",
                     kinds);
  validation_report(v, "bad-ease", anima_text_string(&all), "%s",
                    core->message);
  anima_text_free(&all);
}

void validation_check_ease(validation *v, const json_t *value,
                           const char *hold_type, const char *curve_refusal) {
  bool boolean = hold_type != NULL;
  if (!json_is_string(value)) {
    validation_report(v, "type", "write the ease as a string, e.g. \"inOut\"",
                      "an ease is a string");
    return;
  }
  const char *text = validation_string(value);
  /* Documents repeat the same few eases thousands of times: an ease equal
   * to the previous valid one is valid again. */
  if (text && v->last_ease && strcmp(text, v->last_ease) == 0 &&
      (!boolean || v->last_ease_kind == ANIMA_EASE_HOLD)) {
    return;
  }
  anima_ease ease;
  anima_ease_error error = {0};
  anima_ease_parse_result result =
      text ? anima_ease_parse(text, &ease, &error) : ANIMA_EASE_PARSE_INVALID;
  if (result == ANIMA_EASE_PARSE_OK) {
    v->last_ease = text;
    v->last_ease_kind = ease.kind;
  }
  if (!text) {
    snprintf(error.message, sizeof error.message,
             "the ease contains a NUL character");
  }
  if (result == ANIMA_EASE_PARSE_INVALID && text) {
    check_module_ease(v, text, &error, hold_type, curve_refusal);
    return;
  }
  if (result == ANIMA_EASE_PARSE_RESERVED) {
    validation_report(v, "reserved", "use cubic(...) or elastic(a, p) in 0.1",
                      "%s", error.message);
  } else if (result != ANIMA_EASE_PARSE_OK) {
    validation_report(v, "bad-ease", core_eases, "%s", error.message);
  } else if (boolean && ease.kind != ANIMA_EASE_HOLD) {
    validation_report(v, "bad-ease", "remove the ease or use \"hold\"",
                      "%s keys hold their value; \"%s\" cannot ease them",
                      hold_type, text);
  }
}

/* The value type name of a property whose keys hold ("boolean", a HOLD
 * module type's name), or NULL when its keys interpolate. */
static const char *hold_type(const validation *v,
                             const anima_property *property) {
  if (!property) {
    return NULL;
  }
  if (property->type == ANIMA_VALUE_BOOL) {
    return "boolean";
  }
  const anima_value_type_desc *desc =
      anima_value_type_find(v->registry, property->type);
  if (desc && (desc->animation != ANIMA_ANIMATION_INTERPOLATED ||
               property->animation == ANIMA_ANIMATION_HOLD)) {
    return desc->name;
  }
  return NULL;
}

/* NULL when a value curve may shape keys of `property` (numbers), else
 * what its keys are, for the bad-ease message. An unknown property (already
 * reported) refuses nothing more. */
static const char *curve_refusal(const anima_property *property) {
  if (!property || property->type == ANIMA_VALUE_NUMBER) {
    return NULL;
  }
  if (property->type == ANIMA_VALUE_COLOR) {
    return "a color key";
  }
  return "a key of this property (only numbers take value curves)";
}

static void check_keyframe(validation *v, const json_t *key,
                           const anima_property *property,
                           const validation_node *node, const char *suffix,
                           double duration, double *previous_time) {
  v->keyframe_count++;
  if (v->keyframe_count > ANIMA_LIMIT_KEYFRAMES) {
    if (!v->keyframe_limit_reported) {
      v->keyframe_limit_reported = true;
      validation_report(v, "limit-exceeded", "use fewer keyframes",
                        "more than %d keyframes in total",
                        ANIMA_LIMIT_KEYFRAMES);
    }
    return;
  }
  if (!json_is_array(key) || json_array_size(key) < 2 ||
      json_array_size(key) > 3) {
    validation_report(v, "type", "write [time, value] or [time, value, ease]",
                      "a keyframe is an array [time, value, ease?]");
    return;
  }
  const json_t *time = json_array_get(key, 0);
  size_t length = validation_push_index(v, 0);
  if (!json_is_number(time)) {
    validation_report(v, "type", "use a time in seconds",
                      "a keyframe time is a number");
  } else {
    double t = json_number_value(time);
    if (!isnan(duration) && (t < 0 || t > duration)) {
      validation_report(v, "key-range", "times lie in [0, duration]",
                        "the key time %s is outside [0, %s]", NUMBER_TEXT(t),
                        NUMBER_TEXT(duration));
    } else if (!isnan(*previous_time) && !(t > *previous_time)) {
      validation_report(v, "key-order",
                        "key times strictly increase; move or remove this "
                        "key",
                        "the key time %s does not come after %s",
                        NUMBER_TEXT(t), NUMBER_TEXT(*previous_time));
    }
    *previous_time = t;
  }
  validation_pop(v, length);
  if (property) {
    length = validation_push_index(v, 1);
    validate_property_value(v, property, node, suffix, json_array_get(key, 1));
    validation_pop(v, length);
  }
  if (json_array_size(key) == 3) {
    length = validation_push_index(v, 2);
    validation_check_ease(v, json_array_get(key, 2), hold_type(v, property),
                          curve_refusal(property));
    validation_pop(v, length);
  }
}

static void check_tracks(validation *v, const json_t *tracks, double duration) {
  if (!json_is_object(tracks)) {
    validation_report(v, "type", "write {\"<node-id>.<property>\": [keys]}",
                      "\"tracks\" is an object of address -> keyframes");
    return;
  }
  const char *address;
  json_t *track;
  json_object_foreach((json_t *)tracks, address, track) {
    if (strcmp(address, "$comment") == 0) {
      continue;
    }
    size_t length = validation_push_key(v, address);
    validation_node *node = NULL;
    const anima_property *property = validate_address(v, address, &node);
    if (!json_is_array(track)) {
      validation_report(v, "type", "write [[time, value, ease?], ...]",
                        "a track is an array of keyframes");
    } else if (json_array_size(track) == 0) {
      validation_report(v, "empty-track",
                        "add a keyframe [time, value] or remove the track",
                        "the track \"%s\" has no keyframes", address);
    } else {
      double previous = NAN;
      for (size_t i = 0; i < json_array_size(track); i++) {
        size_t key_length = validation_push_index(v, i);
        check_keyframe(v, json_array_get(track, i), property, node,
                       strchr(address, '.') ? strchr(address, '.') + 1 : "",
                       duration, &previous);
        validation_pop(v, key_length);
      }
    }
    validation_pop(v, length);
  }
}

static void check_events(validation *v, const json_t *events, double duration) {
  if (!json_is_array(events)) {
    validation_report(v, "type", "write [[time, \"name\"], ...]",
                      "\"events\" is an array of [time, name] pairs");
    return;
  }
  for (size_t i = 0; i < json_array_size(events); i++) {
    const json_t *event = json_array_get(events, i);
    size_t length = validation_push_index(v, i);
    if (!json_is_array(event) || json_array_size(event) != 2) {
      validation_report(v, "type", "write [time, \"name\"]",
                        "an event is an array [time, name]");
      validation_pop(v, length);
      continue;
    }
    const json_t *time = json_array_get(event, 0);
    const json_t *name = json_array_get(event, 1);
    size_t item = validation_push_index(v, 0);
    if (!json_is_number(time)) {
      validation_report(v, "type", "use a time in seconds",
                        "an event time is a number");
    } else if (!isnan(duration) && (json_number_value(time) < 0 ||
                                    json_number_value(time) > duration)) {
      validation_report(v, "key-range", "times lie in [0, duration]",
                        "the event time %s is outside [0, %s]",
                        NUMBER_TEXT(json_number_value(time)),
                        NUMBER_TEXT(duration));
    }
    validation_pop(v, item);
    item = validation_push_index(v, 1);
    if (!json_is_string(name)) {
      validation_report(v, "type", "use an event name such as \"ding\"",
                        "an event name is a string");
    } else if (!validation_is_name(name)) {
      validation_report(v, "bad-name",
                        "event names match ^[a-z][a-zA-Z0-9-]*$; @ names are "
                        "built-in",
                        "\"%s\" is not a valid event name",
                        json_string_value(name));
    }
    validation_pop(v, item);
    validation_pop(v, length);
  }
}

void validate_timelines(validation *v) {
  const json_t *timelines = json_object_get(v->document, "timelines");
  if (!json_is_object(timelines)) {
    return;
  }
  size_t base = validation_push_key(v, "timelines");
  const char *name;
  json_t *timeline;
  json_object_foreach((json_t *)timelines, name, timeline) {
    if (!json_is_object(timeline) || strcmp(name, "$comment") == 0) {
      continue;
    }
    size_t length = validation_push_key(v, name);
    const json_t *duration_value = json_object_get(timeline, "duration");
    double duration = NAN;
    if (json_is_number(duration_value) &&
        json_number_value(duration_value) > 0) {
      duration = json_number_value(duration_value);
    }
    const json_t *tracks = json_object_get(timeline, "tracks");
    if (tracks) {
      size_t item = validation_push_key(v, "tracks");
      check_tracks(v, tracks, duration);
      validation_pop(v, item);
    }
    const json_t *events = json_object_get(timeline, "events");
    if (events) {
      size_t item = validation_push_key(v, "events");
      check_events(v, events, duration);
      validation_pop(v, item);
    }
    validation_pop(v, length);
  }
  validation_pop(v, base);
}
