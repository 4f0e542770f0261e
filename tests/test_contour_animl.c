/*
 * test_contour_animl.c — the AniML spelling of the contour chapter's node:
 * `<contour vertices="[…JSON…]" closed="true" geometry-origin="x y">`,
 * `fill-winding`, the JSON-valued `effects` (root and stroke) and stroke
 * `trim`, that JSON → AniML → JSON gives the same document, and what
 * `anima schema` says about them.
 */
#include <jansson.h>

#include <anima/markup.h>

#include "test_cli_support.h"
#include "test_paint_fixture.h"

static paint_fixture f;

static void setup(void) {
  f = (paint_fixture){0};
  f.runtime = anima_runtime_create();
  f.diagnostics = anima_diagnostics_create();
  paint_load_module(&f, "contour");
}

static void teardown(void) {
  paint_release(&f);
}

TestSuite(contour_animl, .init = setup, .fini = teardown);

#define CONTOUR_ANIML                                                          \
  "<anima version=\"0.1\" name=\"t\" grid=\"24\" view-box=\"0 0 24 24\" "      \
  "requires=\"contour\">"                                                      \
  "<contour id=\"c\" closed=\"true\" geometry-origin=\"5 -2\" fill=\"#000\" "  \
  "vertices='[{\"point\":[5,5],\"kind\":\"straight\"},"                        \
  "{\"point\":[15,5],\"kind\":\"rounded\",\"radius\":2},"                      \
  "{\"point\":[15,15],\"kind\":\"mirrored\",\"handle\":[1,2]}]'/>"             \
  "</anima>"

Test(contour_animl, attributes_compile_to_the_json_fields) {
  char *json = NULL;
  cr_assert_eq(anima_markup_compile(f.runtime, CONTOUR_ANIML,
                                    strlen(CONTOUR_ANIML), 0, f.diagnostics,
                                    &json, NULL),
               ANIMA_OK);
  json_t *document = json_loads(json, 0, NULL);
  json_t *node = json_array_get(json_object_get(document, "nodes"), 0);
  json_t *expected = json_loads(
      "{\"id\": \"c\", \"type\": \"contour\", \"closed\": true,"
      " \"geometryOrigin\": [5, -2], \"fill\": {\"color\": \"#000\"},"
      " \"vertices\": [{\"point\": [5, 5], \"kind\": \"straight\"},"
      " {\"point\": [15, 5], \"kind\": \"rounded\", \"radius\": 2},"
      " {\"point\": [15, 15], \"kind\": \"mirrored\", \"handle\": [1, 2]}]}",
      0, NULL);
  cr_assert(json_equal(node, expected), "%s", json);

  /* And back: one JSON-valued `vertices` attribute, `geometry-origin` as a
   * whitespace list; compiling that again gives the same JSON. */
  char *animl = NULL;
  cr_assert_eq(anima_markup_decompile(f.runtime, json, strlen(json), 0,
                                      f.diagnostics, &animl, NULL),
               ANIMA_OK);
  cr_assert_not_null(strstr(animl, "vertices='[{"), "%s", animl);
  cr_assert_not_null(strstr(animl, "geometry-origin=\"5 -2\""), "%s", animl);
  cr_assert_not_null(strstr(animl, "closed=\"true\""), "%s", animl);
  char *again = NULL;
  cr_assert_eq(anima_markup_compile(f.runtime, animl, strlen(animl), 0,
                                    f.diagnostics, &again, NULL),
               ANIMA_OK);
  json_t *round = json_loads(again, 0, NULL);
  cr_assert(json_equal(round, document), "%s", again);
  json_decref(round);
  json_decref(expected);
  json_decref(document);
  anima_markup_free(again);
  anima_markup_free(animl);
  anima_markup_free(json);
}

Test(contour_animl, the_compiled_document_draws) {
  char *json = NULL;
  cr_assert_eq(anima_markup_compile(f.runtime, CONTOUR_ANIML,
                                    strlen(CONTOUR_ANIML), 0, f.diagnostics,
                                    &json, NULL),
               ANIMA_OK);
  paint_load(&f, json);
  anima_markup_free(json);
  paint_step(&f, 0);
  /* Origin (5, −2): vertex 0 (5, 5) → (0, 7), vertex 1 (15, 5) → (10, 7)
   * rounds (cut 2 toward both neighbours), vertex 2 (15, 15) → (10, 17).
   * Vertex 0 does not round, so the path starts there. */
  const anima_path *outline = paint_outline(&f, 0);
  paint_assert_point(paint_segment(outline, 0, ANIMA_SEGMENT_MOVE)[0], 0, 7,
                     1e-12);
  paint_assert_point(paint_segment(outline, 1, ANIMA_SEGMENT_LINE)[0], 8, 7,
                     1e-12);
}

