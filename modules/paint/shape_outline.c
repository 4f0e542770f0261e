/*
 * shape_outline.c — outlines of ellipse, polygon, star and triangle (SPEC
 * paint chapter, "Parametric outlines"; shape_outline.h).
 */
#include "shape_outline.h"

#include <math.h>

#include "paint.h"

#define PI 3.14159265358979323846

void shape_cos_sin_degrees(double degrees, double *cosine, double *sine) {
  double turn = fmod(degrees, 360.0);
  if (turn < 0) {
    turn += 360.0;
  }
  /* Quarter turns are exact, so axis-aligned vertices land on the grid. */
  if (turn == 0.0 || turn == 90.0 || turn == 180.0 || turn == 270.0) {
    static const double quarter_cos[4] = {1, 0, -1, 0};
    static const double quarter_sin[4] = {0, 1, 0, -1};
    int quarter = (int)(turn / 90.0);
    *cosine = quarter_cos[quarter];
    *sine = quarter_sin[quarter];
    return;
  }
  double radians = turn * (PI / 180.0);
  *cosine = cos(radians);
  *sine = sin(radians);
}

anima_point shape_ring_vertex(const shape_ring *ring, size_t index) {
  index %= ring->count;
  double degrees =
      ring->start_degrees + 360.0 * (double)index / (double)ring->count;
  double cosine, sine;
  shape_cos_sin_degrees(degrees, &cosine, &sine);
  double radius = index % 2 == 0 ? ring->outer : ring->inner;
  return (anima_point){ring->cx + radius * cosine, ring->cy + radius * sine};
}

size_t shape_ring_segments(size_t count) {
  /* move, then per vertex a line and a curve (the first vertex's line is
   * the move), and the close */
  return 2 * count + 1;
}

static double distance(anima_point a, anima_point b) {
  return hypot(b.x - a.x, b.y - a.y);
}

/* The point `cut` from `vertex` toward `toward`, at most half the edge. */
static anima_point cut_back(anima_point vertex, anima_point toward,
                            double cut) {
  double edge = distance(vertex, toward);
  if (!(edge > 0)) {
    return vertex;
  }
  double limited = cut < edge / 2 ? cut : edge / 2;
  double t = limited / edge;
  return (anima_point){vertex.x + (toward.x - vertex.x) * t,
                       vertex.y + (toward.y - vertex.y) * t};
}

/* The quadratic from `from` to `to` controlled by `vertex`, as its exact
 * cubic: controls two thirds of the way from each end toward the vertex. */
static anima_status quadratic_to(anima_path *out, anima_point from,
                                 anima_point vertex, anima_point to) {
  const double two_thirds = 2.0 / 3.0;
  return paint_host->path_cubic_to(
      out, from.x + (vertex.x - from.x) * two_thirds,
      from.y + (vertex.y - from.y) * two_thirds,
      to.x + (vertex.x - to.x) * two_thirds,
      to.y + (vertex.y - to.y) * two_thirds, to.x, to.y);
}

static anima_status add_sharp_ring(anima_path *out, const shape_ring *ring) {
  anima_point first = shape_ring_vertex(ring, 0);
  anima_status status = paint_host->path_move_to(out, first.x, first.y);
  for (size_t i = 1; status == ANIMA_OK && i < ring->count; i++) {
    anima_point vertex = shape_ring_vertex(ring, i);
    status = paint_host->path_line_to(out, vertex.x, vertex.y);
  }
  return status == ANIMA_OK ? paint_host->path_close(out) : status;
}

anima_status shape_add_ring(anima_path *out, const shape_ring *ring,
                            double corner) {
  if (!(corner > 0)) {
    return add_sharp_ring(out, ring);
  }
  anima_status status = ANIMA_OK;
  anima_point previous = shape_ring_vertex(ring, ring->count - 1);
  anima_point vertex = shape_ring_vertex(ring, 0);
  for (size_t i = 0; status == ANIMA_OK && i < ring->count; i++) {
    anima_point next = shape_ring_vertex(ring, i + 1);
    anima_point before = cut_back(vertex, previous, corner);
    anima_point after = cut_back(vertex, next, corner);
    status = i == 0 ? paint_host->path_move_to(out, before.x, before.y)
                    : paint_host->path_line_to(out, before.x, before.y);
    if (status == ANIMA_OK) {
      status = quadratic_to(out, before, vertex, after);
    }
    previous = vertex;
    vertex = next;
  }
  return status == ANIMA_OK ? paint_host->path_close(out) : status;
}

/* One quarter of an ellipse from angle `from` (a multiple of 90°) to the
 * next, clockwise: each control lies k·(semi-axis) from its end along the
 * tangent, k = 4(√2 − 1)/3 (the 90° arc piece of SPEC §3). */
static anima_status quarter_to(anima_path *out, double cx, double cy, double rx,
                               double ry, int quarter) {
  const double k = 4.0 * (sqrt(2.0) - 1.0) / 3.0;
  double c0, s0, c1, s1;
  shape_cos_sin_degrees(90.0 * quarter, &c0, &s0);
  shape_cos_sin_degrees(90.0 * (quarter + 1), &c1, &s1);
  /* Tangents of a clockwise (y-down) ellipse: d/dθ (cos θ, sin θ) =
   * (−sin θ, cos θ), scaled by the semi-axes. */
  double x0 = cx + rx * c0, y0 = cy + ry * s0;
  double x1 = cx + rx * c1, y1 = cy + ry * s1;
  return paint_host->path_cubic_to(out, x0 - k * rx * s0, y0 + k * ry * c0,
                                   x1 + k * rx * s1, y1 - k * ry * c1, x1, y1);
}

anima_status shape_add_ellipse(anima_path *out, double cx, double cy, double rx,
                               double ry) {
  rx = rx > 0 ? rx : 0;
  ry = ry > 0 ? ry : 0;
  anima_status status = paint_host->path_move_to(out, cx + rx, cy);
  if (rx == 0) {
    /* Both arcs end where they start: SVG omits them. */
  } else if (ry == 0) {
    /* An arc with a zero radius is the straight line between its ends. */
    if (status == ANIMA_OK) {
      status = paint_host->path_line_to(out, cx - rx, cy);
    }
    if (status == ANIMA_OK) {
      status = paint_host->path_line_to(out, cx + rx, cy);
    }
  } else {
    for (int quarter = 0; status == ANIMA_OK && quarter < 4; quarter++) {
      status = quarter_to(out, cx, cy, rx, ry, quarter);
    }
  }
  return status == ANIMA_OK ? paint_host->path_close(out) : status;
}

anima_status shape_add_triangle(anima_path *out, double x0, double y0,
                                double width, double height) {
  anima_status status = paint_host->path_move_to(out, x0 + width / 2, y0);
  if (status == ANIMA_OK) {
    status = paint_host->path_line_to(out, x0 + width, y0 + height);
  }
  if (status == ANIMA_OK) {
    status = paint_host->path_line_to(out, x0, y0 + height);
  }
  return status == ANIMA_OK ? paint_host->path_close(out) : status;
}
