/*
 * test_player.c — the player basics: §5 sampling, local time, colours,
 * the §7 first paragraph, the input API (§8), root a11y keys (§10),
 * settled and sleeping (§7), and that step allocates nothing.
 * Expected values are derived by hand in the comments.
 */
#include <criterion/criterion.h>
#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "sample.h"
#include "test_player_fixture.h"

/* A play state "run" on layer "main" playing timeline "t". */
#define PLAY(timeline)                                                         \
  "\"timelines\": {\"t\": " timeline "}, \"machine\": {\"layers\": "           \
  "{\"main\": {\"initial\": \"run\", \"states\": {\"run\": {\"play\": "        \
  "\"t\"}}}}}"
#define PLAY_SPEED(timeline, speed)                                            \
  "\"timelines\": {\"t\": " timeline "}, \"machine\": {\"layers\": "           \
  "{\"main\": {\"initial\": \"run\", \"states\": {\"run\": {\"play\": "        \
  "\"t\", \"speed\": " speed "}}}}}"

Test(player_sampling, linear_segments_and_hold) {
  /* Keys (0, 0), (1, 10, hold), (2, 30). t 0.5: segment 0, u 0.5, linear
   * -> 5. t 1.5: segment 1 eases with hold, w 0 -> 10. t 2: the last key
   * -> 30. */
  fixture f = fixture_load(DOCUMENT(PLAY(
      "{\"duration\": 2, \"tracks\": {\"dot.x\": [[0, 0], [1, 10, \"hold\"], "
      "[2, 30]]}}")));
  step(&f, 0.5);
  cr_assert_eq(value_of(&f, "dot.x"), 5);
  step(&f, 1);
  cr_assert_eq(value_of(&f, "dot.x"), 10);
  step(&f, 0.5);
  cr_assert_eq(value_of(&f, "dot.x"), 30);
  fixture_free(&f);
}

Test(player_sampling, ends_near_the_largest_number_stay_finite) {
  /* Keys (0, -1e308, hold), (1, 1e308), (2, 1e308): 1e308 − (−1e308)
   * overflows to inf, and inf · 0 is NaN, so the formula of SPEC §5 read
   * literally gives NaN where hold means v0. Sampling weights the ends
   * instead: t 0 and t 0.5 (hold, w 0) give exactly -1e308, t 1 the key
   * 1e308. A crossfade between poses -1e308 and 1e308 (blend 1) starts at
   * exactly -1e308 (w 0) and ends at exactly 1e308. */
  fixture f = fixture_load(DOCUMENT(
      PLAY("{\"duration\": 2, \"tracks\": {\"dot.x\": [[0, -1e308, \"hold\"], "
           "[1, 1e308], [2, 1e308]]}}")));
  step(&f, 0);
  cr_assert_eq(value_of(&f, "dot.x"), -1e308);
  step(&f, 0.5);
  cr_assert_eq(value_of(&f, "dot.x"), -1e308);
  step(&f, 0.5);
  cr_assert_eq(value_of(&f, "dot.x"), 1e308);
  fixture_free(&f);

  f = fixture_load(DOCUMENT(
      "\"inputs\": {\"go\": {\"type\": \"trigger\"}}, \"machine\": "
      "{\"layers\": {\"main\": {\"initial\": \"low\", \"states\": {\"low\": "
      "{\"pose\": {\"dot.x\": -1e308}, \"on\": [{\"when\": \"go\", \"to\": "
      "\"high\", \"blend\": 1}]}, \"high\": {\"pose\": {\"dot.x\": "
      "1e308}}}}}}"));
  step(&f, 0);
  anima_player_fire(f.player, "go");
  step(&f, 0);
  cr_assert_str_eq(anima_player_layer_state(f.player, 0), "high");
  cr_assert_eq(value_of(&f, "dot.x"), -1e308);
  step(&f, 1);
  cr_assert_eq(value_of(&f, "dot.x"), 1e308);
  fixture_free(&f);
}

