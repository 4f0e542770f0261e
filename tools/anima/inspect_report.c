/* inspect_report.c — the JSON report of `anima inspect` (inspect.h). */
#include <stdlib.h>
#include <string.h>

#include "inspect.h"

/* Node nesting the walk follows; §2 allows 32, validation enforces it. */
#define NODE_DEPTH_LIMIT 64
/* Longest "<node-id>" or "<node-id>.<address>" handled. */
#define ADDRESS_SIZE 512

static json_t *copy_or_null(const json_t *value) {
  return value ? json_deep_copy(value) : json_null();
}

/* The registry default of `kind`.`field` as JSON, else `fallback` parsed,
 * else null. */
static json_t *field_default(const anima_registry *registry, const char *kind,
                             const char *field, const char *fallback) {
  const anima_field *entry = anima_registry_find_field(registry, kind, field);
  const char *text =
      entry && entry->default_json ? entry->default_json : fallback;
  json_t *value = text ? json_loads(text, JSON_DECODE_ANY, NULL) : NULL;
  return value ? value : json_null();
}

/* The document's value of `key` in `object`, else the default. */
static json_t *value_or_default(const anima_registry *registry,
                                const json_t *object, const char *kind,
                                const char *key, const char *fallback) {
  const json_t *value = json_object_get(object, key);
  return value ? json_deep_copy(value)
               : field_default(registry, kind, key, fallback);
}

static json_t *document_summary(const json_t *document) {
  json_t *summary = json_object();
  json_object_set_new(summary, "name",
                      copy_or_null(json_object_get(document, "name")));
  json_object_set_new(summary, "title",
                      copy_or_null(json_object_get(document, "title")));
  json_object_set_new(summary, "grid",
                      copy_or_null(json_object_get(document, "grid")));
  const json_t *view_box = json_object_get(document, "viewBox");
  if (view_box) {
    json_object_set_new(summary, "viewBox", json_deep_copy(view_box));
  } else {
    /* §2: the viewBox defaults to [0, 0, grid, grid]. */
    const json_t *grid = json_object_get(document, "grid");
    json_t *box = json_array();
    json_array_append_new(box, json_integer(0));
    json_array_append_new(box, json_integer(0));
    json_array_append_new(box, copy_or_null(grid));
    json_array_append_new(box, copy_or_null(grid));
    json_object_set_new(summary, "viewBox", box);
  }
  return summary;
}

static json_t *inputs_report(const anima_registry *registry,
                             const json_t *document) {
  json_t *list = json_array();
  const char *name;
  json_t *input;
  json_object_foreach(json_object_get(document, "inputs"), name, input) {
    const char *type = json_string_value(json_object_get(input, "type"));
    json_t *item = json_object();
    json_object_set_new(item, "name", json_string(name));
    json_object_set_new(item, "type", type ? json_string(type) : json_null());
    /* §8: bool defaults to false, number to 0; a trigger has no value. */
    const char *fallback = NULL;
    if (type && strcmp(type, "bool") == 0) {
      fallback = "false";
    } else if (type && strcmp(type, "number") == 0) {
      fallback = "0";
    }
    const json_t *value = json_object_get(input, "default");
    json_object_set_new(item, "default",
                        value      ? json_deep_copy(value)
                        : fallback ? json_loads(fallback, JSON_DECODE_ANY, NULL)
                                   : json_null());
    if (type && strcmp(type, "number") == 0) {
      json_object_set_new(item, "min",
                          copy_or_null(json_object_get(input, "min")));
      json_object_set_new(item, "max",
                          copy_or_null(json_object_get(input, "max")));
    }
    if (type && strcmp(type, "trigger") == 0) {
      json_object_set_new(
          item, "buffer",
          value_or_default(registry, input, "input", "buffer", "0"));
    }
    json_array_append_new(list, item);
  }
  return list;
}

static json_t *transition_report(const anima_registry *registry,
                                 const json_t *transition) {
  json_t *item = json_object();
  json_object_set_new(item, "when",
                      copy_or_null(json_object_get(transition, "when")));
  json_object_set_new(item, "to",
                      copy_or_null(json_object_get(transition, "to")));
  json_object_set_new(
      item, "blend",
      value_or_default(registry, transition, "transition", "blend", "0"));
  json_object_set_new(item, "ease",
                      value_or_default(registry, transition, "transition",
                                       "ease", "\"linear\""));
  json_object_set_new(item, "interruptible",
                      value_or_default(registry, transition, "transition",
                                       "interruptible", "true"));
  return item;
}

