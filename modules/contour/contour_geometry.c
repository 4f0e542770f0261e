/*
 * contour_geometry.c — the path of a contour's vertices (contour.h; SPEC
 * contour chapter, "Editable vertex authoring forms and geometry origin").
 *
 * Every vertex has an arrival point (where its incoming edge ends) and a
 * departure point (where its outgoing edge starts). They are the vertex
 * itself, except at a rounded corner: there the arrival is the cut on the
 * way to the previous neighbour, the departure the cut toward the next
 * one, and a cubic joins them. An edge is a cubic when either end supplies
 * a handle (a nonzero control vector), else a line.
 *
 * The corner-control fraction follows the natural-rounding construction
 * the chapter attributes to Rive's path implementation (NOTICE); the code
 * is written from the chapter's formula.
 */
#include <math.h>

#include "contour.h"

/* π/2 (C11 has no M_PI). */
static const double half_pi = 1.57079632679489661923;

/* Where a vertex's edges meet it, and its corner when it rounds. */
typedef struct vertex_ends {
  anima_point arrive, depart;
  bool rounds;
  anima_point control1, control2; /* the corner cubic's controls */
} vertex_ends;

static bool nonzero(anima_point vector) {
  return vector.x != 0 || vector.y != 0;
}

static anima_point plus(anima_point a, anima_point b) {
  return (anima_point){a.x + b.x, a.y + b.y};
}

static anima_point minus(anima_point a, anima_point b) {
  return (anima_point){a.x - b.x, a.y - b.y};
}

static anima_point scaled(anima_point a, double factor) {
  return (anima_point){a.x * factor, a.y * factor};
}

/* The point `fraction` of the way from `from` to `to`. */
static anima_point toward(anima_point from, anima_point to, double fraction) {
  return plus(from, scaled(minus(to, from), fraction));
}

static bool has_out(const contour_vertex *v) {
  return v->kind != CONTOUR_ROUNDED && nonzero(v->out);
}

static bool has_in(const contour_vertex *v) {
  return v->kind != CONTOUR_ROUNDED && nonzero(v->in);
}

double contour_rounding_fraction(double theta) {
  double shape = theta < half_pi ? 1 + cos(theta) : 2 - sin(theta);
  double h = 4.0 / 3.0 * tan(theta / 4) * shape;
  return h < 1 ? h : 1;
}

size_t contour_segments(size_t count) {
  return 2 * count + 2; /* a move, a corner and an edge per vertex, close */
}

/* The ends of vertex `i`; `can_round` is false at an open contour's
 * endpoints. */
static vertex_ends ends_of(const contour_vertex *vertices, size_t count,
                           size_t i, bool can_round) {
  const contour_vertex *v = &vertices[i];
  vertex_ends ends = {.arrive = v->point, .depart = v->point};
  if (v->kind != CONTOUR_ROUNDED || !can_round || !(v->radius > 0)) {
    return ends;
  }
  const contour_vertex *previous = &vertices[(i + count - 1) % count];
  const contour_vertex *next = &vertices[(i + 1) % count];
  /* u and v run from the point to each neighbour, or to the neighbour's
   * control on the shared edge when it has one. */
  anima_point u = minus(has_out(previous) ? plus(previous->point, previous->out)
                                          : previous->point,
                        v->point);
  anima_point w =
      minus(has_in(next) ? plus(next->point, next->in) : next->point, v->point);
  double u_length = hypot(u.x, u.y), w_length = hypot(w.x, w.y);
  if (!(u_length > 0) || !(w_length > 0)) {
    return ends; /* a zero-length neighbour collapses the rounding */
  }
  double cut = v->radius;
  if (u_length / 2 < cut) {
    cut = u_length / 2;
  }
  if (w_length / 2 < cut) {
    cut = w_length / 2;
  }
  double theta = atan2(fabs(u.x * w.y - u.y * w.x), u.x * w.x + u.y * w.y);
  double h = contour_rounding_fraction(theta);
  ends.rounds = true;
  ends.arrive = plus(v->point, scaled(u, cut / u_length));
  ends.depart = plus(v->point, scaled(w, cut / w_length));
  ends.control1 = toward(ends.arrive, v->point, h);
  ends.control2 = toward(ends.depart, v->point, h);
  return ends;
}

static anima_status corner(const vertex_ends *ends, anima_path *out) {
  if (!ends->rounds) {
    return ANIMA_OK;
  }
  return contour_host->path_cubic_to(out, ends->control1.x, ends->control1.y,
                                     ends->control2.x, ends->control2.y,
                                     ends->depart.x, ends->depart.y);
}

/* The edge from vertex `from` (leaving at `start`) to vertex `to`
 * (arriving at `end`); `closing` omits a straight closing edge, which the
 * close draws. */
static anima_status edge(const contour_vertex *from, anima_point start,
                         const contour_vertex *to, anima_point end,
                         bool closing, anima_path *out) {
  if (!has_out(from) && !has_in(to)) {
    return closing ? ANIMA_OK : contour_host->path_line_to(out, end.x, end.y);
  }
  anima_point c1 = has_out(from) ? plus(from->point, from->out) : start;
  anima_point c2 = has_in(to) ? plus(to->point, to->in) : end;
  return contour_host->path_cubic_to(out, c1.x, c1.y, c2.x, c2.y, end.x, end.y);
}

anima_status contour_build(const contour_vertex *vertices, size_t count,
                           bool closed, anima_path *out) {
  if (count < 2) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  vertex_ends first = ends_of(vertices, count, 0, closed);
  anima_status status =
      contour_host->path_move_to(out, first.arrive.x, first.arrive.y);
  if (status == ANIMA_OK) {
    status = corner(&first, out);
  }
  vertex_ends previous = first;
  for (size_t i = 1; status == ANIMA_OK && i < count; i++) {
    vertex_ends ends = ends_of(vertices, count, i, closed || i + 1 < count);
    status = edge(&vertices[i - 1], previous.depart, &vertices[i], ends.arrive,
                  false, out);
    if (status == ANIMA_OK) {
      status = corner(&ends, out);
    }
    previous = ends;
  }
  if (closed && status == ANIMA_OK) {
    status = edge(&vertices[count - 1], previous.depart, &vertices[0],
                  first.arrive, true, out);
    if (status == ANIMA_OK) {
      status = contour_host->path_close(out);
    }
  }
  return status;
}
