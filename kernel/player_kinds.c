/*
 * player_kinds.c — state kinds in a player (module.h anima_state_kind_desc,
 * SPEC §7 resolve rule, machine chapter "State kinds and priority"): the
 * state output context a kind writes through, and the calls the layer
 * makes on entry, for @end, for `settled` and to choose among holding
 * transitions; running queued module actions. (Their per-player
 * instances are the player's module instances, player_stage.c.)
 */
#include <stdlib.h>
#include <string.h>

#include "host_internal.h"
#include "player_internal.h"
#include "sample.h"

bool anima_player_kinds_create(anima_player *player) {
  const anima_model *model = player->model;
  if (model->max_state_transitions == 0) {
    return true;
  }
  player->eligible =
      calloc(model->max_state_transitions, sizeof *player->eligible);
  player->eligible_carry =
      calloc(model->max_state_transitions, sizeof *player->eligible_carry);
  return player->eligible && player->eligible_carry;
}

void anima_player_kinds_destroy(anima_player *player) {
  free(player->eligible);
  free(player->eligible_carry);
}

static const anima_model_state *current_state(const anima_player *player,
                                              size_t layer) {
  return &player->model->states[player->layers[layer].state];
}

/* ---- the state output (module.h anima_state_output) ----------------------
 */

struct anima_state_output {
  anima_player *player;
  size_t layer;
  const anima_model_state *state;
  /** The outgoing state of a continued crossfade (write_continued). */
  bool continued;
};

/* The base output of `state` (SPEC §7 sample(state, p)): its pose values or
 * timeline samples at local time `local`, into player->output at domain
 * positions. */
static void base_output(anima_player *player, size_t layer,
                        const anima_model_state *state, double local) {
  const anima_model *model = player->model;
  const anima_model_layer *description = &model->layers[layer];
  if (state->base_written_count == 0) {
    return; /* an empty pose; its arrays may be NULL */
  }
  const size_t *positions = model->state_slot_positions + state->first_written;
  if (state->kind == ANIMA_STATE_POSE) {
    const anima_model_pose_value *pose =
        model->pose_values + state->first_pose_value;
    for (size_t i = 0; i < state->base_written_count; i++) {
      player->output[positions[i]] = pose[i].value;
      player->output_has[positions[i]] = true;
    }
    return;
  }
  const anima_model_track *tracks =
      model->tracks + model->timelines[state->timeline].first_track;
  for (size_t i = 0; i < state->base_written_count; i++) {
    size_t entry = description->first_domain + positions[i];
    player->output[positions[i]] = anima_track_sample(
        model, &tracks[i], local,
        anima_player_domain_cell(player, entry, ANIMA_CELL_SAMPLE));
    player->output_has[positions[i]] = true;
  }
}

void anima_state_base_output(anima_player *player, size_t layer) {
  base_output(player, layer, current_state(player, layer),
              anima_layer_local(player, layer));
}

void anima_state_output_base(anima_state_output *output) {
  if (!output) {
    return;
  }
  base_output(output->player, output->layer, output->state,
              output->continued
                  ? anima_layer_continued_local(output->player, output->layer)
                  : anima_layer_local(output->player, output->layer));
}

void anima_state_output_snapshot(anima_state_output *output) {
  if (!output) {
    return;
  }
  anima_player *player = output->player;
  const anima_layer_state *record = &player->layers[output->layer];
  size_t count = player->model->layers[output->layer].domain_count;
  for (size_t position = 0; position < count; position++) {
    if (record->fade_has[position]) {
      player->output[position] = record->fade_from[position];
      player->output_has[position] = true;
    }
  }
}

double anima_step_timeline_local(anima_step *step, size_t timeline,
                                 double played) {
  const anima_player *player = step ? step->player : NULL;
  if (!player || timeline >= player->model->timeline_count) {
    return 0;
  }
  const anima_model_timeline *description = &player->model->timelines[timeline];
  return anima_local_time(description->loop, description->duration, played);
}

double anima_timeline_clock_local(const anima_timeline_clock *clock,
                                  double travel, bool frozen) {
  if (!clock) {
    return 0;
  }
  if (!(travel > 0)) {
    travel = 0; /* also NaN */
  }
  if (clock->map) {
    return clock->map->timeline_local(clock->map_data, travel, frozen,
                                      clock->map->user);
  }
  if (frozen) {
    return travel < clock->span ? travel : clock->span;
  }
  return anima_local_time((anima_loop_mode)clock->kernel_loop, clock->span,
                          travel);
}

/* The track of `timeline` writing `slot`, or NULL. */
static const anima_model_track *timeline_track(const anima_model *model,
                                               size_t timeline, size_t slot) {
  const anima_model_timeline *description = &model->timelines[timeline];
  for (size_t i = 0; i < description->track_count; i++) {
    const anima_model_track *track =
        &model->tracks[description->first_track + i];
    if (track->slot == slot) {
      return track;
    }
  }
  return NULL;
}

