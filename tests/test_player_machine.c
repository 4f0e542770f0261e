/*
 * test_player_machine.c — SPEC §7 (resolve rule, crossfades, stages,
 * carry, chains and @limit, triggers, buffer, clamping) and §8
 * (conditions, interruptible, self-transitions). Values derived by hand in
 * the comments.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>

#include "test_player_fixture.h"

/* A machine with one layer "main"; STATES is the states object. */
#define MACHINE(initial, states)                                               \
  "\"machine\": {\"layers\": {\"main\": {\"initial\": \"" initial "\", "       \
  "\"states\": " states "}}}"

Test(player_resolve, later_layer_wins_and_others_pass_through) {
  /* Layer a writes x 1 and y 2; layer b (declared later) writes x 5. x is
   * 5 (later wins), y 2 (b passes it through), r the rest value 2. */
  fixture f = fixture_load(DOCUMENT(
      "\"machine\": {\"layers\": {\"a\": {\"initial\": \"s\", \"states\": "
      "{\"s\": {\"pose\": {\"dot.x\": 1, \"dot.y\": 2}}}}, \"b\": "
      "{\"initial\": \"s\", \"states\": {\"s\": {\"pose\": {\"dot.x\": "
      "5}}}}}}"));
  step(&f, 0);
  cr_assert_eq(value_of(&f, "dot.x"), 5);
  cr_assert_eq(value_of(&f, "dot.y"), 2);
  cr_assert_eq(value_of(&f, "dot.r"), 2);
  fixture_free(&f);
}

/* Two poses: a (x 0, y 4, visible false) and b (x 10, visible true), a
 * crossfade of 1 s on the trigger "go"; c (x 20) on "next" from b. */
#define FADE_DOCUMENT(ease, interruptible)                                     \
  DOCUMENT("\"inputs\": {\"go\": {\"type\": \"trigger\"}, \"next\": "          \
           "{\"type\": \"trigger\"}}, " MACHINE(                               \
               "a", "{\"a\": {\"pose\": {\"dot.x\": 0, \"dot.y\": 4, "         \
                    "\"dot.visible\": false}, \"on\": [{\"when\": \"go\", "    \
                    "\"to\": \"b\", \"blend\": 1, \"ease\": \"" ease "\", "    \
                    "\"interruptible\": " interruptible "}]}, \"b\": "         \
                    "{\"pose\": {\"dot.x\": 10, \"dot.visible\": true}, "      \
                    "\"on\": [{\"when\": \"next\", \"to\": \"c\", \"blend\": " \
                    "1}]}, \"c\": {\"pose\": {\"dot.x\": 20}}}"))

Test(player_crossfade, linear_progress_and_blend_back_to_below) {
  /* Fire go, step 0: a -> b, elapsed 0. Step 0.25: w 0.25; x = 0 + (10 −
   * 0)·0.25 = 2.5; y is in F (4) but not in S(b): it blends back to the
   * value below, the rest 0: 4 + (0 − 4)·0.25 = 3; visible false || true =
   * true while fading. At 1 s the fade ends: x 10, y 0. */
  fixture f = fixture_load(FADE_DOCUMENT("linear", "true"));
  anima_player_fire(f.player, "go");
  step(&f, 0);
  cr_assert_str_eq(state_of(&f, 0), "b");
  cr_assert(!anima_player_settled(f.player)); /* a crossfade runs */
  step(&f, 0.25);
  cr_assert_float_eq(value_of(&f, "dot.x"), 2.5, 1e-12);
  cr_assert_float_eq(value_of(&f, "dot.y"), 3, 1e-12);
  cr_assert(any_value_of(&f, "dot.visible").as.boolean);
  anima_step_result end = step(&f, 0.75);
  cr_assert_eq(value_of(&f, "dot.x"), 10);
  cr_assert_eq(value_of(&f, "dot.y"), 0);
  cr_assert(end.settled);
  fixture_free(&f);
}

