/*
 * draw_layout.c — creating a model's draw frame (include/anima/draw.h):
 * the items of every node in paint order, their payload tables, the
 * default paint order, the pointers of what produced each item, and every
 * buffer building needs. The structure never changes afterwards;
 * draw_build.c only writes values into it.
 *
 * One node's items, outermost first (each part only when needed):
 *
 *   GROUP_BEGIN (blend wrapper)   a blend mode on a node that is not a
 *                                 group, or on a group that also takes a
 *                                 mask or clip (blend applies last)
 *   MASK_BEGIN                    the node's mask (compile_node_mask)
 *   CLIP_BEGIN                    the node's clip (compile_node_clip)
 *   the node's own items          GROUP_BEGIN children GROUP_END for a
 *                                 group, SHAPE for a painted node;
 *                                 GROUP_BEGIN [SHAPE] IMAGE.. MESH..
 *                                 children GROUP_END for a node whose
 *                                 behaviour emits (draw_emit.c)
 *   CLIP_END MASK_END GROUP_END
 *
 * and knockouts enclose earlier siblings in MASK ranges (draw.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draw_internal.h"
#include "node_outline.h"

/* ------------------------------------------------------------------------ */
/* What a node draws                                                         */
/* ------------------------------------------------------------------------ */

/* What modules lowered for a node, or NULL. */
static const anima_model_draw *node_draw(const anima_model *model,
                                         size_t node) {
  return model->draws != NULL ? model->draws[node] : NULL;
}

/* Nodes with geometry (their behaviour's outline or an outline hook). */
static bool node_is_shape(const anima_model *model, size_t node) {
  return anima_node_has_outline(model, node);
}

static bool node_cuts(const anima_model *model, size_t node) {
  return node_is_shape(model, node) && model->nodes[node].has_knockout;
}

/* Does the node's behaviour emit images and meshes (module.h `emit`)? */
static bool node_emits(const anima_model *model, size_t node) {
  const anima_node_behaviour_desc *behaviour = model->nodes[node].behaviour;
  return behaviour != NULL && behaviour->emit != NULL;
}

/* Nodes drawn as a group: containers, nodes that draw nothing themselves
 * but have children (their children draw inside them), and nodes whose
 * behaviour emits (their outline and primitives draw inside their own
 * group, under its matrix, opacity, mask and clip). */
static bool node_is_group(const anima_model *model, size_t node) {
  return anima_node_is_container(model, node) || node_emits(model, node) ||
         (!node_is_shape(model, node) && model->nodes[node].child_count > 0);
}

/* Does the node draw anything (items of its own)? */
static bool node_draws(const anima_model *model, size_t node) {
  return node_is_group(model, node) || node_is_shape(model, node);
}

static bool needs_wrapper(const anima_model *model, size_t index) {
  const anima_model_draw *draw = node_draw(model, index);
  if (draw == NULL || (draw->blend == ANIMA_BLEND_NORMAL && !draw->isolate)) {
    return false;
  }
  return !node_is_group(model, index) || draw->has_mask || draw->has_clip;
}

/* Layers (fills and strokes) of a shape node. */
static size_t node_layer_count(const anima_model *model, size_t index) {
  const anima_model_draw *draw = node_draw(model, index);
  if (draw != NULL && draw->paints != NULL) {
    return draw->paint_count;
  }
  const anima_model_node *node = &model->nodes[index];
  return (node->has_fill ? 1 : 0) + (node->has_stroke ? 1 : 0);
}

/* ------------------------------------------------------------------------ */
/* Counting                                                                  */
/* ------------------------------------------------------------------------ */

typedef struct counts {
  size_t items, groups, shapes, layers, strokes, dashes, stops, masks, clips;
  size_t emitters, images, meshes, vertices, indices;
} counts;

/* The most one node's `reserve` may declare (larger is a module error at
 * frame creation): keeps every table size and mesh index representable. */
enum {
  reserve_items_limit = 1 << 16,    /* images, and meshes */
  reserve_vertices_limit = 1 << 24, /* mesh vertices (uint32 indices) */
  reserve_indices_limit = 3 << 24,  /* mesh indices */
};

/* Asks every emitting behaviour's `reserve` once; false when one declares
 * more than the limits. */
static bool ask_reserves(const anima_model *model,
                         anima_draw_reserve *reserves) {
  for (size_t index = 0; index < model->node_count; index++) {
    const anima_model_node *node = &model->nodes[index];
    reserves[index] = (anima_draw_reserve){0};
    if (!node_emits(model, index) || node->behaviour->reserve == NULL) {
      continue;
    }
    node->behaviour->reserve(node->behaviour_data, &reserves[index],
                             node->behaviour->user);
    const anima_draw_reserve *reserve = &reserves[index];
    if (reserve->images > reserve_items_limit ||
        reserve->meshes > reserve_items_limit ||
        reserve->mesh_vertices > reserve_vertices_limit ||
        reserve->mesh_indices > reserve_indices_limit) {
      return false;
    }
  }
  return true;
}

static bool count_node(const anima_model *model,
                       const anima_draw_reserve *reserves, size_t index,
                       counts *total);

static bool count_list(const anima_model *model,
                       const anima_draw_reserve *reserves, const size_t *list,
                       size_t count, counts *total) {
  for (size_t position = 0; position < count; position++) {
    if (node_cuts(model, list[position])) {
      total->items += 2;
      total->masks++;
    }
    if (!count_node(model, reserves, list[position], total)) {
      return false;
    }
  }
  return true;
}

