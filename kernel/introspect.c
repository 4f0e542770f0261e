/*
 * introspect.c — what a compiled model holds (include/anima/introspect.h),
 * read from the model's arrays: nodes, properties, inputs, timelines,
 * layers, states, transitions and listeners, with the format's words for
 * kinds and modes.
 */
#include <anima/introspect.h>

#include <math.h>
#include <string.h>

#include "format_names.h"
#include "model.h"

/* A state's kind and a listener action's kind: the document keys that
 * write them (the registry's state and listener fields), in enum order. */
static const char *const state_kind_names[] = {"pose", "play"};
static const char *const action_names[] = {"fire", "set", "toggle", "emit"};

const char *anima_model_name(const anima_model *model) {
  return model && model->name ? model->name : "";
}

const char *anima_model_title(const anima_model *model) {
  return model ? model->title : NULL;
}

double anima_model_grid(const anima_model *model) {
  return model ? model->grid : 0;
}

anima_status anima_model_view_box(const anima_model *model,
                                  double view_box[4]) {
  if (!model || !view_box) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  memcpy(view_box, model->view_box, sizeof model->view_box);
  return ANIMA_OK;
}

size_t anima_model_required_count(const anima_model *model) {
  return model ? model->require_count : 0;
}

const char *anima_model_required(const anima_model *model, size_t index) {
  return model && index < model->require_count ? model->requires[index] : NULL;
}

/* ---- nodes and properties
 * ---------------------------------------------------------------- */

size_t anima_model_node_count(const anima_model *model) {
  return model ? model->node_count : 0;
}

anima_status anima_model_node_info(const anima_model *model, size_t index,
                                   anima_node_info *out) {
  if (!model || !out || index >= model->node_count) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  const anima_model_node *node = &model->nodes[index];
  *out = (anima_node_info){
      .id = node->id,
      .type = node->type,
      .parent = node->parent,
      .depth = node->depth,
      .child_count = node->child_count,
      .first_property = node->first_slot,
      .property_count = node->slot_count,
  };
  return ANIMA_OK;
}

long anima_model_node_find(const anima_model *model, const char *id) {
  return model && id ? anima_model_find_node(model, id) : -1;
}

anima_status anima_model_property_info(const anima_model *model, size_t index,
                                       anima_property_info *out) {
  if (!model || !out || index >= model->slot_count) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  const anima_model_slot *slot = &model->slots[index];
  *out = (anima_property_info){
      .address = slot->address,
      .node = slot->node,
      .descriptor = anima_registry_property(model->registry, slot->property),
      .type = slot->type,
      .rest = slot->rest,
      .animatable = slot->animation != ANIMA_ANIMATION_NONE,
      .animated = slot->animated,
      .bound = slot->bound,
  };
  return ANIMA_OK;
}

/* ---- inputs
 * ---------------------------------------------------------------- */

anima_status anima_model_input_info(const anima_model *model, size_t index,
                                    anima_input_info *out) {
  if (!model || !out || index >= model->input_count) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  const anima_model_input *input = &model->inputs[index];
  *out = (anima_input_info){
      .name = input->name,
      .type = input->type,
      .minimum = -INFINITY,
      .maximum = INFINITY,
  };
  switch (input->type) {
  case ANIMA_INPUT_BOOL:
    out->has_default = true;
    out->default_value.type = ANIMA_VALUE_BOOL;
    out->default_value.as.boolean = input->default_bool;
    break;
  case ANIMA_INPUT_NUMBER:
    out->has_default = true;
    out->default_value.type = ANIMA_VALUE_NUMBER;
    out->default_value.as.number = input->default_number;
    out->minimum = input->minimum;
    out->maximum = input->maximum;
    break;
  case ANIMA_INPUT_TRIGGER:
    out->buffer = input->buffer;
    break;
  }
  return ANIMA_OK;
}

/* ---- timelines
 * ---------------------------------------------------------------- */

