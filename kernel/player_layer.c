/*
 * player_layer.c — one machine layer through a step (SPEC §7 stage 3,
 * §8, §10): state entry with reduced-motion freezing, timeline events,
 * transitions with carry and crossfades, and the layer's output.
 */
#include <math.h>
#include <string.h>

#include "ease_evaluate.h"
#include "player_internal.h"
#include "sample.h"
#include "value_type.h"

/* Transitions a layer takes per step at most (SPEC §7 3.2). */
enum { transition_cap = 16 };

/* Loop periods one report enumerates at most, and the event occurrences
 * (periods times events per period): a step crossing more periods reports
 * the events of the last ones only, at least one period (docs/PLAYER.md).
 * Without the second bound a long timeline event list made one step
 * report billions of events. */
static const double maximum_periods = 100000;
static const double maximum_occurrences = 100000;

static const anima_model_state *layer_state(const anima_player *player,
                                            size_t layer) {
  return &player->model->states[player->layers[layer].state];
}

static const anima_model_timeline *
state_timeline(const anima_model *model, const anima_model_state *state) {
  return state->kind == ANIMA_STATE_PLAY ? &model->timelines[state->timeline]
                                         : NULL;
}

/* The module clock of the layer's current state (module.h
 * anima_clock_desc), or NULL; its instance in `*instance`. */
static const anima_clock_desc *layer_clock(const anima_player *player,
                                           size_t layer, void **instance) {
  const anima_model_state *state = layer_state(player, layer);
  if (!state->clock) {
    return NULL;
  }
  *instance = anima_player_instance(player, state->clock_instance_offset);
  return state->clock;
}

double anima_layer_played(const anima_player *player, size_t layer) {
  const anima_layer_state *record = &player->layers[layer];
  const anima_model_state *state = layer_state(player, layer);
  if (state->kind != ANIMA_STATE_PLAY) {
    return 0;
  }
  if (state->clock) {
    return record->state_time; /* a module clock works from state time */
  }
  return (record->state_time - record->origin_state_time) * state->speed +
         record->origin_played;
}

double anima_layer_local(const anima_player *player, size_t layer) {
  const anima_layer_state *record = &player->layers[layer];
  const anima_model_state *state = layer_state(player, layer);
  const anima_model_timeline *timeline = state_timeline(player->model, state);
  if (!timeline) {
    return 0;
  }
  void *instance;
  const anima_clock_desc *clock = layer_clock(player, layer, &instance);
  if (clock) {
    return clock->local(anima_player_step_context((anima_player *)player),
                        state->clock_data, instance, layer, record->state_time,
                        clock->user);
  }
  if (record->frozen) {
    return record->frozen_local;
  }
  return anima_local_time(timeline->loop, timeline->duration,
                          anima_layer_played(player, layer));
}

/* Does occurrence time `o` lie in the reported interval (SPEC §5 clock
 * boundaries)? Forward: !reached(from, o) && reached(to, o); on entry the
 * first test becomes reached(o, from). */
static bool occurs(double o, double from, double to, bool entry) {
  bool after_start =
      entry ? anima_clock_reached(o, from) : !anima_clock_reached(from, o);
  return after_start && anima_clock_reached(to, o);
}

/* Reports the events of `timeline` occurring in (from, to] of played time
 * ([from, to] on entry), in time order (SPEC §7 "Timeline events"). */
static void report_occurrences(anima_player *player, size_t layer,
                               const anima_model_timeline *timeline,
                               double from, double to, bool entry) {
  size_t count = timeline->event_count;
  if (count == 0) {
    return; /* model->events may be NULL: no offset from it (C11 6.5.6) */
  }
  const anima_model_event *events =
      player->model->events + timeline->first_event;
  double d = timeline->duration;
  if (timeline->loop == ANIMA_LOOP_ONCE) {
    for (size_t i = 0; i < count; i++) {
      if (occurs(events[i].time, from, to, entry)) {
        anima_player_report(player, events[i].name, (long)layer,
                            events[i].time);
      }
    }
    return;
  }
  double period = timeline->loop == ANIMA_LOOP_LOOP ? d : 2 * d;
  double first = floor(from / period) - 1;
  double last = floor(to / period) + 1;
  /* Beyond 2^52 periods consecutive period numbers are no longer distinct
   * binary64 values: such clocks report nothing (docs/PLAYER.md). */
  if (!(last < 4503599627370496.0) || !(first < last)) {
    return;
  }
  if (first < 0) {
    first = 0;
  }
  double periods = floor(maximum_occurrences / (double)count);
  if (periods > maximum_periods) {
    periods = maximum_periods;
  } else if (periods < 1) {
    periods = 1;
  }
  if (last - first > periods) {
    first = last - periods;
  }
  for (double k = first; k <= last; k++) {
    for (size_t i = 0; i < count; i++) {
      double o = events[i].time + k * period;
      if (occurs(o, from, to, entry)) {
        anima_player_report(player, events[i].name, (long)layer,
                            events[i].time);
      }
    }
    if (timeline->loop != ANIMA_LOOP_PINGPONG) {
      continue;
    }
    /* The reflected occurrences 2(k+1)d − te, later te first; authored
     * endpoints (0 and d) occur once per period, by the forward formula. */
    for (size_t i = count; i-- > 0;) {
      double te = events[i].time;
      if (te <= 0 || te >= d) {
        continue;
      }
      double o = (k + 1) * period - te;
      if (occurs(o, from, to, entry)) {
        anima_player_report(player, events[i].name, (long)layer, te);
      }
    }
  }
}

