/*
 * test_motion_instances.c — explicit timeline instances through the C API
 * (include/anima/motion.h over the motion module's operations; SPEC motion
 * "Explicit runtime instances", DECISIONS 20): each control, composition
 * order, mix clamping, speed and loop overrides, the diagnostics of bad
 * calls, and allocation-free stepping with 8 instances. Expected values are
 * derived by hand in the comment above each assertion; the conformance
 * cases motion-module-instance-* carry step-by-step derivations.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <anima/motion.h>

#include "test_allocations.h"
#include "test_motion_fixture.h"

/* dot.x rests at 3 (the node's x); a (2 s, once) runs x 0 -> 20, b (1 s,
 * loop, timeline speed 2) x 100 -> 200; the layer's pose writes dot.y 7. */
static const char document[] =
    "{\"anima\": \"0.1\", \"name\": \"instances\", \"grid\": 20, "
    "\"requires\": [\"motion\"], \"nodes\": [{\"id\": \"dot\", \"type\": "
    "\"circle\", \"x\": 3, \"center\": [10, 10], \"r\": 1, \"fill\": "
    "{\"color\": \"#000000\"}}], \"timelines\": {\"a\": {\"duration\": 2, "
    "\"tracks\": {\"dot.x\": [[0, 0], [2, 20]]}}, \"b\": {\"duration\": 1, "
    "\"loop\": \"loop\", \"speed\": 2, \"tracks\": {\"dot.x\": [[0, 100], "
    "[1, 200]]}}}, \"machine\": {\"layers\": {\"main\": {\"initial\": "
    "\"p\", \"states\": {\"p\": {\"pose\": {\"dot.y\": 7}}}}}}}";

Test(motion_instances, controls_resolve_on_the_next_step) {
  loaded l = loaded_open(modules, document, true);
  loaded_step(&l, 0);
  /* No instance is implicit: x rests at 3. */
  cr_expect_eq(loaded_number(&l, "dot.x"), 3);
  cr_assert_eq(anima_motion_play(l.player, "a", NULL), ANIMA_OK);
  /* Values resolve on the next step: still 3 before it. */
  cr_expect_eq(loaded_number(&l, "dot.x"), 3);
  loaded_step(&l, 0.5); /* p 0.5: x = 10·0.5 = 5 */
  cr_expect_float_eq(loaded_number(&l, "dot.x"), 5, 1e-12);
  cr_assert_eq(anima_motion_pause(l.player, "a", NULL), ANIMA_OK);
  anima_step_result result = loaded_step(&l, 1); /* held at 5, settled */
  cr_expect_float_eq(loaded_number(&l, "dot.x"), 5, 1e-12);
  cr_expect(result.settled);
  cr_assert_eq(anima_motion_seek(l.player, "a", 1.5, NULL), ANIMA_OK);
  loaded_step(&l, 0); /* paused still: x 15 */
  cr_expect_float_eq(loaded_number(&l, "dot.x"), 15, 1e-12);
  cr_assert_eq(anima_motion_advance(l.player, "a", 0.25, NULL), ANIMA_OK);
  loaded_step(&l, 0); /* only this clock moved: p 1.75, x 17.5 */
  cr_expect_float_eq(loaded_number(&l, "dot.x"), 17.5, 1e-12);
  cr_assert_eq(anima_motion_stop(l.player, "a", NULL), ANIMA_OK);
  loaded_step(&l, 0); /* writes removed: 3 */
  cr_expect_eq(loaded_number(&l, "dot.x"), 3);
  cr_assert_eq(anima_motion_scrub(l.player, "a", 0.25, NULL), ANIMA_OK);
  loaded_step(&l, 1); /* 0.25 of [0, 2] = 0.5, paused: x 5 */
  cr_expect_float_eq(loaded_number(&l, "dot.x"), 5, 1e-12);
  /* The layer's pose is untouched by the instance. */
  cr_expect_eq(loaded_number(&l, "dot.y"), 7);
  loaded_close(&l);
}

