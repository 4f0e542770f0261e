/*
 * cairo_renderer.c — draw frame to pixels with cairo, the frame-level calls
 * of anima/render_cairo.h.
 */
#include <math.h>
#include <stdlib.h>

#include "renderer_internal.h"

/* SVG's default stroke-miterlimit (the format has no miter limit). */
static const double svg_miter_limit = 4;

typedef struct cairo_drawing {
  anima_renderer *renderer;
  const anima_draw_frame *frame;
  cairo_t *cr;
  cairo_matrix_t base; /* viewBox to device, as the caller set it */
  anima_status status;
} cairo_drawing;

static void add_path(cairo_t *cr, const anima_path *path) {
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

/*
 * Sets the cairo matrix to base · world. Returns false when that matrix is
 * singular: the node then has no area (and cairo would refuse the matrix).
 */
static bool use_world(cairo_drawing *drawing, const anima_matrix *world) {
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

static void use_base(cairo_drawing *drawing) {
  cairo_set_matrix(drawing->cr, &drawing->base);
}

static void set_color(cairo_t *cr, anima_color color, double alpha) {
  cairo_set_source_rgba(cr, color.r / 255.0, color.g / 255.0, color.b / 255.0,
                        color.a / 255.0 * alpha);
}

static const cairo_line_cap_t caps[] = {
    CAIRO_LINE_CAP_BUTT, CAIRO_LINE_CAP_ROUND, CAIRO_LINE_CAP_SQUARE};
static const cairo_line_join_t joins[] = {
    CAIRO_LINE_JOIN_MITER, CAIRO_LINE_JOIN_ROUND, CAIRO_LINE_JOIN_BEVEL};

/* The outline a stroke draws: the whole outline or its trimmed part. */
static const anima_path *stroke_outline(cairo_drawing *drawing,
                                        const anima_draw_item *item) {
  const anima_draw_stroke *stroke = &item->stroke;
  if (stroke->trim.full) {
    return item->outline;
  }
  anima_path *trimmed = &drawing->renderer->trimmed;
  anima_path_clear(trimmed);
  if (anima_path_add_trimmed(trimmed, item->outline, stroke->trim_start,
                             stroke->trim_end,
                             stroke->trim_offset) != ANIMA_OK) {
    drawing->status = ANIMA_ERROR_NO_MEMORY;
    return NULL;
  }
  return trimmed;
}

static void stroke_path(cairo_t *cr, double width, anima_line_cap cap,
                        anima_line_join join) {
  cairo_set_line_width(cr, width);
  cairo_set_line_cap(cr, caps[cap % 3]);
  cairo_set_line_join(cr, joins[join % 3]);
  cairo_set_miter_limit(cr, svg_miter_limit);
  cairo_stroke(cr);
}

static bool stroke_is_drawn(const anima_draw_stroke *stroke) {
  return stroke->present && stroke->trim.visible && stroke->width > 0;
}

static void draw_shape(cairo_drawing *drawing, const anima_draw_item *item) {
  cairo_t *cr = drawing->cr;
  bool fill = item->fill.present;
  bool stroke = stroke_is_drawn(&item->stroke);
  if (!item->visible || !(item->opacity > 0) || (!fill && !stroke)) {
    return;
  }
  if (!use_world(drawing, &item->world)) {
    use_base(drawing);
    return;
  }
  /* Fill and stroke form one layer under the node's opacity (SPEC §4). */
  bool layered = fill && stroke && item->opacity < 1;
  double alpha = layered ? 1 : item->opacity;
  if (layered) {
    cairo_push_group(cr);
  }
  if (fill) {
    add_path(cr, item->outline);
    cairo_set_fill_rule(cr, item->fill.rule == ANIMA_FILL_EVENODD
                                ? CAIRO_FILL_RULE_EVEN_ODD
                                : CAIRO_FILL_RULE_WINDING);
    set_color(cr, item->fill.color.color, alpha);
    cairo_fill(cr);
  }
  if (stroke) {
    const anima_path *outline = stroke_outline(drawing, item);
    if (outline != NULL) {
      add_path(cr, outline);
      set_color(cr, item->stroke.color.color, alpha);
      stroke_path(cr, item->stroke.width, item->stroke.cap, item->stroke.join);
    }
  }
  use_base(drawing);
  if (layered) {
    cairo_pop_group_to_source(cr);
    cairo_paint_with_alpha(cr, item->opacity);
  }
}

static bool cutter_cuts(const anima_draw_item *cutter) {
  if (!cutter->visible || !(cutter->opacity > 0) || cutter->outline == NULL) {
    return false;
  }
  bool stroked = cutter->stroke.present && cutter->stroke.trim.visible &&
                 cutter->stroke.width + 2 * cutter->knockout > 0;
  return cutter->fill.present || stroked;
}

/*
 * Clips to the device-space bounding box of everything the cut can cover:
 * the outline stroked as wide as the widest cut stroke (which contains the
 * fill), plus a pixel for antialiasing.
 */
static void clip_to_cut_bounds(cairo_drawing *drawing,
                               const anima_draw_item *cutter, double grow) {
  cairo_t *cr = drawing->cr;
  if (!use_world(drawing, &cutter->world)) {
    return;
  }
  double width = 2 * grow;
  if (cutter->stroke.present && cutter->stroke.width + 2 * grow > width) {
    width = cutter->stroke.width + 2 * grow;
  }
  add_path(cr, cutter->outline);
  cairo_set_line_width(cr, width);
  cairo_set_line_cap(cr, CAIRO_LINE_CAP_SQUARE);
  cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER);
  cairo_set_miter_limit(cr, svg_miter_limit);
  double x1, y1, x2, y2;
  cairo_stroke_extents(cr, &x1, &y1, &x2, &y2);
  if (cutter->fill.present) {
    /* A fill cut with w = 0 has no stroke extents: take the fill's too. */
    double fill_x1, fill_y1, fill_x2, fill_y2;
    cairo_fill_extents(cr, &fill_x1, &fill_y1, &fill_x2, &fill_y2);
    if (fill_x2 > fill_x1 && fill_y2 > fill_y1) {
      if (!(x2 > x1 && y2 > y1)) {
        x1 = fill_x1, y1 = fill_y1, x2 = fill_x2, y2 = fill_y2;
      } else {
        x1 = fmin(x1, fill_x1), y1 = fmin(y1, fill_y1);
        x2 = fmax(x2, fill_x2), y2 = fmax(y2, fill_y2);
      }
    }
  }
  double corners[4][2] = {{x1, y1}, {x2, y1}, {x1, y2}, {x2, y2}};
  double left = INFINITY, top = INFINITY, right = -INFINITY, bottom = -INFINITY;
  for (int index = 0; index < 4; index++) {
    cairo_user_to_device(cr, &corners[index][0], &corners[index][1]);
    left = fmin(left, corners[index][0]);
    right = fmax(right, corners[index][0]);
    top = fmin(top, corners[index][1]);
    bottom = fmax(bottom, corners[index][1]);
  }
  cairo_new_path(cr);
  cairo_identity_matrix(cr);
  cairo_rectangle(cr, floor(left) - 1, floor(top) - 1,
                  ceil(right) - floor(left) + 2, ceil(bottom) - floor(top) + 2);
  cairo_clip(cr);
  use_base(drawing);
}

/*
 * Removes the cutter's painted area grown by w from the current group
 * (SPEC §4 Knockout): the cut is drawn opaque as one layer (fill, a round
 * stroke of width 2w around the fill outline, the stroke, the stroke
 * widened by 2w with round caps and joins), then erased with DEST_OUT at
 * the cutter's opacity.
 */
static void apply_knockout(cairo_drawing *drawing,
                           const anima_draw_item *cutter) {
  cairo_t *cr = drawing->cr;
  double grow = cutter->knockout > 0 ? cutter->knockout : 0;
  /* The cut layer only needs the cutter's device bounds: clip to them so
   * cairo allocates a small group surface (speed, same pixels). */
  cairo_save(cr);
  clip_to_cut_bounds(drawing, cutter, grow);
  cairo_push_group(cr);
  if (use_world(drawing, &cutter->world)) {
    cairo_set_source_rgb(cr, 0, 0, 0);
    if (cutter->fill.present) {
      add_path(cr, cutter->outline);
      cairo_set_fill_rule(cr, cutter->fill.rule == ANIMA_FILL_EVENODD
                                  ? CAIRO_FILL_RULE_EVEN_ODD
                                  : CAIRO_FILL_RULE_WINDING);
      cairo_fill(cr);
      if (grow > 0) {
        add_path(cr, cutter->outline);
        stroke_path(cr, 2 * grow, ANIMA_LINE_CAP_ROUND, ANIMA_LINE_JOIN_ROUND);
      }
    }
    const anima_draw_stroke *stroke = &cutter->stroke;
    if (stroke->present && stroke->trim.visible) {
      const anima_path *outline = stroke_outline(drawing, cutter);
      if (outline != NULL && stroke->width > 0) {
        add_path(cr, outline);
        stroke_path(cr, stroke->width, stroke->cap, stroke->join);
      }
      if (outline != NULL && grow > 0) {
        add_path(cr, outline);
        stroke_path(cr, stroke->width + 2 * grow, ANIMA_LINE_CAP_ROUND,
                    ANIMA_LINE_JOIN_ROUND);
      }
    }
  }
  use_base(drawing);
  cairo_pop_group_to_source(cr);
  cairo_set_operator(cr, CAIRO_OPERATOR_DEST_OUT);
  cairo_paint_with_alpha(cr, cutter->opacity);
  cairo_set_operator(cr, CAIRO_OPERATOR_OVER);
  cairo_restore(cr);
}

/* Does a GROUP_BEGIN open a cairo group (an opacity layer)? */
static bool group_is_layered(const anima_draw_item *group) {
  return group->opacity < 1;
}

anima_status anima_cairo_draw(anima_renderer *renderer,
                              const anima_draw_frame *frame, cairo_t *cr) {
  if (renderer == NULL || frame == NULL || cr == NULL ||
      anima_draw_frame_validate(frame) != ANIMA_OK) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  cairo_drawing drawing = {.renderer = renderer, .frame = frame, .cr = cr};
  cairo_save(cr);
  cairo_get_matrix(cr, &drawing.base);
  cairo_set_operator(cr, CAIRO_OPERATOR_OVER);
  for (size_t index = 0; index < frame->item_count; index++) {
    const anima_draw_item *item = &frame->items[index];
    switch (item->kind) {
    case ANIMA_DRAW_GROUP_BEGIN:
      if (!item->visible || !(item->opacity > 0)) {
        index = item->partner; /* nothing of the group shows */
      } else if (group_is_layered(item)) {
        cairo_push_group(cr);
      }
      break;
    case ANIMA_DRAW_GROUP_END:
      if (group_is_layered(&frame->items[item->partner])) {
        cairo_pop_group_to_source(cr);
        cairo_paint_with_alpha(cr, frame->items[item->partner].opacity);
      }
      break;
    case ANIMA_DRAW_KNOCKOUT_BEGIN:
      if (cutter_cuts(&frame->items[item->cutter])) {
        cairo_push_group(cr);
      }
      break;
    case ANIMA_DRAW_KNOCKOUT_END:
      if (cutter_cuts(&frame->items[item->cutter])) {
        apply_knockout(&drawing, &frame->items[item->cutter]);
        cairo_pop_group_to_source(cr);
        cairo_paint(cr);
      }
      break;
    case ANIMA_DRAW_SHAPE:
      draw_shape(&drawing, item);
      break;
    }
  }
  cairo_restore(cr);
  if (drawing.status == ANIMA_OK && cairo_status(cr) != CAIRO_STATUS_SUCCESS) {
    drawing.status = ANIMA_ERROR_NO_MEMORY;
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
    set_color(cr, options->background, 1);
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
