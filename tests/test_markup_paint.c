/*
 * test_markup_paint.c — AniML spellings of gradients (paint chapter) and
 * colour mixes (SPEC §6 colormix), from the registry (docs/ANIML.md §7):
 * a gradient is its variant element (<linearGradient>, <radialGradient>,
 * <angularGradient>) with <stop> children inside <fill> or <stroke>,
 * gradient-transform an attribute of six numbers; a mix is <colorMix>
 * inside <fill> or <stroke>, and also, as SPEC §6 spells it, a child of
 * the node (`paint="stroke"` for the stroke). The decompiler writes the
 * <fill>/<stroke> form (docs/DECISIONS.md); JSON → AniML → JSON gives the
 * same document.
 */
#include <criterion/criterion.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <anima/markup.h>

static anima_runtime *runtime;
static anima_diagnostics *diagnostics;

static void setup(void) {
  runtime = anima_runtime_create();
  diagnostics = anima_diagnostics_create();
  cr_assert_eq(anima_runtime_load_module(runtime, "paint", diagnostics),
               ANIMA_OK);
  cr_assert_eq(anima_runtime_load_module(runtime, "colormix", diagnostics),
               ANIMA_OK);
}

static void teardown(void) {
  anima_diagnostics_destroy(diagnostics);
  anima_runtime_destroy(runtime);
}

TestSuite(markup_paint, .init = setup, .fini = teardown);

static const char document_json[] =
    "{\"anima\": \"0.1\", \"name\": \"t\", \"grid\": 24, \"viewBox\": [0, 0, "
    "24, 24], \"requires\": [\"paint\", \"colormix\"], \"colors\": {\"off\": "
    "\"#ff0000\", \"on\": \"#0000ff\"}, \"nodes\": [{\"id\": \"r\", \"type\": "
    "\"rect\", \"x0\": 0, \"y0\": 0, \"w\": 24, \"h\": 24, \"fill\": "
    "{\"type\": \"linear\", \"x1\": 0, \"y1\": 0, \"x2\": 24, \"y2\": 0, "
    "\"stops\": [{\"position\": 0, \"color\": \"off\"}, {\"position\": 1, "
    "\"color\": \"#0000ff80\"}], \"gradientTransform\": [1, 0, 0, 1, 2, 3]}, "
    "\"stroke\": {\"width\": 2, \"mix\": {\"a\": \"off\", \"b\": \"on\", "
    "\"t\": 0.3}}}, {\"id\": \"c\", \"type\": \"circle\", \"center\": [5, "
    "5], \"r\": 3, \"fill\": {\"type\": \"radial\", \"cx\": 5, \"cy\": 5, "
    "\"r\": 3, \"fx\": 4, \"stops\": [{\"position\": 0, \"color\": "
    "\"currentColor\"}, {\"position\": 1, \"color\": \"#fff\"}]}, \"stroke\": "
    "{\"width\": 1, \"type\": \"angular\", \"x1\": 5, \"y1\": 5, \"x2\": 5, "
    "\"y2\": 0, \"stops\": [{\"position\": 0, \"color\": \"#000\"}, "
    "{\"position\": 1, \"color\": \"#fff\"}]}}], \"timelines\": {\"t\": "
    "{\"duration\": 1, \"tracks\": {\"r.stroke.mix.t\": [[0, 0], [1, 1]], "
    "\"r.fill.stops.1.color\": [[0, \"#0000ff80\"], [1, \"#00ff00\"]], "
    "\"c.fill.fy\": [[0, 5], [1, 4]]}}}}";

