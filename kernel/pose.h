/*
 * pose.h — one player's pose (SPEC §4 Transform, §7 layout and rig
 * stages): the local and world matrix of every node and the sibling paint
 * order, computed once per step and read by drawing, hit testing and
 * module callbacks alike. Kernel-private.
 *
 * A node's local matrix comes from its transform slots (x, y, rotate,
 * scale, scaleX, scaleY and its pivot) unless a layout hook or a solver
 * replaced it in this step (anima_pose_set_local); its world matrix is
 * parent.world · local. Only nodes whose transform values changed, or
 * whose local matrix was replaced, are recomputed, and worlds only from
 * the first such node down its subtrees.
 */
#ifndef ANIMA_KERNEL_POSE_H
#define ANIMA_KERNEL_POSE_H

#include <stdbool.h>
#include <stddef.h>

#include "model.h"

/** The number of transform inputs of a local matrix (x, y, rotate, scale,
 * scaleX, scaleY). */
enum { ANIMA_POSE_INPUTS = 6 };

typedef struct anima_pose {
  anima_matrix *local; /**< per node */
  anima_matrix *world; /**< per node; fresh unless `stale_count` > 0 */
  /** Per node: the transform inputs its local matrix was made from. */
  double *inputs;
  /** Per node: the world needs recomputing (its local changed). */
  bool *stale;
  size_t stale_count, first_stale, last_stale;
  /** Per node: the local matrix is replaced (for this step); `listed`:
   * the node is in replaced_nodes, the nodes whose authored matrices
   * return at the next pose (a replacement undone by
   * anima_pose_reset_local stays listed). */
  bool *replaced;
  bool *listed;
  size_t *replaced_nodes;
  size_t replaced_count;
  /** Sibling paint order: for the top-level list positions [0,
   * root_count), for node p's children positions root_count +
   * p.first_child ... (model.h children), each entry a position in the
   * authored list. Identity unless a stage hook set another order. */
  size_t *order;
  /** Per node: scratch of anima_pose_set_order (permutation check). */
  bool *seen;
  /** Per node: its paint rank (composite "Sibling draw order"): its index
   * in a pre-order walk whose child lists follow `order`; recomputed on
   * demand once an order changed (`ranks_stale`). */
  size_t *rank;
  bool ranks_stale;
} anima_pose;

/** Allocates the pose of `model` and computes it from `values`.
 * ANIMA_ERROR_NO_MEMORY when out of memory (the pose is then freed). */
anima_status anima_pose_create(anima_pose *pose, const anima_model *model,
                               const anima_value *values);
void anima_pose_destroy(anima_pose *pose);

/**
 * The pose point of the step (after bindings and clamping): nodes whose
 * local matrix a hook replaced in the previous step, and moving nodes
 * (model->pose_moving) whose transform values changed, get their authored
 * local matrix again; worlds are refreshed.
 */
void anima_pose_update(anima_pose *pose, const anima_model *model,
                       const anima_value *values);

/** Recomputes node `node`'s authored local matrix from `values` (a slot of
 * it was written outside the layers); its subtree's worlds follow. */
void anima_pose_touch(anima_pose *pose, const anima_model *model,
                      const anima_value *values, size_t node);

/** Gives node `node` its authored local matrix again (from `values`),
 * undoing a replacement in this step. */
void anima_pose_reset_local(anima_pose *pose, const anima_model *model,
                            const anima_value *values, size_t node);

/** Replaces node `node`'s local matrix for this step. */
void anima_pose_set_local(anima_pose *pose, const anima_model *model,
                          size_t node, anima_matrix local);

/** Brings every world matrix up to date (cheap when none is stale). */
void anima_pose_refresh(anima_pose *pose, const anima_model *model);

/**
 * Sets the paint order of `parent`'s children (-1: the top-level nodes):
 * `order[i]` is the authored position of the child painted i-th. False
 * (nothing changed) unless `count` equals the number of children and
 * `order` is a permutation of 0 .. count-1.
 */
bool anima_pose_set_order(anima_pose *pose, const anima_model *model,
                          long parent, const size_t *order, size_t count);

/** Node `node`'s paint rank: 0 for the first painted, the node count
 * minus one for the last (foremost). Equals the node index while no order
 * was changed. */
size_t anima_pose_paint_rank(anima_pose *pose, const anima_model *model,
                             size_t node);

/** True when `slot` is one of the transform slots of its node. */
bool anima_pose_is_transform_slot(const anima_model *model, size_t slot);

/* ---- read by drawing and hit testing (the draw workstream) -------------- */

/** The local matrices of `player`'s nodes, indexed by node (model.h), as
 * of its last step (or its creation). */
const anima_matrix *anima_player_locals(const anima_player *player);
/** The world matrices of `player`'s nodes, indexed by node. */
const anima_matrix *anima_player_worlds(const anima_player *player);
/** The paint order of `parent`'s children (-1: the top level): `*count`
 * entries, each a position in the authored child list (model->children
 * from parent.first_child, or model->roots). */
const size_t *anima_player_child_order(const anima_player *player, long parent,
                                       size_t *count);

#endif
