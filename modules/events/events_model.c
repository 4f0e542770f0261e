/*
 * events_model.c — the events module's per-model data (SPEC events): the
 * compiled definitions (payload sources, URL, target, audio and gain), the
 * per-state signal details and `endEmit`, the per-transition `startEmit`
 * and `endEmit`, and the `event:` listeners as queued action blocks.
 * Validation (events_check.c) ran first: what it accepts compiles here.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "events.h"

static const char *string_member(const anima_json *object, const char *key) {
  const anima_host *h = events_host;
  const anima_json *value = object ? h->json_member(object, key) : NULL;
  return value && h->json_type(value) == ANIMA_JSON_STRING
             ? h->json_string(value, NULL)
             : NULL;
}

/* `base`: the field's pointer; reports point at its /value or /address. */
static anima_status compile_field(anima_compile *c, const char *name,
                                  const anima_json *json, const char *base,
                                  events_field *field) {
  const anima_host *h = events_host;
  char pointer[600];
  static const char *const names[] = {"number", "bool", "string", "color"};
  const char *type = string_member(json, "type");
  field->name = h->compile_string(c, name);
  for (size_t i = 0; type && i < sizeof names / sizeof *names; i++) {
    if (strcmp(type, names[i]) == 0) {
      field->type = (anima_event_field_type)i;
    }
  }
  const anima_json *value = h->json_member(json, "value");
  const char *input = string_member(json, "input");
  const char *address = string_member(json, "address");
  const char *text = value && h->json_type(value) == ANIMA_JSON_STRING
                         ? h->json_string(value, NULL)
                         : NULL;
  if (text && field->type != ANIMA_EVENT_FIELD_STRING &&
      events_is_expression(text)) {
    /* Validation accepted it: number, bool or colour, bind required. */
    field->source = EVENTS_SOURCE_EXPRESSION;
    snprintf(pointer, sizeof pointer, "%s/value", base);
    char *inner = events_expression_text(text);
    if (!inner) {
      return ANIMA_ERROR_NO_MEMORY;
    }
    anima_status status = h->compile_value_expression(
        c, pointer, inner, events_value_type(field->type), &field->expression);
    free(inner);
    if (status != ANIMA_OK) {
      return status;
    }
  } else if (value) {
    field->source = EVENTS_SOURCE_LITERAL;
    switch (field->type) {
    case ANIMA_EVENT_FIELD_NUMBER:
      field->number = h->json_number(value);
      break;
    case ANIMA_EVENT_FIELD_BOOL:
      field->boolean = h->json_bool(value);
      break;
    case ANIMA_EVENT_FIELD_STRING:
      field->text = h->compile_string(c, h->json_string(value, NULL));
      break;
    case ANIMA_EVENT_FIELD_COLOR: {
      anima_color color;
      char text[ANIMA_FORMAT_CAPACITY];
      if (!h->parse_color(h->json_string(value, NULL), &color)) {
        return ANIMA_ERROR_INVALID_DOCUMENT;
      }
      h->format_color(color, text);
      field->text = h->compile_string(c, text);
      break;
    }
    }
  } else if (input) {
    field->source = EVENTS_SOURCE_INPUT;
    field->index = h->compile_find_input(c, input);
    if (field->index < 0) {
      return ANIMA_ERROR_INVALID_DOCUMENT;
    }
  } else if (address) {
    field->source = EVENTS_SOURCE_SLOT;
    snprintf(pointer, sizeof pointer, "%s/address", base);
    const char *dot = strchr(address, '.');
    char id[256];
    size_t length = dot ? (size_t)(dot - address) : 0;
    long node = -1;
    if (dot && length < sizeof id) {
      memcpy(id, address, length);
      id[length] = '\0';
      node = h->compile_find_node(c, id);
    }
    field->index =
        node >= 0 ? h->compile_find_slot(c, (size_t)node, dot + 1) : -1;
    if (field->index < 0) {
      /* Validation resolved an AniML alias ("ring.trimEnd"); the payload
       * is JSON, so it names the property by its JSON address. */
      h->compile_report(c, "event-address", pointer,
                        "write the JSON address (\"ring.stroke.trimEnd\")",
                        "\"%s\" is not the JSON address of a property",
                        address);
      return ANIMA_ERROR_INVALID_DOCUMENT;
    }
  }
  return field->name ? ANIMA_OK : ANIMA_ERROR_NO_MEMORY;
}

