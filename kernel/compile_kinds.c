/*
 * compile_kinds.c — compiling the kinds a module adds to layers (module.h,
 * docs/MODULES.md §5): a state's `kind` to its state kind with per-model
 * data, per-player instance and the slots it declares
 * (compile_state_writes), and the declaration states of each layer.
 */
#include <math.h>
#include <string.h>

#include "kinds.h"
#include "registry_internal.h"

const anima_state_kind_desc *
anima_state_kind_find(const anima_registry *registry, const char *name,
                      const char *const *requires, size_t require_count) {
  size_t count =
      anima_registry_behaviour_count(registry, ANIMA_BEHAVIOUR_STATE_KIND);
  for (size_t i = 0; name && i < count; i++) {
    const anima_state_kind_desc *kind =
        anima_registry_behaviour(registry, ANIMA_BEHAVIOUR_STATE_KIND, i)->desc;
    if (!kind->field && strcmp(kind->name, name) == 0 &&
        anima_feature_declared(kind->feature, requires, require_count)) {
      return kind;
    }
  }
  return NULL;
}

const anima_state_kind_desc *anima_state_kind_of(const anima_registry *registry,
                                                 const json_t *state,
                                                 const char *const *requires,
                                                 size_t require_count) {
  const char *name = anima_json_string_member(state, "kind");
  if (name || json_object_get(state, "kind")) {
    return anima_state_kind_find(registry, name, requires, require_count);
  }
  size_t count =
      anima_registry_behaviour_count(registry, ANIMA_BEHAVIOUR_STATE_KIND);
  for (size_t i = 0; i < count; i++) {
    const anima_state_kind_desc *kind =
        anima_registry_behaviour(registry, ANIMA_BEHAVIOUR_STATE_KIND, i)->desc;
    if (kind->field && json_object_get(state, kind->field) &&
        anima_feature_declared(kind->feature, requires, require_count)) {
      return kind;
    }
  }
  return NULL;
}

/* The module that registered a state kind (for module-compile messages). */
static const char *state_kind_module(const anima_registry *registry,
                                     const anima_state_kind_desc *kind) {
  size_t count =
      anima_registry_behaviour_count(registry, ANIMA_BEHAVIOUR_STATE_KIND);
  for (size_t i = 0; i < count; i++) {
    const anima_behaviour *entry =
        anima_registry_behaviour(registry, ANIMA_BEHAVIOUR_STATE_KIND, i);
    if (entry->desc == kind) {
      return entry->module;
    }
  }
  return "?";
}

anima_status anima_compile_state_writes(anima_compile *compile, size_t slot) {
  anima_compiler *compiler = anima_compile_compiler(compile);
  anima_model *model = compiler->model;
  if (compiler->writes_state < 0 || slot >= model->slot_count ||
      model->slots[slot].animation == ANIMA_ANIMATION_NONE) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  const anima_model_state *state = &model->states[compiler->writes_state];
  for (size_t i = state->first_written; i < model->state_slot_count; i++) {
    if (model->state_slots[i] == slot) {
      return ANIMA_OK; /* already in S(state) */
    }
  }
  size_t index;
  if (!ANIMA_COMPILE_APPEND(model->state_slots, model->state_slot_count,
                            compiler->state_slot_capacity, index)) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  model->state_slots[index] = slot;
  model->slots[slot].animated = true;
  return ANIMA_OK;
}

anima_status anima_compile_state_writes_timeline(anima_compile *compile,
                                                 size_t timeline) {
  anima_compiler *compiler = anima_compile_compiler(compile);
  const anima_model *model = compiler->model;
  if (compiler->writes_state < 0 || timeline >= model->timeline_count) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  const anima_model_timeline *description = &model->timelines[timeline];
  for (size_t i = 0; i < description->track_count; i++) {
    anima_status status = anima_compile_state_writes(
        compile, model->tracks[description->first_track + i].slot);
    if (status != ANIMA_OK) {
      return status;
    }
  }
  return ANIMA_OK;
}

anima_status anima_compile_timeline_info(anima_compile *compile,
                                         size_t timeline,
                                         anima_timeline_info *info) {
  return anima_model_timeline_info(anima_compile_compiler(compile)->model,
                                   timeline, info);
}

anima_status anima_compile_state_kind(anima_compiler *compiler,
                                      const json_t *object, const char *pointer,
                                      size_t layer, size_t state_index) {
  anima_model *model = compiler->model;
  anima_model_state *state = &model->states[state_index];
  state->instance_offset = ANIMA_NO_INSTANCE;
  state->instance_size = 0;
  const char *name = anima_json_string_member(object, "kind");
  const anima_state_kind_desc *kind = anima_state_kind_of(
      model->registry, object, model->requires, model->require_count);
  if (!kind) {
    /* validation said why a named kind is missing */
    return name ? ANIMA_ERROR_INVALID_DOCUMENT : ANIMA_OK;
  }
  anima_site site = {
      .struct_size = sizeof site,
      .kind = ANIMA_SITE_STATE,
      .json = (const anima_json *)object,
      .pointer = pointer,
      .node = -1,
      .layer = (long)layer,
      .state = (long)state_index,
  };
  void *data = NULL;
  size_t instance = ANIMA_NO_INSTANCE;
  compiler->writes_state = (long)state_index;
  anima_status status = anima_compile_lifecycle(
      compiler, &kind->lifecycle, kind->user, &site,
      state_kind_module(model->registry, kind), &data, &instance);
  compiler->writes_state = -1;
  state = &model->states[state_index];
  state->module = kind;
  state->module_data = data;
  state->instance_offset = instance;
  /* reserve_instance appended the state's instance last. */
  state->instance_size = instance != ANIMA_NO_INSTANCE
                             ? model->instances[model->instance_count - 1].size
                             : 0;
  return status;
}

