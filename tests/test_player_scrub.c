/*
 * test_player_scrub.c — anima_player_show_timeline, the inspector view of
 * timeline scrubbing (SPEC §11.4): a timeline sampled (§5) at a clamped
 * time over the rest values, without advancing the machine. Expected
 * values are derived by hand in the comments.
 */
#include <criterion/criterion.h>
#include <math.h>

#include <anima/introspect.h>

#include "test_player_fixture.h"

/* Rest values: dot.x 0, dot.r 2 (the document's). Layer main starts in
 * the pose "big" (dot.r 5); `go` plays timeline "a": dot.x linear from 0
 * at t 0 to 20 at t 2 (so 10 per second), event "mid" at t 1. */
static const char *document = DOCUMENT(
    "\"inputs\": {\"go\": {\"type\": \"trigger\"}}, \"timelines\": {\"a\": "
    "{\"duration\": 2, \"tracks\": {\"dot.x\": [[0, 0], [2, 20]]}, "
    "\"events\": [[1, \"mid\"]]}}, \"machine\": {\"layers\": {\"main\": "
    "{\"initial\": \"big\", \"states\": {\"big\": {\"pose\": {\"dot.r\": 5}, "
    "\"on\": [{\"when\": \"go\", \"to\": \"run\"}]}, \"run\": {\"play\": "
    "\"a\"}}}}}");

static size_t timeline_a(const fixture *f) {
  long index = anima_model_timeline_find(f->model, "a");
  cr_assert_geq(index, 0);
  return (size_t)index;
}

Test(player_scrub, samples_over_the_rest_values) {
  fixture f = fixture_load(document);
  anima_step_result result = step(&f, 0);
  cr_assert(result.settled);
  cr_assert_eq(value_of(&f, "dot.r"), 5); /* the pose of "big" */
  /* t 0.5: u 0.25 of the one segment, linear -> 20 · 0.25 = 5. dot.r is
   * not written by "a": its rest value 2, not the live pose's 5. */
  cr_assert_eq(anima_player_show_timeline(f.player, timeline_a(&f), 0.5),
               ANIMA_OK);
  cr_assert_eq(value_of(&f, "dot.x"), 5);
  cr_assert_eq(value_of(&f, "dot.r"), 2);
  /* The machine did not move: same state, same time. */
  cr_assert_str_eq(state_of(&f, 0), "big");
  cr_assert_eq(anima_player_time(f.player), 0);
  fixture_free(&f);
}

Test(player_scrub, clamps_the_time_to_the_duration) {
  fixture f = fixture_load(document);
  step(&f, 0);
  /* 7 > duration 2 -> t 2, the last key: 20; -3 -> t 0: 0. The loop mode
   * (once) plays no part either way. */
  cr_assert_eq(anima_player_show_timeline(f.player, timeline_a(&f), 7),
               ANIMA_OK);
  cr_assert_eq(value_of(&f, "dot.x"), 20);
  cr_assert_eq(anima_player_show_timeline(f.player, timeline_a(&f), -3),
               ANIMA_OK);
  cr_assert_eq(value_of(&f, "dot.x"), 0);
  fixture_free(&f);
}

Test(player_scrub, the_next_step_shows_the_live_state_again) {
  fixture f = fixture_load(document);
  cr_assert(step(&f, 0).settled);
  cr_assert_eq(anima_player_show_timeline(f.player, timeline_a(&f), 1),
               ANIMA_OK);
  cr_assert_eq(value_of(&f, "dot.x"), 10);
  /* The player was settled (asleep) before the scrub; the next step must
   * still resolve "big" again: dot.x 0 (rest), dot.r 5. */
  step(&f, 0.1);
  cr_assert_eq(value_of(&f, "dot.x"), 0);
  cr_assert_eq(value_of(&f, "dot.r"), 5);
  fixture_free(&f);
}

Test(player_scrub, live_clocks_and_events_are_untouched) {
  fixture f = fixture_load(document);
  step(&f, 0);
  cr_assert_eq(anima_player_fire(f.player, "go"), ANIMA_OK);
  step(&f, 0);
  step(&f, 0.5); /* "run" played 0.5 s: dot.x 5 */
  cr_assert_str_eq(state_of(&f, 0), "run");
  cr_assert_eq(value_of(&f, "dot.x"), 5);
  /* Scrubbing past "mid" (t 1) neither moves the clock nor reports it. */
  cr_assert_eq(anima_player_show_timeline(f.player, timeline_a(&f), 1.5),
               ANIMA_OK);
  cr_assert_eq(value_of(&f, "dot.x"), 15);
  /* Live again: played 0.5 + 0.25 = 0.75 -> 7.5, and "mid" not yet. */
  anima_step_result result = step(&f, 0.25);
  cr_assert_float_eq(value_of(&f, "dot.x"), 7.5, 1e-12);
  cr_assert_eq(result.event_count, 0);
  /* 0.75 + 0.5 = 1.25 crosses t 1: "mid" is reported once, live. */
  result = step(&f, 0.5);
  cr_assert_eq(result.event_count, 1);
  cr_assert_str_eq(result.events[0].name, "mid");
  cr_assert_float_eq(value_of(&f, "dot.x"), 12.5, 1e-12);
  fixture_free(&f);
}

Test(player_scrub, refuses_bad_arguments) {
  fixture f = fixture_load(document);
  cr_assert_eq(anima_player_show_timeline(NULL, 0, 0),
               ANIMA_ERROR_INVALID_ARGUMENT);
  cr_assert_eq(anima_player_show_timeline(f.player, 1, 0),
               ANIMA_ERROR_INVALID_ARGUMENT); /* one timeline: index 0 */
  cr_assert_eq(anima_player_show_timeline(f.player, 0, NAN),
               ANIMA_ERROR_INVALID_ARGUMENT);
  cr_assert_eq(anima_player_show_timeline(f.player, 0, INFINITY),
               ANIMA_ERROR_INVALID_ARGUMENT);
  fixture_free(&f);
}