/* The WRAP moments (module.h anima_layer_moment) of a repeating timeline:
 * one per boundary k·d (k ≥ 1: every duration of `loop`, every turn of
 * `pingpong`) of played time in (from, to] ([from, to] on entry, where the
 * boundary 0 is excluded by k ≥ 1), at most maximum_periods of them (the
 * last ones), like the events they precede. Only for models whose hooks
 * may observe. */
static void report_wraps(anima_player *player, size_t layer,
                         const anima_model_timeline *timeline, double from,
                         double to, bool entry) {
  double d = timeline->duration;
  if (player->model->hook_count == 0 || timeline->loop == ANIMA_LOOP_ONCE ||
      !(d > 0)) {
    return;
  }
  double first = floor(from / d);
  double last = floor(to / d) + 1;
  if (!(last < 4503599627370496.0) || !(first < last)) {
    return;
  }
  if (first < 1) {
    first = 1;
  }
  if (last - first > maximum_periods) {
    first = last - maximum_periods;
  }
  for (double k = first; k <= last; k++) {
    double o = k * d;
    if (occurs(o, from, to, entry)) {
      anima_layer_moment moment = {.kind = ANIMA_LAYER_WRAP,
                                   .layer = layer,
                                   .state = player->layers[layer].state,
                                   .edge_state = -1,
                                   .boundary = o};
      anima_player_moment(player, &moment);
    }
  }
}

/* Every event of a timeline once, in time order (reduced motion `end`). */
static void report_all(anima_player *player, size_t layer,
                       const anima_model_timeline *timeline) {
  if (timeline->event_count == 0) {
    return;
  }
  const anima_model_event *events =
      player->model->events + timeline->first_event;
  for (size_t i = 0; i < timeline->event_count; i++) {
    anima_player_report(player, events[i].name, (long)layer, events[i].time);
  }
}

/* Entry events of the current state: emit, then events in [0, carry]. */
static void report_entry(anima_player *player, size_t layer, double carry) {
  const anima_layer_state *record = &player->layers[layer];
  const anima_model_state *state = layer_state(player, layer);
  const anima_model_timeline *timeline = state_timeline(player->model, state);
  if (state->emit) {
    anima_player_report(player, state->emit, (long)layer, 0);
  }
  if (!timeline) {
    return;
  }
  void *instance;
  const anima_clock_desc *clock = layer_clock(player, layer, &instance);
  if (clock) {
    if (clock->report) {
      clock->report(anima_player_step_context(player), state->clock_data,
                    instance, layer, 0, carry, true, clock->user);
    }
    return;
  }
  if (record->frozen) {
    if (timeline->reduced_motion == ANIMA_REDUCED_MOTION_END) {
      report_all(player, layer, timeline);
    }
    return;
  }
  report_wraps(player, layer, timeline, 0, carry * state->speed, true);
  report_occurrences(player, layer, timeline, 0, carry * state->speed, true);
}

void anima_layer_enter(anima_player *player, size_t layer, size_t state_index,
                       double carry, bool report) {
  anima_layer_state *record = &player->layers[layer];
  record->state = state_index;
  record->state_time = carry;
  record->origin_state_time = 0;
  record->origin_played = 0;
  record->previous_played = 0;
  record->frozen = false;
  record->report_freeze = false;
  const anima_model_state *state = &player->model->states[state_index];
  const anima_model_timeline *timeline = state_timeline(player->model, state);
  if (timeline && !state->clock && player->reduced_motion &&
      timeline->reduced_motion != ANIMA_REDUCED_MOTION_PLAY) {
    record->frozen = true;
    record->frozen_local = timeline->reduced_motion == ANIMA_REDUCED_MOTION_END
                               ? timeline->duration
                               : 0;
  }
  if (state->clock && state->clock->enter) {
    state->clock->enter(
        anima_player_step_context(player), state->clock_data,
        anima_player_instance(player, state->clock_instance_offset), layer,
        carry, state->clock->user);
  }
  if (report) {
    if (state->entry_action_count > 0) {
      anima_player_run_actions(player, state->first_entry_action,
                               state->entry_action_count, (long)layer, true,
                               true);
    }
    report_entry(player, layer, carry);
  }
  if (state->module) {
    anima_state_kind_enter(player, layer, carry);
  }
}

void anima_layer_report_entry(anima_player *player, size_t layer) {
  /* The initial state's entry block wrote at construction (player.c); its
   * emits come now, before the state's emit and timeline events. */
  const anima_model_state *state = layer_state(player, layer);
  if (state->entry_action_count > 0) {
    anima_player_run_actions(player, state->first_entry_action,
                             state->entry_action_count, (long)layer, false,
                             true);
  }
  report_entry(player, layer, 0);
}

