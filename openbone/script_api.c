/*
 * script_api.c — the global `ob` a script sees (spec §11) and console.log:
 * time, input, setInput, fire, emit, bone, setBone, slot, pointer, log.
 * Object arguments cross as JSON (JSON.stringify then JSON.parse inside the
 * engine, so undefined fields and functions disappear), as they do between
 * the reference host and its engine. References are by id, then name.
 */
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "duktape.h"
#include "script.h"

ob_script *ob_script_from(duk_context *ctx);

static anima_bone_instance *instance_of(duk_context *ctx) {
  return ob_script_instance(ob_script_from(ctx));
}

/* Replaces the value at `index` by JSON.parse(JSON.stringify(value)). */
static void cross(duk_context *ctx, duk_idx_t index) {
  index = duk_normalize_index(ctx, index);
  if (duk_is_undefined(ctx, index)) {
    return;
  }
  duk_dup(ctx, index);
  const char *text = duk_json_encode(ctx, -1);
  if (text == NULL || duk_is_undefined(ctx, -1)) {
    duk_pop(ctx);
    duk_push_undefined(ctx);
  } else {
    duk_json_decode(ctx, -1);
  }
  duk_replace(ctx, index);
}

/* A reference argument: a string, or a number as String() spells it;
 * NULL otherwise. */
static const char *reference_at(duk_context *ctx, duk_idx_t index) {
  if (duk_is_string(ctx, index)) {
    return duk_get_string(ctx, index);
  }
  if (duk_is_number(ctx, index)) {
    return duk_to_string(ctx, index);
  }
  return NULL;
}

/* find_named reads `id` and `name` as the first two members. */
_Static_assert(offsetof(ob_input_data, name) == sizeof(char *), "layout");
_Static_assert(offsetof(ob_bone_data, name) == sizeof(char *), "layout");
_Static_assert(offsetof(ob_slot_data, name) == sizeof(char *), "layout");

static long find_named(const char *reference, size_t count, size_t stride,
                       const void *items) {
  for (int pass = 0; reference && pass < 2; pass++) {
    for (size_t i = 0; i < count; i++) {
      char *const *names =
          (char *const *)((const char *)items + i * stride); /* id, name */
      const char *name = names[pass];
      if (name && strcmp(name, reference) == 0) {
        return (long)i;
      }
    }
  }
  return -1;
}

static long find_input(anima_bone_instance *instance, const char *reference) {
  const ob_machine_data *data = instance->machine->data;
  return find_named(reference, data->input_count, sizeof *data->inputs,
                    data->inputs);
}

/* ob.time(): elapsed (§9.1 step 2). */
static duk_ret_t api_time(duk_context *ctx) {
  duk_push_number(ctx, instance_of(ctx)->machine->elapsed);
  return 1;
}

static void push_value(duk_context *ctx, const ob_value *value) {
  switch (value->kind) {
  case OB_VALUE_BOOL:
    duk_push_boolean(ctx, value->boolean);
    break;
  case OB_VALUE_NUMBER:
    duk_push_number(ctx, value->number);
    break;
  case OB_VALUE_STRING:
    duk_push_string(ctx, value->string ? value->string : "");
    break;
  default:
    duk_push_null(ctx);
    break;
  }
}

/* ob.input(n): the input's value (a trigger: whether it is fired);
 * undefined for an unknown input. */
static duk_ret_t api_input(duk_context *ctx) {
  anima_bone_instance *instance = instance_of(ctx);
  long index = find_input(instance, reference_at(ctx, 0));
  if (index < 0) {
    return 0;
  }
  const ob_machine_run *machine = instance->machine;
  if (machine->data->inputs[index].type == OB_INPUT_TRIGGER) {
    duk_push_boolean(ctx, machine->inputs[index].fired);
  } else {
    push_value(ctx, &machine->inputs[index].value);
  }
  return 1;
}

