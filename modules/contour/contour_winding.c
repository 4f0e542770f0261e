/*
 * contour_winding.c — `fill.winding: "clockwise"` (contour.h; SPEC contour
 * chapter, "Clockwise fill"): the region of strictly positive winding of an
 * outline, as non-overlapping trapezoids that both backends fill nonzero
 * and hit testing tests nonzero.
 *
 * 1. Every subpath is flattened (cubics halved at the midpoint until the
 *    control polygon is at most 0.0001 longer than the chord, depth at most
 *    20) and implicitly closed.
 * 2. In local y-down coordinates an edge running down (+y) counts +1 to
 *    the winding of the points left of it, an edge running up −1, so a
 *    clockwise contour winds +1 inside and a counterclockwise one −1.
 * 3. The plane is cut into horizontal slabs at every edge endpoint and
 *    every crossing of two edges; inside a slab no edges cross, so sorted
 *    by x the winding between neighbours is constant. Each run of winding
 *    > 0 is one trapezoid (top-left, top-right, bottom-right, bottom-left:
 *    clockwise), all in one path, so shared edges cancel and no seams show.
 */
#include <math.h>
#include <stdlib.h>

#include "contour.h"

/* The chapter's subdivision rule. */
#define FLATNESS 0.0001
#define DEPTH_MAX 20

typedef struct edge {
  double x0, y0, x1, y1; /* y0 < y1 */
  int direction;         /* +1 drawn downward, −1 upward */
} edge;

typedef struct edge_list {
  edge *items;
  size_t count, capacity;
  bool failed;
} edge_list;

static void add_edge(edge_list *list, anima_point a, anima_point b) {
  if (a.y == b.y || list->failed) {
    return; /* horizontal edges change no winding */
  }
  if (list->count == list->capacity) {
    size_t capacity = list->capacity ? 2 * list->capacity : 64;
    edge *items = realloc(list->items, capacity * sizeof *items);
    if (!items) {
      list->failed = true;
      return;
    }
    list->items = items;
    list->capacity = capacity;
  }
  bool down = b.y > a.y;
  list->items[list->count++] =
      down ? (edge){a.x, a.y, b.x, b.y, 1} : (edge){b.x, b.y, a.x, a.y, -1};
}

static double distance(anima_point a, anima_point b) {
  return hypot(b.x - a.x, b.y - a.y);
}

static anima_point middle(anima_point a, anima_point b) {
  return (anima_point){(a.x + b.x) / 2, (a.y + b.y) / 2};
}

static void flatten_cubic(edge_list *list, anima_point p0, anima_point p1,
                          anima_point p2, anima_point p3, int depth) {
  double polygon = distance(p0, p1) + distance(p1, p2) + distance(p2, p3);
  if (depth >= DEPTH_MAX || polygon - distance(p0, p3) <= FLATNESS) {
    add_edge(list, p0, p3);
    return;
  }
  anima_point a = middle(p0, p1), b = middle(p1, p2), c = middle(p2, p3);
  anima_point d = middle(a, b), e = middle(b, c), m = middle(d, e);
  flatten_cubic(list, p0, a, d, m, depth + 1);
  flatten_cubic(list, m, e, c, p3, depth + 1);
}

static void flatten(const anima_path *path, edge_list *list) {
  anima_point start = {0, 0}, current = {0, 0};
  bool open = false;
  for (size_t i = 0; i < path->count; i++) {
    const anima_segment *s = &path->segments[i];
    switch (s->kind) {
    case ANIMA_SEGMENT_MOVE:
      if (open) {
        add_edge(list, current, start); /* implicit closure */
      }
      start = current = s->points[0];
      open = true;
      break;
    case ANIMA_SEGMENT_LINE:
      add_edge(list, current, s->points[0]);
      current = s->points[0];
      break;
    case ANIMA_SEGMENT_CUBIC:
      flatten_cubic(list, current, s->points[0], s->points[1], s->points[2], 0);
      current = s->points[2];
      break;
    case ANIMA_SEGMENT_CLOSE:
    default:
      add_edge(list, current, start);
      current = start;
      open = false;
      break;
    }
  }
  if (open) {
    add_edge(list, current, start);
  }
}

static double x_at(const edge *e, double y) {
  if (y <= e->y0) {
    return e->x0;
  }
  if (y >= e->y1) {
    return e->x1;
  }
  return e->x0 + (e->x1 - e->x0) * (y - e->y0) / (e->y1 - e->y0);
}

