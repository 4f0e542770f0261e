/*
 * cairo_renderer.c — draw frame to pixels with cairo, the frame-level calls
 * of anima/render_cairo.h: traversal in paint order, groups with opacity,
 * isolation and blend modes (composite "Blend modes" with cairo's PDF
 * operators, which follow the CSS Compositing formulas; mix "Additive",
 * also for layers: mix "Per-paint blend override"),
 * and the backend's capabilities.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "cairo_internal.h"

void anima_cairo_fail(cairo_drawing *drawing, anima_status status) {
  if (drawing->status == ANIMA_OK) {
    drawing->status = status;
  }
}

void anima_cairo_add_path(cairo_t *cr, const anima_path *path) {
  cairo_new_path(cr);
  for (size_t index = 0; index < path->count; index++) {
    const anima_segment *segment = &path->segments[index];
    const anima_point *p = segment->points;
    switch (segment->kind) {
    case ANIMA_SEGMENT_MOVE:
      cairo_move_to(cr, p[0].x, p[0].y);
      break;
    case ANIMA_SEGMENT_LINE:
      cairo_line_to(cr, p[0].x, p[0].y);
      break;
    case ANIMA_SEGMENT_CUBIC:
      cairo_curve_to(cr, p[0].x, p[0].y, p[1].x, p[1].y, p[2].x, p[2].y);
      break;
    case ANIMA_SEGMENT_CLOSE:
      cairo_close_path(cr);
      break;
    }
  }
}

bool anima_cairo_use_world(cairo_drawing *drawing, const anima_matrix *world) {
  cairo_matrix_t node = {world->a, world->b, world->c,
                         world->d, world->e, world->f};
  cairo_matrix_t combined;
  cairo_matrix_multiply(&combined, &node, &drawing->base);
  anima_matrix check = {combined.xx, combined.yx, combined.xy,
                        combined.yy, combined.x0, combined.y0};
  anima_matrix inverse;
  if (!anima_matrix_invert(check, &inverse)) {
    return false;
  }
  cairo_set_matrix(drawing->cr, &combined);
  return true;
}

void anima_cairo_use_base(cairo_drawing *drawing) {
  cairo_set_matrix(drawing->cr, &drawing->base);
}

/* ------------------------------------------------------------------------ */
/* Groups                                                                    */
/* ------------------------------------------------------------------------ */

/* cairo's operators for the CSS blend modes: pixman implements the PDF
 * blend modes, whose formulas CSS Compositing Level 1 takes over (the
 * separable ones and the non-separable hue, saturation, color and
 * luminosity with SetLum/ClipColor/SetSat); tests/test_backend_cairo.c
 * checks each against hand-computed CSS values. */
static const cairo_operator_t blend_operators[ANIMA_BLEND_MODE_COUNT] = {
    [ANIMA_BLEND_NORMAL] = CAIRO_OPERATOR_OVER,
    [ANIMA_BLEND_MULTIPLY] = CAIRO_OPERATOR_MULTIPLY,
    [ANIMA_BLEND_SCREEN] = CAIRO_OPERATOR_SCREEN,
    [ANIMA_BLEND_OVERLAY] = CAIRO_OPERATOR_OVERLAY,
    [ANIMA_BLEND_DARKEN] = CAIRO_OPERATOR_DARKEN,
    [ANIMA_BLEND_LIGHTEN] = CAIRO_OPERATOR_LIGHTEN,
    [ANIMA_BLEND_COLOR_DODGE] = CAIRO_OPERATOR_COLOR_DODGE,
    [ANIMA_BLEND_COLOR_BURN] = CAIRO_OPERATOR_COLOR_BURN,
    [ANIMA_BLEND_HARD_LIGHT] = CAIRO_OPERATOR_HARD_LIGHT,
    [ANIMA_BLEND_SOFT_LIGHT] = CAIRO_OPERATOR_SOFT_LIGHT,
    [ANIMA_BLEND_DIFFERENCE] = CAIRO_OPERATOR_DIFFERENCE,
    [ANIMA_BLEND_EXCLUSION] = CAIRO_OPERATOR_EXCLUSION,
    [ANIMA_BLEND_HUE] = CAIRO_OPERATOR_HSL_HUE,
    [ANIMA_BLEND_SATURATION] = CAIRO_OPERATOR_HSL_SATURATION,
    [ANIMA_BLEND_COLOR] = CAIRO_OPERATOR_HSL_COLOR,
    [ANIMA_BLEND_LUMINOSITY] = CAIRO_OPERATOR_HSL_LUMINOSITY,
    [ANIMA_BLEND_ADDITIVE] = CAIRO_OPERATOR_ADD,
};

