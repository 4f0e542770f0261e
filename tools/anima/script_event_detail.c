/*
 * script_event_detail.c — the members an event detail adds to an event
 * record of a snapshot line (SPEC events: "`anima sample` snapshots include
 * these fields verbatim"; docs/DECISIONS.md "Event records with details"):
 * `payload` (fields in authored order), then the requests the host would
 * receive — `url` and `target`, `audio`, `volume` and `gain`.
 */
#include <stdlib.h>

#include <anima/events.h>

#include "script_internal.h"

char *script_event_detail_json(const struct anima_event_detail *detail,
                               bool *failed) {
  if (!detail || (!detail->has_payload && !detail->url && !detail->audio)) {
    return NULL;
  }
  script_text text = {0};
  if (detail->has_payload) {
    script_text_append(&text, ", \"payload\": {");
    for (size_t i = 0; i < detail->payload_count; i++) {
      const anima_event_field *field = &detail->payload[i];
      script_text_append(&text, i ? ", " : "");
      script_text_append_json_string(&text, field->name);
      script_text_append(&text, ": ");
      switch (field->type) {
      case ANIMA_EVENT_FIELD_NUMBER:
        script_text_append_number(&text, field->number);
        break;
      case ANIMA_EVENT_FIELD_BOOL:
        script_text_append(&text, field->boolean ? "true" : "false");
        break;
      case ANIMA_EVENT_FIELD_STRING:
      case ANIMA_EVENT_FIELD_COLOR:
        script_text_append_json_string(&text, field->text ? field->text : "");
        break;
      }
    }
    script_text_append(&text, "}");
  }
  if (detail->url) {
    script_text_append(&text, ", \"url\": ");
    script_text_append_json_string(&text, detail->url);
    script_text_append(&text, ", \"target\": ");
    script_text_append_json_string(&text,
                                   detail->target ? detail->target : "_self");
  }
  if (detail->audio) {
    script_text_append(&text, ", \"audio\": ");
    script_text_append_json_string(&text, detail->audio);
    script_text_append(&text, ", \"volume\": ");
    script_text_append_number(&text, detail->volume);
    script_text_append(&text, ", \"gain\": ");
    script_text_append_number(&text, detail->gain);
  }
  char *json = script_text_take(&text);
  if (!json) {
    *failed = true;
  }
  return json;
}

void script_events_clear(script_interpreter *interpreter) {
  for (size_t i = 0; i < interpreter->event_count; i++) {
    free(interpreter
             ->events[(interpreter->event_start + i) %
                      interpreter->event_capacity]
             .detail);
  }
  interpreter->event_start = 0;
  interpreter->event_count = 0;
}
