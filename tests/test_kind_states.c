/*
 * test_kind_states.c — state kinds added by a module (issue 9 item 6,
 * module.h anima_state_kind_desc, SPEC machine chapter "State kinds and
 * priority"): tests/modules/states.c adds cycle (select), any
 * (DECLARATION), final (TERMINAL) and timer (enter, write through the
 * state output, finished for @end, at_rest). Values derived by hand below.
 */
#include "test_kind_fixture.h"

/* Inputs go, back, reset (triggers), flag (bool); dot (x 0, y 0); the
 * states STATES of layer "main", initial INITIAL. */
#define STATES_DOCUMENT(initial, states)                                       \
  "{\"anima\": \"0.1\", \"name\": \"states\", \"grid\": 20, \"requires\": "    \
  "[\"states\"], \"nodes\": [{\"id\": \"dot\", \"type\": \"circle\", "         \
  "\"center\": [10, 10], \"r\": 2, \"fill\": {\"color\": \"#000000\"}}], "     \
  "\"inputs\": {\"go\": {\"type\": \"trigger\"}, \"back\": {\"type\": "        \
  "\"trigger\"}, \"reset\": {\"type\": \"trigger\"}, \"flag\": {\"type\": "    \
  "\"bool\"}}, \"timelines\": {\"t\": {\"duration\": 1, \"tracks\": "          \
  "{\"dot.x\": [[0, 0], [1, 10]]}}}, \"machine\": {\"layers\": {\"main\": "    \
  "{\"initial\": \"" initial "\", \"states\": {" states "}}}}}"

static const char *state(const kind_fixture *f) {
  return anima_player_layer_state(f->player, 0);
}

static void fire_and_step(kind_fixture *f, const char *input) {
  anima_player_fire(f->player, input);
  kind_step(f, 0);
}

/* hub (cycle) goes to a, b or c; each goes back to hub on "back". */
#define CYCLE                                                                  \
  STATES_DOCUMENT(                                                             \
      "hub",                                                                   \
      "\"hub\": {\"kind\": \"cycle\", \"pose\": {}, \"on\": [{\"when\": "      \
      "\"go\", \"to\": \"a\"}, {\"when\": \"go && flag\", \"to\": \"b\"}, "    \
      "{\"when\": \"go\", \"to\": \"c\"}]}, \"a\": {\"pose\": {\"dot.x\": "    \
      "1}, \"on\": [{\"when\": \"back\", \"to\": \"hub\"}]}, \"b\": "          \
      "{\"pose\": {\"dot.x\": 2}, \"on\": [{\"when\": \"back\", \"to\": "      \
      "\"hub\"}]}, \"c\": {\"pose\": {\"dot.x\": 3}, \"on\": [{\"when\": "     \
      "\"back\", \"to\": \"hub\"}]}")

Test(kind_states, select_chooses_among_the_transitions_that_hold) {
  /* flag false: the transitions that hold are on[0] (a) and on[2] (c).
   * Choice 0: 0 mod 2 = 0 -> a. Choice 1: 1 mod 2 = 1 -> c. flag true:
   * all three hold; choice 2: 2 mod 3 = 2 -> c; choice 3: 3 mod 3 = 0 ->
   * a. Without select the first that holds (a) would be taken each
   * time. */
  kind_fixture f = kind_runtime("states");
  kind_load(&f, CYCLE);
  kind_step(&f, 0);
  const char *expected[] = {"a", "c", "c", "a"};
  for (int i = 0; i < 4; i++) {
    if (i == 2) {
      anima_player_set_bool(f.player, "flag", true);
    }
    fire_and_step(&f, "go");
    cr_assert_str_eq(state(&f), expected[i], "choice %d", i);
    fire_and_step(&f, "back");
    cr_assert_str_eq(state(&f), "hub");
  }
  kind_free(&f);
}

/* hub (random) goes to a (weight 1), b (weight 2) or c (weight 1) on go;
 * each goes back to hub on back. */
