/*
 * machine.c — spec §9 StateMachineInstance: start, advance(dt) in the order
 * of §9.1, entering states (§9.2), settling transitions (§9.3), applying
 * states and collecting their events (§9.4), bindings (§9.6), and the
 * input API of openbone.h. Pointer events and listeners are in
 * machine_pointer.c; scripts (§11) in script.c. Everything the step needs
 * is allocated by anima_bone_machine_start (scripts allocate inside their
 * engines, script.h).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "script.h"

/* ------------------------------------------------------------------ */
/* Inputs (§9.5 setInput, fire)                                        */
/* ------------------------------------------------------------------ */

static bool store_string(ob_input_run *input, const char *text) {
  size_t length = strlen(text);
  if (length + 1 > input->capacity) {
    char *grown = realloc(input->text, length + 1);
    if (grown == NULL) {
      return false;
    }
    input->text = grown;
    input->capacity = length + 1;
  }
  memmove(input->text, text, length + 1);
  input->value.kind = OB_VALUE_STRING;
  input->value.string = input->text;
  return true;
}

bool ob_machine_set_input(anima_bone_instance *instance, size_t index,
                          const ob_value *value) {
  ob_machine_run *machine = instance->machine;
  const ob_input_data *data = &machine->data->inputs[index];
  ob_input_run *input = &machine->inputs[index];
  switch (data->type) {
  case OB_INPUT_TRIGGER:
    input->fired = true;
    return true;
  case OB_INPUT_STRING: {
    char spelled[64];
    /* text templates (§8.9) may show it: their buffer grows here, never
     * while drawing */
    return store_string(input, ob_js_string(value, spelled, sizeof spelled)) &&
           ob_text_reserve(instance, input->capacity);
  }
  case OB_INPUT_BOOL:
    input->value.kind = OB_VALUE_BOOL;
    input->value.boolean = value->kind == OB_VALUE_STRING
                               ? strcmp(value->string, "true") == 0
                               : ob_js_truthy(value);
    return true;
  case OB_INPUT_NUMBER: {
    double number = ob_js_number(value);
    if (isfinite(number)) {
      input->value.kind = OB_VALUE_NUMBER;
      input->value.number = number;
    }
    return true;
  }
  }
  return true;
}

/* ------------------------------------------------------------------ */
/* Blend pairs and progress (§9.3, §9.4)                               */
/* ------------------------------------------------------------------ */

typedef struct blend_pair {
  long lo, hi; /* animations, -1 = missing */
  double t;
  bool any;
} blend_pair;

static double input_number(const ob_machine_run *machine, long input) {
  return input >= 0 ? ob_js_number(&machine->inputs[input].value) : 0;
}

static blend_pair pair_of(const ob_machine_run *machine,
                          const ob_state_data *state) {
  blend_pair pair = {-1, -1, 0, false};
  size_t n = state->entry_count;
  if (n == 0) {
    return pair;
  }
  const ob_blend_entry *e = state->entries;
  double v = input_number(machine, state->input);
  size_t lo = 0, hi = 0;
  if (v >= e[n - 1].value) {
    lo = hi = n - 1;
  } else {
    for (size_t i = 0; i + 1 < n; i++) {
      if (e[i].value <= v && v <= e[i + 1].value) {
        lo = i;
        hi = i + 1;
        double span = e[i + 1].value - e[i].value;
        pair.t = (v - e[i].value) / (span != 0 && !isnan(span) ? span : 1);
        break;
      }
    }
  }
  pair.lo = e[lo].animation;
  pair.hi = e[hi].animation;
  pair.any = true;
  return pair;
}

static double animation_duration(const anima_bone_instance *instance,
                                 long animation) {
  return animation >= 0 ? instance->model->animations[animation].duration : 0;
}

