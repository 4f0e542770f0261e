/*
 * draw.h — the draw frame: the renderer-neutral result of a step.
 *
 * A draw frame lists what a player's current values paint, in paint order
 * (document order, later on top, SPEC §4), as a flat array of items that
 * nest by explicit begin/end pairs:
 *
 *   GROUP_BEGIN ... GROUP_END        a `group` node: its children, drawn as
 *                                    one layer with the group's opacity
 *   SHAPE                            a painted node (path, circle, rect,
 *                                    arc): outline, fill, stroke, opacity
 *   KNOCKOUT_BEGIN ... KNOCKOUT_END  the earlier siblings that a knockout
 *                                    node cuts (SPEC §4 Knockout); the
 *                                    cutting SHAPE follows the END
 *
 * For the children [a, b, k1, c, k2] of one parent, where k1 and k2 carry
 * `knockout`, the items are
 *
 *   KNOCKOUT_BEGIN(k2) KNOCKOUT_BEGIN(k1) a b KNOCKOUT_END(k1) k1 c
 *   KNOCKOUT_END(k2) k2
 *
 * so k2 cuts a, b, k1 and c, and k1 cuts a and b ("later knockouts cut
 * earlier knockout nodes too"). The structure of a model's frame never
 * changes: invisible nodes keep their items with `visible` false, and a
 * backend skips a whole invisible range.
 *
 * Paint colours are resolved (SPEC §6): a slot takes the caller's override
 * or its default, `currentColor` takes the caller's current colour (black
 * unless set, DECISIONS 9). Each colour also says where it came from, so a
 * live-themable SVG can write `var(--anima-<slot>, <default>)` or
 * `currentColor` instead.
 *
 * Memory: anima_draw_frame_create allocates everything a model's frame
 * needs once; anima_draw_frame_build fills it from a player without
 * allocating or touching strings, so it can run every frame.
 *
 * Units: grid units (y down) for coordinates, lengths and stroke widths
 * (SPEC §2). Matrices map a node's local coordinates to its parent's
 * (`local`) or to the viewBox coordinates of the document (`world`).
 */
#ifndef ANIMA_DRAW_H
#define ANIMA_DRAW_H

#include <anima/anima.h>
#include <anima/path.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Stroke cap (SPEC §4 `stroke.cap`; the format's default is round). */
typedef enum anima_line_cap {
  ANIMA_LINE_CAP_BUTT = 0,
  ANIMA_LINE_CAP_ROUND = 1,
  ANIMA_LINE_CAP_SQUARE = 2,
} anima_line_cap;

/** Stroke join (SPEC §4 `stroke.join`; the format's default is round).
 * Miter joins use SVG's default miter limit of 4. */
typedef enum anima_line_join {
  ANIMA_LINE_JOIN_MITER = 0,
  ANIMA_LINE_JOIN_ROUND = 1,
  ANIMA_LINE_JOIN_BEVEL = 2,
} anima_line_join;

/** Where a paint colour comes from (SPEC §6). */
typedef enum anima_color_source {
  /** A hex literal in the document, or an animated colour. */
  ANIMA_COLOR_SOURCE_LITERAL = 0,
  /** A colour slot: `slot` indexes anima_draw_frame.slots. */
  ANIMA_COLOR_SOURCE_SLOT = 1,
  /** The literal `currentColor`. */
  ANIMA_COLOR_SOURCE_CURRENT = 2,
} anima_color_source;

/** A resolved paint colour and its source. */
typedef struct anima_draw_color {
  anima_color color; /**< the colour to paint (non-premultiplied sRGB) */
  anima_color_source source;
  size_t slot; /**< slot index when source is ANIMA_COLOR_SOURCE_SLOT */
} anima_draw_color;

