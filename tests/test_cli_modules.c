/*
 * test_cli_modules.c — modules in the CLI (docs/CLI.md "Modules", "anima
 * modules"): `anima modules [--format=json]` lists every module found and
 * why one did not load; `--module FILE` loads a module file first for
 * every command that loads documents.
 */
#include "test_cli_support.h"

#define MODULE(file) ANIMA_TEST_MODULE_DIR "/" file

/* A document that needs the glow module (tests/modules/glow.c). */
static const char *glow_document(char *path, size_t size) {
  snprintf(path, size, "%s/tests/cli-modules-glow.ani", ANIMA_BUILD_ROOT);
  FILE *file = fopen(path, "w");
  cr_assert_not_null(file);
  fputs("{\"anima\": \"0.1\", \"name\": \"glowing\", \"grid\": 24,"
        " \"requires\": [\"glow\"], \"nodes\": [{\"id\": \"dot\","
        " \"type\": \"circle\", \"center\": [12, 12], \"r\": 4,"
        " \"glow\": 0.5, \"fill\": {\"color\": \"#000\"}}]}\n",
        file);
  fclose(file);
  return path;
}

/* A fresh directory holding only a link to the build's corners module
 * (so ranks and listings do not depend on what else modules/ holds). */
static void corners_directory(char *directory) {
  cr_assert_not_null(mkdtemp(directory));
  char link[4096];
  snprintf(link, sizeof link, "%s/anima-corners.so", directory);
  cr_assert_eq(symlink(ANIMA_BUILD_ROOT "/modules/anima-corners.so", link), 0);
}

static void remove_corners_directory(const char *directory) {
  char link[4096];
  snprintf(link, sizeof link, "%s/anima-corners.so", directory);
  unlink(link);
  rmdir(directory);
}

static const json_t *module_named(const json_t *modules, const char *name) {
  size_t index;
  const json_t *module;
  json_array_foreach(modules, index, module) {
    if (strcmp(json_string_value(json_object_get(module, "name")), name) == 0) {
      return module;
    }
  }
  cr_assert_fail("no module %s", name);
  return NULL;
}

Test(cli_modules, lists_every_module_and_why_one_did_not_load) {
  char directory[] = "/tmp/anima-cli-modules-XXXXXX";
  corners_directory(directory);
  char path[4096];
  snprintf(path, sizeof path, "%s:%s", directory,
           ANIMA_TEST_MODULE_DIR "/broken");
  setenv("ANIMA_MODULE_PATH", path, 1);
  const char *arguments[] = {"modules", "--format=json", NULL};
  cli_run run = cli_run_args(arguments);
  /* Some of tests/modules/broken did not load: exit 1. */
  cr_assert_eq(run.status, 1, "%s", run.err);
  cr_assert_str_eq(run.err, "");
  json_t *root = cli_run_json(&run);
  const json_t *search = json_object_get(root, "searchPath");
  cr_assert_str_eq(json_string_value(json_array_get(search, 0)), directory);
  cr_assert_str_eq(json_string_value(json_array_get(search, 1)),
                   ANIMA_TEST_MODULE_DIR "/broken");
  cr_assert_str_eq(json_string_value(json_array_get(search, 2)),
                   ANIMA_TEST_INSTALL_MODULE_DIR);
  const json_t *modules = json_object_get(root, "modules");
  /* corners (modules/corners/corners.c): its descriptor; loaded first, no
   * module orders it after another: stage order 1. */
  const json_t *corners = module_named(modules, "corners");
  cr_assert_str_eq(json_string_value(json_object_get(corners, "version")),
                   "2.0.0");
  cr_assert_str_eq(json_string_value(json_object_get(corners, "abi")), "2.0");
  cr_assert_str_eq(json_string_value(json_object_get(corners, "license")),
                   "MIT");
  cr_assert_str_eq(json_string_value(
                       json_array_get(json_object_get(corners, "features"), 0)),
                   "corners");
  char corners_path[4096];
  snprintf(corners_path, sizeof corners_path, "%s/anima-corners.so", directory);
  cr_assert_str_eq(json_string_value(json_object_get(corners, "path")),
                   corners_path);
  cr_assert(json_is_true(json_object_get(corners, "loaded")));
  cr_assert_eq(json_integer_value(json_object_get(corners, "rank")), 1);
  cr_assert(json_is_null(json_object_get(corners, "error")));
  /* after-a runs after "after-b" (tests/modules/broken.c). */
  const json_t *after_a = module_named(modules, "after-a");
  cr_assert_str_eq(
      json_string_value(json_array_get(json_object_get(after_a, "after"), 0)),
      "after-b");
  /* needs-wrong-abi: a dependency's own reason. */
  const json_t *needs = module_named(modules, "needs-wrong-abi");
  cr_assert(json_is_false(json_object_get(needs, "loaded")));
  cr_assert(json_is_null(json_object_get(needs, "rank")));
  cr_assert_str_eq(
      json_string_value(json_array_get(json_object_get(needs, "depends"), 0)),
      "wrong-abi");
  cr_assert_not_null(
      strstr(json_string_value(json_object_get(needs, "error")),
             "was built for module ABI 99.0; this runtime provides 2.0"));
  /* wrong-abi: only what every ABI's descriptor begins with is read. */
  const json_t *wrong = module_named(modules, "wrong-abi");
  cr_assert_str_eq(json_string_value(json_object_get(wrong, "abi")), "99.0");
  cr_assert(json_is_null(json_object_get(wrong, "version")));
  json_decref(root);
  cli_run_free(&run);
  remove_corners_directory(directory);
}

