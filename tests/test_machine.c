/*
 * test_machine.c — the machine module (modules/machine; SPEC `## machine`):
 * one minimal invalid document per diagnostic of the chapter's table
 * (tests/documents/machine-invalid, asserting code, severity and pointer),
 * the transition hook ABI through the module (queued actions, change
 * guards once per step) and stepping without allocating. Behaviour with
 * values derived by hand lives in conformance/cases/machine-module-*.
 */
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <string.h>

#include <anima/module.h>

#include "test_allocations.h"
#include "test_module_player.h"

#define MODULE(name) ANIMA_BUILD_ROOT "/modules/anima-" name ".so"
#define INVALID ANIMA_SOURCE_ROOT "/tests/documents/machine-invalid"

static const char *const modules[] = {MODULE("machine"), MODULE("bind"),
                                      MODULE("motion"), NULL};

static anima_status load_document(loaded *l, const char *json) {
  return loaded_load(l, modules, json);
}

static loaded load(const char *json) {
  return loaded_open(modules, json, true);
}

static void unload(loaded *l) {
  loaded_close(l);
}

static anima_step_result step(loaded *l, double dt) {
  return loaded_step(l, dt);
}

/* A number, or a boolean as 1/0. */
static double read(const loaded *l, const char *address) {
  anima_value value = loaded_value(l, address);
  return value.type == ANIMA_VALUE_NUMBER ? value.as.number
                                          : (value.as.boolean ? 1 : 0);
}

static double input(const loaded *l, const char *name) {
  anima_value value;
  cr_assert_eq(anima_player_get_input(l->player, name, &value), ANIMA_OK, "%s",
               name);
  return value.type == ANIMA_VALUE_NUMBER ? value.as.number
                                          : (value.as.boolean ? 1 : 0);
}

/* ---- one minimal invalid document per diagnostic -------------------------
 */

typedef struct expectation {
  const char *document;
  const char *code;
  const char *pointer;
} expectation;

#define STATES "/machine/layers/main/states"

