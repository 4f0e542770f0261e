/*
 * habits.h — spellings authors bring from CSS, SVG and the DOM, and the
 * Anima spelling each stands for, for the loader's hints
 * (docs/DIAGNOSTICS.md "Habits from other formats"). Kernel-private.
 *
 * Each function looks at a value the loader has already refused and, when
 * it is a habit, writes a hint that names the fix into `hint` (appended;
 * JSON spelling: the AniML compiler rewrites quoted keys) and returns
 * true. Otherwise it writes nothing and returns false, and the caller
 * keeps its general hint. Keys authors bring from other formats (SVG's
 * `cx`, `<g>`) are the registry's foreign names instead (registry.h).
 */
#ifndef ANIMA_KERNEL_HABITS_H
#define ANIMA_KERNEL_HABITS_H

#include <stdbool.h>

#include "text.h"

/**
 * An ease that did not parse (SPEC §5): CSS and JavaScript names —
 * `ease-out`, `easeInOut`, `in-out`, `ease` (CSS's default curve, written
 * as its cubic), `step-end` (a hold) — and `cubic-bezier(...)`, which is
 * `cubic(...)` with the same arguments.
 */
bool anima_habit_ease(const char *text, anima_text *hint);

/** Where a refused colour was written (SPEC §6). */
typedef enum anima_habit_color_place {
  /** A paint's `color`, which takes a slot name or a literal; `paint` is
   * the paint's key ("fill", "stroke"). */
  ANIMA_HABIT_PAINT = 0,
  /** The value of a colour slot in `colors`, a literal. */
  ANIMA_HABIT_SLOT_VALUE,
  /** A key or pose value of an animated colour, a hex literal. */
  ANIMA_HABIT_ANIMATED,
} anima_habit_color_place;

/**
 * A colour that is neither a literal nor a declared slot: `none` and
 * `transparent` (Anima leaves the paint out), a CSS colour name (its hex
 * literal, or a slot of that name where slots are allowed), and
 * `currentcolor` in another case.
 */
bool anima_habit_color(const char *text, anima_habit_color_place place,
                       const char *paint, anima_text *hint);

/**
 * A value of the enum field `kind`.`field` that is not one of its options
 * but names one in another vocabulary: DOM event names for a listener's
 * `on` (`hover` is `enter` and `leave`, `mousedown` is `down`), CSS
 * animation words for a timeline's `loop` (`infinite`, `alternate`).
 * Compared without regard to ASCII case.
 */
bool anima_habit_enum(const char *kind, const char *field, const char *value,
                      anima_text *hint);

#endif
