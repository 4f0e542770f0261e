/*
 * compile_lookup.c — the model's sorted lookup indices, lookups by name
 * and address, the public model accessors of anima.h, and
 * anima_model_destroy.
 */
#include <stdlib.h>
#include <string.h>

#include "compile_internal.h"

/* Sorting index arrays by the string each index names. qsort has no
 * context argument, so each table gets its own comparison over a view. */
typedef struct named_index {
  const char *name;
  size_t index;
} named_index;

static int compare_named(const void *left, const void *right) {
  const named_index *a = left, *b = right;
  int order = strcmp(a->name, b->name);
  if (order != 0) {
    return order;
  }
  return a->index < b->index ? -1 : (a->index > b->index ? 1 : 0);
}

/* Fills `out` (count entries) with indices sorted by name(i). */
static anima_status
sorted_index(size_t count, const char *(*name)(const anima_model *, size_t),
             const anima_model *model, size_t **out) {
  *out = malloc((count ? count : 1) * sizeof **out);
  named_index *pairs = malloc((count ? count : 1) * sizeof *pairs);
  if (!*out || !pairs) {
    free(pairs);
    return ANIMA_ERROR_NO_MEMORY;
  }
  for (size_t i = 0; i < count; i++) {
    pairs[i].name = name(model, i);
    pairs[i].index = i;
  }
  qsort(pairs, count, sizeof *pairs, compare_named);
  for (size_t i = 0; i < count; i++) {
    (*out)[i] = pairs[i].index;
  }
  free(pairs);
  return ANIMA_OK;
}

static const char *node_name(const anima_model *model, size_t i) {
  return model->nodes[i].id;
}
static const char *slot_name(const anima_model *model, size_t i) {
  return model->slots[i].address;
}
static const char *input_name(const anima_model *model, size_t i) {
  return model->inputs[i].name;
}

anima_status anima_compile_lookups(anima_model *model) {
  model->animated_slots =
      malloc((model->slot_count ? model->slot_count : 1) * sizeof(size_t));
  if (!model->animated_slots) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  for (size_t i = 0; i < model->slot_count; i++) {
    if (model->slots[i].animated) {
      model->animated_slots[model->animated_slot_count++] = i;
    }
  }
  anima_status status =
      sorted_index(model->node_count, node_name, model, &model->nodes_by_id);
  if (status == ANIMA_OK) {
    status = sorted_index(model->slot_count, slot_name, model,
                          &model->slots_by_address);
  }
  if (status == ANIMA_OK) {
    status = sorted_index(model->input_count, input_name, model,
                          &model->inputs_by_name);
  }
  return status;
}

/* Binary search of `name` in an index sorted by name(i); -1 when absent. */
static long search(const anima_model *model, const size_t *sorted, size_t count,
                   const char *(*name)(const anima_model *, size_t),
                   const char *wanted, size_t wanted_length) {
  size_t low = 0, high = count;
  while (low < high) {
    size_t middle = low + (high - low) / 2;
    const char *candidate = name(model, sorted[middle]);
    int order = strncmp(candidate, wanted, wanted_length);
    if (order == 0 && candidate[wanted_length] != '\0') {
      order = 1;
    }
    if (order == 0) {
      return (long)sorted[middle];
    }
    if (order < 0) {
      low = middle + 1;
    } else {
      high = middle;
    }
  }
  return -1;
}

long anima_model_find_node(const anima_model *model, const char *id) {
  if (!model || !id) {
    return -1;
  }
  return search(model, model->nodes_by_id, model->node_count, node_name, id,
                strlen(id));
}

long anima_model_find_slot(const anima_model *model, const char *address) {
  if (!model || !address) {
    return -1;
  }
  return search(model, model->slots_by_address, model->slot_count, slot_name,
                address, strlen(address));
}

long anima_model_node_address_slot(const anima_model *model, size_t node,
                                   const char *suffix) {
  if (!model || node >= model->node_count || !suffix) {
    return -1;
  }
  const anima_model_node *item = &model->nodes[node];
  long property =
      anima_registry_find_property(model->registry, item->type, suffix, false);
  if (property < 0) {
    return -1;
  }
  const anima_property *description =
      anima_registry_property(model->registry, (size_t)property);
  if (!anima_address_is_pattern(description->address)) {
    return anima_model_node_slot(model, node, (size_t)property);
  }
  size_t id_length = strlen(item->id);
  for (size_t i = 0; i < item->slot_count; i++) {
    const anima_model_slot *slot = &model->slots[item->first_slot + i];
    if (slot->property == (size_t)property &&
        strncmp(slot->address, item->id, id_length) == 0 &&
        slot->address[id_length] == '.' &&
        strcmp(slot->address + id_length + 1, suffix) == 0) {
      return (long)(item->first_slot + i);
    }
  }
  return -1;
}

