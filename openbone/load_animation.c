/*
 * load_animation.c — animations, timelines, keys and event keys (spec §5,
 * §5.2; Part B.6). Keys must be sorted by time; each value is checked
 * against its property's type.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "load_internal.h"

typedef struct property_name {
  ob_target target;
  const char *name;
  ob_property property;
} property_name;

static const property_name properties[] = {
    {OB_TARGET_BONE, "x", OB_PROPERTY_X},
    {OB_TARGET_BONE, "y", OB_PROPERTY_Y},
    {OB_TARGET_BONE, "rotation", OB_PROPERTY_ROTATION},
    {OB_TARGET_BONE, "scaleX", OB_PROPERTY_SCALE_X},
    {OB_TARGET_BONE, "scaleY", OB_PROPERTY_SCALE_Y},
    {OB_TARGET_BONE, "shearX", OB_PROPERTY_SHEAR_X},
    {OB_TARGET_BONE, "shearY", OB_PROPERTY_SHEAR_Y},
    {OB_TARGET_BONE, "inherit", OB_PROPERTY_INHERIT},
    {OB_TARGET_SLOT, "color", OB_PROPERTY_COLOR},
    {OB_TARGET_SLOT, "dark", OB_PROPERTY_DARK},
    {OB_TARGET_SLOT, "attachment", OB_PROPERTY_ATTACHMENT},
    {OB_TARGET_IK, "mix", OB_PROPERTY_IK_MIX},
    {OB_TARGET_IK, "softness", OB_PROPERTY_IK_SOFTNESS},
    {OB_TARGET_IK, "bend", OB_PROPERTY_IK_BEND},
    {OB_TARGET_IK, "stretch", OB_PROPERTY_IK_STRETCH},
    {OB_TARGET_IK, "compress", OB_PROPERTY_IK_COMPRESS},
    {OB_TARGET_DEFORM, "offsets", OB_PROPERTY_OFFSETS},
    {OB_TARGET_SEQUENCE, "frame", OB_PROPERTY_FRAME},
    {OB_TARGET_PARTICLES, "emitting", OB_PROPERTY_EMITTING},
    {OB_TARGET_PARTICLES, "rate", OB_PROPERTY_RATE},
};

static const char *inherit_names[] = {"normal", "onlyTranslation", "noRotation",
                                      "noScale"};

static bool read_curve(ob_loader *loader, json_t *key, const char *pointer,
                       ob_key *out) {
  json_t *curve = json_object_get(key, "curve");
  out->curve = OB_CURVE_LINEAR;
  if (curve == NULL) {
    return true;
  }
  if (json_is_string(curve)) {
    if (strcmp(json_string_value(curve), "linear") == 0) {
      return true;
    }
    if (strcmp(json_string_value(curve), "stepped") == 0) {
      out->curve = OB_CURVE_STEPPED;
      return true;
    }
  } else if (json_is_array(curve) && json_array_size(curve) == 4) {
    bool numbers = true;
    for (size_t i = 0; i < 4; i++) {
      json_t *item = json_array_get(curve, i);
      numbers &= json_is_number(item);
      out->bezier[i] = json_number_value(item);
    }
    if (numbers) {
      out->curve = OB_CURVE_BEZIER;
      return true;
    }
  }
  char *at = ob_pointer_key(loader, pointer, "curve");
  ob_error(loader, "bad-curve", at,
           "\"linear\", \"stepped\" or [x1, y1, x2, y2]",
           "this is not a curve");
  free(at);
  return false;
}

static void bad_value(ob_loader *loader, const char *pointer,
                      const char *expected) {
  char *at = ob_pointer_key(loader, pointer, "value");
  ob_error(loader, "bad-value", at, NULL, "a key value here must be %s",
           expected);
  free(at);
}

static void read_value(ob_loader *loader, json_t *key, const char *pointer,
                       const ob_timeline *timeline, ob_key *out) {
  json_t *value = json_object_get(key, "value");
  if (value == NULL) {
    ob_error(loader, "missing-key", pointer, NULL,
             "the required key \"value\" is missing");
    return;
  }
  switch (timeline->property) {
  case OB_PROPERTY_INHERIT:
    for (int i = 0; i < 4 && json_is_string(value); i++) {
      if (strcmp(json_string_value(value), inherit_names[i]) == 0) {
        out->number = i;
        return;
      }
    }
    bad_value(loader, pointer,
              "an inherit mode (normal, onlyTranslation, noRotation, "
              "noScale)");
    return;
  case OB_PROPERTY_COLOR:
  case OB_PROPERTY_DARK: {
    char *at = ob_pointer_key(loader, pointer, "value");
    ob_color_value(loader, value, at, &out->color);
    free(at);
    return;
  }
  case OB_PROPERTY_ATTACHMENT:
    if (json_is_null(value)) {
      out->string = NULL;
    } else if (json_is_string(value)) {
      out->string = strdup(json_string_value(value));
      loader->out_of_memory |= out->string == NULL;
    } else {
      bad_value(loader, pointer, "an attachment name or null");
    }
    return;
  case OB_PROPERTY_IK_BEND:
  case OB_PROPERTY_IK_STRETCH:
  case OB_PROPERTY_IK_COMPRESS:
  case OB_PROPERTY_EMITTING:
    if (json_is_boolean(value)) {
      out->number = json_is_true(value) ? 1 : 0;
    } else if (json_is_number(value)) {
      out->number = json_number_value(value);
    } else {
      bad_value(loader, pointer, "true, false or a number");
    }
    return;
  case OB_PROPERTY_OFFSETS: {
    size_t n = json_array_size(value);
    if (!json_is_array(value)) {
      bad_value(loader, pointer, "a list of numbers");
      return;
    }
    out->array = malloc((n ? n : 1) * sizeof(double));
    if (out->array == NULL) {
      loader->out_of_memory = true;
      return;
    }
    for (size_t i = 0; i < n; i++) {
      json_t *item = json_array_get(value, i);
      if (!json_is_number(item)) {
        bad_value(loader, pointer, "a list of numbers");
        return;
      }
      out->array[i] = json_number_value(item);
    }
    out->array_length = n;
    if (n > loader->model->max_deform) {
      loader->model->max_deform = n;
    }
    return;
  }
  case OB_PROPERTY_NONE:
    if (timeline->target == OB_TARGET_DRAW_ORDER) {
      if (json_is_null(value)) {
        out->is_null = true;
        return;
      }
      size_t n = json_array_size(value);
      if (!json_is_array(value)) {
        bad_value(loader, pointer, "a list of slot ids or null");
        return;
      }
      out->order = malloc((n ? n : 1) * sizeof(long));
      if (out->order == NULL) {
        loader->out_of_memory = true;
        return;
      }
      for (size_t i = 0; i < n; i++) {
        json_t *item = json_array_get(value, i);
        if (!json_is_string(item)) {
          bad_value(loader, pointer, "a list of slot ids or null");
          return;
        }
        long slot = ob_lookup(loader->slot_ids, json_string_value(item));
        for (size_t j = 0; slot >= 0 && j < out->order_length; j++) {
          if (out->order[j] == slot) {
            bad_value(loader, pointer, "a list of distinct slot ids");
            return;
          }
        }
        if (slot >= 0) { /* "the listed slots that exist" (§5.1) */
          out->order[out->order_length++] = slot;
        }
      }
    }
    return;
  default:
    if (!json_is_number(value)) {
      bad_value(loader, pointer, "a number");
      return;
    }
    out->number = json_number_value(value);
    return;
  }
}