static double progress(const anima_bone_instance *instance,
                       const ob_layer_data *layer, const ob_state_run *run) {
  const ob_state_data *state = &layer->states[run->state];
  double d = 0;
  if (state->type == OB_STATE_ANIMATION) {
    d = animation_duration(instance, state->animation);
  } else if (state->type == OB_STATE_BLEND1D) {
    blend_pair pair = pair_of(instance->machine, state);
    d = animation_duration(instance, pair.t >= 0.5 ? pair.hi : pair.lo);
  }
  return d > 0 ? run->time / d : 1;
}

/* ------------------------------------------------------------------ */
/* Entering a state (§9.2)                                             */
/* ------------------------------------------------------------------ */

static void play_hook(anima_bone_instance *instance, const ob_state_data *state,
                      const ob_sound_hook *hook, unsigned long owner,
                      bool tagged) {
  ob_play_options options = {hook->has_volume,
                             hook->volume,
                             hook->has_rate,
                             hook->rate,
                             hook->has_loop,
                             hook->loop,
                             owner,
                             tagged ? -2 : -1,
                             hook->sound >= 0 ? hook->sound : -2 - hook->asset,
                             state->source};
  ob_sound_ref ref = {hook->sound, hook->asset};
  ob_audio_play(instance, ref, &options);
}

void ob_machine_set_emitter(anima_bone_instance *instance, long slot,
                            bool emitting) {
  if (slot < 0) {
    return;
  }
  ob_particle_values *set = &instance->machine->emitters[slot];
  bool switching_on = emitting && !(set->has_emitting && set->emitting);
  set->has_emitting = true;
  set->emitting = emitting;
  if (switching_on) {
    ob_particles_restart(instance, (size_t)slot);
  }
}

static void enter(anima_bone_instance *instance, size_t layer_index,
                  long state_index, double mix) {
  ob_machine_run *machine = instance->machine;
  const ob_layer_data *layer = &machine->data->layers[layer_index];
  ob_layer_run *l = &machine->layers[layer_index];
  const ob_state_data *state = &layer->states[state_index];
  bool had = l->has_current;
  ob_state_run previous = l->current;
  if (had) {
    const ob_state_data *old = &layer->states[previous.state];
    ob_scripts_leave(instance, layer_index); /* dispose its scripts */
    ob_audio_stop_owner(instance, previous.serial, mix);
    for (size_t i = 0; i < old->sound_count; i++) {
      if (old->sounds[i].on_exit) {
        /* exit hooks play unowned (DECISIONS: OpenBone exit hooks) */
        play_hook(instance, old, &old->sounds[i], 0, false);
      }
    }
  }
  l->mix_time = 0;
  l->mix_duration = mix;
  if (state->type == OB_STATE_EXIT) {
    l->exited = true;
    l->has_from = had;
    l->from = previous;
    l->has_current = false;
    return;
  }
  l->has_current = true;
  l->current.state = state_index;
  l->current.time = 0;
  l->current.prev_time = -1e-6;
  l->current.serial = ++instance->entry_serial;
  l->has_from = mix > 0 && had;
  l->from = previous;
  l->exited = false;
  for (size_t i = 0; i < state->sound_count; i++) {
    if (!state->sounds[i].on_exit) {
      play_hook(instance, state, &state->sounds[i], l->current.serial, true);
    }
  }
  for (size_t i = 0; i < state->emitter_count; i++) {
    ob_machine_set_emitter(instance, state->emitters[i].slot,
                           state->emitters[i].emitting);
  }
  for (size_t i = 0; i < state->input_count; i++) {
    if (state->inputs[i].input >= 0 &&
        !ob_machine_set_input(instance, (size_t)state->inputs[i].input,
                              &state->inputs[i].value)) {
      instance->event_overflow = true;
    }
  }
  ob_scripts_enter(instance, layer_index, state); /* fresh, onStart each */
}

/* ------------------------------------------------------------------ */
/* Transitions (§9.3)                                                  */
/* ------------------------------------------------------------------ */

