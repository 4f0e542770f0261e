/*
 * shape_outline.h — outlines of the paint module's parametric shapes (SPEC
 * paint chapter, "Parametric outlines"), appended to a path through the
 * host's path functions. No allocation: the path's storage is sized by the
 * node behaviour's max_segments (shape_outline_segments).
 */
#ifndef ANIMA_PAINT_SHAPE_OUTLINE_H
#define ANIMA_PAINT_SHAPE_OUTLINE_H

#include <anima/module.h>

/**
 * A closed ring of vertices around a centre: vertex i lies at angle
 * `start_degrees` + 360·i/count (degrees clockwise from +x, y down) and
 * radius `outer` for even i, `inner` for odd i. A polygon is a ring with
 * outer = inner and start −90° + rotation; a star has 2·points vertices
 * starting at the top (−90°) with an outer vertex.
 */
typedef struct shape_ring {
  double cx, cy;
  size_t count; /**< vertices, >= 2 */
  double outer, inner;
  double start_degrees;
} shape_ring;

/** Vertex `index` (taken modulo the count) of `ring`. */
anima_point shape_ring_vertex(const shape_ring *ring, size_t index);

/**
 * Appends the ring's outline: vertex 0 first, then clockwise, closed. With
 * `corner` > 0 every vertex is cut back by `corner` on both incident edges
 * (each cut limited to half its edge) and the cut points are joined by a
 * quadratic Bézier controlled by the vertex (written as its exact cubic);
 * the outline then starts at the cut point before vertex 0. Segments: at
 * most shape_ring_segments(count).
 */
anima_status shape_add_ring(anima_path *out, const shape_ring *ring,
                            double corner);

/** Segments shape_add_ring can append for `count` vertices. */
size_t shape_ring_segments(size_t count);

/**
 * Appends an ellipse as SVG's two half-ellipse arcs "M cx+rx cy A rx ry 0 1
 * 1 cx−rx cy A rx ry 0 1 1 cx+rx cy Z", each arc converted as SPEC §3
 * converts arcs (90° cubic pieces, control distance k = 4(√2−1)/3 of the
 * semi-axis): it starts at angle 0 and runs clockwise like a circle's
 * outline. Zero axes follow SVG: an arc with a zero radius is a straight
 * line, one whose ends coincide is omitted. At most
 * SHAPE_ELLIPSE_SEGMENTS segments.
 */
anima_status shape_add_ellipse(anima_path *out, double cx, double cy, double rx,
                               double ry);
#define SHAPE_ELLIPSE_SEGMENTS 6

/** Appends the triangle (x0 + w/2, y0), (x0 + w, y0 + h), (x0, y0 + h),
 * closed: SHAPE_TRIANGLE_SEGMENTS segments. */
anima_status shape_add_triangle(anima_path *out, double x0, double y0,
                                double width, double height);
#define SHAPE_TRIANGLE_SEGMENTS 4

/** cos and sin of `degrees`, exact (0, ±1) at multiples of 90°. */
void shape_cos_sin_degrees(double degrees, double *cosine, double *sine);

#endif