Test(player_sampling, before_the_first_key) {
  /* Keys (0.5, 4), (1, 8): t 0.25 <= t0 -> v0 = 4; t 0.75: u 0.5 -> 6. */
  fixture f = fixture_load(DOCUMENT(
      PLAY("{\"duration\": 1, \"tracks\": {\"dot.y\": [[0.5, 4], [1, 8]]}}")));
  cr_assert_eq(value_of(&f, "dot.y"), 4);
  step(&f, 0.25);
  cr_assert_eq(value_of(&f, "dot.y"), 4);
  step(&f, 0.5);
  cr_assert_eq(value_of(&f, "dot.y"), 6);
  fixture_free(&f);
}

Test(player_sampling, clock_within_epsilon_snaps_to_the_key) {
  /* Eight steps of 0.1 sum to 0.7999999999999999 in binary64, 1.1e-16
   * before the key at 0.8: within ε = 1e-9, so the key is reached, t snaps
   * to it and its hold ease gives exactly 5 (without the snap the segment
   * 0..0.8 would give 4.99999999999999). */
  fixture f = fixture_load(DOCUMENT(
      PLAY("{\"duration\": 1, \"tracks\": {\"dot.x\": [[0, 0], [0.8, 5, "
           "\"hold\"], [1, 9]]}}")));
  step_many(&f, 0.1, 8);
  cr_assert_lt(anima_player_time(f.player), 0.8);
  cr_assert_eq(value_of(&f, "dot.x"), 5);
  fixture_free(&f);
}

Test(player_sampling, boolean_keys_hold) {
  /* visible keys (0, false), (1, true): booleans take vi for the whole
   * segment, so false at 0.99 and true at 1. */
  fixture f = fixture_load(DOCUMENT(
      PLAY("{\"duration\": 1, \"tracks\": {\"dot.visible\": [[0, false], [1, "
           "true]]}}")));
  step(&f, 0.99);
  cr_assert_eq(any_value_of(&f, "dot.visible").as.boolean, false);
  step(&f, 0.01);
  cr_assert_eq(any_value_of(&f, "dot.visible").as.boolean, true);
  fixture_free(&f);
}

Test(player_colors, round_half_up_per_channel) {
  /* #000000 -> #ff0000 linear at 0.5: 255·0.5 = 127.5, floor(128.0) = 128
   * -> #800000. Alpha #00000000 -> #000000ff at 0.25: 63.75 -> 64. */
  fixture f = fixture_load(
      DOCUMENT(PLAY("{\"duration\": 1, \"tracks\": {\"dot.fill.color\": [[0, "
                    "\"#00000000\"], [1, \"#ff0000ff\"]]}}")));
  step(&f, 0.25);
  anima_color quarter = any_value_of(&f, "dot.fill.color").as.color;
  cr_assert_eq(quarter.r, 64); /* 63.75 -> 64 */
  cr_assert_eq(quarter.a, 64);
  step(&f, 0.25);
  anima_color half = any_value_of(&f, "dot.fill.color").as.color;
  cr_assert_eq(half.r, 128);
  cr_assert_eq(half.g, 0);
  cr_assert_eq(half.a, 128);
  fixture_free(&f);
}

Test(player_colors, overshoot_clamps) {
  /* cubic(0.5, 2, 0.5, 2): Bx(s) = 1.5s(1−s) + s³ is 0.5 at s = 0.5, so
   * u 0.5 -> w = By(0.5) = 0.75 + 0.75 + 0.125 = 1.625; red 255·1.625 =
   * 414.4 -> clamped to 255. From #ff0000 down to #000000 the same w gives
   * 255 − 414.4 < 0 -> 0. */
  fixture f = fixture_load(DOCUMENT(PLAY(
      "{\"duration\": 1, \"tracks\": {\"dot.fill.color\": [[0, \"#000000\", "
      "\"cubic(0.5, 2, 0.5, 2)\"], [1, \"#ff0000\"]], \"dot.x\": [[0, 0, "
      "\"cubic(0.5, 2, 0.5, 2)\"], [1, 10]]}}")));
  step(&f, 0.5);
  cr_assert_eq(any_value_of(&f, "dot.fill.color").as.color.r, 255);
  cr_assert_float_eq(value_of(&f, "dot.x"), 16.25, 1e-9); /* not clamped */
  fixture_free(&f);
}

