/*
 * draw.h — the draw frame: the renderer-neutral result of a step (draw
 * frame v2, docs/MODULES.md §8, docs/RENDERING.md).
 *
 * A draw frame lists what a player's current values paint as a flat array
 * of items that nest by explicit begin/end pairs. The item kinds are a
 * closed set of primitives; feature modules lower their kinds into them
 * and backends never learn module kinds:
 *
 *   GROUP_BEGIN ... GROUP_END   children drawn with the group's matrix,
 *                               opacity, blend mode and isolation
 *   SHAPE                       an outline painted by fills and strokes
 *                               (layers) whose paints are in a paint table
 *   MASK_BEGIN ... MASK_END     the range shows through a mask made from
 *                               another part of the frame (alpha,
 *                               luminance, inverted); a knockout is one
 *   CLIP_BEGIN ... CLIP_END     the range is clipped by another SHAPE's
 *                               outline
 *   IMAGE                       pixels placed in a box (source rect,
 *                               sampling, wrap)
 *   MESH                        textured triangles
 *
 * Per-kind data sits in tables behind `anima_draw_item.payload` (a GROUP's
 * entry in `groups`, a SHAPE's in `shapes` ...), so every item has the same
 * small size. Items are `item_size` bytes apart (read them with
 * anima_draw_frame_item), so a backend built against an older draw.h can
 * stride over a frame whose items grew members at their end.
 *
 * Paint order. For a plain document the items are in document order
 * (later on top, SPEC §4). The children of each range (and the top level)
 * are also listed in `order`, which the builder fills every frame from the
 * sibling order a module sets (composite "Sibling draw order"), so an
 * animated draw order never changes the item structure; a backend draws
 * the children of a range with anima_draw_frame_next.
 *
 * Knockout (SPEC §4). For the children [a, b, k1, c, k2] of one parent,
 * where k1 and k2 carry `knockout`, the items are
 *
 *   MASK_BEGIN(k2) MASK_BEGIN(k1) a b MASK_END(k1) k1 c MASK_END(k2) k2
 *
 * each MASK an inverted-alpha mask whose source is the cutter's painted
 * area grown by w (`anima_draw_mask.area`), at the cutter's opacity as
 * strength: k2 cuts a, b, k1 and c, and k1 cuts a and b ("later knockouts
 * cut earlier knockout nodes too").
 *
 * The structure of a model's frame never changes: invisible nodes keep
 * their items with `visible` false, and a backend skips a whole invisible
 * range. Every item, layer and paint carries the RFC 6901 pointer of what
 * produced it, for anima_draw_frame_check's diagnostics.
 *
 * Paint colours are resolved (SPEC §6): a slot takes the caller's override
 * or its default, `currentColor` takes the caller's current colour (black
 * unless set, DECISIONS 9). Each colour also says where it came from, so a
 * live-themable SVG can write `var(--anima-<slot>, <default>)` or
 * `currentColor` instead.
 *
 * Memory: anima_draw_frame_create allocates everything a model's frame
 * needs once (node behaviours declare what they emit with `reserve`);
 * anima_draw_frame_build fills it from a player without allocating or
 * touching strings, so it can run every frame.
 *
 * Units: grid units (y down) for coordinates, lengths and stroke widths
 * (SPEC §2), except fixed strokes (output pixels, DECISIONS 16). Matrices
 * map a node's local coordinates to its parent's (`local`) or to the
 * viewBox coordinates of the document (`world`).
 */
#ifndef ANIMA_DRAW_H
#define ANIMA_DRAW_H

#include <stdint.h>

#include <anima/anima.h>
#include <anima/path.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------ */
/* Colours                                                                   */
/* ------------------------------------------------------------------------ */

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

/* ------------------------------------------------------------------------ */
/* Paints (paint chapter "Gradients", "Angular gradients"; §6 colormix)      */
/* ------------------------------------------------------------------------ */

/** The kind of a paint in the frame's paint table. */
typedef enum anima_paint_kind {
  ANIMA_PAINT_SOLID = 0, /**< `color` (or a mix of two colours) */
  ANIMA_PAINT_LINEAR,    /**< x1 y1 → x2 y2 */
  ANIMA_PAINT_RADIAL,    /**< centre cx cy, radius r, focal fx fy */
  ANIMA_PAINT_CONIC,     /**< centre x1 y1, initial ray toward x2 y2,
                              clockwise over one turn (paint "Angular") */
  ANIMA_PAINT_IMAGE,     /**< an image pattern */
  ANIMA_PAINT_KIND_COUNT,
} anima_paint_kind;