static const expectation expectations[] = {
    /* "these special states require pose: {}" */
    {"special-pose", "machine-state", STATES "/idle/kind"},
    /* "`reset: false` is rejected (`machine-state`)" */
    {"reset-false", "machine-state", STATES "/idle/reset"},
    /* "An exit state is terminal and has no `on` list." */
    {"exit-edges", "machine-state", STATES "/done/on"},
    /* "An any state ... cannot be initial or a transition target" */
    {"any-initial", "machine-state", "/machine/layers/main/initial"},
    {"any-target", "machine-state", STATES "/idle/on/0/to"},
    /* "random weights must have finite total": 1e308 + 1e308 = inf */
    {"random-weights", "machine-state", STATES "/idle/on"},
    /* "Relative timing needs a play source with finite duration" */
    {"exit-ratio-pose", "machine-clock", STATES "/idle/on/0"},
    {"blend-ratio-pose", "machine-clock", STATES "/idle/on/0/blendRatio"},
    /* "Exclusive with `blend`." */
    {"blend-and-ratio", "machine-clock", STATES "/idle/on/0/blendRatio"},
    /* "ordered comparisons require numbers" */
    {"guard-ordered-bool", "machine-guard", STATES "/idle/on/0/guard"},
    /* "Equality accepts matching bool or numeric operands" */
    {"guard-mismatch", "machine-guard", STATES "/idle/on/0/guard"},
    /* "exactly one of {artboard}, {component}, {focus}" */
    {"guard-two-sources", "machine-guard", STATES "/idle/on/0/guard/left"},
    {"guard-artboard-name", "machine-guard",
     STATES "/idle/on/0/guard/left/artboard"},
    /* "unknown-target | guard operand /focus" */
    {"guard-focus-node", "unknown-target",
     STATES "/idle/on/0/guard/left/focus"},
    /* "unknown-input ... including scoped component inputs" */
    {"guard-component", "unknown-input",
     STATES "/idle/on/0/guard/left/component"},
    /* "unknown-input, input-type | source, action or /change/input" */
    {"change-unknown-input", "unknown-input", STATES "/idle/on/0/change/input"},
    {"change-input-type", "input-type", STATES "/idle/on/0/change/input"},
    {"actions-unknown-input", "unknown-input",
     STATES "/idle/enterActions/fire"},
    /* Blends: "Supply a numeric axis and sorted unique thresholds; choose
     * an existing child exit clock matching play" (state /mix, /mix/exit,
     * /play). */
    {"blend-no-axis", "machine-blend", STATES "/idle/mix"},
    {"blend-unsorted", "machine-blend", STATES "/idle/mix"},
    {"blend-no-threshold", "machine-blend", STATES "/idle/mix"},
    {"blend-axis-bool-literal", "machine-blend", STATES "/idle/mix"},
    /* "`children` is a nonempty array" */
    {"blend-no-children", "machine-blend", STATES "/idle/mix"},
    /* "`exit` ... is that child's zero-based index and must agree with
     * `play`" */
    {"blend-exit-mismatch", "machine-blend", STATES "/idle/mix/exit"},
    {"blend-exit-range", "machine-blend", STATES "/idle/mix/exit"},
    /* "The state's `play` names the child used for @end" */
    {"blend-play-not-child", "machine-blend", STATES "/idle/play"},
    /* "A blend is a play state" */
    {"blend-pose", "machine-blend", STATES "/idle/play"},
    {"blend-special", "machine-blend", STATES "/idle/mix"},
    /* "unknown-timeline | /mix/children/i/play" */
    {"blend-unknown-timeline", "unknown-timeline",
     STATES "/idle/mix/children/1/play"},
    /* "unknown-input, input-type | source": "a numeric input name" */
    {"blend-axis-unknown-input", "unknown-input", STATES "/idle/mix/axis"},
    {"blend-axis-input-type", "input-type", STATES "/idle/mix/axis"},
    {"blend-weight-unknown-input", "unknown-input",
     STATES "/idle/mix/children/0/weight"},
    {"blend-weight-input-type", "input-type",
     STATES "/idle/mix/children/1/weight"},
    /* {bind: "numeric expression"} sources: bind's own diagnostics at
     * /bind; without `requires: ["bind"]` undeclared-feature; not a
     * string (or other members): machine-blend. */
    {"blend-bind-undeclared", "undeclared-feature",
     STATES "/idle/mix/children/0/weight/bind"},
    {"blend-bind-syntax", "bind-syntax", STATES "/idle/mix/axis/bind"},
    {"blend-bind-unknown-input", "unknown-input", STATES "/idle/mix/axis/bind"},
    {"blend-bind-type", "bind-type", STATES "/idle/mix/children/0/weight/bind"},
    {"blend-bind-shape", "machine-blend",
     STATES "/idle/mix/children/0/weight/bind"},
    /* "held, expression-controlled or sync-entered sources are rejected
     * with `machine-clock`" (motion's hold, time and sync; an any edge
     * leaves every state), blend sources included (a blend continues:
     * docs/modules/machine.md). */
    {"continue-held", "machine-clock", STATES "/idle/on/0"},
    {"continue-time", "machine-clock", STATES "/idle/on/0"},
    {"continue-sync", "machine-clock", STATES "/idle/on/0"},
    {"continue-any-held", "machine-clock", STATES "/any/on/0"},
    {"continue-blend-held", "machine-clock", STATES "/idle/on/0"},
    {"continue-blend-sync", "machine-clock", STATES "/idle/on/0"},
    /* SPEC machine "Blends": a blend's primary state clock must be
     * autonomous: hold and time: on it, or sync into it, are rejected. */
    {"blend-hold", "machine-clock", STATES "/idle/hold"},
    {"blend-time", "machine-clock", STATES "/idle/time"},
    {"blend-sync", "machine-clock", STATES "/idle/on/0/sync"},
    /* Without `requires: ["machine"]` the fields are not part of 0.1. */
    {"undeclared", "undeclared-feature", STATES "/idle/kind"},
    /* "Shape errors retain `type`, `missing-key`, `bad-value`,
     * `unknown-key` and declared-feature errors": the fields' shapes. */
    {"disabled-type", "type", STATES "/idle/on/0/disabled"},
    /* "`exitRatio: number` in [0,1]" */
    {"exit-ratio-range", "bad-value", STATES "/idle/on/0/exitRatio"},
    /* "`blendRatio: number` >= 0" */
    {"blend-ratio-negative", "bad-value", STATES "/idle/on/0/blendRatio"},
    /* "`change: {input, mode}`: `mode` is `changed`, `increased` or
     * `decreased`" */
    {"change-missing-mode", "missing-key", STATES "/idle/on/0/change"},
    {"change-bad-mode", "bad-value", STATES "/idle/on/0/change/mode"},
    /* "`guard: {left, op, right}` ... Operators are `== != < <= > >=`" */
    {"guard-unknown-key", "unknown-key", STATES "/idle/on/0/guard/rigth"},
    {"guard-bad-op", "bad-value", STATES "/idle/on/0/guard/op"},
    /* "using nonnegative `weight`" */
    {"weight-negative", "bad-value", STATES "/idle/on/0/weight"},
    /* "an unsigned 32-bit seed, `machineSeed`" */
    {"seed-range", "bad-value", "/machineSeed"},
    /* "`mix: {mode, children, axis?, exit?}`" */
    {"mix-unknown-key", "unknown-key", STATES "/idle/mix/exits"},
    /* "`kind` optionally names `entry`, `exit`, `any`, or `random`" */
    {"kind-bad", "bad-value", STATES "/idle/kind"},
    /* Actions: "assigning a trigger is `input-type` (use `fire` instead)";
     * "expression strings require `bind`". */
    {"actions-trigger-set", "input-type", STATES "/idle/on/0/actions/set/go"},
    {"actions-expression-undeclared", "undeclared-feature",
     STATES "/idle/on/0/actions/set/count"},
};

