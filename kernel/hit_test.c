/*
 * hit_test.c — pointer hit testing of painted nodes and whole-icon shapes
 * (SPEC §9). Curves are flattened on the fly into chords; nothing is
 * stored and nothing allocated.
 */
#include "path_internal.h"

#include <math.h>

/* Largest distance, in world units, between a curve and its chords. */
static const double world_tolerance = 0.01;
/* Chords per cubic at most (bounds the work for huge curves). */
static const double maximum_chords = 1024.0;

typedef struct hit_probe {
  anima_matrix world;
  bool has_local;         /* the world matrix is invertible */
  anima_point local;      /* the point in local coordinates */
  anima_point point;      /* the point in world coordinates */
  double local_tolerance; /* chord tolerance in local units */
  /* Results of one walk. */
  int winding;
  double world_distance2; /* squared, to the nearest chord */
  double local_distance2;
} hit_probe;

static double distance2_to_chord(anima_point point, anima_point a,
                                 anima_point b) {
  double dx = b.x - a.x;
  double dy = b.y - a.y;
  double px = point.x - a.x;
  double py = point.y - a.y;
  double length2 = dx * dx + dy * dy;
  double t = length2 > 0.0 ? (px * dx + py * dy) / length2 : 0.0;
  t = t < 0.0 ? 0.0 : t > 1.0 ? 1.0 : t;
  double ex = px - dx * t;
  double ey = py - dy * t;
  return ex * ex + ey * ey;
}

/* One chord from local point a to local point b. */
static void visit_chord(hit_probe *probe, anima_point a, anima_point b) {
  if (probe->has_local) {
    anima_point p = probe->local;
    double cross = (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y);
    if (a.y <= p.y) {
      if (b.y > p.y && cross > 0.0) {
        probe->winding++;
      }
    } else if (b.y <= p.y && cross < 0.0) {
      probe->winding--;
    }
    double local2 = distance2_to_chord(p, a, b);
    if (local2 < probe->local_distance2) {
      probe->local_distance2 = local2;
    }
  }
  anima_point world_a = anima_matrix_transform_point(probe->world, a);
  anima_point world_b = anima_matrix_transform_point(probe->world, b);
  double world2 = distance2_to_chord(probe->point, world_a, world_b);
  if (world2 < probe->world_distance2) {
    probe->world_distance2 = world2;
  }
}

static anima_point cubic_at(const anima_point curve[4], double t) {
  double u = 1.0 - t;
  double w0 = u * u * u;
  double w1 = 3.0 * u * u * t;
  double w2 = 3.0 * u * t * t;
  double w3 = t * t * t;
  anima_point point = {
      w0 * curve[0].x + w1 * curve[1].x + w2 * curve[2].x + w3 * curve[3].x,
      w0 * curve[0].y + w1 * curve[1].y + w2 * curve[2].y + w3 * curve[3].y};
  return point;
}

/*
 * Chords of a cubic: with n equal parameter steps the chords stay within
 * (3/4)·max|P0 − 2P1 + P2|, |P1 − 2P2 + P3|) / n² of the curve.
 */
static void visit_cubic(hit_probe *probe, const anima_point curve[4]) {
  double dx1 = curve[0].x - 2.0 * curve[1].x + curve[2].x;
  double dy1 = curve[0].y - 2.0 * curve[1].y + curve[2].y;
  double dx2 = curve[1].x - 2.0 * curve[2].x + curve[3].x;
  double dy2 = curve[1].y - 2.0 * curve[2].y + curve[3].y;
  double bend = fmax(hypot(dx1, dy1), hypot(dx2, dy2));
  double chords = ceil(sqrt(0.75 * bend / probe->local_tolerance));
  if (!(chords >= 1.0)) {
    chords = 1.0;
  }
  if (chords > maximum_chords) {
    chords = maximum_chords;
  }
  int count = (int)chords;
  anima_point previous = curve[0];
  for (int index = 1; index <= count; index++) {
    anima_point next =
        index == count ? curve[3] : cubic_at(curve, (double)index / count);
    visit_chord(probe, previous, next);
    previous = next;
  }
}

/* Walks every edge of `path`; with `close_open`, also the implicit closing
 * edge of each open contour (fill areas). */
