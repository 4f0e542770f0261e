/*
 * test_module_refusals.c — a deliberately broken module of every kind
 * (tests/modules/broken.c) gets one precise `module-load` diagnostic and
 * changes nothing: the registry is as before (features, kinds, fields,
 * properties, codes, behaviours), the library is unloaded, and a document
 * requiring the module's feature gets `unknown-feature` (issue 9 bars; the
 * design sketch's D1 and D9; docs/MODULES.md "Loading").
 */
#include <criterion/criterion.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <anima/module.h>

#include "registry_internal.h"

#define BROKEN(name) ANIMA_TEST_MODULE_DIR "/broken/anima-" name ".so"
#define GLOW ANIMA_TEST_MODULE_DIR "/anima-glow.so"

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

TestSuite(refusals, .init = setup, .fini = teardown);

/* Everything a module could have added to the registry. */
typedef struct registry_counts {
  size_t features, kinds, properties, codes, foreign_names, node_fields;
  size_t behaviours[ANIMA_BEHAVIOUR_KIND_COUNT];
} registry_counts;

static registry_counts count_registry(void) {
  const anima_registry *registry = anima_runtime_registry(runtime);
  registry_counts counts = {
      .features = anima_registry_feature_count(registry),
      .kinds = anima_registry_kind_count(registry),
      .properties = anima_registry_property_count(registry),
      .codes = anima_registry_code_count(registry),
      .foreign_names = anima_registry_foreign_name_count(registry),
  };
  anima_registry_fields(registry, "node", &counts.node_fields);
  for (size_t kind = 0; kind < ANIMA_BEHAVIOUR_KIND_COUNT; kind++) {
    counts.behaviours[kind] =
        anima_registry_behaviour_count(registry, (anima_behaviour_kind)kind);
  }
  return counts;
}

static void expect_same_registry(const registry_counts *before) {
  registry_counts after = count_registry();
  cr_assert_eq(after.features, before->features);
  cr_assert_eq(after.kinds, before->kinds);
  cr_assert_eq(after.properties, before->properties);
  cr_assert_eq(after.codes, before->codes);
  cr_assert_eq(after.foreign_names, before->foreign_names);
  cr_assert_eq(after.node_fields, before->node_fields);
  for (size_t kind = 0; kind < ANIMA_BEHAVIOUR_KIND_COUNT; kind++) {
    cr_assert_eq(after.behaviours[kind], before->behaviours[kind], "kind %zu",
                 kind);
  }
}

/* Is the library at `path` mapped in this process? */
static bool library_loaded(const char *path) {
  void *handle = dlopen(path, RTLD_LAZY | RTLD_NOLOAD);
  if (handle) {
    dlclose(handle);
  }
  return handle != NULL;
}

/* A document requiring `feature` gets unknown-feature at /requires/0. */
static void expect_unknown_feature(const char *feature) {
  char document[512];
  snprintf(document, sizeof document,
           "{\"anima\": \"0.1\", \"name\": \"probe\", \"requires\": [\"%s\"],"
           " \"nodes\": [{\"id\": \"dot\", \"type\": \"circle\", \"r\": 1,"
           " \"fill\": {\"color\": \"#000\"}}]}",
           feature);
  anima_diagnostics *found = anima_diagnostics_create();
  anima_model *model = NULL;
  cr_assert_eq(
      anima_model_load(runtime, document, strlen(document), found, &model),
      ANIMA_ERROR_INVALID_DOCUMENT);
  cr_assert_null(model);
  const anima_diagnostic *first = anima_diagnostics_get(found, 0);
  cr_assert_str_eq(first->code, "unknown-feature");
  cr_assert_str_eq(first->pointer, "/requires/0");
  anima_diagnostics_destroy(found);
}

/* Loads `path`, expects exactly one module-load error containing each of
 * `needles` (NULL-terminated), the registry unchanged, the library
 * unloaded and the module's report saying why. Returns the message. */
static const char *expect_refused(const char *path,
                                  const char *const *needles) {
  registry_counts before = count_registry();
  cr_assert_eq(anima_runtime_load_module_file(runtime, path, diagnostics),
               ANIMA_ERROR_MODULE);
  cr_assert_eq(anima_diagnostics_count(diagnostics), 1);
  const anima_diagnostic *d = anima_diagnostics_get(diagnostics, 0);
  cr_assert_str_eq(d->code, "module-load");
  cr_assert_eq(d->severity, ANIMA_SEVERITY_ERROR);
  cr_assert_str_eq(d->pointer, "");
  cr_assert_not_null(strstr(d->message, path), "%s", d->message);
  for (const char *const *needle = needles; *needle; needle++) {
    cr_assert_not_null(strstr(d->message, *needle), "no «%s» in: %s", *needle,
                       d->message);
  }
  expect_same_registry(&before);
  cr_assert_not(library_loaded(path), "%s stayed loaded", path);
  const anima_module_report *report = NULL;
  for (size_t i = 0; i < anima_runtime_module_count(runtime); i++) {
    const anima_module_report *r = anima_runtime_module_report(runtime, i);
    if (r->path && strcmp(r->path, path) == 0) {
      report = r;
    }
  }
  cr_assert_not_null(report);
  cr_assert_not(report->loaded);
  cr_assert_not(report->shadowed);
  cr_assert_eq(report->rank, 0);
  cr_assert_str_eq(report->error, d->message);
  return d->message;
}

