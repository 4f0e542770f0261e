/*
 * validate.c — the strict loader's entry point and shared helpers
 * (loader.h, validate.h): SPEC §2 "Strictness" and the §11.3 codes.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host_internal.h"
#include "registry_internal.h"
#include "validate.h"

/* ---- reporting --------------------------------------------------------- */

static void report(validation *v, const char *pointer, const char *code,
                   const char *hint, const char *format, va_list arguments) {
  const anima_code *entry = anima_registry_find_code(v->registry, code);
  anima_severity severity = entry ? entry->severity : ANIMA_SEVERITY_ERROR;
  anima_text message = {0};
  anima_text_vappendf(&message, format, arguments);
  if (anima_diagnostics_add(v->diagnostics, code, severity, pointer, hint, "%s",
                            anima_text_string(&message)) != ANIMA_OK ||
      message.failed) {
    v->out_of_memory = true;
  }
  anima_text_free(&message);
}

void validation_report(validation *v, const char *code, const char *hint,
                       const char *format, ...) {
  va_list arguments;
  va_start(arguments, format);
  report(v, anima_text_string(&v->pointer), code, hint, format, arguments);
  va_end(arguments);
}

void validation_report_at(validation *v, const char *pointer, const char *code,
                          const char *hint, const char *format, ...) {
  va_list arguments;
  va_start(arguments, format);
  report(v, pointer, code, hint, format, arguments);
  va_end(arguments);
}

size_t validation_push_key(validation *v, const char *key) {
  size_t length = v->pointer.length;
  anima_text_append_pointer_token(&v->pointer, key);
  return length;
}

size_t validation_push_index(validation *v, size_t index) {
  size_t length = v->pointer.length;
  anima_text_append_pointer_index(&v->pointer, index);
  return length;
}

void validation_pop(validation *v, size_t length) {
  anima_text_truncate(&v->pointer, length);
}

const char *validation_pointer(const validation *v) {
  return anima_text_string(&v->pointer);
}

/* The candidate sharing the longest prefix with `word`, when that prefix
 * is at least 4 bytes and covers most of the candidate ("rotation" ->
 * "rotate"): edit distance alone misses such suffix slips. */
static const char *shared_prefix_candidate(const char *word,
                                           const char *const *candidates,
                                           size_t count) {
  const char *best = NULL;
  size_t best_length = 0;
  for (size_t i = 0; i < count; i++) {
    const char *candidate = candidates[i];
    size_t length = 0;
    while (candidate && candidate[length] &&
           candidate[length] == word[length]) {
      length++;
    }
    if (length >= 4 && 3 * length >= 2 * strlen(candidate) &&
        length > best_length) {
      best = candidate;
      best_length = length;
    }
  }
  return best;
}

const char *validation_hint(validation *v, const char *word,
                            const char *const *candidates, size_t count) {
  anima_text_truncate(&v->scratch, 0);
  if (!word) {
    return NULL;
  }
  if (anima_hint_did_you_mean(&v->scratch, word, candidates, count)) {
    return anima_text_string(&v->scratch);
  }
  const char *closest = shared_prefix_candidate(word, candidates, count);
  if (!closest) {
    return NULL;
  }
  anima_text_appendf(&v->scratch, "did you mean \"%s\"?", closest);
  return anima_text_string(&v->scratch);
}

const char *validation_hint_keys(validation *v, const char *word,
                                 const json_t *object) {
  size_t count = json_is_object(object) ? json_object_size(object) : 0;
  if (count == 0 || !word) {
    return NULL;
  }
  const char **names = malloc(count * sizeof *names);
  if (!names) {
    v->out_of_memory = true;
    return NULL;
  }
  size_t used = 0;
  const char *key;
  json_t *value;
  json_object_foreach((json_t *)object, key, value) {
    if (key[0] != '$' && used < count) {
      names[used++] = key;
    }
  }
  const char *hint = validation_hint(v, word, names, used);
  free(names);
  return hint;
}

bool validation_can_resolve(const validation *v, const char *key) {
  const json_t *value = json_object_get(v->document, key);
  if (strcmp(key, "nodes") == 0) {
    return json_is_array(value) && !v->node_limit_reported &&
           !v->depth_limit_reported;
  }
  return !value || json_is_object(value);
}

bool validation_feature_declared(const validation *v, const char *feature) {
  return anima_feature_declared(feature, v->features, v->feature_count);
}

/* The alternatives of `feature` ("paint|corners") this runtime has, as
 * "\"paint\" or \"corners\"" (every alternative when none is loaded). */