Test(motion_instances, creation_order_and_clamped_mix) {
  loaded l = loaded_open(modules, document, true);
  cr_assert_eq(anima_motion_create(l.player, "late", "b", 0.5, NULL), ANIMA_OK);
  cr_assert_eq(anima_motion_create(l.player, "early", "a", 2, NULL), ANIMA_OK);
  cr_assert_eq(anima_motion_scrub(l.player, "late", 0.5, NULL), ANIMA_OK);
  cr_assert_eq(anima_motion_scrub(l.player, "early", 0.5, NULL), ANIMA_OK);
  loaded_step(&l, 0);
  /* late (made first) over the rest 3: b at 0.5 = 150, 3 + 147/2 = 76.5;
   * early's mix 2 clamps to 1: a at 1 = 10 replaces it: 10. */
  cr_expect_float_eq(loaded_number(&l, "dot.x"), 10, 1e-12);
  cr_assert_eq(anima_motion_mix(l.player, "early", 0.5, NULL), ANIMA_OK);
  loaded_step(&l, 0); /* 76.5 + (10 - 76.5)/2 = 43.25 */
  cr_expect_float_eq(loaded_number(&l, "dot.x"), 43.25, 1e-12);
  cr_assert_eq(anima_motion_mix(l.player, "early", 0, NULL), ANIMA_OK);
  loaded_step(&l, 0); /* zero writes nothing: 76.5 */
  cr_expect_float_eq(loaded_number(&l, "dot.x"), 76.5, 1e-12);
  loaded_close(&l);
}

Test(motion_instances, speed_and_loop_overrides) {
  loaded l = loaded_open(modules, document, true);
  cr_assert_eq(anima_motion_play(l.player, "b", NULL), ANIMA_OK);
  loaded_step(&l, 0.375); /* velocity 2: p 0.75, x 175 */
  cr_expect_float_eq(loaded_number(&l, "dot.x"), 175, 1e-9);
  loaded_step(&l, 0.25); /* travel 0.5: wraps to 0.25, x 125 */
  cr_expect_float_eq(loaded_number(&l, "dot.x"), 125, 1e-9);
  cr_assert_eq(anima_motion_speed(l.player, "b", -1, NULL), ANIMA_OK);
  loaded_step(&l, 0.25); /* velocity -2: travel 0.5 back, wraps: 0.75 */
  cr_expect_float_eq(loaded_number(&l, "dot.x"), 175, 1e-9);
  cr_assert_eq(anima_motion_loop(l.player, "b", ANIMA_MOTION_LOOP_ONCE, NULL),
               ANIMA_OK);
  anima_step_result result = loaded_step(&l, 1); /* clamps at 0: x 100 */
  cr_expect_float_eq(loaded_number(&l, "dot.x"), 100, 1e-9);
  cr_expect(result.settled);
  cr_assert_eq(
      anima_motion_loop(l.player, "b", ANIMA_MOTION_LOOP_PINGPONG, NULL),
      ANIMA_OK);
  cr_assert_eq(anima_motion_speed(l.player, "b", 1, NULL), ANIMA_OK);
  loaded_step(&l, 0.75); /* travel 1.5: to 1, turn, back to 0.5: x 150 */
  cr_expect_float_eq(loaded_number(&l, "dot.x"), 150, 1e-9);
  loaded_step(&l, 0.125); /* still heading back: 0.25, x 125 */
  cr_expect_float_eq(loaded_number(&l, "dot.x"), 125, 1e-9);
  loaded_close(&l);
}

