/*
 * pose.c — the per-player pose (pose.h): local and world matrices of every
 * node, recomputed only where transform values changed or a hook replaced
 * a local matrix, and the sibling paint order.
 */
#include "pose.h"

#include "slot_values.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static double number_of(const anima_value *values, long slot, double fallback) {
  return anima_slot_number(values, slot, fallback);
}

static void read_inputs(const anima_model_node *node, const anima_value *values,
                        double inputs[ANIMA_POSE_INPUTS]) {
  const anima_model_node_slots *s = &node->slots;
  inputs[0] = number_of(values, s->x, 0);
  inputs[1] = number_of(values, s->y, 0);
  inputs[2] = number_of(values, s->rotate, 0);
  inputs[3] = number_of(values, s->scale, 1);
  inputs[4] = number_of(values, s->scale_x, 1);
  inputs[5] = number_of(values, s->scale_y, 1);
}

static anima_matrix local_of(const anima_model_node *node,
                             const double inputs[ANIMA_POSE_INPUTS]) {
  return anima_matrix_local(inputs[0], inputs[1], node->pivot_x, node->pivot_y,
                            inputs[2], inputs[3], inputs[4], inputs[5]);
}

/* Marks node `node`'s world (and so its subtree's) for recomputing. */
static void mark_stale(anima_pose *pose, size_t node) {
  if (pose->stale[node]) {
    return;
  }
  pose->stale[node] = true;
  if (pose->stale_count == 0 || node < pose->first_stale) {
    pose->first_stale = node;
  }
  if (pose->stale_count == 0 || node > pose->last_stale) {
    pose->last_stale = node;
  }
  pose->stale_count++;
}

void anima_pose_refresh(anima_pose *pose, const anima_model *model) {
  if (pose->stale_count == 0) {
    return;
  }
  /* Pre-order: a parent's world is final before its children's; every
   * node before `subtree_end` of a recomputed node is its descendant. */
  size_t subtree_end = 0;
  const anima_model_node *nodes = model->nodes;
  for (size_t i = pose->first_stale;
       i < model->node_count && (i <= pose->last_stale || i < subtree_end);
       i++) {
    if (!pose->stale[i] && i >= subtree_end) {
      continue;
    }
    pose->stale[i] = false;
    long parent = nodes[i].parent;
    pose->world[i] =
        parent < 0 ? pose->local[i]
                   : anima_matrix_multiply(pose->world[parent], pose->local[i]);
    if (nodes[i].subtree_end > subtree_end) {
      subtree_end = nodes[i].subtree_end;
    }
  }
  pose->stale_count = 0;
}

/* The authored local matrix of `node` from `values`, when its inputs
 * changed (always when `force`). */
static void pose_node(anima_pose *pose, const anima_model *model,
                      const anima_value *values, size_t node, bool force) {
  const anima_model_node *item = &model->nodes[node];
  double inputs[ANIMA_POSE_INPUTS];
  read_inputs(item, values, inputs);
  double *known = &pose->inputs[node * ANIMA_POSE_INPUTS];
  if (!force && memcmp(inputs, known, sizeof inputs) == 0) {
    return;
  }
  memcpy(known, inputs, sizeof inputs);
  pose->local[node] = local_of(item, inputs);
  mark_stale(pose, node);
}

anima_status anima_pose_create(anima_pose *pose, const anima_model *model,
                               const anima_value *values) {
  memset(pose, 0, sizeof *pose);
  size_t count = model->node_count ? model->node_count : 1;
  pose->local = calloc(count, sizeof *pose->local);
  pose->world = calloc(count, sizeof *pose->world);
  pose->inputs = calloc(count * ANIMA_POSE_INPUTS, sizeof *pose->inputs);
  pose->stale = calloc(count, sizeof *pose->stale);
  pose->replaced = calloc(count, sizeof *pose->replaced);
  pose->listed = calloc(count, sizeof *pose->listed);
  pose->replaced_nodes = calloc(count, sizeof *pose->replaced_nodes);
  pose->order = calloc(count, sizeof *pose->order);
  pose->seen = calloc(count, sizeof *pose->seen);
  pose->rank = calloc(count, sizeof *pose->rank);
  if (!pose->local || !pose->world || !pose->inputs || !pose->stale ||
      !pose->replaced || !pose->listed || !pose->replaced_nodes ||
      !pose->order || !pose->seen || !pose->rank) {
    anima_pose_destroy(pose);
    return ANIMA_ERROR_NO_MEMORY;
  }
  for (size_t i = 0; i < model->root_count; i++) {
    pose->order[i] = i;
  }
  for (size_t node = 0; node < model->node_count; node++) {
    pose->rank[node] = node; /* authored pre-order */
    const anima_model_node *item = &model->nodes[node];
    for (size_t i = 0; i < item->child_count; i++) {
      pose->order[model->root_count + item->first_child + i] = i;
    }
    pose_node(pose, model, values, node, true);
  }
  anima_pose_refresh(pose, model);
  return ANIMA_OK;
}