/** A colour slot of the document (SPEC §6 `colors`). */
typedef struct anima_draw_slot {
  const char *name; /**< slot name, owned by the model */
  /** True when the slot's default is `currentColor`. */
  bool default_is_current;
  /** The default when it is a hex literal. */
  anima_color default_color;
  /** True when the caller overrode the slot (anima_draw_frame_set_slot). */
  bool overridden;
  /** The colour the slot paints: the override, else the default, with
   * `currentColor` resolved to the frame's current colour. */
  anima_color color;
} anima_draw_slot;

/** The fill of a SHAPE (SPEC §4 `fill`). */
typedef struct anima_draw_fill {
  bool present; /**< the node has a fill */
  anima_draw_color color;
  anima_fill_rule rule;
} anima_draw_fill;

/** The stroke of a SHAPE (SPEC §4 `stroke`). */
typedef struct anima_draw_stroke {
  bool present; /**< the node has a stroke */
  anima_draw_color color;
  /** Width in the node's local units; it scales with the world matrix
   * (SPEC §12.1). Resolved values are >= 0. */
  double width;
  anima_line_cap cap;
  anima_line_join join;
  /** Natural length of the outline (paint chapter, "Shared outline
   * lengths"), in local units. */
  double length;
  /** The resolved trim fractions (trimStart, trimEnd clamped to 0..1;
   * trimOffset as resolved), for anima_path_add_trimmed. */
  double trim_start, trim_end, trim_offset;
  /** The same trim resolved over `length` (anima_trim_resolve):
   * `trim.visible` false means nothing is stroked; `trim.full` means the
   * whole outline; otherwise the visible pieces and the equivalent SVG dash
   * array/offset in absolute lengths. */
  anima_trim trim;
} anima_draw_stroke;

/* ------------------------------------------------------------------------ */
/* Draw frame v2 vocabulary: blend modes, masks, paints (docs/MODULES.md     */
/* "Draw frame v2"). Modules lower into these; backends declare which they   */
/* can draw (anima_backend_caps) and never learn module kinds.              */
/* ------------------------------------------------------------------------ */

/** Group compositing (composite "Blend modes"; mix "additive"). */
typedef enum anima_blend_mode {
  ANIMA_BLEND_NORMAL = 0,
  ANIMA_BLEND_MULTIPLY,
  ANIMA_BLEND_SCREEN,
  ANIMA_BLEND_OVERLAY,
  ANIMA_BLEND_DARKEN,
  ANIMA_BLEND_LIGHTEN,
  ANIMA_BLEND_COLOR_DODGE,
  ANIMA_BLEND_COLOR_BURN,
  ANIMA_BLEND_HARD_LIGHT,
  ANIMA_BLEND_SOFT_LIGHT,
  ANIMA_BLEND_DIFFERENCE,
  ANIMA_BLEND_EXCLUSION,
  ANIMA_BLEND_HUE,
  ANIMA_BLEND_SATURATION,
  ANIMA_BLEND_COLOR,
  ANIMA_BLEND_LUMINOSITY,
  /** mix chapter: S + D·(1 − Sa·(1 − strength)), premultiplied, clamped. */
  ANIMA_BLEND_ADDITIVE,
  ANIMA_BLEND_MODE_COUNT,
} anima_blend_mode;

/** How a mask source's pixels become coverage (composite "Source masks";
 * a knockout is an inverted-alpha mask of the grown cutter). */
typedef enum anima_mask_mode {
  ANIMA_MASK_ALPHA = 0,
  ANIMA_MASK_LUMINANCE,
  ANIMA_MASK_INVERTED_ALPHA,
  ANIMA_MASK_INVERTED_LUMINANCE,
} anima_mask_mode;

/** The kind of a paint in the frame's paint table. */
typedef enum anima_paint_kind {
  ANIMA_PAINT_SOLID = 0, /**< `color` (or a mix of two colours) */
  ANIMA_PAINT_LINEAR,    /**< x1 y1 → x2 y2 */
  ANIMA_PAINT_RADIAL,    /**< centre cx cy, radius r, focal fx fy */
  ANIMA_PAINT_CONIC,     /**< centre x1 y1, initial ray toward x2 y2,
                              clockwise over one turn (paint "Angular") */
  ANIMA_PAINT_IMAGE,     /**< an image pattern (assets) */
} anima_paint_kind;

