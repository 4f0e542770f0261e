/*
 * step_context.c — the step context module callbacks receive
 * (module.h anima_step): a player inside anima_player_step (or an
 * operation, or a state/term/action kind): time, values and writes,
 * inputs, layer states, events, the pose, the random source and the
 * instances of other hooks.
 */
#include <math.h>
#include <string.h>

#include "host_internal.h"
#include "node_outline.h"
#include "player_internal.h"
#include "sample.h"
#include "view.h"

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

/* A number a module may write (module.h step_write): finite, or an
 * infinity on a side where the property has a finite bound it clamps to.
 * NaN and unbounded infinities are refused, so no slot ever holds them
 * (docs/DECISIONS.md "Robust geometry"). */
static bool finite_or_bounded(const anima_model_slot *slot, double number) {
  if (isfinite(number)) {
    return true;
  }
  if (number == INFINITY) {
    return isfinite(slot->maximum);
  }
  return number == -INFINITY && isfinite(slot->minimum);
}

void anima_step_write(anima_step *step, size_t slot, const anima_value *value) {
  anima_player *player = step->player;
  const anima_model *model = player->model;
  if (!value || slot >= model->slot_count ||
      value->type != model->slots[slot].type ||
      (value->type == ANIMA_VALUE_NUMBER &&
       !finite_or_bounded(&model->slots[slot], value->as.number))) {
    return;
  }
  /* A vector in another of the player's cells is copied into the slot's
   * own cell (value_type.h). */
  anima_player_assign(player, slot, value);
  /* Written values resolve like the layers' (SPEC §7 stage 4: clamped to
   * the property's range), and a transform moves the node's pose. */
  anima_player_clamp(player, &slot, 1);
  if (anima_pose_is_transform_slot(model, slot)) {
    if (step->stage != 0 && step->stage < ANIMA_STAGE_LAYOUT) {
      /* Before the pose point (INPUTS, CLOCKS, BIND, also at creation):
       * stages there see the previous pose, and the pose point (or the
       * first reader) recomputes the nodes whose values changed, once,
       * however many of their transform slots were written. */
      player->pose_pending = true;
    } else {
      anima_pose_touch(&player->pose, model, player->values,
                       model->slots[slot].node);
    }
  }
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
  /* Firing a trigger that is already queued is a no-op (SPEC §7 stage 1:
   * firing a pending trigger again does nothing), so the queue never
   * needs more than one fire per input from a step: it was sized for
   * that at player creation. */
  size_t bank = anima_player_bank(player);
  for (size_t i = 0; i < player->queue_count; i++) {
    if (player->queue[i].kind == ANIMA_WRITE_FIRE &&
        player->queue[i].input == input && player->queue[i].bank == bank) {
      return;
    }
  }
  anima_input_write write = {
      .kind = ANIMA_WRITE_FIRE, .input = input, .bank = bank};
  anima_player_queue(player, &write);
}

void anima_step_queue_block(anima_step *step, size_t block) {
  anima_player *player = step->player;
  if (block >= player->model->action_block_count) {
    return;
  }
  /* Queued while a named machine runs: it applies to that machine's bank. */
  anima_input_write write = {.kind = ANIMA_WRITE_BLOCK,
                             .index = block,
                             .bank = anima_player_bank(player)};
  anima_player_queue(player, &write);
}

void anima_step_report(anima_step *step, const char *name, long layer,
                       double time) {
  anima_player *player = step->player;
  if (!name || layer < -1 ||
      (layer >= 0 && (size_t)layer >= player->model->all_layer_count)) {
    return;
  }
  anima_player_report(player, name, layer, time);
}

void anima_step_report_detail(anima_step *step, const char *name, long layer,
                              double time,
                              const struct anima_event_detail *detail) {
  anima_player *player = step->player;
  if (!name || layer < -1 ||
      (layer >= 0 && (size_t)layer >= player->model->all_layer_count)) {
    return;
  }
  if (anima_player_report(player, name, layer, time)) {
    player->events[player->event_count - 1].detail = detail;
  }
}

