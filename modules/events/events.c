/*
 * events.c — the `events` module (SPEC `## events`, docs/modules/events.md):
 * registration of its fields, kinds, diagnostic codes, the `event:`
 * listener source and its stage hook. `requires: ["events"]` adds event
 * definitions (payloads, URL and audio requests), `event:` listeners and
 * the signals @state-end, @transition-start, @transition-end and @loop;
 * without it events are reported exactly as SPEC §7 says.
 */
#include <math.h>

#include "events.h"

const anima_host *events_host;

static const char *const features[] = {EVENTS_FEATURE, NULL};
/* Payloads read the values bindings and the other modules' stages left. */
static const char *const after[] = {"motion", "bind", "machine", NULL};

#define RANGED(owner_, name_, kind_, minimum_, maximum_)                       \
  .owner = owner_, .name = name_, .kind = kind_, .feature = EVENTS_FEATURE,    \
  .minimum = minimum_, .maximum = maximum_
#define FIELD(owner_, name_, kind_)                                            \
  RANGED(owner_, name_, kind_, -INFINITY, INFINITY)

static const char *const targets[] = {"_self", "_blank", "_parent", "_top",
                                      NULL};
static const char *const field_types[] = {"number", "bool", "string", "color",
                                          NULL};

static const anima_kind_desc kinds[] = {
    {.name = "eventDef",
     .element = "event-def",
     .key_field = "name",
     .feature = EVENTS_FEATURE,
     .description = "An event definition: payload fields, a URL and an "
                    "audio request enriching every occurrence of its name."},
    {.name = "eventField",
     .feature = EVENTS_FEATURE,
     .description = "A payload field {type, value | input | address}."},
    {.name = "audioVolumes",
     .element = "audio-volume",
     .key_field = "asset",
     .feature = EVENTS_FEATURE,
     .description = "Resource gains of audio assets, in [0, 1]."},
};

/* The value of an audioVolumes entry. */
static const anima_field_desc audio_volume_value = {
    RANGED("audioVolumes", "value", ANIMA_FIELD_NUMBER, 0, 1),
    .description = "The asset's resource gain in [0, 1]."};

static const anima_field_desc fields[] = {
    {FIELD("document", "eventDefs", ANIMA_FIELD_MAP), .item_kind = "eventDef",
     .markup_name = "eventDefs",
     .description = "Event definitions {name: definition} (SPEC events)."},
    {FIELD("document", "audioVolumes", ANIMA_FIELD_MAP),
     .item_kind = "audioVolumes", .item_field = &audio_volume_value,
     .markup_name = "audioVolumes",
     .description = "Audio resource gains {asset: gain in [0, 1]}."},
    {FIELD("eventDef", "payload", ANIMA_FIELD_MAP), .item_kind = "eventField",
     .markup_form = ANIMA_MARKUP_JSON,
     .description = "Payload fields {field: {type, value | input | "
                    "address}}, resolved at the end of the step."},
    {FIELD("eventDef", "url", ANIMA_FIELD_STRING),
     .description = "An http(s) URL or a relative reference the host may "
                    "open (never the runtime)."},
    {FIELD("eventDef", "target", ANIMA_FIELD_ENUM), .options = targets,
     .default_json = "\"_self\"",
     .description = "_self, _blank, _parent or _top; requires url."},
    {FIELD("eventDef", "audio", ANIMA_FIELD_STRING),
     .description = "An audio asset the host plays at each occurrence."},
    {RANGED("eventDef", "volume", ANIMA_FIELD_NUMBER, 0, 1),
     .default_json = "1",
     .description = "The event's gain in [0, 1]; requires audio."},
    {FIELD("eventField", "type", ANIMA_FIELD_ENUM), .options = field_types,
     .required = true, .description = "number, bool, string or color."},
    {FIELD("eventField", "value", ANIMA_FIELD_ANY),
     .description = "A literal of the field's type; for number and bool "
                    "fields with bind, \"{expression}\" (bind's grammar "
                    "over the inputs, read at the end of the step)."},
    {FIELD("eventField", "input", ANIMA_FIELD_NAME),
     .description = "A bool or number input of the field's type."},
    {FIELD("eventField", "address", ANIMA_FIELD_STRING),
     .description = "An animatable property of the field's type "
                    "(its JSON address)."},
    {FIELD("state", "endEmit", ANIMA_FIELD_NAME), .markup_name = "endEmit",
     .description = "An event reported right after this state's "
                    "@state-end."},
    {FIELD("transition", "startEmit", ANIMA_FIELD_NAME),
     .markup_name = "startEmit",
     .description = "An event reported right after this transition's "
                    "@transition-start."},
    {FIELD("transition", "endEmit", ANIMA_FIELD_NAME), .markup_name = "endEmit",
     .description = "An event reported right after this transition's "
                    "@transition-end (not when interrupted)."},
};