/* Does a group draw its children into a layer of its own? */
static bool group_is_layered(const anima_draw_item *item,
                             const anima_draw_group *group) {
  return item->opacity < 1 || group->blend != ANIMA_BLEND_NORMAL ||
         group->isolate;
}

void anima_cairo_composite(cairo_drawing *drawing, anima_blend_mode blend,
                           double strength, double opacity) {
  cairo_t *cr = drawing->cr;
  if (blend == ANIMA_BLEND_ADDITIVE) {
    strength = strength < 0 ? 0 : strength > 1 ? 1 : strength;
    if (strength < 1) {
      cairo_set_operator(cr, CAIRO_OPERATOR_DEST_OUT);
      cairo_paint_with_alpha(cr, (1 - strength) * opacity);
    }
    cairo_set_operator(cr, CAIRO_OPERATOR_ADD);
  } else if ((unsigned)blend < ANIMA_BLEND_MODE_COUNT) {
    cairo_set_operator(cr, blend_operators[blend]);
  }
  cairo_paint_with_alpha(cr, opacity);
  cairo_set_operator(cr, CAIRO_OPERATOR_OVER);
}

static void composite_group(cairo_drawing *drawing,
                            const anima_draw_group *group, double opacity) {
  anima_cairo_composite(drawing, group->blend, group->strength, opacity);
}

static void draw_group(cairo_drawing *drawing, size_t index) {
  const anima_draw_item *item = cairo_item(drawing, index);
  if (!item->visible || !(item->opacity > 0)) {
    return; /* nothing of the group shows */
  }
  const anima_draw_group *group = &drawing->frame->groups[item->payload];
  bool layered = group_is_layered(item, group);
  if (!layered) {
    anima_cairo_draw_children(drawing, index);
    return;
  }
  /* the layer covers only what the children can paint (cairo_bounds.c) */
  cairo_save(drawing->cr);
  if (anima_cairo_clip_to_unit(drawing, index, true)) {
    cairo_push_group(drawing->cr);
    anima_cairo_draw_children(drawing, index);
    cairo_pop_group_to_source(drawing->cr);
    composite_group(drawing, group, item->opacity);
  }
  cairo_restore(drawing->cr);
}

/* ------------------------------------------------------------------------ */
/* Traversal                                                                 */
/* ------------------------------------------------------------------------ */

void anima_cairo_draw_unit(cairo_drawing *drawing, size_t index,
                           bool as_source) {
  const anima_draw_item *item = cairo_item(drawing, index);
  if (item->source_only && !as_source) {
    return;
  }
  switch (item->kind) {
  case ANIMA_DRAW_GROUP_BEGIN:
    draw_group(drawing, index);
    break;
  case ANIMA_DRAW_SHAPE:
    anima_cairo_draw_shape(drawing, item);
    break;
  case ANIMA_DRAW_MASK_BEGIN:
    anima_cairo_draw_mask(drawing, index);
    break;
  case ANIMA_DRAW_CLIP_BEGIN:
    anima_cairo_draw_clip(drawing, index);
    break;
  case ANIMA_DRAW_IMAGE:
    anima_cairo_draw_image(drawing, item);
    break;
  case ANIMA_DRAW_MESH:
    anima_cairo_draw_mesh(drawing, item);
    break;
  default:
    break; /* ENDs are never units */
  }
}

void anima_cairo_draw_children(cairo_drawing *drawing, size_t parent) {
  size_t cursor = 0, child = 0;
  while (drawing->status == ANIMA_OK &&
         anima_draw_frame_next(drawing->frame, parent, &cursor, &child)) {
    anima_cairo_draw_unit(drawing, child, false);
  }
}

/* ------------------------------------------------------------------------ */
/* Entry points                                                              */
/* ------------------------------------------------------------------------ */

#define BIT(value) (1u << (value))

static const anima_backend_caps cairo_caps = {
    .struct_size = sizeof(anima_backend_caps),
    .name = "cairo",
    .hint = NULL,
    .items = BIT(ANIMA_DRAW_GROUP_BEGIN) | BIT(ANIMA_DRAW_SHAPE) |
             BIT(ANIMA_DRAW_MASK_BEGIN) | BIT(ANIMA_DRAW_CLIP_BEGIN) |
             BIT(ANIMA_DRAW_IMAGE) | BIT(ANIMA_DRAW_MESH),
    .blend_modes = BIT(ANIMA_BLEND_MODE_COUNT) - 1,
    .paint_kinds = BIT(ANIMA_PAINT_KIND_COUNT) - 1,
    .mask_modes = BIT(ANIMA_MASK_MODE_COUNT) - 1,
    .wraps_nearest = BIT(ANIMA_WRAP_COUNT) - 1,
    .wraps_bilinear = BIT(ANIMA_WRAP_COUNT) - 1,
    .strokes = ANIMA_CAP_STROKE_DASHES | ANIMA_CAP_STROKE_FIXED |
               ANIMA_CAP_STROKE_FIXED_TRIM | ANIMA_CAP_STROKE_PLACEMENT,
    .gradient_transform = true,
};