#define RANDOM                                                                 \
  STATES_DOCUMENT(                                                             \
      "hub",                                                                   \
      "\"hub\": {\"kind\": \"random\", \"pose\": {}, \"on\": [{\"when\": "     \
      "\"go\", \"to\": \"a\"}, {\"when\": \"go\", \"to\": \"b\", \"weight\": " \
      "2}, {\"when\": \"go\", \"to\": \"c\"}, {\"when\": \"flag\", \"to\": "   \
      "\"a\", \"weight\": 0}]}, \"a\": {\"pose\": {}, \"on\": [{\"when\": "    \
      "\"back\", \"to\": \"hub\"}]}, \"b\": {\"pose\": {}, \"on\": "           \
      "[{\"when\": "                                                           \
      "\"back\", \"to\": \"hub\"}]}, \"c\": {\"pose\": {}, \"on\": "           \
      "[{\"when\": "                                                           \
      "\"back\", \"to\": \"hub\"}]}")

Test(kind_states, random_selection_follows_the_seeded_source) {
  /* Machine chapter: seed 0x6d2b79f5; before each choice seed = 1664525 ·
   * seed + 1013904223 mod 2^32, u = seed / 2^32 (computed independently:
   * 53002960 -> u 0.012341, 2842671087 -> 0.661861, 1354466434 ->
   * 0.315361, 4252137977 -> 0.990028). Weights 1, 2, 1 (sum 4): u·4 =
   * 0.049 -> a (cumulative 1 > 0.049); 2.647 -> b (3); 1.261 -> b (3);
   * 3.960 -> c (4). The zero-weight "flag" edge never counts: with only it
   * holding no edge is taken and no number is drawn (the next go still
   * gets the draw after the last). */
  kind_fixture f = kind_runtime("states");
  kind_load(&f, RANDOM);
  kind_step(&f, 0);
  const char *expected[] = {"a", "b", "b", "c"};
  for (int i = 0; i < 4; i++) {
    if (i == 2) {
      anima_player_set_bool(f.player, "flag", true);
      kind_step(&f, 0);
      cr_assert_str_eq(state(&f), "hub");
      anima_player_set_bool(f.player, "flag", false);
    }
    fire_and_step(&f, "go");
    cr_assert_str_eq(state(&f), expected[i], "choice %d", i);
    fire_and_step(&f, "back");
  }
  /* A player seeded with 1327: seed = 1664525·1327 + 1013904223 mod 2^32
   * = 3222728898, u = 0.750350, u·4 = 3.0014 -> c (cumulative 4). */
  anima_player *other = anima_player_create(f.model);
  cr_assert_eq(anima_player_seed(other, 1327), ANIMA_OK);
  anima_player_step(other, 0, NULL);
  anima_player_fire(other, "go");
  anima_player_step(other, 0, NULL);
  cr_assert_str_eq(anima_player_layer_state(other, 0), "c");
  anima_player_destroy(other);
  kind_free(&f);
}

Test(kind_states, each_player_has_its_own_instance) {
  /* Two players of one model: the second's first choice is a again. */
  kind_fixture f = kind_runtime("states");
  kind_load(&f, CYCLE);
  kind_step(&f, 0);
  fire_and_step(&f, "go");
  cr_assert_str_eq(state(&f), "a");
  anima_player *other = anima_player_create(f.model);
  anima_step_result result;
  anima_player_fire(other, "go");
  anima_player_step(other, 0, &result);
  cr_assert_str_eq(anima_player_layer_state(other, 0), "a");
  anima_player_destroy(other);
  kind_free(&f);
}

/* idle -> run (timer: clock dot.x, tally dot.y, 0.5 s) on go; run -> done
 * (playing t) on @end; done -> run on back. */
#define TIMER                                                                  \
  STATES_DOCUMENT(                                                             \
      "idle",                                                                  \
      "\"idle\": {\"pose\": {}, \"on\": [{\"when\": \"go\", \"to\": "          \
      "\"run\"}]}, \"run\": {\"kind\": \"timer\", \"pose\": {}, \"clock\": "   \
      "\"dot.x\", \"tally\": \"dot.y\", \"length\": 0.5, \"on\": [{\"when\": " \
      "\"@end\", \"to\": \"done\"}]}, \"done\": {\"play\": \"t\", \"on\": "    \
      "[{\"when\": \"back\", \"to\": \"run\"}]}")

