/*
 * compile_timelines.c — inputs (SPEC §8) and timelines (SPEC §5): tracks
 * resolved to slots, keys with compiled eases, events sorted by time.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "compile_internal.h"
#include "ease_evaluate.h"
#include "format_names.h"
#include "kinds.h"
#include "value_type.h"

anima_status anima_compile_inputs(anima_compiler *compiler) {
  anima_model *model = compiler->model;
  const json_t *inputs = json_object_get(compiler->document, "inputs");
  const char *name;
  const json_t *object;
  if (inputs && !json_is_object(inputs)) {
    return ANIMA_ERROR_INVALID_DOCUMENT;
  }
  json_object_foreach((json_t *)inputs, name, object) {
    if (anima_compile_is_comment(name)) {
      continue;
    }
    size_t index;
    if (!ANIMA_COMPILE_APPEND(model->inputs, model->input_count,
                              compiler->input_capacity, index)) {
      return ANIMA_ERROR_NO_MEMORY;
    }
    anima_model_input *input = &model->inputs[index];
    input->name = anima_model_intern(model, name);
    if (!input->name) {
      return ANIMA_ERROR_NO_MEMORY;
    }
    const char *type = anima_json_string_member(object, "type");
    const json_t *fallback = json_object_get(object, "default");
    input->minimum = -INFINITY;
    input->maximum = INFINITY;
    if (type && strcmp(type, "bool") == 0) {
      input->type = ANIMA_INPUT_BOOL;
      input->default_bool = json_is_true(fallback);
    } else if (type && strcmp(type, "number") == 0) {
      input->type = ANIMA_INPUT_NUMBER;
      input->default_number = anima_json_number_or(fallback, 0);
      input->minimum =
          anima_json_number_or(json_object_get(object, "min"), -INFINITY);
      input->maximum =
          anima_json_number_or(json_object_get(object, "max"), INFINITY);
    } else if (type && strcmp(type, "trigger") == 0) {
      input->type = ANIMA_INPUT_TRIGGER;
      input->buffer =
          anima_json_number_or(json_object_get(object, "buffer"), 0);
    } else {
      return ANIMA_ERROR_INVALID_DOCUMENT;
    }
  }
  return ANIMA_OK;
}

static anima_status compile_keys(anima_compiler *compiler, const json_t *keys,
                                 size_t track_index) {
  anima_model *model = compiler->model;
  anima_model_track *track = &model->tracks[track_index];
  anima_value_type type = model->slots[track->slot].type;
  track->first_key = model->key_count;
  if (!json_is_array(keys) || json_array_size(keys) == 0) {
    return ANIMA_ERROR_INVALID_DOCUMENT;
  }
  for (size_t i = 0; i < json_array_size(keys); i++) {
    const json_t *key = json_array_get(keys, i);
    size_t index;
    if (!json_is_array(key) || json_array_size(key) < 2 ||
        !json_is_number(json_array_get(key, 0))) {
      return ANIMA_ERROR_INVALID_DOCUMENT;
    }
    if (!ANIMA_COMPILE_APPEND(model->keys, model->key_count,
                              compiler->key_capacity, index)) {
      return ANIMA_ERROR_NO_MEMORY;
    }
    anima_model_key *compiled = &model->keys[index];
    compiled->time = json_number_value(json_array_get(key, 0));
    if (type >= ANIMA_VALUE_MODULE_FIRST) {
      anima_status status = anima_compile_module_value(
          compiler, json_array_get(key, 1), type, &compiled->value);
      if (status != ANIMA_OK) {
        return status;
      }
    } else if (!anima_compile_value(model, json_array_get(key, 1), type,
                                    &compiled->value)) {
      return ANIMA_ERROR_INVALID_DOCUMENT;
    }
    compiled->ease = anima_model_ease_linear();
    const json_t *ease = json_array_get(key, 2);
    if (json_is_string(ease)) {
      anima_status status = anima_compile_ease(
          compiler, json_string_value(ease), &compiled->ease);
      if (status != ANIMA_OK) {
        return status;
      }
    }
    if (index > track->first_key && !(compiled->time > compiled[-1].time)) {
      return ANIMA_ERROR_INVALID_DOCUMENT; /* key-order */
    }
  }
  model->tracks[track_index].key_count =
      model->key_count - model->tracks[track_index].first_key;
  return ANIMA_OK;
}

/* Sorts events by time, keeping the authored order of equal times (a
 * stable merge sort; `scratch` holds `count` events). */
static void sort_events(anima_model_event *events, anima_model_event *scratch,
                        size_t count) {
  if (count < 2) {
    return;
  }
  size_t half = count / 2;
  sort_events(events, scratch, half);
  sort_events(events + half, scratch, count - half);
  size_t left = 0, right = half, out = 0;
  while (left < half && right < count) {
    scratch[out++] = events[right].time < events[left].time ? events[right++]
                                                            : events[left++];
  }
  while (left < half) {
    scratch[out++] = events[left++];
  }
  while (right < count) {
    scratch[out++] = events[right++];
  }
  memcpy(events, scratch, count * sizeof *events);
}

