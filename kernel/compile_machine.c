/*
 * compile_machine.c — the state machine (SPEC §7, §8): layers in member
 * order, states with resolved timeline indices and written sets,
 * transitions with absolute target indices, conditions compiled to term
 * lists over input indices, and each layer's domain (the slots any of its
 * states writes).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "compile_internal.h"
#include "condition.h"
#include "ease_evaluate.h"
#include "kinds.h"
#include "registry_internal.h"
#include "text.h"
#include "value_type.h"

static long find_input(const anima_model *model, const char *name) {
  for (size_t i = 0; name && i < model->input_count; i++) {
    if (strcmp(model->inputs[i].name, name) == 0) {
      return (long)i;
    }
  }
  return -1;
}

static long find_state(const anima_model *model, const anima_model_layer *layer,
                       const char *name) {
  for (size_t i = 0; name && i < layer->state_count; i++) {
    if (strcmp(model->states[layer->first_state + i].name, name) == 0) {
      return (long)(layer->first_state + i);
    }
  }
  return -1;
}

static long find_timeline(const anima_model *model, const char *name) {
  for (size_t i = 0; name && i < model->timeline_count; i++) {
    if (strcmp(model->timelines[i].name, name) == 0) {
      return (long)i;
    }
  }
  return -1;
}

static anima_status compile_condition(anima_compiler *compiler,
                                      const char *when,
                                      anima_model_transition *transition) {
  anima_model *model = compiler->model;
  anima_condition condition = {0};
  anima_term_context context = anima_compile_term_context(compiler);
  anima_condition_terms kinds = anima_term_kinds(&context);
  anima_status status =
      anima_condition_parse_with(when, &kinds, &condition, NULL);
  if (context.out_of_memory) {
    anima_condition_release(&condition);
    return ANIMA_ERROR_NO_MEMORY;
  }
  if (status != ANIMA_OK) {
    return status == ANIMA_ERROR_NO_MEMORY ? status
                                           : ANIMA_ERROR_INVALID_DOCUMENT;
  }
  transition->first_term = model->term_count;
  for (size_t i = 0; status == ANIMA_OK && i < condition.count; i++) {
    const anima_condition_term *parsed = &condition.terms[i];
    size_t index;
    if (!ANIMA_COMPILE_APPEND(model->terms, model->term_count,
                              compiler->term_capacity, index)) {
      status = ANIMA_ERROR_NO_MEMORY;
      break;
    }
    anima_model_term *term = &model->terms[index];
    term->input = find_input(model, parsed->input);
    term->compare = parsed->compare;
    term->number = parsed->number;
    anima_input_type type =
        term->input >= 0 ? model->inputs[term->input].type : ANIMA_INPUT_BOOL;
    switch (parsed->kind) {
    case ANIMA_TERM_INPUT:
      term->kind = type == ANIMA_INPUT_TRIGGER ? ANIMA_MODEL_TERM_TRIGGER
                                               : ANIMA_MODEL_TERM_BOOL;
      if (term->input < 0 || type == ANIMA_INPUT_NUMBER) {
        status = ANIMA_ERROR_INVALID_DOCUMENT;
      }
      break;
    case ANIMA_TERM_NOT_INPUT:
      term->kind = ANIMA_MODEL_TERM_NOT_BOOL;
      if (term->input < 0 || type != ANIMA_INPUT_BOOL) {
        status = ANIMA_ERROR_INVALID_DOCUMENT;
      }
      break;
    case ANIMA_TERM_COMPARE:
      term->kind = ANIMA_MODEL_TERM_COMPARE;
      if (term->input < 0 || type != ANIMA_INPUT_NUMBER) {
        status = ANIMA_ERROR_INVALID_DOCUMENT;
      }
      break;
    case ANIMA_TERM_END:
      term->kind = ANIMA_MODEL_TERM_END;
      break;
    case ANIMA_TERM_AFTER:
      term->kind = ANIMA_MODEL_TERM_AFTER;
      break;
    case ANIMA_TERM_MODULE:
      term->kind = ANIMA_MODEL_TERM_MODULE;
      term->module = parsed->module;
      term->data = parsed->data;
      break;
    }
  }
  transition->term_count = model->term_count - transition->first_term;
  anima_condition_release(&condition);
  return status;
}

/* The transition hooks of declared features for edge `index` (position
 * `position` of state `state_index`'s `on`; module.h
 * anima_transition_hook_desc). */
