/*
 * test_modules.c — finding and loading feature modules (module.h,
 * docs/MODULES.md "Loading"): a module built outside kernel/ adds a node
 * property; the search path is host directories, then ANIMA_MODULE_PATH,
 * then the install directory, first found wins; a feature is found by its
 * file name or, failing that, by the descriptors on the path;
 * anima_runtime_load_required loads exactly what a document requires;
 * every module seen is reported (what `anima modules` prints).
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <anima/module.h>

#define MODULE(file) ANIMA_TEST_MODULE_DIR "/" file

static anima_runtime *runtime;
static anima_diagnostics *diagnostics;

static void setup(void) {
  unsetenv("ANIMA_MODULE_PATH");
  runtime = anima_runtime_create();
  diagnostics = anima_diagnostics_create();
  cr_assert_not_null(runtime);
  cr_assert_not_null(diagnostics);
}

static void teardown(void) {
  anima_diagnostics_destroy(diagnostics);
  anima_runtime_destroy(runtime);
}

TestSuite(modules, .init = setup, .fini = teardown);

static const anima_diagnostic *only_diagnostic(void) {
  cr_assert_eq(anima_diagnostics_count(diagnostics), 1);
  return anima_diagnostics_get(diagnostics, 0);
}

static const anima_module_report *report_named(const char *name) {
  for (size_t i = 0; i < anima_runtime_module_count(runtime); i++) {
    const anima_module_report *report = anima_runtime_module_report(runtime, i);
    if (strcmp(report->name, name) == 0) {
      return report;
    }
  }
  return NULL;
}

Test(modules, a_module_adds_a_node_property) {
  const anima_registry *registry = anima_runtime_registry(runtime);
  cr_assert_eq(anima_registry_find_property(registry, "circle", "glow", false),
               -1);
  cr_assert_eq(anima_runtime_load_module_file(runtime, MODULE("anima-glow.so"),
                                              diagnostics),
               ANIMA_OK);
  cr_assert_eq(anima_diagnostics_count(diagnostics), 0);
  cr_assert(anima_runtime_has_feature(runtime, "glow"));
  long glow = anima_registry_find_property(registry, "circle", "glow", false);
  cr_assert_geq(glow, 0);
  const anima_property *property =
      anima_registry_property(registry, (size_t)glow);
  cr_assert_str_eq(property->feature, "glow");
  cr_assert_eq(property->maximum, 1);
  const anima_field *field =
      anima_registry_find_field(registry, "group", "glow");
  cr_assert_not_null(field);
  cr_assert_str_eq(field->feature, "glow");
}

Test(modules, loading_by_feature_name_uses_the_search_path) {
  setenv("ANIMA_MODULE_PATH", "/nonexistent:" ANIMA_TEST_MODULE_DIR, 1);
  cr_assert_eq(anima_runtime_load_module(runtime, "glow", diagnostics),
               ANIMA_OK);
  cr_assert(anima_runtime_has_feature(runtime, "glow"));
  /* Loading the same feature again is a no-op. */
  cr_assert_eq(anima_runtime_load_module(runtime, "glow", diagnostics),
               ANIMA_OK);
  cr_assert_eq(anima_diagnostics_count(diagnostics), 0);
  cr_assert_eq(anima_runtime_module_count(runtime), 1);
}