/* A SHAPE item and its layers, strokes, dashes and stops. */
static void count_shape(const anima_model *model, size_t index, counts *total) {
  const anima_model_node *node = &model->nodes[index];
  const anima_model_draw *draw = node_draw(model, index);
  total->items++;
  total->shapes++;
  total->layers += node_layer_count(model, index);
  if (draw != NULL && draw->paints != NULL) {
    for (size_t i = 0; i < draw->paint_count; i++) {
      total->strokes += draw->paints[i].kind == ANIMA_LAYER_STROKE;
      total->dashes += draw->paints[i].dash_count;
      total->stops += draw->paints[i].stop_count;
    }
  } else {
    total->strokes += node->has_stroke ? 1 : 0;
    total->dashes += node->has_stroke ? node->dash_count : 0;
    total->stops += (node->has_fill ? node->paint_stop_counts[0] : 0) +
                    (node->has_stroke ? node->paint_stop_counts[1] : 0);
  }
}

static bool count_node(const anima_model *model,
                       const anima_draw_reserve *reserves, size_t index,
                       counts *total) {
  const anima_model_node *node = &model->nodes[index];
  const anima_model_draw *draw = node_draw(model, index);
  if (!node_draws(model, index)) {
    /* a node that draws nothing (a bone); a module's node type without a
     * behaviour cannot be drawn at all */
    return node->behaviour != NULL;
  }
  if (needs_wrapper(model, index)) {
    total->items += 2;
    total->groups++;
  }
  if (draw != NULL && draw->has_mask) {
    total->items += 2;
    total->masks++;
  }
  if (draw != NULL && draw->has_clip) {
    total->items += 2;
    total->clips++;
  }
  if (node_is_group(model, index)) {
    total->items += 2;
    total->groups++;
    if (node_emits(model, index)) {
      const anima_draw_reserve *reserve = &reserves[index];
      total->emitters++;
      total->items += reserve->images + reserve->meshes;
      total->images += reserve->images;
      total->meshes += reserve->meshes;
      total->vertices += reserve->mesh_vertices;
      total->indices += reserve->mesh_indices;
      if (node_is_shape(model, index)) {
        count_shape(model, index, total);
      }
    }
    return count_list(model, reserves, model->children + node->first_child,
                      node->child_count, total);
  }
  count_shape(model, index, total);
  return true;
}

/* ------------------------------------------------------------------------ */
/* Pointers                                                                  */
/* ------------------------------------------------------------------------ */

/* Keeps `text` (malloc'd) for the frame's life; NULL on failure. */
static const char *keep_string(struct anima_draw_builder *builder, char *text) {
  if (text == NULL) {
    return NULL;
  }
  char **grown =
      realloc(builder->strings, (builder->string_count + 1) * sizeof *grown);
  if (grown == NULL) {
    free(text);
    return NULL;
  }
  builder->strings = grown;
  builder->strings[builder->string_count++] = text;
  return text;
}

static char *join(const char *base, const char *suffix) {
  size_t size = strlen(base) + strlen(suffix) + 1;
  char *text = malloc(size);
  if (text != NULL) {
    snprintf(text, size, "%s%s", base, suffix);
  }
  return text;
}

/* The pointer of every node ("/nodes/0/children/2"), parents first. */
static bool make_node_pointers(struct anima_draw_builder *builder) {
  const anima_model *model = builder->model;
  for (size_t position = 0; position < model->root_count; position++) {
    char text[32];
    snprintf(text, sizeof text, "/nodes/%zu", position);
    builder->node_pointers[model->roots[position]] =
        keep_string(builder, join("", text));
  }
  for (size_t index = 0; index < model->node_count; index++) {
    const anima_model_node *node = &model->nodes[index];
    const char *base = builder->node_pointers[index];
    if (base == NULL) {
      return false;
    }
    for (size_t child = 0; child < node->child_count; child++) {
      char text[40];
      snprintf(text, sizeof text, "/children/%zu", child);
      builder->node_pointers[model->children[node->first_child + child]] =
          keep_string(builder, join(base, text));
    }
  }
  return true;
}

/* ------------------------------------------------------------------------ */
/* Layout                                                                    */
/* ------------------------------------------------------------------------ */

typedef struct layout {
  anima_draw_frame *frame;
  struct anima_draw_builder *builder;
  const anima_model *model;
  counts next; /* the next free entry of every table */
  bool failed;
} layout;

static size_t add_item(layout *state, anima_draw_item_kind kind, size_t node,
                       draw_item_role role, const char *pointer) {
  size_t index = state->next.items++;
  anima_draw_item *item = &state->frame->items[index];
  item->kind = kind;
  item->node = node;
  item->id = state->model->nodes[node].id;
  item->pointer = pointer != NULL ? pointer : "";
  item->partner = index;
  item->payload = 0;
  item->visible = true;
  item->opacity = 1;
  item->local = anima_matrix_identity();
  item->world = anima_matrix_identity();
  state->builder->roles[index] = role;
  if (pointer == NULL) {
    state->failed = true;
  }
  return index;
}

static void pair(layout *state, size_t begin, size_t end) {
  anima_draw_item *items = state->frame->items;
  items[begin].partner = end;
  items[end].partner = begin;
  items[end].payload = items[begin].payload;
}

