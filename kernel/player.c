/*
 * player.c — creating and destroying players, reading values, the event
 * list and the write queue (SPEC §7 first paragraph).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "player_internal.h"
#include "view.h"

/* Events a new player can report without growing its buffer. */
enum { initial_event_capacity = 64 };

static void *allocate(size_t count, size_t size) {
  return calloc(count ? count : 1, size);
}

/* The bytes a continued crossfade of layer `layer` copies a state kind's
 * instance into (module.h anima_state_kind_desc.write_continued): the
 * largest instance of the layer's states whose kind continues, rounded
 * up to 16 (aligned_alloc); 0 when none has one. */
static size_t continued_instance_bytes(const anima_model *model, size_t layer) {
  const anima_model_layer *description = &model->layers[layer];
  size_t largest = 0;
  for (size_t s = 0; s < description->state_count; s++) {
    const anima_model_state *state =
        &model->states[description->first_state + s];
    if (state->module && state->module->write_continued &&
        state->instance_size > largest) {
      largest = state->instance_size;
    }
  }
  return (largest + 15) & ~(size_t)15;
}

anima_player *anima_player_create_with_motion(const anima_model *model,
                                              bool reduced_motion) {
  if (!model) {
    return NULL;
  }
  anima_player *player = calloc(1, sizeof *player);
  if (!player) {
    return NULL;
  }
  player->model = model;
  player->values = allocate(model->slot_count, sizeof *player->values);
  player->inputs = allocate(model->input_count, sizeof *player->inputs);
  player->layers = allocate(model->all_layer_count, sizeof *player->layers);
  player->output = allocate(model->max_domain_count, sizeof *player->output);
  player->output_has =
      allocate(model->max_domain_count, sizeof *player->output_has);
  player->events = allocate(initial_event_capacity, sizeof *player->events);
  /* Room for a queue of 16 writes and one fire per input, so module
   * fires inside a step (step_context.c, deduplicated) never grow it. */
  player->queue_capacity = 16 + model->input_count;
  if (model->action_block_count > 0) {
    /* Module action blocks (step_queue_block): per layer and step at most
     * 16 transitions of 4 blocks each (exit, transition, entry, end
     * actions) and one completed fade, plus the initial entry. */
    player->queue_capacity += model->all_layer_count * (16 * 4 + 2);
  }
  player->queue = allocate(player->queue_capacity, sizeof *player->queue);
  player->snapshot =
      allocate(model->action_expression_limit, sizeof *player->snapshot);
  player->event_capacity = initial_event_capacity;
  player->listener_under =
      allocate(model->listener_count, sizeof *player->listener_under);
  player->listener_pressed =
      allocate(model->listener_count, sizeof *player->listener_pressed);
  player->listener_now =
      allocate(model->listener_count, sizeof *player->listener_now);
  bool ok = player->values && player->inputs && player->layers &&
            player->output && player->output_has && player->events &&
            player->queue && player->snapshot && player->listener_under &&
            player->listener_pressed && player->listener_now;
  if (ok && model->machine_count > 0) {
    player->machines = allocate(model->machine_count, sizeof *player->machines);
    ok = player->machines != NULL;
    for (size_t m = 0; ok && m < model->machine_count; m++) {
      player->machines[m].inputs =
          allocate(model->input_count, sizeof *player->inputs);
      ok = player->machines[m].inputs != NULL;
    }
  }
  for (size_t i = 0; ok && i < model->all_layer_count; i++) {
    size_t domain = model->layers[i].domain_count;
    player->layers[i].fade_from = allocate(domain, sizeof(anima_value));
    player->layers[i].fade_has = allocate(domain, sizeof(bool));
    ok = player->layers[i].fade_from && player->layers[i].fade_has;
    size_t bytes = continued_instance_bytes(model, i);
    if (ok && bytes > 0) {
      player->layers[i].fade_source_instance = aligned_alloc(16, bytes);
      ok = player->layers[i].fade_source_instance != NULL;
    }
  }
  anima_path_init(&player->hit_outline);
  anima_path_init(&player->hit_stroke);
  player->step_outline_storage = allocate(model->max_outline_segments,
                                          sizeof *player->step_outline_storage);
  ok = ok && player->step_outline_storage;
  anima_path_init_storage(&player->step_outline, player->step_outline_storage,
                          ok ? model->max_outline_segments : 0);
  ok = ok && anima_player_cells_create(player) &&
       anima_player_kinds_create(player);
  /* Module instances exist before the initial states are entered: a state
   * kind's `enter` and `write` use theirs. */
  if (!ok || anima_player_create_instances(player) != ANIMA_OK) {
    anima_player_destroy(player);
    return NULL;
  }
  for (size_t i = 0; i < model->input_count; i++) {
    player->inputs[i].boolean = model->inputs[i].default_bool;
    player->inputs[i].number = model->inputs[i].default_number;
  }
  for (size_t i = 0; i < model->slot_count; i++) {
    player->values[i] = model->slots[i].rest;
  }
  player->reduced_motion = reduced_motion;
  player->reduced_motion_request = reduced_motion;
  for (size_t i = 0; i < model->layer_count; i++) {
    anima_layer_enter(player, i, model->layers[i].initial, 0, false);
  }
  /* SPEC bind: each initial state's entry block, in layer order; its emits
   * are reported with the entry events of the first step. */
  for (size_t i = 0; i < model->layer_count; i++) {
    const anima_model_state *initial = &model->states[model->layers[i].initial];
    if (initial->entry_action_count > 0) {
      anima_player_run_actions(player, initial->first_entry_action,
                               initial->entry_action_count, (long)i, true,
                               false);
    }
  }
  /* Static slots keep their rest values; an out-of-range rest value (an
   * opacity of 2) resolves clamped like everything else (§7 stage 4). */
  for (size_t i = 0; i < model->slot_count; i++) {
    anima_player_clamp(player, &i, 1);
  }
  anima_player_resolve(player);
  if (anima_pose_create(&player->pose, model, player->values) != ANIMA_OK) {
    anima_player_destroy(player);
    return NULL;
  }
  anima_player_run_creation_hooks(player);
  return player;
}

