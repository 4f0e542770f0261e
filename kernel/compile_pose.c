/*
 * compile_pose.c — what the per-player pose (pose.h) needs from the model:
 * the nodes whose transform a step can change (model->pose_moving).
 */
#include <stdlib.h>

#include "compile_internal.h"

static bool animated(const anima_model *model, long slot) {
  return slot >= 0 && model->slots[slot].animated;
}

anima_status anima_compile_pose(anima_model *model) {
  size_t count = model->node_count ? model->node_count : 1;
  model->pose_moving = calloc(count, sizeof *model->pose_moving);
  if (!model->pose_moving) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  for (size_t i = 0; i < model->node_count; i++) {
    const anima_model_node_slots *s = &model->nodes[i].slots;
    if (animated(model, s->x) || animated(model, s->y) ||
        animated(model, s->rotate) || animated(model, s->scale) ||
        animated(model, s->scale_x) || animated(model, s->scale_y)) {
      model->pose_moving[model->pose_moving_count++] = i;
    }
  }
  return ANIMA_OK;
}