/** How pixels are sampled (paint "Image nodes": `sampling`). */
typedef enum anima_image_sampling {
  ANIMA_SAMPLING_BILINEAR = 0,
  ANIMA_SAMPLING_NEAREST = 1,
} anima_image_sampling;

/** What an image shows outside its source rectangle, per axis (paint
 * "Image wrapping"). */
typedef enum anima_image_wrap {
  /** Only the source rectangle is drawn (no wrap control authored). */
  ANIMA_WRAP_NONE = 0,
  /** The edge texels extend to the box. */
  ANIMA_WRAP_CLAMP,
  /** Tiles in both directions. */
  ANIMA_WRAP_REPEAT,
  /** Tiles, every odd tile reflected (negative tile indices too). */
  ANIMA_WRAP_MIRROR,
  ANIMA_WRAP_COUNT,
} anima_image_wrap;

/**
 * Pixels an image, mesh or image paint draws: 8-bit RGBA, non-premultiplied
 * sRGB, rows `stride` bytes apart, top row first. The memory belongs to
 * whoever emitted it (a module's per-model data) and outlives the frame's
 * use of it.
 */
typedef struct anima_draw_pixels {
  const uint8_t *data;
  int width, height; /**< > 0 */
  size_t stride;     /**< >= 4 · width */
  /** Where SVG output may link the pixels from (an asset's URL), or NULL to
   * embed them as a PNG `data:` URI. */
  const char *href;
} anima_draw_pixels;

/** One colour stop of a gradient (position clamped to 0..1). */
typedef struct anima_draw_stop {
  double position;
  anima_draw_color color;
} anima_draw_stop;

/**
 * One paint. Coordinates are in the node's local (untransformed) space;
 * `transform` maps gradient (or image pattern) coordinates first (paint
 * "gradientTransform", identity when absent). SOLID uses `color`; when
 * `mixed` is true the colour is colormix's premultiplied mix of `mix_a` and
 * `mix_b` with weight `mix_t` of `mix_b` (SPEC §6 colormix), already
 * resolved in `color`, the parts kept for live SVG `color-mix()`.
 * Gradients pad beyond their ends (SVG `spreadMethod="pad"`); stops are
 * `stop_count` entries of the frame's stop table from `first_stop`.
 * IMAGE tiles `pixels` over pattern space, where the image covers
 * [0, width] × [0, height], by `wrap_x`/`wrap_y` (NONE draws one copy).
 */
typedef struct anima_draw_paint {
  anima_paint_kind kind;
  anima_draw_color color;
  bool mixed;
  anima_draw_color mix_a, mix_b;
  double mix_t;
  double x1, y1, x2, y2;         /**< LINEAR, CONIC */
  double cx, cy, r, fx, fy;      /**< RADIAL */
  anima_matrix transform;        /**< gradient / pattern transform */
  size_t first_stop, stop_count; /**< range of the frame's stop table */
  anima_draw_pixels pixels;      /**< IMAGE */
  anima_image_sampling sampling; /**< IMAGE */
  anima_image_wrap wrap_x, wrap_y;
  const char *pointer; /**< the paint object's JSON pointer */
} anima_draw_paint;

/* ------------------------------------------------------------------------ */
/* Shapes: outline, fills and strokes                                        */
/* ------------------------------------------------------------------------ */

/** Group and layer compositing (composite "Blend modes" — CSS `mix-blend-mode`
 * and the Compositing and Blending Level 1 formulas; mix "additive"). */
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

/** Where a stroke lies relative to its outline (composite "Stroke
 * placement"). */
typedef enum anima_stroke_placement {
  ANIMA_STROKE_CENTER = 0,
  /** Twice the width, clipped to the filled outline (with the fill rule of
   * the shape's first fill, else nonzero). */
  ANIMA_STROKE_INSIDE,
  /** Twice the width, with the filled outline removed. */
  ANIMA_STROKE_OUTSIDE,
} anima_stroke_placement;

/** The stroke of a STROKE layer (SPEC §4 `stroke`; paint "Dashes",
 * "Transform-independent stroke"). */