anima_player *anima_player_create(const anima_model *model) {
  return anima_player_create_with_motion(model, false);
}

void anima_player_destroy(anima_player *player) {
  if (!player) {
    return;
  }
  for (size_t i = 0; player->layers && i < player->model->all_layer_count;
       i++) {
    free(player->layers[i].fade_from);
    free(player->layers[i].fade_has);
    free(player->layers[i].fade_source_instance);
  }
  for (size_t m = 0; player->machines && m < player->model->machine_count;
       m++) {
    free(player->machines[m].inputs);
  }
  free(player->machines);
  free(player->values);
  free(player->inputs);
  free(player->layers);
  free(player->output);
  free(player->output_has);
  free(player->queue);
  free(player->snapshot);
  free(player->events);
  free(player->listener_under);
  free(player->listener_pressed);
  free(player->listener_now);
  free(player->cells);
  anima_player_kinds_destroy(player);
  anima_path_release(&player->hit_outline);
  anima_path_release(&player->hit_stroke);
  free(player->step_outline_storage);
  anima_pose_destroy(&player->pose);
  free(player->instances);
  free(player);
}

bool anima_player_report(anima_player *player, const char *name, long layer,
                         double time) {
  if (player->event_count == player->event_capacity) {
    size_t grown = player->event_capacity * 2;
    anima_event *larger = realloc(player->events, grown * sizeof *larger);
    if (!larger) {
      player->events_overflowed = true;
      return false;
    }
    player->events = larger;
    player->event_capacity = grown;
  }
  anima_event *event = &player->events[player->event_count++];
  event->name = name;
  event->layer = layer;
  event->time = time;
  event->detail = NULL;
  return true;
}

anima_status anima_player_queue(anima_player *player,
                                const anima_input_write *write) {
  if (player->queue_count == player->queue_capacity) {
    size_t grown = player->queue_capacity ? player->queue_capacity * 2 : 16;
    anima_input_write *larger = realloc(player->queue, grown * sizeof *larger);
    if (!larger) {
      return ANIMA_ERROR_NO_MEMORY;
    }
    player->queue = larger;
    player->queue_capacity = grown;
  }
  player->queue[player->queue_count++] = *write;
  return ANIMA_OK;
}

void anima_player_clamp(anima_player *player, const size_t *slots,
                        size_t count) {
  const anima_model_slot *model_slots = player->model->slots;
  for (size_t i = 0; i < count; i++) {
    const anima_model_slot *slot = &model_slots[slots[i]];
    if (!slot->clamped || slot->type != ANIMA_VALUE_NUMBER) {
      continue;
    }
    double *value = &player->values[slots[i]].as.number;
    if (*value < slot->minimum) {
      *value = slot->minimum;
    } else if (*value > slot->maximum) {
      *value = slot->maximum;
    }
  }
}

