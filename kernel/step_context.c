/*
 * step_context.c — the step context module callbacks receive
 * (module.h anima_step): a player inside anima_player_step. The members
 * the layer kinds need (term, state and action kinds: time, values,
 * inputs, layer states, events) live here; the stage workstream adds the
 * pose, the random source and the rest.
 */
#include "host_internal.h"
#include "player_internal.h"

anima_step *anima_player_step_context(anima_player *player) {
  player->step.player = player;
  return &player->step;
}

double anima_step_dt(anima_step *step) {
  return step->dt;
}

double anima_step_time(anima_step *step) {
  return step->player->time;
}

const anima_value *anima_step_value(anima_step *step, size_t slot) {
  const anima_player *player = step->player;
  return slot < player->model->slot_count ? &player->values[slot] : NULL;
}

double anima_step_number(anima_step *step, size_t slot, double fallback) {
  const anima_value *value = anima_step_value(step, slot);
  return value && value->type == ANIMA_VALUE_NUMBER ? value->as.number
                                                    : fallback;
}

void anima_step_write(anima_step *step, size_t slot, const anima_value *value) {
  anima_player *player = step->player;
  if (!value || slot >= player->model->slot_count ||
      value->type != player->model->slots[slot].type) {
    return;
  }
  player->values[slot] = *value;
}

void anima_step_write_number(anima_step *step, size_t slot, double value) {
  anima_value number = {.type = ANIMA_VALUE_NUMBER, .as.number = value};
  anima_step_write(step, slot, &number);
}

anima_value anima_step_input(anima_step *step, size_t input) {
  const anima_player *player = step->player;
  anima_value value = {.type = ANIMA_VALUE_BOOL};
  if (input >= player->model->input_count) {
    return value;
  }
  const anima_input_state *state = &player->inputs[input];
  switch (player->model->inputs[input].type) {
  case ANIMA_INPUT_NUMBER:
    value.type = ANIMA_VALUE_NUMBER;
    value.as.number = state->number;
    break;
  case ANIMA_INPUT_TRIGGER:
    value.as.boolean = state->pending;
    break;
  case ANIMA_INPUT_BOOL:
  default:
    value.as.boolean = state->boolean;
    break;
  }
  return value;
}

void anima_step_set_input(anima_step *step, size_t input,
                          const anima_value *value) {
  anima_player *player = step->player;
  if (!value || input >= player->model->input_count) {
    return;
  }
  const anima_model_input *description = &player->model->inputs[input];
  anima_input_state *state = &player->inputs[input];
  if (description->type == ANIMA_INPUT_NUMBER &&
      value->type == ANIMA_VALUE_NUMBER &&
      value->as.number == value->as.number) {
    double number = value->as.number;
    if (number < description->minimum) {
      number = description->minimum;
    }
    if (number > description->maximum) {
      number = description->maximum;
    }
    state->number = number;
  } else if (description->type == ANIMA_INPUT_BOOL &&
             value->type == ANIMA_VALUE_BOOL) {
    state->boolean = value->as.boolean;
  } else if (description->type == ANIMA_INPUT_TRIGGER &&
             value->type == ANIMA_VALUE_BOOL && value->as.boolean &&
             !state->pending) {
    state->pending = true;
    state->pending_age = 0;
  }
}

void anima_step_fire(anima_step *step, size_t input) {
  anima_player *player = step->player;
  if (input >= player->model->input_count ||
      player->model->inputs[input].type != ANIMA_INPUT_TRIGGER) {
    return;
  }
  anima_input_write write = {.kind = ANIMA_WRITE_FIRE, .input = input};
  anima_player_queue(player, &write);
}

void anima_step_report(anima_step *step, const char *name, long layer,
                       double time) {
  anima_player *player = step->player;
  if (!name || layer < -1 ||
      (layer >= 0 && (size_t)layer >= player->model->layer_count)) {
    return;
  }
  anima_player_report(player, name, layer, time);
}

size_t anima_step_layer_state(anima_step *step, size_t layer) {
  const anima_player *player = step->player;
  return layer < player->model->layer_count ? player->layers[layer].state : 0;
}

double anima_step_state_time(anima_step *step, size_t layer) {
  const anima_player *player = step->player;
  return layer < player->model->layer_count ? player->layers[layer].state_time
                                            : 0;
}

bool anima_step_reduced_motion(anima_step *step) {
  return step->player->reduced_motion;
}
