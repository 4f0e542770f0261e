/*
 * compile_module.c — the compile context modules receive (module.h
 * anima_compile, anima_lifecycle.compile): model-owned memory, lookups of
 * nodes, slots and inputs, and the per-node module data (node behaviours,
 * outline hooks).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "compile_internal.h"
#include "host_internal.h"
#include "registry_internal.h"
#include "node_behaviours.h"
#include "text.h"

/* ---- model-owned memory ----------------------------------------------------
 */

/** A block of module data owned by the model (16-byte aligned). */
struct anima_model_memory_block {
  struct anima_model_memory_block *next;
  size_t used, capacity;
  _Alignas(16) unsigned char data[];
};

/** Data a module allocated itself, released with the model. */
struct anima_model_release {
  void (*release)(void *data, void *user);
  void *data;
  void *user;
};

void *anima_model_alloc(anima_model *model, size_t size) {
  size = (size + 15) & ~(size_t)15;
  if (size == 0) {
    size = 16;
  }
  struct anima_model_memory_block *block = model->memory;
  if (!block || block->capacity - block->used < size) {
    size_t capacity = size > 4096 ? size : 4096;
    block = malloc(sizeof *block + capacity);
    if (!block) {
      return NULL;
    }
    block->next = model->memory;
    block->used = 0;
    block->capacity = capacity;
    model->memory = block;
  }
  void *memory = block->data + block->used;
  block->used += size;
  memset(memory, 0, size);
  return memory;
}

void anima_model_release_module_data(anima_model *model) {
  for (size_t i = model->release_count; i-- > 0;) {
    model->releases[i].release(model->releases[i].data,
                               model->releases[i].user);
  }
  free(model->releases);
  model->releases = NULL;
  model->release_count = 0;
  free(model->instances);
  model->instances = NULL;
  model->instance_count = 0;
  free(model->hooks);
  model->hooks = NULL;
  model->hook_count = 0;
  free(model->solvers);
  model->solvers = NULL;
  model->solver_count = 0;
  free(model->solver_hosts);
  model->solver_hosts = NULL;
  model->solver_host_count = 0;
  free(model->derived);
  model->derived = NULL;
  model->derived_count = 0;
  while (model->memory) {
    struct anima_model_memory_block *next = model->memory->next;
    free(model->memory);
    model->memory = next;
  }
  free(model->requires);
  model->requires = NULL;
}

/* ---- the compile context ------------------------------------------------ */

struct anima_compile {
  anima_compiler *compiler;
  const char *pointer; /**< the site's pointer, for reports */
  bool reported;       /**< compile_report was called */
};

const anima_json *anima_compile_document(anima_compile *compile) {
  return (const anima_json *)compile->compiler->document;
}

void *anima_compile_alloc(anima_compile *compile, size_t size) {
  return anima_model_alloc(compile->compiler->model, size);
}

const char *anima_compile_string(anima_compile *compile, const char *text) {
  return text ? anima_model_intern(compile->compiler->model, text) : NULL;
}

size_t anima_compile_node_count(anima_compile *compile) {
  return compile->compiler->model->node_count;
}

long anima_compile_find_node(anima_compile *compile, const char *id) {
  const anima_model *model = compile->compiler->model;
  for (size_t i = 0; id && i < model->node_count; i++) {
    if (strcmp(model->nodes[i].id, id) == 0) {
      return (long)i;
    }
  }
  return -1;
}

const char *anima_compile_node_id(anima_compile *compile, size_t node) {
  const anima_model *model = compile->compiler->model;
  return node < model->node_count ? model->nodes[node].id : NULL;
}

const char *anima_compile_node_type(anima_compile *compile, size_t node) {
  const anima_model *model = compile->compiler->model;
  return node < model->node_count ? model->nodes[node].type : NULL;
}

long anima_compile_node_parent(anima_compile *compile, size_t node) {
  const anima_model *model = compile->compiler->model;
  return node < model->node_count ? model->nodes[node].parent : -1;
}

