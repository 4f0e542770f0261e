/*
 * test_operations.c — operations, the host calls that are also SPEC §11.2
 * script commands (issue 9 item 6; module.h anima_operation_desc,
 * anima_model_find_operation, anima_player_invoke): tests/modules/
 * operations.c adds nudge (WORD with options, NODE, NUMBER, optional
 * BOOL; the instance of its stage hook "tally"), charge (INPUT, NUMBER),
 * check (INPUT, NUMBER, TEXT) for feature "operations" and shout for
 * "operations-extra". Values are derived by hand next to each case; the
 * registration refusals use modules defined below and linked into this
 * binary.
 */
#include "test_kind_fixture.h"

#include "test_allocations.h"

/* dot: a circle with no x or y (rest 0); box: a rect at x 5. level: a
 * number input, default 1 in 0..5; armed: a bool. Layer main goes from
 * idle to full (dot.r 4) when level >= 5 and not armed. */
#define OPERATIONS(requires)                                                   \
  "{\"anima\": \"0.1\", \"name\": \"operations\", \"grid\": 20, "              \
  "\"requires\": " requires ", \"nodes\": [{\"id\": \"dot\", \"type\": "       \
                            "\"circle\", \"center\": [10, 10], \"r\": 2, "     \
                            "\"fill\": {\"color\": "                           \
                            "\"#000000\"}}, {\"id\": \"box\", \"type\": "      \
                            "\"rect\", \"x\": 5, \"x0\": 0, "                  \
                            "\"y0\": 0, \"w\": 4, \"h\": 4, \"fill\": "        \
                            "{\"color\": \"#000000\"}}], "                     \
                            "\"inputs\": {\"level\": {\"type\": \"number\", "  \
                            "\"default\": 1, \"min\": "                        \
                            "0, \"max\": 5}, \"armed\": {\"type\": "           \
                            "\"bool\"}}, \"machine\": "                        \
                            "{\"layers\": {\"main\": {\"initial\": \"idle\", " \
                            "\"states\": {\"idle\": "                          \
                            "{\"pose\": {}, \"on\": [{\"when\": \"level >= 5 " \
                            "&& !armed\", \"to\": "                            \
                            "\"full\"}]}, \"full\": {\"pose\": {\"dot.r\": "   \
                            "4}}}}}}}"

static const char *const usage_of_nudge =
    "usage: nudge left|right|up|down <node> <distance> [<tally>]";

static kind_fixture loaded(const char *document) {
  kind_fixture f = kind_runtime("operations");
  kind_load(&f, document);
  return f;
}

static double read(const kind_fixture *f, const char *address) {
  anima_value value;
  cr_assert_eq(anima_player_read(f->player, address, &value), ANIMA_OK, "%s",
               address);
  return value.as.number;
}

static double level(const kind_fixture *f) {
  anima_value value;
  cr_assert_eq(anima_player_get_input(f->player, "level", &value), ANIMA_OK);
  return value.as.number;
}

/* Calls `name` with the words of `line` (split at single spaces; "" for
 * none) and returns the status; diagnostics in f->diagnostics. */
static anima_status call(kind_fixture *f, const char *name, const char *line) {
  char copy[256];
  const char *words[16];
  size_t count = 0;
  snprintf(copy, sizeof copy, "%s", line);
  for (char *word = strtok(copy, " "); word; word = strtok(NULL, " ")) {
    words[count++] = word;
  }
  anima_diagnostics_clear(f->diagnostics);
  return anima_player_invoke(f->player, name, words, count, f->diagnostics);
}

static anima_step_result step(kind_fixture *f) {
  anima_step_result result;
  cr_assert_eq(anima_player_step(f->player, 0, &result), ANIMA_OK);
  return result;
}

Test(operations, the_runtime_lists_what_its_modules_registered) {
  /* In registration order, each with its module. */
  kind_fixture f = kind_runtime("operations");
  cr_assert_eq(anima_runtime_operation_count(f.runtime), 6);
  const char *expected[] = {"nudge", "charge", "check",
                            "peek",  "shout",  "recount"};
  for (size_t i = 0; i < 6; i++) {
    const char *module = NULL;
    const anima_operation_desc *desc =
        anima_runtime_operation(f.runtime, i, &module);
    cr_assert_not_null(desc);
    cr_assert_str_eq(desc->name, expected[i]);
    cr_assert_str_eq(module, "operations");
  }
  cr_assert_null(anima_runtime_operation(f.runtime, 6, NULL));
  kind_free(&f);
}

