/*
 * validate_inputs.c — inputs (SPEC §8), listeners (§9), root a11y (§10)
 * and the unused-input warning.
 */
#include <stdlib.h>
#include <string.h>

#include "format_names.h"
#include "registry_internal.h"
#include "validate.h"

/* Which of the type-specific keys each input type takes (SPEC §8). */
static bool input_takes(anima_input_type type, const char *key) {
  if (strcmp(key, "default") == 0) {
    return type != ANIMA_INPUT_TRIGGER;
  }
  if (strcmp(key, "min") == 0 || strcmp(key, "max") == 0) {
    return type == ANIMA_INPUT_NUMBER;
  }
  if (strcmp(key, "buffer") == 0) {
    return type == ANIMA_INPUT_TRIGGER;
  }
  return true;
}

static void check_input(validation *v, validation_input *input) {
  static const char *const specific[] = {"default", "min", "max", "buffer"};
  static const char *const owners[] = {"bool and number", "number", "number",
                                       "trigger"};
  if (!input->type_known) {
    return;
  }
  const json_t *object = input->object;
  for (size_t i = 0; i < 4; i++) {
    if (json_object_get(object, specific[i]) &&
        !input_takes(input->type, specific[i])) {
      size_t length = validation_push_key(v, specific[i]);
      anima_text hint = {0};
      anima_text_appendf(&hint, "\"%s\" belongs to %s inputs; remove it",
                         specific[i], owners[i]);
      validation_report(v, "unknown-key", anima_text_string(&hint),
                        "a %s input has no \"%s\"",
                        anima_input_type_name(input->type), specific[i]);
      anima_text_free(&hint);
      validation_pop(v, length);
    }
  }
  const json_t *value = json_object_get(object, "default");
  if (value && input->type == ANIMA_INPUT_BOOL && !json_is_boolean(value)) {
    size_t length = validation_push_key(v, "default");
    validation_report(v, "type", "use true or false",
                      "the default of a bool input is true or false");
    validation_pop(v, length);
  }
  if (input->type != ANIMA_INPUT_NUMBER) {
    return;
  }
  const json_t *min = json_object_get(object, "min");
  const json_t *max = json_object_get(object, "max");
  bool has_min = json_is_number(min), has_max = json_is_number(max);
  if (has_min && has_max && json_number_value(min) > json_number_value(max)) {
    size_t length = validation_push_key(v, "max");
    validation_report(v, "bad-value", "make min <= max",
                      "max %s is less than min %s",
                      NUMBER_TEXT(json_number_value(max)),
                      NUMBER_TEXT(json_number_value(min)));
    validation_pop(v, length);
    return;
  }
  double number = 0; /* SPEC §8: the default default is 0 */
  if (value && !json_is_number(value)) {
    size_t length = validation_push_key(v, "default");
    validation_report(v, "type", "use a number",
                      "the default of a number input is a number");
    validation_pop(v, length);
    return;
  }
  if (value) {
    number = json_number_value(value);
  }
  bool below = has_min && number < json_number_value(min);
  bool above = has_max && number > json_number_value(max);
  if (below || above) {
    const char *key = value ? "default" : (below ? "min" : "max");
    size_t length = validation_push_key(v, key);
    validation_report(v, "bad-value",
                      value ? "give a default within [min, max]"
                            : "add a \"default\" within [min, max]",
                      "the default %s is %s the %s %s%s", NUMBER_TEXT(number),
                      below ? "below" : "above", below ? "min" : "max",
                      NUMBER_TEXT(json_number_value(below ? min : max)),
                      value ? "" : " (an omitted default is 0)");
    validation_pop(v, length);
  }
}

