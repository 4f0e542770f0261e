/*
 * cairo_shape.c — SHAPE items with cairo: fills with their rule, strokes
 * under the world matrix (fixed strokes in device pixels, DECISIONS 16),
 * trims as the trimmed outline, dashes, inside and outside placement
 * (composite "Stroke placement"), blended layers (mix "Per-paint blend
 * override"), all layers as one layer under the item's opacity (SPEC §4);
 * and a shape's painted area for knockouts.
 */
#include <math.h>

#include "cairo_internal.h"

static const cairo_line_cap_t caps[] = {
    CAIRO_LINE_CAP_BUTT, CAIRO_LINE_CAP_ROUND, CAIRO_LINE_CAP_SQUARE};
static const cairo_line_join_t joins[] = {
    CAIRO_LINE_JOIN_MITER, CAIRO_LINE_JOIN_ROUND, CAIRO_LINE_JOIN_BEVEL};

static cairo_fill_rule_t fill_rule(anima_fill_rule rule) {
  return rule == ANIMA_FILL_EVENODD ? CAIRO_FILL_RULE_EVEN_ODD
                                    : CAIRO_FILL_RULE_WINDING;
}

static void set_line(cairo_t *cr, double width, anima_line_cap cap,
                     anima_line_join join) {
  cairo_set_line_width(cr, width);
  cairo_set_line_cap(cr, caps[cap % 3]);
  cairo_set_line_join(cr, joins[join % 3]);
  cairo_set_miter_limit(cr, CAIRO_SVG_MITER_LIMIT);
}

static bool stroke_is_drawn(const anima_draw_stroke *stroke) {
  return stroke->trim.visible && stroke->width > 0;
}

static bool layer_is_drawn(const anima_draw_frame *frame,
                           const anima_draw_layer *layer) {
  return layer->visible && (layer->kind == ANIMA_LAYER_FILL ||
                            stroke_is_drawn(&frame->strokes[layer->stroke]));
}

/* What a fill layer fills: its own geometry (contour fill.winding) or the
 * shape's outline. */
static const anima_path *fill_geometry(const anima_draw_shape *shape,
                                       const anima_draw_layer *layer) {
  return layer->fill_path ? layer->fill_path : shape->outline;
}

/* The outline a stroke draws: its own path, the whole outline or its
 * trimmed part. */
static const anima_path *stroke_outline(cairo_drawing *drawing,
                                        const anima_draw_shape *shape,
                                        const anima_draw_stroke *stroke) {
  if (stroke->path != NULL) {
    return stroke->path; /* a module's stroke geometry (contour effects) */
  }
  if (stroke->trim.full) {
    return shape->outline;
  }
  anima_path *trimmed = &drawing->renderer->trimmed;
  anima_path_clear(trimmed);
  if (anima_path_add_trimmed(trimmed, shape->outline, stroke->trim_start,
                             stroke->trim_end,
                             stroke->trim_offset) != ANIMA_OK) {
    anima_cairo_fail(drawing, ANIMA_ERROR_NO_MEMORY);
    return NULL;
  }
  return trimmed;
}

/* How far the stroke reaches beyond its outline in device pixels: half its
 * (doubled when placed) width times the miter limit 4, scaled by the
 * largest stretch of the current matrix unless fixed, plus a pixel. */
static double stroke_margin(cairo_drawing *drawing,
                            const anima_draw_stroke *stroke) {
  double width =
      stroke->width * (stroke->placement != ANIMA_STROKE_CENTER ? 2 : 1);
  double scale = 1;
  if (!stroke->fixed) {
    cairo_matrix_t m;
    cairo_get_matrix(drawing->cr, &m);
    scale = fmax(hypot(m.xx, m.yx), hypot(m.xy, m.yy));
  }
  return width / 2 * CAIRO_SVG_MITER_LIMIT * scale + 1;
}

/* The fill rule an inside or outside stroke is clipped by: the shape's
 * first fill's, else nonzero (draw.h anima_stroke_placement). */
static anima_fill_rule placement_rule(const anima_draw_frame *frame,
                                      const anima_draw_shape *shape) {
  for (size_t index = 0; index < shape->layer_count; index++) {
    const anima_draw_layer *layer = &frame->layers[shape->first_layer + index];
    if (layer->kind == ANIMA_LAYER_FILL) {
      return layer->rule;
    }
  }
  return ANIMA_FILL_NONZERO;
}