static int compare_doubles(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* The y where edges a and b cross strictly inside both, if they do. */
static bool crossing(const edge *a, const edge *b, double *y) {
  double low = a->y0 > b->y0 ? a->y0 : b->y0;
  double high = a->y1 < b->y1 ? a->y1 : b->y1;
  if (!(high > low)) {
    return false;
  }
  double d_low = x_at(a, low) - x_at(b, low);
  double d_high = x_at(a, high) - x_at(b, high);
  if (!((d_low < 0 && d_high > 0) || (d_low > 0 && d_high < 0))) {
    return false;
  }
  *y = low + (high - low) * d_low / (d_low - d_high);
  return *y > low && *y < high;
}

typedef struct active {
  double middle;
  const edge *edge;
} active;

static int compare_active(const void *a, const void *b) {
  double x = ((const active *)a)->middle, y = ((const active *)b)->middle;
  return (x > y) - (x < y);
}

/* Appends (or, with `out` NULL, counts) the trapezoids of the slabs. */
static anima_status emit(const edge_list *edges, const double *ys,
                         size_t y_count, active *scratch, anima_path *out,
                         size_t *segments) {
  const anima_host *h = contour_host;
  *segments = 0;
  for (size_t s = 0; s + 1 < y_count; s++) {
    double top = ys[s], bottom = ys[s + 1], mid = (top + bottom) / 2;
    size_t count = 0;
    for (size_t i = 0; i < edges->count; i++) {
      const edge *e = &edges->items[i];
      if (e->y0 <= top && e->y1 >= bottom) {
        scratch[count++] = (active){x_at(e, mid), e};
      }
    }
    qsort(scratch, count, sizeof *scratch, compare_active);
    int winding = 0;
    const edge *left = NULL;
    for (size_t i = 0; i < count; i++) {
      int before = winding;
      winding -= scratch[i].edge->direction;
      if (before <= 0 && winding > 0) {
        left = scratch[i].edge;
      } else if (before > 0 && winding <= 0 && left) {
        const edge *right = scratch[i].edge;
        double lt = x_at(left, top), rt = x_at(right, top);
        double lb = x_at(left, bottom), rb = x_at(right, bottom);
        if (!(rt > lt) && !(rb > lb)) {
          continue; /* no area */
        }
        *segments += 5;
        if (!out) {
          continue;
        }
        anima_status status = h->path_move_to(out, lt, top);
        if (status == ANIMA_OK) {
          status = h->path_line_to(out, rt, top);
        }
        if (status == ANIMA_OK) {
          status = h->path_line_to(out, rb, bottom);
        }
        if (status == ANIMA_OK) {
          status = h->path_line_to(out, lb, bottom);
        }
        if (status == ANIMA_OK) {
          status = h->path_close(out);
        }
        if (status != ANIMA_OK) {
          return status;
        }
      }
    }
  }
  return ANIMA_OK;
}

anima_status contour_positive_fill(anima_compile *compile,
                                   const anima_path *outline, anima_path *out) {
  edge_list edges = {0};
  flatten(outline, &edges);
  anima_status status = edges.failed ? ANIMA_ERROR_NO_MEMORY : ANIMA_OK;
  double *ys = NULL;
  active *scratch = NULL;
  size_t y_count = 0;
  if (status == ANIMA_OK && edges.count > CONTOUR_WINDING_EDGES_MAX) {
    status = ANIMA_ERROR_UNSUPPORTED;
  }
  if (status == ANIMA_OK) {
    size_t capacity = 2 * edges.count + 1;
    ys = malloc(capacity * sizeof *ys);
    scratch = malloc((edges.count + 1) * sizeof *scratch);
    if (!ys || !scratch) {
      status = ANIMA_ERROR_NO_MEMORY;
    }
    for (size_t i = 0; status == ANIMA_OK && i < edges.count; i++) {
      ys[y_count++] = edges.items[i].y0;
      ys[y_count++] = edges.items[i].y1;
    }
    for (size_t i = 0; status == ANIMA_OK && i < edges.count; i++) {
      for (size_t j = i + 1; j < edges.count; j++) {
        double y;
        if (!crossing(&edges.items[i], &edges.items[j], &y)) {
          continue;
        }
        if (y_count == capacity) {
          if (capacity >= CONTOUR_WINDING_SEGMENTS_MAX) {
            status = ANIMA_ERROR_UNSUPPORTED;
            break;
          }
          double *grown = realloc(ys, 2 * capacity * sizeof *ys);
          if (!grown) {
            status = ANIMA_ERROR_NO_MEMORY;
            break;
          }
          ys = grown;
          capacity *= 2;
        }
        ys[y_count++] = y;
      }
    }
  }
  if (status == ANIMA_OK) {
    qsort(ys, y_count, sizeof *ys, compare_doubles);
    size_t unique = 0;
    for (size_t i = 0; i < y_count; i++) {
      if (unique == 0 || ys[i] > ys[unique - 1]) {
        ys[unique++] = ys[i];
      }
    }
    y_count = unique;
    size_t segments = 0;
    status = emit(&edges, ys, y_count, scratch, NULL, &segments);
    if (status == ANIMA_OK && segments > CONTOUR_WINDING_SEGMENTS_MAX) {
      status = ANIMA_ERROR_UNSUPPORTED;
    }
    anima_segment *storage =
        status == ANIMA_OK
            ? contour_host->compile_alloc(compile, (segments ? segments : 1) *
                                                       sizeof *storage)
            : NULL;
    if (status == ANIMA_OK && !storage) {
      status = ANIMA_ERROR_NO_MEMORY;
    }
    if (status == ANIMA_OK) {
      *out = (anima_path){.segments = storage,
                          .capacity = segments ? segments : 1,
                          .growable = false};
      status = emit(&edges, ys, y_count, scratch, out, &segments);
    }
  }
  free(scratch);
  free(ys);
  free(edges.items);
  return status;
}