static anima_status compile_transition_hooks(anima_compiler *compiler,
                                             const json_t *object,
                                             size_t layer_index,
                                             size_t state_index,
                                             size_t position, size_t index,
                                             const char *state_pointer) {
  anima_model *model = compiler->model;
  size_t count = anima_registry_behaviour_count(
      model->registry, ANIMA_BEHAVIOUR_TRANSITION_HOOK);
  model->transitions[index].first_hook = model->transition_hook_count;
  if (count == 0) {
    return ANIMA_OK;
  }
  anima_text at = {0};
  anima_text_appendf(&at, "%s/on/%zu", state_pointer, position);
  if (at.failed) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  anima_site site = {
      .struct_size = sizeof site,
      .kind = ANIMA_SITE_TRANSITION,
      .json = (const anima_json *)object,
      .pointer = anima_text_string(&at),
      .node = -1,
      .layer = (long)layer_index,
      .state = (long)state_index,
      .index = position,
  };
  anima_status status = ANIMA_OK;
  for (size_t i = 0; status == ANIMA_OK && i < count; i++) {
    const anima_behaviour *entry = anima_registry_behaviour(
        model->registry, ANIMA_BEHAVIOUR_TRANSITION_HOOK, i);
    const anima_transition_hook_desc *hook = entry->desc;
    if (!anima_feature_declared(hook->feature, model->requires,
                                model->require_count)) {
      continue;
    }
    void *data = NULL;
    size_t instance = ANIMA_NO_INSTANCE;
    status = anima_compile_lifecycle(compiler, &hook->lifecycle, hook->user,
                                     &site, entry->module, &data, &instance);
    if (status != ANIMA_OK || (hook->lifecycle.compile && !data)) {
      continue; /* an error, or the hook does not apply to this edge */
    }
    size_t slot;
    if (!ANIMA_COMPILE_APPEND(model->transition_hooks,
                              model->transition_hook_count,
                              compiler->transition_hook_capacity, slot)) {
      status = ANIMA_ERROR_NO_MEMORY;
      break;
    }
    model->transition_hooks[slot] = (anima_model_transition_hook){
        .desc = hook, .data = data, .instance_offset = instance};
    if (hook->flags & ANIMA_TRANSITION_HOOK_OWNS_ACTIONS) {
      model->transitions[index].hook_owns_actions = true;
    }
  }
  anima_text_free(&at);
  model->transitions[index].hook_count =
      model->transition_hook_count - model->transitions[index].first_hook;
  return status;
}

