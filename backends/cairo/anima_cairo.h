/*
 * anima_cairo.h — the raster backend: a draw frame (anima/draw.h) drawn
 * with cairo into an ARGB32 image (premultiplied, as cairo stores it), and
 * PNG output.
 *
 * Drawing follows SVG semantics, so the result matches an SVG renderer:
 * antialiased paths; fill rules; strokes in the node's local units under
 * its world matrix (non-uniform scale widens the stroke non-uniformly);
 * caps, joins and SVG's miter limit 4; trims as the trimmed outline;
 * group and shape opacity as one layer (push/pop group); knockouts as a
 * group of the earlier siblings from which the cut is removed with
 * DEST_OUT at the cutter's opacity (SPEC §4 Knockout).
 */
#ifndef ANIMA_CAIRO_H
#define ANIMA_CAIRO_H

#include <cairo.h>

#include <anima/draw.h>

#include "anima_fit.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Reusable drawing state (scratch outlines for trims). */
typedef struct anima_cairo_renderer anima_cairo_renderer;

/** Creates a renderer. NULL when out of memory. */
ANIMA_API anima_cairo_renderer *anima_cairo_renderer_create(void);
/** Frees a renderer. NULL is allowed. */
ANIMA_API void anima_cairo_renderer_destroy(anima_cairo_renderer *renderer);

/**
 * Draws `frame` with `cr`, whose current matrix must map viewBox (grid)
 * coordinates to device pixels. Leaves the cairo state (matrix, source,
 * operator) as it found it. ANIMA_ERROR_INVALID_ARGUMENT for NULL
 * arguments or a malformed frame (unbalanced begin/end items, a SHAPE
 * without outline); ANIMA_ERROR_NO_MEMORY when a trimmed outline cannot be
 * built or cairo runs out of memory.
 */
ANIMA_API anima_status anima_cairo_draw(anima_cairo_renderer *renderer,
                                        const anima_draw_frame *frame,
                                        cairo_t *cr);

/** Raster output options (SPEC "CLI projects and capture"). */
typedef struct anima_raster_options {
  /** Viewport in pixels before `scale` (`--viewport WxH` or `--size`). */
  int width, height;
  anima_fit fit;
  /** `--scale k`, 0 < k <= 1 (0 means 1): each output dimension is
   * round(dimension · k), at least 1; the fit is computed at width ×
   * height first and then scaled per axis to the output size. */
  double scale;
  /** Paint `background` over the whole output before drawing. */
  bool has_background;
  anima_color background;
} anima_raster_options;

/**
 * Output size in pixels for `options`. ANIMA_ERROR_INVALID_ARGUMENT for a
 * size < 1 or > 16384, or a scale outside 0 < k <= 1.
 */
ANIMA_API anima_status anima_raster_size(const anima_raster_options *options,
                                         int *width, int *height);

/**
 * Renders `frame` into `surface`, an ARGB32 image surface of exactly the
 * anima_raster_size of `options`: clears it to transparent, paints the
 * background if any, then draws the viewBox placed by the fit. Errors as
 * anima_cairo_draw, plus ANIMA_ERROR_INVALID_ARGUMENT for a surface of
 * another size or format, or a frame with an empty viewBox.
 */
ANIMA_API anima_status anima_cairo_render(anima_cairo_renderer *renderer,
                                          const anima_draw_frame *frame,
                                          const anima_raster_options *options,
                                          cairo_surface_t *surface);

/**
 * Reads pixel (x, y) of an ARGB32 image surface as non-premultiplied RGBA
 * (channels 0..255, rounded as cairo's PNG writer does).
 * ANIMA_ERROR_INVALID_ARGUMENT for a point outside the surface.
 */
ANIMA_API anima_status anima_cairo_probe(cairo_surface_t *surface, int x, int y,
                                         anima_color *out);

#ifdef __cplusplus
}
#endif

#endif /* ANIMA_CAIRO_H */