void anima_layer_report_crossed(anima_player *player, size_t layer) {
  anima_layer_state *record = &player->layers[layer];
  const anima_model_state *state = layer_state(player, layer);
  const anima_model_timeline *timeline = state_timeline(player->model, state);
  if (!timeline) {
    return;
  }
  void *instance;
  const anima_clock_desc *clock = layer_clock(player, layer, &instance);
  if (clock) {
    if (clock->report) {
      clock->report(anima_player_step_context(player), state->clock_data,
                    instance, layer, record->previous_played,
                    record->state_time, false, clock->user);
    }
    return;
  }
  if (record->report_freeze) {
    /* Reduced motion switched on: the rest of the cycle, (from, d]. */
    record->report_freeze = false;
    if (timeline->event_count == 0) {
      return;
    }
    const anima_model_event *events =
        player->model->events + timeline->first_event;
    for (size_t i = 0; i < timeline->event_count; i++) {
      if (occurs(events[i].time, record->freeze_from, timeline->duration,
                 false)) {
        anima_player_report(player, events[i].name, (long)layer,
                            events[i].time);
      }
    }
    return;
  }
  if (record->frozen) {
    return;
  }
  report_wraps(player, layer, timeline, record->previous_played,
               anima_layer_played(player, layer), false);
  report_occurrences(player, layer, timeline, record->previous_played,
                     anima_layer_played(player, layer), false);
}

void anima_layer_report_fade_end(anima_player *player, size_t layer) {
  anima_layer_state *record = &player->layers[layer];
  if (!record->fade_completed) {
    return;
  }
  record->fade_completed = false;
  anima_layer_moment moment = {.kind = ANIMA_LAYER_FADE_END,
                               .layer = layer,
                               .state = record->state,
                               .edge_state = -1};
  anima_player_moment(player, &moment);
}

/* The outgoing state's state time in a continued crossfade: its state
 * time at exit − the carry + the fade's elapsed time. */
static double continued_time(const anima_layer_state *record) {
  return record->fade_source_offset + record->fade_elapsed;
}

double anima_layer_continued_local(const anima_player *player, size_t layer) {
  const anima_model *model = player->model;
  const anima_layer_state *record = &player->layers[layer];
  const anima_model_state *source = &model->states[record->fade_source];
  if (source->kind != ANIMA_STATE_PLAY) {
    return 0;
  }
  const anima_model_timeline *timeline = &model->timelines[source->timeline];
  double time = continued_time(record);
  if (source->clock) {
    return source->clock->local(
        anima_player_step_context((anima_player *)player), source->clock_data,
        anima_player_instance(player, source->clock_instance_offset), layer,
        time, source->clock->user);
  }
  if (record->fade_source_frozen) {
    return record->fade_source_frozen_local;
  }
  return anima_local_time(timeline->loop, timeline->duration,
                          (time - record->fade_source_origin_state_time) *
                                  source->speed +
                              record->fade_source_origin_played);
}

/* A continued crossfade (module.h anima_transition_hook_desc.continues):
 * the outgoing state's own tracks re-sampled into the snapshot at its
 * state time exit − carry + fade elapsed, through its clock as at exit;
 * a source whose state kind writes, through the kind's write_continued
 * (its output passes through player->output, cleared again after). */
static void continue_source(anima_player *player, size_t layer) {
  const anima_model *model = player->model;
  anima_layer_state *record = &player->layers[layer];
  const anima_model_state *source = &model->states[record->fade_source];
  const anima_model_layer *description = &model->layers[layer];
  const size_t first_domain = description->first_domain;
  if (source->module && source->module->write) {
    if (anima_state_kind_write_continued(player, layer, source,
                                         continued_time(record))) {
      for (size_t position = 0; position < description->domain_count;
           position++) {
        if (!player->output_has[position]) {
          continue;
        }
        anima_value_assign(
            &record->fade_from[position],
            anima_player_domain_cell(player, first_domain + position,
                                     ANIMA_CELL_FADE),
            &player->output[position], player->cells, model->cell_bytes);
        record->fade_has[position] = true;
      }
    }
    memset(player->output_has, 0,
           description->domain_count * sizeof *player->output_has);
    return;
  }
  const anima_model_timeline *timeline = &model->timelines[source->timeline];
  double local = anima_layer_continued_local(player, layer);
  const size_t *positions = model->state_slot_positions + source->first_written;
  const anima_model_track *tracks = model->tracks + timeline->first_track;
  for (size_t i = 0; i < source->base_written_count; i++) {
    record->fade_from[positions[i]] = anima_track_sample(
        model, &tracks[i], local,
        anima_player_domain_cell(player, first_domain + positions[i],
                                 ANIMA_CELL_FADE));
  }
}

/* Can the crossfade from `source` to `target` continue the source (module.h
 * anima_transition_hook_desc.continues)? A state kind that writes needs
 * its write_continued; a play state of the kernel's output, tracks, and a
 * module clock that the edge does not restart. */
static bool continuable(const anima_model_state *source, size_t source_index,
                        size_t target) {
  if (source->module && source->module->write) {
    return source->module->write_continued != NULL;
  }
  return source->kind == ANIMA_STATE_PLAY && source->base_written_count > 0 &&
         !(source->clock && source_index == target);
}

/* The layer's output into player->output/output_has (domain positions):
 * the current state sampled at its clock, through the crossfade (§7). */