void validate_inputs(validation *v) {
  const json_t *inputs = json_object_get(v->document, "inputs");
  if (!json_is_object(inputs)) {
    return;
  }
  size_t count = json_object_size(inputs);
  v->inputs = calloc(count ? count : 1, sizeof *v->inputs);
  v->input_names = calloc(count ? count : 1, sizeof *v->input_names);
  if (!v->inputs || !v->input_names) {
    v->out_of_memory = true;
    return;
  }
  size_t base = validation_push_key(v, "inputs");
  const char *name;
  json_t *object;
  json_object_foreach((json_t *)inputs, name, object) {
    if (!anima_is_name(name) || !json_is_object(object)) {
      continue; /* reported by the structural walk */
    }
    validation_input *input = &v->inputs[v->input_count];
    input->name = name;
    input->object = object;
    const char *type = validation_string(json_object_get(object, "type"));
    for (size_t i = 0; type && anima_input_type_names[i] != NULL; i++) {
      if (strcmp(type, anima_input_type_names[i]) == 0) {
        input->type = (anima_input_type)i;
        input->type_known = true;
      }
    }
    v->input_names[v->input_count].name = name;
    v->input_names[v->input_count].index = v->input_count;
    v->input_count++;
    size_t length = validation_push_key(v, name);
    check_input(v, input);
    validation_pop(v, length);
  }
  validation_pop(v, base);
  validation_sort_names(v->input_names, v->input_count);
}

/* Looks up an input named at the current pointer; reports unknown-input
 * and returns NULL when there is none. Marks it used. */
static validation_input *use_input(validation *v, const char *name) {
  validation_input *input = validation_find_input(v, name);
  if (!input && !validation_can_resolve(v, "inputs")) {
    return NULL;
  }
  if (!input) {
    const char **names = malloc((v->input_count + 1) * sizeof *names);
    for (size_t i = 0; names && i < v->input_count; i++) {
      names[i] = v->inputs[i].name;
    }
    const char *hint =
        names ? validation_hint(v, name, names, v->input_count) : NULL;
    validation_report(v, "unknown-input",
                      hint ? hint : "declare it in \"inputs\"",
                      "no input named \"%s\" is declared", name);
    free(names);
    return NULL;
  }
  input->used = true;
  return input;
}

/* An input reference that must have one of the allowed types. */
static void check_input_use(validation *v, const json_t *value,
                            unsigned allowed, const char *action,
                            const char *hint) {
  if (!validation_is_name(value)) {
    return; /* reported by the structural walk */
  }
  validation_input *input = use_input(v, json_string_value(value));
  if (input && input->type_known && !(allowed & (1u << input->type))) {
    validation_report(v, "input-type", hint, "%s, but \"%s\" is a %s input",
                      action, input->name, anima_input_type_name(input->type));
  }
}

/* A name or a list of names (fire, toggle). */
static void check_input_list(validation *v, const json_t *value,
                             unsigned allowed, const char *action,
                             const char *hint) {
  if (json_is_array(value)) {
    for (size_t i = 0; i < json_array_size(value); i++) {
      size_t length = validation_push_index(v, i);
      check_input_use(v, json_array_get(value, i), allowed, action, hint);
      validation_pop(v, length);
    }
  } else {
    check_input_use(v, value, allowed, action, hint);
  }
}

#define ALLOW(type) (1u << (type))

static void check_set(validation *v, const json_t *set) {
  if (!json_is_object(set)) {
    validation_report(v, "type", "write {\"input\": value}",
                      "\"set\" is an object of input -> value");
    return;
  }
  if (json_object_size(set) == 0) {
    validation_report(v, "bad-value",
                      "name at least one input, or remove "
                      "\"set\"",
                      "\"set\" is empty");
    return;
  }
  const char *name;
  json_t *value;
  json_object_foreach((json_t *)set, name, value) {
    if (strcmp(name, "$comment") == 0) {
      continue;
    }
    size_t length = validation_push_key(v, name);
    validation_input *input = use_input(v, name);
    if (input && input->type_known) {
      if (input->type != ANIMA_INPUT_TRIGGER && json_is_string(value) &&
          validation_check_expression(v, json_string_value(value), name,
                                      input->type)) {
        /* an expression (SPEC bind "Input expressions in actions") */
      } else if (input->type == ANIMA_INPUT_TRIGGER) {
        validation_report(v, "input-type", "use \"fire\" for triggers",
                          "\"set\" writes bool and number inputs, but \"%s\" "
                          "is a trigger",
                          name);
      } else if (input->type == ANIMA_INPUT_BOOL && !json_is_boolean(value)) {
        validation_report(v, "type", "use true or false",
                          "\"%s\" is a bool input", name);
      } else if (input->type == ANIMA_INPUT_NUMBER && !json_is_number(value)) {
        validation_report(v, "type",
                          json_is_string(value)
                              ? "expression strings need the bind module"
                              : "use a number",
                          "\"%s\" is a number input", name);
      }
    }
    validation_pop(v, length);
  }
}

