/*
 * geometry_outline.c — outlines of the core node types (SPEC §4 circle,
 * rect, arc) and the conversion of elliptical arcs into cubic pieces
 * (SPEC §3; SVG 1.1 F.6.5 and F.6.6).
 */
#include "path_internal.h"

#include <math.h>

#define PI 3.14159265358979323846

/* k = 4(√2 − 1)/3: cubic control distance of a quarter of a unit circle. */
static const double quarter_control = 0.55228474983079339840;

size_t anima_arc_pieces(double center_x, double center_y, double radius_x,
                        double radius_y, double rotation, double start,
                        double sweep, const anima_point *end,
                        anima_segment pieces[ANIMA_ARC_MAX_PIECES]) {
  double turns = fabs(sweep) / (PI / 2.0);
  size_t count = (size_t)ceil(turns - 1e-9);
  if (count < 1) {
    count = 1;
  }
  if (count > ANIMA_ARC_MAX_PIECES) {
    count = ANIMA_ARC_MAX_PIECES;
  }
  double step = sweep / (double)count;
  double control = 4.0 / 3.0 * tan(step / 4.0);
  double cosine = cos(rotation);
  double sine = sin(rotation);
  for (size_t index = 0; index < count; index++) {
    double from = start + step * (double)index;
    double to = from + step;
    /* Unit-circle points, then scaled by the radii and turned. */
    double unit[3][2] = {
        {cos(from) - control * sin(from), sin(from) + control * cos(from)},
        {cos(to) + control * sin(to), sin(to) - control * cos(to)},
        {cos(to), sin(to)},
    };
    pieces[index].kind = ANIMA_SEGMENT_CUBIC;
    pieces[index].continues_subpath = false;
    for (int point = 0; point < 3; point++) {
      double x = radius_x * unit[point][0];
      double y = radius_y * unit[point][1];
      pieces[index].points[point].x = center_x + cosine * x - sine * y;
      pieces[index].points[point].y = center_y + sine * x + cosine * y;
    }
  }
  if (end != NULL) {
    pieces[count - 1].points[2] = *end;
  }
  return count;
}

/* Angle from vector u to vector v in radians, in (−π, π]. */
static double vector_angle(double ux, double uy, double vx, double vy) {
  return atan2(ux * vy - uy * vx, ux * vx + uy * vy);
}

size_t anima_svg_arc_segments(anima_point from, double radius_x,
                              double radius_y, double rotation_degrees,
                              bool large_arc, bool sweep, anima_point to,
                              anima_segment pieces[ANIMA_ARC_MAX_PIECES]) {
  if (from.x == to.x && from.y == to.y) {
    return 0; /* F.6.2: equal endpoints omit the arc. */
  }
  radius_x = fabs(radius_x);
  radius_y = fabs(radius_y);
  if (radius_x == 0.0 || radius_y == 0.0) {
    pieces[0] = (anima_segment){.kind = ANIMA_SEGMENT_LINE, .points = {to}};
    return 1;
  }
  double rotation = fmod(rotation_degrees, 360.0) * PI / 180.0;
  double cosine = cos(rotation);
  double sine = sin(rotation);
  /* F.6.5 step 1: the midpoint difference in the ellipse's frame. */
  double half_dx = (from.x - to.x) / 2.0;
  double half_dy = (from.y - to.y) / 2.0;
  double x1 = cosine * half_dx + sine * half_dy;
  double y1 = -sine * half_dx + cosine * half_dy;
  /* F.6.6: scale radii up when they cannot reach. */
  double reach =
      (x1 * x1) / (radius_x * radius_x) + (y1 * y1) / (radius_y * radius_y);
  if (reach > 1.0) {
    double grow = sqrt(reach);
    radius_x *= grow;
    radius_y *= grow;
  }
  /* Step 2: the center in the ellipse's frame. */
  double rx2 = radius_x * radius_x;
  double ry2 = radius_y * radius_y;
  double denominator = rx2 * y1 * y1 + ry2 * x1 * x1;
  double numerator = rx2 * ry2 - denominator;
  double factor = 0.0;
  if (numerator > 0.0 && denominator > 0.0) {
    factor = sqrt(numerator / denominator);
  }
  if (large_arc == sweep) {
    factor = -factor;
  }
  double center_x1 = factor * radius_x * y1 / radius_y;
  double center_y1 = -factor * radius_y * x1 / radius_x;
  /* Step 3: the center in user space. */
  double center_x =
      cosine * center_x1 - sine * center_y1 + (from.x + to.x) / 2.0;
  double center_y =
      sine * center_x1 + cosine * center_y1 + (from.y + to.y) / 2.0;
  /* Step 4: start angle and sweep. */
  double ux = (x1 - center_x1) / radius_x;
  double uy = (y1 - center_y1) / radius_y;
  double vx = (-x1 - center_x1) / radius_x;
  double vy = (-y1 - center_y1) / radius_y;
  double start = vector_angle(1.0, 0.0, ux, uy);
  double delta = vector_angle(ux, uy, vx, vy);
  if (!sweep && delta > 0.0) {
    delta -= 2.0 * PI;
  } else if (sweep && delta < 0.0) {
    delta += 2.0 * PI;
  }
  return anima_arc_pieces(center_x, center_y, radius_x, radius_y, rotation,
                          start, delta, &to, pieces);
}