/*
 * Strokes the current path with `stroke`'s width (doubled when placed
 * inside or outside), cap, join and dashes (unless a partial trim applies:
 * trim wins). A fixed stroke is stroked in device space: the outline
 * follows the world matrix, the width and dashes are output pixels.
 */
static void stroke_current_path(cairo_drawing *drawing,
                                const anima_draw_stroke *stroke) {
  cairo_t *cr = drawing->cr;
  double width = stroke->width;
  if (stroke->placement != ANIMA_STROKE_CENTER) {
    width *= 2;
  }
  set_line(cr, width, stroke->cap, stroke->join);
  if (stroke->trim.full && stroke->dash_count > 0) {
    const double *dashes = drawing->frame->dashes + stroke->first_dash;
    double total = 0;
    for (size_t index = 0; index < stroke->dash_count; index++) {
      total += dashes[index] > 0 ? dashes[index] : 0;
    }
    if (total > 0) {
      cairo_set_dash(cr, dashes, (int)stroke->dash_count, stroke->dash_offset);
    }
  }
  if (stroke->fixed) {
    cairo_save(cr);
    cairo_identity_matrix(cr);
    cairo_stroke(cr);
    cairo_restore(cr);
  } else {
    cairo_stroke(cr);
  }
  cairo_set_dash(cr, NULL, 0, 0);
}

static void draw_stroke_layer(cairo_drawing *drawing,
                              const anima_draw_item *item,
                              const anima_draw_shape *shape,
                              const anima_draw_layer *layer, double alpha) {
  cairo_t *cr = drawing->cr;
  const anima_draw_frame *frame = drawing->frame;
  const anima_draw_stroke *stroke = &frame->strokes[layer->stroke];
  const anima_path *outline = stroke_outline(drawing, shape, stroke);
  if (outline == NULL) {
    return;
  }
  const anima_draw_paint *paint = &frame->paints[layer->paint];
  switch (stroke->placement) {
  case ANIMA_STROKE_INSIDE:
    cairo_save(cr);
    anima_cairo_add_path(cr, shape->outline);
    cairo_set_fill_rule(cr, fill_rule(placement_rule(frame, shape)));
    cairo_clip(cr);
    anima_cairo_add_path(cr, outline);
    if (anima_cairo_set_paint(drawing, paint, alpha,
                              stroke_margin(drawing, stroke))) {
      stroke_current_path(drawing, stroke);
    }
    cairo_restore(cr);
    break;
  case ANIMA_STROKE_OUTSIDE:
    /* the doubled stroke with the filled outline erased, as one layer */
    cairo_push_group(cr);
    anima_cairo_add_path(cr, outline);
    if (anima_cairo_set_paint(drawing, paint, alpha,
                              stroke_margin(drawing, stroke))) {
      stroke_current_path(drawing, stroke);
    }
    cairo_set_operator(cr, CAIRO_OPERATOR_DEST_OUT);
    anima_cairo_add_path(cr, shape->outline);
    cairo_set_fill_rule(cr, fill_rule(placement_rule(frame, shape)));
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_fill(cr);
    cairo_set_operator(cr, CAIRO_OPERATOR_OVER);
    cairo_pop_group_to_source(cr);
    anima_cairo_use_base(drawing);
    cairo_paint(cr);
    anima_cairo_use_world(drawing, &item->world);
    break;
  case ANIMA_STROKE_CENTER:
  default:
    anima_cairo_add_path(cr, outline);
    if (anima_cairo_set_paint(drawing, paint, alpha,
                              stroke_margin(drawing, stroke))) {
      stroke_current_path(drawing, stroke);
    }
    break;
  }
}

