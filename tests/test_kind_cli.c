/*
 * test_kind_cli.c — the kinds of tests/modules/ through the built `anima`
 * binary (issue 9 item 6): `anima sample` prints values of module value
 * types in snapshots through the type's format (references as node ids,
 * DECISIONS 11; points as [x, y], DECISIONS 22; path morphs with five
 * decimals) and `expect` compares them. The CLI loads the test modules
 * from ANIMA_MODULE_PATH.
 */
#include "test_cli_support.h"

/* Writes `text` to a new file in a fresh directory; returns its path. */
static char *scratch_file(const char *name, const char *text) {
  char directory[] = "/tmp/anima-kinds-XXXXXX";
  cr_assert_not_null(mkdtemp(directory));
  char *path = malloc(strlen(directory) + strlen(name) + 2);
  cr_assert_not_null(path);
  sprintf(path, "%s/%s", directory, name);
  FILE *file = fopen(path, "wb");
  cr_assert_not_null(file);
  fputs(text, file);
  fclose(file);
  return path;
}

static const char values_document[] =
    "{\"anima\": \"0.1\", \"name\": \"values\", \"grid\": 20, \"requires\": "
    "[\"values\"], \"nodes\": [{\"id\": \"a\", \"type\": \"circle\", "
    "\"center\": [10, 10], \"r\": 2, \"fill\": {\"color\": \"#000000\"}, "
    "\"caption\": \"Ready\", \"morph\": \"M0 0L10 0\"}, {\"id\": \"b\", "
    "\"type\": \"circle\", \"center\": [5, 5], \"r\": 1, \"fill\": "
    "{\"color\": \"#000000\"}}], \"timelines\": {\"t\": {\"duration\": 1, "
    "\"tracks\": {\"a.morph\": [[0, \"M0 0L10 0\"], [1, \"M0 0L20 10\"]], "
    "\"a.spot\": [[0, [0, 0]], [1, [10, 20]]], \"a.pointee\": [[0, \"a\"], "
    "[1, \"b\"]], \"a.tally\": [[0, 1], [0.5, 2]]}}}, \"machine\": "
    "{\"layers\": {\"main\": {\"initial\": \"p\", \"states\": {\"p\": "
    "{\"play\": \"t\"}}}}}}";

Test(kind_cli, snapshots_print_module_values_by_their_type) {
  /* At 0.25 s: morph L12.5 2.5 (10 + 10·0.25, 10·0.25), spot [2.5, 5],
   * pointee still "a" (hold), tally 1 (its second key is at 0.5 s). The
   * default snapshot lists the animated properties in the registry's
   * order: tally, pointee, spot, morph. */
  setenv("ANIMA_MODULE_PATH", ANIMA_TEST_MODULE_DIR, 1);
  char *document = scratch_file("values.ani", values_document);
  char *script = scratch_file("script.txt", "advance 0.25\nsnapshot\n");
  const char *arguments[] = {"sample", document, script, NULL};
  cli_run run = cli_run_args(arguments);
  cr_assert_eq(run.status, 0, "%s", run.err);
  cr_assert_str_eq(run.out,
                   "{\"time\": 0.25, \"values\": {\"a.tally\": 1, "
                   "\"a.pointee\": \"a\", \"a.spot\": [2.5, 5], \"a.morph\": "
                   "\"M0 0L12.5 2.5\"}, \"states\": {\"main\": \"p\"}, "
                   "\"events\": [], \"settled\": false}\n");
  cli_run_free(&run);
  free(document);
  free(script);
}

Test(kind_cli, expect_compares_module_values_as_text) {
  /* At 0.5 s: pointee "a" (written as the id, or quoted as the JSON
   * string "\"a\""), tally 2, spot [5, 10], caption "Ready" (never
   * animated), morph L15 5 (not the authored L10 0); a wrong spot fails
   * with the value shown. Script words in double quotes are JSON strings
   * (docs/SCRIPTS.md). */
  setenv("ANIMA_MODULE_PATH", ANIMA_TEST_MODULE_DIR, 1);
  char *document = scratch_file("values.ani", values_document);
  char *script = scratch_file(
      "script.txt",
      "advance 0.5\nexpect a.pointee == a\nexpect a.pointee == "
      "\"\\\"a\\\"\"\nexpect a.tally == 2\nexpect a.spot == \"[5, 10]\"\n"
      "expect a.caption == Ready\nexpect a.morph != \"M0 0L10 0\"\nexpect "
      "a.spot == \"[5, 11]\"\n");
  const char *arguments[] = {"sample", document, script, NULL};
  cli_run run = cli_run_args(arguments);
  cr_assert_eq(run.status, 1, "%s", run.err);
  cr_assert_not_null(strstr(run.err, "/script/7"), "%s", run.err);
  cr_assert_not_null(strstr(run.err, "expected a.spot == [5, 11], got [5, 10]"),
                     "%s", run.err);
  /* Only line 7 failed. */
  cr_assert_null(strstr(run.err, "/script/6"), "%s", run.err);
  cr_assert_null(strstr(run.err, "/script/2"), "%s", run.err);
  cli_run_free(&run);
  free(document);
  free(script);
}
