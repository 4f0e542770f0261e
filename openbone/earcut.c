/*
 * earcut.c — spec §8.5 "Triangulation": the ear-clipping triangulation whose
 * indices the spec compares exactly (the output of mapbox earcut 3.x for a
 * polygon without holes), written here from the algorithm's description:
 *
 *  1. The ring is linked in the order of the input when its signed area
 *     Σ (x[j] − x[i])·(y[i] + y[j]) (j the previous point) is positive,
 *     else backwards; a last point equal to the first is dropped. The walk
 *     starts at the last node linked.
 *  2. Rings of more than 80 points are also linked along a z-order curve
 *     (coordinates scaled to 0..32767 over the bounding box, bits
 *     interleaved) so that an ear test only visits nearby points.
 *  3. A node is an ear when area(prev, node, next) < 0 and no other reflex
 *     or flat node (area ≥ 0) other than one equal to `prev` lies in the
 *     triangle (inclusive). An ear emits [prev, node, next], is removed,
 *     and the walk continues two nodes on.
 *  4. When a full turn finds no ear: pass 0 drops duplicate and collinear
 *     nodes and walks again; pass 1 then cuts small self-intersections
 *     (a, p, p.next, b crossing) into triangles; pass 2 splits the ring
 *     along the first valid diagonal and triangulates both halves.
 *
 * The nodes live in a workspace the caller provides (ob_earcut_workspace):
 * nothing is allocated here.
 */
#include <math.h>
#include <stdint.h>

#include "instance.h"

typedef struct ob_node {
  size_t i; /* index of the point */
  double x, y;
  int32_t z;       /* z-order value, 0 = not computed */
  long prev, next; /* ring links (node indices) */
  long prev_z, next_z;
} ob_node;

typedef struct ob_earcut_state {
  ob_node *nodes;
  size_t node_count, node_capacity;
  unsigned *out;
  size_t out_count, out_capacity;
  double min_x, min_y, inv_size;
  bool hashed;
} ob_earcut_state;

#define N(k) (e->nodes[(k)])

static long node_new(ob_earcut_state *e, size_t i, double x, double y) {
  if (e->node_count >= e->node_capacity) {
    return -1;
  }
  long k = (long)e->node_count++;
  N(k) = (ob_node){i, x, y, 0, -1, -1, -1, -1};
  return k;
}

static long insert_node(ob_earcut_state *e, size_t i, double x, double y,
                        long last) {
  long p = node_new(e, i, x, y);
  if (p < 0) {
    return -1;
  }
  if (last < 0) {
    N(p).prev = N(p).next = p;
  } else {
    N(p).next = N(last).next;
    N(p).prev = last;
    N(N(last).next).prev = p;
    N(last).next = p;
  }
  return p;
}

static void remove_node(ob_earcut_state *e, long p) {
  N(N(p).next).prev = N(p).prev;
  N(N(p).prev).next = N(p).next;
  if (N(p).prev_z >= 0) {
    N(N(p).prev_z).next_z = N(p).next_z;
  }
  if (N(p).next_z >= 0) {
    N(N(p).next_z).prev_z = N(p).prev_z;
  }
}

static bool equals(const ob_earcut_state *e, long a, long b) {
  return N(a).x == N(b).x && N(a).y == N(b).y;
}

static double area(const ob_earcut_state *e, long p, long q, long r) {
  return (N(q).y - N(p).y) * (N(r).x - N(q).x) -
         (N(q).x - N(p).x) * (N(r).y - N(q).y);
}

static bool point_in_triangle(double ax, double ay, double bx, double by,
                              double cx, double cy, double px, double py) {
  return (cx - px) * (ay - py) >= (ax - px) * (cy - py) &&
         (ax - px) * (by - py) >= (bx - px) * (ay - py) &&
         (bx - px) * (cy - py) >= (cx - px) * (by - py);
}

static bool point_in_triangle_except_first(double ax, double ay, double bx,
                                           double by, double cx, double cy,
                                           double px, double py) {
  return !(ax == px && ay == py) &&
         point_in_triangle(ax, ay, bx, by, cx, cy, px, py);
}

static bool emit(ob_earcut_state *e, long a, long b, long c) {
  if (e->out_count + 3 > e->out_capacity) {
    return false;
  }
  e->out[e->out_count++] = (unsigned)N(a).i;
  e->out[e->out_count++] = (unsigned)N(b).i;
  e->out[e->out_count++] = (unsigned)N(c).i;
  return true;
}

/* Drops duplicate and collinear nodes from `start` up to `end` (-1: start);
 * returns the node the walk ends on. */