void anima_cairo_draw_shape(cairo_drawing *drawing,
                            const anima_draw_item *item) {
  cairo_t *cr = drawing->cr;
  const anima_draw_frame *frame = drawing->frame;
  if (!item->visible || !(item->opacity > 0)) {
    return;
  }
  const anima_draw_shape *shape = &frame->shapes[item->payload];
  size_t drawn = 0;
  for (size_t index = 0; index < shape->layer_count; index++) {
    drawn += layer_is_drawn(frame, &frame->layers[shape->first_layer + index]);
  }
  if (drawn == 0) {
    return;
  }
  if (!anima_cairo_use_world(drawing, &item->world)) {
    return;
  }
  /* All layers form one layer under the node's opacity (SPEC §4); with a
   * blended layer that layer is isolated too (draw.h anima_draw_layer
   * `blend`: the layers blend only with each other under an opacity). */
  bool blended = false;
  for (size_t index = 0; index < shape->layer_count; index++) {
    const anima_draw_layer *layer = &frame->layers[shape->first_layer + index];
    blended |=
        layer_is_drawn(frame, layer) && layer->blend != ANIMA_BLEND_NORMAL;
  }
  bool layered = (drawn > 1 || blended) && item->opacity < 1;
  double alpha = layered ? 1 : item->opacity;
  if (layered) {
    cairo_push_group(cr);
  }
  for (size_t index = 0; index < shape->layer_count; index++) {
    const anima_draw_layer *layer = &frame->layers[shape->first_layer + index];
    if (!layer_is_drawn(frame, layer)) {
      continue;
    }
    /* a blended layer: drawn into a layer of its own, then composited with
     * its mode (and amount) onto the shape's earlier layers and what is
     * below */
    bool own_layer = layer->blend != ANIMA_BLEND_NORMAL;
    if (own_layer) {
      cairo_push_group(cr);
    }
    if (layer->kind == ANIMA_LAYER_FILL) {
      anima_cairo_add_path(cr, fill_geometry(shape, layer));
      cairo_set_fill_rule(cr, fill_rule(layer->rule));
      if (anima_cairo_set_paint(drawing, &frame->paints[layer->paint], alpha,
                                1)) {
        cairo_fill(cr);
      }
    } else {
      draw_stroke_layer(drawing, item, shape, layer, alpha);
    }
    if (own_layer) {
      cairo_new_path(cr);
      cairo_pop_group_to_source(cr);
      anima_cairo_composite(drawing, layer->blend, layer->blend_amount, 1);
    }
  }
  anima_cairo_use_base(drawing);
  if (layered) {
    cairo_pop_group_to_source(cr);
    cairo_paint_with_alpha(cr, item->opacity);
  }
  cairo_new_path(cr);
}

/* ------------------------------------------------------------------------ */
/* Painted areas (knockouts)                                                 */
/* ------------------------------------------------------------------------ */

/*
 * The painted area grown by w (SPEC §4 Knockout): each fill, a round stroke
 * of width 2w around the fill outline, each stroke, and the stroke widened
 * by 2w with round caps and joins, all opaque black.
 */
void anima_cairo_draw_area(cairo_drawing *drawing, const anima_draw_item *item,
                           double grow) {
  cairo_t *cr = drawing->cr;
  const anima_draw_frame *frame = drawing->frame;
  const anima_draw_shape *shape = &frame->shapes[item->payload];
  if (!anima_cairo_use_world(drawing, &item->world)) {
    return;
  }
  cairo_set_source_rgb(cr, 0, 0, 0);
  for (size_t index = 0; index < shape->layer_count; index++) {
    const anima_draw_layer *layer = &frame->layers[shape->first_layer + index];
    if (!layer->visible) {
      continue;
    }
    if (layer->kind == ANIMA_LAYER_FILL) {
      anima_cairo_add_path(cr, fill_geometry(shape, layer));
      cairo_set_fill_rule(cr, fill_rule(layer->rule));
      cairo_fill(cr);
      if (grow > 0) {
        anima_cairo_add_path(cr, fill_geometry(shape, layer));
        set_line(cr, 2 * grow, ANIMA_LINE_CAP_ROUND, ANIMA_LINE_JOIN_ROUND);
        cairo_stroke(cr);
      }
      continue;
    }
    const anima_draw_stroke *stroke = &frame->strokes[layer->stroke];
    if (!stroke->trim.visible) {
      continue;
    }
    const anima_path *outline = stroke_outline(drawing, shape, stroke);
    if (outline == NULL) {
      return;
    }
    if (stroke->width > 0) {
      anima_cairo_add_path(cr, outline);
      stroke_current_path(drawing, stroke);
    }
    if (grow > 0) {
      anima_cairo_add_path(cr, outline);
      set_line(cr, (stroke->fixed ? 0 : stroke->width) + 2 * grow,
               ANIMA_LINE_CAP_ROUND, ANIMA_LINE_JOIN_ROUND);
      cairo_stroke(cr);
    }
  }
  anima_cairo_use_base(drawing);
}

