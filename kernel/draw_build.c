/*
 * draw_build.c — filling a model's draw frame from a player's values every
 * frame (include/anima/draw.h; SPEC §4 transforms, paint, trims and
 * Knockout; §6 colours; paint "Dashes"; what modules lowered). The items
 * and tables were laid out by draw_layout.c: this only writes numbers into
 * them — no allocation, no strings.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "draw_internal.h"
#include "node_outline.h"
#include "pose.h"
#include "slot_values.h"
#include "view.h"

/* Property values by slot, the rule hit testing shares (slot_values.h). */
static double number_of(const anima_value *values, long slot, double fallback) {
  return anima_slot_number(values, slot, fallback);
}

static bool bool_of(const anima_value *values, long slot, bool fallback) {
  return anima_slot_bool(values, slot, fallback);
}

static double clamp_unit(double value) {
  return value < 0 ? 0 : (value > 1 ? 1 : value);
}

static double at_least_zero(double value) {
  return value > 0 ? value : 0;
}

static anima_draw_color resolve_color(const anima_draw_frame *frame,
                                      const anima_value *values,
                                      const anima_model_paint_color *paint,
                                      long slot) {
  anima_draw_color color = {{0, 0, 0, 255}, ANIMA_COLOR_SOURCE_LITERAL, 0};
  switch (paint->source) {
  case ANIMA_COLOR_SOURCE_SLOT:
    if (paint->color_slot >= 0 &&
        (size_t)paint->color_slot < frame->slot_count) {
      color.source = ANIMA_COLOR_SOURCE_SLOT;
      color.slot = (size_t)paint->color_slot;
      color.color = frame->slots[color.slot].color;
    }
    break;
  case ANIMA_COLOR_SOURCE_CURRENT:
    color.source = ANIMA_COLOR_SOURCE_CURRENT;
    color.color = frame->current_color;
    break;
  case ANIMA_COLOR_SOURCE_LITERAL:
    if (slot >= 0 && values[slot].type == ANIMA_VALUE_COLOR) {
      color.color = values[slot].as.color;
    }
    break;
  }
  return color;
}

/* The node's matrices from the player's pose (pose.h), its visibility and
 * opacity from its values. */
static void build_transform(anima_draw_item *item, const anima_model_node *node,
                            const anima_view *view) {
  const anima_model_node_slots *s = &node->slots;
  item->local = view->locals[item->node];
  item->world = view->worlds[item->node];
  item->visible = bool_of(view->values, s->visible, true);
  item->opacity = clamp_unit(number_of(view->values, s->opacity, 1));
}

/*
 * Rebuilds a shape's outline from the current values (node_outline.c, the
 * builder hit testing uses too) and returns its natural length: closed
 * forms of the node's behaviour or outline hook (paint chapter, "Shared
 * outline lengths"), measured for other outlines when a stroke needs it.
 */
static double build_outline(anima_path *storage, const anima_view *view,
                            size_t node_index, bool measure,
                            anima_status *status) {
  const anima_path *outline = storage;
  anima_status built = anima_node_outline(view, node_index, storage, &outline);
  if (built != ANIMA_OK) {
    *status = built;
    anima_path_clear(storage);
    return 0;
  }
  if (outline != storage) {
    /* a fixed outline (a path): the model's, copied so the shape can point
     * at this frame's storage whatever the hook decided */
    anima_path_clear(storage);
    if (anima_path_append(storage, outline) != ANIMA_OK) {
      *status = ANIMA_ERROR_NO_MEMORY;
    }
  }
  return anima_node_length(view, node_index, storage, measure);
}

/* A stroke's width, trims and dashes (paint "Dashes": trim wins). */
static void build_stroke(anima_draw_frame *frame, anima_draw_stroke *stroke,
                         const anima_model_paint *paint,
                         const anima_value *values, double length) {
  stroke->width = at_least_zero(number_of(values, paint->width_slot, 1));
  stroke->cap = paint->cap;
  stroke->join = paint->join;
  stroke->fixed = paint->fixed;
  stroke->placement = paint->placement;
  stroke->trim_start = 0;
  stroke->trim_end = 1;
  stroke->trim_offset = 0;
  stroke->trim = (anima_trim){.visible = true, .full = true};
  if (paint->has_trim) {
    stroke->trim_start =
        clamp_unit(number_of(values, paint->trim_start_slot, 0));
    stroke->trim_end = clamp_unit(number_of(values, paint->trim_end_slot, 1));
    stroke->trim_offset = number_of(values, paint->trim_offset_slot, 0);
    if (anima_trim_resolve(length, stroke->trim_start, stroke->trim_end,
                           stroke->trim_offset, &stroke->trim) != ANIMA_OK) {
      stroke->trim = (anima_trim){.visible = false};
    }
  }
  if (paint->dash_count > 0) {
    double scale = paint->dash_percent ? length : 1;
    double *dashes = frame->dashes + stroke->first_dash;
    for (size_t index = 0; index < paint->dash_count; index++) {
      dashes[index] = paint->dashes[index] * scale;
    }
    stroke->dash_offset = number_of(values, paint->dash_offset_slot, 0) * scale;
  }
}

