/*
 * cairo_mask.c — MASK and CLIP ranges with cairo (composite "Source
 * masks", "Geometry clips"; SPEC §4 Knockout).
 *
 * A mask draws its range into a group, draws the source's coverage into a
 * second group (the source as it draws, or a knockout's grown area in
 * opaque black), converts it to luminance·alpha for the luminance modes,
 * and then either masks the range with it at the mask's strength or, for
 * the inverted modes, erases it from the range with DEST_OUT at that
 * strength (coverage 1 − strength·source: exactly today's knockout cut).
 */
#include <math.h>

#include "cairo_internal.h"

/* Replaces every pixel of the group `pattern` holds by its luminance times
 * alpha as alpha: 0.2125 R + 0.7154 G + 0.0721 B on the premultiplied
 * channels (SVG luminance masking in sRGB). */
static void luminance_to_alpha(cairo_drawing *drawing,
                               cairo_pattern_t *pattern) {
  cairo_surface_t *surface = NULL;
  if (cairo_pattern_get_surface(pattern, &surface) != CAIRO_STATUS_SUCCESS) {
    anima_cairo_fail(drawing, ANIMA_ERROR_NO_MEMORY);
    return;
  }
  cairo_surface_t *image = cairo_surface_map_to_image(surface, NULL);
  if (cairo_surface_status(image) != CAIRO_STATUS_SUCCESS ||
      cairo_image_surface_get_format(image) != CAIRO_FORMAT_ARGB32) {
    cairo_surface_unmap_image(surface, image);
    anima_cairo_fail(drawing, ANIMA_ERROR_NO_MEMORY);
    return;
  }
  cairo_surface_flush(image);
  unsigned char *data = cairo_image_surface_get_data(image);
  int stride = cairo_image_surface_get_stride(image);
  int width = cairo_image_surface_get_width(image);
  int height = cairo_image_surface_get_height(image);
  for (int y = 0; y < height; y++) {
    uint32_t *row = (uint32_t *)(void *)(data + (size_t)y * stride);
    for (int x = 0; x < width; x++) {
      uint32_t pixel = row[x];
      double luminance = 0.2125 * ((pixel >> 16) & 255) +
                         0.7154 * ((pixel >> 8) & 255) + 0.0721 * (pixel & 255);
      uint32_t alpha = (uint32_t)lround(luminance > 255 ? 255 : luminance);
      row[x] = alpha << 24 | alpha << 16 | alpha << 8 | alpha;
    }
  }
  cairo_surface_mark_dirty(image);
  cairo_surface_unmap_image(surface, image);
}

static bool is_inverted(anima_mask_mode mode) {
  return mode == ANIMA_MASK_INVERTED_ALPHA ||
         mode == ANIMA_MASK_INVERTED_LUMINANCE;
}

static bool is_luminance(anima_mask_mode mode) {
  return mode == ANIMA_MASK_LUMINANCE || mode == ANIMA_MASK_INVERTED_LUMINANCE;
}

/* Does an area source (a knockout's cutter) cover anything? */
static bool area_covers(const anima_draw_frame *frame,
                        const anima_draw_item *source, double grow) {
  if (!source->visible || !(source->opacity > 0)) {
    return false;
  }
  const anima_draw_shape *shape = &frame->shapes[source->payload];
  for (size_t index = 0; index < shape->layer_count; index++) {
    const anima_draw_layer *layer = &frame->layers[shape->first_layer + index];
    if (!layer->visible) {
      continue;
    }
    if (layer->kind == ANIMA_LAYER_FILL) {
      return true;
    }
    const anima_draw_stroke *stroke = &frame->strokes[layer->stroke];
    if (stroke->trim.visible && stroke->width + 2 * grow > 0) {
      return true;
    }
  }
  return false;
}