typedef struct anima_draw_stroke {
  /** Width in the node's local units, scaling with the world matrix (SPEC
   * §12.1); in output pixels when `fixed`. Resolved values are >= 0. */
  double width;
  anima_line_cap cap;
  anima_line_join join;
  /** Non-scaling (SVG `vector-effect="non-scaling-stroke"`, DECISIONS 16):
   * the outline follows the world matrix, the width and dashes do not. */
  bool fixed;
  anima_stroke_placement placement;
  /** The dash pattern as absolute lengths (percentages already resolved
   * with the outline length): `dash_count` entries of the frame's dash
   * table from `first_dash`, an odd count repeating twice as in SVG; 0
   * entries for a solid stroke. Ignored while a partial trim applies
   * ("trim wins"). */
  size_t first_dash, dash_count;
  double dash_offset; /**< absolute, like the dashes */
  /** The resolved trim fractions (trimStart, trimEnd clamped to 0..1;
   * trimOffset as resolved), for anima_path_add_trimmed. */
  double trim_start, trim_end, trim_offset;
  /** The same trim resolved over the shape's `length` (anima_trim_resolve):
   * `trim.visible` false means nothing is stroked; `trim.full` means the
   * whole outline; otherwise the visible pieces and the equivalent SVG dash
   * array/offset in absolute lengths. */
  anima_trim trim;
  /** The geometry to stroke instead of the shape's outline (frame-owned,
   * rebuilt by every build from a module's compile_stroke_path: contour
   * `stroke.trim` and `stroke.effects`), or NULL: the outline. Its trims
   * and dashes are already applied: `trim` is then full (not visible when
   * the path is empty) and `dash_count` 0. */
  const anima_path *path;
} anima_draw_stroke;

/** Fill or stroke. */
typedef enum anima_draw_layer_kind {
  ANIMA_LAYER_FILL = 0,
  ANIMA_LAYER_STROKE = 1,
} anima_draw_layer_kind;

/**
 * One fill or stroke of a SHAPE. A shape paints its layers in order, all
 * as one layer under the item's opacity: a plain node has its fill, then
 * its stroke; ordered paints (composite "Ordered paints") list theirs.
 */
typedef struct anima_draw_layer {
  anima_draw_layer_kind kind;
  /** The paint's own visibility (composite `paints.*.visible`). */
  bool visible;
  size_t paint;         /**< index in the frame's paint table */
  anima_fill_rule rule; /**< FILL: the fill rule */
  size_t stroke;        /**< STROKE: index in the frame's stroke table */
  const char *pointer;  /**< the fill or stroke object's JSON pointer */
  /** FILL: the geometry to fill instead of the shape's outline (owned by
   * the model; `rule` is then nonzero), or NULL: the outline. Set by a
   * module's compile_fill_path (contour `fill.winding`). */
  const anima_path *fill_path;
  /** The layer's own compositor (mix "Per-paint blend override"; module.h
   * compile_blend): NORMAL paints the layer over what is below it; any
   * other mode paints it as a layer of its own, composited with `blend`
   * as a group of that mode is (anima_draw_group), at `blend_amount` for
   * ADDITIVE. What is below a blended layer: the shape's earlier layers
   * over what was drawn before the shape; when the shape has a blended
   * layer and an opacity below 1, its layers draw into one isolated layer
   * first (they blend only with each other), which then takes the
   * opacity. Static: a frame's layer blends never change. A zeroed layer
   * is NORMAL. */
  anima_blend_mode blend;
  /** ADDITIVE: 0 (source-over) .. 1 (addition), resolved every build;
   * ignored by other modes. */
  double blend_amount;
  /** The JSON pointer of the member that chose `blend`
   * ("/nodes/0/fill/blend"), for diagnostics; NULL: `pointer`. */
  const char *blend_pointer;
} anima_draw_layer;

/** A SHAPE item's payload. */
typedef struct anima_draw_shape {
  /** The local outline (owned by the model or the frame). */
  const anima_path *outline;
  /** Natural length of the outline (paint chapter, "Shared outline
   * lengths"), in local units. */
  double length;
  /** Its fills and strokes: a range of the frame's layer table. */
  size_t first_layer, layer_count;
} anima_draw_shape;

/* ------------------------------------------------------------------------ */
/* Groups, masks and clips                                                   */
/* ------------------------------------------------------------------------ */

/** A GROUP item's payload. The group draws its children into one layer
 * when its opacity is below 1, its blend mode is not normal or it is
 * isolated; otherwise straight onto what is below. */
