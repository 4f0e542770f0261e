/*
 * test_machine_seam.c — the kernel seam of named machines (module.h
 * step_machine_*, kernel/player_machine.c; SPEC motion "Explicit runtime
 * instances"). Kernel-private: it calls the step context directly, as the
 * motion module's `instances` hook does, with the motion module loaded only
 * for the `machines` field it registers. Expected values are derived in the
 * comments.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "host_internal.h"
#include "player_internal.h"
#include "test_module_player.h"

#define MOTION_MODULE ANIMA_BUILD_ROOT "/modules/anima-motion.so"

static const char *const modules[] = {MOTION_MODULE, NULL};

/* dot.x rests at 3; the layer `main` poses dot.y 7. Named machine `m`,
 * layer `l`: `a` poses dot.x 11 and goes to `b` (pose dot.x 1) when the
 * bool `go` holds; the trigger `tap` takes b back to a. The number `n`
 * (default 2, range [0, 4]) is read by nothing. */
static const char document[] =
    "{\"anima\": \"0.1\", \"name\": \"seam\", \"grid\": 20, \"requires\": "
    "[\"motion\"], \"nodes\": [{\"id\": \"dot\", \"type\": \"circle\", "
    "\"x\": 3, \"center\": [10, 10], \"r\": 1, \"fill\": {\"color\": "
    "\"#000000\"}}], \"inputs\": {\"go\": {\"type\": \"bool\"}, \"tap\": "
    "{\"type\": \"trigger\"}, \"n\": {\"type\": \"number\", \"default\": 2, "
    "\"min\": 0, \"max\": 4}}, \"machine\": {\"layers\": {\"main\": "
    "{\"initial\": \"p\", \"states\": {\"p\": {\"pose\": {\"dot.y\": 7}}}}}}, "
    "\"machines\": {\"m\": {\"layers\": {\"l\": {\"initial\": \"a\", "
    "\"states\": {\"a\": {\"pose\": {\"dot.x\": 11}, \"on\": [{\"when\": "
    "\"go\", \"to\": \"b\"}]}, \"b\": {\"pose\": {\"dot.x\": 1}, \"on\": "
    "[{\"when\": \"tap\", \"to\": \"a\"}]}}}}}}}";

Test(machine_seam, layers_are_compiled_after_the_default_machine) {
  loaded l = loaded_open(modules, document, true);
  const anima_model *model = l.model;
  cr_expect_eq(model->layer_count, 1);
  cr_expect_eq(model->all_layer_count, 2);
  cr_expect_eq(model->machine_count, 1);
  cr_expect_str_eq(model->machines[0].name, "m");
  cr_expect_eq(model->machines[0].first_layer, 1);
  cr_expect_eq(model->machines[0].layer_count, 1);
  cr_expect_str_eq(model->layers[1].name, "m/l");
  cr_expect_eq(model->layers[1].machine, 0);
  cr_expect_eq(model->layers[1].bit, 0); /* its position in its machine */
  cr_expect_eq(model->layers[0].machine, -1);
  loaded_close(&l);
}

Test(machine_seam, the_layer_pass_skips_a_machine_until_it_runs) {
  loaded l = loaded_open(modules, document, true);
  anima_step *step = anima_player_step_context(l.player);
  cr_expect_eq(anima_step_machine_find(step, "m"), 0);
  cr_expect_eq(anima_step_machine_find(step, "nope"), -1);
  cr_expect_not(anima_step_machine_start(step, 1)); /* out of range */
  loaded_step(&l, 0.5);
  cr_expect_eq(loaded_number(&l, "dot.x"), 3); /* never run: the rest */
  cr_expect_null(anima_player_layer_state(l.player, 1));
  cr_expect(anima_step_machine_at_rest(step, 0)); /* no instance */
  anima_step_machine_run(step, 0, 1, true);       /* no instance: nothing */
  cr_expect_eq(loaded_number(&l, "dot.x"), 3);
  cr_expect(anima_step_machine_start(step, 0));
  cr_expect_str_eq(anima_player_layer_state(l.player, 1), "a");
  /* Started, not yet advanced: its entry is unreported, so not at rest. */
  cr_expect_not(anima_step_machine_at_rest(step, 0));
  /* A run writes over the values as they are (x 3): weight 0.5 gives
   * 3 + (11 - 3)·0.5 = 7; y (written by main only) stays 7. */
  anima_step_machine_run(step, 0, 0.5, true);
  cr_expect_float_eq(loaded_number(&l, "dot.x"), 7, 1e-12);
  cr_expect_eq(loaded_number(&l, "dot.y"), 7);
  cr_expect(anima_step_machine_at_rest(step, 0));
  anima_step_machine_run(step, 0, 0, true); /* weight 0: nothing */
  anima_step_machine_run(step, 0, NAN, true);
  cr_expect_float_eq(loaded_number(&l, "dot.x"), 7, 1e-12);
  loaded_close(&l);
}

