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

#include "test_cli_support.h"
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

/* ---- image nodes (SPEC ### Image nodes) --------------------------------- */

#include <anima/draw.h>

#define PAINT_MODULE ANIMA_BUILD_ROOT "/modules/anima-paint.so"
static const char *const image_modules[] = {ASSETS_MODULE, PAINT_MODULE, NULL};

/* A 4 x 2 pixel PNG (top row red, bottom row blue), written by an
 * independent encoder (Python's zlib and struct: IHDR 4x2 RGBA 8-bit,
 * filter 0 rows), base64-encoded with padding. */
#define PNG_4X2                                                                \
  "iVBORw0KGgoAAAANSUhEUgAAAAQAAAACCAYAAAB/qH1jAAAAE0lEQVR4nGP4z8DwHxkzoPH/"   \
  "AwAHKQ/xs/M1WgAAAABJRU5ErkJggg=="

/* One image node of box x0 2, y0 3, 20 x 4 with the given fit and align,
 * of asset `photo` (declared `dims`, e.g. "" or ", \"width\": 8"). */
static char *image_document(const char *fit, const char *align,
                            const char *dims) {
  static char text[2048];
  snprintf(text, sizeof text,
           "{\"anima\": \"0.1\", \"name\": \"img\", \"grid\": 24,"
           " \"requires\": [\"paint\", \"assets\"],"
           " \"assets\": {\"photo\": {\"type\": \"image\", \"source\":"
           " \"data:image/png;base64," PNG_4X2 "\"%s}},"
           " \"nodes\": [{\"id\": \"p\", \"type\": \"image\", \"asset\": "
           "\"photo\","
           "  \"x0\": 2, \"y0\": 3, \"width\": 20, \"height\": 4,"
           "  \"fit\": \"%s\", \"align\": \"%s\"}]}",
           dims, fit, align);
  return text;
}

static void expect_dest(const char *fit, const char *align, const char *dims,
                        double x, double y, double w, double h) {
  loaded l = loaded_open(image_modules, image_document(fit, align, dims), true);
  anima_draw_frame *frame = NULL;
  cr_assert_eq(anima_draw_frame_create(l.model, &frame), ANIMA_OK);
  loaded_step(&l, 0);
  cr_assert_eq(anima_draw_frame_build(frame, l.player), ANIMA_OK, "%s",
               anima_draw_frame_error(frame));
  cr_assert_eq(frame->image_count, 1, "%s %s", fit, align);
  const anima_draw_image *image = &frame->images[0];
  cr_expect_float_eq(image->dest[0], x, 1e-9, "%s %s x", fit, align);
  cr_expect_float_eq(image->dest[1], y, 1e-9, "%s %s y", fit, align);
  cr_expect_float_eq(image->dest[2], w, 1e-9, "%s %s w", fit, align);
  cr_expect_float_eq(image->dest[3], h, 1e-9, "%s %s h", fit, align);
  /* The box clips; the whole decoded image is the source. */
  cr_expect_eq(image->box[0], 2);
  cr_expect_eq(image->box[1], 3);
  cr_expect_eq(image->box[2], 20);
  cr_expect_eq(image->box[3], 4);
  cr_expect_eq(image->pixels.width, 4);
  cr_expect_eq(image->pixels.height, 2);
  cr_expect_eq(image->source[2], 4);
  cr_expect_eq(image->source[3], 2);
  /* Top-left texel red, bottom-left blue (RGBA, top row first). */
  cr_expect_eq(image->pixels.data[0], 255);
  cr_expect_eq(image->pixels.data[2], 0);
  cr_expect_eq(image->pixels.data[image->pixels.stride + 2], 255);
  anima_draw_frame_destroy(frame);
  loaded_close(&l);
}

/* Box W x H = 20 x 4 at (2, 3); intrinsic I x J = 4 x 2 (the decoded
 * pixels), so W/I = 5, H/J = 2. Fit table: contain min = 2 -> 8 x 4;
 * cover max = 5 -> 20 x 10; fill/resize 5, 2 -> 20 x 4; none 1 -> 4 x 2;
 * scale-down min(1, 5, 2) = 1 -> 4 x 2; fit-width 5 -> 20 x 10;
 * fit-height 2 -> 8 x 4. centre: x = 2 + (20 - w)/2, y = 3 + (4 - h)/2. */
