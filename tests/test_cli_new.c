/*
 * test_cli_new.c — `anima new <dir> --sample <name>` (SPEC "CLI projects
 * and capture"): a fresh directory with the sample source, anima.json
 * naming it as the entry, a README and agent notes; never over an existing
 * path. Most tests read samples from tests/cli/samples through
 * ANIMA_SAMPLE_DIR; one checks the copies embedded from examples/.
 */
#include <dirent.h>

#include "test_cli_support.h"

/* A fresh scratch directory; `project` is a path inside it that does not
 * exist yet. */
static void scratch(char *root, size_t root_size, char *project,
                    size_t project_size) {
  snprintf(root, root_size, "/tmp/anima-new-test-XXXXXX");
  cr_assert_not_null(mkdtemp(root));
  snprintf(project, project_size, "%s/icon", root);
}

/* Removes a directory of plain files (what anima new makes). */
static void remove_flat(const char *directory) {
  DIR *listing = opendir(directory);
  if (!listing) {
    return;
  }
  struct dirent *entry;
  char path[4096];
  while ((entry = readdir(listing))) {
    if (strcmp(entry->d_name, ".") != 0 && strcmp(entry->d_name, "..") != 0) {
      snprintf(path, sizeof path, "%s/%s", directory, entry->d_name);
      unlink(path);
    }
  }
  closedir(listing);
  rmdir(directory);
}

static void use_test_samples(void) {
  char directory[4096];
  cli_source_path(directory, sizeof directory, "tests/cli/samples");
  cr_assert_eq(setenv("ANIMA_SAMPLE_DIR", directory, 1), 0);
}

static char *read_in(const char *directory, const char *name) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", directory, name);
  return cli_slurp(path);
}

static bool exists_in(const char *directory, const char *name) {
  char path[4096];
  struct stat status;
  snprintf(path, sizeof path, "%s/%s", directory, name);
  return stat(path, &status) == 0;
}

Test(cli_new, scaffolds_main_animl_project_file_readme_and_script) {
  use_test_samples();
  char root[256], project[300], sample[4096];
  scratch(root, sizeof root, project, sizeof project);
  const char *arguments[] = {"new", project, "--sample", "bell", NULL};
  cli_run run = cli_run_args(arguments);
  cr_assert_eq(run.status, 0, "%s", run.err);
  /* main.animl is the sample byte for byte. */
  cli_source_path(sample, sizeof sample, "tests/cli/samples/bell.animl");
  char *expected = cli_slurp(sample);
  char *source = read_in(project, "main.animl");
  cr_assert_str_eq(source, expected);
  /* The CLI projects section: anima.json's `entry` is the input path. */
  char *project_file = read_in(project, "anima.json");
  json_t *configuration = json_loads(project_file, 0, NULL);
  cr_assert_not_null(configuration);
  cr_assert_eq(json_object_size(configuration), 1);
  cr_assert_str_eq(json_string_value(json_object_get(configuration, "entry")),
                   "main.animl");
  /* The README tells how to validate, sample and render the project. */
  char *readme = read_in(project, "README.md");
  cr_assert_not_null(strstr(readme, "anima validate main.animl"));
  cr_assert_not_null(strstr(readme, "anima sample main.animl script.txt"));
  cr_assert_not_null(strstr(readme, "anima render main.animl"));
  cr_assert(exists_in(project, "AGENTS.md"));
  cli_source_path(sample, sizeof sample, "tests/cli/samples/bell.script.txt");
  char *expected_script = cli_slurp(sample);
  char *script = read_in(project, "script.txt");
  cr_assert_str_eq(script, expected_script);
  free(expected);
  free(source);
  free(project_file);
  free(readme);
  free(expected_script);
  free(script);
  json_decref(configuration);
  cli_run_free(&run);
  remove_flat(project);
  rmdir(root);
}

Test(cli_new, a_sample_that_is_only_ani_becomes_main_ani) {
  use_test_samples();
  char root[256], project[300];
  scratch(root, sizeof root, project, sizeof project);
  const char *arguments[] = {"new", project, "--sample=switch", NULL};
  cli_run run = cli_run_args(arguments);
  cr_assert_eq(run.status, 0, "%s", run.err);
  cr_assert(exists_in(project, "main.ani"));
  cr_assert_not(exists_in(project, "main.animl"));
  /* tests/cli/samples has no switch.script.txt. */
  cr_assert_not(exists_in(project, "script.txt"));
  char *project_file = read_in(project, "anima.json");
  cr_assert_not_null(strstr(project_file, "\"entry\": \"main.ani\""));
  free(project_file);
  cli_run_free(&run);
  remove_flat(project);
  rmdir(root);
}

