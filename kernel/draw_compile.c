/*
 * draw_compile.c — the draw description a module gives a node at compile
 * time (module.h compile_node_blend, compile_blend, compile_node_mask,
 * compile_node_clip, compile_node_paints; docs/MODULES.md §8), kept per
 * node in the model
 * (draw_model.h anima_model_draw) for draw_layout.c and draw_build.c, and
 * read by hit testing (ordered paints, clips).
 *
 * Each call checks what it is given, so a frame made from the model is
 * always valid (draw.h anima_draw_frame_validate): a mode within its enum,
 * slots of the model, a mask source outside the masked node's subtree and
 * not containing it, a clip source with an outline, one mask, one clip and
 * one set of paints per node. A refused call returns
 * ANIMA_ERROR_INVALID_ARGUMENT and changes nothing; the module reports the
 * document problem behind it.
 */
#include <stddef.h>
#include <string.h>

#include "compile_internal.h"
#include "draw_model.h"
#include "format_names.h"
#include "host_internal.h"
#include "node_outline.h"
#include "text.h"

/* The node's draw description, made on first use (model memory). */
static anima_model_draw *node_draw(anima_model *model, size_t node) {
  if (!model->draws) {
    model->draws =
        anima_model_alloc(model, model->node_count * sizeof *model->draws);
    if (!model->draws) {
      return NULL;
    }
  }
  if (!model->draws[node]) {
    anima_model_draw *draw = anima_model_alloc(model, sizeof *draw);
    if (!draw) {
      return NULL;
    }
    draw->blend = ANIMA_BLEND_NORMAL;
    draw->strength_slot = -1;
    model->draws[node] = draw;
  }
  return model->draws[node];
}

/* "/nodes/0/children/2" + suffix, model-owned; NULL on OOM. */
static const char *node_pointer(anima_model *model, size_t node,
                                const char *suffix) {
  anima_text text = {0};
  size_t path[64];
  size_t depth = 0;
  for (long current = (long)node; current >= 0 && depth < 64;
       current = model->nodes[current].parent) {
    path[depth++] = (size_t)current;
  }
  for (size_t i = depth; i-- > 0;) {
    size_t index = path[i];
    long parent = model->nodes[index].parent;
    size_t position = 0;
    const size_t *list =
        parent < 0 ? model->roots
                   : model->children + model->nodes[parent].first_child;
    size_t count =
        parent < 0 ? model->root_count : model->nodes[parent].child_count;
    while (position < count && list[position] != index) {
      position++;
    }
    anima_text_append(&text, parent < 0 ? "/nodes" : "/children");
    anima_text_append_pointer_index(&text, position);
  }
  anima_text_append(&text, suffix);
  const char *kept = anima_model_intern(model, anima_text_string(&text));
  anima_text_free(&text);
  return kept;
}

static bool slot_valid(const anima_model *model, long slot) {
  return slot == -1 || (slot >= 0 && (size_t)slot < model->slot_count);
}

/* Is `inner` in the subtree of `outer` (itself included)? */
static bool within(const anima_model *model, size_t outer, size_t inner) {
  return inner >= outer && inner < model->nodes[outer].subtree_end;
}

/* Does the node draw items of its own (a shape or a group)? */
static bool draws_items(const anima_model *model, size_t node) {
  return anima_node_has_outline(model, node) ||
         anima_node_is_container(model, node) ||
         model->nodes[node].child_count > 0;
}

anima_status anima_compile_node_blend(anima_compile *compile, size_t node,
                                      anima_blend_mode mode,
                                      long strength_slot) {
  anima_model *model = anima_compile_compiler(compile)->model;
  if (node >= model->node_count || (unsigned)mode >= ANIMA_BLEND_MODE_COUNT ||
      !slot_valid(model, strength_slot)) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  anima_model_draw *draw = node_draw(model, node);
  const char *pointer =
      node_pointer(model, node, mode == ANIMA_BLEND_ADDITIVE ? "" : "/blend");
  if (!draw || !pointer) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  draw->blend = mode;
  draw->strength_slot = strength_slot;
  draw->blend_pointer = pointer;
  return ANIMA_OK;
}

/* The node's layers as they stand: its ordered paints, else its fill then
 * its stroke. */
static size_t layer_count(const anima_model *model, size_t node) {
  const anima_model_draw *draw = model->draws ? model->draws[node] : NULL;
  if (draw && draw->paints) {
    return draw->paint_count;
  }
  return (model->nodes[node].has_fill ? 1u : 0u) +
         (model->nodes[node].has_stroke ? 1u : 0u);
}

