/*
 * cairo_paint.c — a draw frame paint as the cairo source (paint chapter
 * "Gradients", "Angular gradients and affine gradient transforms"):
 * colours, linear and radial gradients as cairo patterns (pad extend, SVG
 * focal semantics: a focal circle of radius 0), conic gradients computed
 * per device pixel with canvas `createConicGradient` semantics (DECISIONS
 * 18), image paints (cairo_image.c).
 */
#include <math.h>
#include <stdlib.h>

#include "cairo_internal.h"

static const double pi = 3.14159265358979323846;

/* The pattern matrix: cairo maps user space to pattern space, the paint's
 * transform maps gradient space to the node's local (user) space. */
static bool set_pattern_transform(cairo_pattern_t *pattern,
                                  const anima_matrix *transform) {
  anima_matrix inverse;
  if (!anima_matrix_invert(*transform, &inverse)) {
    return false;
  }
  cairo_matrix_t matrix = {inverse.a, inverse.b, inverse.c,
                           inverse.d, inverse.e, inverse.f};
  cairo_pattern_set_matrix(pattern, &matrix);
  return true;
}

static void add_stops(cairo_pattern_t *pattern, const anima_draw_frame *frame,
                      const anima_draw_paint *paint, double alpha) {
  double previous = 0;
  for (size_t index = 0; index < paint->stop_count; index++) {
    const anima_draw_stop *stop = &frame->stops[paint->first_stop + index];
    /* SVG shows a stop before an earlier one at the earlier position */
    double position = stop->position < 0 ? 0 : stop->position;
    position = position > 1 ? 1 : position;
    position = position < previous ? previous : position;
    previous = position;
    anima_color color = stop->color.color;
    cairo_pattern_add_color_stop_rgba(pattern, position, color.r / 255.0,
                                      color.g / 255.0, color.b / 255.0,
                                      color.a / 255.0 * alpha);
  }
}

/* ------------------------------------------------------------------------ */
/* Conic gradients, per pixel                                                */
/* ------------------------------------------------------------------------ */

/* The colour of the stops at position t (0..1), non-premultiplied
 * interpolation as cairo's gradients, returned premultiplied ARGB32. */
static uint32_t stop_color(const anima_draw_frame *frame,
                           const anima_draw_paint *paint, double t,
                           double alpha) {
  const anima_draw_stop *stops = frame->stops + paint->first_stop;
  size_t count = paint->stop_count;
  double channel[4];
  const anima_draw_stop *left = &stops[0], *right = &stops[0];
  double previous = 0;
  double left_position = 0, right_position = 0;
  bool found = false;
  for (size_t index = 0; index < count; index++) {
    double position = stops[index].position;
    position = position < previous ? previous : position;
    previous = position;
    if (position <= t) {
      left = &stops[index];
      left_position = position;
      right = left;
      right_position = position;
    } else {
      right = &stops[index];
      right_position = position;
      found = true;
      break;
    }
  }
  if (!found) {
    right = left; /* past the last stop: pad */
  } else if (right == &stops[0]) {
    left = right; /* before the first stop: pad */
    left_position = right_position;
  }
  double w = right_position > left_position
                 ? (t - left_position) / (right_position - left_position)
                 : 0;
  anima_color a = left->color.color, b = right->color.color;
  channel[0] = a.r + (b.r - a.r) * w;
  channel[1] = a.g + (b.g - a.g) * w;
  channel[2] = a.b + (b.b - a.b) * w;
  channel[3] = (a.a + (b.a - a.a) * w) * alpha;
  double scale = channel[3] / 255.0;
  uint32_t premultiplied[3];
  for (int index = 0; index < 3; index++) {
    premultiplied[index] = (uint32_t)lround(channel[index] * scale);
  }
  return (uint32_t)lround(channel[3]) << 24 | premultiplied[0] << 16 |
         premultiplied[1] << 8 | premultiplied[2];
}

/* Device-space bounds of the current path grown by `margin` device pixels,
 * intersected with the clip, as whole pixels. False when empty. */
