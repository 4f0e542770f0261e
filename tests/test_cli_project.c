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
  cr_assert_not_null(strstr(run.err, "did you mean \"entry\"?"), "%s", run.err);
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

/* Runs `printf <input> | anima <arguments>` in `directory` through the
 * shell and returns stdout (the caller frees it); `*status` is the exit
 * status. */
static char *run_with_input(const char *directory, const char *input,
                            const char *arguments, int *status) {
  char command[1024];
  snprintf(command, sizeof command,
           "cd '%s' && printf '%s' | '%s/tools/anima/anima' %s 2>/dev/null",
           directory, input, cli_build_root(), arguments);
  FILE *pipe = popen(command, "r");
  cr_assert_not_null(pipe);
  size_t capacity = 65536, used = 0;
  char *text = malloc(capacity);
  cr_assert_not_null(text);
  size_t read;
  while ((read = fread(text + used, 1, capacity - used - 1, pipe)) > 0) {
    used += read;
  }
  text[used] = '\0';
  int wait_status = pclose(pipe);
  *status = WIFEXITED(wait_status) ? WEXITSTATUS(wait_status) : -1;
  return text;
}

Test(cli_project, sample_takes_the_entry_and_a_lone_script) {
  write_text(project, "anima.json", "{\"entry\": \"src/main.ani\"}");
  write_text(project, "probe.txt", "snapshot dot.r\n");
  /* `anima sample probe.txt` in a project: probe.txt is the script (it
   * ends in .txt), the document is the entry. The snapshot of the new
   * player reads dot.r = 4, the document's radius; nothing steps, and a
   * snapshot before the first step is "settled": false (product
   * DECISIONS 4). */
  const char *with_script[] = {"sample", "probe.txt", NULL};
  cli_run run = cli_run_in(project, with_script);
  cr_assert_eq(run.status, 0, "%s", run.err);
  cr_assert_str_eq(run.out, "{\"time\": 0, \"values\": {\"dot.r\": 4}, "
                            "\"states\": {}, \"events\": [], "
                            "\"settled\": false}\n");
  cli_run_free(&run);
  /* No argument at all: one snapshot of the new player. The document
   * animates nothing, so the snapshot lists no values (DECISIONS 4 as
   * above). */
  const char *alone[] = {"sample", NULL};
  run = cli_run_in(project, alone);
  cr_assert_eq(run.status, 0, "%s", run.err);
  cr_assert_str_eq(run.out, "{\"time\": 0, \"values\": {}, \"states\": {}, "
                            "\"events\": [], \"settled\": false}\n");
  cli_run_free(&run);
  /* `-` alone is a script from stdin, the document is the entry. After
   * one step the player is settled (SPEC §7: no trigger, no layer). */
  int status = 0;
  char *out = run_with_input(project, "advance 0.5\\nsnapshot dot.r\\n",
                             "sample -", &status);
  cr_assert_eq(status, 0);
  cr_assert_str_eq(out, "{\"time\": 0.5, \"values\": {\"dot.r\": 4}, "
                        "\"states\": {}, \"events\": [], "
                        "\"settled\": true}\n");
  free(out);
}

Test(cli_project, a_lone_script_without_a_project_names_the_mistake) {
  const char *sample[] = {"sample", "probe.txt", NULL};
  cli_run run = cli_run_in("/", sample);
  cr_assert_eq(run.status, 2);
  cr_assert_not_null(strstr(run.err, "missing file"), "%s", run.err);
  cr_assert_not_null(strstr(run.err, "`anima sample <file.animl> probe.txt`"),
                     "%s", run.err);
  cli_run_free(&run);
}

Test(cli_project, session_takes_the_entry) {
  write_text(project, "anima.json", "{\"entry\": \"src/main.ani\"}");
  /* One reply per request line; the snapshot reads the entry's dot.r. */
  int status = 0;
  char *out =
      run_with_input(project, "snapshot dot.r\\nquit\\n", "session", &status);
  cr_assert_eq(status, 0);
  cr_assert_not_null(strstr(out, "\"values\": {\"dot.r\": 4}"), "%s", out);
  cr_assert_not_null(strstr(out, "\"ok\": true"), "%s", out);
  free(out);
  const char *session[] = {"session", NULL};
  cli_run run = cli_run_in("/", session);
  cr_assert_eq(run.status, 2);
  cr_assert_not_null(strstr(run.err, "missing file"), "%s", run.err);
  cli_run_free(&run);
}

Test(cli_project, bench_takes_the_entry) {
  write_text(project, "anima.json", "{\"entry\": \"src/main.ani\"}");
  const char *bench[] = {"bench", "--frames", "1", "--format=json", NULL};
  cli_run run = cli_run_in(project, bench);
  cr_assert_eq(run.status, 0, "%s", run.err);
  json_t *report = cli_run_json(&run);
  const char *file = json_string_value(json_object_get(report, "file"));
  cr_assert_not_null(file);
  cr_assert_not_null(strstr(file, "/src/main.ani"), "%s", file);
  cr_assert_eq(json_integer_value(json_object_get(report, "frames")), 1);
  json_decref(report);
  cli_run_free(&run);
}

Test(cli_project, fmt_formats_the_entry) {
  write_text(project, "anima.json", "{\"entry\": \"src/main.ani\"}");
  /* The entry is one line of JSON, not the canonical form: --check names
   * it and exits 1, fmt rewrites it, then --check passes. */
  const char *check[] = {"fmt", "--check", NULL};
  cli_run run = cli_run_in(project, check);
  cr_assert_eq(run.status, 1, "%s", run.err);
  cr_assert_not_null(strstr(run.err, "src/main.ani: not formatted"), "%s",
                     run.err);
  cli_run_free(&run);
  const char *format[] = {"fmt", NULL};
  run = cli_run_in(project, format);
  cr_assert_eq(run.status, 0, "%s", run.err);
  cli_run_free(&run);
  run = cli_run_in(project, check);
  cr_assert_eq(run.status, 0, "%s", run.err);
  cli_run_free(&run);
}

Test(cli_project, decompile_takes_the_entry_ani_or_animl) {
  write_text(project, "anima.json", "{\"entry\": \"src/main.ani\"}");
  const char *decompile[] = {"decompile", NULL};
  cli_run run = cli_run_in(project, decompile);
  cr_assert_eq(run.status, 0, "%s", run.err);
  cr_assert_eq(strncmp(run.out, "<anima version=\"0.1\" name=\"dot\"", 31), 0,
               "%s", run.out);
  /* An AniML entry is compiled first, then written canonically: the same
   * AniML as decompiling its .ani. */
  write_text(project, "main.animl", run.out);
  write_text(project, "anima.json", "{\"entry\": \"main.animl\"}");
  cli_run again = cli_run_in(project, decompile);
  cr_assert_eq(again.status, 0, "%s", again.err);
  cr_assert_str_eq(again.out, run.out);
  cli_run_free(&again);
  cli_run_free(&run);
}
