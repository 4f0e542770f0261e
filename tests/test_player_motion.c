/*
 * test_player_motion.c — SPEC §10 reduced motion: end/skip/play on entry
 * and when switched mid-animation, crossfades taking 0 s.
 */
#include <criterion/criterion.h>

#include "test_player_fixture.h"

/* One layer: a pose `idle` --go--> run (blend 0.5) playing t. */
#define MOTION_DOCUMENT(loop, mode)                                            \
  DOCUMENT(                                                                    \
      "\"inputs\": {\"go\": {\"type\": \"trigger\"}}, \"timelines\": "         \
      "{\"t\": {\"duration\": 1, \"loop\": \"" loop "\", "                     \
      "\"reducedMotion\": \"" mode "\", \"tracks\": {\"dot.x\": [[0, 0], "     \
      "[1, 10]]}, \"events\": [[0, \"begin\"], [0.5, \"half\"], [1, "          \
      "\"finish\"]]}}, \"machine\": {\"layers\": {\"main\": "                  \
      "{\"initial\": \"idle\", \"states\": {\"idle\": {\"pose\": "             \
      "{\"dot.x\": 3}, \"on\": [{\"when\": \"go\", \"to\": \"run\", "          \
      "\"blend\": 0.5}]}, \"run\": {\"play\": \"t\", \"on\": [{\"when\": "     \
      "\"@end\", \"to\": \"idle\"}]}}}}}")
/* @end needs a once timeline: loops use a document without it. */
#define LOOP_DOCUMENT(mode)                                                    \
  DOCUMENT(                                                                    \
      "\"timelines\": {\"t\": {\"duration\": 1, \"loop\": \"loop\", "          \
      "\"reducedMotion\": \"" mode "\", \"tracks\": {\"dot.x\": [[0, 0], "     \
      "[1, 10]]}, \"events\": [[0.25, \"quarter\"], [0.75, "                   \
      "\"three\"]]}}, \"machine\": {\"layers\": {\"main\": {\"initial\": "     \
      "\"run\", \"states\": {\"run\": {\"play\": \"t\"}}}}}")

Test(player_motion, end_on_entry_reports_everything_and_ends) {
  /* Reduced motion on; go: idle -> run with blend 0 (crossfades take 0 s);
   * `end` freezes at d: x 10 at once, all events reported at once
   * (begin, half, finish); the frozen once timeline is finished, so @end
   * holds at once with carry 0 (DECISIONS 14): back to idle in the same
   * step, x 3. */
  fixture f = fixture_load(MOTION_DOCUMENT("once", "end"));
  anima_player_set_reduced_motion(f.player, true);
  step(&f, 0);
  anima_player_fire(f.player, "go");
  anima_step_result result = step(&f, 0);
  cr_assert_str_eq(state_of(&f, 0), "idle");
  cr_assert_eq(value_of(&f, "dot.x"), 3);
  cr_assert_geq(event_index(&result, "begin"), 0);
  cr_assert_gt(event_index(&result, "half"), event_index(&result, "begin"));
  cr_assert_gt(event_index(&result, "finish"), event_index(&result, "half"));
  cr_assert(result.settled);
  fixture_free(&f);
}

Test(player_motion, end_freezes_loops_at_d_and_settles) {
  /* A loop with `end` entered under reduced motion: local time d, x 10,
   * at rest (frozen timeline of any loop mode) -> settled. */
  fixture f = fixture_load(LOOP_DOCUMENT("end"));
  anima_player_destroy(f.player);
  f.player = anima_player_create_with_motion(f.model, true);
  cr_assert_eq(value_of(&f, "dot.x"), 10);
  anima_step_result result = step(&f, 0.3);
  cr_assert_eq(value_of(&f, "dot.x"), 10);
  cr_assert(result.settled);
  cr_assert_eq(result.event_count, 2); /* quarter, three at entry */
  fixture_free(&f);
}

