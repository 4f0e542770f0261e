/*
 * inspect_report.c — the JSON report of `anima inspect` (inspect.h), read
 * from the compiled model through the introspection API
 * (include/anima/introspect.h): what a feature module adds to a model
 * (node types, properties, eases) appears here without changes.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <anima/format.h>
#include <anima/introspect.h>

#include "inspect.h"

static json_t *string_or_null(const char *text) {
  return text ? json_string(text) : json_null();
}

/* A value as the document writes it: a number, "#rrggbb[aa]" or a bool. */
static json_t *value_json(const anima_value *value) {
  char text[ANIMA_FORMAT_CAPACITY];
  switch (value->type) {
  case ANIMA_VALUE_NUMBER:
    return json_real(value->as.number);
  case ANIMA_VALUE_COLOR:
    anima_format_color(value->as.color, text);
    return json_string(text);
  case ANIMA_VALUE_BOOL:
    return json_boolean(value->as.boolean);
  }
  return json_null();
}

/* A finite bound, or null for the ±infinity of an omitted min / max. */
static json_t *bound_json(double bound) {
  return isfinite(bound) ? json_real(bound) : json_null();
}

static json_t *node_id_or_null(const anima_model *model, long node) {
  anima_node_info info;
  if (node < 0 ||
      anima_model_node_info(model, (size_t)node, &info) != ANIMA_OK) {
    return json_null();
  }
  return json_string(info.id);
}

static json_t *input_name_or_null(const anima_model *model, long input) {
  return string_or_null(
      input >= 0 ? anima_model_input_name(model, (size_t)input) : NULL);
}

static json_t *document_summary(const anima_model *model) {
  json_t *summary = json_object();
  json_object_set_new(summary, "name", json_string(anima_model_name(model)));
  json_object_set_new(summary, "title",
                      string_or_null(anima_model_title(model)));
  json_object_set_new(summary, "grid", json_real(anima_model_grid(model)));
  double box[4] = {0, 0, 0, 0};
  anima_model_view_box(model, box);
  json_t *view_box = json_array();
  for (int i = 0; i < 4; i++) {
    json_array_append_new(view_box, json_real(box[i]));
  }
  json_object_set_new(summary, "viewBox", view_box);
  return summary;
}

static json_t *nodes_report(const anima_model *model) {
  json_t *list = json_array();
  for (size_t i = 0; i < anima_model_node_count(model); i++) {
    anima_node_info node;
    anima_model_node_info(model, i, &node);
    json_t *item = json_object();
    json_object_set_new(item, "id", json_string(node.id));
    json_object_set_new(item, "type", json_string(node.type));
    json_object_set_new(item, "parent", node_id_or_null(model, node.parent));
    json_array_append_new(list, item);
  }
  return list;
}

static json_t *inputs_report(const anima_model *model) {
  json_t *list = json_array();
  for (size_t i = 0; i < anima_model_input_count(model); i++) {
    anima_input_info input;
    anima_model_input_info(model, i, &input);
    json_t *item = json_object();
    json_object_set_new(item, "name", json_string(input.name));
    json_object_set_new(item, "type",
                        json_string(anima_input_type_name(input.type)));
    json_object_set_new(item, "default",
                        input.has_default ? value_json(&input.default_value)
                                          : json_null());
    if (input.type == ANIMA_INPUT_NUMBER) {
      json_object_set_new(item, "min", bound_json(input.minimum));
      json_object_set_new(item, "max", bound_json(input.maximum));
    }
    if (input.type == ANIMA_INPUT_TRIGGER) {
      json_object_set_new(item, "buffer", json_real(input.buffer));
    }
    json_array_append_new(list, item);
  }
  return list;
}

static json_t *transition_report(const anima_model *model, size_t layer,
                                 const anima_transition_info *transition) {
  anima_state_info target;
  anima_model_state_info(model, layer, transition->to, &target);
  json_t *item = json_object();
  json_object_set_new(item, "when", json_string(transition->when));
  json_object_set_new(item, "to", json_string(target.name));
  json_object_set_new(item, "blend", json_real(transition->blend));
  json_object_set_new(item, "ease", json_string(transition->ease));
  json_object_set_new(item, "interruptible",
                      json_boolean(transition->interruptible));
  return item;
}

