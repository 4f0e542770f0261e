/*
 * extent.c — the extent of what a SHAPE item paints (extent.h).
 *
 * An extent is found through support values: for a direction w of the
 * node's local space, the largest w·p over the painted points p. The world
 * box follows from four of them: with the world matrix
 * x' = a·x + c·y + e, y' = b·x + d·y + f, the largest x' is
 * support((a, c)) + e and the smallest −support((−a, −c)) + e, and the
 * same for y' with (b, d). Working in local space keeps the stroke as SVG
 * draws it: stroked in local units, then transformed (SPEC §12.1).
 *
 * The fill area lies inside the convex hull of its outline, so its support
 * is the outline's: the largest w·p over contour end points and the
 * interior extrema of each cubic (roots of the derivative). The stroke area
 * of radius r (half the width) is the union, along each contour, of the
 * normal segments p ± r·n, plus the joins at vertices and the caps at open
 * ends. Its support is the largest of:
 *   - at an interior point of a curve whose tangent is perpendicular to w,
 *     w·p + r·|w|;
 *   - at each segment end, w·p + r·|w·n|;
 *   - round joins: w·p + r·|w| when w lies in the arc the join sweeps
 *     between the two outer normals; miter joins within the limit of 4:
 *     w·tip; bevel joins nothing more;
 *   - caps: round w·p + r·|w| when w points outward; square the two outer
 *     corners p ± r·n + r·t; butt nothing more.
 */
#include <math.h>
#include <stdlib.h>

#include <anima/extent.h>

#include "extent_internal.h"

/* SVG's default stroke-miterlimit, as the backends use it. */
static const double miter_limit = 4;

typedef struct vector {
  double x, y;
} vector;

static double dot(vector u, vector v) {
  return u.x * v.x + u.y * v.y;
}

static double cross(vector u, vector v) {
  return u.x * v.y - u.y * v.x;
}

static vector difference(anima_point to, anima_point from) {
  return (vector){to.x - from.x, to.y - from.y};
}

static double project(vector w, anima_point p) {
  return w.x * p.x + w.y * p.y;
}

/* `v` scaled to length 1; false when it has no length. */
static bool unit(vector v, vector *out) {
  double length = hypot(v.x, v.y);
  if (!(length > 0) || !isfinite(length)) {
    return false;
  }
  *out = (vector){v.x / length, v.y / length};
  return true;
}

/* ---- one contour as drawn pieces ---------------------------------------- */

/* A drawn piece: a line (count 2) or a cubic (count 4) with its unit
 * tangents at both ends. Pieces without length are not drawn pieces. */
typedef struct piece {
  anima_point points[4];
  int count;
  vector start_tangent, end_tangent;
} piece;

static bool make_line(anima_point from, anima_point to, piece *out) {
  out->points[0] = from;
  out->points[1] = to;
  out->count = 2;
  if (!unit(difference(to, from), &out->start_tangent)) {
    return false;
  }
  out->end_tangent = out->start_tangent;
  return true;
}

static bool make_cubic(anima_point from, const anima_point controls[3],
                       piece *out) {
  anima_point p[4] = {from, controls[0], controls[1], controls[2]};
  for (int i = 0; i < 4; i++) {
    out->points[i] = p[i];
  }
  out->count = 4;
  /* The tangent at an end is toward the first control point that differs
   * from it. */
  bool start = unit(difference(p[1], p[0]), &out->start_tangent) ||
               unit(difference(p[2], p[0]), &out->start_tangent) ||
               unit(difference(p[3], p[0]), &out->start_tangent);
  bool end = unit(difference(p[3], p[2]), &out->end_tangent) ||
             unit(difference(p[3], p[1]), &out->end_tangent) ||
             unit(difference(p[3], p[0]), &out->end_tangent);
  return start && end;
}

/* The pieces of the contour starting at segment `first` (a move); returns
 * the index after it. `closed` tells whether it ends with a close; `start`
 * is its first point. `pieces` has room for the contour's segment count
 * plus one (the closing line). */
static size_t read_contour(const anima_path *path, size_t first, piece *pieces,
                           size_t *count, bool *closed, anima_point *start,
                           bool *drawn) {
  const anima_segment *segments = path->segments;
  *start = segments[first].points[0];
  anima_point current = *start;
  *count = 0;
  *closed = false;
  *drawn = false;
  size_t index = first + 1;
  for (; index < path->count && segments[index].kind != ANIMA_SEGMENT_MOVE;
       index++) {
    const anima_segment *segment = &segments[index];
    piece next;
    bool has_length = false;
    if (segment->kind == ANIMA_SEGMENT_LINE) {
      has_length = make_line(current, segment->points[0], &next);
      current = segment->points[0];
    } else if (segment->kind == ANIMA_SEGMENT_CUBIC) {
      has_length = make_cubic(current, segment->points, &next);
      current = segment->points[2];
    } else {
      has_length = make_line(current, *start, &next);
      current = *start;
      *closed = true;
    }
    *drawn = true;
    if (has_length) {
      pieces[(*count)++] = next;
    }
  }
  return index;
}