#define EXPECTATION_COUNT (sizeof expectations / sizeof expectations[0])

Test(machine_documents, each_invalid_document_reports_its_diagnostic) {
  for (size_t i = 0; i < EXPECTATION_COUNT; i++) {
    char path[512];
    snprintf(path, sizeof path, "%s/%s.ani", INVALID, expectations[i].document);
    loaded l = {0};
    cr_expect_neq(load_document(&l, loaded_read_document(path)), ANIMA_OK,
                  "%s loaded", expectations[i].document);
    bool found = false;
    for (size_t d = 0; d < anima_diagnostics_count(l.diagnostics); d++) {
      const anima_diagnostic *diagnostic =
          anima_diagnostics_get(l.diagnostics, d);
      if (strcmp(diagnostic->code, expectations[i].code) == 0 &&
          strcmp(diagnostic->pointer, expectations[i].pointer) == 0) {
        found = true;
        cr_expect_eq(diagnostic->severity, ANIMA_SEVERITY_ERROR, "%s",
                     expectations[i].document);
        /* "Semantic errors provide pointer, message and hint"; the
         * kernel's shape error `type` says what it expected instead. */
        cr_expect(strcmp(diagnostic->code, "type") == 0 ||
                      (diagnostic->hint && diagnostic->hint[0]),
                  "%s has a hint", expectations[i].document);
      }
    }
    const anima_diagnostic *first = anima_diagnostics_get(l.diagnostics, 0);
    cr_expect(found, "%s: %s at %s (first: %s %s)", expectations[i].document,
              expectations[i].code, expectations[i].pointer,
              first ? first->code : "none", first ? first->pointer : "");
    anima_model_destroy(l.model);
    anima_diagnostics_destroy(l.diagnostics);
    anima_runtime_destroy(l.runtime);
  }
}