Test(player_crossfade, booleans_or_while_fading) {
  /* b -> back to a is not possible here, so fade from a state writing true
   * to one writing false: layer with p (visible true) -> q (visible false),
   * blend 1. While fading a || b = true; once it ends, b = false. */
  fixture f = fixture_load(
      DOCUMENT("\"inputs\": {\"go\": {\"type\": \"trigger\"}}, " MACHINE(
          "p", "{\"p\": {\"pose\": {\"dot.visible\": true}, \"on\": "
               "[{\"when\": \"go\", \"to\": \"q\", \"blend\": 1}]}, \"q\": "
               "{\"pose\": {\"dot.visible\": false}}}")));
  anima_player_fire(f.player, "go");
  step(&f, 0); /* p -> q, elapsed 0 */
  step(&f, 0.5);
  cr_assert(any_value_of(&f, "dot.visible").as.boolean);
  step(&f, 0.5); /* elapsed 1 reaches the duration: the fade ends */
  cr_assert(!any_value_of(&f, "dot.visible").as.boolean);
  fixture_free(&f);
}

Test(player_crossfade, eased_progress) {
  /* ease "in" at elapsed 0.5 of 1: w = in(0.5) = 0.315356812572571
   * (test_ease.c), so x = 10·w = 3.15356812572571. */
  fixture f = fixture_load(FADE_DOCUMENT("in", "true"));
  anima_player_fire(f.player, "go");
  step(&f, 0);
  step(&f, 0.5);
  cr_assert_float_eq(value_of(&f, "dot.x"), 3.15356812572571, 1e-7);
  fixture_free(&f);
}

Test(player_crossfade, interruption_freezes_the_current_output) {
  /* a -> b at 0; at 0.5, x = 5 (w 0.5). Fire next: b -> c freezes F over
   * dom(F) ∪ S(b) = {x 5, y 2, visible true}. After 0.5 more (w 0.5):
   * x = 5 + (20 − 5)·0.5 = 12.5; y = 2 + (0 − 2)·0.5 = 1. */
  fixture f = fixture_load(FADE_DOCUMENT("linear", "true"));
  anima_player_fire(f.player, "go");
  step(&f, 0);
  step(&f, 0.5);
  cr_assert_float_eq(value_of(&f, "dot.x"), 5, 1e-12);
  cr_assert_float_eq(value_of(&f, "dot.y"), 2, 1e-12);
  anima_player_fire(f.player, "next");
  step(&f, 0);
  cr_assert_str_eq(state_of(&f, 0), "c");
  cr_assert_float_eq(value_of(&f, "dot.x"), 5, 1e-12);
  step(&f, 0.5);
  cr_assert_float_eq(value_of(&f, "dot.x"), 12.5, 1e-12);
  cr_assert_float_eq(value_of(&f, "dot.y"), 1, 1e-12);
  fixture_free(&f);
}

Test(player_crossfade, non_interruptible_blocks_transitions) {
  /* go -> b with interruptible false: `next` fired at 0.5 (no buffer) is
   * not taken while the fade runs and is cleared at the end of that step;
   * after the fade ends the layer stays in b. */
  fixture f = fixture_load(FADE_DOCUMENT("linear", "false"));
  anima_player_fire(f.player, "go");
  step(&f, 0);
  step(&f, 0.5);
  anima_player_fire(f.player, "next");
  step(&f, 0);
  cr_assert_str_eq(state_of(&f, 0), "b");
  step(&f, 0.6);
  cr_assert_str_eq(state_of(&f, 0), "b");
  cr_assert_eq(value_of(&f, "dot.x"), 10);
  fixture_free(&f);
}