static long filter_points(ob_earcut_state *e, long start, long end) {
  if (start < 0) {
    return start;
  }
  if (end < 0) {
    end = start;
  }
  long p = start;
  bool again;
  do {
    again = false;
    if (equals(e, p, N(p).next) || area(e, N(p).prev, p, N(p).next) == 0) {
      remove_node(e, p);
      p = end = N(p).prev;
      if (p == N(p).next) {
        break;
      }
      again = true;
    } else {
      p = N(p).next;
    }
  } while (again || p != end);
  return end;
}

static int32_t z_order(const ob_earcut_state *e, double px, double py) {
  int32_t x = (int32_t)((px - e->min_x) * e->inv_size);
  int32_t y = (int32_t)((py - e->min_y) * e->inv_size);
  uint32_t ux = (uint32_t)x, uy = (uint32_t)y;
  ux = (ux | (ux << 8)) & 0x00FF00FFu;
  ux = (ux | (ux << 4)) & 0x0F0F0F0Fu;
  ux = (ux | (ux << 2)) & 0x33333333u;
  ux = (ux | (ux << 1)) & 0x55555555u;
  uy = (uy | (uy << 8)) & 0x00FF00FFu;
  uy = (uy | (uy << 4)) & 0x0F0F0F0Fu;
  uy = (uy | (uy << 2)) & 0x33333333u;
  uy = (uy | (uy << 1)) & 0x55555555u;
  return (int32_t)(ux | (uy << 1));
}

/* Bottom-up merge sort of the z-list starting at `list` by z. */
static void sort_linked(ob_earcut_state *e, long list) {
  long in_size = 1, merges;
  do {
    long p = list, tail = -1;
    list = -1;
    merges = 0;
    while (p >= 0) {
      merges++;
      long q = p, p_size = 0;
      for (long i = 0; i < in_size; i++) {
        p_size++;
        q = N(q).next_z;
        if (q < 0) {
          break;
        }
      }
      long q_size = in_size;
      while (p_size > 0 || (q_size > 0 && q >= 0)) {
        long taken;
        if (p_size != 0 && (q_size == 0 || q < 0 || N(p).z <= N(q).z)) {
          taken = p;
          p = N(p).next_z;
          p_size--;
        } else {
          taken = q;
          q = N(q).next_z;
          q_size--;
        }
        if (tail >= 0) {
          N(tail).next_z = taken;
        } else {
          list = taken;
        }
        N(taken).prev_z = tail;
        tail = taken;
      }
      p = q;
    }
    N(tail).next_z = -1;
    in_size *= 2;
  } while (merges > 1);
}

static void index_curve(ob_earcut_state *e, long start) {
  long p = start;
  do {
    if (N(p).z == 0) {
      N(p).z = z_order(e, N(p).x, N(p).y);
    }
    N(p).prev_z = N(p).prev;
    N(p).next_z = N(p).next;
    p = N(p).next;
  } while (p != start);
  N(N(p).prev_z).next_z = -1;
  N(p).prev_z = -1;
  sort_linked(e, p);
}

static bool is_ear(const ob_earcut_state *e, long ear) {
  long a = N(ear).prev, b = ear, c = N(ear).next;
  if (area(e, a, b, c) >= 0) {
    return false;
  }
  double ax = N(a).x, bx = N(b).x, cx = N(c).x;
  double ay = N(a).y, by = N(b).y, cy = N(c).y;
  double x0 = fmin(ax, fmin(bx, cx)), y0 = fmin(ay, fmin(by, cy));
  double x1 = fmax(ax, fmax(bx, cx)), y1 = fmax(ay, fmax(by, cy));
  for (long p = N(c).next; p != a; p = N(p).next) {
    if (N(p).x >= x0 && N(p).x <= x1 && N(p).y >= y0 && N(p).y <= y1 &&
        point_in_triangle_except_first(ax, ay, bx, by, cx, cy, N(p).x,
                                       N(p).y) &&
        area(e, N(p).prev, p, N(p).next) >= 0) {
      return false;
    }
  }
  return true;
}

static bool blocks(const ob_earcut_state *e, long p, long a, long c, double x0,
                   double y0, double x1, double y1) {
  double ax = N(a).x, ay = N(a).y;
  long b = N(a).next;
  return N(p).x >= x0 && N(p).x <= x1 && N(p).y >= y0 && N(p).y <= y1 &&
         p != a && p != c &&
         point_in_triangle_except_first(ax, ay, N(b).x, N(b).y, N(c).x, N(c).y,
                                        N(p).x, N(p).y) &&
         area(e, N(p).prev, p, N(p).next) >= 0;
}

