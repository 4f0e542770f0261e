/*
 * test_markup_module.c — docs/ANIML.md §7: a feature module's registry
 * entries become AniML elements and attributes with no markup code. Uses
 * the test module markup/testdata/spark_module.c (a node type `spark`, an
 * array of `ray` items, object fields in JSON, child and flattened form, a
 * common node field, a document field and a property alias) and the
 * `corners` module of the paint chapter (`corners="1 1 0 0"`, animatable as
 * `tile.corners.0`).
 */
#include <criterion/criterion.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <anima/markup.h>

static anima_runtime *runtime;

static void setup(void) {
  runtime = anima_runtime_create();
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  cr_assert_eq(anima_runtime_load_module_file(runtime, ANIMA_MARKUP_TEST_MODULE,
                                              diagnostics),
               ANIMA_OK);
  cr_assert_eq(anima_runtime_load_module(runtime, "corners", diagnostics),
               ANIMA_OK);
  anima_diagnostics_destroy(diagnostics);
}

static void teardown(void) {
  anima_runtime_destroy(runtime);
}

TestSuite(markup_module, .init = setup, .fini = teardown);

/* The module document: spark-seed on <anima> (sparkSeed), a <spark> node
 * with <spark-ray> children (the rays array in order; the ray kind's
 * element name), a <flare> child (the flare object field, child form), halo
 * as JSON (the default for objects), shimmer flattened (shimmer-speed,
 * shimmer-depth-ratio: camelCase hyphenated), glint-level on any node; a
 * track through the haloRadius alias. Laid out canonically (start tags
 * wrap before column 100). */
static const char spark_animl[] =
    "<anima version=\"0.1\" name=\"t\" grid=\"20\" requires=\"spark "
    "corners\" spark-seed=\"7\">\n"
    "  <spark id=\"s\" center=\"10 10\" halo='{\"radius\":2}' "
    "shimmer-speed=\"3\" shimmer-depth-ratio=\"0.5\"\n"
    "         glint-level=\"1\" fill=\"#fff\">\n"
    "    <spark-ray angle=\"0\" length=\"4\"/>\n"
    "    <spark-ray angle=\"90\" length=\"2\"/>\n"
    "    <flare streaks=\"6\"/>\n"
    "  </spark>\n"
    "  <rect id=\"tile\" x0=\"0\" y0=\"0\" width=\"4\" height=\"4\" "
    "corners=\"1 1 0 0\" glint-level=\"0.5\"\n"
    "        fill=\"#000\"/>\n"
    "  <timeline name=\"t\" duration=\"1\">\n"
    "    <track target=\"s.haloRadius\">0 2; 1 3</track>\n"
    "    <track target=\"tile.corners.0\">0 1; 1 0</track>\n"
    "  </timeline>\n"
    "</anima>\n";

static const char spark_json[] =
    "{\"anima\": \"0.1\", \"name\": \"t\", \"grid\": 20, \"requires\": "
    "[\"spark\", \"corners\"], \"sparkSeed\": 7, \"nodes\": [{\"id\": \"s\", "
    "\"type\": \"spark\", \"center\": [10, 10], \"rays\": [{\"angle\": 0, "
    "\"length\": 4}, {\"angle\": 90, \"length\": 2}], \"halo\": {\"radius\": "
    "2}, \"flare\": {\"streaks\": 6}, \"shimmer\": {\"speed\": 3, "
    "\"depthRatio\": 0.5}, \"glintLevel\": 1, \"fill\": {\"color\": "
    "\"#fff\"}}, {\"id\": \"tile\", \"type\": \"rect\", \"x0\": 0, \"y0\": 0, "
    "\"w\": 4, \"h\": 4, \"corners\": [1, 1, 0, 0], \"glintLevel\": 0.5, "
    "\"fill\": {\"color\": \"#000\"}}], \"timelines\": {\"t\": {\"duration\": "
    "1, \"tracks\": {\"s.halo.radius\": [[0, 2], [1, 3]], \"tile.corners.0\": "
    "[[0, 1], [1, 0]]}}}}";