static anima_status compile_definition(anima_compile *c,
                                       const anima_json *document,
                                       const char *name, const anima_json *json,
                                       events_data *data, events_def *def) {
  const anima_host *h = events_host;
  def->name = h->compile_event_name(c, name);
  const anima_json *payload = h->json_member(json, "payload");
  def->has_payload = payload != NULL;
  def->field_count = payload ? h->json_size(payload) : 0;
  def->first_field = data->field_total;
  data->field_total += def->field_count;
  if (def->field_count > 0) {
    def->fields = h->compile_alloc(c, def->field_count * sizeof *def->fields);
    if (!def->fields) {
      return ANIMA_ERROR_NO_MEMORY;
    }
  }
  for (size_t i = 0; i < def->field_count; i++) {
    char pointer[512];
    snprintf(pointer, sizeof pointer, "/eventDefs/%s/payload/%s", name,
             h->json_key_at(payload, i));
    anima_status status =
        compile_field(c, h->json_key_at(payload, i),
                      h->json_value_at(payload, i), pointer, &def->fields[i]);
    if (status != ANIMA_OK) {
      return status;
    }
  }
  const char *url = string_member(json, "url");
  const char *target = string_member(json, "target");
  const char *audio = string_member(json, "audio");
  def->url = url ? h->compile_string(c, url) : NULL;
  def->target = url ? h->compile_string(c, target ? target : "_self") : NULL;
  def->audio = audio ? h->compile_string(c, audio) : NULL;
  const anima_json *volume = h->json_member(json, "volume");
  def->volume = volume ? h->json_number(volume) : 1;
  const anima_json *volumes = h->json_member(document, "audioVolumes");
  const anima_json *resource =
      volumes && audio ? h->json_member(volumes, audio) : NULL;
  def->gain = def->volume * (resource ? h->json_number(resource) : 1);
  /* The asset's source and clip (SPEC assets P5b: "Clip events start at
   * `start` and play for `end-start`"), from the assets module; a document
   * that validated declares the audio asset. */
  const anima_assets_interface *assets =
      audio && ANIMA_HOST_HAS(h, compile_interface)
          ? h->compile_interface(c, ANIMA_ASSETS_INTERFACE)
          : NULL;
  anima_asset_info info;
  if (assets && assets->find(document, audio, &info)) {
    def->audio_source = h->compile_string(c, info.source);
    if (!def->audio_source) {
      return ANIMA_ERROR_NO_MEMORY;
    }
    def->clip_start = info.start;
    def->clip_end = info.end;
    def->has_clip_end = info.has_end;
  }
  return def->name ? ANIMA_OK : ANIMA_ERROR_NO_MEMORY;
}

static anima_status compile_definitions(anima_compile *c,
                                        const anima_json *document,
                                        events_data *data) {
  const anima_host *h = events_host;
  const anima_json *defs = h->json_member(document, "eventDefs");
  data->def_count = defs ? h->json_size(defs) : 0;
  if (data->def_count == 0) {
    return ANIMA_OK;
  }
  data->defs = h->compile_alloc(c, data->def_count * sizeof *data->defs);
  if (!data->defs) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  for (size_t i = 0; i < data->def_count; i++) {
    anima_status status =
        compile_definition(c, document, h->json_key_at(defs, i),
                           h->json_value_at(defs, i), data, &data->defs[i]);
    if (status != ANIMA_OK) {
      return status;
    }
  }
  return ANIMA_OK;
}

static const char *event_name_or_null(anima_compile *c, const char *name) {
  return name ? events_host->compile_event_name(c, name) : NULL;
}

/* States in the kernel's absolute order: every machine's layers (the
 * default machine's, then each named machine's: host compile_layer), then
 * each layer's states, in document order (module.h anima_layer_moment). */
static bool is_state_key(const char *key) {
  return key && strcmp(key, "$comment") != 0;
}