Test(cli_new, never_overwrites_an_existing_directory) {
  use_test_samples();
  char root[256], project[300];
  scratch(root, sizeof root, project, sizeof project);
  cr_assert_eq(mkdir(project, 0777), 0);
  char marker[400];
  snprintf(marker, sizeof marker, "%s/main.animl", project);
  FILE *file = fopen(marker, "w");
  fputs("mine", file);
  fclose(file);
  const char *arguments[] = {"new", project, "--sample", "bell", NULL};
  cli_run run = cli_run_args(arguments);
  cr_assert_eq(run.status, 2);
  cr_assert_not_null(strstr(run.err, "already exists"), "%s", run.err);
  char *kept = cli_slurp(marker);
  cr_assert_str_eq(kept, "mine");
  cr_assert_not(exists_in(project, "anima.json"));
  free(kept);
  cli_run_free(&run);
  /* An existing plain file is refused the same way. */
  const char *over_file[] = {"new", marker, "--sample", "bell", NULL};
  run = cli_run_args(over_file);
  cr_assert_eq(run.status, 2);
  cli_run_free(&run);
  remove_flat(project);
  rmdir(root);
}

Test(cli_new, usage_errors) {
  use_test_samples();
  const char *unknown[] = {"new", "/tmp/anima-new-never", "--sample", "bel",
                           NULL};
  cli_run run = cli_run_args(unknown);
  cr_assert_eq(run.status, 2);
  cr_assert_not_null(strstr(run.err, "did you mean \"bell\""), "%s", run.err);
  cli_run_free(&run);
  const char *no_sample[] = {"new", "/tmp/anima-new-never", NULL};
  run = cli_run_args(no_sample);
  cr_assert_eq(run.status, 2);
  cli_run_free(&run);
  const char *no_directory[] = {"new", "--sample", "bell", NULL};
  run = cli_run_args(no_directory);
  cr_assert_eq(run.status, 2);
  cli_run_free(&run);
  const char *no_parent[] = {"new", "/nonexistent-anima/icon", "--sample",
                             "bell", NULL};
  run = cli_run_args(no_parent);
  cr_assert_eq(run.status, 2);
  cli_run_free(&run);
  struct stat status;
  cr_assert_neq(stat("/tmp/anima-new-never", &status), 0);
}

Test(cli_new, embedded_bell_is_the_example_and_validates) {
  cr_assert_eq(unsetenv("ANIMA_SAMPLE_DIR"), 0);
  /* The build embeds examples/bell.animl, or examples/bell.ani when there
   * is no .animl (tools/anima/templates/embed_samples.py). */
  char animl[4096], ani[4096];
  cli_source_path(animl, sizeof animl, "examples/bell.animl");
  cli_source_path(ani, sizeof ani, "examples/bell.ani");
  struct stat status;
  const char *example = stat(animl, &status) == 0 ? animl
                        : stat(ani, &status) == 0 ? ani
                                                  : NULL;
  char root[256], project[300];
  scratch(root, sizeof root, project, sizeof project);
  const char *arguments[] = {"new", project, "--sample", "bell", NULL};
  cli_run run = cli_run_args(arguments);
  if (!example) {
    cr_assert_eq(run.status, 2);
    cr_assert_not_null(strstr(run.err, "missing from this build"));
    cli_run_free(&run);
    rmdir(root);
    return;
  }
  cr_assert_eq(run.status, 0, "%s", run.err);
  const char *main_name = example == animl ? "main.animl" : "main.ani";
  char *expected = cli_slurp(example);
  char *source = read_in(project, main_name);
  cr_assert_str_eq(source, expected);
  cli_run_free(&run);
  /* The scaffolded project validates from inside its directory. */
  const char *validate[] = {"validate", main_name, NULL};
  run = cli_run_in(project, validate);
  cr_assert_eq(run.status, 0, "%s%s", run.out, run.err);
  free(expected);
  free(source);
  cli_run_free(&run);
  remove_flat(project);
  rmdir(root);
}
