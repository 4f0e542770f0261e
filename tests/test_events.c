/*
 * test_events.c — the events module (modules/events; SPEC `## events`):
 * one minimal invalid document per diagnostic (tests/documents/
 * events-invalid, asserting code, severity and pointer), the details a
 * step attaches to events and their delivery to a host through
 * anima_events_deliver (include/anima/events.h), `event:` listeners in
 * introspection, and allocation-free stepping with payloads. Expected
 * values are derived by hand in the comment above each assertion; the
 * conformance cases events-module-* carry the step-by-step derivations.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include <anima/events.h>
#include <anima/introspect.h>
#include <anima/module.h>

#include "test_allocations.h"
#include "test_module_player.h"

#define EVENTS_MODULE ANIMA_BUILD_ROOT "/modules/anima-events.so"
#define BIND_MODULE ANIMA_BUILD_ROOT "/modules/anima-bind.so"
#define INVALID ANIMA_SOURCE_ROOT "/tests/documents/events-invalid"

static const char *const modules[] = {EVENTS_MODULE, BIND_MODULE, NULL};

/* ---- one minimal invalid document per diagnostic ------------------------ */

typedef struct expectation {
  const char *document; /* tests/documents/events-invalid/<document>.ani */
  const char *code;
  const char *pointer;
} expectation;

#define FIELD "/eventDefs/e/payload/f"

static const expectation expectations[] = {
    /* "exactly one source is required": none, and value + address. */
    {"payload-no-source", "event-payload", FIELD},
    {"payload-two-sources", "event-payload", FIELD},
    /* "A literal must have the declared type": 1 for a bool; a slot name
     * for a colour ("colour fields require ... hex literal"). */
    {"payload-literal", "event-payload", FIELD "/value"},
    {"payload-color-literal", "event-payload", FIELD "/value"},
    /* "Colours cannot reference inputs". */
    {"payload-color-input", "event-payload", FIELD "/input"},
    /* "`value: "{expression}"` additionally requires bind". */
    {"payload-expression", "event-payload", FIELD "/value"},
    /* "bool fields require bool" (bind's bind-type for a number
     * expression), a syntax error (bind's code at the value); "colour
     * fields require a colour expression" ({1} for a colour field is
     * bind-type), and a colour expression is no number ("Mixing a number
     * and colour is invalid": bind-type for a number field). */
    {"payload-expression-type", "bind-type", FIELD "/value"},
    {"payload-expression-syntax", "bind-syntax", FIELD "/value"},
    {"payload-expression-color", "bind-type", FIELD "/value"},
    {"payload-expression-color-number", "bind-type", FIELD "/value"},
    /* "missing or mistyped input ... references": undeclared, a bool for a
     * number field, a trigger for a bool field. */
    {"input-missing", "event-input", FIELD "/input"},
    {"input-type", "event-input", FIELD "/input"},
    {"input-trigger", "event-input", FIELD "/input"},
    /* "... or property references": no such property, no such node, a
     * number property for a bool field, an AniML alias (load time). */
    {"address-unknown", "event-address", FIELD "/address"},
    {"address-node", "event-address", FIELD "/address"},
    {"address-type", "event-address", FIELD "/address"},
    {"address-alias", "event-address", FIELD "/address"},
    /* "Core rejects non-HTTP schemes (`event-url`)"; an empty url; a
     * target "requires `url`". */
    {"url-scheme", "event-url", "/eventDefs/e/url"},
    {"url-empty", "event-url", "/eventDefs/e/url"},
    {"url-target", "event-url", "/eventDefs/e/target"},
    /* "`audio` references an assets-module audio asset (`event-audio`
     * otherwise)"; audioVolumes is "an audio-asset-name map". */
    {"audio-asset", "event-audio", "/eventDefs/e/audio"},
    {"audio-volumes", "event-audio", "/audioVolumes/tone"},
    /* "Unknown local event names are `unknown-event`". */
    {"unknown-event", "unknown-event", "/listeners/0/on"},
    /* Without `requires: ["events"]`: the fields are undeclared-feature and
     * an `event:` listener is the core bad-value (SPEC §9 `on`). */
    {"undeclared", "undeclared-feature", "/eventDefs"},
    {"listener-undeclared", "bad-value", "/listeners/0/on"},
    /* `volume` is "an optional [0,1] event gain". */
    {"volume-range", "bad-value", "/eventDefs/e/volume"},
};