static bool all_finite(const double *values, size_t count) {
  for (size_t index = 0; index < count; index++) {
    if (!isfinite(values[index])) {
      return false;
    }
  }
  return true;
}

/* Appends `segments` to `out` as one unit: all or nothing. */
static anima_status append_all(anima_path *out, const anima_segment *segments,
                               size_t count) {
  anima_path source = {.segments = (anima_segment *)segments,
                       .count = count,
                       .capacity = count,
                       .growable = false};
  return anima_path_append(out, &source);
}

anima_status anima_path_add_circle(anima_path *out, double center_x,
                                   double center_y, double radius) {
  double values[] = {center_x, center_y, radius};
  if (out == NULL || !all_finite(values, 3)) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  double r = radius > 0.0 ? radius : 0.0;
  double k = quarter_control * r;
  double x = center_x;
  double y = center_y;
  anima_segment segments[] = {
      {.kind = ANIMA_SEGMENT_MOVE, .points = {{x + r, y}}},
      {.kind = ANIMA_SEGMENT_CUBIC,
       .points = {{x + r, y + k}, {x + k, y + r}, {x, y + r}}},
      {.kind = ANIMA_SEGMENT_CUBIC,
       .points = {{x - k, y + r}, {x - r, y + k}, {x - r, y}}},
      {.kind = ANIMA_SEGMENT_CUBIC,
       .points = {{x - r, y - k}, {x - k, y - r}, {x, y - r}}},
      {.kind = ANIMA_SEGMENT_CUBIC,
       .points = {{x + k, y - r}, {x + r, y - k}, {x + r, y}}},
      {.kind = ANIMA_SEGMENT_CLOSE},
  };
  return append_all(out, segments, sizeof segments / sizeof segments[0]);
}

anima_status anima_path_add_rect(anima_path *out, double x0, double y0,
                                 double width, double height,
                                 double corner_radius) {
  double values[] = {x0, y0, width, height, corner_radius};
  if (out == NULL || !all_finite(values, 5)) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  double w = width > 0.0 ? width : 0.0;
  double h = height > 0.0 ? height : 0.0;
  double r = corner_radius > 0.0 ? corner_radius : 0.0;
  double a = fmin(r, w / 2.0); /* horizontal corner radius */
  double b = fmin(r, h / 2.0); /* vertical corner radius */
  double x1 = x0 + w;
  double y1 = y0 + h;
  if (a <= 0.0 || b <= 0.0) {
    anima_segment segments[] = {
        {.kind = ANIMA_SEGMENT_MOVE, .points = {{x0, y0}}},
        {.kind = ANIMA_SEGMENT_LINE, .points = {{x1, y0}}},
        {.kind = ANIMA_SEGMENT_LINE, .points = {{x1, y1}}},
        {.kind = ANIMA_SEGMENT_LINE, .points = {{x0, y1}}},
        {.kind = ANIMA_SEGMENT_CLOSE},
    };
    return append_all(out, segments, sizeof segments / sizeof segments[0]);
  }
  double ka = quarter_control * a;
  double kb = quarter_control * b;
  anima_segment segments[] = {
      {.kind = ANIMA_SEGMENT_MOVE, .points = {{x0 + a, y0}}},
      {.kind = ANIMA_SEGMENT_LINE, .points = {{x1 - a, y0}}},
      {.kind = ANIMA_SEGMENT_CUBIC,
       .points = {{x1 - a + ka, y0}, {x1, y0 + b - kb}, {x1, y0 + b}}},
      {.kind = ANIMA_SEGMENT_LINE, .points = {{x1, y1 - b}}},
      {.kind = ANIMA_SEGMENT_CUBIC,
       .points = {{x1, y1 - b + kb}, {x1 - a + ka, y1}, {x1 - a, y1}}},
      {.kind = ANIMA_SEGMENT_LINE, .points = {{x0 + a, y1}}},
      {.kind = ANIMA_SEGMENT_CUBIC,
       .points = {{x0 + a - ka, y1}, {x0, y1 - b + kb}, {x0, y1 - b}}},
      {.kind = ANIMA_SEGMENT_LINE, .points = {{x0, y0 + b}}},
      {.kind = ANIMA_SEGMENT_CUBIC,
       .points = {{x0, y0 + b - kb}, {x0 + a - ka, y0}, {x0 + a, y0}}},
      {.kind = ANIMA_SEGMENT_CLOSE},
  };
  return append_all(out, segments, sizeof segments / sizeof segments[0]);
}

