/*
 * draw_build.c — building a model's draw frame from a player's values
 * (include/anima/draw.h; SPEC §4 nodes, transforms, paint, trims and
 * Knockout; §6 colours).
 *
 * anima_draw_frame_create lays out the items once (their order never
 * changes) and allocates every buffer; anima_draw_frame_build then only
 * writes numbers into them.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <anima/draw.h>

#include "model.h"
#include "node_outline.h"
#include "pose.h"
#include "slot_values.h"

struct anima_draw_builder {
  const anima_model *model;
  /** Per item: outline storage of shapes other than paths (each node's
   * outline_segments, model.h). */
  anima_path *outlines;
  anima_segment *segments;
  /** Per item: the cached natural length of a path node's outline. */
  double *path_lengths;
};

/* ------------------------------------------------------------------------ */
/* Layout (create time)                                                      */
/* ------------------------------------------------------------------------ */

/* Nodes with geometry (their behaviour's outline or an outline hook). */
static bool node_is_shape(const anima_model *model, size_t node) {
  return anima_node_has_outline(model, node);
}

static bool node_cuts(const anima_model *model, size_t node) {
  return node_is_shape(model, node) && model->nodes[node].has_knockout;
}

/* Nodes drawn as a group: containers, and nodes that draw nothing
 * themselves but have children (their children draw inside them). */
static bool node_is_group(const anima_model *model, size_t node) {
  return anima_node_is_container(model, node) ||
         (!node_is_shape(model, node) && model->nodes[node].child_count > 0);
}

/* Items a sibling list needs: 2 per group, 1 per shape, 2 per knockout. */
static bool count_items(const anima_model *model, const size_t *list,
                        size_t count, size_t *total) {
  for (size_t index = 0; index < count; index++) {
    const anima_model_node *node = &model->nodes[list[index]];
    if (node_is_group(model, list[index])) {
      *total += 2;
      if (!count_items(model, model->children + node->first_child,
                       node->child_count, total)) {
        return false;
      }
    } else if (node_is_shape(model, list[index])) {
      *total += node_cuts(model, list[index]) ? 3 : 1;
    } else if (!node->behaviour) {
      return false; /* a module's node type without a behaviour */
    }
  }
  return true;
}

typedef struct layout {
  const anima_model *model;
  anima_draw_item *items;
  size_t next;
} layout;

static size_t layout_add(layout *state, anima_draw_item_kind kind,
                         size_t node) {
  size_t index = state->next++;
  anima_draw_item *item = &state->items[index];
  item->kind = kind;
  item->node = node;
  item->id = state->model->nodes[node].id;
  item->partner = index;
  item->cutter = index;
  item->visible = true;
  item->opacity = 1;
  item->knockout = -1;
  return index;
}

/*
 * Lays out one sibling list: a KNOCKOUT_BEGIN for every cutting child
 * (last first, so later cuts enclose earlier ones), then the children, each
 * cutting child preceded by the KNOCKOUT_END of its range (SPEC §4: a
 * knockout cuts every earlier sibling, earlier knockout nodes included).
 */
static void layout_list(layout *state, const size_t *list, size_t count) {
  const anima_model *model = state->model;
  /* Knockout begins, from the last cutting child to the first. */
  for (size_t index = count; index-- > 0;) {
    if (node_cuts(model, list[index])) {
      layout_add(state, ANIMA_DRAW_KNOCKOUT_BEGIN, list[index]);
    }
  }
  size_t open_begin = state->next; /* begins are consumed from the end */
  for (size_t index = 0; index < count; index++) {
    size_t node_index = list[index];
    const anima_model_node *node = &model->nodes[node_index];
    if (node_is_group(model, node_index)) {
      size_t begin = layout_add(state, ANIMA_DRAW_GROUP_BEGIN, node_index);
      layout_list(state, model->children + node->first_child,
                  node->child_count);
      size_t end = layout_add(state, ANIMA_DRAW_GROUP_END, node_index);
      state->items[begin].partner = end;
      state->items[end].partner = begin;
      continue;
    }
    if (node_cuts(model, node_index)) {
      size_t begin = --open_begin;
      size_t end = layout_add(state, ANIMA_DRAW_KNOCKOUT_END, node_index);
      size_t shape = layout_add(state, ANIMA_DRAW_SHAPE, node_index);
      state->items[begin].partner = end;
      state->items[end].partner = begin;
      state->items[begin].cutter = shape;
      state->items[end].cutter = shape;
      continue;
    }
    if (node_is_shape(model, node_index)) {
      layout_add(state, ANIMA_DRAW_SHAPE, node_index);
    }
  }
}

