/*
 * load_machine.c — `stateMachines` (spec §9, OPENBONE-FORMAT-NOTES.md Part
 * B.7): inputs, layers with their states and transitions, bindings and
 * listeners with their actions. Wrong JSON types and values are errors;
 * references to things that do not exist are `unknown-reference` warnings
 * and behave as the spec says for a missing one (a transition to a missing
 * state is skipped, a condition on a missing input is false, a state whose
 * animation is missing applies nothing). Script ids (a machine's and a
 * state's `scripts`, a runScript action's `script`) name the document's
 * `scripts` (load_script.c); script.c runs them.
 */
#include <stdlib.h>
#include <string.h>

#include "load_internal.h"

/* A JSON scalar into `out` (strings copied to `*string`); false with a
 * bad-type error for arrays and objects. */
static bool scalar(ob_loader *loader, json_t *value, const char *at,
                   ob_value *out, char **string) {
  memset(out, 0, sizeof *out);
  if (value == NULL || json_is_null(value)) {
    out->kind = OB_VALUE_NULL;
  } else if (json_is_boolean(value)) {
    out->kind = OB_VALUE_BOOL;
    out->boolean = json_is_true(value);
  } else if (json_is_number(value)) {
    out->kind = OB_VALUE_NUMBER;
    out->number = json_number_value(value);
  } else if (json_is_string(value)) {
    out->kind = OB_VALUE_STRING;
    *string = strdup(json_string_value(value));
    loader->out_of_memory |= *string == NULL;
    out->string = *string ? *string : "";
  } else {
    ob_error(loader, "bad-type", at, NULL,
             "a value is true, false, a number, a string or null");
    return false;
  }
  return true;
}

/* Looks an id member up in `map` (an index per id); an unknown id warns
 * with `what`. Returns the index, -1 when absent, null or unknown. */
static long reference(ob_loader *loader, json_t *object, const char *where,
                      const char *key, json_t *map, const char *what,
                      bool required, bool *present) {
  char *id = ob_string(loader, object, where, key, required, true);
  long index = ob_lookup(map, id);
  if (present) {
    *present = id != NULL;
  }
  if (id && index < 0) {
    char *at = ob_pointer_key(loader, where, key);
    ob_warning(loader, "unknown-reference", at, NULL,
               "no %s has the id \"%s\" (spec §9: treated as missing)", what,
               id);
    free(at);
  }
  free(id);
  return index;
}

/* An `id` unique within `scope` (a machine's inputs, a layer's states):
 * FORMAT.md — the spec's "first default for that input id" (§7.5) lets
 * two machines share input ids. */
static char *scoped_id(ob_loader *loader, json_t *object, const char *where,
                       json_t *scope, const char *what) {
  char *id = ob_string(loader, object, where, "id", true, false);
  if (id == NULL) {
    return NULL;
  }
  char *at = ob_pointer_key(loader, where, "id");
  if (id[0] == '\0') {
    ob_error(loader, "bad-value", at, NULL, "an id must not be empty");
  } else if (json_object_get(scope, id)) {
    ob_error(loader, "duplicate-id", at, NULL,
             "the id \"%s\" is already used by another %s here", id, what);
  }
  free(at);
  return id;
}

static void load_inputs(ob_loader *loader, json_t *list, const char *where,
                        ob_machine_data *machine, json_t *ids) {
  size_t count = json_array_size(list);
  machine->inputs = calloc(count ? count : 1, sizeof *machine->inputs);
  if (machine->inputs == NULL) {
    loader->out_of_memory = true;
    return;
  }
  for (size_t i = 0; i < count; i++) {
    char *at;
    json_t *object =
        ob_object_at(loader, list, where, i, "id name type default", &at);
    if (object) {
      ob_input_data *input = &machine->inputs[machine->input_count];
      input->id = scoped_id(loader, object, at, ids, "input of this machine");
      input->name = ob_string(loader, object, at, "name", true, false);
      input->type = (ob_input_type)ob_choice(
          loader, object, at, "type", "trigger bool number string", 0, true);
      json_t *value = json_object_get(object, "default");
      char *key = ob_pointer_key(loader, at, "default");
      static const int kinds[] = {OB_VALUE_BOOL, OB_VALUE_BOOL, OB_VALUE_NUMBER,
                                  OB_VALUE_STRING};
      input->initial.kind = (ob_value_kind)kinds[input->type];
      input->initial.string = "";
      if (value) {
        ob_value read;
        char *text = NULL;
        if (scalar(loader, value, key, &read, &text)) {
          if (read.kind != (ob_value_kind)kinds[input->type] ||
              (input->type == OB_INPUT_TRIGGER && read.boolean)) {
            ob_error(loader, "bad-type", key,
                     "a trigger's default is false; a bool's true or false; "
                     "a number's a number; a string's a string",
                     "the default does not match the input's type");
            free(text);
          } else {
            input->initial = read;
            input->initial_string = text;
          }
        }
      }
      free(key);
      if (input->initial.kind == OB_VALUE_STRING && input->initial_string &&
          strlen(input->initial_string) > machine->max_string_input) {
        machine->max_string_input = strlen(input->initial_string);
      }
      ob_remember(loader, ids, input->id, machine->input_count);
      machine->input_count++;
    }
    free(at);
  }
}

