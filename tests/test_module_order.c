/*
 * test_module_order.c — module order (docs/MODULES.md "Stages"): within a
 * stage a module runs after the providers of its `depends`, then of its
 * `after`, otherwise in load order; each loaded module gets a rank, the
 * registry lists behaviours in that order (what the step loop and the
 * validator iterate), and a module that would close a cycle is refused
 * naming the modules on it.
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include <anima/module.h>

#include "registry_internal.h"

static anima_runtime *runtime;
static anima_diagnostics *diagnostics;

static void setup(void) {
  unsetenv("ANIMA_MODULE_PATH");
  runtime = anima_runtime_create();
  diagnostics = anima_diagnostics_create();
}

static void teardown(void) {
  anima_diagnostics_destroy(diagnostics);
  anima_runtime_destroy(runtime);
}

TestSuite(order, .init = setup, .fini = teardown);

/* Each module registers one check reporting its own name, so a validation
 * shows the order checks run in. */
static const anima_host *host;

static void report_name(anima_check *check, void *user) {
  host->check_report(check, "bad-value", ANIMA_SEVERITY_WARNING, "", NULL, "%s",
                     (const char *)user);
}

#define ORDER_MODULE(id, name_, after_, depends_)                              \
  static anima_status id##_init(const anima_host *kernel,                      \
                                anima_registrar *registrar) {                  \
    host = kernel;                                                             \
    static const anima_check_desc check = {.struct_size = sizeof check,        \
                                           .name = "order",                    \
                                           .check = report_name,               \
                                           .user = name_};                     \
    return host->add_check(registrar, &check);                                 \
  }                                                                            \
  static const char *const id##_features[] = {name_, NULL};                    \
  ANIMA_MODULE_DEFINE(id, .name = name_, .features = id##_features,            \
                      .after = after_, .depends = depends_, .init = id##_init)

static const char *const after_third[] = {"third", NULL};
static const char *const needs_first[] = {"first", NULL};
static const char *const after_second[] = {"second", NULL};
static const char *const after_lower[] = {"lower", NULL};
static const char *const needs_upper[] = {"upper", NULL};

/* first runs after third; second depends on first; third is free. */
ORDER_MODULE(first, "first", after_third, NULL);
ORDER_MODULE(second, "second", NULL, needs_first);
ORDER_MODULE(third, "third", NULL, NULL);
/* A "third" that runs after second: third → first → second → third. */
ORDER_MODULE(third_looped, "third", after_second, NULL);
/* upper runs after lower, which depends on upper. */
ORDER_MODULE(upper, "upper", after_lower, NULL);
ORDER_MODULE(lower, "lower", NULL, needs_upper);

static void add(const anima_module_info *info) {
  cr_assert_eq(anima_runtime_add_static_module(runtime, info, diagnostics),
               ANIMA_OK, "%s",
               anima_diagnostics_count(diagnostics)
                   ? anima_diagnostics_get(diagnostics, 0)->message
                   : "");
}

static size_t rank_of(const char *name) {
  for (size_t i = 0; i < anima_runtime_module_count(runtime); i++) {
    const anima_module_report *report = anima_runtime_module_report(runtime, i);
    if (report->loaded && strcmp(report->name, name) == 0) {
      return report->rank;
    }
  }
  cr_assert_fail("no module %s", name);
  return 0;
}

/* The modules of the registry's checks, in the order it lists them. */
static void expect_check_order(const char *const *names, size_t count) {
  const anima_registry *registry = anima_runtime_registry(runtime);
  cr_assert_eq(anima_registry_behaviour_count(registry, ANIMA_BEHAVIOUR_CHECK),
               count);
  for (size_t i = 0; i < count; i++) {
    const anima_behaviour *entry =
        anima_registry_behaviour(registry, ANIMA_BEHAVIOUR_CHECK, i);
    cr_assert_str_eq(entry->module, names[i]);
    cr_assert_eq(entry->module_rank, rank_of(names[i]));
  }
}

Test(order, depends_then_after_then_load_order) {
  add(&anima_module_first_info);
  add(&anima_module_second_info);
  /* third is not loaded yet: first's `after` has no provider, so load
   * order holds: first 1, second 2 (after first either way). */
  cr_assert_eq(rank_of("first"), 1);
  cr_assert_eq(rank_of("second"), 2);
  expect_check_order((const char *const[]){"first", "second"}, 2);
  /* third arrives last but first runs after it: third 1, first 2, and
   * second (depends on first) 3. */
  add(&anima_module_third_info);
  cr_assert_eq(rank_of("third"), 1);
  cr_assert_eq(rank_of("first"), 2);
  cr_assert_eq(rank_of("second"), 3);
  expect_check_order((const char *const[]){"third", "first", "second"}, 3);
}

Test(order, checks_run_in_module_order) {
  add(&anima_module_first_info);
  add(&anima_module_second_info);
  add(&anima_module_third_info);
  const char *document =
      "{\"anima\": \"0.1\", \"name\": \"order\", \"grid\": 24,"
      " \"requires\": [\"first\", \"second\", \"third\"],"
      " \"nodes\": [{\"id\": \"dot\", \"type\": \"circle\","
      " \"center\": [12, 12], \"r\": 4, \"fill\": {\"color\": \"#000\"}}]}";
  cr_assert_eq(
      anima_document_validate(runtime, document, strlen(document), diagnostics),
      ANIMA_OK);
  cr_assert_eq(anima_diagnostics_count(diagnostics), 3);
  cr_assert_str_eq(anima_diagnostics_get(diagnostics, 0)->message, "third");
  cr_assert_str_eq(anima_diagnostics_get(diagnostics, 1)->message, "first");
  cr_assert_str_eq(anima_diagnostics_get(diagnostics, 2)->message, "second");
}

Test(order, an_after_cycle_is_refused_naming_the_modules) {
  add(&anima_module_first_info);
  add(&anima_module_second_info);
  cr_assert_eq(anima_runtime_add_static_module(
                   runtime, &anima_module_third_looped_info, diagnostics),
               ANIMA_ERROR_MODULE);
  cr_assert_eq(anima_diagnostics_count(diagnostics), 1);
  const anima_diagnostic *d = anima_diagnostics_get(diagnostics, 0);
  cr_assert_str_eq(d->code, "module-load");
  cr_assert_str_eq(
      d->message,
      "module third cannot be ordered: modules third and first would each "
      "run before the other within a stage (first runs after third (its "
      "`after` names \"third\"); second runs after first (its `depends` "
      "names \"first\"); third runs after second (its `after` names "
      "\"second\"))");
  /* Nothing changed: two modules, in their order. */
  cr_assert_not(anima_runtime_has_feature(runtime, "third"));
  expect_check_order((const char *const[]){"first", "second"}, 2);
}

Test(order, a_dependency_that_runs_after_its_dependant) {
  add(&anima_module_upper_info);
  cr_assert_eq(anima_runtime_add_static_module(
                   runtime, &anima_module_lower_info, diagnostics),
               ANIMA_ERROR_MODULE);
  cr_assert_str_eq(
      anima_diagnostics_get(diagnostics, 0)->message,
      "module lower cannot be ordered: modules lower and upper would each "
      "run before the other within a stage (upper runs after lower (its "
      "`after` names \"lower\"); lower runs after upper (its `depends` names "
      "\"upper\"))");
  cr_assert_eq(rank_of("upper"), 1);
  expect_check_order((const char *const[]){"upper"}, 1);
}

static anima_status no_init(const anima_host *kernel,
                            anima_registrar *registrar) {
  (void)kernel, (void)registrar;
  return ANIMA_OK;
}
static const char *const selfish_features[] = {"selfish", NULL};
ANIMA_MODULE_DEFINE(selfish, .name = "selfish", .features = selfish_features,
                    .after = selfish_features, .init = no_init);

Test(order, a_module_after_itself_is_refused) {
  cr_assert_eq(anima_runtime_add_static_module(
                   runtime, &anima_module_selfish_info, diagnostics),
               ANIMA_ERROR_MODULE);
  cr_assert_str_eq(anima_diagnostics_get(diagnostics, 0)->message,
                   "module selfish lists its own feature \"selfish\" in "
                   "`after`");
}