void anima_draw_frame_destroy(anima_draw_frame *frame) {
  if (frame == NULL) {
    return;
  }
  if (frame->builder != NULL) {
    free(frame->builder->outlines);
    free(frame->builder->segments);
    free(frame->builder->path_lengths);
    free(frame->builder);
  }
  free(frame->items);
  free(frame->slots);
  free(frame);
}

/* Segments of outline storage an item needs: none for a fixed outline (a
 * path) drawn from the model, else the node's bound (its behaviour's, or
 * what its outline hook asked for: docs/MODULES.md D2). */
static size_t outline_capacity(const anima_model *model,
                               const anima_draw_item *item) {
  const anima_model_node *node = &model->nodes[item->node];
  if (item->kind != ANIMA_DRAW_SHAPE ||
      (node->fixed_outline && node->outline_hook == NULL)) {
    return 0;
  }
  return node->outline_segments > ANIMA_SHAPE_OUTLINE_SEGMENTS
             ? node->outline_segments
             : ANIMA_SHAPE_OUTLINE_SEGMENTS;
}

static void prepare_outlines(anima_draw_frame *frame) {
  struct anima_draw_builder *builder = frame->builder;
  const anima_model *model = builder->model;
  size_t offset = 0;
  for (size_t index = 0; index < frame->item_count; index++) {
    anima_draw_item *item = &frame->items[index];
    if (item->kind != ANIMA_DRAW_SHAPE) {
      continue;
    }
    const anima_model_node *node = &model->nodes[item->node];
    if (node->fixed_outline && node->outline_hook == NULL) {
      item->outline = node->fixed_outline;
      builder->path_lengths[index] = anima_path_length(node->fixed_outline);
      continue;
    }
    size_t capacity = outline_capacity(model, item);
    anima_path *outline = &builder->outlines[index];
    anima_path_init_storage(outline, builder->segments + offset, capacity);
    offset += capacity;
    item->outline = outline;
  }
}

anima_status anima_draw_frame_create(const anima_model *model,
                                     anima_draw_frame **out) {
  if (model == NULL || out == NULL) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  *out = NULL;
  size_t item_count = 0;
  if (!count_items(model, model->roots, model->root_count, &item_count)) {
    return ANIMA_ERROR_MODULE;
  }
  anima_draw_frame *frame = calloc(1, sizeof *frame);
  struct anima_draw_builder *builder = calloc(1, sizeof *builder);
  if (frame == NULL || builder == NULL) {
    free(frame);
    free(builder);
    return ANIMA_ERROR_NO_MEMORY;
  }
  frame->builder = builder;
  builder->model = model;
  size_t slots = model->color_slot_count;
  size_t items = item_count > 0 ? item_count : 1;
  frame->items = calloc(items, sizeof *frame->items);
  frame->slots = calloc(slots > 0 ? slots : 1, sizeof *frame->slots);
  builder->outlines = calloc(items, sizeof *builder->outlines);
  builder->path_lengths = calloc(items, sizeof *builder->path_lengths);
  if (frame->items == NULL || frame->slots == NULL ||
      builder->outlines == NULL || builder->path_lengths == NULL) {
    anima_draw_frame_destroy(frame);
    return ANIMA_ERROR_NO_MEMORY;
  }
  frame->item_count = item_count;
  for (int index = 0; index < 4; index++) {
    frame->view_box[index] = model->view_box[index];
  }
  frame->grid = model->grid;
  frame->current_color = (anima_color){0, 0, 0, 255};
  frame->slot_count = slots;
  for (size_t index = 0; index < slots; index++) {
    const anima_model_color_slot *slot = &model->color_slots[index];
    frame->slots[index].name = slot->name;
    frame->slots[index].default_is_current = slot->is_current_color;
    frame->slots[index].default_color = slot->value;
    frame->slots[index].color =
        slot->is_current_color ? frame->current_color : slot->value;
  }
  layout state = {model, frame->items, 0};
  layout_list(&state, model->roots, model->root_count);
  size_t segments = 0;
  for (size_t index = 0; index < item_count; index++) {
    segments += outline_capacity(model, &frame->items[index]);
  }
  builder->segments =
      calloc(segments > 0 ? segments : 1, sizeof *builder->segments);
  if (builder->segments == NULL) {
    anima_draw_frame_destroy(frame);
    return ANIMA_ERROR_NO_MEMORY;
  }
  prepare_outlines(frame);
  *out = frame;
  return ANIMA_OK;
}

/* ------------------------------------------------------------------------ */
/* Building (every frame: no allocation, no strings)                         */
/* ------------------------------------------------------------------------ */