Test(machine_documents, every_document_is_listed_and_every_code_covered) {
  DIR *directory = opendir(INVALID);
  cr_assert_not_null(directory);
  struct dirent *entry;
  while ((entry = readdir(directory)) != NULL) {
    size_t length = strlen(entry->d_name);
    if (length < 5 || strcmp(entry->d_name + length - 4, ".ani") != 0) {
      continue;
    }
    bool listed = false;
    for (size_t i = 0; i < EXPECTATION_COUNT && !listed; i++) {
      listed =
          strlen(expectations[i].document) == length - 4 &&
          strncmp(expectations[i].document, entry->d_name, length - 4) == 0;
    }
    cr_expect(listed, "%s is not in the table", entry->d_name);
  }
  closedir(directory);
  static const char *const codes[] = {
      "machine-state", "machine-clock", "machine-guard",  "machine-blend",
      "unknown-input", "input-type",    "unknown-target", "unknown-timeline"};
  for (size_t c = 0; c < sizeof codes / sizeof *codes; c++) {
    bool covered = false;
    for (size_t i = 0; i < EXPECTATION_COUNT && !covered; i++) {
      covered = strcmp(expectations[i].code, codes[c]) == 0;
    }
    cr_expect(covered, "no document for %s", codes[c]);
  }
}

/* SPEC machine: component operands "read a validated scoped bool/number
 * input" of the components module, which this runtime does not have: the
 * refusal says so (docs/modules/machine.md "Not yet"). */
Test(machine_documents, a_component_operand_names_the_missing_module) {
  loaded l = {0};
  cr_assert_neq(
      load_document(&l, loaded_read_document(INVALID "/guard-component.ani")),
      ANIMA_OK);
  bool named = false;
  for (size_t d = 0; d < anima_diagnostics_count(l.diagnostics); d++) {
    const anima_diagnostic *diagnostic =
        anima_diagnostics_get(l.diagnostics, d);
    named = named || (strcmp(diagnostic->code, "unknown-input") == 0 &&
                      strstr(diagnostic->message, "components module"));
  }
  cr_expect(named, "no unknown-input naming the components module");
  anima_model_destroy(l.model);
  anima_diagnostics_destroy(l.diagnostics);
  anima_runtime_destroy(l.runtime);
}

/* ---- behaviour through the transition hook -------------------------------
 */

/* Two layers read the same change signal; each fires once per step. An any
 * edge re-enters `pop` on every increase: `hits` counts the entries through
 * enterActions (queued, applied at the next step's input stage). */
static const char *const pulse =
    "{\"anima\": \"0.1\", \"name\": \"t\", \"grid\": 20, \"requires\": "
    "[\"machine\"], \"inputs\": {\"count\": {\"type\": \"number\"}, "
    "\"hits\": {\"type\": \"number\"}, \"other\": {\"type\": \"number\"}}, "
    "\"nodes\": [{\"id\": \"dot\", \"type\": \"circle\", \"center\": [10, "
    "10], \"r\": 1}], \"machine\": {\"layers\": {"
    "\"a\": {\"initial\": \"idle\", \"states\": {"
    " \"any\": {\"kind\": \"any\", \"pose\": {}, \"on\": [{\"when\": "
    "\"@after(0)\", \"to\": \"pop\", \"change\": {\"input\": \"count\", "
    "\"mode\": \"increased\"}}]},"
    " \"idle\": {\"pose\": {}},"
    " \"pop\": {\"pose\": {\"dot.r\": 3}, \"enterActions\": {\"set\": "
    "{\"hits\": 1}}}}},"
    "\"b\": {\"initial\": \"low\", \"states\": {"
    " \"low\": {\"pose\": {}, \"on\": [{\"when\": \"@after(0)\", \"to\": "
    "\"high\", \"change\": {\"input\": \"count\", \"mode\": \"changed\"}, "
    "\"actions\": {\"set\": {\"other\": 7}}}]},"
    " \"high\": {\"pose\": {}, \"on\": [{\"when\": \"@after(0)\", \"to\": "
    "\"low\", \"change\": {\"input\": \"count\", \"mode\": \"changed\"}}]}"
    "}}}}}";