Test(operations, a_model_finds_only_those_of_its_declared_features) {
  kind_fixture f = loaded(OPERATIONS("[\"operations\"]"));
  anima_operation_lookup lookup;
  const char *module = NULL;
  const anima_operation_desc *nudge =
      anima_model_find_operation(f.model, "nudge", &lookup, &module);
  cr_assert_not_null(nudge);
  cr_assert_eq(lookup, ANIMA_OPERATION_AVAILABLE);
  cr_assert_str_eq(module, "operations");
  cr_assert(nudge->step_after);
  cr_assert_eq(nudge->argument_count, 4);
  /* shout belongs to operations-extra, which the document does not list. */
  cr_assert_null(
      anima_model_find_operation(f.model, "shout", &lookup, &module));
  cr_assert_eq(lookup, ANIMA_OPERATION_UNDECLARED);
  cr_assert_str_eq(module, "operations");
  cr_assert_null(
      anima_model_find_operation(f.model, "teleport", &lookup, &module));
  cr_assert_eq(lookup, ANIMA_OPERATION_UNKNOWN);
  cr_assert_null(module);
  kind_free(&f);
}

Test(operations, nudge_writes_through_the_step_context_and_tallies) {
  /* dot.x 0 + 3 = 3; dot.y 0 − 2 = −2 (up is −y); box.x 5 − 1.5 = 3.5.
   * The writes stand before any step (they are not animated, so the next
   * steps keep them). The first two nudges are tallied: the END hook
   * reports "nudged" at the next step with the count as its time, 1 then
   * 2; the third (tally false) reports nothing. */
  kind_fixture f = loaded(OPERATIONS("[\"operations\"]"));
  step(&f);
  cr_assert_eq(call(&f, "nudge", "right dot 3"), ANIMA_OK);
  cr_assert_eq(anima_diagnostics_count(f.diagnostics), 0);
  cr_assert_eq(read(&f, "dot.x"), 3);
  anima_step_result result = step(&f);
  cr_assert_eq(result.event_count, 1);
  cr_assert_str_eq(result.events[0].name, "nudged");
  cr_assert_eq(result.events[0].layer, -1);
  cr_assert_eq(result.events[0].time, 1);
  cr_assert_eq(call(&f, "nudge", "up dot 2"), ANIMA_OK);
  result = step(&f);
  cr_assert_eq(result.event_count, 1);
  cr_assert_eq(result.events[0].time, 2);
  cr_assert_eq(read(&f, "dot.y"), -2);
  cr_assert_eq(call(&f, "nudge", "left box 1.5 false"), ANIMA_OK);
  result = step(&f);
  cr_assert_eq(result.event_count, 0);
  cr_assert_eq(read(&f, "box.x"), 3.5);
  cr_assert_eq(read(&f, "dot.x"), 3);
  kind_free(&f);
}

/* Finding 6 of the hostile-input review: a module's write of an infinity
 * was stored (the snapshot showed null, drawing kept stale values). The
 * host refuses non-finite numbers unless the property has a finite bound
 * on that side: dot.x (unbounded) keeps 1e308 when 1e308 + 1e308 = inf is
 * written, and a finite write after it still lands (1e308 − 1e308 = 0). */
Test(operations, non_finite_writes_never_reach_a_slot) {
  kind_fixture f = loaded(OPERATIONS("[\"operations\"]"));
  step(&f);
  cr_assert_eq(call(&f, "nudge", "right dot 1e308"), ANIMA_OK);
  cr_assert_eq(read(&f, "dot.x"), 1e308);
  cr_assert_eq(call(&f, "nudge", "right dot 1e308"), ANIMA_OK);
  cr_assert_eq(read(&f, "dot.x"), 1e308);
  step(&f);
  cr_assert_eq(read(&f, "dot.x"), 1e308);
  cr_assert_eq(call(&f, "nudge", "left dot 1e308"), ANIMA_OK);
  cr_assert_eq(read(&f, "dot.x"), 0);
  kind_free(&f);
}