Test(modules, the_search_path_is_host_directories_then_the_environment) {
  setenv("ANIMA_MODULE_PATH", "/env/one::/env/two", 1);
  cr_assert_eq(anima_runtime_add_module_directory(runtime, "/host/one"),
               ANIMA_OK);
  cr_assert_eq(anima_runtime_add_module_directory(runtime, "/host/two"),
               ANIMA_OK);
  const char *directories[8];
  cr_assert_eq(anima_runtime_module_directories(runtime, directories, 8), 5);
  cr_assert_str_eq(directories[0], "/host/one");
  cr_assert_str_eq(directories[1], "/host/two");
  cr_assert_str_eq(directories[2], "/env/one"); /* the empty entry skipped */
  cr_assert_str_eq(directories[3], "/env/two");
  /* Last, the install directory: <libdir>/anima/modules-<ABI major>. */
  cr_assert_str_eq(directories[4], ANIMA_TEST_INSTALL_MODULE_DIR);
  cr_assert_not_null(strstr(directories[4], "/anima/modules-2"));
  /* A capacity of 0 still counts. */
  cr_assert_eq(anima_runtime_module_directories(runtime, NULL, 0), 5);
  cr_assert_eq(anima_runtime_add_module_directory(runtime, ""),
               ANIMA_ERROR_INVALID_ARGUMENT);
  cr_assert_eq(anima_runtime_add_module_directory(NULL, "/x"),
               ANIMA_ERROR_INVALID_ARGUMENT);
}

Test(modules, the_first_file_found_wins) {
  /* tests/modules/broken-dependency/anima-glow.so needs "sparkle", which
   * nothing provides; tests/modules/anima-glow.so is sound. A host
   * directory comes before ANIMA_MODULE_PATH. */
  setenv("ANIMA_MODULE_PATH", ANIMA_TEST_MODULE_DIR, 1);
  cr_assert_eq(
      anima_runtime_add_module_directory(runtime, MODULE("broken-dependency")),
      ANIMA_OK);
  cr_assert_eq(anima_runtime_load_module(runtime, "glow", diagnostics),
               ANIMA_ERROR_MODULE);
  cr_assert_not_null(strstr(only_diagnostic()->message,
                            "broken-dependency/anima-glow.so needs feature "
                            "\"sparkle\""),
                     "%s", only_diagnostic()->message);
  /* The other way round the sound glow loads. */
  anima_runtime *other = anima_runtime_create();
  setenv("ANIMA_MODULE_PATH", MODULE("broken-dependency"), 1);
  cr_assert_eq(anima_runtime_add_module_directory(other, ANIMA_TEST_MODULE_DIR),
               ANIMA_OK);
  cr_assert_eq(anima_runtime_load_module(other, "glow", NULL), ANIMA_OK);
  anima_runtime_destroy(other);
}

/* A fresh directory holding links to `count` module files of the test
 * module directory (`names`: file names); removed by remove_links. */
static void make_links(char *directory, const char *const *names,
                       size_t count) {
  cr_assert_not_null(mkdtemp(directory));
  for (size_t i = 0; i < count; i++) {
    char target[4096], link[4096];
    snprintf(target, sizeof target, "%s/%s", ANIMA_TEST_MODULE_DIR, names[i]);
    snprintf(link, sizeof link, "%s/%s", directory, names[i]);
    cr_assert_eq(symlink(target, link), 0);
  }
}

static void remove_links(const char *directory, const char *const *names,
                         size_t count) {
  for (size_t i = 0; i < count; i++) {
    char link[4096];
    snprintf(link, sizeof link, "%s/%s", directory, names[i]);
    unlink(link);
  }
  rmdir(directory);
}