static json_t *state_report(const anima_registry *registry, const char *name,
                            const json_t *state) {
  json_t *item = json_object();
  const json_t *play = json_object_get(state, "play");
  json_object_set_new(item, "name", json_string(name));
  json_object_set_new(item, "kind", json_string(play ? "play" : "pose"));
  json_object_set_new(item, "timeline", copy_or_null(play));
  /* §8: speed applies to play states and defaults to 1. */
  json_object_set_new(
      item, "speed",
      play ? value_or_default(registry, state, "state", "speed", "1")
           : json_null());
  json_object_set_new(item, "emit",
                      copy_or_null(json_object_get(state, "emit")));
  json_object_set_new(item, "pose",
                      copy_or_null(json_object_get(state, "pose")));
  json_t *transitions = json_array();
  const json_t *on = json_object_get(state, "on");
  for (size_t i = 0; i < json_array_size(on); i++) {
    json_array_append_new(transitions,
                          transition_report(registry, json_array_get(on, i)));
  }
  json_object_set_new(item, "transitions", transitions);
  return item;
}

static json_t *layers_report(const anima_registry *registry,
                             const json_t *document) {
  json_t *list = json_array();
  const json_t *layers =
      json_object_get(json_object_get(document, "machine"), "layers");
  const char *name;
  json_t *layer;
  json_object_foreach((json_t *)layers, name, layer) {
    json_t *item = json_object();
    json_object_set_new(item, "name", json_string(name));
    json_object_set_new(item, "initial",
                        copy_or_null(json_object_get(layer, "initial")));
    json_t *states = json_array();
    const char *state_name;
    json_t *state;
    json_object_foreach(json_object_get(layer, "states"), state_name, state) {
      json_array_append_new(states, state_report(registry, state_name, state));
    }
    json_object_set_new(item, "states", states);
    json_array_append_new(list, item);
  }
  return list;
}

static json_t *timelines_report(const anima_registry *registry,
                                const json_t *document) {
  json_t *list = json_array();
  const char *name;
  json_t *timeline;
  json_object_foreach(json_object_get(document, "timelines"), name, timeline) {
    json_t *item = json_object();
    json_object_set_new(item, "name", json_string(name));
    json_object_set_new(item, "duration",
                        copy_or_null(json_object_get(timeline, "duration")));
    json_object_set_new(
        item, "loop",
        value_or_default(registry, timeline, "timeline", "loop", "\"once\""));
    json_object_set_new(item, "reducedMotion",
                        value_or_default(registry, timeline, "timeline",
                                         "reducedMotion", "\"end\""));
    json_t *tracks = json_array();
    const char *address;
    json_t *keys;
    json_object_foreach(json_object_get(timeline, "tracks"), address, keys) {
      json_t *track = json_object();
      json_object_set_new(track, "address", json_string(address));
      json_object_set_new(track, "keys", json_integer(json_array_size(keys)));
      json_array_append_new(tracks, track);
    }
    json_object_set_new(item, "tracks", tracks);
    json_t *events = json_array();
    const json_t *authored = json_object_get(timeline, "events");
    for (size_t i = 0; i < json_array_size(authored); i++) {
      const json_t *pair = json_array_get(authored, i);
      json_t *event = json_object();
      json_object_set_new(event, "time", copy_or_null(json_array_get(pair, 0)));
      json_object_set_new(event, "name", copy_or_null(json_array_get(pair, 1)));
      json_array_append_new(events, event);
    }
    json_object_set_new(item, "events", events);
    json_array_append_new(list, item);
  }
  return list;
}

/* Appends {"action", "input"} for a name or each name of a list. */
static void append_named_actions(json_t *actions, const char *action,
                                 const json_t *names) {
  if (json_is_string(names)) {
    json_t *item = json_object();
    json_object_set_new(item, "action", json_string(action));
    json_object_set_new(item, "input", json_deep_copy(names));
    json_array_append_new(actions, item);
  }
  for (size_t i = 0; json_is_array(names) && i < json_array_size(names); i++) {
    append_named_actions(actions, action, json_array_get(names, i));
  }
}

