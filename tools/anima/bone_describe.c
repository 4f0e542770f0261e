/*
 * bone_describe.c — what `anima bone inspect` reports about an OpenBone
 * document (bone_describe.h): the loaded model's counts, constraint order and
 * durations, and the rest read from the document the loader accepted, with
 * references shown by the name of what they name.
 */
#include "bone_describe.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The `name` of `object`, else its `id`, else "?". */
static const char *label(const json_t *object) {
  const char *name = json_string_value(json_object_get(object, "name"));
  if (name == NULL) {
    name = json_string_value(json_object_get(object, "id"));
  }
  return name ? name : "?";
}

/* The name of the element of `list` whose id is `id` (then whose name is
 * `id`), or `id` itself when none has it; NULL when `id` is not a string. */
static const char *name_of(const json_t *list, const json_t *id) {
  const char *wanted = json_string_value(id);
  if (wanted == NULL) {
    return NULL;
  }
  size_t i;
  json_t *item;
  json_array_foreach(list, i, item) {
    const char *its = json_string_value(json_object_get(item, "id"));
    if (its && strcmp(its, wanted) == 0) {
      return label(item);
    }
  }
  return wanted;
}

/* `value` as JSON text into `out` (size ≥ 32), numbers in their shortest
 * usual spelling (0.2, not 0.20000000000000001). */
const char *bone_describe_spell(const json_t *value, char *out, size_t size) {
  if (json_is_real(value)) {
    snprintf(out, size, "%.15g", json_real_value(value));
    return out;
  }
  char *dumped = json_dumps(value, JSON_ENCODE_ANY);
  snprintf(out, size, "%s", dumped ? dumped : "?");
  free(dumped);
  return out;
}

static json_t *name_or_null(const char *name) {
  return name ? json_string(name) : json_null();
}

static json_t *names_of(const json_t *list, const json_t *ids) {
  json_t *out = json_array();
  size_t i;
  json_t *id;
  json_array_foreach(ids, i, id) {
    json_array_append_new(out, name_or_null(name_of(list, id)));
  }
  return out;
}

static json_t *copy_or(const json_t *value, json_t *fallback) {
  if (value == NULL) {
    return fallback;
  }
  json_decref(fallback);
  return json_deep_copy(value);
}

/* {kind, name, bones, target}: a constraint of the document's skeleton
 * (physics: `bones` is its one bone, no target; path: the target slot). */
static json_t *describe_constraint(const json_t *skeleton, const char *kind,
                                   const char *name, json_t *used) {
  json_t *out = json_pack("{s:s, s:s}", "kind", kind, "name", name);
  json_t *bones = json_object_get(skeleton, "bones");
  size_t i;
  json_t *c;
  json_array_foreach(json_object_get(skeleton, kind), i, c) {
    if (strcmp(label(c), name) != 0 ||
        json_object_get(used, json_string_value(json_object_get(c, "id")))) {
      continue;
    }
    const char *id = json_string_value(json_object_get(c, "id"));
    json_object_set_new(used, id ? id : "", json_true());
    if (strcmp(kind, "physics") == 0) {
      json_t *one = json_array();
      json_array_append_new(
          one, name_or_null(name_of(bones, json_object_get(c, "bone"))));
      json_object_set_new(out, "bones", one);
      return out;
    }
    json_object_set_new(out, "bones",
                        names_of(bones, json_object_get(c, "bones")));
    const json_t *targets =
        strcmp(kind, "path") == 0 ? json_object_get(skeleton, "slots") : bones;
    json_object_set_new(
        out, "target",
        name_or_null(name_of(targets, json_object_get(c, "target"))));
    return out;
  }
  return out;
}

/* Adds one to counts[type] for every attachment of `skin`. */
static void count_attachments(const json_t *skin, json_t *counts) {
  const char *slot;
  json_t *attachments;
  json_object_foreach((json_t *)json_object_get(skin, "attachments"), slot,
                      attachments) {
    const char *name;
    json_t *attachment;
    json_object_foreach(attachments, name, attachment) {
      const char *type = json_string_value(json_object_get(attachment, "type"));
      type = type ? type : "?";
      json_int_t before = json_integer_value(json_object_get(counts, type));
      json_object_set_new(counts, type, json_integer(before + 1));
    }
  }
}

static json_t *describe_skins(const json_t *doc, json_t *totals) {
  const json_t *skeleton = json_object_get(doc, "skeleton");
  json_t *constraints = json_array();
  static const char *kinds[] = {"ik", "transform", "path", "physics"};
  for (size_t k = 0; k < 4; k++) {
    json_array_extend(constraints, json_object_get(skeleton, kinds[k]));
  }
  json_t *out = json_array();
  size_t i;
  json_t *skin;
  json_array_foreach(json_object_get(doc, "skins"), i, skin) {
    json_t *counts = json_object();
    count_attachments(skin, counts);
    count_attachments(skin, totals);
    json_array_append_new(
        out,
        json_pack("{s:s, s:o, s:o, s:o}", "name", label(skin), "bones",
                  names_of(json_object_get(skeleton, "bones"),
                           json_object_get(skin, "bones")),
                  "constraints",
                  names_of(constraints, json_object_get(skin, "constraints")),
                  "attachments", counts));
  }
  json_decref(constraints);
  return out;
}

