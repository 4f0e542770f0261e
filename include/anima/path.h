/*
 * path.h — path data, outlines, lengths, trims, matrices and hit testing.
 *
 * The geometry under every painted node (SPEC §3, §4, §9 and the paint
 * chapter's "Shared outline lengths"). Everything here is plain data plus
 * pure functions: no registry, no player, no printing.
 *
 * Units: coordinates and lengths in grid units (y down); angles in degrees,
 * positive clockwise (y down), 0° along +x (SPEC §2).
 *
 * A path is a list of absolute segments: move, line, cubic and close.
 * Quadratics are raised to cubics and elliptical arcs become cubic pieces of
 * at most 90° each, so a consumer only ever draws those four kinds. Every
 * contour starts with a move: when drawing continues after a close without
 * an `M`/`m`, the parser inserts a move to the subpath's start point and
 * marks it `continues_subpath`, so it does not start a new numbered subpath
 * (SPEC §3 numbers subpaths by their `M`/`m` commands).
 *
 * Memory: a path either owns growable storage (anima_path_init; freed with
 * anima_path_release) or writes into storage the caller provides
 * (anima_path_init_storage), which never allocates. The parser allocates its
 * output exactly once; outlines of circles, rects and arcs fit in
 * ANIMA_SHAPE_OUTLINE_SEGMENTS segments, so draw-frame building can use a
 * fixed buffer and allocate nothing.
 */
#ifndef ANIMA_PATH_H
#define ANIMA_PATH_H

#include <anima/anima.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------ */
/* Segments and paths                                                        */
/* ------------------------------------------------------------------------ */

/** A point or vector in grid units. */
typedef struct anima_point {
  double x, y;
} anima_point;

/** The kind of a path segment. */
typedef enum anima_segment_kind {
  /** Starts a contour at points[0]. */
  ANIMA_SEGMENT_MOVE = 0,
  /** A straight line from the current point to points[0]. */
  ANIMA_SEGMENT_LINE = 1,
  /** A cubic Bézier: controls points[0], points[1], end points[2]. */
  ANIMA_SEGMENT_CUBIC = 2,
  /** A straight line back to the contour's start, which becomes the current
   * point. No points. */
  ANIMA_SEGMENT_CLOSE = 3,
} anima_segment_kind;

/** One absolute path segment. Unused points are zero. */
typedef struct anima_segment {
  anima_segment_kind kind;
  /** Moves only: true for a move the parser (or anima_path_line_to after a
   * close) inserted to restart drawing at the subpath's start point; such a
   * move does not begin a new numbered subpath. */
  bool continues_subpath;
  anima_point points[3];
} anima_segment;

/**
 * A path: `count` segments in drawing order. Fields are public so backends
 * can iterate the segments; change them only through the functions below.
 */
typedef struct anima_path {
  anima_segment *segments;
  size_t count;
  size_t capacity;
  /** True when the library owns `segments` (grows on demand, freed by
   * anima_path_release); false for caller storage, which never grows. */
  bool growable;
} anima_path;

/** Segments needed by the outline of a circle, rect or arc. */
#define ANIMA_SHAPE_OUTLINE_SEGMENTS 10

/** Makes `path` empty and growable. Allocates nothing until used. */
ANIMA_API void anima_path_init(anima_path *path);
/**
 * Makes `path` empty over caller storage of `capacity` segments. Appending
 * beyond the capacity fails with ANIMA_ERROR_NO_MEMORY and leaves the path
 * as it was; nothing is ever allocated or freed.
 */
ANIMA_API void anima_path_init_storage(anima_path *path, anima_segment *storage,
                                       size_t capacity);
/** Frees owned storage and leaves the path empty. NULL is allowed. */
ANIMA_API void anima_path_release(anima_path *path);
/** Removes every segment and keeps the storage. */
ANIMA_API void anima_path_clear(anima_path *path);
/**
 * Makes room for `capacity` segments in total. ANIMA_ERROR_NO_MEMORY when an
 * allocation fails or caller storage is too small.
 */
