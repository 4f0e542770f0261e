/*
 * player_input.c — the host input API (SPEC §8: writes to an unknown input
 * or of the wrong type are rejected, never ignored), reduced motion
 * (SPEC §10) and the root a11y keys (SPEC §10).
 */
#include <math.h>

#include "player_internal.h"

/* Finds `name` and checks its type; the status a host sees. */
static anima_status find_input(const anima_player *player, const char *name,
                               anima_input_type type, size_t *index) {
  if (!player || !name) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  long found = anima_model_input_find(player->model, name);
  if (found < 0) {
    return ANIMA_ERROR_UNKNOWN_INPUT;
  }
  if (player->model->inputs[found].type != type) {
    return ANIMA_ERROR_INPUT_TYPE;
  }
  *index = (size_t)found;
  return ANIMA_OK;
}

anima_status anima_player_set_bool(anima_player *player, const char *input,
                                   bool value) {
  size_t index;
  anima_status status = find_input(player, input, ANIMA_INPUT_BOOL, &index);
  if (status != ANIMA_OK) {
    return status;
  }
  anima_input_write write = {
      .kind = ANIMA_WRITE_SET_BOOL, .input = index, .boolean = value};
  return anima_player_queue(player, &write);
}

anima_status anima_player_set_number(anima_player *player, const char *input,
                                     double value) {
  size_t index;
  anima_status status = find_input(player, input, ANIMA_INPUT_NUMBER, &index);
  if (status != ANIMA_OK) {
    return status;
  }
  if (!isfinite(value)) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  anima_input_write write = {
      .kind = ANIMA_WRITE_SET_NUMBER, .input = index, .number = value};
  return anima_player_queue(player, &write);
}

anima_status anima_player_fire(anima_player *player, const char *input) {
  size_t index;
  anima_status status = find_input(player, input, ANIMA_INPUT_TRIGGER, &index);
  if (status != ANIMA_OK) {
    return status;
  }
  anima_input_write write = {.kind = ANIMA_WRITE_FIRE, .input = index};
  return anima_player_queue(player, &write);
}

anima_status anima_player_toggle(anima_player *player, const char *input) {
  size_t index;
  anima_status status = find_input(player, input, ANIMA_INPUT_BOOL, &index);
  if (status != ANIMA_OK) {
    return status;
  }
  anima_input_write write = {.kind = ANIMA_WRITE_TOGGLE, .input = index};
  return anima_player_queue(player, &write);
}

anima_status anima_player_get_input(const anima_player *player,
                                    const char *input, anima_value *out) {
  if (!player || !input || !out) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  long index = anima_model_input_find(player->model, input);
  if (index < 0) {
    return ANIMA_ERROR_UNKNOWN_INPUT;
  }
  const anima_input_state *state = &player->inputs[index];
  switch (player->model->inputs[index].type) {
  case ANIMA_INPUT_BOOL:
    out->type = ANIMA_VALUE_BOOL;
    out->as.boolean = state->boolean;
    break;
  case ANIMA_INPUT_NUMBER:
    out->type = ANIMA_VALUE_NUMBER;
    out->as.number = state->number;
    break;
  case ANIMA_INPUT_TRIGGER:
    out->type = ANIMA_VALUE_NUMBER;
    out->as.number = state->pending ? 1 : 0;
    break;
  }
  return ANIMA_OK;
}

void anima_player_set_reduced_motion(anima_player *player, bool reduced) {
  if (player) {
    player->reduced_motion_request = reduced;
  }
}

/* `activate` (SPEC §10): fires a trigger, or toggles a bool. */
static anima_status activate(anima_player *player) {
  long input = player->model->a11y.activate;
  if (input < 0) {
    return ANIMA_OK;
  }
  anima_input_write write = {.input = (size_t)input};
  write.kind = player->model->inputs[input].type == ANIMA_INPUT_TRIGGER
                   ? ANIMA_WRITE_FIRE
                   : ANIMA_WRITE_TOGGLE;
  return anima_player_queue(player, &write);
}

/* `held` follows "either key is down" whenever that changes. */
static anima_status update_held(anima_player *player, bool was_held) {
  long input = player->model->a11y.held;
  bool held = player->enter_held || player->space_held;
  if (input < 0 || held == was_held) {
    return ANIMA_OK;
  }
  anima_input_write write = {
      .kind = ANIMA_WRITE_SET_BOOL, .input = (size_t)input, .boolean = held};
  return anima_player_queue(player, &write);
}

static bool keys_apply(const anima_player *player) {
  anima_a11y_role role = player->model->a11y.role;
  return role == ANIMA_ROLE_BUTTON || role == ANIMA_ROLE_SWITCH;
}

anima_status anima_player_key_down(anima_player *player, anima_key key,
                                   bool repeat) {
  if (!player || (key != ANIMA_KEY_ENTER && key != ANIMA_KEY_SPACE)) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  if (!keys_apply(player)) {
    return ANIMA_OK;
  }
  bool was_held = player->enter_held || player->space_held;
  if (key == ANIMA_KEY_ENTER) {
    player->enter_held = true;
  } else {
    player->space_held = true;
  }
  anima_status status = update_held(player, was_held);
  if (status == ANIMA_OK && key == ANIMA_KEY_ENTER && !repeat) {
    status = activate(player);
  }
  return status;
}

anima_status anima_player_key_up(anima_player *player, anima_key key) {
  if (!player || (key != ANIMA_KEY_ENTER && key != ANIMA_KEY_SPACE)) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  if (!keys_apply(player)) {
    return ANIMA_OK;
  }
  bool was_held = player->enter_held || player->space_held;
  /* Space activates on its up, and only after its own down. */
  bool space_was_down = player->space_held;
  if (key == ANIMA_KEY_ENTER) {
    player->enter_held = false;
  } else {
    player->space_held = false;
  }
  anima_status status = ANIMA_OK;
  if (key == ANIMA_KEY_SPACE && space_was_down) {
    status = activate(player);
  }
  if (status == ANIMA_OK) {
    status = update_held(player, was_held);
  }
  return status;
}
