/*
 * events_check.c — the events chapter's load checks (SPEC events, the
 * diagnostics paragraph): payload sources and types (`event-payload`,
 * `event-input`, `event-address`), URLs and targets (`event-url`), audio
 * references (`event-audio`) and `event:` listener names (`unknown-event`).
 * Every report carries the JSON pointer of the value to change, a message
 * and a hint.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "events.h"

/* Pointers are built in fixed buffers; longer ones are cut (a report still
 * names the document area). */
enum { pointer_size = 512 };

/* Appends "/<token>" with RFC 6901 escaping (~0, ~1). */
static void append_token(char *pointer, const char *token) {
  size_t used = strlen(pointer);
  if (used + 1 >= pointer_size) {
    return;
  }
  pointer[used++] = '/';
  for (const char *c = token; *c && used + 3 < pointer_size; c++) {
    if (*c == '~' || *c == '/') {
      pointer[used++] = '~';
      pointer[used++] = *c == '~' ? '0' : '1';
    } else {
      pointer[used++] = *c;
    }
  }
  pointer[used] = '\0';
}

bool events_is_expression(const char *text) {
  size_t length = text ? strlen(text) : 0;
  return length >= 2 && text[0] == '{' && text[length - 1] == '}';
}

char *events_expression_text(const char *text) {
  size_t length = strlen(text) - 2;
  char *inner = malloc(length + 1);
  if (inner) {
    memcpy(inner, text + 1, length);
    inner[length] = '\0';
  }
  return inner;
}

