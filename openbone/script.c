/*
 * script.c — spec §11: script instances on Duktape (Debian's duktape.c,
 * built with the execution-timeout hook, openbone/duktape/configure.sh),
 * the hooks at §9.1 steps 1, 3, 4 and 13 and §9.2, runScript (§9.5), the
 * persistent overrides applied at step 9, and the events a script emits.
 * Each script instance is one Duktape heap whose allocator counts its bytes
 * (at most OB_SCRIPT_MEMORY); each call runs inside a protected call with a
 * CPU-time deadline that ob_script_interrupted checks. Errors, timeouts and
 * exhausted memory are reported as `error` and swallowed.
 */
#define _GNU_SOURCE /* pthread_getattr_np: the calling thread's stack */
#include <math.h>
#include <pthread.h>
#include <stdalign.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "duktape.h"
#include "script.h"

struct ob_script {
  duk_context *ctx; /* NULL: the heap could not be made */
  anima_bone_instance *instance;
  const ob_script_data *data;
  size_t used;          /* bytes the heap holds */
  unsigned allocations; /* counts allocations between deadline checks */
  bool armed, timed_out;
  struct timespec deadline;
};

/* ------------------------------------------------------------------ */
/* The native stack                                                    */
/* ------------------------------------------------------------------ */

/* DUK_USE_NATIVE_STACK_CHECK: true when the C stack has less than
 * OB_SCRIPT_STACK_RESERVE left, so Duktape throws a RangeError before a
 * deep native recursion (calls through native functions, JSON nesting, the
 * compiler, regular expressions) could overflow the host's stack. The
 * floor is found once per thread (stacks grow down on the platforms Debian
 * builds for); a thread whose stack cannot be read is not checked. */
#define OB_SCRIPT_STACK_RESERVE ((size_t)512 << 10)

static _Thread_local const char *stack_floor;
static _Thread_local bool stack_known;

static void find_stack_floor(void) {
  stack_known = true;
  pthread_attr_t attributes;
  if (pthread_getattr_np(pthread_self(), &attributes) != 0) {
    return;
  }
  void *low = NULL;
  size_t size = 0;
  if (pthread_attr_getstack(&attributes, &low, &size) == 0 &&
      size > 2 * OB_SCRIPT_STACK_RESERVE) {
    stack_floor = (const char *)low + OB_SCRIPT_STACK_RESERVE;
  }
  pthread_attr_destroy(&attributes);
}

int ob_script_stack_low(void) {
  char here;
  return stack_floor != NULL && (const char *)&here < stack_floor;
}

/* ------------------------------------------------------------------ */
/* The capped allocator and the deadline                               */
/* ------------------------------------------------------------------ */

typedef union block_header {
  size_t size;
  max_align_t align;
} block_header;

static bool past_deadline(ob_script *script);

/* Native built-ins (join, sort, replace, ...) can loop long without running
 * bytecode, where the interrupt check never comes; nearly all of them
 * allocate, so every 16th allocation of a call also checks the deadline and
 * fails once it has passed (the built-in then throws). */
static bool allocation_allowed(ob_script *script) {
  if (!script->armed) {
    return true;
  }
  if (script->timed_out) {
    return false;
  }
  return (++script->allocations & 15) != 0 || !past_deadline(script);
}

static void *script_alloc(void *udata, duk_size_t size) {
  ob_script *script = udata;
  if (size == 0 || size > OB_SCRIPT_MEMORY - script->used ||
      !allocation_allowed(script)) {
    return NULL;
  }
  block_header *block = malloc(sizeof *block + size);
  if (block == NULL) {
    return NULL;
  }
  block->size = size;
  script->used += size;
  return block + 1;
}

static void script_free(void *udata, void *pointer) {
  ob_script *script = udata;
  if (pointer == NULL) {
    return;
  }
  block_header *block = (block_header *)pointer - 1;
  script->used -= block->size;
  free(block);
}

