/*
 * machine_model.c — the machine's per-model tables and per-player record
 * (SPEC machine "Transitions and previous values", "Actions and
 * completion"):
 *
 *   - per state (absolute index): its play duration and speed (relative
 *     timing) and its enterActions/exitActions blocks;
 *   - per input: its default, the previous-value baseline before the
 *     first step;
 *   - per player: each layer's current state (the outgoing state of the
 *     next transition), the baseline, and end actions waiting for their
 *     crossfade.
 *
 * Two stage hooks share the record: CLOCKS (also run at player creation,
 * where it queues the initial states' enterActions) counts steps and
 * completes crossfades' end actions; END advances the baseline once per
 * step, after every layer ran.
 */
#include <stdio.h>
#include <string.h>

#include "machine.h"

size_t *machine_current(const machine_data *data, void *instance) {
  return (size_t *)((unsigned char *)instance + data->current_offset);
}

double *machine_previous(const machine_data *data, void *instance) {
  return (double *)((unsigned char *)instance + data->previous_offset);
}

machine_pending_end *machine_ends(const machine_data *data, void *instance) {
  return (machine_pending_end *)((unsigned char *)instance + data->ends_offset);
}

bool machine_record(anima_step *step, const machine_data **data,
                    machine_instance **instance) {
  const void *found_data = NULL;
  void *found_instance = NULL;
  if (!machine_host->step_hook_instance(step, MACHINE_FEATURE, MACHINE_HOOK,
                                        &found_data, &found_instance) ||
      !found_data || !found_instance) {
    return false;
  }
  *data = found_data;
  *instance = found_instance;
  return true;
}

double machine_input_value(anima_step *step, size_t input) {
  anima_value value = machine_host->step_input(step, input);
  if (value.type == ANIMA_VALUE_NUMBER) {
    return value.as.number;
  }
  return value.as.boolean ? 1 : 0;
}

void machine_join(char *out, size_t size, const char *base,
                  const char *suffix) {
  machine_join2(out, size, base, suffix, "");
}

void machine_join2(char *out, size_t size, const char *base, const char *middle,
                   const char *tail) {
  int length = snprintf(out, size, "%s%s%s", base ? base : "",
                        middle ? middle : "", tail ? tail : "");
  if (length < 0 && size > 0) {
    out[0] = '\0';
  }
}

static size_t align16(size_t size) {
  return (size + 15) & ~(size_t)15;
}

/* An action block of `object` at `pointer`, or -1 when absent. */
static anima_status block_of(anima_compile *compile, const anima_json *object,
                             const char *key, const char *pointer,
                             long *block) {
  const anima_host *h = machine_host;
  *block = -1;
  const anima_json *value = h->json_member(object, key);
  if (!value || h->json_type(value) != ANIMA_JSON_OBJECT) {
    return ANIMA_OK;
  }
  char at[1024];
  machine_join2(at, sizeof at, pointer, "/", key);
  size_t handle;
  anima_status status = h->compile_action_block(compile, value, at, &handle);
  if (status == ANIMA_OK) {
    *block = (long)handle;
  }
  return status;
}

static anima_status compile_states(anima_compile *compile,
                                   const anima_json *document,
                                   machine_data *data) {
  const anima_host *h = machine_host;
  const anima_json *timelines = h->json_member(document, "timelines");
  for (size_t l = 0; l < data->layer_count; l++) {
    anima_machine_layer_info layer = {.struct_size = sizeof layer};
    const anima_json *states =
        h->json_member(h->compile_layer(compile, l, &layer), "states");
    if (layer.machine < 0) {
      data->default_layers = l + 1;
    }
    data->initial[l] = layer.initial;
    size_t absolute = layer.first_state;
    size_t count = states ? h->json_size(states) : 0;
    for (size_t s = 0; s < count; s++) {
      const char *name = h->json_key_at(states, s);
      const anima_json *state = h->json_value_at(states, s);
      if (!name || strcmp(name, "$comment") == 0 ||
          absolute >= layer.first_state + layer.state_count ||
          absolute >= data->state_count) {
        continue; /* the kernel skips comments as states */
      }
      machine_state_info *info = &data->states[absolute++];
      const anima_json *speed = h->json_member(state, "speed");
      info->speed = speed ? h->json_number(speed) : 1;
      const anima_json *play = h->json_member(state, "play");
      const char *timeline = play ? h->json_string(play, NULL) : NULL;
      const anima_json *found =
          timeline && timelines ? h->json_member(timelines, timeline) : NULL;
      const anima_json *duration =
          found ? h->json_member(found, "duration") : NULL;
      info->duration = duration ? h->json_number(duration) : 0;
      char pointer[1024];
      snprintf(pointer, sizeof pointer, "%s/states/%s",
               layer.pointer ? layer.pointer : "", name);
      anima_status status =
          block_of(compile, state, "enterActions", pointer, &info->enter_block);
      if (status == ANIMA_OK) {
        status =
            block_of(compile, state, "exitActions", pointer, &info->exit_block);
      }
      if (status != ANIMA_OK) {
        return status;
      }
    }
  }
  return ANIMA_OK;
}