static void compute_output(anima_player *player, size_t layer) {
  const anima_model *model = player->model;
  const anima_model_layer *description = &model->layers[layer];
  const anima_layer_state *record = &player->layers[layer];
  const anima_model_state *state = layer_state(player, layer);
  if (description->domain_count == 0) {
    return; /* the layer writes nothing (and its arrays may be NULL) */
  }
  const size_t *domain = model->layer_slots + description->first_domain;
  memset(player->output_has, 0,
         description->domain_count * sizeof *player->output_has);
  if (record->fading && record->fade_continues) {
    continue_source(player, layer);
  }
  /* (An empty pose or a timeline without tracks has only the fade.) */
  if (state->module && state->module->write) {
    anima_state_kind_write(player, layer);
  } else {
    anima_state_base_output(player, layer);
  }
  if (!record->fading) {
    return;
  }
  double w = anima_model_ease_evaluate(
      record->fade_ease, record->fade_elapsed / record->fade_duration);
  for (size_t position = 0; position < description->domain_count; position++) {
    bool in_snapshot = record->fade_has[position];
    bool in_target = player->output_has[position];
    if (!in_snapshot && !in_target) {
      continue;
    }
    anima_value below = player->values[domain[position]];
    anima_value a = in_snapshot ? record->fade_from[position] : below;
    anima_value b = in_target ? player->output[position] : below;
    player->output[position] = anima_value_lerp(
        model, a, b, w, true,
        anima_player_domain_cell(player, description->first_domain + position,
                                 ANIMA_CELL_OUTPUT));
    player->output_has[position] = true;
  }
}

void anima_layer_write(anima_player *player, size_t layer) {
  anima_layer_write_weighted(player, layer, 1);
}

void anima_layer_write_weighted(anima_player *player, size_t layer,
                                double weight) {
  const anima_model *model = player->model;
  const anima_model_layer *description = &model->layers[layer];
  const anima_model_state *state = layer_state(player, layer);
  if (!(weight > 0)) {
    return;
  }
  if (weight < 1) {
    /* A named machine's mix (SPEC motion): each property its states
     * write (output_has: the active state's and the fade's) becomes
     * mix(value below, layer output, weight), as step_mix_timeline mixes;
     * the others keep the value below. */
    compute_output(player, layer);
    const size_t *domain = model->layer_slots + description->first_domain;
    for (size_t position = 0; position < description->domain_count;
         position++) {
      if (!player->output_has[position]) {
        continue;
      }
      size_t slot = domain[position];
      anima_value value = anima_value_lerp(
          model, player->values[slot], player->output[position], weight, false,
          anima_player_slot_cell(player, slot));
      anima_player_assign(player, slot, &value);
    }
    return;
  }
  if (!player->layers[layer].fading &&
      !(state->module && state->module->write)) {
    /* No crossfade: the state's samples go straight to their slots. An
     * empty pose writes nothing, and its arrays may be NULL (no offset from
     * NULL, C11 6.5.6). */
    if (state->base_written_count == 0) {
      return;
    }
    const size_t *slots = model->state_slots + state->first_written;
    if (state->kind == ANIMA_STATE_POSE) {
      const anima_model_pose_value *pose =
          model->pose_values + state->first_pose_value;
      for (size_t i = 0; i < state->base_written_count; i++) {
        player->values[slots[i]] = pose[i].value;
      }
      return;
    }
    const anima_model_track *tracks =
        model->tracks + model->timelines[state->timeline].first_track;
    double local = anima_layer_local(player, layer);
    if (!player->cells) {
      for (size_t i = 0; i < state->base_written_count; i++) {
        player->values[slots[i]] =
            anima_track_sample(model, &tracks[i], local, NULL);
      }
      return;
    }
    for (size_t i = 0; i < state->base_written_count; i++) {
      player->values[slots[i]] = anima_track_sample(
          model, &tracks[i], local, anima_player_slot_cell(player, slots[i]));
    }
    return;
  }
  compute_output(player, layer);
  if (description->domain_count == 0) {
    return;
  }
  const size_t *domain = model->layer_slots + description->first_domain;
  for (size_t position = 0; position < description->domain_count; position++) {
    if (player->output_has[position]) {
      anima_player_assign(player, domain[position], &player->output[position]);
    }
  }
}

static bool compare(double left, anima_compare_operator op, double right) {
  switch (op) {
  case ANIMA_COMPARE_EQUAL:
    return left == right;
  case ANIMA_COMPARE_NOT_EQUAL:
    return left != right;
  case ANIMA_COMPARE_LESS:
    return left < right;
  case ANIMA_COMPARE_LESS_EQUAL:
    return left <= right;
  case ANIMA_COMPARE_GREATER:
    return left > right;
  case ANIMA_COMPARE_GREATER_EQUAL:
    return left >= right;
  }
  return false;
}

/* A module's condition term (module.h anima_term_kind_desc): its carry
 * joins the largest overshoot like @end's and @after's. */
static bool module_term_holds(const anima_player *player, size_t layer,
                              const anima_model_term *term, double *carry) {
  const anima_term_kind_desc *kind = term->module;
  double overshoot = 0;
  if (!kind->holds ||
      !kind->holds(anima_player_step_context((anima_player *)player),
                   term->data, layer, &overshoot, kind->user)) {
    return false;
  }
  if (overshoot > *carry) {
    *carry = overshoot;
  }
  return true;
}