static json_t *listeners_report(const anima_registry *registry,
                                const json_t *document) {
  json_t *list = json_array();
  const json_t *listeners = json_object_get(document, "listeners");
  for (size_t i = 0; i < json_array_size(listeners); i++) {
    const json_t *listener = json_array_get(listeners, i);
    json_t *item = json_object();
    json_object_set_new(item, "on",
                        copy_or_null(json_object_get(listener, "on")));
    json_object_set_new(item, "target",
                        copy_or_null(json_object_get(listener, "target")));
    json_object_set_new(
        item, "hitPadding",
        value_or_default(registry, listener, "listener", "hitPadding", "0"));
    /* §9: action keys run in the order fire, set, toggle, emit. */
    json_t *actions = json_array();
    append_named_actions(actions, "fire", json_object_get(listener, "fire"));
    const char *input;
    json_t *value;
    json_object_foreach(json_object_get(listener, "set"), input, value) {
      json_t *action = json_object();
      json_object_set_new(action, "action", json_string("set"));
      json_object_set_new(action, "input", json_string(input));
      json_object_set_new(action, "value", json_deep_copy(value));
      json_array_append_new(actions, action);
    }
    append_named_actions(actions, "toggle",
                         json_object_get(listener, "toggle"));
    const json_t *emit = json_object_get(listener, "emit");
    if (emit) {
      json_t *action = json_object();
      json_object_set_new(action, "action", json_string("emit"));
      json_object_set_new(action, "event", json_deep_copy(emit));
      json_array_append_new(actions, action);
    }
    json_object_set_new(item, "actions", actions);
    json_array_append_new(list, item);
  }
  return list;
}

/* Records {id: type} for every node of `nodes` and their children. */
static void collect_node_types(const json_t *nodes, json_t *types, int depth) {
  if (depth > NODE_DEPTH_LIMIT) {
    return;
  }
  for (size_t i = 0; i < json_array_size(nodes); i++) {
    const json_t *node = json_array_get(nodes, i);
    const char *id = json_string_value(json_object_get(node, "id"));
    const json_t *type = json_object_get(node, "type");
    if (id && json_is_string(type)) {
      json_object_set_new(types, id, json_deep_copy(type));
    }
    collect_node_types(json_object_get(node, "children"), types, depth + 1);
  }
}

static const char *value_type_name(anima_value_type type) {
  switch (type) {
  case ANIMA_VALUE_NUMBER:
    return "number";
  case ANIMA_VALUE_COLOR:
    return "color";
  case ANIMA_VALUE_BOOL:
    return "bool";
  }
  return "unknown";
}

/*
 * Records that `writer` writes `address` ("<node-id>.<property>", JSON or
 * AniML spelling) into `animated` ({address: entry}), under the address's
 * JSON spelling.
 */
static void note_animated(const anima_registry *registry, const json_t *types,
                          const char *address, const char *writer,
                          json_t *animated) {
  const char *dot = strchr(address, '.');
  size_t id_length = dot ? (size_t)(dot - address) : strlen(address);
  char id[ADDRESS_SIZE], canonical[ADDRESS_SIZE];
  if (!dot || id_length >= sizeof id) {
    return;
  }
  memcpy(id, address, id_length);
  id[id_length] = '\0';
  const char *type = json_string_value(json_object_get(types, id));
  long found =
      type ? anima_registry_find_property(registry, type, dot + 1, true) : -1;
  const anima_property *property =
      found >= 0 ? anima_registry_property(registry, (size_t)found) : NULL;
  /* The JSON spelling: an alias rewritten (with a pattern's `*` segments
   * carried over: fillStop.1 -> fill.stops.1.color), else as written. */
  char suffix[ADDRESS_SIZE];
  const char *json_suffix = dot + 1;
  if (property && !anima_address_matches(property->address, dot + 1) &&
      property->markup_address &&
      anima_address_rewrite(property->markup_address, property->address,
                            dot + 1, suffix, sizeof suffix) > 0) {
    json_suffix = suffix;
  }
  int written = snprintf(canonical, sizeof canonical, "%s.%s", id, json_suffix);
  if (written < 0 || (size_t)written >= sizeof canonical) {
    return;
  }
  json_t *entry = json_object_get(animated, canonical);
  if (!entry) {
    entry = json_object();
    json_object_set_new(entry, "address", json_string(canonical));
    json_object_set_new(entry, "node", json_string(id));
    json_object_set_new(entry, "type", type ? json_string(type) : json_null());
    json_object_set_new(entry, "valueType",
                        property ? json_string(value_type_name(property->type))
                                 : json_null());
    json_object_set_new(
        entry, "animation",
        property ? json_string(property->animation == ANIMA_ANIMATION_HOLD
                                   ? "hold"
                                   : "interpolated")
                 : json_null());
    json_object_set_new(entry, "writers", json_array());
    json_object_set_new(animated, canonical, entry);
  }
  json_t *writers = json_object_get(entry, "writers");
  for (size_t i = 0; i < json_array_size(writers); i++) {
    if (strcmp(json_string_value(json_array_get(writers, i)), writer) == 0) {
      return;
    }
  }
  json_array_append_new(writers, json_string(writer));
}