static void read_target(ob_loader *loader, json_t *object, const char *pointer,
                        ob_timeline *timeline) {
  char *target = ob_string(loader, object, pointer, "target", true, false);
  timeline->index = -1;
  timeline->property = OB_PROPERTY_NONE;
  if (target == NULL) {
    return;
  }
  char *at = ob_pointer_key(loader, pointer, "target");
  if (strcmp(target, "bone") == 0) {
    timeline->target = OB_TARGET_BONE;
  } else if (strcmp(target, "slot") == 0) {
    timeline->target = OB_TARGET_SLOT;
  } else if (strcmp(target, "ik") == 0) {
    timeline->target = OB_TARGET_IK;
  } else if (strcmp(target, "transform") == 0) {
    timeline->target = OB_TARGET_TRANSFORM;
  } else if (strcmp(target, "path") == 0) {
    timeline->target = OB_TARGET_PATH;
  } else if (strcmp(target, "physics") == 0) {
    timeline->target = OB_TARGET_PHYSICS;
  } else if (strcmp(target, "deform") == 0) {
    timeline->target = OB_TARGET_DEFORM;
  } else if (strcmp(target, "sequence") == 0) {
    timeline->target = OB_TARGET_SEQUENCE;
  } else if (strcmp(target, "drawOrder") == 0) {
    timeline->target = OB_TARGET_DRAW_ORDER;
  } else if (strcmp(target, "particles") == 0) {
    timeline->target = OB_TARGET_PARTICLES; /* id: the slot */
  } else {
    timeline->target = OB_TARGET_OTHER;
    ob_error(loader, "bad-value", at,
             "bone, slot, ik, transform, path, physics, particles, "
             "deform, sequence or drawOrder",
             "\"%s\" is not a timeline target", target);
  }
  free(at);
  free(target);
  if (timeline->target == OB_TARGET_DRAW_ORDER ||
      timeline->target == OB_TARGET_OTHER) {
    return;
  }
  timeline->target_id = ob_string(loader, object, pointer, "id", true, false);
  timeline->property_name =
      ob_string(loader, object, pointer, "property", true, false);
  if (timeline->property_name) {
    for (size_t i = 0; i < sizeof properties / sizeof properties[0]; i++) {
      if (properties[i].target == timeline->target &&
          strcmp(properties[i].name, timeline->property_name) == 0) {
        timeline->property = properties[i].property;
      }
    }
    int kind = timeline->target == OB_TARGET_TRANSFORM ? OB_CONSTRAINT_TRANSFORM
               : timeline->target == OB_TARGET_PATH    ? OB_CONSTRAINT_PATH
               : timeline->target == OB_TARGET_PHYSICS ? OB_CONSTRAINT_PHYSICS
                                                       : -1;
    if (kind >= 0) {
      timeline->value = ob_constraint_value(kind, timeline->property_name);
      if (timeline->value >= 0) {
        timeline->property = OB_PROPERTY_CONSTRAINT_VALUE;
      }
    }
    if (timeline->property == OB_PROPERTY_NONE) {
      char *where = ob_pointer_key(loader, pointer, "property");
      ob_error(loader, "bad-value", where, NULL,
               "\"%s\" is not a property of this timeline's target",
               timeline->property_name);
      free(where);
    }
  }
  bool constraint = timeline->target == OB_TARGET_IK ||
                    timeline->target == OB_TARGET_TRANSFORM ||
                    timeline->target == OB_TARGET_PATH ||
                    timeline->target == OB_TARGET_PHYSICS;
  json_t *map = timeline->target == OB_TARGET_BONE ? loader->bone_ids
                : constraint                       ? loader->constraint_ids
                                                   : loader->slot_ids;
  timeline->index = ob_lookup(map, timeline->target_id);
  ob_constraint_kind kind =
      timeline->target == OB_TARGET_IK          ? OB_CONSTRAINT_IK
      : timeline->target == OB_TARGET_TRANSFORM ? OB_CONSTRAINT_TRANSFORM
      : timeline->target == OB_TARGET_PATH      ? OB_CONSTRAINT_PATH
                                                : OB_CONSTRAINT_PHYSICS;
  if (constraint && timeline->index >= 0 &&
      loader->model->constraints[timeline->index].kind != kind) {
    timeline->index = -1;
  }
  if (timeline->target_id && timeline->index < 0) {
    char *where = ob_pointer_key(loader, pointer, "id");
    ob_warning(loader, "unknown-reference", where, NULL,
               "no such target \"%s\"; the timeline is skipped (spec §5)",
               timeline->target_id);
    free(where);
  }
  if (timeline->target == OB_TARGET_DEFORM ||
      timeline->target == OB_TARGET_SEQUENCE) {
    timeline->attachment =
        ob_string(loader, object, pointer, "attachment", true, false);
  }
}

