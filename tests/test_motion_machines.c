/*
 * test_motion_machines.c — named machines through the C API
 * (include/anima/motion.h over the motion module's `machine` operation;
 * SPEC motion "Explicit runtime instances": `machines: {name: {layers}}`,
 * `machine(name)`). Each expected value is derived in the comment beside
 * it; the conformance cases motion-module-machine-* carry the same rules
 * step by step in their WHY.md.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include <anima/anima.h>
#include <anima/motion.h>

#include "test_allocations.h"
#include "test_motion_fixture.h"

/* dot.x rests at 3. The default machine's layer `main` poses dot.y 7 and
 * goes to `on` (dot.y 9) while the bool `go` holds. Timeline t (2 s, once)
 * runs dot.x 0 -> 20. The named machine `m` has the layer `l`: `run`
 * plays t; `go` crossfades (1 s, linear) to `idle`, which writes nothing;
 * the trigger `tap` goes back to `run`. */
static const char document[] =
    "{\"anima\": \"0.1\", \"name\": \"machines\", \"grid\": 20, "
    "\"requires\": [\"motion\"], \"nodes\": [{\"id\": \"dot\", \"type\": "
    "\"circle\", \"x\": 3, \"center\": [10, 10], \"r\": 1, \"fill\": "
    "{\"color\": \"#000000\"}}], \"inputs\": {\"go\": {\"type\": \"bool\"}, "
    "\"tap\": {\"type\": \"trigger\"}, \"level\": {\"type\": \"number\", "
    "\"default\": 2, \"min\": 0, \"max\": 5}}, \"timelines\": {\"t\": "
    "{\"duration\": 2, \"tracks\": {\"dot.x\": [[0, 0], [2, 20]]}}}, "
    "\"machine\": {\"layers\": {\"main\": {\"initial\": \"p\", \"states\": "
    "{\"p\": {\"pose\": {\"dot.y\": 7}, \"on\": [{\"when\": \"go\", \"to\": "
    "\"q\"}]}, \"q\": {\"pose\": {\"dot.y\": 9}}}}}}, \"machines\": {\"m\": "
    "{\"layers\": {\"l\": {\"initial\": \"run\", \"states\": {\"run\": "
    "{\"play\": \"t\", \"on\": [{\"when\": \"go\", \"to\": \"idle\", "
    "\"blend\": 1, \"ease\": \"linear\"}]}, \"idle\": {\"pose\": {}, \"on\": "
    "[{\"when\": \"tap\", \"to\": \"run\"}]}}}}}}}";

/* The current state of the machine's layer `l` (index after `main`). */
static const char *machine_state(const loaded *l) {
  cr_assert_eq(anima_model_layer_total(l->model), 2);
  cr_assert_str_eq(anima_model_layer_name(l->model, 1), "m/l");
  return anima_player_layer_state(l->player, 1);
}

Test(motion_machines, no_instance_runs_until_a_host_makes_one) {
  loaded l = loaded_open(modules, document, true);
  cr_assert_eq(anima_model_machine_count(l.model), 1);
  cr_assert_str_eq(anima_model_machine_name(l.model, 0), "m");
  loaded_step(&l, 0.5);
  /* No instance: dot.x rests at 3, and m/l has no state. */
  cr_expect_eq(loaded_number(&l, "dot.x"), 3);
  cr_expect_null(machine_state(&l));
  cr_assert_eq(anima_motion_machine_create(l.player, "m", NULL), ANIMA_OK);
  cr_expect_str_eq(machine_state(&l), "run");
  /* Made playing: its first step enters run at 0 and moves it by 0.5:
   * t at 0.5 gives x = 20·0.5/2 = 5. */
  loaded_step(&l, 0.5);
  cr_expect_float_eq(loaded_number(&l, "dot.x"), 5, 1e-12);
  cr_expect_eq(loaded_number(&l, "dot.y"), 7);
  loaded_close(&l);
}