anima_status anima_compile_blend(anima_compile *compile,
                                 const anima_blend_desc *desc) {
  anima_model *model = anima_compile_compiler(compile)->model;
  if (!desc ||
      desc->struct_size <
          offsetof(anima_blend_desc, pointer) + sizeof desc->pointer ||
      desc->node >= model->node_count ||
      (unsigned)desc->mode >= ANIMA_BLEND_MODE_COUNT ||
      !slot_valid(model, desc->amount_slot) || desc->layer < -1 ||
      (desc->layer >= 0 &&
       (size_t)desc->layer >= layer_count(model, desc->node))) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  if (desc->layer < 0 && !desc->pointer) {
    return anima_compile_node_blend(compile, desc->node, desc->mode,
                                    desc->amount_slot);
  }
  anima_model_draw *draw = node_draw(model, desc->node);
  const char *pointer =
      desc->pointer ? anima_model_intern(model, desc->pointer) : NULL;
  if (!draw || (desc->pointer && !pointer)) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  if (desc->layer < 0) {
    draw->blend = desc->mode;
    draw->strength_slot = desc->amount_slot;
    draw->blend_pointer = pointer;
    return ANIMA_OK;
  }
  if (!draw->layer_blends) {
    size_t count = layer_count(model, desc->node);
    draw->layer_blends =
        anima_model_alloc(model, count * sizeof *draw->layer_blends);
    if (!draw->layer_blends) {
      return ANIMA_ERROR_NO_MEMORY;
    }
    for (size_t i = 0; i < count; i++) {
      draw->layer_blends[i] = (anima_model_blend){ANIMA_BLEND_NORMAL, -1, NULL};
    }
    draw->layer_blend_count = count;
  }
  draw->layer_blends[desc->layer] =
      (anima_model_blend){desc->mode, desc->amount_slot, pointer};
  return ANIMA_OK;
}

anima_status anima_compile_node_mask(anima_compile *compile, size_t node,
                                     const anima_node_mask_desc *mask) {
  anima_model *model = anima_compile_compiler(compile)->model;
  if (!mask || node >= model->node_count || mask->source >= model->node_count ||
      (unsigned)mask->mode >= ANIMA_MASK_MODE_COUNT ||
      within(model, node, mask->source) || within(model, mask->source, node) ||
      !draws_items(model, mask->source)) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  anima_model_draw *draw = node_draw(model, node);
  anima_model_draw *source = node_draw(model, mask->source);
  const char *pointer = mask->pointer ? anima_model_intern(model, mask->pointer)
                                      : node_pointer(model, node, "/mask");
  if (!draw || !source || !pointer) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  if (draw->has_mask) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  draw->has_mask = true;
  draw->mask = (anima_model_mask){mask->mode, mask->source, pointer};
  if (!mask->source_draws) {
    source->source_only = true;
  }
  return ANIMA_OK;
}

anima_status anima_compile_node_clip(anima_compile *compile, size_t node,
                                     const anima_node_clip_desc *clip) {
  anima_model *model = anima_compile_compiler(compile)->model;
  if (!clip || node >= model->node_count || clip->source >= model->node_count ||
      clip->source == node || !anima_node_has_outline(model, clip->source) ||
      (clip->rule != ANIMA_FILL_NONZERO && clip->rule != ANIMA_FILL_EVENODD) ||
      !draws_items(model, node)) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  anima_model_draw *draw = node_draw(model, node);
  const char *pointer = clip->pointer ? anima_model_intern(model, clip->pointer)
                                      : node_pointer(model, node, "/clip");
  if (!draw || !pointer) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  if (draw->has_clip) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  draw->has_clip = true;
  draw->clip = (anima_model_clip){clip->source, clip->rule, pointer};
  return ANIMA_OK;
}

static int enum_index(const char *text, const char *const *options,
                      int fallback) {
  for (int i = 0; text && options[i]; i++) {
    if (strcmp(text, options[i]) == 0) {
      return i;
    }
  }
  return fallback;
}

/* The slot of `<prefix>.<field>` on `node`, or -1. */
static long paint_slot(const anima_model *model, size_t node,
                       const char *prefix, const char *field) {
  anima_text address = {0};
  anima_text_append(&address, prefix);
  anima_text_append(&address, ".");
  anima_text_append(&address, field);
  long slot =
      anima_model_node_address_slot(model, node, anima_text_string(&address));
  anima_text_free(&address);
  return slot;
}