Test(motion_instances, bad_calls_report_and_change_nothing) {
  loaded l = loaded_open(modules, document, true);
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  cr_expect_eq(anima_motion_play(l.player, "nothing", diagnostics),
               ANIMA_ERROR_INVALID_ARGUMENT);
  cr_expect(reports(diagnostics, "motion-instance"));
  anima_diagnostics_clear(diagnostics);
  cr_expect_eq(anima_motion_create(l.player, "x", "nothing", 1, diagnostics),
               ANIMA_ERROR_INVALID_ARGUMENT);
  cr_expect(reports(diagnostics, "motion-instance"));
  anima_diagnostics_clear(diagnostics);
  cr_assert_eq(anima_motion_create(l.player, "x", "a", 1, NULL), ANIMA_OK);
  cr_expect_eq(anima_motion_create(l.player, "x", "b", 1, diagnostics),
               ANIMA_ERROR_INVALID_ARGUMENT);
  cr_expect(reports(diagnostics, "motion-instance"));
  anima_diagnostics_clear(diagnostics);
  cr_expect_eq(anima_motion_seek(l.player, "x", NAN, diagnostics),
               ANIMA_ERROR_INVALID_ARGUMENT);
  cr_expect(reports(diagnostics, "operation-arguments"));
  anima_diagnostics_clear(diagnostics);
  cr_expect_eq(anima_motion_advance(l.player, "x", -1, diagnostics),
               ANIMA_ERROR_INVALID_ARGUMENT);
  cr_expect(reports(diagnostics, "operation-arguments"));
  cr_expect_eq(anima_motion_play(NULL, "x", NULL),
               ANIMA_ERROR_INVALID_ARGUMENT);
  /* 32 instances fit; the 33rd does not. "x" is the first. */
  char name[16];
  for (int i = 1; i < ANIMA_MOTION_INSTANCE_CAPACITY; i++) {
    snprintf(name, sizeof name, "i%d", i);
    cr_assert_eq(anima_motion_create(l.player, name, "a", 1, NULL), ANIMA_OK);
  }
  anima_diagnostics_clear(diagnostics);
  cr_expect_eq(anima_motion_create(l.player, "one-more", "a", 1, diagnostics),
               ANIMA_ERROR_INVALID_ARGUMENT);
  cr_expect(reports(diagnostics, "motion-instance"));
  /* None of it wrote: x rests at 3. */
  loaded_step(&l, 0);
  cr_expect_eq(loaded_number(&l, "dot.x"), 3);
  anima_diagnostics_destroy(diagnostics);
  loaded_close(&l);
}

Test(motion_instances, undeclared_motion_refuses_the_calls) {
  /* The same document without "requires": the operations are not
   * available (undeclared-feature). */
  char plain[sizeof document];
  snprintf(plain, sizeof plain, "%s", document);
  char *requires = strstr(plain, "\"requires\": [\"motion\"], ");
  memmove(requires, requires + strlen("\"requires\": [\"motion\"], "),
          strlen(requires + strlen("\"requires\": [\"motion\"], ")) + 1);
  char *speed = strstr(plain, "\"speed\": 2, ");
  memmove(speed, speed + strlen("\"speed\": 2, "),
          strlen(speed + strlen("\"speed\": 2, ")) + 1);
  loaded l = loaded_open(modules, plain, true);
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  cr_expect_eq(anima_motion_play(l.player, "a", diagnostics),
               ANIMA_ERROR_UNKNOWN_OPERATION);
  cr_expect(reports(diagnostics, "undeclared-feature"));
  anima_diagnostics_destroy(diagnostics);
  loaded_close(&l);
}

Test(motion_instances, stepping_8_instances_allocates_nothing) {
  allocations_install();
  loaded l = loaded_open(modules, document, true);
  char name[16];
  for (int i = 0; i < 8; i++) {
    snprintf(name, sizeof name, "n%d", i);
    cr_assert_eq(
        anima_motion_create(l.player, name, i % 2 ? "a" : "b", 0.5, NULL),
        ANIMA_OK);
    cr_assert_eq(anima_motion_play(l.player, name, NULL), ANIMA_OK);
  }
  loaded_step(&l, 0);
  allocations_begin();
  for (int i = 0; i < 600; i++) {
    loaded_step(&l, 1.0 / 60);
  }
  cr_expect_eq(allocations_end(), 0);
  loaded_close(&l);
}

