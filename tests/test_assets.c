/*
 * test_assets.c — the assets module (modules/assets; SPEC `## assets`,
 * `### P5b asset pipeline`): one minimal invalid document per diagnostic
 * (tests/documents/assets-invalid, asserting code, severity and pointer),
 * events' audio requests resolved through the module (source and clip
 * bounds in the detail, anima_events_deliver's play_clip and play_audio),
 * and the AniML round trip of `<asset>`. Expected values are derived by
 * hand in the comment above each assertion.
 */
#include <criterion/criterion.h>
#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include <anima/events.h>
#include <anima/markup.h>
#include <anima/module.h>

#include "test_module_player.h"

#define ASSETS_MODULE ANIMA_BUILD_ROOT "/modules/anima-assets.so"
#define EVENTS_MODULE ANIMA_BUILD_ROOT "/modules/anima-events.so"
#define INVALID ANIMA_SOURCE_ROOT "/tests/documents/assets-invalid"

static const char *const modules[] = {ASSETS_MODULE, EVENTS_MODULE, NULL};

/* ---- one minimal invalid document per diagnostic ------------------------ */

typedef struct expectation {
  const char *document; /* tests/documents/assets-invalid/<document>.ani */
  const char *code;
  const char *pointer;
} expectation;

static const expectation expectations[] = {
    /* "`storage` is `embedded` for data URIs or `referenced` for URLs ...
     * A disagreement is `asset-storage` at `/assets/<name>/storage`." */
    {"storage-embedded-url", "asset-storage", "/assets/a/storage"},
    {"storage-referenced-data", "asset-storage", "/assets/a/storage"},
    /* "Data URIs use percent encoding or padded standard base64; malformed
     * encoding is `bad-data-uri` at the source": "%zz" is no escape; 11
     * base64 characters are not padded; '-' is the URL-safe alphabet, not
     * the standard one; no comma ends the header (RFC 2397). */
    {"data-uri-percent", "bad-data-uri", "/assets/a/source"},
    {"data-uri-unpadded", "bad-data-uri", "/assets/a/source"},
    {"data-uri-alphabet", "bad-data-uri", "/assets/a/source"},
    {"data-uri-no-comma", "bad-data-uri", "/assets/a/source"},
    /* "An empty source is `missing-source`; an absent source is
     * `missing-key` at the asset object." */
    {"source-empty", "missing-source", "/assets/a/source"},
    {"source-absent", "missing-key", "/assets/a"},
    /* "`size` (nonnegative integer bytes), `mime` (MIME string),
     * `metadata` (a JSON object)", export a bool; "`encode` is `png`,
     * `jpeg` or `webp`; `quality` is in [0,1] and requires `encode`. These
     * two options are image-only."; "Audio-only `start` and `end`";
     * "Wrong-type options are `asset-option` at the option". */
    {"option-size", "asset-option", "/assets/a/size"},
    {"option-mime", "asset-option", "/assets/a/mime"},
    {"option-metadata", "asset-option", "/assets/a/metadata"},
    {"option-export", "asset-option", "/assets/a/export"},
    {"option-encode-value", "asset-option", "/assets/a/encode"},
    {"option-encode-audio", "asset-option", "/assets/a/encode"},
    {"option-quality-range", "asset-option", "/assets/a/quality"},
    {"option-quality-no-encode", "asset-option", "/assets/a/quality"},
    {"option-start-image", "asset-option", "/assets/a/start"},
    {"option-end-type", "asset-option", "/assets/a/end"},
    /* "Require 0 <= start < end <= duration when the relevant bounds are
     * known ... invalid bounds are `asset-clip` at `/assets/<name>/start`
     * or `/end`": start -0.5 < 0; end 1 = start 1; end 3 > duration 2;
     * start 2 with the omitted end = duration 2 (start < end fails, the
     * start is the authored bound). */
    {"clip-start-negative", "asset-clip", "/assets/a/start"},
    {"clip-end-before-start", "asset-clip", "/assets/a/end"},
    {"clip-end-past-duration", "asset-clip", "/assets/a/end"},
    {"clip-start-past-duration", "asset-clip", "/assets/a/start"},
    /* "`type` is `image`, `font`, `audio` or `blob`"; "`width` and
     * `height`, when present, are positive": the core bad-value. */
    {"type-unknown", "bad-value", "/assets/a/type"},
    {"width-zero", "bad-value", "/assets/a/width"},
    /* Without `requires: ["assets"]`. */
    {"undeclared", "undeclared-feature", "/assets"},
};