Test(contour_animl, fill_winding_is_a_flattened_fill_attribute) {
  /* SPEC: AniML fill-winding="clockwise". */
  const char *animl =
      "<anima version=\"0.1\" name=\"t\" grid=\"24\" view-box=\"0 0 24 24\" "
      "requires=\"contour\"><contour id=\"c\" fill=\"#000\" "
      "fill-winding=\"clockwise\" vertices='[{\"point\":[0,0],\"kind\":"
      "\"straight\"},{\"point\":[5,0],\"kind\":\"straight\"}]'/></anima>";
  char *json = NULL;
  cr_assert_eq(anima_markup_compile(f.runtime, animl, strlen(animl), 0,
                                    f.diagnostics, &json, NULL),
               ANIMA_OK);
  json_t *document = json_loads(json, 0, NULL);
  json_t *fill = json_object_get(
      json_array_get(json_object_get(document, "nodes"), 0), "fill");
  cr_assert_str_eq(json_string_value(json_object_get(fill, "winding")),
                   "clockwise", "%s", json);
  char *back = NULL;
  cr_assert_eq(anima_markup_decompile(f.runtime, json, strlen(json), 0,
                                      f.diagnostics, &back, NULL),
               ANIMA_OK);
  cr_assert_not_null(strstr(back, "fill-winding=\"clockwise\""), "%s", back);
  anima_markup_free(back);
  json_decref(document);
  anima_markup_free(json);
}

/* SPEC contour chapter: "AniML uses JSON-valued root `effects` and stroke
 * `effects` / `trim` attributes, with ordinary XML escaping." */
#define EFFECTS_ANIML                                                          \
  "<anima version=\"0.1\" name=\"t\" grid=\"24\" view-box=\"0 0 24 24\" "      \
  "requires=\"contour\" "                                                      \
  "effects='{\"dots\":[{\"type\":\"dash\",\"dash\":[1,2]}]}'>"                 \
  "<contour id=\"a\" stroke=\"#000\" "                                         \
  "stroke-effects='[\"dots\",{\"type\":\"trim\",\"end\":0.5,"                  \
  "\"mode\":\"synchronized\"}]' "                                              \
  "vertices='[{\"point\":[0,0],\"kind\":\"straight\"},"                        \
  "{\"point\":[5,0],\"kind\":\"straight\"}]'/>"                                \
  "<contour id=\"b\" stroke=\"#000\" "                                         \
  "stroke-trim=\"{&quot;start&quot;:0.25,&quot;offset&quot;:0.5}\" "           \
  "vertices='[{\"point\":[0,0],\"kind\":\"straight\"},"                        \
  "{\"point\":[5,0],\"kind\":\"straight\"}]'/>"                                \
  "<timeline name=\"m\" duration=\"1\">"                                       \
  "<track target=\"b.stroke.trim.end\">0 0; 1 1</track></timeline>"            \
  "</anima>"

Test(contour_animl, effects_and_trims_are_json_valued_attributes) {
  char *json = NULL;
  cr_assert_eq(anima_markup_compile(f.runtime, EFFECTS_ANIML,
                                    strlen(EFFECTS_ANIML), 0, f.diagnostics,
                                    &json, NULL),
               ANIMA_OK);
  json_t *document = json_loads(json, 0, NULL);
  json_t *expected_effects = json_loads(
      "{\"dots\": [{\"type\": \"dash\", \"dash\": [1, 2]}]}", 0, NULL);
  cr_assert(json_equal(json_object_get(document, "effects"), expected_effects),
            "%s", json);
  json_t *nodes = json_object_get(document, "nodes");
  json_t *stack = json_object_get(
      json_object_get(json_array_get(nodes, 0), "stroke"), "effects");
  json_t *expected_stack =
      json_loads("[\"dots\", {\"type\": \"trim\", \"end\": 0.5, \"mode\":"
                 " \"synchronized\"}]",
                 0, NULL);
  cr_assert(json_equal(stack, expected_stack), "%s", json);
  json_t *trim = json_object_get(
      json_object_get(json_array_get(nodes, 1), "stroke"), "trim");
  json_t *expected_trim =
      json_loads("{\"start\": 0.25, \"offset\": 0.5}", 0, NULL);
  cr_assert(json_equal(trim, expected_trim), "%s", json);
  /* The track's address is the JSON one. */
  cr_assert_not_null(strstr(json, "\"b.stroke.trim.end\""), "%s", json);

  /* Back to AniML: the root attribute, and `effects` / `trim` attributes of
   * each <stroke> element; compiling that gives the same JSON. */
  char *animl = NULL;
  cr_assert_eq(anima_markup_decompile(f.runtime, json, strlen(json), 0,
                                      f.diagnostics, &animl, NULL),
               ANIMA_OK);
  cr_assert_not_null(strstr(animl, "effects='{\"dots\":[{"), "%s", animl);
  cr_assert_not_null(strstr(animl, "<stroke effects='[\"dots\","), "%s", animl);
  cr_assert_not_null(strstr(animl, "<stroke trim='{\"start\":0.25,"), "%s",
                     animl);
  char *again = NULL;
  cr_assert_eq(anima_markup_compile(f.runtime, animl, strlen(animl), 0,
                                    f.diagnostics, &again, NULL),
               ANIMA_OK);
  json_t *round = json_loads(again, 0, NULL);
  cr_assert(json_equal(round, document), "%s", again);
  /* And it loads. */
  paint_load(&f, json);
  json_decref(round);
  json_decref(expected_trim);
  json_decref(expected_stack);
  json_decref(expected_effects);
  json_decref(document);
  anima_markup_free(again);
  anima_markup_free(animl);
  anima_markup_free(json);
}