typedef struct anima_draw_group {
  anima_blend_mode blend;
  /** ADDITIVE: 0 (source-over) .. 1 (addition); ignored by other modes. */
  double strength;
  /** The children blend only with each other (CSS `isolation: isolate`). */
  bool isolate;
  /** The JSON pointer of the member that chose `blend` ("/nodes/0/mix",
   * "/nodes/0/blend"), for diagnostics; NULL: the item's pointer. */
  const char *blend_pointer;
} anima_draw_group;

/** How a mask source's pixels become coverage (composite "Source masks";
 * a knockout is an inverted-alpha mask of the grown cutter). Luminance is
 * 0.2125 R + 0.7154 G + 0.0721 B on sRGB values, times alpha. */
typedef enum anima_mask_mode {
  ANIMA_MASK_ALPHA = 0,
  ANIMA_MASK_LUMINANCE,
  ANIMA_MASK_INVERTED_ALPHA,
  ANIMA_MASK_INVERTED_LUMINANCE,
  ANIMA_MASK_MODE_COUNT,
} anima_mask_mode;

/**
 * A MASK_BEGIN item's payload. The range's children draw as one layer,
 * multiplied by the coverage of the mask source, which is drawn as one
 * layer with alpha `strength`:
 *
 *  - `area` false: the source is the range starting at item `source` (a
 *    SHAPE, IMAGE, MESH or BEGIN item elsewhere in the frame), drawn as it
 *    draws in place, with its own matrices, opacity and visibility but none
 *    of its ancestors' opacity or visibility;
 *  - `area` true: the source is the painted area of SHAPE `source` — its
 *    fill areas and stroke areas, opaque — grown by `grow` units (as if
 *    stroked with width 2·grow, round caps and joins): SPEC §4 Knockout.
 *
 * Coverage = alpha, luminance·alpha, or one minus those when inverted; an
 * invisible source covers nothing (an inverted mask then shows all). Masks
 * cover three viewBoxes centred on the viewBox.
 */
typedef struct anima_draw_mask {
  anima_mask_mode mode;
  size_t source; /**< item index */
  bool area;
  double grow;     /**< area: growth w in the source's local units, >= 0 */
  double strength; /**< 0..1: a knockout's cutter opacity */
  /** Maps the source's parent space to mask space (the masked range's
   * parent space): inverse(masked parent world) · source parent world. */
  anima_matrix transform;
} anima_draw_mask;

/**
 * A CLIP_BEGIN item's payload (composite "Geometry clips"): the range is
 * clipped to the outline of SHAPE `source` with `rule`. Fill, stroke,
 * visibility and opacity of the source do not matter.
 */
typedef struct anima_draw_clip {
  size_t source; /**< item index of a SHAPE */
  anima_fill_rule rule;
  /** Maps the source's local space to clip space (the clipped range's
   * parent space): inverse(clipped parent world) · source world. */
  anima_matrix transform;
} anima_draw_clip;

/* ------------------------------------------------------------------------ */
/* Images and meshes                                                         */
/* ------------------------------------------------------------------------ */

/**
 * An IMAGE item's payload (paint "Image nodes", "Image wrapping"): source
 * rectangle `source` of the pixels lands on `dest` (the fitted image
 * rectangle); with wrap NONE only that rectangle draws, else the wrap
 * fills the box on that axis. Drawing is clipped to `box`.
 */
typedef struct anima_draw_image {
  anima_draw_pixels pixels;
  double box[4];    /**< x, y, width, height in local units */
  double dest[4];   /**< x, y, width, height in local units */
  double source[4]; /**< x, y, width, height in pixels */
  anima_image_sampling sampling;
  anima_image_wrap wrap_x, wrap_y;
} anima_draw_image;

/** One mesh vertex: a local position and a texture coordinate (0..1 of
 * the image's width and height, v down). */
typedef struct anima_draw_vertex {
  double x, y;
  double u, v;
} anima_draw_vertex;

/** A MESH item's payload: triangles of the frame's vertex table, each
 * drawing the part of `pixels` its texture coordinates span, mapped
 * affinely, times its vertices' colours when the frame has
 * `vertex_colors`. */
typedef struct anima_draw_mesh {
  anima_draw_pixels pixels;
  anima_image_sampling sampling;
  size_t first_vertex, vertex_count; /**< range of the vertex table */
  /** Range of the index table; 3 per triangle, each < vertex_count
   * (relative to first_vertex). */
  size_t first_index, index_count;
} anima_draw_mesh;