Test(operations, each_player_has_its_own_instance) {
  /* Player one nudges twice (tally 2), a second player of the model once:
   * its event says 1. */
  kind_fixture f = loaded(OPERATIONS("[\"operations\"]"));
  cr_assert_eq(call(&f, "nudge", "down dot 1"), ANIMA_OK);
  cr_assert_eq(call(&f, "nudge", "down dot 1"), ANIMA_OK);
  anima_step_result result = step(&f);
  cr_assert_eq(result.event_count, 1);
  cr_assert_eq(result.events[0].time, 2);
  cr_assert_eq(read(&f, "dot.y"), 2);
  anima_player *other = anima_player_create(f.model);
  const char *words[] = {"down", "dot", "1"};
  cr_assert_eq(anima_player_invoke(other, "nudge", words, 3, NULL), ANIMA_OK);
  anima_step_result second;
  cr_assert_eq(anima_player_step(other, 0, &second), ANIMA_OK);
  cr_assert_eq(second.event_count, 1);
  cr_assert_eq(second.events[0].time, 1);
  anima_value y;
  cr_assert_eq(anima_player_read(other, "dot.y", &y), ANIMA_OK);
  cr_assert_eq(y.as.number, 1);
  anima_player_destroy(other);
  kind_free(&f);
}

Test(operations, a_call_wakes_a_sleeping_player) {
  /* After two steps at rest the player sleeps (settled, no transition
   * holds), and a sleeping step runs no hook. The nudge's tally must
   * still be reported by the next step. */
  kind_fixture f = loaded(OPERATIONS("[\"operations\"]"));
  cr_assert(step(&f).settled);
  cr_assert(step(&f).settled);
  cr_assert_eq(call(&f, "nudge", "right dot 1"), ANIMA_OK);
  anima_step_result result = step(&f);
  cr_assert_eq(result.event_count, 1);
  cr_assert_str_eq(result.events[0].name, "nudged");
  kind_free(&f);
}

Test(operations, charge_sets_an_input_now_and_the_machine_sees_it) {
  /* level 1 + 2.5 = 3.5 at once; + 4 = 7.5 clamps to max 5. The next
   * step takes idle to full (5 >= 5, armed false): dot.r 4. */
  kind_fixture f = loaded(OPERATIONS("[\"operations\"]"));
  step(&f);
  cr_assert_eq(call(&f, "charge", "level 2.5"), ANIMA_OK);
  cr_assert_eq(level(&f), 3.5);
  cr_assert_str_eq(anima_player_layer_state(f.player, 0), "idle");
  cr_assert_eq(call(&f, "charge", "level 4"), ANIMA_OK);
  cr_assert_eq(level(&f), 5);
  step(&f);
  cr_assert_str_eq(anima_player_layer_state(f.player, 0), "full");
  cr_assert_eq(read(&f, "dot.r"), 4);
  kind_free(&f);
}

Test(operations, an_operation_reports_with_its_code_and_hint) {
  /* check level 1 (the default): holds, nothing reported. check level 4
   * with a message of four words: the TEXT argument is them joined by one
   * space; the module reports operation-check with hint "the input is 1";
   * the call fails although invoke returned OK. charge on the bool armed:
   * the module's operation-input, and its INVALID_ARGUMENT. */
  kind_fixture f = loaded(OPERATIONS("[\"operations\"]"));
  cr_assert_eq(call(&f, "check", "level 1 all good"), ANIMA_OK);
  cr_assert_eq(anima_diagnostics_count(f.diagnostics), 0);
  cr_assert_eq(call(&f, "check", "level 4 level is not four"),
               ANIMA_ERROR_INVALID_ARGUMENT);
  const anima_diagnostic *d = kind_only(&f);
  cr_assert_str_eq(d->code, "operation-check");
  cr_assert_eq(d->severity, ANIMA_SEVERITY_ERROR);
  cr_assert_str_eq(d->message, "level is not four");
  cr_assert_str_eq(d->hint, "the input is 1");
  cr_assert_str_eq(d->pointer, "");
  cr_assert_eq(call(&f, "charge", "armed 1"), ANIMA_ERROR_INVALID_ARGUMENT);
  d = kind_only(&f);
  cr_assert_str_eq(d->code, "operation-input");
  cr_assert_str_eq(d->message, "charge: \"armed\" is not a number input");
  cr_assert_str_eq(d->hint, "charge a number input");
  kind_free(&f);
}

