/*
 * animation.c — spec §5: applyAnimation (timelines in array order, per
 * target §5.1, mixing out §5.1a), sampling (locate, sampleStep,
 * sampleArray), localTime and the events crossed (§5.2).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "instance.h"

double ob_local_time(const ob_animation_data *animation, double total,
                     bool loop) {
  double d = animation->duration;
  if (d <= 0) {
    return 0;
  }
  if (loop) {
    return fmod(fmod(total, d) + d, d);
  }
  return total < 0 ? 0 : total > d ? d : total;
}

/* locate (§5): the left key `a`, the right key `b` (NULL when the value is
 * a's alone) and the curve-mapped fraction `t`. */
static const ob_key *locate(const ob_timeline *timeline, double time,
                            const ob_key **b, double *t) {
  const ob_key *keys = timeline->keys;
  size_t n = timeline->key_count;
  *b = NULL;
  *t = 0;
  if (time <= keys[0].time) {
    return &keys[0];
  }
  if (time >= keys[n - 1].time) {
    return &keys[n - 1];
  }
  size_t lo = 0, hi = n - 1; /* keys[lo].time ≤ time < keys[hi].time */
  while (hi - lo > 1) {
    size_t mid = lo + (hi - lo) / 2;
    if (keys[mid].time <= time) {
      lo = mid;
    } else {
      hi = mid;
    }
  }
  const ob_key *a = &keys[lo];
  double span = keys[lo + 1].time - a->time;
  double f = (time - a->time) / (span != 0 ? span : 1);
  if (a->curve != OB_CURVE_STEPPED) {
    *b = &keys[lo + 1];
    *t = ob_eval_curve(a, f);
  }
  return a;
}

static double sample_number(const ob_timeline *timeline, double time) {
  const ob_key *b;
  double t;
  const ob_key *a = locate(timeline, time, &b, &t);
  return b ? ob_lerp(a->number, b->number, t) : a->number;
}

static ob_color sample_color(const ob_timeline *timeline, double time) {
  const ob_key *b;
  double t;
  const ob_key *a = locate(timeline, time, &b, &t);
  return b ? ob_lerp_color(a->color, b->color, t) : a->color;
}

/* sampleStep: the left key, curves ignored. */
static const ob_key *sample_step(const ob_timeline *timeline, double time) {
  const ob_key *b;
  double t;
  const ob_key *a = locate(timeline, time, &b, &t);
  (void)b;
  (void)t;
  /* locate returns the left key in every case. */
  return a;
}

/* sampleArray into the instance's scratch; returns the length. */
static size_t sample_array(anima_bone_instance *instance,
                           const ob_timeline *timeline, double time) {
  const ob_key *b;
  double t;
  const ob_key *a = locate(timeline, time, &b, &t);
  double *out = instance->array_scratch;
  if (b == NULL) {
    memcpy(out, a->array, a->array_length * sizeof(double));
    return a->array_length;
  }
  size_t n =
      a->array_length > b->array_length ? a->array_length : b->array_length;
  for (size_t i = 0; i < n; i++) {
    double left = i < a->array_length ? a->array[i] : 0;
    double right = i < b->array_length ? b->array[i] : 0;
    out[i] = ob_lerp(left, right, t);
  }
  return n;
}

static double js_or_zero(double value) {
  return isnan(value) ? 0 : value;
}

static void apply_bone(anima_bone_instance *instance,
                       const ob_timeline *timeline, double time, double alpha) {
  ob_bone_state *bone = &instance->bones[timeline->index];
  if (timeline->property == OB_PROPERTY_INHERIT) {
    if (alpha >= 0.5) {
      bone->inherit = (ob_inherit)(int)sample_step(timeline, time)->number;
    }
    return;
  }
  double v = sample_number(timeline, time);
  double *field = NULL;
  switch (timeline->property) {
  case OB_PROPERTY_X:
    field = &bone->pose.x;
    break;
  case OB_PROPERTY_Y:
    field = &bone->pose.y;
    break;
  case OB_PROPERTY_ROTATION:
    field = &bone->pose.rotation;
    break;
  case OB_PROPERTY_SCALE_X:
    field = &bone->pose.scale_x;
    break;
  case OB_PROPERTY_SCALE_Y:
    field = &bone->pose.scale_y;
    break;
  case OB_PROPERTY_SHEAR_X:
    field = &bone->pose.shear_x;
    break;
  case OB_PROPERTY_SHEAR_Y:
    field = &bone->pose.shear_y;
    break;
  default:
    return;
  }
  if (alpha >= 1) {
    *field = v;
  } else if (timeline->property == OB_PROPERTY_ROTATION) {
    *field = ob_lerp_angle(*field, v, alpha);
  } else {
    *field = ob_lerp(*field, v, alpha);
  }
}