Test(events_documents, each_invalid_document_reports_its_diagnostic) {
  for (size_t i = 0; i < sizeof expectations / sizeof *expectations; i++) {
    const expectation *e = &expectations[i];
    char path[512];
    snprintf(path, sizeof path, "%s/%s.ani", INVALID, e->document);
    loaded l = loaded_open(modules, loaded_read_document(path), false);
    size_t count = anima_diagnostics_count(l.diagnostics);
    const anima_diagnostic *d = anima_diagnostics_get(l.diagnostics, 0);
    cr_assert_not_null(d, "%s", e->document);
    cr_expect_eq(count, 1, "%s: %zu diagnostics (first %s at %s)", e->document,
                 count, d->code, d->pointer);
    cr_expect_str_eq(d->code, e->code, "%s", e->document);
    cr_expect_eq(d->severity, ANIMA_SEVERITY_ERROR, "%s", e->document);
    cr_expect_str_eq(d->pointer, e->pointer, "%s", e->document);
    cr_expect(d->hint && d->hint[0], "%s has a hint", e->document);
    /* Hints are finished text: no printf conversion left in them. */
    cr_expect(d->hint == NULL || strchr(d->hint, '%') == NULL, "%s hint: %s",
              e->document, d->hint);
    loaded_close(&l);
  }
}

/* ---- details and delivery ------------------------------------------------ */

/* A looping timeline reports `ding` at 0.5 each cycle; its definition
 * carries a payload, a URL and no audio (audio with real assets:
 * tests/test_assets.c). `quiet` has a payload only. */
static const char *const requests_document =
    "{\"anima\": \"0.1\", \"name\": \"requests\", \"grid\": 20,"
    " \"requires\": [\"events\", \"bind\"],"
    " \"inputs\": {\"n\": {\"type\": \"number\", \"default\": 2}},"
    " \"nodes\": [{\"id\": \"dot\", \"type\": \"circle\", \"center\": [10, 10],"
    "   \"r\": 2, \"fill\": {\"color\": \"#ff8800\"}}],"
    " \"eventDefs\": {"
    "   \"ding\": {\"payload\": {\"n\": {\"type\": \"number\", \"input\": "
    "\"n\"},"
    "     \"c\": {\"type\": \"color\", \"address\": \"dot.fill.color\"},"
    "     \"m\": {\"type\": \"number\", \"value\": \"{n * 10 + 1}\"}},"
    "     \"url\": \"/next\", \"target\": \"_blank\"},"
    "   \"quiet\": {\"payload\": {}}},"
    " \"timelines\": {\"spin\": {\"duration\": 1, \"loop\": \"loop\","
    "   \"tracks\": {\"dot.r\": [[0, 2], [1, 4]]},"
    "   \"events\": [[0.25, \"quiet\"], [0.5, \"ding\"]]}},"
    " \"machine\": {\"layers\": {\"main\": {\"initial\": \"a\", \"states\": {"
    "   \"a\": {\"play\": \"spin\"}}}}},"
    " \"listeners\": [{\"on\": \"event:ding\", \"set\": {\"n\": 5}}]}";

typedef struct delivery {
  char log[512];
  bool allow;
} delivery;

static bool policy(void *user, const char *url, const char *target,
                   const anima_event *event) {
  (void)url, (void)target, (void)event;
  return ((delivery *)user)->allow;
}

static void open_url(void *user, const char *url, const char *target,
                     const anima_event *event) {
  delivery *d = user;
  size_t used = strlen(d->log);
  snprintf(d->log + used, sizeof d->log - used, "url %s %s %s;", event->name,
           url, target);
}

static void play_audio(void *user, const char *asset, double gain,
                       const anima_event *event) {
  delivery *d = user;
  size_t used = strlen(d->log);
  snprintf(d->log + used, sizeof d->log - used, "audio %s %s %g;", event->name,
           asset, gain);
}