Test(player_local_time, loop_and_pingpong_with_speed) {
  /* d = 1, x keys (0, 0), (1, 10). Speed 2: played τ = 2·state time.
   * loop: state time 0.75 -> τ 1.5 -> 1.5 − 1·⌊1.5⌋ = 0.5 -> x 5.
   * pingpong: τ 1.5 -> q = 1.5 − 2·⌊1.5/2⌋ = 1.5 > 1 -> 2 − 1.5 = 0.5 -> 5;
   * state time 1.25 -> τ 2.5 -> q 0.5 -> 5. */
  fixture loop = fixture_load(DOCUMENT(PLAY_SPEED(
      "{\"duration\": 1, \"loop\": \"loop\", \"tracks\": {\"dot.x\": [[0, "
      "0], [1, 10]]}}",
      "2")));
  step(&loop, 0.75);
  cr_assert_float_eq(value_of(&loop, "dot.x"), 5, 1e-12);
  fixture_free(&loop);
  fixture ping = fixture_load(DOCUMENT(PLAY_SPEED(
      "{\"duration\": 1, \"loop\": \"pingpong\", \"tracks\": {\"dot.x\": "
      "[[0, 0], [1, 10]]}}",
      "2")));
  step(&ping, 0.75);
  cr_assert_float_eq(value_of(&ping, "dot.x"), 5, 1e-12);
  step(&ping, 0.5);
  cr_assert_float_eq(value_of(&ping, "dot.x"), 5, 1e-12);
  fixture_free(&ping);
}

Test(player_local_time, boundaries_fold) {
  /* §5: a loop boundary folds to the start, a pingpong turn to its
   * endpoint, an offset within ε of a multiple snaps first; once is
   * min(τ, d). */
  cr_assert_eq(anima_local_time(ANIMA_LOOP_LOOP, 1, 1), 0);
  cr_assert_eq(anima_local_time(ANIMA_LOOP_LOOP, 1, 3 - 1e-10), 0);
  cr_assert_eq(anima_local_time(ANIMA_LOOP_PINGPONG, 1, 1), 1);
  cr_assert_eq(anima_local_time(ANIMA_LOOP_PINGPONG, 1, 2 + 1e-10), 0);
  cr_assert_eq(anima_local_time(ANIMA_LOOP_PINGPONG, 1, 3 - 1e-10), 1);
  cr_assert_float_eq(anima_local_time(ANIMA_LOOP_PINGPONG, 0.4, 1.0), 0.2,
                     1e-12); /* q = 1.0 − 0.8 = 0.2 */
  cr_assert_eq(anima_local_time(ANIMA_LOOP_ONCE, 1, 7), 1);
  cr_assert_eq(anima_local_time(ANIMA_LOOP_ONCE, 1, 0.25), 0.25);
}

Test(player_local_time, loop_boundary_samples_the_first_key) {
  /* A loop at τ = d exactly is at local time 0: x = v0 = 0, not 10. */
  fixture f = fixture_load(DOCUMENT(
      PLAY("{\"duration\": 1, \"loop\": \"loop\", \"tracks\": {\"dot.x\": [[0, "
           "0], [1, 10]]}}")));
  step(&f, 1);
  cr_assert_eq(value_of(&f, "dot.x"), 0);
  fixture_free(&f);
}

Test(player_new, resolved_before_the_first_step) {
  /* §7: a new player's values are resolved (the initial pose writes x 3,
   * opacity 2 clamps to 1) and settled is false before any step
   * (DECISIONS 4); no events until the first step. */
  fixture f = fixture_load(DOCUMENT(
      "\"machine\": {\"layers\": {\"main\": {\"initial\": \"a\", "
      "\"states\": {\"a\": {\"pose\": {\"dot.x\": 3, \"dot.opacity\": 2}, "
      "\"emit\": \"hello\"}}}}}"));
  cr_assert_eq(value_of(&f, "dot.x"), 3);
  cr_assert_eq(value_of(&f, "dot.opacity"), 1);
  cr_assert_eq(value_of(&f, "dot.r"), 2); /* rest value */
  cr_assert(!anima_player_settled(f.player));
  anima_step_result result = step(&f, 0);
  cr_assert_eq(result.event_count, 1);
  cr_assert_str_eq(result.events[0].name, "hello");
  cr_assert_eq(result.events[0].layer, 0);
  cr_assert(result.settled);
  fixture_free(&f);
}

