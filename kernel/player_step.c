/*
 * player_step.c — anima_player_step: SPEC §7 stages 1-6 in order with the
 * module stages between them (player_stage.c: INPUTS after the queue,
 * CLOCKS before the clocks advance, BIND before clamping, then the pose,
 * LAYOUT, the rig stage, POSE and END), and sleeping while settled (a
 * settled player with nothing queued only advances its clocks and runs no
 * hooks).
 */
#include <math.h>
#include <string.h>

#include "host_internal.h"
#include "player_internal.h"
#include "sample.h"

/* Stage 1: queued writes in arrival order. */
/* An input's value for an expression: a number, or a bool as 0/1. */
static double snapshot_input(void *context, size_t input) {
  const anima_player *player = context;
  if (input >= player->model->input_count) {
    return 0;
  }
  const anima_input_state *state = &player->inputs[input];
  return player->model->inputs[input].type == ANIMA_INPUT_NUMBER
             ? state->number
             : (state->boolean ? 1 : 0);
}

double anima_step_expression(anima_step *step, const void *expression) {
  const anima_module_expression *compiled = expression;
  if (!step || !compiled || !compiled->kind) {
    return 0;
  }
  return compiled->kind->evaluate(compiled->data, snapshot_input, step->player,
                                  compiled->kind->user);
}

anima_value anima_step_value_expression(anima_step *step,
                                        const void *expression) {
  const anima_module_expression *compiled = expression;
  anima_value value = {.type = ANIMA_VALUE_NUMBER, .as.number = 0};
  if (!step || !compiled || !compiled->kind) {
    return value;
  }
  if (compiled->typed) {
    value.type = compiled->type;
    compiled->kind->evaluate_value(compiled->data, snapshot_input, step->player,
                                   &value, compiled->kind->user);
    value.type = compiled->type;
  } else if (compiled->type == ANIMA_VALUE_BOOL) {
    value = (anima_value){.type = ANIMA_VALUE_BOOL,
                          .as.boolean =
                              anima_step_expression(step, expression) != 0};
  } else {
    value.as.number = anima_step_expression(step, expression);
  }
  if (value.type == ANIMA_VALUE_NUMBER && !isfinite(value.as.number)) {
    value.as.number = 0;
  }
  return value;
}

/* Every expression set of listener `index`, against the inputs as they are
 * before any of its writes (SPEC bind "Input expressions in actions"). */
static void take_snapshot(anima_player *player, size_t index) {
  const anima_model *model = player->model;
  const anima_model_listener *listener = &model->listeners[index];
  size_t used = 0;
  for (size_t i = 0; i < listener->action_count; i++) {
    const anima_model_action *action =
        &model->actions[listener->first_action + i];
    if (action->kind == ANIMA_ACTION_SET && action->expression &&
        used < model->action_expression_limit) {
      player->snapshot[used++] =
          action->expression->evaluate(action->expression_data, snapshot_input,
                                       player, action->expression->user);
    }
  }
}

/* An expression's result written to a number input: non-finite becomes 0,
 * then the input's min/max clamp it; to a bool input: non-zero is true. */
static void set_from_expression(anima_player *player, size_t input,
                                double value) {
  const anima_model_input *description = &player->model->inputs[input];
  anima_input_state *state = &player->inputs[input];
  if (description->type == ANIMA_INPUT_BOOL) {
    state->boolean = value != 0;
    return;
  }
  if (!isfinite(value)) {
    value = 0;
  }
  if (value < description->minimum) {
    value = description->minimum;
  }
  if (value > description->maximum) {
    value = description->maximum;
  }
  state->number = value;
}