/* The only diagnostic of the last call is operation-arguments at
 * `pointer` with `message` and the usage line as hint; nothing changed. */
static void refused(kind_fixture *f, anima_status status, const char *pointer,
                    const char *message, const char *hint) {
  cr_assert_eq(status, ANIMA_ERROR_INVALID_ARGUMENT);
  const anima_diagnostic *d = kind_only(f);
  cr_assert_str_eq(d->code, "operation-arguments");
  cr_assert_str_eq(d->pointer, pointer);
  cr_assert_str_eq(d->message, message);
  cr_assert_str_eq(d->hint, hint);
  cr_assert_eq(read(f, "dot.x"), 0);
  cr_assert_eq(level(f), 1);
}

Test(operations, wrong_argument_counts_are_refused_with_the_usage_line) {
  kind_fixture f = loaded(OPERATIONS("[\"operations\"]"));
  refused(&f, call(&f, "nudge", "right dot"), "",
          "nudge needs at least 3 arguments, got 2", usage_of_nudge);
  refused(&f, call(&f, "nudge", ""), "",
          "nudge needs at least 3 arguments, got 0", usage_of_nudge);
  refused(&f, call(&f, "nudge", "right dot 1 true again"), "/arguments/4",
          "nudge takes at most 4 arguments, got 5", usage_of_nudge);
  refused(&f, call(&f, "charge", "level 1 2"), "/arguments/2",
          "charge takes 2 arguments, got 3", "usage: charge <input> <amount>");
  /* TEXT needs at least one word. */
  refused(&f, call(&f, "check", "level 1"), "",
          "check needs 3 arguments, got 2",
          "usage: check <input> <expected> <message...>");
  /* No event: invoke never ran. */
  cr_assert_eq(step(&f).event_count, 0);
  kind_free(&f);
}

Test(operations, words_of_the_wrong_kind_are_refused_with_the_usage_line) {
  kind_fixture f = loaded(OPERATIONS("[\"operations\"]"));
  refused(&f, call(&f, "nudge", "sideways dot 1"), "/arguments/0",
          "nudge: <direction> is left, right, up or down, not \"sideways\"",
          usage_of_nudge);
  refused(&f, call(&f, "nudge", "right dott 1"), "/arguments/1",
          "nudge: <node> is a node id, and the document has no node \"dott\" "
          "(did you mean \"dot\"?)",
          usage_of_nudge);
  refused(&f, call(&f, "nudge", "right dot far"), "/arguments/2",
          "nudge: <distance> is a finite number, not \"far\"", usage_of_nudge);
  refused(&f, call(&f, "nudge", "right dot 1e999"), "/arguments/2",
          "nudge: <distance> is a finite number, not \"1e999\"",
          usage_of_nudge);
  refused(&f, call(&f, "nudge", "right dot nan"), "/arguments/2",
          "nudge: <distance> is a finite number, not \"nan\"", usage_of_nudge);
  /* Decimal only (anima_parse_number): strtod would read 0x10 as 16. */
  refused(&f, call(&f, "nudge", "right dot 0x10"), "/arguments/2",
          "nudge: <distance> is a finite number, not \"0x10\"", usage_of_nudge);
  refused(&f, call(&f, "nudge", "right dot 1 yes"), "/arguments/3",
          "nudge: <tally> is true or false, not \"yes\"", usage_of_nudge);
  refused(&f, call(&f, "charge", "levle 1"), "/arguments/0",
          "charge: <input> is an input name, and the document has no input "
          "\"levle\" (did you mean \"level\"?)",
          "usage: charge <input> <amount>");
  cr_assert_eq(step(&f).event_count, 0);
  kind_free(&f);
}