void anima_step_layer_wrap(anima_step *step, size_t layer, double boundary) {
  anima_player *player = step->player;
  if (layer >= player->model->all_layer_count) {
    return;
  }
  anima_layer_moment moment = {.kind = ANIMA_LAYER_WRAP,
                               .layer = layer,
                               .state = player->layers[layer].state,
                               .edge_state = -1,
                               .boundary = boundary};
  anima_player_moment(player, &moment);
}

const anima_event *anima_step_events(anima_step *step, size_t *count) {
  anima_player *player = step->player;
  if (count) {
    *count = player->event_count;
  }
  return player->event_count > 0 ? player->events : NULL;
}

void anima_step_set_event_detail(anima_step *step, size_t index,
                                 const struct anima_event_detail *detail) {
  anima_player *player = step->player;
  if (index < player->event_count) {
    player->events[index].detail = detail;
  }
}

size_t anima_step_layer_state(anima_step *step, size_t layer) {
  const anima_player *player = step->player;
  return layer < player->model->all_layer_count ? player->layers[layer].state
                                                : 0;
}

double anima_step_state_time(anima_step *step, size_t layer) {
  const anima_player *player = step->player;
  return layer < player->model->all_layer_count
             ? player->layers[layer].state_time
             : 0;
}

void *anima_step_layer_clock(anima_step *step, size_t layer,
                             const anima_clock_desc **desc, const void **data) {
  const anima_player *player = step->player;
  const anima_model_state *state =
      layer < player->model->all_layer_count
          ? &player->model->states[player->layers[layer].state]
          : NULL;
  const anima_clock_desc *clock = state ? state->clock : NULL;
  if (desc) {
    *desc = clock;
  }
  if (data) {
    *data = clock ? state->clock_data : NULL;
  }
  return clock ? anima_player_instance(player, state->clock_instance_offset)
               : NULL;
}

bool anima_step_reduced_motion(anima_step *step) {
  return step->player->reduced_motion;
}

/* ---- the pose ----------------------------------------------------------- */

/* The pose as a stage may see it: before the pose point (INPUTS, CLOCKS,
 * BIND) the previous step's, after it this step's. */
static const anima_pose *stage_pose(anima_step *step) {
  anima_player *player = step->player;
  if (step->stage == 0 || step->stage >= ANIMA_STAGE_LAYOUT) {
    anima_player_pose(player);
  } else {
    anima_pose_refresh(&player->pose, player->model);
  }
  return &player->pose;
}

anima_matrix anima_step_local(anima_step *step, size_t node) {
  if (node >= step->player->model->node_count) {
    return anima_matrix_identity();
  }
  return stage_pose(step)->local[node];
}

anima_matrix anima_step_world(anima_step *step, size_t node) {
  if (node >= step->player->model->node_count) {
    return anima_matrix_identity();
  }
  return stage_pose(step)->world[node];
}

static bool finite_matrix(anima_matrix m) {
  return isfinite(m.a) && isfinite(m.b) && isfinite(m.c) && isfinite(m.d) &&
         isfinite(m.e) && isfinite(m.f);
}

void anima_step_set_local(anima_step *step, size_t node, anima_matrix local) {
  anima_player *player = step->player;
  /* Before the pose point the pose of this step does not exist yet: the
   * replacement would be lost, so it is refused. */
  if (node >= player->model->node_count || !finite_matrix(local) ||
      (step->stage != 0 && step->stage < ANIMA_STAGE_LAYOUT)) {
    return;
  }
  anima_player_pose(player);
  anima_pose_set_local(&player->pose, player->model, node, local);
}

void anima_step_set_child_order(anima_step *step, long parent,
                                const size_t *order, size_t count) {
  anima_player *player = step->player;
  anima_pose_set_order(&player->pose, player->model, parent, order, count);
}

/* ---- the random source (machine chapter "Deterministic random selection")
 */

