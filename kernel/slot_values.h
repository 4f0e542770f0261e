/*
 * slot_values.h — reading a player's resolved property values by slot: the
 * one rule the pose, the draw frame, hit testing and module views share, so
 * what is drawn is what is hit. Kernel-private.
 *
 * A slot of -1 (the node has no such property), a value of another type,
 * or a number that is not finite (an elastic overshoot of an end near
 * ±DBL_MAX overflows to infinity) reads as `fallback`, the property's
 * default (SPEC §4).
 */
#ifndef ANIMA_KERNEL_SLOT_VALUES_H
#define ANIMA_KERNEL_SLOT_VALUES_H

#include <math.h>
#include <stdbool.h>

#include <anima/anima.h>

static inline double anima_slot_number(const anima_value *values, long slot,
                                       double fallback) {
  if (slot < 0 || values[slot].type != ANIMA_VALUE_NUMBER ||
      !isfinite(values[slot].as.number)) {
    return fallback;
  }
  return values[slot].as.number;
}

static inline bool anima_slot_bool(const anima_value *values, long slot,
                                   bool fallback) {
  if (slot < 0 || values[slot].type != ANIMA_VALUE_BOOL) {
    return fallback;
  }
  return values[slot].as.boolean;
}

#endif
