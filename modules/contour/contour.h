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

#endif