void anima_player_run_actions(anima_player *player, size_t first, size_t count,
                              long layer, bool writes, bool emits) {
  const anima_model *model = player->model;
  const anima_model_action *actions = model->actions + first;
  size_t used = 0;
  for (size_t i = 0; writes && i < count; i++) {
    if (actions[i].kind == ANIMA_ACTION_SET && actions[i].expression &&
        used < model->action_expression_limit) {
      player->snapshot[used++] = actions[i].expression->evaluate(
          actions[i].expression_data, snapshot_input, player,
          actions[i].expression->user);
    }
  }
  used = 0;
  for (size_t i = 0; i < count; i++) {
    const anima_model_action *action = &actions[i];
    anima_input_state *input =
        action->input >= 0 ? &player->inputs[action->input] : NULL;
    if (!writes && action->kind != ANIMA_ACTION_EMIT) {
      continue;
    }
    switch (action->kind) {
    case ANIMA_ACTION_FIRE:
      if (!input->pending) {
        input->pending = true;
        input->pending_age = 0;
      }
      break;
    case ANIMA_ACTION_SET:
      if (action->expression) {
        if (used < model->action_expression_limit) {
          set_from_expression(player, (size_t)action->input,
                              player->snapshot[used++]);
        }
      } else if (action->value.type == ANIMA_VALUE_NUMBER) {
        set_from_expression(player, (size_t)action->input,
                            action->value.as.number);
      } else {
        input->boolean = action->value.as.boolean;
      }
      break;
    case ANIMA_ACTION_TOGGLE:
      input->boolean = !input->boolean;
      break;
    case ANIMA_ACTION_EMIT:
      if (emits) {
        anima_player_report(player, action->name, layer, 0);
      }
      break;
    case ANIMA_ACTION_MODULE:
      break;
    }
  }
}

static void apply_inputs(anima_player *player) {
  const anima_model *model = player->model;
  /* A module action may queue writes for the next step (step_fire): they
   * land after `count` (and the queue may move), so each write is copied
   * and only the first `count` run now. */
  size_t count = player->queue_count;
  for (size_t i = 0; i < count; i++) {
    const anima_input_write queued = player->queue[i];
    const anima_input_write *write = &queued;
    anima_input_state *input = write->kind == ANIMA_WRITE_EMIT ||
                                       write->kind == ANIMA_WRITE_ACTION ||
                                       write->kind == ANIMA_WRITE_SNAPSHOT ||
                                       write->kind == ANIMA_WRITE_BLOCK
                                   ? NULL
                                   : &player->inputs[write->input];
    switch (write->kind) {
    case ANIMA_WRITE_SET_BOOL:
      input->boolean = write->boolean;
      break;
    case ANIMA_WRITE_SET_NUMBER: {
      const anima_model_input *description = &model->inputs[write->input];
      double value = write->number;
      if (value < description->minimum) {
        value = description->minimum;
      }
      if (value > description->maximum) {
        value = description->maximum;
      }
      input->number = value;
      break;
    }
    case ANIMA_WRITE_FIRE:
      if (write->bank > 0) { /* fired by a module in a named machine */
        anima_input_state *saved = anima_player_use_bank(player, write->bank);
        input = &player->inputs[write->input];
        player->inputs = saved;
      }
      if (!input->pending) { /* firing a pending trigger is a no-op */
        input->pending = true;
        input->pending_age = 0;
      }
      break;
    case ANIMA_WRITE_TOGGLE:
      input->boolean = !input->boolean;
      break;
    case ANIMA_WRITE_EMIT:
      anima_player_report(player, write->name, -1, 0);
      break;
    case ANIMA_WRITE_ACTION:
      anima_action_kind_run(player, write->action);
      break;
    case ANIMA_WRITE_SNAPSHOT:
      take_snapshot(player, write->index);
      break;
    case ANIMA_WRITE_SET_EXPRESSION:
      if (write->index < model->action_expression_limit) {
        set_from_expression(player, write->input,
                            player->snapshot[write->index]);
      }
      break;
    case ANIMA_WRITE_BLOCK: {
      const anima_model_action_block *block =
          &model->action_blocks[write->index];
      /* Queued while a named machine ran: on that machine's bank. */
      anima_input_state *saved = anima_player_use_bank(player, write->bank);
      anima_player_run_actions(player, block->first_action, block->action_count,
                               -1, true, true);
      player->inputs = saved;
      break;
    }
    }
  }
  if (count > 0) { /* (the queue may be NULL: no offset from NULL) */
    memmove(player->queue, player->queue + count,
            (player->queue_count - count) * sizeof *player->queue);
    player->queue_count -= count;
  }
}

/* Stage 2: reduced-motion switches, then every clock advances by dt. */
static void advance_clocks(anima_player *player, double dt) {
  const anima_model *model = player->model;
  if (player->reduced_motion != player->reduced_motion_request) {
    player->reduced_motion = player->reduced_motion_request;
    for (size_t i = 0; i < model->layer_count; i++) {
      anima_layer_switch_motion(player, i, player->reduced_motion);
    }
  }
  for (size_t i = 0; i < model->layer_count; i++) {
    anima_layer_advance(player, i, dt);
  }
  anima_player_age_triggers(player, dt);
}