static bool condition_passes(const ob_machine_run *machine,
                             const ob_condition *c) {
  if (c->input < 0) {
    return false;
  }
  const ob_input_data *data = &machine->data->inputs[c->input];
  const ob_input_run *input = &machine->inputs[c->input];
  if (data->type == OB_INPUT_TRIGGER) {
    return input->fired;
  }
  const ob_value *v = &input->value, *w = &c->value;
  if (data->type == OB_INPUT_STRING &&
      (c->op == OB_OP_EQ || c->op == OB_OP_NE)) {
    char left[64], right[64];
    bool same = strcmp(ob_js_string(v, left, sizeof left),
                       ob_js_string(w, right, sizeof right)) == 0;
    return c->op == OB_OP_EQ ? same : !same;
  }
  switch (c->op) {
  case OB_OP_EQ:
    return ob_js_strict_equal(v, w) ||
           (v->kind == OB_VALUE_NUMBER && w->kind == OB_VALUE_NUMBER &&
            fabs(v->number - w->number) <= 1e-9);
  case OB_OP_NE:
    return !ob_js_strict_equal(v, w);
  case OB_OP_GT:
    return ob_js_number(v) > ob_js_number(w);
  case OB_OP_LT:
    return ob_js_number(v) < ob_js_number(w);
  case OB_OP_GE:
    return ob_js_number(v) >= ob_js_number(w);
  case OB_OP_LE:
    return ob_js_number(v) <= ob_js_number(w);
  default:
    return false;
  }
}

static bool can_take(const anima_bone_instance *instance,
                     const ob_layer_data *layer, const ob_transition *t,
                     const ob_state_run *s) {
  bool none = t->condition_count == 0;
  if (t->from != OB_FROM_ANY && t->to == s->state && none) {
    return false;
  }
  if (t->from == OB_FROM_ANY && t->to == s->state) {
    return false;
  }
  bool has_exit = t->has_exit_time || none;
  double exit_time = t->has_exit_time ? t->exit_time : 1;
  if (has_exit && progress(instance, layer, s) < exit_time) {
    return false;
  }
  for (size_t i = 0; i < t->condition_count; i++) {
    if (!condition_passes(instance->machine, &t->conditions[i])) {
      return false;
    }
  }
  return true;
}

/* evaluate(l): the transition taken (entered), or NULL. */
static const ob_transition *evaluate(anima_bone_instance *instance,
                                     size_t layer_index) {
  ob_machine_run *machine = instance->machine;
  const ob_layer_data *layer = &machine->data->layers[layer_index];
  ob_layer_run *l = &machine->layers[layer_index];
  if (l->exited || !l->has_current) {
    return NULL;
  }
  /* candidates: from the current state first, then @any (stable) */
  for (int pass = 0; pass < 2; pass++) {
    for (size_t i = 0; i < layer->transition_count; i++) {
      const ob_transition *t = &layer->transitions[i];
      bool candidate =
          pass == 0 ? t->from == l->current.state : t->from == OB_FROM_ANY;
      if (!candidate || t->to < 0) {
        continue;
      }
      if (can_take(instance, layer, t, &l->current)) {
        enter(instance, layer_index, t->to, t->duration);
        return t;
      }
    }
  }
  const ob_state_data *state = &layer->states[l->current.state];
  if (state->on_complete >= 0 && progress(instance, layer, &l->current) >= 1) {
    enter(instance, layer_index, state->on_complete, 0.1);
  }
  return NULL;
}

static void settle(anima_bone_instance *instance, size_t layer_index) {
  for (int hop = 0; hop < 4; hop++) {
    const ob_transition *t = evaluate(instance, layer_index);
    if (t == NULL) {
      return;
    }
    for (size_t i = 0; i < t->condition_count; i++) {
      if (t->conditions[i].input >= 0) {
        instance->machine->inputs[t->conditions[i].input].fired = false;
      }
    }
  }
}

/* ------------------------------------------------------------------ */
/* Applying states and collecting events (§9.4)                        */
/* ------------------------------------------------------------------ */

