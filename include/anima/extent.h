/*
 * extent.h — where a draw frame paints, and the view-box lint of
 * `anima inspect`.
 *
 * An extent is the axis-aligned box [min x, min y, max x, max y], in the
 * viewBox coordinates of the document (grid units, y down), of what a
 * SHAPE item paints: its fill area and its stroke area (SPEC §4), the
 * stroke with its width, caps and joins as SVG draws it, in the node's
 * local space and then mapped by the world matrix (stroke width scales
 * with the world transform, SPEC §12.1). Curves count exactly (the box of
 * each cubic from its derivative's roots), not by their control points.
 *
 * The view-box lint is advice, not a diagnostic of SPEC §11.3: a valid
 * document may move content outside its viewBox on purpose. It reports
 * every painted node whose extent leaves the viewBox, in any of the poses
 * a player can show without crossfades: at rest (each layer in its initial
 * state, as anima_player_create leaves it), in each pose state of each
 * layer (the other layers in their initial states), and in each play state
 * at every key time of its timeline. Each pose is resolved as a step
 * resolves its values: bindings, clamping, layout and the rig solve
 * (bones, constraints, IK) included, so a rigged node is checked where it
 * is drawn. Values between keys (an ease's overshoot) are not sampled, nor
 * inputs other than their defaults (a pointer an IK target follows). A
 * shape inside MASK and CLIP ranges counts only where they let it show:
 * within the box of an alpha or luminance mask's source (the union of its
 * shown shapes; nowhere when the source is invisible; anywhere when it
 * holds an image or mesh) and of a clip source's outline; inverted masks
 * and knockouts limit nothing; a `source_only` range is not measured.
 * docs/CLI.md ("anima inspect") describes it.
 */
#ifndef ANIMA_EXTENT_H
#define ANIMA_EXTENT_H

#include <anima/draw.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * The extent of what SHAPE item `index` of `frame` paints, in viewBox
 * coordinates, into `out` = [min x, min y, max x, max y]: the area of each
 * visible fill layer whose paint is not fully transparent, and of each
 * visible stroke layer with a width above 0, a visible trim and a paint not
 * fully transparent (an inside or outside stroke counted as a centred one
 * of twice the width; a fixed stroke's width counted in local units). The
 * stroke area follows the stroke's cap, join (miter limit 4) and trim; it
 * is exact for lines and for curves whose radius of curvature is at least
 * half the stroke width (tighter curls may reach a little further on their
 * inner side). The item's own `visible` and `opacity` and those of its
 * groups are not looked at: the caller decides what counts as shown.
 *
 * `*paints` is set to false (and `out` left unchanged) when the item paints
 * nothing. Allocates only for a trimmed stroke. Errors:
 * ANIMA_ERROR_INVALID_ARGUMENT for NULL arguments, an index out of range
 * or an item that is not a SHAPE with an outline; ANIMA_ERROR_NO_MEMORY.
 */
ANIMA_API anima_status anima_draw_item_extent(const anima_draw_frame *frame,
                                              size_t index, double out[4],
                                              bool *paints);

/** One pose the view-box lint checks. */
typedef struct anima_lint_pose {
  /** -1 for the rest pose (every layer in its initial state); else the
   * layer whose state is shown, the other layers being initial. */
  long layer;
  /** The state shown (owned by the model); NULL at rest. */
  const char *state;
  /** The state's timeline when it is a play state (owned by the model),
   * else NULL. */
  const char *timeline;
  /** For a play state, the key time of its timeline that is shown, in
   * timeline seconds; else 0. */
  double time;
} anima_lint_pose;

/** A painted node whose extent leaves the viewBox. */
typedef struct anima_view_box_overflow {
  size_t node;    /**< document pre-order index */
  const char *id; /**< the node's id (owned by the model) */
  /** The first pose (rest, then layer by layer, state by state, key time
   * by key time) in which the node leaves the viewBox. */
  anima_lint_pose first;
  /** How many of the checked poses it leaves the viewBox in (>= 1). */
  size_t pose_count;
  /** The union of its extents over those poses (each as far as its masks
   * and clips let it show), [min x, min y, max x, max y] in viewBox
   * coordinates. */
  double extent[4];
} anima_view_box_overflow;

/** The result of anima_model_lint_view_box. */
typedef struct anima_view_box_report {
  /** The document's viewBox [x, y, width, height]. */
  double view_box[4];
  /** How far an extent may pass an edge before it counts (grid / 1000:
   * far below a pixel at any size a document is drawn at). */
  double tolerance;
  /** Nodes that leave the viewBox, in document order. */
  anima_view_box_overflow *overflows;
  size_t overflow_count;
  /** Poses checked, and poses there are. The check stops early (checked
   * < total) when poses × shape segments would exceed a work budget of
   * about 2·10^7, so inspecting a huge document stays quick. */
  size_t poses_checked, poses_total;
} anima_view_box_report;

/**
 * Runs the view-box lint over `model` (see the top of this header) and
 * returns a report in `*out` (free it with anima_view_box_report_destroy).
 * A shown node is a SHAPE whose `visible` is true and whose opacity is
 * above 0, with every group around it visible and above opacity 0; scale
 * 0 shrinks a node to a point. Allocates the report, a player and a draw
 * frame. Errors: ANIMA_ERROR_INVALID_ARGUMENT for NULL arguments;
 * ANIMA_ERROR_NO_MEMORY; the errors of anima_draw_frame_create (a module's
 * node type without geometry is ANIMA_ERROR_MODULE).
 */
ANIMA_API anima_status anima_model_lint_view_box(const anima_model *model,
                                                 anima_view_box_report **out);

/** Frees a report. NULL is allowed. */
ANIMA_API void anima_view_box_report_destroy(anima_view_box_report *report);

#ifdef __cplusplus
}
#endif

#endif /* ANIMA_EXTENT_H */