Test(assets_documents, each_invalid_document_reports_its_diagnostic) {
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
    loaded_close(&l);
  }
}

/* Well-formed sources of every kind validate: padded base64 with one and
 * two '=', percent escapes, an empty data URI, a relative URL, matching
 * storage, and every option where it applies. */
Test(assets_documents, well_formed_declarations_validate) {
  static const char *const document =
      "{\"anima\": \"0.1\", \"name\": \"ok\", \"grid\": 20,"
      " \"requires\": [\"assets\"],"
      " \"nodes\": [{\"id\": \"dot\", \"type\": \"circle\", \"center\": [10, "
      "10], \"r\": 2,"
      "  \"fill\": {\"color\": \"#000000\"}}],"
      " \"assets\": {"
      "  \"one\": {\"type\": \"image\", \"source\": "
      "\"data:image/png;base64,iVBORw0KGgo=\", \"storage\": \"embedded\","
      "   \"width\": 4, \"height\": 3, \"encode\": \"webp\", \"quality\": 0,"
      "   \"export\": false, \"size\": 0, \"mime\": \"image/png\"},"
      "  \"two\": {\"type\": \"blob\", \"source\": \"data:;base64,YQ==\"},"
      "  \"text\": {\"type\": \"blob\", \"source\": \"data:,50%25%20off\"},"
      "  \"empty\": {\"type\": \"blob\", \"source\": \"data:,\"},"
      "  \"font\": {\"type\": \"font\", \"source\": \"../f/body.woff2\","
      "   \"storage\": \"referenced\", \"metadata\": {\"credit\": \"self\"}},"
      "  \"tone\": {\"type\": \"audio\", \"source\": \"tone.wav\", \"start\": "
      "0,"
      "   \"end\": 2, \"duration\": 2}}}";
  loaded l = loaded_open(modules, document, true);
  cr_expect_eq(anima_diagnostics_count(l.diagnostics), 0);
  loaded_close(&l);
}

/* ---- events' audio requests --------------------------------------------- */

/* The entry emit `go` plays `tone` (clip 0.25..1.5 of a 2 s source);
 * `all` plays `whole` (no bounds: to the decoded end); `tail` plays `cut`
 * (start 0.5, end = its duration 3). */
static const char *const audio_document =
    "{\"anima\": \"0.1\", \"name\": \"audio\", \"grid\": 20,"
    " \"requires\": [\"assets\", \"events\"],"
    " \"nodes\": [{\"id\": \"dot\", \"type\": \"circle\", \"center\": [10, 10],"
    "   \"r\": 2}],"
    " \"assets\": {"
    "   \"tone\": {\"type\": \"audio\", \"source\": \"sounds/tone.wav\","
    "     \"start\": 0.25, \"end\": 1.5, \"duration\": 2},"
    "   \"whole\": {\"type\": \"audio\", \"source\": "
    "\"data:audio/wav;base64,UklGRg==\"},"
    "   \"cut\": {\"type\": \"audio\", \"source\": \"cut.ogg\", \"start\": 0.5,"
    "     \"duration\": 3}},"
    " \"eventDefs\": {\"go\": {\"audio\": \"tone\", \"volume\": 0.5},"
    "   \"all\": {\"audio\": \"whole\"}, \"tail\": {\"audio\": \"cut\","
    "   \"volume\": 0.25}},"
    " \"audioVolumes\": {\"tone\": 0.4, \"cut\": 0.8},"
    " \"timelines\": {\"t\": {\"duration\": 1,"
    "   \"tracks\": {\"dot.r\": [[0, 2], [1, 4]]},"
    "   \"events\": [[0.5, \"all\"], [0.75, \"tail\"]]}},"
    " \"machine\": {\"layers\": {\"main\": {\"initial\": \"a\", \"states\": {"
    "   \"a\": {\"play\": \"t\", \"emit\": \"go\"}}}}}}";