/* The JSON object of node `index` in document pre-order. */
static const json_t *node_json(const json_t *list, size_t *countdown) {
  for (size_t i = 0; i < json_array_size(list); i++) {
    const json_t *node = json_array_get(list, i);
    if (*countdown == 0) {
      return node;
    }
    (*countdown)--;
    const json_t *found =
        node_json(json_object_get(node, "children"), countdown);
    if (found) {
      return found;
    }
  }
  return NULL;
}

const anima_json *anima_compile_node_json(anima_compile *compile, size_t node) {
  if (node >= compile->compiler->model->node_count) {
    return NULL;
  }
  size_t countdown = node;
  return (const anima_json *)node_json(
      json_object_get(compile->compiler->document, "nodes"), &countdown);
}

long anima_compile_find_slot(anima_compile *compile, size_t node,
                             const char *address) {
  const anima_model *model = compile->compiler->model;
  if (node >= model->node_count || !address) {
    return -1;
  }
  return anima_model_node_address_slot(model, node, address);
}

bool anima_compile_slot_animated(anima_compile *compile, size_t slot) {
  const anima_model *model = compile->compiler->model;
  return slot < model->slot_count && model->slots[slot].animated;
}

anima_status anima_compile_action_block_handle(anima_compile *compile,
                                               const anima_json *object,
                                               const char *pointer,
                                               size_t *block) {
  anima_compiler *compiler = compile->compiler;
  anima_model *model = compiler->model;
  if (!json_is_object((const json_t *)object) || !block) {
    return ANIMA_ERROR_INVALID_DOCUMENT;
  }
  size_t first, count, expressions = 0;
  anima_status status = anima_compile_action_block(
      compiler, (const json_t *)object, pointer ? pointer : "", &first, &count,
      &expressions);
  if (status != ANIMA_OK) {
    return status;
  }
  size_t index;
  if (!ANIMA_COMPILE_APPEND(model->action_blocks, model->action_block_count,
                            compiler->action_block_capacity, index)) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  model->action_blocks[index].first_action = first;
  model->action_blocks[index].action_count = count;
  *block = index;
  return ANIMA_OK;
}

long anima_compile_bind_address(anima_compile *compile, const char *address,
                                anima_value_type *type) {
  anima_model *model = compile->compiler->model;
  long slot = address ? anima_compile_address(model, address) : -1;
  if (slot < 0 || model->slots[slot].animation == ANIMA_ANIMATION_NONE) {
    return -1;
  }
  model->slots[slot].animated = true;
  model->slots[slot].bound = true;
  if (type) {
    *type = model->slots[slot].type;
  }
  return slot;
}

anima_status anima_compile_set_rest(anima_compile *compile, size_t slot,
                                    const anima_value *rest) {
  anima_model *model = compile->compiler->model;
  if (slot >= model->slot_count || !rest ||
      rest->type != model->slots[slot].type ||
      model->slots[slot].type >= ANIMA_VALUE_MODULE_FIRST) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  model->slots[slot].rest = *rest;
  return ANIMA_OK;
}

long anima_compile_find_input(anima_compile *compile, const char *name) {
  const anima_model *model = compile->compiler->model;
  for (size_t i = 0; name && i < model->input_count; i++) {
    if (strcmp(model->inputs[i].name, name) == 0) {
      return (long)i;
    }
  }
  return -1;
}

long anima_compile_find_timeline(anima_compile *compile, const char *name,
                                 double *duration) {
  const anima_model *model = compile->compiler->model;
  for (size_t i = 0; name && i < model->timeline_count; i++) {
    if (strcmp(model->timelines[i].name, name) == 0) {
      if (duration) {
        *duration = model->timelines[i].duration;
      }
      return (long)i;
    }
  }
  return -1;
}

anima_input_type anima_compile_input_type(anima_compile *compile,
                                          size_t input) {
  const anima_model *model = compile->compiler->model;
  return input < model->input_count ? model->inputs[input].type
                                    : ANIMA_INPUT_BOOL;
}

bool anima_compile_requires(anima_compile *compile, const char *feature) {
  const anima_model *model = compile->compiler->model;
  return feature &&
         anima_feature_declared(feature, model->requires, model->require_count);
}