static void append_alternatives(const validation *v, anima_text *text,
                                const char *feature, bool loaded_only) {
  size_t written = 0;
  const char *start = feature;
  while (*start) {
    const char *end = strchr(start, '|');
    size_t length = end ? (size_t)(end - start) : strlen(start);
    char name[80];
    if (length < sizeof name) {
      memcpy(name, start, length);
      name[length] = '\0';
      if (!loaded_only || anima_registry_has_feature(v->registry, name)) {
        anima_text_appendf(text, "%s\"%s\"", written ? " or " : "", name);
        written++;
      }
    }
    if (!end) {
      break;
    }
    start = end + 1;
  }
  if (written == 0 && loaded_only) {
    append_alternatives(v, text, feature, false);
  }
}

void validation_report_undeclared(validation *v, const char *what,
                                  const char *feature) {
  anima_text hint = {0};
  anima_text_append(&hint, "add ");
  append_alternatives(v, &hint, feature, true);
  anima_text_append(&hint, " to \"requires\"");
  anima_text names = {0};
  append_alternatives(v, &names, feature, false);
  bool several = strchr(feature, '|') != NULL;
  validation_report(v, "undeclared-feature", anima_text_string(&hint),
                    "%s belongs to the feature%s %s, which the document "
                    "does not declare",
                    what, several ? "s" : "", anima_text_string(&names));
  anima_text_free(&names);
  anima_text_free(&hint);
}

const char *validation_string(const json_t *value) {
  if (!json_is_string(value)) {
    return NULL;
  }
  const char *string = json_string_value(value);
  return strlen(string) == json_string_length(value) ? string : NULL;
}

bool validation_is_name(const json_t *value) {
  return anima_is_name(validation_string(value));
}

/* ---- lookup tables ----------------------------------------------------- */

static int compare_names(const void *a, const void *b) {
  const validation_name *left = a, *right = b;
  int order = strcmp(left->name, right->name);
  if (order != 0) {
    return order;
  }
  return left->index < right->index ? -1 : left->index > right->index;
}

void validation_sort_names(validation_name *names, size_t count) {
  if (count > 1) {
    qsort(names, count, sizeof *names, compare_names);
  }
}

const validation_name *validation_find_name(const validation_name *names,
                                            size_t count, const char *name) {
  if (!name) {
    return NULL;
  }
  /* Lower bound, so the first of equal names (the earliest) is found. */
  size_t low = 0, high = count;
  while (low < high) {
    size_t middle = low + (high - low) / 2;
    if (strcmp(names[middle].name, name) < 0) {
      low = middle + 1;
    } else {
      high = middle;
    }
  }
  return (low < count && strcmp(names[low].name, name) == 0) ? &names[low]
                                                             : NULL;
}

validation_node *validation_find_node(validation *v, const char *id) {
  const validation_name *found =
      validation_find_name(v->node_ids, v->node_id_count, id);
  return found ? &v->nodes[found->index] : NULL;
}

validation_input *validation_find_input(validation *v, const char *name) {
  const validation_name *found =
      validation_find_name(v->input_names, v->input_count, name);
  return found ? &v->inputs[found->index] : NULL;
}

const validation_glyph *validation_find_glyph(const validation *v,
                                              const char *name) {
  const validation_name *found =
      validation_find_name(v->glyph_names, v->glyph_count, name);
  return found ? &v->glyphs[found->index] : NULL;
}

/* ---- the first checks -------------------------------------------------- */

/* SPEC §2: a 0.1 runtime loads exactly "0.1". Returns false when the
 * version is another one: nothing else is checked then, since another
 * version may have other keys. */
static bool check_version(validation *v) {
  const json_t *version = json_object_get(v->document, "anima");
  const char *text = validation_string(version);
  if (!text || strcmp(text, "0.1") == 0) {
    return true; /* absent or not a string: the structural walk reports */
  }
  validation_report_at(v, "/anima", "version-unsupported",
                       "this runtime loads \"anima\": \"0.1\"",
                       "format version \"%s\" is not supported; this runtime "
                       "loads exactly \"0.1\"",
                       text);
  return false;
}

/* SPEC §2 `requires`: every entry must be a feature of this runtime.
 * Records the known ones; returns false when one is unknown (the document
 * is refused without further checks: its keys may belong to the missing
 * feature). */
