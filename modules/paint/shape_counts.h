/*
 * shape_counts.h — the counts of polygons and stars (SPEC paint chapter,
 * "Parametric outlines"): authored `sides` are whole numbers 3..1024 and
 * `points` 2..1024; a sampled count clamps to its bounds and rounds to the
 * nearest whole number, ties upward.
 */
#ifndef ANIMA_PAINT_SHAPE_COUNTS_H
#define ANIMA_PAINT_SHAPE_COUNTS_H

#include <anima/module.h>

#define PAINT_SIDES_MIN 3
#define PAINT_POINTS_MIN 2
#define PAINT_COUNT_MAX 1024

/** The count a sampled `value` gives: clamped to [minimum, 1024], then
 * floor(value + 0.5) (ties upward). NaN counts as `minimum`. */
size_t paint_count_of(double value, double minimum);

/** Registers the check that authored counts are whole numbers within
 * their bounds in fields, track keys and pose values (bad-value). */
anima_status paint_register_shape_counts(anima_registrar *registrar);

#endif