/* A stroke whose geometry a module builds (compile_stroke_path): into the
 * layer's storage; nothing is stroked when it fails or is empty. */
static void build_stroke_path(anima_draw_frame *frame, size_t layer_index,
                              anima_draw_stroke *stroke,
                              const anima_model_paint *source,
                              const anima_draw_shape *shape,
                              const anima_view *view, anima_status *status) {
  struct anima_draw_builder *builder = frame->builder;
  anima_path *path = &builder->stroke_paths[layer_index];
  anima_path_clear(path);
  const anima_stroke_path_desc *desc = source->stroke_path;
  anima_status built;
  if (desc->build_outline != NULL) {
    /* the outline this frame built (or the model's own): the one the
     * fill paints */
    static const anima_path empty = {0};
    void *scratch = builder->stroke_scratch != NULL
                        ? builder->stroke_scratch[layer_index]
                        : NULL;
    built = desc->build_outline(
        view, desc->data, shape->outline != NULL ? shape->outline : &empty,
        path, scratch);
  } else {
    built = desc->build(view, desc->data, path);
  }
  if (built != ANIMA_OK) {
    anima_path_clear(path);
    if (*status == ANIMA_OK) {
      *status = built;
      snprintf(builder->error, sizeof builder->error,
               "the stroke geometry of %s failed to build",
               source->pointer != NULL ? source->pointer : "a stroke");
    }
  }
  stroke->path = path;
  stroke->trim = (anima_trim){.visible = path->count > 0, .full = true};
}

static void build_layers(anima_draw_frame *frame, const anima_draw_shape *shape,
                         const anima_view *view, anima_status *status) {
  struct anima_draw_builder *builder = frame->builder;
  const anima_value *values = view->values;
  for (size_t index = 0; index < shape->layer_count; index++) {
    size_t layer_index = shape->first_layer + index;
    anima_draw_layer *layer = &frame->layers[layer_index];
    const anima_model_paint *source = builder->layer_sources[layer_index].paint;
    layer->visible = bool_of(values, source->visible_slot, true);
    if (layer->blend == ANIMA_BLEND_ADDITIVE) {
      /* the layer's amount (compile_blend; the layout set the mode) */
      const anima_model_draw *draw =
          view->model->draws[builder->layer_sources[layer_index].node];
      layer->blend_amount = clamp_unit(
          number_of(values, draw->layer_blends[index].amount_slot, 1));
    }
    anima_draw_paint *paint = &frame->paints[layer->paint];
    if (source->paint_kind != NULL && source->paint_kind->resolve != NULL) {
      paint->transform = anima_matrix_identity();
      source->paint_kind->resolve(view, source->paint_kind_data, paint,
                                  frame->stops + paint->first_stop,
                                  source->paint_kind->user);
    } else {
      paint->kind = ANIMA_PAINT_SOLID;
      paint->mixed = false;
      paint->color =
          resolve_color(frame, values, &source->color, source->color_slot);
    }
    if (layer->kind == ANIMA_LAYER_STROKE) {
      anima_draw_stroke *stroke = &frame->strokes[layer->stroke];
      build_stroke(frame, stroke, source, values, shape->length);
      if (source->stroke_path != NULL) {
        build_stroke_path(frame, layer_index, stroke, source, shape, view,
                          status);
      }
    }
  }
}

static void build_shape(anima_draw_frame *frame, anima_draw_item *item,
                        const anima_view *view, anima_status *status) {
  struct anima_draw_builder *builder = frame->builder;
  size_t shape_index = item->payload;
  anima_draw_shape *shape = &frame->shapes[shape_index];
  if (!builder->model_outline[shape_index]) {
    shape->length =
        build_outline(&builder->outlines[shape_index], view, item->node,
                      builder->measure[shape_index], status);
  }
  build_layers(frame, shape, view, status);
}

/* The world matrix of a node's parent. */
static anima_matrix parent_world(const anima_view *view, size_t node) {
  long parent = view->model->nodes[node].parent;
  return parent >= 0 ? view->worlds[parent] : anima_matrix_identity();
}

/* The inverse of `matrix`, or a zero matrix when it is singular (what it
 * maps then has no area). */
static anima_matrix inverse_or_zero(anima_matrix matrix) {
  anima_matrix inverse;
  if (!anima_matrix_invert(matrix, &inverse)) {
    return (anima_matrix){0, 0, 0, 0, 0, 0};
  }
  return inverse;
}

/* Masks and clips: strengths and the matrices from their sources' spaces,
 * once every item has its matrices. */