Test(refusals, a_module_whose_init_fails_leaves_nothing_registered) {
  /* D1: fails-init registers the field, property, code and check "flare",
   * then the field again, which the registry refuses; init returns that
   * error. */
  const char *const needles[] = {"failed to initialise (invalid argument)",
                                 "cannot register field \"flare\"",
                                 "kind \"node\" already has a field \"flare\" "
                                 "(from feature fails-init)",
                                 "nothing of it was registered", NULL};
  expect_refused(BROKEN("fails-init"), needles);
  const anima_registry *registry = anima_runtime_registry(runtime);
  cr_assert_not(anima_runtime_has_feature(runtime, "fails-init"));
  cr_assert_null(anima_registry_find_field(registry, "node", "flare"));
  cr_assert_eq(anima_registry_find_property(registry, "circle", "flare", false),
               -1);
  cr_assert_null(anima_registry_find_code(registry, "flare-too-bright"));
  expect_unknown_feature("fails-init");
}

Test(refusals, a_module_for_another_abi) {
  /* ABI 99 with this header's minor (ANIMA_MODULE_ABI_MINOR is 0). */
  const char *const needles[] = {"was built for module ABI 99.0; this runtime "
                                 "provides 2.0",
                                 NULL};
  expect_refused(BROKEN("wrong-abi"), needles);
  cr_assert_str_eq(anima_diagnostics_get(diagnostics, 0)->hint,
                   "rebuild the module against this version of module.h");
  const anima_module_report *report = anima_runtime_module_report(runtime, 0);
  cr_assert_eq(report->abi_major, 99);
  cr_assert_str_eq(report->name, "wrong-abi"); /* from the file name */
  expect_unknown_feature("wrong-abi");
}

Test(refusals, a_module_whose_descriptor_names_another_module) {
  /* D8: the file name must equal the descriptor's name. */
  const char *const needles[] = {"calls itself \"right-name\"", NULL};
  expect_refused(BROKEN("wrong-name"), needles);
  cr_assert_str_eq(anima_diagnostics_get(diagnostics, 0)->hint,
                   "a module file is named anima-<name>.so after the name in "
                   "its descriptor");
  expect_unknown_feature("wrong-name");
}

Test(refusals, a_module_providing_a_feature_another_module_provides) {
  cr_assert_eq(anima_runtime_load_module_file(runtime, GLOW, diagnostics),
               ANIMA_OK);
  const char *const needles[] = {"provides feature \"glow\", which is already "
                                 "provided by glow",
                                 NULL};
  expect_refused(BROKEN("duplicate-feature"), needles);
  cr_assert(anima_runtime_has_feature(runtime, "glow"));
  expect_unknown_feature("duplicate-feature");
}

static anima_status do_nothing(const anima_host *host,
                               anima_registrar *registrar) {
  (void)host, (void)registrar;
  return ANIMA_OK;
}
static const char *const knockout_features[] = {"shadow", "knockout", NULL};
ANIMA_MODULE_DEFINE(shadow, .name = "shadow", .features = knockout_features,
                    .init = do_nothing);

Test(refusals, a_module_providing_a_core_feature) {
  registry_counts before = count_registry();
  cr_assert_eq(anima_runtime_add_static_module(
                   runtime, &anima_module_shadow_info, diagnostics),
               ANIMA_ERROR_MODULE);
  cr_assert_str_eq(anima_diagnostics_get(diagnostics, 0)->message,
                   "module shadow provides feature \"knockout\", which is "
                   "already provided by the core format");
  expect_same_registry(&before);
}

Test(refusals, a_hook_for_a_feature_the_module_does_not_provide) {
  /* docs/MODULES.md "Features": an entry's feature must be the module's
   * own (or alternatives including one of its own). */
  const char *const needles[] = {
      "cannot register outline hook \"circle\": its feature \"sparkle\" is "
      "not one this module provides (it provides \"undeclared-hook\")",
      NULL};
  expect_refused(BROKEN("undeclared-hook"), needles);
  expect_unknown_feature("undeclared-hook");
}