#define INPUTS                                                                 \
  "\"inputs\": {\"on\": {\"type\": \"bool\"}, \"level\": {\"type\": "          \
  "\"number\", \"default\": 0.5, \"min\": 0, \"max\": 1}, \"tap\": "           \
  "{\"type\": \"trigger\"}}"

Test(player_inputs, errors_are_rejected) {
  /* §8: unknown names and wrong types are rejected by the API. */
  fixture f = fixture_load(DOCUMENT(INPUTS));
  cr_assert_eq(anima_player_set_bool(f.player, "nope", true),
               ANIMA_ERROR_UNKNOWN_INPUT);
  cr_assert_eq(anima_player_set_bool(f.player, "level", true),
               ANIMA_ERROR_INPUT_TYPE);
  cr_assert_eq(anima_player_set_number(f.player, "on", 1),
               ANIMA_ERROR_INPUT_TYPE);
  cr_assert_eq(anima_player_set_number(f.player, "level", NAN),
               ANIMA_ERROR_INVALID_ARGUMENT);
  cr_assert_eq(anima_player_fire(f.player, "on"), ANIMA_ERROR_INPUT_TYPE);
  cr_assert_eq(anima_player_toggle(f.player, "tap"), ANIMA_ERROR_INPUT_TYPE);
  cr_assert_eq(anima_player_fire(f.player, "missing"),
               ANIMA_ERROR_UNKNOWN_INPUT);
  anima_step_result result;
  cr_assert_eq(anima_player_step(f.player, -0.1, &result),
               ANIMA_ERROR_INVALID_ARGUMENT);
  cr_assert_eq(anima_player_step(f.player, INFINITY, &result),
               ANIMA_ERROR_INVALID_ARGUMENT);
  anima_value value;
  cr_assert_eq(anima_player_read(f.player, "dot.nothing", &value),
               ANIMA_ERROR_UNKNOWN_ADDRESS);
  cr_assert_eq(anima_player_read(f.player, "ghost.x", &value),
               ANIMA_ERROR_UNKNOWN_ADDRESS);
  cr_assert_eq(anima_player_step(NULL, 0, &result),
               ANIMA_ERROR_INVALID_ARGUMENT);
  fixture_free(&f);
}

Test(player_inputs, writes_apply_at_the_next_step_and_clamp) {
  /* Writes are queued (§7 stage 1): the applied value changes only after a
   * step; number writes clamp to min/max (1.7 -> 1); toggle flips. */
  fixture f = fixture_load(DOCUMENT(INPUTS));
  anima_value value;
  cr_assert_eq(anima_player_set_number(f.player, "level", 1.7), ANIMA_OK);
  cr_assert_eq(anima_player_toggle(f.player, "on"), ANIMA_OK);
  anima_player_get_input(f.player, "level", &value);
  cr_assert_eq(value.as.number, 0.5);
  step(&f, 0);
  anima_player_get_input(f.player, "level", &value);
  cr_assert_eq(value.as.number, 1);
  anima_player_get_input(f.player, "on", &value);
  cr_assert_eq(value.as.boolean, true);
  anima_player_set_number(f.player, "level", -3);
  step(&f, 0);
  anima_player_get_input(f.player, "level", &value);
  cr_assert_eq(value.as.number, 0);
  fixture_free(&f);
}

/* Root a11y: Enter/Space activate the bool "on" (toggle); "held" is held.
 * Layer "show" mirrors the inputs into dot.x (on) and dot.y (held). */