/** One colour stop of a gradient (position clamped to 0..1). */
typedef struct anima_draw_stop {
  double position;
  anima_draw_color color;
} anima_draw_stop;

/**
 * One paint. Coordinates are in the node's local (untransformed) space;
 * `transform` maps gradient coordinates first (paint "gradientTransform",
 * identity when absent). SOLID uses `color`; when `mixed` is true the
 * colour is colormix's premultiplied mix of `mix_a` and `mix_b` with
 * weight `mix_t` of `mix_b` (SPEC §6 colormix), already resolved in
 * `color`, the parts kept for live SVG `color-mix()`.
 */
typedef struct anima_draw_paint {
  anima_paint_kind kind;
  anima_draw_color color;
  bool mixed;
  anima_draw_color mix_a, mix_b;
  double mix_t;
  double x1, y1, x2, y2;         /**< LINEAR, CONIC */
  double cx, cy, r, fx, fy;      /**< RADIAL */
  anima_matrix transform;        /**< gradient transform */
  size_t first_stop, stop_count; /**< range of the frame's stop table */
  size_t image;                  /**< IMAGE: index of the frame's images */
  const char *pointer;           /**< the paint's JSON pointer (diagnostics) */
} anima_draw_paint;

/** What a node behaviour's `emit` will add, declared at frame creation. */
typedef struct anima_draw_reserve {
  size_t images;        /**< IMAGE items */
  size_t meshes;        /**< MESH items */
  size_t mesh_vertices; /**< vertices over all its meshes */
  size_t mesh_indices;  /**< triangle indices over all its meshes */
} anima_draw_reserve;

/** A node's primitives being emitted (node behaviours' `emit`). */
typedef struct anima_draw_emit anima_draw_emit;

/** Kinds of draw items. */
typedef enum anima_draw_item_kind {
  ANIMA_DRAW_GROUP_BEGIN = 0,
  ANIMA_DRAW_GROUP_END = 1,
  ANIMA_DRAW_SHAPE = 2,
  ANIMA_DRAW_KNOCKOUT_BEGIN = 3,
  ANIMA_DRAW_KNOCKOUT_END = 4,
} anima_draw_item_kind;

/** One item of a draw frame. Which fields apply depends on `kind`. */
typedef struct anima_draw_item {
  anima_draw_item_kind kind;
  /** GROUP_*, SHAPE: the node's id (owned by the model) and its index in
   * document pre-order; KNOCKOUT_*: those of the cutting node. */
  const char *id;
  size_t node;
  /** BEGIN: index of its END; END: index of its BEGIN; SHAPE: its own. */
  size_t partner;
  /** KNOCKOUT_*: index of the cutting SHAPE item (right after the END). */
  size_t cutter;
  /** GROUP_*, SHAPE: the node's own resolved `visible`. An invisible
   * group draws nothing of its range; an invisible cutter cuts nothing. */
  bool visible;
  /** GROUP_*, SHAPE: the node's own resolved opacity, 0..1, applied to
   * the group's children (or the shape's fill and stroke) as one layer.
   * For a cutter it is also the strength of its cut. */
  double opacity;
  /** GROUP_*, SHAPE: the node's matrix relative to its parent, and to the
   * viewBox (SPEC §4 Transform). */
  anima_matrix local;
  anima_matrix world;
  /** SHAPE: the local outline (owned by the model or the frame). */
  const anima_path *outline;
  anima_draw_fill fill;
  anima_draw_stroke stroke;
  /** SHAPE: the `knockout` growth w in local units, or -1 without
   * knockout. */
  double knockout;
} anima_draw_item;

