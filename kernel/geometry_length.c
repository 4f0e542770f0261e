/*
 * geometry_length.c — natural outline lengths (paint chapter, "Shared
 * outline lengths") and the edge walk shared with trims and hit testing.
 */
#include "path_internal.h"

#include <math.h>

#define PI 3.14159265358979323846

/* Subdivision stops when polygon − chord is at most this (grid units). */
static const double flatness = 0.0001;
/* ... or at this depth. */
static const int maximum_depth = 20;

double anima_point_distance(anima_point a, anima_point b) {
  return hypot(b.x - a.x, b.y - a.y);
}

static anima_point midpoint(anima_point a, anima_point b) {
  anima_point middle = {(a.x + b.x) * 0.5, (a.y + b.y) * 0.5};
  return middle;
}

static anima_point lerp(anima_point a, anima_point b, double t) {
  anima_point point = {a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t};
  return point;
}

void anima_cubic_split(const anima_point curve[4], double t,
                       anima_point left[4], anima_point right[4]) {
  anima_point ab, bc, cd;
  if (t == 0.5) { /* exact halves, as the length rule uses */
    ab = midpoint(curve[0], curve[1]);
    bc = midpoint(curve[1], curve[2]);
    cd = midpoint(curve[2], curve[3]);
  } else {
    ab = lerp(curve[0], curve[1], t);
    bc = lerp(curve[1], curve[2], t);
    cd = lerp(curve[2], curve[3], t);
  }
  anima_point abc = t == 0.5 ? midpoint(ab, bc) : lerp(ab, bc, t);
  anima_point bcd = t == 0.5 ? midpoint(bc, cd) : lerp(bc, cd, t);
  anima_point middle = t == 0.5 ? midpoint(abc, bcd) : lerp(abc, bcd, t);
  anima_point first[4] = {curve[0], ab, abc, middle};
  anima_point second[4] = {middle, bcd, cd, curve[3]};
  for (int index = 0; index < 4; index++) {
    left[index] = first[index];
    right[index] = second[index];
  }
}

static double measure(const anima_point curve[4], int depth) {
  double chord = anima_point_distance(curve[0], curve[3]);
  double polygon = anima_point_distance(curve[0], curve[1]) +
                   anima_point_distance(curve[1], curve[2]) +
                   anima_point_distance(curve[2], curve[3]);
  /* A curve whose points overflow measures as infinite or NaN: splitting
   * cannot make polygon − chord (then NaN) small, so it ends here rather
   * than after 2^20 leaves (docs/DECISIONS.md "Hostile input"). */
  if (!isfinite(polygon) || polygon - chord <= flatness ||
      depth >= maximum_depth) {
    return (polygon + chord) / 2.0;
  }
  anima_point left[4], right[4];
  anima_cubic_split(curve, 0.5, left, right);
  return measure(left, depth + 1) + measure(right, depth + 1);
}

double anima_cubic_length(anima_point p0, anima_point p1, anima_point p2,
                          anima_point p3) {
  anima_point curve[4] = {p0, p1, p2, p3};
  return measure(curve, 0);
}

void anima_edge_walker_start(anima_edge_walker *walker,
                             const anima_path *path) {
  walker->path = path;
  walker->index = 0;
  walker->current = (anima_point){0.0, 0.0};
  walker->contour_start = walker->current;
  walker->after_move = false;
}

bool anima_edge_walker_next(anima_edge_walker *walker, anima_edge *edge) {
  const anima_path *path = walker->path;
  while (path != NULL && walker->index < path->count) {
    const anima_segment *segment = &path->segments[walker->index++];
    anima_point start = walker->current;
    switch (segment->kind) {
    case ANIMA_SEGMENT_MOVE:
      walker->current = segment->points[0];
      walker->contour_start = segment->points[0];
      walker->after_move = true;
      continue;
    case ANIMA_SEGMENT_LINE:
    case ANIMA_SEGMENT_CLOSE: {
      anima_point end = segment->kind == ANIMA_SEGMENT_LINE
                            ? segment->points[0]
                            : walker->contour_start;
      *edge = (anima_edge){.is_cubic = false,
                           .is_close = segment->kind == ANIMA_SEGMENT_CLOSE,
                           .starts_contour = walker->after_move,
                           .points = {start, end}};
      walker->current = end;
      break;
    }
    case ANIMA_SEGMENT_CUBIC:
      *edge = (anima_edge){.is_cubic = true,
                           .is_close = false,
                           .starts_contour = walker->after_move,
                           .points = {start, segment->points[0],
                                      segment->points[1], segment->points[2]}};
      walker->current = segment->points[2];
      break;
    default:
      continue;
    }
    walker->after_move = false;
    return true;
  }
  return false;
}

double anima_edge_length(const anima_edge *edge) {
  if (edge->is_cubic) {
    return measure(edge->points, 0);
  }
  return anima_point_distance(edge->points[0], edge->points[1]);
}

double anima_path_length(const anima_path *path) {
  anima_edge_walker walker;
  anima_edge edge;
  double total = 0.0;
  anima_edge_walker_start(&walker, path);
  while (anima_edge_walker_next(&walker, &edge)) {
    total += anima_edge_length(&edge);
  }
  return total;
}

double anima_circle_length(double radius) {
  return radius > 0.0 ? 2.0 * PI * radius : 0.0;
}

double anima_rect_length(double width, double height, double corner_radius) {
  double w = width > 0.0 ? width : 0.0;
  double h = height > 0.0 ? height : 0.0;
  double r = corner_radius > 0.0 ? corner_radius : 0.0;
  double a = fmin(r, w / 2.0);
  double b = fmin(r, h / 2.0);
  double straight = 2.0 * (w - 2.0 * a) + 2.0 * (h - 2.0 * b);
  double corners;
  if (a <= 0.0 || b <= 0.0) {
    corners = 4.0 * (a + b); /* a flat ellipse: there and back */
  } else if (a == b) {
    corners = 2.0 * PI * a;
  } else {
    double ratio = (a - b) / (a + b);
    double h_term = ratio * ratio;
    corners =
        PI * (a + b) * (1.0 + 3.0 * h_term / (10.0 + sqrt(4.0 - 3.0 * h_term)));
  }
  return straight + corners;
}

double anima_arc_length(double radius, double from, double to) {
  double r = radius > 0.0 ? radius : 0.0;
  return r * anima_arc_sweep(from, to) * PI / 180.0;
}