/* The transition hooks of `edge` (module.h anima_transition_hook_desc):
 * each must hold too; they may replace the carry. */
static bool hooks_hold(const anima_player *player, size_t layer,
                       const anima_model_transition *edge, double *carry) {
  const anima_model_transition_hook *hooks =
      player->model->transition_hooks + edge->first_hook;
  for (size_t i = 0; i < edge->hook_count; i++) {
    const anima_transition_hook_desc *desc = hooks[i].desc;
    if (desc->holds &&
        !desc->holds(anima_player_step_context((anima_player *)player),
                     hooks[i].data,
                     anima_player_instance((anima_player *)player,
                                           hooks[i].instance_offset),
                     layer, carry, desc->user)) {
      return false;
    }
    if (!(*carry > 0)) {
      *carry = 0; /* also NaN */
    }
  }
  return true;
}

/* Does `transition` hold for `layer` now (SPEC §8 conditions)? `carry`
 * receives the largest overshoot of its @end/@after terms (DECISIONS 13,
 * 14), in state seconds. */
static bool transition_holds(const anima_player *player, size_t layer,
                             const anima_model_transition *transition,
                             double *carry) {
  const anima_model *model = player->model;
  const anima_layer_state *record = &player->layers[layer];
  const anima_model_state *state = layer_state(player, layer);
  const anima_model_term *terms = model->terms + transition->first_term;
  uint64_t bit = (uint64_t)1 << player->model->layers[layer].bit;
  *carry = 0;
  for (size_t i = 0; i < transition->term_count; i++) {
    const anima_model_term *term = &terms[i];
    const anima_input_state *input =
        term->input >= 0 ? &player->inputs[term->input] : NULL;
    switch (term->kind) {
    case ANIMA_MODEL_TERM_TRIGGER:
      if (!input->pending || (input->consumed_by & bit)) {
        return false;
      }
      break;
    case ANIMA_MODEL_TERM_BOOL:
      if (!input->boolean) {
        return false;
      }
      break;
    case ANIMA_MODEL_TERM_NOT_BOOL:
      if (input->boolean) {
        return false;
      }
      break;
    case ANIMA_MODEL_TERM_COMPARE:
      if (!compare(input->number, term->compare, term->number)) {
        return false;
      }
      break;
    case ANIMA_MODEL_TERM_END: {
      if (state->module && state->module->finished) {
        double overshoot;
        if (!anima_state_kind_finished(player, layer, &overshoot)) {
          return false;
        }
        if (overshoot > *carry) {
          *carry = overshoot;
        }
        break;
      }
      void *instance;
      const anima_clock_desc *clock = layer_clock(player, layer, &instance);
      if (clock) {
        double overshoot = 0;
        if (!clock->finished ||
            !clock->finished(anima_player_step_context((anima_player *)player),
                             state->clock_data, instance, layer,
                             record->state_time, &overshoot, clock->user)) {
          return false;
        }
        if (overshoot > *carry) { /* (NaN and negatives carry nothing) */
          *carry = overshoot;
        }
        break;
      }
      const anima_model_timeline *timeline = state_timeline(model, state);
      if (!timeline || timeline->loop != ANIMA_LOOP_ONCE) {
        return false;
      }
      if (record->frozen) {
        break; /* frozen timelines carry nothing (DECISIONS 14) */
      }
      double played = anima_layer_played(player, layer);
      if (!anima_once_finished(timeline->duration, played)) {
        return false;
      }
      double overshoot = (played - timeline->duration) / state->speed;
      if (overshoot > *carry) {
        *carry = overshoot;
      }
      break;
    }
    case ANIMA_MODEL_TERM_AFTER: {
      if (!anima_clock_reached(record->state_time, term->number)) {
        return false;
      }
      double overshoot = record->state_time - term->number;
      if (overshoot > *carry) {
        *carry = overshoot;
      }
      break;
    }
    case ANIMA_MODEL_TERM_MODULE:
      if (!module_term_holds(player, layer, term, carry)) {
        return false;
      }
      break;
    }
  }
  return transition->hook_count == 0 ||
         hooks_hold(player, layer, transition, carry);
}

static bool is_terminal(const anima_model_state *state) {
  return state->module && (state->module->flags & ANIMA_STATE_KIND_TERMINAL);
}

/* An edge of a declaration state ("any") is omitted when it targets the
 * current state and names no trigger, unless a transition hook keeps it
 * (a change guard; machine chapter "State kinds and priority"): it would
 * re-enter every step. */
static bool declared_edge_applies(const anima_model *model,
                                  const anima_model_transition *edge,
                                  size_t current) {
  if (edge->target != current) {
    return true;
  }
  for (size_t t = 0; t < edge->term_count; t++) {
    if (model->terms[edge->first_term + t].kind == ANIMA_MODEL_TERM_TRIGGER) {
      return true;
    }
  }
  for (size_t h = 0; h < edge->hook_count; h++) {
    const anima_model_transition_hook *hook =
        &model->transition_hooks[edge->first_hook + h];
    if (hook->desc->self_entry &&
        hook->desc->self_entry(hook->data, hook->desc->user)) {
      return true;
    }
  }
  return false;
}

