/*
 * test_cli_help.c — what a new user meets first: every command's --help
 * prints its usage on stdout and exits 0 (docs/CLI.md); `sample` and
 * `session` list the script commands (docs/SCRIPTS.md); a file that cannot
 * be read or written is reported with the system's reason (strerror).
 */
#include <errno.h>

#include "test_cli_support.h"

static const char *const commands[] = {
    "bench",  "build",   "compare", "decompile", "fmt",
    "import", "inspect", "modules", "new",       "playground",
    "render", "sample",  "schema",  "session",   "validate",
};

Test(cli_help, every_command_prints_help_and_exits_0) {
  for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
    char usage[64];
    snprintf(usage, sizeof usage, "usage: anima %s", commands[i]);
    for (int spelling = 0; spelling < 2; spelling++) {
      const char *arguments[] = {commands[i], spelling ? "-h" : "--help", NULL};
      cli_run run = cli_run_args(arguments);
      cr_assert_eq(run.status, 0, "%s %s: %s", commands[i], arguments[1],
                   run.err);
      cr_assert_eq(strncmp(run.out, usage, strlen(usage)), 0, "%s: %s",
                   commands[i], run.out);
      cr_assert_str_eq(run.err, "", "%s", commands[i]);
      cli_run_free(&run);
    }
  }
}

Test(cli_help, sample_and_session_list_the_script_commands) {
  /* The commands of tools/anima/script.c's table. */
  const char *words[] = {
      "advance", "set",    "fire",         "toggle",          "pointer",
      "key",     "motion", "snapshot",     "expect",          "group",
      "end",     "seed",   "expect-error", "docs/SCRIPTS.md", "anima.json"};
  const char *names[] = {"sample", "session"};
  for (size_t n = 0; n < 2; n++) {
    const char *arguments[] = {names[n], "--help", NULL};
    cli_run run = cli_run_args(arguments);
    cr_assert_eq(run.status, 0);
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
      cr_assert_not_null(strstr(run.out, words[i]), "%s --help lacks %s",
                         names[n], words[i]);
    }
    cli_run_free(&run);
  }
}

/* Expects exit `status` and `needle` plus the reason for ENOENT on
 * stderr. */
static void expect_reason(const char *const *arguments, int status,
                          const char *needle) {
  cli_run run = cli_run_args(arguments);
  cr_assert_eq(run.status, status, "%s: %s", arguments[0], run.err);
  cr_assert_not_null(strstr(run.err, needle), "%s", run.err);
  cr_assert_not_null(strstr(run.err, strerror(ENOENT)), "%s", run.err);
  cli_run_free(&run);
}

Test(cli_help, file_errors_say_why) {
  char bell[4096];
  cli_source_path(bell, sizeof bell, "examples/bell.animl");
  const char *import[] = {"import", "/nonexistent-anima/icon.svg", NULL};
  expect_reason(import, 2, "cannot read /nonexistent-anima/icon.svg: ");
  const char *sample[] = {"sample", bell, "/nonexistent-anima/script.txt",
                          NULL};
  expect_reason(sample, 2,
                "cannot read script /nonexistent-anima/script.txt: ");
  /* Rendering succeeds; writing into a missing directory fails (exit 1). */
  const char *png[] = {"render", bell, "-o", "/nonexistent-anima/x.png", NULL};
  expect_reason(png, 1, "cannot write /nonexistent-anima/x.png: ");
  const char *svg[] = {"render", bell, "-o", "/nonexistent-anima/x.svg", NULL};
  expect_reason(svg, 1, "cannot write /nonexistent-anima/x.svg: ");
  const char *compare[] = {"compare", "/nonexistent-anima/a.png",
                           "/nonexistent-anima/b.png", NULL};
  expect_reason(compare, 2, "cannot read /nonexistent-anima/a.png: ");
}

Test(cli_help, a_directory_is_no_script) {
  /* fopen succeeds on a directory and reading it fails: the script must
   * not run as if it were empty. */
  char bell[4096];
  cli_source_path(bell, sizeof bell, "examples/bell.animl");
  const char *sample[] = {"sample", bell, "/tmp", NULL};
  cli_run run = cli_run_args(sample);
  cr_assert_eq(run.status, 2);
  cr_assert_str_eq(run.out, "");
  cr_assert_not_null(strstr(run.err, "/tmp: it is a directory"), "%s", run.err);
  cli_run_free(&run);
}

Test(cli_help, the_readme_tour_broken_document) {
  /* examples/broken/oops.ani has exactly the three mistakes the README
   * shows: a misspelt key of node 0, a five-digit colour, and a key at
   * 1.5 s in a timeline of 1 s. Each is one diagnostic, in that order. */
  char oops[4096];
  cli_source_path(oops, sizeof oops, "examples/broken/oops.ani");
  const char *validate[] = {"validate", oops, "--format=json", NULL};
  cli_run run = cli_run_args(validate);
  cr_assert_eq(run.status, 1, "%s", run.err);
  json_t *result = cli_run_json(&run);
  json_t *diagnostics = json_object_get(result, "diagnostics");
  cr_assert_eq(json_array_size(diagnostics), 3, "%s", run.out);
  const char *expected[3][2] = {
      {"unknown-key", "/nodes/0/rotat"},
      {"bad-color", "/nodes/0/fill/color"},
      {"key-range", "/timelines/pop/tracks/dot.scale/1/0"},
  };
  for (size_t i = 0; i < 3; i++) {
    json_t *diagnostic = json_array_get(diagnostics, i);
    cr_assert_str_eq(json_string_value(json_object_get(diagnostic, "code")),
                     expected[i][0]);
    cr_assert_str_eq(json_string_value(json_object_get(diagnostic, "pointer")),
                     expected[i][1]);
  }
  json_decref(result);
  cli_run_free(&run);
}

Test(cli_help, document_commands_say_they_use_the_project_entry) {
  /* docs/CLI.md "Projects": these commands take the entry of the nearest
   * anima.json when given no document, and their help says so. */
  const char *readers[] = {"validate", "build",  "decompile", "fmt",  "sample",
                           "session",  "render", "inspect",   "bench"};
  for (size_t i = 0; i < sizeof readers / sizeof readers[0]; i++) {
    const char *arguments[] = {readers[i], "--help", NULL};
    cli_run run = cli_run_args(arguments);
    cr_assert_eq(run.status, 0);
    cr_assert_not_null(strstr(run.out, "anima.json"), "%s --help: %s",
                       readers[i], run.out);
    cli_run_free(&run);
  }
}