/* run: once, d 1 (x 0 -> 10), `@end` -> after (once, d 1, y 0 -> 10). */
#define CARRY_DOCUMENT(speed)                                                  \
  DOCUMENT("\"timelines\": {\"t\": {\"duration\": 1, \"tracks\": "             \
           "{\"dot.x\": [[0, 0], [1, 10]]}}, \"u\": {\"duration\": 1, "        \
           "\"tracks\": {\"dot.y\": [[0, 0], [1, 10]]}, \"events\": [[0.1, "   \
           "\"early\"], [0.5, \"late\"]]}}, " MACHINE(                         \
               "run", "{\"run\": {\"play\": \"t\", \"speed\": " speed ", "     \
                      "\"on\": [{\"when\": \"@end\", \"to\": \"after\"}]}, "   \
                      "\"after\": {\"play\": \"u\"}}"))

Test(player_carry, end_overshoot_in_one_step) {
  /* advance 1.25: clocks first (τ 1.25 >= 1), so @end holds; carry = 0.25,
   * after starts at state time 0.25: y = 2.5; its events in [0, 0.25]:
   * early (0.1) only. */
  fixture f = fixture_load(CARRY_DOCUMENT("1"));
  step(&f, 0);
  anima_step_result result = step(&f, 1.25);
  cr_assert_str_eq(state_of(&f, 0), "after");
  cr_assert_float_eq(value_of(&f, "dot.y"), 2.5, 1e-12);
  cr_assert_geq(event_index(&result, "early"), 0);
  cr_assert_eq(event_index(&result, "late"), -1);
  fixture_free(&f);
}

Test(player_carry, speed_converts_to_state_seconds) {
  /* Speed 2: advance 0.75 gives τ 1.5; carry = (1.5 − 1)/2 = 0.25 state
   * seconds (DECISIONS 13); y = 2.5. */
  fixture f = fixture_load(CARRY_DOCUMENT("2"));
  step(&f, 0.75);
  cr_assert_float_eq(value_of(&f, "dot.y"), 2.5, 1e-12);
  fixture_free(&f);
}

Test(player_carry, many_small_steps_reach_the_same_state) {
  /* 125 steps of 0.01 reach the same values as one step of 1.25 (§12:
   * carry makes the result independent of the step size). */
  fixture f = fixture_load(CARRY_DOCUMENT("1"));
  step_many(&f, 0.01, 125);
  cr_assert_str_eq(state_of(&f, 0), "after");
  cr_assert_float_eq(value_of(&f, "dot.y"), 2.5, 1e-9);
  fixture_free(&f);
}

Test(player_carry, after_overshoot_and_chain) {
  /* a --@after(0.5)--> b --@after(0.2)--> c (once, x 0 -> 10 over 1).
   * advance 0.8: a's state time 0.8, carry 0.3 -> b at 0.3; @after(0.2)
   * holds again with carry 0.1 -> c at 0.1: x = 1. */
  fixture f = fixture_load(DOCUMENT(
      "\"timelines\": {\"t\": {\"duration\": 1, \"tracks\": {\"dot.x\": "
      "[[0, 0], [1, 10]]}}}, " MACHINE(
          "a", "{\"a\": {\"pose\": {}, \"on\": [{\"when\": \"@after(0.5)\", "
               "\"to\": \"b\"}]}, \"b\": {\"pose\": {}, \"on\": [{\"when\": "
               "\"@after(0.2)\", \"to\": \"c\"}]}, \"c\": {\"play\": "
               "\"t\"}}")));
  step(&f, 0.8);
  cr_assert_str_eq(state_of(&f, 0), "c");
  cr_assert_float_eq(value_of(&f, "dot.x"), 1, 1e-9);
  fixture_free(&f);
}