Test(refusals, modules_that_run_after_each_other) {
  /* after-a runs after "after-b" (absent: no edge yet), so it loads;
   * after-b runs after "after-a": a cycle, refused naming both. */
  cr_assert_eq(
      anima_runtime_load_module_file(runtime, BROKEN("after-a"), diagnostics),
      ANIMA_OK);
  const char *const needles[] = {
      "cannot be ordered: modules after-b and after-a would each run before "
      "the other within a stage (after-a runs after after-b (its `after` "
      "names \"after-b\"); after-b runs after after-a (its `after` names "
      "\"after-a\"))",
      NULL};
  expect_refused(BROKEN("after-b"), needles);
  cr_assert(anima_runtime_has_feature(runtime, "after-a"));
  cr_assert(library_loaded(BROKEN("after-a")));
  expect_unknown_feature("after-b");
}

Test(refusals, modules_that_depend_on_each_other) {
  /* cycle-a depends on "cycle-b", which depends on "cycle-a": neither
   * loads, and the innermost reason names both. */
  setenv("ANIMA_MODULE_PATH", ANIMA_TEST_MODULE_DIR "/broken", 1);
  const char *message = expect_refused(
      BROKEN("cycle-a"),
      (const char *const[]){"needs feature \"cycle-b\", which could not be "
                            "loaded",
                            "modules cycle-a and cycle-b depend on each "
                            "other (cycle-a → cycle-b → cycle-a)",
                            NULL});
  (void)message;
  cr_assert_not(anima_runtime_has_feature(runtime, "cycle-b"));
  cr_assert_not(library_loaded(BROKEN("cycle-b")));
  expect_unknown_feature("cycle-a");
}

Test(refusals, a_dependency_keeps_its_own_reason) {
  /* D9: needs-wrong-abi depends on "wrong-abi", found on the path but
   * built for ABI 99: the message carries that reason, not just "could
   * not be loaded". */
  setenv("ANIMA_MODULE_PATH", ANIMA_TEST_MODULE_DIR "/broken", 1);
  const char *const needles[] = {
      "needs feature \"wrong-abi\", which could not be loaded: module " BROKEN(
          "wrong-abi") " was built for module ABI 99.0",
      NULL};
  expect_refused(BROKEN("needs-wrong-abi"), needles);
  cr_assert_str_eq(anima_diagnostics_get(diagnostics, 0)->hint,
                   "rebuild the module against this version of module.h");
}

/* Makes `directory`/anima-<name>.so a symbolic link to `target`. */
static void link_module(const char *directory, const char *name,
                        const char *target) {
  char path[4096];
  snprintf(path, sizeof path, "%s/anima-%s.so", directory, name);
  cr_assert_eq(symlink(target, path), 0, "%s", path);
}

Test(refusals, every_module_of_a_large_directory_is_tried) {
  /* D9: 299 files before anima-glow.so in name order (a000 .. a298, links
   * to glow, which exports no anima_module_aNNN_info): each is refused by
   * name, and the 300th, glow itself, still loads (ABI 1 read 256). */
  char directory[] = "/tmp/anima-many-modules-XXXXXX";
  cr_assert_not_null(mkdtemp(directory));
  char name[16];
  for (int i = 0; i < 299; i++) {
    snprintf(name, sizeof name, "a%03d", i);
    link_module(directory, name, GLOW);
  }
  link_module(directory, "glow", GLOW);
  setenv("ANIMA_MODULE_PATH", directory, 1);
  cr_assert_eq(anima_runtime_load_all_modules(runtime, diagnostics),
               ANIMA_ERROR_MODULE);
  cr_assert(anima_runtime_has_feature(runtime, "glow"));
  size_t refused = 0, seen = 0;
  for (size_t i = 0; i < anima_runtime_module_count(runtime); i++) {
    const anima_module_report *report = anima_runtime_module_report(runtime, i);
    if (strncmp(report->path, directory, strlen(directory)) != 0) {
      continue;
    }
    seen++;
    refused += !report->loaded;
  }
  cr_assert_eq(seen, 300);
  cr_assert_eq(refused, 299);
  cr_assert_not_null(strstr(anima_diagnostics_get(diagnostics, 298)->message,
                            "does not export the symbol "
                            "anima_module_a298_info"));
  for (int i = 0; i < 299; i++) {
    char path[4096];
    snprintf(path, sizeof path, "%s/anima-a%03d.so", directory, i);
    unlink(path);
  }
  char glow[4096];
  snprintf(glow, sizeof glow, "%s/anima-glow.so", directory);
  unlink(glow);
  rmdir(directory);
}