static bool device_bounds(cairo_t *cr, double margin, int bounds[4]) {
  double x1, y1, x2, y2;
  cairo_path_extents(cr, &x1, &y1, &x2, &y2);
  double corners[4][2] = {{x1, y1}, {x2, y1}, {x1, y2}, {x2, y2}};
  double left = INFINITY, top = INFINITY, right = -INFINITY, bottom = -INFINITY;
  for (int index = 0; index < 4; index++) {
    cairo_user_to_device(cr, &corners[index][0], &corners[index][1]);
    left = fmin(left, corners[index][0]);
    right = fmax(right, corners[index][0]);
    top = fmin(top, corners[index][1]);
    bottom = fmax(bottom, corners[index][1]);
  }
  double clip[4];
  cairo_clip_extents(cr, &clip[0], &clip[1], &clip[2], &clip[3]);
  double clip_corners[4][2] = {{clip[0], clip[1]},
                               {clip[2], clip[1]},
                               {clip[0], clip[3]},
                               {clip[2], clip[3]}};
  double clip_left = INFINITY, clip_top = INFINITY;
  double clip_right = -INFINITY, clip_bottom = -INFINITY;
  for (int index = 0; index < 4; index++) {
    cairo_user_to_device(cr, &clip_corners[index][0], &clip_corners[index][1]);
    clip_left = fmin(clip_left, clip_corners[index][0]);
    clip_right = fmax(clip_right, clip_corners[index][0]);
    clip_top = fmin(clip_top, clip_corners[index][1]);
    clip_bottom = fmax(clip_bottom, clip_corners[index][1]);
  }
  left = fmax(floor(left - margin), floor(clip_left));
  top = fmax(floor(top - margin), floor(clip_top));
  right = fmin(ceil(right + margin), ceil(clip_right));
  bottom = fmin(ceil(bottom + margin), ceil(clip_bottom));
  if (!(right > left && bottom > top) || right - left > 32768 ||
      bottom - top > 32768) {
    return false;
  }
  bounds[0] = (int)left;
  bounds[1] = (int)top;
  bounds[2] = (int)(right - left);
  bounds[3] = (int)(bottom - top);
  return true;
}

bool anima_cairo_set_raster_source(cairo_drawing *drawing, double margin,
                                   anima_cairo_sampler sampler,
                                   const void *context) {
  cairo_t *cr = drawing->cr;
  int bounds[4];
  if (!device_bounds(cr, margin, bounds)) {
    cairo_set_source_rgba(cr, 0, 0, 0, 0);
    return true;
  }
  cairo_matrix_t user;
  cairo_get_matrix(cr, &user);
  anima_matrix to_device = {user.xx, user.yx, user.xy,
                            user.yy, user.x0, user.y0};
  anima_matrix to_user;
  if (!anima_matrix_invert(to_device, &to_user)) {
    cairo_set_source_rgba(cr, 0, 0, 0, 0);
    return true;
  }
  cairo_surface_t *surface =
      cairo_image_surface_create(CAIRO_FORMAT_ARGB32, bounds[2], bounds[3]);
  if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
    cairo_surface_destroy(surface);
    anima_cairo_fail(drawing, ANIMA_ERROR_NO_MEMORY);
    return false;
  }
  cairo_surface_flush(surface);
  unsigned char *data = cairo_image_surface_get_data(surface);
  int stride = cairo_image_surface_get_stride(surface);
  for (int y = 0; y < bounds[3]; y++) {
    uint32_t *row = (uint32_t *)(void *)(data + (size_t)y * stride);
    for (int x = 0; x < bounds[2]; x++) {
      anima_point point = anima_matrix_transform_point(
          to_user, (anima_point){bounds[0] + x + 0.5, bounds[1] + y + 0.5});
      row[x] = sampler(context, point);
    }
  }
  cairo_surface_mark_dirty(surface);
  cairo_pattern_t *pattern = cairo_pattern_create_for_surface(surface);
  cairo_surface_destroy(surface);
  /* user space → device → this surface */
  cairo_matrix_t offset, matrix;
  cairo_matrix_init_translate(&offset, -bounds[0], -bounds[1]);
  cairo_matrix_multiply(&matrix, &user, &offset);
  cairo_pattern_set_matrix(pattern, &matrix);
  cairo_pattern_set_filter(pattern, CAIRO_FILTER_NEAREST);
  cairo_set_source(cr, pattern);
  cairo_pattern_destroy(pattern);
  return true;
}

/* What the conic sampler needs. */
typedef struct conic {
  const anima_draw_frame *frame;
  const anima_draw_paint *paint;
  anima_matrix to_gradient; /* local → gradient space */
  double start;             /* angle of the initial ray */
  double alpha;
} conic;