/* What the decompiler writes (canonical AniML). */
static const char document_animl[] =
    "<anima version=\"0.1\" name=\"t\" grid=\"24\" view-box=\"0 0 24 24\" "
    "requires=\"paint colormix\">\n"
    "  <color name=\"off\" value=\"#ff0000\"/>\n"
    "  <color name=\"on\" value=\"#0000ff\"/>\n"
    "  <rect id=\"r\" x0=\"0\" y0=\"0\" width=\"24\" height=\"24\" "
    "stroke-width=\"2\">\n"
    "    <fill>\n"
    "      <linearGradient x1=\"0\" y1=\"0\" x2=\"24\" y2=\"0\" "
    "gradient-transform=\"1 0 0 1 2 3\">\n"
    "        <stop position=\"0\" color=\"off\"/>\n"
    "        <stop position=\"1\" color=\"#0000ff80\"/>\n"
    "      </linearGradient>\n"
    "    </fill>\n"
    "    <stroke>\n"
    "      <colorMix a=\"off\" b=\"on\" t=\"0.3\"/>\n"
    "    </stroke>\n"
    "  </rect>\n"
    "  <circle id=\"c\" center=\"5 5\" r=\"3\" stroke-width=\"1\">\n"
    "    <fill>\n"
    "      <radialGradient cx=\"5\" cy=\"5\" r=\"3\" fx=\"4\">\n"
    "        <stop position=\"0\" color=\"currentColor\"/>\n"
    "        <stop position=\"1\" color=\"#fff\"/>\n"
    "      </radialGradient>\n"
    "    </fill>\n"
    "    <stroke>\n"
    "      <angularGradient x1=\"5\" y1=\"5\" x2=\"5\" y2=\"0\">\n"
    "        <stop position=\"0\" color=\"#000\"/>\n"
    "        <stop position=\"1\" color=\"#fff\"/>\n"
    "      </angularGradient>\n"
    "    </stroke>\n"
    "  </circle>\n"
    "  <timeline name=\"t\" duration=\"1\">\n"
    "    <track target=\"r.stroke.mix.t\">0 0; 1 1</track>\n"
    "    <track target=\"r.fill.stops.1.color\">0 #0000ff80; 1 "
    "#00ff00</track>\n"
    "    <track target=\"c.fill.fy\">0 5; 1 4</track>\n"
    "  </timeline>\n"
    "</anima>\n";

/* Compiles `animl` and fails unless it equals the JSON `expected`. */
static void expect_compiles_to(const char *animl, const char *expected) {
  char *json = NULL;
  anima_diagnostics_clear(diagnostics);
  anima_status status = anima_markup_compile(runtime, animl, strlen(animl), 0,
                                             diagnostics, &json, NULL);
  const anima_diagnostic *first = anima_diagnostics_get(diagnostics, 0);
  cr_assert_eq(status, ANIMA_OK, "%s %s %s", first ? first->code : "",
               first ? first->pointer : "", first ? first->message : "");
  json_t *built = json_loads(json, JSON_DECODE_INT_AS_REAL, NULL);
  json_t *want = json_loads(expected, JSON_DECODE_INT_AS_REAL, NULL);
  cr_assert_not_null(built);
  cr_assert_not_null(want);
  cr_assert(json_equal(built, want), "%s", json);
  json_decref(built);
  json_decref(want);
  anima_markup_free(json);
}

Test(markup_paint, decompiles_to_fill_and_stroke_elements) {
  char *animl = NULL;
  cr_assert_eq(anima_markup_decompile(runtime, document_json,
                                      strlen(document_json), 0, diagnostics,
                                      &animl, NULL),
               ANIMA_OK);
  cr_assert_str_eq(animl, document_animl);
  anima_markup_free(animl);
}

Test(markup_paint, round_trips) {
  expect_compiles_to(document_animl, document_json);
}

Test(markup_paint, spec_spelling_of_colour_mixes) {
  /* SPEC §6: <colorMix .../> in the node is the fill's mix; with
   * paint="stroke" the stroke's. */
  expect_compiles_to(
      "<anima version=\"0.1\" name=\"t\" grid=\"24\" requires=\"colormix\">\n"
      "  <color name=\"off\" value=\"#ff0000\"/>\n"
      "  <color name=\"on\" value=\"#0000ff\"/>\n"
      "  <rect id=\"r\" x0=\"0\" y0=\"0\" width=\"24\" height=\"24\" "
      "stroke-width=\"2\">\n"
      "    <colorMix a=\"off\" b=\"on\" t=\"0.3\"/>\n"
      "    <colorMix paint=\"stroke\" a=\"on\" b=\"off\" t=\"0.5\"/>\n"
      "  </rect>\n"
      "</anima>\n",
      "{\"anima\": \"0.1\", \"name\": \"t\", \"grid\": 24, \"requires\": "
      "[\"colormix\"], \"colors\": {\"off\": \"#ff0000\", \"on\": "
      "\"#0000ff\"}, \"nodes\": [{\"id\": \"r\", \"type\": \"rect\", \"x0\": "
      "0, \"y0\": 0, \"w\": 24, \"h\": 24, \"fill\": {\"mix\": {\"a\": "
      "\"off\", \"b\": \"on\", \"t\": 0.3}}, \"stroke\": {\"width\": 2, "
      "\"mix\": {\"a\": \"on\", \"b\": \"off\", \"t\": 0.5}}}]}");
}