static void load_conditions(ob_loader *loader, json_t *list, const char *where,
                            ob_transition *transition,
                            const ob_machine_data *machine, json_t *inputs) {
  size_t count = json_array_size(list);
  transition->conditions = calloc(count ? count : 1, sizeof(ob_condition));
  if (transition->conditions == NULL) {
    loader->out_of_memory = true;
    return;
  }
  for (size_t i = 0; i < count; i++) {
    char *at;
    json_t *object =
        ob_object_at(loader, list, where, i, "input op value", &at);
    if (object) {
      ob_condition *c = &transition->conditions[transition->condition_count++];
      c->input =
          reference(loader, object, at, "input", inputs, "input", true, NULL);
      c->op = (ob_condition_op)(ob_choice(loader, object, at, "op",
                                          "== != > < >= <=", -1, false) +
                                1);
      bool trigger =
          c->input >= 0 && machine->inputs[c->input].type == OB_INPUT_TRIGGER;
      json_t *value = json_object_get(object, "value");
      if (c->op == OB_OP_NONE && c->input >= 0 && !trigger) {
        ob_error(loader, "missing-key", at,
                 "add \"op\" and \"value\" (only a trigger needs neither)",
                 "a condition on a %s input needs \"op\"",
                 machine->inputs[c->input].type == OB_INPUT_BOOL ? "bool"
                 : machine->inputs[c->input].type == OB_INPUT_NUMBER
                     ? "number"
                     : "string");
      } else if (c->op != OB_OP_NONE && value == NULL && !trigger) {
        ob_error(loader, "missing-key", at, NULL,
                 "a condition with \"op\" needs \"value\"");
      }
      char *key = ob_pointer_key(loader, at, "value");
      scalar(loader, value, key, &c->value, &c->string);
      free(key);
    }
    free(at);
  }
}

static void load_transitions(ob_loader *loader, json_t *list, const char *where,
                             ob_layer_data *layer,
                             const ob_machine_data *machine, json_t *states,
                             json_t *inputs) {
  size_t count = json_array_size(list);
  layer->transitions = calloc(count ? count : 1, sizeof(ob_transition));
  if (layer->transitions == NULL) {
    loader->out_of_memory = true;
    return;
  }
  for (size_t i = 0; i < count; i++) {
    char *at;
    json_t *object = ob_object_at(loader, list, where, i,
                                  "from to duration exitTime conditions", &at);
    if (object) {
      ob_transition *t = &layer->transitions[layer->transition_count++];
      json_t *from = json_object_get(object, "from");
      if (json_is_string(from) &&
          strcmp(json_string_value(from), "@any") == 0) {
        t->from = OB_FROM_ANY;
      } else {
        t->from =
            reference(loader, object, at, "from", states, "state", true, NULL);
      }
      t->to = reference(loader, object, at, "to", states, "state", true, NULL);
      t->duration = ob_number(loader, object, at, "duration", 0, false);
      if (!(t->duration >= 0)) {
        char *key = ob_pointer_key(loader, at, "duration");
        ob_error(loader, "bad-value", key, NULL,
                 "a transition's duration is ≥ 0 seconds");
        free(key);
        t->duration = 0;
      }
      json_t *exit_time = json_object_get(object, "exitTime");
      t->has_exit_time = exit_time && !json_is_null(exit_time);
      if (t->has_exit_time) {
        t->exit_time = ob_number(loader, object, at, "exitTime", 0, false);
        t->has_exit_time = json_is_number(exit_time);
      }
      json_t *conditions = ob_array(loader, object, at, "conditions", false);
      char *key = ob_pointer_key(loader, at, "conditions");
      load_conditions(loader, conditions, key, t, machine, inputs);
      free(key);
    }
    free(at);
  }
}