static bool is_ear_hashed(const ob_earcut_state *e, long ear) {
  long a = N(ear).prev, b = ear, c = N(ear).next;
  if (area(e, a, b, c) >= 0) {
    return false;
  }
  double ax = N(a).x, bx = N(b).x, cx = N(c).x;
  double ay = N(a).y, by = N(b).y, cy = N(c).y;
  double x0 = fmin(ax, fmin(bx, cx)), y0 = fmin(ay, fmin(by, cy));
  double x1 = fmax(ax, fmax(bx, cx)), y1 = fmax(ay, fmax(by, cy));
  int32_t min_z = z_order(e, x0, y0), max_z = z_order(e, x1, y1);
  long p = N(ear).prev_z, n = N(ear).next_z;
  while (p >= 0 && N(p).z >= min_z && n >= 0 && N(n).z <= max_z) {
    if (blocks(e, p, a, c, x0, y0, x1, y1)) {
      return false;
    }
    p = N(p).prev_z;
    if (blocks(e, n, a, c, x0, y0, x1, y1)) {
      return false;
    }
    n = N(n).next_z;
  }
  while (p >= 0 && N(p).z >= min_z) {
    if (blocks(e, p, a, c, x0, y0, x1, y1)) {
      return false;
    }
    p = N(p).prev_z;
  }
  while (n >= 0 && N(n).z <= max_z) {
    if (blocks(e, n, a, c, x0, y0, x1, y1)) {
      return false;
    }
    n = N(n).next_z;
  }
  return true;
}

static int sign(double v) {
  return v > 0 ? 1 : v < 0 ? -1 : 0;
}

/* q lies within the bounding box of segment p–r (used when collinear). */
static bool on_segment(const ob_earcut_state *e, long p, long q, long r) {
  return N(q).x <= fmax(N(p).x, N(r).x) && N(q).x >= fmin(N(p).x, N(r).x) &&
         N(q).y <= fmax(N(p).y, N(r).y) && N(q).y >= fmin(N(p).y, N(r).y);
}

static bool intersects(const ob_earcut_state *e, long p1, long q1, long p2,
                       long q2) {
  int o1 = sign(area(e, p1, q1, p2)), o2 = sign(area(e, p1, q1, q2));
  int o3 = sign(area(e, p2, q2, p1)), o4 = sign(area(e, p2, q2, q1));
  if (o1 != o2 && o3 != o4) {
    return true;
  }
  return (o1 == 0 && on_segment(e, p1, p2, q1)) ||
         (o2 == 0 && on_segment(e, p1, q2, q1)) ||
         (o3 == 0 && on_segment(e, p2, p1, q2)) ||
         (o4 == 0 && on_segment(e, p2, q1, q2));
}

static bool locally_inside(const ob_earcut_state *e, long a, long b) {
  return area(e, N(a).prev, a, N(a).next) < 0
             ? area(e, a, b, N(a).next) >= 0 && area(e, a, N(a).prev, b) >= 0
             : area(e, a, b, N(a).prev) < 0 || area(e, a, N(a).next, b) < 0;
}

static bool intersects_polygon(const ob_earcut_state *e, long a, long b) {
  long p = a;
  do {
    long q = N(p).next;
    if (N(p).i != N(a).i && N(q).i != N(a).i && N(p).i != N(b).i &&
        N(q).i != N(b).i && intersects(e, p, q, a, b)) {
      return true;
    }
    p = q;
  } while (p != a);
  return false;
}

static bool middle_inside(const ob_earcut_state *e, long a, long b) {
  long p = a;
  bool inside = false;
  double px = (N(a).x + N(b).x) / 2, py = (N(a).y + N(b).y) / 2;
  do {
    long q = N(p).next;
    if (((N(p).y > py) != (N(q).y > py)) && N(q).y != N(p).y &&
        (px < (N(q).x - N(p).x) * (py - N(p).y) / (N(q).y - N(p).y) + N(p).x)) {
      inside = !inside;
    }
    p = q;
  } while (p != a);
  return inside;
}

static bool is_valid_diagonal(const ob_earcut_state *e, long a, long b) {
  return N(N(a).next).i != N(b).i && N(N(a).prev).i != N(b).i &&
         !intersects_polygon(e, a, b) &&
         ((locally_inside(e, a, b) && locally_inside(e, b, a) &&
           middle_inside(e, a, b) &&
           (area(e, N(a).prev, a, N(b).prev) != 0 ||
            area(e, a, N(b).prev, b) != 0)) ||
          (equals(e, a, b) && area(e, N(a).prev, a, N(a).next) > 0 &&
           area(e, N(b).prev, b, N(b).next) > 0));
}

/* Links a to b with a copy of each, splitting the ring in two; returns the
 * copy of b (on the second ring), or -1 without room. */
static long split_polygon(ob_earcut_state *e, long a, long b) {
  long a2 = node_new(e, N(a).i, N(a).x, N(a).y);
  long b2 = node_new(e, N(b).i, N(b).x, N(b).y);
  if (a2 < 0 || b2 < 0) {
    return -1;
  }
  long an = N(a).next, bp = N(b).prev;
  N(a).next = b;
  N(b).prev = a;
  N(a2).next = an;
  N(an).prev = a2;
  N(b2).next = a2;
  N(a2).prev = b2;
  N(bp).next = b2;
  N(b2).prev = bp;
  return b2;
}