static void apply_one(anima_bone_instance *instance, long animation,
                      const ob_state_data *state, double time, double alpha,
                      const ob_mix_out *mix_out) {
  if (animation < 0) {
    return;
  }
  const ob_animation_data *data = &instance->model->animations[animation];
  ob_apply_animation(instance, animation,
                     ob_local_time(data, time, state->loop), alpha, mix_out);
}

/* applyState(s, alpha, into = `into`'s animations, outAlpha). */
static void apply_state(anima_bone_instance *instance,
                        const ob_layer_data *layer, const ob_state_run *run,
                        double alpha, const ob_mix_out *into) {
  const ob_state_data *state = &layer->states[run->state];
  if (state->type == OB_STATE_ANIMATION) {
    apply_one(instance, state->animation, state, run->time, alpha, into);
  } else if (state->type == OB_STATE_BLEND1D) {
    blend_pair pair = pair_of(instance->machine, state);
    if (!pair.any) {
      return;
    }
    apply_one(instance, pair.lo, state, run->time, alpha, into);
    if (pair.hi != pair.lo && pair.t > 0) {
      ob_mix_out scaled;
      if (into) {
        scaled = *into;
        scaled.alpha = into->alpha * pair.t;
      }
      apply_one(instance, pair.hi, state, run->time, alpha * pair.t,
                into ? &scaled : NULL);
    }
  }
}

/* animations(state) (§9.4) as a mix-out target. */
static ob_mix_out animations_of(const anima_bone_instance *instance,
                                const ob_layer_data *layer,
                                const ob_state_run *run, double out_alpha) {
  ob_mix_out out = {-1, out_alpha, -1};
  const ob_state_data *state = &layer->states[run->state];
  if (state->type == OB_STATE_ANIMATION) {
    out.into = state->animation;
  } else if (state->type == OB_STATE_BLEND1D) {
    blend_pair pair = pair_of(instance->machine, state);
    out.into = pair.lo;
    out.also_into = pair.hi;
  }
  return out;
}

static void collect_events(anima_bone_instance *instance,
                           const ob_layer_data *layer,
                           const ob_state_run *run) {
  const ob_state_data *state = &layer->states[run->state];
  long animation = -1;
  if (state->type == OB_STATE_ANIMATION) {
    animation = state->animation;
  } else if (state->type == OB_STATE_BLEND1D) {
    blend_pair pair = pair_of(instance->machine, state);
    animation = pair.t >= 0.5 ? pair.hi : pair.lo;
  }
  if (animation < 0) {
    return;
  }
  ob_audio_keys_between(instance, animation, run->prev_time, run->time,
                        state->loop, run->serial);
  ob_events_between(instance, &instance->model->animations[animation],
                    run->prev_time, run->time, state->loop, run->serial);
}

static void advance_time(ob_state_run *run, double dt, double speed) {
  run->prev_time = run->time > 0 ? run->time : fmin(run->prev_time, run->time);
  run->time += dt * speed;
}

/* ------------------------------------------------------------------ */
/* Bindings (§9.6)                                                     */
/* ------------------------------------------------------------------ */

static double binding_t(double v, double in_min, double in_max) {
  if (in_max == in_min) {
    return v >= in_max ? 1 : 0;
  }
  double t = (v - in_min) / (in_max - in_min);
  return t < 0 ? 0 : t > 1 ? 1 : t;
}

static void set_pose_property(ob_pose *pose, int property, double value) {
  switch (property) {
  case OB_PROPERTY_X:
    pose->x = value;
    break;
  case OB_PROPERTY_Y:
    pose->y = value;
    break;
  case OB_PROPERTY_ROTATION:
    pose->rotation = value;
    break;
  case OB_PROPERTY_SCALE_X:
    pose->scale_x = value;
    break;
  case OB_PROPERTY_SCALE_Y:
    pose->scale_y = value;
    break;
  case OB_PROPERTY_SHEAR_X:
    pose->shear_x = value;
    break;
  case OB_PROPERTY_SHEAR_Y:
    pose->shear_y = value;
    break;
  default:
    break;
  }
}