/* A stable insertion sort of blend entries by value (§9.4). */
static void sort_entries(ob_blend_entry *entries, size_t count) {
  for (size_t i = 1; i < count; i++) {
    ob_blend_entry moving = entries[i];
    size_t j = i;
    while (j > 0 && entries[j - 1].value > moving.value) {
      entries[j] = entries[j - 1];
      j--;
    }
    entries[j] = moving;
  }
}

static json_t *animation_ids(ob_loader *loader) {
  json_t *map = json_object();
  for (size_t i = 0; map && i < loader->model->animation_count; i++) {
    if (loader->model->animations[i].id) {
      json_object_set_new(map, loader->model->animations[i].id,
                          json_integer((json_int_t)i));
    }
  }
  loader->out_of_memory |= map == NULL;
  return map;
}

static json_t *sound_ids(ob_loader *loader) {
  json_t *map = json_object();
  for (size_t i = 0; map && i < loader->model->sound_count; i++) {
    if (loader->model->sounds[i].id) {
      json_object_set_new(map, loader->model->sounds[i].id,
                          json_integer((json_int_t)i));
    }
  }
  loader->out_of_memory |= map == NULL;
  return map;
}

static void load_entries(ob_loader *loader, json_t *object, const char *where,
                         ob_state_data *state, json_t *animations) {
  json_t *list = ob_array(loader, object, where, "entries", false);
  size_t count = json_array_size(list);
  state->entries = calloc(count ? count : 1, sizeof *state->entries);
  if (state->entries == NULL) {
    loader->out_of_memory = true;
    return;
  }
  char *base = ob_pointer_key(loader, where, "entries");
  for (size_t i = 0; i < count; i++) {
    char *at;
    json_t *entry = ob_object_at(loader, list, base, i, "animation value", &at);
    if (entry) {
      ob_blend_entry *e = &state->entries[state->entry_count++];
      e->animation = reference(loader, entry, at, "animation", animations,
                               "animation", true, NULL);
      e->value = ob_number(loader, entry, at, "value", 0, true);
    }
    free(at);
  }
  free(base);
  sort_entries(state->entries, state->entry_count);
}

static void load_hooks(ob_loader *loader, json_t *object, const char *where,
                       ob_state_data *state) {
  json_t *list = ob_array(loader, object, where, "sounds", false);
  size_t count = json_array_size(list);
  state->sounds = calloc(count ? count : 1, sizeof *state->sounds);
  if (state->sounds == NULL) {
    loader->out_of_memory = true;
    return;
  }
  char *base = ob_pointer_key(loader, where, "sounds");
  for (size_t i = 0; i < count; i++) {
    char *at;
    json_t *hook =
        ob_object_at(loader, list, base, i, "sound on volume rate loop", &at);
    if (hook) {
      ob_sound_hook *h = &state->sounds[state->sound_count++];
      char *sound = ob_string(loader, hook, at, "sound", true, false);
      char *key = ob_pointer_key(loader, at, "sound");
      ob_sound_ref ref = ob_resolve_sound(loader, sound, key);
      h->sound = ref.sound;
      h->asset = ref.asset;
      free(key);
      free(sound);
      h->on_exit =
          ob_choice(loader, hook, at, "on", "enter exit", 0, true) == 1;
      h->has_volume = json_object_get(hook, "volume") != NULL;
      h->volume = ob_number(loader, hook, at, "volume", 1, false);
      h->has_rate = json_object_get(hook, "rate") != NULL;
      h->rate = ob_number(loader, hook, at, "rate", 1, false);
      h->has_loop = json_object_get(hook, "loop") != NULL;
      h->loop = ob_bool(loader, hook, at, "loop", false);
    }
    free(at);
  }
  free(base);
}