static void *script_realloc(void *udata, void *pointer, duk_size_t size) {
  ob_script *script = udata;
  if (pointer == NULL) {
    return script_alloc(udata, size);
  }
  if (size == 0) {
    script_free(udata, pointer);
    return NULL;
  }
  block_header *block = (block_header *)pointer - 1;
  size_t old = block->size;
  if ((size > old && size - old > OB_SCRIPT_MEMORY - script->used) ||
      !allocation_allowed(script)) {
    return NULL;
  }
  block_header *grown = realloc(block, sizeof *grown + size);
  if (grown == NULL) {
    return NULL;
  }
  grown->size = size;
  script->used = script->used - old + size;
  return grown + 1;
}

/* Duktape calls this for errors outside any protected call; every entry
 * here is protected, so it cannot return normally. */
static void script_fatal(void *udata, const char *message) {
  (void)udata;
  fprintf(stderr, "anima-openbone: script engine fatal error: %s\n",
          message ? message : "");
  abort();
}

static void arm(ob_script *script, long nanoseconds) {
  if (!stack_known) {
    find_stack_floor();
  }
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &script->deadline);
  script->deadline.tv_nsec += nanoseconds;
  script->deadline.tv_sec += script->deadline.tv_nsec / 1000000000L;
  script->deadline.tv_nsec %= 1000000000L;
  script->armed = true;
  script->timed_out = false;
  script->allocations = 0;
}

/* DUK_USE_EXEC_TIMEOUT_CHECK: called by the bytecode executor every so many
 * instructions; true makes Duktape throw a RangeError, and it keeps being
 * true (a script that catches it is stopped again) until the call ends. */
duk_bool_t ob_script_interrupted(void *udata) {
  ob_script *script = udata;
  return script->armed && (script->timed_out || past_deadline(script));
}

static bool past_deadline(ob_script *script) {
  struct timespec now;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  if (now.tv_sec > script->deadline.tv_sec ||
      (now.tv_sec == script->deadline.tv_sec &&
       now.tv_nsec >= script->deadline.tv_nsec)) {
    script->timed_out = true;
  }
  return script->timed_out;
}

/* ------------------------------------------------------------------ */
/* Reports                                                             */
/* ------------------------------------------------------------------ */

void ob_script_report(anima_bone_instance *instance, const char *script,
                      anima_bone_script_report_kind kind, const char *text) {
  if (instance->script_report) {
    instance->script_report(instance->script_report_user, kind,
                            script ? script : "", text ? text : "");
  }
}

void anima_bone_set_script_report(anima_bone_instance *instance,
                                  anima_bone_script_report report, void *user) {
  instance->script_report = report;
  instance->script_report_user = user;
}

/* Reports the error on top of the stack (still under the call's deadline,
 * so a thrown object's own toString is bounded too) and pops it. */
static void report_error(ob_script *script, const char *where) {
  duk_context *ctx = script->ctx;
  const char *text = script->timed_out
                         ? "timeout: the script ran past its time budget"
                         : duk_safe_to_string(ctx, -1);
  size_t length = strlen(where) + strlen(text) + 3;
  char *message = malloc(length);
  if (message) {
    snprintf(message, length, "%s: %s", where, text);
  }
  ob_script_report(script->instance, script->data->id, ANIMA_BONE_SCRIPT_ERROR,
                   message ? message : text);
  free(message);
  duk_pop(ctx);
}

/* ------------------------------------------------------------------ */
/* Loading and calling                                                 */
/* ------------------------------------------------------------------ */

anima_bone_instance *ob_script_instance(ob_script *script) {
  return script->instance;
}

const ob_script_data *ob_script_data_of(ob_script *script) {
  return script->data;
}

#define SELF_KEY DUK_HIDDEN_SYMBOL("openbone")

static duk_ret_t setup(duk_context *ctx, void *udata) {
  duk_push_global_stash(ctx);
  duk_push_pointer(ctx, udata);
  duk_put_prop_string(ctx, -2, SELF_KEY);
  duk_pop(ctx);
  /* the script sees only `ob` and console.log (§11) besides the language's
   * own built-ins */
  duk_push_global_object(ctx);
  duk_del_prop_string(ctx, -1, "Duktape");
  duk_pop(ctx);
  ob_script_define_api(ctx);
  return 0;
}