static bool earcut_linked(ob_earcut_state *e, long ear, int pass, int depth);

static long cure_local_intersections(ob_earcut_state *e, long start, bool *ok) {
  long p = start;
  do {
    long a = N(p).prev, b = N(N(p).next).next;
    if (!equals(e, a, b) && intersects(e, a, p, N(p).next, b) &&
        locally_inside(e, a, b) && locally_inside(e, b, a)) {
      *ok &= emit(e, a, p, b);
      remove_node(e, p);
      remove_node(e, N(p).next);
      p = start = b;
    }
    p = N(p).next;
  } while (p != start);
  return filter_points(e, p, -1);
}

static bool split_earcut(ob_earcut_state *e, long start, int depth) {
  long a = start;
  do {
    long b = N(N(a).next).next;
    while (b != N(a).prev) {
      if (N(a).i != N(b).i && is_valid_diagonal(e, a, b)) {
        long c = split_polygon(e, a, b);
        if (c < 0) {
          return false;
        }
        a = filter_points(e, a, N(a).next);
        c = filter_points(e, c, N(c).next);
        return earcut_linked(e, a, 0, depth + 1) &&
               earcut_linked(e, c, 0, depth + 1);
      }
      b = N(b).next;
    }
    a = N(a).next;
  } while (a != start);
  return true;
}

static bool earcut_linked(ob_earcut_state *e, long ear, int pass, int depth) {
  if (ear < 0) {
    return true;
  }
  if (depth > OB_EARCUT_DEPTH) {
    return false;
  }
  if (pass == 0 && e->hashed) {
    index_curve(e, ear);
  }
  long stop = ear;
  while (N(ear).prev != N(ear).next) {
    long prev = N(ear).prev, next = N(ear).next;
    if (e->hashed ? is_ear_hashed(e, ear) : is_ear(e, ear)) {
      if (!emit(e, prev, ear, next)) {
        return false;
      }
      remove_node(e, ear);
      ear = N(next).next;
      stop = N(next).next;
      continue;
    }
    ear = next;
    if (ear == stop) {
      if (pass == 0) {
        return earcut_linked(e, filter_points(e, ear, -1), 1, depth + 1);
      }
      if (pass == 1) {
        bool ok = true;
        ear = cure_local_intersections(e, filter_points(e, ear, -1), &ok);
        return ok && earcut_linked(e, ear, 2, depth + 1);
      }
      return split_earcut(e, ear, depth);
    }
  }
  return true;
}

static double signed_area(const double *points, size_t count) {
  double sum = 0;
  for (size_t i = 0, j = count - 1; i < count; j = i++) {
    sum += (points[2 * j] - points[2 * i]) *
           (points[2 * i + 1] + points[2 * j + 1]);
  }
  return sum;
}

long ob_earcut(const double *points, size_t count, ob_node_workspace *space,
               unsigned *out, size_t out_capacity) {
  ob_earcut_state e = {(ob_node *)space->nodes,
                       0,
                       space->capacity,
                       out,
                       0,
                       out_capacity,
                       0,
                       0,
                       0,
                       false};
  if (count < 3) {
    return 0;
  }
  long last = -1;
  if (signed_area(points, count) > 0) {
    for (size_t i = 0; i < count; i++) {
      last = insert_node(&e, i, points[2 * i], points[2 * i + 1], last);
    }
  } else {
    for (size_t i = count; i-- > 0;) {
      last = insert_node(&e, i, points[2 * i], points[2 * i + 1], last);
    }
  }
  if (last < 0) {
    return -1;
  }
  if (equals(&e, last, e.nodes[last].next)) {
    remove_node(&e, last);
    last = e.nodes[last].next;
  }
  if (e.nodes[last].next == e.nodes[last].prev) {
    return 0;
  }
  if (count > 80) {
    double min_x = points[0], min_y = points[1], max_x = min_x, max_y = min_y;
    for (size_t i = 1; i < count; i++) {
      min_x = fmin(min_x, points[2 * i]);
      min_y = fmin(min_y, points[2 * i + 1]);
      max_x = fmax(max_x, points[2 * i]);
      max_y = fmax(max_y, points[2 * i + 1]);
    }
    double size = fmax(max_x - min_x, max_y - min_y);
    e.min_x = min_x;
    e.min_y = min_y;
    e.inv_size = size != 0 ? 32767 / size : 0;
    e.hashed = e.inv_size != 0;
  }
  if (!earcut_linked(&e, last, 0, 0)) {
    return -1;
  }
  return (long)e.out_count;
}

size_t ob_earcut_node_size(void) {
  return sizeof(ob_node);
}