static void load_enter_inputs(ob_loader *loader, json_t *object,
                              const char *where, ob_state_data *state,
                              json_t *inputs) {
  json_t *list = ob_array(loader, object, where, "inputs", false);
  size_t count = json_array_size(list);
  state->inputs = calloc(count ? count : 1, sizeof *state->inputs);
  if (state->inputs == NULL) {
    loader->out_of_memory = true;
    return;
  }
  char *base = ob_pointer_key(loader, where, "inputs");
  for (size_t i = 0; i < count; i++) {
    char *at;
    json_t *item = ob_object_at(loader, list, base, i, "input value", &at);
    if (item) {
      ob_enter_input *e = &state->inputs[state->input_count++];
      e->input =
          reference(loader, item, at, "input", inputs, "input", true, NULL);
      char *key = ob_pointer_key(loader, at, "value");
      scalar(loader, json_object_get(item, "value"), key, &e->value,
             &e->string);
      free(key);
    }
    free(at);
  }
  free(base);
}

/* A slot id of a setEmitter / emitParticles action or a state's emitter
 * override: its index, or -1 with a warning when no slot has it. */
static long emitter_slot(ob_loader *loader, json_t *object, const char *at) {
  char *id = ob_string(loader, object, at, "slot", true, false);
  long slot = ob_lookup(loader->slot_ids, id);
  if (id && slot < 0) {
    char *key = ob_pointer_key(loader, at, "slot");
    ob_warning(loader, "unknown-reference", key, NULL,
               "no slot has the id \"%s\"; this changes no emitter", id);
    free(key);
  }
  free(id);
  return slot;
}

/* Emitter overrides set on entering the state (§9.2). */
static void load_emitters(ob_loader *loader, json_t *object, const char *where,
                          ob_state_data *state) {
  json_t *list = ob_array(loader, object, where, "emitters", false);
  size_t count = json_array_size(list);
  state->emitters = calloc(count ? count : 1, sizeof *state->emitters);
  if (state->emitters == NULL) {
    loader->out_of_memory = true;
    return;
  }
  char *base = ob_pointer_key(loader, where, "emitters");
  for (size_t i = 0; i < count; i++) {
    char *at;
    json_t *item = ob_object_at(loader, list, base, i, "slot emitting", &at);
    if (item) {
      ob_emitter_set *set = &state->emitters[state->emitter_count++];
      set->slot = emitter_slot(loader, item, at);
      set->emitting = ob_bool(loader, item, at, "emitting", false);
    }
    free(at);
  }
  free(base);
}

static void load_state(ob_loader *loader, json_t *object, const char *at,
                       ob_state_data *state, json_t *inputs, json_t *animations,
                       json_t *states) {
  ob_check_keys(loader, object, at,
                "id name type animation loop speed input entries onComplete "
                "sounds emitters inputs scripts");
  state->id = scoped_id(loader, object, at, states, "state of this layer");
  state->name = ob_string(loader, object, at, "name", true, false);
  state->source = ob_prefixed(loader, "state:", state->name ? state->name : "");
  state->type = (ob_state_type)ob_choice(loader, object, at, "type",
                                         "animation blend1d exit", 0, false);
  state->animation = reference(loader, object, at, "animation", animations,
                               "animation", false, NULL);
  state->loop = ob_bool(loader, object, at, "loop", true);
  state->speed = ob_number(loader, object, at, "speed", 1, false);
  state->input =
      reference(loader, object, at, "input", inputs, "input", false, NULL);
  load_entries(loader, object, at, state, animations);
  load_hooks(loader, object, at, state);
  load_emitters(loader, object, at, state);
  load_enter_inputs(loader, object, at, state, inputs);
  state->scripts =
      ob_load_script_list(loader, object, at, &state->script_count);
}