/* "hover == true", "poke" (a trigger): a transition condition as text. */
static json_t *describe_condition(const json_t *inputs, const json_t *c) {
  const char *input = name_of(inputs, json_object_get(c, "input"));
  const char *op = json_string_value(json_object_get(c, "op"));
  const json_t *value = json_object_get(c, "value");
  if (op == NULL || value == NULL) {
    return json_string(input ? input : "?");
  }
  char spelled[256];
  return json_sprintf("%s %s %s", input ? input : "?", op,
                      bone_describe_spell(value, spelled, sizeof spelled));
}

static json_t *describe_layer(const json_t *machine, const json_t *layer,
                              const json_t *animations) {
  const json_t *inputs = json_object_get(machine, "inputs");
  const json_t *states = json_object_get(layer, "states");
  json_t *state_list = json_array(), *transitions = json_array();
  size_t i;
  json_t *s;
  json_array_foreach(states, i, s) {
    const char *type = json_string_value(json_object_get(s, "type"));
    json_t *state = json_pack("{s:s, s:s}", "name", label(s), "type",
                              type ? type : "animation");
    if (type == NULL || strcmp(type, "animation") == 0) {
      json_object_set_new(
          state, "animation",
          name_or_null(name_of(animations, json_object_get(s, "animation"))));
      json_object_set_new(state, "loop",
                          copy_or(json_object_get(s, "loop"), json_true()));
    } else if (strcmp(type, "blend1d") == 0) {
      json_object_set_new(
          state, "input",
          name_or_null(name_of(inputs, json_object_get(s, "input"))));
    }
    const char *done = name_of(states, json_object_get(s, "onComplete"));
    if (done) {
      json_object_set_new(state, "onComplete", json_string(done));
    }
    json_array_append_new(state_list, state);
  }
  json_t *t;
  json_array_foreach(json_object_get(layer, "transitions"), i, t) {
    const json_t *from = json_object_get(t, "from");
    const char *from_name = json_string_value(from);
    if (from_name == NULL || strcmp(from_name, "@any") != 0) {
      from_name = name_of(states, from);
    }
    json_t *conditions = json_array();
    size_t j;
    json_t *c;
    json_array_foreach(json_object_get(t, "conditions"), j, c) {
      json_array_append_new(conditions, describe_condition(inputs, c));
    }
    json_array_append_new(
        transitions,
        json_pack(
            "{s:o, s:o, s:o, s:o, s:o}", "from", name_or_null(from_name), "to",
            name_or_null(name_of(states, json_object_get(t, "to"))), "duration",
            copy_or(json_object_get(t, "duration"), json_integer(0)),
            "exitTime", copy_or(json_object_get(t, "exitTime"), json_null()),
            "conditions", conditions));
  }
  return json_pack(
      "{s:s, s:o, s:o, s:o}", "name", label(layer), "entry",
      name_or_null(name_of(states, json_object_get(layer, "entry"))), "states",
      state_list, "transitions", transitions);
}

/* An action as text: its type and what it names ("setInput hover true"). */
static json_t *describe_action(const json_t *doc, const json_t *machine,
                               const json_t *a) {
  const char *type = json_string_value(json_object_get(a, "type"));
  type = type ? type : "?";
  const json_t *inputs = json_object_get(machine, "inputs");
  const char *what = NULL;
  const json_t *value = NULL;
  if (json_object_get(a, "input")) {
    what = name_of(inputs, json_object_get(a, "input"));
    value = json_object_get(a, "value");
  } else if (json_object_get(a, "event")) {
    what = name_of(json_object_get(doc, "events"), json_object_get(a, "event"));
  } else if (json_object_get(a, "sound")) {
    what = name_of(json_object_get(doc, "sounds"), json_object_get(a, "sound"));
  } else if (json_object_get(a, "slot")) {
    what = name_of(json_object_get(json_object_get(doc, "skeleton"), "slots"),
                   json_object_get(a, "slot"));
  } else if (json_object_get(a, "script")) {
    what =
        name_of(json_object_get(doc, "scripts"), json_object_get(a, "script"));
  } else if (strcmp(type, "setMute") == 0) {
    const json_t *bus = json_object_get(a, "bus");
    what = json_is_string(bus) ? name_of(json_object_get(doc, "buses"), bus)
                               : "master";
    value = json_object_get(a, "muted");
  }
  char spelled[256];
  return json_sprintf(
      "%s%s%s%s%s", type, what ? " " : "", what ? what : "", value ? " " : "",
      value ? bone_describe_spell(value, spelled, sizeof spelled) : "");
}

