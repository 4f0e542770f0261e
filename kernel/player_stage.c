/*
 * player_stage.c — module stages inside anima_player_step (SPEC §7;
 * docs/MODULES.md "Stages"): per-player instances, stage hooks in their
 * model order, the pose point, the rig stage with at most one more solve,
 * and the hooks' votes on settled.
 */
#include <stdlib.h>
#include <string.h>

#include "player_internal.h"

anima_status anima_player_create_instances(anima_player *player) {
  const anima_model *model = player->model;
  player->random = model->random_seed;
  if (model->instance_bytes == 0) {
    return ANIMA_OK;
  }
  /* instance_bytes is a multiple of 16, as aligned_alloc requires. */
  player->instances = aligned_alloc(16, model->instance_bytes);
  if (!player->instances) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  memset(player->instances, 0, model->instance_bytes);
  for (size_t i = 0; i < model->instance_count; i++) {
    const anima_model_instance *instance = &model->instances[i];
    if (instance->lifecycle->instance_init) {
      instance->lifecycle->instance_init(
          instance->data, player->instances + instance->offset, instance->user);
    }
  }
  return ANIMA_OK;
}

void *anima_player_instance(const anima_player *player, size_t offset) {
  return offset == ANIMA_NO_INSTANCE ? NULL : player->instances + offset;
}

void anima_player_run_stage(anima_player *player, anima_stage stage) {
  const anima_model *model = player->model;
  size_t first = model->stage_first[stage];
  size_t end = model->stage_first[stage + 1];
  if (first == end) {
    return;
  }
  anima_step *step = anima_player_step_context(player);
  step->stage = stage;
  for (size_t i = first; i < end; i++) {
    const anima_model_hook *hook = &model->hooks[i];
    if (hook->desc->run == NULL) {
      continue; /* no step work (compile only) */
    }
    hook->desc->run(step, hook->data,
                    anima_player_instance(player, hook->instance),
                    hook->desc->user);
  }
  step->stage = 0;
}

void anima_player_run_creation_hooks(anima_player *player) {
  const anima_model *model = player->model;
  anima_step *step = anima_player_step_context(player);
  for (size_t i = 0; i < model->hook_count; i++) {
    const anima_model_hook *hook = &model->hooks[i];
    if (hook->desc->runs_at_creation && hook->desc->run != NULL) {
      step->stage = hook->desc->stage;
      hook->desc->run(step, hook->data,
                      anima_player_instance(player, hook->instance),
                      hook->desc->user);
    }
  }
  step->stage = 0;
}

/* The rig stage: the kernel's sorted solvers, then SOLVE hooks. */
static void solve(anima_player *player) {
  if (player->model->solver_count > 0) {
    anima_player_solve(player);
  }
  anima_player_run_stage(player, ANIMA_STAGE_SOLVE);
}

/* The pose point, LAYOUT, the rig stage and POSE with its one more pass. */
static void pose_and_solve(anima_player *player) {
  /* The pose point: this step's values, before LAYOUT reads or replaces
   * local matrices. */
  anima_player_pose(player);
  anima_player_run_stage(player, ANIMA_STAGE_LAYOUT);
  anima_step *step = anima_player_step_context(player);
  step->solve_requested = false;
  solve(player);
  anima_player_run_stage(player, ANIMA_STAGE_POSE);
  if (step->solve_requested) {
    /* Exactly one more pass (rig chapter "Rig stage and extension
     * contract": "with freshly posed values"); a request made during it is
     * not honoured. Every local matrix that LAYOUT or a solver replaced is
     * recomputed from the values the POSE stage left, the LAYOUT hooks
     * publish their frames again, and the solvers start from there. */
    step->solve_requested = false;
    anima_pose_update(&player->pose, player->model, player->values);
    anima_player_run_stage(player, ANIMA_STAGE_LAYOUT);
    solve(player);
  }
}

void anima_player_run_module_stages(anima_player *player) {
  pose_and_solve(player);
  anima_player_run_stage(player, ANIMA_STAGE_END);
  anima_pose_refresh(&player->pose, player->model);
}

void anima_player_resolve_solved(anima_player *player) {
  const anima_model *model = player->model;
  if (!model->step_modules) {
    anima_player_resolve(player);
    return;
  }
  anima_player_write_layers(player);
  anima_player_run_stage(player, ANIMA_STAGE_BIND);
  anima_player_clamp(player, model->animated_slots, model->animated_slot_count);
  player->pose_pending = true;
  pose_and_solve(player);
  anima_pose_refresh(&player->pose, player->model);
}

bool anima_player_modules_at_rest(anima_player *player) {
  const anima_model *model = player->model;
  if (!anima_player_solvers_at_rest(player)) {
    return false;
  }
  anima_step *step = anima_player_step_context(player);
  for (size_t i = 0; i < model->hook_count; i++) {
    const anima_model_hook *hook = &model->hooks[i];
    if (hook->desc->at_rest &&
        !hook->desc->at_rest(step, hook->data,
                             anima_player_instance(player, hook->instance),
                             hook->desc->user)) {
      return false;
    }
  }
  return true;
}

void anima_player_moment(anima_player *player, anima_layer_moment *moment) {
  const anima_model *model = player->model;
  if (model->hook_count == 0) {
    return;
  }
  moment->struct_size = sizeof *moment;
  anima_step *step = anima_player_step_context(player);
  for (size_t i = 0; i < model->hook_count; i++) {
    const anima_model_hook *hook = &model->hooks[i];
    if (hook->desc->observe) {
      hook->desc->observe(step, hook->data,
                          anima_player_instance(player, hook->instance), moment,
                          hook->desc->user);
    }
  }
}