/* The first holding edge of the layer's declaration states, in their
 * declaration order and then their `on` order; they are searched before
 * the current state's own. */
static const anima_model_transition *
first_declared(const anima_player *player, size_t layer, double *carry) {
  const anima_model *model = player->model;
  const anima_model_layer *description = &model->layers[layer];
  size_t current = player->layers[layer].state;
  for (size_t d = 0; d < description->declaration_count; d++) {
    const anima_model_state *declaration =
        &model->states[model->declarations[description->first_declaration + d]];
    for (size_t i = 0; i < declaration->transition_count; i++) {
      const anima_model_transition *edge =
          &model->transitions[declaration->first_transition + i];
      if (declared_edge_applies(model, edge, current) &&
          transition_holds(player, layer, edge, carry)) {
        return edge;
      }
    }
  }
  return NULL;
}

static const anima_model_transition *
choose_with_kinds(anima_player *player, size_t layer, double *carry);

/* A state's own transitions; NULL when it has none (a model without any
 * transition has no array: no offset from NULL, issue 10 F1). */
static const anima_model_transition *
state_transitions(const anima_model *model, const anima_model_state *state) {
  return state->transition_count > 0
             ? model->transitions + state->first_transition
             : NULL;
}

/* The transition the layer's current state takes now (SPEC §7 3.2), or
 * NULL: none from a terminal state; the declaration states' edges first;
 * then the first of its own that holds, or the one its kind's `select`
 * chooses among all that hold. */
static const anima_model_transition *choose(anima_player *player, size_t layer,
                                            double *carry) {
  const anima_model *model = player->model;
  const anima_model_state *state = layer_state(player, layer);
  if (state->module || model->layers[layer].declaration_count > 0) {
    return choose_with_kinds(player, layer, carry);
  }
  const anima_model_transition *own = state_transitions(model, state);
  for (size_t i = 0; i < state->transition_count; i++) {
    if (transition_holds(player, layer, &own[i], carry)) {
      return &own[i];
    }
  }
  return NULL;
}

/* choose() where state kinds are involved. */
static const anima_model_transition *
choose_with_kinds(anima_player *player, size_t layer, double *carry) {
  const anima_model *model = player->model;
  const anima_model_state *state = layer_state(player, layer);
  if (is_terminal(state)) {
    return NULL;
  }
  const anima_model_transition *chosen = NULL;
  if (model->layers[layer].declaration_count > 0) {
    chosen = first_declared(player, layer, carry);
    if (chosen) {
      return chosen;
    }
  }
  const anima_model_transition *own = state_transitions(model, state);
  if (state->module && state->module->select) {
    size_t count = 0;
    for (size_t i = 0; i < state->transition_count; i++) {
      double held;
      if (transition_holds(player, layer, &own[i], &held)) {
        player->eligible[count] = i;
        player->eligible_carry[count] = held;
        count++;
      }
    }
    if (count == 0) {
      return NULL;
    }
    size_t pick = anima_state_kind_select(player, layer, count);
    if (pick == count) {
      return NULL; /* the kind takes none of them */
    }
    *carry = player->eligible_carry[pick];
    return &own[player->eligible[pick]];
  }
  for (size_t i = 0; i < state->transition_count; i++) {
    if (transition_holds(player, layer, &own[i], carry)) {
      return &own[i];
    }
  }
  return NULL;
}

bool anima_layer_transition_holds(const anima_player *player, size_t layer) {
  const anima_model_state *state = layer_state(player, layer);
  const anima_layer_state *record = &player->layers[layer];
  if (record->fading && !record->fade_interruptible) {
    return false;
  }
  if (is_terminal(state)) {
    return false;
  }
  double carry;
  if (player->model->layers[layer].declaration_count > 0 &&
      first_declared(player, layer, &carry)) {
    return true;
  }
  for (size_t i = 0; i < state->transition_count; i++) {
    if (transition_holds(
            player, layer,
            &player->model->transitions[state->first_transition + i], &carry)) {
      return true;
    }
  }
  return false;
}

/* (a) of taking a transition: the layer's current output becomes the
 * crossfade snapshot F over dom(F) ∪ S(current). */
static void freeze_output(anima_player *player, size_t layer) {
  anima_layer_state *record = &player->layers[layer];
  const anima_model_layer *description = &player->model->layers[layer];
  size_t domain_count = description->domain_count;
  compute_output(player, layer);
  if (domain_count == 0) {
    return;
  }
  memcpy(record->fade_from, player->output,
         domain_count * sizeof *record->fade_from);
  memcpy(record->fade_has, player->output_has,
         domain_count * sizeof *record->fade_has);
  if (!player->cells) {
    return;
  }
  /* Vectors in the sample or output cells are copied into the snapshot's
   * own cells (value_type.h). */
  for (size_t position = 0; position < domain_count; position++) {
    anima_vector *cell = anima_player_domain_cell(
        player, description->first_domain + position, ANIMA_CELL_FADE);
    if (cell && record->fade_has[position]) {
      anima_value_assign(&record->fade_from[position], cell,
                         &player->output[position], player->cells,
                         player->model->cell_bytes);
    }
  }
}

/* The state whose `on` list holds `edge` (the source, or a declaration
 * state of the layer), for the layer moments. */
