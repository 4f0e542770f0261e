/*
 * player_machine.c — the kernel seam of named machines (SPEC motion
 * "Explicit runtime instances": `machines: {name: {layers}}`; module.h
 * step_machine_*). A named machine's layers are compiled beside the
 * default machine's (model->layers after layer_count) and skipped by the
 * step's layer pass; a module (motion) makes an instance of one with
 * step_machine_start and runs it where it composes (its BIND hook, in the
 * instances' creation order) with step_machine_run. While it runs, the
 * player's inputs are the machine's own bank, so its conditions, entry
 * and exit actions and triggers read and write that bank and not the
 * default machine's inputs.
 */
#include <math.h>
#include <string.h>

#include "host_internal.h"
#include "player_internal.h"

static anima_machine_run *machine_run(anima_player *player, size_t machine) {
  return machine < player->model->machine_count ? &player->machines[machine]
                                                : NULL;
}

/* Swaps the machine's input bank in for the player's inputs; returns the
 * inputs to restore. */
static anima_input_state *use_bank(anima_player *player,
                                   anima_machine_run *run) {
  anima_input_state *saved = player->inputs;
  player->inputs = run->inputs;
  return saved;
}

long anima_step_machine_find(anima_step *step, const char *name) {
  return anima_model_machine_find(step->player->model, name);
}

bool anima_step_machine_start(anima_step *step, size_t machine) {
  anima_player *player = step->player;
  const anima_model *model = player->model;
  anima_machine_run *run = machine_run(player, machine);
  if (!run) {
    return false;
  }
  if (run->started) {
    return true;
  }
  for (size_t i = 0; i < model->input_count; i++) {
    run->inputs[i] =
        (anima_input_state){.boolean = model->inputs[i].default_bool,
                            .number = model->inputs[i].default_number};
  }
  const anima_model_machine *description = &model->machines[machine];
  size_t first = description->first_layer;
  size_t end = first + description->layer_count;
  anima_input_state *saved = use_bank(player, run);
  run->reduced = player->reduced_motion;
  for (size_t i = first; i < end; i++) {
    anima_layer_enter(player, i, model->layers[i].initial, 0, false);
  }
  /* As a new player's: each initial state's entry block writes now, its
   * emits come with the entry events of the first advance. */
  for (size_t i = first; i < end; i++) {
    const anima_model_state *initial = &model->states[model->layers[i].initial];
    if (initial->entry_action_count > 0) {
      anima_player_run_actions(player, initial->first_entry_action,
                               initial->entry_action_count, (long)i, true,
                               false);
    }
  }
  player->inputs = saved;
  run->started = true;
  run->reported = false;
  player->sleeping = false;
  return true;
}

void anima_step_machine_run(anima_step *step, size_t machine, double weight,
                            bool advance) {
  anima_player *player = step->player;
  const anima_model *model = player->model;
  anima_machine_run *run = machine_run(player, machine);
  if (!run || !run->started) {
    return;
  }
  const anima_model_machine *description = &model->machines[machine];
  size_t first = description->first_layer;
  size_t end = first + description->layer_count;
  anima_input_state *saved = use_bank(player, run);
  if (advance) {
    if (!run->reported) {
      for (size_t i = first; i < end; i++) {
        anima_layer_report_entry(player, i);
      }
      run->reported = true;
    }
    if (run->reduced != player->reduced_motion) {
      run->reduced = player->reduced_motion;
      for (size_t i = first; i < end; i++) {
        anima_layer_switch_motion(player, i, run->reduced);
      }
    }
    for (size_t i = first; i < end; i++) {
      anima_layer_advance(player, i, step->dt);
    }
    anima_player_age_triggers(player, step->dt);
  }
  for (size_t i = first; i < end; i++) {
    if (advance) {
      anima_layer_report_fade_end(player, i);
      anima_layer_report_crossed(player, i);
      anima_layer_transitions(player, i);
    }
    anima_layer_write_weighted(player, i, weight);
  }
  if (advance) {
    anima_player_settle_triggers(player);
  }
  player->inputs = saved;
}