bool events_url_allowed(const char *url) {
  if (!url || !url[0]) {
    return false;
  }
  /* A scheme (RFC 3986: ALPHA *(ALPHA / DIGIT / "+" / "-" / ".") ":")
   * before any '/', '?' or '#'; without one the URL is a relative
   * reference, which the host resolves against its own document. */
  const char *c = url;
  bool letter = (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z');
  if (!letter) {
    return true;
  }
  while ((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
         (*c >= '0' && *c <= '9') || *c == '+' || *c == '-' || *c == '.') {
    c++;
  }
  if (*c != ':') {
    return true;
  }
  size_t length = (size_t)(c - url);
  return (length == 4 && strncasecmp(url, "http", 4) == 0) ||
         (length == 5 && strncasecmp(url, "https", 5) == 0);
}

/* ---- the names a document reports --------------------------------------- */

/* Does `name` occur as a string value of an emitting key ("emit",
 * "endEmit", "startEmit") anywhere under `value`? */
static bool emitted_under(const anima_json *value, const char *name) {
  const anima_host *h = events_host;
  anima_json_type type = h->json_type(value);
  if (type == ANIMA_JSON_ARRAY) {
    for (size_t i = 0; i < h->json_size(value); i++) {
      if (emitted_under(h->json_item(value, i), name)) {
        return true;
      }
    }
    return false;
  }
  if (type != ANIMA_JSON_OBJECT) {
    return false;
  }
  for (size_t i = 0; i < h->json_size(value); i++) {
    const char *key = h->json_key_at(value, i);
    const anima_json *member = h->json_value_at(value, i);
    if (key &&
        (strcmp(key, "emit") == 0 || strcmp(key, "endEmit") == 0 ||
         strcmp(key, "startEmit") == 0) &&
        h->json_type(member) == ANIMA_JSON_STRING) {
      const char *text = h->json_string(member, NULL);
      if (text && strcmp(text, name) == 0) {
        return true;
      }
    }
    if (emitted_under(member, name)) {
      return true;
    }
  }
  return false;
}

/* Does a timeline report `name` (its `events`: [time, name] pairs)? */
static bool timeline_reports(const anima_json *document, const char *name) {
  const anima_host *h = events_host;
  const anima_json *timelines = h->json_member(document, "timelines");
  if (!timelines || h->json_type(timelines) != ANIMA_JSON_OBJECT) {
    return false;
  }
  for (size_t t = 0; t < h->json_size(timelines); t++) {
    const anima_json *events =
        h->json_member(h->json_value_at(timelines, t), "events");
    if (!events || h->json_type(events) != ANIMA_JSON_ARRAY) {
      continue;
    }
    for (size_t i = 0; i < h->json_size(events); i++) {
      const anima_json *entry = h->json_item(events, i);
      const anima_json *text =
          h->json_type(entry) == ANIMA_JSON_ARRAY && h->json_size(entry) == 2
              ? h->json_item(entry, 1)
              : NULL;
      const char *event = text && h->json_type(text) == ANIMA_JSON_STRING
                              ? h->json_string(text, NULL)
                              : NULL;
      if (event && strcmp(event, name) == 0) {
        return true;
      }
    }
  }
  return false;
}

/* A name the document can report: a definition, a timeline event, an
 * emit of any kind, or one of the signals. */
static bool known_event(const anima_json *document, const char *name) {
  static const char *const signals[] = {"@state-end", "@transition-start",
                                        "@transition-end", "@loop", "@limit"};
  for (size_t i = 0; i < sizeof signals / sizeof *signals; i++) {
    if (strcmp(name, signals[i]) == 0) {
      return true;
    }
  }
  const anima_json *defs = events_host->json_member(document, "eventDefs");
  return (defs && events_host->json_member(defs, name)) ||
         timeline_reports(document, name) || emitted_under(document, name);
}

/* ---- payload fields ----------------------------------------------------- */

static bool field_type(const char *text, anima_event_field_type *type) {
  static const char *const names[] = {"number", "bool", "string", "color"};
  for (size_t i = 0; text && i < sizeof names / sizeof *names; i++) {
    if (strcmp(text, names[i]) == 0) {
      *type = (anima_event_field_type)i;
      return true;
    }
  }
  return false;
}

anima_value_type events_value_type(anima_event_field_type type) {
  return type == ANIMA_EVENT_FIELD_BOOL    ? ANIMA_VALUE_BOOL
         : type == ANIMA_EVENT_FIELD_COLOR ? ANIMA_VALUE_COLOR
                                           : ANIMA_VALUE_NUMBER;
}

static const char *type_name(anima_event_field_type type) {
  static const char *const names[] = {"number", "bool", "string", "color"};
  return names[type];
}

/* A number, bool or colour field's "{expression}" value: bind's grammar
 * through the kernel's check_value_expression (its codes, e.g. bind-syntax,
 * bind-type, at the value), a number field also taking a bool expression
 * as 0/1, a colour field a colour expression. */
static void check_expression(anima_check *c, const char *text,
                             const char *field, anima_event_field_type type,
                             const char *pointer) {
  const anima_host *h = events_host;
  if (!h->check_requires(c, "bind")) {
    h->check_report(c, "event-payload", ANIMA_SEVERITY_ERROR, pointer,
                    "add \"bind\" to requires, or write a literal",
                    "the expression value \"%s\" needs the bind feature", text);
    return;
  }
  char *inner = events_expression_text(text);
  if (inner && !h->check_value_expression(c, pointer, inner, field,
                                          events_value_type(type))) {
    h->check_report(c, "event-payload", ANIMA_SEVERITY_ERROR, pointer,
                    "use a literal or an input or address source",
                    "no loaded expression language gives %s values",
                    type_name(type));
  }
  free(inner);
}

static void check_literal(anima_check *c, const anima_json *value,
                          const char *field, anima_event_field_type type,
                          const char *pointer) {
  const anima_host *h = events_host;
  anima_json_type json = h->json_type(value);
  const char *text =
      json == ANIMA_JSON_STRING ? h->json_string(value, NULL) : NULL;
  if (text && type != ANIMA_EVENT_FIELD_STRING && events_is_expression(text)) {
    check_expression(c, text, field, type, pointer);
    return;
  }
  bool ok = false;
  anima_color color;
  switch (type) {
  case ANIMA_EVENT_FIELD_NUMBER:
    ok = json == ANIMA_JSON_NUMBER;
    break;
  case ANIMA_EVENT_FIELD_BOOL:
    ok = json == ANIMA_JSON_BOOL;
    break;
  case ANIMA_EVENT_FIELD_STRING:
    ok = json == ANIMA_JSON_STRING;
    break;
  case ANIMA_EVENT_FIELD_COLOR:
    ok = text && text[0] == '#' && h->parse_color(text, &color);
    break;
  }
  if (!ok) {
    h->check_report(c, "event-payload", ANIMA_SEVERITY_ERROR, pointer,
                    type == ANIMA_EVENT_FIELD_COLOR
                        ? "write a hex colour such as \"#ff8800\""
                        : "write a literal of the field's type",
                    "the value is not a %s literal", type_name(type));
  }
}

static void check_input_source(anima_check *c, const char *name,
                               anima_event_field_type type,
                               const char *pointer) {
  const anima_host *h = events_host;
  if (type == ANIMA_EVENT_FIELD_COLOR || type == ANIMA_EVENT_FIELD_STRING) {
    h->check_report(c, "event-payload", ANIMA_SEVERITY_ERROR, pointer,
                    "use a literal value or an address",
                    "a %s field cannot read an input (inputs are bool, "
                    "number or trigger)",
                    type_name(type));
    return;
  }
  anima_input_type input_type;
  if (h->check_input(c, name, &input_type) < 0) {
    h->check_report(c, "event-input", ANIMA_SEVERITY_ERROR, pointer,
                    "declare it in inputs, or name a declared input",
                    "no input named \"%s\"", name);
    return;
  }
  bool matches =
      (type == ANIMA_EVENT_FIELD_NUMBER && input_type == ANIMA_INPUT_NUMBER) ||
      (type == ANIMA_EVENT_FIELD_BOOL && input_type == ANIMA_INPUT_BOOL);
  if (!matches) {
    h->check_report(c, "event-input", ANIMA_SEVERITY_ERROR, pointer,
                    type == ANIMA_EVENT_FIELD_BOOL
                        ? "name a bool input, or change the field's type"
                        : "name a number input, or change the field's type",
                    "the input \"%s\" is not a %s input", name,
                    type_name(type));
  }
}

static void check_address_source(anima_check *c, const char *address,
                                 anima_event_field_type type,
                                 const char *pointer) {
  const anima_host *h = events_host;
  anima_value_type value_type;
  if (!h->check_property(c, address, &value_type)) {
    h->check_report(c, "event-address", ANIMA_SEVERITY_ERROR, pointer,
                    "name an animatable property as a track would "
                    "(\"<node-id>.<property>\")",
                    "\"%s\" is not an animatable property", address);
    return;
  }
  bool matches =
      (type == ANIMA_EVENT_FIELD_NUMBER && value_type == ANIMA_VALUE_NUMBER) ||
      (type == ANIMA_EVENT_FIELD_BOOL && value_type == ANIMA_VALUE_BOOL) ||
      (type == ANIMA_EVENT_FIELD_COLOR && value_type == ANIMA_VALUE_COLOR);
  if (!matches) {
    h->check_report(c, "event-address", ANIMA_SEVERITY_ERROR, pointer,
                    type == ANIMA_EVENT_FIELD_BOOL
                        ? "name a bool property, or change the field's type"
                    : type == ANIMA_EVENT_FIELD_COLOR
                        ? "name a colour property, or change the field's type"
                        : "name a number property, or change the field's type",
                    "\"%s\" is not a %s property", address, type_name(type));
  }
}

static void check_field(anima_check *c, const char *name,
                        const anima_json *field, const char *pointer) {
  const anima_host *h = events_host;
  if (h->json_type(field) != ANIMA_JSON_OBJECT) {
    return; /* the structural walk reported it */
  }
  const anima_json *type_json = h->json_member(field, "type");
  anima_event_field_type type;
  if (!type_json || h->json_type(type_json) != ANIMA_JSON_STRING ||
      !field_type(h->json_string(type_json, NULL), &type)) {
    return; /* missing-key / bad-value already */
  }
  const anima_json *value = h->json_member(field, "value");
  const anima_json *input = h->json_member(field, "input");
  const anima_json *address = h->json_member(field, "address");
  int sources = (value != NULL) + (input != NULL) + (address != NULL);
  if (sources != 1) {
    h->check_report(c, "event-payload", ANIMA_SEVERITY_ERROR, pointer,
                    "give exactly one of \"value\", \"input\" or \"address\"",
                    sources == 0 ? "the payload field has no source"
                                 : "the payload field has %d sources",
                    sources);
    return;
  }
  char at[pointer_size];
  snprintf(at, sizeof at, "%s", pointer);
  if (value) {
    append_token(at, "value");
    check_literal(c, value, name, type, at);
  } else if (input && h->json_type(input) == ANIMA_JSON_STRING) {
    append_token(at, "input");
    check_input_source(c, h->json_string(input, NULL), type, at);
  } else if (address && h->json_type(address) == ANIMA_JSON_STRING) {
    append_token(at, "address");
    check_address_source(c, h->json_string(address, NULL), type, at);
  }
}

/* ---- definitions, audio gains and listeners ----------------------------- */

/* Is `name` an audio asset of the document? Asked of the assets module
 * through its interface (include/anima/assets.h), which answers only when
 * the document declares "assets"; events never reads the map itself. */
static bool audio_asset(anima_check *c, const anima_json *document,
                        const char *name) {
  const anima_host *h = events_host;
  const anima_assets_interface *assets =
      ANIMA_HOST_HAS(h, check_interface)
          ? h->check_interface(c, ANIMA_ASSETS_INTERFACE)
          : NULL;
  anima_asset_info info;
  return assets && assets->find(document, name, &info) &&
         info.type == ANIMA_ASSET_AUDIO;
}

/* The hint of an event-audio report: declare the feature first when the
 * document lacks it. */
static const char *audio_hint(anima_check *c) {
  return events_host->check_requires(c, "assets")
             ? "declare an audio asset of that name in \"assets\" "
               "({\"type\": \"audio\", \"source\": ...})"
             : "add \"assets\" to requires and declare an audio asset of "
               "that name in \"assets\"";
}

static void check_definition(anima_check *c, const anima_json *document,
                             const char *name, const anima_json *def) {
  const anima_host *h = events_host;
  if (h->json_type(def) != ANIMA_JSON_OBJECT) {
    return;
  }
  char base[pointer_size] = "";
  append_token(base, "eventDefs");
  append_token(base, name);
  const anima_json *payload = h->json_member(def, "payload");
  if (payload && h->json_type(payload) == ANIMA_JSON_OBJECT) {
    for (size_t i = 0; i < h->json_size(payload); i++) {
      char at[pointer_size];
      snprintf(at, sizeof at, "%s", base);
      append_token(at, "payload");
      append_token(at, h->json_key_at(payload, i));
      check_field(c, h->json_key_at(payload, i), h->json_value_at(payload, i),
                  at);
    }
  }
  const anima_json *url = h->json_member(def, "url");
  const char *url_text = url && h->json_type(url) == ANIMA_JSON_STRING
                             ? h->json_string(url, NULL)
                             : NULL;
  if (url_text && !events_url_allowed(url_text)) {
    char at[pointer_size];
    snprintf(at, sizeof at, "%s", base);
    append_token(at, "url");
    h->check_report(c, "event-url", ANIMA_SEVERITY_ERROR, at,
                    "use an http(s) URL or a relative reference",
                    url_text[0] ? "\"%s\" has a scheme other than http or https"
                                : "the url is empty%s",
                    url_text[0] ? url_text : "");
  }
  if (!url && h->json_member(def, "target")) {
    char at[pointer_size];
    snprintf(at, sizeof at, "%s", base);
    append_token(at, "target");
    h->check_report(c, "event-url", ANIMA_SEVERITY_ERROR, at,
                    "add a \"url\", or remove \"target\"",
                    "a target needs a url");
  }
  const anima_json *audio = h->json_member(def, "audio");
  const char *audio_text = audio && h->json_type(audio) == ANIMA_JSON_STRING
                               ? h->json_string(audio, NULL)
                               : NULL;
  if (audio_text && !audio_asset(c, document, audio_text)) {
    char at[pointer_size];
    snprintf(at, sizeof at, "%s", base);
    append_token(at, "audio");
    h->check_report(c, "event-audio", ANIMA_SEVERITY_ERROR, at, audio_hint(c),
                    "no audio asset named \"%s\"", audio_text);
  }
}

static void check_document(anima_check *c, void *user) {
  (void)user;
  const anima_host *h = events_host;
  const anima_json *document = h->check_document(c);
  const anima_json *defs = h->json_member(document, "eventDefs");
  if (defs && h->json_type(defs) == ANIMA_JSON_OBJECT) {
    for (size_t i = 0; i < h->json_size(defs); i++) {
      check_definition(c, document, h->json_key_at(defs, i),
                       h->json_value_at(defs, i));
    }
  }
  const anima_json *volumes = h->json_member(document, "audioVolumes");
  if (volumes && h->json_type(volumes) == ANIMA_JSON_OBJECT) {
    for (size_t i = 0; i < h->json_size(volumes); i++) {
      const char *asset = h->json_key_at(volumes, i);
      if (asset && !audio_asset(c, document, asset)) {
        char at[pointer_size] = "";
        append_token(at, "audioVolumes");
        append_token(at, asset);
        h->check_report(c, "event-audio", ANIMA_SEVERITY_ERROR, at,
                        audio_hint(c), "no audio asset named \"%s\"", asset);
      }
    }
  }
  const anima_json *listeners = h->json_member(document, "listeners");
  if (!listeners || h->json_type(listeners) != ANIMA_JSON_ARRAY) {
    return;
  }
  for (size_t i = 0; i < h->json_size(listeners); i++) {
    const anima_json *on = h->json_member(h->json_item(listeners, i), "on");
    const char *text = on && h->json_type(on) == ANIMA_JSON_STRING
                           ? h->json_string(on, NULL)
                           : NULL;
    if (!text || strncmp(text, "event:", 6) != 0 || !text[6]) {
      continue;
    }
    if (!known_event(document, text + 6)) {
      char at[pointer_size];
      snprintf(at, sizeof at, "/listeners/%zu/on", i);
      h->check_report(c, "unknown-event", ANIMA_SEVERITY_ERROR, at,
                      "name an event a timeline, emit or eventDefs entry "
                      "reports",
                      "no event named \"%s\" is reported in this document",
                      text + 6);
    }
  }
}

static const anima_check_desc check = {
    .struct_size = sizeof check,
    .feature = EVENTS_FEATURE,
    .name = "events",
    .check = check_document,
};

anima_status events_register_checks(anima_registrar *registrar) {
  return events_host->add_check(registrar, &check);
}