Test(player_chain, sixteen_transitions_then_limit) {
  /* a and b alternate on `go` (a level bool): 16 transitions per step,
   * each reporting the target's emit, then @limit {layer 0, time 0}; the
   * 16th lands back on a. */
  fixture f = fixture_load(DOCUMENT(
      "\"inputs\": {\"go\": {\"type\": \"bool\", \"default\": true}}, " MACHINE(
          "a", "{\"a\": {\"pose\": {}, \"emit\": \"in-a\", \"on\": "
               "[{\"when\": \"go\", \"to\": \"b\"}]}, \"b\": {\"pose\": {}, "
               "\"emit\": \"in-b\", \"on\": [{\"when\": \"go\", \"to\": "
               "\"a\"}]}}")));
  anima_step_result result = step(&f, 0);
  /* 1 initial entry event + 16 entries + @limit. */
  cr_assert_eq(result.event_count, 18);
  cr_assert_str_eq(result.events[0].name, "in-a");
  cr_assert_str_eq(result.events[1].name, "in-b");
  cr_assert_str_eq(result.events[16].name, "in-a");
  cr_assert_str_eq(result.events[17].name, "@limit");
  cr_assert_eq(result.events[17].layer, 0);
  cr_assert_eq(result.events[17].time, 0);
  cr_assert_str_eq(state_of(&f, 0), "a");
  fixture_free(&f);
}

Test(player_triggers, consumed_once_per_layer_and_per_step) {
  /* Layer one: a --tap--> b --tap--> c: the trigger consumed by a -> b
   * does not hold again in this step (b stays). Layer two: p --tap--> q:
   * another layer still sees it. Next step the trigger is cleared. */
  fixture f = fixture_load(DOCUMENT(
      "\"inputs\": {\"tap\": {\"type\": \"trigger\"}}, \"machine\": "
      "{\"layers\": {\"one\": {\"initial\": \"a\", \"states\": {\"a\": "
      "{\"pose\": {}, \"on\": [{\"when\": \"tap\", \"to\": \"b\"}]}, \"b\": "
      "{\"pose\": {}, \"on\": [{\"when\": \"tap\", \"to\": \"c\"}]}, \"c\": "
      "{\"pose\": {}}}}, \"two\": {\"initial\": \"p\", \"states\": {\"p\": "
      "{\"pose\": {}, \"on\": [{\"when\": \"tap\", \"to\": \"q\"}]}, \"q\": "
      "{\"pose\": {}}}}}}"));
  anima_player_fire(f.player, "tap");
  step(&f, 0);
  cr_assert_str_eq(state_of(&f, 0), "b");
  cr_assert_str_eq(state_of(&f, 1), "q");
  step(&f, 0);
  cr_assert_str_eq(state_of(&f, 0), "b");
  fixture_free(&f);
}

/* wait: once d 0.3, @end -> ready; ready --tap--> done. */
#define BUFFER_DOCUMENT(buffer)                                                \
  DOCUMENT("\"inputs\": {\"tap\": {\"type\": \"trigger\", \"buffer\": " buffer \
           "}}, \"timelines\": {\"t\": {\"duration\": 0.3, \"tracks\": "       \
           "{\"dot.x\": [[0, 0], [0.3, 1]]}}}, " MACHINE(                      \
               "wait", "{\"wait\": {\"play\": \"t\", \"on\": [{\"when\": "     \
                       "\"@end\", \"to\": \"ready\"}]}, \"ready\": "           \
                       "{\"pose\": {}, \"on\": [{\"when\": \"tap\", \"to\": "  \
                       "\"done\"}]}, \"done\": {\"pose\": {}}}"))

Test(player_triggers, buffer_keeps_an_unconsumed_trigger) {
  /* tap fired at 0 while in wait: nobody consumes it. buffer 0.5: after
   * two steps of 0.2 it has been pending 0.4 <= 0.5, so it is still
   * pending when wait ends (τ 0.4) and ready is entered in the same step:
   * the chain goes on to done. */
  fixture f = fixture_load(BUFFER_DOCUMENT("0.5"));
  anima_player_fire(f.player, "tap");
  anima_step_result first = step(&f, 0.2);
  cr_assert(!first.settled);
  step(&f, 0.2);
  cr_assert_str_eq(state_of(&f, 0), "done");
  fixture_free(&f);
}