Test(motion_instances, playing_instances_report_crossed_events) {
  /* t: 1 s once, events s 0 and e 1. Reversed before it moved, the new
   * instance starts at the work end: the first move [1, 1] reports e with
   * layer -1, then [0, 1) on the way back reports s. */
  static const char events[] =
      "{\"anima\": \"0.1\", \"name\": \"events\", \"grid\": 20, "
      "\"requires\": [\"motion\"], \"nodes\": [{\"id\": \"dot\", \"type\": "
      "\"circle\", \"center\": [10, 10], \"r\": 1}], \"timelines\": {\"t\": "
      "{\"duration\": 1, \"tracks\": {\"dot.x\": [[0, 0], [1, 10]]}, "
      "\"events\": [[0, \"s\"], [1, \"e\"]]}}}";
  loaded l = loaded_open(modules, events, true);
  cr_assert_eq(anima_motion_speed(l.player, "t", -1, NULL), ANIMA_OK);
  cr_assert_eq(anima_motion_play(l.player, "t", NULL), ANIMA_OK);
  anima_step_result result = loaded_step(&l, 0);
  cr_assert_eq(result.event_count, 1);
  cr_expect_str_eq(result.events[0].name, "e");
  cr_expect_eq(result.events[0].layer, -1);
  cr_expect_eq(loaded_number(&l, "dot.x"), 10);
  result = loaded_step(&l, 2); /* clamps at 0: s, x 0, completed */
  cr_assert_eq(result.event_count, 1);
  cr_expect_str_eq(result.events[0].name, "s");
  cr_expect_eq(loaded_number(&l, "dot.x"), 0);
  cr_expect(result.settled);
  result = loaded_step(&l, 1); /* nothing more */
  cr_expect_eq(result.event_count, 0);
  loaded_close(&l);
}

Test(motion_instances, a_query_reads_the_state_of_an_instance) {
  /* b: 1 s loop, timeline speed 2. A query makes the default instance of
   * b: stopped at 0, not writing, speed 1, mix 1, no loop override (it
   * plays by b's loop). */
  loaded l = loaded_open(modules, document, true);
  anima_motion_instance_state state;
  cr_assert_eq(anima_motion_query(l.player, "b", &state, NULL), ANIMA_OK);
  cr_expect_eq(state.position, 0);
  cr_expect_eq(state.sample, 0);
  cr_expect(!state.playing && !state.writing && !state.did_loop);
  cr_expect_eq(state.speed, 1);
  cr_expect_eq(state.mix, 1);
  cr_expect_eq(state.loop, ANIMA_MOTION_LOOP_AUTHORED);
  cr_expect_eq(state.mode, ANIMA_MOTION_LOOP_LOOP);
  cr_expect(!state.frozen);
  cr_assert_eq(anima_motion_play(l.player, "b", NULL), ANIMA_OK);
  loaded_step(&l, 0.375); /* velocity 2: 0.75, no boundary */
  cr_assert_eq(anima_motion_query(l.player, "b", &state, NULL), ANIMA_OK);
  cr_expect_float_eq(state.position, 0.75, 1e-12);
  cr_expect(state.playing && state.writing && !state.did_loop);
  loaded_step(&l, 0.25); /* 0.75 + 0.5 wraps to 0.25: didLoop */
  cr_assert_eq(anima_motion_query(l.player, "b", &state, NULL), ANIMA_OK);
  cr_expect_float_eq(state.position, 0.25, 1e-12);
  cr_expect(state.did_loop);
  cr_assert_eq(anima_motion_pause(l.player, "b", NULL), ANIMA_OK);
  cr_assert_eq(anima_motion_speed(l.player, "b", -1.5, NULL), ANIMA_OK);
  cr_assert_eq(anima_motion_mix(l.player, "b", 0.5, NULL), ANIMA_OK);
  cr_assert_eq(
      anima_motion_loop(l.player, "b", ANIMA_MOTION_LOOP_PINGPONG, NULL),
      ANIMA_OK);
  cr_assert_eq(anima_motion_seek(l.player, "b", 1, NULL), ANIMA_OK);
  /* Paused but writing; a sought end samples the end for pingpong (only a
   * loop folds it to the start). */
  cr_assert_eq(anima_motion_query(l.player, "b", &state, NULL), ANIMA_OK);
  cr_expect(!state.playing && state.writing);
  cr_expect_eq(state.speed, -1.5);
  cr_expect_eq(state.mix, 0.5);
  cr_expect_eq(state.loop, ANIMA_MOTION_LOOP_PINGPONG);
  cr_expect_eq(state.mode, ANIMA_MOTION_LOOP_PINGPONG);
  cr_expect_eq(state.position, 1);
  cr_expect_eq(state.sample, 1);
  cr_assert_eq(
      anima_motion_loop(l.player, "b", ANIMA_MOTION_LOOP_AUTHORED, NULL),
      ANIMA_OK);
  /* Back to loop: the end folds to the start when sampled. */
  cr_assert_eq(anima_motion_query(l.player, "b", &state, NULL), ANIMA_OK);
  cr_expect_eq(state.sample, 0);
  /* An unknown name is motion-instance; a value after state is refused. */
  anima_diagnostics *found = anima_diagnostics_create();
  cr_expect_eq(anima_motion_query(l.player, "zz", &state, found),
               ANIMA_ERROR_INVALID_ARGUMENT);
  cr_expect(reports(found, "motion-instance"));
  anima_diagnostics_clear(found);
  cr_expect_eq(anima_motion_command_(l.player, "b", "state", "1", found),
               ANIMA_ERROR_INVALID_ARGUMENT);
  cr_expect(reports(found, "operation-arguments"));
  anima_diagnostics_destroy(found);
  loaded_close(&l);
}

