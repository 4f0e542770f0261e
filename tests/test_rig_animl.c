/*
 * test_rig_animl.c — the AniML spellings of the rig module (SPEC `## rig`:
 * "AniML uses <bone> and constraint child elements; structural children
 * preserve authored order"): <bone>, <copy-position>, <copy-rotation>,
 * <copy-scale>, <copy-transform origin="u v">, <keep-distance> with
 * hyphenated attributes compile to the JSON fields in authored order; JSON
 * → AniML → JSON gives the same document; `anima schema` describes every
 * kind, by JSON kind name and by element name.
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

TestSuite(rig_animl, .init = setup, .fini = teardown);

static char *compiled_text(const char *animl) {
  char *json = NULL;
  anima_diagnostics_clear(f.diagnostics);
  anima_status status = anima_markup_compile(f.runtime, animl, strlen(animl), 0,
                                             f.diagnostics, &json, NULL);
  const anima_diagnostic *first = anima_diagnostics_get(f.diagnostics, 0);
  cr_assert_eq(status, ANIMA_OK, "%s: %s", first ? first->pointer : "",
               first ? first->message : anima_status_name(status));
  return json;
}

static const char *const animl =
    "<anima version=\"0.1\" name=\"t\" grid=\"100\" requires=\"rig\">"
    "<group id=\"g\" x=\"10\">"
    "<bone id=\"upper\" x=\"20\" y=\"30\" length=\"40\" rotate=\"90\">"
    "<copy-rotation from=\"g\" factor=\"0.5\" min=\"-10\" "
    "from-space=\"local\" limit-space=\"world\"/>"
    "<keep-distance to=\"g\" distance=\"5\" mode=\"beyond\"/>"
    "<copy-position from=\"g\" factor-x=\"2\" copy-y=\"false\" max-x=\"3\" "
    "offset=\"true\" to-space=\"local\" strength=\"0.25\"/>"
    "<copy-scale copy-x=\"false\" min-y=\"0.5\"/>"
    "<bone id=\"fore\" length=\"30\" rotate=\"-90\">"
    "<copy-transform from=\"g\" origin=\"0.5 1\"/>"
    "<bone id=\"n\" root=\"true\" x=\"1\"/>"
    "</bone></bone></group></anima>";

Test(rig_animl, spellings_compile_to_the_json_fields_in_authored_order) {
  char *text = compiled_text(animl);
  json_t *document = json_loads(text, 0, NULL);
  anima_markup_free(text);
  cr_assert_not_null(document);
  json_t *upper = json_array_get(
      json_object_get(json_array_get(json_object_get(document, "nodes"), 0),
                      "children"),
      0);
  cr_assert_str_eq(json_string_value(json_object_get(upper, "type")), "bone");
  cr_expect_eq(json_number_value(json_object_get(upper, "length")), 40);
  json_t *list = json_object_get(upper, "constraints");
  cr_assert_eq(json_array_size(list), 4);
  static const char *const kinds[] = {"copyRotation", "keepDistance",
                                      "copyPosition", "copyScale"};
  for (size_t i = 0; i < 4; i++) {
    cr_expect_str_eq(
        json_string_value(json_object_get(json_array_get(list, i), "kind")),
        kinds[i]);
  }
  json_t *rotation = json_array_get(list, 0);
  cr_expect_str_eq(json_string_value(json_object_get(rotation, "fromSpace")),
                   "local");
  cr_expect_str_eq(json_string_value(json_object_get(rotation, "limitSpace")),
                   "world");
  cr_expect_eq(json_number_value(json_object_get(rotation, "min")), -10);
  json_t *position = json_array_get(list, 2);
  cr_expect_eq(json_number_value(json_object_get(position, "factorX")), 2);
  cr_expect(json_is_false(json_object_get(position, "copyY")));
  cr_expect(json_is_true(json_object_get(position, "offset")));
  cr_expect_eq(json_number_value(json_object_get(position, "maxX")), 3);
  cr_expect_str_eq(json_string_value(json_object_get(position, "toSpace")),
                   "local");
  cr_expect_eq(json_number_value(json_object_get(position, "strength")), 0.25);
  cr_expect_eq(
      json_number_value(json_object_get(json_array_get(list, 3), "minY")), 0.5);
  json_t *fore = json_array_get(json_object_get(upper, "children"), 0);
  json_t *origin = json_object_get(
      json_array_get(json_object_get(fore, "constraints"), 0), "origin");
  cr_expect_eq(json_number_value(json_array_get(origin, 0)), 0.5);
  cr_expect_eq(json_number_value(json_array_get(origin, 1)), 1);
  json_t *n = json_array_get(json_object_get(fore, "children"), 0);
  cr_expect(json_is_true(json_object_get(n, "root")));
  json_decref(document);
}

Test(rig_animl, json_to_animl_to_json_is_the_same_document) {
  char *first = compiled_text(animl);
  char *back = NULL;
  anima_diagnostics_clear(f.diagnostics);
  cr_assert_eq(anima_markup_decompile(f.runtime, first, strlen(first), 0,
                                      f.diagnostics, &back, NULL),
               ANIMA_OK);
  cr_expect(strstr(back, "<copy-rotation"), "%s", back);
  cr_expect(strstr(back, "<keep-distance"), "%s", back);
  char *second = compiled_text(back);
  json_t *a = json_loads(first, 0, NULL), *b = json_loads(second, 0, NULL);
  cr_expect(json_equal(a, b), "%s\n%s", first, second);
  json_decref(a);
  json_decref(b);
  anima_markup_free(first);
  anima_markup_free(second);
  anima_markup_free(back);
}

Test(rig_animl, schema_describes_every_kind) {
  static const struct {
    const char *topic;
    const char *words[8];
  } topics[] = {
      {"bone", {"length", "root", "<bone>", NULL}},
      {"copyPosition",
       {"<copy-position>", "factor-x", "copy-y", "min-x", "offset",
        "limit-space", "constraints.*.factorX", NULL}},
      {"copy-position", {"copyPosition", NULL}},
      {"copyRotation", {"<copy-rotation>", "factor", "min", "max", NULL}},
      {"copy-rotation", {"copyRotation", NULL}},
      {"copyScale", {"<copy-scale>", "factorY", NULL}},
      {"copy-scale", {"copyScale", NULL}},
      {"copyTransform", {"<copy-transform>", "origin", "required", NULL}},
      {"copy-transform", {"copyTransform", NULL}},
      {"keepDistance",
       {"<keep-distance>", "distance", "within", "beyond", "exact",
        "constraints.*.distance", NULL}},
      {"keep-distance", {"keepDistance", NULL}},
  };
  for (size_t i = 0; i < sizeof topics / sizeof topics[0]; i++) {
    const char *arguments[] = {"schema", topics[i].topic, NULL};
    cli_run result = cli_run_args(arguments);
    cr_assert_eq(result.status, 0, "schema %s: %s", topics[i].topic,
                 result.err);
    for (size_t w = 0; topics[i].words[w]; w++) {
      cr_expect(strstr(result.out, topics[i].words[w]),
                "schema %s lacks \"%s\":\n%s", topics[i].topic,
                topics[i].words[w], result.out);
    }
    cli_run_free(&result);
  }
}

Test(rig_animl, another_modules_kind_has_its_element_and_schema) {
  /* The spring kind of tests/modules/spring.c, registered into rig through
   * include/anima/rig.h: <spring> compiles to {"kind": "spring", ...} in
   * authored order among the rig's own elements, and anima schema (with
   * --module) describes it. */
  paint_release(&f);
  f = (paint_fixture){0};
  f.runtime = anima_runtime_create();
  f.diagnostics = anima_diagnostics_create();
  cr_assert_eq(
      anima_runtime_load_module_file(
          f.runtime, ANIMA_TEST_MODULE_DIR "/anima-spring.so", f.diagnostics),
      ANIMA_OK);
  char *text = compiled_text(
      "<anima version=\"0.1\" name=\"t\" grid=\"100\" requires=\"rig "
      "spring\"><group id=\"a\"/><group id=\"s\"><copy-position from=\"a\"/>"
      "<spring target=\"a\" stiffness=\"50\" strength=\"0.5\"/></group>"
      "</anima>");
  json_t *document = json_loads(text, 0, NULL);
  anima_markup_free(text);
  json_t *list = json_object_get(
      json_array_get(json_object_get(document, "nodes"), 1), "constraints");
  cr_assert_eq(json_array_size(list), 2);
  json_t *spring = json_array_get(list, 1);
  cr_expect_str_eq(json_string_value(json_object_get(spring, "kind")),
                   "spring");
  cr_expect_eq(json_number_value(json_object_get(spring, "stiffness")), 50);
  cr_expect_eq(json_number_value(json_object_get(spring, "strength")), 0.5);
  json_decref(document);
  const char *arguments[] = {"schema", "spring", "--module",
                             ANIMA_TEST_MODULE_DIR "/anima-spring.so", NULL};
  cli_run result = cli_run_args(arguments);
  cr_assert_eq(result.status, 0, "%s", result.err);
  static const char *const words[] = {"<spring>", "stiffness", "damping",
                                      "constraints.*.stiffness", "strength"};
  for (size_t w = 0; w < sizeof words / sizeof *words; w++) {
    cr_expect(strstr(result.out, words[w]), "schema spring lacks \"%s\":\n%s",
              words[w], result.out);
  }
  cli_run_free(&result);
}