static json_t *state_report(const anima_model *model, size_t layer,
                            size_t index) {
  anima_state_info state;
  anima_model_state_info(model, layer, index, &state);
  bool plays = state.timeline >= 0;
  anima_timeline_info timeline = {0};
  if (plays) {
    anima_model_timeline_info(model, (size_t)state.timeline, &timeline);
  }
  json_t *item = json_object();
  json_object_set_new(item, "name", json_string(state.name));
  json_object_set_new(item, "kind", json_string(state.kind));
  json_object_set_new(item, "timeline", string_or_null(timeline.name));
  json_object_set_new(item, "speed",
                      plays ? json_real(state.speed) : json_null());
  json_object_set_new(item, "emit", string_or_null(state.emit));
  json_t *pose = plays ? json_null() : json_object();
  for (size_t i = 0; i < state.pose_value_count; i++) {
    anima_pose_value_info value;
    anima_model_pose_value_info(model, layer, index, i, &value);
    json_object_set_new(pose, value.address, value_json(&value.value));
  }
  json_object_set_new(item, "pose", pose);
  json_t *transitions = json_array();
  for (size_t i = 0; i < state.transition_count; i++) {
    anima_transition_info transition;
    anima_model_transition_info(model, layer, index, i, &transition);
    json_array_append_new(transitions,
                          transition_report(model, layer, &transition));
  }
  json_object_set_new(item, "transitions", transitions);
  return item;
}

/* Layers [first, end) of the model (the default machine's, or a named
 * machine's). */
static json_t *layer_range_report(const anima_model *model, size_t first,
                                  size_t end) {
  json_t *list = json_array();
  for (size_t i = first; i < end; i++) {
    anima_layer_info layer;
    anima_model_layer_info(model, i, &layer);
    anima_state_info initial;
    anima_model_state_info(model, i, layer.initial, &initial);
    json_t *item = json_object();
    json_object_set_new(item, "name", json_string(layer.name));
    json_object_set_new(item, "initial", json_string(initial.name));
    json_t *states = json_array();
    for (size_t s = 0; s < layer.state_count; s++) {
      json_array_append_new(states, state_report(model, i, s));
    }
    json_object_set_new(item, "states", states);
    json_array_append_new(list, item);
  }
  return list;
}

static json_t *layers_report(const anima_model *model) {
  return layer_range_report(model, 0, anima_model_layer_count(model));
}

/* SPEC motion: the named machine definitions, each with its layers (named
 * "<machine>/<layer>") reported as the default machine's. */
static json_t *machines_report(const anima_model *model) {
  json_t *list = json_array();
  for (size_t m = 0; m < anima_model_machine_count(model); m++) {
    size_t first = 0;
    size_t count = anima_model_machine_layers(model, m, &first);
    json_t *item = json_object();
    json_object_set_new(item, "name",
                        json_string(anima_model_machine_name(model, m)));
    json_object_set_new(item, "layers",
                        layer_range_report(model, first, first + count));
    json_array_append_new(list, item);
  }
  return list;
}

