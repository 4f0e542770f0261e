/*
 * pose_solve.c — the rig stage's solvers (module.h anima_solver_kind_desc;
 * rig chapter "Rig stage and extension contract"): in the model's sorted
 * order, each solver's desired local matrix of its host is blended into
 * the pose by the item's `strength`, and each partial solver reads the
 * result of the ones before it. A second pass (POSE stage) recomputes the
 * pose from the values and runs LAYOUT again first (player_stage.c).
 */
#include <math.h>

#include "host_internal.h"
#include "player_internal.h"

static bool finite_matrix(anima_matrix m) {
  return isfinite(m.a) && isfinite(m.b) && isfinite(m.c) && isfinite(m.d) &&
         isfinite(m.e) && isfinite(m.f);
}

/* The item's strength: its slot clamped to 0..1, or 1 without one. */
static double strength_of(const anima_player *player,
                          const anima_model_solver *solver) {
  if (solver->strength < 0) {
    return 1;
  }
  const anima_value *value = &player->values[solver->strength];
  if (value->type != ANIMA_VALUE_NUMBER || !(value->as.number > 0)) {
    return 0;
  }
  return value->as.number < 1 ? value->as.number : 1;
}

void anima_player_solve(anima_player *player) {
  const anima_model *model = player->model;
  anima_pose *pose = &player->pose;
  anima_player_pose(player);
  anima_step *step = anima_player_step_context(player);
  step->stage = ANIMA_STAGE_SOLVE;
  for (size_t i = 0; i < model->solver_count; i++) {
    const anima_model_solver *solver = &model->solvers[i];
    const anima_solver_kind_desc *desc = solver->desc;
    anima_matrix current = pose->local[solver->host];
    anima_matrix desired = current;
    if (!desc->solve(step, solver->data,
                     anima_player_instance(player, solver->instance),
                     solver->host, &desired, desc->user) ||
        !finite_matrix(desired)) {
      continue;
    }
    double strength = strength_of(player, solver);
    if (strength <= 0) {
      continue; /* strength 0 skips */
    }
    const anima_model_node *host = &model->nodes[solver->host];
    anima_point pivot = {host->pivot_x, host->pivot_y};
    anima_pose_set_local(pose, model, solver->host,
                         anima_matrix_blend(current, desired, strength, pivot));
  }
  step->stage = 0;
}

bool anima_player_solvers_at_rest(anima_player *player) {
  const anima_model *model = player->model;
  anima_step *step = anima_player_step_context(player);
  for (size_t i = 0; i < model->solver_count; i++) {
    const anima_model_solver *solver = &model->solvers[i];
    if (solver->desc->at_rest &&
        !solver->desc->at_rest(step, solver->data,
                               anima_player_instance(player, solver->instance),
                               solver->desc->user)) {
      return false;
    }
  }
  return true;
}