static bool check_requires(validation *v) {
  const json_t *requires = json_object_get(v->document, "requires");
  if (!json_is_array(requires)) {
    return true; /* absent, or reported by the structural walk */
  }
  size_t count = json_array_size(requires);
  v->features = calloc(count ? count : 1, sizeof *v->features);
  if (!v->features) {
    v->out_of_memory = true;
    return true;
  }
  size_t registered = anima_registry_feature_count(v->registry);
  const char **known = calloc(registered ? registered : 1, sizeof *known);
  for (size_t i = 0; known && i < registered; i++) {
    known[i] = anima_registry_feature(v->registry, i);
  }
  bool ok = true;
  for (size_t i = 0; i < count; i++) {
    const char *feature = validation_string(json_array_get(requires, i));
    if (!feature) {
      continue; /* the structural walk reports the type */
    }
    if (anima_registry_has_feature(v->registry, feature)) {
      v->features[v->feature_count++] = feature;
      continue;
    }
    size_t length = validation_push_key(v, "requires");
    validation_push_index(v, i);
    const char *hint =
        known ? validation_hint(v, feature, known, registered) : NULL;
    validation_report(v, "unknown-feature",
                      hint ? hint
                           : "load the module that provides it, or remove it "
                             "from \"requires\"",
                      "this runtime has no feature \"%s\"", feature);
    validation_pop(v, length);
    ok = false;
  }
  free(known);
  return ok;
}

/* ---- module checks (module.h anima_check_desc) -----------------------------
 */

struct anima_check {
  validation *v;
};

const anima_json *anima_check_document(anima_check *check) {
  return (const anima_json *)check->v->document;
}

size_t anima_check_node_count(anima_check *check) {
  return check->v->node_count;
}

const anima_json *anima_check_node(anima_check *check, size_t node,
                                   const char **pointer) {
  if (node >= check->v->node_count) {
    if (pointer) {
      *pointer = NULL;
    }
    return NULL;
  }
  if (pointer) {
    *pointer = check->v->nodes[node].pointer;
  }
  return (const anima_json *)check->v->nodes[node].object;
}

long anima_check_find_node(anima_check *check, const char *id) {
  for (size_t i = 0; id && i < check->v->node_count; i++) {
    if (check->v->nodes[i].id && strcmp(check->v->nodes[i].id, id) == 0) {
      return (long)i;
    }
  }
  return -1;
}

bool anima_check_requires(anima_check *check, const char *feature) {
  return feature && validation_feature_declared(check->v, feature);
}

const void *anima_check_interface(anima_check *check, const char *name) {
  const anima_interface_desc *desc =
      anima_registry_interface(check->v->registry, name);
  return desc && validation_feature_declared(check->v, desc->feature)
             ? desc->table
             : NULL;
}

void anima_check_vreport(anima_check *check, const char *code,
                         anima_severity severity, const char *pointer,
                         const char *hint, const char *format, va_list list) {
  anima_text message = {0};
  anima_text_vappendf(&message, format ? format : "", list);
  anima_diagnostics_add(check->v->diagnostics, code ? code : "bad-value",
                        severity, pointer ? pointer : "", hint, "%s",
                        anima_text_string(&message));
  anima_text_free(&message);
}

void anima_check_count_segments(anima_check *check, const char *pointer,
                                size_t segments) {
  if (validation_count_segments(check->v, segments)) {
    validation_report_segments(check->v, pointer ? pointer : "");
  }
}

bool anima_check_address(anima_check *check, const char *pointer,
                         const char *address, anima_value_type *type) {
  validation *v = check->v;
  if (!address) {
    return false;
  }
  /* validate_address reports at the current pointer: move it to
   * `pointer` for the call (module checks run at the document's ""). */
  size_t length = v->pointer.length;
  anima_text_append(&v->pointer, pointer ? pointer : "");
  validation_node *node = NULL;
  const anima_property *property = validate_address(v, address, &node);
  validation_pop(v, length);
  if (property && type) {
    *type = property->type;
  }
  return property != NULL;
}

bool anima_check_property(anima_check *check, const char *address,
                          anima_value_type *type) {
  validation *v = check->v;
  anima_diagnostics *quiet = anima_diagnostics_create();
  if (!address || !quiet) {
    anima_diagnostics_destroy(quiet);
    return false;
  }
  anima_diagnostics *saved = v->diagnostics;
  v->diagnostics = quiet;
  validation_node *node = NULL;
  const anima_property *property = validate_address(v, address, &node);
  v->diagnostics = saved;
  bool found = property != NULL && anima_diagnostics_count(quiet) == 0;
  anima_diagnostics_destroy(quiet);
  if (found && type) {
    *type = property->type;
  }
  return found;
}