static size_t begin_group(layout *state, size_t node, draw_item_role role,
                          const anima_model_draw *draw, bool with_blend) {
  size_t index = add_item(state, ANIMA_DRAW_GROUP_BEGIN, node, role,
                          role == DRAW_ROLE_WRAPPER && draw != NULL
                              ? draw->blend_pointer
                              : state->builder->node_pointers[node]);
  size_t group = state->next.groups++;
  state->frame->items[index].payload = group;
  anima_draw_group *payload = &state->frame->groups[group];
  payload->blend = ANIMA_BLEND_NORMAL;
  payload->strength = 1;
  payload->isolate = false;
  payload->blend_pointer = NULL;
  if (with_blend && draw != NULL) {
    payload->blend = draw->blend;
    payload->isolate = draw->isolate;
    payload->blend_pointer = draw->blend_pointer;
  }
  return index;
}

static void end_range(layout *state, anima_draw_item_kind kind, size_t begin) {
  const anima_draw_item *opening = &state->frame->items[begin];
  size_t end = add_item(state, kind, opening->node,
                        state->builder->roles[begin], opening->pointer);
  pair(state, begin, end);
}

/* A SHAPE and its layers (the node's fill then stroke, or its ordered
 * paints); paints and strokes get one entry per layer. */
static void add_shape(layout *state, size_t node_index, draw_item_role role) {
  const anima_model *model = state->model;
  struct anima_draw_builder *builder = state->builder;
  anima_draw_frame *frame = state->frame;
  size_t index = add_item(state, ANIMA_DRAW_SHAPE, node_index, role,
                          builder->node_pointers[node_index]);
  builder->node_shapes[node_index] = index;
  size_t shape = state->next.shapes++;
  frame->items[index].payload = shape;
  builder->shape_items[shape] = index;
  const anima_model_draw *draw = node_draw(model, node_index);
  const anima_model_node *node = &model->nodes[node_index];
  size_t layer_count = node_layer_count(model, node_index);
  frame->shapes[shape].first_layer = state->next.layers;
  frame->shapes[shape].layer_count = layer_count;
  for (size_t i = 0; i < layer_count; i++) {
    const anima_model_paint *source;
    if (draw != NULL && draw->paints != NULL) {
      source = &draw->paints[i];
    } else {
      /* the node's own fill, then its stroke (compiled at creation) */
      bool stroke = !node->has_fill || i == 1;
      source = &builder->core_paints[2 * node_index + (stroke ? 1 : 0)];
    }
    size_t layer = state->next.layers++;
    anima_draw_layer *entry = &frame->layers[layer];
    entry->kind = source->kind;
    entry->visible = true;
    entry->paint = layer; /* one paint per layer */
    entry->rule = source->rule;
    entry->fill_path =
        source->kind == ANIMA_LAYER_FILL ? source->fill_path : NULL;
    entry->pointer = source->pointer != NULL ? source->pointer : "";
    entry->blend = ANIMA_BLEND_NORMAL;
    entry->blend_amount = 1;
    entry->blend_pointer = NULL;
    if (draw != NULL && i < draw->layer_blend_count) {
      entry->blend = draw->layer_blends[i].mode;
      entry->blend_pointer = draw->layer_blends[i].pointer;
    }
    frame->paints[layer].pointer = entry->pointer;
    frame->paints[layer].transform = anima_matrix_identity();
    frame->paints[layer].first_stop = state->next.stops;
    frame->paints[layer].stop_count = source->stop_count;
    state->next.stops += source->stop_count;
    builder->layer_sources[layer] = (draw_layer_source){source, node_index};
    if (source->kind == ANIMA_LAYER_STROKE) {
      entry->stroke = state->next.strokes++;
      anima_draw_stroke *stroke = &frame->strokes[entry->stroke];
      stroke->first_dash = state->next.dashes;
      stroke->dash_count = source->dash_count;
      state->next.dashes += source->dash_count;
      if (source->has_trim || source->dash_percent) {
        builder->measure[shape] = true;
      }
    }
  }
}

static void layout_node(layout *state, size_t node_index);

/* What never draws: the pixels of a reserved primitive not yet emitted. */
static const uint8_t transparent_pixel[4] = {0, 0, 0, 0};

/* The items of a node whose behaviour emits, inside its own group: its
 * outline first when it has one, then the IMAGE and MESH items its
 * `reserve` declared (hidden, holding one transparent pixel, until `emit`
 * fills them), and the ranges of the vertex and index tables it may use. */
static void layout_emitter(layout *state, size_t node_index) {
  const anima_model *model = state->model;
  struct anima_draw_builder *builder = state->builder;
  anima_draw_frame *frame = state->frame;
  const anima_model_node *node = &model->nodes[node_index];
  const anima_draw_reserve *reserve = &builder->reserves[node_index];
  draw_emitter *emitter = &builder->emitters[state->next.emitters++];
  *emitter = (draw_emitter){.node = node_index,
                            .behaviour = node->behaviour,
                            .data = node->behaviour_data};
  if (node_is_shape(model, node_index)) {
    add_shape(state, node_index, DRAW_ROLE_INNER);
  }
  const anima_draw_pixels none = {transparent_pixel, 1, 1, 4, NULL};
  const char *pointer = builder->node_pointers[node_index];
  emitter->first_image_item = state->next.items;
  emitter->image_count = reserve->images;
  for (size_t i = 0; i < reserve->images; i++) {
    size_t index =
        add_item(state, ANIMA_DRAW_IMAGE, node_index, DRAW_ROLE_INNER, pointer);
    size_t image = state->next.images++;
    frame->items[index].payload = image;
    frame->items[index].visible = false;
    frame->images[image] = (anima_draw_image){.pixels = none,
                                              .box = {0, 0, 1, 1},
                                              .dest = {0, 0, 1, 1},
                                              .source = {0, 0, 1, 1}};
  }
  emitter->first_mesh_item = state->next.items;
  emitter->mesh_count = reserve->meshes;
  for (size_t i = 0; i < reserve->meshes; i++) {
    size_t index =
        add_item(state, ANIMA_DRAW_MESH, node_index, DRAW_ROLE_INNER, pointer);
    size_t mesh = state->next.meshes++;
    frame->items[index].payload = mesh;
    frame->items[index].visible = false;
    frame->meshes[mesh] = (anima_draw_mesh){.pixels = none};
  }
  emitter->first_vertex = state->next.vertices;
  emitter->vertex_count = reserve->mesh_vertices;
  state->next.vertices += reserve->mesh_vertices;
  emitter->first_index = state->next.indices;
  emitter->index_count = reserve->mesh_indices;
  state->next.indices += reserve->mesh_indices;
}