/* ob.setInput(n, v): §9.5 setInput with the JSON value v. */
static duk_ret_t api_set_input(duk_context *ctx) {
  anima_bone_instance *instance = instance_of(ctx);
  long index = find_input(instance, reference_at(ctx, 0));
  if (index < 0) {
    return 0;
  }
  cross(ctx, 1);
  ob_value value = {OB_VALUE_NULL, false, 0, NULL};
  if (duk_is_boolean(ctx, 1)) {
    value.kind = OB_VALUE_BOOL;
    value.boolean = duk_get_boolean(ctx, 1);
  } else if (duk_is_number(ctx, 1)) {
    value.kind = OB_VALUE_NUMBER;
    value.number = duk_get_number(ctx, 1);
  } else if (duk_is_string(ctx, 1)) {
    value.kind = OB_VALUE_STRING;
    value.string = duk_get_string(ctx, 1);
  } else if (duk_is_object(ctx, 1)) {
    /* an object or array: truthy, and String(v) / Number(String(v)) */
    if (instance->machine->data->inputs[index].type == OB_INPUT_BOOL) {
      value.kind = OB_VALUE_BOOL;
      value.boolean = true;
    } else {
      value.kind = OB_VALUE_STRING;
      value.string = duk_safe_to_string(ctx, 1);
    }
  } else if (!duk_is_null_or_undefined(ctx, 1)) {
    return 0;
  }
  if (!ob_machine_set_input(instance, (size_t)index, &value)) {
    return duk_error(ctx, DUK_ERR_RANGE_ERROR, "out of memory");
  }
  return 0;
}

/* ob.fire(n): the input is fired until step 6 (§9.5 fire). */
static duk_ret_t api_fire(duk_context *ctx) {
  anima_bone_instance *instance = instance_of(ctx);
  long index = find_input(instance, reference_at(ctx, 0));
  if (index >= 0) {
    instance->machine->inputs[index].fired = true;
  }
  return 0;
}

/* A payload field: `payload[key] ?? fallback` for a number. */
static double payload_number(duk_context *ctx, duk_idx_t payload,
                             const char *key, double fallback) {
  if (!duk_is_object(ctx, payload)) {
    return fallback;
  }
  duk_get_prop_string(ctx, payload, key);
  double value = duk_is_number(ctx, -1) ? duk_get_number(ctx, -1) : fallback;
  duk_pop(ctx);
  return value;
}

/* ob.emit(name, {int, float, string}) (§11): the event by name or id plays
 * its audio, and `{name, id: event id ?? name, time: elapsed, payload ??
 * event ?? 0/""}` is queued for step 13. */