static json_t *describe_machine(const json_t *doc, const json_t *machine) {
  const json_t *skeleton = json_object_get(doc, "skeleton");
  json_t *inputs = json_array(), *layers = json_array();
  json_t *bindings = json_array(), *listeners = json_array();
  size_t i;
  json_t *item;
  json_array_foreach(json_object_get(machine, "inputs"), i, item) {
    const char *type = json_string_value(json_object_get(item, "type"));
    json_t *fallback = type && strcmp(type, "number") == 0   ? json_integer(0)
                       : type && strcmp(type, "string") == 0 ? json_string("")
                                                             : json_false();
    json_array_append_new(
        inputs, json_pack("{s:s, s:s, s:o}", "name", label(item), "type",
                          type ? type : "?", "default",
                          copy_or(json_object_get(item, "default"), fallback)));
  }
  json_array_foreach(json_object_get(machine, "layers"), i, item) {
    json_array_append_new(
        layers,
        describe_layer(machine, item, json_object_get(doc, "animations")));
  }
  json_array_foreach(json_object_get(machine, "bindings"), i, item) {
    const char *target = json_string_value(json_object_get(item, "target"));
    target = target ? target : "?";
    const json_t *list =
        strcmp(target, "bone") == 0   ? json_object_get(skeleton, "bones")
        : strcmp(target, "slot") == 0 ? json_object_get(skeleton, "slots")
                                      : json_object_get(skeleton, target);
    const char *property = json_string_value(json_object_get(item, "property"));
    json_array_append_new(
        bindings,
        json_pack("{s:o, s:s, s:o, s:s}", "input",
                  name_or_null(name_of(json_object_get(machine, "inputs"),
                                       json_object_get(item, "input"))),
                  "target", target, "id",
                  name_or_null(name_of(list, json_object_get(item, "id"))),
                  "property", property ? property : "?"));
  }
  json_array_foreach(json_object_get(machine, "listeners"), i, item) {
    json_t *actions = json_array();
    size_t j;
    json_t *a;
    json_array_foreach(json_object_get(item, "actions"), j, a) {
      json_array_append_new(actions, describe_action(doc, machine, a));
    }
    const char *event = json_string_value(json_object_get(item, "event"));
    json_array_append_new(
        listeners,
        json_pack("{s:s, s:o, s:s, s:o}", "name", label(item), "slot",
                  name_or_null(name_of(json_object_get(skeleton, "slots"),
                                       json_object_get(item, "slot"))),
                  "event", event ? event : "?", "actions", actions));
  }
  return json_pack("{s:s, s:o, s:o, s:o, s:o}", "name", label(machine),
                   "inputs", inputs, "layers", layers, "bindings", bindings,
                   "listeners", listeners);
}

json_t *bone_describe(const anima_bone_model *model, const json_t *doc) {
  anima_bone_model_info info;
  anima_bone_model_info_get(model, &info);
  const json_t *skeleton = json_object_get(doc, "skeleton");
  json_t *out = json_object();
  json_t *roots = json_array(), *constraints = json_array();
  json_t *animations = json_array(), *machines = json_array();
  json_t *attachments = json_object(), *used = json_object();
  for (size_t i = 0; i < info.bones; i++) {
    if (anima_bone_model_bone_parent(model, i) == NULL) {
      json_array_append_new(roots,
                            json_string(anima_bone_model_bone_name(model, i)));
    }
  }
  json_t *skins = describe_skins(doc, attachments);
  const char *kind = NULL, *name = NULL;
  for (size_t i = 0; (name = anima_bone_model_constraint(model, i, &kind));
       i++) {
    json_array_append_new(constraints,
                          describe_constraint(skeleton, kind, name, used));
  }
  json_decref(used);
  double duration = 0;
  for (size_t i = 0; (name = anima_bone_model_animation(model, i, &duration));
       i++) {
    json_array_append_new(animations, json_pack("{s:s, s:f}", "name", name,
                                                "duration", duration));
  }
  size_t i;
  json_t *machine;
  json_array_foreach(json_object_get(doc, "stateMachines"), i, machine) {
    json_array_append_new(machines, describe_machine(doc, machine));
  }
  json_object_set_new(out, "bones", json_integer((json_int_t)info.bones));
  json_object_set_new(out, "roots", roots);
  json_object_set_new(out, "slots", json_integer((json_int_t)info.slots));
  json_object_set_new(out, "skins", skins);
  json_object_set_new(out, "attachments", attachments);
  json_object_set_new(out, "constraints", constraints);
  json_object_set_new(out, "sliders", json_integer((json_int_t)info.sliders));
  json_object_set_new(out, "animations", animations);
  json_object_set_new(out, "events", json_integer((json_int_t)info.events));
  json_object_set_new(out, "stateMachines", machines);
  json_object_set_new(out, "referenceScale", json_real(info.reference_scale));
  json_object_set_new(out, "notImplemented",
                      json_integer((json_int_t)info.unsupported));
  return out;
}