typedef struct clip_log {
  char text[512];
} clip_log;

static void play_clip(void *user, const anima_audio_request *r,
                      const anima_event *event) {
  clip_log *log = user;
  size_t used = strlen(log->text);
  char end[32] = "decoded";
  if (r->has_end) {
    snprintf(end, sizeof end, "%g", r->end);
  }
  snprintf(log->text + used, sizeof log->text - used, "%s %s %s %g %g %s;",
           event->name, r->asset, r->source ? r->source : "-", r->gain,
           r->start, end);
}

static void play_audio(void *user, const char *asset, double gain,
                       const anima_event *event) {
  clip_log *log = user;
  size_t used = strlen(log->text);
  snprintf(log->text + used, sizeof log->text - used, "%s %s %g;", event->name,
           asset, gain);
}

Test(assets_events, audio_requests_carry_source_gain_and_clip) {
  loaded l = loaded_open(modules, audio_document, true);
  anima_step_result result = loaded_step(&l, 0);
  cr_assert_eq(result.event_count, 1);
  const anima_event_detail *detail = result.events[0].detail;
  cr_assert_not_null(detail);
  cr_assert_geq(detail->struct_size, sizeof(anima_event_detail));
  /* Effective gain: event.volume 0.5 × audioVolumes.tone 0.4 = 0.2. */
  cr_expect_str_eq(detail->audio, "tone");
  cr_expect_float_eq(detail->gain, 0.2, 1e-12);
  cr_expect_str_eq(detail->audio_source, "sounds/tone.wav");
  cr_expect_eq(detail->clip_start, 0.25);
  cr_expect(detail->has_clip_end);
  cr_expect_eq(detail->clip_end, 1.5);

  clip_log log = {""};
  anima_event_requests requests = {.play_clip = play_clip,
                                   .play_audio = play_audio};
  cr_expect_eq(
      anima_events_deliver(result.events, result.event_count, &requests, &log),
      1);
  cr_expect_str_eq(log.text, "go tone sounds/tone.wav 0.2 0.25 1.5;");

  /* Step 1: `all` at 0.5 (volume and resource gain omitted: 1 × 1; no
   * start: 0; no end and no duration: the decoded end), then `tail` at
   * 0.75 (0.25 × 0.8 = 0.2; start 0.5; end omitted = duration 3). */
  result = loaded_step(&l, 1);
  cr_assert_eq(result.event_count, 2);
  log.text[0] = '\0';
  cr_expect_eq(
      anima_events_deliver(result.events, result.event_count, &requests, &log),
      2);
  cr_expect_str_eq(log.text,
                   "all whole data:audio/wav;base64,UklGRg== 1 0 decoded;"
                   "tail cut cut.ogg 0.2 0.5 3;");

  /* A host without play_clip still gets name and gain through play_audio
   * (the ABI 2.0 callback). */
  requests.play_clip = NULL;
  log.text[0] = '\0';
  cr_expect_eq(
      anima_events_deliver(result.events, result.event_count, &requests, &log),
      2);
  cr_expect_str_eq(log.text, "all whole 1;tail cut 0.2;");
  loaded_close(&l);
}

/* "`audio` references an assets-module audio asset (`event-audio`
 * otherwise)": an image asset of that name is the wrong kind. */