static duk_ret_t api_emit(duk_context *ctx) {
  anima_bone_instance *instance = instance_of(ctx);
  const anima_bone_model *model = instance->model;
  ob_machine_run *machine = instance->machine;
  ob_script_run *run = machine->scripts;
  const char *name = duk_safe_to_string(ctx, 0);
  cross(ctx, 1);
  const ob_event_data *event = NULL;
  for (int pass = 0; pass < 2 && event == NULL; pass++) {
    for (size_t i = 0; i < model->event_count; i++) {
      const char *key = pass == 0 ? model->events[i].name : model->events[i].id;
      if (key && strcmp(key, name) == 0) {
        event = &model->events[i];
        break;
      }
    }
  }
  double int_value =
      payload_number(ctx, 1, "int", event ? event->int_value : 0);
  double float_value =
      payload_number(ctx, 1, "float", event ? event->float_value : 0);
  const char *string = event && event->string ? event->string : "";
  bool own_string = false;
  if (duk_is_object(ctx, 1)) {
    duk_get_prop_string(ctx, 1, "string");
    if (duk_is_string(ctx, -1)) {
      string = duk_get_string(ctx, -1);
      own_string = true;
    }
  }
  /* Bound what the copies below hold outside the scripts' heaps (names of
   * undeclared events, payload strings) until the host reads the events. */
  size_t copied =
      (event ? 0 : strlen(name) + 1) + (own_string ? strlen(string) + 1 : 0);
  if (copied > OB_SCRIPT_EMIT_BYTES - instance->script_string_bytes) {
    return duk_error(ctx, DUK_ERR_RANGE_ERROR,
                     "ob.emit: the events not yet read hold more than %zu "
                     "MiB of names and strings",
                     OB_SCRIPT_EMIT_BYTES >> 20);
  }
  if (!run->in_event_pass && instance->event_count >= OB_MAXIMUM_EVENTS) {
    instance->event_overflow = true; /* the record list is full */
    return 0;
  }
  if (event) {
    ob_play_options options = {
        event->has_volume,  event->volume, false, 0, false, false, 0, -1, -1,
        event->audio_source};
    ob_audio_play(instance, event->audio, &options);
  }
  if (run->in_event_pass) {
    /* emitted inside onEvent: reported by the next advance (§11) */
    if (run->deferred_count >= OB_MAXIMUM_EVENTS) {
      instance->event_overflow = true;
      return 0;
    }
    if (run->deferred_count == run->deferred_capacity) {
      size_t capacity = run->deferred_capacity ? 2 * run->deferred_capacity : 8;
      ob_deferred_event *grown =
          realloc(run->deferred, capacity * sizeof *grown);
      if (grown == NULL) {
        return duk_error(ctx, DUK_ERR_RANGE_ERROR, "out of memory");
      }
      run->deferred = grown;
      run->deferred_capacity = capacity;
    }
    ob_deferred_event *e = &run->deferred[run->deferred_count];
    memset(e, 0, sizeof *e);
    e->model_name = event ? event->name : NULL;
    e->name = event ? NULL : strdup(name);
    e->model_string = own_string ? NULL : string;
    e->string = own_string ? strdup(string) : NULL;
    if ((!event && e->name == NULL) || (own_string && e->string == NULL)) {
      free(e->name);
      free(e->string);
      return duk_error(ctx, DUK_ERR_RANGE_ERROR, "out of memory");
    }
    instance->script_string_bytes += copied;
    e->time = machine->elapsed;
    e->int_value = int_value;
    e->float_value = float_value;
    run->deferred_count++;
    return 0;
  }
  const char *kept_name =
      event ? event->name : ob_script_keep_string(instance, name);
  const char *kept_string =
      own_string ? ob_script_keep_string(instance, string) : string;
  if (kept_name == NULL || kept_string == NULL) {
    return duk_error(ctx, DUK_ERR_RANGE_ERROR, "out of memory");
  }
  ob_push_record(instance, kept_name, machine->elapsed, int_value, float_value,
                 kept_string);
  return 0;
}

static long find_bone(anima_bone_instance *instance, const char *reference) {
  const anima_bone_model *model = instance->model;
  return find_named(reference, model->bone_count, sizeof *model->bones,
                    model->bones);
}

static void put(duk_context *ctx, const char *key, double value) {
  duk_push_number(ctx, value);
  duk_put_prop_string(ctx, -2, key);
}

/* ob.bone(n): the local pose now and last update's world, or null. */
static duk_ret_t api_bone(duk_context *ctx) {
  anima_bone_instance *instance = instance_of(ctx);
  long index = find_bone(instance, reference_at(ctx, 0));
  if (index < 0) {
    duk_push_null(ctx);
    return 1;
  }
  const ob_bone_state *bone = &instance->bones[index];
  duk_push_object(ctx);
  put(ctx, "x", bone->pose.x);
  put(ctx, "y", bone->pose.y);
  put(ctx, "rotation", bone->pose.rotation);
  put(ctx, "scaleX", bone->pose.scale_x);
  put(ctx, "scaleY", bone->pose.scale_y);
  put(ctx, "worldX", bone->world.x);
  put(ctx, "worldY", bone->world.y);
  put(ctx, "worldRotation", atan2(bone->world.c, bone->world.a) / OB_DEG);
  cross(ctx, -1);
  return 1;
}

/* ob.setBone(n, props): numbers among x, y, rotation, scaleX, scaleY,
 * shearX, shearY merged into the bone's persistent override (step 9). */
static duk_ret_t api_set_bone(duk_context *ctx) {
  static const char *keys[7] = {"x",      "y",      "rotation", "scaleX",
                                "scaleY", "shearX", "shearY"};
  anima_bone_instance *instance = instance_of(ctx);
  long index = find_bone(instance, reference_at(ctx, 0));
  cross(ctx, 1);
  if (index < 0 || !duk_is_object(ctx, 1)) {
    return 0;
  }
  ob_bone_override *o = &instance->machine->scripts->bones[index];
  for (int i = 0; i < 7; i++) {
    duk_get_prop_string(ctx, 1, keys[i]);
    if (duk_is_number(ctx, -1)) {
      o->mask |= 1u << i;
      o->value[i] = duk_get_number(ctx, -1);
    }
    duk_pop(ctx);
  }
  return 0;
}