Test(markup_paint, spec_spelling_diagnostics) {
  /* A mix error points into the fill it compiled to; paint="glow" names no
   * paint; the shorthand and <fill><colorMix/></fill> together are a
   * duplicate. */
  const char *animl =
      "<anima version=\"0.1\" name=\"t\" grid=\"24\" requires=\"colormix\">\n"
      "  <rect id=\"r\" x0=\"0\" y0=\"0\" width=\"24\" height=\"24\">\n"
      "    <colorMix a=\"currentColor\" b=\"#fff\" t=\"0.3\"/>\n"
      "  </rect>\n"
      "  <rect id=\"s\" x0=\"0\" y0=\"0\" width=\"24\" height=\"24\" "
      "fill=\"#000\">\n"
      "    <colorMix paint=\"glow\" a=\"#000\" b=\"#fff\" t=\"0.3\"/>\n"
      "  </rect>\n"
      "  <rect id=\"u\" x0=\"0\" y0=\"0\" width=\"24\" height=\"24\">\n"
      "    <fill><colorMix a=\"#000\" b=\"#fff\" t=\"0.3\"/></fill>\n"
      "    <colorMix a=\"#000\" b=\"#fff\" t=\"0.6\"/>\n"
      "  </rect>\n"
      "</anima>\n";
  char *json = NULL;
  anima_diagnostics_clear(diagnostics);
  cr_assert_eq(anima_markup_compile(runtime, animl, strlen(animl), 0,
                                    diagnostics, &json, NULL),
               ANIMA_ERROR_INVALID_DOCUMENT);
  bool glow = false, duplicate = false;
  for (size_t i = 0; i < anima_diagnostics_count(diagnostics); i++) {
    const anima_diagnostic *d = anima_diagnostics_get(diagnostics, i);
    glow = glow || (strcmp(d->code, "bad-value") == 0 &&
                    strcmp(d->pointer, "/nodes/1/paint") == 0 && d->line == 6);
    duplicate = duplicate ||
                (strcmp(d->code, "duplicate-key") == 0 &&
                 strcmp(d->pointer, "/nodes/2/fill/mix") == 0 && d->line == 10);
  }
  cr_assert(glow && duplicate);
  /* Alone, the currentColor endpoint is colormix-color at /nodes/0/fill/mix/a
   * on line 3. */
  const char *alone =
      "<anima version=\"0.1\" name=\"t\" grid=\"24\" requires=\"colormix\">\n"
      "  <rect id=\"r\" x0=\"0\" y0=\"0\" width=\"24\" height=\"24\">\n"
      "    <colorMix a=\"currentColor\" b=\"#fff\" t=\"0.3\"/>\n"
      "  </rect>\n"
      "</anima>\n";
  anima_diagnostics_clear(diagnostics);
  cr_assert_eq(anima_markup_compile(runtime, alone, strlen(alone), 0,
                                    diagnostics, &json, NULL),
               ANIMA_ERROR_INVALID_DOCUMENT);
  const anima_diagnostic *d = anima_diagnostics_get(diagnostics, 0);
  cr_assert_str_eq(d->code, "colormix-color");
  cr_assert_str_eq(d->pointer, "/nodes/0/fill/mix/a");
  cr_assert_eq(d->line, 3);
}

Test(markup_paint, too_few_stops_hint_reads_right_in_animl) {
  /* Review finding 13: the hint for one stop was JSON objects the AniML
   * speller turned into `{position="0", fill="#ffffff"}`, which is neither
   * spelling (a stop is <stop position="0" color="#ffffff"/>). It is now
   * words, the same in both: no braces and no fill attribute. */
  const char *animl =
      "<anima version=\"0.1\" name=\"a\" grid=\"24\" requires=\"paint\">\n"
      "<rect id=\"r\" x0=\"0\" y0=\"0\" width=\"24\" height=\"24\"><fill>"
      "<linearGradient x1=\"0\" y1=\"0\" x2=\"24\" y2=\"0\"><stop "
      "position=\"0\" color=\"#000000\"/></linearGradient></fill></rect>\n"
      "</anima>\n";
  char *json = NULL;
  anima_diagnostics_clear(diagnostics);
  cr_assert_eq(anima_markup_compile(runtime, animl, strlen(animl), 0,
                                    diagnostics, &json, NULL),
               ANIMA_ERROR_INVALID_DOCUMENT);
  const anima_diagnostic *d = anima_diagnostics_get(diagnostics, 0);
  cr_assert_not_null(d);
  cr_assert_str_eq(d->code, "bad-value");
  cr_assert_str_eq(d->pointer, "/nodes/0/fill/stops");
  cr_assert_not_null(d->hint);
  cr_expect_null(strchr(d->hint, '{'), "%s", d->hint);
  cr_expect_null(strstr(d->hint, "fill="), "%s", d->hint);
  cr_expect_not_null(strstr(d->hint, "at position 0"), "%s", d->hint);
}