Test(kind_states, a_kind_writes_declared_slots_and_ends_with_carry) {
  /* Entering run at state time 0: x = 100·0 = 0, y = 1 entry. At 0.2 s: x
   * = 20, not at rest (not finished). At 0.6 s, @end holds (0.6 >= 0.5)
   * with overshoot 0.1: done is entered with carry 0.1 and samples t at
   * 0.1: x = 10·0.1 = 1; y, which done does not write, is back at its
   * rest value 0. Back into run: its second entry, y = 2, x = 0. */
  kind_fixture f = kind_runtime("states");
  kind_load(&f, TIMER);
  kind_step(&f, 0);
  fire_and_step(&f, "go");
  cr_assert_str_eq(state(&f), "run");
  cr_assert_eq(kind_number(&f, "dot.x"), 0);
  cr_assert_eq(kind_number(&f, "dot.y"), 1);
  kind_step(&f, 0.2);
  cr_assert_float_eq(kind_number(&f, "dot.x"), 20, 1e-9);
  cr_assert(!anima_player_settled(f.player));
  kind_step(&f, 0.4);
  cr_assert_str_eq(state(&f), "done");
  cr_assert_float_eq(kind_number(&f, "dot.x"), 1, 1e-9);
  cr_assert_eq(kind_number(&f, "dot.y"), 0);
  fire_and_step(&f, "back");
  cr_assert_str_eq(state(&f), "run");
  cr_assert_eq(kind_number(&f, "dot.y"), 2);
  cr_assert_eq(kind_number(&f, "dot.x"), 0);
  kind_free(&f);
}

Test(kind_states, a_kind_output_crossfades_like_any_state) {
  /* run -> done with blend 1 on @end: at the step that reaches 0.6 s the
   * snapshot is run's output at that clock (x = 60, y = 1) and done
   * starts at carry 0.1 with the fade at elapsed 0.1: w = 0.1, x = 60 +
   * (1 − 60)·0.1 = 54.1, y = 1 + (0 − 1)·0.1 = 0.9 (blending back to the
   * rest 0). */
  kind_fixture f = kind_runtime("states");
  kind_load(&f, STATES_DOCUMENT(
                    "run", "\"run\": {\"kind\": \"timer\", \"pose\": {}, "
                           "\"clock\": \"dot.x\", \"tally\": \"dot.y\", "
                           "\"length\": 0.5, \"on\": [{\"when\": \"@end\", "
                           "\"to\": \"done\", \"blend\": 1}]}, \"done\": "
                           "{\"play\": \"t\"}"));
  kind_step(&f, 0);
  kind_step(&f, 0.6);
  cr_assert_str_eq(state(&f), "done");
  cr_assert_float_eq(kind_number(&f, "dot.x"), 54.1, 1e-9);
  cr_assert_float_eq(kind_number(&f, "dot.y"), 0.9, 1e-9);
  kind_free(&f);
}

/* anywhere (any): reset -> idle, flag -> busy. idle: go -> busy, flag ->
 * side. busy, side: poses. stop (final) from idle on back. */
#define ANY                                                                    \
  STATES_DOCUMENT(                                                             \
      "idle",                                                                  \
      "\"anywhere\": {\"kind\": \"any\", \"pose\": {}, \"on\": [{\"when\": "   \
      "\"reset\", \"to\": \"idle\"}, {\"when\": \"flag\", \"to\": "            \
      "\"busy\"}]}, \"idle\": {\"pose\": {\"dot.x\": 0}, \"on\": [{\"when\": " \
      "\"go\", \"to\": \"busy\"}, {\"when\": \"flag\", \"to\": \"side\"}, "    \
      "{\"when\": \"back\", \"to\": \"stop\"}]}, \"busy\": {\"pose\": "        \
      "{\"dot.x\": 5}}, \"side\": {\"pose\": {\"dot.x\": 7}}, \"stop\": "      \
      "{\"kind\": \"final\", \"pose\": {}}")

