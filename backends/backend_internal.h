/*
 * backend_internal.h — what the backends share that needs no cairo: the
 * root a11y of an SVG (svg_writer.c) and the mesh geometry (mesh_geometry.c).
 * The SVG writer includes only this, so it also builds where there is no
 * cairo (scripts/build-web.sh; its PNG encoder is svg/svg_png.c).
 */
#ifndef ANIMA_BACKEND_INTERNAL_H
#define ANIMA_BACKEND_INTERNAL_H

#include <anima/render.h>

/* The root a11y an SVG of a model carries on its <svg> element (SPEC §10;
 * svg_writer.c). */
typedef struct anima_svg_a11y {
  anima_a11y_role role;
  const char *label; /* NULL when the document gives none */
  /* The `pressed` input's value, when the document names one. */
  bool has_pressed;
  bool pressed;
} anima_svg_a11y;

/* anima_svg_write / anima_svg_write_string with the root a11y of the
 * frame's model; `a11y` NULL writes none (a hand-made frame). */
anima_status anima_svg_write_a11y(const anima_draw_frame *frame,
                                  const anima_render_options *options,
                                  const anima_svg_a11y *a11y, FILE *out);
anima_status anima_svg_write_string_a11y(const anima_draw_frame *frame,
                                         const anima_render_options *options,
                                         const anima_svg_a11y *a11y,
                                         char **text, size_t *length);

/* mesh_geometry.c */
/** Moves a triangle's edges outward by `distance` (its vertices to where
 * the moved edges meet, at most 4 × distance away). */
void anima_render_grow_triangle(double points[3][2], double distance);
/** The affine map from local space to texel space (pixels of a width ×
 * height image) taking the triangle's positions to its texture
 * coordinates; false when the positions are degenerate. Degenerate texture
 * coordinates (all at one point or on one line) give an invertible map that
 * samples the texel at the first vertex's coordinates over the whole
 * triangle (a linear part of 1e-6 texels per unit). */
bool anima_render_triangle_map(const anima_draw_vertex *const vertices[3],
                               double width, double height, anima_matrix *out);

/* Vertex colours (draw.h anima_draw_frame.vertex_colors; docs/RENDERING.md
 * "Vertex colours"). */

/** The most triangles of one run (anima_render_mesh_run). */
#define ANIMA_RENDER_RUN_MAX 64
/** A triangle whose vertices differ in colour is drawn by the SVG writer as
 * this many steps a side: ANIMA_RENDER_SUBDIVISIONS² sub-triangles. */
#define ANIMA_RENDER_SUBDIVISIONS 4

/** The colour of vertex `index` (relative to the mesh's first vertex):
 * the frame's, or opaque white without a table. */
anima_color anima_render_vertex_color(const anima_draw_frame *frame,
                                      const anima_draw_mesh *mesh,
                                      uint32_t index);
/** A run of triangles from index offset `first` (a multiple of 3 below
 * the mesh's index count): the triangle there and the next ones while each
 * shares an edge (two vertex indices) with the one before it, at most
 * ANIMA_RENDER_RUN_MAX (a particle's quad, a strip). Returns the index
 * offset after the run; `*colored` tells whether any of its vertices has a
 * colour other than opaque white. */
size_t anima_render_mesh_run(const anima_draw_frame *frame,
                             const anima_draw_mesh *mesh, size_t first,
                             bool *colored);
/** True when every vertex of the indices [first, end) has the same colour
 * (in `*color`). */
bool anima_render_uniform_color(const anima_draw_frame *frame,
                                const anima_draw_mesh *mesh, size_t first,
                                size_t end, anima_color *color);
/** The barycentric weights of (x, y) in the triangle (negative outside);
 * (1, 0, 0) for a degenerate triangle. */
void anima_render_barycentric(const double points[3][2], double x, double y,
                              double weights[3]);
/** Straight RGBA (0..1) interpolated from three colours with `weights`,
 * each clamped to 0..1 and their sum normalised (points just outside the
 * triangle take its edge's colour). */
void anima_render_mix_colors(const anima_color colors[3],
                             const double weights[3], double out[4]);
/** Sub-triangle `index` (below ANIMA_RENDER_SUBDIVISIONS²) of a triangle
 * cut into ANIMA_RENDER_SUBDIVISIONS steps a side: the barycentric weights
 * of its three corners. */
void anima_render_subtriangle(size_t index, double weights[3][3]);

#endif /* ANIMA_BACKEND_INTERNAL_H */
