/*
 * compile_paints.c — paint kinds (module.h anima_paint_kind_desc; paint
 * chapter "Gradients", SPEC §6 colormix) for every node's fill and stroke:
 * the kind a paint object selects by its `type` value or by a key it has,
 * among the kinds of features the document declares, compiled once per
 * model at site PAINT (index 0 fill, 1 stroke). The draw frame's layout
 * gives the paint the stops the kind asks for, and its builder calls the
 * kind's `resolve` every frame (draw_layout.c, draw_build.c).
 */
#include <string.h>

#include "compile_internal.h"
#include "registry_internal.h"
#include "text.h"

/* The paint kind `paint` selects, or NULL (a solid colour). */
static const anima_behaviour *find_paint_kind(const anima_model *model,
                                              const json_t *paint) {
  const char *type = anima_json_string_member(paint, "type");
  size_t count = anima_registry_behaviour_count(model->registry,
                                                ANIMA_BEHAVIOUR_PAINT_KIND);
  for (size_t i = 0; i < count; i++) {
    const anima_behaviour *entry = anima_registry_behaviour(
        model->registry, ANIMA_BEHAVIOUR_PAINT_KIND, i);
    const anima_paint_kind_desc *desc = entry->desc;
    bool selected = (desc->type && type && strcmp(desc->type, type) == 0) ||
                    (desc->key && json_object_get(paint, desc->key));
    if (selected && anima_feature_declared(desc->feature, model->requires,
                                           model->require_count)) {
      return entry;
    }
  }
  return NULL;
}

anima_status anima_compile_paint_kind(anima_compiler *compiler, size_t node,
                                      const json_t *paint, const char *pointer,
                                      const char *address, size_t index,
                                      anima_model_paint_kind *out) {
  *out = (anima_model_paint_kind){0};
  const anima_behaviour *entry = find_paint_kind(compiler->model, paint);
  if (!entry) {
    return ANIMA_OK;
  }
  const anima_paint_kind_desc *desc = entry->desc;
  anima_site site = {
      .struct_size = sizeof site,
      .kind = ANIMA_SITE_PAINT,
      .json = (const anima_json *)paint,
      .pointer = pointer,
      .node = (long)node,
      .layer = -1,
      .state = -1,
      .index = index,
      .address = address,
  };
  void *data = NULL;
  anima_status status =
      anima_compile_lifecycle(compiler, &desc->lifecycle, desc->user, &site,
                              entry->module, &data, NULL);
  if (status == ANIMA_OK) {
    out->desc = desc;
    out->data = data;
    out->stop_count = desc->stop_count ? desc->stop_count(data, desc->user) : 0;
  }
  return status;
}

/* The paint kinds of one node's fill and stroke. */
static anima_status compile_node_paints(anima_compiler *compiler, size_t index,
                                        const json_t *object,
                                        anima_text *pointer) {
  static const char *const names[2] = {"fill", "stroke"};
  size_t prefix = pointer->length;
  anima_status status = ANIMA_OK;
  for (size_t which = 0; status == ANIMA_OK && which < 2; which++) {
    const json_t *paint = json_object_get(object, names[which]);
    if (!json_is_object(paint)) {
      continue;
    }
    anima_text_truncate(pointer, prefix);
    anima_text_append(pointer, "/");
    anima_text_append(pointer, names[which]);
    anima_model_paint_kind kind;
    status = anima_compile_paint_kind(compiler, index, paint,
                                      anima_text_string(pointer), names[which],
                                      which, &kind);
    if (status == ANIMA_OK && kind.desc) {
      anima_model_node *node = &compiler->model->nodes[index];
      node->paint_kinds[which] = kind.desc;
      node->paint_kind_data[which] = kind.data;
      node->paint_stop_counts[which] = kind.stop_count;
    }
  }
  anima_text_truncate(pointer, prefix);
  return status;
}

/* Walks a node list in document pre-order (the model's node order). */
static anima_status visit_node(void *compiler, size_t index,
                               const json_t *object, anima_text *pointer) {
  return compile_node_paints(compiler, index, object, pointer);
}

anima_status anima_compile_paint_kinds(anima_compiler *compiler) {
  const anima_model *model = compiler->model;
  if (anima_registry_behaviour_count(model->registry,
                                     ANIMA_BEHAVIOUR_PAINT_KIND) == 0) {
    return ANIMA_OK;
  }
  return anima_compile_each_node(compiler, visit_node, compiler);
}
