/*
 * test_posepad_scroll_animl.c — the AniML spellings and `anima schema` of
 * the posepad and scroll modules (SPEC `## posepad`: "`type: "posepad"`,
 * AniML `<posepad>`", hyphenated attributes `timeline-x`, `value-x`,
 * `invert-x`; SPEC `## scroll`: `<scroll viewport="…" axis="…"
 * offset-x="…" offset-y="…" interactive="…"/>` and `<scroll-thumb
 * scroll="…" track="…" axis="…" resize="…"/>`).
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
  paint_load_module(&f, "rig");
}

static void teardown(void) {
  paint_release(&f);
}

TestSuite(posepad_scroll_animl, .init = setup, .fini = teardown);

static json_t *compiled(const char *animl) {
  char *json = NULL;
  anima_diagnostics_clear(f.diagnostics);
  anima_status status = anima_markup_compile(f.runtime, animl, strlen(animl), 0,
                                             f.diagnostics, &json, NULL);
  const anima_diagnostic *first = anima_diagnostics_get(f.diagnostics, 0);
  cr_assert_eq(status, ANIMA_OK, "%s: %s", first ? first->pointer : "",
               first ? first->message : anima_status_name(status));
  json_t *document = json_loads(json, 0, NULL);
  anima_markup_free(json);
  cr_assert_not_null(document);
  return document;
}

static void expect_schema(const char *topic, const char *const *words,
                          size_t count) {
  const char *arguments[] = {"schema", topic, NULL};
  cli_run result = cli_run_args(arguments);
  cr_assert_eq(result.status, 0, "%s", result.err);
  for (size_t w = 0; w < count; w++) {
    cr_expect(strstr(result.out, words[w]), "schema %s lacks \"%s\":\n%s",
              topic, words[w], result.out);
  }
  cli_run_free(&result);
}

Test(posepad_scroll_animl, the_posepad_element_and_schema) {
  paint_load_module(&f, "posepad");
  json_t *document = compiled(
      "<anima version=\"0.1\" name=\"t\" grid=\"100\" requires=\"posepad\">"
      "<group id=\"knob\"/>"
      "<posepad id=\"pad\" timeline-x=\"lean\" timeline-y=\"nod\" "
      "value-x=\"0.5\" value-y=\"-0.25\" invert-x=\"true\" "
      "invert-y=\"false\" handle=\"knob\" box=\"0 0 40 20\"/>"
      "<timeline name=\"lean\" duration=\"1\"/>"
      "<timeline name=\"nod\" duration=\"1\"/></anima>");
  json_t *pad = json_array_get(json_object_get(document, "nodes"), 1);
  cr_expect_str_eq(json_string_value(json_object_get(pad, "type")), "posepad");
  cr_expect_str_eq(json_string_value(json_object_get(pad, "timelineX")),
                   "lean");
  cr_expect_str_eq(json_string_value(json_object_get(pad, "timelineY")), "nod");
  cr_expect_eq(json_number_value(json_object_get(pad, "valueX")), 0.5);
  cr_expect_eq(json_number_value(json_object_get(pad, "valueY")), -0.25);
  cr_expect(json_is_true(json_object_get(pad, "invertX")));
  cr_expect(json_is_false(json_object_get(pad, "invertY")));
  cr_expect_str_eq(json_string_value(json_object_get(pad, "handle")), "knob");
  json_t *box = json_object_get(pad, "box");
  cr_assert_eq(json_array_size(box), 4);
  cr_expect_eq(json_number_value(json_array_get(box, 2)), 40);
  json_decref(document);
  static const char *const words[] = {"<posepad>", "timelineX", "timeline-x",
                                      "valueX",    "invertY",   "handle",
                                      "box",       "posepad",   "-1..1"};
  expect_schema("posepad", words, sizeof words / sizeof *words);
}

Test(posepad_scroll_animl, the_scroll_elements_and_schema) {
  paint_load_module(&f, "scroll");
  json_t *document = compiled(
      "<anima version=\"0.1\" name=\"t\" grid=\"100\" requires=\"rig scroll\">"
      "<rect id=\"view\" x0=\"0\" y0=\"0\" width=\"10\" height=\"10\"/>"
      "<group id=\"list\"><scroll viewport=\"view\" axis=\"both\" "
      "offset-x=\"3\" offset-y=\"4\" interactive=\"false\"/></group>"
      "<rect id=\"track\" x0=\"0\" y0=\"0\" width=\"1\" height=\"10\"/>"
      "<group id=\"thumb\"><scroll-thumb scroll=\"list\" track=\"track\" "
      "axis=\"y\" resize=\"true\"/></group></anima>");
  json_t *nodes = json_object_get(document, "nodes");
  json_t *scroll = json_array_get(
      json_object_get(json_array_get(nodes, 1), "constraints"), 0);
  cr_expect_str_eq(json_string_value(json_object_get(scroll, "kind")),
                   "scroll");
  cr_expect_str_eq(json_string_value(json_object_get(scroll, "viewport")),
                   "view");
  cr_expect_str_eq(json_string_value(json_object_get(scroll, "axis")), "both");
  cr_expect_eq(json_number_value(json_object_get(scroll, "offsetX")), 3);
  cr_expect_eq(json_number_value(json_object_get(scroll, "offsetY")), 4);
  cr_expect(json_is_false(json_object_get(scroll, "interactive")));
  json_t *thumb = json_array_get(
      json_object_get(json_array_get(nodes, 3), "constraints"), 0);
  cr_expect_str_eq(json_string_value(json_object_get(thumb, "kind")),
                   "scrollThumb");
  cr_expect_str_eq(json_string_value(json_object_get(thumb, "scroll")), "list");
  cr_expect_str_eq(json_string_value(json_object_get(thumb, "track")), "track");
  cr_expect_str_eq(json_string_value(json_object_get(thumb, "axis")), "y");
  cr_expect(json_is_true(json_object_get(thumb, "resize")));
  json_decref(document);
  static const char *const scroll_words[] = {
      "<scroll>", "viewport",    "axis",    "offsetX",
      "offset-x", "interactive", "percentY"};
  expect_schema("scroll", scroll_words,
                sizeof scroll_words / sizeof *scroll_words);
  static const char *const thumb_words[] = {"scrollThumb", "scroll", "track",
                                            "axis", "resize"};
  expect_schema("scroll-thumb", thumb_words,
                sizeof thumb_words / sizeof *thumb_words);
}