Test(cli_modules, the_text_listing) {
  char directory[] = "/tmp/anima-cli-modules-XXXXXX";
  corners_directory(directory);
  setenv("ANIMA_MODULE_PATH", directory, 1);
  const char *arguments[] = {"modules", NULL};
  cli_run run = cli_run_args(arguments);
  cr_assert_eq(run.status, 0, "%s", run.err);
  char expected[8192];
  snprintf(expected, sizeof expected,
           "search path:\n  %s\n  %s\n\n"
           "corners 2.0.0: loaded (stage order 1)\n"
           "  Rectangle corner radii (SPEC paint chapter, \"Rectangle corner "
           "radii\").\n"
           "  features  corners\n  depends   -\n  after     -\n"
           "  abi       2.0\n  license   MIT\n  origin    Anima\n"
           "  path      %s/anima-corners.so\n",
           directory, ANIMA_TEST_INSTALL_MODULE_DIR, directory);
  cr_assert_str_eq(run.out, expected);
  cli_run_free(&run);
  remove_corners_directory(directory);
}

Test(cli_modules, module_files_load_first_for_document_commands) {
  setenv("ANIMA_MODULE_PATH", "/nonexistent-anima", 1);
  char path[4096];
  glow_document(path, sizeof path);
  /* Without the module the document's feature is unknown. */
  const char *bare[] = {"validate", path, NULL};
  cli_run run = cli_run_args(bare);
  cr_assert_eq(run.status, 1);
  cr_assert_not_null(strstr(run.err, "error[unknown-feature]"), "%s", run.err);
  /* The CLI's hint names its ways to find a module (review finding 11). */
  cr_assert_not_null(strstr(run.err, "`anima modules`"), "%s", run.err);
  cr_assert_not_null(strstr(run.err, "ANIMA_MODULE_PATH"), "%s", run.err);
  cr_assert_not_null(strstr(run.err, "--module FILE"), "%s", run.err);
  cli_run_free(&run);
  /* Both spellings, before or after the file. */
  const char *spaced[] = {"validate", "--module", MODULE("anima-glow.so"), path,
                          NULL};
  run = cli_run_args(spaced);
  cr_assert_eq(run.status, 0, "%s%s", run.out, run.err);
  cli_run_free(&run);
  const char *joined[] = {"inspect", path, "--module=" MODULE("anima-glow.so"),
                          "--format=json", NULL};
  run = cli_run_args(joined);
  cr_assert_eq(run.status, 0, "%s%s", run.out, run.err);
  cli_run_free(&run);
  /* `anima modules` lists it, with its path. */
  const char *listed[] = {"modules", "--module", MODULE("anima-glow.so"), NULL};
  run = cli_run_args(listed);
  cr_assert_eq(run.status, 0, "%s", run.err);
  cr_assert_not_null(strstr(run.out, "\nglow 1.0.0: loaded"), "%s", run.out);
  cli_run_free(&run);
}

