/*
 * origin.c — copyTransform's `origin` (SPEC `## rig`, "Constraint fields
 * and evaluation"): a normalized point [u, v] over the target's rest
 * geometric bounds (no stroke), in the target's own space. Bounds come from
 * authored geometry: circles and arcs (their full circle), rects and paths
 * (`d`, with the extrema of its cubic segments); a container unions its
 * descendants' bounds mapped through their authored rest transforms. Node
 * types of other modules contribute no box yet (docs/modules/rig.md).
 */

#include "../module_bounds.h"
#include "rig.h"

anima_status rig_origin_point(anima_compile *c, size_t target, anima_point uv,
                              anima_point *out) {
  module_box b =
      module_rest_bounds(rig_host, rig_host->compile_node_json(c, target));
  if (!b.any) {
    /* No drawing geometry: the pivot (a zero box at it). */
    *out = rig_node_pivot(c, target);
    return ANIMA_OK;
  }
  out->x = b.x0 + uv.x * (b.x1 - b.x0);
  out->y = b.y0 + uv.y * (b.y1 - b.y0);
  return ANIMA_OK;
}
