/*
 * test_cli_project.c — anima.json discovery (SPEC "CLI projects and
 * capture"): the nearest anima.json from the working directory upward;
 * commands given no file use its `entry` (relative to the file); unknown
 * keys and malformed values are `project-configuration` with a pointer
 * and a repair hint.
 */
#include <criterion/criterion.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>

#include "test_cli_support.h"

static char project[64];

static void write_text(const char *directory, const char *name,
                       const char *text) {
  char path[256];
  snprintf(path, sizeof path, "%s/%s", directory, name);
  FILE *file = fopen(path, "w");
  cr_assert_not_null(file);
  fputs(text, file);
  fclose(file);
}

static const char *document =
    "{\"anima\": \"0.1\", \"name\": \"dot\", \"grid\": 20,"
    " \"nodes\": [{\"id\": \"dot\", \"type\": \"circle\", \"center\": [10,"
    " 10], \"r\": 4, \"fill\": {\"color\": \"#000\"}}]}";

static void setup(void) {
  snprintf(project, sizeof project, "/tmp/anima-project-XXXXXX");
  cr_assert_not_null(mkdtemp(project));
  char nested[128];
  snprintf(nested, sizeof nested, "%s/src", project);
  cr_assert_eq(mkdir(nested, 0755), 0);
  snprintf(nested, sizeof nested, "%s/src/deeper", project);
  cr_assert_eq(mkdir(nested, 0755), 0);
  char source[128];
  snprintf(source, sizeof source, "%s/src", project);
  write_text(source, "main.ani", document);
}

TestSuite(cli_project, .init = setup);

Test(cli_project, commands_without_a_file_use_the_nearest_entry) {
  write_text(project, "anima.json", "{\"entry\": \"src/main.ani\"}");
  /* Run from a subdirectory: discovery walks upward; the entry is relative
   * to anima.json, not to the working directory. */
  char deeper[128];
  snprintf(deeper, sizeof deeper, "%s/src/deeper", project);
  const char *validate[] = {"validate", NULL};
  cli_run run = cli_run_in(deeper, validate);
  cr_assert_eq(run.status, 0, "%s", run.err);
  cr_assert_not_null(strstr(run.out, "src/main.ani: valid"), "%s", run.out);
  cli_run_free(&run);
  const char *inspect[] = {"inspect", "--format=json", NULL};
  run = cli_run_in(deeper, inspect);
  cr_assert_eq(run.status, 0, "%s", run.err);
  cli_run_free(&run);
}

Test(cli_project, an_explicit_file_takes_precedence) {
  write_text(project, "anima.json", "{\"entry\": \"missing.ani\"}");
  char file[128];
  snprintf(file, sizeof file, "%s/src/main.ani", project);
  const char *validate[] = {"validate", file, NULL};
  cli_run run = cli_run_in(project, validate);
  cr_assert_eq(run.status, 0, "%s", run.err);
  cli_run_free(&run);
}

Test(cli_project, unknown_keys_are_project_configuration_errors) {
  write_text(project, "anima.json",
             "{\"entry\": \"src/main.ani\", \"entyr\": 1}");
  const char *validate[] = {"validate", NULL};
  cli_run run = cli_run_in(project, validate);
  cr_assert_eq(run.status, 2);
  cr_assert_not_null(strstr(run.err, "/entyr: error[project-configuration]"),
                     "%s", run.err);
  cr_assert_not_null(strstr(run.err, "did you mean \"entry\"?"), "%s",
                     run.err);
  cli_run_free(&run);
}

Test(cli_project, malformed_values_are_project_configuration_errors) {
  write_text(project, "anima.json", "{\"entry\": 3}");
  const char *validate[] = {"validate", NULL};
  cli_run run = cli_run_in(project, validate);
  cr_assert_eq(run.status, 2);
  cr_assert_not_null(strstr(run.err, "/entry: error[project-configuration]"),
                     "%s", run.err);
  cli_run_free(&run);
}

Test(cli_project, no_project_and_no_file_is_a_usage_error) {
  const char *validate[] = {"validate", NULL};
  cli_run run = cli_run_in("/", validate);
  cr_assert_eq(run.status, 2);
  cr_assert_not_null(strstr(run.err, "missing file"), "%s", run.err);
  cli_run_free(&run);
}