long anima_model_resolve_address(const anima_model *model,
                                 const char *address) {
  long exact = anima_model_find_slot(model, address);
  if (exact >= 0 || !address) {
    return exact;
  }
  const char *dot = strchr(address, '.');
  if (!dot) {
    return -1;
  }
  long node = search(model, model->nodes_by_id, model->node_count, node_name,
                     address, (size_t)(dot - address));
  if (node < 0) {
    return -1;
  }
  /* An AniML alias (SPEC §11.2 accepts both spellings): its JSON address,
   * with a pattern's `*` segments carried over ("fillStop.1" ->
   * "fill.stops.1.color"). */
  long property = anima_registry_find_property(
      model->registry, model->nodes[node].type, dot + 1, true);
  if (property < 0) {
    return -1;
  }
  const anima_property *description =
      anima_registry_property(model->registry, (size_t)property);
  char suffix[512];
  size_t length = description->markup_address
                      ? anima_address_rewrite(description->markup_address,
                                              description->address, dot + 1,
                                              suffix, sizeof suffix)
                      : 0;
  if (length == 0 || length >= sizeof suffix) {
    return anima_model_node_address_slot(model, (size_t)node, dot + 1);
  }
  return anima_model_node_address_slot(model, (size_t)node, suffix);
}

long anima_model_find_layer(const anima_model *model, const char *name) {
  for (size_t i = 0; model && name && i < model->layer_count; i++) {
    if (strcmp(model->layers[i].name, name) == 0) {
      return (long)i;
    }
  }
  return -1;
}

void anima_model_destroy(anima_model *model) {
  if (!model) {
    return;
  }
  free(model->color_slots);
  free(model->nodes);
  free(model->children);
  free(model->roots);
  free(model->slots);
  free(model->animated_slots);
  free(model->slot_of);
  free(model->pose_moving);
  free(model->inputs);
  free(model->timelines);
  free(model->tracks);
  free(model->keys);
  free(model->events);
  free(model->layers);
  free(model->machines);
  free(model->states);
  free(model->transitions);
  free(model->terms);
  free(model->pose_values);
  free(model->state_slots);
  free(model->state_slot_positions);
  free(model->layer_slots);
  free(model->declarations);
  free(model->transition_hooks);
  free(model->action_blocks);
  free(model->slot_cells);
  free(model->slot_mix_cells);
  free(model->domain_cells);
  free(model->listeners);
  free(model->actions);
  free(model->nodes_by_id);
  free(model->slots_by_address);
  free(model->inputs_by_name);
  anima_model_release_module_data(model);
  while (model->strings) {
    struct anima_model_string_block *next = model->strings->next;
    free(model->strings);
    model->strings = next;
  }
  free(model);
}

const anima_runtime *anima_model_runtime(const anima_model *model) {
  return model ? model->runtime : NULL;
}

size_t anima_model_input_count(const anima_model *model) {
  return model ? model->input_count : 0;
}

const char *anima_model_input_name(const anima_model *model, size_t index) {
  return model && index < model->input_count ? model->inputs[index].name : NULL;
}

anima_input_type anima_model_input_type(const anima_model *model,
                                        size_t index) {
  return model && index < model->input_count ? model->inputs[index].type
                                             : ANIMA_INPUT_BOOL;
}

long anima_model_input_find(const anima_model *model, const char *name) {
  if (!model || !name) {
    return -1;
  }
  return search(model, model->inputs_by_name, model->input_count, input_name,
                name, strlen(name));
}

size_t anima_model_layer_count(const anima_model *model) {
  return model ? model->layer_count : 0;
}

const char *anima_model_layer_name(const anima_model *model, size_t index) {
  return model && index < model->all_layer_count ? model->layers[index].name
                                                 : NULL;
}

size_t anima_model_layer_total(const anima_model *model) {
  return model ? model->all_layer_count : 0;
}

size_t anima_model_machine_count(const anima_model *model) {
  return model ? model->machine_count : 0;
}

const char *anima_model_machine_name(const anima_model *model, size_t index) {
  return model && index < model->machine_count ? model->machines[index].name
                                               : NULL;
}

size_t anima_model_machine_layers(const anima_model *model, size_t index,
                                  size_t *first) {
  if (!model || index >= model->machine_count) {
    return 0;
  }
  if (first) {
    *first = model->machines[index].first_layer;
  }
  return model->machines[index].layer_count;
}

long anima_model_machine_find(const anima_model *model, const char *name) {
  for (size_t i = 0; model && name && i < model->machine_count; i++) {
    if (strcmp(model->machines[i].name, name) == 0) {
      return (long)i;
    }
  }
  return -1;
}

size_t anima_model_property_count(const anima_model *model) {
  return model ? model->slot_count : 0;
}

const char *anima_model_property_address(const anima_model *model,
                                         size_t index) {
  if (model && index >= model->slot_count &&
      index - model->slot_count < model->derived_count) {
    return model->derived[index - model->slot_count].address;
  }
  return model && index < model->slot_count ? model->slots[index].address
                                            : NULL;
}

bool anima_model_property_animated(const anima_model *model, size_t index) {
  return model && index < model->slot_count && model->slots[index].animated;
}

bool anima_model_property_animatable(const anima_model *model, size_t index) {
  return model && index < model->slot_count &&
         model->slots[index].animation != ANIMA_ANIMATION_NONE;
}

long anima_model_property_find(const anima_model *model, const char *address) {
  long slot = anima_model_resolve_address(model, address);
  if (slot >= 0 || !model) {
    return slot;
  }
  long derived = anima_model_find_derived(model, address);
  return derived < 0 ? -1 : (long)model->slot_count + derived;
}