Test(player_triggers, buffer_expires) {
  /* buffer 0.1: pending 0.2 > 0.1 after the first step of 0.2, so it is
   * cleared at its end; ready is reached later without it. buffer 0
   * behaves as no buffer. */
  fixture f = fixture_load(BUFFER_DOCUMENT("0.1"));
  anima_player_fire(f.player, "tap");
  step(&f, 0.2);
  step(&f, 0.2);
  cr_assert_str_eq(state_of(&f, 0), "ready");
  fixture_free(&f);
  fixture g = fixture_load(BUFFER_DOCUMENT("0"));
  anima_player_fire(g.player, "tap");
  step(&g, 0);
  step(&g, 0.4);
  cr_assert_str_eq(state_of(&g, 0), "ready");
  fixture_free(&g);
}

Test(player_triggers, pending_trigger_is_not_settled) {
  /* A buffered trigger still pending after a step: settled false (§7). */
  fixture f = fixture_load(DOCUMENT(
      "\"inputs\": {\"tap\": {\"type\": \"trigger\", \"buffer\": 1}}, " MACHINE(
          "a", "{\"a\": {\"pose\": {}}, \"b\": {\"pose\": {}, \"on\": "
               "[{\"when\": \"tap\", \"to\": \"a\"}]}}")));
  anima_player_fire(f.player, "tap");
  cr_assert(!step(&f, 0.5).settled);
  cr_assert(!step(&f, 0.5).settled); /* pending 1.0 <= 1 */
  cr_assert(step(&f, 0.5).settled);  /* 1.5 > 1: cleared */
  fixture_free(&f);
}

Test(player_clamp, resolved_values_clamp_to_ranges) {
  /* §7 stage 4: opacity keyed to 2 -> 1; trimEnd −0.5 -> 0; r −3 -> 0;
   * x is unbounded: −3 stays. */
  fixture f = fixture_load(
      "{\"anima\": \"0.1\", \"name\": \"test\", \"grid\": 20, \"nodes\": "
      "[{\"id\": \"ring\", \"type\": \"circle\", \"center\": [10, 10], "
      "\"r\": 4, \"stroke\": {\"color\": \"#000000\", \"trimEnd\": "
      "1}}], " MACHINE("a", "{\"a\": {\"pose\": {\"ring.opacity\": 2, "
                            "\"ring.stroke.trimEnd\": -0.5, \"ring.r\": -3, "
                            "\"ring.x\": -3}}}") "}");
  cr_assert_eq(value_of(&f, "ring.opacity"), 1);
  cr_assert_eq(value_of(&f, "ring.stroke.trimEnd"), 0);
  cr_assert_eq(value_of(&f, "ring.r"), 0);
  cr_assert_eq(value_of(&f, "ring.x"), -3);
  fixture_free(&f);
}

Test(player_conditions, compare_bool_negation_and_conjunction) {
  /* `level >= 0.5 && !off` -> high; `level < 0.5` -> low. */
  fixture f = fixture_load(DOCUMENT(
      "\"inputs\": {\"level\": {\"type\": \"number\"}, \"off\": {\"type\": "
      "\"bool\"}}, " MACHINE(
          "low", "{\"low\": {\"pose\": {\"dot.x\": 0}, \"on\": [{\"when\": "
                 "\"level >= 0.5 && !off\", \"to\": \"high\"}]}, \"high\": "
                 "{\"pose\": {\"dot.x\": 1}, \"on\": [{\"when\": \"level < "
                 "0.5\", \"to\": \"low\"}]}}")));
  anima_player_set_number(f.player, "level", 0.5);
  anima_player_set_bool(f.player, "off", true);
  step(&f, 0);
  cr_assert_str_eq(state_of(&f, 0), "low"); /* !off fails */
  anima_player_set_bool(f.player, "off", false);
  step(&f, 0);
  cr_assert_str_eq(state_of(&f, 0), "high");
  anima_player_set_number(f.player, "level", 0.4999);
  step(&f, 0);
  cr_assert_str_eq(state_of(&f, 0), "low");
  fixture_free(&f);
}