/* ---- support values ----------------------------------------------------- */

/* The largest w·p over a piece's points: its ends and, for a cubic, the
 * interior points where the tangent is perpendicular to w, to which
 * `at_critical` is added when `use_critical` (the stroke's r·|w|). */
static double piece_support(const piece *p, vector w, double at_critical,
                            bool use_critical) {
  double best =
      fmax(project(w, p->points[0]), project(w, p->points[p->count - 1]));
  if (p->count != 4) {
    return best;
  }
  double q0 = project(w, p->points[0]), q1 = project(w, p->points[1]);
  double q2 = project(w, p->points[2]), q3 = project(w, p->points[3]);
  /* f'(t)/3 = A t² + B t + C over Bernstein differences. */
  double d0 = q1 - q0, d1 = q2 - q1, d2 = q3 - q2;
  double a = d0 - 2 * d1 + d2, b = 2 * (d1 - d0), c = d0;
  double roots[2];
  int root_count = 0;
  double scale = fabs(a) + fabs(b) + fabs(c);
  if (!(scale > 0)) {
    return best;
  }
  if (fabs(a) <= 1e-12 * scale) {
    if (fabs(b) > 1e-12 * scale) {
      roots[root_count++] = -c / b;
    }
  } else {
    double discriminant = b * b - 4 * a * c;
    if (discriminant >= 0) {
      double root = sqrt(discriminant);
      /* The numerically stable pair. */
      double q = -0.5 * (b + (b >= 0 ? root : -root));
      roots[root_count++] = q / a;
      if (q != 0) {
        roots[root_count++] = c / q;
      }
    }
  }
  for (int i = 0; i < root_count; i++) {
    double t = roots[i];
    if (!(t > 0 && t < 1)) {
      continue;
    }
    double s = 1 - t;
    double value = s * s * s * q0 + 3 * s * s * t * q1 + 3 * s * t * t * q2 +
                   t * t * t * q3;
    best = fmax(best, use_critical ? value + at_critical : value);
  }
  return best;
}

/* Right-hand normal of a unit tangent (y down: the left on screen). */
static vector normal_of(vector tangent) {
  return (vector){tangent.y, -tangent.x};
}

/* Is the unit direction `u` within the arc swept from n1 to n2 the short
 * way (both unit normals on the outer side of a join)? */
static bool within_arc(vector u, vector n1, vector n2, vector incoming) {
  if (dot(n1, n2) < -1 + 1e-12) {
    /* A U-turn: the arc is the half circle ahead of the incoming
     * tangent. */
    return dot(u, incoming) >= 0;
  }
  double turn = cross(n1, n2);
  return cross(n1, u) * turn >= 0 && cross(u, n2) * turn >= 0 &&
         dot(u, (vector){n1.x + n2.x, n1.y + n2.y}) >= 0;
}

/* The support of a join at `p` from tangent t1 into tangent t2. */
static double join_support(anima_point p, vector t1, vector t2, vector w,
                           double radius, anima_line_join join) {
  double m = hypot(w.x, w.y);
  double base = project(w, p);
  vector n1 = normal_of(t1), n2 = normal_of(t2);
  double best = base + radius * fmax(fabs(dot(w, n1)), fabs(dot(w, n2)));
  double turn = cross(t1, t2);
  if (fabs(turn) < 1e-12 && dot(t1, t2) > 0) {
    return best; /* no turn: nothing beyond the offsets */
  }
  /* The outer side is the one the path turns away from: with y down a
   * positive cross product turns clockwise on screen, and the right-hand
   * normals point outward. */
  double side = turn > 0 ? 1 : -1;
  vector outer1 = {side * n1.x, side * n1.y};
  vector outer2 = {side * n2.x, side * n2.y};
  if (join == ANIMA_LINE_JOIN_ROUND) {
    vector u;
    if (m > 0 && unit(w, &u) && within_arc(u, outer1, outer2, t1)) {
      best = fmax(best, base + radius * m);
    }
  } else if (join == ANIMA_LINE_JOIN_MITER) {
    /* The tip lies on the bisector at r / cos(θ/2), θ the angle between the
     * normals; |n1 + n2| = 2 cos(θ/2). Beyond the limit the join bevels. */
    vector sum = {outer1.x + outer2.x, outer1.y + outer2.y};
    double half_cos = hypot(sum.x, sum.y) / 2;
    if (half_cos > 0 && 1 / half_cos <= miter_limit) {
      double reach = radius / (half_cos * 2 * half_cos);
      anima_point tip = {p.x + sum.x * reach, p.y + sum.y * reach};
      best = fmax(best, project(w, tip));
    }
  }
  return best;
}