/* One entry, compiled like a node's own fill or stroke (compile_nodes.c,
 * draw_layout.c compile_core_paints). */
static anima_status compile_paint(anima_compiler *compiler, size_t node,
                                  const anima_node_paint_desc *desc,
                                  size_t index, anima_model_paint *out) {
  anima_model *model = compiler->model;
  const json_t *json = (const json_t *)desc->json;
  const char *prefix =
      desc->address ? desc->address : (desc->stroke ? "stroke" : "fill");
  bool has_visible =
      desc->struct_size > offsetof(anima_node_paint_desc, visible_slot);
  bool has_placement =
      desc->struct_size > offsetof(anima_node_paint_desc, placement);
  long visible = has_visible ? desc->visible_slot : -1;
  anima_stroke_placement placement =
      has_placement ? desc->placement : ANIMA_STROKE_CENTER;
  if (!json_is_object(json) || !slot_valid(model, visible) ||
      (unsigned)placement > ANIMA_STROKE_OUTSIDE ||
      (!desc->stroke && placement != ANIMA_STROKE_CENTER)) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  *out = (anima_model_paint){
      .kind = desc->stroke ? ANIMA_LAYER_STROKE : ANIMA_LAYER_FILL,
      .pointer = desc->pointer ? anima_model_intern(model, desc->pointer)
                               : node_pointer(model, node, ""),
      .color_slot = paint_slot(model, node, prefix, "color"),
      .visible_slot = visible,
      .width_slot = -1,
      .cap = ANIMA_LINE_CAP_ROUND,
      .join = ANIMA_LINE_JOIN_ROUND,
      .trim_start_slot = -1,
      .trim_end_slot = -1,
      .trim_offset_slot = -1,
      .dash_offset_slot = -1,
      .placement = placement,
      .own_stroke = desc->stroke && strcmp(prefix, "stroke") == 0,
  };
  if (!out->pointer) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  anima_status status = anima_compile_paint_color(model, json, &out->color);
  if (status != ANIMA_OK) {
    return status;
  }
  anima_model_paint_kind kind;
  status = anima_compile_paint_kind(compiler, node, json, out->pointer, prefix,
                                    index, &kind);
  if (status != ANIMA_OK) {
    return status;
  }
  out->paint_kind = kind.desc;
  out->paint_kind_data = kind.data;
  out->stop_count = kind.stop_count;
  if (!desc->stroke) {
    out->rule =
        (anima_fill_rule)enum_index(anima_json_string_member(json, "rule"),
                                    anima_fill_rule_names, ANIMA_FILL_NONZERO);
    return ANIMA_OK;
  }
  out->width_slot = paint_slot(model, node, prefix, "width");
  out->cap =
      (anima_line_cap)enum_index(anima_json_string_member(json, "cap"),
                                 anima_line_cap_names, ANIMA_LINE_CAP_ROUND);
  out->join =
      (anima_line_join)enum_index(anima_json_string_member(json, "join"),
                                  anima_line_join_names, ANIMA_LINE_JOIN_ROUND);
  out->has_trim = json_object_get(json, "trimStart") ||
                  json_object_get(json, "trimEnd") ||
                  json_object_get(json, "trimOffset");
  out->trim_start_slot = paint_slot(model, node, prefix, "trimStart");
  out->trim_end_slot = paint_slot(model, node, prefix, "trimEnd");
  out->trim_offset_slot = paint_slot(model, node, prefix, "trimOffset");
  out->dash_offset_slot = paint_slot(model, node, prefix, "dashOffset");
  return anima_compile_stroke_pattern(model, json, &out->fixed, &out->dashes,
                                      &out->dash_count, &out->dash_percent);
}

static void attach_own_stroke(anima_model *model, size_t node);

anima_status anima_compile_node_paints(anima_compile *compile, size_t node,
                                       const anima_node_paint_desc *paints,
                                       size_t count) {
  anima_compiler *compiler = anima_compile_compiler(compile);
  anima_model *model = compiler->model;
  if (node >= model->node_count || !paints || count == 0 ||
      !anima_node_has_outline(model, node) ||
      (model->draws && model->draws[node] &&
       (model->draws[node]->paints || model->draws[node]->layer_blends))) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  anima_model_paint *compiled =
      anima_model_alloc(model, count * sizeof *compiled);
  if (!compiled) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  for (size_t i = 0; i < count; i++) {
    anima_status status =
        compile_paint(compiler, node, &paints[i], i, &compiled[i]);
    if (status != ANIMA_OK) {
      return status;
    }
  }
  anima_model_draw *draw = node_draw(model, node);
  if (!draw) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  draw->paints = compiled;
  draw->paint_count = count;
  attach_own_stroke(model, node);
  return ANIMA_OK;
}