static void load_layers(ob_loader *loader, json_t *list, const char *where,
                        ob_machine_data *machine, json_t *inputs) {
  size_t count = json_array_size(list);
  machine->layers = calloc(count ? count : 1, sizeof *machine->layers);
  json_t *animations = animation_ids(loader);
  if (machine->layers == NULL || animations == NULL) {
    loader->out_of_memory = true;
    json_decref(animations);
    return;
  }
  for (size_t i = 0; i < count; i++) {
    char *at;
    json_t *object = ob_object_at(loader, list, where, i,
                                  "id name entry states transitions", &at);
    if (object == NULL) {
      continue;
    }
    ob_layer_data *layer = &machine->layers[machine->layer_count++];
    layer->id = ob_id(loader, object, at);
    layer->name = ob_string(loader, object, at, "name", true, false);
    json_t *states = ob_array(loader, object, at, "states", false);
    size_t state_count = json_array_size(states);
    layer->states =
        calloc(state_count ? state_count : 1, sizeof(ob_state_data));
    json_t *state_ids = json_object();
    if (layer->states == NULL || state_ids == NULL) {
      loader->out_of_memory = true;
      json_decref(state_ids);
      free(at);
      break;
    }
    char *base = ob_pointer_key(loader, at, "states");
    for (size_t s = 0; s < state_count; s++) {
      char *where_state;
      json_t *state = ob_object_at(loader, states, base, s, NULL, &where_state);
      if (state) {
        ob_state_data *data = &layer->states[layer->state_count];
        load_state(loader, state, where_state, data, inputs, animations,
                   state_ids);
        ob_remember(loader, state_ids, data->id, layer->state_count);
        layer->state_count++;
      }
      free(where_state);
    }
    /* onComplete refers to any state of the layer, so after all of them */
    for (size_t s = 0, k = 0; s < state_count; s++) {
      json_t *state = json_array_get(states, s);
      if (!json_is_object(state)) {
        continue;
      }
      char *where_state = ob_pointer_index(loader, base, s);
      layer->states[k++].on_complete =
          reference(loader, state, where_state, "onComplete", state_ids,
                    "state", false, NULL);
      free(where_state);
    }
    free(base);
    layer->entry =
        reference(loader, object, at, "entry", state_ids, "state", true, NULL);
    json_t *transitions = ob_array(loader, object, at, "transitions", false);
    base = ob_pointer_key(loader, at, "transitions");
    load_transitions(loader, transitions, base, layer, machine, state_ids,
                     inputs);
    free(base);
    json_decref(state_ids);
    free(at);
  }
  json_decref(animations);
}

static const char *bone_properties = "x y rotation scaleX scaleY shearX shearY";

static void load_bindings(ob_loader *loader, json_t *list, const char *where,
                          ob_machine_data *machine, json_t *inputs) {
  size_t count = json_array_size(list);
  machine->bindings = calloc(count ? count : 1, sizeof *machine->bindings);
  if (machine->bindings == NULL) {
    loader->out_of_memory = true;
    return;
  }
  for (size_t i = 0; i < count; i++) {
    char *at;
    json_t *object =
        ob_object_at(loader, list, where, i,
                     "input target id property inMin inMax outMin outMax", &at);
    if (object == NULL) {
      continue;
    }
    ob_binding *b = &machine->bindings[machine->binding_count++];
    b->input =
        reference(loader, object, at, "input", inputs, "input", true, NULL);
    int target = ob_choice(loader, object, at, "target",
                           "bone slot ik transform path physics", 0, true);
    char *property = ob_string(loader, object, at, "property", true, false);
    char *key = ob_pointer_key(loader, at, "property");
    b->index = -1;
    b->property = -1;
    if (target == 0) {
      b->target = OB_BIND_BONE;
      b->index = reference(loader, object, at, "id", loader->bone_ids, "bone",
                           true, NULL);
      b->property = property ? ob_word(bone_properties, property) : -1;
    } else if (target == 1) {
      b->index = reference(loader, object, at, "id", loader->slot_ids, "slot",
                           true, NULL);
      int which = property ? ob_word("alpha color", property) : -1;
      b->target = which == 1 ? OB_BIND_SLOT_COLOR : OB_BIND_SLOT_ALPHA;
      b->property = which;
    } else {
      b->target = OB_BIND_CONSTRAINT;
      b->index = reference(loader, object, at, "id", loader->constraint_ids,
                           "constraint", true, NULL);
      int kind = target - 2; /* ob_constraint_kind order */
      if (b->index >= 0 &&
          (int)loader->model->constraints[b->index].kind != kind) {
        char *id_at = ob_pointer_key(loader, at, "id");
        ob_error(loader, "bad-value", id_at, NULL,
                 "the constraint \"%s\" is not a %s constraint",
                 loader->model->constraints[b->index].id,
                 kind == 0   ? "ik"
                 : kind == 1 ? "transform"
                 : kind == 2 ? "path"
                             : "physics");
        free(id_at);
        b->index = -1;
      }
      if (property && kind == OB_CONSTRAINT_IK) {
        int which = ob_word("mix softness", property);
        b->property = which == 0 ? OB_IK_MIX : which == 1 ? OB_IK_SOFTNESS : -1;
      } else if (property) {
        b->property = ob_constraint_value(kind, property);
      }
    }
    if (property && b->property < 0) {
      ob_error(loader, "bad-value", key,
               target == 0   ? bone_properties
               : target == 1 ? "alpha or color"
                             : "a numeric live value of the constraint",
               "\"%s\" is not a property a binding can drive here", property);
    }
    free(key);
    free(property);
    b->in_min = ob_number(loader, object, at, "inMin", 0, false);
    b->in_max = ob_number(loader, object, at, "inMax", 1, false);
    if (b->target == OB_BIND_SLOT_COLOR) {
      static const char *ends[] = {"outMin", "outMax"};
      for (int e = 0; e < 2; e++) {
        char *end_at = ob_pointer_key(loader, at, ends[e]);
        json_t *value = json_object_get(object, ends[e]);
        ob_color colour = {0, 0, 0, 1};
        if (value == NULL) {
          ob_error(loader, "missing-key", at, NULL,
                   "a slot colour binding needs \"%s\" (a colour)", ends[e]);
        } else {
          ob_color_value(loader, value, end_at, &colour);
        }
        double *out = e ? b->out_max_color : b->out_min_color;
        out[0] = colour.r;
        out[1] = colour.g;
        out[2] = colour.b;
        out[3] = colour.a;
        free(end_at);
      }
    } else {
      b->out_min = ob_number(loader, object, at, "outMin", 0, false);
      b->out_max = ob_number(loader, object, at, "outMax", 1, false);
    }
    free(at);
  }
}