Test(assets_images, the_fit_table_with_centred_alignment) {
  expect_dest("contain", "center", "", 8, 3, 8, 4);
  expect_dest("cover", "center", "", 2, 0, 20, 10);
  expect_dest("fill", "center", "", 2, 3, 20, 4);
  expect_dest("resize", "center", "", 2, 3, 20, 4);
  expect_dest("none", "center", "", 10, 4, 4, 2);
  expect_dest("scale-down", "center", "", 10, 4, 4, 2);
  expect_dest("fit-width", "center", "", 2, 0, 20, 10);
  expect_dest("fit-height", "center", "", 8, 3, 8, 4);
}

/* "Each axis places the scaled image at 0, (box-image)/2, or box-image":
 * contain 8 x 4: top-left x 2; bottom-right x 2 + 12 = 14 (y 3 + 0);
 * none 4 x 2: bottom x 2 + 8 = 10, y 3 + 2 = 5; top-right x 2 + 16 = 18,
 * y 3; left x 2, y 3 + 1 = 4. */
Test(assets_images, alignment_places_each_axis) {
  expect_dest("contain", "top-left", "", 2, 3, 8, 4);
  expect_dest("contain", "bottom-right", "", 14, 3, 8, 4);
  expect_dest("none", "bottom", "", 10, 5, 4, 2);
  expect_dest("none", "top-right", "", 18, 3, 4, 2);
  expect_dest("none", "left", "", 2, 4, 4, 2);
}

/* "Declared dimensions override decoded dimensions independently": width
 * 8 (height decoded 2): W/I = 2.5, H/J = 2, contain 2 -> 16 x 4 at x 2 +
 * 2 = 4; width 8 and height 8: contain min(2.5, 0.5) = 0.5 -> 4 x 4 at
 * x 2 + 8 = 10. The pixels stay 4 x 2. */
Test(assets_images, declared_dimensions_override_decoded_ones) {
  expect_dest("contain", "center", ", \"width\": 8", 4, 3, 16, 4);
  expect_dest("contain", "center", ", \"width\": 8, \"height\": 8", 10, 3, 4,
              4);
}

static void expect_image_error(const char *json, const char *code,
                               const char *pointer) {
  loaded l = loaded_open(image_modules, json, false);
  const anima_diagnostic *d = anima_diagnostics_get(l.diagnostics, 0);
  cr_assert_not_null(d);
  cr_expect_str_eq(d->code, code);
  cr_expect_str_eq(d->pointer, pointer);
  cr_expect(d->hint && d->hint[0]);
  loaded_close(&l);
}

/* "`unknown-asset` at the node's `/asset` names an absent declaration;
 * `asset-type` at that pointer rejects a declaration whose type is not
 * `image`"; a PNG that does not decode is asset-load at its source. */
