/*
 * contour.h — the `contour` feature module (SPEC contour chapter), built as
 * anima-contour.so: the `contour` node type whose editable vertices
 * (straight, mirrored, asymmetric, detached, rounded) compile once per
 * model to an ordinary path, shared by drawing, lengths and hit testing.
 *
 *   contour.c           registration and the module descriptor
 *   contour_vertices.c  vertex JSON → contour_vertex (compile time)
 *   contour_geometry.c  the construction of the path (compile time)
 *   contour_check.c     the chapter's diagnostics beyond the registry's
 *   contour_winding.c   fill.winding "clockwise": positive winding as
 *                       trapezoids (compile time)
 *   contour_effects.c   flattening, trims and dashes by Euclidean length
 *   contour_stroke.c    stroke.trim and stroke.effects over an outline
 *                       that never changes: flattened once, a stack
 *                       applied once, a trim sliced every frame
 *   contour_strokes.c   the same on every stroked node and ordered-paints
 *                       entry: over outlines rebuilt every frame, in the
 *                       frame's scratch (a stage hook finds the strokes)
 *   contour_effects_check.c  the diagnostics of trims and effect stacks
 */
#ifndef ANIMA_CONTOUR_H
#define ANIMA_CONTOUR_H

#include <stdbool.h>
#include <stddef.h>

#include <anima/module.h>

#define CONTOUR_FEATURE "contour"

/* Most vertices one contour takes: its path has at most 2n + 2 segments,
 * within the document's 4 096-segment budget (docs/DECISIONS.md). */
#define CONTOUR_VERTICES_MAX 2047

/* Most vertices of a contour a point deformer moves (skin): its outline
 * is rebuilt at every call from stack storage of this many vertices
 * (`limit-exceeded` at /vertices beyond; docs/DECISIONS.md). */
#define CONTOUR_DEFORMED_VERTICES_MAX 256

/* Limits of a clockwise fill: flattened edges of the outline, and
 * segments of the trapezoid path (5 per trapezoid). */
#define CONTOUR_WINDING_EDGES_MAX 4096
#define CONTOUR_WINDING_SEGMENTS_MAX 65536

/** The kernel's services, set by init. */
extern const anima_host *contour_host;

/** A vertex kind (SPEC contour chapter, the vertex table). */
typedef enum contour_kind {
  CONTOUR_STRAIGHT = 0,
  CONTOUR_MIRRORED,
  CONTOUR_ASYMMETRIC,
  CONTOUR_DETACHED,
  CONTOUR_ROUNDED,
} contour_kind;

/**
 * One vertex, resolved: `point` in local grid units with the geometry
 * origin already subtracted; `out` and `in` the control vectors of the
 * outgoing and incoming edges relative to `point` (zero: no handle on that
 * side); `radius` the rounded kind's radius (>= 0), else 0.
 */
typedef struct contour_vertex {
  contour_kind kind;
  anima_point point;
  anima_point out;
  anima_point in;
  double radius;
} contour_vertex;

/** The vertex kind spelt `name` ("rounded"); false for any other. */
bool contour_kind_named(const char *name, contour_kind *kind);

/**
 * Reads vertex `json` (an object the registry validated) into `out`,
 * subtracting `origin` from its point. Asymmetric incoming is projected
 * opposite outgoing (zero when outgoing is zero). False when the object is
 * not a vertex (no finite point, unknown kind): the caller refuses it.
 */
bool contour_read_vertex(const anima_json *json, anima_point origin,
                         contour_vertex *out);

/** Segments contour_build appends at most for `count` vertices. */
size_t contour_segments(size_t count);

/**
 * Appends the contour of `count` (>= 2) vertices to `out` (SPEC contour
 * chapter: cubic edges from outgoing and incoming controls, rounded corners
 * by one cutback with the natural-rounding control fraction; a closed
 * contour joins the last vertex to the first, then closes). Errors as the
 * host's path functions (storage too small, non-finite coordinates).
 */
anima_status contour_build(const contour_vertex *vertices, size_t count,
                           bool closed, anima_path *out);

/**
 * The natural-rounding control fraction h for a corner whose neighbour
 * vectors make the angle `theta` (radians, 0..π):
 * h = min(1, (4/3)·tan(θ/4)·(θ < π/2 ? 1 + cos θ : 2 − sin θ)).
 */
