/*
 * bounds.c — spec §8.10 (bounds.ts:SkeletonBounds): the bounding-box
 * snapshot of the current pose and its queries (containsPoint,
 * intersectsSegment, intersectsBounds and the overall box tests), on the
 * snapshot's float32 vertices in doubles. Nothing allocates.
 */
#include <math.h>

#include "instance.h"

size_t anima_bone_bounds(anima_bone_instance *instance, double bounds[4],
                         const anima_bone_box **boxes) {
  const anima_bone_model *model = instance->model;
  size_t count = 0, vertex_at = 0;
  double min_x = INFINITY, min_y = INFINITY, max_x = -INFINITY,
         max_y = -INFINITY;
  for (size_t k = 0; k < model->slot_count; k++) {
    size_t slot = instance->draw_order[k];
    const ob_slot_state *state = &instance->slots[slot];
    if (!instance->bones[model->slots[slot].bone].active) {
      continue;
    }
    const ob_attachment *att =
        ob_attachment_lookup(instance, slot, state->attachment);
    if (att == NULL || att->type != OB_ATTACHMENT_BOUNDING_BOX ||
        att->vertex_count < 3) {
      continue;
    }
    float *vertices = instance->box_buffer + 2 * vertex_at;
    ob_posed_vertices(instance, slot, att,
                      ob_slot_deform(&instance->slots[slot], att->name),
                      vertices);
    anima_bone_box *box = &instance->boxes[count++];
    box->min_x = box->min_y = INFINITY;
    box->max_x = box->max_y = -INFINITY;
    for (size_t v = 0; v < att->vertex_count; v++) {
      box->min_x = fmin(box->min_x, vertices[2 * v]);
      box->max_x = fmax(box->max_x, vertices[2 * v]);
      box->min_y = fmin(box->min_y, vertices[2 * v + 1]);
      box->max_y = fmax(box->max_y, vertices[2 * v + 1]);
    }
    min_x = fmin(min_x, box->min_x);
    max_x = fmax(max_x, box->max_x);
    min_y = fmin(min_y, box->min_y);
    max_y = fmax(max_y, box->max_y);
    box->slot = slot;
    box->attachment = state->attachment;
    box->vertices = vertices;
    box->vertex_count = att->vertex_count;
    vertex_at += att->vertex_count;
  }
  if (count == 0) {
    min_x = min_y = max_x = max_y = 0;
  }
  bounds[0] = instance->box_bounds[0] = min_x;
  bounds[1] = instance->box_bounds[1] = min_y;
  bounds[2] = instance->box_bounds[2] = max_x;
  bounds[3] = instance->box_bounds[3] = max_y;
  instance->box_count = count;
  *boxes = instance->boxes;
  return count;
}

/* pointInPolygon (§9.5, core/math.ts), even-odd. */
bool ob_point_in_polygon(const float *v, size_t n, double x, double y) {
  bool inside = false;
  for (size_t i = 0, j = n - 1; i < n; j = i++) {
    double xi = v[2 * i], yi = v[2 * i + 1];
    double xj = v[2 * j], yj = v[2 * j + 1];
    if ((yi > y) != (yj > y) && x < (xj - xi) * (y - yi) / (yj - yi) + xi) {
      inside = !inside;
    }
  }
  return inside;
}

/* segmentsIntersect (§8.10), doubles. */
static bool segments_intersect(double x1, double y1, double x2, double y2,
                               double x3, double y3, double x4, double y4) {
  double d = (x2 - x1) * (y4 - y3) - (y2 - y1) * (x4 - x3);
  if (d == 0) {
    return false;
  }
  double ua = ((x3 - x1) * (y4 - y3) - (y3 - y1) * (x4 - x3)) / d;
  double ub = ((x3 - x1) * (y2 - y1) - (y3 - y1) * (x2 - x1)) / d;
  return ua >= 0 && ua <= 1 && ub >= 0 && ub <= 1;
}

static bool box_contains(const anima_bone_box *box, double x, double y) {
  return x >= box->min_x && x <= box->max_x && y >= box->min_y &&
         y <= box->max_y &&
         ob_point_in_polygon(box->vertices, box->vertex_count, x, y);
}