Test(cli_modules, a_module_file_that_fails_stops_the_command) {
  setenv("ANIMA_MODULE_PATH", "/nonexistent-anima", 1);
  char path[4096];
  glow_document(path, sizeof path);
  const char *missing[] = {"validate", path, "--module",
                           "/nonexistent-anima/anima-glow.so", NULL};
  cli_run run = cli_run_args(missing);
  cr_assert_eq(run.status, 2);
  cr_assert_not_null(strstr(run.err, "anima: cannot read module "
                                     "/nonexistent-anima/anima-glow.so: "),
                     "%s", run.err);
  cli_run_free(&run);
  const char *broken[] = {"render",   path,
                          "-o",       "/tmp/x.svg",
                          "--module", MODULE("broken/anima-fails-init.so"),
                          NULL};
  run = cli_run_args(broken);
  cr_assert_eq(run.status, 1);
  cr_assert_not_null(strstr(run.err,
                            "anima: error[module-load]: module " MODULE(
                                "broken/anima-fails-init.so") " failed "
                                                              "to "
                                                              "initia"
                                                              "lise"),
                     "%s", run.err);
  cli_run_free(&run);
  const char *empty[] = {"validate", path, "--module", NULL};
  run = cli_run_args(empty);
  cr_assert_eq(run.status, 2);
  cr_assert_str_eq(run.err, "anima validate: --module needs a module file\n");
  cli_run_free(&run);
}

/* Review finding 8: a --module file that is not a module. Each exits 1
 * (docs/CLI.md: a module that does not load), `anima modules` included,
 * which lists it as not loaded with the module-load message; a file that
 * does not exist exits 2. A bare file name is the file in the working
 * directory (it used to go to dlopen's library search). */
Test(cli_modules, files_that_are_not_modules_are_listed_as_failed) {
  setenv("ANIMA_MODULE_PATH", "/nonexistent-anima", 1);
  char directory[] = "/tmp/anima-cli-not-modules-XXXXXX";
  cr_assert_not_null(mkdtemp(directory));
  char not_elf[4200], empty[4200], folder[4200], glow[4200];
  snprintf(not_elf, sizeof not_elf, "%s/notelf.so", directory);
  snprintf(empty, sizeof empty, "%s/anima-empty.so", directory);
  snprintf(folder, sizeof folder, "%s/anima-dir.so", directory);
  snprintf(glow, sizeof glow, "%s/anima-glow.so", directory);
  FILE *file = fopen(not_elf, "w");
  cr_assert_not_null(file);
  fputs("no\n", file);
  fclose(file);
  file = fopen(empty, "w");
  cr_assert_not_null(file);
  fclose(file);
  cr_assert_eq(mkdir(folder, 0700), 0);
  cr_assert_eq(symlink(MODULE("anima-glow.so"), glow), 0);
  char document[4096];
  glow_document(document, sizeof document);
  const char *files[] = {"/dev/null", not_elf, empty, folder};
  for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
    const char *listed[] = {"modules", "--format=json", "--module", files[i],
                            NULL};
    cli_run run = cli_run_args(listed);
    cr_expect_eq(run.status, 1, "%s: %s", files[i], run.err);
    json_t *root = cli_run_json(&run);
    size_t index;
    json_t *module;
    bool found = false;
    json_array_foreach(json_object_get(root, "modules"), index, module) {
      const char *path = json_string_value(json_object_get(module, "path"));
      if (path && strcmp(path, files[i]) == 0) {
        found = true;
        cr_expect(json_is_false(json_object_get(module, "loaded")));
        cr_expect(json_is_string(json_object_get(module, "error")));
      }
    }
    cr_expect(found, "%s is not listed: %s", files[i], run.out);
    json_decref(root);
    cli_run_free(&run);
    const char *validate[] = {"validate", document, "--module", files[i],
                              "--module", glow,     NULL};
    run = cli_run_args(validate);
    cr_expect_eq(run.status, 1, "%s: %s", files[i], run.err);
    cr_expect_not_null(strstr(run.err, "error[module-load]"), "%s", run.err);
    cli_run_free(&run);
  }
  const char *missing[] = {"modules", "--module", "/nonexistent-anima.so",
                           NULL};
  cli_run run = cli_run_args(missing);
  cr_expect_eq(run.status, 2, "%s", run.err);
  cli_run_free(&run);
  const char *bare[] = {"modules", "--module", "anima-glow.so", NULL};
  run = cli_run_in(directory, bare);
  cr_expect_eq(run.status, 0, "%s", run.err);
  cr_expect_not_null(strstr(run.out, "\nglow 1.0.0: loaded"), "%s", run.out);
  cli_run_free(&run);
  unlink(not_elf);
  unlink(empty);
  unlink(glow);
  rmdir(folder);
  rmdir(directory);
}