long anima_check_input(anima_check *check, const char *name,
                       anima_input_type *type) {
  validation_input *input = name ? validation_find_input(check->v, name) : NULL;
  if (!input) {
    return -1;
  }
  input->used = true;
  if (type) {
    *type = input->type;
  }
  return (long)(input - check->v->inputs);
}

bool anima_check_expression(anima_check *check, const char *pointer,
                            const char *text, const char *target,
                            anima_input_type type) {
  validation *v = check->v;
  char *saved = strdup(validation_pointer(v));
  if (!saved) {
    v->out_of_memory = true;
    return true;
  }
  anima_text_truncate(&v->pointer, 0);
  anima_text_append(&v->pointer, pointer ? pointer : "");
  bool found = validation_check_expression(v, text ? text : "",
                                           target ? target : "", type);
  anima_text_truncate(&v->pointer, 0);
  anima_text_append(&v->pointer, saved);
  free(saved);
  return found;
}

bool anima_check_value_expression(anima_check *check, const char *pointer,
                                  const char *text, const char *target,
                                  anima_value_type type) {
  validation *v = check->v;
  bool scalar = type == ANIMA_VALUE_NUMBER || type == ANIMA_VALUE_BOOL;
  anima_input_type input =
      type == ANIMA_VALUE_BOOL ? ANIMA_INPUT_BOOL : ANIMA_INPUT_NUMBER;
  size_t count = anima_registry_behaviour_count(
      v->registry, ANIMA_BEHAVIOUR_EXPRESSION_KIND);
  for (size_t i = 0; i < count; i++) {
    const anima_expression_kind_desc *kind =
        anima_registry_behaviour(v->registry, ANIMA_BEHAVIOUR_EXPRESSION_KIND,
                                 i)
            ->desc;
    if (!validation_feature_declared(v, kind->feature)) {
      continue;
    }
    if (!kind->check_value) {
      /* numbers and bools through the kind's `check` */
      return scalar &&
             anima_check_expression(check, pointer, text, target, input);
    }
    /* The pointer is copied: the kind's check may report. */
    char *copy = strdup(pointer ? pointer : "");
    if (!copy) {
      v->out_of_memory = true;
      return true;
    }
    kind->check_value(check, copy, text ? text : "", target ? target : "", type,
                      kind->user);
    free(copy);
    return true;
  }
  /* No declared kind: undeclared-feature when an undeclared one exists. */
  return anima_check_expression(check, pointer, text, target, input);
}

void anima_check_action_block(anima_check *check, const anima_json *object,
                              const char *pointer) {
  validation *v = check->v;
  if (!json_is_object((const json_t *)object)) {
    return;
  }
  /* Report at `pointer`, then restore the walk's own pointer. */
  char *saved = anima_text_take(&v->pointer);
  anima_text_append(&v->pointer, pointer ? pointer : "");
  validate_action_keys(v, (const json_t *)object);
  anima_text_truncate(&v->pointer, 0);
  anima_text_append(&v->pointer, saved ? saved : "");
  free(saved);
}

bool validation_check_expression(validation *v, const char *text,
                                 const char *target, anima_input_type type) {
  size_t count = anima_registry_behaviour_count(
      v->registry, ANIMA_BEHAVIOUR_EXPRESSION_KIND);
  const anima_expression_kind_desc *undeclared = NULL;
  for (size_t i = 0; i < count; i++) {
    const anima_expression_kind_desc *kind =
        anima_registry_behaviour(v->registry, ANIMA_BEHAVIOUR_EXPRESSION_KIND,
                                 i)
            ->desc;
    if (!validation_feature_declared(v, kind->feature)) {
      undeclared = undeclared ? undeclared : kind;
      continue;
    }
    if (kind->check) {
      anima_check check = {v};
      /* The pointer is copied: the kind's check may report. */
      char *pointer = strdup(validation_pointer(v));
      if (!pointer) {
        v->out_of_memory = true;
        return true;
      }
      kind->check(&check, pointer, text, target, type, kind->user);
      free(pointer);
    }
    return true;
  }
  if (undeclared) {
    validation_report_undeclared(v, "an expression string",
                                 undeclared->feature);
    return true;
  }
  return false;
}

/* Runs the checks of declared features, in module order (the registry's
 * order: docs/MODULES.md "Stages"). */