size_t anima_model_timeline_count(const anima_model *model) {
  return model ? model->timeline_count : 0;
}

anima_status anima_model_timeline_info(const anima_model *model, size_t index,
                                       anima_timeline_info *out) {
  if (!model || !out || index >= model->timeline_count) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  const anima_model_timeline *timeline = &model->timelines[index];
  *out = (anima_timeline_info){
      .name = timeline->name,
      .duration = timeline->duration,
      .loop = anima_loop_mode_names[timeline->loop],
      .reduced_motion = anima_reduced_motion_names[timeline->reduced_motion],
      .track_count = timeline->track_count,
      .event_count = timeline->event_count,
  };
  return ANIMA_OK;
}

long anima_model_timeline_find(const anima_model *model, const char *name) {
  for (size_t i = 0; model && name && i < model->timeline_count; i++) {
    if (strcmp(model->timelines[i].name, name) == 0) {
      return (long)i;
    }
  }
  return -1;
}

/* The track `track` of timeline `timeline`, or NULL when out of range. */
static const anima_model_track *track_at(const anima_model *model,
                                         size_t timeline, size_t track) {
  if (!model || timeline >= model->timeline_count ||
      track >= model->timelines[timeline].track_count) {
    return NULL;
  }
  return &model->tracks[model->timelines[timeline].first_track + track];
}

anima_status anima_model_track_info(const anima_model *model, size_t timeline,
                                    size_t track, anima_track_info *out) {
  const anima_model_track *found = track_at(model, timeline, track);
  if (!found || !out) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  *out = (anima_track_info){
      .property = found->slot,
      .address = model->slots[found->slot].address,
      .key_count = found->key_count,
  };
  return ANIMA_OK;
}

anima_status anima_model_key_info(const anima_model *model, size_t timeline,
                                  size_t track, size_t key,
                                  anima_key_info *out) {
  const anima_model_track *found = track_at(model, timeline, track);
  if (!found || !out || key >= found->key_count) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  const anima_model_key *item = &model->keys[found->first_key + key];
  *out = (anima_key_info){.time = item->time, .value = item->value};
  return ANIMA_OK;
}

anima_status anima_model_event_info(const anima_model *model, size_t timeline,
                                    size_t event,
                                    anima_timeline_event_info *out) {
  if (!model || !out || timeline >= model->timeline_count ||
      event >= model->timelines[timeline].event_count) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  const anima_model_event *item =
      &model->events[model->timelines[timeline].first_event + event];
  *out = (anima_timeline_event_info){.time = item->time, .name = item->name};
  return ANIMA_OK;
}

/* ---- the machine
 * ---------------------------------------------------------------- */

anima_status anima_model_layer_info(const anima_model *model, size_t index,
                                    anima_layer_info *out) {
  if (!model || !out || index >= model->all_layer_count) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  const anima_model_layer *layer = &model->layers[index];
  *out = (anima_layer_info){
      .name = layer->name,
      .initial = layer->initial - layer->first_state,
      .state_count = layer->state_count,
  };
  return ANIMA_OK;
}

/* State `state` of layer `layer`, or NULL when out of range. */
static const anima_model_state *state_at(const anima_model *model, size_t layer,
                                         size_t state) {
  if (!model || layer >= model->all_layer_count ||
      state >= model->layers[layer].state_count) {
    return NULL;
  }
  return &model->states[model->layers[layer].first_state + state];
}

anima_status anima_model_state_info(const anima_model *model, size_t layer,
                                    size_t state, anima_state_info *out) {
  const anima_model_state *found = state_at(model, layer, state);
  if (!found || !out) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  bool plays = found->kind == ANIMA_STATE_PLAY;
  *out = (anima_state_info){
      .name = found->name,
      .kind = state_kind_names[plays ? 1 : 0],
      .timeline = plays ? found->timeline : -1,
      .speed = plays ? found->speed : 1,
      .emit = found->emit,
      .pose_value_count = plays ? 0 : found->pose_value_count,
      .transition_count = found->transition_count,
  };
  return ANIMA_OK;
}