static void apply_bindings(anima_bone_instance *instance) {
  const ob_machine_run *machine = instance->machine;
  for (size_t i = 0; i < machine->data->binding_count; i++) {
    const ob_binding *b = &machine->data->bindings[i];
    if (b->input < 0 || b->index < 0 || b->property < 0) {
      continue;
    }
    const ob_value *value = &machine->inputs[b->input].value;
    if (value->kind == OB_VALUE_STRING) {
      continue; /* a text input is skipped */
    }
    double v = ob_js_number(value);
    if (!isfinite(v)) {
      continue;
    }
    double t = binding_t(v, b->in_min, b->in_max);
    double out = b->out_min + (b->out_max - b->out_min) * t;
    switch (b->target) {
    case OB_BIND_BONE:
      set_pose_property(&instance->bones[b->index].pose, b->property, out);
      break;
    case OB_BIND_SLOT_ALPHA:
      instance->slots[b->index].color.a = out;
      break;
    case OB_BIND_SLOT_COLOR: {
      ob_color lo = {b->out_min_color[0], b->out_min_color[1],
                     b->out_min_color[2], b->out_min_color[3]};
      ob_color hi = {b->out_max_color[0], b->out_max_color[1],
                     b->out_max_color[2], b->out_max_color[3]};
      instance->slots[b->index].color = ob_lerp_color(lo, hi, t);
      break;
    }
    case OB_BIND_CONSTRAINT:
      instance->values[b->index][b->property] = out;
      break;
    }
  }
}

/* ------------------------------------------------------------------ */
/* advance(dt) (§9.1)                                                  */
/* ------------------------------------------------------------------ */

static void start(anima_bone_instance *instance) {
  ob_machine_run *machine = instance->machine;
  machine->started = true;
  ob_scripts_start(instance); /* every machine script, onStart each */
  for (size_t l = 0; l < machine->data->layer_count; l++) {
    long entry = machine->data->layers[l].entry;
    if (entry >= 0) {
      enter(instance, l, entry, 0);
    }
  }
}

void ob_machine_advance(anima_bone_instance *instance, double dt) {
  ob_machine_run *machine = instance->machine;
  const ob_machine_data *data = machine->data;
  ob_scripts_begin(instance); /* events a step 13 emit left */
  if (!machine->started) {    /* 1 */
    start(instance);
  }
  machine->elapsed += dt; /* 2 */
  ob_audio_update(instance, dt);
  ob_machine_process_pointer(instance);            /* 3 */
  ob_scripts_update(instance, dt);                 /* 4 */
  for (size_t l = 0; l < data->layer_count; l++) { /* 5 */
    settle(instance, l);
  }
  for (size_t i = 0; i < data->input_count; i++) { /* 6 */
    machine->inputs[i].fired = false;
  }
  for (size_t l = 0; l < data->layer_count; l++) { /* 7 */
    const ob_layer_data *layer = &data->layers[l];
    ob_layer_run *run = &machine->layers[l];
    if (run->has_current) {
      advance_time(&run->current, dt, layer->states[run->current.state].speed);
    }
    if (run->has_from) {
      advance_time(&run->from, dt, layer->states[run->from.state].speed);
    }
    if (run->has_current && dt > 0) {
      collect_events(instance, layer, &run->current);
    }
    if (run->has_from) {
      run->mix_time += dt;
      if (run->mix_time >= run->mix_duration) {
        run->has_from = false;
      }
    }
  }
  ob_set_to_setup_pose(instance); /* 8 */
  for (size_t l = 0; l < data->layer_count; l++) {
    const ob_layer_data *layer = &data->layers[l];
    const ob_layer_run *run = &machine->layers[l];
    double mix_a =
        run->mix_duration > 0 ? fmin(1, run->mix_time / run->mix_duration) : 1;
    if (run->has_from) {
      if (run->has_current) {
        ob_mix_out into =
            animations_of(instance, layer, &run->current, 1 - mix_a);
        apply_state(instance, layer, &run->from, 1, &into);
      } else {
        apply_state(instance, layer, &run->from, run->exited ? 1 - mix_a : 1,
                    NULL);
      }
    }
    if (run->has_current) {
      apply_state(instance, layer, &run->current, run->has_from ? mix_a : 1,
                  NULL);
    }
  }
  ob_scripts_apply_overrides(instance); /* 9 */
  /* 10: number inputs are read where they are
   * used (ob_machine_number_input); emitter overrides → particleValues */
  for (size_t i = 0; i < instance->model->slot_count; i++) {
    if (machine->emitters[i].has_emitting) {
      instance->particle_values[i].has_emitting = true;
      instance->particle_values[i].emitting = machine->emitters[i].emitting;
    }
  }
  apply_bindings(instance); /* 11 */
  if (dt > 0) {             /* 12: skeleton.update(dt) */
    instance->clock += dt;
    instance->pending_dt += dt;
    instance->particle_pending += dt;
  }
  ob_update_world_transform(instance);
  /* 13: the events were recorded in order as they were queued; the
   * scripts' onEvent sees each */
  ob_scripts_events(instance);
}