Test(operations, unknown_operations_are_refused) {
  kind_fixture f = loaded(OPERATIONS("[\"operations\"]"));
  cr_assert_eq(call(&f, "teleport", "dot"), ANIMA_ERROR_UNKNOWN_OPERATION);
  const anima_diagnostic *d = kind_only(&f);
  cr_assert_str_eq(d->code, "unknown-operation");
  cr_assert_str_eq(d->message,
                   "no loaded module has an operation \"teleport\"");
  cr_assert_eq(anima_player_invoke(NULL, "nudge", NULL, 0, NULL),
               ANIMA_ERROR_INVALID_ARGUMENT);
  cr_assert_eq(anima_player_invoke(f.player, NULL, NULL, 0, NULL),
               ANIMA_ERROR_INVALID_ARGUMENT);
  cr_assert_eq(anima_player_invoke(f.player, "nudge", NULL, 2, NULL),
               ANIMA_ERROR_INVALID_ARGUMENT);
  kind_free(&f);
}

Test(operations, operations_of_undeclared_features_are_not_available) {
  /* The module is loaded in both runtimes; the first document declares
   * only "operations" (shout is of operations-extra), the second only
   * "operations-extra" (nudge, charge, check are of operations). */
  kind_fixture f = loaded(OPERATIONS("[\"operations\"]"));
  cr_assert_eq(call(&f, "shout", "hello"), ANIMA_ERROR_UNKNOWN_OPERATION);
  const anima_diagnostic *d = kind_only(&f);
  cr_assert_str_eq(d->code, "undeclared-feature");
  cr_assert_str_eq(d->message,
                   "the operation \"shout\" (module operations) belongs to the "
                   "feature \"operations-extra\", which the document does not "
                   "declare");
  cr_assert_str_eq(d->hint, "add \"operations-extra\" to \"requires\"");
  kind_free(&f);
  f = loaded(OPERATIONS("[\"operations-extra\"]"));
  cr_assert_eq(call(&f, "nudge", "right dot 1"), ANIMA_ERROR_UNKNOWN_OPERATION);
  d = kind_only(&f);
  cr_assert_str_eq(d->code, "undeclared-feature");
  cr_assert_str_eq(d->hint, "add \"operations\" to \"requires\"");
  cr_assert_eq(read(&f, "dot.x"), 0);
  cr_assert_eq(call(&f, "shout", ""), ANIMA_OK);
  kind_free(&f);
}

Test(operations, the_instance_of_hook_must_be_used_too) {
  /* recount is of operations-extra but works on the instance of the hook
   * "tally" (feature operations). With both declared: two tallied nudges,
   * recount (tally 0), one more nudge: its event says 1, not 3. With only
   * operations-extra the document has no tally hook: undeclared-feature
   * naming operations. */
  kind_fixture f = loaded(OPERATIONS("[\"operations\", \"operations-extra\"]"));
  cr_assert_eq(call(&f, "nudge", "right dot 1"), ANIMA_OK);
  cr_assert_eq(call(&f, "nudge", "right dot 1"), ANIMA_OK);
  cr_assert_eq(step(&f).events[0].time, 2);
  cr_assert_eq(call(&f, "recount", ""), ANIMA_OK);
  cr_assert_eq(call(&f, "nudge", "right dot 1"), ANIMA_OK);
  anima_step_result result = step(&f);
  cr_assert_eq(result.event_count, 1);
  cr_assert_eq(result.events[0].time, 1);
  kind_free(&f);
  f = loaded(OPERATIONS("[\"operations-extra\"]"));
  anima_operation_lookup lookup;
  cr_assert_null(anima_model_find_operation(f.model, "recount", &lookup, NULL));
  cr_assert_eq(lookup, ANIMA_OPERATION_UNDECLARED);
  cr_assert_eq(call(&f, "recount", ""), ANIMA_ERROR_UNKNOWN_OPERATION);
  const anima_diagnostic *d = kind_only(&f);
  cr_assert_str_eq(d->code, "undeclared-feature");
  cr_assert_str_eq(d->message,
                   "the operation \"recount\" (module operations) works on "
                   "the stage hook \"tally\" of the feature \"operations\", "
                   "which the document does not declare");
  cr_assert_str_eq(d->hint, "add \"operations\" to \"requires\"");
  kind_free(&f);
}

