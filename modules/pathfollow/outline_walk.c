/*
 * outline_walk.c — a point and tangent at a fraction of an outline's length
 * (pathfollow.h), by the subdivision of the paint chapter's "Shared outline
 * lengths". Two walks over the segments in drawing order: the first sums
 * the length, the second stops in the piece that holds the wanted length.
 */
#include <math.h>
#include <string.h>

#include "pathfollow.h"

static const double flatness = 0.0001;
static const int maximum_depth = 20;

bool pathfollow_measurable(const char *type) {
  static const char *const types[] = {"path", "contour", "circle", "rect",
                                      "arc"};
  for (size_t i = 0; type && i < sizeof types / sizeof *types; i++) {
    if (strcmp(type, types[i]) == 0) {
      return true;
    }
  }
  return false;
}

typedef struct walk {
  double wanted; /* the length to stop at; < 0 while only measuring */
  double total;  /* length walked so far */
  bool found;
  anima_point point, tangent;
  /* The last piece of positive length (a fallback when rounding leaves
   * `wanted` a hair past the end). */
  bool has_last;
  anima_point last[4];
  bool last_cubic;
} walk;

static double distance(anima_point a, anima_point b) {
  return hypot(b.x - a.x, b.y - a.y);
}

static anima_point middle(anima_point a, anima_point b) {
  return (anima_point){(a.x + b.x) * 0.5, (a.y + b.y) * 0.5};
}

static anima_point lerp(anima_point a, anima_point b, double t) {
  return (anima_point){a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t};
}

static void line_at(walk *w, anima_point a, anima_point b, double t) {
  w->point = lerp(a, b, t);
  w->tangent = (anima_point){b.x - a.x, b.y - a.y};
  w->found = true;
}

/* The piece's Bézier point and derivative at t; a vanishing derivative
 * (a handle on its anchor at an end) falls back to the chord. */
static void cubic_at(walk *w, const anima_point c[4], double t) {
  anima_point ab = lerp(c[0], c[1], t), bc = lerp(c[1], c[2], t),
              cd = lerp(c[2], c[3], t);
  anima_point abc = lerp(ab, bc, t), bcd = lerp(bc, cd, t);
  w->point = lerp(abc, bcd, t);
  w->tangent = (anima_point){bcd.x - abc.x, bcd.y - abc.y};
  if (w->tangent.x == 0 && w->tangent.y == 0) {
    w->tangent = (anima_point){c[3].x - c[0].x, c[3].y - c[0].y};
  }
  w->found = true;
}

/* One accepted stretch of `length`: a line (cubic false, c[0]..c[1]) or a
 * flat cubic piece. */
static void accept(walk *w, const anima_point c[4], bool cubic, double length) {
  if (w->found || !(length > 0)) {
    return;
  }
  if (w->wanted >= 0 && w->total + length >= w->wanted) {
    double t = (w->wanted - w->total) / length;
    t = t < 0 ? 0 : (t > 1 ? 1 : t);
    if (cubic) {
      cubic_at(w, c, t);
    } else {
      line_at(w, c[0], c[1], t);
    }
    return;
  }
  w->total += length;
  w->has_last = true;
  w->last_cubic = cubic;
  memcpy(w->last, c, sizeof w->last);
}

static void cubic(walk *w, const anima_point c[4], int depth) {
  if (w->found) {
    return;
  }
  double chord = distance(c[0], c[3]);
  double polygon =
      distance(c[0], c[1]) + distance(c[1], c[2]) + distance(c[2], c[3]);
  if (!isfinite(polygon) || polygon - chord <= flatness ||
      depth >= maximum_depth) {
    accept(w, c, true, (polygon + chord) / 2.0);
    return;
  }
  anima_point ab = middle(c[0], c[1]), bc = middle(c[1], c[2]),
              cd = middle(c[2], c[3]);
  anima_point abc = middle(ab, bc), bcd = middle(bc, cd);
  anima_point mid = middle(abc, bcd);
  anima_point left[4] = {c[0], ab, abc, mid};
  anima_point right[4] = {mid, bcd, cd, c[3]};
  cubic(w, left, depth + 1);
  cubic(w, right, depth + 1);
}

static void run(walk *w, const anima_path *outline) {
  anima_point current = {0, 0}, start = {0, 0};
  for (size_t i = 0; i < outline->count && !w->found; i++) {
    const anima_segment *s = &outline->segments[i];
    anima_point c[4] = {current};
    switch (s->kind) {
    case ANIMA_SEGMENT_MOVE:
      current = start = s->points[0];
      continue;
    case ANIMA_SEGMENT_LINE:
    case ANIMA_SEGMENT_CLOSE:
      c[1] = s->kind == ANIMA_SEGMENT_LINE ? s->points[0] : start;
      accept(w, c, false, distance(c[0], c[1]));
      current = c[1];
      break;
    case ANIMA_SEGMENT_CUBIC:
      c[1] = s->points[0];
      c[2] = s->points[1];
      c[3] = s->points[2];
      cubic(w, c, 0);
      current = c[3];
      break;
    default:
      break;
    }
  }
}

/* Every contour that draws anything ends with a close. */
static bool all_closed(const anima_path *outline) {
  bool drawn = false, any = false;
  for (size_t i = 0; i <= outline->count; i++) {
    bool end =
        i == outline->count || outline->segments[i].kind == ANIMA_SEGMENT_MOVE;
    if (end) {
      if (drawn && outline->segments[i - 1].kind != ANIMA_SEGMENT_CLOSE) {
        return false;
      }
      any = any || drawn;
      drawn = false;
    } else {
      drawn = true;
    }
  }
  return any;
}

void pathfollow_at(const anima_path *outline, double fraction,
                   pathfollow_sample *out) {
  walk measure = {.wanted = -1};
  run(&measure, outline);
  out->length = measure.total;
  out->closed = all_closed(outline);
  out->tangent = (anima_point){1, 0};
  out->point =
      outline->count > 0 ? outline->segments[0].points[0] : (anima_point){0, 0};
  if (!(measure.total > 0)) {
    return; /* nothing to walk: the outline's first point */
  }
  if (out->closed) {
    fraction -= floor(fraction);
  } else {
    fraction = fraction < 0 ? 0 : (fraction > 1 ? 1 : fraction);
  }
  walk w = {.wanted = fraction * measure.total};
  run(&w, outline);
  if (!w.found && w.has_last) { /* rounding past the end: the last piece */
    if (w.last_cubic) {
      cubic_at(&w, w.last, 1);
    } else {
      line_at(&w, w.last[0], w.last[1], 1);
    }
  }
  out->point = w.point;
  out->tangent = w.tangent;
}