static void read_timeline(ob_loader *loader, json_t *object,
                          const char *pointer, ob_timeline *timeline,
                          double *duration) {
  ob_check_keys(loader, object, pointer, "target id property attachment keys");
  read_target(loader, object, pointer, timeline);
  json_t *keys = ob_array(loader, object, pointer, "keys", true);
  size_t count = json_array_size(keys);
  timeline->keys = calloc(count ? count : 1, sizeof *timeline->keys);
  if (timeline->keys == NULL) {
    loader->out_of_memory = true;
    return;
  }
  char *keys_at = ob_pointer_key(loader, pointer, "keys");
  for (size_t i = 0; i < count; i++) {
    char *where;
    json_t *key =
        ob_object_at(loader, keys, keys_at, i, "time value curve", &where);
    if (key) {
      ob_key *out = &timeline->keys[timeline->key_count++];
      out->time = ob_number(loader, key, where, "time", 0, true);
      if (timeline->key_count > 1 &&
          out->time < timeline->keys[timeline->key_count - 2].time) {
        char *at = ob_pointer_key(loader, where, "time");
        ob_error(loader, "unsorted-keys", at, "sort the keys by time",
                 "this key's time %g is before the previous key's", out->time);
        free(at);
      }
      if (out->time > *duration) {
        *duration = out->time;
      }
      read_curve(loader, key, where, out);
      if (timeline->target != OB_TARGET_OTHER) {
        read_value(loader, key, where, timeline, out);
      }
    }
    free(where);
  }
  free(keys_at);
}