Test(kind_states, declaration_edges_are_searched_first_from_every_state) {
  /* go: idle -> busy (its own edge). reset: busy has none, anywhere's
   * takes it back to idle. flag true in idle: anywhere's "flag -> busy"
   * comes before idle's own "flag -> side". In busy, that edge targets
   * the current state without a trigger, so it is omitted: the next step
   * stays in busy without re-entering (no @limit). */
  kind_fixture f = kind_runtime("states");
  kind_load(&f, ANY);
  kind_step(&f, 0);
  fire_and_step(&f, "go");
  cr_assert_str_eq(state(&f), "busy");
  fire_and_step(&f, "reset");
  cr_assert_str_eq(state(&f), "idle");
  anima_player_set_bool(f.player, "flag", true);
  anima_step_result result;
  anima_player_step(f.player, 0, &result);
  cr_assert_str_eq(state(&f), "busy");
  cr_assert_eq(result.event_count, 0);
  anima_player_step(f.player, 0.1, &result);
  cr_assert_str_eq(state(&f), "busy");
  cr_assert_eq(result.event_count, 0);
  cr_assert_eq(kind_number(&f, "dot.x"), 5);
  kind_free(&f);
}

Test(kind_states, a_terminal_state_takes_no_transitions) {
  /* back: idle -> stop (final). In stop even anywhere's reset edge does
   * not apply. */
  kind_fixture f = kind_runtime("states");
  kind_load(&f, ANY);
  kind_step(&f, 0);
  fire_and_step(&f, "back");
  cr_assert_str_eq(state(&f), "stop");
  fire_and_step(&f, "reset");
  cr_assert_str_eq(state(&f), "stop");
  cr_assert(anima_player_settled(f.player));
  kind_free(&f);
}

/* The only error of validating JSON, with its code and pointer. */
static void one_error(kind_fixture *f, const char *json, const char *code,
                      const char *pointer) {
  kind_validate(f, json);
  cr_assert_eq(anima_diagnostics_error_count(f->diagnostics), 1, "%s",
               anima_diagnostics_get(f->diagnostics, 0)->message);
  for (size_t i = 0; i < anima_diagnostics_count(f->diagnostics); i++) {
    const anima_diagnostic *d = anima_diagnostics_get(f->diagnostics, i);
    if (d->severity == ANIMA_SEVERITY_ERROR) {
      cr_assert_str_eq(d->code, code, "%s: %s", d->pointer, d->message);
      cr_assert_str_eq(d->pointer, pointer, "%s", d->message);
    }
  }
}

#define STATE_POINTER(name) "/machine/layers/main/states/" name

Test(kind_states, valid_documents_have_no_errors) {
  /* @end on a timer (a pose) is no bad-end: the kind says when it has
   * finished; the declaration state is not unreachable. (Inputs a
   * document does not use are only unused-input warnings.) */
  kind_fixture f = kind_runtime("states");
  const char *documents[] = {TIMER, ANY};
  for (int d = 0; d < 2; d++) {
    kind_validate(&f, documents[d]);
    cr_assert_eq(anima_diagnostics_error_count(f.diagnostics), 0);
    for (size_t i = 0; i < anima_diagnostics_count(f.diagnostics); i++) {
      const anima_diagnostic *diagnostic =
          anima_diagnostics_get(f.diagnostics, i);
      cr_assert_str_eq(diagnostic->code, "unused-input", "%s %s",
                       diagnostic->pointer, diagnostic->message);
    }
  }
  kind_free(&f);
}