/* The support of a cap at `p`, `outward` the unit tangent leaving the
 * path. */
static double cap_support(anima_point p, vector outward, vector w,
                          double radius, anima_line_cap cap) {
  double base = project(w, p);
  double offsets = radius * fabs(dot(w, normal_of(outward)));
  if (cap == ANIMA_LINE_CAP_ROUND && dot(w, outward) >= 0) {
    return base + radius * hypot(w.x, w.y);
  }
  if (cap == ANIMA_LINE_CAP_SQUARE) {
    return base + offsets + radius * fmax(dot(w, outward), 0);
  }
  return base + offsets;
}

/* The support of a contour with no drawn length (a dot at `p`): round caps
 * draw a disc, square caps a square along the axes (SVG), butt nothing. */
static double dot_support(anima_point p, vector w, double radius,
                          anima_line_cap cap, bool *paints) {
  *paints = cap != ANIMA_LINE_CAP_BUTT;
  if (cap == ANIMA_LINE_CAP_ROUND) {
    return project(w, p) + radius * hypot(w.x, w.y);
  }
  return project(w, p) + radius * (fabs(w.x) + fabs(w.y));
}

typedef struct stroke_style {
  double radius;
  anima_line_cap cap;
  anima_line_join join;
} stroke_style;

/* Support of the fill area (style NULL) or the stroke area of `path` in
 * direction w; `*paints` tells whether anything counted. */
static double path_support(const anima_path *path, vector w,
                           const stroke_style *style, piece *pieces,
                           bool *paints) {
  double best = -INFINITY;
  double m = hypot(w.x, w.y);
  *paints = false;
  size_t index = 0;
  while (index < path->count) {
    if (path->segments[index].kind != ANIMA_SEGMENT_MOVE) {
      index++; /* outlines always start contours with a move */
      continue;
    }
    size_t count = 0;
    bool closed = false, drawn = false;
    anima_point start;
    index = read_contour(path, index, pieces, &count, &closed, &start, &drawn);
    if (!style) {
      if (drawn) {
        best = fmax(best, project(w, start));
        for (size_t i = 0; i < count; i++) {
          best = fmax(best, piece_support(&pieces[i], w, 0, false));
        }
        *paints = true;
      }
      continue;
    }
    double r = style->radius;
    if (count == 0) {
      bool dot_paints = false;
      double value =
          drawn ? dot_support(start, w, r, style->cap, &dot_paints) : -INFINITY;
      if (dot_paints) {
        best = fmax(best, value);
        *paints = true;
      }
      continue;
    }
    *paints = true;
    for (size_t i = 0; i < count; i++) {
      const piece *p = &pieces[i];
      best = fmax(best, piece_support(p, w, r * m, true));
      anima_point first = p->points[0], last = p->points[p->count - 1];
      best = fmax(best, project(w, first) +
                            r * fabs(dot(w, normal_of(p->start_tangent))));
      best = fmax(best, project(w, last) +
                            r * fabs(dot(w, normal_of(p->end_tangent))));
      if (i + 1 < count) {
        best = fmax(best, join_support(last, p->end_tangent,
                                       pieces[i + 1].start_tangent, w, r,
                                       style->join));
      }
    }
    const piece *head = &pieces[0], *tail = &pieces[count - 1];
    if (closed) {
      best = fmax(best, join_support(head->points[0], tail->end_tangent,
                                     head->start_tangent, w, r, style->join));
    } else {
      vector backward = {-head->start_tangent.x, -head->start_tangent.y};
      best =
          fmax(best, cap_support(head->points[0], backward, w, r, style->cap));
      best = fmax(best, cap_support(tail->points[tail->count - 1],
                                    tail->end_tangent, w, r, style->cap));
    }
  }
  return best;
}

/* The world box of `path` under `world` into `box`, grown to include it;
 * returns whether anything was painted. */
static bool add_world_box(const anima_path *path, anima_matrix world,
                          const stroke_style *style, piece *pieces,
                          double box[4], bool have_box) {
  vector x_axis = {world.a, world.c}, y_axis = {world.b, world.d};
  vector directions[4] = {
      {-x_axis.x, -x_axis.y}, {-y_axis.x, -y_axis.y}, x_axis, y_axis};
  double found[4];
  bool paints = false;
  for (int i = 0; i < 4; i++) {
    found[i] = path_support(path, directions[i], style, pieces, &paints);
    if (!paints) {
      return false;
    }
  }
  double extent[4] = {-found[0] + world.e, -found[1] + world.f,
                      found[2] + world.e, found[3] + world.f};
  for (int i = 0; i < 4; i++) {
    if (!have_box) {
      box[i] = extent[i];
    } else {
      box[i] = i < 2 ? fmin(box[i], extent[i]) : fmax(box[i], extent[i]);
    }
  }
  return true;
}