/* Action kinds of declared features (module.h anima_action_kind_desc). */
static const anima_action_kind_desc *declared_action(const validation *v,
                                                     size_t index) {
  const anima_action_kind_desc *kind =
      anima_registry_behaviour(v->registry, ANIMA_BEHAVIOUR_ACTION_KIND, index)
          ->desc;
  return validation_feature_declared(v, kind->feature) ? kind : NULL;
}

/* Marks every input a module action's value names (any string equal to
 * an input's name, at any depth) as used: the kernel cannot know which of
 * its strings are input names, and a spurious unused-input warning is
 * worse than a missed one. */
static void mark_named_inputs(validation *v, const json_t *value,
                              size_t depth) {
  if (json_is_string(value)) {
    validation_input *input =
        validation_find_input(v, validation_string(value));
    if (input) {
      input->used = true;
    }
  } else if (json_is_array(value) && depth < ANIMA_LIMIT_JSON_DEPTH) {
    for (size_t i = 0; i < json_array_size(value); i++) {
      mark_named_inputs(v, json_array_get(value, i), depth + 1);
    }
  } else if (json_is_object(value) && depth < ANIMA_LIMIT_JSON_DEPTH) {
    const char *key;
    json_t *member;
    json_object_foreach((json_t *)value, key, member) {
      mark_named_inputs(v, member, depth + 1);
    }
  }
}

/* Does the listener have an action key of a declared module? (Marks the
 * inputs those keys name as used.) */
static bool has_module_action(validation *v, const json_t *listener) {
  size_t count =
      anima_registry_behaviour_count(v->registry, ANIMA_BEHAVIOUR_ACTION_KIND);
  bool found = false;
  for (size_t i = 0; i < count; i++) {
    const anima_action_kind_desc *kind = declared_action(v, i);
    const json_t *value = kind ? json_object_get(listener, kind->key) : NULL;
    if (value) {
      mark_named_inputs(v, value, 0);
      found = true;
    }
  }
  return found;
}

/* ", \"key\"" for each declared module action key, for the hint. */
static void append_module_actions(const validation *v, anima_text *hint) {
  size_t count =
      anima_registry_behaviour_count(v->registry, ANIMA_BEHAVIOUR_ACTION_KIND);
  for (size_t i = 0; i < count; i++) {
    const anima_action_kind_desc *kind = declared_action(v, i);
    if (kind) {
      anima_text_appendf(hint, ", \"%s\"", kind->key);
    }
  }
}

static void check_listener(validation *v, const json_t *listener) {
  const json_t *target = json_object_get(listener, "target");
  if (validation_is_name(target) &&
      !validation_find_node(v, json_string_value(target)) &&
      validation_can_resolve(v, "nodes")) {
    size_t length = validation_push_key(v, "target");
    const char **ids = malloc((v->node_id_count + 1) * sizeof *ids);
    for (size_t i = 0; ids && i < v->node_id_count; i++) {
      ids[i] = v->node_ids[i].name;
    }
    const char *hint = ids ? validation_hint(v, json_string_value(target), ids,
                                             v->node_id_count)
                           : NULL;
    validation_report(v, "unknown-target",
                      hint ? hint
                           : "use a node id, or omit \"target\" for "
                             "the whole icon",
                      "no node has the id \"%s\"", json_string_value(target));
    free(ids);
    validation_pop(v, length);
  }
  const json_t *fire = json_object_get(listener, "fire");
  const json_t *set = json_object_get(listener, "set");
  const json_t *toggle = json_object_get(listener, "toggle");
  const json_t *emit = json_object_get(listener, "emit");
  bool module_action = has_module_action(v, listener);
  if (!fire && !set && !toggle && !emit && !module_action) {
    anima_text hint = {0};
    anima_text_append(&hint, "add \"fire\", \"set\", \"toggle\"");
    append_module_actions(v, &hint);
    anima_text_append(&hint, " or \"emit\"");
    validation_report(v, "missing-key", anima_text_string(&hint),
                      "a listener needs at least one action");
    anima_text_free(&hint);
  }
  validate_action_keys(v, listener);
}

