/* node_outline.c — node outlines for drawing and hit testing (node_outline.h),
 * and the view module callbacks read values through (view.h). */
#include "node_outline.h"

#include <math.h>

#include "host_internal.h"
#include "view.h"

/* ---- the view
 * ---------------------------------------------------------------- */

const anima_value *anima_view_value(const anima_view *view, size_t slot) {
  return slot < view->model->slot_count ? &view->values[slot] : NULL;
}

double anima_view_number(const anima_view *view, size_t slot, double fallback) {
  const anima_value *value = anima_view_value(view, slot);
  if (!value || value->type != ANIMA_VALUE_NUMBER ||
      !isfinite(value->as.number)) {
    return fallback;
  }
  return value->as.number;
}

static double slot_number(const anima_view *view, long slot, double fallback) {
  return slot < 0 ? fallback : anima_view_number(view, (size_t)slot, fallback);
}

anima_matrix anima_view_local(const anima_view *view, size_t node) {
  if (node >= view->model->node_count) {
    return anima_matrix_identity();
  }
  const anima_model_node *item = &view->model->nodes[node];
  const anima_model_node_slots *s = &item->slots;
  return anima_matrix_local(
      slot_number(view, s->x, 0), slot_number(view, s->y, 0), item->pivot_x,
      item->pivot_y, slot_number(view, s->rotate, 0),
      slot_number(view, s->scale, 1), slot_number(view, s->scale_x, 1),
      slot_number(view, s->scale_y, 1));
}

anima_matrix anima_view_world(const anima_view *view, size_t node) {
  if (node >= view->model->node_count) {
    return anima_matrix_identity();
  }
  anima_matrix world = anima_view_local(view, node);
  for (long parent = view->model->nodes[node].parent; parent >= 0;
       parent = view->model->nodes[parent].parent) {
    world =
        anima_matrix_multiply(anima_view_local(view, (size_t)parent), world);
  }
  return world;
}

anima_draw_color anima_view_color(const anima_view *view, size_t slot) {
  anima_draw_color color = {{0, 0, 0, 255}, ANIMA_COLOR_SOURCE_LITERAL, 0};
  const anima_value *value = anima_view_value(view, slot);
  if (value && value->type == ANIMA_VALUE_COLOR) {
    color.color = value->as.color;
  }
  return color;
}

/* ---- outlines
 * ---------------------------------------------------------------- */

static double number_of(const anima_value *values, long slot, double fallback) {
  if (slot < 0 || values[slot].type != ANIMA_VALUE_NUMBER ||
      !isfinite(values[slot].as.number)) {
    return fallback;
  }
  return values[slot].as.number;
}

anima_status anima_node_outline(const anima_model *model, size_t node,
                                const anima_value *values, anima_path *storage,
                                const anima_path **outline) {
  const anima_model_node *item = &model->nodes[node];
  const anima_model_node_slots *slots = &item->slots;
  *outline = storage;
  if (item->outline_hook && item->outline_hook->outline) {
    anima_view view = anima_view_make(model, values, NULL);
    bool handled = false;
    anima_path_clear(storage);
    anima_status status =
        item->outline_hook->outline(&view, item->outline_hook_data, storage,
                                    &handled, item->outline_hook->user);
    if (status != ANIMA_OK) {
      anima_path_clear(storage);
      return status;
    }
    if (handled) {
      return ANIMA_OK;
    }
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
