/*
 * test_kind_eases.c — ease kinds added by a module (issue 9 item 6,
 * module.h anima_ease_kind_desc, SPEC §5 "Eases"): the test module
 * tests/modules/easing.c adds power(k), steps(n), smooth, lift(c) and the
 * value curve arch-up(h) for
 * documents that require "easing". Expected values are derived by hand
 * from each ease's formula (in the module's header comment).
 */
#include <math.h>

#include "test_kind_fixture.h"

/* One circle "dot"; REQUIRES is the requires list, REST more members. */
#define EASE_DOCUMENT(requires, ...)                                           \
  "{\"anima\": \"0.1\", \"name\": \"eases\", \"grid\": 20, "                   \
  "\"requires\": " requires ", \"nodes\": [{\"id\": \"dot\", \"type\": "       \
                            "\"circle\", "                                     \
                            "\"center\": [10, 10], \"r\": 2, \"fill\": "       \
                            "{\"color\": \"#000000\"}}], " __VA_ARGS__ "}"

/* A timeline "t" of 2 s played by the only state; TRACKS its tracks. */
#define PLAYED(tracks)                                                         \
  EASE_DOCUMENT("[\"easing\"]",                                                \
                "\"timelines\": {\"t\": {\"duration\": 2, \"tracks\": " tracks \
                "}}, \"machine\": {\"layers\": {\"main\": {\"initial\": "      \
                "\"p\", \"states\": {\"p\": {\"play\": \"t\"}}}}}")

Test(kind_eases, a_key_ease_shapes_the_segment) {
  /* dot.x keys 0 -> 100 over [0, 1] with power(2): at t = 0.5, u = 0.5,
   * w = 0.5² = 0.25, x = 25. dot.y keys 0 -> 100 with steps(4): at t =
   * 0.6, u = 0.6, w = floor(2.4) / 4 = 0.5, y = 50; smooth on dot.r 0 -> 4
   * at t = 0.5: w = 0.25 · (3 − 1) = 0.5, r = 2. */
  kind_fixture f = kind_runtime("easing");
  kind_load(&f, PLAYED("{\"dot.x\": [[0, 0, \"power(2)\"], [1, 100]], "
                       "\"dot.y\": [[0, 0, \"steps( 4 )\"], [1, 100]], "
                       "\"dot.r\": [[0, 0, \"smooth\"], [1, 4]]}"));
  kind_step(&f, 0);
  kind_step(&f, 0.5);
  cr_assert_float_eq(kind_number(&f, "dot.x"), 25, 1e-12);
  cr_assert_float_eq(kind_number(&f, "dot.r"), 2, 1e-12);
  kind_step(&f, 0.1);
  cr_assert_float_eq(kind_number(&f, "dot.y"), 50, 1e-12);
  kind_free(&f);
}

Test(kind_eases, the_kernel_pins_both_ends) {
  /* lift(0.5) has w(0) = 0.5 by its formula; the kernel pins w(0) = 0.
   * Keys 0, 10 (at 1 s, eased lift(0.5)), 20 (at 2 s): at t = 1 exactly
   * u = 0, so x = 10 (unpinned it would be 10 + 10·0.5 = 15); at t = 1.5,
   * u = 0.5, w = 0.5 + 0.5·0.5 = 0.75, x = 10 + 10·0.75 = 17.5. */
  kind_fixture f = kind_runtime("easing");
  kind_load(&f, PLAYED("{\"dot.x\": [[0, 0], [1, 10, \"lift(0.5)\"], "
                       "[2, 20]]}"));
  kind_step(&f, 0);
  kind_step(&f, 1);
  cr_assert_eq(kind_number(&f, "dot.x"), 10);
  kind_step(&f, 0.5);
  cr_assert_float_eq(kind_number(&f, "dot.x"), 17.5, 1e-12);
  kind_free(&f);
}