ANIMA_API anima_status anima_path_reserve(anima_path *path, size_t capacity);

/*
 * Building (for outlines and feature modules such as `corners`). Each call
 * appends one segment, in grid units. Errors: ANIMA_ERROR_INVALID_ARGUMENT
 * for a NULL path, a non-finite coordinate, or line/cubic/close without a
 * preceding move; ANIMA_ERROR_NO_MEMORY as anima_path_reserve. A line or
 * cubic right after a close first restarts at the contour's start (an
 * inserted move marked continues_subpath); a close right after a close
 * appends nothing.
 */
ANIMA_API anima_status anima_path_move_to(anima_path *path, double x, double y);
ANIMA_API anima_status anima_path_line_to(anima_path *path, double x, double y);
ANIMA_API anima_status anima_path_cubic_to(anima_path *path, double control1_x,
                                           double control1_y, double control2_x,
                                           double control2_y, double x,
                                           double y);
ANIMA_API anima_status anima_path_close(anima_path *path);
/** Appends every segment of `source` (which must not be `path`). */
ANIMA_API anima_status anima_path_append(anima_path *path,
                                         const anima_path *source);
/**
 * Appends SVG's elliptical arc command `A rx ry rotation large_arc sweep x y`
 * from the current point, converted as path data converts arcs (SPEC §3:
 * SVG 1.1 F.6 endpoint-to-centre conversion, then cubic pieces of at most
 * 90°, at most four): equal endpoints append nothing, a zero radius a line,
 * radii too small to reach are scaled up. Radii are absolute values,
 * `rotation` is in degrees. The current point is the end of the last
 * segment (the contour's start after a close). Errors as anima_path_line_to
 * (no preceding move, non-finite arguments, storage).
 */
ANIMA_API anima_status anima_path_arc_to(anima_path *path, double rx, double ry,
                                         double rotation, bool large_arc,
                                         bool sweep, double x, double y);

/* ------------------------------------------------------------------------ */
/* Path data (SPEC §3)                                                       */
/* ------------------------------------------------------------------------ */

/** Largest size of a number or coordinate in path data, in grid units. */
#define ANIMA_PATH_NUMBER_LIMIT 1e6

/** Why path data or a subpath selection was refused. */
typedef struct anima_path_error {
  /** Byte offset of the offending character in the data (the data's length
   * when it ends too early); for a subpath selection, the index into the
   * selection array. */
  size_t offset;
  /** One English sentence ending with the offset, e.g.
   * `expected a number after "C" at offset 12`. */
  char message[160];
} anima_path_error;

/**
 * Parses SVG 1.1 path data: `length` bytes of `data` (no terminator needed),
 * every command M L H V C S Q T A Z in absolute and relative form, implicit
 * repeats (extra pairs after M/m are L/l), numbers such as `-.5e-1` and
 * `.5.5`, arc flags without separators, whitespace and commas where the
 * grammar allows them. Arcs follow SVG 1.1 F.6 (zero radius: a line; equal
 * endpoints: nothing; radii too small: scaled up) and become cubic pieces of
 * at most 90°. Empty data (only whitespace) is refused, and so is any
 * number or resulting absolute coordinate larger in size than
 * ANIMA_PATH_NUMBER_LIMIT (far beyond any icon; it keeps lengths, trims and
 * hit tests finite and fast).
 *
 * On success `out` (initialised by this call; any previous content is not
 * freed) owns exactly-sized storage holding the absolute segments: release
 * it with anima_path_release. On a parse error returns
 * ANIMA_ERROR_INVALID_DOCUMENT, fills `error` (may be NULL) and leaves `out`
 * empty; callers report it as `bad-path`. ANIMA_ERROR_INVALID_ARGUMENT for
 * NULL `data` or `out`; ANIMA_ERROR_NO_MEMORY when allocation fails.
 */