Test(operations, calls_and_steps_allocate_nothing) {
  /* A call with one-word arguments and no report allocates nothing; 600
   * steps after calls allocate nothing either. One nudge and step first:
   * the player's event buffer grows at the first step that reports. */
  allocations_install();
  cr_assert(allocations_work(), "the allocation counter does not count");
  kind_fixture f = loaded(OPERATIONS("[\"operations\"]"));
  step(&f);
  const char *words[] = {"right", "dot", "0.5"};
  const char *charge[] = {"level", "0.001"};
  cr_assert_eq(anima_player_invoke(f.player, "nudge", words, 3, NULL),
               ANIMA_OK);
  step(&f);
  long total = 0;
  for (int i = 0; i < 600; i++) {
    allocations_begin();
    anima_status nudged =
        anima_player_invoke(f.player, "nudge", words, 3, f.diagnostics);
    anima_status charged =
        anima_player_invoke(f.player, "charge", charge, 2, f.diagnostics);
    anima_player_step(f.player, 1.0 / 60, NULL);
    total += allocations_end();
    cr_assert_eq(nudged, ANIMA_OK);
    cr_assert_eq(charged, ANIMA_OK);
  }
  cr_assert_eq(total, 0, "%ld allocations in 600 calls and steps", total);
  /* 601 nudges of 0.5: dot.x 300.5. */
  cr_assert_eq(read(&f, "dot.x"), 300.5);
  kind_free(&f);
}

/* ---- registration refusals ---------------------------------------------- */

static const anima_host *test_host;
static anima_operation_desc bad_desc;

static anima_status invoke_nothing(anima_operation_call *call, const void *data,
                                   void *instance,
                                   const anima_argument *arguments,
                                   size_t count, void *user) {
  (void)call, (void)data, (void)instance, (void)arguments, (void)count,
      (void)user;
  return ANIMA_OK;
}

static anima_status bad_init(const anima_host *host,
                             anima_registrar *registrar) {
  test_host = host;
  return host->add_operation(registrar, &bad_desc);
}

static const char *const bad_features[] = {"badops", NULL};
ANIMA_MODULE_DEFINE(badops, .name = "badops", .version = "1.0.0",
                    .features = bad_features, .init = bad_init);

/* Registers `desc` in a fresh runtime: the module must be refused with a
 * module-load diagnostic whose message contains `reason`, and leave no
 * operation behind. */
static void refuses(anima_operation_desc desc, const char *reason) {
  bad_desc = desc;
  anima_runtime *runtime = anima_runtime_create();
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  cr_assert_eq(anima_runtime_add_static_module(
                   runtime, &anima_module_badops_info, diagnostics),
               ANIMA_ERROR_MODULE, "%s", reason);
  const anima_diagnostic *d = anima_diagnostics_get(diagnostics, 0);
  cr_assert_not_null(d);
  cr_assert_str_eq(d->code, "module-load");
  cr_assert_not_null(strstr(d->message, reason), "%s", d->message);
  cr_assert_eq(anima_runtime_operation_count(runtime), 0);
  anima_diagnostics_destroy(diagnostics);
  anima_runtime_destroy(runtime);
}