/* ------------------------------------------------------------------------ */
/* Items and the frame                                                       */
/* ------------------------------------------------------------------------ */

/** Kinds of draw items. */
typedef enum anima_draw_item_kind {
  ANIMA_DRAW_GROUP_BEGIN = 0,
  ANIMA_DRAW_GROUP_END,
  ANIMA_DRAW_SHAPE,
  ANIMA_DRAW_MASK_BEGIN,
  ANIMA_DRAW_MASK_END,
  ANIMA_DRAW_CLIP_BEGIN,
  ANIMA_DRAW_CLIP_END,
  ANIMA_DRAW_IMAGE,
  ANIMA_DRAW_MESH,
  ANIMA_DRAW_ITEM_KIND_COUNT,
} anima_draw_item_kind;

/** "No item": the top level of a frame for anima_draw_frame_next. */
#define ANIMA_DRAW_ROOT ((size_t)-1)

/** One item of a draw frame. */
typedef struct anima_draw_item {
  anima_draw_item_kind kind;
  /** The node that produced the item: its id (owned by the model) and its
   * index in document pre-order; NULL and ANIMA_DRAW_ROOT for none. A
   * knockout MASK names its cutter. */
  const char *id;
  size_t node;
  /** RFC 6901 pointer of what produced the item ("/nodes/0/children/1",
   * ".../knockout", ".../mask"); "" when unknown. */
  const char *pointer;
  /** BEGIN: index of its END; END: index of its BEGIN; else its own. */
  size_t partner;
  /** The entry of the kind's table (groups, shapes, masks, clips, images,
   * meshes); an END repeats its BEGIN's. */
  size_t payload;
  /** The node's own resolved `visible`; an invisible range draws nothing.
   * MASK and CLIP ranges are always visible. */
  bool visible;
  /** Drawn only as a mask source (composite `sourceDraws: false`): the
   * range is skipped where it stands. */
  bool source_only;
  /** GROUP, SHAPE, IMAGE, MESH: the node's resolved opacity, 0..1, applied
   * to the item (a group's children, a shape's layers) as one layer. */
  double opacity;
  /** The node's matrix relative to its parent and to the viewBox (SPEC §4
   * Transform); MASK and CLIP items carry those of their range's parent
   * (local identity). */
  anima_matrix local;
  anima_matrix world;
  /** BEGIN: its children in paint order, a range of the frame's `order`
   * (used when the frame has one). */
  size_t first_child, child_count;
} anima_draw_item;

/**
 * A draw frame. The public fields are read by backends; a test may also
 * fill them by hand: a zeroed struct with items (item_size 0 meaning
 * sizeof(anima_draw_item)), the tables its items use, slots and a view box
 * is a valid frame, drawn in item order when `order` is NULL. Everything
 * is owned by the frame when it came from anima_draw_frame_create.
 */
typedef struct anima_draw_frame {
  /** [x, y, width, height] in grid units (SPEC §2 `viewBox`). */
  double view_box[4];
  /** The document's `grid`. */
  double grid;
  anima_draw_item *items;
  size_t item_count;
  size_t item_size; /**< bytes between items; 0: sizeof(anima_draw_item) */
  anima_draw_slot *slots;
  size_t slot_count;
  /** What `currentColor` paints (default black, DECISIONS 9). */
  anima_color current_color;

  /** Paint order: item indices of the children of each range (see
   * anima_draw_item.first_child) and of the top level (`first_root`,
   * `root_count`), refilled every build. NULL: item order. */
  size_t *order;
  size_t order_count;
  size_t first_root, root_count;

  /** Payload tables. */
  anima_draw_group *groups;
  size_t group_count;
  anima_draw_shape *shapes;
  size_t shape_count;
  anima_draw_layer *layers;
  size_t layer_count;
  anima_draw_stroke *strokes;
  size_t stroke_count;
  double *dashes;
  size_t dash_count;
  anima_draw_paint *paints;
  size_t paint_count;
  anima_draw_stop *stops;
  size_t stop_count;
  anima_draw_mask *masks;
  size_t mask_count;
  anima_draw_clip *clips;
  size_t clip_count;
  anima_draw_image *images;
  size_t image_count;
  anima_draw_mesh *meshes;
  size_t mesh_count;
  anima_draw_vertex *vertices;
  size_t vertex_count;
  uint32_t *indices;
  size_t index_count;

  /** Private to the builder. */
  struct anima_draw_builder *builder;

  /**
   * Per-vertex colours (appended after the v2 members, so older frames and
   * hand-built ones that leave it zeroed draw as before): NULL, or one
   * colour per entry of `vertices` (`vertex_count` entries, indexed like
   * `vertices`). A MESH triangle multiplies the texel it samples by its
   * vertices' colours, channel by channel in straight (non-premultiplied)
   * sRGB, alpha included, the three colours interpolated across the
   * triangle with barycentric weights on the straight channels (Gouraud
   * shading, as a GPU interpolates a colour attribute). Opaque white
   * changes nothing, so NULL means every vertex is opaque white; the item's
   * opacity still applies to the whole mesh as one layer. How each backend
   * draws them: docs/RENDERING.md "Vertex colours". The kernel's own frames
   * (anima_draw_frame_create) leave it NULL; OpenBone's lowering
   * (anima_bone_frame_build) fills it for particle quads.
   */
  anima_color *vertex_colors;
} anima_draw_frame;