static long edge_owner(const anima_model *model, size_t layer,
                       const anima_model_transition *edge) {
  size_t index = (size_t)(edge - model->transitions);
  const anima_model_layer *description = &model->layers[layer];
  for (size_t s = 0; s < description->state_count; s++) {
    const anima_model_state *state =
        &model->states[description->first_state + s];
    if (index >= state->first_transition &&
        index < state->first_transition + state->transition_count) {
      return (long)(description->first_state + s);
    }
  }
  return -1;
}

/* A layer moment of taking `edge` (EXIT, START, ENTER). */
static void edge_moment(anima_player *player, size_t layer,
                        anima_layer_moment_kind kind, size_t state,
                        const anima_model_transition *edge, double crossfade) {
  const anima_model *model = player->model;
  if (model->hook_count == 0) {
    return;
  }
  long owner = edge_owner(model, layer, edge);
  anima_layer_moment moment = {
      .kind = kind,
      .layer = layer,
      .state = state,
      .edge_state = owner,
      .edge_index = owner >= 0 ? (size_t)(edge - model->transitions) -
                                     model->states[owner].first_transition
                               : 0,
      .crossfade = crossfade};
  anima_player_moment(player, &moment);
}

void anima_layer_transitions(anima_player *player, size_t layer) {
  const anima_model *model = player->model;
  anima_layer_state *record = &player->layers[layer];
  uint64_t bit = (uint64_t)1 << player->model->layers[layer].bit;
  for (int taken = 0; taken < transition_cap;) {
    if (record->fading && !record->fade_interruptible) {
      return; /* §8 interruptible: false */
    }
    double carry = 0;
    const anima_model_transition *chosen = choose(player, layer, &carry);
    if (!chosen) {
      return;
    }
    bool was_fading = record->fading;
    freeze_output(player, layer);
    /* The outgoing state's clock as at exit, for a continued crossfade. */
    size_t source_index = record->state;
    double source_time = record->state_time;
    double source_origin_state_time = record->origin_state_time;
    double source_origin_played = record->origin_played;
    bool source_frozen = record->frozen;
    double source_frozen_local = record->frozen_local;
    const anima_model_term *terms = model->terms + chosen->first_term;
    for (size_t i = 0; i < chosen->term_count; i++) {
      if (terms[i].kind == ANIMA_MODEL_TERM_TRIGGER) {
        player->inputs[terms[i].input].consumed_by |= bit;
      }
    }
    const anima_model_transition_hook *hooks =
        chosen->hook_count > 0 ? model->transition_hooks + chosen->first_hook
                               : NULL;
    double blend = chosen->blend;
    bool continues = false;
    for (size_t h = 0; h < chosen->hook_count; h++) {
      if (hooks[h].desc->blend) {
        blend = hooks[h].desc->blend(
            anima_player_step_context(player), hooks[h].data,
            anima_player_instance(player, hooks[h].instance_offset), layer,
            blend, hooks[h].desc->user);
      }
    }
    if (player->reduced_motion || !(blend > 0) || !isfinite(blend)) {
      blend = 0;
    }
    record->fading = blend > 0 && !anima_clock_reached(carry, blend);
    if (record->fading) {
      record->fade_duration = blend;
      record->fade_elapsed = carry;
      record->fade_ease = &chosen->ease;
      record->fade_interruptible = chosen->interruptible;
      for (size_t h = 0; h < chosen->hook_count && !continues; h++) {
        continues =
            hooks[h].desc->continues &&
            hooks[h].desc->continues(hooks[h].data, hooks[h].desc->user);
      }
    }
    record->fade_continues =
        continues && !was_fading &&
        continuable(&model->states[source_index], source_index, chosen->target);
    if (record->fade_continues) {
      record->fade_source = source_index;
      record->fade_source_offset = source_time - carry;
      record->fade_source_origin_state_time = source_origin_state_time;
      record->fade_source_origin_played = source_origin_played;
      record->fade_source_frozen = source_frozen;
      record->fade_source_frozen_local = source_frozen_local;
      const anima_model_state *outgoing = &model->states[source_index];
      if (outgoing->module && outgoing->module->write_continued &&
          outgoing->instance_size > 0) {
        /* The kind's instance as the snapshot's write left it; entering
         * the target (the source again, on a self edge) resets the live
         * one. */
        memcpy(record->fade_source_instance,
               anima_player_instance(player, outgoing->instance_offset),
               outgoing->instance_size);
      }
    }
    /* SPEC bind: the source's exit block, then the transition's actions,
     * each a separate snapshot action; the target's entry block runs in
     * anima_layer_enter before its emit and timeline events. */
    const anima_model_state *source = layer_state(player, layer);
    edge_moment(player, layer, ANIMA_LAYER_EXIT, record->state, chosen, 0);
    if (source->exit_action_count > 0) {
      anima_player_run_actions(player, source->first_exit_action,
                               source->exit_action_count, (long)layer, true,
                               true);
    }
    edge_moment(player, layer, ANIMA_LAYER_START, chosen->target, chosen, 0);
    if (chosen->action_count > 0 && !chosen->hook_owns_actions) {
      anima_player_run_actions(player, chosen->first_action,
                               chosen->action_count, (long)layer, true, true);
    }
    edge_moment(player, layer, ANIMA_LAYER_ENTER, chosen->target, chosen,
                record->fading ? blend : 0);
    anima_layer_enter(player, layer, chosen->target, carry, true);
    for (size_t h = 0; h < chosen->hook_count; h++) {
      if (hooks[h].desc->taken) {
        hooks[h].desc->taken(
            anima_player_step_context(player), hooks[h].data,
            anima_player_instance(player, hooks[h].instance_offset), layer,
            record->fading ? blend : 0, hooks[h].desc->user);
      }
    }
    taken++;
    if (taken == transition_cap) {
      anima_player_report(player, "@limit", (long)layer, 0);
    }
  }
}