/* On any stroke (docs/modules/contour.md "On every stroke"): a rect's
 * flattened `stroke-trim`, and `stroke-trim` of a composite <paint>. */
#define STROKES_ANIML                                                          \
  "<anima version=\"0.1\" name=\"t\" grid=\"24\" view-box=\"0 0 24 24\" "      \
  "requires=\"contour composite\">"                                            \
  "<rect id=\"r\" x0=\"2\" y0=\"2\" width=\"20\" height=\"10\" "               \
  "stroke=\"#000\" "                                                           \
  "stroke-trim='{\"end\":0.5,\"mode\":\"synchronized\"}'/>"                    \
  "<path id=\"p\" d=\"M2 16 L22 16\">"                                         \
  "<paint stroke-color=\"#000\" stroke-trim='{\"start\":0.25}'/></path>"       \
  "</anima>"

Test(contour_animl, trims_on_any_stroke_and_paint_entry) {
  char *json = NULL;
  cr_assert_eq(anima_markup_compile(f.runtime, STROKES_ANIML,
                                    strlen(STROKES_ANIML), 0, f.diagnostics,
                                    &json, NULL),
               ANIMA_OK, "%s",
               anima_diagnostics_count(f.diagnostics)
                   ? anima_diagnostics_get(f.diagnostics, 0)->message
                   : "");
  json_t *document = json_loads(json, 0, NULL);
  json_t *nodes = json_object_get(document, "nodes");
  json_t *expected =
      json_loads("{\"end\": 0.5, \"mode\": \"synchronized\"}", 0, NULL);
  cr_assert(json_equal(json_object_get(
                           json_object_get(json_array_get(nodes, 0), "stroke"),
                           "trim"),
                       expected),
            "%s", json);
  json_decref(expected);
  expected = json_loads("{\"start\": 0.25}", 0, NULL);
  json_t *entry =
      json_array_get(json_object_get(json_array_get(nodes, 1), "paints"), 0);
  cr_assert(
      json_equal(json_object_get(json_object_get(entry, "stroke"), "trim"),
                 expected),
      "%s", json);
  json_decref(expected);
  /* Back to AniML and again: the same JSON; and it loads. */
  char *animl = NULL;
  cr_assert_eq(anima_markup_decompile(f.runtime, json, strlen(json), 0,
                                      f.diagnostics, &animl, NULL),
               ANIMA_OK);
  char *again = NULL;
  cr_assert_eq(anima_markup_compile(f.runtime, animl, strlen(animl), 0,
                                    f.diagnostics, &again, NULL),
               ANIMA_OK);
  json_t *round = json_loads(again, 0, NULL);
  cr_assert(json_equal(round, document), "%s\n%s", animl, again);
  paint_load(&f, json);
  json_decref(round);
  json_decref(document);
  anima_markup_free(again);
  anima_markup_free(animl);
  anima_markup_free(json);
}

Test(contour_animl, schema_describes_trims_and_effects) {
  /* anima schema lists the new fields and the trim's animatable
   * addresses. */
  static const struct {
    const char *topic;
    const char *words[6];
  } topics[] = {
      {"contour-trim",
       {"start", "end", "offset", "sequential | synchronized",
        "<id>.stroke.trim.end", NULL}},
      {"stroke", {"trim: object of contour-trim", "effects: custom", NULL}},
      {"document", {"effects: custom", "Shared effect stacks", NULL}},
      {"address",
       {"<id>.stroke.trim.start: number, interpolated, clamped to 0..1",
        "<id>.stroke.trim.offset: number, interpolated, on path, circle, "
        "rect, arc, contour",
        "<id>.paints.*.stroke.trim.end: number", NULL}},
  };
  for (size_t i = 0; i < sizeof topics / sizeof topics[0]; i++) {
    const char *arguments[] = {"schema", topics[i].topic, NULL};
    cli_run result = cli_run_args(arguments);
    cr_assert_eq(result.status, 0, "schema %s: %s", topics[i].topic,
                 result.err);
    for (size_t w = 0; topics[i].words[w]; w++) {
      cr_assert(strstr(result.out, topics[i].words[w]),
                "schema %s lacks \"%s\":\n%s", topics[i].topic,
                topics[i].words[w], result.out);
    }
    cli_run_free(&result);
  }
}
