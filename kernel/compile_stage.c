/*
 * compile_stage.c — the stage hooks a document uses (module.h
 * anima_stage_hook_desc; SPEC §7, docs/MODULES.md "Stages"): each hook of
 * a declared feature is compiled once for the document (site DOCUMENT),
 * gets its per-player instance, and is sorted once per model by stage,
 * module rank and registration order. Also the random source's seed.
 */
#include <math.h>
#include <stdlib.h>

#include "compile_internal.h"
#include "registry_internal.h"

/* Stage order, then module rank (anima_behaviour.module_rank, from the
 * module graph), then registration order. */
static int compare_hooks(const void *left, const void *right) {
  const anima_behaviour *a = *(const anima_behaviour *const *)left;
  const anima_behaviour *b = *(const anima_behaviour *const *)right;
  const anima_stage_hook_desc *da = a->desc, *db = b->desc;
  if (da->stage != db->stage) {
    return da->stage < db->stage ? -1 : 1;
  }
  if (a->module_rank != b->module_rank) {
    return a->module_rank < b->module_rank ? -1 : 1;
  }
  return (a->sequence > b->sequence) - (a->sequence < b->sequence);
}

static bool valid_stage(anima_stage stage) {
  return stage >= ANIMA_STAGE_INPUTS && stage <= ANIMA_STAGE_END;
}

/* The document's `machineSeed` when a module declared it (machine
 * chapter), else 0x6d2b79f5. */
static uint32_t document_seed(const json_t *document) {
  const json_t *seed = json_object_get(document, "machineSeed");
  if (json_is_integer(seed) && json_integer_value(seed) >= 0 &&
      json_integer_value(seed) <= 0xffffffffLL) {
    return (uint32_t)json_integer_value(seed);
  }
  return 0x6d2b79f5u;
}

anima_status anima_compile_stage_hooks(anima_compiler *compiler) {
  anima_model *model = compiler->model;
  model->random_seed = document_seed(compiler->document);
  size_t count = anima_registry_behaviour_count(model->registry,
                                                ANIMA_BEHAVIOUR_STAGE_HOOK);
  const anima_behaviour **used = calloc(count ? count : 1, sizeof *used);
  model->hooks = calloc(count ? count : 1, sizeof *model->hooks);
  if (!used || !model->hooks) {
    free(used);
    return ANIMA_ERROR_NO_MEMORY;
  }
  size_t used_count = 0;
  for (size_t i = 0; i < count; i++) {
    const anima_behaviour *entry = anima_registry_behaviour(
        model->registry, ANIMA_BEHAVIOUR_STAGE_HOOK, i);
    const anima_stage_hook_desc *hook = entry->desc;
    if (anima_stage_hook_compiles(hook) && valid_stage(hook->stage) &&
        anima_feature_declared(hook->feature, model->requires,
                               model->require_count)) {
      used[used_count++] = entry;
    }
  }
  qsort(used, used_count, sizeof *used, compare_hooks);
  anima_site site = {
      .struct_size = sizeof site,
      .kind = ANIMA_SITE_DOCUMENT,
      .json = (const anima_json *)compiler->document,
      .pointer = "",
      .node = -1,
      .layer = -1,
      .state = -1,
  };
  anima_status status = ANIMA_OK;
  for (size_t i = 0; status == ANIMA_OK && i < used_count; i++) {
    const anima_stage_hook_desc *desc = used[i]->desc;
    anima_model_hook *hook = &model->hooks[model->hook_count++];
    hook->desc = desc;
    hook->module = used[i]->module;
    status =
        anima_compile_lifecycle(compiler, &desc->lifecycle, desc->user, &site,
                                used[i]->module, &hook->data, &hook->instance);
  }
  free(used);
  /* stage_first[s] is the first hook of stage s or later. */
  size_t next = 0;
  for (size_t stage = 0; stage <= ANIMA_MODEL_STAGES; stage++) {
    while (next < model->hook_count &&
           (size_t)model->hooks[next].desc->stage < stage) {
      next++;
    }
    model->stage_first[stage] = next;
  }
  model->step_modules = model->step_modules || model->hook_count > 0;
  return status;
}
