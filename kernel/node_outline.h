/*
 * node_outline.h — a node's local outline and its natural length from the
 * current values, through its node behaviour (module.h
 * anima_node_behaviour_desc: the kernel's own for circle, rect, arc and
 * path; a module's for its node types) and a feature's outline hook on
 * top (corners on rect). The draw frame and hit testing both use these,
 * so a node draws and hits the same way. Allocation-free with caller
 * storage of model->nodes[node].outline_segments segments.
 */
#ifndef ANIMA_KERNEL_NODE_OUTLINE_H
#define ANIMA_KERNEL_NODE_OUTLINE_H

#include "model.h"
#include "view.h"

/** True when node `node` has an outline (its behaviour has one, or an
 * outline hook gives it one): it is painted, hit and can cut. */
bool anima_node_has_outline(const anima_model *model, size_t node);

/** True when node `node`'s children draw inside it (its behaviour is a
 * container). */
bool anima_node_is_container(const anima_model *model, size_t node);

/**
 * Builds the outline of node `node` from `view`'s values. When the node's
 * outline never changes (model.h fixed_outline) and no hook takes over,
 * `*outline` points at it and `storage` is untouched; otherwise `storage`
 * is cleared and filled and `*outline` points at it. Returns
 * ANIMA_ERROR_INVALID_ARGUMENT for a node without an outline (a group, a
 * module node type that draws nothing), or the builder's error.
 */
anima_status anima_node_outline(const anima_view *view, size_t node,
                                anima_path *storage,
                                const anima_path **outline);

/**
 * The natural length of node `node`'s outline (paint chapter, "Shared
 * outline lengths"): the hook's or behaviour's closed form (circles 2πr
 * ...), else `outline` (what anima_node_outline gave) measured when
 * `measure` is true, else 0.
 */
double anima_node_length(const anima_view *view, size_t node,
                         const anima_path *outline, bool measure);

#endif
