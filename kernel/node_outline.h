/*
 * node_outline.h — a node's local outline from the current property values:
 * the kernel's own shapes (SPEC §4: circle, rect, arc, path) and outlines
 * that feature modules provide through outline hooks (module.h). The draw
 * frame and hit testing both build outlines here, so a module's geometry
 * draws and hits the same way. Allocation-free with caller storage of
 * model->nodes[node].outline_segments segments.
 */
#ifndef ANIMA_KERNEL_NODE_OUTLINE_H
#define ANIMA_KERNEL_NODE_OUTLINE_H

#include "model.h"

/**
 * Builds the outline of node `node` with slot values `values` (a player's
 * value array). For a path node without a hook taking over, `*outline`
 * points at the model's compiled outline and `storage` is untouched; for
 * other shapes `storage` is cleared and filled and `*outline` points at it.
 * Returns ANIMA_ERROR_INVALID_ARGUMENT for a node without geometry (a
 * group, or a module node type without a hook), or the path-building
 * error.
 */
anima_status anima_node_outline(const anima_model *model, size_t node,
                                const anima_value *values, anima_path *storage,
                                const anima_path **outline);

#endif