ob_script *ob_script_from(duk_context *ctx);
ob_script *ob_script_from(duk_context *ctx) {
  duk_push_global_stash(ctx);
  duk_get_prop_string(ctx, -1, SELF_KEY);
  ob_script *script = duk_get_pointer(ctx, -1);
  duk_pop_2(ctx);
  return script;
}

static ob_script *script_load(anima_bone_instance *instance, long index) {
  ob_script *script = calloc(1, sizeof *script);
  if (script == NULL) {
    return NULL;
  }
  script->instance = instance;
  script->data = &instance->model->scripts[index];
  script->ctx = duk_create_heap(script_alloc, script_realloc, script_free,
                                script, script_fatal);
  if (script->ctx == NULL) {
    ob_script_report(instance, script->data->id, ANIMA_BONE_SCRIPT_ERROR,
                     "load: out of memory making the script's engine");
    return script;
  }
  duk_context *ctx = script->ctx;
  arm(script, OB_SCRIPT_LOAD_NANOSECONDS);
  if (duk_safe_call(ctx, setup, script, 0, 1) != DUK_EXEC_SUCCESS) {
    report_error(script, "load");
    script->armed = false;
    return script;
  }
  duk_pop(ctx);
  duk_push_string(ctx, script->data->id ? script->data->id : "script");
  const char *source = script->data->source ? script->data->source : "";
  if (duk_pcompile_lstring_filename(ctx, 0, source,
                                    script->data->source ? script->data->length
                                                         : 0) != 0 ||
      duk_pcall(ctx, 0) != DUK_EXEC_SUCCESS) {
    report_error(script, "load");
  } else {
    duk_pop(ctx);
  }
  script->armed = false;
  return script;
}

static void script_free_one(ob_script *script) {
  if (script) {
    if (script->ctx) {
      duk_destroy_heap(script->ctx);
    }
    free(script);
  }
}

typedef void (*push_argument)(duk_context *ctx, const void *argument);

typedef struct call_request {
  const char *function;
  push_argument push;
  const void *argument;
} call_request;

/* Inside the protected call: look the global function up (a getter runs
 * under the deadline too), push the argument, call it. */
static duk_ret_t call_inside(duk_context *ctx, void *udata) {
  const call_request *request = udata;
  duk_push_global_object(ctx);
  duk_get_prop_string(ctx, -1, request->function);
  if (!duk_is_callable(ctx, -1)) {
    return 0;
  }
  duk_push_undefined(ctx); /* this */
  int arguments = 0;
  if (request->push) {
    request->push(ctx, request->argument);
    arguments = 1;
  }
  duk_call_method(ctx, arguments);
  return 0;
}

static void script_call(ob_script *script, const char *function,
                        push_argument push, const void *argument) {
  if (script == NULL || script->ctx == NULL) {
    return;
  }
  duk_context *ctx = script->ctx;
  call_request request = {function, push, argument};
  arm(script, OB_SCRIPT_CALL_NANOSECONDS);
  if (duk_safe_call(ctx, call_inside, &request, 0, 1) != DUK_EXEC_SUCCESS) {
    report_error(script, function);
  } else {
    duk_pop(ctx);
  }
  script->armed = false;
}

/* ------------------------------------------------------------------ */
/* The machine's scripts                                               */
/* ------------------------------------------------------------------ */

static size_t most_state_scripts(const ob_layer_data *layer) {
  size_t most = 0;
  for (size_t s = 0; s < layer->state_count; s++) {
    if (layer->states[s].script_count > most) {
      most = layer->states[s].script_count;
    }
  }
  return most;
}