/* Does a paint show anything at all (not fully transparent)? */
static bool paint_shows(const anima_draw_frame *frame,
                        const anima_draw_paint *paint) {
  if (paint->kind == ANIMA_PAINT_SOLID) {
    return paint->color.color.a > 0;
  }
  if (paint->kind == ANIMA_PAINT_IMAGE) {
    return true;
  }
  for (size_t i = 0; i < paint->stop_count; i++) {
    if (frame->stops[paint->first_stop + i].color.color.a > 0) {
      return true;
    }
  }
  return false;
}

/* Adds the box of one stroke layer (its trimmed outline when trimmed). */
static anima_status add_stroke_box(const anima_path *outline,
                                   const anima_draw_stroke *stroke,
                                   anima_matrix world, piece **pieces,
                                   double box[4], bool *have_box) {
  double width = stroke->width;
  if (stroke->placement != ANIMA_STROKE_CENTER) {
    width *= 2; /* inside and outside strokes stay within the doubled one */
  }
  stroke_style style = {width / 2, stroke->cap, stroke->join};
  anima_status status = ANIMA_OK;
  anima_path trimmed;
  anima_path_init(&trimmed);
  const anima_path *stroked = outline;
  if (!stroke->trim.full) {
    status = anima_path_add_trimmed(&trimmed, outline, stroke->trim_start,
                                    stroke->trim_end, stroke->trim_offset);
    stroked = &trimmed;
  }
  piece *more = status == ANIMA_OK && stroked->count > outline->count
                    ? realloc(*pieces, (stroked->count + 1) * sizeof **pieces)
                    : *pieces;
  if (!more) {
    status = ANIMA_ERROR_NO_MEMORY;
  } else {
    *pieces = more;
  }
  if (status == ANIMA_OK &&
      add_world_box(stroked, world, &style, *pieces, box, *have_box)) {
    *have_box = true;
  }
  anima_path_release(&trimmed);
  return status;
}

/* The shape of item `index` when it is a SHAPE with an outline, or NULL. */
static const anima_draw_shape *shape_at(const anima_draw_frame *frame,
                                        size_t index) {
  if (!frame || index >= frame->item_count) {
    return NULL;
  }
  const anima_draw_item *item = anima_draw_frame_item(frame, index);
  if (item->kind != ANIMA_DRAW_SHAPE || item->payload >= frame->shape_count ||
      !frame->shapes[item->payload].outline) {
    return NULL;
  }
  return &frame->shapes[item->payload];
}

anima_status anima_draw_item_extent(const anima_draw_frame *frame, size_t index,
                                    double out[4], bool *paints) {
  const anima_draw_shape *shape = shape_at(frame, index);
  if (!shape || !out || !paints) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  *paints = false;
  const anima_draw_item *item = anima_draw_frame_item(frame, index);
  const anima_path *outline = shape->outline;
  /* Room for every segment of the largest contour, plus its closing line. */
  piece *pieces = malloc((outline->count + 1) * sizeof *pieces);
  if (!pieces) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  anima_status status = ANIMA_OK;
  double box[4] = {0, 0, 0, 0};
  bool have_box = false;
  for (size_t i = 0; status == ANIMA_OK && i < shape->layer_count; i++) {
    const anima_draw_layer *layer = &frame->layers[shape->first_layer + i];
    if (!layer->visible || !paint_shows(frame, &frame->paints[layer->paint])) {
      continue;
    }
    if (layer->kind == ANIMA_LAYER_FILL) {
      if (add_world_box(outline, item->world, NULL, pieces, box, have_box)) {
        have_box = true;
      }
      continue;
    }
    const anima_draw_stroke *stroke = &frame->strokes[layer->stroke];
    if (stroke->width > 0 && stroke->trim.visible) {
      status =
          add_stroke_box(outline, stroke, item->world, &pieces, box, &have_box);
    }
  }
  free(pieces);
  if (status == ANIMA_OK && have_box) {
    for (int i = 0; i < 4; i++) {
      out[i] = box[i];
    }
    *paints = true;
  }
  return status;
}

anima_status anima_draw_item_outline_box(const anima_draw_frame *frame,
                                         size_t index, double out[4],
                                         bool *found) {
  const anima_draw_shape *shape = shape_at(frame, index);
  if (!shape || !out || !found) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  const anima_path *outline = shape->outline;
  piece *pieces = malloc((outline->count + 1) * sizeof *pieces);
  if (!pieces) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  *found = add_world_box(outline, anima_draw_frame_item(frame, index)->world,
                         NULL, pieces, out, false);
  free(pieces);
  return ANIMA_OK;
}