/* Some edge (v[j] → v[i]) of `box` crosses the segment. */
static bool edge_crosses(const anima_bone_box *box, double x1, double y1,
                         double x2, double y2) {
  const float *v = box->vertices;
  size_t n = box->vertex_count;
  for (size_t i = 0, j = n - 1; i < n; j = i++) {
    if (segments_intersect(x1, y1, x2, y2, v[2 * j], v[2 * j + 1], v[2 * i],
                           v[2 * i + 1])) {
      return true;
    }
  }
  return false;
}

bool anima_bone_bounds_aabb_contains_point(const anima_bone_instance *instance,
                                           double x, double y) {
  const double *b = instance->box_bounds;
  return instance->box_count > 0 && x >= b[0] && x <= b[2] && y >= b[1] &&
         y <= b[3];
}

bool anima_bone_bounds_aabb_intersects(const anima_bone_instance *instance,
                                       double x0, double y0, double x1,
                                       double y1) {
  const double *b = instance->box_bounds;
  return instance->box_count > 0 && x0 <= b[2] && x1 >= b[0] && y0 <= b[3] &&
         y1 >= b[1];
}

size_t anima_bone_bounds_contains_point(const anima_bone_instance *instance,
                                        double x, double y, size_t *out,
                                        size_t capacity) {
  size_t found = 0;
  for (size_t k = 0; k < instance->box_count; k++) {
    if (box_contains(&instance->boxes[k], x, y)) {
      if (found < capacity) {
        out[found] = k;
      }
      found++;
    }
  }
  return found;
}

size_t anima_bone_bounds_intersects_segment(const anima_bone_instance *instance,
                                            double x1, double y1, double x2,
                                            double y2, size_t *out,
                                            size_t capacity) {
  double lo_x = fmin(x1, x2), hi_x = fmax(x1, x2);
  double lo_y = fmin(y1, y2), hi_y = fmax(y1, y2);
  size_t found = 0;
  for (size_t k = 0; k < instance->box_count; k++) {
    const anima_bone_box *box = &instance->boxes[k];
    if (hi_x < box->min_x || lo_x > box->max_x || hi_y < box->min_y ||
        lo_y > box->max_y) {
      continue;
    }
    if (edge_crosses(box, x1, y1, x2, y2) ||
        ob_point_in_polygon(box->vertices, box->vertex_count, x1, y1)) {
      if (found < capacity) {
        out[found] = k;
      }
      found++;
    }
  }
  return found;
}

/* Some edge of `mine` crosses some edge of `theirs`. */
static bool polygons_cross(const anima_bone_box *mine,
                           const anima_bone_box *theirs) {
  const float *v = mine->vertices;
  size_t n = mine->vertex_count;
  for (size_t i = 0, j = n - 1; i < n; j = i++) {
    if (edge_crosses(theirs, v[2 * j], v[2 * j + 1], v[2 * i], v[2 * i + 1])) {
      return true;
    }
  }
  return false;
}

bool anima_bone_bounds_intersects_bounds(const anima_bone_instance *instance,
                                         const anima_bone_instance *other,
                                         size_t pair[2]) {
  if (other->box_count == 0 ||
      !anima_bone_bounds_aabb_intersects(
          instance, other->box_bounds[0], other->box_bounds[1],
          other->box_bounds[2], other->box_bounds[3])) {
    return false;
  }
  for (size_t m = 0; m < instance->box_count; m++) {
    const anima_bone_box *mine = &instance->boxes[m];
    for (size_t t = 0; t < other->box_count; t++) {
      const anima_bone_box *theirs = &other->boxes[t];
      if (mine->max_x < theirs->min_x || mine->min_x > theirs->max_x ||
          mine->max_y < theirs->min_y || mine->min_y > theirs->max_y) {
        continue;
      }
      if (polygons_cross(mine, theirs) ||
          ob_point_in_polygon(theirs->vertices, theirs->vertex_count,
                              mine->vertices[0], mine->vertices[1]) ||
          ob_point_in_polygon(mine->vertices, mine->vertex_count,
                              theirs->vertices[0], theirs->vertices[1])) {
        pair[0] = m;
        pair[1] = t;
        return true;
      }
    }
  }
  return false;
}