Test(motion_machines, stop_suspends_pause_holds_play_resumes) {
  loaded l = loaded_open(modules, document, true);
  cr_assert_eq(anima_motion_machine_play(l.player, "m", NULL), ANIMA_OK);
  loaded_step(&l, 0.5); /* t at 0.5: x 5 */
  cr_expect_float_eq(loaded_number(&l, "dot.x"), 5, 1e-12);
  cr_assert_eq(anima_motion_machine_pause(l.player, "m", NULL), ANIMA_OK);
  loaded_step(&l, 0.5); /* held: still 5 */
  cr_expect_float_eq(loaded_number(&l, "dot.x"), 5, 1e-12);
  cr_assert_eq(anima_motion_machine_stop(l.player, "m", NULL), ANIMA_OK);
  loaded_step(&l, 0.5); /* writes removed: the rest 3; state kept */
  cr_expect_eq(loaded_number(&l, "dot.x"), 3);
  cr_expect_str_eq(machine_state(&l), "run");
  cr_assert_eq(anima_motion_machine_play(l.player, "m", NULL), ANIMA_OK);
  loaded_step(&l, 0.5); /* resumed from 0.5, not reset: 1.0, x 10 */
  cr_expect_float_eq(loaded_number(&l, "dot.x"), 10, 1e-12);
  anima_motion_machine_state state;
  cr_assert_eq(anima_motion_machine_query(l.player, "m", &state, NULL),
               ANIMA_OK);
  cr_expect(state.playing);
  cr_expect(state.writing);
  cr_expect_eq(state.mix, 1);
  loaded_close(&l);
}

Test(motion_machines, inputs_are_independent_of_the_default_machine) {
  loaded l = loaded_open(modules, document, true);
  cr_assert_eq(anima_motion_machine_play(l.player, "m", NULL), ANIMA_OK);
  cr_assert_eq(anima_player_set_bool(l.player, "go", true), ANIMA_OK);
  loaded_step(&l, 0.5);
  /* The player's go moved main to q (y 9); m's go is still false. */
  cr_expect_str_eq(anima_player_layer_state(l.player, 0), "q");
  cr_expect_str_eq(machine_state(&l), "run");
  cr_expect_eq(loaded_number(&l, "dot.y"), 9);
  anima_value value;
  cr_assert_eq(anima_motion_machine_get(l.player, "m", "go", &value, NULL),
               ANIMA_OK);
  cr_expect_eq(value.type, ANIMA_VALUE_BOOL);
  cr_expect_not(value.as.boolean);
  cr_assert_eq(anima_motion_machine_get(l.player, "m", "level", &value, NULL),
               ANIMA_OK);
  cr_expect_eq(value.as.number, 2); /* its default */
  cr_assert_eq(anima_motion_machine_set_number(l.player, "m", "level", 9, NULL),
               ANIMA_OK);
  cr_assert_eq(anima_motion_machine_get(l.player, "m", "level", &value, NULL),
               ANIMA_OK);
  cr_expect_eq(value.as.number, 5); /* clamped to max 5 */
  loaded_close(&l);
}

Test(motion_machines, crossfade_returns_to_the_value_below) {
  loaded l = loaded_open(modules, document, true);
  cr_assert_eq(anima_motion_machine_play(l.player, "m", NULL), ANIMA_OK);
  loaded_step(&l, 1); /* t at 1: x 10 */
  cr_expect_float_eq(loaded_number(&l, "dot.x"), 10, 1e-12);
  cr_assert_eq(anima_motion_machine_set_bool(l.player, "m", "go", true, NULL),
               ANIMA_OK);
  loaded_step(&l, 0); /* go: run -> idle, a 1 s fade from the snapshot 10 */
  cr_expect_str_eq(machine_state(&l), "idle");
  cr_expect_float_eq(loaded_number(&l, "dot.x"), 10, 1e-12);
  loaded_step(&l, 0.25); /* idle writes nothing: 10 + (3 - 10)·0.25 */
  cr_expect_float_eq(loaded_number(&l, "dot.x"), 8.25, 1e-12);
  loaded_step(&l, 0.75); /* the fade ends: the value below, 3 */
  cr_expect_eq(loaded_number(&l, "dot.x"), 3);
  /* The trigger of its own bank takes it back to run (entered at 0). */
  cr_assert_eq(anima_motion_machine_fire(l.player, "m", "tap", NULL), ANIMA_OK);
  cr_assert_eq(anima_motion_machine_set_bool(l.player, "m", "go", false, NULL),
               ANIMA_OK);
  loaded_step(&l, 0);
  cr_expect_str_eq(machine_state(&l), "run");
  cr_expect_eq(loaded_number(&l, "dot.x"), 0);
  loaded_close(&l);
}