double contour_rounding_fraction(double theta);

/**
 * The region where `outline` (every subpath implicitly closed) winds
 * strictly positively — clockwise +1 in local y-down coordinates — as
 * non-overlapping clockwise trapezoids in `*out` (segments from
 * compile_alloc: model-owned), to be filled nonzero (SPEC contour chapter,
 * "Clockwise fill"). Cubics are flattened by the chapter's subdivision rule.
 * Errors: ANIMA_ERROR_UNSUPPORTED beyond CONTOUR_WINDING_EDGES_MAX edges or
 * CONTOUR_WINDING_SEGMENTS_MAX segments; ANIMA_ERROR_NO_MEMORY.
 */
anima_status contour_positive_fill(anima_compile *compile,
                                   const anima_path *outline, anima_path *out);

/** Registers the check of the chapter's vertex diagnostics. */
anima_status contour_register_check(anima_registrar *registrar);

/* ---- stroke geometry: trims and effects (contour_effects.c) ------------ */

/* Most points a flattened outline or an effect's result may hold. */
#define CONTOUR_EFFECT_POINTS_MAX 65536
/* Most entries of one dash array. */
#define CONTOUR_DASH_ENTRIES_MAX 64
/* Most pattern entries one dash effect walks (drawn or not). */
#define CONTOUR_DASH_STEPS_MAX (4 * CONTOUR_EFFECT_POINTS_MAX)
/* Most effects one stroke applies, shared stacks expanded. */
#define CONTOUR_EFFECTS_MAX 32

/**
 * An outline flattened to lines: `subpath_count` subpaths, subpath i
 * the points from firsts[i] to the next one's first (or `count`), closed
 * (a line back to its first point) when closed[i]. Grows by realloc up to
 * `limit` points (status ANIMA_ERROR_UNSUPPORTED beyond, or
 * ANIMA_ERROR_NO_MEMORY); free with contour_polyline_free.
 */
typedef struct contour_polyline {
  anima_point *points;
  size_t count, capacity;
  size_t *firsts;
  size_t subpath_count, subpath_capacity;
  bool *closed;
  size_t flag_capacity;
  size_t limit;
  anima_status status;
} contour_polyline;

void contour_polyline_free(contour_polyline *line);

/** Bytes of storage contour_polyline_on needs for `points` points. */
size_t contour_polyline_bytes(size_t points);

/** A polyline of at most `points` points in caller storage `memory` of
 * contour_polyline_bytes(points) bytes (16-byte aligned): it never grows
 * (ANIMA_ERROR_UNSUPPORTED past `points`) and is never freed. */
contour_polyline contour_polyline_on(void *memory, size_t points);

/** Where an operation writes: a polyline (`line`), else the fixed storage
 * of `path` through the host (its first error kept in `status`). */
typedef struct contour_sink {
  contour_polyline *line;
  anima_path *path;
  anima_status status;
} contour_sink;

anima_status contour_sink_status(const contour_sink *sink);

/** Appends `path` flattened by the chapter's subdivision rule (cubics
 * halved until polygon − chord ≤ 0.0001, depth ≤ 20; each piece its
 * chord). Returns out->status. */
anima_status contour_flatten(const anima_path *path, contour_polyline *out);

/** Euclidean length of subpath `index` (its closing line included). */
double contour_subpath_length(const contour_polyline *line, size_t index);

/** A trim's kept fractions: nothing (!visible), everything (full) or one
 * or two ranges [from, to] of 0..1 (two when it wraps at one). */
typedef struct contour_span {
  bool visible, full;
  size_t count;
  double from[2], to[2];
} contour_span;

/** The span of trim fractions: start, end clamped to 0..1; nothing when
 * end − start ≤ 0; everything when it is 1; else from (start + offset)
 * mod 1, wrapping at one. */
contour_span contour_trim_span(double start, double end, double offset);

/** Writes what `span` keeps of `line`: of the concatenation of its
 * subpaths in order (sequential) or of each subpath (synchronized). A
 * full span copies every subpath; a wrapped range through the start of a
 * closed subpath (the only subpath, when sequential) stays one piece. */
void contour_trim(contour_sink *sink, const contour_polyline *line,
                  contour_span span, bool synchronized);