static json_t *timelines_report(const anima_model *model) {
  json_t *list = json_array();
  for (size_t i = 0; i < anima_model_timeline_count(model); i++) {
    anima_timeline_info timeline;
    anima_model_timeline_info(model, i, &timeline);
    json_t *item = json_object();
    json_object_set_new(item, "name", json_string(timeline.name));
    json_object_set_new(item, "duration", json_real(timeline.duration));
    json_object_set_new(item, "loop", json_string(timeline.loop));
    json_object_set_new(item, "reducedMotion",
                        json_string(timeline.reduced_motion));
    json_t *tracks = json_array();
    for (size_t t = 0; t < timeline.track_count; t++) {
      anima_track_info track;
      anima_model_track_info(model, i, t, &track);
      json_t *entry = json_object();
      json_object_set_new(entry, "address", json_string(track.address));
      json_object_set_new(entry, "keys",
                          json_integer((json_int_t)track.key_count));
      json_array_append_new(tracks, entry);
    }
    json_object_set_new(item, "tracks", tracks);
    json_t *events = json_array();
    for (size_t e = 0; e < timeline.event_count; e++) {
      anima_timeline_event_info event;
      anima_model_event_info(model, i, e, &event);
      json_t *entry = json_object();
      json_object_set_new(entry, "time", json_real(event.time));
      json_object_set_new(entry, "name", json_string(event.name));
      json_array_append_new(events, entry);
    }
    json_object_set_new(item, "events", events);
    json_array_append_new(list, item);
  }
  return list;
}

static json_t *listeners_report(const anima_model *model) {
  json_t *list = json_array();
  for (size_t i = 0; i < anima_model_listener_count(model); i++) {
    anima_listener_info listener;
    anima_model_listener_info(model, i, &listener);
    json_t *item = json_object();
    json_object_set_new(item, "on", json_string(listener.on));
    json_object_set_new(item, "target",
                        node_id_or_null(model, listener.target));
    json_object_set_new(item, "hitPadding", json_real(listener.hit_padding));
    json_t *actions = json_array();
    for (size_t a = 0; a < listener.action_count; a++) {
      anima_action_info action;
      anima_model_action_info(model, i, a, &action);
      json_t *entry = json_object();
      json_object_set_new(entry, "action", json_string(action.action));
      if (action.event) {
        json_object_set_new(entry, "event", json_string(action.event));
      } else {
        json_object_set_new(entry, "input",
                            input_name_or_null(model, action.input));
      }
      if (action.has_value) {
        json_object_set_new(entry, "value", value_json(&action.value));
      }
      json_array_append_new(actions, entry);
    }
    json_object_set_new(item, "actions", actions);
    json_array_append_new(list, item);
  }
  return list;
}

/* Adds `writer` to the writers of property `property` in `entries` (one
 * JSON object or NULL per property), making its entry on first use. */
static void note_writer(const anima_model *model, json_t **entries,
                        size_t property, const char *writer) {
  if (!entries[property]) {
    anima_property_info info;
    anima_node_info node;
    anima_model_property_info(model, property, &info);
    anima_model_node_info(model, info.node, &node);
    json_t *entry = json_object();
    json_object_set_new(entry, "address", json_string(info.address));
    json_object_set_new(entry, "node", json_string(node.id));
    json_object_set_new(entry, "type", json_string(node.type));
    /* A module value type by its registered name ("path"), as `anima
     * schema` gives it; a core type by its name. */
    const char *value_type = info.descriptor && info.descriptor->value_type
                                 ? info.descriptor->value_type
                                 : anima_value_type_name(info.type);
    json_object_set_new(entry, "valueType",
                        value_type ? json_string(value_type) : json_null());
    bool holds =
        info.descriptor && info.descriptor->animation == ANIMA_ANIMATION_HOLD;
    json_object_set_new(entry, "animation",
                        json_string(holds ? "hold" : "interpolated"));
    json_object_set_new(entry, "writers", json_array());
    entries[property] = entry;
  }
  json_t *writers = json_object_get(entries[property], "writers");
  for (size_t i = 0; i < json_array_size(writers); i++) {
    if (strcmp(json_string_value(json_array_get(writers, i)), writer) == 0) {
      return;
    }
  }
  json_array_append_new(writers, json_string(writer));
}

static int compare_addresses(const void *a, const void *b) {
  const char *left =
      json_string_value(json_object_get(*(json_t *const *)a, "address"));
  const char *right =
      json_string_value(json_object_get(*(json_t *const *)b, "address"));
  return strcmp(left, right);
}

/* Every property a track or a pose writes, in code-point order of its
 * address, with the timelines ("timeline:<name>") and pose states
 * ("pose:<layer>/<state>") that write it. */