static int compare_addresses(const void *a, const void *b) {
  return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static json_t *animated_report(const anima_registry *registry,
                               const json_t *document) {
  json_t *types = json_object();
  collect_node_types(json_object_get(document, "nodes"), types, 1);
  json_t *animated = json_object();
  char writer[ADDRESS_SIZE];
  const char *name;
  json_t *timeline;
  json_object_foreach(json_object_get(document, "timelines"), name, timeline) {
    snprintf(writer, sizeof writer, "timeline:%s", name);
    const char *address;
    json_t *keys;
    json_object_foreach(json_object_get(timeline, "tracks"), address, keys) {
      note_animated(registry, types, address, writer, animated);
    }
  }
  const char *layer_name;
  json_t *layer;
  json_object_foreach(
      json_object_get(json_object_get(document, "machine"), "layers"),
      layer_name, layer) {
    const char *state_name;
    json_t *state;
    json_object_foreach(json_object_get(layer, "states"), state_name, state) {
      snprintf(writer, sizeof writer, "pose:%s/%s", layer_name, state_name);
      const char *address;
      json_t *value;
      json_object_foreach(json_object_get(state, "pose"), address, value) {
        note_animated(registry, types, address, writer, animated);
      }
    }
  }
  size_t count = json_object_size(animated);
  const char **addresses = malloc((count ? count : 1) * sizeof *addresses);
  json_t *list = json_array();
  if (addresses) {
    size_t i = 0;
    const char *address;
    json_t *entry;
    json_object_foreach(animated, address, entry) {
      addresses[i++] = address;
    }
    qsort(addresses, count, sizeof *addresses, compare_addresses);
    for (i = 0; i < count; i++) {
      json_array_append(list, json_object_get(animated, addresses[i]));
    }
    free(addresses);
  }
  json_decref(animated);
  json_decref(types);
  return list;
}

static json_t *features_report(const anima_registry *registry,
                               const json_t *document) {
  json_t *features = json_object();
  const json_t *requires = json_object_get(document, "requires");
  json_object_set_new(features, "required",
                      requires ? json_deep_copy(requires) : json_array());
  json_t *loaded = json_array();
  size_t count = anima_registry_feature_count(registry);
  for (size_t i = 0; i < count; i++) {
    json_array_append_new(loaded,
                          json_string(anima_registry_feature(registry, i)));
  }
  json_object_set_new(features, "loaded", loaded);
  return features;
}

json_t *inspect_report(const anima_registry *registry, const json_t *document,
                       const char *file) {
  json_t *report = json_object();
  if (!report) {
    return NULL;
  }
  json_t *path = json_string(file);
  json_object_set_new(report, "file", path ? path : json_null());
  json_object_set_new(report, "document", document_summary(document));
  json_object_set_new(report, "inputs", inputs_report(registry, document));
  json_object_set_new(report, "layers", layers_report(registry, document));
  json_object_set_new(report, "timelines",
                      timelines_report(registry, document));
  json_object_set_new(report, "listeners",
                      listeners_report(registry, document));
  json_object_set_new(report, "animated", animated_report(registry, document));
  json_object_set_new(report, "features", features_report(registry, document));
  return report;
}
