/*
 * pose_view.c — the view module callbacks read values and the pose
 * through (view.h; module.h anima_host view_* members).
 */
#include <math.h>

#include "host_internal.h"
#include "pose.h"
#include "slot_values.h"
#include "view.h"

anima_view anima_player_view(const anima_player *player,
                             const anima_draw_frame *frame) {
  anima_view view = {
      .model = anima_player_model(player),
      .values = anima_player_slot_values(player),
      .locals = anima_player_locals(player),
      .worlds = anima_player_worlds(player),
      .frame = frame,
  };
  return view;
}

const anima_value *anima_view_value(const anima_view *view, size_t slot) {
  return slot < view->model->slot_count ? &view->values[slot] : NULL;
}

double anima_view_number(const anima_view *view, size_t slot, double fallback) {
  return slot < view->model->slot_count
             ? anima_slot_number(view->values, (long)slot, fallback)
             : fallback;
}

static double slot_number(const anima_view *view, long slot, double fallback) {
  return slot < 0 ? fallback : anima_view_number(view, (size_t)slot, fallback);
}

/* The authored local matrix from the values (views without a pose). */
static anima_matrix authored_local(const anima_view *view, size_t node) {
  const anima_model_node *item = &view->model->nodes[node];
  const anima_model_node_slots *s = &item->slots;
  return anima_matrix_local(
      slot_number(view, s->x, 0), slot_number(view, s->y, 0), item->pivot_x,
      item->pivot_y, slot_number(view, s->rotate, 0),
      slot_number(view, s->scale, 1), slot_number(view, s->scale_x, 1),
      slot_number(view, s->scale_y, 1));
}

anima_matrix anima_view_local(const anima_view *view, size_t node) {
  if (node >= view->model->node_count) {
    return anima_matrix_identity();
  }
  return view->locals ? view->locals[node] : authored_local(view, node);
}

anima_matrix anima_view_world(const anima_view *view, size_t node) {
  if (node >= view->model->node_count) {
    return anima_matrix_identity();
  }
  if (view->worlds) {
    return view->worlds[node];
  }
  anima_matrix world = authored_local(view, node);
  for (long parent = view->model->nodes[node].parent; parent >= 0;
       parent = view->model->nodes[parent].parent) {
    world = anima_matrix_multiply(authored_local(view, (size_t)parent), world);
  }
  return world;
}

/*
 * A colour property's draw colour (SPEC §6): a hex literal (or an animated
 * colour, always a literal) is the slot's value; a document value naming a
 * colour slot paints the frame's slot colour (an override, else the
 * default; without a frame the default) and `currentColor` the frame's
 * current colour (black without a frame, DECISIONS 9), each keeping its
 * source for live SVG.
 */
anima_draw_color anima_view_color(const anima_view *view, size_t slot) {
  anima_draw_color color = {{0, 0, 0, 255}, ANIMA_COLOR_SOURCE_LITERAL, 0};
  const anima_value *value = anima_view_value(view, slot);
  if (!value || value->type != ANIMA_VALUE_COLOR) {
    return color;
  }
  color.color = value->as.color;
  const anima_model *model = view->model;
  const anima_model_slot *entry = &model->slots[slot];
  const anima_draw_frame *frame = view->frame;
  if (entry->color_source == ANIMA_COLOR_SOURCE_SLOT &&
      entry->color_slot >= 0 &&
      (size_t)entry->color_slot < model->color_slot_count) {
    size_t index = (size_t)entry->color_slot;
    color.source = ANIMA_COLOR_SOURCE_SLOT;
    color.slot = index;
    if (frame && index < frame->slot_count) {
      color.color = frame->slots[index].color;
    } else if (model->color_slots[index].is_current_color) {
      color.color = (anima_color){0, 0, 0, 255};
    } else {
      color.color = model->color_slots[index].value;
    }
  } else if (entry->color_source == ANIMA_COLOR_SOURCE_CURRENT) {
    color.source = ANIMA_COLOR_SOURCE_CURRENT;
    color.color = frame ? frame->current_color : (anima_color){0, 0, 0, 255};
  }
  return color;
}

anima_point anima_view_pivot(const anima_view *view, size_t node) {
  anima_point pivot = {0, 0};
  if (node < view->model->node_count) {
    pivot.x = view->model->nodes[node].pivot_x;
    pivot.y = view->model->nodes[node].pivot_y;
  }
  return pivot;
}

long anima_view_find_slot(const anima_view *view, size_t node,
                          const char *address) {
  if (!view || !address || node >= view->model->node_count) {
    return -1;
  }
  return anima_model_node_address_slot(view->model, node, address);
}

anima_status anima_view_deform_points(const anima_view *view, size_t node,
                                      anima_point *points, size_t count) {
  if (!view || node >= view->model->node_count) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  const anima_model_node *item = &view->model->nodes[node];
  if (!item->deformer) {
    return ANIMA_OK; /* nothing deforms this node: the rest points stay */
  }
  if (count != item->deform_count || (!points && count > 0)) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  item->deformer->deform(view, item->deformer_data, points, count,
                         item->deformer->user);
  return ANIMA_OK;
}

const void *anima_view_deformer(const anima_view *view, size_t node,
                                const anima_deformer_desc **desc) {
  const anima_model_node *item =
      view && node < view->model->node_count ? &view->model->nodes[node] : NULL;
  if (desc) {
    *desc = item ? item->deformer : NULL;
  }
  return item && item->deformer ? item->deformer_data : NULL;
}

const void *anima_view_outline_hook(const anima_view *view, size_t node,
                                    const anima_outline_hook_desc **desc) {
  const anima_model_node *item =
      node < view->model->node_count ? &view->model->nodes[node] : NULL;
  if (desc) {
    *desc = item ? item->outline_hook : NULL;
  }
  return item && item->outline_hook ? item->outline_hook_data : NULL;
}