bool ob_scripts_create(anima_bone_instance *instance) {
  const anima_bone_model *model = instance->model;
  ob_machine_run *machine = instance->machine;
  const ob_machine_data *data = machine->data;
  if (model->script_count == 0) {
    return true;
  }
  ob_script_run *run = calloc(1, sizeof *run);
  if (run == NULL) {
    return false;
  }
  machine->scripts = run;
  size_t layers = data->layer_count;
  run->machine = calloc(data->script_count + 1, sizeof *run->machine);
  run->states = calloc(layers + 1, sizeof *run->states);
  run->state_count = calloc(layers + 1, sizeof *run->state_count);
  run->bones = calloc(model->bone_count + 1, sizeof *run->bones);
  run->slots = calloc(model->slot_count + 1, sizeof *run->slots);
  bool ok = run->machine && run->states && run->state_count && run->bones &&
            run->slots;
  for (size_t l = 0; ok && l < layers; l++) {
    run->states[l] = calloc(most_state_scripts(&data->layers[l]) + 1,
                            sizeof *run->states[l]);
    ok = run->states[l] != NULL;
  }
  return ok;
}

/* The bytes one owned copy counts towards OB_SCRIPT_EMIT_BYTES. */
static size_t held_bytes(const char *copy) {
  return copy ? strlen(copy) + 1 : 0;
}

static void free_deferred(anima_bone_instance *instance, ob_script_run *run) {
  for (size_t i = 0; i < run->deferred_count; i++) {
    instance->script_string_bytes -=
        held_bytes(run->deferred[i].name) + held_bytes(run->deferred[i].string);
    free(run->deferred[i].name);
    free(run->deferred[i].string);
  }
  run->deferred_count = 0;
}

void ob_scripts_free(anima_bone_instance *instance) {
  ob_machine_run *machine = instance->machine;
  ob_script_run *run = machine ? machine->scripts : NULL;
  if (run == NULL) {
    return;
  }
  const anima_bone_model *model = instance->model;
  for (size_t i = 0; run->machine && i < machine->data->script_count; i++) {
    script_free_one(run->machine[i]);
  }
  free(run->machine);
  for (size_t l = 0; run->states && l < machine->data->layer_count; l++) {
    for (size_t i = 0; run->states[l] && i < run->state_count[l]; i++) {
      script_free_one(run->states[l][i]);
    }
    free(run->states[l]);
  }
  free(run->states);
  free(run->state_count);
  free(run->bones);
  for (size_t i = 0; run->slots && i < model->slot_count; i++) {
    /* a slot showing an override's attachment goes back to its setup one */
    if (instance->slots[i].attachment &&
        instance->slots[i].attachment == run->slots[i].attachment) {
      instance->slots[i].attachment = model->slots[i].attachment;
    }
    free(run->slots[i].attachment);
  }
  free(run->slots);
  free_deferred(instance, run);
  free(run->deferred);
  free(run);
  machine->scripts = NULL;
}

void ob_scripts_start(anima_bone_instance *instance) {
  ob_machine_run *machine = instance->machine;
  ob_script_run *run = machine->scripts;
  if (run == NULL) {
    return;
  }
  for (size_t i = 0; i < machine->data->script_count; i++) {
    run->machine[i] = script_load(instance, machine->data->scripts[i]);
    if (run->machine[i] == NULL) {
      ob_script_report(instance,
                       instance->model->scripts[machine->data->scripts[i]].id,
                       ANIMA_BONE_SCRIPT_ERROR, "load: out of memory");
      continue;
    }
    script_call(run->machine[i], "onStart", NULL, NULL);
  }
}

void ob_scripts_leave(anima_bone_instance *instance, size_t layer) {
  ob_script_run *run = instance->machine->scripts;
  if (run == NULL) {
    return;
  }
  for (size_t i = 0; i < run->state_count[layer]; i++) {
    script_free_one(run->states[layer][i]);
    run->states[layer][i] = NULL;
  }
  run->state_count[layer] = 0;
}

void ob_scripts_enter(anima_bone_instance *instance, size_t layer,
                      const ob_state_data *state) {
  ob_script_run *run = instance->machine->scripts;
  if (run == NULL) {
    return;
  }
  ob_scripts_leave(instance, layer);
  for (size_t i = 0; i < state->script_count; i++) {
    ob_script *script = script_load(instance, state->scripts[i]);
    if (script == NULL) {
      ob_script_report(instance, instance->model->scripts[state->scripts[i]].id,
                       ANIMA_BONE_SCRIPT_ERROR, "load: out of memory");
      continue;
    }
    run->states[layer][run->state_count[layer]++] = script;
    script_call(script, "onStart", NULL, NULL);
  }
}