const void *anima_compile_interface(anima_compile *compile, const char *name) {
  const anima_model *model = compile->compiler->model;
  const anima_interface_desc *desc =
      anima_registry_interface(model->registry, name);
  return desc && anima_feature_declared(desc->feature, model->requires,
                                        model->require_count)
             ? desc->table
             : NULL;
}

const char *anima_compile_event_name(anima_compile *compile, const char *name) {
  return anima_compile_string(compile, name);
}

/* A module's compile call failed without saying why: the module-compile
 * error that asks the user to report it to the module's author (never for
 * ANIMA_ERROR_NO_MEMORY, nor when the module reported, nor without a
 * diagnostics list). Returns whether it was reported. */
static bool report_unexplained(const anima_compiler *compiler,
                               anima_status status, bool reported,
                               const char *pointer, const char *module) {
  if (status == ANIMA_OK || reported || !compiler->diagnostics ||
      status == ANIMA_ERROR_NO_MEMORY) {
    return false;
  }
  anima_diagnostics_add(compiler->diagnostics, "module-compile",
                        ANIMA_SEVERITY_ERROR, pointer ? pointer : "",
                        "report this to the module's author",
                        "module %s could not compile this (%s)", module,
                        anima_status_name(status));
  return true;
}

void anima_compile_vreport(anima_compile *compile, const char *code,
                           const char *pointer, const char *hint,
                           const char *format, va_list list) {
  compile->reported = true;
  anima_diagnostics *diagnostics = compile->compiler->diagnostics;
  if (!diagnostics) {
    return;
  }
  anima_text message = {0};
  anima_text_vappendf(&message, format ? format : "", list);
  const anima_code *entry =
      anima_registry_find_code(compile->compiler->model->registry, code);
  anima_diagnostics_add(diagnostics, code ? code : "module-compile",
                        entry ? entry->severity : ANIMA_SEVERITY_ERROR,
                        pointer ? pointer
                                : (compile->pointer ? compile->pointer : ""),
                        hint, "%s", anima_text_string(&message));
  anima_text_free(&message);
}

/* ---- the document's features ----------------------------------------------
 */

anima_status anima_compile_requires_list(anima_compiler *compiler) {
  anima_model *model = compiler->model;
  const json_t *list = json_object_get(compiler->document, "requires");
  size_t count = json_array_size(list);
  model->requires = calloc(count ? count : 1, sizeof *model->requires);
  if (!model->requires) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  for (size_t i = 0; i < count; i++) {
    const char *feature = json_string_value(json_array_get(list, i));
    if (feature && anima_registry_has_feature(model->registry, feature)) {
      const char *copy = anima_model_intern(model, feature);
      if (!copy) {
        return ANIMA_ERROR_NO_MEMORY;
      }
      model->requires[model->require_count++] = copy;
    }
  }
  /* Crossfade rules of the declared features (module.h). */
  size_t rules = anima_registry_behaviour_count(model->registry,
                                                ANIMA_BEHAVIOUR_CROSSFADE_RULE);
  for (size_t i = 0; i < rules; i++) {
    const anima_crossfade_rule_desc *rule =
        anima_registry_behaviour(model->registry,
                                 ANIMA_BEHAVIOUR_CROSSFADE_RULE, i)
            ->desc;
    if (anima_feature_declared(rule->feature, model->requires,
                               model->require_count)) {
      model->crossfade_flags |= rule->flags;
    }
  }
  return ANIMA_OK;
}

/* ---- lifecycles ------------------------------------------------------------
 */

/* Reserves `size` bytes of per-player memory for a compiled site. */
static anima_status reserve_instance(anima_model *model,
                                     const anima_lifecycle *lifecycle,
                                     const void *data, void *user, size_t size,
                                     size_t *offset) {
  size_t start = (model->instance_bytes + 15) & ~(size_t)15;
  size_t rounded = (size + 15) & ~(size_t)15;
  if (rounded < size || start > SIZE_MAX - rounded ||
      !anima_compile_grow((void **)&model->instances, model->instance_count,
                          &model->instance_capacity,
                          sizeof *model->instances)) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  model->instances[model->instance_count++] =
      (anima_model_instance){lifecycle, data, user, start, size};
  model->instance_bytes = start + rounded;
  *offset = start;
  return ANIMA_OK;
}