static void run_checks(validation *v) {
  size_t count =
      anima_registry_behaviour_count(v->registry, ANIMA_BEHAVIOUR_CHECK);
  anima_check check = {v};
  for (size_t i = 0; i < count; i++) {
    const anima_check_desc *desc =
        anima_registry_behaviour(v->registry, ANIMA_BEHAVIOUR_CHECK, i)->desc;
    if (desc->check && validation_feature_declared(v, desc->feature)) {
      desc->check(&check, desc->user);
    }
  }
}

static void release(validation *v) {
  for (size_t i = 0; i < v->node_count; i++) {
    free(v->nodes[i].pointer);
  }
  free(v->nodes);
  free(v->node_ids);
  free(v->inputs);
  free(v->input_names);
  for (size_t i = 0; i < v->glyph_count; i++) {
    free(v->glyphs[i].subpath_segments);
  }
  free(v->glyphs);
  free(v->glyph_names);
  free(v->features);
  validation_release_value_fields(v);
  anima_text_free(&v->pointer);
  anima_text_free(&v->scratch);
}

void anima_validate(const anima_registry *registry, const json_t *document,
                    anima_diagnostics *diagnostics) {
  if (!registry || !diagnostics) {
    return;
  }
  validation v = {
      .registry = registry, .document = document, .diagnostics = diagnostics};
  if (!json_is_object(document)) {
    validation_report(&v, "type", "a .ani document is one JSON object",
                      "the document must be a JSON object, not %s",
                      json_is_array(document) ? "an array" : "a single value");
    release(&v);
    return;
  }
  if (check_version(&v) && check_requires(&v)) {
    validate_structure(&v);
    validate_value_fields(&v);
    validate_document_values(&v);
    validate_glyphs(&v);
    validate_nodes(&v);
    validate_inputs(&v);
    validate_timelines(&v);
    validate_machine(&v);
    validate_listeners(&v);
    validate_a11y(&v);
    run_checks(&v);
    /* After the module checks, which mark the inputs they read
     * (check_input). */
    validate_unused_inputs(&v);
  }
  if (v.out_of_memory) {
    anima_diagnostics_add(diagnostics, "limit-exceeded", ANIMA_SEVERITY_ERROR,
                          "", "free memory and load again",
                          "validation ran out of memory; the document was "
                          "not fully checked");
  }
  release(&v);
}

/* module.h check_layer_count, check_layer: the layers of every machine in
 * order, the default machine's, then each named machine's. */
static bool is_comment_key(const char *key) {
  return strcmp(key, "$comment") == 0;
}

/* Layer `index` over every machine: its object, and its pointer written to
 * `pointer` when found; counts layers in `*count` otherwise. */
static const json_t *find_layer(const json_t *document, size_t index,
                                size_t *count, anima_text *pointer) {
  size_t seen = 0;
  const json_t *machines = json_object_get(document, "machines");
  const char *machine_name = NULL;
  const json_t *machine = json_object_get(document, "machine");
  void *iterator =
      json_is_object(machines) ? json_object_iter((json_t *)machines) : NULL;
  for (;;) {
    const json_t *layers = json_object_get(machine, "layers");
    const char *key;
    json_t *layer;
    json_object_foreach((json_t *)(json_is_object(layers) ? layers : NULL), key,
                        layer) {
      if (is_comment_key(key)) {
        continue;
      }
      if (seen++ == index && pointer) {
        if (machine_name) {
          anima_text_append(pointer, "/machines");
          anima_text_append_pointer_token(pointer, machine_name);
        } else {
          anima_text_append(pointer, "/machine");
        }
        anima_text_append(pointer, "/layers");
        anima_text_append_pointer_token(pointer, key);
        return layer;
      }
    }
    do {
      if (!iterator) {
        if (count) {
          *count = seen;
        }
        return NULL;
      }
      machine_name = json_object_iter_key(iterator);
      machine = json_object_iter_value(iterator);
      iterator = json_object_iter_next((json_t *)machines, iterator);
    } while (is_comment_key(machine_name));
  }
}

size_t anima_check_layer_count(anima_check *check) {
  size_t count = 0;
  find_layer(check->v->document, SIZE_MAX, &count, NULL);
  return count;
}

const anima_json *anima_check_layer(anima_check *check, size_t layer,
                                    char *pointer, size_t size) {
  anima_text at = {0};
  const json_t *found = find_layer(check->v->document, layer, NULL, &at);
  if (pointer && size > 0) {
    pointer[0] = '\0';
    if (found && !at.failed) {
      snprintf(pointer, size, "%s", anima_text_string(&at));
    }
  }
  anima_text_free(&at);
  return (const anima_json *)found;
}