Test(operations, malformed_operations_are_refused_at_registration) {
  static const anima_argument_desc text_first[] = {
      {.kind = ANIMA_ARGUMENT_TEXT, .name = "text"},
      {.kind = ANIMA_ARGUMENT_NUMBER, .name = "n"}};
  static const anima_argument_desc optional_first[] = {
      {.kind = ANIMA_ARGUMENT_NUMBER, .name = "a", .optional = true},
      {.kind = ANIMA_ARGUMENT_NUMBER, .name = "b"}};
  static const char *const options[] = {"x", NULL};
  static const anima_argument_desc options_on_number[] = {
      {.kind = ANIMA_ARGUMENT_NUMBER, .name = "n", .options = options}};
  static const anima_argument_desc unnamed[] = {
      {.kind = ANIMA_ARGUMENT_NUMBER}};
  static const anima_argument_desc unknown_kind[] = {
      {.kind = (anima_argument_kind)99, .name = "odd"}};
  anima_operation_desc good = {.struct_size = sizeof good,
                               .name = "poke",
                               .usage = "poke",
                               .invoke = invoke_nothing};
  anima_operation_desc desc = good;
  desc.name = "advance";
  refuses(desc, "\"advance\" is a core script command");
  desc = good;
  desc.name = "Poke";
  refuses(desc, "a word of a-z, 0-9 and '-' starting with a letter");
  desc = good;
  desc.usage = NULL;
  refuses(desc, "needs a usage line and invoke");
  desc = good;
  desc.invoke = NULL;
  refuses(desc, "needs a usage line and invoke");
  desc = good;
  desc.arguments = text_first, desc.argument_count = 2;
  refuses(desc, "argument 1 (text) is TEXT (the rest of the line) but not "
                "the last");
  desc = good;
  desc.arguments = optional_first, desc.argument_count = 2;
  refuses(desc, "argument 2 (b) is required after an optional argument");
  desc = good;
  desc.arguments = options_on_number, desc.argument_count = 1;
  refuses(desc, "argument 1 (n) has options but is not a WORD");
  desc = good;
  desc.arguments = unnamed, desc.argument_count = 1;
  refuses(desc, "argument 1 (unnamed) has no name");
  desc = good;
  desc.arguments = unknown_kind, desc.argument_count = 1;
  refuses(desc, "argument 1 (odd) has an unknown kind");
  desc = good;
  desc.arguments = text_first, desc.argument_count = 17;
  refuses(desc, "17 arguments, more than the 16 an operation may declare");
  desc = good;
  desc.argument_count = 1;
  refuses(desc, "argument_count without arguments");
  /* The good one registers. */
  bad_desc = good;
  anima_runtime *runtime = anima_runtime_create();
  cr_assert_eq(
      anima_runtime_add_static_module(runtime, &anima_module_badops_info, NULL),
      ANIMA_OK);
  cr_assert_eq(anima_runtime_operation_count(runtime), 1);
  anima_runtime_destroy(runtime);
}

static anima_status invoke_fails(anima_operation_call *call, const void *data,
                                 void *instance,
                                 const anima_argument *arguments, size_t count,
                                 void *user) {
  (void)call, (void)data, (void)instance, (void)arguments, (void)count,
      (void)user;
  return ANIMA_ERROR_IO;
}

/* A runtime with badops registering `desc`, a model of a document that
 * requires badops and a player; the call's diagnostics in `diagnostics`. */
static anima_status call_badops(anima_operation_desc desc,
                                anima_diagnostics *diagnostics) {
  bad_desc = desc;
  anima_runtime *runtime = anima_runtime_create();
  cr_assert_eq(
      anima_runtime_add_static_module(runtime, &anima_module_badops_info, NULL),
      ANIMA_OK);
  const char *json =
      "{\"anima\": \"0.1\", \"name\": \"b\", \"grid\": 20, \"requires\": "
      "[\"badops\"], \"nodes\": [{\"id\": \"dot\", \"type\": \"circle\", "
      "\"center\": [10, 10], \"r\": 2, \"fill\": {\"color\": \"#000000\"}}]}";
  anima_model *model = NULL;
  cr_assert_eq(anima_model_load(runtime, json, strlen(json), NULL, &model),
               ANIMA_OK);
  anima_player *player = anima_player_create(model);
  anima_status status =
      anima_player_invoke(player, "poke", NULL, 0, diagnostics);
  anima_player_destroy(player);
  anima_model_destroy(model);
  anima_runtime_destroy(runtime);
  return status;
}

