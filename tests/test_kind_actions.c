/*
 * test_kind_actions.c — listener action kinds added by a module (issue 9
 * item 6, module.h anima_action_kind_desc, SPEC §7 stage 1 and §9):
 * tests/modules/actions.c adds the keys "add", "count" and "later".
 * Module actions are queued like the core ones and run at stage 1 in
 * queue order, after the core keys of the same listener. Values derived
 * by hand below.
 */
#include "test_kind_fixture.h"

/* A number input level (0..1), a trigger ping, and LISTENERS; layer main
 * goes from idle to rung on ping, and back when level > 0.9. */
#define ACTIONS(requires, listeners)                                           \
  "{\"anima\": \"0.1\", \"name\": \"actions\", \"grid\": 20, "                 \
  "\"requires\": " requires ", \"nodes\": [{\"id\": \"dot\", \"type\": "       \
                            "\"circle\", "                                     \
                            "\"center\": [10, 10], \"r\": 2, \"fill\": "       \
                            "{\"color\": \"#000000\"}}], "                     \
                            "\"inputs\": {\"level\": {\"type\": \"number\", "  \
                            "\"min\": 0, \"max\": 1}, "                        \
                            "\"ping\": {\"type\": \"trigger\"}}, "             \
                            "\"machine\": {\"layers\": {\"main\": "            \
                            "{\"initial\": \"idle\", \"states\": {\"idle\": "  \
                            "{\"pose\": {}, \"on\": "                          \
                            "[{\"when\": \"ping\", \"to\": \"rung\"}]}, "      \
                            "\"rung\": {\"pose\": "                            \
                            "{\"dot.x\": 1}, \"on\": [{\"when\": \"level > "   \
                            "0.9\", \"to\": "                                  \
                            "\"idle\"}]}}}}}, \"listeners\": " listeners "}"

static double level_of(const kind_fixture *f) {
  anima_value value;
  cr_assert_eq(anima_player_get_input(f->player, "level", &value), ANIMA_OK);
  return value.as.number;
}

static anima_step_result click(kind_fixture *f) {
  anima_player_pointer_down(f->player, 10, 10);
  anima_player_pointer_up(f->player, 10, 10);
  anima_step_result result;
  cr_assert_eq(anima_player_step(f->player, 0, &result), ANIMA_OK);
  return result;
}

Test(kind_actions, module_keys_run_after_the_core_keys) {
  /* set level 0.5, then add 0.25: 0.75 (the other order would give 0.5).
   * A second click: set 0.5 again, add: 0.75. */
  kind_fixture f = kind_runtime("actions");
  kind_load(&f, ACTIONS("[\"actions\"]",
                        "[{\"on\": \"click\", \"add\": {\"input\": "
                        "\"level\", \"by\": 0.25}, \"set\": {\"level\": "
                        "0.5}}]"));
  kind_step(&f, 0);
  click(&f);
  cr_assert_float_eq(level_of(&f), 0.75, 1e-12);
  click(&f);
  cr_assert_float_eq(level_of(&f), 0.75, 1e-12);
  kind_free(&f);
}

Test(kind_actions, later_actions_see_earlier_writes_and_clamp) {
  /* Two listeners on click, in document order: add 0.5 each: 0.5, then
   * 1 (both in the one step). A second click: 1.5 clamps to max 1. */
  kind_fixture f = kind_runtime("actions");
  kind_load(&f, ACTIONS("[\"actions\"]",
                        "[{\"on\": \"click\", \"add\": {\"input\": "
                        "\"level\", \"by\": 0.5}}, {\"on\": \"click\", "
                        "\"add\": {\"input\": \"level\", \"by\": 0.5}}]"));
  kind_step(&f, 0);
  click(&f);
  cr_assert_float_eq(level_of(&f), 1, 1e-12);
  click(&f);
  cr_assert_eq(level_of(&f), 1);
  kind_free(&f);
}