Test(events_details, a_step_attaches_payloads_and_requests) {
  loaded l = loaded_open(modules, requests_document, true);
  /* One step of 0.75: quiet (0.25) then ding (0.5), in time order. */
  anima_step_result result = loaded_step(&l, 0.75);
  cr_assert_eq(result.event_count, 2);
  const anima_event *quiet = &result.events[0];
  const anima_event *ding = &result.events[1];
  cr_assert_str_eq(quiet->name, "quiet");
  cr_assert_not_null(quiet->detail);
  /* An empty payload object: has_payload, no fields, no requests. */
  cr_expect(quiet->detail->has_payload);
  cr_expect_eq(quiet->detail->payload_count, 0);
  cr_expect_null(quiet->detail->url);
  cr_assert_str_eq(ding->name, "ding");
  const anima_event_detail *detail = ding->detail;
  cr_assert_not_null(detail);
  cr_assert_eq(detail->payload_count, 3);
  /* n reads the input's default 2 at the end of the step. */
  cr_expect_str_eq(detail->payload[0].name, "n");
  cr_expect_eq(detail->payload[0].type, ANIMA_EVENT_FIELD_NUMBER);
  cr_expect_eq(detail->payload[0].number, 2);
  /* c reads dot.fill.color: #ff8800 (no track writes it). */
  cr_expect_eq(detail->payload[1].type, ANIMA_EVENT_FIELD_COLOR);
  cr_expect_str_eq(detail->payload[1].text, "#ff8800");
  /* m is the expression n * 10 + 1 over the same inputs: 21. */
  cr_expect_str_eq(detail->payload[2].name, "m");
  cr_expect_eq(detail->payload[2].number, 21);
  cr_expect_str_eq(detail->url, "/next");
  cr_expect_str_eq(detail->target, "_blank");
  cr_expect_null(detail->audio);

  /* Delivery: without a policy and allow_urls false nothing is opened;
   * with a policy returning true the URL of ding is (quiet has none). */
  delivery d = {.log = "", .allow = false};
  anima_event_requests requests = {.open_url = open_url,
                                   .play_audio = play_audio};
  cr_expect_eq(
      anima_events_deliver(result.events, result.event_count, &requests, &d),
      0);
  requests.url_policy = policy;
  cr_expect_eq(
      anima_events_deliver(result.events, result.event_count, &requests, &d),
      0);
  d.allow = true;
  cr_expect_eq(
      anima_events_deliver(result.events, result.event_count, &requests, &d),
      1);
  cr_expect_str_eq(d.log, "url ding /next _blank;");

  /* The event: listener set n = 5 for the next step: the ding of the next
   * cycle (played 1.5, crossed by a step of 1) reads 5. The @loop signal
   * at 1 comes first and has no detail (DECISIONS 10). */
  result = loaded_step(&l, 1);
  cr_assert_eq(result.event_count, 3);
  cr_expect_str_eq(result.events[0].name, "@loop");
  cr_expect_null(result.events[0].detail);
  cr_expect_str_eq(result.events[2].name, "ding");
  cr_expect_eq(result.events[2].detail->payload[0].number, 5);
  cr_expect_eq(result.events[2].detail->payload[2].number, 51);
  loaded_close(&l);
}

Test(events_details, audio_requests_follow_url_requests) {
  /* The order of requests, with hand-made details (details from real
   * audio assets: tests/test_assets.c): per event the URL first, then the
   * audio, in event order. gain is passed through unchanged. */
  anima_event_detail both = {.struct_size = sizeof both,
                             .url = "https://example.com/",
                             .target = "_self",
                             .audio = "tone",
                             .volume = 0.5,
                             .gain = 0.2};
  anima_event_detail sound = {
      .struct_size = sizeof sound, .audio = "click", .volume = 1, .gain = 1};
  anima_event events[3] = {{.name = "a", .layer = 0, .detail = &both},
                           {.name = "plain", .layer = -1},
                           {.name = "b", .layer = -1, .detail = &sound}};
  delivery d = {.log = ""};
  anima_event_requests requests = {
      .allow_urls = true, .open_url = open_url, .play_audio = play_audio};
  cr_expect_eq(anima_events_deliver(events, 3, &requests, &d), 3);
  cr_expect_str_eq(d.log, "url a https://example.com/ _self;audio a tone "
                          "0.2;audio b click 1;");
}

Test(events_details, event_listeners_keep_their_on_in_introspection) {
  loaded l = loaded_open(modules, requests_document, true);
  anima_listener_info info;
  cr_assert_eq(anima_model_listener_info(l.model, 0, &info), ANIMA_OK);
  cr_expect_str_eq(info.on, "event:ding");
  loaded_close(&l);
}

Test(events_details, stepping_with_payloads_allocates_nothing) {
  allocations_install();
  loaded l = loaded_open(modules, requests_document, true);
  /* Warm up: the event buffer and the input queue reach their sizes. */
  for (int i = 0; i < 240; i++) {
    loaded_step(&l, 1.0 / 60);
  }
  allocations_begin();
  for (int i = 0; i < 600; i++) {
    loaded_step(&l, 1.0 / 60);
  }
  cr_expect_eq(allocations_end(), 0);
  loaded_close(&l);
}
