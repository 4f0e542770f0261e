/*
 * compile_derived.c — derived read-only properties (module.h
 * anima_derived_property_desc; rig chapter `<id>.world.x|y|rotate|scaleX|
 * scaleY`): the addresses a document's declared features derive, one per
 * node they apply to. Snapshots and `expect` read them through the
 * property API (player.c); they are not slots, so no track, pose, binding
 * or guard can name them.
 */
#include <stdlib.h>
#include <string.h>

#include "compile_internal.h"
#include "registry_internal.h"
#include "text.h"

/* Does a derived property of `owner` apply to node `node`? */
static bool applies(const anima_model_node *node, const char *owner) {
  if (!owner || strcmp(owner, "node") == 0) {
    return true;
  }
  if (strcmp(owner, "painted") == 0) {
    return (node->kind_flags & ANIMA_KIND_PAINTED) != 0;
  }
  return strcmp(owner, node->type) == 0;
}

anima_status anima_compile_derived(anima_compiler *compiler) {
  anima_model *model = compiler->model;
  size_t count = anima_registry_behaviour_count(
      model->registry, ANIMA_BEHAVIOUR_DERIVED_PROPERTY);
  size_t capacity = 0;
  for (size_t node = 0; node < model->node_count; node++) {
    for (size_t i = 0; i < count; i++) {
      const anima_derived_property_desc *desc =
          anima_registry_behaviour(model->registry,
                                   ANIMA_BEHAVIOUR_DERIVED_PROPERTY, i)
              ->desc;
      if (!desc->read || !desc->address ||
          !applies(&model->nodes[node], desc->owner) ||
          !anima_feature_declared(desc->feature, model->requires,
                                  model->require_count)) {
        continue;
      }
      anima_text address = {0};
      anima_text_appendf(&address, "%s.%s", model->nodes[node].id,
                         desc->address);
      const char *copy =
          address.failed
              ? NULL
              : anima_model_intern(model, anima_text_string(&address));
      anima_text_free(&address);
      size_t index;
      if (!copy || !ANIMA_COMPILE_APPEND(model->derived, model->derived_count,
                                         capacity, index)) {
        return ANIMA_ERROR_NO_MEMORY;
      }
      model->derived[index] =
          (anima_model_derived){.desc = desc, .node = node, .address = copy};
    }
  }
  return ANIMA_OK;
}

long anima_model_find_derived(const anima_model *model, const char *address) {
  for (size_t i = 0; model && address && i < model->derived_count; i++) {
    if (strcmp(model->derived[i].address, address) == 0) {
      return (long)i;
    }
  }
  return -1;
}