Test(machine_seam, its_input_bank_is_its_own) {
  loaded l = loaded_open(modules, document, true);
  anima_step *step = anima_player_step_context(l.player);
  anima_value value;
  /* No instance: no bank to read or write. */
  cr_expect_eq(anima_step_machine_input(step, 0, "n", &value),
               ANIMA_ERROR_INVALID_ARGUMENT);
  cr_assert(anima_step_machine_start(step, 0));
  cr_assert_eq(anima_step_machine_input(step, 0, "n", &value), ANIMA_OK);
  cr_expect_eq(value.as.number, 2);
  anima_value five = {.type = ANIMA_VALUE_NUMBER, .as.number = 5};
  cr_expect_eq(anima_step_machine_set_input(step, 0, "n", &five), ANIMA_OK);
  anima_step_machine_input(step, 0, "n", &value);
  cr_expect_eq(value.as.number, 4); /* clamped to max 4 */
  /* The player's own n is untouched. */
  cr_expect_eq(
      anima_step_input(step, (size_t)anima_model_input_find(l.model, "n"))
          .as.number,
      2);
  /* Wrong kinds: a value for a trigger, none for a bool, a bool for a
   * number, an unknown name. */
  anima_value yes = {.type = ANIMA_VALUE_BOOL, .as.boolean = true};
  cr_expect_eq(anima_step_machine_set_input(step, 0, "tap", &yes),
               ANIMA_ERROR_INVALID_ARGUMENT);
  cr_expect_eq(anima_step_machine_set_input(step, 0, "go", NULL),
               ANIMA_ERROR_INVALID_ARGUMENT);
  cr_expect_eq(anima_step_machine_set_input(step, 0, "n", &yes),
               ANIMA_ERROR_INVALID_ARGUMENT);
  cr_expect_eq(anima_step_machine_set_input(step, 0, "x", &yes),
               ANIMA_ERROR_INVALID_ARGUMENT);
  /* go in the bank: a -> b at the next advancing run (x 1); the player's
   * go stays false, so main does not see it. */
  cr_expect_eq(anima_step_machine_set_input(step, 0, "go", &yes), ANIMA_OK);
  cr_expect_not(
      anima_step_input(step, (size_t)anima_model_input_find(l.model, "go"))
          .as.boolean);
  anima_step_machine_run(step, 0, 1, false); /* paused: no transition */
  cr_expect_str_eq(anima_player_layer_state(l.player, 1), "a");
  cr_expect_eq(loaded_number(&l, "dot.x"), 11);
  anima_step_machine_run(step, 0, 1, true);
  cr_expect_str_eq(anima_player_layer_state(l.player, 1), "b");
  cr_expect_eq(loaded_number(&l, "dot.x"), 1);
  /* A fired trigger is pending until a run settles it: tap takes b -> a,
   * consumed (go cleared first: with go still true, SPEC §7 would chain
   * a -> b again in the same run). */
  anima_value no = {.type = ANIMA_VALUE_BOOL, .as.boolean = false};
  cr_expect_eq(anima_step_machine_set_input(step, 0, "go", &no), ANIMA_OK);
  cr_expect_eq(anima_step_machine_set_input(step, 0, "tap", NULL), ANIMA_OK);
  anima_step_machine_input(step, 0, "tap", &value);
  cr_expect(value.as.boolean);
  cr_expect_not(anima_step_machine_at_rest(step, 0)); /* a pending trigger */
  anima_step_machine_run(step, 0, 1, true);
  cr_expect_str_eq(anima_player_layer_state(l.player, 1), "a");
  anima_step_machine_input(step, 0, "tap", &value);
  cr_expect_not(value.as.boolean);
  const char *layer = NULL;
  cr_expect_str_eq(anima_step_machine_state(step, 0, 0, &layer), "a");
  cr_expect_str_eq(layer, "m/l");
  cr_expect_null(anima_step_machine_state(step, 0, 1, NULL));
  loaded_close(&l);
}