/*
 * Clips to the device-space bounding box of everything the area can cover:
 * the outline stroked as wide as the widest grown stroke (which contains
 * the fill), plus a pixel for antialiasing. Only a speed-up: cairo then
 * allocates a small group surface for the cut.
 */
void anima_cairo_clip_to_area(cairo_drawing *drawing,
                              const anima_draw_item *item, double grow) {
  cairo_t *cr = drawing->cr;
  const anima_draw_frame *frame = drawing->frame;
  const anima_draw_shape *shape = &frame->shapes[item->payload];
  if (!anima_cairo_use_world(drawing, &item->world)) {
    return;
  }
  double width = 2 * grow;
  bool fill = false;
  for (size_t index = 0; index < shape->layer_count; index++) {
    const anima_draw_layer *layer = &frame->layers[shape->first_layer + index];
    if (layer->kind == ANIMA_LAYER_FILL) {
      fill = true;
      continue;
    }
    const anima_draw_stroke *stroke = &frame->strokes[layer->stroke];
    if (stroke->fixed || stroke->placement != ANIMA_STROKE_CENTER) {
      anima_cairo_use_base(drawing);
      return; /* no simple bound: no clip */
    }
    if (stroke->width + 2 * grow > width) {
      width = stroke->width + 2 * grow;
    }
  }
  anima_cairo_add_path(cr, shape->outline);
  set_line(cr, width, ANIMA_LINE_CAP_SQUARE, ANIMA_LINE_JOIN_MITER);
  double x1, y1, x2, y2;
  cairo_stroke_extents(cr, &x1, &y1, &x2, &y2);
  if (fill) {
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
  anima_cairo_use_base(drawing);
}

/* What anima_cairo_draw_shape paints into: the fill extents of the outline
 * for fills, the stroke extents at the drawn (doubled when placed) width,
 * cap, join and miter limit for strokes (trims and dashes only take
 * away), in device pixels. Fixed strokes have no simple bound. */
bool anima_cairo_shape_box(cairo_drawing *drawing, const anima_draw_item *item,
                           double box[4]) {
  cairo_t *cr = drawing->cr;
  const anima_draw_frame *frame = drawing->frame;
  box[0] = box[1] = INFINITY;
  box[2] = box[3] = -INFINITY;
  if (!item->visible || !(item->opacity > 0)) {
    return true;
  }
  const anima_draw_shape *shape = &frame->shapes[item->payload];
  for (size_t index = 0; index < shape->layer_count; index++) {
    const anima_draw_layer *layer = &frame->layers[shape->first_layer + index];
    if (layer->kind == ANIMA_LAYER_STROKE && layer_is_drawn(frame, layer) &&
        frame->strokes[layer->stroke].fixed) {
      return false;
    }
  }
  if (!anima_cairo_use_world(drawing, &item->world)) {
    return true; /* draw_shape draws nothing under a singular matrix */
  }
  anima_cairo_add_path(cr, shape->outline);
  for (size_t index = 0; index < shape->layer_count; index++) {
    const anima_draw_layer *layer = &frame->layers[shape->first_layer + index];
    if (!layer_is_drawn(frame, layer)) {
      continue;
    }
    double x1, y1, x2, y2;
    if (layer->kind == ANIMA_LAYER_FILL) {
      cairo_fill_extents(cr, &x1, &y1, &x2, &y2);
    } else {
      const anima_draw_stroke *stroke = &frame->strokes[layer->stroke];
      set_line(cr,
               stroke->width *
                   (stroke->placement != ANIMA_STROKE_CENTER ? 2 : 1),
               stroke->cap, stroke->join);
      cairo_stroke_extents(cr, &x1, &y1, &x2, &y2);
    }
    if (x2 > x1 && y2 > y1) {
      double layer_box[4];
      anima_cairo_device_box(cr, x1, y1, x2, y2, layer_box);
      box[0] = fmin(box[0], layer_box[0]);
      box[1] = fmin(box[1], layer_box[1]);
      box[2] = fmax(box[2], layer_box[2]);
      box[3] = fmax(box[3], layer_box[3]);
    }
  }
  cairo_new_path(cr);
  anima_cairo_use_base(drawing);
  return true;
}
