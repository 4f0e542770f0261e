/*
 * test_bind_animl.c — the AniML spellings of the bind module (SPEC bind
 * "Input expressions in actions": `set="count=count+1 previous=count"`,
 * "spaces and commas within expressions are allowed"; the `bind` map as a
 * JSON attribute of <anima>) compile to the same JSON as the .ani
 * spelling, and JSON → AniML → JSON is the identity.
 */
#include <criterion/criterion.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include <anima/anima.h>
#include <anima/markup.h>

static anima_runtime *runtime;
static anima_diagnostics *diagnostics;

static void setup(void) {
  runtime = anima_runtime_create();
  diagnostics = anima_diagnostics_create();
  cr_assert_eq(
      anima_runtime_load_module_file(
          runtime, ANIMA_BUILD_ROOT "/modules/anima-bind.so", diagnostics),
      ANIMA_OK);
}

static void teardown(void) {
  anima_diagnostics_destroy(diagnostics);
  anima_runtime_destroy(runtime);
}

TestSuite(bind_animl, .init = setup, .fini = teardown);

static json_t *compiled(const char *animl) {
  char *json = NULL;
  anima_diagnostics_clear(diagnostics);
  anima_status status = anima_markup_compile(runtime, animl, strlen(animl), 0,
                                             diagnostics, &json, NULL);
  const anima_diagnostic *first = anima_diagnostics_get(diagnostics, 0);
  cr_assert_eq(status, ANIMA_OK, "%s: %s", first ? first->pointer : "",
               first ? first->message : anima_status_name(status));
  json_t *document = json_loads(json, 0, NULL);
  anima_markup_free(json);
  cr_assert_not_null(document);
  return document;
}

static char *decompiled(const char *json) {
  char *animl = NULL;
  anima_diagnostics_clear(diagnostics);
  cr_assert_eq(anima_markup_decompile(runtime, json, strlen(json), 0,
                                      diagnostics, &animl, NULL),
               ANIMA_OK);
  return animl;
}

static const char json_spelling[] =
    "{\"anima\": \"0.1\", \"name\": \"t\", \"grid\": 20, \"requires\": "
    "[\"bind\"], \"inputs\": {\"count\": {\"type\": \"number\"}, "
    "\"previous\": {\"type\": \"number\"}, \"level\": {\"type\": "
    "\"number\"}}, \"nodes\": [{\"id\": \"dot\", \"type\": \"circle\", "
    "\"center\": [10, 10], \"r\": 2, \"fill\": {\"color\": \"#000000\"}}], "
    "\"machine\": {\"layers\": {\"l\": {\"initial\": \"a\", \"states\": "
    "{\"a\": {\"pose\": {}, \"on\": [{\"when\": \"count > 0 and mod(count, "
    "5) == 0\", \"to\": \"b\"}]}, \"b\": {\"pose\": {}}}}}}, \"listeners\": "
    "[{\"on\": \"down\", \"set\": {\"count\": \"count+1\", \"previous\": "
    "\"count\", \"level\": \"clamp(count / 10, 0, 1)\"}}], \"bind\": "
    "{\"dot.x\": \"level * 2\", \"dot.fill.color\": \"mix(#000, #fff, "
    "level)\"}}";

Test(bind_animl, assignments_and_the_bind_attribute) {
  /* The chapter's listener spelling; a comma and spaces inside the third
   * expression; && in the guard is the word `and` here, so no escaping. */
  json_t *from_animl = compiled(
      "<anima version=\"0.1\" name=\"t\" grid=\"20\" requires=\"bind\" "
      "bind='{\"dot.x\": \"level * 2\", \"dot.fill.color\": \"mix(#000, "
      "#fff, level)\"}'>"
      "<input name=\"count\" type=\"number\"/>"
      "<input name=\"previous\" type=\"number\"/>"
      "<input name=\"level\" type=\"number\"/>"
      "<circle id=\"dot\" center=\"10 10\" r=\"2\" fill=\"#000000\"/>"
      "<machine><layer name=\"l\" initial=\"a\">"
      "<state name=\"a\"><pose/>"
      "<on when=\"count > 0 and mod(count, 5) == 0\" to=\"b\"/></state>"
      "<state name=\"b\"><pose/></state></layer></machine>"
      "<listener on=\"down\" set=\"count=count+1 previous=count "
      "level=clamp(count / 10, 0, 1)\"/>"
      "</anima>");
  json_t *expected = json_loads(json_spelling, 0, NULL);
  cr_assert_not_null(expected);
  char *a = json_dumps(from_animl, JSON_SORT_KEYS);
  char *b = json_dumps(expected, JSON_SORT_KEYS);
  cr_assert_str_eq(a, b);
  free(a);
  free(b);
  json_decref(from_animl);
  json_decref(expected);
}

Test(bind_animl, json_to_animl_to_json_is_the_identity) {
  char *animl = decompiled(json_spelling);
  cr_assert(strstr(animl, "set=\"count=count+1 previous=count "
                          "level=clamp(count / 10, 0, 1)\""),
            "%s", animl);
  cr_assert(strstr(animl, "bind='{"), "%s", animl);
  json_t *back = compiled(animl);
  json_t *expected = json_loads(json_spelling, 0, NULL);
  char *a = json_dumps(back, JSON_SORT_KEYS);
  char *b = json_dumps(expected, JSON_SORT_KEYS);
  cr_assert_str_eq(a, b);
  free(a);
  free(b);
  anima_markup_free(animl);
  json_decref(back);
  json_decref(expected);
}