ANIMA_API anima_status anima_path_parse(const char *data, size_t length,
                                        anima_path *out,
                                        anima_path_error *error);

/** Number of numbered subpaths: moves not marked continues_subpath. */
ANIMA_API size_t anima_path_subpath_count(const anima_path *path);

/**
 * Appends to `out` the subpaths of `source` whose numbers (from 0, SPEC §3)
 * are listed in `indices` (`count` entries, any order), always in `source`
 * order. An index out of range or listed twice is
 * ANIMA_ERROR_INVALID_ARGUMENT with `error` (may be NULL) naming it and
 * `error->offset` its position in `indices` (`bad-subpath`); nothing is
 * appended then. ANIMA_ERROR_NO_MEMORY as anima_path_reserve.
 */
ANIMA_API anima_status anima_path_select_subpaths(anima_path *out,
                                                  const anima_path *source,
                                                  const size_t *indices,
                                                  size_t count,
                                                  anima_path_error *error);

/* ------------------------------------------------------------------------ */
/* Outlines of the core node types (SPEC §4)                                 */
/* ------------------------------------------------------------------------ */

/*
 * Each appends one closed (circle, rect) or open (arc) contour to `out`.
 * Negative radii and sizes (an animation overshooting) count as 0. Errors:
 * ANIMA_ERROR_INVALID_ARGUMENT for a NULL path or a non-finite argument;
 * ANIMA_ERROR_NO_MEMORY as anima_path_reserve. At most
 * ANIMA_SHAPE_OUTLINE_SEGMENTS segments each.
 */

/** Circle at (center_x, center_y), radius `radius`: starts at angle 0,
 * (center_x + radius, center_y), and runs in increasing angle (clockwise on
 * screen) as four cubic quarter arcs, then closes. */
ANIMA_API anima_status anima_path_add_circle(anima_path *out, double center_x,
                                             double center_y, double radius);
/**
 * Rect with top-left (x0, y0), size `width` × `height` and corner radius
 * `corner_radius` (`rx`): starts at (x0 + rx, y0) and runs clockwise. The
 * radius is clamped to half the width horizontally and half the height
 * vertically, so a clamped corner is a quarter ellipse; each corner is one
 * cubic with controls at k = 4(√2−1)/3 of the way to the corner.
 */
ANIMA_API anima_status anima_path_add_rect(anima_path *out, double x0,
                                           double y0, double width,
                                           double height, double corner_radius);
/**
 * Open circular arc about (center_x, center_y) from angle `from` to `to`
 * (degrees) in increasing angle, as equal cubic pieces of at most 90°. A
 * sweep `to − from` ≤ 0 appends a lone move (nothing drawn); a sweep over
 * 360 is drawn as 360.
 */
ANIMA_API anima_status anima_path_add_arc(anima_path *out, double center_x,
                                          double center_y, double radius,
                                          double from, double to);

/* ------------------------------------------------------------------------ */
/* Lengths (paint chapter, "Shared outline lengths")                         */
/* ------------------------------------------------------------------------ */

/**
 * Natural length of a path in grid units: every subpath and closing edge;
 * lines exact; each cubic subdivided by de Casteljau at t = 0.5 until its
 * control polygon exceeds its chord by at most 0.0001, or to depth 20, each
 * accepted piece contributing (polygon + chord) / 2. 0 for NULL.
 */
ANIMA_API double anima_path_length(const anima_path *path);
/** Length of a cubic from p0 with controls p1, p2 to p3, as above. */
ANIMA_API double anima_cubic_length(anima_point p0, anima_point p1,
                                    anima_point p2, anima_point p3);
/** Length of a circle outline: exactly 2πr (negative r counts as 0). */
ANIMA_API double anima_circle_length(double radius);
/**
 * Length of a rect outline: the straight parts exactly, plus its four
 * corners, which together form one ellipse with the clamped radii (a, b)
 * measured by Ramanujan's second approximation
 * π(a+b)(1 + 3h/(10 + √(4 − 3h))), h = ((a−b)/(a+b))², exact (2πr) for
 * circular corners.
 */
