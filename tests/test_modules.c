/*
 * test_modules.c — feature modules (module.h, issue 2 item 4): a module
 * built outside kernel/ adds a node property; modules built for another ABI
 * or needing a missing feature are refused with a clear diagnostic.
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include <anima/module.h>

#define MODULE(file) ANIMA_TEST_MODULE_DIR "/" file

static anima_runtime *runtime;
static anima_diagnostics *diagnostics;

static void setup(void) {
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
}

Test(modules, a_missing_module_is_a_clear_error) {
  setenv("ANIMA_MODULE_PATH", ANIMA_TEST_MODULE_DIR, 1);
  cr_assert_eq(anima_runtime_load_module(runtime, "sparkle", diagnostics),
               ANIMA_ERROR_MODULE);
  const anima_diagnostic *d = only_diagnostic();
  cr_assert_str_eq(d->code, "module-load");
  cr_assert_eq(d->severity, ANIMA_SEVERITY_ERROR);
  cr_assert_not_null(strstr(d->message, "anima-sparkle.so"), "%s", d->message);
  cr_assert_not_null(d->hint);
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
  /* Nothing of it was registered. */
  cr_assert_not(anima_runtime_has_feature(runtime, "glow"));
}

Test(modules, a_module_whose_dependency_is_missing_is_refused) {
  setenv("ANIMA_MODULE_PATH", ANIMA_TEST_MODULE_DIR, 1);
  cr_assert_eq(
      anima_runtime_load_module_file(
          runtime, MODULE("broken-dependency/anima-glow.so"), diagnostics),
      ANIMA_ERROR_MODULE);
  const anima_diagnostic *d = only_diagnostic();
  cr_assert_str_eq(d->code, "module-load");
  cr_assert_not_null(strstr(d->message, "\"sparkle\""), "%s", d->message);
  cr_assert_not(anima_runtime_has_feature(runtime, "glow"));
}

Test(modules, a_file_that_is_not_a_module_is_refused) {
  cr_assert_eq(
      anima_runtime_load_module_file(runtime, "/nonexistent/x.so", diagnostics),
      ANIMA_ERROR_MODULE);
  cr_assert_str_eq(only_diagnostic()->code, "module-load");
}

Test(modules, providing_a_feature_twice_is_refused) {
  cr_assert_eq(anima_runtime_load_module_file(runtime, MODULE("anima-glow.so"),
                                              diagnostics),
               ANIMA_OK);
  /* The ABI-correct copy under another file name provides "glow" again. */
  cr_assert_eq(
      anima_runtime_load_module_file(
          runtime, MODULE("broken-dependency/anima-glow.so"), diagnostics),
      ANIMA_ERROR_MODULE);
  cr_assert_not_null(strstr(only_diagnostic()->message, "already provided"),
                     "%s", only_diagnostic()->message);
}