/*
 * Lays out one sibling list: a MASK_BEGIN for every cutting child (last
 * first, so later cuts enclose earlier ones), then the children, each
 * cutting child preceded by the MASK_END of its range (SPEC §4: a knockout
 * cuts every earlier sibling, earlier knockout nodes included).
 */
static void layout_list(layout *state, const size_t *list, size_t count) {
  const anima_model *model = state->model;
  anima_draw_frame *frame = state->frame;
  for (size_t position = count; position-- > 0;) {
    size_t node = list[position];
    if (node_cuts(model, node)) {
      const char *pointer =
          keep_string(state->builder,
                      join(state->builder->node_pointers[node], "/knockout"));
      size_t index = add_item(state, ANIMA_DRAW_MASK_BEGIN, node,
                              DRAW_ROLE_RANGE, pointer);
      size_t mask = state->next.masks++;
      frame->items[index].payload = mask;
      state->builder->mask_items[mask] = index;
      frame->masks[mask] = (anima_draw_mask){
          .mode = ANIMA_MASK_INVERTED_ALPHA,
          .area = true,
          .grow =
              model->nodes[node].knockout > 0 ? model->nodes[node].knockout : 0,
          .strength = 1,
          .transform = anima_matrix_identity(),
      };
      state->builder->mask_sources[mask] = DRAW_NO_NODE;
    }
  }
  size_t open_begin = state->next.items; /* begins are consumed from the end */
  for (size_t position = 0; position < count; position++) {
    size_t node = list[position];
    if (node_cuts(model, node)) {
      size_t begin = --open_begin;
      end_range(state, ANIMA_DRAW_MASK_END, begin);
      layout_node(state, node);
      /* the cut's source: the cutter's own SHAPE */
      frame->masks[frame->items[begin].payload].source =
          state->builder->node_shapes[node];
      continue;
    }
    layout_node(state, node);
  }
}

static void layout_node(layout *state, size_t node_index) {
  const anima_model *model = state->model;
  anima_draw_frame *frame = state->frame;
  const anima_model_node *node = &model->nodes[node_index];
  const anima_model_draw *draw = node_draw(model, node_index);
  state->builder->node_shapes[node_index] = DRAW_NO_NODE;
  if (!node_draws(model, node_index)) {
    state->builder->node_units[node_index] = DRAW_NO_NODE;
    state->builder->node_items[node_index] = DRAW_NO_NODE;
    return;
  }
  bool wrapped = needs_wrapper(model, node_index);
  size_t wrapper = 0, mask = 0, clip = 0;
  state->builder->node_units[node_index] = state->next.items;
  if (wrapped) {
    wrapper = begin_group(state, node_index, DRAW_ROLE_WRAPPER, draw, true);
  }
  if (draw != NULL && draw->has_mask) {
    mask = add_item(state, ANIMA_DRAW_MASK_BEGIN, node_index, DRAW_ROLE_RANGE,
                    draw->mask.pointer);
    size_t entry = state->next.masks++;
    frame->items[mask].payload = entry;
    state->builder->mask_items[entry] = mask;
    frame->masks[entry] = (anima_draw_mask){
        .mode = draw->mask.mode,
        .strength = 1,
        .transform = anima_matrix_identity(),
    };
    state->builder->mask_sources[entry] = draw->mask.source;
  }
  if (draw != NULL && draw->has_clip) {
    clip = add_item(state, ANIMA_DRAW_CLIP_BEGIN, node_index, DRAW_ROLE_RANGE,
                    draw->clip.pointer);
    size_t entry = state->next.clips++;
    frame->items[clip].payload = entry;
    state->builder->clip_items[entry] = clip;
    frame->clips[entry] = (anima_draw_clip){
        .rule = draw->clip.rule,
        .transform = anima_matrix_identity(),
    };
    state->builder->clip_sources[entry] = draw->clip.source;
  }
  size_t first = state->next.items;
  if (node_is_group(model, node_index)) {
    size_t begin =
        begin_group(state, node_index, DRAW_ROLE_NODE, draw, !wrapped);
    if (node_emits(model, node_index)) {
      layout_emitter(state, node_index);
    }
    layout_list(state, model->children + node->first_child, node->child_count);
    end_range(state, ANIMA_DRAW_GROUP_END, begin);
  } else {
    add_shape(state, node_index, DRAW_ROLE_NODE);
  }
  state->builder->node_items[node_index] = first;
  if (draw != NULL && draw->has_clip) {
    end_range(state, ANIMA_DRAW_CLIP_END, clip);
  }
  if (draw != NULL && draw->has_mask) {
    end_range(state, ANIMA_DRAW_MASK_END, mask);
  }
  if (wrapped) {
    end_range(state, ANIMA_DRAW_GROUP_END, wrapper);
  }
}