Test(modules, loading_everything_skips_shadowed_copies) {
  /* glow and lights, then a directory with another glow. */
  const char *const names[] = {"anima-glow.so", "anima-lights.so"};
  char directory[] = "/tmp/anima-modules-XXXXXX";
  make_links(directory, names, 2);
  char path[8192];
  snprintf(path, sizeof path, "%s:%s", directory,
           ANIMA_TEST_MODULE_DIR "/broken-dependency");
  setenv("ANIMA_MODULE_PATH", path, 1);
  cr_assert_eq(anima_runtime_load_all_modules(runtime, diagnostics), ANIMA_OK);
  cr_assert_eq(anima_diagnostics_count(diagnostics), 0);
  cr_assert(anima_runtime_has_feature(runtime, "glow"));
  cr_assert(anima_runtime_has_feature(runtime, "halo"));
  cr_assert_eq(anima_runtime_module_count(runtime), 3);
  char first[4096];
  snprintf(first, sizeof first,
           "not loaded: module glow was found first at %s/anima-glow.so, "
           "earlier on the search path",
           directory);
  /* The copy in the later directory is reported, not loaded. */
  const anima_module_report *shadowed = NULL;
  for (size_t i = 0; i < anima_runtime_module_count(runtime); i++) {
    const anima_module_report *report = anima_runtime_module_report(runtime, i);
    if (strcmp(report->path, MODULE("broken-dependency/anima-glow.so")) == 0) {
      shadowed = report;
    }
  }
  cr_assert_not_null(shadowed);
  cr_assert_not(shadowed->loaded);
  cr_assert(shadowed->shadowed);
  cr_assert_str_eq(shadowed->error, first);
  remove_links(directory, names, 2);
}

Test(modules, a_feature_is_found_by_the_descriptor_that_provides_it) {
  /* No anima-halo.so exists: module "lights" provides "halo", and depends
   * on "glow", which loads first. */
  setenv("ANIMA_MODULE_PATH", ANIMA_TEST_MODULE_DIR, 1);
  cr_assert_eq(anima_runtime_load_module(runtime, "halo", diagnostics),
               ANIMA_OK);
  cr_assert_eq(anima_diagnostics_count(diagnostics), 0);
  cr_assert(anima_runtime_has_feature(runtime, "halo"));
  cr_assert(anima_runtime_has_feature(runtime, "lights"));
  cr_assert(anima_runtime_has_feature(runtime, "glow"));
  /* glow loaded first, and it runs first (lights depends on it). */
  cr_assert_eq(anima_runtime_module_count(runtime), 2);
  cr_assert_eq(report_named("glow")->rank, 1);
  cr_assert_eq(report_named("lights")->rank, 2);
}

Test(modules, a_missing_module_is_a_clear_error) {
  setenv("ANIMA_MODULE_PATH", ANIMA_TEST_MODULE_DIR, 1);
  cr_assert_eq(anima_runtime_load_module(runtime, "sparkle", diagnostics),
               ANIMA_ERROR_MODULE);
  const anima_diagnostic *d = only_diagnostic();
  cr_assert_str_eq(d->code, "module-load");
  cr_assert_eq(d->severity, ANIMA_SEVERITY_ERROR);
  cr_assert_str_eq(d->message,
                   "no module provides feature \"sparkle\" (looked for "
                   "anima-sparkle.so and the features of every module on the "
                   "search path)");
  cr_assert_not_null(strstr(d->hint, "ANIMA_MODULE_PATH"));
}

Test(modules, a_module_for_another_abi_is_refused) {
  cr_assert_eq(anima_runtime_load_module_file(
                   runtime, MODULE("broken-abi/anima-glow.so"), diagnostics),
               ANIMA_ERROR_MODULE);
  const anima_diagnostic *d = only_diagnostic();
  cr_assert_str_eq(d->code, "module-load");
  /* Major 99 with this header's minor (module.h ANIMA_MODULE_ABI_MINOR). */
  cr_assert_not_null(strstr(d->message, "ABI 99."), "%s", d->message);
  cr_assert_not_null(strstr(d->message, "broken-abi/anima-glow.so"), "%s",
                     d->message);
  cr_assert_not(anima_runtime_has_feature(runtime, "glow"));
}

Test(modules, a_module_built_for_abi_1_is_refused_saying_so) {
  cr_assert_eq(anima_runtime_load_module_file(
                   runtime, MODULE("broken/anima-abi-one.so"), diagnostics),
               ANIMA_ERROR_MODULE);
  const anima_diagnostic *d = only_diagnostic();
  cr_assert_str_eq(d->message,
                   "module " MODULE("broken/anima-abi-one.so") " was built for "
                                                               "module ABI 1, "
                                                               "which this "
                                                               "runtime no "
                                                               "longer loads "
                                                               "(it has no "
                                                               "symbol "
                                                               "anima_module_"
                                                               "abi_one_info)");
  cr_assert_not_null(strstr(d->hint, "docs/MODULES.md"));
}

