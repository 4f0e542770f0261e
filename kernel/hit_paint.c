/*
 * hit_paint.c — where a node is hit (SPEC §9) once modules lowered its
 * drawing (docs/MODULES.md §8), and which node is foremost at a point:
 *
 *  - the painted area is that of the paints it draws: its fill then stroke,
 *    or its ordered paints (composite), each only while visible; a stroke
 *    placed inside hits within its width inside the filled outline, one
 *    placed outside within its width outside it (composite "Stroke
 *    placement": twice the width, clipped or masked by the outline);
 *  - a node drawn only as a mask source (`sourceDraws: false`) is not drawn
 *    where it stands, so it hits nothing;
 *  - a clip on the node or an ancestor limits it: a point outside the clip
 *    source's outline (with the clip's rule), or under a clipped node whose
 *    parent's world matrix is singular (an empty clip), misses. Masks do not
 *    limit hits, as SVG's pointer events ignore masks;
 *  - foremost means latest painted: the highest paint rank (pose.h), the
 *    pre-order walk of the sibling order modules set (composite "Sibling
 *    draw order").
 *
 * Nothing is allocated: outlines are built into the player's scratch paths.
 */
#include <math.h>

#include "draw_model.h"
#include "node_outline.h"
#include "player_internal.h"
#include "pose.h"
#include "slot_values.h"

static double number_of(const anima_player *player, long slot,
                        double fallback) {
  return anima_slot_number(player->values, slot, fallback);
}

static bool bool_of(const anima_player *player, long slot, bool fallback) {
  return anima_slot_bool(player->values, slot, fallback);
}

/* False when the node or an ancestor is invisible (SPEC §4 visible). */
static bool shown(const anima_player *player, size_t node) {
  for (long current = (long)node; current >= 0;
       current = player->model->nodes[current].parent) {
    if (!bool_of(player, player->model->nodes[current].slots.visible, true)) {
      return false;
    }
  }
  return true;
}

static const anima_model_draw *node_draw(const anima_model *model,
                                         size_t node) {
  return model->draws ? model->draws[node] : NULL;
}

/* One stroke of the node: its own hit with the stroke's width, trims and
 * placement over `outline` (the node's local outline). */
static bool stroke_hit(anima_player *player, const anima_hit_shape *base,
                       double width, bool trimmed, double trim_start,
                       double trim_end, double trim_offset,
                       anima_stroke_placement placement, anima_fill_rule rule,
                       double padding, double x, double y) {
  anima_hit_shape shape = *base;
  shape.has_fill = false;
  shape.has_stroke = true;
  shape.stroke_width = width;
  shape.stroke_outline = NULL;
  if (trimmed) {
    anima_path_clear(&player->hit_stroke);
    if (anima_path_add_trimmed(&player->hit_stroke, base->outline, trim_start,
                               trim_end, trim_offset) != ANIMA_OK) {
      return false;
    }
    shape.stroke_outline = &player->hit_stroke;
  }
  if (placement == ANIMA_STROKE_CENTER) {
    return anima_hit_test_shape(&shape, padding, x, y);
  }
  /* Twice the width, then inside or outside the filled outline. */
  shape.stroke_width = 2 * width;
  if (!anima_hit_test_shape(&shape, padding, x, y)) {
    return false;
  }
  anima_hit_shape fill = *base;
  fill.has_fill = true;
  fill.fill_rule = rule;
  fill.has_stroke = false;
  bool inside = anima_hit_test_shape(&fill, 0, x, y);
  if (placement == ANIMA_STROKE_INSIDE) {
    return inside || anima_hit_test_shape(&fill, padding, x, y);
  }
  if (!inside) {
    return true;
  }
  /* inside the outline: only the padding reaches in */
  anima_hit_shape edge = *base;
  edge.has_fill = false;
  edge.has_stroke = true;
  edge.stroke_width = 0;
  edge.stroke_outline = NULL;
  return padding > 0 && anima_hit_test_shape(&edge, padding, x, y);
}

/* A fill of other geometry than the outline (compile_fill_path): inside it
 * by the nonzero rule, or within the padding of the original outline. */
static bool fill_path_hit(const anima_hit_shape *base,
                          const anima_path *fill_path, double padding, double x,
                          double y) {
  anima_hit_shape region = *base;
  region.outline = fill_path;
  region.has_fill = true;
  region.fill_rule = ANIMA_FILL_NONZERO;
  region.has_stroke = false;
  if (anima_hit_test_shape(&region, 0, x, y)) {
    return true;
  }
  anima_hit_shape edge = *base;
  edge.has_fill = false;
  edge.has_stroke = true;
  edge.stroke_width = 0;
  edge.stroke_outline = NULL;
  return padding > 0 && anima_hit_test_shape(&edge, padding, x, y);
}

