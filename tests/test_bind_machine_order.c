/*
 * test_bind_machine_order.c — SPEC machine: "`motion`, `bind` and
 * `components` order before machine when installed; none is imported as a
 * runtime dependency." The real modules are loaded in the adverse order
 * (machine first, then motion, then bind), so load order alone would run
 * machine's hooks first; the test asserts that the stage order still puts
 * motion and bind before machine: the module ranks, every kind of
 * behaviour both register (checks, stage hooks) in the registry's lists the
 * validator and the step loop iterate, and the order a validation reports
 * their diagnostics in. It fails when machine's `after` list loses "bind"
 * or "motion".
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include <anima/anima.h>
#include <anima/module.h>

#include "registry_internal.h"

static anima_runtime *runtime;
static anima_diagnostics *diagnostics;

static void load(const char *name) {
  char path[1024];
  snprintf(path, sizeof path, "%s/modules/anima-%s.so", ANIMA_BUILD_ROOT, name);
  cr_assert_eq(anima_runtime_load_module_file(runtime, path, diagnostics),
               ANIMA_OK, "%s did not load", name);
}

static void setup(void) {
  runtime = anima_runtime_create();
  diagnostics = anima_diagnostics_create();
  load("machine");
  load("motion");
  load("bind");
}

static void teardown(void) {
  anima_diagnostics_destroy(diagnostics);
  anima_runtime_destroy(runtime);
}

TestSuite(bind_machine_order, .init = setup, .fini = teardown);

static const anima_module_report *report_of(const char *name) {
  for (size_t i = 0; i < anima_runtime_module_count(runtime); i++) {
    const anima_module_report *report = anima_runtime_module_report(runtime, i);
    if (report->loaded && strcmp(report->name, name) == 0) {
      return report;
    }
  }
  cr_assert_fail("module %s is not loaded", name);
  return NULL;
}

/* Position (in the registry's list of `kind`) of the first and the last
 * behaviour `module` registered; false when it registered none. */
static bool span_of(anima_behaviour_kind kind, const char *module,
                    size_t *first, size_t *last) {
  const anima_registry *registry = anima_runtime_registry(runtime);
  bool found = false;
  for (size_t i = 0; i < anima_registry_behaviour_count(registry, kind); i++) {
    const anima_behaviour *entry = anima_registry_behaviour(registry, kind, i);
    if (strcmp(entry->module, module) == 0) {
      if (!found) {
        *first = i;
      }
      *last = i;
      found = true;
    }
  }
  return found;
}

Test(bind_machine_order, machine_ranks_after_motion_and_bind) {
  /* Loaded machine first; ranks follow the stage order, not load order. */
  size_t machine = report_of("machine")->rank;
  size_t motion = report_of("motion")->rank;
  size_t bind = report_of("bind")->rank;
  cr_assert_gt(machine, bind, "machine %zu, bind %zu", machine, bind);
  cr_assert_gt(machine, motion, "machine %zu, motion %zu", machine, motion);
  /* Ordering is not a dependency: machine's `depends` names neither. */
  for (const char *const *d = report_of("machine")->depends; *d; d++) {
    cr_assert(strcmp(*d, "bind") != 0 && strcmp(*d, "motion") != 0);
  }
}

Test(bind_machine_order, bind_behaviours_are_listed_before_machine) {
  const anima_behaviour_kind kinds[] = {ANIMA_BEHAVIOUR_CHECK,
                                        ANIMA_BEHAVIOUR_STAGE_HOOK};
  for (size_t k = 0; k < sizeof kinds / sizeof *kinds; k++) {
    size_t bind_first, bind_last, machine_first, machine_last;
    cr_assert(span_of(kinds[k], "bind", &bind_first, &bind_last));
    cr_assert(span_of(kinds[k], "machine", &machine_first, &machine_last));
    cr_assert_lt(bind_last, machine_first,
                 "kind %d: bind's last at %zu, machine's first at %zu",
                 (int)kinds[k], bind_last, machine_first);
  }
  size_t motion_first, motion_last, machine_first, machine_last;
  cr_assert(
      span_of(ANIMA_BEHAVIOUR_CHECK, "motion", &motion_first, &motion_last));
  cr_assert(
      span_of(ANIMA_BEHAVIOUR_CHECK, "machine", &machine_first, &machine_last));
  cr_assert_lt(motion_last, machine_first);
}

Test(bind_machine_order, bind_checks_report_before_machine_checks) {
  /* One error of each module's own check: bind's bind-syntax at /bind/dot.x
   * and machine's machine-guard at the operand (a string is no operand).
   * Machine is declared first in `requires` and was loaded first; bind's
   * check still reports first. */
  const char *document =
      "{\"anima\": \"0.1\", \"name\": \"order\", \"grid\": 20,"
      " \"requires\": [\"machine\", \"bind\"],"
      " \"inputs\": {\"level\": {\"type\": \"number\"}},"
      " \"nodes\": [{\"id\": \"dot\", \"type\": \"circle\", \"center\": [10,"
      " 10], \"r\": 2, \"fill\": {\"color\": \"#000000\"}}],"
      " \"bind\": {\"dot.x\": \"level +\"},"
      " \"machine\": {\"layers\": {\"l\": {\"initial\": \"a\", \"states\":"
      " {\"a\": {\"pose\": {}, \"on\": [{\"when\": \"level > 1\", \"to\":"
      " \"b\", \"guard\": {\"left\": \"wide\", \"op\": \"==\", \"right\":"
      " 1}}]}, \"b\": {\"pose\": {}}}}}}}";
  anima_document_validate(runtime, document, strlen(document), diagnostics);
  long bind_at = -1, machine_at = -1;
  for (size_t i = 0; i < anima_diagnostics_count(diagnostics); i++) {
    const anima_diagnostic *d = anima_diagnostics_get(diagnostics, i);
    if (bind_at < 0 && strcmp(d->code, "bind-syntax") == 0) {
      cr_assert_str_eq(d->pointer, "/bind/dot.x");
      bind_at = (long)i;
    }
    if (machine_at < 0 && strcmp(d->code, "machine-guard") == 0) {
      cr_assert_str_eq(d->pointer,
                       "/machine/layers/l/states/a/on/0/guard/left");
      machine_at = (long)i;
    }
  }
  cr_assert_geq(bind_at, 0, "no bind-syntax");
  cr_assert_geq(machine_at, 0, "no machine-guard");
  cr_assert_lt(bind_at, machine_at);
}