#define A11Y_DOCUMENT                                                          \
  DOCUMENT("\"inputs\": {\"on\": {\"type\": \"bool\"}, \"held\": {\"type\": "  \
           "\"bool\"}}, \"a11y\": {\"role\": \"switch\", \"label\": "          \
           "\"Power\", \"activate\": \"on\", \"pressed\": \"on\", \"held\": "  \
           "\"held\"}")

Test(player_a11y, enter_on_down_space_on_up) {
  fixture f = fixture_load(A11Y_DOCUMENT);
  anima_value on, held;
  /* Enter down (not a repeat): activates now, held true. */
  cr_assert_eq(anima_player_key_down(f.player, ANIMA_KEY_ENTER, false),
               ANIMA_OK);
  step(&f, 0);
  anima_player_get_input(f.player, "on", &on);
  anima_player_get_input(f.player, "held", &held);
  cr_assert(on.as.boolean && held.as.boolean);
  /* A repeat does not activate again (on stays true). */
  anima_player_key_down(f.player, ANIMA_KEY_ENTER, true);
  step(&f, 0);
  anima_player_get_input(f.player, "on", &on);
  cr_assert(on.as.boolean);
  /* Enter up: no activation, held false. */
  anima_player_key_up(f.player, ANIMA_KEY_ENTER);
  step(&f, 0);
  anima_player_get_input(f.player, "on", &on);
  anima_player_get_input(f.player, "held", &held);
  cr_assert(on.as.boolean && !held.as.boolean);
  /* Space down: held, no activation yet; Space up: toggles on to false. */
  anima_player_key_down(f.player, ANIMA_KEY_SPACE, false);
  step(&f, 0);
  anima_player_get_input(f.player, "on", &on);
  anima_player_get_input(f.player, "held", &held);
  cr_assert(on.as.boolean && held.as.boolean);
  anima_player_key_up(f.player, ANIMA_KEY_SPACE);
  step(&f, 0);
  anima_player_get_input(f.player, "on", &on);
  anima_player_get_input(f.player, "held", &held);
  cr_assert(!on.as.boolean && !held.as.boolean);
  fixture_free(&f);
}

Test(player_a11y, held_while_either_key_is_down) {
  /* Enter down, Space down, Enter up: Space still holds -> held true;
   * Space up -> false. */
  fixture f = fixture_load(A11Y_DOCUMENT);
  anima_value held;
  anima_player_key_down(f.player, ANIMA_KEY_ENTER, false);
  anima_player_key_down(f.player, ANIMA_KEY_SPACE, false);
  anima_player_key_up(f.player, ANIMA_KEY_ENTER);
  step(&f, 0);
  anima_player_get_input(f.player, "held", &held);
  cr_assert(held.as.boolean);
  anima_player_key_up(f.player, ANIMA_KEY_SPACE);
  step(&f, 0);
  anima_player_get_input(f.player, "held", &held);
  cr_assert(!held.as.boolean);
  fixture_free(&f);
}

Test(player_a11y, trigger_activation_and_img_role) {
  /* activate naming a trigger fires it: layer goes idle -> pressed. An img
   * role ignores keys. */
  fixture f = fixture_load(DOCUMENT(
      "\"inputs\": {\"press\": {\"type\": \"trigger\"}}, \"a11y\": "
      "{\"role\": \"button\", \"label\": \"Go\", \"activate\": \"press\"}, "
      "\"machine\": {\"layers\": {\"main\": {\"initial\": \"idle\", "
      "\"states\": {\"idle\": {\"pose\": {}, \"on\": [{\"when\": \"press\", "
      "\"to\": \"pressed\"}]}, \"pressed\": {\"pose\": {\"dot.x\": 1}}}}}}"));
  anima_player_key_down(f.player, ANIMA_KEY_ENTER, false);
  step(&f, 0);
  cr_assert_str_eq(state_of(&f, 0), "pressed");
  fixture_free(&f);
  fixture g = fixture_load(DOCUMENT(
      "\"inputs\": {\"on\": {\"type\": \"bool\"}}, \"a11y\": {\"role\": "
      "\"img\", \"label\": \"Picture\"}, \"listeners\": [{\"on\": \"click\", "
      "\"toggle\": \"on\"}]"));
  cr_assert_eq(anima_player_key_down(g.player, ANIMA_KEY_ENTER, false),
               ANIMA_OK);
  step(&g, 0);
  anima_value on;
  anima_player_get_input(g.player, "on", &on);
  cr_assert(!on.as.boolean);
  fixture_free(&g);
}