Test(cli_modules, every_document_command_documents_the_option) {
  const char *commands[] = {
      "bench", "build",  "decompile", "fmt",    "import",  "inspect", "modules",
      "new",   "render", "sample",    "schema", "session", "validate"};
  for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
    const char *arguments[] = {commands[i], "--help", NULL};
    cli_run run = cli_run_args(arguments);
    cr_assert_eq(run.status, 0, "%s", commands[i]);
    cr_assert_not_null(strstr(run.out, "--module FILE"), "%s --help: %s",
                       commands[i], run.out);
    cli_run_free(&run);
  }
  /* compare reads PNG files only. */
  const char *compare[] = {"compare", "--module", "x", "a.png", "b.png", NULL};
  cli_run run = cli_run_args(compare);
  cr_assert_eq(run.status, 2);
  cli_run_free(&run);
}

Test(cli_modules, the_listing_follows_the_search_path_and_file_names) {
  /* A directory with links to the build's ik, machine and rig modules, by
   * name ik < machine < rig; ik depends on rig, machine on nothing. The
   * runtime loads rig for ik before it reaches machine's file, but the
   * listing goes by file name (docs/CLI.md "modules"): ik, machine, rig
   * (before: ik, rig, machine, where ik pulled its dependency in). The
   * test modules' broken directory, the second entry of the search path,
   * comes after all three. */
  char directory[] = "/tmp/anima-cli-modules-order-XXXXXX";
  cr_assert_not_null(mkdtemp(directory));
  const char *names[] = {"rig", "ik", "machine"};
  char link[4096], target[4096];
  for (size_t i = 0; i < 3; i++) {
    snprintf(target, sizeof target, "%s/modules/anima-%s.so", ANIMA_BUILD_ROOT,
             names[i]);
    snprintf(link, sizeof link, "%s/anima-%s.so", directory, names[i]);
    cr_assert_eq(symlink(target, link), 0);
  }
  char path[4096];
  snprintf(path, sizeof path, "%s:%s", directory,
           ANIMA_TEST_MODULE_DIR "/broken");
  setenv("ANIMA_MODULE_PATH", path, 1);
  for (int json = 0; json < 2; json++) {
    const char *arguments[] = {"modules", json ? "--format=json" : NULL, NULL};
    cli_run run = cli_run_args(arguments);
    if (json) {
      json_t *result = cli_run_json(&run);
      const json_t *modules = json_object_get(result, "modules");
      cr_assert_geq(json_array_size(modules), 4, "%s", run.out);
      const char *expected[] = {"ik", "machine", "rig"};
      for (size_t i = 0; i < 3; i++) {
        cr_expect_str_eq(json_string_value(json_object_get(
                             json_array_get(modules, i), "name")),
                         expected[i]);
      }
      json_decref(result);
    } else {
      const char *ik = strstr(run.out, "\nik ");
      const char *machine = strstr(run.out, "\nmachine ");
      const char *rig = strstr(run.out, "\nrig ");
      cr_assert(ik && machine && rig, "%s", run.out);
      cr_expect(ik < machine && machine < rig, "%s", run.out);
    }
    cli_run_free(&run);
  }
  unsetenv("ANIMA_MODULE_PATH");
  for (size_t i = 0; i < 3; i++) {
    snprintf(link, sizeof link, "%s/anima-%s.so", directory, names[i]);
    unlink(link);
  }
  rmdir(directory);
}