/* ------------------------------------------------------------------------ */
/* The kernel's own fills and strokes                                        */
/* ------------------------------------------------------------------------ */

static anima_model_paint empty_paint(anima_draw_layer_kind kind) {
  return (anima_model_paint){
      .kind = kind,
      .color_slot = -1,
      .visible_slot = -1,
      .width_slot = -1,
      .cap = ANIMA_LINE_CAP_ROUND,
      .join = ANIMA_LINE_JOIN_ROUND,
      .trim_start_slot = -1,
      .trim_end_slot = -1,
      .trim_offset_slot = -1,
      .dash_offset_slot = -1,
  };
}

static bool compile_core_paints(struct anima_draw_builder *builder) {
  const anima_model *model = builder->model;
  for (size_t index = 0; index < model->node_count; index++) {
    const anima_model_node *node = &model->nodes[index];
    const anima_model_node_slots *s = &node->slots;
    anima_model_paint *fill = &builder->core_paints[2 * index];
    anima_model_paint *stroke = &builder->core_paints[2 * index + 1];
    *fill = empty_paint(ANIMA_LAYER_FILL);
    *stroke = empty_paint(ANIMA_LAYER_STROKE);
    const char *base = builder->node_pointers[index];
    if (node->has_fill) {
      fill->pointer = keep_string(builder, join(base, "/fill"));
      fill->color = node->fill_color;
      fill->color_slot = s->fill_color;
      fill->rule = node->fill_path ? ANIMA_FILL_NONZERO : node->fill_rule;
      fill->fill_path = node->fill_path;
      fill->paint_kind = node->paint_kinds[0];
      fill->paint_kind_data = node->paint_kind_data[0];
      fill->stop_count = node->paint_stop_counts[0];
      if (fill->pointer == NULL) {
        return false;
      }
    }
    if (node->has_stroke) {
      stroke->pointer = keep_string(builder, join(base, "/stroke"));
      stroke->color = node->stroke_color;
      stroke->color_slot = s->stroke_color;
      stroke->width_slot = s->stroke_width;
      stroke->cap = (anima_line_cap)node->cap;
      stroke->join = (anima_line_join)node->join;
      stroke->has_trim = node->has_trim;
      stroke->trim_start_slot = s->trim_start;
      stroke->trim_end_slot = s->trim_end;
      stroke->trim_offset_slot = s->trim_offset;
      stroke->fixed = node->stroke_fixed;
      stroke->dashes = node->dashes;
      stroke->dash_count = node->dash_count;
      stroke->dash_percent = node->dash_percent;
      stroke->dash_offset_slot = s->dash_offset;
      stroke->paint_kind = node->paint_kinds[1];
      stroke->paint_kind_data = node->paint_kind_data[1];
      stroke->stop_count = node->paint_stop_counts[1];
      stroke->stroke_path = node->stroke_path;
      if (node->stroke_path != NULL) {
        /* its geometry holds the trims and dashes (compile_stroke_path) */
        stroke->has_trim = false;
        stroke->dash_count = 0;
      }
      if (stroke->pointer == NULL) {
        return false;
      }
    }
  }
  return true;
}

/* ------------------------------------------------------------------------ */
/* Paint order                                                               */
/* ------------------------------------------------------------------------ */

static bool is_begin(anima_draw_item_kind kind) {
  return kind == ANIMA_DRAW_GROUP_BEGIN || kind == ANIMA_DRAW_MASK_BEGIN ||
         kind == ANIMA_DRAW_CLIP_BEGIN;
}

/* Lists the units of the range between `from` and `to` (exclusive) into
 * the order from `*next`, and returns how many. */
static size_t list_units(anima_draw_frame *frame, size_t from, size_t to,
                         size_t *next) {
  size_t count = 0;
  for (size_t index = from; index < to;) {
    frame->order[(*next)++] = index;
    count++;
    index = is_begin(frame->items[index].kind) ? frame->items[index].partner + 1
                                               : index + 1;
  }
  return count;
}

/* Does a sibling list have a cutting child? Its order is then fixed. */
static bool list_has_cutter(const anima_model *model, const size_t *list,
                            size_t count) {
  for (size_t position = 0; position < count; position++) {
    if (node_cuts(model, list[position])) {
      return true;
    }
  }
  return false;
}

static bool make_order(anima_draw_frame *frame) {
  struct anima_draw_builder *builder = frame->builder;
  const anima_model *model = builder->model;
  size_t next = 0;
  frame->first_root = 0;
  frame->root_count = list_units(frame, 0, frame->item_count, &next);
  for (size_t index = 0; index < frame->item_count; index++) {
    anima_draw_item *item = &frame->items[index];
    if (is_begin(item->kind)) {
      item->first_child = next;
      item->child_count = list_units(frame, index + 1, item->partner, &next);
      frame->items[item->partner].first_child = item->first_child;
      frame->items[item->partner].child_count = item->child_count;
    }
  }
  frame->order_count = next;
  memcpy(builder->default_order, frame->order, next * sizeof *frame->order);
  /* Ranges a sibling order may permute: one unit per child. */
  size_t ranges = 0;
  if (!list_has_cutter(model, model->roots, model->root_count)) {
    builder->order_ranges[ranges++] =
        (draw_order_range){-1, frame->first_root, frame->root_count};
  }
  for (size_t index = 0; index < model->node_count; index++) {
    const anima_model_node *node = &model->nodes[index];
    if (!node_is_group(model, index) ||
        list_has_cutter(model, model->children + node->first_child,
                        node->child_count)) {
      continue;
    }
    const anima_draw_item *group = &frame->items[builder->node_items[index]];
    /* an emitting node's own SHAPE, IMAGE and MESH units come first */
    size_t own = 0;
    if (node_emits(model, index)) {
      own = (node_is_shape(model, index) ? 1 : 0) +
            builder->reserves[index].images + builder->reserves[index].meshes;
    }
    if (group->child_count == own + node->child_count) {
      builder->order_ranges[ranges++] = (draw_order_range){
          (long)index, group->first_child + own, node->child_count};
    }
  }
  builder->order_range_count = ranges;
  return true;
}