static const char *action_types =
    "setInput toggleInput fireTrigger reportEvent playSound stopSound "
    "runScript setEmitter emitParticles setMute";

static void load_action(ob_loader *loader, json_t *object, const char *at,
                        ob_action *a, json_t *inputs, json_t *sounds) {
  ob_check_keys(loader, object, at,
                "type input value event sound fade script fn slot emitting "
                "count bus muted");
  (void)sounds;
  a->type = (ob_action_type)ob_choice(loader, object, at, "type", action_types,
                                      0, true);
  a->input = a->event = a->sound = a->asset = a->bus = a->slot = a->script = -1;
  switch (a->type) {
  case OB_ACTION_SET_INPUT: {
    a->input =
        reference(loader, object, at, "input", inputs, "input", true, NULL);
    char *key = ob_pointer_key(loader, at, "value");
    scalar(loader, json_object_get(object, "value"), key, &a->value,
           &a->string);
    free(key);
    break;
  }
  case OB_ACTION_TOGGLE_INPUT:
  case OB_ACTION_FIRE_TRIGGER:
    a->input =
        reference(loader, object, at, "input", inputs, "input", true, NULL);
    break;
  case OB_ACTION_REPORT_EVENT:
    a->event = reference(loader, object, at, "event", loader->event_ids,
                         "event", true, NULL);
    break;
  case OB_ACTION_PLAY_SOUND:
  case OB_ACTION_STOP_SOUND: {
    char *sound = ob_string(loader, object, at, "sound", true, false);
    char *key = ob_pointer_key(loader, at, "sound");
    ob_sound_ref ref = ob_resolve_sound(loader, sound, key);
    a->sound = ref.sound;
    a->asset = ref.asset;
    free(key);
    free(sound);
    json_t *fade = json_object_get(object, "fade");
    a->has_fade = fade && !json_is_null(fade);
    a->fade = a->has_fade ? ob_number(loader, object, at, "fade", 0, false) : 0;
    break;
  }
  case OB_ACTION_RUN_SCRIPT: {
    char *id = ob_string(loader, object, at, "script", true, false);
    a->script = ob_find_script(loader->model, id);
    if (id && a->script < 0) {
      char *key = ob_pointer_key(loader, at, "script");
      ob_warning(loader, "unknown-reference", key, NULL,
                 "no script has the id \"%s\" (the action does nothing)", id);
      free(key);
    }
    free(id);
    a->fn = ob_string(loader, object, at, "fn", true, false);
    break;
  }
  case OB_ACTION_SET_EMITTER:
    a->slot = emitter_slot(loader, object, at);
    a->emitting = ob_bool(loader, object, at, "emitting", false);
    break;
  case OB_ACTION_EMIT_PARTICLES:
    a->slot = emitter_slot(loader, object, at);
    a->count =
        ob_particle_count(loader, object, at, "\"count\" of emitParticles");
    break;
  case OB_ACTION_SET_MUTE: {
    json_t *bus = json_object_get(object, "bus");
    if (bus && !json_is_null(bus)) {
      char *id = ob_string(loader, object, at, "bus", false, true);
      for (size_t i = 0; id && i < loader->model->bus_count; i++) {
        if (loader->model->buses[i].id &&
            strcmp(loader->model->buses[i].id, id) == 0) {
          a->bus = (long)i;
        }
      }
      if (id && a->bus < 0) {
        char *key = ob_pointer_key(loader, at, "bus");
        ob_warning(loader, "unknown-reference", key, NULL,
                   "no bus has the id \"%s\"; the action does nothing", id);
        free(key);
        a->bus_missing = true;
      }
      free(id);
    }
    json_t *muted = json_object_get(object, "muted");
    char *key = ob_pointer_key(loader, at, "muted");
    if (json_is_boolean(muted)) {
      a->mute = json_is_true(muted) ? OB_MUTE_ON : OB_MUTE_OFF;
    } else if (json_is_string(muted) &&
               strcmp(json_string_value(muted), "toggle") == 0) {
      a->mute = OB_MUTE_TOGGLE;
    } else if (muted == NULL) {
      ob_error(loader, "missing-key", at, NULL,
               "setMute needs \"muted\": true, false or \"toggle\"");
    } else {
      ob_error(loader, "bad-value", key, NULL,
               "\"muted\" is true, false or \"toggle\"");
    }
    free(key);
    break;
  }
  }
}