anima_status anima_compile_module_expression(anima_compile *compile,
                                             const char *pointer,
                                             const char *text,
                                             anima_input_type type,
                                             const void **expression) {
  if (!compile || !text || !expression) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  anima_module_expression *compiled =
      anima_compile_alloc(compile, sizeof *compiled);
  if (!compiled) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  *compiled = (anima_module_expression){.type = ANIMA_VALUE_NUMBER};
  anima_status status = anima_compile_expression(
      compile->compiler, text, type, pointer, &compiled->kind, &compiled->data);
  if (status == ANIMA_OK && !compiled->kind) {
    status = ANIMA_ERROR_INVALID_DOCUMENT;
  }
  *expression = status == ANIMA_OK ? compiled : NULL;
  return status;
}

anima_status anima_compile_value_expression(anima_compile *compile,
                                            const char *pointer,
                                            const char *text,
                                            anima_value_type type,
                                            const void **expression) {
  if (!compile || !text || !expression) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  *expression = NULL;
  anima_compiler *compiler = compile->compiler;
  const anima_model *model = compiler->model;
  size_t count = anima_registry_behaviour_count(
      model->registry, ANIMA_BEHAVIOUR_EXPRESSION_KIND);
  for (size_t i = 0; i < count; i++) {
    const anima_behaviour *entry = anima_registry_behaviour(
        model->registry, ANIMA_BEHAVIOUR_EXPRESSION_KIND, i);
    const anima_expression_kind_desc *kind = entry->desc;
    if (!anima_feature_declared(kind->feature, model->requires,
                                model->require_count)) {
      continue;
    }
    if (!kind->compile_value || !kind->evaluate_value) {
      if (type != ANIMA_VALUE_NUMBER && type != ANIMA_VALUE_BOOL) {
        return ANIMA_ERROR_INVALID_DOCUMENT; /* validation said why */
      }
      anima_status status = anima_compile_module_expression(
          compile, pointer, text,
          type == ANIMA_VALUE_BOOL ? ANIMA_INPUT_BOOL : ANIMA_INPUT_NUMBER,
          expression);
      if (status == ANIMA_OK) {
        ((anima_module_expression *)*expression)->type = type;
      }
      return status;
    }
    anima_module_expression *compiled =
        anima_compile_alloc(compile, sizeof *compiled);
    if (!compiled) {
      return ANIMA_ERROR_NO_MEMORY;
    }
    anima_compile context = {.compiler = compiler, .pointer = pointer};
    void *data = NULL;
    anima_status status =
        kind->compile_value(&context, text, type, &data, kind->user);
    report_unexplained(compiler, status, context.reported, pointer,
                       entry->module);
    if (status == ANIMA_OK && context.reported) {
      status = ANIMA_ERROR_INVALID_DOCUMENT;
    }
    if (status != ANIMA_OK) {
      return status == ANIMA_ERROR_NO_MEMORY ? status
                                             : ANIMA_ERROR_INVALID_DOCUMENT;
    }
    *compiled = (anima_module_expression){
        .kind = kind, .data = data, .typed = true, .type = type};
    *expression = compiled;
    return ANIMA_OK;
  }
  return ANIMA_ERROR_INVALID_DOCUMENT;
}

anima_compiler *anima_compile_compiler(anima_compile *compile) {
  return compile->compiler;
}