static void apply_slot(anima_bone_instance *instance,
                       const ob_timeline *timeline, double time, double alpha) {
  ob_slot_state *slot = &instance->slots[timeline->index];
  switch (timeline->property) {
  case OB_PROPERTY_COLOR: {
    ob_color v = sample_color(timeline, time);
    slot->color = alpha >= 1 ? v : ob_lerp_color(slot->color, v, alpha);
    return;
  }
  case OB_PROPERTY_DARK: {
    ob_color v = sample_color(timeline, time);
    ob_color base = slot->has_dark ? slot->dark : (ob_color){0, 0, 0, 1};
    slot->dark = alpha >= 1 ? v : ob_lerp_color(base, v, alpha);
    slot->has_dark = true;
    return;
  }
  case OB_PROPERTY_ATTACHMENT:
    if (alpha >= 0.5) {
      slot->attachment = sample_step(timeline, time)->string;
    }
    return;
  default:
    return;
  }
}

static void apply_ik(anima_bone_instance *instance, const ob_timeline *timeline,
                     double time, double alpha) {
  double *values = instance->values[timeline->index];
  switch (timeline->property) {
  case OB_PROPERTY_IK_MIX:
  case OB_PROPERTY_IK_SOFTNESS: {
    int p =
        timeline->property == OB_PROPERTY_IK_MIX ? OB_IK_MIX : OB_IK_SOFTNESS;
    values[p] =
        ob_lerp(js_or_zero(values[p]), sample_number(timeline, time), alpha);
    return;
  }
  case OB_PROPERTY_IK_BEND:
  case OB_PROPERTY_IK_STRETCH:
  case OB_PROPERTY_IK_COMPRESS:
    if (alpha >= 0.5) {
      int p = timeline->property == OB_PROPERTY_IK_BEND      ? OB_IK_BEND
              : timeline->property == OB_PROPERTY_IK_STRETCH ? OB_IK_STRETCH
                                                             : OB_IK_COMPRESS;
      values[p] = sample_step(timeline, time)->number;
    }
    return;
  default:
    return;
  }
}

/* transform `*` (§5.1): values[p] = lerp(values[p] ‖ 0, v, alpha). */
static void apply_constraint_value(anima_bone_instance *instance,
                                   const ob_timeline *timeline, double time,
                                   double alpha) {
  double *value = &instance->values[timeline->index][timeline->value];
  *value = ob_lerp(js_or_zero(*value), sample_number(timeline, time), alpha);
}

/* sequence `frame` (§5.1): if alpha ≥ 0.5, the keyed frame number. */
static void apply_sequence(anima_bone_instance *instance,
                           const ob_timeline *timeline, double time,
                           double alpha) {
  ob_sequence_key *key =
      ob_slot_sequence(&instance->slots[timeline->index], timeline->attachment);
  if (key == NULL || alpha < 0.5) {
    return;
  }
  key->frame = sample_number(timeline, time);
  key->set = true;
}

/* §5.1 particles: `emitting` stepped at alpha ≥ 0.5; `rate` lerped over
 * the current rate ‖ the attachment's rate (0 when the slot shows no
 * particles). */
static void apply_particles(anima_bone_instance *instance,
                            const ob_timeline *timeline, double time,
                            double alpha) {
  ob_particle_values *values = &instance->particle_values[timeline->index];
  if (timeline->property == OB_PROPERTY_EMITTING) {
    if (alpha >= 0.5) {
      values->has_emitting = true;
      values->emitting = sample_step(timeline, time)->number != 0;
    }
    return;
  }
  const ob_attachment *att =
      ob_attachment_lookup(instance, (size_t)timeline->index,
                           instance->slots[timeline->index].attachment);
  double base = att && att->particles ? att->particles->rate : 0;
  double current = values->has_rate ? values->rate : 0;
  current = current == 0 || current != current ? base : current;
  values->rate = ob_lerp(current, sample_number(timeline, time), alpha);
  values->has_rate = true;
}