/* Can `edge` come to hold without an input changing? An @after term not
 * reached yet, or a module term whose at_rest says so (SPEC §7
 * "Settled"). */
static bool edge_at_rest(const anima_player *player, size_t layer,
                         const anima_model_transition *edge) {
  const anima_model *model = player->model;
  const anima_layer_state *record = &player->layers[layer];
  for (size_t t = 0; t < edge->term_count; t++) {
    const anima_model_term *term = &model->terms[edge->first_term + t];
    if (term->kind == ANIMA_MODEL_TERM_AFTER &&
        !anima_clock_reached(record->state_time, term->number)) {
      return false;
    }
    if (term->kind == ANIMA_MODEL_TERM_MODULE && term->module->at_rest &&
        !term->module->at_rest(
            anima_player_step_context((anima_player *)player), term->data,
            layer, term->module->user)) {
      return false;
    }
  }
  for (size_t h = 0; h < edge->hook_count; h++) {
    const anima_model_transition_hook *hook =
        &model->transition_hooks[edge->first_hook + h];
    if (hook->desc->at_rest &&
        !hook->desc->at_rest(anima_player_step_context((anima_player *)player),
                             hook->data,
                             anima_player_instance((anima_player *)player,
                                                   hook->instance_offset),
                             layer, hook->desc->user)) {
      return false;
    }
  }
  return true;
}

bool anima_layer_at_rest(const anima_player *player, size_t layer) {
  const anima_model *model = player->model;
  const anima_layer_state *record = &player->layers[layer];
  const anima_model_state *state = layer_state(player, layer);
  if (record->fading) {
    return false;
  }
  const anima_model_timeline *timeline = state_timeline(model, state);
  void *instance;
  const anima_clock_desc *clock = layer_clock(player, layer, &instance);
  if (clock) {
    if (clock->at_rest &&
        !clock->at_rest(anima_player_step_context((anima_player *)player),
                        state->clock_data, instance, layer, record->state_time,
                        clock->user)) {
      return false;
    }
  } else if (timeline && !record->frozen &&
             !(timeline->loop == ANIMA_LOOP_ONCE &&
               anima_once_finished(timeline->duration,
                                   anima_layer_played(player, layer)))) {
    return false;
  }
  if (state->module) {
    if (!anima_state_kind_at_rest(player, layer)) {
      return false;
    }
    if (is_terminal(state)) {
      return true;
    }
  }
  for (size_t i = 0; i < state->transition_count; i++) {
    if (!edge_at_rest(player, layer,
                      &model->transitions[state->first_transition + i])) {
      return false;
    }
  }
  const anima_model_layer *description = &model->layers[layer];
  for (size_t d = 0; d < description->declaration_count; d++) {
    const anima_model_state *declaration =
        &model->states[model->declarations[description->first_declaration + d]];
    for (size_t i = 0; i < declaration->transition_count; i++) {
      if (!edge_at_rest(
              player, layer,
              &model->transitions[declaration->first_transition + i])) {
        return false;
      }
    }
  }
  return true;
}

void anima_layer_switch_motion(anima_player *player, size_t layer,
                               bool reduced) {
  anima_layer_state *record = &player->layers[layer];
  const anima_model_state *state = layer_state(player, layer);
  const anima_model_timeline *timeline = state_timeline(player->model, state);
  if (reduced) {
    /* In-progress crossfades complete (§10): FADE_END at stage 3. */
    record->fade_completed = record->fade_completed || record->fading;
    record->fading = false;
  }
  if (!timeline) {
    return;
  }
  void *instance;
  const anima_clock_desc *clock = layer_clock(player, layer, &instance);
  if (clock) {
    if (clock->switch_motion) {
      clock->switch_motion(anima_player_step_context(player), state->clock_data,
                           instance, layer, record->state_time, reduced,
                           clock->user);
    }
    return;
  }
  if (reduced) {
    if (record->frozen ||
        timeline->reduced_motion == ANIMA_REDUCED_MOTION_PLAY) {
      return;
    }
    double current = anima_layer_local(player, layer);
    record->frozen = true;
    if (timeline->reduced_motion == ANIMA_REDUCED_MOTION_END) {
      record->frozen_local = timeline->duration;
      record->report_freeze = true;
      record->freeze_from = current;
    } else {
      record->frozen_local = 0;
    }
    return;
  }
  if (!record->frozen || timeline->loop == ANIMA_LOOP_ONCE) {
    return; /* frozen once states stay finished */
  }
  record->frozen = false;
  record->origin_state_time = record->state_time;
  record->origin_played = record->frozen_local;
}
