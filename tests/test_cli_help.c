/*
 * test_cli_help.c — what a new user meets first: every command's --help
 * prints its usage on stdout and exits 0 (docs/CLI.md); `sample` and
 * `session` list the script commands (docs/SCRIPTS.md); a file that cannot
 * be read or written is reported with the system's reason (strerror).
 */
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

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

Test(cli_help, every_bone_subcommand_prints_help_and_exits_0) {
  /* `anima bone <subcommand> --help` as every command's --help: usage on
   * stdout, nothing on stderr, exit 0 (before, validate, sample and inspect
   * printed it on stderr with exit 2, and render said "missing value after
   * --help"). */
  const char *subcommands[] = {"sample", "validate", "inspect", "render"};
  for (size_t i = 0; i < sizeof subcommands / sizeof subcommands[0]; i++) {
    for (int spelling = 0; spelling < 2; spelling++) {
      const char *arguments[] = {"bone", subcommands[i],
                                 spelling ? "-h" : "--help", NULL};
      cli_run run = cli_run_args(arguments);
      cr_assert_eq(run.status, 0, "bone %s %s: %s", subcommands[i],
                   arguments[2], run.err);
      cr_assert_eq(strncmp(run.out, "usage: anima bone", 17), 0, "%s: %s",
                   subcommands[i], run.out);
      char usage[64];
      snprintf(usage, sizeof usage, "anima bone %s <file.obone>",
               subcommands[i]);
      cr_assert_not_null(strstr(run.out, usage), "%s: %s", subcommands[i],
                         run.out);
      cr_assert_str_eq(run.err, "", "%s", subcommands[i]);
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

/* Runs `arguments`: exit 2, `needle` on stderr, nothing on stdout. */
static void expect_usage_error(const char *const *arguments,
                               const char *needle) {
  cli_run run = cli_run_args(arguments);
  cr_expect_eq(run.status, 2, "%s: %s", arguments[0], run.err);
  cr_expect_str_eq(run.out, "", "%s", arguments[0]);
  cr_expect_not_null(strstr(run.err, needle), "%s", run.err);
  cli_run_free(&run);
}

Test(cli_help, a_directory_is_no_document) {
  /* A directory where a document goes is a usage error (exit 2), like a
   * missing file (docs/CLI.md, exit status), for every command that reads
   * one; nothing is printed on stdout. */
  const char *validate[] = {"validate", "/tmp", NULL};
  expect_usage_error(validate, "/tmp is a directory");
  const char *render[] = {"render", "/tmp", "-o", "/tmp/anima-dir.svg", NULL};
  expect_usage_error(render, "/tmp is a directory");
  const char *bone[] = {"bone", "validate", "/tmp", NULL};
  expect_usage_error(bone, "/tmp is a directory");
}

Test(cli_help, an_unknown_command_suggests_the_closest) {
  const char *typo[] = {"valdate", "x.ani", NULL};
  expect_usage_error(
      typo, "unknown command \"valdate\" (did you mean \"validate\"?)");
  /* Nothing close: no suggestion, only the usage. */
  cli_run run = cli_run_args((const char *[]){"zzzzzzzz", NULL});
  cr_expect_eq(run.status, 2);
  cr_expect_null(strstr(run.err, "did you mean"), "%s", run.err);
  cli_run_free(&run);
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

Test(cli_help, output_into_a_pipe_or_device_writes_into_it) {
  /* `-o` naming something that is not a regular file (/dev/stdout, /dev/null,
   * a named pipe) writes into it: it is never renamed over, which as root
   * turned /dev/stdout into a plain file. A directory is refused and stays. */
  char directory[] = "/tmp/anima-fifo-XXXXXX", fifo[128], bell[4096];
  cr_assert_not_null(mkdtemp(directory));
  cli_source_path(bell, sizeof bell, "examples/bell.animl");
  snprintf(fifo, sizeof fifo, "%s/out", directory);
  cr_assert_eq(mkfifo(fifo, 0600), 0);
  /* Held open for reading and writing, so the command's open does not wait
   * for a reader; the build (a few KiB) fits the pipe's buffer. */
  int reader = open(fifo, O_RDWR | O_NONBLOCK);
  cr_assert_geq(reader, 0);
  cli_run run = cli_run_args((const char *[]){"build", bell, "-o", fifo, NULL});
  cr_assert_eq(run.status, 0, "%s", run.err);
  cli_run_free(&run);
  struct stat status;
  cr_assert_eq(lstat(fifo, &status), 0);
  cr_expect(S_ISFIFO(status.st_mode), "the named pipe was replaced by a file");
  char received[256];
  ssize_t count = read(reader, received, sizeof received - 1);
  cr_assert_gt(count, 0, "nothing arrived through the pipe");
  received[count] = '\0';
  cr_expect_eq(received[0], '{', "the build is JSON: %s", received);
  close(reader);
  unlink(fifo);
  run = cli_run_args((const char *[]){"build", bell, "-o", directory, NULL});
  cr_expect_neq(run.status, 0);
  cr_expect_not_null(strstr(run.err, "is a directory"), "%s", run.err);
  cli_run_free(&run);
  cr_assert_eq(lstat(directory, &status), 0);
  cr_expect(S_ISDIR(status.st_mode));
  rmdir(directory);
}

Test(cli_help, build_and_decompile_keep_links_and_modes) {
  /* `-o` onto an existing file rewrites it the way `anima fmt` does
   * (cli_replace_file): through a temporary file, the file keeps its
   * permission bits (0640 here), and a symbolic link stays a link whose
   * target receives the output. */
  char directory[] = "/tmp/anima-convert-XXXXXX", target[128], link[128];
  char bell[4096];
  cr_assert_not_null(mkdtemp(directory));
  cli_source_path(bell, sizeof bell, "examples/bell.animl");
  snprintf(target, sizeof target, "%s/real.ani", directory);
  snprintf(link, sizeof link, "%s/link.ani", directory);
  FILE *file = fopen(target, "w");
  cr_assert_not_null(file);
  fputs("old\n", file);
  fclose(file);
  cr_assert_eq(chmod(target, 0640), 0);
  cr_assert_eq(symlink(target, link), 0);
  cli_run run = cli_run_args((const char *[]){"build", bell, "-o", link, NULL});
  cr_assert_eq(run.status, 0, "%s", run.err);
  cli_run_free(&run);
  struct stat link_status, target_status;
  cr_assert_eq(lstat(link, &link_status), 0);
  cr_expect(S_ISLNK(link_status.st_mode), "the link was replaced by a file");
  cr_assert_eq(stat(target, &target_status), 0);
  cr_expect_eq(target_status.st_mode & 07777, 0640);
  cr_expect_gt(target_status.st_size, 100, "the target holds the build");
  /* decompile back onto the same link: an .animl through it, same mode. */
  char animl_target[128], animl_link[128];
  snprintf(animl_target, sizeof animl_target, "%s/real.animl", directory);
  snprintf(animl_link, sizeof animl_link, "%s/link.animl", directory);
  file = fopen(animl_target, "w");
  cr_assert_not_null(file);
  fclose(file);
  cr_assert_eq(chmod(animl_target, 0600), 0);
  cr_assert_eq(symlink(animl_target, animl_link), 0);
  run = cli_run_args(
      (const char *[]){"decompile", target, "-o", animl_link, NULL});
  cr_assert_eq(run.status, 0, "%s", run.err);
  cli_run_free(&run);
  cr_assert_eq(lstat(animl_link, &link_status), 0);
  cr_expect(S_ISLNK(link_status.st_mode));
  cr_assert_eq(stat(animl_target, &target_status), 0);
  cr_expect_eq(target_status.st_mode & 07777, 0600);
  cr_expect_gt(target_status.st_size, 100);
  unlink(link);
  unlink(animl_link);
  unlink(target);
  unlink(animl_target);
  rmdir(directory);
}

Test(cli_help, a_missing_feature_is_reported_before_what_follows_from_it) {
  /* examples/composite.animl requires "composite". With no module on the
   * search path, the AniML compiler refuses <paint>, <mask>, … first; the
   * CLI still prints unknown-feature (whose hint says how to load the
   * module) as the first diagnostic, in text and in JSON. */
  cr_assert_eq(setenv("ANIMA_MODULE_PATH", "/nonexistent-anima-modules", 1), 0);
  char composite[4096];
  cli_source_path(composite, sizeof composite, "examples/composite.animl");
  cli_run run = cli_run_args((const char *[]){"validate", composite, NULL});
  cr_assert_eq(run.status, 1, "%s", run.err);
  cr_expect_not_null(strstr(run.err, "error[unknown-key]"),
                     "the refused elements are still reported: %s", run.err);
  const char *first_line_end = strchr(run.err, '\n');
  const char *feature = strstr(run.err, "error[unknown-feature]");
  cr_assert_not_null(feature, "%s", run.err);
  cr_expect_lt(feature, first_line_end, "not first: %s", run.err);
  cli_run_free(&run);
  run = cli_run_args(
      (const char *[]){"validate", composite, "--format=json", NULL});
  json_t *result = cli_run_json(&run);
  json_t *first = json_array_get(json_object_get(result, "diagnostics"), 0);
  cr_expect_str_eq(json_string_value(json_object_get(first, "code")),
                   "unknown-feature");
  cr_expect_gt(json_array_size(json_object_get(result, "diagnostics")), 1);
  json_decref(result);
  cli_run_free(&run);
}

Test(cli_help, bone_sample_and_validate_say_what_is_missing) {
  /* A new user's `anima bone sample walker.obone` (no script): one line
   * naming what is missing and the subcommand's form, exit 2, nothing on
   * stdout (before: the whole `anima bone` usage and no word of what was
   * wrong). The same for the other mistakes of the command line. */
  char walker[4096];
  cli_source_path(walker, sizeof walker, "examples/openbone/walker.obone");
  const char *no_script[] = {"bone", "sample", walker, NULL};
  expect_usage_error(no_script, "anima bone sample: missing the script after");
  expect_usage_error(no_script,
                     "(usage: anima bone sample <file.obone> <script.txt>)");
  const char *nothing[] = {"bone", "sample", NULL};
  expect_usage_error(nothing, "missing the document and the script");
  const char *option[] = {"bone", "sample", walker, "--at", NULL};
  expect_usage_error(option, "unknown option \"--at\"");
  const char *extra[] = {"bone", "sample", walker, "a.txt", "b.txt", NULL};
  expect_usage_error(extra, "\"b.txt\" is one too many");
  const char *validate[] = {"bone", "validate", NULL};
  expect_usage_error(validate, "anima bone validate: missing the document "
                               "(usage: anima bone validate <file.obone>");
  const char *typo[] = {"bone", "validate", walker, "--fromat=json", NULL};
  expect_usage_error(typo, "unknown option \"--fromat=json\"");
  const char *two[] = {"bone", "validate", walker, walker, NULL};
  expect_usage_error(two, "one document at a time");
}