static anima_status compile_transitions(anima_compiler *compiler,
                                        const json_t *list, size_t layer_index,
                                        size_t state_index,
                                        const char *state_pointer) {
  anima_model *model = compiler->model;
  model->states[state_index].first_transition = model->transition_count;
  if (list && !json_is_array(list)) {
    return ANIMA_ERROR_INVALID_DOCUMENT;
  }
  for (size_t i = 0; i < json_array_size(list); i++) {
    const json_t *object = json_array_get(list, i);
    const char *when = anima_json_string_member(object, "when");
    long target = find_state(model, &model->layers[layer_index],
                             anima_json_string_member(object, "to"));
    size_t index;
    if (!when || target < 0) {
      return ANIMA_ERROR_INVALID_DOCUMENT;
    }
    if (!ANIMA_COMPILE_APPEND(model->transitions, model->transition_count,
                              compiler->transition_capacity, index)) {
      return ANIMA_ERROR_NO_MEMORY;
    }
    anima_model_transition *transition = &model->transitions[index];
    transition->target = (size_t)target;
    transition->blend =
        anima_json_number_or(json_object_get(object, "blend"), 0);
    transition->interruptible =
        !json_is_false(json_object_get(object, "interruptible"));
    transition->when = anima_model_intern(model, when);
    transition->ease = anima_model_ease_linear();
    const char *ease = anima_json_string_member(object, "ease");
    if (ease) {
      transition->ease_text = anima_model_intern(model, ease);
      if (!transition->ease_text) {
        return ANIMA_ERROR_NO_MEMORY;
      }
      anima_status status =
          anima_compile_ease(compiler, ease, &transition->ease);
      if (status != ANIMA_OK) {
        return status;
      }
    }
    if (!transition->when) {
      return ANIMA_ERROR_NO_MEMORY;
    }
    if (!(transition->blend >= 0)) {
      return ANIMA_ERROR_INVALID_DOCUMENT;
    }
    anima_status status = compile_condition(compiler, when, transition);
    if (status != ANIMA_OK) {
      return status;
    }
    const json_t *actions = json_object_get(object, "actions");
    if (json_is_object(actions)) {
      size_t first, count, expressions = 0;
      anima_text at = {0};
      anima_text_appendf(&at, "%s/on/%zu/actions", state_pointer, i);
      status = at.failed
                   ? ANIMA_ERROR_NO_MEMORY
                   : anima_compile_action_block(compiler, actions,
                                                anima_text_string(&at), &first,
                                                &count, &expressions);
      anima_text_free(&at);
      if (status != ANIMA_OK) {
        return status;
      }
      model->transitions[index].first_action = first;
      model->transitions[index].action_count = count;
    }
    status = compile_transition_hooks(compiler, object, layer_index,
                                      state_index, i, index, state_pointer);
    if (status != ANIMA_OK) {
      return status;
    }
  }
  model->states[state_index].transition_count =
      model->transition_count - model->states[state_index].first_transition;
  if (model->states[state_index].transition_count >
      model->max_state_transitions) {
    model->max_state_transitions = model->states[state_index].transition_count;
  }
  return ANIMA_OK;
}

static anima_status append_written(anima_compiler *compiler, size_t slot) {
  anima_model *model = compiler->model;
  size_t index;
  if (!ANIMA_COMPILE_APPEND(model->state_slots, model->state_slot_count,
                            compiler->state_slot_capacity, index)) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  model->state_slots[index] = slot;
  model->slots[slot].animated = true;
  return ANIMA_OK;
}