/**
 * A draw frame. The public fields are read by backends; a test may also
 * fill them by hand (a zeroed struct with items, slots and a view box is a
 * valid frame). Fields after `items` up to `current_color` are owned by the
 * frame when it came from anima_draw_frame_create.
 */
typedef struct anima_draw_frame {
  /** [x, y, width, height] in grid units (SPEC §2 `viewBox`). */
  double view_box[4];
  /** The document's `grid`. */
  double grid;
  anima_draw_item *items;
  size_t item_count;
  anima_draw_slot *slots;
  size_t slot_count;
  /** What `currentColor` paints (default black, DECISIONS 9). */
  anima_color current_color;
  /** Private to the builder: outline storage for animated shapes. */
  struct anima_draw_builder *builder;
} anima_draw_frame;

/**
 * Creates the draw frame of `model` into `*out`: the items of every node,
 * the slots from the document's `colors` (at their defaults, current
 * colour black), outline storage for every circle, rect and arc, and the
 * cached lengths of path outlines. Everything is allocated here, once. The
 * model must outlive the frame; one frame can serve every player of the
 * model. Errors: ANIMA_ERROR_INVALID_ARGUMENT for NULL arguments;
 * ANIMA_ERROR_NO_MEMORY; ANIMA_ERROR_MODULE when a node type comes from a
 * feature module that registered no outline hook for it, so there is no
 * geometry to draw (never skipped in silence).
 */
ANIMA_API anima_status anima_draw_frame_create(const anima_model *model,
                                               anima_draw_frame **out);

/** Frees a frame made by anima_draw_frame_create. NULL is allowed. */
ANIMA_API void anima_draw_frame_destroy(anima_draw_frame *frame);

/**
 * Sets what `currentColor` paints (SPEC §6; DECISIONS 9: black until set).
 * Slots whose default is `currentColor` follow it. Takes effect at once
 * for slots and at the next build for paints.
 * ANIMA_ERROR_INVALID_ARGUMENT for a NULL frame.
 */
ANIMA_API anima_status
anima_draw_frame_set_current_color(anima_draw_frame *frame, anima_color color);

/** Index of the slot named `name`, or -1 when the document declares none. */
ANIMA_API long anima_draw_frame_find_slot(const anima_draw_frame *frame,
                                          const char *name);

/**
 * Overrides the colour of slot `slot` (an index from
 * anima_draw_frame_find_slot), as `anima render --color slot=#hex` does
 * (SPEC §6: static renders use the default unless the caller overrides
 * it). ANIMA_ERROR_INVALID_ARGUMENT for a NULL frame or an index out of
 * range.
 */
ANIMA_API anima_status anima_draw_frame_set_slot(anima_draw_frame *frame,
                                                 size_t slot,
                                                 anima_color color);

/**
 * Checks the structure of a frame (hand-built ones included): every BEGIN
 * pairs with the END of the same kind through `partner`, ranges nest, a
 * KNOCKOUT pair names the SHAPE right after its END as `cutter`, and every
 * SHAPE has an outline. Backends call this before drawing.
 * ANIMA_ERROR_INVALID_ARGUMENT when a check fails or `frame` is NULL.
 */
ANIMA_API anima_status anima_draw_frame_validate(const anima_draw_frame *frame);

/**
 * Fills `frame` from the player's current resolved values (SPEC §4
 * transforms, paint, trims, knockout; §6 colours). Outlines of node types
 * with a feature module's outline hook (module.h, e.g. `corners` on rect)
 * come from the hook. Allocates nothing. `player` must play the model the
 * frame was created for (ANIMA_ERROR_INVALID_ARGUMENT otherwise, or for
 * NULL arguments); a hook's error is returned (its outline left empty).
 */
ANIMA_API anima_status anima_draw_frame_build(anima_draw_frame *frame,
                                              const anima_player *player);

#ifdef __cplusplus
}
#endif

#endif /* ANIMA_DRAW_H */
