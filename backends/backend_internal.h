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

#endif /* ANIMA_BACKEND_INTERNAL_H */