static anima_status model_compile(anima_compile *compile,
                                  const anima_site *site, void *user,
                                  void **out) {
  (void)user;
  const anima_host *h = machine_host;
  const anima_json *document = site->json;
  machine_data *data = h->compile_alloc(compile, sizeof *data);
  if (!data) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  data->layer_count = h->compile_layer_count(compile);
  for (size_t l = 0; l < data->layer_count; l++) {
    anima_machine_layer_info layer = {.struct_size = sizeof layer};
    if (h->compile_layer(compile, l, &layer)) {
      data->state_count = layer.first_state + layer.state_count;
    }
  }
  const anima_json *inputs = h->json_member(document, "inputs");
  data->input_count = inputs && h->json_type(inputs) == ANIMA_JSON_OBJECT
                          ? h->json_size(inputs)
                          : 0;
  data->initial = h->compile_alloc(
      compile, (data->layer_count ? data->layer_count : 1) * sizeof(size_t));
  data->states =
      h->compile_alloc(compile, (data->state_count ? data->state_count : 1) *
                                    sizeof(machine_state_info));
  data->defaults = h->compile_alloc(
      compile, (data->input_count ? data->input_count : 1) * sizeof(double));
  if (!data->initial || !data->states || !data->defaults) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  for (size_t i = 0; i < data->input_count; i++) {
    long index = h->compile_find_input(compile, h->json_key_at(inputs, i));
    const anima_json *value =
        h->json_member(h->json_value_at(inputs, i), "default");
    if (index < 0 || (size_t)index >= data->input_count || !value) {
      continue;
    }
    data->defaults[index] = h->json_type(value) == ANIMA_JSON_BOOL
                                ? (h->json_bool(value) ? 1 : 0)
                                : h->json_number(value);
  }
  anima_status status = compile_states(compile, document, data);
  if (status != ANIMA_OK) {
    return status;
  }
  size_t offset = align16(sizeof(machine_instance));
  data->current_offset = offset;
  offset += align16(data->layer_count * sizeof(size_t));
  data->previous_offset = offset;
  offset += align16(data->input_count * sizeof(double));
  data->ends_offset = offset;
  offset += align16(data->layer_count * sizeof(machine_pending_end));
  data->size = offset;
  *out = data;
  return ANIMA_OK;
}

static size_t model_instance_size(const void *data, void *user) {
  (void)user;
  return ((const machine_data *)data)->size;
}

static void model_instance_init(const void *data, void *instance, void *user) {
  (void)user;
  const machine_data *machine = data;
  size_t *current = machine_current(machine, instance);
  machine_pending_end *ends = machine_ends(machine, instance);
  for (size_t l = 0; l < machine->layer_count; l++) {
    current[l] = machine->initial[l];
    ends[l].block = -1;
  }
  memcpy(machine_previous(machine, instance), machine->defaults,
         machine->input_count * sizeof(double));
}

/* CLOCKS: at creation, queue the initial states' enterActions (they apply
 * at the first step); at every step, count it and complete the crossfades
 * whose end actions wait (SPEC machine: "A positive blend's endActions
 * queue when the fade completes at the clock stage"). */
static void clocks_run(anima_step *step, const void *data, void *instance,
                       void *user) {
  (void)user;
  const machine_data *machine = data;
  machine_instance *record = instance;
  if (!record->created) {
    record->created = true;
    /* The default machine's layers; a named machine's initial states enter
     * when a module starts it (enterActions are not run there yet). */
    for (size_t l = 0; l < machine->default_layers; l++) {
      long block = machine->states[machine->initial[l]].enter_block;
      if (block >= 0) {
        machine_host->step_queue_block(step, (size_t)block);
      }
    }
    return;
  }
  record->serial++;
  double dt = machine_host->step_dt(step);
  bool reduced = machine_host->step_reduced_motion(step);
  machine_pending_end *ends = machine_ends(machine, instance);
  for (size_t l = 0; l < machine->layer_count; l++) {
    if (ends[l].block < 0) {
      continue;
    }
    ends[l].elapsed += dt;
    if (reduced || ends[l].elapsed >= ends[l].duration - MACHINE_EPSILON) {
      machine_host->step_queue_block(step, (size_t)ends[l].block);
      ends[l].block = -1;
    }
  }
}

/* END: the previous-value baseline advances once per step, after every
 * layer (SPEC machine "Transitions and previous values"). */
static void baseline_run(anima_step *step, const void *data, void *instance,
                         void *user) {
  (void)data, (void)instance, (void)user;
  const machine_data *machine;
  machine_instance *record;
  if (!machine_record(step, &machine, &record)) {
    return;
  }
  double *previous = machine_previous(machine, record);
  for (size_t i = 0; i < machine->input_count; i++) {
    previous[i] = machine_input_value(step, i);
  }
}

static bool clocks_at_rest(anima_step *step, const void *data,
                           const void *instance, void *user) {
  (void)step, (void)user;
  const machine_data *machine = data;
  const machine_pending_end *ends =
      machine_ends(machine, (void *)(uintptr_t)instance);
  for (size_t l = 0; l < machine->layer_count; l++) {
    if (ends[l].block >= 0) {
      return false;
    }
  }
  return true;
}

anima_status machine_register_model(anima_registrar *registrar) {
  static const anima_stage_hook_desc clocks = {
      .struct_size = sizeof clocks,
      .stage = ANIMA_STAGE_CLOCKS,
      .feature = MACHINE_FEATURE,
      .name = MACHINE_HOOK,
      .lifecycle = {.compile = model_compile,
                    .instance_size = model_instance_size,
                    .instance_init = model_instance_init},
      .run = clocks_run,
      .at_rest = clocks_at_rest,
      .runs_at_creation = true,
  };
  static const anima_stage_hook_desc baseline = {
      .struct_size = sizeof baseline,
      .stage = ANIMA_STAGE_END,
      .feature = MACHINE_FEATURE,
      .name = "machine-baseline",
      .run = baseline_run,
  };
  anima_status status = machine_host->add_stage_hook(registrar, &clocks);
  if (status == ANIMA_OK) {
    status = machine_host->add_stage_hook(registrar, &baseline);
  }
  return status;
}