static const anima_code_desc codes[] = {
    {.code = "event-payload",
     .severity = ANIMA_SEVERITY_ERROR,
     .feature = EVENTS_FEATURE,
     .description = "A payload field needs exactly one source (value, input "
                    "or address) and a literal of its type."},
    {.code = "event-input",
     .severity = ANIMA_SEVERITY_ERROR,
     .feature = EVENTS_FEATURE,
     .description = "A payload input is not declared or not of the field's "
                    "type."},
    {.code = "event-address",
     .severity = ANIMA_SEVERITY_ERROR,
     .feature = EVENTS_FEATURE,
     .description = "A payload address is not an animatable property of the "
                    "field's type."},
    {.code = "event-url",
     .severity = ANIMA_SEVERITY_ERROR,
     .feature = EVENTS_FEATURE,
     .description = "A URL with a scheme other than http or https, or a "
                    "target without a url."},
    {.code = "event-audio",
     .severity = ANIMA_SEVERITY_ERROR,
     .feature = EVENTS_FEATURE,
     .description = "An audio reference or audioVolumes entry names no "
                    "audio asset, or a volume without audio."},
    {.code = "unknown-event",
     .severity = ANIMA_SEVERITY_ERROR,
     .feature = EVENTS_FEATURE,
     .description = "An event: listener names an event nothing in the "
                    "document reports."},
};

static const anima_listener_source_desc listener_source = {
    .struct_size = sizeof listener_source,
    .feature = EVENTS_FEATURE,
    .prefix = "event:",
    .description = "Queues the listener's actions for the next step after "
                   "a step reports the named event."};

static anima_status init(const anima_host *host, anima_registrar *registrar) {
  events_host = host;
  if (!ANIMA_HOST_HAS(host, check_property) ||
      !ANIMA_HOST_HAS(host, step_value_expression) ||
      !ANIMA_HOST_HAS(host, check_layer)) {
    /* a kernel without event details or every machine's layers */
    return ANIMA_ERROR_UNSUPPORTED;
  }
  anima_status status = ANIMA_OK;
  ANIMA_ADD_EACH(status, host->add_code, registrar, codes);
  ANIMA_ADD_EACH(status, host->add_kind, registrar, kinds);
  ANIMA_ADD_EACH(status, host->add_field, registrar, fields);
  if (status == ANIMA_OK) {
    status = host->add_listener_source(registrar, &listener_source);
  }
  if (status == ANIMA_OK) {
    status = events_register_checks(registrar);
  }
  if (status == ANIMA_OK) {
    status = events_register_hook(registrar);
  }
  return status;
}

ANIMA_MODULE_DEFINE(events, .name = "events", .version = "1.0.0",
                    .license = "MIT", .origin = "Anima",
                    .description = "Event definitions with payloads, URL and "
                                   "audio requests for the host, event: "
                                   "listeners and the state, transition and "
                                   "loop signals (SPEC events).",
                    .features = features, .after = after, .init = init);
