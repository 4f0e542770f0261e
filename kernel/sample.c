/*
 * sample.c — SPEC §5: local time, key sampling, interpolation.
 */
#include "sample.h"

#include <math.h>

#include "ease_evaluate.h"
#include "value_type.h"

double anima_local_time(anima_loop_mode loop, double duration, double played) {
  if (loop == ANIMA_LOOP_ONCE) {
    return played < duration ? played : duration;
  }
  /* Snap to the nearest multiple of the duration when within ε. */
  double multiple = nearbyint(played / duration);
  if (fabs(played - multiple * duration) <= ANIMA_CLOCK_EPSILON) {
    if (loop == ANIMA_LOOP_LOOP) {
      return 0;
    }
    return fmod(multiple, 2) == 0 ? 0 : duration;
  }
  if (loop == ANIMA_LOOP_LOOP) {
    double local = played - duration * floor(played / duration);
    /* Guard the rounding of the subtraction (local lies in [0, d)). */
    return local < 0 ? 0 : (local >= duration ? 0 : local);
  }
  double period = 2 * duration;
  double q = played - period * floor(played / period);
  if (q < 0) {
    q = 0;
  } else if (q > period) {
    q = period;
  }
  return q <= duration ? q : period - q;
}

/* vi + (vi+1 − vi) · w (SPEC §5, §7 lerp). When vi+1 − vi overflows (the
 * ends lie near ±DBL_MAX, both finite) that formula gives NaN for w = 0 and
 * ±inf for w = 1, so the ends are weighted instead: a hold or an unstarted
 * crossfade gives exactly vi, a finished one exactly vi+1. Every other
 * case keeps the spec's arithmetic bit for bit. */
static double number_lerp(double a, double b, double w) {
  double difference = b - a;
  if (isinf(difference) && isfinite(a) && isfinite(b)) {
    return a * (1 - w) + b * w;
  }
  return a + difference * w;
}

static uint8_t round_channel(double c) {
  double rounded = floor(c + 0.5);
  if (!(rounded > 0)) {
    return 0;
  }
  if (rounded > 255) {
    return 255;
  }
  return (uint8_t)rounded;
}

static anima_color color_lerp(anima_color a, anima_color b, double w) {
  anima_color out;
  out.r = round_channel(a.r + (b.r - a.r) * w);
  out.g = round_channel(a.g + (b.g - a.g) * w);
  out.b = round_channel(a.b + (b.b - a.b) * w);
  out.a = round_channel(a.a + (b.a - a.a) * w);
  return out;
}

anima_value anima_value_lerp(const anima_model *model, anima_value a,
                             anima_value b, double w, bool fading,
                             anima_vector *cell) {
  if (b.type >= ANIMA_VALUE_MODULE_FIRST) {
    return anima_module_value_fade(model, &a, &b, w, cell);
  }
  anima_value out = b;
  switch (b.type) {
  case ANIMA_VALUE_NUMBER:
    out.as.number = number_lerp(a.as.number, b.as.number, w);
    break;
  case ANIMA_VALUE_COLOR:
    out.as.color = color_lerp(a.as.color, b.as.color, w);
    break;
  case ANIMA_VALUE_BOOL:
    /* §7: a crossfade ORs both ends, unless a declared feature's rule
     * makes the incoming value replace (module.h crossfade rules). */
    out.as.boolean =
        fading && !(model->crossfade_flags & ANIMA_CROSSFADE_BOOLS_REPLACE)
            ? (a.as.boolean || b.as.boolean)
            : b.as.boolean;
    break;
  }
  return out;
}

/* A module value between two keys (value_type.h), off the hot path. */
static anima_value module_sample(const anima_model *model,
                                 const anima_model_track *track,
                                 const anima_model_key *left, double t,
                                 anima_vector *cell) {
  if (model->slots[track->slot].animation == ANIMA_ANIMATION_HOLD) {
    return left->value;
  }
  const anima_model_key *right = left + 1;
  double snapped = t < left->time ? left->time : t;
  double u = (snapped - left->time) / (right->time - left->time);
  double w = anima_model_ease_evaluate(&left->ease, u);
  return anima_module_value_sample(model, &left->value, &right->value, w, cell);
}

anima_value anima_track_sample(const anima_model *model,
                               const anima_model_track *track, double t,
                               anima_vector *cell) {
  const anima_model_key *keys = model->keys + track->first_key;
  size_t count = track->key_count;
  /* The last key reached by t; keys are few, a linear scan is fastest. */
  size_t index = 0;
  if (!anima_clock_reached(t, keys[0].time)) {
    return keys[0].value;
  }
  while (index + 1 < count && anima_clock_reached(t, keys[index + 1].time)) {
    index++;
  }
  if (index + 1 == count) {
    return keys[index].value;
  }
  const anima_model_key *left = &keys[index];
  const anima_model_key *right = &keys[index + 1];
  anima_value_type type = left->value.type;
  if (type == ANIMA_VALUE_BOOL) {
    return left->value;
  }
  if (type >= ANIMA_VALUE_MODULE_FIRST) {
    return module_sample(model, track, left, t, cell);
  }
  double snapped = t < left->time ? left->time : t;
  double u = (snapped - left->time) / (right->time - left->time);
  anima_value out = left->value;
  if (left->ease.kind == ANIMA_MODEL_EASE_MODULE &&
      left->ease.module->kind->value && type == ANIMA_VALUE_NUMBER && u > 0 &&
      u < 1) {
    /* A value curve (module.h anima_ease_kind_desc.value): the segment's
     * value itself, not a weight; validation keeps it to number keys. */
    const anima_model_module_ease *curve = left->ease.module;
    double value = curve->kind->value(
        curve->arguments, curve->count, u, left->value.as.number,
        right->value.as.number, curve->kind->user);
    if (isfinite(value)) {
      out.as.number = value;
      return out;
    }
  }
  double w = anima_model_ease_evaluate(&left->ease, u);
  if (type == ANIMA_VALUE_NUMBER) {
    out.as.number =
        number_lerp(left->value.as.number, right->value.as.number, w);
  } else {
    out.as.color = color_lerp(left->value.as.color, right->value.as.color, w);
  }
  return out;
}