anima_status
anima_compile_expression(anima_compiler *compiler, const char *text,
                         anima_input_type type, const char *pointer,
                         const anima_expression_kind_desc **kind_out,
                         const void **data) {
  const anima_model *model = compiler->model;
  size_t count = anima_registry_behaviour_count(
      model->registry, ANIMA_BEHAVIOUR_EXPRESSION_KIND);
  for (size_t i = 0; i < count; i++) {
    const anima_behaviour *entry = anima_registry_behaviour(
        model->registry, ANIMA_BEHAVIOUR_EXPRESSION_KIND, i);
    const anima_expression_kind_desc *kind = entry->desc;
    if (!anima_feature_declared(kind->feature, model->requires,
                                model->require_count) ||
        !kind->compile || !kind->evaluate) {
      continue;
    }
    anima_compile compile = {.compiler = compiler, .pointer = pointer};
    void *compiled = NULL;
    anima_status status =
        kind->compile(&compile, text, type, &compiled, kind->user);
    report_unexplained(compiler, status, compile.reported, pointer,
                       entry->module);
    if (status == ANIMA_OK && compile.reported) {
      status = ANIMA_ERROR_INVALID_DOCUMENT;
    }
    if (status == ANIMA_ERROR_NO_MEMORY || status == ANIMA_OK) {
      *kind_out = kind;
      *data = compiled;
      return status;
    }
    return ANIMA_ERROR_INVALID_DOCUMENT;
  }
  return ANIMA_ERROR_INVALID_DOCUMENT;
}

anima_status anima_compile_lifecycle(anima_compiler *compiler,
                                     const anima_lifecycle *lifecycle,
                                     void *user, const anima_site *site,
                                     const char *module, void **data,
                                     size_t *instance) {
  *data = NULL;
  if (instance) {
    *instance = ANIMA_NO_INSTANCE;
  }
  anima_status status = ANIMA_OK;
  anima_compile compile = {.compiler = compiler, .pointer = site->pointer};
  if (lifecycle->compile) {
    status = lifecycle->compile(&compile, site, user, data);
  }
  if (status == ANIMA_OK && lifecycle->release && *data) {
    anima_model *model = compiler->model;
    if (!anima_compile_grow((void **)&model->releases, model->release_count,
                            &model->release_capacity,
                            sizeof *model->releases)) {
      lifecycle->release(*data, user);
      return ANIMA_ERROR_NO_MEMORY;
    }
    model->releases[model->release_count++] =
        (struct anima_model_release){lifecycle->release, *data, user};
  }
  if (status == ANIMA_OK && compile.reported) {
    return ANIMA_ERROR_INVALID_DOCUMENT;
  }
  if (report_unexplained(compiler, status, compile.reported, site->pointer,
                         module)) {
    return ANIMA_ERROR_INVALID_DOCUMENT;
  }
  if (status == ANIMA_OK && instance && lifecycle->instance_size) {
    size_t size = lifecycle->instance_size(*data, user);
    if (size > 0) {
      status = reserve_instance(compiler->model, lifecycle, *data, user, size,
                                instance);
    }
  }
  return status;
}

/* The behaviour registered for `type` that the document may use, or NULL. */
static const anima_behaviour *find_node_behaviour(const anima_model *model,
                                                  const char *type) {
  size_t count =
      anima_registry_behaviour_count(model->registry, ANIMA_BEHAVIOUR_NODE);
  for (size_t i = 0; i < count; i++) {
    const anima_behaviour *entry =
        anima_registry_behaviour(model->registry, ANIMA_BEHAVIOUR_NODE, i);
    const anima_node_behaviour_desc *desc = entry->desc;
    if (desc->node_type && strcmp(desc->node_type, type) == 0 &&
        anima_feature_declared(desc->feature, model->requires,
                               model->require_count)) {
      return entry;
    }
  }
  return NULL;
}

/* The outline hook for `type` of a feature the document declares, or
 * NULL. */
/* The outline hook at or after registry position `*from` for node type
 * `type` whose feature the document declares (advancing `*from` past it),
 * or NULL. Hooks are registered in module order. */
static const anima_behaviour *
find_outline_hook(const anima_model *model, const char *type, size_t *from) {
  size_t count = anima_registry_behaviour_count(model->registry,
                                                ANIMA_BEHAVIOUR_OUTLINE_HOOK);
  for (size_t i = *from; i < count; i++) {
    const anima_behaviour *entry = anima_registry_behaviour(
        model->registry, ANIMA_BEHAVIOUR_OUTLINE_HOOK, i);
    const anima_outline_hook_desc *hook = entry->desc;
    if (hook->node_type && strcmp(hook->node_type, type) == 0 &&
        anima_feature_declared(hook->feature, model->requires,
                               model->require_count)) {
      *from = i + 1;
      return entry;
    }
  }
  *from = count;
  return NULL;
}