void anima_state_output_mix(anima_state_output *output, size_t timeline,
                            double local, double weight) {
  if (!output || timeline >= output->player->model->timeline_count) {
    return;
  }
  anima_player *player = output->player;
  const anima_model *model = player->model;
  const anima_model_state *state = output->state;
  size_t first_domain = model->layers[output->layer].first_domain;
  for (size_t i = 0; i < state->written_count; i++) {
    size_t entry = state->first_written + i;
    size_t slot = model->state_slots[entry];
    size_t position = model->state_slot_positions[entry];
    anima_vector *result_cell = anima_player_domain_cell(
        player, first_domain + position, ANIMA_CELL_OUTPUT);
    if (!player->output_has[position]) {
      anima_value_assign(&player->output[position], result_cell,
                         &model->slots[slot].rest, player->cells,
                         model->cell_bytes);
      player->output_has[position] = true;
    }
    if (!(weight > 0)) {
      continue;
    }
    const anima_model_track *track = timeline_track(model, timeline, slot);
    anima_value sample =
        track ? anima_track_sample(
                    model, track, local,
                    anima_player_domain_cell(player, first_domain + position,
                                             ANIMA_CELL_SAMPLE))
              : model->slots[slot].rest;
    if (weight < 1) {
      sample = anima_value_lerp(model, player->output[position], sample, weight,
                                true, result_cell);
    }
    anima_value_assign(&player->output[position], result_cell, &sample,
                       player->cells, model->cell_bytes);
  }
}

void anima_state_output_write(anima_state_output *output, size_t slot,
                              const anima_value *value) {
  if (!output || !value) {
    return;
  }
  anima_player *player = output->player;
  const anima_model *model = player->model;
  const anima_model_state *state = output->state;
  if (slot >= model->slot_count || value->type != model->slots[slot].type) {
    return;
  }
  for (size_t i = 0; i < state->written_count; i++) {
    size_t entry = state->first_written + i;
    if (model->state_slots[entry] != slot) {
      continue;
    }
    size_t position = model->state_slot_positions[entry];
    size_t domain_entry = model->layers[output->layer].first_domain + position;
    anima_value_assign(
        &player->output[position],
        anima_player_domain_cell(player, domain_entry, ANIMA_CELL_SAMPLE),
        value, player->cells, model->cell_bytes);
    player->output_has[position] = true;
    return;
  }
  /* Not in S(state): declare it with compile_state_writes. */
}

/* ---- calls into the state kind --------------------------------------------
 */

void anima_state_kind_write(anima_player *player, size_t layer) {
  const anima_model_state *state = current_state(player, layer);
  const anima_state_kind_desc *kind = state->module;
  anima_state_output output = {player, layer, state, false};
  if (!kind->write(anima_player_step_context(player), state->module_data,
                   anima_player_instance(player, state->instance_offset), layer,
                   &output, kind->user)) {
    anima_state_base_output(player, layer);
  }
}

bool anima_state_kind_write_continued(anima_player *player, size_t layer,
                                      const anima_model_state *source,
                                      double time) {
  const anima_state_kind_desc *kind = source->module;
  anima_state_output output = {player, layer, source, true};
  return kind->write_continued(
      anima_player_step_context(player), source->module_data,
      source->instance_size > 0 ? player->layers[layer].fade_source_instance
                                : NULL,
      layer, time, &output, kind->user);
}

void anima_state_kind_enter(anima_player *player, size_t layer, double carry) {
  const anima_model_state *state = current_state(player, layer);
  const anima_state_kind_desc *kind = state->module;
  if (kind && kind->enter) {
    kind->enter(anima_player_step_context(player), state->module_data,
                anima_player_instance(player, state->instance_offset), layer,
                carry, kind->user);
  }
}

bool anima_state_kind_finished(const anima_player *player, size_t layer,
                               double *overshoot) {
  const anima_model_state *state = current_state(player, layer);
  const anima_state_kind_desc *kind = state->module;
  *overshoot = 0;
  bool finished = kind->finished(
      anima_player_step_context((anima_player *)player), state->module_data,
      anima_player_instance(player, state->instance_offset), layer, overshoot,
      kind->user);
  if (!(*overshoot > 0)) {
    *overshoot = 0; /* also NaN: carry is max(0, t − b) (§5) */
  }
  return finished;
}

bool anima_state_kind_at_rest(const anima_player *player, size_t layer) {
  const anima_model_state *state = current_state(player, layer);
  const anima_state_kind_desc *kind = state->module;
  if (!kind || !kind->at_rest) {
    return true;
  }
  return kind->at_rest(
      anima_player_step_context((anima_player *)player), state->module_data,
      anima_player_instance(player, state->instance_offset), layer, kind->user);
}

size_t anima_state_kind_select(anima_player *player, size_t layer,
                               size_t count) {
  const anima_model_state *state = current_state(player, layer);
  const anima_state_kind_desc *kind = state->module;
  size_t chosen =
      kind->select(anima_player_step_context(player), state->module_data,
                   anima_player_instance(player, state->instance_offset), layer,
                   player->eligible, count, kind->user);
  return chosen < count ? chosen : count;
}

/* ---- action kinds
 * ------------------------------------------------------------
 */

void anima_action_kind_run(anima_player *player,
                           const anima_model_action *action) {
  const anima_action_kind_desc *kind = action->module;
  if (kind && kind->run) {
    kind->run(anima_player_step_context(player), action->module_data,
              anima_player_instance(player, action->instance_offset),
              kind->user);
  }
}