/* ob.slot(n, {color, attachment}): the slot's persistent override. */
static duk_ret_t api_slot(duk_context *ctx) {
  anima_bone_instance *instance = instance_of(ctx);
  const anima_bone_model *model = instance->model;
  long index = find_named(reference_at(ctx, 0), model->slot_count,
                          sizeof *model->slots, model->slots);
  cross(ctx, 1);
  if (index < 0 || !duk_is_object(ctx, 1)) {
    return 0;
  }
  ob_slot_override *o = &instance->machine->scripts->slots[index];
  duk_get_prop_string(ctx, 1, "color");
  ob_color color;
  if (duk_is_string(ctx, -1) && ob_parse_hex(duk_get_string(ctx, -1), &color)) {
    o->color = color;
    o->has_color = true;
  }
  duk_pop(ctx);
  if (duk_has_prop_string(ctx, 1, "attachment")) {
    duk_get_prop_string(ctx, 1, "attachment");
    if (duk_is_null(ctx, -1)) {
      o->has_attachment = true;
      o->attachment_null = true;
    } else if (duk_is_string(ctx, -1)) {
      duk_size_t length = 0;
      const char *name = duk_get_lstring(ctx, -1, &length);
      if (length + 1 > o->capacity) {
        /* the slot may show the old text until step 9: keep it alive */
        char *grown = malloc(length + 1);
        if (grown == NULL) {
          return duk_error(ctx, DUK_ERR_RANGE_ERROR, "out of memory");
        }
        if (instance->slots[index].attachment == o->attachment) {
          instance->slots[index].attachment = model->slots[index].attachment;
        }
        free(o->attachment);
        o->attachment = grown;
        o->capacity = length + 1;
      }
      memcpy(o->attachment, name, length + 1);
      o->has_attachment = true;
      o->attachment_null = false;
    }
    duk_pop(ctx);
  }
  return 0;
}

/* ob.pointer(): {x, y, down} (§9.5). */
static duk_ret_t api_pointer(duk_context *ctx) {
  const ob_machine_run *machine = instance_of(ctx)->machine;
  duk_push_object(ctx);
  put(ctx, "x", machine->pointer_x);
  put(ctx, "y", machine->pointer_y);
  duk_push_boolean(ctx, machine->pointer_down);
  duk_put_prop_string(ctx, -2, "down");
  return 1;
}

/* ob.log(...): a `log` report, the arguments as String() joined by a
 * space. */
static duk_ret_t api_log(duk_context *ctx) {
  duk_idx_t count = duk_get_top(ctx);
  for (duk_idx_t i = 0; i < count; i++) {
    duk_safe_to_string(ctx, i);
  }
  duk_push_string(ctx, " ");
  duk_insert(ctx, 0);
  duk_join(ctx, count);
  ob_script *script = ob_script_from(ctx);
  ob_script_report(ob_script_instance(script), ob_script_data_of(script)->id,
                   ANIMA_BONE_SCRIPT_LOG, duk_get_string(ctx, -1));
  return 0;
}

void ob_script_define_api(duk_context *ctx) {
  static const duk_function_list_entry functions[] = {
      {"time", api_time, 0},
      {"input", api_input, 1},
      {"setInput", api_set_input, 2},
      {"fire", api_fire, 1},
      {"emit", api_emit, 2},
      {"bone", api_bone, 1},
      {"setBone", api_set_bone, 2},
      {"slot", api_slot, 2},
      {"pointer", api_pointer, 0},
      {"log", api_log, DUK_VARARGS},
      {NULL, NULL, 0},
  };
  duk_push_global_object(ctx);
  duk_push_object(ctx);
  duk_put_function_list(ctx, -1, functions);
  duk_put_prop_string(ctx, -2, "ob");
  duk_push_object(ctx);
  duk_get_prop_string(ctx, -2, "ob");
  duk_get_prop_string(ctx, -1, "log");
  duk_put_prop_string(ctx, -3, "log");
  duk_pop(ctx);
  duk_put_prop_string(ctx, -2, "console");
  duk_pop(ctx);
}