static void push_number(duk_context *ctx, const void *argument) {
  duk_push_number(ctx, *(const double *)argument);
}

void ob_scripts_update(anima_bone_instance *instance, double dt) {
  ob_machine_run *machine = instance->machine;
  ob_script_run *run = machine->scripts;
  if (run == NULL) {
    return;
  }
  for (size_t i = 0; i < machine->data->script_count; i++) {
    script_call(run->machine[i], "onUpdate", push_number, &dt);
  }
  for (size_t l = 0; l < machine->data->layer_count; l++) {
    for (size_t i = 0; i < run->state_count[l]; i++) {
      script_call(run->states[l][i], "onUpdate", push_number, &dt);
    }
  }
}

static void push_pointer(duk_context *ctx, const void *argument) {
  const ob_pointer_event *event = argument;
  static const char *types[] = {"down", "up", "move"};
  duk_push_object(ctx);
  duk_push_string(ctx, types[event->type]);
  duk_put_prop_string(ctx, -2, "type");
  duk_push_number(ctx, event->x);
  duk_put_prop_string(ctx, -2, "x");
  duk_push_number(ctx, event->y);
  duk_put_prop_string(ctx, -2, "y");
}

void ob_scripts_pointer(anima_bone_instance *instance,
                        const ob_pointer_event *event) {
  ob_machine_run *machine = instance->machine;
  ob_script_run *run = machine->scripts;
  for (size_t i = 0; run && i < machine->data->script_count; i++) {
    script_call(run->machine[i], "onPointer", push_pointer, event);
  }
}

void ob_scripts_run(anima_bone_instance *instance, long script,
                    const char *fn) {
  ob_machine_run *machine = instance->machine;
  ob_script_run *run = machine->scripts;
  for (size_t i = 0; run && fn && i < machine->data->script_count; i++) {
    if (machine->data->scripts[i] == script) {
      script_call(run->machine[i], fn, NULL, NULL);
      return;
    }
  }
}

/* ------------------------------------------------------------------ */
/* Overrides (§9.1 step 9)                                             */
/* ------------------------------------------------------------------ */

void ob_scripts_apply_overrides(anima_bone_instance *instance) {
  ob_script_run *run = instance->machine->scripts;
  if (run == NULL) {
    return;
  }
  const anima_bone_model *model = instance->model;
  for (size_t b = 0; b < model->bone_count; b++) {
    const ob_bone_override *o = &run->bones[b];
    ob_pose *pose = &instance->bones[b].pose;
    double *fields[7] = {&pose->x,       &pose->y,       &pose->rotation,
                         &pose->scale_x, &pose->scale_y, &pose->shear_x,
                         &pose->shear_y};
    for (int i = 0; o->mask && i < 7; i++) {
      if (o->mask & (1u << i)) {
        *fields[i] = o->value[i];
      }
    }
  }
  for (size_t s = 0; s < model->slot_count; s++) {
    const ob_slot_override *o = &run->slots[s];
    if (o->has_color) {
      instance->slots[s].color = o->color;
    }
    if (o->has_attachment) {
      instance->slots[s].attachment = o->attachment_null ? NULL : o->attachment;
    }
  }
}

void anima_bone_machine_clear_overrides(anima_bone_instance *instance) {
  ob_script_run *run = instance->machine ? instance->machine->scripts : NULL;
  if (run == NULL) {
    return;
  }
  for (size_t b = 0; b < instance->model->bone_count; b++) {
    run->bones[b].mask = 0;
  }
  for (size_t s = 0; s < instance->model->slot_count; s++) {
    run->slots[s].has_color = false;
    run->slots[s].has_attachment = false;
  }
}

/* ------------------------------------------------------------------ */
/* Events (§9.1 step 13)                                               */
/* ------------------------------------------------------------------ */