/* ------------------------------------------------------------------------ */
/* Outline storage                                                           */
/* ------------------------------------------------------------------------ */

/* A fixed outline (a path's) drawn straight from the model. */
static bool model_outline_of(const anima_model_node *node) {
  return node->fixed_outline != NULL && node->outline_hook == NULL;
}

/* Segments of outline storage a shape needs: none for a path drawn from
 * the model's own outline, else the node's bound (its shape's, or what its
 * outline hook asked for: docs/MODULES.md D2). */
static size_t outline_capacity(const anima_model_node *node) {
  if (model_outline_of(node)) {
    return 0;
  }
  return node->outline_segments > ANIMA_SHAPE_OUTLINE_SEGMENTS
             ? node->outline_segments
             : ANIMA_SHAPE_OUTLINE_SEGMENTS;
}

/* Scratch bytes of a stroke's geometry, rounded up to 16. */
static size_t scratch_of(const anima_model_paint *paint) {
  return (paint->stroke_path->scratch_size + 15) / 16 * 16;
}

/* The scratch memory of strokes built from their outlines (module.h
 * anima_stroke_path_desc scratch_size): one zeroed block, 16-aligned
 * pieces, owned by this frame. */
static bool prepare_stroke_scratch(anima_draw_frame *frame) {
  struct anima_draw_builder *builder = frame->builder;
  size_t bytes = 0;
  for (size_t layer = 0; layer < frame->layer_count; layer++) {
    const anima_model_paint *paint = builder->layer_sources[layer].paint;
    if (frame->layers[layer].kind == ANIMA_LAYER_STROKE &&
        paint->stroke_path != NULL) {
      bytes += scratch_of(paint); /* each at most 2^28 (draw_compile.c) */
    }
  }
  if (bytes == 0) {
    return true;
  }
  builder->stroke_scratch =
      calloc(frame->layer_count, sizeof *builder->stroke_scratch);
  builder->scratch_block = aligned_alloc(16, bytes);
  if (builder->stroke_scratch == NULL || builder->scratch_block == NULL) {
    return false;
  }
  memset(builder->scratch_block, 0, bytes);
  size_t offset = 0;
  for (size_t layer = 0; layer < frame->layer_count; layer++) {
    const anima_model_paint *paint = builder->layer_sources[layer].paint;
    if (frame->layers[layer].kind != ANIMA_LAYER_STROKE ||
        paint->stroke_path == NULL || scratch_of(paint) == 0) {
      continue;
    }
    builder->stroke_scratch[layer] = builder->scratch_block + offset;
    offset += scratch_of(paint);
  }
  return true;
}

/* Storage of the strokes a module builds every frame (compile_stroke_path),
 * one path per such layer, sized once. */
static bool prepare_stroke_paths(anima_draw_frame *frame) {
  struct anima_draw_builder *builder = frame->builder;
  size_t segments = 0, strokes = 0;
  for (size_t layer = 0; layer < frame->layer_count; layer++) {
    const anima_model_paint *paint = builder->layer_sources[layer].paint;
    if (frame->layers[layer].kind == ANIMA_LAYER_STROKE &&
        paint->stroke_path != NULL) {
      segments += paint->stroke_path->max_segments;
      strokes++;
    }
  }
  if (strokes == 0) {
    return true;
  }
  builder->stroke_paths = calloc(frame->layer_count, sizeof(anima_path));
  builder->stroke_segments =
      calloc(segments > 0 ? segments : 1, sizeof(anima_segment));
  if (builder->stroke_paths == NULL || builder->stroke_segments == NULL) {
    return false;
  }
  size_t offset = 0;
  for (size_t layer = 0; layer < frame->layer_count; layer++) {
    const anima_model_paint *paint = builder->layer_sources[layer].paint;
    if (frame->layers[layer].kind != ANIMA_LAYER_STROKE ||
        paint->stroke_path == NULL) {
      continue;
    }
    size_t capacity = paint->stroke_path->max_segments;
    anima_path *path = &builder->stroke_paths[layer];
    anima_path_init_storage(path, builder->stroke_segments + offset, capacity);
    offset += capacity;
    frame->strokes[frame->layers[layer].stroke].path = path;
  }
  return prepare_stroke_scratch(frame);
}

