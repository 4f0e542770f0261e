/*
 * pixels_cairo.h — a draw frame's raw pixels as a cairo image surface,
 * shared by the cairo backend (cairo_image.c, where it is defined) and the
 * SVG writer's PNG encoder (svg/svg_png.c). Needs cairo: the web build
 * has neither file.
 */
#ifndef ANIMA_PIXELS_CAIRO_H
#define ANIMA_PIXELS_CAIRO_H

#include <cairo.h>

#include <anima/draw.h>

/** An ARGB32 image surface holding `pixels` (straight RGBA8, draw.h)
 * premultiplied, each channel rounded to nearest: c·a/255. The caller
 * destroys it; on failure (out of memory, a size cairo refuses) it is a
 * surface in an error status (cairo_surface_status). */
cairo_surface_t *anima_pixels_cairo_surface(const anima_draw_pixels *pixels);

#endif