Test(motion_machines, mix_weights_what_it_writes) {
  loaded l = loaded_open(modules, document, true);
  cr_assert_eq(anima_motion_machine_mix(l.player, "m", 0.25, NULL), ANIMA_OK);
  loaded_step(&l, 1); /* t at 1 gives 10: 3 + (10 - 3)·0.25 = 4.75 */
  cr_expect_float_eq(loaded_number(&l, "dot.x"), 4.75, 1e-12);
  cr_expect_eq(loaded_number(&l, "dot.y"), 7); /* not written by m */
  cr_assert_eq(anima_motion_machine_mix(l.player, "m", 0, NULL), ANIMA_OK);
  loaded_step(&l, 0); /* zero writes nothing */
  cr_expect_eq(loaded_number(&l, "dot.x"), 3);
  cr_assert_eq(anima_motion_machine_mix(l.player, "m", 4, NULL), ANIMA_OK);
  loaded_step(&l, 0); /* clamped to 1: 10 */
  cr_expect_float_eq(loaded_number(&l, "dot.x"), 10, 1e-12);
  loaded_close(&l);
}

Test(motion_machines, events_and_composition_with_timeline_instances) {
  loaded l = loaded_open(modules, document, true);
  /* A timeline instance made first scrubbed to t 1 (x 10) at mix 0.5:
   * 3 + 7/2 = 6.5; the machine made second, mix 0.5, with t at 0.5 (x 5):
   * 6.5 + (5 - 6.5)/2 = 5.75. */
  cr_assert_eq(anima_motion_create(l.player, "first", "t", 0.5, NULL),
               ANIMA_OK);
  cr_assert_eq(anima_motion_scrub(l.player, "first", 0.5, NULL), ANIMA_OK);
  cr_assert_eq(anima_motion_machine_mix(l.player, "m", 0.5, NULL), ANIMA_OK);
  loaded_step(&l, 0.5);
  cr_expect_float_eq(loaded_number(&l, "dot.x"), 5.75, 1e-12);
  loaded_close(&l);
}

Test(motion_machines, diagnostics) {
  loaded l = loaded_open(modules, document, true);
  anima_diagnostics *d = anima_diagnostics_create();
  cr_expect_eq(anima_motion_machine_play(l.player, "nope", d),
               ANIMA_ERROR_INVALID_ARGUMENT);
  cr_expect(reports(d, "motion-machine"));
  anima_diagnostics_clear(d);
  cr_expect_eq(anima_motion_machine_fire(l.player, "m", "missing", d),
               ANIMA_ERROR_INVALID_ARGUMENT);
  cr_expect(reports(d, "unknown-input"));
  anima_diagnostics_clear(d);
  cr_expect_eq(anima_motion_machine_fire(l.player, "m", "go", d),
               ANIMA_ERROR_INVALID_ARGUMENT);
  cr_expect(reports(d, "operation-arguments"));
  anima_diagnostics_clear(d);
  cr_expect_eq(anima_motion_machine_set_number(l.player, "m", "level", NAN, d),
               ANIMA_ERROR_INVALID_ARGUMENT);
  cr_expect(reports(d, "operation-arguments"));
  anima_diagnostics_clear(d);
  /* An instance may not take a machine's name, nor `timeline` control a
   * machine. */
  cr_expect_eq(anima_motion_create(l.player, "m", "t", 1, d),
               ANIMA_ERROR_INVALID_ARGUMENT);
  cr_expect(reports(d, "motion-instance"));
  anima_diagnostics_clear(d);
  cr_expect_eq(anima_motion_play(l.player, "m", d),
               ANIMA_ERROR_INVALID_ARGUMENT);
  cr_expect(reports(d, "motion-instance"));
  anima_diagnostics_destroy(d);
  loaded_close(&l);
}

Test(motion_machines, stepping_allocates_nothing) {
  allocations_install();
  loaded l = loaded_open(modules, document, true);
  cr_assert_eq(anima_motion_machine_play(l.player, "m", NULL), ANIMA_OK);
  loaded_step(&l, 0.1);
  allocations_begin();
  for (int i = 0; i < 300; i++) {
    loaded_step(&l, 1.0 / 60);
  }
  cr_expect_eq(allocations_end(), 0);
  loaded_close(&l);
}