static anima_status compile_state_body(anima_compiler *compiler,
                                       const json_t *object,
                                       const char *pointer, size_t layer_index,
                                       size_t state_index) {
  anima_model *model = compiler->model;
  anima_model_state *state = &model->states[state_index];
  const json_t *pose = json_object_get(object, "pose");
  const char *play = anima_json_string_member(object, "play");
  const char *emit = anima_json_string_member(object, "emit");
  if (emit) {
    state->emit = anima_model_intern(model, emit);
    if (!state->emit) {
      return ANIMA_ERROR_NO_MEMORY;
    }
  }
  state->first_written = model->state_slot_count;
  state->first_pose_value = model->pose_value_count;
  state->timeline = -1;
  state->speed = 1;
  if (json_is_object(pose) && !play) {
    state->kind = ANIMA_STATE_POSE;
    const char *address;
    const json_t *value;
    json_object_foreach((json_t *)pose, address, value) {
      if (anima_compile_is_comment(address)) {
        continue;
      }
      long slot = anima_compile_address(model, address);
      size_t index;
      if (slot < 0) {
        return ANIMA_ERROR_INVALID_DOCUMENT;
      }
      if (!ANIMA_COMPILE_APPEND(model->pose_values, model->pose_value_count,
                                compiler->pose_value_capacity, index)) {
        return ANIMA_ERROR_NO_MEMORY;
      }
      model->pose_values[index].slot = (size_t)slot;
      anima_value_type type = model->slots[slot].type;
      if (type >= ANIMA_VALUE_MODULE_FIRST) {
        anima_status status = anima_compile_module_value(
            compiler, value, type, &model->pose_values[index].value);
        if (status != ANIMA_OK) {
          return status;
        }
      } else if (!anima_compile_value(model, value, type,
                                      &model->pose_values[index].value)) {
        return ANIMA_ERROR_INVALID_DOCUMENT;
      }
      anima_status status = append_written(compiler, (size_t)slot);
      if (status != ANIMA_OK) {
        return status;
      }
    }
  } else if (play && !pose) {
    state->kind = ANIMA_STATE_PLAY;
    state->timeline = find_timeline(model, play);
    state->speed = anima_json_number_or(json_object_get(object, "speed"), 1);
    if (state->timeline < 0 || !isfinite(state->speed)) {
      return ANIMA_ERROR_INVALID_DOCUMENT;
    }
    anima_status clocked = anima_compile_clock(compiler, object, pointer,
                                               layer_index, state_index);
    state = &model->states[state_index];
    if (clocked != ANIMA_OK) {
      return clocked;
    }
    if (!(state->speed > 0) && !state->clock) {
      return ANIMA_ERROR_INVALID_DOCUMENT; /* §8: speed > 0 */
    }
    const anima_model_timeline *timeline = &model->timelines[state->timeline];
    for (size_t i = 0; i < timeline->track_count; i++) {
      anima_status status = append_written(
          compiler, model->tracks[timeline->first_track + i].slot);
      if (status != ANIMA_OK) {
        return status;
      }
    }
  } else {
    return ANIMA_ERROR_INVALID_DOCUMENT;
  }
  state = &model->states[state_index];
  state->base_written_count = model->state_slot_count - state->first_written;
  anima_status status = anima_compile_state_kind(compiler, object, pointer,
                                                 layer_index, state_index);
  state = &model->states[state_index];
  state->pose_value_count = model->pose_value_count - state->first_pose_value;
  state->written_count = model->state_slot_count - state->first_written;
  return status;
}

static int compare_sizes(const void *left, const void *right) {
  size_t a = *(const size_t *)left, b = *(const size_t *)right;
  return a < b ? -1 : (a > b ? 1 : 0);
}

/* The layer's domain (sorted, unique) and each written slot's position. */
static anima_status compile_domain(anima_compiler *compiler,
                                   size_t layer_index) {
  anima_model *model = compiler->model;
  anima_model_layer *layer = &model->layers[layer_index];
  layer->first_domain = model->layer_slot_count;
  for (size_t s = 0; s < layer->state_count; s++) {
    const anima_model_state *state = &model->states[layer->first_state + s];
    for (size_t i = 0; i < state->written_count; i++) {
      size_t index;
      if (!ANIMA_COMPILE_APPEND(model->layer_slots, model->layer_slot_count,
                                compiler->layer_slot_capacity, index)) {
        return ANIMA_ERROR_NO_MEMORY;
      }
      model->layer_slots[index] = model->state_slots[state->first_written + i];
    }
  }
  size_t count = model->layer_slot_count - layer->first_domain;
  if (count == 0) {
    layer->domain_count = 0; /* every state is an empty pose */
    return ANIMA_OK;
  }
  size_t *domain = model->layer_slots + layer->first_domain;
  qsort(domain, count, sizeof *domain, compare_sizes);
  size_t unique = 0;
  for (size_t i = 0; i < count; i++) {
    if (unique == 0 || domain[unique - 1] != domain[i]) {
      domain[unique++] = domain[i];
    }
  }
  layer->domain_count = unique;
  model->layer_slot_count = layer->first_domain + unique;
  if (unique > model->max_domain_count) {
    model->max_domain_count = unique;
  }
  for (size_t s = 0; s < layer->state_count; s++) {
    const anima_model_state *state = &model->states[layer->first_state + s];
    for (size_t i = 0; i < state->written_count; i++) {
      size_t entry = state->first_written + i;
      const size_t *found = bsearch(&model->state_slots[entry], domain, unique,
                                    sizeof *domain, compare_sizes);
      model->state_slot_positions[entry] = (size_t)(found - domain);
    }
  }
  return ANIMA_OK;
}