Test(operations, failures_without_a_report_are_operation_failed) {
  /* invoke returns ANIMA_ERROR_IO without call_report: that status and
   * operation-failed. instance_of naming a hook its module never
   * registered: never available, operation-failed naming it. */
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  anima_operation_desc desc = {.struct_size = sizeof desc,
                               .name = "poke",
                               .usage = "poke",
                               .invoke = invoke_fails};
  cr_assert_eq(call_badops(desc, diagnostics), ANIMA_ERROR_IO);
  cr_assert_eq(anima_diagnostics_count(diagnostics), 1);
  const anima_diagnostic *d = anima_diagnostics_get(diagnostics, 0);
  cr_assert_str_eq(d->code, "operation-failed");
  cr_assert_str_eq(d->message,
                   "the operation \"poke\" failed: input/output error");
  anima_diagnostics_clear(diagnostics);
  desc.invoke = invoke_nothing;
  desc.instance_of = "nothing";
  cr_assert_eq(call_badops(desc, diagnostics), ANIMA_ERROR_UNKNOWN_OPERATION);
  cr_assert_eq(anima_diagnostics_count(diagnostics), 1);
  d = anima_diagnostics_get(diagnostics, 0);
  cr_assert_str_eq(d->code, "operation-failed");
  cr_assert_str_eq(d->message,
                   "the operation \"poke\" (module badops) works on the stage "
                   "hook \"nothing\", which its module does not register with "
                   "a stage and run");
  anima_diagnostics_destroy(diagnostics);
}

/* Calls `name` with `line`'s words through anima_player_ask. */
static anima_status ask(kind_fixture *f, const char *name, const char *line,
                        anima_operation_answer *answer) {
  char copy[256];
  const char *words[16];
  size_t count = 0;
  snprintf(copy, sizeof copy, "%s", line);
  for (char *word = strtok(copy, " "); word; word = strtok(NULL, " ")) {
    words[count++] = word;
  }
  anima_diagnostics_clear(f->diagnostics);
  return anima_player_ask(f->player, name, words, count, answer,
                          f->diagnostics);
}

Test(operations, ask_returns_the_answer_and_the_events_of_the_call) {
  /* Two tallied nudges make the tally 2. peek reports "nudged" at time 2
   * and answers "nudges 2" (module.h call_answer): ask returns exactly
   * that event (the step's own "nudged" at time 2 before it is not among
   * them: the buffer is emptied first) and that text. */
  kind_fixture f = loaded(OPERATIONS("[\"operations\"]"));
  step(&f);
  cr_assert_eq(call(&f, "nudge", "right dot 1"), ANIMA_OK);
  cr_assert_eq(call(&f, "nudge", "right dot 1"), ANIMA_OK);
  anima_step_result result = step(&f);
  cr_assert_eq(result.event_count, 1);
  anima_operation_answer answer;
  cr_assert_eq(ask(&f, "peek", "", &answer), ANIMA_OK);
  cr_assert_str_eq(answer.text, "nudges 2");
  cr_assert_eq(answer.event_count, 1);
  cr_assert_str_eq(answer.events[0].name, "nudged");
  cr_assert_eq(answer.events[0].layer, -1);
  cr_assert_eq(answer.events[0].time, 2);
  /* A failing call answers nothing and returns no events: too many
   * words is operation-arguments, invoke is not called. */
  cr_assert_eq(ask(&f, "peek", "1 2", &answer), ANIMA_ERROR_INVALID_ARGUMENT);
  cr_assert_str_eq(answer.text, "");
  cr_assert_eq(answer.event_count, 0);
  cr_assert_eq(anima_player_ask(f.player, "peek", NULL, 0, NULL, NULL),
               ANIMA_ERROR_INVALID_ARGUMENT);
  kind_free(&f);
}

Test(operations, a_long_answer_is_cut_at_the_capacity) {
  /* "nudges 0" (8 bytes) and 600 dots: the first 511 bytes are kept,
   * "nudges 0" and 503 dots, then the NUL. */
  kind_fixture f = loaded(OPERATIONS("[\"operations\"]"));
  anima_operation_answer answer;
  cr_assert_eq(ask(&f, "peek", "600", &answer), ANIMA_OK);
  cr_assert_eq(strlen(answer.text), ANIMA_OPERATION_ANSWER_CAPACITY - 1);
  cr_assert_eq(strncmp(answer.text, "nudges 0.", 9), 0);
  cr_assert_eq(answer.text[ANIMA_OPERATION_ANSWER_CAPACITY - 2], '.');
  kind_free(&f);
}