Test(machine_edges, a_change_fires_once_per_layer_and_step) {
  loaded l = load(pulse);
  step(&l, 0);
  cr_expect_eq(read(&l, "dot.r"), 1); /* idle: nothing changed */
  cr_assert_eq(anima_player_set_number(l.player, "count", 1), ANIMA_OK);
  anima_step_result result = step(&l, 0);
  /* Layer a: any → pop (r 3); the edge is not taken again in this step
   * although pop is current and count still differs from the baseline
   * (else it would re-enter until the cap of 16 and report @limit).
   * Layer b: low → high, then high's own change edge (another edge, the
   * same signal) → low, then low's edge has fired: it stops at low after
   * two transitions, not 16. */
  cr_expect_eq(result.event_count, 0);
  cr_expect_str_eq(anima_player_layer_state(l.player, 1), "low");
  cr_expect_eq(read(&l, "dot.r"), 3);
  cr_expect_eq(input(&l, "hits"), 0); /* queued, not yet applied */
  cr_expect_eq(input(&l, "other"), 0);
  step(&l, 0);
  cr_expect_eq(input(&l, "hits"), 1);
  cr_expect_eq(input(&l, "other"), 7);
  unload(&l);
}

Test(machine_edges, stepping_allocates_nothing) {
  /* Every hook runs: change edges, queued action blocks each step. */
  allocations_install();
  cr_assert(allocations_work());
  loaded l = load(pulse);
  step(&l, 0);
  step(&l, 1.0 / 60);
  allocations_begin();
  for (int i = 0; i < 120; i++) {
    anima_player_set_number(l.player, "count", i % 7);
    step(&l, 1.0 / 60);
  }
  long count = allocations_end();
  cr_expect_eq(count, 0, "%ld allocations in 120 steps", count);
  unload(&l);
}

Test(machine_blend, stepping_a_blend_allocates_nothing) {
  /* A 1d blend of three children (conformance machine-module-blend-1d-
   * input) with its axis moving across every segment. */
  allocations_install();
  cr_assert(allocations_work());
  const char *json = loaded_read_document(
      ANIMA_SOURCE_ROOT
      "/conformance/cases/machine-module-blend-1d-input/case.ani");
  loaded l = load(json);
  step(&l, 0);
  step(&l, 1.0 / 60);
  allocations_begin();
  for (int i = 0; i < 120; i++) {
    anima_player_set_number(l.player, "speed", (i % 9) * 0.5 - 0.5);
    step(&l, 1.0 / 60);
  }
  long count = allocations_end();
  cr_expect_eq(count, 0, "%ld allocations in 120 steps", count);
  unload(&l);
}

Test(machine_blend, stepping_bound_sources_allocates_nothing) {
  /* Direct weights from compiled bind expressions (conformance
   * machine-module-blend-bind-weights): evaluated every step, never
   * parsed or allocated there. */
  allocations_install();
  cr_assert(allocations_work());
  const char *json = loaded_read_document(
      ANIMA_SOURCE_ROOT
      "/conformance/cases/machine-module-blend-bind-weights/case.ani");
  loaded l = load(json);
  step(&l, 0);
  step(&l, 1.0 / 60);
  allocations_begin();
  for (int i = 0; i < 120; i++) {
    anima_player_set_number(l.player, "count", i % 9);
    anima_player_set_bool(l.player, "flag", i % 2 == 0);
    step(&l, 1.0 / 60);
  }
  long count = allocations_end();
  cr_expect_eq(count, 0, "%ld allocations in 120 steps", count);
  /* Last: count 119 mod 9 = 2 (a at 0.5: 5), flag false (b at 0). */
  cr_expect_float_eq(read(&l, "dot.x"), 5, 1e-9);
  unload(&l);
}
