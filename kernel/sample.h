/*
 * sample.h — timeline sampling (SPEC §5): clock boundaries, local time,
 * key sampling, value interpolation. Pure functions over the compiled
 * model; no allocation. Kernel-private: not exported from
 * libanima.so; unit tests link the kernel's static library.
 */
#ifndef ANIMA_KERNEL_SAMPLE_H
#define ANIMA_KERNEL_SAMPLE_H

#include <stdbool.h>

#include "model.h"

/** The clock-boundary constant ε of SPEC §5, in seconds. */
#define ANIMA_CLOCK_EPSILON 1e-9

/** SPEC §5: clock `t` has reached boundary `b` iff t >= b - ε. */
static inline bool anima_clock_reached(double t, double b) {
  return t >= b - ANIMA_CLOCK_EPSILON;
}

/**
 * Local time of a timeline of duration `duration` played for `played`
 * seconds (SPEC §5 "Local time"): once -> min(τ, d); loop -> τ folded into
 * [0, d); pingpong -> folded into [0, d] and reflected. For loop and
 * pingpong an offset within ε of an integer multiple of d is snapped to it
 * first: a loop boundary folds to 0, a pingpong turn to its endpoint (0 at
 * even multiples, d at odd ones).
 */
double anima_local_time(anima_loop_mode loop, double duration, double played);

/** True when a `once` timeline played for `played` seconds has finished
 * (τ reached d, SPEC §5 and §7 clock boundaries). */
static inline bool anima_once_finished(double duration, double played) {
  return anima_clock_reached(played, duration);
}

/**
 * A track's value at local time `t` (SPEC §5 "Sampling"): the last key
 * reached by t (or the first if none), t snapped to that key when within ε
 * before it; the left key's ease maps u to w; booleans hold; colours round
 * with floor(c + 0.5) and clamp; module values hold or interpolate by
 * their type (value_type.h), an interpolated VECTOR into `cell` (NULL for
 * other types).
 */
anima_value anima_track_sample(const anima_model *model,
                               const anima_model_track *track, double t,
                               anima_vector *cell);

/**
 * Interpolates two values of the same type with weight `w` (SPEC §5, §7):
 * numbers a + (b − a)·w; colours per channel with floor(c + 0.5) and a
 * clamp to 0..255; booleans `a || b` while `fading` (b when a declared
 * feature's crossfade rule says ANIMA_CROSSFADE_BOOLS_REPLACE), else b; module
 * values as anima_module_value_fade (an interpolated VECTOR into `cell`).
 */
anima_value anima_value_lerp(const anima_model *model, anima_value a,
                             anima_value b, double w, bool fading,
                             anima_vector *cell);

#endif
