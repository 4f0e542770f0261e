/*
 * inspect_fields.c — `anima inspect`: the fields a feature module adds to
 * states and transitions (machine: `kind`, `enterActions`, `guard`,
 * `change`, `exitRatio`, `weight` ...; bind: `entry`, `exit`, `actions`),
 * copied as the document writes them into each state's and transition's
 * `fields` object (omitted when there are none). The model keeps no copy
 * of module fields, so they come from the document's JSON text.
 */
#include <string.h>

#include "inspect.h"

static bool is_core(const char *key, const char *const *core) {
  for (size_t i = 0; core[i]; i++) {
    if (strcmp(key, core[i]) == 0) {
      return true;
    }
  }
  return false;
}

/* Copies the members of `object` that are not `core` into item.fields. */
static void add_fields(json_t *item, const json_t *object,
                       const char *const *core) {
  json_t *fields = json_object();
  const char *key;
  json_t *value;
  json_object_foreach((json_t *)object, key, value) {
    if (!is_core(key, core)) {
      json_object_set(fields, key, value);
    }
  }
  if (json_object_size(fields) > 0) {
    json_object_set_new(item, "fields", fields);
  } else {
    json_decref(fields);
  }
}

void inspect_each_state(json_t *report, const json_t *document,
                        inspect_state_visit visit, void *user) {
  const json_t *layers =
      json_object_get(json_object_get(document, "machine"), "layers");
  const json_t *reported = json_object_get(report, "layers");
  for (size_t l = 0; l < json_array_size(reported); l++) {
    json_t *layer = json_array_get(reported, l);
    const json_t *states = json_object_get(
        json_object_get(layers,
                        json_string_value(json_object_get(layer, "name"))),
        "states");
    json_t *items = json_object_get(layer, "states");
    for (size_t s = 0; s < json_array_size(items); s++) {
      json_t *item = json_array_get(items, s);
      const json_t *state = json_object_get(
          states, json_string_value(json_object_get(item, "name")));
      if (json_is_object(state)) {
        visit(item, state, user);
      }
    }
  }
}

static void add_state_fields(json_t *item, const json_t *state, void *user) {
  (void)user;
  static const char *const state_core[] = {"pose", "play", "speed",
                                           "emit", "on",   NULL};
  static const char *const edge_core[] = {
      "when", "to", "blend", "ease", "interruptible", NULL};
  add_fields(item, state, state_core);
  const json_t *on = json_object_get(state, "on");
  json_t *edges = json_object_get(item, "transitions");
  for (size_t t = 0; t < json_array_size(edges); t++) {
    const json_t *edge = json_array_get(on, t);
    if (json_is_object(edge)) {
      add_fields(json_array_get(edges, t), edge, edge_core);
    }
  }
}

void inspect_add_module_fields(json_t *report, const char *json,
                               size_t length) {
  json_t *document = json_loadb(json, length, 0, NULL);
  inspect_each_state(report, document, add_state_fields, NULL);
  json_decref(document);
}