ANIMA_API double anima_rect_length(double width, double height,
                                   double corner_radius);
/** Length of an arc outline: r times the sweep in radians, with the sweep
 * limited to 0..360° as in anima_path_add_arc. */
ANIMA_API double anima_arc_length(double radius, double from, double to);

/* ------------------------------------------------------------------------ */
/* Trims (SPEC §4 stroke trims; paint chapter)                               */
/* ------------------------------------------------------------------------ */

/** A resolved trim of an outline of a given length. */
typedef struct anima_trim {
  /** False when end − start ≤ 0, or when a partial trim (end − start < 1)
   * applies to an outline of length 0: nothing is stroked (no cap dots). */
  bool visible;
  /** True when end − start ≥ 1: the whole outline, no dashes needed. */
  bool full;
  /** Visible pieces when visible and not full: 1, or 2 when the range wraps
   * past the outline's end. Pieces are [from, to] in absolute lengths from
   * the outline's start, 0 ≤ from < to ≤ length, listed in drawing order
   * (the piece that runs to the end first, then the one from the start). */
  size_t piece_count;
  double from[2];
  double to[2];
  /** The same as an SVG stroke-dasharray (`dash_count` entries, 2 or 4) and
   * stroke-dashoffset, in absolute grid units (never pathLength). The gaps
   * run past the outline's end, so a renderer that measures the outline a
   * little longer shows no stray dash. */
  size_t dash_count;
  double dash[4];
  double dash_offset;
} anima_trim;

/**
 * Resolves trim fractions (trimStart, trimEnd, trimOffset) for an outline of
 * `length` grid units. Start and end clamp to 0..1; the visible part runs
 * from start + offset to end + offset, wrapping around 1. Returns
 * ANIMA_ERROR_INVALID_ARGUMENT for NULL `out`, a negative length or a
 * non-finite argument.
 */
ANIMA_API anima_status anima_trim_resolve(double length, double trim_start,
                                          double trim_end, double trim_offset,
                                          anima_trim *out);

/**
 * Appends to `out` the part of `source` that a trim (fractions as in
 * anima_trim_resolve) leaves visible, measured with anima_path_length on
 * `source` itself (for the raster backend). A wrapped trim of a single
 * closed contour is one contour through the start point; otherwise each
 * piece starts with its own move. Appends nothing when the trim is not
 * visible and all of `source` when it is full. Errors as
 * anima_trim_resolve, plus ANIMA_ERROR_NO_MEMORY as anima_path_reserve.
 */
ANIMA_API anima_status anima_path_add_trimmed(anima_path *out,
                                              const anima_path *source,
                                              double trim_start,
                                              double trim_end,
                                              double trim_offset);
/**
 * Appends the part of `source` between lengths `from` and `to` (grid units
 * from its start, as measured by anima_path_length; clamped to the path;
 * nothing when to ≤ from). Each source contour touched starts a new move.
 */
ANIMA_API anima_status anima_path_add_range(anima_path *out,
                                            const anima_path *source,
                                            double from, double to);

/* ------------------------------------------------------------------------ */
/* Matrices (SPEC §4 Transform)                                              */
/* ------------------------------------------------------------------------ */

/**
 * A 2×3 affine matrix, SVG's matrix(a b c d e f):
 * x' = a·x + c·y + e,  y' = b·x + d·y + f.
 */
typedef struct anima_matrix {
  double a, b, c, d, e, f;
} anima_matrix;

/** The identity. */
ANIMA_API anima_matrix anima_matrix_identity(void);
/** `left · right`: applies `right` first, then `left`. */
ANIMA_API anima_matrix anima_matrix_multiply(anima_matrix left,
                                             anima_matrix right);