static bool prepare_outlines(anima_draw_frame *frame) {
  struct anima_draw_builder *builder = frame->builder;
  const anima_model *model = builder->model;
  size_t segments = 0;
  for (size_t shape = 0; shape < frame->shape_count; shape++) {
    const anima_draw_item *item = &frame->items[builder->shape_items[shape]];
    segments += outline_capacity(&model->nodes[item->node]);
  }
  builder->segments =
      calloc(segments > 0 ? segments : 1, sizeof *builder->segments);
  if (builder->segments == NULL) {
    return false;
  }
  size_t offset = 0;
  for (size_t shape = 0; shape < frame->shape_count; shape++) {
    const anima_draw_item *item = &frame->items[builder->shape_items[shape]];
    const anima_model_node *node = &model->nodes[item->node];
    if (model_outline_of(node)) {
      builder->model_outline[shape] = true;
      builder->cached_lengths[shape] = anima_path_length(node->fixed_outline);
      frame->shapes[shape].outline = node->fixed_outline;
      frame->shapes[shape].length = builder->cached_lengths[shape];
      continue;
    }
    size_t capacity = outline_capacity(node);
    anima_path *outline = &builder->outlines[shape];
    anima_path_init_storage(outline, builder->segments + offset, capacity);
    offset += capacity;
    frame->shapes[shape].outline = outline;
  }
  return true;
}

/* ------------------------------------------------------------------------ */
/* Create and destroy                                                        */
/* ------------------------------------------------------------------------ */

void anima_draw_frame_destroy(anima_draw_frame *frame) {
  if (frame == NULL) {
    return;
  }
  struct anima_draw_builder *builder = frame->builder;
  if (builder != NULL) {
    free(builder->roles);
    free((void *)builder->node_pointers);
    free(builder->node_units);
    free(builder->node_items);
    free(builder->shape_items);
    free(builder->outlines);
    free(builder->segments);
    free(builder->stroke_paths);
    free(builder->stroke_segments);
    free(builder->stroke_scratch);
    free(builder->scratch_block);
    free(builder->cached_lengths);
    free(builder->model_outline);
    free(builder->measure);
    free(builder->layer_sources);
    free(builder->mask_sources);
    free(builder->clip_sources);
    free(builder->mask_items);
    free(builder->clip_items);
    free(builder->core_paints);
    free(builder->emitters);
    free(builder->node_shapes);
    free(builder->reserves);
    free(builder->default_order);
    free(builder->order_ranges);
    for (size_t index = 0; index < builder->string_count; index++) {
      free(builder->strings[index]);
    }
    free(builder->strings);
    free(builder);
  }
  free(frame->items);
  free(frame->slots);
  free(frame->order);
  free(frame->groups);
  free(frame->shapes);
  free(frame->layers);
  free(frame->strokes);
  free(frame->dashes);
  free(frame->paints);
  free(frame->stops);
  free(frame->masks);
  free(frame->clips);
  free(frame->images);
  free(frame->meshes);
  free(frame->vertices);
  free(frame->indices);
  free(frame);
}

/* calloc of at least one element, so an empty table is not NULL. */
static void *table(size_t count, size_t size) {
  return calloc(count > 0 ? count : 1, size);
}

static bool allocate(anima_draw_frame *frame, const counts *total) {
  struct anima_draw_builder *builder = frame->builder;
  const anima_model *model = builder->model;
  size_t nodes = model->node_count;
  frame->items = table(total->items, sizeof *frame->items);
  frame->slots = table(model->color_slot_count, sizeof *frame->slots);
  frame->order = table(total->items, sizeof *frame->order);
  frame->groups = table(total->groups, sizeof *frame->groups);
  frame->shapes = table(total->shapes, sizeof *frame->shapes);
  frame->layers = table(total->layers, sizeof *frame->layers);
  frame->strokes = table(total->strokes, sizeof *frame->strokes);
  frame->dashes = table(total->dashes, sizeof *frame->dashes);
  frame->stops = table(total->stops, sizeof *frame->stops);
  frame->paints = table(total->layers, sizeof *frame->paints);
  frame->masks = table(total->masks, sizeof *frame->masks);
  frame->clips = table(total->clips, sizeof *frame->clips);
  frame->images = table(total->images, sizeof *frame->images);
  frame->meshes = table(total->meshes, sizeof *frame->meshes);
  frame->vertices = table(total->vertices, sizeof *frame->vertices);
  frame->indices = table(total->indices, sizeof *frame->indices);
  builder->emitters = table(total->emitters, sizeof *builder->emitters);
  builder->node_shapes = table(nodes, sizeof *builder->node_shapes);
  builder->roles = table(total->items, sizeof *builder->roles);
  builder->node_pointers = table(nodes, sizeof *builder->node_pointers);
  builder->node_units = table(nodes, sizeof *builder->node_units);
  builder->node_items = table(nodes, sizeof *builder->node_items);
  builder->shape_items = table(total->shapes, sizeof *builder->shape_items);
  builder->outlines = table(total->shapes, sizeof *builder->outlines);
  builder->cached_lengths =
      table(total->shapes, sizeof *builder->cached_lengths);
  builder->model_outline = table(total->shapes, sizeof *builder->model_outline);
  builder->measure = table(total->shapes, sizeof *builder->measure);
  builder->layer_sources = table(total->layers, sizeof *builder->layer_sources);
  builder->mask_sources = table(total->masks, sizeof *builder->mask_sources);
  builder->clip_sources = table(total->clips, sizeof *builder->clip_sources);
  builder->mask_items = table(total->masks, sizeof *builder->mask_items);
  builder->clip_items = table(total->clips, sizeof *builder->clip_items);
  builder->core_paints = table(2 * nodes, sizeof *builder->core_paints);
  builder->default_order = table(total->items, sizeof *builder->default_order);
  builder->order_ranges = table(nodes + 1, sizeof *builder->order_ranges);
  return frame->items && frame->slots && frame->order && frame->groups &&
         frame->shapes && frame->layers && frame->strokes && frame->dashes &&
         frame->paints && builder->measure && frame->stops &&
         builder->mask_items && builder->clip_items && frame->masks &&
         frame->clips && builder->roles && builder->node_pointers &&
         builder->node_units && builder->node_items && builder->shape_items &&
         builder->outlines && builder->cached_lengths &&
         builder->model_outline && builder->layer_sources &&
         builder->mask_sources && builder->clip_sources &&
         builder->core_paints && builder->default_order &&
         builder->order_ranges && frame->images && frame->meshes &&
         frame->vertices && frame->indices && builder->emitters &&
         builder->node_shapes;
}

