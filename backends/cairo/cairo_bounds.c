/*
 * cairo_bounds.c — the device-space box a unit of the draw frame can paint
 * into, so that layers (blended and isolated groups, masks) are allocated
 * and composited over that box only instead of the whole surface. Outside
 * the box a layer is transparent, and compositing a transparent source
 * leaves the destination as it is in every blend mode and in additive
 * blending, so clipping to the box changes no pixel; it only saves the
 * work (a soft-light group over 256 × 256 costs about 1 ms in pixman).
 *
 * A box is [x1, y1, x2, y2] in device pixels; x1 >= x2 or y1 >= y2 is
 * empty. Units whose reach has no simple bound (fixed strokes, images,
 * meshes) answer "unbounded", and their layers stay full size.
 */
#include <math.h>

#include "cairo_internal.h"

static void box_empty(double box[4]) {
  box[0] = box[1] = INFINITY;
  box[2] = box[3] = -INFINITY;
}

static bool box_is_empty(const double box[4]) {
  return !(box[2] > box[0] && box[3] > box[1]);
}

static void box_union(double box[4], const double other[4]) {
  if (box_is_empty(other)) {
    return;
  }
  box[0] = fmin(box[0], other[0]);
  box[1] = fmin(box[1], other[1]);
  box[2] = fmax(box[2], other[2]);
  box[3] = fmax(box[3], other[3]);
}

static void box_intersect(double box[4], const double other[4]) {
  box[0] = fmax(box[0], other[0]);
  box[1] = fmax(box[1], other[1]);
  box[2] = fmin(box[2], other[2]);
  box[3] = fmin(box[3], other[3]);
}

/* The user-space rectangle [x1, y1, x2, y2] under the current matrix as a
 * device-space box. */
void anima_cairo_device_box(cairo_t *cr, double x1, double y1, double x2,
                            double y2, double box[4]) {
  double corners[4][2] = {{x1, y1}, {x2, y1}, {x1, y2}, {x2, y2}};
  box_empty(box);
  for (int index = 0; index < 4; index++) {
    cairo_user_to_device(cr, &corners[index][0], &corners[index][1]);
    box[0] = fmin(box[0], corners[index][0]);
    box[1] = fmin(box[1], corners[index][1]);
    box[2] = fmax(box[2], corners[index][0]);
    box[3] = fmax(box[3], corners[index][1]);
  }
}

/* The device box of a clip source's outline placed by its world matrix;
 * empty for a singular one (it clips everything away). */
static void outline_box(cairo_drawing *drawing, const anima_draw_item *source,
                        double box[4]) {
  const anima_draw_shape *shape = &drawing->frame->shapes[source->payload];
  box_empty(box);
  if (!anima_cairo_use_world(drawing, &source->world)) {
    return;
  }
  anima_cairo_add_path(drawing->cr, shape->outline);
  double x1, y1, x2, y2;
  cairo_fill_extents(drawing->cr, &x1, &y1, &x2, &y2);
  if (x2 > x1 && y2 > y1) {
    anima_cairo_device_box(drawing->cr, x1, y1, x2, y2, box);
  }
  cairo_new_path(drawing->cr);
  anima_cairo_use_base(drawing);
}

static bool unit_box(cairo_drawing *drawing, size_t index, bool as_source,
                     size_t depth, double box[4]);

/* The union of a range's children. */
static bool children_box(cairo_drawing *drawing, size_t parent, size_t depth,
                         double box[4]) {
  box_empty(box);
  size_t cursor = 0, child = 0;
  while (anima_draw_frame_next(drawing->frame, parent, &cursor, &child)) {
    double child_box[4];
    if (!unit_box(drawing, child, false, depth, child_box)) {
      return false;
    }
    box_union(box, child_box);
  }
  return true;
}

/* What anima_cairo_draw_unit(index, as_source) can paint into. */
static bool unit_box(cairo_drawing *drawing, size_t index, bool as_source,
                     size_t depth, double box[4]) {
  const anima_draw_frame *frame = drawing->frame;
  const anima_draw_item *item = cairo_item(drawing, index);
  box_empty(box);
  if (item->source_only && !as_source) {
    return true;
  }
  if (depth > CAIRO_MASK_DEPTH) {
    return false;
  }
  switch (item->kind) {
  case ANIMA_DRAW_GROUP_BEGIN:
    if (!item->visible || !(item->opacity > 0)) {
      return true;
    }
    return children_box(drawing, index, depth, box);
  case ANIMA_DRAW_SHAPE:
    return anima_cairo_shape_box(drawing, item, box);
  case ANIMA_DRAW_MASK_BEGIN: {
    const anima_draw_mask *mask = &frame->masks[item->payload];
    if (!children_box(drawing, index, depth, box)) {
      return false;
    }
    if (mask->area || mask->mode == ANIMA_MASK_INVERTED_ALPHA ||
        mask->mode == ANIMA_MASK_INVERTED_LUMINANCE) {
      return true; /* a cut only removes */
    }
    double source[4];
    if (unit_box(drawing, mask->source, true, depth + 1, source)) {
      box_intersect(box, source); /* nothing shows where nothing covers */
    }
    return true;
  }
  case ANIMA_DRAW_CLIP_BEGIN: {
    const anima_draw_clip *clip = &frame->clips[item->payload];
    if (!children_box(drawing, index, depth, box)) {
      return false;
    }
    double outline[4];
    outline_box(drawing, cairo_item(drawing, clip->source), outline);
    box_intersect(box, outline);
    return true;
  }
  default:
    return false; /* images and meshes: not bounded here */
  }
}

bool anima_cairo_clip_to_unit(cairo_drawing *drawing, size_t index,
                              bool as_source) {
  double box[4];
  if (!unit_box(drawing, index, as_source, 0, box)) {
    return true; /* unbounded: no clip */
  }
  if (box_is_empty(box)) {
    return false;
  }
  /* a pixel of antialiasing on each side, whole pixels so that cairo
   * takes the clip as a rectangle of the surface */
  double x1 = floor(box[0]) - 1, y1 = floor(box[1]) - 1;
  double x2 = ceil(box[2]) + 1, y2 = ceil(box[3]) + 1;
  cairo_t *cr = drawing->cr;
  cairo_matrix_t matrix;
  cairo_get_matrix(cr, &matrix);
  cairo_identity_matrix(cr);
  cairo_rectangle(cr, x1, y1, x2 - x1, y2 - y1);
  cairo_clip(cr);
  cairo_set_matrix(cr, &matrix);
  return true;
}