void anima_layer_advance(anima_player *player, size_t layer, double dt) {
  anima_layer_state *record = &player->layers[layer];
  record->previous_played = anima_layer_played(player, layer);
  record->state_time += dt;
  if (record->fading) {
    record->fade_elapsed += dt;
    if (anima_clock_reached(record->fade_elapsed, record->fade_duration)) {
      record->fading = false;
      record->fade_completed = true;
    }
  }
}

void anima_player_age_triggers(anima_player *player, double dt) {
  for (size_t i = 0; i < player->model->input_count; i++) {
    if (player->inputs[i].pending) {
      player->inputs[i].pending_age += dt;
    }
  }
}

/* Stage 5: consumed triggers clear; unconsumed ones clear unless their
 * buffer keeps them (until pending strictly longer than `buffer`). */
bool anima_player_settle_triggers(anima_player *player) {
  const anima_model *model = player->model;
  bool any_pending = false;
  for (size_t i = 0; i < model->input_count; i++) {
    anima_input_state *input = &player->inputs[i];
    if (input->pending) {
      double buffer = model->inputs[i].buffer;
      bool expired = !anima_clock_reached(buffer, input->pending_age);
      if (input->consumed_by != 0 || buffer <= 0 || expired) {
        input->pending = false;
      } else {
        any_pending = true;
      }
    }
    input->consumed_by = 0;
  }
  return any_pending;
}

anima_status anima_player_step(anima_player *player, double dt,
                               anima_step_result *out) {
  if (!player || !isfinite(dt) || dt < 0) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  const anima_model *model = player->model;
  player->event_count = 0;
  player->events_overflowed = false;
  player->time += dt;
  player->step.dt = dt;
  if (player->sleeping && player->queue_count == 0 &&
      player->reduced_motion == player->reduced_motion_request) {
    /* Settled: values cannot change; only the clocks move (they matter
     * for the carry of a later @end/@after transition). */
    for (size_t i = 0; i < model->layer_count; i++) {
      player->layers[i].state_time += dt;
    }
  } else {
    player->sleeping = false;
    if (!player->stepped) {
      /* The initial states are entered by the first step (their entry
       * events are reported now), so a reduced-motion switch made before
       * it applies to that entry (docs/PLAYER.md). */
      if (player->reduced_motion != player->reduced_motion_request) {
        player->reduced_motion = player->reduced_motion_request;
        for (size_t i = 0; i < model->layer_count; i++) {
          anima_layer_enter(player, i, model->layers[i].initial, 0, false);
        }
      }
      for (size_t i = 0; i < model->layer_count; i++) {
        anima_layer_report_entry(player, i);
      }
    }
    bool modules = model->step_modules;
    apply_inputs(player);
    if (modules) {
      anima_player_run_stage(player, ANIMA_STAGE_INPUTS);
      anima_player_run_stage(player, ANIMA_STAGE_CLOCKS);
    }
    advance_clocks(player, dt);
    anima_player_reset_animated(player);
    for (size_t i = 0; i < model->layer_count; i++) {
      anima_layer_report_fade_end(player, i);
      anima_layer_report_crossed(player, i);
      anima_layer_transitions(player, i);
      anima_layer_write(player, i);
    }
    if (modules) {
      anima_player_run_stage(player, ANIMA_STAGE_BIND);
    }
    anima_player_clamp(player, model->animated_slots,
                       model->animated_slot_count);
    player->pose_pending = true;
    if (modules) {
      anima_player_run_module_stages(player);
    }
    bool pending = anima_player_settle_triggers(player);
    /* Writes a module queued for the next step keep it unsettled. */
    bool settled = !pending && player->queue_count == 0;
    for (size_t i = 0; settled && i < model->layer_count; i++) {
      settled = anima_layer_at_rest(player, i);
    }
    if (settled && modules) {
      settled = anima_player_modules_at_rest(player);
    }
    player->settled = settled;
    bool holds = false;
    for (size_t i = 0; settled && !holds && i < model->layer_count; i++) {
      holds = anima_layer_transition_holds(player, i);
    }
    player->sleeping = settled && !holds;
  }
  player->stepped = true;
  if (out) {
    out->events = player->events;
    out->event_count = player->event_count;
    out->settled = player->settled;
  }
  return player->events_overflowed ? ANIMA_ERROR_NO_MEMORY : ANIMA_OK;
}