Test(rig_animl, the_ik_element_and_schema) {
  /* SPEC ik: <ik target="aim" bones="2" bend="cw" strength="1"/> is the
   * JSON item {"kind":"ik","target":"aim","bones":2,"bend":"cw",
   * "strength":1}; anima schema ik exposes target, bones, bend, strength. */
  paint_load_module(&f, "ik");
  char *text = compiled_text(
      "<anima version=\"0.1\" name=\"t\" grid=\"100\" requires=\"rig ik\">"
      "<group id=\"aim\"/><bone id=\"a\" length=\"10\"><bone id=\"b\" "
      "length=\"10\"><ik target=\"aim\" bones=\"2\" bend=\"cw\" "
      "strength=\"1\"/></bone></bone></anima>");
  json_t *document = json_loads(text, 0, NULL);
  anima_markup_free(text);
  json_t *b = json_array_get(
      json_object_get(json_array_get(json_object_get(document, "nodes"), 1),
                      "children"),
      0);
  json_t *ik = json_array_get(json_object_get(b, "constraints"), 0);
  cr_expect_str_eq(json_string_value(json_object_get(ik, "kind")), "ik");
  cr_expect_str_eq(json_string_value(json_object_get(ik, "target")), "aim");
  cr_expect_eq(json_integer_value(json_object_get(ik, "bones")), 2);
  cr_expect_str_eq(json_string_value(json_object_get(ik, "bend")), "cw");
  cr_expect_eq(json_number_value(json_object_get(ik, "strength")), 1);
  json_decref(document);
  const char *arguments[] = {"schema", "ik", NULL};
  cli_run result = cli_run_args(arguments);
  cr_assert_eq(result.status, 0, "%s", result.err);
  static const char *const words[] = {"<ik>", "target",   "bones",
                                      "bend", "strength", "ccw"};
  for (size_t w = 0; w < sizeof words / sizeof *words; w++) {
    cr_expect(strstr(result.out, words[w]), "schema ik lacks \"%s\":\n%s",
              words[w], result.out);
  }
  cli_run_free(&result);
}