/** Item `index` of `frame` (no bounds check), striding by item_size. */
static inline const anima_draw_item *
anima_draw_frame_item(const anima_draw_frame *frame, size_t index) {
  size_t size = frame->item_size ? frame->item_size : sizeof(anima_draw_item);
  return (const anima_draw_item *)(const void *)((const char *)frame->items +
                                                 index * size);
}

/**
 * The next child of range `parent` (a BEGIN item's index, or
 * ANIMA_DRAW_ROOT for the top level) in paint order: `*cursor` starts at
 * 0 and advances; `*item` receives the child's index (a SHAPE, IMAGE,
 * MESH or BEGIN item). Returns false when there are no more children (or
 * for NULL arguments). Uses the frame's `order` when it has one, else item
 * order, skipping nested ranges.
 */
ANIMA_API bool anima_draw_frame_next(const anima_draw_frame *frame,
                                     size_t parent, size_t *cursor,
                                     size_t *item);

/* ------------------------------------------------------------------------ */
/* Backend capabilities                                                      */
/* ------------------------------------------------------------------------ */

/** Stroke features a backend may lack (anima_backend_caps.strokes). */
enum {
  ANIMA_CAP_STROKE_DASHES = 1u << 0,     /**< dash arrays and offsets */
  ANIMA_CAP_STROKE_FIXED = 1u << 1,      /**< non-scaling strokes */
  ANIMA_CAP_STROKE_FIXED_TRIM = 1u << 2, /**< partial trims on fixed strokes */
  ANIMA_CAP_STROKE_PLACEMENT = 1u << 3,  /**< inside and outside strokes */
};

/**
 * What a backend can draw. Each mask has bit (1u << value) set for every
 * value of its enum the backend draws. Begins with struct_size: a field
 * past an older struct's size counts as "can draw", so a newer frame
 * checked against older caps only reports what the caps know about.
 */
typedef struct anima_backend_caps {
  size_t struct_size;
  const char *name; /**< "svg", "cairo": named in messages */
  /** Hint of the unsupported-render diagnostics ("render to PNG ..."). */
  const char *hint;
  uint32_t items;       /**< anima_draw_item_kind */
  uint32_t blend_modes; /**< anima_blend_mode (ADDITIVE: additive) */
  uint32_t paint_kinds; /**< anima_paint_kind */
  uint32_t mask_modes;  /**< anima_mask_mode */
  /** anima_image_wrap per sampling, for IMAGE items and IMAGE paints. */
  uint32_t wraps_nearest, wraps_bilinear;
  uint32_t strokes; /**< ANIMA_CAP_STROKE_* */
  /** True when gradients may carry a transform other than the identity. */
  bool gradient_transform;
} anima_backend_caps;

/**
 * Reports, as `unsupported-render` errors (SPEC §11.3, paint and mix
 * chapters), everything in `frame` that a backend with `caps` cannot draw:
 * one diagnostic per pointer and feature, with the pointer of what produced
 * it (an item's, a layer's, a group's or layer's `blend_pointer` for blend
 * modes, or a paint's `/type`), a message naming the
 * backend and the feature, and `caps->hint`. The frame's structure is
 * checked, not its current values: a conic gradient is reported while its
 * node is invisible too. `diagnostics` may be NULL. Returns ANIMA_OK when
 * the backend can draw everything, ANIMA_ERROR_UNSUPPORTED when it
 * cannot, ANIMA_ERROR_INVALID_ARGUMENT for NULL frame or caps or a
 * malformed frame (anima_draw_frame_validate), ANIMA_ERROR_NO_MEMORY when
 * a diagnostic cannot be added.
 */