const anima_backend_caps *anima_cairo_caps(void) {
  return &cairo_caps;
}

anima_status anima_cairo_draw(anima_renderer *renderer,
                              const anima_draw_frame *frame, cairo_t *cr) {
  if (renderer == NULL || frame == NULL || cr == NULL) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  anima_status valid = anima_draw_frame_validate(frame);
  if (valid != ANIMA_OK) {
    return valid;
  }
  cairo_drawing drawing = {.renderer = renderer, .frame = frame, .cr = cr};
  renderer->cairo_error[0] = '\0';
  cairo_save(cr);
  cairo_get_matrix(cr, &drawing.base);
  cairo_set_operator(cr, CAIRO_OPERATOR_OVER);
  anima_cairo_draw_children(&drawing, ANIMA_DRAW_ROOT);
  cairo_restore(cr);
  cairo_status_t cairo = cairo_status(cr);
  if (drawing.status == ANIMA_OK && cairo == CAIRO_STATUS_NO_MEMORY) {
    drawing.status = ANIMA_ERROR_NO_MEMORY;
  } else if (drawing.status == ANIMA_OK && cairo != CAIRO_STATUS_SUCCESS) {
    /* Not memory: say what cairo refused (a scale of 1e300 is an invalid
     * matrix), never "out of memory". */
    snprintf(renderer->cairo_error, sizeof renderer->cairo_error,
             "cairo refused the frame (%s): a transform, coordinate or "
             "stroke width is too large or too small to draw",
             cairo_status_to_string(cairo));
    drawing.status = ANIMA_ERROR_UNSUPPORTED;
  }
  return drawing.status;
}

anima_status anima_cairo_render(anima_renderer *renderer,
                                const anima_draw_frame *frame,
                                const anima_render_options *options,
                                cairo_surface_t *surface) {
  int width = 0, height = 0;
  double region[4];
  if (renderer == NULL || frame == NULL || surface == NULL ||
      anima_render_size(options, &width, &height) != ANIMA_OK ||
      anima_fit_region(frame->view_box, options->width, options->height,
                       options->fit, region) != ANIMA_OK ||
      cairo_surface_get_type(surface) != CAIRO_SURFACE_TYPE_IMAGE ||
      cairo_image_surface_get_format(surface) != CAIRO_FORMAT_ARGB32 ||
      cairo_image_surface_get_width(surface) != width ||
      cairo_image_surface_get_height(surface) != height) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  cairo_t *cr = cairo_create(surface);
  cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR);
  cairo_paint(cr);
  cairo_set_operator(cr, CAIRO_OPERATOR_OVER);
  if (options->has_background) {
    anima_color background = options->background;
    cairo_set_source_rgba(cr, background.r / 255.0, background.g / 255.0,
                          background.b / 255.0, background.a / 255.0);
    cairo_paint(cr);
  }
  /* Fit at width × height, then scale to the output size (per axis). */
  cairo_scale(cr, width / region[2], height / region[3]);
  cairo_translate(cr, -region[0], -region[1]);
  anima_status status = anima_cairo_draw(renderer, frame, cr);
  cairo_destroy(cr);
  cairo_surface_flush(surface);
  return status;
}

anima_status anima_cairo_probe(cairo_surface_t *surface, int x, int y,
                               anima_color *out) {
  if (surface == NULL || out == NULL ||
      cairo_surface_get_type(surface) != CAIRO_SURFACE_TYPE_IMAGE ||
      cairo_image_surface_get_format(surface) != CAIRO_FORMAT_ARGB32 || x < 0 ||
      y < 0 || x >= cairo_image_surface_get_width(surface) ||
      y >= cairo_image_surface_get_height(surface)) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  cairo_surface_flush(surface);
  const unsigned char *data = cairo_image_surface_get_data(surface);
  int stride = cairo_image_surface_get_stride(surface);
  uint32_t pixel = *(const uint32_t *)(data + (size_t)y * stride + 4 * x);
  unsigned alpha = pixel >> 24;
  unsigned channels[3] = {(pixel >> 16) & 255, (pixel >> 8) & 255, pixel & 255};
  for (int index = 0; index < 3; index++) {
    channels[index] =
        alpha == 0 ? 0 : (channels[index] * 255 + alpha / 2) / alpha;
  }
  *out = (anima_color){(uint8_t)channels[0], (uint8_t)channels[1],
                       (uint8_t)channels[2], (uint8_t)alpha};
  return ANIMA_OK;
}