Test(assets_events, an_image_asset_is_no_audio_asset) {
  static const char *const document =
      "{\"anima\": \"0.1\", \"name\": \"wrong\", \"grid\": 20,"
      " \"requires\": [\"assets\", \"events\"],"
      " \"nodes\": [{\"id\": \"dot\", \"type\": \"circle\", \"center\": [10, "
      "10], \"r\": 2,"
      "  \"fill\": {\"color\": \"#000000\"}}],"
      " \"assets\": {\"tone\": {\"type\": \"image\", \"source\": \"a.png\"}},"
      " \"eventDefs\": {\"e\": {\"audio\": \"tone\"}},"
      " \"audioVolumes\": {\"tone\": 0.5}}";
  loaded l = loaded_open(modules, document, false);
  cr_assert_eq(anima_diagnostics_count(l.diagnostics), 2);
  const anima_diagnostic *first = anima_diagnostics_get(l.diagnostics, 0);
  const anima_diagnostic *second = anima_diagnostics_get(l.diagnostics, 1);
  cr_expect_str_eq(first->code, "event-audio");
  cr_expect_str_eq(first->pointer, "/eventDefs/e/audio");
  cr_expect_str_eq(second->code, "event-audio");
  cr_expect_str_eq(second->pointer, "/audioVolumes/tone");
  loaded_close(&l);
}

/* ---- AniML -------------------------------------------------------------- */

/* SPEC: `<asset name="photo" type="image" src="photo.png"
 * storage="referenced"/>`; "registry `source` maps to `src`. All other
 * field spellings match JSON", metadata as JSON in the attribute. */
#define ASSET_ANIML                                                            \
  "<anima version=\"0.1\" name=\"t\" grid=\"20\" requires=\"assets\">"         \
  "<circle id=\"dot\" center=\"10 10\" r=\"2\"/>"                              \
  "<asset name=\"photo\" type=\"image\" src=\"photo.png\" "                    \
  "storage=\"referenced\" width=\"4\" encode=\"jpeg\" quality=\"0.5\" "        \
  "export=\"false\" size=\"120\" mime=\"image/png\" "                          \
  "metadata='{\"credit\":\"self\"}'/>"                                         \
  "<asset name=\"tone\" type=\"audio\" src=\"data:,x\" start=\"0.25\" "        \
  "end=\"1\" duration=\"2\"/>"                                                 \
  "</anima>"

Test(assets_animl, asset_elements_round_trip) {
  anima_runtime *runtime = anima_runtime_create();
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  cr_assert_eq(
      anima_runtime_load_module_file(runtime, ASSETS_MODULE, diagnostics),
      ANIMA_OK);
  char *json = NULL;
  cr_assert_eq(anima_markup_compile(runtime, ASSET_ANIML, strlen(ASSET_ANIML),
                                    0, diagnostics, &json, NULL),
               ANIMA_OK);
  json_t *document = json_loads(json, 0, NULL);
  json_t *expected = json_loads(
      "{\"photo\": {\"type\": \"image\", \"source\": \"photo.png\","
      " \"storage\": \"referenced\", \"width\": 4, \"encode\": \"jpeg\","
      " \"quality\": 0.5, \"export\": false, \"size\": 120,"
      " \"mime\": \"image/png\", \"metadata\": {\"credit\": \"self\"}},"
      " \"tone\": {\"type\": \"audio\", \"source\": \"data:,x\","
      " \"start\": 0.25, \"end\": 1, \"duration\": 2}}",
      0, NULL);
  cr_assert(json_equal(json_object_get(document, "assets"), expected), "%s",
            json);
  char *animl = NULL;
  cr_assert_eq(anima_markup_decompile(runtime, json, strlen(json), 0,
                                      diagnostics, &animl, NULL),
               ANIMA_OK);
  cr_expect_not_null(strstr(animl, "src=\"photo.png\""), "%s", animl);
  cr_expect_null(strstr(animl, "source="), "%s", animl);
  cr_expect_not_null(strstr(animl, "metadata='{\"credit\":\"self\"}'"), "%s",
                     animl);
  char *again = NULL;
  cr_assert_eq(anima_markup_compile(runtime, animl, strlen(animl), 0,
                                    diagnostics, &again, NULL),
               ANIMA_OK);
  json_t *round = json_loads(again, 0, NULL);
  cr_expect(json_equal(round, document), "%s", again);
  json_decref(round);
  json_decref(expected);
  json_decref(document);
  anima_markup_free(again);
  anima_markup_free(animl);
  anima_markup_free(json);
  anima_diagnostics_destroy(diagnostics);
  anima_runtime_destroy(runtime);
}