Test(modules, a_file_that_is_not_a_module_is_refused) {
  cr_assert_eq(
      anima_runtime_load_module_file(runtime, "/nonexistent/x.so", diagnostics),
      ANIMA_ERROR_MODULE);
  cr_assert_str_eq(only_diagnostic()->code, "module-load");
}

Test(modules, a_second_copy_of_a_module_is_refused) {
  cr_assert_eq(anima_runtime_load_module_file(runtime, MODULE("anima-glow.so"),
                                              diagnostics),
               ANIMA_OK);
  cr_assert_eq(
      anima_runtime_load_module_file(
          runtime, MODULE("broken-dependency/anima-glow.so"), diagnostics),
      ANIMA_ERROR_MODULE);
  cr_assert_str_eq(
      only_diagnostic()->message,
      "module " MODULE("broken-dependency/anima-glow.so") " cannot be added: a "
                                                          "module named "
                                                          "\"glow\" is already "
                                                          "loaded from " MODULE(
                                                              "anima-glow.so"));
}

Test(modules, modules_load_only_before_the_first_model) {
  const char *document =
      "{\"anima\": \"0.1\", \"name\": \"dot\", \"grid\": 24, \"nodes\":"
      " [{\"id\": \"dot\", \"type\": \"circle\", \"center\": [12, 12],"
      " \"r\": 4, \"fill\": {\"color\": \"#000\"}}]}";
  anima_model *model = NULL;
  cr_assert_eq(anima_model_load(runtime, document, strlen(document),
                                diagnostics, &model),
               ANIMA_OK);
  cr_assert_eq(anima_runtime_load_module_file(runtime, MODULE("anima-glow.so"),
                                              diagnostics),
               ANIMA_ERROR_MODULE);
  cr_assert_str_eq(only_diagnostic()->hint,
                   "load modules before loading documents from the runtime");
  cr_assert_not(anima_runtime_has_feature(runtime, "glow"));
  anima_model_destroy(model);
}

Test(modules, every_module_seen_is_reported) {
  cr_assert_eq(anima_runtime_load_module_file(
                   runtime, MODULE("anima-lights.so"), diagnostics),
               ANIMA_ERROR_MODULE); /* glow is not on the path */
  setenv("ANIMA_MODULE_PATH", ANIMA_TEST_MODULE_DIR, 1);
  anima_diagnostics_clear(diagnostics);
  cr_assert_eq(anima_runtime_load_module_file(
                   runtime, MODULE("anima-lights.so"), diagnostics),
               ANIMA_OK);
  /* lights was seen first (refused, then loaded), then glow. */
  cr_assert_eq(anima_runtime_module_count(runtime), 2);
  const anima_module_report *lights = anima_runtime_module_report(runtime, 0);
  cr_assert_str_eq(lights->name, "lights");
  cr_assert_str_eq(lights->path, MODULE("anima-lights.so"));
  cr_assert_str_eq(lights->version, "2.1.0");
  cr_assert_str_eq(lights->license, "MIT");
  cr_assert_str_eq(lights->origin, "Anima tests");
  cr_assert_str_eq(lights->description, "A halo width on every node (a test).");
  cr_assert_str_eq(lights->features[0], "lights");
  cr_assert_str_eq(lights->features[1], "halo");
  cr_assert_null(lights->features[2]);
  cr_assert_str_eq(lights->depends[0], "glow");
  cr_assert_null(lights->depends[1]);
  cr_assert_null(lights->after[0]);
  cr_assert_eq(lights->abi_major, ANIMA_MODULE_ABI_MAJOR);
  cr_assert_eq(lights->abi_minor, ANIMA_MODULE_ABI_MINOR);
  cr_assert(lights->loaded);
  cr_assert_not(lights->shadowed);
  cr_assert_null(lights->error);
  cr_assert_eq(lights->rank, 2);
  const anima_module_report *glow = anima_runtime_module_report(runtime, 1);
  cr_assert_str_eq(glow->name, "glow");
  cr_assert_eq(glow->rank, 1);
  cr_assert_null(anima_runtime_module_report(runtime, 2));
}