Test(markup_module, module_entries_compile_without_markup_code) {
  char *json = NULL;
  cr_assert_eq(anima_markup_compile(runtime, spark_animl, strlen(spark_animl),
                                    ANIMA_MARKUP_SYNTAX_ONLY, NULL, &json,
                                    NULL),
               ANIMA_OK);
  json_t *built = json_loads(json, JSON_DECODE_INT_AS_REAL, NULL);
  json_t *expected = json_loads(spark_json, JSON_DECODE_INT_AS_REAL, NULL);
  cr_assert_not_null(built);
  cr_assert_not_null(expected);
  cr_assert(json_equal(built, expected), "%s", json);
  json_decref(built);
  json_decref(expected);
  anima_markup_free(json);
}

Test(markup_module, module_entries_decompile_to_the_same_markup) {
  /* The decompiler writes the module document back as exactly the AniML
   * above (which is in canonical form): attribute order is field order
   * (own fields, then the common glint-level, then paint). */
  char *animl = NULL;
  cr_assert_eq(anima_markup_decompile(runtime, spark_json, strlen(spark_json),
                                      ANIMA_MARKUP_SYNTAX_ONLY, NULL, &animl,
                                      NULL),
               ANIMA_OK);
  cr_assert_str_eq(animl, spark_animl);
  anima_markup_free(animl);
}

Test(markup_module, undeclared_feature_points_at_the_attribute) {
  /* corners without requires="corners": the loader reports
   * undeclared-feature at /nodes/0/corners, located at the `corners`
   * attribute: line 2, column 1 + len(`<rect id="r" x0="0" y0="0" width="4"
   * height="4" `) = 49. */
  const char *animl =
      "<anima version=\"0.1\" name=\"t\" grid=\"20\">\n"
      "<rect id=\"r\" x0=\"0\" y0=\"0\" width=\"4\" height=\"4\" "
      "corners=\"1 1 0 0\" fill=\"#000\"/></anima>";
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  char *json = NULL;
  cr_assert_eq(anima_markup_compile(runtime, animl, strlen(animl), 0,
                                    diagnostics, &json, NULL),
               ANIMA_ERROR_INVALID_DOCUMENT);
  bool found = false;
  for (size_t i = 0; i < anima_diagnostics_count(diagnostics); i++) {
    const anima_diagnostic *d = anima_diagnostics_get(diagnostics, i);
    if (strcmp(d->code, "undeclared-feature") == 0 &&
        strcmp(d->pointer, "/nodes/0/corners") == 0) {
      found = true;
      cr_assert_eq(d->line, 2);
      cr_assert_eq(d->column, 49);
    }
  }
  cr_assert(found);
  anima_diagnostics_destroy(diagnostics);
}

Test(markup_module, unknown_without_the_module) {
  /* Without the module loaded, <spark> is no node type and spark-seed no
   * attribute: both are compiler errors with hints from the registry. */
  anima_runtime *bare = anima_runtime_create();
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  char *json = NULL;
  cr_assert_eq(anima_markup_compile(bare, spark_animl, strlen(spark_animl),
                                    ANIMA_MARKUP_SYNTAX_ONLY, diagnostics,
                                    &json, NULL),
               ANIMA_ERROR_INVALID_DOCUMENT);
  bool node = false, attribute = false;
  for (size_t i = 0; i < anima_diagnostics_count(diagnostics); i++) {
    const anima_diagnostic *d = anima_diagnostics_get(diagnostics, i);
    node = node || (strcmp(d->code, "unknown-node-type") == 0 &&
                    strcmp(d->pointer, "/nodes/0") == 0);
    attribute = attribute || (strcmp(d->code, "unknown-key") == 0 &&
                              strcmp(d->pointer, "/sparkSeed") == 0);
  }
  cr_assert(node);
  cr_assert(attribute);
  anima_diagnostics_destroy(diagnostics);
  anima_runtime_destroy(bare);
}
