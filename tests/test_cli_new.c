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

/* `text` with its one occurrence of `old` replaced by `new` (the test
 * fails when `old` is missing). The caller frees it. */
static char *replace_once(const char *text, const char *old, const char *new) {
  const char *at = strstr(text, old);
  cr_assert_not_null(at, "\"%s\" not in the sample", old);
  size_t size = strlen(text) - strlen(old) + strlen(new) + 1;
  char *result = malloc(size);
  cr_assert_not_null(result);
  snprintf(result, size, "%.*s%s%s", (int)(at - text), text, new,
           at + strlen(old));
  return result;
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
  /* main.animl is the sample byte for byte, except that the document is
   * named after the directory "icon": name="icon", and the title "Icon"
   * is added after it (the sample has none). */
  cli_source_path(sample, sizeof sample, "tests/cli/samples/bell.animl");
  char *original = cli_slurp(sample);
  char *expected = replace_once(original, "name=\"placeholder-bell\"",
                                "name=\"icon\" title=\"Icon\"");
  free(original);
  char *source = read_in(project, "main.animl");
  cr_assert_str_eq(source, expected);
  cr_assert_not_null(strstr(run.out, "named \"icon\""), "%s", run.out);
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
  /* The JSON document is named after the directory too. */
  char *source = read_in(project, "main.ani");
  json_t *document = json_loads(source, 0, NULL);
  cr_assert_not_null(document, "%s", source);
  cr_assert_str_eq(json_string_value(json_object_get(document, "name")),
                   "icon");
  cr_assert_str_eq(json_string_value(json_object_get(document, "title")),
                   "Icon");
  json_decref(document);
  free(source);
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
  char *source = read_in(project, main_name);
  char *expected = cli_slurp(example);
  if (example == animl) {
    /* The example byte for byte, named after the directory "icon". */
    char *renamed = replace_once(expected, "name=\"bell\" title=\"Bell\"",
                                 "name=\"icon\" title=\"Icon\"");
    free(expected);
    expected = renamed;
    cr_assert_str_eq(source, expected);
  }
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

/* Runs `anima new <root>/<directory> --sample bell` with the test samples
 * and returns main.animl (the caller frees it); `run` keeps the output. */
static char *new_bell_in(const char *root, const char *directory,
                         cli_run *run) {
  use_test_samples();
  char project[600];
  snprintf(project, sizeof project, "%s/%s", root, directory);
  const char *arguments[] = {"new", project, "--sample", "bell", NULL};
  *run = cli_run_args(arguments);
  cr_assert_eq(run->status, 0, "%s", run->err);
  char *source = read_in(project, "main.animl");
  remove_flat(project);
  return source;
}

Test(cli_new, the_document_is_named_after_the_directory) {
  char root[256], unused[300];
  scratch(root, sizeof root, unused, sizeof unused);
  cli_run run;
  /* SPEC §2: name is ^[a-z0-9]+(-[a-z0-9]+)*$ and must not end in
   * -<digits>. "My Heart_2": spaces and "_" separate words, capitals are
   * lowercased, the trailing "-2" goes: "my-heart"; the title capitalises
   * each word: "My Heart". */
  char *source = new_bell_in(root, "My Heart_2", &run);
  cr_assert_not_null(strstr(source, "<anima version=\"0.1\" name=\"my-heart\" "
                                    "title=\"My Heart\" grid=\"20\">"),
                     "%s", source);
  free(source);
  cli_run_free(&run);
  /* "likeButton": a lowercase-to-uppercase step separates words. */
  source = new_bell_in(root, "likeButton", &run);
  cr_assert_not_null(strstr(source, "name=\"like-button\" "
                                    "title=\"Like Button\""),
                     "%s", source);
  free(source);
  cli_run_free(&run);
  /* "___" has no letter or digit: the sample keeps its name, with a note. */
  source = new_bell_in(root, "___", &run);
  cr_assert_not_null(strstr(source, "name=\"placeholder-bell\" grid="), "%s",
                     source);
  cr_assert_not_null(strstr(run.err, "keeps the sample's name"), "%s", run.err);
  free(source);
  cli_run_free(&run);
  rmdir(root);
}

Test(cli_new, a_renamed_embedded_sample_validates) {
  cr_assert_eq(unsetenv("ANIMA_SAMPLE_DIR"), 0);
  char root[256], project[300];
  scratch(root, sizeof root, project, sizeof project);
  snprintf(project, sizeof project, "%s/heart", root);
  /* The report's case: `anima new heart --sample bell`, then validate from
   * inside the project (anima.json gives the file). */
  const char *arguments[] = {"new", project, "--sample", "bell", NULL};
  cli_run run = cli_run_args(arguments);
  if (run.status == 2 && strstr(run.err, "missing from this build")) {
    cli_run_free(&run);
    rmdir(root);
    return; /* a build without examples/ (checked by the test above) */
  }
  cr_assert_eq(run.status, 0, "%s", run.err);
  cli_run_free(&run);
  char *source = read_in(project, "main.animl");
  cr_assert_not_null(strstr(source, "name=\"heart\" title=\"Heart\""), "%s",
                     source);
  free(source);
  const char *validate[] = {"validate", NULL};
  run = cli_run_in(project, validate);
  cr_assert_eq(run.status, 0, "%s%s", run.out, run.err);
  cr_assert_not_null(strstr(run.out, "main.animl: valid"), "%s", run.out);
  cli_run_free(&run);
  remove_flat(project);
  rmdir(root);
}

Test(cli_new, every_sample_of_the_help_is_accepted) {
  cr_assert_eq(unsetenv("ANIMA_SAMPLE_DIR"), 0);
  /* `anima help` and `anima new --help` print the same list, and `new`
   * accepts each name on it (docs/EXAMPLES.md presents five). */
  const char *help[] = {"help", NULL};
  cli_run overview = cli_run_args(help);
  const char *new_help[] = {"new", "--help", NULL};
  cli_run own = cli_run_args(new_help);
  cr_assert_eq(overview.status, 0);
  cr_assert_eq(own.status, 0);
  const char *samples[] = {"bell", "switch", "progress", "moon", "trash"};
  char root[256], project[300];
  scratch(root, sizeof root, project, sizeof project);
  for (size_t i = 0; i < sizeof samples / sizeof samples[0]; i++) {
    cr_assert_not_null(strstr(overview.out, samples[i]), "%s", overview.out);
    cr_assert_not_null(strstr(own.out, samples[i]), "%s", own.out);
    const char *arguments[] = {"new", project, "--sample", samples[i], NULL};
    cli_run run = cli_run_args(arguments);
    cr_assert_eq(run.status, 0, "%s: %s", samples[i], run.err);
    cli_run_free(&run);
    remove_flat(project);
  }
  cr_assert_not_null(strstr(overview.out, "sample: bell, switch, progress, "
                                          "moon, trash\n"),
                     "%s", overview.out);
  cr_assert_not_null(strstr(own.out, "Samples: bell switch progress moon "
                                     "trash\n"),
                     "%s", own.out);
  cli_run_free(&overview);
  cli_run_free(&own);
  rmdir(root);
}