bool anima_step_machine_at_rest(anima_step *step, size_t machine) {
  anima_player *player = step->player;
  const anima_model *model = player->model;
  anima_machine_run *run = machine_run(player, machine);
  if (!run || !run->started) {
    return true;
  }
  const anima_model_machine *description = &model->machines[machine];
  size_t first = description->first_layer;
  size_t end = first + description->layer_count;
  anima_input_state *saved = use_bank(player, run);
  /* Not at rest until its entry is reported, while a trigger of its bank
   * is pending or a transition of its layers holds (the player would
   * otherwise sleep before taking it). */
  bool rest = run->reported && run->reduced == player->reduced_motion;
  for (size_t i = 0; rest && i < model->input_count; i++) {
    rest = !run->inputs[i].pending;
  }
  for (size_t i = first; rest && i < end; i++) {
    rest = anima_layer_at_rest(player, i) &&
           !anima_layer_transition_holds(player, i);
  }
  player->inputs = saved;
  return rest;
}

/* The input `name` of the model, or -1. */
static long find_input(const anima_model *model, const char *name) {
  return name ? anima_model_input_find(model, name) : -1;
}

anima_status anima_step_machine_set_input(anima_step *step, size_t machine,
                                          const char *name,
                                          const anima_value *value) {
  anima_player *player = step->player;
  const anima_model *model = player->model;
  anima_machine_run *run = machine_run(player, machine);
  long input = find_input(model, name);
  if (!run || !run->started || input < 0) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  const anima_model_input *description = &model->inputs[input];
  anima_input_state *state = &run->inputs[input];
  switch (description->type) {
  case ANIMA_INPUT_TRIGGER:
    if (value) {
      return ANIMA_ERROR_INVALID_ARGUMENT;
    }
    if (!state->pending) { /* firing a pending trigger is a no-op */
      state->pending = true;
      state->pending_age = 0;
    }
    break;
  case ANIMA_INPUT_BOOL:
    if (!value || value->type != ANIMA_VALUE_BOOL) {
      return ANIMA_ERROR_INVALID_ARGUMENT;
    }
    state->boolean = value->as.boolean;
    break;
  case ANIMA_INPUT_NUMBER: {
    if (!value || value->type != ANIMA_VALUE_NUMBER ||
        !isfinite(value->as.number)) {
      return ANIMA_ERROR_INVALID_ARGUMENT;
    }
    double number = value->as.number;
    number = number < description->minimum ? description->minimum : number;
    number = number > description->maximum ? description->maximum : number;
    state->number = number;
    break;
  }
  }
  player->sleeping = false;
  return ANIMA_OK;
}

anima_status anima_step_machine_input(anima_step *step, size_t machine,
                                      const char *name, anima_value *out) {
  anima_player *player = step->player;
  const anima_model *model = player->model;
  anima_machine_run *run = machine_run(player, machine);
  long input = find_input(model, name);
  if (!run || !run->started || input < 0 || !out) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  const anima_input_state *state = &run->inputs[input];
  switch (model->inputs[input].type) {
  case ANIMA_INPUT_NUMBER:
    *out =
        (anima_value){.type = ANIMA_VALUE_NUMBER, .as.number = state->number};
    break;
  case ANIMA_INPUT_TRIGGER:
    *out =
        (anima_value){.type = ANIMA_VALUE_BOOL, .as.boolean = state->pending};
    break;
  case ANIMA_INPUT_BOOL:
  default:
    *out =
        (anima_value){.type = ANIMA_VALUE_BOOL, .as.boolean = state->boolean};
    break;
  }
  return ANIMA_OK;
}

const char *anima_step_machine_state(anima_step *step, size_t machine,
                                     size_t layer, const char **layer_name) {
  anima_player *player = step->player;
  const anima_model *model = player->model;
  anima_machine_run *run = machine_run(player, machine);
  if (!run || !run->started || layer >= model->machines[machine].layer_count) {
    return NULL;
  }
  size_t index = model->machines[machine].first_layer + layer;
  if (layer_name) {
    *layer_name = model->layers[index].name;
  }
  return model->states[player->layers[index].state].name;
}

long anima_step_layer_machine(anima_step *step, size_t layer) {
  const anima_model *model = step->player->model;
  return layer < model->all_layer_count ? model->layers[layer].machine : -1;
}

size_t anima_player_bank(const anima_player *player) {
  for (size_t i = 0; i < player->model->machine_count; i++) {
    if (player->inputs == player->machines[i].inputs) {
      return i + 1;
    }
  }
  return 0;
}

anima_input_state *anima_player_use_bank(anima_player *player, size_t bank) {
  anima_input_state *saved = player->inputs;
  if (bank > 0 && bank <= player->model->machine_count) {
    player->inputs = player->machines[bank - 1].inputs;
  }
  return saved;
}