/* ---- anima_runtime_load_required ----------------------------------------- */

#define REQUIRING(requires)                                                    \
  "{\"anima\": \"0.1\", \"name\": \"lit\", \"grid\": 24, "                     \
  "\"requires\": " requires ", \"nodes\": [{\"id\": \"dot\", \"type\": "       \
                            "\"circle\","                                      \
                            " \"center\": [12, 12], \"r\": 4, \"halo\": 2, "   \
                            "\"glow\": 0.5,"                                   \
                            " \"fill\": {\"color\": \"#000\"}}]}"

Test(modules, load_required_loads_exactly_what_a_document_requires) {
  /* corners is on the path too (the build's modules directory), but the
   * document does not require it. */
  setenv("ANIMA_MODULE_PATH",
         ANIMA_TEST_MODULE_DIR ":" ANIMA_BUILD_ROOT "/modules", 1);
  const char *document = REQUIRING("[\"knockout\", \"halo\", \"glow\"]");
  cr_assert_eq(anima_runtime_load_required(runtime, document, strlen(document),
                                           diagnostics),
               ANIMA_OK);
  cr_assert_eq(anima_diagnostics_count(diagnostics), 0);
  cr_assert(anima_runtime_has_feature(runtime, "halo"));
  cr_assert(anima_runtime_has_feature(runtime, "glow"));
  cr_assert_not(anima_runtime_has_feature(runtime, "corners"));
  cr_assert_eq(anima_runtime_module_count(runtime), 2);
  anima_model *model = NULL;
  cr_assert_eq(anima_model_load(runtime, document, strlen(document),
                                diagnostics, &model),
               ANIMA_OK);
  anima_model_destroy(model);
}

Test(modules, load_required_reports_what_it_cannot_load) {
  setenv("ANIMA_MODULE_PATH", ANIMA_TEST_MODULE_DIR, 1);
  const char *document = REQUIRING("[\"glow\", \"sparkle\"]");
  cr_assert_eq(anima_runtime_load_required(runtime, document, strlen(document),
                                           diagnostics),
               ANIMA_ERROR_MODULE);
  const anima_diagnostic *d = only_diagnostic();
  cr_assert_str_eq(d->code, "module-load");
  cr_assert_str_eq(d->pointer, "/requires/1");
  cr_assert_not_null(strstr(d->message, "no module provides feature "
                                        "\"sparkle\""));
  cr_assert(anima_runtime_has_feature(runtime, "glow"));
}

Test(modules, load_required_leaves_bad_documents_to_the_loader) {
  setenv("ANIMA_MODULE_PATH", ANIMA_TEST_MODULE_DIR, 1);
  const char *broken = "{\"requires\": [\"glow\"";
  cr_assert_eq(
      anima_runtime_load_required(runtime, broken, strlen(broken), diagnostics),
      ANIMA_OK);
  const char *odd = "{\"requires\": \"glow\"}";
  cr_assert_eq(
      anima_runtime_load_required(runtime, odd, strlen(odd), diagnostics),
      ANIMA_OK);
  cr_assert_eq(anima_diagnostics_count(diagnostics), 0);
  cr_assert_eq(anima_runtime_module_count(runtime), 0);
  cr_assert_eq(anima_runtime_load_required(runtime, NULL, 0, diagnostics),
               ANIMA_OK);
  cr_assert_eq(anima_runtime_load_required(runtime, NULL, 3, diagnostics),
               ANIMA_ERROR_INVALID_ARGUMENT);
}