/* The node's own painted area (no clip), its outline already built. */
static bool paints_hit(anima_player *player, size_t node,
                       const anima_hit_shape *base, double padding, double x,
                       double y) {
  const anima_model *model = player->model;
  const anima_model_node *item = &model->nodes[node];
  const anima_model_draw *draw = node_draw(model, node);
  if (draw == NULL || draw->paints == NULL) {
    anima_hit_shape shape = *base;
    const anima_model_node_slots *slots = &item->slots;
    shape.has_fill = item->has_fill;
    shape.fill_rule = item->fill_rule;
    if (shape.has_fill && item->fill_path &&
        fill_path_hit(base, item->fill_path, padding, x, y)) {
      return true;
    }
    if (shape.has_fill && !item->fill_path &&
        anima_hit_test_shape(&shape, padding, x, y)) {
      return true;
    }
    return item->has_stroke &&
           stroke_hit(player, base, number_of(player, slots->stroke_width, 1),
                      item->has_trim, number_of(player, slots->trim_start, 0),
                      number_of(player, slots->trim_end, 1),
                      number_of(player, slots->trim_offset, 0),
                      ANIMA_STROKE_CENTER, item->fill_rule, padding, x, y);
  }
  /* the rule of the first fill clips and excludes placed strokes */
  anima_fill_rule rule = ANIMA_FILL_NONZERO;
  for (size_t i = 0; i < draw->paint_count; i++) {
    if (draw->paints[i].kind == ANIMA_LAYER_FILL) {
      rule = draw->paints[i].rule;
      break;
    }
  }
  for (size_t i = 0; i < draw->paint_count; i++) {
    const anima_model_paint *paint = &draw->paints[i];
    if (!bool_of(player, paint->visible_slot, true)) {
      continue;
    }
    if (paint->kind == ANIMA_LAYER_FILL) {
      anima_hit_shape shape = *base;
      shape.has_fill = true;
      shape.fill_rule = paint->rule;
      shape.has_stroke = false;
      if (anima_hit_test_shape(&shape, padding, x, y)) {
        return true;
      }
      continue;
    }
    if (stroke_hit(player, base, number_of(player, paint->width_slot, 1),
                   paint->has_trim,
                   number_of(player, paint->trim_start_slot, 0),
                   number_of(player, paint->trim_end_slot, 1),
                   number_of(player, paint->trim_offset_slot, 0),
                   paint->placement, rule, padding, x, y)) {
      return true;
    }
  }
  return false;
}

/* Is the point inside every clip of the node and its ancestors? */
static bool clips_pass(anima_player *player, size_t node, double x, double y) {
  const anima_model *model = player->model;
  const anima_matrix *worlds = anima_player_worlds(player);
  for (long current = (long)node; current >= 0;
       current = model->nodes[current].parent) {
    const anima_model_draw *draw = node_draw(model, (size_t)current);
    if (draw == NULL || !draw->has_clip) {
      continue;
    }
    long parent = model->nodes[current].parent;
    anima_matrix inverse;
    if (parent >= 0 && !anima_matrix_invert(worlds[parent], &inverse)) {
      return false; /* a singular target parent: an empty clip */
    }
    size_t source = draw->clip.source;
    const anima_path *outline = NULL;
    anima_view view = anima_player_view(player, NULL);
    if (anima_node_outline(&view, source, &player->hit_outline, &outline) !=
        ANIMA_OK) {
      return false;
    }
    anima_hit_shape clip = {.outline = outline,
                            .world = worlds[source],
                            .has_fill = true,
                            .fill_rule = draw->clip.rule};
    if (!anima_hit_test_shape(&clip, 0, x, y)) {
      return false;
    }
  }
  return true;
}

bool anima_player_node_hit(anima_player *player, size_t node, double padding,
                           double x, double y) {
  const anima_model *model = player->model;
  const anima_model_node *item = &model->nodes[node];
  const anima_model_draw *draw = node_draw(model, node);
  if (!(item->kind_flags & ANIMA_KIND_PAINTED) ||
      !anima_node_has_outline(model, node) || !shown(player, node) ||
      (draw != NULL && draw->source_only)) {
    return false; /* no geometry, or not drawn in place */
  }
  if (!item->has_fill && !item->has_stroke &&
      (draw == NULL || draw->paints == NULL)) {
    return false;
  }
  if (!clips_pass(player, node, x, y)) {
    return false;
  }
  const anima_path *outline = NULL;
  anima_view view = anima_player_view(player, NULL);
  if (anima_node_outline(&view, node, &player->hit_outline, &outline) !=
      ANIMA_OK) {
    return false;
  }
  anima_hit_shape base = {.outline = outline,
                          .world = anima_player_worlds(player)[node]};
  return paints_hit(player, node, &base, padding, x, y);
}

size_t anima_player_paint_rank(const anima_player *player, size_t node) {
  if (!player || node >= player->model->node_count) {
    return node;
  }
  anima_player *writable = (anima_player *)player; /* the pose is a cache */
  anima_player_pose(writable);
  return anima_pose_paint_rank(&writable->pose, player->model, node);
}

anima_status anima_player_hit_node(const anima_player *player, double x,
                                   double y, long *node) {
  if (!player || !node || !isfinite(x) || !isfinite(y)) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  anima_player *writable = (anima_player *)player; /* scratch paths */
  *node = -1;
  size_t best = 0;
  for (size_t i = 0; i < player->model->node_count; i++) {
    if (anima_player_node_hit(writable, i, 0, x, y)) {
      size_t rank = anima_player_paint_rank(player, i);
      if (*node < 0 || rank > best) {
        *node = (long)i;
        best = rank;
      }
    }
  }
  return ANIMA_OK;
}