Test(kind_states, kinds_are_checked_against_their_flags) {
  kind_fixture f = kind_runtime("states");
  /* A terminal state with transitions. */
  one_error(&f,
            STATES_DOCUMENT("stop", "\"stop\": {\"kind\": \"final\", "
                                    "\"pose\": {}, \"on\": [{\"when\": "
                                    "\"go\", \"to\": \"stop\"}]}"),
            "state-kind", STATE_POINTER("stop/on"));
  /* A declaration as the initial state, and as a target. */
  one_error(&f,
            STATES_DOCUMENT("anywhere", "\"anywhere\": {\"kind\": \"any\", "
                                        "\"pose\": {}, \"on\": [{\"when\": "
                                        "\"go\", \"to\": \"idle\"}]}, "
                                        "\"idle\": {\"pose\": {}}"),
            "state-kind", "/machine/layers/main/initial");
  one_error(&f,
            STATES_DOCUMENT("idle", "\"anywhere\": {\"kind\": \"any\", "
                                    "\"pose\": {}}, \"idle\": {\"pose\": {}, "
                                    "\"on\": [{\"when\": \"go\", \"to\": "
                                    "\"anywhere\"}]}"),
            "state-kind", STATE_POINTER("idle/on/0/to"));
  /* A variant no module runs. */
  one_error(&f,
            STATES_DOCUMENT("idle", "\"idle\": {\"kind\": \"ghost\", "
                                    "\"pose\": {}}"),
            "state-kind", STATE_POINTER("idle/kind"));
  kind_free(&f);
}

Test(kind_states, an_unknown_kind_is_bad_value_with_the_closest) {
  kind_fixture f = kind_runtime("states");
  one_error(&f,
            STATES_DOCUMENT("idle", "\"idle\": {\"kind\": \"cycel\", "
                                    "\"pose\": {}}"),
            "bad-value", STATE_POINTER("idle/kind"));
  cr_assert_str_eq(anima_diagnostics_get(f.diagnostics, 0)->hint,
                   "did you mean \"cycle\"?");
  kind_free(&f);
}

/* A kind selected by a member (anima_state_kind_desc.field): "mixed" plays
 * t (dot.x 0 -> 10 over 1 s) with `halfway: "u"`, u a loop of 0.5 s
 * writing dot.x 100 -> 200 and dot.y 40 -> 40 (constant). */
#define HALFWAY_DOCUMENT(extra) HALFWAY_REQUIRING("\"states\"", extra)
#define HALFWAY_REQUIRING(requires, extra)                                     \
  "{\"anima\": \"0.1\", \"name\": \"halfway\", \"grid\": 20, \"requires\": "   \
  "[" requires HALFWAY_BODY extra "}}}}}}"
#define HALFWAY_BODY                                                           \
  "], \"nodes\": [{\"id\": \"dot\", \"type\": "                                \
  "\"circle\", \"center\": [10, 10], \"r\": 2, \"fill\": {\"color\": "         \
  "\"#000000\"}}], \"timelines\": {\"t\": {\"duration\": 1, \"tracks\": "      \
  "{\"dot.x\": [[0, 0], [1, 10]]}}, \"u\": {\"duration\": 0.5, \"loop\": "     \
  "\"loop\", \"tracks\": {\"dot.x\": [[0, 100], [0.5, 200]], \"dot.y\": "      \
  "[[0, 40]]}}}, \"machine\": {\"layers\": {\"main\": {\"initial\": "          \
  "\"mixed\", \"states\": {\"mixed\": {\"play\": \"t\", \"halfway\": "         \
  "\"u\""

Test(kind_states, a_member_selects_a_kind_that_mixes_timelines) {
  /* At state time 0.25: t gives x = 2.5, u (loop, local 0.25) x = 150,
   * y = 40. Mixed halfway: x = 2.5 + (150 − 2.5)·0.5 = 76.25; t has no
   * dot.y track, so the accumulated value is y's rest 0 (the node's
   * translation): y = 0 + (40 − 0)·0.5 = 20.
   * At 0.75 s u has wrapped to local 0.25 again: x = 7.5 + (150 −
   * 7.5)·0.5 = 78.75. */
  kind_fixture f = kind_runtime("states");
  kind_load(&f, HALFWAY_DOCUMENT(""));
  kind_step(&f, 0);
  kind_step(&f, 0.25);
  cr_assert_float_eq(kind_number(&f, "dot.x"), 76.25, 1e-9);
  cr_assert_float_eq(kind_number(&f, "dot.y"), 20, 1e-9);
  kind_step(&f, 0.5);
  cr_assert_float_eq(kind_number(&f, "dot.x"), 78.75, 1e-9);
  kind_free(&f);
}