/* ------------------------------------------------------------------ */
/* Public API                                                          */
/* ------------------------------------------------------------------ */

static void free_run(ob_machine_run *machine) {
  if (machine == NULL) {
    return;
  }
  /* machine->scripts is freed by ob_machine_free (it needs the instance) */
  for (size_t i = 0; machine->inputs && i < machine->data->input_count; i++) {
    free(machine->inputs[i].text);
  }
  free(machine->inputs);
  free(machine->layers);
  free(machine->listeners);
  free(machine->bus_muted);
  free(machine->hit_polygon);
  free(machine->emitters);
  free(machine);
}

void ob_machine_free(anima_bone_instance *instance) {
  ob_scripts_free(instance);
  free_run(instance->machine);
  instance->machine = NULL;
}

anima_status anima_bone_machine_start(anima_bone_instance *instance,
                                      long machine_index) {
  const anima_bone_model *model = instance->model;
  if (machine_index < 0 || (size_t)machine_index >= model->machine_count) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  const ob_machine_data *data = &model->machines[machine_index];
  ob_machine_run *machine = calloc(1, sizeof *machine);
  if (machine == NULL) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  machine->data = data;
  size_t points = model->max_vertices > 4 ? model->max_vertices : 4;
  machine->inputs = calloc(data->input_count + 1, sizeof *machine->inputs);
  machine->layers = calloc(data->layer_count + 1, sizeof *machine->layers);
  machine->listeners =
      calloc(data->listener_count + 1, sizeof *machine->listeners);
  machine->bus_muted = calloc(model->bus_count + 1, sizeof(bool));
  machine->hit_polygon = calloc(2 * points, sizeof(float));
  machine->emitters = calloc(model->slot_count + 1, sizeof *machine->emitters);
  bool ok = machine->inputs && machine->layers && machine->listeners &&
            machine->bus_muted && machine->hit_polygon && machine->emitters;
  /* room for the longest string the document (or a number) can give */
  size_t capacity =
      (data->max_string_input > 63 ? data->max_string_input : 63) + 1;
  for (size_t i = 0; ok && i < data->input_count; i++) {
    ob_input_run *input = &machine->inputs[i];
    input->value = data->inputs[i].initial;
    if (data->inputs[i].type == OB_INPUT_STRING) {
      input->text = calloc(capacity, 1);
      input->capacity = capacity;
      ok = input->text &&
           store_string(input, data->inputs[i].initial.string
                                   ? data->inputs[i].initial.string
                                   : "");
    }
  }
  if (!ok) {
    free_run(machine);
    return ANIMA_ERROR_NO_MEMORY;
  }
  for (size_t i = 0; i < model->bus_count; i++) {
    machine->bus_muted[i] = model->buses[i].muted;
  }
  machine->master_muted = model->master_muted;
  ob_machine_free(instance);
  instance->machine = machine;
  if (!ob_scripts_create(instance)) {
    ob_machine_free(instance);
    return ANIMA_ERROR_NO_MEMORY;
  }
  ob_audio_reset(instance);
  return ANIMA_OK;
}