Test(assets_images, references_are_checked) {
  expect_image_error(
      "{\"anima\": \"0.1\", \"name\": \"i\", \"grid\": 24, \"requires\":"
      " [\"paint\", \"assets\"], \"assets\": {},"
      " \"nodes\": [{\"id\": \"p\", \"type\": \"image\", \"asset\": \"x\","
      " \"x0\": 0, \"y0\": 0, \"width\": 4, \"height\": 4}]}",
      "unknown-asset", "/nodes/0/asset");
  expect_image_error(
      "{\"anima\": \"0.1\", \"name\": \"i\", \"grid\": 24, \"requires\":"
      " [\"paint\", \"assets\"], \"assets\": {\"x\": {\"type\": \"audio\","
      " \"source\": \"a.wav\"}},"
      " \"nodes\": [{\"id\": \"p\", \"type\": \"image\", \"asset\": \"x\","
      " \"x0\": 0, \"y0\": 0, \"width\": 4, \"height\": 4}]}",
      "asset-type", "/nodes/0/asset");
  expect_image_error(
      "{\"anima\": \"0.1\", \"name\": \"i\", \"grid\": 24, \"requires\":"
      " [\"paint\", \"assets\"], \"assets\": {\"x\": {\"type\": \"image\","
      " \"source\": \"data:image/png;base64,AAAA\"}},"
      " \"nodes\": [{\"id\": \"p\", \"type\": \"image\", \"asset\": \"x\","
      " \"x0\": 0, \"y0\": 0, \"width\": 4, \"height\": 4}]}",
      "asset-load", "/assets/x/source");
  expect_image_error(
      "{\"anima\": \"0.1\", \"name\": \"i\", \"grid\": 24, \"requires\":"
      " [\"assets\"], \"assets\": {\"x\": {\"type\": \"image\","
      " \"source\": \"a.png\"}},"
      " \"nodes\": [{\"id\": \"p\", \"type\": \"image\", \"asset\": \"x\","
      " \"x0\": 0, \"y0\": 0, \"width\": 4, \"height\": 4}]}",
      "undeclared-feature", "/nodes/0/type");
}

/* Both backends draw the fitted rectangle: contain/center of the 4 x 2
 * PNG in the box (2, 3, 20, 4) is (8, 3, 8 x 4) (derivation above), 2
 * grid units per texel. At 1 pixel per grid unit (--size 24 of a 24-unit
 * viewBox), cairo samples pixel centres with bilinear filtering (the
 * default): pixel (12, 4) has its centre at y 4.5, texel y (4.5 - 3) / 2
 * = 0.75, between the row centres 0.5 (red) and 1.5 (blue) with weight
 * 0.25 on blue: 0.75 x 255 = 191.25 -> 191 red, 63.75 -> 64 blue; pixel
 * (12, 6): texel y 1.75, past the last row centre: blue; pixel (4, 4) is
 * in the box but left of the image: transparent. The SVG places the
 * image's viewport at x 8, y 3, 8 x 4; bilinear is SVG's default
 * rendering (no "pixelated"). */
Test(assets_images, cairo_and_svg_draw_the_fitted_rectangle) {
  char directory[] = "/tmp/anima-assets-image-XXXXXX";
  cr_assert_not_null(mkdtemp(directory));
  char path[96], png[96], svg[96];
  snprintf(path, sizeof path, "%s/image.ani", directory);
  snprintf(png, sizeof png, "%s/image.png", directory);
  snprintf(svg, sizeof svg, "%s/image.svg", directory);
  FILE *file = fopen(path, "w");
  cr_assert_not_null(file);
  fputs(image_document("contain", "center", ""), file);
  fclose(file);
  cli_run run =
      cli_run_args((const char *[]){"render", path, "-o", png, "--size", "24",
                                    "--probe", "12,4;12,6;4,4", NULL});
  cr_assert_eq(run.status, 0, "%s", run.err);
  cr_expect_not_null(strstr(run.out, "{\"x\": 12, \"y\": 4, \"rgba\": "
                                     "[191, 0, 64, 255]}"),
                     "%s", run.out);
  cr_expect_not_null(strstr(run.out, "{\"x\": 12, \"y\": 6, \"rgba\": "
                                     "[0, 0, 255, 255]}"),
                     "%s", run.out);
  cr_expect_not_null(
      strstr(run.out, "{\"x\": 4, \"y\": 4, \"rgba\": [0, 0, 0, 0]}"), "%s",
      run.out);
  cli_run_free(&run);
  run = cli_run_args((const char *[]){"render", path, "-o", svg, NULL});
  cr_assert_eq(run.status, 0, "%s", run.err);
  char *out = cli_slurp(svg);
  cr_assert_not_null(out);
  cr_expect_not_null(strstr(out, "x=\"8\" y=\"3\" width=\"8\" height=\"4\""),
                     "%s", out);
  cr_expect_null(strstr(out, "pixelated"), "%s", out);
  free(out);
  cli_run_free(&run);
  unlink(png);
  unlink(svg);
  unlink(path);
  rmdir(directory);
}