/* A clock's timeline map (anima_clock_desc.compile_timeline; the test
 * module's "slowclock": half the state's speed, folded as a loop) applies
 * where a module plays a timeline itself (compile_timeline_clock): the
 * halfway kind's `u`. t is the state's own timeline (step_timeline_local,
 * not mapped). At state time 0.25 u has travelled 0.125: x = 100 + 100 ·
 * 0.125/0.5 = 125, mixed x = 2.5 + (125 − 2.5)·0.5 = 63.75, y = 20 as
 * before. At 0.75: travel 0.375, u x = 175, mixed 7.5 + (175 − 7.5)·0.5 =
 * 91.25 (the kernel's rules gave 76.25 and 78.75 above). */
Test(kind_states, a_declared_timeline_map_plays_a_module_sampled_timeline) {
  kind_fixture f = kind_runtime("states");
  kind_load(&f, HALFWAY_REQUIRING("\"states\", \"slowclock\"", ""));
  kind_step(&f, 0);
  kind_step(&f, 0.25);
  cr_assert_float_eq(kind_number(&f, "dot.x"), 63.75, 1e-9);
  cr_assert_float_eq(kind_number(&f, "dot.y"), 20, 1e-9);
  kind_step(&f, 0.5);
  cr_assert_float_eq(kind_number(&f, "dot.x"), 91.25, 1e-9);
  kind_free(&f);
}

/* A transition hook's `continues` (module.h anima_transition_hook_desc;
 * machine chapter `continue: true`, here the test module's `glide`):
 * "a" plays t, a 1 s loop of dot.x 0 -> 10 with an event "tick" at 0.9;
 * "go" crossfades to the pose "b" (dot.x 100) over 1 s (linear). */
#define GLIDE_DOCUMENT(glide)                                                  \
  "{\"anima\": \"0.1\", \"name\": \"glide\", \"grid\": 20, \"requires\": "     \
  "[\"states\"], \"nodes\": [{\"id\": \"dot\", \"type\": \"circle\", "         \
  "\"center\": [10, 10], \"r\": 2, \"fill\": {\"color\": \"#000000\"}}], "     \
  "\"inputs\": {\"go\": {\"type\": \"trigger\"}}, \"timelines\": {\"t\": "     \
  "{\"duration\": 1, \"loop\": \"loop\", \"tracks\": {\"dot.x\": [[0, 0], "    \
  "[1, 10]]}, \"events\": [[0.9, \"tick\"]]}}, \"machine\": {\"layers\": "     \
  "{\"main\": {\"initial\": \"a\", \"states\": {\"a\": {\"play\": \"t\", "     \
  "\"on\": [{\"when\": \"go\", \"to\": \"b\", \"blend\": 1" glide "}]}, "      \
  "\"b\": {\"pose\": {\"dot.x\": 100}}}}}}}"

/* Steps 0, 0.5 (x = 5), go with 0, 0.25, 0.5, 0.25; dot.x (and dot.y when
 * `y` is not NULL) after each of the last four; the layer ends in `state`.
 * Returns whether "tick" was reported after the transition. */
static bool glide_run(const char *document, const char *state, double x[4],
                      double y[4]) {
  kind_fixture f = kind_runtime("states");
  kind_load(&f, document);
  kind_step(&f, 0);
  kind_step(&f, 0.5);
  anima_player_fire(f.player, "go");
  const double steps[4] = {0, 0.25, 0.5, 0.25};
  bool ticked = false;
  for (int i = 0; i < 4; i++) {
    anima_step_result result;
    cr_assert_eq(anima_player_step(f.player, steps[i], &result), ANIMA_OK);
    for (size_t e = 0; e < result.event_count; e++) {
      ticked = ticked || strcmp(result.events[e].name, "tick") == 0;
    }
    x[i] = kind_number(&f, "dot.x");
    if (y) {
      y[i] = kind_number(&f, "dot.y");
    }
  }
  cr_assert_str_eq(anima_player_layer_state(f.player, 0), state);
  kind_free(&f);
  return ticked;
}