static void apply_deform(anima_bone_instance *instance,
                         const ob_timeline *timeline, double time,
                         double alpha) {
  ob_deform *deform =
      ob_slot_deform(&instance->slots[timeline->index], timeline->attachment);
  if (deform == NULL) {
    return;
  }
  size_t n = sample_array(instance, timeline, time);
  const double *v = instance->array_scratch;
  for (size_t i = 0; i < n; i++) {
    if (deform->set && alpha < 1) {
      double current = i < deform->length ? js_or_zero(deform->offsets[i]) : 0;
      deform->offsets[i] = ob_lerp(current, v[i], alpha);
    } else if (alpha < 1) {
      deform->offsets[i] = v[i] * alpha;
    } else {
      deform->offsets[i] = v[i];
    }
  }
  deform->length = n;
  deform->set = true;
}

/* drawOrder (§5.1): unlisted slots keep their setup index; the listed slots
 * fill the remaining indices in listed order, back to front. */
static void apply_draw_order(anima_bone_instance *instance,
                             const ob_timeline *timeline, double time,
                             double alpha) {
  if (alpha < 0.5) {
    return;
  }
  const ob_key *key = sample_step(timeline, time);
  size_t count = instance->model->slot_count;
  size_t *order = instance->draw_order;
  bool *listed = instance->order_taken;
  memset(listed, 0, count * sizeof(bool));
  for (size_t i = 0; i < key->order_length; i++) {
    listed[key->order[i]] = true;
  }
  size_t next = 0;
  for (size_t index = 0; index < count; index++) {
    if (!listed[index] || key->is_null) {
      order[index] = index;
    } else {
      order[index] = (size_t)key->order[next++];
    }
  }
}

static bool blends(const ob_timeline *timeline) {
  switch (timeline->property) {
  case OB_PROPERTY_X:
  case OB_PROPERTY_Y:
  case OB_PROPERTY_ROTATION:
  case OB_PROPERTY_SCALE_X:
  case OB_PROPERTY_SCALE_Y:
  case OB_PROPERTY_SHEAR_X:
  case OB_PROPERTY_SHEAR_Y:
  case OB_PROPERTY_COLOR:
  case OB_PROPERTY_DARK:
  case OB_PROPERTY_IK_MIX:
  case OB_PROPERTY_IK_SOFTNESS:
  case OB_PROPERTY_OFFSETS:
  case OB_PROPERTY_CONSTRAINT_VALUE:
  case OB_PROPERTY_RATE:
    return true;
  default:
    return false;
  }
}

static bool same_text(const char *a, const char *b) {
  return (a == NULL && b == NULL) || (a && b && strcmp(a, b) == 0);
}

/* §5.1a "keys": `into` has a timeline with a key and the same target, id,
 * property and attachment. */
static bool keyed_by(const ob_animation_data *into,
                     const ob_timeline *timeline) {
  for (size_t i = 0; i < into->timeline_count; i++) {
    const ob_timeline *other = &into->timelines[i];
    if (other->key_count > 0 && other->target == timeline->target &&
        same_text(other->target_id, timeline->target_id) &&
        same_text(other->property_name, timeline->property_name) &&
        same_text(other->attachment, timeline->attachment)) {
      return true;
    }
  }
  return false;
}

void ob_apply_animation(anima_bone_instance *instance, long animation,
                        double time, double alpha, const ob_mix_out *mix_out) {
  ob_apply_timelines(instance, animation, time, alpha, mix_out,
                     OB_TIMELINES_ALL);
}

void ob_apply_timelines(anima_bone_instance *instance, long animation,
                        double time, double alpha, const ob_mix_out *mix_out,
                        ob_timeline_filter filter) {
  const anima_bone_model *model = instance->model;
  if (animation < 0 || alpha <= 0) {
    return;
  }
  const ob_animation_data *data = &model->animations[animation];
  if (alpha >= 0.5 || !instance->has_animation_time) {
    instance->animation_time = time;
    instance->has_animation_time = true;
  }
  const ob_animation_data *into =
      mix_out && mix_out->into >= 0 ? &model->animations[mix_out->into] : NULL;
  const ob_animation_data *also = mix_out && mix_out->also_into >= 0
                                      ? &model->animations[mix_out->also_into]
                                      : NULL;
  for (size_t i = 0; i < data->timeline_count; i++) {
    const ob_timeline *timeline = &data->timelines[i];
    if (timeline->key_count == 0 || timeline->target == OB_TARGET_OTHER ||
        (timeline->target != OB_TARGET_DRAW_ORDER && timeline->index < 0)) {
      continue;
    }
    bool bone = timeline->target == OB_TARGET_BONE;
    if ((filter == OB_TIMELINES_BONES && !bone) ||
        (filter == OB_TIMELINES_NOT_BONES && bone)) {
      continue;
    }
    double a = alpha;
    if (mix_out && blends(timeline) && !(into && keyed_by(into, timeline)) &&
        !(also && keyed_by(also, timeline))) {
      a = mix_out->alpha;
    }
    if (a <= 0) {
      continue;
    }
    switch (timeline->target) {
    case OB_TARGET_BONE:
      apply_bone(instance, timeline, time, a);
      break;
    case OB_TARGET_SLOT:
      apply_slot(instance, timeline, time, a);
      break;
    case OB_TARGET_IK:
      apply_ik(instance, timeline, time, a);
      break;
    case OB_TARGET_TRANSFORM:
    case OB_TARGET_PATH:
    case OB_TARGET_PHYSICS:
      apply_constraint_value(instance, timeline, time, a);
      break;
    case OB_TARGET_DEFORM:
      apply_deform(instance, timeline, time, a);
      break;
    case OB_TARGET_DRAW_ORDER:
      apply_draw_order(instance, timeline, time, a);
      break;
    case OB_TARGET_SEQUENCE:
      apply_sequence(instance, timeline, time, a);
      break;
    case OB_TARGET_PARTICLES:
      apply_particles(instance, timeline, time, a);
      break;
    default:
      break;
    }
  }
}