static void walk(hit_probe *probe, const anima_path *path, bool close_open) {
  probe->winding = 0;
  probe->world_distance2 = INFINITY;
  probe->local_distance2 = INFINITY;
  anima_edge_walker walker;
  anima_edge edge;
  anima_point contour_start = {0.0, 0.0};
  anima_point current = {0.0, 0.0};
  bool open = false;
  anima_edge_walker_start(&walker, path);
  while (anima_edge_walker_next(&walker, &edge)) {
    if (edge.starts_contour) {
      if (open && close_open) {
        visit_chord(probe, current, contour_start);
      }
      contour_start = edge.points[0];
    }
    if (edge.is_cubic) {
      visit_cubic(probe, edge.points);
      current = edge.points[3];
    } else {
      visit_chord(probe, edge.points[0], edge.points[1]);
      current = edge.points[1];
    }
    open = !edge.is_close;
  }
  if (open && close_open) {
    visit_chord(probe, current, contour_start);
  }
}

static bool finite_matrix(anima_matrix matrix) {
  return isfinite(matrix.a) && isfinite(matrix.b) && isfinite(matrix.c) &&
         isfinite(matrix.d) && isfinite(matrix.e) && isfinite(matrix.f);
}

bool anima_hit_test_shape(const anima_hit_shape *shape, double padding,
                          double x, double y) {
  if (shape == NULL || shape->outline == NULL || !isfinite(x) || !isfinite(y) ||
      !finite_matrix(shape->world) || isnan(padding)) {
    return false;
  }
  double grow = padding > 0.0 ? padding : 0.0;
  double half_width = shape->stroke_width > 0.0 && isfinite(shape->stroke_width)
                          ? shape->stroke_width / 2.0
                          : 0.0;
  hit_probe probe = {.world = shape->world, .point = {x, y}};
  anima_matrix inverse;
  probe.has_local = anima_matrix_invert(shape->world, &inverse);
  if (probe.has_local) {
    probe.local = anima_matrix_transform_point(inverse, probe.point);
  }
  /* Singular values of the linear part: the largest bounds how much a
   * local chord error grows in the world; the smallest is the narrowest
   * world half-width of the stroke. */
  const anima_matrix *m = &shape->world;
  double sum = m->a * m->a + m->b * m->b + m->c * m->c + m->d * m->d;
  double determinant = fabs(m->a * m->d - m->b * m->c);
  double spread = sqrt(fmax(0.0, sum * sum - 4.0 * determinant * determinant));
  double largest = sqrt((sum + spread) / 2.0);
  double smallest = largest > 0.0 ? determinant / largest : 0.0;
  probe.local_tolerance = largest > 0.0 ? world_tolerance / largest : INFINITY;

  if (shape->has_fill) {
    walk(&probe, shape->outline, true);
    bool inside = shape->fill_rule == ANIMA_FILL_EVENODD
                      ? (probe.winding % 2) != 0
                      : probe.winding != 0;
    if (probe.has_local && inside) {
      return true;
    }
    if (probe.world_distance2 <= grow * grow) {
      return true;
    }
  }
  if (shape->has_stroke) {
    const anima_path *stroked =
        shape->stroke_outline != NULL ? shape->stroke_outline : shape->outline;
    walk(&probe, stroked, false);
    /* The padding as a local distance that stays within `grow` in every
     * world direction: exact for uniform scale. */
    double local_reach = half_width + grow / largest;
    if (probe.has_local && probe.local_distance2 <= local_reach * local_reach) {
      return true;
    }
    double reach = grow + half_width * smallest;
    if (probe.world_distance2 <= reach * reach) {
      return true;
    }
  }
  return false;
}

bool anima_hit_test_circle(double center_x, double center_y, double radius,
                           double padding, double x, double y) {
  if (!isfinite(center_x) || !isfinite(center_y) || !isfinite(radius) ||
      !isfinite(x) || !isfinite(y) || isnan(padding)) {
    return false;
  }
  double reach =
      (radius > 0.0 ? radius : 0.0) + (padding > 0.0 ? padding : 0.0);
  double dx = x - center_x;
  double dy = y - center_y;
  return dx * dx + dy * dy <= reach * reach;
}

bool anima_hit_test_rect(double x0, double y0, double width, double height,
                         double padding, double x, double y) {
  if (!isfinite(x0) || !isfinite(y0) || !isfinite(width) || !isfinite(height) ||
      !isfinite(x) || !isfinite(y) || isnan(padding)) {
    return false;
  }
  double x1 = x0 + (width > 0.0 ? width : 0.0);
  double y1 = y0 + (height > 0.0 ? height : 0.0);
  double dx = x < x0 ? x0 - x : x > x1 ? x - x1 : 0.0;
  double dy = y < y0 ? y0 - y : y > y1 ? y - y1 : 0.0;
  double grow = padding > 0.0 ? padding : 0.0;
  return dx * dx + dy * dy <= grow * grow;
}