Test(kind_states, a_continued_crossfade_keeps_sampling_the_outgoing_timeline) {
  /* Taken at state time 0.5 (carry 0): the snapshot is x = 5, w = 0.
   * Frozen (glide false): x = 5 + (100 − 5)·w: w 0.25 -> 28.75, w 0.75 ->
   * 76.25, w 1 -> 100.
   * Continued: t keeps advancing from 0.5: at fade 0.25 it is at 0.75
   * (x 7.5): 7.5 + 92.5·0.25 = 30.625; at fade 0.75 at 1.25, local 0.25
   * after the wrap (x 2.5): 2.5 + 97.5·0.75 = 75.625; at fade 1 the fade
   * ends: 100. The outgoing timeline reports no events (it crosses 0.9
   * continued, but is no longer current). */
  double frozen[4], continued[4];
  cr_assert_not(glide_run(GLIDE_DOCUMENT(""), "b", frozen, NULL));
  cr_assert_not(
      glide_run(GLIDE_DOCUMENT(", \"glide\": true"), "b", continued, NULL));
  const double expected_frozen[4] = {5, 28.75, 76.25, 100};
  const double expected_continued[4] = {5, 30.625, 75.625, 100};
  for (int i = 0; i < 4; i++) {
    cr_assert_float_eq(frozen[i], expected_frozen[i], 1e-9, "frozen %d", i);
    cr_assert_float_eq(continued[i], expected_continued[i], 1e-9,
                       "continued %d", i);
  }
}

/* A state kind's `write_continued` (module.h anima_state_kind_desc): the
 * timer "run" (clock dot.x = 100 × state time, tally dot.y = entries) has
 * a self edge on go crossfading over 1 s, with or without `glide`. */
#define TIMER_GLIDE(glide)                                                     \
  STATES_DOCUMENT("run", "\"run\": {\"kind\": \"timer\", \"pose\": {}, "       \
                         "\"clock\": \"dot.x\", \"tally\": \"dot.y\", "        \
                         "\"length\": 100, \"on\": [{\"when\": \"go\", "       \
                         "\"to\": \"run\", \"blend\": 1" glide "}]}")

Test(kind_states, a_continued_kind_writes_through_its_copy_of_the_instance) {
  /* The edge is taken at state time 0.5 (carry 0): the snapshot is x =
   * 50, y = 1 (one entry). "run" is entered again: its live instance
   * counts 2 entries and its clock restarts, so the target writes x =
   * 100·e, y = 2 at fade elapsed e, w = e.
   * Frozen (no glide): x = 50 + (100e − 50)·e: e 0.25 -> 43.75, e 0.75
   * -> 68.75; y = 1 + (2 − 1)·e: 1.25, 1.75.
   * Continued: the outgoing timer writes x = 100·(0.5 + e) and the tally
   * of its instance as copied at exit, 1: e 0.25: 75 + (25 − 75)·0.25 =
   * 62.5; e 0.75: 125 + (75 − 125)·0.75 = 87.5; y as frozen (with the
   * live instance it would be 2 throughout). At e = 1 the fade ends: x
   * 100, y 2. */
  double x[4], y[4];
  glide_run(TIMER_GLIDE(""), "run", x, y);
  const double frozen_x[4] = {50, 43.75, 68.75, 100};
  const double tally[4] = {1, 1.25, 1.75, 2};
  for (int i = 0; i < 4; i++) {
    cr_assert_float_eq(x[i], frozen_x[i], 1e-9, "frozen x %d", i);
    cr_assert_float_eq(y[i], tally[i], 1e-9, "frozen y %d", i);
  }
  glide_run(TIMER_GLIDE(", \"glide\": true"), "run", x, y);
  const double continued_x[4] = {50, 62.5, 87.5, 100};
  for (int i = 0; i < 4; i++) {
    cr_assert_float_eq(x[i], continued_x[i], 1e-9, "continued x %d", i);
    cr_assert_float_eq(y[i], tally[i], 1e-9, "continued y %d", i);
  }
}