Test(kind_eases, a_transition_ease_shapes_the_crossfade) {
  /* Poses a (x 0) and b (x 100), a 1 s crossfade eased lift(0.5). Fire go
   * and step 0: the fade starts at elapsed 0, w(0) pinned to 0: x = 0.
   * Step 0.5: w = 0.75, x = 75. Step 0.5 more: the fade ends, x = 100. */
  kind_fixture f = kind_runtime("easing");
  kind_load(&f,
            EASE_DOCUMENT(
                "[\"easing\"]",
                "\"inputs\": {\"go\": {\"type\": \"trigger\"}}, \"machine\": "
                "{\"layers\": {\"main\": {\"initial\": \"a\", \"states\": "
                "{\"a\": {\"pose\": {\"dot.x\": 0}, \"on\": [{\"when\": "
                "\"go\", \"to\": \"b\", \"blend\": 1, \"ease\": "
                "\"lift(0.5)\"}]}, \"b\": {\"pose\": {\"dot.x\": 100}}}}}}"));
  anima_player_fire(f.player, "go");
  kind_step(&f, 0);
  cr_assert_str_eq(anima_player_layer_state(f.player, 0), "b");
  cr_assert_eq(kind_number(&f, "dot.x"), 0);
  kind_step(&f, 0.5);
  cr_assert_float_eq(kind_number(&f, "dot.x"), 75, 1e-12);
  kind_step(&f, 0.5);
  cr_assert_eq(kind_number(&f, "dot.x"), 100);
  kind_free(&f);
}

/* A one-track document whose key 0 carries EASE (a JSON string). */
#define ONE_KEY(requires, ease)                                                \
  EASE_DOCUMENT(requires,                                                      \
                "\"timelines\": {\"t\": {\"duration\": 1, \"tracks\": "        \
                "{\"dot.x\": [[0, 0, " ease "], [1, 1]]}}}")

Test(kind_eases, arguments_the_kind_refuses_are_bad_ease_with_its_hint) {
  kind_fixture f = kind_runtime("easing");
  kind_validate(&f, ONE_KEY("[\"easing\"]", "\"power(0)\""));
  const anima_diagnostic *d = kind_only(&f);
  cr_assert_str_eq(d->code, "bad-ease");
  cr_assert_str_eq(d->pointer, "/timelines/t/tracks/dot.x/0/2");
  cr_assert_str_eq(d->hint, "the exponent k of power(k) must be > 0");
  kind_free(&f);
}

Test(kind_eases, a_wrong_argument_count_is_bad_ease_with_the_syntax) {
  kind_fixture f = kind_runtime("easing");
  kind_validate(&f, ONE_KEY("[\"easing\"]", "\"power(1, 2)\""));
  const anima_diagnostic *d = kind_only(&f);
  cr_assert_str_eq(d->code, "bad-ease");
  cr_assert_str_eq(d->message, "power takes 1 number, got 2");
  cr_assert_str_eq(d->hint, "write power(k)");
  kind_validate(&f, ONE_KEY("[\"easing\"]", "\"smooth(1)\""));
  cr_assert_str_eq(kind_only(&f)->message, "smooth takes 0 numbers, got 1");
  kind_validate(&f, ONE_KEY("[\"easing\"]", "\"power(2\""));
  cr_assert_str_eq(kind_only(&f)->code, "bad-ease");
  kind_free(&f);
}

Test(kind_eases, an_undeclared_feature_is_reported_as_such) {
  kind_fixture f = kind_runtime("easing");
  kind_validate(&f, ONE_KEY("[]", "\"power(2)\""));
  const anima_diagnostic *d = kind_only(&f);
  cr_assert_str_eq(d->code, "undeclared-feature");
  cr_assert_not_null(strstr(d->hint, "\"easing\""), "%s", d->hint);
  kind_free(&f);
}

Test(kind_eases, an_unknown_ease_lists_the_declared_kinds) {
  kind_fixture f = kind_runtime("easing");
  kind_validate(&f, ONE_KEY("[\"easing\"]", "\"powr(2)\""));
  const anima_diagnostic *d = kind_only(&f);
  cr_assert_str_eq(d->code, "bad-ease");
  cr_assert_not_null(
      strstr(d->hint, "power(k), steps(n), smooth, lift(c), arch-up(h)"), "%s",
      d->hint);
  /* Without the feature, the hint is the core list only. */
  kind_validate(&f, ONE_KEY("[]", "\"powr(2)\""));
  cr_assert_null(strstr(kind_only(&f)->hint, "power"), "%s",
                 kind_only(&f)->hint);
  kind_free(&f);
}

