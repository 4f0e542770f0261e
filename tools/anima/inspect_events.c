/*
 * inspect_events.c — `anima inspect`: the event definitions of a document
 * that requires `events` (SPEC events; docs/modules/events.md), read from
 * the document's JSON text as inspect_fields.c does (the module keeps its
 * compiled definitions to itself): each definition with its payload fields
 * (type and source: value, input, address or a bind expression), URL and
 * target, audio and volume, defaults filled in as the module applies them
 * (target "_self" with a url, volume 1 with audio), and the audio resource
 * gains.
 */
#include <string.h>

#include "inspect.h"

/* Is `value` an "{expression}" of a field that is not a string (string
 * fields keep braces literally: SPEC events)? */
static bool expression(const json_t *field, const json_t *value) {
  const char *type = json_string_value(json_object_get(field, "type"));
  const char *text = json_string_value(value);
  size_t length = text ? strlen(text) : 0;
  return type && strcmp(type, "string") != 0 && length >= 2 && text[0] == '{' &&
         text[length - 1] == '}';
}

static json_t *payload_fields(const json_t *payload) {
  static const char *const sources[] = {"value", "input", "address", NULL};
  json_t *fields = json_array();
  const char *name;
  json_t *field;
  json_object_foreach((json_t *)payload, name, field) {
    json_t *item = json_pack("{s:s, s:O}", "name", name, "type",
                             json_object_get(field, "type"));
    for (size_t i = 0; item && sources[i]; i++) {
      const json_t *value = json_object_get(field, sources[i]);
      if (value && i == 0 && expression(field, value)) {
        /* A number/bool/colour "{expression}" (bind): its text. */
        const char *text = json_string_value(value);
        json_object_set_new(item, "source", json_string("expression"));
        json_object_set_new(item, "expression",
                            json_stringn(text + 1, strlen(text) - 2));
      } else if (value) {
        json_object_set_new(item, "source", json_string(sources[i]));
        json_object_set(item, sources[i], (json_t *)value);
      }
    }
    json_array_append_new(fields, item);
  }
  return fields;
}

static json_t *definition(const char *name, const json_t *def) {
  const json_t *payload = json_object_get(def, "payload");
  const json_t *url = json_object_get(def, "url");
  const json_t *target = json_object_get(def, "target");
  const json_t *audio = json_object_get(def, "audio");
  const json_t *volume = json_object_get(def, "volume");
  json_t *item = json_object();
  json_object_set_new(item, "name", json_string(name));
  json_object_set_new(item, "payload",
                      payload ? payload_fields(payload) : json_null());
  json_object_set(item, "url", url ? (json_t *)url : json_null());
  json_object_set_new(
      item, "target",
      url ? (target ? json_deep_copy(target) : json_string("_self"))
          : json_null());
  json_object_set(item, "audio", audio ? (json_t *)audio : json_null());
  json_object_set_new(item, "volume",
                      audio ? (volume ? json_deep_copy(volume) : json_real(1))
                            : json_null());
  return item;
}

void inspect_add_event_definitions(json_t *report, const char *json,
                                   size_t length) {
  json_t *document = json_loadb(json, length, 0, NULL);
  const json_t *defs = json_object_get(document, "eventDefs");
  const json_t *volumes = json_object_get(document, "audioVolumes");
  if (defs) {
    json_t *list = json_array();
    const char *name;
    json_t *def;
    json_object_foreach((json_t *)defs, name, def) {
      json_array_append_new(list, definition(name, def));
    }
    json_object_set_new(report, "eventDefs", list);
  }
  if (volumes) {
    json_object_set(report, "audioVolumes", (json_t *)volumes);
  }
  json_decref(document);
}
