/*
 * node_outline.c — node outlines and lengths for drawing and hit testing
 * (node_outline.h), through node behaviours and outline hooks.
 */
#include "node_outline.h"

bool anima_node_has_outline(const anima_model *model, size_t node) {
  const anima_model_node *item = &model->nodes[node];
  if (item->outline_hook) {
    return true;
  }
  const anima_node_behaviour_desc *behaviour = item->behaviour;
  return behaviour && (behaviour->flags & ANIMA_BEHAVIOUR_OUTLINE) &&
         !(behaviour->flags & ANIMA_BEHAVIOUR_DRAWS_NOTHING) &&
         (behaviour->outline || item->fixed_outline);
}

bool anima_node_is_container(const anima_model *model, size_t node) {
  const anima_node_behaviour_desc *behaviour = model->nodes[node].behaviour;
  return behaviour && (behaviour->flags & ANIMA_BEHAVIOUR_CONTAINER);
}

anima_status anima_node_outline(const anima_view *view, size_t node,
                                anima_path *storage,
                                const anima_path **outline) {
  const anima_model_node *item = &view->model->nodes[node];
  *outline = storage;
  if (item->outline_hook && item->outline_hook->outline) {
    bool handled = false;
    anima_path_clear(storage);
    anima_status status =
        item->outline_hook->outline(view, item->outline_hook_data, storage,
                                    &handled, item->outline_hook->user);
    if (status != ANIMA_OK) {
      anima_path_clear(storage);
      return status;
    }
    if (handled) {
      return ANIMA_OK;
    }
  }
  if (item->fixed_outline) {
    *outline = item->fixed_outline;
    return ANIMA_OK;
  }
  const anima_node_behaviour_desc *behaviour = item->behaviour;
  if (!behaviour || !behaviour->outline ||
      !(behaviour->flags & ANIMA_BEHAVIOUR_OUTLINE)) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  anima_path_clear(storage);
  anima_status status =
      behaviour->outline(view, item->behaviour_data, storage, behaviour->user);
  if (status != ANIMA_OK) {
    anima_path_clear(storage);
  }
  return status;
}

double anima_node_length(const anima_view *view, size_t node,
                         const anima_path *outline, bool measure) {
  const anima_model_node *item = &view->model->nodes[node];
  if (item->outline_hook) {
    if (item->outline_hook->length) {
      return item->outline_hook->length(view, item->outline_hook_data,
                                        item->outline_hook->user);
    }
  } else if (item->behaviour && item->behaviour->length) {
    return item->behaviour->length(view, item->behaviour_data,
                                   item->behaviour->user);
  }
  return measure ? anima_path_length(outline) : 0;
}