void validate_action_keys(validation *v, const json_t *object) {
  const json_t *fire = json_object_get(object, "fire");
  const json_t *set = json_object_get(object, "set");
  const json_t *toggle = json_object_get(object, "toggle");
  if (fire) {
    size_t length = validation_push_key(v, "fire");
    check_input_list(v, fire, ALLOW(ANIMA_INPUT_TRIGGER),
                     "\"fire\" takes triggers",
                     "use \"toggle\" or \"set\" for bool inputs, \"set\" for "
                     "numbers");
    validation_pop(v, length);
  }
  if (set) {
    size_t length = validation_push_key(v, "set");
    check_set(v, set);
    validation_pop(v, length);
  }
  if (toggle) {
    size_t length = validation_push_key(v, "toggle");
    check_input_list(v, toggle, ALLOW(ANIMA_INPUT_BOOL),
                     "\"toggle\" takes bool inputs",
                     "use \"fire\" for triggers, \"set\" for numbers");
    validation_pop(v, length);
  }
}

void validate_listeners(validation *v) {
  const json_t *listeners = json_object_get(v->document, "listeners");
  if (!json_is_array(listeners)) {
    return;
  }
  size_t base = validation_push_key(v, "listeners");
  for (size_t i = 0; i < json_array_size(listeners); i++) {
    const json_t *listener = json_array_get(listeners, i);
    if (json_is_object(listener)) {
      size_t length = validation_push_index(v, i);
      check_listener(v, listener);
      validation_pop(v, length);
    }
  }
  validation_pop(v, base);
}

/* SPEC §10: activate is a trigger or bool; pressed and held are bools;
 * a switch needs pressed (aria-checked is required for switches). */
void validate_a11y(validation *v) {
  const json_t *a11y = json_object_get(v->document, "a11y");
  if (!json_is_object(a11y)) {
    return;
  }
  size_t base = validation_push_key(v, "a11y");
  static const struct {
    const char *key;
    unsigned allowed;
    const char *action;
    const char *hint;
  } references[] = {
      {"activate", ALLOW(ANIMA_INPUT_TRIGGER) | ALLOW(ANIMA_INPUT_BOOL),
       "\"activate\" fires a trigger or toggles a bool",
       "name a trigger or bool input"},
      {"pressed", ALLOW(ANIMA_INPUT_BOOL), "\"pressed\" follows a bool",
       "name a bool input"},
      {"held", ALLOW(ANIMA_INPUT_BOOL), "\"held\" sets a bool",
       "name a bool input"},
  };
  for (size_t i = 0; i < sizeof references / sizeof references[0]; i++) {
    const json_t *value = json_object_get(a11y, references[i].key);
    if (value) {
      size_t length = validation_push_key(v, references[i].key);
      check_input_use(v, value, references[i].allowed, references[i].action,
                      references[i].hint);
      validation_pop(v, length);
    }
  }
  const char *role = validation_string(json_object_get(a11y, "role"));
  if (role && strcmp(role, "switch") == 0 &&
      !json_object_get(a11y, "pressed")) {
    validation_report(v, "missing-key",
                      "add \"pressed\": \"<bool input>\" for aria-checked",
                      "a switch needs \"pressed\": aria-checked is required "
                      "for switches");
  }
  validation_pop(v, base);
}

void validate_unused_inputs(validation *v) {
  for (size_t i = 0; i < v->input_count; i++) {
    const validation_input *input = &v->inputs[i];
    if (input->used) {
      continue;
    }
    anima_text pointer = {0};
    anima_text_append_pointer_token(&pointer, "inputs");
    anima_text_append_pointer_token(&pointer, input->name);
    validation_report_at(v, anima_text_string(&pointer), "unused-input",
                         "read it in a condition, write it from a listener "
                         "or a11y, or remove it",
                         "nothing reads or writes the input \"%s\"",
                         input->name);
    anima_text_free(&pointer);
  }
}
