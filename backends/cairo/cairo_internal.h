/*
 * cairo_internal.h — the cairo backend's drawing state, shared by its
 * sources: cairo_renderer.c (entry points, traversal, groups and blend
 * modes), cairo_shape.c (shapes, fills, strokes, knockout areas),
 * cairo_paint.c (paint sources: colours and gradients), cairo_mask.c
 * (masks and clips) and cairo_image.c (images, image paints, meshes).
 */
#ifndef ANIMA_CAIRO_INTERNAL_H
#define ANIMA_CAIRO_INTERNAL_H

#include "renderer_internal.h"

/* SVG's default stroke-miterlimit (the format has no miter limit). */
#define CAIRO_SVG_MITER_LIMIT 4.0

/* How deep mask sources may nest mask sources (a frame whose masks refer
 * to each other in a cycle stops here with an error, never loops). */
#define CAIRO_MASK_DEPTH 32

typedef struct cairo_drawing {
  anima_renderer *renderer;
  const anima_draw_frame *frame;
  cairo_t *cr;
  cairo_matrix_t base; /* viewBox to device, as the caller set it */
  anima_status status;
  size_t depth; /* mask sources being drawn */
} cairo_drawing;

/* The item at `index`. */
static inline const anima_draw_item *cairo_item(const cairo_drawing *drawing,
                                                size_t index) {
  return anima_draw_frame_item(drawing->frame, index);
}

/* cairo_renderer.c */
/** Draws one unit (an item and, for a BEGIN, its range); `as_source` draws
 * a range that is only a mask source. */
void anima_cairo_draw_unit(cairo_drawing *drawing, size_t index,
                           bool as_source);
/** Draws the children of range `parent` in paint order. */
void anima_cairo_draw_children(cairo_drawing *drawing, size_t parent);
/** Sets the cairo matrix to base · world; false (matrix unchanged) when it
 * is singular: the item then has no area. */
bool anima_cairo_use_world(cairo_drawing *drawing, const anima_matrix *world);
void anima_cairo_use_base(cairo_drawing *drawing);
void anima_cairo_add_path(cairo_t *cr, const anima_path *path);
/**
 * Composites the popped group (the cairo source) onto what is below with
 * blend mode `blend` at `opacity` (group blends and layer blends, draw.h).
 * Additive with strength a is S + D·(1 − Sa·(1 − a)) (mix chapter), done
 * as D·(1 − (1 − a)·Sa) with DEST_OUT and then + S with ADD (which
 * clamps): the same sum, with the opacity scaling S and Sa first.
 */
void anima_cairo_composite(cairo_drawing *drawing, anima_blend_mode blend,
                           double strength, double opacity);
/** Records a cairo or memory failure once. */
void anima_cairo_fail(cairo_drawing *drawing, anima_status status);

/* cairo_shape.c */
void anima_cairo_draw_shape(cairo_drawing *drawing,
                            const anima_draw_item *item);
/** Fills the painted area of a SHAPE (fills and strokes, opaque) grown by
 * `grow` local units, in opaque black, for a mask (SPEC §4 Knockout). */
void anima_cairo_draw_area(cairo_drawing *drawing, const anima_draw_item *item,
                           double grow);
/** Clips to the device bounds of what draw_area can cover. */
void anima_cairo_clip_to_area(cairo_drawing *drawing,
                              const anima_draw_item *item, double grow);
/* The device box [x1, y1, x2, y2] SHAPE `item` paints into (empty when
 * nothing: x1 >= x2); false when it has no simple bound (a fixed
 * stroke). */
bool anima_cairo_shape_box(cairo_drawing *drawing, const anima_draw_item *item,
                           double box[4]);

/* cairo_bounds.c */
/* The user rectangle [x1, y1, x2, y2] under the current matrix as a device
 * box. */
void anima_cairo_device_box(cairo_t *cr, double x1, double y1, double x2,
                            double y2, double box[4]);
/* Clips to the device box unit `index` (drawn as by anima_cairo_draw_unit
 * with `as_source`) can paint into, grown by a pixel, so that a layer
 * pushed next is only that big; no clip when it has no simple bound.
 * False (and no clip) when the unit paints nothing. The caller saves and
 * restores the cairo state around it. */
bool anima_cairo_clip_to_unit(cairo_drawing *drawing, size_t index,
                              bool as_source);

/* cairo_paint.c */
/** Makes `paint` the cairo source at opacity `alpha` under the current
 * matrix (the shape's world), for the current path grown by `margin`
 * device pixels (how far a stroke reaches). False after recording a
 * failure. */
bool anima_cairo_set_paint(cairo_drawing *drawing,
                           const anima_draw_paint *paint, double alpha,
                           double margin);

/** A premultiplied ARGB32 colour at `point` of user space. */
typedef uint32_t (*anima_cairo_sampler)(const void *context, anima_point point);
/** Makes the cairo source an image of `sampler` at the centre of every
 * device pixel the current path (grown by `margin` device pixels) covers
 * inside the clip, locked to the current user space. */
bool anima_cairo_set_raster_source(cairo_drawing *drawing, double margin,
                                   anima_cairo_sampler sampler,
                                   const void *context);

/* cairo_mask.c */
void anima_cairo_draw_mask(cairo_drawing *drawing, size_t index);
void anima_cairo_draw_clip(cairo_drawing *drawing, size_t index);

/* cairo_image.c */
void anima_cairo_draw_image(cairo_drawing *drawing,
                            const anima_draw_item *item);
void anima_cairo_draw_mesh(cairo_drawing *drawing, const anima_draw_item *item);
/** A premultiplied ARGB32 copy of `pixels`, or NULL after recording a
 * failure (the caller destroys it). */
cairo_surface_t *anima_cairo_pixels_surface(cairo_drawing *drawing,
                                            const anima_draw_pixels *pixels);
/** An image paint as the cairo source (as anima_cairo_set_paint). */
bool anima_cairo_set_image_paint(cairo_drawing *drawing,
                                 const anima_draw_paint *paint, double alpha,
                                 double margin);

#endif