static json_t *animated_report(const anima_model *model) {
  size_t count = anima_model_property_count(model);
  json_t **entries = calloc(count ? count : 1, sizeof *entries);
  json_t *list = json_array();
  if (!entries) {
    return list;
  }
  char writer[512];
  for (size_t i = 0; i < anima_model_timeline_count(model); i++) {
    anima_timeline_info timeline;
    anima_model_timeline_info(model, i, &timeline);
    snprintf(writer, sizeof writer, "timeline:%s", timeline.name);
    for (size_t t = 0; t < timeline.track_count; t++) {
      anima_track_info track;
      anima_model_track_info(model, i, t, &track);
      note_writer(model, entries, track.property, writer);
    }
  }
  for (size_t l = 0; l < anima_model_layer_count(model); l++) {
    anima_layer_info layer;
    anima_model_layer_info(model, l, &layer);
    for (size_t s = 0; s < layer.state_count; s++) {
      anima_state_info state;
      anima_model_state_info(model, l, s, &state);
      snprintf(writer, sizeof writer, "pose:%s/%s", layer.name, state.name);
      for (size_t v = 0; v < state.pose_value_count; v++) {
        anima_pose_value_info value;
        anima_model_pose_value_info(model, l, s, v, &value);
        note_writer(model, entries, value.property, writer);
      }
    }
  }
  size_t used = 0;
  for (size_t i = 0; i < count; i++) {
    if (entries[i]) {
      entries[used++] = entries[i];
    }
  }
  qsort(entries, used, sizeof *entries, compare_addresses);
  for (size_t i = 0; i < used; i++) {
    json_array_append_new(list, entries[i]);
  }
  free(entries);
  return list;
}

static json_t *features_report(const anima_model *model,
                               const anima_registry *registry) {
  json_t *features = json_object();
  json_t *required = json_array();
  for (size_t i = 0; i < anima_model_required_count(model); i++) {
    json_array_append_new(required,
                          json_string(anima_model_required(model, i)));
  }
  json_object_set_new(features, "required", required);
  json_t *loaded = json_array();
  size_t count = anima_registry_feature_count(registry);
  for (size_t i = 0; i < count; i++) {
    json_array_append_new(loaded,
                          json_string(anima_registry_feature(registry, i)));
  }
  json_object_set_new(features, "loaded", loaded);
  return features;
}

/* Every property a binding writes each step (SPEC bind: the `bound`
 * list), in slot order. */
static json_t *bound_report(const anima_model *model) {
  json_t *list = json_array();
  for (size_t i = 0; list && i < anima_model_property_count(model); i++) {
    anima_property_info info;
    if (anima_model_property_info(model, i, &info) == ANIMA_OK && info.bound) {
      json_array_append_new(list, json_string(info.address));
    }
  }
  return list;
}

json_t *inspect_report(const anima_model *model, const char *file) {
  json_t *report = json_object();
  if (!report) {
    return NULL;
  }
  const anima_registry *registry =
      anima_runtime_registry(anima_model_runtime(model));
  json_object_set_new(report, "file", string_or_null(file));
  json_object_set_new(report, "document", document_summary(model));
  json_object_set_new(report, "nodes", nodes_report(model));
  json_object_set_new(report, "inputs", inputs_report(model));
  json_object_set_new(report, "layers", layers_report(model));
  if (anima_model_machine_count(model) > 0) {
    json_object_set_new(report, "machines", machines_report(model));
  }
  json_object_set_new(report, "timelines", timelines_report(model));
  json_object_set_new(report, "listeners", listeners_report(model));
  json_object_set_new(report, "animated", animated_report(model));
  json_object_set_new(report, "bound", bound_report(model));
  json_object_set_new(report, "features", features_report(model, registry));
  json_object_set_new(report, "a11y", inspect_a11y(model));
  json_t *lint = inspect_view_box_lint(model);
  if (!lint) {
    json_decref(report);
    return NULL;
  }
  json_object_set_new(report, "lint", lint);
  return report;
}