static void build_masks_and_clips(anima_draw_frame *frame,
                                  const anima_view *view) {
  struct anima_draw_builder *builder = frame->builder;
  for (size_t index = 0; index < frame->mask_count; index++) {
    anima_draw_mask *mask = &frame->masks[index];
    const anima_draw_item *source = &frame->items[mask->source];
    if (mask->area) {
      /* a knockout's strength: the cutter's opacity (its own item's; an
       * emitting cutter's SHAPE is inside its group) */
      mask->strength = frame->items[builder->node_items[source->node]].opacity;
      continue;
    }
    const anima_draw_item *begin = &frame->items[builder->mask_items[index]];
    mask->transform = anima_matrix_multiply(inverse_or_zero(begin->world),
                                            parent_world(view, source->node));
  }
  for (size_t index = 0; index < frame->clip_count; index++) {
    anima_draw_clip *clip = &frame->clips[index];
    const anima_draw_item *source = &frame->items[clip->source];
    const anima_draw_item *begin = &frame->items[builder->clip_items[index]];
    clip->transform =
        anima_matrix_multiply(inverse_or_zero(begin->world), source->world);
  }
}

/* The paint order of every range whose children a module reordered
 * (composite "Sibling draw order"; the pose keeps the order a stage hook
 * set, pose.h). */
static void build_order(anima_draw_frame *frame, const anima_player *player) {
  struct anima_draw_builder *builder = frame->builder;
  for (size_t index = 0; index < builder->order_range_count; index++) {
    const draw_order_range *range = &builder->order_ranges[index];
    size_t count = 0;
    const size_t *order =
        anima_player_child_order(player, range->parent, &count);
    if (order == NULL || count != range->count) {
      continue;
    }
    for (size_t position = 0; position < count; position++) {
      size_t authored = order[position] < count ? order[position] : position;
      frame->order[range->first + position] =
          builder->default_order[range->first + authored];
    }
  }
}

anima_status anima_draw_frame_build(anima_draw_frame *frame,
                                    const anima_player *player) {
  if (frame == NULL || player == NULL || frame->builder == NULL ||
      anima_player_model(player) != frame->builder->model) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  struct anima_draw_builder *builder = frame->builder;
  const anima_model *model = builder->model;
  const anima_view view = anima_player_view(player, frame);
  const anima_value *values = view.values;
  anima_status status = ANIMA_OK;
  builder->error[0] = '\0';
  for (size_t index = 0; index < frame->item_count; index++) {
    anima_draw_item *item = &frame->items[index];
    const anima_model_node *node = &model->nodes[item->node];
    switch (item->kind) {
    case ANIMA_DRAW_GROUP_BEGIN:
    case ANIMA_DRAW_SHAPE:
      if (builder->roles[index] == DRAW_ROLE_NODE) {
        build_transform(item, node, &view);
      } else if (builder->roles[index] == DRAW_ROLE_INNER) {
        /* inside the node's own group: its matrix, opacity, visibility */
        item->world = view.worlds[item->node];
      } else {
        item->world = parent_world(&view, item->node);
        item->visible = bool_of(values, node->slots.visible, true);
      }
      if (item->kind == ANIMA_DRAW_SHAPE) {
        build_shape(frame, item, &view, &status);
      } else if (frame->groups[item->payload].blend == ANIMA_BLEND_ADDITIVE) {
        const anima_model_draw *draw = model->draws[item->node];
        frame->groups[item->payload].strength =
            clamp_unit(number_of(values, draw->strength_slot, 1));
      }
      break;
    case ANIMA_DRAW_MASK_BEGIN:
    case ANIMA_DRAW_CLIP_BEGIN:
      item->world = parent_world(&view, item->node);
      break;
    case ANIMA_DRAW_GROUP_END:
    case ANIMA_DRAW_MASK_END:
    case ANIMA_DRAW_CLIP_END: {
      const anima_draw_item *begin = &frame->items[item->partner];
      item->local = begin->local;
      item->world = begin->world;
      item->visible = begin->visible;
      item->opacity = begin->opacity;
      break;
    }
    case ANIMA_DRAW_IMAGE:
    case ANIMA_DRAW_MESH:
      /* a behaviour's primitives, inside the node's own group */
      item->world = view.worlds[item->node];
      break;
    case ANIMA_DRAW_ITEM_KIND_COUNT:
      break;
    }
  }
  if (builder->emitter_count > 0) {
    anima_status emitted = anima_draw_build_emitters(frame, &view);
    status = status == ANIMA_OK ? emitted : status;
  }
  build_masks_and_clips(frame, &view);
  build_order(frame, player);
  return status;
}

const char *anima_draw_frame_error(const anima_draw_frame *frame) {
  if (frame == NULL || frame->builder == NULL ||
      frame->builder->error[0] == '\0') {
    return NULL;
  }
  return frame->builder->error;
}