ANIMA_API anima_status anima_draw_frame_check(const anima_draw_frame *frame,
                                              const anima_backend_caps *caps,
                                              anima_diagnostics *diagnostics);

/* ------------------------------------------------------------------------ */
/* Node behaviours: what `reserve` declares and `emit` fills (module.h)      */
/* ------------------------------------------------------------------------ */

/** What a node behaviour's `emit` will add at most, declared once at frame
 * creation (module.h anima_node_behaviour_desc `reserve`; zeroed before
 * the call, so members appended later read 0 for older modules). */
typedef struct anima_draw_reserve {
  size_t images;        /**< IMAGE items */
  size_t meshes;        /**< MESH items */
  size_t mesh_vertices; /**< vertices over all its meshes */
  size_t mesh_indices;  /**< triangle indices over all its meshes */
} anima_draw_reserve;

/** A node's primitives being emitted (node behaviours' `emit`; the host
 * members emit_image and emit_mesh of module.h). */
typedef struct anima_draw_emit anima_draw_emit;

/* ------------------------------------------------------------------------ */
/* Frames of a model                                                         */
/* ------------------------------------------------------------------------ */

/**
 * Creates the draw frame of `model` into `*out`: the items of every node
 * with their payload tables, the slots from the document's `colors` (at
 * their defaults, current colour black), outline storage for every circle,
 * rect and arc, the cached lengths of path outlines, and what node
 * behaviours reserve. Everything is allocated here, once. The model must
 * outlive the frame; one frame can serve every player of the model.
 * Errors: ANIMA_ERROR_INVALID_ARGUMENT for NULL arguments;
 * ANIMA_ERROR_NO_MEMORY; ANIMA_ERROR_MODULE when a node type comes from a
 * feature module that gives it neither an outline nor a behaviour that
 * draws or declares it draws nothing (never skipped in silence).
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
 * Checks the structure of a frame (hand-built ones included) so a backend
 * can trust every index: each BEGIN pairs with the END of the same kind
 * through `partner` and ranges nest; every payload, layer, paint, stroke,
 * dash, stop, vertex and index range lies inside its table; a mask source
 * starts a range outside the masked range (an `area` source is a SHAPE)
 * and a clip source is a SHAPE; every SHAPE has an outline; group and
 * layer blend modes are within anima_blend_mode; pixels have a
 * positive size and enough data; a frame with `order` lists each range's
 * children exactly once. Backends call this before drawing.
 * ANIMA_ERROR_INVALID_ARGUMENT when a check fails or `frame` is NULL.
 */
ANIMA_API anima_status anima_draw_frame_validate(const anima_draw_frame *frame);

/**
 * Fills `frame` from the player's current resolved values (SPEC §4
 * transforms, paint, trims, knockout; §6 colours; what modules lowered:
 * blend modes, masks, clips, ordered paints, paint kinds, the sibling
 * order, node behaviours' images and meshes). Allocates nothing. `player`
 * must play the model the frame was created for
 * (ANIMA_ERROR_INVALID_ARGUMENT otherwise, or for NULL arguments); a
 * module callback's error is returned (its primitives left empty); a
 * node behaviour that emits past what it reserved (or an invalid
 * primitive) gets ANIMA_ERROR_MODULE, its primitives hidden for the frame
 * and nothing written past its reservation; anima_draw_frame_error says
 * which node and what.
 */
ANIMA_API anima_status anima_draw_frame_build(anima_draw_frame *frame,
                                              const anima_player *player);

/**
 * Why the latest anima_draw_frame_build of `frame` failed in a module's
 * node behaviour, as one sentence ("node \"photo\" (/nodes/0, type
 * picture): emit_image past the images its reserve declared (its
 * reserve: 1 image(s), ...); its primitives are not drawn"), owned by the
 * frame and valid until its next build; NULL when that build succeeded,
 * failed for another reason, or `frame` is NULL.
 */
ANIMA_API const char *anima_draw_frame_error(const anima_draw_frame *frame);

#ifdef __cplusplus
}
#endif

#endif /* ANIMA_DRAW_H */
