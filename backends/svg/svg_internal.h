/*
 * svg_internal.h — the SVG backend's writer state and helpers, shared by
 * svg_writer.c (entry points, traversal, groups, shapes), svg_paint.c
 * (fill and stroke attributes, gradients), svg_mask.c (masks, knockouts,
 * clips) and svg_image.c (images, image paints, meshes).
 */
#ifndef ANIMA_SVG_INTERNAL_H
#define ANIMA_SVG_INTERNAL_H

#include <stdio.h>

#include <anima/render.h>

/* How deep mask sources may nest mask sources (a cycle stops here). */
#define SVG_MASK_DEPTH 32

typedef struct svg_writer {
  FILE *out;
  const anima_draw_frame *frame;
  anima_svg_mode mode;
  const char *prefix;
  /* The output size after `scale` (anima_render_size); 0 × 0 unsized. */
  int width, height;
  /* The viewBox region the output shows and the viewBox → output pixel
   * scale (1 when unsized), for half-pixel seams of meshes. */
  double pixel_scale;
  /* Per item: a mask's source (its element gets an id to <use>). */
  bool *is_source;
  /* Live style declarations of the element being written (one `style`
   * attribute each): a memory stream and its buffer. */
  FILE *style;
  char *style_text;
  size_t style_size;
  /* Scratch: a trimmed outline (fixed strokes). */
  anima_path scratch;
  size_t depth;
  anima_status status;
  /* The frame has a blended layer (mix "Per-paint blend override"): every
   * element is written in viewBox (world) coordinates — groups without
   * transforms, shapes, images and meshes under their world matrices,
   * masks and clips in world space — so no transformed ancestor isolates
   * a paint's blend group. */
  bool world_space;
} svg_writer;

static inline const anima_draw_item *svg_item(const svg_writer *writer,
                                              size_t index) {
  return anima_draw_frame_item(writer->frame, index);
}

/* svg_writer.c */
void svg_number(svg_writer *writer, double value);
void svg_numbers(svg_writer *writer, const double *values, size_t count);
void svg_attribute_number(svg_writer *writer, const char *name, double value);
bool svg_is_identity(const anima_matrix *m);
/** ` transform="matrix(...)"`, nothing for the identity. */
void svg_transform(svg_writer *writer, const anima_matrix *m);
/** The matrix a node's own element (a SHAPE's, IMAGE's or MESH's) writes:
 * its local matrix, its world matrix in world space. */
const anima_matrix *svg_node_matrix(const svg_writer *writer,
                                    const anima_draw_item *item);
/** The space a MASK or CLIP range is written in, relative to the viewBox:
 * the range's parent world (the item's `world`), the identity in world
 * space. */
const anima_matrix *svg_range_space(const svg_writer *writer,
                                    const anima_draw_item *item);
/** ` <name>="matrix(...)"` even for the identity. */
void svg_matrix_attribute(svg_writer *writer, const char *name,
                          const anima_matrix *m);
void svg_hex(svg_writer *writer, anima_color color, bool alpha);
/** ` d="..."` of `path`, its points mapped by `m`. */
void svg_path_data(svg_writer *writer, const anima_path *path,
                   const anima_matrix *m);
/** Writes prefix + id + suffix (no quotes). */
void svg_id(svg_writer *writer, const char *id, const char *suffix);
/** Writes a unique id for a definition: prefix, the item's node id (or
 * "anima"), ".<what><number>". */
void svg_def_id(svg_writer *writer, const anima_draw_item *item,
                const char *what, size_t number);
/** ` x= y= width= height=` of three viewBoxes centred on the viewBox,
 * mapped by the inverse of `space` (a region's coordinates → viewBox). */
void svg_region(svg_writer *writer, const anima_matrix *space);
void svg_write_unit(svg_writer *writer, size_t index, bool as_source,
                    size_t id_node);
void svg_write_children(svg_writer *writer, size_t parent, size_t id_node);

/* svg_paint.c */
/** Writes the element's collected live style declarations, if any. */
void svg_style_flush(svg_writer *writer);
/** Writes the defs a shape's layers need (gradients, image patterns). */
void svg_paint_defs(svg_writer *writer, const anima_draw_item *item);
/** ` fill=` / ` stroke=` attributes of one layer (and its stroke
 * geometry), `number` being the layer's position in its shape. */
void svg_layer_attributes(svg_writer *writer, const anima_draw_item *item,
                          const anima_draw_layer *layer, size_t number);
/** Stroke geometry: width, cap, join, dashes or trims, vector-effect. */
void svg_stroke_geometry(svg_writer *writer, const anima_draw_stroke *stroke,
                         double width, bool round);
/** The outline a stroke layer draws (the trimmed part for fixed strokes,
 * whose dashes would be in output pixels). */
const anima_path *svg_stroke_outline(svg_writer *writer,
                                     const anima_draw_shape *shape,
                                     const anima_draw_stroke *stroke);

/* svg_mask.c */
void svg_write_mask(svg_writer *writer, size_t index, size_t id_node);
void svg_write_clip(svg_writer *writer, size_t index, size_t id_node);
/** Inside and outside strokes: the clip or mask a stroke path takes. */
void svg_placement_defs(svg_writer *writer, const anima_draw_item *item,
                        const anima_draw_layer *layer, size_t number);

/* svg_image.c */
void svg_write_image(svg_writer *writer, const anima_draw_item *item,
                     bool with_id);
void svg_write_mesh(svg_writer *writer, const anima_draw_item *item,
                    bool with_id);
/** `href="data:image/png;base64,..."` (or the pixels' href). */
void svg_pixels_href(svg_writer *writer, const anima_draw_pixels *pixels);
void svg_image_pattern(svg_writer *writer, const anima_draw_paint *paint,
                       const anima_draw_item *item, size_t number);

/* svg_png.c */
/**
 * The PNG bytes of `pixels` (straight RGBA, premultiplied for the
 * encoder) in `*data` (malloc'd, the caller frees) and `*size`.
 * ANIMA_ERROR_NO_MEMORY when they cannot be made; a build without an
 * encoder returns ANIMA_ERROR_UNSUPPORTED. `*data` is NULL on failure.
 */
anima_status svg_png_encode(const anima_draw_pixels *pixels,
                            unsigned char **data, size_t *size);

#endif
