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
#include "test_module_player.h"

#define MOTION_MODULE ANIMA_BUILD_ROOT "/modules/anima-motion.so"

static const char *const modules[] = {MOTION_MODULE, NULL};

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

static bool reports(const anima_diagnostics *diagnostics, const char *code) {
  for (size_t i = 0; i < anima_diagnostics_count(diagnostics); i++) {
    if (strcmp(anima_diagnostics_get(diagnostics, i)->code, code) == 0) {
      return true;
    }
  }
  return false;
}

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