static anima_status compile_events(anima_compiler *compiler,
                                   const json_t *events,
                                   anima_model_timeline *timeline) {
  anima_model *model = compiler->model;
  timeline->first_event = model->event_count;
  if (events && !json_is_array(events)) {
    return ANIMA_ERROR_INVALID_DOCUMENT;
  }
  for (size_t i = 0; i < json_array_size(events); i++) {
    const json_t *event = json_array_get(events, i);
    const json_t *name = json_array_get(event, 1);
    size_t index;
    if (!json_is_number(json_array_get(event, 0)) || !json_is_string(name)) {
      return ANIMA_ERROR_INVALID_DOCUMENT;
    }
    if (!ANIMA_COMPILE_APPEND(model->events, model->event_count,
                              compiler->event_capacity, index)) {
      return ANIMA_ERROR_NO_MEMORY;
    }
    model->events[index].time = json_number_value(json_array_get(event, 0));
    model->events[index].name =
        anima_model_intern(model, json_string_value(name));
    if (!model->events[index].name) {
      return ANIMA_ERROR_NO_MEMORY;
    }
  }
  timeline->event_count = model->event_count - timeline->first_event;
  if (timeline->event_count > 1) {
    anima_model_event *scratch =
        malloc(timeline->event_count * sizeof *scratch);
    if (!scratch) {
      return ANIMA_ERROR_NO_MEMORY;
    }
    sort_events(model->events + timeline->first_event, scratch,
                timeline->event_count);
    free(scratch);
  }
  return ANIMA_OK;
}

static int option_index(const char *text, const char *const *options,
                        int fallback) {
  for (int i = 0; text && options[i]; i++) {
    if (strcmp(text, options[i]) == 0) {
      return i;
    }
  }
  return fallback;
}

anima_status anima_compile_timelines(anima_compiler *compiler) {
  anima_model *model = compiler->model;
  const json_t *timelines = json_object_get(compiler->document, "timelines");
  const char *name;
  const json_t *object;
  if (timelines && !json_is_object(timelines)) {
    return ANIMA_ERROR_INVALID_DOCUMENT;
  }
  json_object_foreach((json_t *)timelines, name, object) {
    if (anima_compile_is_comment(name)) {
      continue;
    }
    size_t index;
    if (!ANIMA_COMPILE_APPEND(model->timelines, model->timeline_count,
                              compiler->timeline_capacity, index)) {
      return ANIMA_ERROR_NO_MEMORY;
    }
    anima_model_timeline *timeline = &model->timelines[index];
    timeline->name = anima_model_intern(model, name);
    timeline->duration =
        anima_json_number_or(json_object_get(object, "duration"), 0);
    timeline->loop =
        (anima_loop_mode)option_index(anima_json_string_member(object, "loop"),
                                      anima_loop_mode_names, ANIMA_LOOP_ONCE);
    timeline->reduced_motion = (anima_reduced_motion)option_index(
        anima_json_string_member(object, "reducedMotion"),
        anima_reduced_motion_names, ANIMA_REDUCED_MOTION_END);
    if (!timeline->name) {
      return ANIMA_ERROR_NO_MEMORY;
    }
    if (!(timeline->duration > 0) || !isfinite(timeline->duration)) {
      return ANIMA_ERROR_INVALID_DOCUMENT;
    }
    timeline->first_track = model->track_count;
    const json_t *tracks = json_object_get(object, "tracks");
    const char *address;
    const json_t *keys;
    if (tracks && !json_is_object(tracks)) {
      return ANIMA_ERROR_INVALID_DOCUMENT;
    }
    json_object_foreach((json_t *)tracks, address, keys) {
      if (anima_compile_is_comment(address)) {
        continue;
      }
      long slot = anima_compile_address(model, address);
      size_t track;
      if (slot < 0) {
        return ANIMA_ERROR_INVALID_DOCUMENT;
      }
      if (!ANIMA_COMPILE_APPEND(model->tracks, model->track_count,
                                compiler->track_capacity, track)) {
        return ANIMA_ERROR_NO_MEMORY;
      }
      model->tracks[track].slot = (size_t)slot;
      model->slots[slot].animated = true;
      anima_status status = compile_keys(compiler, keys, track);
      if (status != ANIMA_OK) {
        return status;
      }
    }
    timeline = &model->timelines[index];
    timeline->track_count = model->track_count - timeline->first_track;
    anima_status status =
        compile_events(compiler, json_object_get(object, "events"), timeline);
    if (status != ANIMA_OK) {
      return status;
    }
  }
  return ANIMA_OK;
}