Test(kind_actions, each_player_counts_its_own_runs) {
  /* "count": "tap" reports tap with the number of runs so far as its
   * time: 1, then 2; another player of the model starts at 1. */
  kind_fixture f = kind_runtime("actions");
  kind_load(&f, ACTIONS("[\"actions\"]",
                        "[{\"on\": \"click\", \"count\": \"tap\"}]"));
  kind_step(&f, 0);
  anima_step_result first = click(&f);
  cr_assert_eq(first.event_count, 1);
  cr_assert_str_eq(first.events[0].name, "tap");
  cr_assert_eq(first.events[0].layer, -1);
  cr_assert_eq(first.events[0].time, 1);
  anima_step_result second = click(&f);
  cr_assert_eq(second.events[0].time, 2);
  anima_player *other = anima_player_create(f.model);
  anima_player_step(other, 0, NULL);
  anima_player_pointer_down(other, 10, 10);
  anima_player_pointer_up(other, 10, 10);
  anima_step_result third;
  anima_player_step(other, 0, &third);
  cr_assert_eq(third.event_count, 1);
  cr_assert_eq(third.events[0].time, 1);
  anima_player_destroy(other);
  kind_free(&f);
}

Test(kind_actions, a_write_for_the_next_step_keeps_the_player_awake) {
  /* "later": "ping" fires ping for the next step: the click's step is not
   * settled and stays in idle; the next step takes ping to rung. */
  kind_fixture f = kind_runtime("actions");
  kind_load(&f, ACTIONS("[\"actions\"]",
                        "[{\"on\": \"click\", \"later\": \"ping\"}]"));
  kind_step(&f, 0);
  anima_step_result result = click(&f);
  cr_assert(!result.settled);
  cr_assert_str_eq(anima_player_layer_state(f.player, 0), "idle");
  kind_step(&f, 0);
  cr_assert_str_eq(anima_player_layer_state(f.player, 0), "rung");
  kind_free(&f);
}

Test(kind_actions, a_listener_with_only_a_module_action_is_valid) {
  /* Without "actions" declared the key is undeclared-feature; with it,
   * "count" alone is an action (no missing-key). */
  kind_fixture f = kind_runtime("actions");
  kind_validate(&f, ACTIONS("[\"actions\"]",
                            "[{\"on\": \"click\", \"count\": \"tap\", "
                            "\"fire\": \"ping\"}, {\"on\": \"click\", "
                            "\"count\": \"tap\"}]"));
  cr_assert_eq(anima_diagnostics_count(f.diagnostics), 0, "%s",
               anima_diagnostics_get(f.diagnostics, 0)->message);
  kind_validate(&f, ACTIONS("[]", "[{\"on\": \"click\", \"count\": "
                                  "\"tap\", \"fire\": \"ping\"}]"));
  const anima_diagnostic *d = kind_only(&f);
  cr_assert_str_eq(d->code, "undeclared-feature");
  cr_assert_str_eq(d->pointer, "/listeners/0/count");
  kind_free(&f);
}

Test(kind_actions, inputs_a_module_action_names_are_used) {
  /* A document whose only reader of "level" and "ping" is a listener's
   * module keys gets no unused-input warning for them. */
  kind_fixture f = kind_runtime("actions");
  kind_validate(
      &f,
      "{\"anima\": \"0.1\", \"name\": \"a\", \"grid\": 20, \"requires\": "
      "[\"actions\"], \"nodes\": [{\"id\": \"dot\", \"type\": \"circle\", "
      "\"center\": [10, 10], \"r\": 2, \"fill\": {\"color\": \"#000000\"}}], "
      "\"inputs\": {\"level\": {\"type\": \"number\"}, \"ping\": {\"type\": "
      "\"trigger\"}, \"idle\": {\"type\": \"bool\"}}, \"listeners\": "
      "[{\"on\": \"click\", \"add\": {\"input\": \"level\", \"by\": 1}, "
      "\"later\": \"ping\"}]}");
  /* Only "idle", which nothing names, is unused. */
  const anima_diagnostic *d = kind_only(&f);
  cr_assert_str_eq(d->code, "unused-input");
  cr_assert_str_eq(d->pointer, "/inputs/idle");
  kind_free(&f);
}

Test(kind_actions, the_missing_action_hint_names_the_module_keys) {
  kind_fixture f = kind_runtime("actions");
  kind_validate(&f, ACTIONS("[\"actions\"]",
                            "[{\"on\": \"click\"}, {\"on\": \"click\", "
                            "\"fire\": \"ping\"}]"));
  const anima_diagnostic *d = kind_only(&f);
  cr_assert_str_eq(d->code, "missing-key");
  cr_assert_str_eq(d->hint, "add \"fire\", \"set\", \"toggle\", \"add\", "
                            "\"count\", \"later\" or \"emit\"");
  kind_free(&f);
}