static void load_listeners(ob_loader *loader, json_t *list, const char *where,
                           ob_machine_data *machine, json_t *inputs) {
  size_t count = json_array_size(list);
  machine->listeners = calloc(count ? count : 1, sizeof *machine->listeners);
  json_t *sounds = sound_ids(loader);
  if (machine->listeners == NULL || sounds == NULL) {
    loader->out_of_memory = true;
    json_decref(sounds);
    return;
  }
  for (size_t i = 0; i < count; i++) {
    char *at;
    json_t *object =
        ob_object_at(loader, list, where, i, "id name slot event actions", &at);
    if (object == NULL) {
      continue;
    }
    ob_listener_data *l = &machine->listeners[machine->listener_count++];
    l->id = ob_id(loader, object, at);
    l->name = ob_string(loader, object, at, "name", true, false);
    l->source = ob_prefixed(loader, "listener:", l->name ? l->name : "");
    bool present = false;
    l->slot = reference(loader, object, at, "slot", loader->slot_ids, "slot",
                        false, &present);
    l->any_slot = !present;
    l->event = (ob_listener_event)ob_choice(
        loader, object, at, "event", "down up move click enter exit", 0, true);
    json_t *actions = ob_array(loader, object, at, "actions", false);
    size_t n = json_array_size(actions);
    l->actions = calloc(n ? n : 1, sizeof *l->actions);
    if (l->actions == NULL) {
      loader->out_of_memory = true;
      free(at);
      break;
    }
    char *base = ob_pointer_key(loader, at, "actions");
    for (size_t k = 0; k < n; k++) {
      char *action_at;
      json_t *action = ob_object_at(loader, actions, base, k, NULL, &action_at);
      if (action) {
        load_action(loader, action, action_at, &l->actions[l->action_count++],
                    inputs, sounds);
      }
      free(action_at);
    }
    free(base);
    free(at);
  }
  json_decref(sounds);
}

/* The longest string a document value can give a string input. */
static void measure_strings(ob_machine_data *machine) {
  for (size_t l = 0; l < machine->listener_count; l++) {
    const ob_listener_data *listener = &machine->listeners[l];
    for (size_t a = 0; a < listener->action_count; a++) {
      const char *text = listener->actions[a].string;
      if (text && strlen(text) > machine->max_string_input) {
        machine->max_string_input = strlen(text);
      }
    }
  }
  for (size_t l = 0; l < machine->layer_count; l++) {
    const ob_layer_data *layer = &machine->layers[l];
    for (size_t s = 0; s < layer->state_count; s++) {
      for (size_t i = 0; i < layer->states[s].input_count; i++) {
        const char *text = layer->states[s].inputs[i].string;
        if (text && strlen(text) > machine->max_string_input) {
          machine->max_string_input = strlen(text);
        }
      }
    }
  }
}