/* One rule for drawing and hit testing (slot_values.h). */
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
                            const anima_value *values, const anima_view *view) {
  const anima_model_node_slots *s = &node->slots;
  item->local = view->locals[item->node];
  item->world = view->worlds[item->node];
  item->visible = bool_of(values, s->visible, true);
  item->opacity = clamp_unit(number_of(values, s->opacity, 1));
}

/*
 * Rebuilds a shape's outline from the current values (node_outline.c, the
 * builder hit testing uses too) and returns its natural length: closed
 * forms of the node's behaviour or outline hook (paint chapter, "Shared
 * outline lengths"), measured for other outlines when a trim needs it.
 */
static double build_outline(anima_path *storage, const anima_view *view,
                            size_t node_index, anima_status *status) {
  const anima_model_node *node = &view->model->nodes[node_index];
  const anima_path *outline = storage;
  anima_status built = anima_node_outline(view, node_index, storage, &outline);
  if (built != ANIMA_OK) {
    *status = built;
    anima_path_clear(storage);
    return 0;
  }
  if (outline != storage) {
    /* a fixed outline (a path): the model's, copied so the item can point
     * at this frame's storage whatever the hook decided */
    anima_path_clear(storage);
    if (anima_path_append(storage, outline) != ANIMA_OK) {
      *status = ANIMA_ERROR_NO_MEMORY;
    }
  }
  return anima_node_length(view, node_index, storage, node->has_trim);
}

static void build_paint(anima_draw_frame *frame, anima_draw_item *item,
                        const anima_model_node *node, const anima_value *values,
                        double length) {
  const anima_model_node_slots *s = &node->slots;
  item->fill.present = node->has_fill;
  item->fill.rule = node->fill_rule;
  if (node->has_fill) {
    item->fill.color =
        resolve_color(frame, values, &node->fill_color, s->fill_color);
  }
  anima_draw_stroke *stroke = &item->stroke;
  stroke->present = node->has_stroke;
  stroke->length = length;
  stroke->trim_start = 0;
  stroke->trim_end = 1;
  stroke->trim_offset = 0;
  stroke->trim = (anima_trim){.visible = true, .full = true};
  if (!node->has_stroke) {
    return;
  }
  stroke->color =
      resolve_color(frame, values, &node->stroke_color, s->stroke_color);
  stroke->width = at_least_zero(number_of(values, s->stroke_width, 1));
  stroke->cap = node->cap;
  stroke->join = node->join;
  if (node->has_trim) {
    stroke->trim_start = clamp_unit(number_of(values, s->trim_start, 0));
    stroke->trim_end = clamp_unit(number_of(values, s->trim_end, 1));
    stroke->trim_offset = number_of(values, s->trim_offset, 0);
    if (anima_trim_resolve(length, stroke->trim_start, stroke->trim_end,
                           stroke->trim_offset, &stroke->trim) != ANIMA_OK) {
      stroke->trim = (anima_trim){.visible = false};
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
  const anima_value *values = anima_player_slot_values(player);
  const anima_view view = anima_player_view(player, frame);
  anima_status status = ANIMA_OK;
  for (size_t index = 0; index < frame->item_count; index++) {
    anima_draw_item *item = &frame->items[index];
    const anima_model_node *node = &model->nodes[item->node];
    switch (item->kind) {
    case ANIMA_DRAW_GROUP_BEGIN:
      build_transform(item, node, values, &view);
      break;
    case ANIMA_DRAW_GROUP_END: {
      const anima_draw_item *begin = &frame->items[item->partner];
      item->local = begin->local;
      item->world = begin->world;
      item->visible = begin->visible;
      item->opacity = begin->opacity;
      break;
    }
    case ANIMA_DRAW_SHAPE: {
      build_transform(item, node, values, &view);
      double length = item->outline == node->fixed_outline
                          ? builder->path_lengths[index]
                          : build_outline(&builder->outlines[index], &view,
                                          item->node, &status);
      build_paint(frame, item, node, values, length);
      item->knockout = node->has_knockout ? at_least_zero(node->knockout) : -1;
      break;
    }
    case ANIMA_DRAW_KNOCKOUT_BEGIN:
    case ANIMA_DRAW_KNOCKOUT_END:
      break; /* backends read the cutter item itself */
    }
  }
  /* Knockout items mirror their cutter's visibility and strength. */
  for (size_t index = 0; index < frame->item_count; index++) {
    anima_draw_item *item = &frame->items[index];
    if (item->kind == ANIMA_DRAW_KNOCKOUT_BEGIN ||
        item->kind == ANIMA_DRAW_KNOCKOUT_END) {
      const anima_draw_item *cutter = &frame->items[item->cutter];
      item->visible = cutter->visible;
      item->opacity = cutter->opacity;
      item->local = cutter->local;
      item->world = cutter->world;
    }
  }
  return status;
}