static void read_event_keys(ob_loader *loader, json_t *animation,
                            const char *pointer, ob_animation_data *data,
                            double *duration) {
  json_t *events = ob_array(loader, animation, pointer, "events", false);
  size_t count = json_array_size(events);
  data->events = calloc(count ? count : 1, sizeof *data->events);
  if (data->events == NULL) {
    loader->out_of_memory = true;
    return;
  }
  char *list_at = ob_pointer_key(loader, pointer, "events");
  for (size_t i = 0; i < count; i++) {
    char *where;
    json_t *key = ob_object_at(loader, events, list_at, i,
                               "time event int float string", &where);
    if (key) {
      ob_event_key *out = &data->events[data->event_count++];
      out->time = ob_number(loader, key, where, "time", 0, true);
      if (out->time > *duration) {
        *duration = out->time;
      }
      char *event = ob_string(loader, key, where, "event", true, false);
      out->event = ob_lookup(loader->event_ids, event);
      if (event && out->event < 0) {
        char *at = ob_pointer_key(loader, where, "event");
        ob_warning(loader, "unknown-reference", at, NULL,
                   "no event has the id \"%s\"; the key never fires "
                   "(spec §5.2)",
                   event);
        free(at);
      }
      free(event);
      out->has_int = json_object_get(key, "int") != NULL;
      out->int_value = ob_number(loader, key, where, "int", 0, false);
      out->has_float = json_object_get(key, "float") != NULL;
      out->float_value = ob_number(loader, key, where, "float", 0, false);
      out->string = ob_string(loader, key, where, "string", false, false);
      out->has_string = out->string != NULL;
    }
    free(where);
  }
  free(list_at);
}

/* Audio keys (Part B.6 AudioKey, §10): time, sound (id, then name; else an
 * audio asset), optional volume, rate and loop over the sound's. */
static void read_audio_keys(ob_loader *loader, json_t *animation,
                            const char *pointer, ob_animation_data *data,
                            double *duration) {
  json_t *keys = ob_array(loader, animation, pointer, "audio", false);
  size_t count = json_array_size(keys);
  data->audio = calloc(count ? count : 1, sizeof *data->audio);
  if (data->audio == NULL) {
    loader->out_of_memory = true;
    return;
  }
  char *list_at = ob_pointer_key(loader, pointer, "audio");
  for (size_t i = 0; i < count; i++) {
    char *where;
    json_t *key = ob_object_at(loader, keys, list_at, i,
                               "time sound volume rate loop", &where);
    if (key) {
      ob_audio_key *out = &data->audio[data->audio_count++];
      out->time = ob_number(loader, key, where, "time", 0, true);
      if (out->time > *duration) {
        *duration = out->time;
      }
      char *sound = ob_string(loader, key, where, "sound", true, false);
      char *at = ob_pointer_key(loader, where, "sound");
      out->sound =
          sound ? ob_resolve_sound(loader, sound, at) : (ob_sound_ref){-1, -1};
      free(at);
      free(sound);
      out->has_volume = json_object_get(key, "volume") != NULL;
      out->volume = ob_number(loader, key, where, "volume", 1, false);
      out->has_rate = json_object_get(key, "rate") != NULL;
      out->rate = ob_number(loader, key, where, "rate", 1, false);
      out->has_loop = json_object_get(key, "loop") != NULL;
      out->loop = ob_bool(loader, key, where, "loop", false);
    }
    free(where);
  }
  free(list_at);
}

void ob_load_animations(ob_loader *loader, json_t *animations,
                        const char *pointer) {
  anima_bone_model *model = loader->model;
  size_t count = json_array_size(animations);
  model->animations = calloc(count ? count : 1, sizeof *model->animations);
  if (model->animations == NULL) {
    loader->out_of_memory = true;
    return;
  }
  for (size_t i = 0; i < count; i++) {
    char *where;
    json_t *animation =
        ob_object_at(loader, animations, pointer, i,
                     "id name duration timelines events audio", &where);
    if (animation == NULL) {
      continue;
    }
    ob_animation_data *data = &model->animations[model->animation_count++];
    data->id = ob_id(loader, animation, where);
    data->name = ob_string(loader, animation, where, "name", true, false);
    double explicit_duration =
        ob_number(loader, animation, where, "duration", 0, false);
    double largest = 0;
    json_t *timelines = ob_array(loader, animation, where, "timelines", false);
    size_t timeline_count = json_array_size(timelines);
    data->timelines =
        calloc(timeline_count ? timeline_count : 1, sizeof *data->timelines);
    if (data->timelines == NULL) {
      loader->out_of_memory = true;
      free(where);
      return;
    }
    char *list_at = ob_pointer_key(loader, where, "timelines");
    for (size_t t = 0; t < timeline_count; t++) {
      char *at;
      json_t *timeline = ob_object_at(loader, timelines, list_at, t, NULL, &at);
      if (timeline) {
        read_timeline(loader, timeline, at,
                      &data->timelines[data->timeline_count++], &largest);
      }
      free(at);
    }
    free(list_at);
    read_event_keys(loader, animation, where, data, &largest);
    read_audio_keys(loader, animation, where, data, &largest);
    data->audio_source = ob_prefixed(loader, "key:", data->name);
    data->duration = explicit_duration > 0 ? explicit_duration : largest;
    free(where);
  }
}