double anima_step_random(anima_step *step) {
  anima_player *player = step->player;
  /* seed = (1664525 · seed + 1013904223) mod 2^32, in 32-bit unsigned
   * arithmetic (which wraps modulo 2^32); u = seed / 2^32. */
  player->random = 1664525u * player->random + 1013904223u;
  return (double)player->random / 4294967296.0;
}

/* ---- the rig stage and other hooks --------------------------------------
 */

void anima_step_request_solve(anima_step *step) {
  if (step->stage == ANIMA_STAGE_POSE) {
    step->solve_requested = true;
  }
}

void anima_step_sample_timeline(anima_step *step, size_t timeline,
                                double time) {
  anima_player *player = step->player;
  const anima_model *model = player->model;
  if (timeline >= model->timeline_count || !isfinite(time)) {
    return;
  }
  const anima_model_timeline *sampled = &model->timelines[timeline];
  double t = time < 0 ? 0 : time > sampled->duration ? sampled->duration : time;
  for (size_t i = 0; i < sampled->track_count; i++) {
    const anima_model_track *track = &model->tracks[sampled->first_track + i];
    /* An interpolated vector lands in the slot's own cell. */
    anima_value value = anima_track_sample(
        model, track, t, anima_player_slot_cell(player, track->slot));
    anima_step_write(step, track->slot, &value);
  }
}

void anima_step_mix_timeline(anima_step *step, size_t timeline, double time,
                             double weight) {
  anima_player *player = step->player;
  const anima_model *model = player->model;
  if (timeline >= model->timeline_count || !isfinite(time) || !(weight > 0)) {
    return;
  }
  double w = weight > 1 ? 1 : weight;
  const anima_model_timeline *sampled = &model->timelines[timeline];
  double t = time < 0 ? 0 : time > sampled->duration ? sampled->duration : time;
  for (size_t i = 0; i < sampled->track_count; i++) {
    const anima_model_track *track = &model->tracks[sampled->first_track + i];
    size_t slot = track->slot;
    /* The sample lands in the slot's scratch cell (a vector between two
     * keys), so the incoming value in the slot's own cell stays readable;
     * the mix is written into the slot's cell (step_write copies it). */
    anima_vector *scratch =
        player->cells && model->slot_mix_cells &&
                model->slot_mix_cells[slot] != SIZE_MAX
            ? (anima_vector *)(player->cells + model->slot_mix_cells[slot])
            : NULL;
    anima_value value = anima_track_sample(model, track, t, scratch);
    if (w < 1) {
      value = anima_value_lerp(model, player->values[slot], value, w, false,
                               anima_player_slot_cell(player, slot));
    }
    anima_step_write(step, slot, &value);
  }
}

bool anima_step_hook_instance(anima_step *step, const char *feature,
                              const char *name, const void **data,
                              void **instance) {
  const anima_player *player = step->player;
  const anima_model *model = player->model;
  for (size_t i = 0; feature && name && i < model->hook_count; i++) {
    const anima_model_hook *hook = &model->hooks[i];
    if (hook->desc->feature && hook->desc->name &&
        strcmp(hook->desc->feature, feature) == 0 &&
        strcmp(hook->desc->name, name) == 0) {
      if (data) {
        *data = hook->data;
      }
      if (instance) {
        *instance = anima_player_instance(player, hook->instance);
      }
      return true;
    }
  }
  return false;
}

/* ---- outlines ----------------------------------------------------------- */

const anima_path *anima_step_outline(anima_step *step, size_t node) {
  anima_player *player = step->player;
  const anima_model *model = player->model;
  if (node >= model->node_count || !anima_node_has_outline(model, node)) {
    return NULL;
  }
  const anima_view view = anima_player_view(player, NULL);
  const anima_path *outline = NULL;
  if (anima_node_outline(&view, node, &player->step_outline, &outline) !=
      ANIMA_OK) {
    return NULL;
  }
  return outline;
}