anima_status anima_compile_fill_path(anima_compile *compile, size_t node,
                                     const anima_path *path) {
  anima_model *model = anima_compile_compiler(compile)->model;
  if (!path || node >= model->node_count || !model->nodes[node].has_fill) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  model->nodes[node].fill_path = path;
  return ANIMA_OK;
}

/* A stroke takes a module's geometry: its legacy trims and dashes are in
 * that geometry already. */
static void attach_stroke_path(anima_model_paint *paint,
                               const anima_stroke_path_desc *desc) {
  paint->stroke_path = desc;
  paint->has_trim = false;
  paint->dash_count = 0;
}

/* The node's own stroke lowered into its ordered paints takes the own
 * stroke's geometry (anima_stroke_path_desc `ordered`). */
static void attach_own_stroke(anima_model *model, size_t node) {
  const anima_stroke_path_desc *desc = model->nodes[node].stroke_path;
  anima_model_draw *draw = model->draws ? model->draws[node] : NULL;
  if (!desc || !draw || !draw->paints) {
    return;
  }
  for (size_t i = 0; i < draw->paint_count; i++) {
    if (draw->paints[i].own_stroke && !draw->paints[i].stroke_path) {
      attach_stroke_path(&draw->paints[i], desc);
    }
  }
}

/* Scratch a stroke may reserve in each draw frame (module.h). */
#define STROKE_SCRATCH_MAX ((size_t)1 << 28)

anima_status anima_compile_stroke_path(anima_compile *compile, size_t node,
                                       const anima_stroke_path_desc *desc) {
  anima_model *model = anima_compile_compiler(compile)->model;
  if (!desc || desc->struct_size < offsetof(anima_stroke_path_desc, ordered) ||
      node >= model->node_count) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  /* A desc of an older module stops early: the rest counts as zero. */
  anima_stroke_path_desc copy = {0};
  memcpy(&copy, desc,
         desc->struct_size < sizeof copy ? desc->struct_size : sizeof copy);
  copy.struct_size = sizeof copy;
  anima_model_draw *draw = model->draws ? model->draws[node] : NULL;
  anima_model_paint *entry = NULL;
  if (copy.ordered) {
    if (!draw || !draw->paints || copy.paint >= draw->paint_count ||
        draw->paints[copy.paint].kind != ANIMA_LAYER_STROKE) {
      return ANIMA_ERROR_INVALID_ARGUMENT;
    }
    entry = &draw->paints[copy.paint];
  }
  if ((!copy.build && !copy.build_outline) ||
      copy.scratch_size > STROKE_SCRATCH_MAX ||
      (!copy.ordered && !model->nodes[node].has_stroke)) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  anima_stroke_path_desc *kept = anima_compile_alloc(compile, sizeof *kept);
  if (!kept) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  *kept = copy;
  if (entry) {
    attach_stroke_path(entry, kept);
  } else {
    model->nodes[node].stroke_path = kept;
    attach_own_stroke(model, node);
  }
  return ANIMA_OK;
}

const anima_path *anima_compile_node_outline(anima_compile *compile,
                                             size_t node,
                                             size_t *max_segments) {
  const anima_model *model = anima_compile_compiler(compile)->model;
  bool outlined =
      node < model->node_count && anima_node_has_outline(model, node);
  const anima_model_node *shape = outlined ? &model->nodes[node] : NULL;
  /* What the draw frame uses (draw_layout.c): the model's own outline
   * unless a hook takes over, else storage of at least the shape bound. */
  const anima_path *fixed =
      shape && shape->fixed_outline && !shape->outline_hook
          ? shape->fixed_outline
          : NULL;
  if (max_segments) {
    *max_segments = !shape  ? 0
                    : fixed ? fixed->count
                    : shape->outline_segments > ANIMA_SHAPE_OUTLINE_SEGMENTS
                        ? shape->outline_segments
                        : ANIMA_SHAPE_OUTLINE_SEGMENTS;
  }
  return fixed;
}