anima_status anima_model_pose_value_info(const anima_model *model, size_t layer,
                                         size_t state, size_t index,
                                         anima_pose_value_info *out) {
  const anima_model_state *found = state_at(model, layer, state);
  if (!found || !out || found->kind != ANIMA_STATE_POSE ||
      index >= found->pose_value_count) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  const anima_model_pose_value *value =
      &model->pose_values[found->first_pose_value + index];
  *out = (anima_pose_value_info){
      .property = value->slot,
      .address = model->slots[value->slot].address,
      .value = value->value,
  };
  return ANIMA_OK;
}

anima_status anima_model_transition_info(const anima_model *model, size_t layer,
                                         size_t state, size_t index,
                                         anima_transition_info *out) {
  const anima_model_state *found = state_at(model, layer, state);
  if (!found || !out || index >= found->transition_count) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  const anima_model_transition *transition =
      &model->transitions[found->first_transition + index];
  *out = (anima_transition_info){
      .when = transition->when,
      .to = transition->target - model->layers[layer].first_state,
      .blend = transition->blend,
      .ease = transition->ease_text ? transition->ease_text : "linear",
      .interruptible = transition->interruptible,
  };
  return ANIMA_OK;
}

/* ---- listeners
 * ---------------------------------------------------------------- */

size_t anima_model_listener_count(const anima_model *model) {
  return model ? model->listener_count : 0;
}

anima_status anima_model_listener_info(const anima_model *model, size_t index,
                                       anima_listener_info *out) {
  if (!model || !out || index >= model->listener_count) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  const anima_model_listener *listener = &model->listeners[index];
  *out = (anima_listener_info){
      .on = listener->on_text,
      .target = listener->target,
      .hit_padding = listener->hit_padding,
      .action_count = listener->action_count,
  };
  return ANIMA_OK;
}

anima_status anima_model_action_info(const anima_model *model, size_t listener,
                                     size_t index, anima_action_info *out) {
  if (!model || !out || listener >= model->listener_count ||
      index >= model->listeners[listener].action_count) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  const anima_model_action *action =
      &model->actions[model->listeners[listener].first_action + index];
  *out = (anima_action_info){
      .action = action_names[action->kind],
      .input = action->kind == ANIMA_ACTION_EMIT ? -1 : action->input,
      .has_value = action->kind == ANIMA_ACTION_SET && !action->expression,
      .event = action->kind == ANIMA_ACTION_EMIT ? action->name : NULL,
  };
  if (out->has_value) {
    out->value = action->value;
  }
  return ANIMA_OK;
}

size_t anima_model_solver_count(const anima_model *model) {
  return model ? model->solver_count : 0;
}

anima_status anima_model_solver_info(const anima_model *model, size_t position,
                                     anima_solver_info *out) {
  if (!model || !out || position >= model->solver_count) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  const anima_model_solver *solver = &model->solvers[position];
  *out = (anima_solver_info){
      .list = solver->desc->list_field,
      .kind = solver->desc->kind,
      .feature = solver->desc->feature,
      .host = solver->host,
      .index = solver->index,
  };
  return ANIMA_OK;
}

size_t anima_model_solver_nodes(const anima_model *model, size_t position,
                                bool writes, long *nodes, size_t capacity) {
  if (!model || position >= model->solver_count || (!nodes && capacity)) {
    return 0;
  }
  /* The kind's own answer, as the sort asked it at compile. */
  const anima_model_solver *solver = &model->solvers[position];
  size_t (*list)(const void *, long *, size_t, void *) =
      writes ? solver->desc->writes : solver->desc->dependencies;
  long none[1]; /* a kind may not expect NULL, even with no room */
  return list ? list(solver->data, nodes ? nodes : none, capacity,
                     solver->desc->user)
              : 0;
}