/* Room for one more event record; NULL (with event_overflow) when the
 * list is full or memory ran out. */
static anima_bone_event *new_record(anima_bone_instance *instance) {
  if (instance->event_count >= OB_MAXIMUM_EVENTS) {
    instance->event_overflow = true;
    return NULL;
  }
  if (instance->event_count == instance->event_capacity) {
    size_t capacity =
        instance->event_capacity ? 2 * instance->event_capacity : 16;
    anima_bone_event *grown =
        realloc(instance->events, capacity * sizeof *grown);
    if (grown == NULL) {
      instance->event_overflow = true;
      return NULL;
    }
    instance->events = grown;
    instance->event_capacity = capacity;
  }
  return &instance->events[instance->event_count++];
}

void ob_push_record(anima_bone_instance *instance, const char *name,
                    double time, double int_value, double float_value,
                    const char *string) {
  anima_bone_event *record = new_record(instance);
  if (record) {
    record->name = name;
    record->time = time;
    record->int_value = int_value;
    record->float_value = float_value;
    record->string = string;
    record->animation = NULL;
  }
}

static void push_event(anima_bone_instance *instance,
                       const ob_animation_data *animation,
                       const ob_event_key *key, unsigned long owner) {
  if (instance->event_count >= OB_MAXIMUM_EVENTS) {
    instance->event_overflow = true;
    return;
  }
  if (instance->event_count == instance->event_capacity) {
    size_t capacity =
        instance->event_capacity ? 2 * instance->event_capacity : 16;
    anima_bone_event *grown =
        realloc(instance->events, capacity * sizeof *grown);
    if (grown == NULL) {
      instance->event_overflow = true;
      return;
    }
    instance->events = grown;
    instance->event_capacity = capacity;
  }
  const ob_event_data *event = &instance->model->events[key->event];
  /* §6: play its audio (owner = entry), then emit "event". */
  ob_play_options options = {
      event->has_volume,  event->volume, false, 0, false, false, owner, -1, -1,
      event->audio_source};
  ob_audio_play(instance, event->audio, &options);
  anima_bone_event *record = &instance->events[instance->event_count++];
  record->name = event->name;
  record->time = key->time;
  record->int_value = key->has_int ? key->int_value : event->int_value;
  record->float_value = key->has_float ? key->float_value : event->float_value;
  record->string = key->has_string ? key->string : event->string;
  record->animation = animation->id;
}

/* §5.2 eventsBetween over total (unwrapped) times (previous, next]. */
void ob_events_between(anima_bone_instance *instance,
                       const ob_animation_data *animation, double previous,
                       double next, bool loop, unsigned long owner) {
  if (next <= previous) {
    return;
  }
  double d = animation->duration;
  for (size_t i = 0; i < animation->event_count; i++) {
    const ob_event_key *key = &animation->events[i];
    if (key->event < 0) {
      continue;
    }
    if (!loop || d <= 0) {
      if (previous < key->time && key->time <= next) {
        push_event(instance, animation, key, owner);
      }
      continue;
    }
    double first = floor(previous / d), last = floor(next / d);
    if (last - first > OB_MAXIMUM_CYCLES) {
      instance->event_overflow = true; /* reported by advance */
      return;
    }
    for (double c = first; c <= last; c++) {
      double at = c * d + key->time;
      if (previous < at && at <= next) {
        push_event(instance, animation, key, owner);
      }
    }
  }
}