static uint32_t conic_sample(const void *context, anima_point point) {
  const conic *state = context;
  const anima_draw_paint *paint = state->paint;
  anima_point p = anima_matrix_transform_point(state->to_gradient, point);
  double angle = atan2(p.y - paint->y1, p.x - paint->x1) - state->start;
  double t = angle / (2 * pi);
  t -= floor(t);
  return stop_color(state->frame, paint, t, state->alpha);
}

/*
 * A conic gradient (paint "Angular gradients", canvas createConicGradient):
 * around centre (x1, y1), position 0 on the ray toward (x2, y2) (the +x
 * axis when they coincide), increasing clockwise in y-down coordinates
 * over one turn, stops padded. Computed at the centre of every device
 * pixel the current path (stroked with the current line width) can cover.
 */
static bool set_conic(cairo_drawing *drawing, const anima_draw_paint *paint,
                      double alpha, double margin) {
  conic state = {drawing->frame, paint, anima_matrix_identity(), 0, alpha};
  if (!anima_matrix_invert(paint->transform, &state.to_gradient)) {
    cairo_set_source_rgba(drawing->cr, 0, 0, 0, 0);
    return true;
  }
  state.start = (paint->x2 == paint->x1 && paint->y2 == paint->y1)
                    ? 0
                    : atan2(paint->y2 - paint->y1, paint->x2 - paint->x1);
  return anima_cairo_set_raster_source(drawing, margin, conic_sample, &state);
}

/* Degenerate gradients (paint chapter: they follow SVG gradient
 * semantics; SVG 1.1 §13.2.2 and §13.2.3): a linear gradient whose start
 * and end coincide, and a radial gradient of radius 0, paint the area in
 * the last stop's colour and opacity. cairo would paint the midpoint mix
 * of the first and last stops, or nothing. */
static bool set_last_stop(cairo_drawing *drawing, const anima_draw_paint *paint,
                          double alpha) {
  if (paint->stop_count == 0) {
    cairo_set_source_rgba(drawing->cr, 0, 0, 0, 0);
    return true;
  }
  const anima_draw_stop *last =
      &drawing->frame->stops[paint->first_stop + paint->stop_count - 1];
  anima_color color = last->color.color;
  cairo_set_source_rgba(drawing->cr, color.r / 255.0, color.g / 255.0,
                        color.b / 255.0, color.a / 255.0 * alpha);
  return true;
}

bool anima_cairo_set_paint(cairo_drawing *drawing,
                           const anima_draw_paint *paint, double alpha,
                           double margin) {
  cairo_t *cr = drawing->cr;
  cairo_pattern_t *pattern = NULL;
  switch (paint->kind) {
  case ANIMA_PAINT_SOLID: {
    anima_color color = paint->color.color;
    cairo_set_source_rgba(cr, color.r / 255.0, color.g / 255.0, color.b / 255.0,
                          color.a / 255.0 * alpha);
    return true;
  }
  case ANIMA_PAINT_LINEAR:
    if (paint->x1 == paint->x2 && paint->y1 == paint->y2) {
      return set_last_stop(drawing, paint, alpha);
    }
    pattern =
        cairo_pattern_create_linear(paint->x1, paint->y1, paint->x2, paint->y2);
    break;
  case ANIMA_PAINT_RADIAL:
    if (!(paint->r > 0)) {
      return set_last_stop(drawing, paint, alpha);
    }
    pattern = cairo_pattern_create_radial(paint->fx, paint->fy, 0, paint->cx,
                                          paint->cy, paint->r);
    break;
  case ANIMA_PAINT_CONIC:
    return set_conic(drawing, paint, alpha, margin);
  case ANIMA_PAINT_IMAGE:
    return anima_cairo_set_image_paint(drawing, paint, alpha, margin);
  default:
    return false;
  }
  if (cairo_pattern_status(pattern) != CAIRO_STATUS_SUCCESS) {
    cairo_pattern_destroy(pattern);
    anima_cairo_fail(drawing, ANIMA_ERROR_NO_MEMORY);
    return false;
  }
  cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD);
  add_stops(pattern, drawing->frame, paint, alpha);
  if (!set_pattern_transform(pattern, &paint->transform)) {
    cairo_pattern_destroy(pattern);
    cairo_set_source_rgba(cr, 0, 0, 0, 0); /* a singular transform: nothing */
    return true;
  }
  cairo_set_source(cr, pattern);
  cairo_pattern_destroy(pattern);
  return true;
}