void anima_cairo_draw_mask(cairo_drawing *drawing, size_t index) {
  cairo_t *cr = drawing->cr;
  const anima_draw_frame *frame = drawing->frame;
  const anima_draw_item *item = cairo_item(drawing, index);
  const anima_draw_mask *mask = &frame->masks[item->payload];
  const anima_draw_item *source = cairo_item(drawing, mask->source);
  double strength = mask->strength < 0 ? 0 : mask->strength;
  strength = strength > 1 ? 1 : strength;
  bool inverted = is_inverted(mask->mode);
  bool covers =
      strength > 0 &&
      (mask->area ? area_covers(frame, source, mask->grow) : source->visible);
  if (!covers && inverted) {
    anima_cairo_draw_children(drawing, index); /* nothing is cut */
    return;
  }
  if (!covers) {
    return; /* nothing shows through an empty mask */
  }
  if (drawing->depth >= CAIRO_MASK_DEPTH) {
    anima_cairo_fail(drawing, ANIMA_ERROR_INVALID_ARGUMENT);
    return;
  }
  /* The layers cover only what can show (cairo_bounds.c). */
  cairo_save(cr);
  if (!anima_cairo_clip_to_unit(drawing, index, true)) {
    cairo_restore(cr);
    return;
  }
  cairo_push_group(cr);
  anima_cairo_draw_children(drawing, index);
  /* The coverage layer. A knockout's cut only needs the cutter's device
   * bounds: clip to them so cairo allocates a small group surface. */
  cairo_save(cr);
  if (mask->area) {
    anima_cairo_clip_to_area(drawing, source, mask->grow);
  }
  cairo_push_group(cr);
  drawing->depth++;
  if (mask->area) {
    anima_cairo_draw_area(drawing, source, mask->grow);
  } else {
    anima_cairo_draw_unit(drawing, mask->source, true);
  }
  drawing->depth--;
  cairo_pattern_t *coverage = cairo_pop_group(cr);
  if (is_luminance(mask->mode)) {
    luminance_to_alpha(drawing, coverage);
  }
  if (inverted) {
    cairo_set_source(cr, coverage);
    cairo_set_operator(cr, CAIRO_OPERATOR_DEST_OUT);
    cairo_paint_with_alpha(cr, strength);
    cairo_set_operator(cr, CAIRO_OPERATOR_OVER);
    cairo_restore(cr);
    cairo_pattern_destroy(coverage);
    cairo_pop_group_to_source(cr);
    cairo_paint(cr);
    cairo_restore(cr);
    return;
  }
  cairo_restore(cr);
  cairo_pop_group_to_source(cr);
  if (strength < 1) {
    /* coverage · strength */
    cairo_pattern_t *content = cairo_get_source(cr);
    cairo_pattern_reference(content);
    cairo_push_group(cr);
    cairo_set_source(cr, coverage);
    cairo_paint_with_alpha(cr, strength);
    cairo_pattern_destroy(coverage);
    coverage = cairo_pop_group(cr);
    cairo_set_source(cr, content);
    cairo_pattern_destroy(content);
  }
  cairo_mask(cr, coverage);
  cairo_pattern_destroy(coverage);
  cairo_restore(cr);
}

/*
 * A clip: the range drawn as one layer (an isolated group, as CSS
 * clip-path makes one) and painted through the source outline, placed by
 * the source's world matrix. A singular source matrix clips everything.
 */
void anima_cairo_draw_clip(cairo_drawing *drawing, size_t index) {
  cairo_t *cr = drawing->cr;
  const anima_draw_frame *frame = drawing->frame;
  const anima_draw_item *item = cairo_item(drawing, index);
  const anima_draw_clip *clip = &frame->clips[item->payload];
  const anima_draw_item *source = cairo_item(drawing, clip->source);
  const anima_draw_shape *shape = &frame->shapes[source->payload];
  if (!anima_cairo_use_world(drawing, &source->world)) {
    return;
  }
  cairo_save(cr);
  anima_cairo_add_path(cr, shape->outline);
  cairo_set_fill_rule(cr, clip->rule == ANIMA_FILL_EVENODD
                              ? CAIRO_FILL_RULE_EVEN_ODD
                              : CAIRO_FILL_RULE_WINDING);
  cairo_clip(cr);
  anima_cairo_use_base(drawing);
  cairo_push_group(cr);
  anima_cairo_draw_children(drawing, index);
  cairo_pop_group_to_source(cr);
  cairo_paint(cr);
  cairo_restore(cr);
}
