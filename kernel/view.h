/*
 * view.h — the read-only view of one player's values and pose that module
 * outline, paint and derived-property callbacks receive (module.h
 * anima_view): drawing and hit testing build the same view, so a module's
 * geometry draws and hits alike. Kernel-private.
 */
#ifndef ANIMA_KERNEL_VIEW_H
#define ANIMA_KERNEL_VIEW_H

#include <anima/draw.h>

#include "model.h"

struct anima_view {
  const anima_model *model;
  const anima_value *values; /**< resolved slot values */
  /** The player's pose (pose.h), indexed by node; NULL for a view without
   * a player (matrices are then computed from `values`). */
  const anima_matrix *locals, *worlds;
  /** The frame whose slot colours apply (overrides, currentColor), or
   * NULL for the document defaults. */
  const anima_draw_frame *frame;
};

/** A view of `player`'s values and pose, with `frame`'s colours (may be
 * NULL). */
anima_view anima_player_view(const anima_player *player,
                             const anima_draw_frame *frame);

#endif