/* The node's behaviour and outline hook with their per-model data, and the
 * outline storage they need. */
static anima_status compile_node_module(anima_compiler *compiler, size_t index,
                                        const anima_site *site) {
  anima_model_node *node = &compiler->model->nodes[index];
  const anima_behaviour *entry =
      find_node_behaviour(compiler->model, node->type);
  anima_status status = ANIMA_OK;
  if (entry) {
    const anima_node_behaviour_desc *behaviour = entry->desc;
    void *data = NULL;
    status = anima_compile_lifecycle(compiler, &behaviour->lifecycle,
                                     behaviour->user, site, entry->module,
                                     &data, NULL);
    if (status != ANIMA_OK) {
      return status;
    }
    node->behaviour = behaviour;
    node->behaviour_data = data;
    if (behaviour->max_segments) {
      node->outline_segments = behaviour->max_segments(data, behaviour->user);
    }
    if (behaviour->flags & ANIMA_BEHAVIOUR_FIXED_OUTLINE) {
      node->fixed_outline = data;
    }
  }
  size_t from = 0;
  const anima_behaviour *hook_entry;
  while ((hook_entry = find_outline_hook(compiler->model, node->type, &from)) !=
         NULL) {
    const anima_outline_hook_desc *hook = hook_entry->desc;
    void *data = NULL;
    status = anima_compile_lifecycle(compiler, &hook->lifecycle, hook->user,
                                     site, hook_entry->module, &data, NULL);
    if (status != ANIMA_OK) {
      return status;
    }
    if (hook->lifecycle.compile && data == NULL) {
      continue; /* the hook does not apply to this node (module.h) */
    }
    node->outline_hook = hook;
    node->outline_hook_data = data;
    size_t segments =
        hook->max_segments ? hook->max_segments(data, hook->user) : 0;
    if (segments > node->outline_segments) {
      node->outline_segments = segments;
    }
    break;
  }
  return status;
}

/* ---- point deformers (module.h compile_node_deformer) -------------------- */

/* Keeps a deformer's release with the model's (as a lifecycle's). */
static anima_status keep_deformer_release(anima_model *model,
                                          const anima_deformer_desc *desc,
                                          void *data) {
  if (!desc->release || !data) {
    return ANIMA_OK;
  }
  if (!anima_compile_grow((void **)&model->releases, model->release_count,
                          &model->release_capacity, sizeof *model->releases)) {
    desc->release(data, desc->user);
    return ANIMA_ERROR_NO_MEMORY;
  }
  model->releases[model->release_count++] =
      (struct anima_model_release){desc->release, data, desc->user};
  return ANIMA_OK;
}

anima_status anima_compile_node_deformer(anima_compile *compile,
                                         const anima_site *site,
                                         const anima_deform_point *points,
                                         size_t count, size_t anchors,
                                         bool *deformed) {
  if (deformed) {
    *deformed = false;
  }
  if (!compile || !site || site->node < 0 || (!points && count > 0) ||
      (size_t)site->node >= compile->compiler->model->node_count) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  anima_compiler *compiler = compile->compiler;
  anima_model *model = compiler->model;
  anima_model_node *node = &model->nodes[site->node];
  if (node->deform_offered) {
    return ANIMA_ERROR_INVALID_ARGUMENT; /* one offer per node */
  }
  node->deform_offered = true;
  size_t total =
      anima_registry_behaviour_count(model->registry, ANIMA_BEHAVIOUR_DEFORMER);
  for (size_t i = 0; i < total; i++) {
    const anima_behaviour *entry =
        anima_registry_behaviour(model->registry, ANIMA_BEHAVIOUR_DEFORMER, i);
    const anima_deformer_desc *desc = entry->desc;
    if (!anima_feature_declared(desc->feature, model->requires,
                                model->require_count)) {
      continue;
    }
    anima_compile inner = {.compiler = compiler, .pointer = site->pointer};
    void *data = NULL;
    anima_status status =
        desc->compile(&inner, site, points, count, anchors, desc->user, &data);
    if (status == ANIMA_OK) {
      status = keep_deformer_release(model, desc, data);
    }
    if (inner.reported) {
      /* The deformer's report is the precise one: the owner's compile
       * fails with it, without a second module-compile. */
      compile->reported = true;
      return status == ANIMA_OK ? ANIMA_ERROR_INVALID_DOCUMENT : status;
    }
    if (status != ANIMA_OK) {
      if (compiler->diagnostics && status != ANIMA_ERROR_NO_MEMORY) {
        anima_diagnostics_add(compiler->diagnostics, "module-compile",
                              ANIMA_SEVERITY_ERROR,
                              site->pointer ? site->pointer : "",
                              "report this to the module's author",
                              "module %s could not deform this (%s)",
                              entry->module, anima_status_name(status));
        compile->reported = true;
      }
      return status;
    }
    if (data) {
      node->deformer = desc;
      node->deformer_data = data;
      node->deform_count = count;
      if (deformed) {
        *deformed = true;
      }
      return ANIMA_OK;
    }
  }
  return ANIMA_OK;
}