void anima_player_reset_animated(anima_player *player) {
  const anima_model *model = player->model;
  for (size_t i = 0; i < model->animated_slot_count; i++) {
    size_t slot = model->animated_slots[i];
    player->values[slot] = model->slots[slot].rest;
  }
}

void anima_player_write_layers(anima_player *player) {
  const anima_model *model = player->model;
  anima_player_reset_animated(player);
  for (size_t i = 0; i < model->layer_count; i++) {
    anima_layer_write(player, i);
  }
}

void anima_player_resolve(anima_player *player) {
  const anima_model *model = player->model;
  anima_player_write_layers(player);
  anima_player_clamp(player, model->animated_slots, model->animated_slot_count);
  player->pose_pending = true;
}

const anima_model *anima_player_model(const anima_player *player) {
  return player ? player->model : NULL;
}

const anima_value *anima_player_slot_values(const anima_player *player) {
  return player ? player->values : NULL;
}

void anima_player_pose(anima_player *player) {
  if (player->pose_pending) {
    player->pose_pending = false;
    anima_pose_update(&player->pose, player->model, player->values);
  } else {
    anima_pose_refresh(&player->pose, player->model);
  }
}

/* The pose is a cache of the values: readers of a const player bring it
 * up to date (a player is used by one thread at a time, anima.h). */
static const anima_pose *current_pose(const anima_player *player) {
  anima_player_pose((anima_player *)player);
  return &player->pose;
}

const anima_matrix *anima_player_locals(const anima_player *player) {
  return player ? current_pose(player)->local : NULL;
}

const anima_matrix *anima_player_worlds(const anima_player *player) {
  return player ? current_pose(player)->world : NULL;
}

const size_t *anima_player_child_order(const anima_player *player, long parent,
                                       size_t *count) {
  const anima_model *model = player->model;
  if (parent < 0) {
    *count = model->root_count;
    return player->pose.order;
  }
  const anima_model_node *node = &model->nodes[parent];
  *count = node->child_count;
  return player->pose.order + model->root_count + node->first_child;
}

anima_status anima_player_seed(anima_player *player, uint32_t seed) {
  if (!player) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  player->random = seed;
  return ANIMA_OK;
}

double anima_player_time(const anima_player *player) {
  return player ? player->time : 0;
}

bool anima_player_settled(const anima_player *player) {
  return player && player->settled;
}

bool anima_player_reduced_motion(const anima_player *player) {
  return player && player->reduced_motion_request;
}

/* Reads derived property `index` of model->derived through its module's
 * `read`, from a view of the player's values and pose. */
static anima_status read_derived(const anima_player *player, size_t index,
                                 anima_value *out) {
  const anima_model_derived *derived = &player->model->derived[index];
  anima_view view = anima_player_view(player, NULL);
  anima_value value = {.type = derived->desc->type};
  if (!derived->desc->read(&view, derived->node, &value, derived->desc->user)) {
    return ANIMA_ERROR_UNKNOWN_ADDRESS;
  }
  value.type = derived->desc->type;
  *out = value;
  return ANIMA_OK;
}

anima_status anima_player_read(const anima_player *player, const char *address,
                               anima_value *out) {
  if (!player || !address || !out) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  long slot = anima_model_resolve_address(player->model, address);
  if (slot < 0) {
    long derived = anima_model_find_derived(player->model, address);
    return derived < 0 ? ANIMA_ERROR_UNKNOWN_ADDRESS
                       : read_derived(player, (size_t)derived, out);
  }
  *out = player->values[slot];
  return ANIMA_OK;
}

anima_status anima_player_read_property(const anima_player *player,
                                        size_t index, anima_value *out) {
  if (!player || !out) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  const anima_model *model = player->model;
  if (index >= model->slot_count) {
    size_t derived = index - model->slot_count;
    return derived < model->derived_count ? read_derived(player, derived, out)
                                          : ANIMA_ERROR_UNKNOWN_ADDRESS;
  }
  *out = player->values[index];
  return ANIMA_OK;
}

const char *anima_player_layer_state(const anima_player *player,
                                     size_t layer_index) {
  if (!player || layer_index >= player->model->all_layer_count) {
    return NULL;
  }
  long machine = player->model->layers[layer_index].machine;
  if (machine >= 0 && !player->machines[machine].started) {
    return NULL;
  }
  return player->model->states[player->layers[layer_index].state].name;
}
