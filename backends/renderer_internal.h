/*
 * renderer_internal.h — the renderer object behind anima/render.h, shared
 * by the player-level calls (renderer.c) and the cairo backend's scratch
 * space (cairo/cairo_renderer.c).
 */
#ifndef ANIMA_RENDERER_INTERNAL_H
#define ANIMA_RENDERER_INTERNAL_H

#include <anima/render_cairo.h>

struct anima_renderer {
  /* The model whose players it draws, and that model's draw frame; both
   * NULL for a renderer of hand-made frames. */
  const anima_model *model;
  anima_draw_frame *frame;
  /* Scratch: the visible part of a trimmed stroke (cairo backend). */
  anima_path trimmed;
  /* The image anima_render_image draws into, kept while its size holds. */
  cairo_surface_t *image;
  /* Why cairo refused the latest drawing (its status other than memory:
   * an invalid matrix from a transform too large or too small to invert);
   * empty when it did not. */
  char cairo_error[192];
};

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
 * coordinates; false when degenerate. */
bool anima_render_triangle_map(const anima_draw_vertex *const vertices[3],
                               double width, double height, anima_matrix *out);

#endif /* ANIMA_RENDERER_INTERNAL_H */