Test(player_settled, once_pose_and_after) {
  /* §7 Settled: a once timeline (d 1) is not settled at 0.5 and is at 1;
   * a pose with an @after(2) transition is not settled before state time
   * 2. */
  fixture f = fixture_load(DOCUMENT(
      PLAY("{\"duration\": 1, \"tracks\": {\"dot.x\": [[0, 0], [1, 10]]}}")));
  cr_assert(!step(&f, 0.5).settled);
  cr_assert(step(&f, 0.5).settled);
  fixture_free(&f);
  fixture g = fixture_load(DOCUMENT(
      "\"machine\": {\"layers\": {\"main\": {\"initial\": \"a\", "
      "\"states\": {\"a\": {\"pose\": {}, \"on\": [{\"when\": \"@after(2)\", "
      "\"to\": \"b\"}]}, \"b\": {\"pose\": {\"dot.x\": 1}}}}}}"));
  cr_assert(!step(&g, 1).settled);
  cr_assert(step(&g, 1).settled); /* @after holds: -> b, a pose */
  cr_assert_str_eq(state_of(&g, 0), "b");
  fixture_free(&g);
}

Test(player_settled, sleeping_keeps_the_clocks) {
  /* State a (pose) has `go && @after(0.5)` -> b (once, x 0 -> 10 over 1).
   * After 0.5 s a is settled (no @after beyond the state time, go false),
   * so the player sleeps. Two more seconds pass asleep; then go is set:
   * the transition holds with carry = state time − 0.5 = 2.5 − 0.5 = 2
   * (§7 3.2 c), so b starts at state time 2 >= 1: finished, x = 10. A
   * player that stopped its clocks while asleep would show x = 0. */
  fixture f = fixture_load(DOCUMENT(
      "\"inputs\": {\"go\": {\"type\": \"bool\"}}, \"timelines\": {\"t\": "
      "{\"duration\": 1, \"tracks\": {\"dot.x\": [[0, 0], [1, 10]]}}}, "
      "\"machine\": {\"layers\": {\"main\": {\"initial\": \"a\", "
      "\"states\": {\"a\": {\"pose\": {}, \"on\": [{\"when\": \"go && "
      "@after(0.5)\", \"to\": \"b\"}]}, \"b\": {\"play\": \"t\"}}}}}"));
  cr_assert(step(&f, 0.5).settled);
  anima_step_result asleep = step_many(&f, 0.5, 4);
  cr_assert(asleep.settled);
  cr_assert_eq(asleep.event_count, 0);
  anima_player_set_bool(f.player, "go", true);
  anima_step_result woken = step(&f, 0);
  cr_assert_str_eq(state_of(&f, 0), "b");
  cr_assert_eq(value_of(&f, "dot.x"), 10);
  cr_assert(woken.settled);
  fixture_free(&f);
}

Test(player_settled, level_transitions_keep_stepping) {
  /* Poses a <-> b on the level condition `go`: each step takes 16
   * transitions and reports @limit (DECISIONS 15). settled is true by the
   * §7 definition (poses, nothing pending), but the player must not sleep:
   * the next step again reports @limit. */
  fixture f = fixture_load(DOCUMENT(
      "\"inputs\": {\"go\": {\"type\": \"bool\", \"default\": true}}, "
      "\"machine\": {\"layers\": {\"main\": {\"initial\": \"a\", "
      "\"states\": {\"a\": {\"pose\": {}, \"on\": [{\"when\": \"go\", "
      "\"to\": \"b\"}]}, \"b\": {\"pose\": {}, \"on\": [{\"when\": \"go\", "
      "\"to\": \"a\"}]}}}}}"));
  anima_step_result first = step(&f, 0.1);
  cr_assert_geq(event_index(&first, "@limit"), 0);
  anima_step_result second = step(&f, 0.1);
  cr_assert_geq(event_index(&second, "@limit"), 0);
  fixture_free(&f);
}