static void init_slots(anima_draw_frame *frame) {
  const anima_model *model = frame->builder->model;
  frame->slot_count = model->color_slot_count;
  for (size_t index = 0; index < frame->slot_count; index++) {
    const anima_model_color_slot *slot = &model->color_slots[index];
    frame->slots[index].name = slot->name;
    frame->slots[index].default_is_current = slot->is_current_color;
    frame->slots[index].default_color = slot->value;
    frame->slots[index].color =
        slot->is_current_color ? frame->current_color : slot->value;
  }
}

/* Mask and clip sources named by modules become items; the ranges of
 * sources whose ordinary drawing is hidden are marked. */
static bool resolve_sources(anima_draw_frame *frame) {
  struct anima_draw_builder *builder = frame->builder;
  const anima_model *model = builder->model;
  for (size_t mask = 0; mask < frame->mask_count; mask++) {
    size_t node = builder->mask_sources[mask];
    if (node != DRAW_NO_NODE) {
      if (node >= model->node_count ||
          builder->node_units[node] == DRAW_NO_NODE) {
        return false; /* a source that draws nothing */
      }
      frame->masks[mask].source = builder->node_units[node];
    }
  }
  for (size_t clip = 0; clip < frame->clip_count; clip++) {
    size_t node = builder->clip_sources[clip];
    if (node >= model->node_count ||
        builder->node_shapes[node] == DRAW_NO_NODE) {
      return false;
    }
    frame->clips[clip].source = builder->node_shapes[node];
  }
  for (size_t node = 0; node < model->node_count; node++) {
    const anima_model_draw *draw = node_draw(model, node);
    if (draw != NULL && draw->source_only &&
        builder->node_units[node] != DRAW_NO_NODE) {
      frame->items[builder->node_units[node]].source_only = true;
      size_t unit = builder->node_units[node];
      frame->items[frame->items[unit].partner].source_only = true;
    }
  }
  return true;
}

anima_status anima_draw_frame_create(const anima_model *model,
                                     anima_draw_frame **out) {
  if (model == NULL || out == NULL) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  *out = NULL;
  anima_draw_frame *frame = calloc(1, sizeof *frame);
  struct anima_draw_builder *builder = calloc(1, sizeof *builder);
  if (frame == NULL || builder == NULL) {
    free(frame);
    free(builder);
    return ANIMA_ERROR_NO_MEMORY;
  }
  frame->builder = builder;
  builder->model = model;
  builder->reserves = table(model->node_count, sizeof *builder->reserves);
  if (builder->reserves == NULL) {
    anima_draw_frame_destroy(frame);
    return ANIMA_ERROR_NO_MEMORY;
  }
  counts total = {0};
  if (!ask_reserves(model, builder->reserves) ||
      !count_list(model, builder->reserves, model->roots, model->root_count,
                  &total)) {
    anima_draw_frame_destroy(frame);
    return ANIMA_ERROR_MODULE;
  }
  if (!allocate(frame, &total)) {
    anima_draw_frame_destroy(frame);
    return ANIMA_ERROR_NO_MEMORY;
  }
  for (int index = 0; index < 4; index++) {
    frame->view_box[index] = model->view_box[index];
  }
  frame->grid = model->grid;
  frame->item_size = sizeof(anima_draw_item);
  frame->current_color = (anima_color){0, 0, 0, 255};
  init_slots(frame);
  frame->item_count = total.items;
  frame->group_count = total.groups;
  frame->shape_count = total.shapes;
  frame->layer_count = total.layers;
  frame->paint_count = total.layers;
  frame->stroke_count = total.strokes;
  frame->dash_count = total.dashes;
  frame->stop_count = total.stops;
  frame->mask_count = total.masks;
  frame->clip_count = total.clips;
  frame->image_count = total.images;
  frame->mesh_count = total.meshes;
  frame->vertex_count = total.vertices;
  frame->index_count = total.indices;
  builder->emitter_count = total.emitters;
  if (!make_node_pointers(builder) || !compile_core_paints(builder)) {
    anima_draw_frame_destroy(frame);
    return ANIMA_ERROR_NO_MEMORY;
  }
  layout state = {.frame = frame, .builder = builder, .model = model};
  layout_list(&state, model->roots, model->root_count);
  if (state.failed) {
    anima_draw_frame_destroy(frame);
    return ANIMA_ERROR_NO_MEMORY;
  }
  if (!resolve_sources(frame)) {
    anima_draw_frame_destroy(frame);
    return ANIMA_ERROR_MODULE;
  }
  if (!make_order(frame) || !prepare_outlines(frame) ||
      !prepare_stroke_paths(frame)) {
    anima_draw_frame_destroy(frame);
    return ANIMA_ERROR_NO_MEMORY;
  }
  *out = frame;
  return ANIMA_OK;
}
