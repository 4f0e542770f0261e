/*
 * view.h — the read-only view of one player's values that module outline,
 * paint and derived-property callbacks receive (module.h anima_view):
 * drawing and hit testing build the same view, so a module's geometry
 * draws and hits alike. Kernel-private.
 */
#ifndef ANIMA_KERNEL_VIEW_H
#define ANIMA_KERNEL_VIEW_H

#include <anima/draw.h>

#include "model.h"

struct anima_view {
  const anima_model *model;
  const anima_value *values; /**< resolved slot values */
  /** The frame whose slot colours apply (overrides, currentColor), or
   * NULL for the document defaults. */
  const anima_draw_frame *frame;
};

/** A view of `values` (a player's slot values) for `model`. */
static inline anima_view anima_view_make(const anima_model *model,
                                         const anima_value *values,
                                         const anima_draw_frame *frame) {
  anima_view view = {model, values, frame};
  return view;
}

#endif
