/*
 * renderer_internal.h — the renderer object behind anima/render.h, shared
 * by the player-level calls (renderer.c) and the cairo backend's scratch
 * space (cairo/cairo_renderer.c). What the SVG writer shares without cairo
 * is in backend_internal.h.
 */
#ifndef ANIMA_RENDERER_INTERNAL_H
#define ANIMA_RENDERER_INTERNAL_H

#include <anima/render_cairo.h>

#include "backend_internal.h"

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

#endif /* ANIMA_RENDERER_INTERNAL_H */