/* u: 1 s loop with events s 0, m 0.5, e 1; f: 2 s once (reducedMotion end
 * by default) with s 0, m 1, e 2, x 0 -> 20; k: the same with
 * reducedMotion skip. */
static const char event_document[] =
    "{\"anima\": \"0.1\", \"name\": \"events\", \"grid\": 20, "
    "\"requires\": [\"motion\"], \"nodes\": [{\"id\": \"dot\", \"type\": "
    "\"circle\", \"center\": [10, 10], \"r\": 1}], \"timelines\": {\"u\": "
    "{\"duration\": 1, \"loop\": \"loop\", \"tracks\": {\"dot.r\": [[0, 1], "
    "[1, 2]]}, \"events\": [[0, \"s\"], [0.5, \"m\"], [1, \"e\"]]}, \"f\": "
    "{\"duration\": 2, \"tracks\": {\"dot.x\": [[0, 0], [2, 20]]}, "
    "\"events\": [[0, \"s\"], [1, \"m\"], [2, \"e\"]]}, \"k\": {\"duration\": "
    "2, \"reducedMotion\": \"skip\", \"tracks\": {\"dot.y\": [[0, 0], [2, "
    "20]]}, \"events\": [[0, \"ks\"], [2, \"ke\"]]}}}";

static void expect_events(const anima_event *events, size_t count,
                          const char *const *names, const double *times,
                          size_t expected) {
  cr_assert_eq(count, expected, "%zu events, expected %zu", count, expected);
  for (size_t i = 0; i < expected; i++) {
    cr_expect_str_eq(events[i].name, names[i], "event %zu", i);
    cr_expect_eq(events[i].time, times[i], "event %zu", i);
    cr_expect_eq(events[i].layer, -1, "event %zu", i);
  }
}

Test(motion_instances, a_manual_advance_returns_the_events_it_crossed) {
  loaded l = loaded_open(modules, event_document, true);
  loaded_step(&l, 0);
  anima_operation_answer crossed;
  /* Fresh at 0, 1.25 s: [0, 1] includes its start (s m e), the next cycle
   * starts at 0 again (s, a distinct crossing), then (0, 0.25] has none.
   * It crossed the work end: didLoop. */
  cr_assert_eq(anima_motion_advance_events(l.player, "u", 1.25, &crossed, NULL),
               ANIMA_OK);
  expect_events(crossed.events, crossed.event_count,
                (const char *const[]){"s", "m", "e", "s"},
                (const double[]){0, 0.5, 1, 0}, 4);
  anima_motion_instance_state state;
  cr_assert_eq(anima_motion_query(l.player, "u", &state, NULL), ANIMA_OK);
  cr_expect_float_eq(state.position, 0.25, 1e-12);
  cr_expect(state.did_loop && !state.playing);
  /* (0.25, 0.5]: m only; no boundary. */
  cr_assert_eq(anima_motion_advance_events(l.player, "u", 0.25, &crossed, NULL),
               ANIMA_OK);
  expect_events(crossed.events, crossed.event_count, (const char *const[]){"m"},
                (const double[]){0.5}, 1);
  cr_assert_eq(anima_motion_query(l.player, "u", &state, NULL), ANIMA_OK);
  cr_expect(!state.did_loop);
  /* Reversed: from 0.5 back over 0.75 to 0.75 of the previous cycle:
   * [0, 0.5) gives nothing but s at 0, then e at 1 starts the cycle
   * before (reverse intervals include the new time, exclude the old). */
  cr_assert_eq(anima_motion_speed(l.player, "u", -1, NULL), ANIMA_OK);
  cr_assert_eq(anima_motion_advance_events(l.player, "u", 0.75, &crossed, NULL),
               ANIMA_OK);
  expect_events(crossed.events, crossed.event_count,
                (const char *const[]){"s", "e"}, (const double[]){0, 1}, 2);
  /* The plain advance drops them, and a step does not report them: the
   * instance does not play. */
  cr_assert_eq(anima_motion_advance(l.player, "u", 0.5, NULL), ANIMA_OK);
  anima_step_result result = loaded_step(&l, 0);
  cr_expect_eq(result.event_count, 0);
  loaded_close(&l);
}