static anima_status compile_states(anima_compile *c, events_data *data) {
  const anima_host *h = events_host;
  data->layer_count = h->compile_layer_count(c);
  for (size_t l = 0; l < data->layer_count; l++) {
    anima_machine_layer_info layer = {.struct_size = sizeof layer};
    const anima_json *states =
        h->json_member(h->compile_layer(c, l, &layer), "states");
    data->state_count = layer.first_state + layer.state_count;
    for (size_t s = 0; states && s < h->json_size(states); s++) {
      const anima_json *on = h->json_member(h->json_value_at(states, s), "on");
      data->edge_count += on ? h->json_size(on) : 0;
    }
  }
  if (data->state_count == 0) {
    return ANIMA_OK;
  }
  data->states = h->compile_alloc(c, data->state_count * sizeof *data->states);
  data->edges =
      data->edge_count > 0
          ? h->compile_alloc(c, data->edge_count * sizeof *data->edges)
          : NULL;
  if (!data->states || (data->edge_count > 0 && !data->edges)) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  size_t edge = 0;
  for (size_t l = 0; l < data->layer_count; l++) {
    anima_machine_layer_info layer = {.struct_size = sizeof layer};
    const anima_json *states =
        h->json_member(h->compile_layer(c, l, &layer), "states");
    size_t absolute = layer.first_state;
    for (size_t s = 0; states && s < h->json_size(states); s++) {
      if (!is_state_key(h->json_key_at(states, s)) ||
          absolute >= layer.first_state + layer.state_count) {
        continue; /* the kernel skips comments as states */
      }
      const anima_json *state = h->json_value_at(states, s);
      events_state *info = &data->states[absolute++];
      info->field = (anima_event_field){
          .name = "state",
          .type = ANIMA_EVENT_FIELD_STRING,
          .text = h->compile_string(c, h->json_key_at(states, s))};
      info->signal = (anima_event_detail){.struct_size = sizeof info->signal,
                                          .has_payload = true,
                                          .payload = &info->field,
                                          .payload_count = 1,
                                          .volume = 1,
                                          .gain = 1};
      info->end_emit = event_name_or_null(c, string_member(state, "endEmit"));
      const anima_json *on = h->json_member(state, "on");
      info->first_edge = edge;
      info->edge_count = on ? h->json_size(on) : 0;
      for (size_t e = 0; e < info->edge_count; e++, edge++) {
        const anima_json *item = h->json_item(on, e);
        data->edges[edge].start_emit =
            event_name_or_null(c, string_member(item, "startEmit"));
        data->edges[edge].end_emit =
            event_name_or_null(c, string_member(item, "endEmit"));
      }
      if (!info->field.text) {
        return ANIMA_ERROR_NO_MEMORY;
      }
    }
  }
  return ANIMA_OK;
}

static anima_status compile_listeners(anima_compile *c,
                                      const anima_json *document,
                                      events_data *data) {
  const anima_host *h = events_host;
  const anima_json *listeners = h->json_member(document, "listeners");
  size_t count = listeners ? h->json_size(listeners) : 0;
  for (size_t i = 0; i < count; i++) {
    const char *on = string_member(h->json_item(listeners, i), "on");
    data->listener_count += on && strncmp(on, "event:", 6) == 0 ? 1 : 0;
  }
  if (data->listener_count == 0) {
    return ANIMA_OK;
  }
  data->listeners =
      h->compile_alloc(c, data->listener_count * sizeof *data->listeners);
  if (!data->listeners) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  size_t used = 0;
  for (size_t i = 0; i < count; i++) {
    const anima_json *listener = h->json_item(listeners, i);
    const char *on = string_member(listener, "on");
    if (!on || strncmp(on, "event:", 6) != 0) {
      continue;
    }
    char pointer[64];
    snprintf(pointer, sizeof pointer, "/listeners/%zu", i);
    events_listener *entry = &data->listeners[used++];
    entry->name = h->compile_event_name(c, on + 6);
    anima_status status =
        h->compile_action_block(c, listener, pointer, &entry->block);
    if (status != ANIMA_OK) {
      return status;
    }
    if (!entry->name) {
      return ANIMA_ERROR_NO_MEMORY;
    }
  }
  return ANIMA_OK;
}

anima_status events_compile(anima_compile *c, const anima_site *site,
                            void *user, void **out) {
  (void)user;
  const anima_host *h = events_host;
  const anima_json *document = site->json;
  events_data *data = h->compile_alloc(c, sizeof *data);
  if (!data) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  data->state_end = h->compile_event_name(c, "@state-end");
  data->transition_start = h->compile_event_name(c, "@transition-start");
  data->transition_end = h->compile_event_name(c, "@transition-end");
  data->loop = h->compile_event_name(c, "@loop");
  if (!data->state_end || !data->transition_start || !data->transition_end ||
      !data->loop) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  anima_status status = compile_definitions(c, document, data);
  if (status == ANIMA_OK) {
    status = compile_states(c, data);
  }
  if (status == ANIMA_OK) {
    status = compile_listeners(c, document, data);
  }
  *out = data;
  return status;
}
