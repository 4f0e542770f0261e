/* node_outline.c — node outlines for drawing and hit testing (node_outline.h).
 */
#include "node_outline.h"

#include <math.h>

static double number_of(const anima_value *values, long slot, double fallback) {
  if (slot < 0 || values[slot].type != ANIMA_VALUE_NUMBER ||
      !isfinite(values[slot].as.number)) {
    return fallback;
  }
  return values[slot].as.number;
}

/* Gives a module's outline hook the node's geometry and feature values.
 * Returns true when the hook drew the outline. */
static bool hooked_outline(const anima_model_node *item,
                           const anima_value *values, anima_path *storage,
                           anima_status *status) {
  const anima_model_node_slots *slots = &item->slots;
  double geometry[5] = {0, 0, 0, 0, 0};
  size_t geometry_count = 0;
  if (item->kind == ANIMA_NODE_RECT) {
    geometry[0] = item->x0;
    geometry[1] = item->y0;
    geometry[2] = number_of(values, slots->w, 0);
    geometry[3] = number_of(values, slots->h, 0);
    geometry[4] = number_of(values, slots->rx, 0);
    geometry_count = 5;
  } else if (item->kind == ANIMA_NODE_CIRCLE || item->kind == ANIMA_NODE_ARC) {
    geometry[0] = item->center_x;
    geometry[1] = item->center_y;
    geometry[2] = number_of(values, slots->r, 0);
    geometry[3] = number_of(values, slots->from, 0);
    geometry[4] = number_of(values, slots->to, 0);
    geometry_count = item->kind == ANIMA_NODE_CIRCLE ? 3 : 5;
  }
  double feature_values[ANIMA_OUTLINE_HOOK_VALUES];
  bool present = item->outline_hook_slot_count > 0;
  for (size_t i = 0; i < item->outline_hook_slot_count; i++) {
    long slot = item->outline_hook_slots[i];
    present = present && slot >= 0;
    feature_values[i] = number_of(values, slot, 0);
  }
  anima_outline_input input = {geometry, geometry_count, feature_values,
                               item->outline_hook_slot_count, present};
  bool handled = false;
  anima_path_clear(storage);
  *status = item->outline_hook(&input, storage, &handled);
  if (*status != ANIMA_OK) {
    anima_path_clear(storage);
    return true;
  }
  return handled;
}

anima_status anima_node_outline(const anima_model *model, size_t node,
                                const anima_value *values, anima_path *storage,
                                const anima_path **outline) {
  const anima_model_node *item = &model->nodes[node];
  const anima_model_node_slots *slots = &item->slots;
  *outline = storage;
  anima_status status = ANIMA_OK;
  if (item->outline_hook && hooked_outline(item, values, storage, &status)) {
    return status;
  }
  switch (item->kind) {
  case ANIMA_NODE_PATH:
    *outline = &item->outline;
    return ANIMA_OK;
  case ANIMA_NODE_CIRCLE:
    anima_path_clear(storage);
    return anima_path_add_circle(storage, item->center_x, item->center_y,
                                 number_of(values, slots->r, 0));
  case ANIMA_NODE_RECT:
    anima_path_clear(storage);
    return anima_path_add_rect(
        storage, item->x0, item->y0, number_of(values, slots->w, 0),
        number_of(values, slots->h, 0), number_of(values, slots->rx, 0));
  case ANIMA_NODE_ARC:
    anima_path_clear(storage);
    return anima_path_add_arc(
        storage, item->center_x, item->center_y, number_of(values, slots->r, 0),
        number_of(values, slots->from, 0), number_of(values, slots->to, 0));
  case ANIMA_NODE_GROUP:
  case ANIMA_NODE_OTHER:
  default:
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
}
