/*
 * player_scrub.c — the inspector view of timeline scrubbing (SPEC §11.4,
 * anima.h anima_player_show_timeline): one timeline sampled at a clamped
 * time over the document rest values, without stepping the machine.
 */
#include <math.h>

#include "player_internal.h"
#include "sample.h"

anima_status anima_player_show_timeline(anima_player *player, size_t timeline,
                                        double time) {
  if (!player || !isfinite(time) || timeline >= player->model->timeline_count) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  const anima_model *model = player->model;
  const anima_model_timeline *shown = &model->timelines[timeline];
  double t = time < 0 ? 0 : time > shown->duration ? shown->duration : time;
  anima_player_reset_animated(player);
  for (size_t i = 0; i < shown->track_count; i++) {
    const anima_model_track *track = &model->tracks[shown->first_track + i];
    /* An interpolated vector lands in the slot's own cell. */
    anima_value value = anima_track_sample(
        model, track, t, anima_player_slot_cell(player, track->slot));
    anima_player_assign(player, track->slot, &value);
  }
  anima_player_clamp(player, model->animated_slots, model->animated_slot_count);
  player->pose_pending = true;
  /* The next step resolves the layers again instead of sleeping on these
   * values. */
  player->sleeping = false;
  if (model->step_modules) {
    /* The pose stages at dt 0; whatever they would report is dropped: a
     * scrub emits no event. */
    size_t events = player->event_count;
    double dt = player->step.dt;
    player->step.dt = 0;
    anima_player_run_module_stages(player);
    player->step.dt = dt;
    player->event_count = events;
  }
  return ANIMA_OK;
}
