/*
 * draw_model.h — what a model says about drawing beyond its nodes' core
 * keys: compiled fills and strokes (the kernel's own and ordered paints),
 * and what feature modules lowered into the draw frame's primitives for a
 * node (module.h compile_node_blend/mask/clip/paints, docs/MODULES.md §8).
 * Compiled once per model (draw_compile.c), read by the draw-frame builder.
 * Kernel-private.
 */
#ifndef ANIMA_KERNEL_DRAW_MODEL_H
#define ANIMA_KERNEL_DRAW_MODEL_H

#include <anima/draw.h>
#include <anima/module.h>

#include "model.h"

/**
 * One compiled fill or stroke: a node's `fill` or `stroke`, or an entry of
 * its ordered paints. Slots are -1 when absent (their defaults apply).
 */
typedef struct anima_model_paint {
  anima_draw_layer_kind kind;
  const char *pointer; /**< the paint object's pointer ("/nodes/0/fill") */
  /** A paint kind of a module (gradients ...) and its per-model data; NULL
   * for a solid colour. */
  const anima_paint_kind_desc *paint_kind;
  void *paint_kind_data;
  size_t stop_count; /**< stops the paint kind resolves */
  /** Solid colour: its source and, for literals, its property slot. */
  anima_model_paint_color color;
  long color_slot;
  long visible_slot;    /**< `visible` of the paint (hold) */
  anima_fill_rule rule; /**< fills */
  /* strokes */
  long width_slot;
  anima_line_cap cap;
  anima_line_join join;
  bool has_trim;
  long trim_start_slot, trim_end_slot, trim_offset_slot;
  bool fixed;
  anima_stroke_placement placement;
  const double *dashes; /**< model-owned, dash_count entries */
  size_t dash_count;
  bool dash_percent; /**< dashes are fractions of the outline length */
  long dash_offset_slot;
  /** Fills: what to fill instead of the outline (compile_fill_path), or
   * NULL. */
  const anima_path *fill_path;
  /** Strokes: the geometry built every frame instead of the outline
   * (compile_stroke_path), or NULL. */
  const anima_stroke_path_desc *stroke_path;
  /** An ordered-paints entry that is the node's own `stroke`, lowered by a
   * module (its address prefix is "stroke"): it takes the geometry
   * compile_stroke_path gives the node's own stroke. */
  bool own_stroke;
} anima_model_paint;

/** A mask a node takes (compile_node_mask). */
typedef struct anima_model_mask {
  anima_mask_mode mode;
  size_t source; /**< node index */
  const char *pointer;
} anima_model_mask;

/** A clip a node takes (compile_node_clip). */
typedef struct anima_model_clip {
  size_t source; /**< node index of a node with an outline */
  anima_fill_rule rule;
  const char *pointer;
} anima_model_clip;

/** A layer's compositor (compile_blend with a layer). */
typedef struct anima_model_blend {
  anima_blend_mode mode;
  long amount_slot; /**< ADDITIVE amount, or -1 for 1 */
  const char *pointer;
} anima_model_blend;

/** What modules lowered for one node. */
typedef struct anima_model_draw {
  anima_blend_mode blend;
  long strength_slot; /**< ADDITIVE strength, or -1 for 1 */
  bool isolate;
  const char *blend_pointer;
  bool has_mask;
  anima_model_mask mask;
  bool has_clip;
  anima_model_clip clip;
  /** The node is a mask source whose ordinary drawing is hidden
   * (`sourceDraws: false` on any use). */
  bool source_only;
  /** Ordered paints replacing the node's fill and stroke, or NULL. */
  anima_model_paint *paints;
  size_t paint_count;
  /** Compositors of the node's layers in drawing order (compile_blend),
   * NULL when none; `layer_blend_count` is its layer count. */
  anima_model_blend *layer_blends;
  size_t layer_blend_count;
} anima_model_draw;

#endif