Test(player_motion, skip_freezes_at_zero_without_events) {
  fixture f = fixture_load(LOOP_DOCUMENT("skip"));
  anima_player_destroy(f.player);
  f.player = anima_player_create_with_motion(f.model, true);
  anima_step_result result = step(&f, 0.6);
  cr_assert_eq(value_of(&f, "dot.x"), 0);
  cr_assert_eq(result.event_count, 0);
  cr_assert(result.settled);
  fixture_free(&f);
}

Test(player_motion, play_plays_normally) {
  fixture f = fixture_load(LOOP_DOCUMENT("play"));
  anima_player_destroy(f.player);
  f.player = anima_player_create_with_motion(f.model, true);
  anima_step_result result = step(&f, 0.5);
  cr_assert_float_eq(value_of(&f, "dot.x"), 5, 1e-12);
  cr_assert(!result.settled);
  fixture_free(&f);
}

Test(player_motion, switching_on_mid_loop_reports_the_rest_of_the_cycle) {
  /* Full motion to local 0.5 (quarter reported on the way). Switching on
   * at the next step: `end` freezes at d, reporting only events in
   * (0.5, 1]: three. The clock no longer moves: x 10 after more time.
   * Switching off resumes the loop from local d: 0.25 later τ = 1.25 ->
   * local 0.25, x 2.5. */
  fixture f = fixture_load(LOOP_DOCUMENT("end"));
  step(&f, 0.5);
  anima_player_set_reduced_motion(f.player, true);
  anima_step_result on = step(&f, 0.1);
  cr_assert_eq(on.event_count, 1);
  cr_assert_str_eq(on.events[0].name, "three");
  cr_assert_eq(value_of(&f, "dot.x"), 10);
  cr_assert(on.settled);
  step(&f, 1);
  cr_assert_eq(value_of(&f, "dot.x"), 10);
  anima_player_set_reduced_motion(f.player, false);
  step(&f, 0.25);
  cr_assert_float_eq(value_of(&f, "dot.x"), 2.5, 1e-12);
  fixture_free(&f);
}

Test(player_motion, switching_on_completes_crossfades) {
  /* idle (x 3) --go, blend 0.5--> run. At 0.25 into the fade, reduced
   * motion switches on: the fade completes and `end` freezes run at d
   * (x 10); run is once and finished, so @end returns to idle: x 3. */
  fixture f = fixture_load(MOTION_DOCUMENT("once", "end"));
  anima_player_fire(f.player, "go");
  step(&f, 0);
  step(&f, 0.25);
  cr_assert_str_eq(state_of(&f, 0), "run");
  anima_player_set_reduced_motion(f.player, true);
  step(&f, 0);
  cr_assert_str_eq(state_of(&f, 0), "idle");
  cr_assert_eq(value_of(&f, "dot.x"), 3);
  fixture_free(&f);
}

Test(player_motion, switching_off_keeps_frozen_once_finished) {
  /* `skip` on a once timeline under reduced motion: frozen at 0 and
   * finished; switching off leaves it finished (x stays 0, still
   * settled). The document's run returns to idle on @end, so use a loop-free
   * layer without transitions: play t directly. */
  fixture f = fixture_load(DOCUMENT(
      "\"timelines\": {\"t\": {\"duration\": 1, \"reducedMotion\": "
      "\"skip\", \"tracks\": {\"dot.x\": [[0, 0], [1, 10]]}}}, \"machine\": "
      "{\"layers\": {\"main\": {\"initial\": \"run\", \"states\": {\"run\": "
      "{\"play\": \"t\"}}}}}"));
  anima_player_set_reduced_motion(f.player, true);
  cr_assert(step(&f, 0.2).settled);
  anima_player_set_reduced_motion(f.player, false);
  anima_step_result result = step(&f, 0.3);
  cr_assert_eq(value_of(&f, "dot.x"), 0);
  cr_assert(result.settled);
  fixture_free(&f);
}