Test(kind_eases, boolean_keys_take_no_module_ease) {
  /* §5: boolean keys carry only hold. */
  kind_fixture f = kind_runtime("easing");
  kind_validate(&f, EASE_DOCUMENT("[\"easing\"]",
                                  "\"timelines\": {\"t\": {\"duration\": 1, "
                                  "\"tracks\": {\"dot.visible\": [[0, true, "
                                  "\"smooth\"], [1, false]]}}}"));
  cr_assert_str_eq(kind_only(&f)->code, "bad-ease");
  kind_free(&f);
}

Test(kind_eases, a_value_curve_gives_the_segment_value_itself) {
  /* arch-up(h) = left + (right − left)·u + 4h·u(1 − u) (module.h
   * anima_ease_kind_desc.value). dot.x keys 5 -> 5 over [0, 1] with
   * arch-up(2): at t = 0.5, u = 0.5, x = 5 + 0 + 4·2·0.25 = 7 (a weight could
   * give only 5). dot.r keys 0 -> 4 with arch-up(1) at t = 0.25: 0 + 4·0.25 +
   * 4·0.25·0.75 = 1.75. At t = 1 the keys' own values: x = 5, r = 4. */
  kind_fixture f = kind_runtime("easing");
  kind_load(&f, PLAYED("{\"dot.x\": [[0, 5, \"arch-up(2)\"], [1, 5]], "
                       "\"dot.r\": [[0, 0, \"arch-up(1)\"], [1, 4]]}"));
  kind_step(&f, 0);
  cr_assert_eq(kind_number(&f, "dot.x"), 5);
  kind_step(&f, 0.25);
  cr_assert_float_eq(kind_number(&f, "dot.r"), 1.75, 1e-12);
  kind_step(&f, 0.25);
  cr_assert_float_eq(kind_number(&f, "dot.x"), 7, 1e-12);
  kind_step(&f, 0.5);
  cr_assert_eq(kind_number(&f, "dot.x"), 5);
  cr_assert_eq(kind_number(&f, "dot.r"), 4);
  kind_free(&f);
}

Test(kind_eases, a_value_curve_on_a_transition_or_colour_is_bad_ease) {
  kind_fixture f = kind_runtime("easing");
  kind_validate(
      &f, EASE_DOCUMENT(
              "[\"easing\"]",
              "\"inputs\": {\"go\": {\"type\": \"trigger\"}}, \"machine\": "
              "{\"layers\": {\"main\": {\"initial\": \"a\", \"states\": "
              "{\"a\": {\"pose\": {\"dot.x\": 0}, \"on\": [{\"when\": "
              "\"go\", \"to\": \"b\", \"blend\": 1, \"ease\": "
              "\"arch-up(1)\"}]}, \"b\": {\"pose\": {\"dot.x\": 100}}}}}}"));
  const anima_diagnostic *d = kind_only(&f);
  cr_assert_str_eq(d->code, "bad-ease");
  cr_assert_eq(d->severity, ANIMA_SEVERITY_ERROR);
  cr_assert_str_eq(d->pointer, "/machine/layers/main/states/a/on/0/ease");
  cr_assert_str_eq(
      d->message, "\"arch-up\" is a value curve and cannot shape a transition");
  kind_validate(&f, EASE_DOCUMENT("[\"easing\"]",
                                  "\"timelines\": {\"t\": {\"duration\": 1, "
                                  "\"tracks\": {\"dot.fill.color\": [[0, "
                                  "\"#000000\", \"arch-up(1)\"], [1, "
                                  "\"#ffffff\"]]}}}"));
  d = kind_only(&f);
  cr_assert_str_eq(d->code, "bad-ease");
  cr_assert_str_eq(d->pointer, "/timelines/t/tracks/dot.fill.color/0/2");
  kind_free(&f);
}