/* A state's `entry` and `exit` action blocks (SPEC bind). */
static anima_status compile_state_blocks(anima_compiler *compiler,
                                         const json_t *object,
                                         const char *pointer,
                                         size_t state_index) {
  static const char *const keys[] = {"entry", "exit"};
  for (size_t k = 0; k < 2; k++) {
    const json_t *block = json_object_get(object, keys[k]);
    if (!json_is_object(block)) {
      continue;
    }
    size_t first, count, expressions = 0;
    anima_text at = {0};
    anima_text_appendf(&at, "%s/%s", pointer, keys[k]);
    anima_status status =
        at.failed ? ANIMA_ERROR_NO_MEMORY
                  : anima_compile_action_block(compiler, block,
                                               anima_text_string(&at), &first,
                                               &count, &expressions);
    anima_text_free(&at);
    if (status != ANIMA_OK) {
      return status;
    }
    anima_model_state *state = &compiler->model->states[state_index];
    if (k == 0) {
      state->first_entry_action = first;
      state->entry_action_count = count;
    } else {
      state->first_exit_action = first;
      state->exit_action_count = count;
    }
  }
  return ANIMA_OK;
}

/* One layer of the default machine (`machine` -1, pointers under
 * /machine/layers) or of named machine `machine` (its name prefixes the
 * layer's: "<machine>/<layer>", pointers under /machines/<machine>/layers);
 * `bit` its position in its machine. */
static anima_status compile_layer(anima_compiler *compiler, const char *name,
                                  const json_t *object, long machine,
                                  unsigned bit) {
  anima_model *model = compiler->model;
  size_t layer_index;
  if (!ANIMA_COMPILE_APPEND(model->layers, model->layer_count,
                            compiler->layer_capacity, layer_index)) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  anima_model_layer *layer = &model->layers[layer_index];
  layer->machine = machine;
  layer->bit = bit;
  anima_text prefix = {0};
  if (machine >= 0) {
    anima_text_appendf(&prefix, "%s/%s", model->machines[machine].name, name);
  } else {
    anima_text_append(&prefix, name);
  }
  layer->name = prefix.failed
                    ? NULL
                    : anima_model_intern(model, anima_text_string(&prefix));
  anima_text_free(&prefix);
  layer->first_state = model->state_count;
  const json_t *states = json_object_get(object, "states");
  if (!layer->name) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  if (!json_is_object(states) || json_object_size(states) == 0) {
    return ANIMA_ERROR_INVALID_DOCUMENT;
  }
  /* First the names, so transitions can name any state of the layer. */
  const char *state_name;
  const json_t *state_object;
  json_object_foreach((json_t *)states, state_name, state_object) {
    if (anima_compile_is_comment(state_name)) {
      continue;
    }
    size_t index;
    if (!ANIMA_COMPILE_APPEND(model->states, model->state_count,
                              compiler->state_capacity, index)) {
      return ANIMA_ERROR_NO_MEMORY;
    }
    model->states[index].name = anima_model_intern(model, state_name);
    model->states[index].layer = layer_index;
    if (!model->states[index].name) {
      return ANIMA_ERROR_NO_MEMORY;
    }
  }
  layer = &model->layers[layer_index];
  layer->state_count = model->state_count - layer->first_state;
  long initial =
      find_state(model, layer, anima_json_string_member(object, "initial"));
  if (initial < 0) {
    return ANIMA_ERROR_INVALID_DOCUMENT;
  }
  layer->initial = (size_t)initial;
  size_t state_index = layer->first_state;
  json_object_foreach((json_t *)states, state_name, state_object) {
    if (anima_compile_is_comment(state_name)) {
      continue;
    }
    anima_text pointer = {0};
    if (machine >= 0) {
      anima_text_append(&pointer, "/machines");
      anima_text_append_pointer_token(&pointer, model->machines[machine].name);
      anima_text_append(&pointer, "/layers");
    } else {
      anima_text_append(&pointer, "/machine/layers");
    }
    anima_text_append_pointer_token(&pointer, name);
    anima_text_append(&pointer, "/states");
    anima_text_append_pointer_token(&pointer, state_name);
    anima_status status = pointer.failed
                              ? ANIMA_ERROR_NO_MEMORY
                              : compile_state_body(compiler, state_object,
                                                   anima_text_string(&pointer),
                                                   layer_index, state_index);
    if (status == ANIMA_OK) {
      status = compile_transitions(
          compiler, json_object_get(state_object, "on"), layer_index,
          state_index, anima_text_string(&pointer));
    }
    if (status == ANIMA_OK) {
      status = compile_state_blocks(compiler, state_object,
                                    anima_text_string(&pointer), state_index);
    }
    anima_text_free(&pointer);
    if (status != ANIMA_OK) {
      return status;
    }
    state_index++;
  }
  return anima_compile_declarations(compiler, layer_index);
}