void anima_pose_destroy(anima_pose *pose) {
  free(pose->local);
  free(pose->world);
  free(pose->inputs);
  free(pose->stale);
  free(pose->replaced);
  free(pose->listed);
  free(pose->replaced_nodes);
  free(pose->order);
  free(pose->seen);
  free(pose->rank);
  memset(pose, 0, sizeof *pose);
}

void anima_pose_update(anima_pose *pose, const anima_model *model,
                       const anima_value *values) {
  for (size_t i = 0; i < pose->replaced_count; i++) {
    size_t node = pose->replaced_nodes[i];
    pose->replaced[node] = false;
    pose->listed[node] = false;
    pose_node(pose, model, values, node, true);
  }
  pose->replaced_count = 0;
  for (size_t i = 0; i < model->pose_moving_count; i++) {
    pose_node(pose, model, values, model->pose_moving[i], false);
  }
  anima_pose_refresh(pose, model);
}

void anima_pose_touch(anima_pose *pose, const anima_model *model,
                      const anima_value *values, size_t node) {
  if (!pose->replaced[node]) {
    pose_node(pose, model, values, node, false);
  }
}

void anima_pose_reset_local(anima_pose *pose, const anima_model *model,
                            const anima_value *values, size_t node) {
  /* Still listed: the next update recomputes it again, which changes
   * nothing. */
  pose->replaced[node] = false;
  pose_node(pose, model, values, node, true);
}

void anima_pose_set_local(anima_pose *pose, const anima_model *model,
                          size_t node, anima_matrix local) {
  (void)model;
  if (!pose->listed[node]) {
    pose->listed[node] = true;
    pose->replaced_nodes[pose->replaced_count++] = node;
  }
  pose->replaced[node] = true;
  pose->local[node] = local;
  mark_stale(pose, node);
}

bool anima_pose_set_order(anima_pose *pose, const anima_model *model,
                          long parent, const size_t *order, size_t count) {
  size_t expected, first;
  if (parent < 0) {
    expected = model->root_count;
    first = 0;
  } else if ((size_t)parent < model->node_count) {
    expected = model->nodes[parent].child_count;
    first = model->root_count + model->nodes[parent].first_child;
  } else {
    return false;
  }
  if (count != expected || (count > 0 && !order)) {
    return false;
  }
  bool permutation = true;
  for (size_t i = 0; i < count && permutation; i++) {
    permutation = order[i] < count && !pose->seen[order[i]];
    if (permutation) {
      pose->seen[order[i]] = true;
    }
  }
  for (size_t i = 0; i < count; i++) {
    if (order[i] < count) {
      pose->seen[order[i]] = false;
    }
  }
  if (permutation &&
      memcmp(pose->order + first, order, count * sizeof *order) != 0) {
    memcpy(pose->order + first, order, count * sizeof *order);
    pose->ranks_stale = true;
  }
  return permutation;
}

/* Ranks the subtrees of `parent`'s children (-1: the top level) in paint
 * order from `next`; returns the next free rank. Recursion is as deep as
 * the document nests (bounded by the loader's limits). */
static size_t rank_children(anima_pose *pose, const anima_model *model,
                            long parent, size_t next) {
  const size_t *list = parent < 0
                           ? model->roots
                           : model->children + model->nodes[parent].first_child;
  size_t count =
      parent < 0 ? model->root_count : model->nodes[parent].child_count;
  const size_t *order =
      pose->order +
      (parent < 0 ? 0 : model->root_count + model->nodes[parent].first_child);
  for (size_t i = 0; i < count; i++) {
    size_t child = list[order[i]];
    pose->rank[child] = next++;
    next = rank_children(pose, model, (long)child, next);
  }
  return next;
}

size_t anima_pose_paint_rank(anima_pose *pose, const anima_model *model,
                             size_t node) {
  if (pose->ranks_stale) {
    pose->ranks_stale = false;
    rank_children(pose, model, -1, 0);
  }
  return node < model->node_count ? pose->rank[node] : node;
}

bool anima_pose_is_transform_slot(const anima_model *model, size_t slot) {
  if (slot >= model->slot_count) {
    return false;
  }
  const anima_model_node_slots *s =
      &model->nodes[model->slots[slot].node].slots;
  long index = (long)slot;
  return index == s->x || index == s->y || index == s->rotate ||
         index == s->scale || index == s->scale_x || index == s->scale_y;
}
