/*
 * scroll_bounds.c — rest extents for the scroll chapter ("the rest bounds
 * of its subtree", module_bounds.h) in a node's parent space.
 */
#include "scroll.h"

#define host scroll_host

module_box scroll_rest_bounds_in_parent(const anima_json *node) {
  module_box own = module_rest_bounds(host, node), b = {0};
  if (own.any) {
    module_box_add_mapped(host, &b, module_authored(host, node), &own);
  }
  return b;
}