Test(player_conditions, self_transition_restarts) {
  /* run (once d 1, x 0 -> 10) --tap--> run: at 0.5 x = 5; fire tap: the
   * state is re-entered at time 0 (x 0) and its emit reported again. */
  fixture f = fixture_load(DOCUMENT(
      "\"inputs\": {\"tap\": {\"type\": \"trigger\"}}, \"timelines\": "
      "{\"t\": {\"duration\": 1, \"tracks\": {\"dot.x\": [[0, 0], [1, "
      "10]]}}}, " MACHINE("run", "{\"run\": {\"play\": \"t\", \"emit\": "
                                 "\"go\", \"on\": [{\"when\": \"tap\", "
                                 "\"to\": \"run\"}]}}")));
  step(&f, 0.5);
  cr_assert_float_eq(value_of(&f, "dot.x"), 5, 1e-12);
  anima_player_fire(f.player, "tap");
  anima_step_result result = step(&f, 0);
  cr_assert_eq(value_of(&f, "dot.x"), 0);
  cr_assert_geq(event_index(&result, "go"), 0);
  fixture_free(&f);
}

Test(player_events, loop_events_in_time_order_across_periods) {
  /* loop d 1, events mid (0.5) and top (0): one step from τ 0 to 2.2
   * crosses mid 0.5, top 1, mid 1.5, top 2 in that order (top at 0 was
   * reported at entry, at the first step). */
  fixture f = fixture_load(DOCUMENT(
      "\"timelines\": {\"t\": {\"duration\": 1, \"loop\": \"loop\", "
      "\"tracks\": {\"dot.x\": [[0, 0], [1, 1]]}, \"events\": [[0.5, "
      "\"mid\"], [0, \"top\"]]}}, " MACHINE("run", "{\"run\": {\"play\": "
                                                   "\"t\"}}")));
  anima_step_result entry = step(&f, 0);
  cr_assert_eq(entry.event_count, 1);
  cr_assert_str_eq(entry.events[0].name, "top");
  anima_step_result result = step(&f, 2.2);
  cr_assert_eq(result.event_count, 4);
  cr_assert_str_eq(result.events[0].name, "mid");
  cr_assert_str_eq(result.events[1].name, "top");
  cr_assert_str_eq(result.events[2].name, "mid");
  cr_assert_str_eq(result.events[3].name, "top");
  cr_assert_eq(result.events[1].time, 0); /* the authored timeline time */
  fixture_free(&f);
}

Test(player_events, long_event_lists_cap_the_periods_one_step_reports) {
  /* docs/PLAYER.md decision 5: a step enumerates at most 100 000 event
   * occurrences of a layer's timeline, from its last periods. loop d 1
   * with 1000 events at 0.5: 100 000 / 1000 = 100 periods. The step from
   * τ 0 to 1000 enumerates periods k = last − 100 … last with last =
   * floor(1000 / 1) + 1 = 1001, so k = 901 … 1001; the occurrences
   * k + 0.5 inside (0, 1000] are those of k = 901 … 999: 99 periods, 99 000
   * events (all 1 000 000 before the bound, which hung for larger lists). */
  enum { events = 1000 };
  size_t size = 1024 + events * 16;
  char *list = malloc(size);
  cr_assert_not_null(list);
  size_t used = 0;
  for (size_t i = 0; i < events; i++) {
    used += (size_t)snprintf(list + used, size - used, "%s[0.5, \"e\"]",
                             i ? ", " : "");
  }
  char *json = malloc(size + 512);
  cr_assert_not_null(json);
  snprintf(
      json, size + 512,
      DOCUMENT("\"timelines\": {\"t\": {\"duration\": 1, \"loop\": "
               "\"loop\", \"tracks\": {\"dot.x\": [[0, 0], [1, 1]]}, "
               "\"events\": [%s]}}, " MACHINE("run", "{\"run\": "
                                                     "{\"play\": \"t\"}}")),
      list);
  fixture f = fixture_load(json);
  step(&f, 0);
  anima_step_result result = step(&f, 1000);
  cr_assert_eq(result.event_count, 99000);
  fixture_free(&f);
  free(json);
  free(list);
}