/* Machine blocks are JSON attributes (SPEC bind: `<state name="idle"
 * entry='{"set":{"count":0}}'>`, `<on ... actions='{...}'/>`), and a
 * comparison inside an assignment (`big=count == 3`) stays one expression:
 * only whitespace, an input name and a single `=` start the next one. */
static const char blocks_spelling[] =
    "{\"anima\": \"0.1\", \"name\": \"t\", \"grid\": 20, \"requires\": "
    "[\"bind\"], \"inputs\": {\"count\": {\"type\": \"number\"}, \"big\": "
    "{\"type\": \"bool\"}, \"previous\": {\"type\": \"number\"}, \"go\": "
    "{\"type\": \"trigger\"}}, \"nodes\": [{\"id\": \"dot\", \"type\": "
    "\"circle\", \"center\": [10, 10], \"r\": 4, \"fill\": {\"color\": "
    "\"#000000\"}}], \"machine\": {\"layers\": {\"l\": {\"initial\": "
    "\"idle\", \"states\": {\"idle\": {\"pose\": {}, \"entry\": {\"set\": "
    "{\"count\": 0, \"big\": \"count == 3\"}, \"emit\": \"in\"}, \"exit\": "
    "{\"toggle\": \"big\"}, \"on\": [{\"when\": \"go\", \"to\": \"busy\", "
    "\"actions\": {\"set\": {\"count\": \"count+1\"}, \"fire\": \"go\"}}]}, "
    "\"busy\": {\"pose\": {}}}}}}, \"listeners\": [{\"on\": \"down\", "
    "\"target\": \"dot\", \"set\": {\"big\": \"count == 3\", \"previous\": "
    "\"count\", \"count\": \"max(count, 2) - 1\"}}]}";

static void expect_same_json(json_t *actual, const char *expected_text) {
  json_t *expected = json_loads(expected_text, 0, NULL);
  cr_assert_not_null(expected);
  char *a = json_dumps(actual, JSON_SORT_KEYS);
  char *b = json_dumps(expected, JSON_SORT_KEYS);
  cr_assert_str_eq(a, b);
  free(a);
  free(b);
  json_decref(expected);
}

Test(bind_animl, machine_blocks_are_json_attributes) {
  json_t *from_animl = compiled(
      "<anima version=\"0.1\" name=\"t\" grid=\"20\" requires=\"bind\">"
      "<input name=\"count\" type=\"number\"/>"
      "<input name=\"big\" type=\"bool\"/>"
      "<input name=\"previous\" type=\"number\"/>"
      "<input name=\"go\" type=\"trigger\"/>"
      "<circle id=\"dot\" center=\"10 10\" r=\"4\" fill=\"#000000\"/>"
      "<machine><layer name=\"l\" initial=\"idle\">"
      "<state name=\"idle\" entry='{\"set\":{\"count\":0,\"big\":\"count == "
      "3\"},\"emit\":\"in\"}' exit='{\"toggle\":\"big\"}'><pose/>"
      "<on when=\"go\" to=\"busy\" actions='{\"set\":{\"count\":\"count+1\"},"
      "\"fire\":\"go\"}'/></state>"
      "<state name=\"busy\"><pose/></state></layer></machine>"
      "<listener on=\"down\" target=\"dot\" set=\"big=count == 3 "
      "previous=count count=max(count, 2) - 1\"/>"
      "</anima>");
  expect_same_json(from_animl, blocks_spelling);
  json_decref(from_animl);
}

Test(bind_animl, machine_blocks_round_trip) {
  char *animl = decompiled(blocks_spelling);
  cr_assert(strstr(animl, "entry='{"), "%s", animl);
  cr_assert(strstr(animl, "exit='{"), "%s", animl);
  cr_assert(strstr(animl, "actions='{"), "%s", animl);
  cr_assert(strstr(animl, "set=\"big=count == 3 previous=count "
                          "count=max(count, 2) - 1\""),
            "%s", animl);
  json_t *back = compiled(animl);
  expect_same_json(back, blocks_spelling);
  anima_markup_free(animl);
  json_decref(back);
}

/* An expression whose string holds " name=" would split as assignments, so
 * decompile quotes it (`on="contains(\"a b=c\", \"b\")"`), and the quoted
 * form compiles back whole. */
Test(bind_animl, quoted_assignments_keep_strings_whole) {
  static const char spelling[] =
      "{\"anima\": \"0.1\", \"name\": \"t\", \"grid\": 20, \"requires\": "
      "[\"bind\"], \"inputs\": {\"on\": {\"type\": \"bool\"}, \"n\": "
      "{\"type\": \"number\"}}, \"nodes\": [{\"id\": \"dot\", \"type\": "
      "\"circle\", \"center\": [10, 10], \"r\": 4, \"fill\": {\"color\": "
      "\"#000000\"}}], \"listeners\": [{\"on\": \"down\", \"target\": "
      "\"dot\", \"set\": {\"on\": \"contains(\\\"a b=c\\\", \\\"b\\\")\", "
      "\"n\": \"n + 1\"}}]}";
  char *animl = decompiled(spelling);
  cr_assert(strstr(animl, "on=\"contains("), "%s", animl);
  json_t *back = compiled(animl);
  expect_same_json(back, spelling);
  anima_markup_free(animl);
  json_decref(back);
}
