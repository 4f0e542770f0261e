/*
 * draw_internal.h — the draw-frame builder shared by draw_layout.c (frame
 * creation: items, tables, pointers, paint order), draw_build.c (every
 * frame) and draw_emit.c (node behaviours' images and meshes).
 * Kernel-private.
 */
#ifndef ANIMA_KERNEL_DRAW_INTERNAL_H
#define ANIMA_KERNEL_DRAW_INTERNAL_H

#include <anima/draw.h>

#include "draw_model.h"
#include "model.h"

/** What a layer is built from every frame: a compiled fill or stroke of
 * node `node`. */
typedef struct draw_layer_source {
  const anima_model_paint *paint;
  size_t node;
} draw_layer_source;

/** How an item is built every frame, beyond its kind. */
typedef enum draw_item_role {
  DRAW_ROLE_NODE = 0, /**< the node's own item (group, shape, emitted) */
  DRAW_ROLE_WRAPPER,  /**< a blend group around a node */
  DRAW_ROLE_RANGE,    /**< a mask or clip range (knockouts included) */
  DRAW_ROLE_INNER,    /**< an item inside an emitting node's own group */
} draw_item_role;

/** One node behaviour that emits images and meshes: its items and the
 * parts of the frame's tables it fills. */
typedef struct draw_emitter {
  size_t node;
  const anima_node_behaviour_desc *behaviour;
  const void *data;
  size_t first_image_item, image_count; /**< consecutive IMAGE items */
  size_t first_mesh_item, mesh_count;   /**< consecutive MESH items */
  size_t first_vertex, vertex_count;    /**< the frame's vertex table */
  size_t first_index, index_count;      /**< the frame's index table */
} draw_emitter;

/** A range of the frame's order whose units are the children of `parent`
 * in authored order, which a player's sibling order may permute. */
typedef struct draw_order_range {
  long parent;         /**< node index; -1: the top level */
  size_t first, count; /**< range of the frame's order */
} draw_order_range;

struct anima_draw_builder {
  const anima_model *model;
  /** Per item: its role. */
  draw_item_role *roles;
  /** Per node: its pointer, its outermost item (its unit in its parent's
   * range) and its own first item (GROUP_BEGIN or SHAPE). */
  const char **node_pointers;
  size_t *node_units;
  size_t *node_items;
  /** Per node: its SHAPE item (knockout areas, clip sources; inside its
   * own group when its behaviour emits), or DRAW_NO_NODE. */
  size_t *node_shapes;
  /** Per node: what its behaviour's `reserve` declared, asked once at
   * creation (zero without `emit`). */
  anima_draw_reserve *reserves;
  /** Per shape: its item, outline storage (unused for a path drawn from
   * the model's own outline) and the cached length of such a path. */
  size_t *shape_items;
  anima_path *outlines;
  anima_segment *segments;
  double *cached_lengths;
  bool *model_outline;
  /** Per shape: a stroke needs the outline length (trims, relative dashes)
   * even where no closed form gives it. */
  bool *measure;
  /** Per layer (NULL when no stroke has one): the storage of a stroke a
   * module builds every frame (compile_stroke_path), and its segments. */
  anima_path *stroke_paths;
  anima_segment *stroke_segments;
  /** Per layer (NULL when no stroke asks for any): the scratch memory of a
   * stroke built from its outline (anima_stroke_path_desc scratch_size),
   * inside one block. */
  unsigned char **stroke_scratch;
  unsigned char *scratch_block;
  /** Per layer: its compiled paint. */
  draw_layer_source *layer_sources;
  /** Per mask and clip: the source node a module named (knockouts: none). */
  size_t *mask_sources;
  size_t *clip_sources;
  /** Per mask and clip: its BEGIN item. */
  size_t *mask_items;
  size_t *clip_items;
  /** Fills and strokes of the kernel's own nodes, 2 per node (fill,
   * stroke), compiled at creation. */
  anima_model_paint *core_paints;
  /** Node behaviours that emit images and meshes. */
  draw_emitter *emitters;
  size_t emitter_count;
  /** Why the latest build failed (anima_draw_frame_error), or "". */
  char error[384];
  /** The authored paint order (the frame's order at creation) and the
   * ranges a sibling order may permute. */
  size_t *default_order;
  draw_order_range *order_ranges;
  size_t order_range_count;
  /** Strings (pointers) owned by the frame. */
  char **strings;
  size_t string_count;
};

/** "No node": a mask source of a knockout. */
#define DRAW_NO_NODE ((size_t)-1)

/* draw_emit.c */
/** Hides every emitted item, then runs each emitting behaviour's `emit`;
 * returns the first failure (ANIMA_ERROR_MODULE for a refused primitive,
 * else the callback's status) and describes it in the builder's `error`. */
anima_status anima_draw_build_emitters(anima_draw_frame *frame,
                                       const anima_view *view);

#endif