Test(motion_instances, a_frozen_instance_reports_the_work_area_once) {
  /* Reduced motion before the first step. f (end): playing, it reports
   * its whole work area in travel order with both ends, s m e, once, and
   * shows its end x 20. k (skip) reports nothing and shows its start. */
  loaded l = loaded_open(modules, event_document, true);
  anima_player_set_reduced_motion(l.player, true);
  cr_assert_eq(anima_motion_play(l.player, "f", NULL), ANIMA_OK);
  cr_assert_eq(anima_motion_play(l.player, "k", NULL), ANIMA_OK);
  anima_step_result result = loaded_step(&l, 0.5);
  expect_events(result.events, result.event_count,
                (const char *const[]){"s", "m", "e"}, (const double[]){0, 1, 2},
                3);
  cr_expect_eq(loaded_number(&l, "dot.x"), 20);
  cr_expect_eq(loaded_number(&l, "dot.y"), 0);
  anima_motion_instance_state state;
  cr_assert_eq(anima_motion_query(l.player, "f", &state, NULL), ANIMA_OK);
  cr_expect(state.frozen);
  cr_expect_eq(state.position, 2);
  result = loaded_step(&l, 0.5);
  cr_expect_eq(result.event_count, 0);
  cr_expect(result.settled);
  /* Reversed and stopped (fresh at the work end 2): its travel order is
   * e m s. */
  cr_assert_eq(anima_motion_stop(l.player, "f", NULL), ANIMA_OK);
  cr_assert_eq(anima_motion_speed(l.player, "f", -1, NULL), ANIMA_OK);
  cr_assert_eq(anima_motion_play(l.player, "f", NULL), ANIMA_OK);
  result = loaded_step(&l, 0);
  expect_events(result.events, result.event_count,
                (const char *const[]){"e", "m", "s"}, (const double[]){2, 1, 0},
                3);
  cr_expect_eq(loaded_number(&l, "dot.x"), 0);
  loaded_close(&l);
}

Test(motion_instances, reduced_motion_switched_on_reports_the_rest) {
  /* f plays to 0.5 (s, included as its first move). Reduced motion on:
   * the rest of the way, (0.5, 2]: m e; it stands at its end, x 20. Off
   * again: the once instance is complete, nothing more. */
  loaded l = loaded_open(modules, event_document, true);
  cr_assert_eq(anima_motion_play(l.player, "f", NULL), ANIMA_OK);
  anima_step_result result = loaded_step(&l, 0.5);
  expect_events(result.events, result.event_count, (const char *const[]){"s"},
                (const double[]){0}, 1);
  cr_expect_float_eq(loaded_number(&l, "dot.x"), 5, 1e-12);
  anima_player_set_reduced_motion(l.player, true);
  result = loaded_step(&l, 0.25);
  expect_events(result.events, result.event_count,
                (const char *const[]){"m", "e"}, (const double[]){1, 2}, 2);
  cr_expect_eq(loaded_number(&l, "dot.x"), 20);
  anima_player_set_reduced_motion(l.player, false);
  result = loaded_step(&l, 0.25);
  cr_expect_eq(result.event_count, 0);
  cr_expect_eq(loaded_number(&l, "dot.x"), 20);
  loaded_close(&l);
}