Test(rig_animl, the_pathfollow_elements_and_schema) {
  /* SPEC pathfollow: <along-path path="p" at="0.25" orient="true"/> is
   * {"kind":"alongPath","path":"p","at":0.25,"orient":true};
   * <spread-along-path path="p" start="0.1" end="0.9" shift="0.5"/> is
   * {"kind":"spreadAlongPath",...}; anima schema names their fields. */
  paint_load_module(&f, "pathfollow");
  char *text = compiled_text(
      "<anima version=\"0.1\" name=\"t\" grid=\"100\" "
      "requires=\"rig pathfollow\"><path id=\"p\" d=\"M0 0 L100 0\"/>"
      "<group id=\"a\"><along-path path=\"p\" at=\"0.25\" orient=\"true\" "
      "offset=\"true\"/><spread-along-path path=\"p\" start=\"0.1\" "
      "end=\"0.9\" shift=\"0.5\"/><group id=\"c\"/></group></anima>");
  json_t *document = json_loads(text, 0, NULL);
  anima_markup_free(text);
  json_t *a = json_array_get(json_object_get(document, "nodes"), 1);
  json_t *along = json_array_get(json_object_get(a, "constraints"), 0);
  json_t *spread = json_array_get(json_object_get(a, "constraints"), 1);
  cr_expect_str_eq(json_string_value(json_object_get(along, "kind")),
                   "alongPath");
  cr_expect_str_eq(json_string_value(json_object_get(along, "path")), "p");
  cr_expect_eq(json_number_value(json_object_get(along, "at")), 0.25);
  cr_expect(json_is_true(json_object_get(along, "orient")));
  cr_expect(json_is_true(json_object_get(along, "offset")));
  cr_expect_str_eq(json_string_value(json_object_get(spread, "kind")),
                   "spreadAlongPath");
  cr_expect_eq(json_number_value(json_object_get(spread, "start")), 0.1);
  cr_expect_eq(json_number_value(json_object_get(spread, "end")), 0.9);
  cr_expect_eq(json_number_value(json_object_get(spread, "shift")), 0.5);
  json_decref(document);
  static const char *const kinds[][6] = {
      {"alongPath", "<along-path>", "path", "at", "orient", "offset"},
      {"spread-along-path", "spreadAlongPath", "start", "end", "shift",
       "strength"},
  };
  for (size_t k = 0; k < 2; k++) {
    const char *arguments[] = {"schema", kinds[k][0], NULL};
    cli_run result = cli_run_args(arguments);
    cr_assert_eq(result.status, 0, "%s", result.err);
    for (size_t w = 1; w < 6; w++) {
      cr_expect(strstr(result.out, kinds[k][w]), "schema %s lacks \"%s\":\n%s",
                kinds[k][0], kinds[k][w], result.out);
    }
    cli_run_free(&result);
  }
}