/* Counting allocations made by this thread while `counting` is set. In a
 * plain build the executable's malloc family interposes the C library's
 * (libanima's calls resolve to it too); under AddressSanitizer, which owns
 * malloc, the sanitizer's allocation hook counts instead. */
static _Thread_local bool counting;
static _Thread_local long allocations;

#if defined(__SANITIZE_ADDRESS__)
#define ANIMA_TEST_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ANIMA_TEST_SANITIZED 1
#endif
#endif

#ifdef ANIMA_TEST_SANITIZED
int __sanitizer_install_malloc_and_free_hooks(
    void (*malloc_hook)(const volatile void *, size_t),
    void (*free_hook)(const volatile void *));

static void count_allocation(const volatile void *pointer, size_t size) {
  (void)pointer;
  (void)size;
  if (counting) {
    allocations++;
  }
}

static void ignore_free(const volatile void *pointer) {
  (void)pointer;
}

static void install_counter(void) {
  /* Both hooks are required, or the sanitizer installs neither. */
  __sanitizer_install_malloc_and_free_hooks(count_allocation, ignore_free);
}

static void *test_calloc(size_t count, size_t size) {
  return calloc(count, size);
}
#else
extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);

void *malloc(size_t size) {
  if (counting) {
    allocations++;
  }
  return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
  if (counting) {
    allocations++;
  }
  return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
  if (counting) {
    allocations++;
  }
  return __libc_realloc(pointer, size);
}

static void install_counter(void) {}

static void *test_calloc(size_t count, size_t size) {
  return __libc_calloc(count, size);
}
#endif

static char *read_example(const char *name) {
  char path[1024];
  snprintf(path, sizeof path, "%s/examples/%s", ANIMA_SOURCE_ROOT, name);
  FILE *file = fopen(path, "rb");
  cr_assert_not_null(file, "cannot open %s", path);
  char *text = test_calloc(1, 1 << 20);
  size_t length = fread(text, 1, (1 << 20) - 1, file);
  fclose(file);
  text[length] = '\0';
  return text;
}

Test(player_speed, step_allocates_nothing) {
  /* The bell rings (trigger "ring"), is hovered and pressed while 1000
   * steps of 1/60 s run; malloc/calloc/realloc must not be called inside
   * any step. The inputs are queued outside the counted region. */
  char *text = read_example("bell.ani");
  fixture f = fixture_load(text);
  free(text);
  install_counter();
  /* The counter works: one malloc while counting is counted. The call goes
   * through a volatile pointer so the compiler cannot treat it as the
   * builtin malloc and move the `counting` stores around it. */
  void *(*volatile allocate)(size_t) = malloc;
  allocations = 0;
  counting = true;
  void *probe = allocate(16);
  counting = false;
  free(probe);
  cr_assert_geq(allocations, 1, "the allocation counter does not count");
  step(&f, 0);
  long total = 0;
  for (int i = 0; i < 1000; i++) {
    if (i % 100 == 0) {
      anima_player_fire(f.player, "ring");
      anima_player_pointer_move(f.player, 10, 10);
    }
    if (i % 100 == 50) {
      anima_player_pointer_leave(f.player);
    }
    allocations = 0;
    counting = true;
    anima_step_result result;
    anima_player_step(f.player, 1.0 / 60, &result);
    counting = false;
    total += allocations;
  }
  cr_assert_eq(total, 0, "%ld allocations in 1000 steps", total);
  fixture_free(&f);
}