Test(player_events, pingpong_endpoints_once_per_period) {
  /* pingpong d 1, events start (0), turn (1), quarter (0.25). Occurrences:
   * start at 0, 2, 4 …; turn at 1, 3 …; quarter at 0.25, 1.75, 2.25 ….
   * From τ 0 to 2.5: quarter 0.25, turn 1, quarter 1.75, start 2,
   * quarter 2.25 — 5 events, each endpoint once. */
  fixture f = fixture_load(DOCUMENT(
      "\"timelines\": {\"t\": {\"duration\": 1, \"loop\": \"pingpong\", "
      "\"tracks\": {\"dot.x\": [[0, 0], [1, 1]]}, \"events\": [[0, "
      "\"start\"], [0.25, \"quarter\"], [1, \"turn\"]]}}, " MACHINE(
          "run", "{\"run\": {\"play\": \"t\"}}")));
  step(&f, 0);
  anima_step_result result = step(&f, 2.5);
  const char *expected[] = {"quarter", "turn", "quarter", "start", "quarter"};
  cr_assert_eq(result.event_count, 5);
  for (size_t i = 0; i < 5; i++) {
    cr_assert_str_eq(result.events[i].name, expected[i], "event %zu", i);
  }
  fixture_free(&f);
}

/* Issue 10 F1: a model with no pose values, no timeline events and a layer
 * that writes nothing has NULL arrays; the player must not offset them
 * (NULL + 0 is undefined behaviour, reported by clang's UBSan in the
 * sanitize build). Layer main: idle is an empty pose, "go" crossfades
 * (0.5 s, linear) to run, which plays slide (dot.x 0 -> 10 over 1 s, no
 * events). Layer quiet has only an empty pose (an empty domain).
 * Hand derivation: at rest nothing writes dot.x: the document value 0.
 * Fire go, step 0: main enters run at 0. Step 0.25: run's local time 0.25
 * samples 2.5; the fade weight is 0.25 / 0.5 = 0.5, and the empty pose's
 * snapshot holds no dot.x, so the fade starts from the value below, 0:
 * 0 + (2.5 - 0)·0.5 = 1.25. Step 0.25 more: the fade is over (0.5 s);
 * local 0.5 samples 5. No step reports an event. */
Test(player_empty_states, empty_pose_and_eventless_timeline) {
  fixture f = fixture_load(DOCUMENT(
      "\"inputs\": {\"go\": {\"type\": \"trigger\"}}, \"timelines\": "
      "{\"slide\": {\"duration\": 1, \"tracks\": {\"dot.x\": [[0, 0], [1, "
      "10]]}}}, \"machine\": {\"layers\": {\"main\": {\"initial\": \"idle\", "
      "\"states\": {\"idle\": {\"pose\": {}, \"on\": [{\"when\": \"go\", "
      "\"to\": \"run\", \"blend\": 0.5}]}, \"run\": {\"play\": \"slide\"}}}, "
      "\"quiet\": {\"initial\": \"rest\", \"states\": {\"rest\": {\"pose\": "
      "{}}}}}}"));
  cr_assert_eq(step(&f, 0).event_count, 0);
  cr_assert_eq(value_of(&f, "dot.x"), 0);
  anima_player_fire(f.player, "go");
  cr_assert_eq(step(&f, 0).event_count, 0);
  cr_assert_str_eq(state_of(&f, 0), "run");
  cr_assert_eq(step(&f, 0.25).event_count, 0);
  cr_assert_float_eq(value_of(&f, "dot.x"), 1.25, 1e-12);
  cr_assert_eq(step(&f, 0.25).event_count, 0);
  cr_assert_float_eq(value_of(&f, "dot.x"), 5, 1e-12);
  cr_assert_str_eq(state_of(&f, 1), "rest");
  fixture_free(&f);
}