/* The layers of one machine object (`{layers: {...}}`), appended. */
static anima_status compile_layers(anima_compiler *compiler,
                                   const json_t *machine_object, long machine) {
  const json_t *layers = json_object_get(machine_object, "layers");
  if (!json_is_object(layers)) {
    return ANIMA_ERROR_INVALID_DOCUMENT;
  }
  const char *name;
  const json_t *object;
  unsigned bit = 0;
  json_object_foreach((json_t *)layers, name, object) {
    if (anima_compile_is_comment(name)) {
      continue;
    }
    if (bit >= 64) {
      return ANIMA_ERROR_INVALID_DOCUMENT; /* §2 limit; triggers use a mask */
    }
    anima_status status = compile_layer(compiler, name, object, machine, bit);
    if (status != ANIMA_OK) {
      return status;
    }
    bit++;
  }
  return ANIMA_OK;
}

/* The named machines (SPEC motion, `machines`): their layers after the
 * default machine's, the count of the default machine's kept in
 * model->layer_count. */
static anima_status compile_named_machines(anima_compiler *compiler) {
  anima_model *model = compiler->model;
  const json_t *machines = json_object_get(compiler->document, "machines");
  size_t count = json_is_object(machines) ? json_object_size(machines) : 0;
  if (count == 0) {
    return ANIMA_OK;
  }
  model->machines = calloc(count, sizeof *model->machines);
  if (!model->machines) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  const char *name;
  const json_t *object;
  json_object_foreach((json_t *)machines, name, object) {
    if (anima_compile_is_comment(name)) {
      continue;
    }
    size_t index = model->machine_count++;
    anima_model_machine *machine = &model->machines[index];
    machine->name = anima_model_intern(model, name);
    if (!machine->name) {
      return ANIMA_ERROR_NO_MEMORY;
    }
    machine->first_layer = model->layer_count;
    anima_status status = compile_layers(compiler, object, (long)index);
    if (status != ANIMA_OK) {
      return status;
    }
    model->machines[index].layer_count =
        model->layer_count - model->machines[index].first_layer;
  }
  return ANIMA_OK;
}

anima_status anima_compile_machine(anima_compiler *compiler) {
  anima_model *model = compiler->model;
  const json_t *machine = json_object_get(compiler->document, "machine");
  if (machine) {
    anima_status status = compile_layers(compiler, machine, -1);
    if (status != ANIMA_OK) {
      return status;
    }
  }
  size_t ordinary = model->layer_count;
  anima_status status = compile_named_machines(compiler);
  if (status != ANIMA_OK) {
    return status;
  }
  model->all_layer_count = model->layer_count;
  if (model->all_layer_count == 0) {
    return ANIMA_OK;
  }
  model->state_slot_positions =
      calloc(model->state_slot_count ? model->state_slot_count : 1,
             sizeof *model->state_slot_positions);
  if (!model->state_slot_positions) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  for (size_t i = 0; i < model->all_layer_count; i++) {
    status = compile_domain(compiler, i);
    if (status != ANIMA_OK) {
      return status;
    }
  }
  model->layer_count = ordinary;
  return ANIMA_OK;
}