Test(player_speed, module_stages_allocate_nothing) {
  /* The test module `stages` (tests/modules/stages.c) runs a hook at every
   * stage, one more solve, its per-player instance, events, the pose
   * (replaced local matrices) and the random source: 1000 steps of a
   * playing document with it allocate nothing; the instances were sized
   * at player creation. */
  anima_runtime *runtime = anima_runtime_create();
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  cr_assert_eq(
      anima_runtime_load_module_file(
          runtime, ANIMA_TEST_MODULE_DIR "/anima-stages.so", diagnostics),
      ANIMA_OK);
  static const char document[] =
      "{\"anima\": \"0.1\", \"name\": \"t\", \"grid\": 20, \"requires\": "
      "[\"stages\"], \"inputs\": {\"level\": {\"type\": \"number\"}}, "
      "\"nodes\": [{\"id\": \"probe\", \"type\": \"group\", \"stageTrace\": 0, "
      "\"stageRandom\": 0, \"stageSteps\": 0, \"stageLayout\": 0, "
      "\"stageEnd\": 0, "
      "\"children\": [{\"id\": \"dot\", \"type\": \"circle\", \"center\": "
      "[0, 0], \"r\": 1}]}], \"timelines\": {\"slide\": {\"duration\": 2, "
      "\"loop\": \"loop\", \"tracks\": {\"probe.x\": [[0, 0], [2, 20]]}}}, "
      "\"machine\": {\"layers\": {\"main\": {\"initial\": \"play\", "
      "\"states\": {\"play\": {\"play\": \"slide\"}}}}}}";
  anima_model *model = NULL;
  cr_assert_eq(anima_model_load(runtime, document, sizeof document - 1,
                                diagnostics, &model),
               ANIMA_OK);
  anima_player *player = anima_player_create(model);
  cr_assert_not_null(player);
  install_counter();
  anima_step_result result;
  anima_player_step(player, 0, &result);
  long total = 0;
  for (int i = 0; i < 1000; i++) {
    if (i % 100 == 0) {
      anima_player_set_number(player, "level", i);
    }
    allocations = 0;
    counting = true;
    anima_player_step(player, 1.0 / 60, &result);
    counting = false;
    total += allocations;
  }
  cr_assert_eq(total, 0, "%ld allocations in 1000 steps", total);
  anima_player_destroy(player);
  anima_model_destroy(model);
  anima_diagnostics_destroy(diagnostics);
  anima_runtime_destroy(runtime);
}

Test(player_speed, many_players_share_one_model) {
  /* Players are independent: firing one does not touch the other. */
  char *text = read_example("bell.ani");
  fixture f = fixture_load(text);
  free(text);
  anima_player *other = anima_player_create(f.model);
  anima_player_fire(f.player, "ring");
  step(&f, 0.2);
  anima_step_result result;
  anima_player_step(other, 0.2, &result);
  cr_assert_str_neq(anima_player_layer_state(f.player, 0),
                    anima_player_layer_state(other, 0));
  anima_player_destroy(other);
  fixture_free(&f);
}

/* SPEC §2: every valid document loads; "$comment" members anywhere are
 * ignored, so the documents of tests/documents/valid/ (which put them in
 * every object) must compile into models, not only validate. */
Test(player_models, every_valid_test_document_compiles) {
  const char *names[] = {"comments-everywhere.ani", "depth-32.ani",
                         "inputs-and-conditions.ani", "knockout-and-arcs.ani"};
  anima_runtime *runtime = anima_runtime_create();
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
    char path[1024];
    snprintf(path, sizeof path, "%s/tests/documents/valid/%s",
             ANIMA_SOURCE_ROOT, names[i]);
    FILE *file = fopen(path, "rb");
    cr_assert_not_null(file, "%s", path);
    static char text[1 << 20];
    size_t length = fread(text, 1, sizeof text, file);
    fclose(file);
    anima_diagnostics *diagnostics = anima_diagnostics_create();
    anima_model *model = NULL;
    anima_status status =
        anima_model_load(runtime, text, length, diagnostics, &model);
    cr_expect_eq(status, ANIMA_OK, "%s: %s", names[i],
                 anima_diagnostics_count(diagnostics)
                     ? anima_diagnostics_get(diagnostics, 0)->message
                     : "no diagnostic");
    anima_model_destroy(model);
    anima_diagnostics_destroy(diagnostics);
  }
  anima_runtime_destroy(runtime);
}
