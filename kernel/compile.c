/*
 * compile.c — anima_model_compile (loader.h): a validated document to an
 * immutable model (model.h), and the helpers the other compile*.c use.
 * Freed by anima_model_destroy (compile_lookup.c).
 */
#include <stdlib.h>
#include <string.h>

#include "color.h"
#include "compile_internal.h"
#include "kinds.h"
#include "loader.h"
#include "value_type.h"

const char *anima_model_intern(anima_model *model, const char *string) {
  size_t length = strlen(string) + 1;
  struct anima_model_string_block *block = model->strings;
  if (!block || block->capacity - block->used < length) {
    size_t capacity = length > 4096 ? length : 4096;
    block = malloc(sizeof *block + capacity);
    if (!block) {
      return NULL;
    }
    block->next = model->strings;
    block->used = 0;
    block->capacity = capacity;
    model->strings = block;
  }
  char *copy = block->data + block->used;
  memcpy(copy, string, length);
  block->used += length;
  return copy;
}

bool anima_compile_grow(void **items, size_t count, size_t *capacity,
                        size_t size) {
  if (count < *capacity) {
    return true;
  }
  size_t grown = *capacity ? *capacity * 2 : 8;
  void *larger = realloc(*items, grown * size);
  if (!larger) {
    return false;
  }
  *items = larger;
  *capacity = grown;
  return true;
}

double anima_json_number_or(const json_t *value, double fallback) {
  return json_is_number(value) ? json_number_value(value) : fallback;
}

const char *anima_json_string_member(const json_t *object, const char *key) {
  const json_t *value =
      json_is_object(object) ? json_object_get(object, key) : NULL;
  return json_is_string(value) ? json_string_value(value) : NULL;
}

bool anima_compile_color(const anima_model *model, const char *text,
                         anima_color *out) {
  anima_color color = {0, 0, 0, 255};
  switch (anima_color_parse(text, &color)) {
  case ANIMA_COLOR_FORM_HEX:
    *out = color;
    return true;
  case ANIMA_COLOR_FORM_CURRENT:
    *out = color; /* black stands for currentColor in values */
    return true;
  case ANIMA_COLOR_FORM_SLOT:
    for (size_t i = 0; i < model->color_slot_count; i++) {
      if (strcmp(model->color_slots[i].name, text) == 0) {
        *out = model->color_slots[i].value;
        return true;
      }
    }
    return false;
  case ANIMA_COLOR_FORM_INVALID:
  default:
    return false;
  }
}

bool anima_compile_value(const anima_model *model, const json_t *json,
                         anima_value_type type, anima_value *out) {
  out->type = type;
  switch (type) {
  case ANIMA_VALUE_NUMBER:
    if (!json_is_number(json)) {
      return false;
    }
    out->as.number = json_number_value(json);
    return true;
  case ANIMA_VALUE_BOOL:
    if (!json_is_boolean(json)) {
      return false;
    }
    out->as.boolean = json_is_true(json);
    return true;
  case ANIMA_VALUE_COLOR:
    return json_is_string(json) &&
           anima_compile_color(model, json_string_value(json), &out->as.color);
  }
  return false;
}

long anima_compile_address(const anima_model *model, const char *address) {
  const char *dot = strchr(address, '.');
  if (!dot || dot == address) {
    return -1;
  }
  size_t id_length = (size_t)(dot - address);
  for (size_t i = 0; i < model->node_count; i++) {
    const anima_model_node *node = &model->nodes[i];
    if (strlen(node->id) != id_length ||
        memcmp(node->id, address, id_length) != 0) {
      continue;
    }
    return anima_model_node_address_slot(model, i, dot + 1);
  }
  return -1;
}

anima_status anima_model_compile(const anima_runtime *runtime,
                                 const json_t *document,
                                 anima_diagnostics *diagnostics,
                                 anima_model **out) {
  *out = NULL;
  if (!runtime || !json_is_object(document)) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  anima_model *model = calloc(1, sizeof *model);
  if (!model) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  model->runtime = runtime;
  model->registry = anima_runtime_registry(runtime);
  anima_compiler compiler = {.model = model,
                             .document = document,
                             .writes_state = -1,
                             .diagnostics = diagnostics};
  anima_status status = ANIMA_OK;
  const char *name = anima_json_string_member(document, "name");
  model->name = anima_model_intern(model, name ? name : "");
  const char *title = anima_json_string_member(document, "title");
  model->title = title ? anima_model_intern(model, title) : NULL;
  if (!model->name || (title && !model->title)) {
    status = ANIMA_ERROR_NO_MEMORY;
  }
  if (status == ANIMA_OK) {
    status = anima_compile_requires_list(&compiler);
  }
  if (status == ANIMA_OK) {
    status = anima_compile_nodes(&compiler);
  }
  if (status == ANIMA_OK) {
    status = anima_compile_node_modules(&compiler);
  }
  if (status == ANIMA_OK) {
    status = anima_compile_value_rests(&compiler);
  }
  if (status == ANIMA_OK) {
    status = anima_compile_inputs(&compiler);
  }
  if (status == ANIMA_OK) {
    status = anima_compile_timelines(&compiler);
  }
  if (status == ANIMA_OK) {
    status = anima_compile_machine(&compiler);
  }
  if (status == ANIMA_OK) {
    status = anima_compile_paint_kinds(&compiler);
  }
  if (status == ANIMA_OK) {
    status = anima_compile_value_cells(&compiler);
  }
  if (status == ANIMA_OK) {
    status = anima_compile_listeners(&compiler);
  }
  if (status == ANIMA_OK) {
    status = anima_compile_stage_hooks(&compiler);
  }
  if (status == ANIMA_OK) {
    status = anima_compile_solvers(&compiler);
  }
  if (status == ANIMA_OK) {
    status = anima_compile_derived(&compiler);
  }
  if (status == ANIMA_OK) {
    status = anima_compile_pose(model);
  }
  if (status == ANIMA_OK) {
    status = anima_compile_lookups(model);
  }
  if (status != ANIMA_OK) {
    anima_model_destroy(model);
    return status;
  }
  *out = model;
  return ANIMA_OK;
}
