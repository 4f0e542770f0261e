/*
 * inspect_expressions.c — `anima inspect`: what the bind and machine
 * chapters add, with their expression text, read from the document's JSON
 * text as inspect_fields.c does (the modules keep their compiled
 * expressions, guards and blends to themselves; the model keeps bound
 * slots, not text): property bindings with their expressions (SPEC bind),
 * listener sets whose value is an expression, transition guards and
 * change guards as text, and blend states (SPEC machine "Blends and bound
 * data") with their mode, axis, exit clock and children.
 */
#include <stdio.h>
#include <string.h>

#include <anima/format.h>

#include "inspect.h"

/* "bindings": [{address, expression}] in the document's order. */
static void add_bindings(json_t *report, const json_t *document) {
  const json_t *bind = json_object_get(document, "bind");
  if (!json_is_object(bind) || json_object_size(bind) == 0) {
    return;
  }
  json_t *list = json_array();
  const char *address;
  json_t *expression;
  json_object_foreach((json_t *)bind, address, expression) {
    json_array_append_new(list, json_pack("{s:s, s:O}", "address", address,
                                          "expression", expression));
  }
  json_object_set_new(report, "bindings", list);
}

/* A listener set whose value the document writes as an expression string
 * (SPEC bind "Input expressions in actions") gets "expression", its text
 * (the model gives such a set no value: anima_action_info.has_value). */
static void add_set_expressions(json_t *report, const json_t *document) {
  const json_t *written = json_object_get(document, "listeners");
  json_t *listeners = json_object_get(report, "listeners");
  for (size_t i = 0; i < json_array_size(listeners); i++) {
    const json_t *set = json_object_get(json_array_get(written, i), "set");
    json_t *actions = json_object_get(json_array_get(listeners, i), "actions");
    for (size_t a = 0; json_is_object(set) && a < json_array_size(actions);
         a++) {
      json_t *action = json_array_get(actions, a);
      const char *input = json_string_value(json_object_get(action, "input"));
      const json_t *value = input ? json_object_get(set, input) : NULL;
      if (strcmp(json_string_value(json_object_get(action, "action")), "set") ==
              0 &&
          json_is_string(value)) {
        json_object_set(action, "expression", (json_t *)value);
      }
    }
  }
}

/* Appends the text of a source or guard operand: a number, a bool, an
 * input name, or kind(text) for {bind|artboard|component|focus: "text"}. */
static void append_operand(char *out, size_t size, const json_t *operand) {
  size_t used = strlen(out);
  if (used >= size) {
    return;
  }
  if (json_is_number(operand)) {
    char number[ANIMA_FORMAT_CAPACITY];
    anima_format_number(json_number_value(operand), number);
    snprintf(out + used, size - used, "%s", number);
  } else if (json_is_boolean(operand)) {
    snprintf(out + used, size - used, "%s",
             json_is_true(operand) ? "true" : "false");
  } else if (json_is_string(operand)) {
    snprintf(out + used, size - used, "%s", json_string_value(operand));
  } else if (json_is_object(operand) && json_object_size(operand) == 1 &&
             json_is_string(
                 json_object_iter_value(json_object_iter((json_t *)operand)))) {
    void *member = json_object_iter((json_t *)operand);
    snprintf(out + used, size - used, "%s(%s)", json_object_iter_key(member),
             json_string_value(json_object_iter_value(member)));
  } else {
    snprintf(out + used, size - used, "?");
  }
}

static json_t *operand_text(const json_t *operand) {
  char text[1024] = "";
  append_operand(text, sizeof text, operand);
  return json_string(text);
}

/* A transition's guard {left, op, right} as "left op right", and its
 * change guard {input, mode} as "input mode". */
static void add_guards(json_t *edge, const json_t *written) {
  const json_t *guard = json_object_get(written, "guard");
  if (json_is_object(guard)) {
    json_t *left = operand_text(json_object_get(guard, "left"));
    json_t *right = operand_text(json_object_get(guard, "right"));
    const char *op = json_string_value(json_object_get(guard, "op"));
    char text[2200];
    snprintf(text, sizeof text, "%s %s %s", json_string_value(left),
             op ? op : "?", json_string_value(right));
    json_object_set_new(edge, "guard", json_string(text));
    json_decref(left);
    json_decref(right);
  }
  const json_t *change = json_object_get(written, "change");
  if (json_is_object(change)) {
    char text[600];
    const char *input = json_string_value(json_object_get(change, "input"));
    const char *mode = json_string_value(json_object_get(change, "mode"));
    snprintf(text, sizeof text, "%s %s", input ? input : "?",
             mode ? mode : "?");
    json_object_set_new(edge, "change", json_string(text));
  }
}

/* A blend state's mix as {mode, axis, exit, children: [{play, at,
 * weight}]}: sources as text, `exit` the exit clock's timeline (the
 * state's play), `at` only for 1d, `weight` 1 when omitted (additive: null
 * for its first child, whose weight is ignored) and null in 1d. */
static json_t *blend_report(const json_t *mix, const json_t *state) {
  const char *mode = json_string_value(json_object_get(mix, "mode"));
  bool one_d = mode && strcmp(mode, "1d") == 0;
  bool additive = mode && strcmp(mode, "additive") == 0;
  json_t *blend = json_pack("{s:s?}", "mode", mode);
  json_object_set_new(blend, "axis",
                      json_object_get(mix, "axis")
                          ? operand_text(json_object_get(mix, "axis"))
                          : json_null());
  json_object_set(blend, "exit", json_object_get(state, "play"));
  json_t *children = json_array();
  const json_t *written = json_object_get(mix, "children");
  for (size_t i = 0; i < json_array_size(written); i++) {
    const json_t *child = json_array_get(written, i);
    json_t *item = json_pack("{s:O}", "play", json_object_get(child, "play"));
    const json_t *at = json_object_get(child, "at");
    json_object_set(item, "at", one_d && at ? (json_t *)at : json_null());
    const json_t *weight = json_object_get(child, "weight");
    if (one_d || (additive && i == 0)) {
      json_object_set_new(item, "weight", json_null());
    } else {
      json_object_set_new(item, "weight",
                          weight ? operand_text(weight) : json_string("1"));
    }
    json_array_append_new(children, item);
  }
  json_object_set_new(blend, "children", children);
  return blend;
}

static void add_state(json_t *item, const json_t *state, void *user) {
  (void)user;
  const json_t *mix = json_object_get(state, "mix");
  if (json_is_object(mix)) {
    json_object_set_new(item, "blend", blend_report(mix, state));
  }
  const json_t *on = json_object_get(state, "on");
  json_t *edges = json_object_get(item, "transitions");
  for (size_t t = 0; t < json_array_size(edges); t++) {
    add_guards(json_array_get(edges, t), json_array_get(on, t));
  }
}

void inspect_add_expressions(json_t *report, const char *json, size_t length) {
  json_t *document = json_loadb(json, length, 0, NULL);
  if (!json_is_object(document)) {
    json_decref(document);
    return;
  }
  add_bindings(report, document);
  add_set_expressions(report, document);
  inspect_each_state(report, document, add_state, NULL);
  json_decref(document);
}