anima_status anima_compile_clock(anima_compiler *compiler, const json_t *object,
                                 const char *pointer, size_t layer,
                                 size_t state_index) {
  anima_model *model = compiler->model;
  model->states[state_index].clock_instance_offset = ANIMA_NO_INSTANCE;
  size_t count =
      anima_registry_behaviour_count(model->registry, ANIMA_BEHAVIOUR_CLOCK);
  anima_site site = {
      .struct_size = sizeof site,
      .kind = ANIMA_SITE_STATE,
      .json = (const anima_json *)object,
      .pointer = pointer,
      .node = -1,
      .layer = (long)layer,
      .state = (long)state_index,
  };
  for (size_t i = 0; i < count; i++) {
    const anima_behaviour *entry =
        anima_registry_behaviour(model->registry, ANIMA_BEHAVIOUR_CLOCK, i);
    const anima_clock_desc *clock = entry->desc;
    if (!clock->local ||
        !anima_feature_declared(clock->feature, model->requires,
                                model->require_count)) {
      continue;
    }
    void *data = NULL;
    size_t instance = ANIMA_NO_INSTANCE;
    anima_status status =
        anima_compile_lifecycle(compiler, &clock->lifecycle, clock->user, &site,
                                entry->module, &data, &instance);
    if (status != ANIMA_OK) {
      return status;
    }
    if (data) {
      anima_model_state *state = &model->states[state_index];
      state->clock = clock;
      state->clock_data = data;
      state->clock_instance_offset = instance;
      return ANIMA_OK;
    }
  }
  return ANIMA_OK;
}

anima_status anima_compile_declarations(anima_compiler *compiler,
                                        size_t layer_index) {
  anima_model *model = compiler->model;
  anima_model_layer *layer = &model->layers[layer_index];
  layer->first_declaration = model->declaration_count;
  for (size_t i = 0; i < layer->state_count; i++) {
    size_t state = layer->first_state + i;
    const anima_state_kind_desc *kind = model->states[state].module;
    if (!kind || !(kind->flags & ANIMA_STATE_KIND_DECLARATION)) {
      continue;
    }
    size_t index;
    if (!ANIMA_COMPILE_APPEND(model->declarations, model->declaration_count,
                              compiler->declaration_capacity, index)) {
      return ANIMA_ERROR_NO_MEMORY;
    }
    model->declarations[index] = state;
  }
  layer = &model->layers[layer_index];
  layer->declaration_count =
      model->declaration_count - layer->first_declaration;
  return ANIMA_OK;
}

/* host compile_timeline_clock (module.h): the first declared clock whose
 * timeline map applies, in module order, else SPEC §5's rules. */
anima_status anima_compile_timeline_clock(anima_compile *compile,
                                          size_t timeline, double speed,
                                          anima_timeline_clock *clock) {
  anima_compiler *compiler = anima_compile_compiler(compile);
  const anima_model *model = compiler->model;
  if (!clock || timeline >= model->timeline_count || !isfinite(speed)) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  const anima_model_timeline *description = &model->timelines[timeline];
  *clock = (anima_timeline_clock){
      .timeline = timeline,
      .rate = fabs(speed),
      .span = description->duration,
      .repeats = description->loop != ANIMA_LOOP_ONCE,
      .kernel_loop = (int)description->loop,
  };
  const json_t *json = json_object_get(
      json_object_get(compiler->document, "timelines"), description->name);
  size_t count =
      anima_registry_behaviour_count(model->registry, ANIMA_BEHAVIOUR_CLOCK);
  for (size_t i = 0; i < count; i++) {
    const anima_clock_desc *map =
        anima_registry_behaviour(model->registry, ANIMA_BEHAVIOUR_CLOCK, i)
            ->desc;
    if (!map->compile_timeline || !map->timeline_local ||
        !anima_feature_declared(map->feature, model->requires,
                                model->require_count)) {
      continue;
    }
    void *data = NULL;
    double rate = clock->rate, span = clock->span;
    anima_status status =
        map->compile_timeline(compile, timeline, (const anima_json *)json,
                              speed, map->user, &data, &rate, &span);
    if (status != ANIMA_OK) {
      return status;
    }
    if (data) {
      clock->rate = rate >= 0 && isfinite(rate) ? rate : 0;
      clock->span = span > 0 && isfinite(span) ? span : description->duration;
      clock->map = map;
      clock->map_data = data;
      return ANIMA_OK;
    }
  }
  return ANIMA_OK;
}