static void load_machine(ob_loader *loader, json_t *object, const char *where,
                         ob_machine_data *machine) {
  ob_check_keys(loader, object, where,
                "id name inputs layers bindings listeners scripts");
  machine->id = ob_id(loader, object, where);
  machine->name = ob_string(loader, object, where, "name", true, false);
  json_t *inputs = json_object();
  if (inputs == NULL) {
    loader->out_of_memory = true;
    return;
  }
  char *at = ob_pointer_key(loader, where, "inputs");
  load_inputs(loader, ob_array(loader, object, where, "inputs", false), at,
              machine, inputs);
  free(at);
  at = ob_pointer_key(loader, where, "layers");
  load_layers(loader, ob_array(loader, object, where, "layers", false), at,
              machine, inputs);
  free(at);
  at = ob_pointer_key(loader, where, "bindings");
  load_bindings(loader, ob_array(loader, object, where, "bindings", false), at,
                machine, inputs);
  free(at);
  at = ob_pointer_key(loader, where, "listeners");
  load_listeners(loader, ob_array(loader, object, where, "listeners", false),
                 at, machine, inputs);
  free(at);
  machine->scripts =
      ob_load_script_list(loader, object, where, &machine->script_count);
  measure_strings(machine);
  json_decref(inputs);
}

void ob_load_machines(ob_loader *loader, json_t *machines) {
  anima_bone_model *model = loader->model;
  size_t count = json_array_size(machines);
  model->machines = calloc(count ? count : 1, sizeof *model->machines);
  if (model->machines == NULL) {
    loader->out_of_memory = true;
    return;
  }
  for (size_t i = 0; i < count; i++) {
    char *where;
    json_t *machine =
        ob_object_at(loader, machines, "/stateMachines", i, NULL, &where);
    if (machine) {
      load_machine(loader, machine, where,
                   &model->machines[model->machine_count++]);
    }
    free(where);
  }
}

static void free_state(ob_state_data *state) {
  free(state->id);
  free(state->name);
  free(state->source);
  free(state->entries);
  free(state->sounds);
  for (size_t i = 0; i < state->input_count; i++) {
    free(state->inputs[i].string);
  }
  free(state->inputs);
  free(state->emitters);
  free(state->scripts);
}

void ob_free_machines(anima_bone_model *model) {
  for (size_t m = 0; m < model->machine_count; m++) {
    ob_machine_data *machine = &model->machines[m];
    free(machine->id);
    free(machine->name);
    for (size_t i = 0; i < machine->input_count; i++) {
      free(machine->inputs[i].id);
      free(machine->inputs[i].name);
      free(machine->inputs[i].initial_string);
    }
    free(machine->inputs);
    for (size_t l = 0; l < machine->layer_count; l++) {
      ob_layer_data *layer = &machine->layers[l];
      free(layer->id);
      free(layer->name);
      for (size_t s = 0; s < layer->state_count; s++) {
        free_state(&layer->states[s]);
      }
      free(layer->states);
      for (size_t t = 0; t < layer->transition_count; t++) {
        ob_transition *transition = &layer->transitions[t];
        for (size_t c = 0; c < transition->condition_count; c++) {
          free(transition->conditions[c].string);
        }
        free(transition->conditions);
      }
      free(layer->transitions);
    }
    free(machine->layers);
    free(machine->bindings);
    for (size_t l = 0; l < machine->listener_count; l++) {
      ob_listener_data *listener = &machine->listeners[l];
      free(listener->id);
      free(listener->name);
      free(listener->source);
      for (size_t a = 0; a < listener->action_count; a++) {
        free(listener->actions[a].string);
        free(listener->actions[a].fn);
      }
      free(listener->actions);
    }
    free(machine->listeners);
    free(machine->scripts);
  }
  free(model->machines);
  model->machines = NULL;
  model->machine_count = 0;
}