/* Compiles node `index`'s module data at its pointer. */
static anima_status visit_node(void *context, size_t index,
                               const json_t *object, anima_text *pointer) {
  anima_compiler *compiler = context;
  anima_model *model = compiler->model;
  anima_site site = {
      .struct_size = sizeof site,
      .kind = ANIMA_SITE_NODE,
      .json = (const anima_json *)object,
      .pointer = anima_text_string(pointer),
      .node = (long)index,
      .layer = -1,
      .state = -1,
  };
  anima_status status = compile_node_module(compiler, index, &site);
  const anima_model_node *node = &model->nodes[index];
  if (node->outline_segments > model->max_outline_segments) {
    model->max_outline_segments = node->outline_segments;
  }
  return status;
}

anima_status anima_compile_node_modules(anima_compiler *compiler) {
  return anima_compile_each_node(compiler, visit_node, compiler);
}

/* The layers compiled so far: all of them once the machine is compiled
 * (all_layer_count); while it compiles (a state kind's or transition
 * hook's compile) layer_count counts those appended, the current one
 * included. */
static size_t layers_compiled(const anima_model *model) {
  return model->all_layer_count > model->layer_count ? model->all_layer_count
                                                     : model->layer_count;
}

size_t anima_compile_layer_count(anima_compile *compile) {
  return layers_compiled(compile->compiler->model);
}

const anima_json *anima_compile_layer(anima_compile *compile, size_t layer,
                                      anima_machine_layer_info *info) {
  anima_compiler *compiler = compile->compiler;
  anima_model *model = compiler->model;
  if (layer >= layers_compiled(model)) {
    return NULL;
  }
  const anima_model_layer *described = &model->layers[layer];
  const char *key = described->name;
  const json_t *machine = NULL;
  anima_text pointer = {0};
  if (described->machine >= 0) {
    const char *machine_name = model->machines[described->machine].name;
    key += strlen(machine_name) + 1; /* "<machine>/<layer>" */
    machine = json_object_get(json_object_get(compiler->document, "machines"),
                              machine_name);
    anima_text_append(&pointer, "/machines");
    anima_text_append_pointer_token(&pointer, machine_name);
  } else {
    machine = json_object_get(compiler->document, "machine");
    anima_text_append(&pointer, "/machine");
  }
  anima_text_append(&pointer, "/layers");
  anima_text_append_pointer_token(&pointer, key);
  const json_t *object =
      json_object_get(json_object_get(machine, "layers"), key);
  if (info && info->struct_size >= sizeof *info) {
    info->name = described->name;
    info->pointer =
        pointer.failed ? NULL
                       : anima_model_intern(model, anima_text_string(&pointer));
    info->machine = described->machine;
    info->first_state = described->first_state;
    info->state_count = described->state_count;
    info->initial = described->initial;
  }
  anima_text_free(&pointer);
  return (const anima_json *)object;
}