/**
 * A node's local matrix (SPEC §4):
 * T(x, y)·T(pivot_x, pivot_y)·R(rotate)·S(scale·scale_x, scale·scale_y)·
 * T(−pivot_x, −pivot_y). `rotate` in degrees, positive clockwise (y down);
 * multiples of 90° give exact 0/±1 entries.
 */
ANIMA_API anima_matrix anima_matrix_local(double x, double y, double pivot_x,
                                          double pivot_y, double rotate,
                                          double scale, double scale_x,
                                          double scale_y);
/**
 * Inverse of `matrix` into `*out`. Returns false (and leaves `*out`
 * unchanged) when the matrix is singular (|determinant| < 1e-300) or has a
 * non-finite entry.
 */
ANIMA_API bool anima_matrix_invert(anima_matrix matrix, anima_matrix *out);
/** `matrix` applied to `point`. */
ANIMA_API anima_point anima_matrix_transform_point(anima_matrix matrix,
                                                   anima_point point);

/* ------------------------------------------------------------------------ */
/* Hit testing (SPEC §9)                                                     */
/* ------------------------------------------------------------------------ */

/** Fill rule (SPEC §4 `fill.rule`). */
typedef enum anima_fill_rule {
  ANIMA_FILL_NONZERO = 0,
  ANIMA_FILL_EVENODD = 1,
} anima_fill_rule;

/** What a painted node offers to the pointer. */
typedef struct anima_hit_shape {
  /** The node's local outline (fill area; open contours close implicitly). */
  const anima_path *outline;
  /** The stroked local outline: `outline`, or its trimmed part when the
   * stroke is trimmed. NULL means `outline`. */
  const anima_path *stroke_outline;
  /** The node's world matrix (local -> grid coordinates of the viewBox). */
  anima_matrix world;
  bool has_fill;
  anima_fill_rule fill_rule;
  bool has_stroke;
  /** Stroke width in local units (it scales with `world`, SPEC §12.1).
   * Negative counts as 0. */
  double stroke_width;
} anima_hit_shape;

/**
 * Does world point (x, y) hit `shape` grown by `padding` grid units
 * (`hitPadding`, negative counts as 0)? The fill area by its rule, plus
 * the stroke area within half the width of the stroked outline (round caps
 * and joins, whatever the stroke's own cap and join), plus every point
 * within `padding` of those areas.
 *
 * Curves are flattened in local space finely enough that the world polyline
 * stays within 0.01 units of the curve, so the answer is exact for points
 * farther than 0.05 units from an edge. No allocation, no recursion.
 *
 * Non-uniform world scale: the stroke is tested as SVG draws it, in local
 * space (the point mapped by the inverse world matrix, within half the
 * local width). Padding is world units. Two padded tests are combined, each
 * of which stays inside the true padded stroke: local distance at most
 * half the width + padding / (largest scale of the world matrix), and world
 * distance to the world outline at most padding + half the width times the
 * smallest scale. Both are exact for uniform scale (any rotation). For
 * non-uniform scale the padded band can be narrower than `padding` by up
 * to padding·(1 − smallest/largest scale) where the stroke is thick; it is
 * never wider than the true padded area.
 * A singular world matrix has no fill area and no local stroke; only the
 * padding test applies.
 *
 * Returns false for NULL, a non-finite point or matrix entry.
 */
ANIMA_API bool anima_hit_test_shape(const anima_hit_shape *shape,
                                    double padding, double x, double y);
/** Whole-icon circle [center_x, center_y, radius] (SPEC §9 `hit`): the
 * point is at most radius + padding from the center (edge inclusive). */
ANIMA_API bool anima_hit_test_circle(double center_x, double center_y,
                                     double radius, double padding, double x,
                                     double y);
/** Whole-icon rect [x0, y0, width, height]: the point is inside or at most
 * `padding` from the rect (rounded outer corners; edge inclusive). */
ANIMA_API bool anima_hit_test_rect(double x0, double y0, double width,
                                   double height, double padding, double x,
                                   double y);

#ifdef __cplusplus
}
#endif

#endif /* ANIMA_PATH_H */
