/*
 * state.c — spec §6 AnimationState: tracks with a current TrackEntry and a
 * queue; setAnimation, addAnimation, update(dt) (times, events, completion,
 * queue) and apply() (mixing from the previous entry, §5.1a).
 */
#include <math.h>
#include <stdlib.h>

#include "instance.h"

static void free_entry(ob_entry *entry) {
  while (entry) {
    ob_entry *older = entry->mixing_from;
    free(entry);
    entry = older;
  }
}

void ob_state_free(anima_bone_instance *instance) {
  for (size_t i = 0; i < instance->track_count; i++) {
    free_entry(instance->tracks[i].current);
    ob_entry *queued = instance->tracks[i].queue;
    while (queued) {
      ob_entry *next = queued->next;
      free(queued);
      queued = next;
    }
  }
  free(instance->tracks);
  instance->tracks = NULL;
  instance->track_count = 0;
}

static ob_track *track_at(anima_bone_instance *instance, size_t index) {
  if (index >= instance->track_count) {
    if (index > 1000000) {
      return NULL;
    }
    ob_track *grown =
        realloc(instance->tracks, (index + 1) * sizeof *instance->tracks);
    if (grown == NULL) {
      return NULL;
    }
    for (size_t i = instance->track_count; i <= index; i++) {
      grown[i].current = NULL;
      grown[i].queue = NULL;
    }
    instance->tracks = grown;
    instance->track_count = index + 1;
  }
  return &instance->tracks[index];
}

static ob_entry *new_entry(long animation, bool loop) {
  ob_entry *entry = calloc(1, sizeof *entry);
  if (entry) {
    entry->animation = animation;
    entry->loop = loop;
    entry->prev_time = -1e-6;
    entry->speed = 1;
    entry->alpha = 1;
  }
  return entry;
}

static bool valid(const anima_bone_instance *instance, long animation,
                  double mix) {
  return animation >= 0 &&
         (size_t)animation < instance->model->animation_count &&
         isfinite(mix) && mix >= 0;
}

anima_status anima_bone_set_animation(anima_bone_instance *instance,
                                      size_t track, long animation, bool loop,
                                      double mix) {
  if (!valid(instance, animation, mix)) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  ob_track *slot = track_at(instance, track);
  ob_entry *entry = new_entry(animation, loop);
  if (slot == NULL || entry == NULL) {
    free(entry);
    return ANIMA_ERROR_NO_MEMORY;
  }
  entry->serial = ++instance->entry_serial;
  ob_entry *current = slot->current;
  if (current) {
    ob_audio_stop_owner(instance, current->serial, mix);
  }
  if (current && mix > 0) {
    free_entry(current->mixing_from);
    current->mixing_from = NULL;
    entry->mixing_from = current;
    entry->mix_duration = mix;
  } else {
    free_entry(current);
  }
  slot->current = entry;
  while (slot->queue) {
    ob_entry *next = slot->queue->next;
    free(slot->queue);
    slot->queue = next;
  }
  return ANIMA_OK;
}

anima_status anima_bone_add_animation(anima_bone_instance *instance,
                                      size_t track, long animation, bool loop,
                                      double delay, double mix) {
  if (!valid(instance, animation, mix) || !isfinite(delay)) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  ob_track *slot = track_at(instance, track);
  if (slot == NULL) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  ob_entry *entry = new_entry(animation, loop);
  if (entry == NULL) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  entry->serial = ++instance->entry_serial;
  if (slot->current == NULL) {
    slot->current = entry;
    return ANIMA_OK;
  }
  entry->delay = delay;
  entry->mix = mix;
  ob_entry **end = &slot->queue;
  while (*end) {
    end = &(*end)->next;
  }
  *end = entry;
  return ANIMA_OK;
}

anima_status anima_bone_track_set(anima_bone_instance *instance, size_t track,
                                  anima_bone_track_field field, double value) {
  if (!isfinite(value)) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  if (track >= instance->track_count || !instance->tracks[track].current) {
    return ANIMA_OK;
  }
  ob_entry *entry = instance->tracks[track].current;
  if (field == ANIMA_BONE_TRACK_ALPHA) {
    entry->alpha = value;
  } else {
    entry->speed = value;
  }
  return ANIMA_OK;
}

static void update_track(anima_bone_instance *instance, ob_track *track,
                         double dt) {
  ob_entry *e = track->current;
  const ob_animation_data *animation =
      &instance->model->animations[e->animation];
  e->prev_time = e->time > 0 ? e->time : fmin(e->prev_time, e->time);
  e->time += dt * e->speed;
  if (e->mixing_from) {
    ob_entry *from = e->mixing_from;
    from->prev_time = from->time;
    from->time += dt * from->speed;
  }
  e->mix_time += dt;
  if (e->mix_time >= e->mix_duration && e->mixing_from) {
    free_entry(e->mixing_from);
    e->mixing_from = NULL;
  }
  if (dt > 0) {
    ob_audio_keys_between(instance, e->animation, e->prev_time, e->time,
                          e->loop, e->serial);
    ob_events_between(instance, animation, e->prev_time, e->time, e->loop,
                      e->serial);
  }
  double d = animation->duration;
  if (d > 0) {
    double loops = floor(e->time / d);
    if (e->loop ? loops > e->completed_loops
                : (e->prev_time < d && d <= e->time)) {
      e->completed_loops = loops; /* "complete": not a sample event */
      if (!e->loop) {
        ob_audio_stop_owner(instance, e->serial, 0);
      }
    }
  }
  ob_entry *q = track->queue;
  if (q == NULL) {
    return;
  }
  bool due = q->delay > 0 ? e->time >= q->delay
                          : (!e->loop && e->time >= d) ||
                                (e->loop && d > 0 && e->time >= d);
  if (!due) {
    return;
  }
  track->queue = q->next;
  q->next = NULL;
  ob_audio_stop_owner(instance, e->serial, q->mix);
  free_entry(e->mixing_from);
  e->mixing_from = NULL;
  q->mixing_from = e;
  q->mix_duration = q->mix;
  track->current = q;
}

void ob_state_update(anima_bone_instance *instance, double dt) {
  ob_audio_update(instance, dt);
  for (size_t i = 0; i < instance->track_count; i++) {
    if (instance->tracks[i].current) {
      update_track(instance, &instance->tracks[i], dt);
    }
  }
}

static double local_time(const anima_bone_instance *instance,
                         const ob_entry *entry) {
  return ob_local_time(&instance->model->animations[entry->animation],
                       entry->time, entry->loop);
}

void ob_state_apply(anima_bone_instance *instance) {
  for (size_t i = 0; i < instance->track_count; i++) {
    const ob_entry *e = instance->tracks[i].current;
    if (e == NULL) {
      continue;
    }
    if (e->mixing_from) {
      const ob_entry *from = e->mixing_from;
      double duration = e->mix_duration != 0 ? e->mix_duration : 1;
      double mix = fmin(1, e->mix_time / duration);
      ob_mix_out out = {e->animation, e->alpha * (1 - mix), -1};
      ob_apply_animation(instance, from->animation, local_time(instance, from),
                         e->alpha, &out);
      ob_apply_animation(instance, e->animation, local_time(instance, e),
                         e->alpha * mix, NULL);
    } else {
      ob_apply_animation(instance, e->animation, local_time(instance, e),
                         e->alpha, NULL);
    }
  }
}