/* The sweep of an arc node in degrees, limited to 0..360. */
double anima_arc_sweep(double from, double to) {
  double sweep = to - from;
  if (!(sweep > 0.0)) {
    return 0.0;
  }
  return sweep > 360.0 ? 360.0 : sweep;
}

anima_status anima_path_add_arc(anima_path *out, double center_x,
                                double center_y, double radius, double from,
                                double to) {
  double values[] = {center_x, center_y, radius, from, to};
  if (out == NULL || !all_finite(values, 5)) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  double r = radius > 0.0 ? radius : 0.0;
  double sweep = anima_arc_sweep(from, to);
  double start = fmod(from, 360.0) * PI / 180.0;
  anima_segment segments[1 + ANIMA_ARC_MAX_PIECES];
  segments[0] = (anima_segment){
      .kind = ANIMA_SEGMENT_MOVE,
      .points = {{center_x + r * cos(start), center_y + r * sin(start)}}};
  size_t count = 1;
  if (sweep > 0.0) {
    count += anima_arc_pieces(center_x, center_y, r, r, 0.0, start,
                              sweep * PI / 180.0, NULL, segments + 1);
  }
  return append_all(out, segments, count);
}

/* The end of the last segment: where the next segment starts. */
static bool current_point(const anima_path *path, anima_point *out) {
  if (path == NULL || path->count == 0) {
    return false;
  }
  const anima_segment *last = &path->segments[path->count - 1];
  switch (last->kind) {
  case ANIMA_SEGMENT_CUBIC:
    *out = last->points[2];
    return true;
  case ANIMA_SEGMENT_CLOSE:
    for (size_t index = path->count - 1; index > 0; index--) {
      if (path->segments[index - 1].kind == ANIMA_SEGMENT_MOVE) {
        *out = path->segments[index - 1].points[0];
        return true;
      }
    }
    return false;
  default:
    *out = last->points[0];
    return true;
  }
}

anima_status anima_path_arc_to(anima_path *path, double rx, double ry,
                               double rotation, bool large_arc, bool sweep,
                               double x, double y) {
  anima_point from;
  if (!isfinite(rx) || !isfinite(ry) || !isfinite(rotation) || !isfinite(x) ||
      !isfinite(y) || !current_point(path, &from)) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  anima_segment pieces[ANIMA_ARC_MAX_PIECES];
  size_t count = anima_svg_arc_segments(from, rx, ry, rotation, large_arc,
                                        sweep, (anima_point){x, y}, pieces);
  size_t before = path->count;
  anima_status status = ANIMA_OK;
  for (size_t index = 0; status == ANIMA_OK && index < count; index++) {
    const anima_point *p = pieces[index].points;
    status = pieces[index].kind == ANIMA_SEGMENT_LINE
                 ? anima_path_line_to(path, p[0].x, p[0].y)
                 : anima_path_cubic_to(path, p[0].x, p[0].y, p[1].x, p[1].y,
                                       p[2].x, p[2].y);
  }
  if (status != ANIMA_OK) {
    path->count = before;
  }
  return status;
}