const char *ob_script_keep_string(anima_bone_instance *instance,
                                  const char *text) {
  if (instance->script_string_count == instance->script_string_capacity) {
    size_t capacity = instance->script_string_capacity
                          ? 2 * instance->script_string_capacity
                          : 8;
    char **grown = realloc(instance->script_strings, capacity * sizeof *grown);
    if (grown == NULL) {
      return NULL;
    }
    instance->script_strings = grown;
    instance->script_string_capacity = capacity;
  }
  char *copy = strdup(text);
  if (copy) {
    instance->script_strings[instance->script_string_count++] = copy;
    instance->script_string_bytes += held_bytes(copy);
  }
  return copy;
}

void ob_script_strings_clear(anima_bone_instance *instance) {
  for (size_t i = 0; i < instance->script_string_count; i++) {
    instance->script_string_bytes -= held_bytes(instance->script_strings[i]);
    free(instance->script_strings[i]);
  }
  instance->script_string_count = 0;
}

void ob_scripts_begin(anima_bone_instance *instance) {
  ob_script_run *run = instance->machine->scripts;
  if (run == NULL) {
    return;
  }
  run->first_event = instance->event_count;
  for (size_t i = 0; i < run->deferred_count; i++) {
    const ob_deferred_event *e = &run->deferred[i];
    const char *name = e->model_name ? e->model_name
                                     : ob_script_keep_string(instance, e->name);
    const char *string = e->model_string
                             ? e->model_string
                             : ob_script_keep_string(instance, e->string);
    if (name == NULL || string == NULL) {
      instance->event_overflow = true;
      continue;
    }
    ob_push_record(instance, name, e->time, e->int_value, e->float_value,
                   string);
  }
  free_deferred(instance, run);
}

/* The onEvent argument: {name, id, time, int, float, string, animation,
 * audio?, volume?} (§11), each number as JSON would carry it. */
typedef struct event_argument {
  const anima_bone_instance *instance;
  const anima_bone_event *record;
} event_argument;

static void put_number(duk_context *ctx, const char *key, double value) {
  if (isfinite(value)) {
    duk_push_number(ctx, value);
  } else {
    duk_push_null(ctx);
  }
  duk_put_prop_string(ctx, -2, key);
}

static void put_string(duk_context *ctx, const char *key, const char *value) {
  if (value) {
    duk_push_string(ctx, value);
  } else {
    duk_push_null(ctx);
  }
  duk_put_prop_string(ctx, -2, key);
}

static void push_event(duk_context *ctx, const void *argument) {
  const event_argument *a = argument;
  const anima_bone_model *model = a->instance->model;
  const anima_bone_event *record = a->record;
  const ob_event_data *event = NULL;
  for (size_t i = 0; i < model->event_count; i++) {
    if (model->events[i].name == record->name) {
      event = &model->events[i];
      break;
    }
  }
  duk_push_object(ctx);
  put_string(ctx, "name", record->name);
  put_string(ctx, "id", event ? event->id : record->name);
  put_number(ctx, "time", record->time);
  put_number(ctx, "int", record->int_value);
  put_number(ctx, "float", record->float_value);
  put_string(ctx, "string", record->string);
  put_string(ctx, "animation", record->animation);
  if (event && event->audio.sound >= 0) {
    put_string(ctx, "audio", model->sounds[event->audio.sound].id);
  } else if (event && event->audio.asset >= 0) {
    put_string(ctx, "audio", model->assets[event->audio.asset].id);
  }
  if (event && event->has_volume) {
    put_number(ctx, "volume", event->volume);
  }
}

void ob_scripts_events(anima_bone_instance *instance) {
  ob_machine_run *machine = instance->machine;
  ob_script_run *run = machine->scripts;
  if (run == NULL) {
    return;
  }
  size_t end = instance->event_count;
  run->in_event_pass = true;
  for (size_t e = run->first_event; e < end; e++) {
    anima_bone_event record = instance->events[e];
    event_argument argument = {instance, &record};
    for (size_t i = 0; i < machine->data->script_count; i++) {
      script_call(run->machine[i], "onEvent", push_event, &argument);
    }
    for (size_t l = 0; l < machine->data->layer_count; l++) {
      for (size_t i = 0; i < run->state_count[l]; i++) {
        script_call(run->states[l][i], "onEvent", push_event, &argument);
      }
    }
  }
  run->in_event_pass = false;
}