/** Writes the dashes of each subpath of `line`: `pattern` (`count` >= 1
 * entries, an even count, sum > 0) restarting at every subpath, advanced
 * by `offset`; even entries are drawn. */
void contour_dash(contour_sink *sink, const contour_polyline *line,
                  const double *pattern, size_t count, double offset);

/** Segments a trim of `line` writes at most into an anima_path. */
size_t contour_trim_capacity(const contour_polyline *line);

/** One effect of a stack, compiled (document shared stacks expanded). */
typedef struct contour_effect {
  bool dash;
  /* a trim */
  double start, end, offset;
  bool synchronized;
  /* a dash: an odd array already repeated twice */
  size_t count;
  double pattern[2 * CONTOUR_DASH_ENTRIES_MAX];
  double dash_offset;
} contour_effect;

/**
 * Compiles the stroke's `effects` array (objects, or names of the
 * document's shared stacks, each expanded in place; the check refused
 * everything malformed) into `*out` (model memory), `*count` effects.
 */
anima_status contour_compile_stack(anima_compile *compile,
                                   const anima_json *effects,
                                   contour_effect **out, size_t *count);

/** Writes what `effect` makes of `line` to `sink`. */
void contour_apply_effect(const contour_effect *effect,
                          const contour_polyline *line, contour_sink *sink);

/**
 * A stroke that may take a trim or an effect stack: a node's own `stroke`
 * or the stroke of entry `paint` of its ordered `paints` (`ordered`).
 * `json` is the stroke object, `pointer` its JSON pointer
 * ("/nodes/2/paints/1/stroke") and `address` the prefix of its property
 * addresses ("stroke", "paints.1.stroke").
 */
typedef struct contour_stroke_target {
  size_t node;
  bool ordered;
  size_t paint;
  const anima_json *json;
  const char *pointer;
  const char *address;
} contour_stroke_target;

/**
 * Compiles the stroke geometry of `target` (its `trim` or `effects`,
 * expanding the document's shared `effects`) over `outline`, an outline
 * that never changes (a contour's vertices, a path's `d`): flattened once,
 * an effect stack applied once; hands it to the kernel
 * (compile_stroke_path). Nothing to do without either key. Reports
 * `limit-exceeded` at `<pointer>/trim` or `<pointer>/effects` beyond
 * CONTOUR_EFFECT_POINTS_MAX points.
 */
anima_status contour_compile_stroke(anima_compile *compile,
                                    const contour_stroke_target *target,
                                    const anima_path *outline);

/** Reports `limit-exceeded` at `<target pointer>/<key>` (compile). */
void contour_report_stroke_limit(anima_compile *compile,
                                 const contour_stroke_target *target,
                                 const char *key);

/** The slot of the target's `<address>.trim.<field>`, or -1. */
long contour_trim_slot(anima_compile *compile,
                       const contour_stroke_target *target, const char *field);

/* Points a stroke over an outline that changes with values may flatten
 * to per outline segment (each frame, into storage reserved once), and in
 * all at most CONTOUR_EFFECT_POINTS_MAX (docs/DECISIONS.md). */
#define CONTOUR_POINTS_PER_SEGMENT 256

/**
 * Compiles the stroke geometry of `target` over an outline the kernel
 * rebuilds every frame from the values (a rect, a circle, a morphing
 * path), of at most `max_segments` segments: the trim's slots and the
 * effect stack are compiled once; every frame build flattens the current
 * outline into the frame's scratch (compile_stroke_path `build_outline`)
 * and applies them there, allocating nothing. A frame whose outline
 * flattens to more than the reserved points fails to build
 * (ANIMA_ERROR_UNSUPPORTED) and strokes nothing.
 */
anima_status contour_compile_outline_stroke(anima_compile *compile,
                                            const contour_stroke_target *target,
                                            size_t max_segments);

/** Registers the stage hook giving trims and effects to the strokes of
 * every other node and to ordered-paints entries (contour_strokes.c). */
anima_status contour_register_strokes(anima_registrar *registrar);

/** Registers the fields, kinds and properties of trims and effects. */
anima_status contour_register_effects(anima_registrar *registrar);

/** Registers the check of trims and effect stacks. */
anima_status contour_register_effects_check(anima_registrar *registrar);

#endif