static long find_input(const ob_machine_data *data, const char *reference) {
  for (int pass = 0; reference && pass < 2; pass++) {
    for (size_t i = 0; i < data->input_count; i++) {
      const char *name = pass == 0 ? data->inputs[i].id : data->inputs[i].name;
      if (name && strcmp(name, reference) == 0) {
        return (long)i;
      }
    }
  }
  return -1;
}

anima_status anima_bone_machine_set_input(anima_bone_instance *instance,
                                          const char *reference,
                                          const anima_bone_value *value) {
  if (instance->machine == NULL || value == NULL ||
      (value->type == ANIMA_BONE_VALUE_STRING && value->string == NULL)) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  long index = find_input(instance->machine->data, reference);
  if (index < 0) {
    return ANIMA_ERROR_UNKNOWN_INPUT;
  }
  ob_value converted = {(ob_value_kind)value->type, value->boolean,
                        value->number, value->string};
  if (value->type > ANIMA_BONE_VALUE_STRING) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  return ob_machine_set_input(instance, (size_t)index, &converted)
             ? ANIMA_OK
             : ANIMA_ERROR_NO_MEMORY;
}

anima_status anima_bone_machine_fire(anima_bone_instance *instance,
                                     const char *reference) {
  if (instance->machine == NULL) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  long index = find_input(instance->machine->data, reference);
  if (index < 0) {
    return ANIMA_ERROR_UNKNOWN_INPUT;
  }
  instance->machine->inputs[index].fired = true;
  return ANIMA_OK;
}

const char *anima_bone_model_machine_input(const anima_bone_model *model,
                                           size_t machine, size_t input) {
  if (machine >= model->machine_count ||
      input >= model->machines[machine].input_count) {
    return NULL;
  }
  return model->machines[machine].inputs[input].id;
}

const char *anima_bone_model_machine_input_name(const anima_bone_model *model,
                                                size_t machine, size_t input) {
  if (machine >= model->machine_count ||
      input >= model->machines[machine].input_count) {
    return NULL;
  }
  return model->machines[machine].inputs[input].name;
}

bool ob_machine_input_value(const anima_bone_instance *instance, const char *id,
                            double *out) {
  const ob_machine_run *machine = instance->machine;
  if (machine == NULL || !machine->started || id == NULL) {
    return false;
  }
  for (size_t i = 0; i < machine->data->input_count; i++) {
    const ob_input_data *input = &machine->data->inputs[i];
    if (input->type == OB_INPUT_NUMBER && input->id &&
        strcmp(input->id, id) == 0) {
      *out = machine->inputs[i].value.number;
      return true;
    }
  }
  return false;
}

double ob_machine_number_input(const anima_bone_instance *instance,
                               const char *id) {
  double value = 0;
  ob_machine_input_value(instance, id, &value);
  return value;
}

bool anima_bone_instance_has_machine(const anima_bone_instance *instance) {
  return instance->machine != NULL;
}

size_t anima_bone_machine_layer_count(const anima_bone_instance *instance) {
  return instance->machine ? instance->machine->data->layer_count : 0;
}

const char *anima_bone_machine_active_state(const anima_bone_instance *instance,
                                            size_t layer) {
  const ob_machine_run *machine = instance->machine;
  if (machine == NULL || layer >= machine->data->layer_count) {
    return NULL;
  }
  const ob_layer_run *run = &machine->layers[layer];
  if (run->exited) {
    return "exit";
  }
  return run->has_current
             ? machine->data->layers[layer].states[run->current.state].name
             : NULL;
}
