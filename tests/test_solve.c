/*
 * test_solve.c — solver kinds and derived read-only properties (module.h
 * anima_solver_kind_desc, anima_derived_property_desc; rig chapter "Rig
 * stage and extension contract", "Constraint fields and evaluation"). The
 * test module `pins` (tests/modules/pins.c) has two solver kinds on the
 * list `pins` — follow (move the host's origin onto a target's world
 * origin) and turn (rotate the host by an angle about its pivot) — a POSE
 * hook asking for one more solve, and the derived properties pinWorld.x,
 * pinWorld.y, pinWorld.rotate, pinWorld.scaleX, pinWorld.scaleY.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include <anima/module.h>

#include "test_module_player.h"

#define MODULE(file) ANIMA_TEST_MODULE_DIR "/" file

/* Loads `json` with the pins module; `expect_ok` false keeps a failed load
 * (its diagnostics) for the test to inspect. */
static loaded load_document(const char *json, bool expect_ok) {
  static const char *const modules[] = {MODULE("anima-pins.so"), NULL};
  return loaded_open(modules, json, expect_ok);
}

static loaded load(const char *json) {
  return load_document(json, true);
}

static void unload(loaded *l) {
  loaded_close(l);
}

static void step(loaded *l, double dt) {
  loaded_step(l, dt);
}

static double read(const loaded *l, const char *address) {
  return loaded_number(l, address);
}

#define PINS_DOCUMENT(nodes, rest)                                             \
  "{\"anima\": \"0.1\", \"name\": \"t\", \"grid\": 20, \"requires\": "         \
  "[\"pins\"], \"nodes\": [" nodes "]" rest "}"
/* A circle node with the given id and extra members. */
#define DOT(id, members)                                                       \
  "{\"id\": \"" id "\", \"type\": \"circle\", \"center\": [0, 0], \"r\": 1, "  \
  "\"fill\": {\"color\": \"#000000\"}" members "}"
#define FOLLOW(target) "{\"kind\": \"follow\", \"target\": \"" target "\"}"

Test(solvers, targets_run_before_their_hosts) {
  /* a follows b, b follows c (at (10, 5)). Authored order would solve a
   * first, onto b's authored origin (0, 0); sorted, b is on c first and a
   * lands on (10, 5) too. */
  loaded l = load(PINS_DOCUMENT(
      DOT("a", ", \"pins\": [" FOLLOW("b") "]") ", " DOT(
          "b", ", \"pins\": [" FOLLOW(
                   "c") "]") ", " DOT("c", ", \"x\": 10, \"y\": 5"),
      ""));
  step(&l, 0);
  cr_expect_eq(read(&l, "b.pinWorld.x"), 10);
  cr_expect_eq(read(&l, "b.pinWorld.y"), 5);
  cr_expect_eq(read(&l, "a.pinWorld.x"), 10);
  cr_expect_eq(read(&l, "a.pinWorld.y"), 5);
  unload(&l);
}

Test(solvers, parents_run_before_their_children) {
  /* box follows t2 (at x 20), so box waits for t2, which comes later in
   * the document; kid (inside box) follows t (at x 4). Its parent must be
   * solved first: kid's local x = 4 − 20 = −16 puts it at world x 4. Had
   * kid been solved before box moved, it would end at 4 + 20 = 24. t2 also
   * turns 90° about its origin, which does not move its origin. */
  loaded l = load(PINS_DOCUMENT(
      "{\"id\": \"box\", \"type\": \"group\", \"pins\": "
      "[" FOLLOW("t2") "], \"children\": [" DOT(
          "kid", ", \"pins\": [" FOLLOW(
                     "t") "]") "]}, " DOT("t", ", \"x\": 4") ", " DOT("t"
                                                                      "2",
                                                                      ", "
                                                                      "\""
                                                                      "x"
                                                                      "\""
                                                                      ": "
                                                                      "20"
                                                                      ", "
                                                                      "\""
                                                                      "pi"
                                                                      "ns"
                                                                      "\""
                                                                      ": "
                                                                      "[{"
                                                                      "\""
                                                                      "ki"
                                                                      "nd"
                                                                      "\""
                                                                      ": "
                                                                      "\""
                                                                      "tu"
                                                                      "rn"
                                                                      "\""
                                                                      ", "
                                                                      "\""
                                                                      "an"
                                                                      "gl"
                                                                      "e"
                                                                      "\""
                                                                      ": "
                                                                      "90"
                                                                      "}"
                                                                      "]"),
      ""));
  step(&l, 0);
  cr_expect_eq(read(&l, "box.pinWorld.x"), 20);
  cr_expect_eq(read(&l, "kid.pinWorld.x"), 4);
  cr_expect_eq(read(&l, "t2.pinWorld.rotate"), 90);
  cr_expect_eq(read(&l, "t2.pinWorld.x"), 20);
  unload(&l);
}

static const anima_diagnostic *only_error(const loaded *l) {
  cr_assert_eq(anima_diagnostics_count(l->diagnostics), 1, "%zu diagnostics",
               anima_diagnostics_count(l->diagnostics));
  return anima_diagnostics_get(l->diagnostics, 0);
}

Test(solvers, a_cycle_is_reported_at_the_constraint_closing_it) {
  /* a follows b (b before a), then b follows a: the second, authored
   * later, closes the cycle. */
  loaded l = load_document(
      PINS_DOCUMENT(DOT("a", ", \"pins\": [" FOLLOW("b") "]") ", " DOT(
                        "b", ", \"pins\": [{\"kind\": \"turn\", \"angle\": "
                             "0}, " FOLLOW("a") "]"),
                    ""),
      false);
  const anima_diagnostic *d = only_error(&l);
  cr_expect_str_eq(d->code, "rig-cycle");
  cr_expect_eq(d->severity, ANIMA_SEVERITY_ERROR);
  cr_expect_str_eq(d->pointer, "/nodes/1/pins/1");
  cr_expect_str_eq(d->hint, "move its target outside the constrained subtree");
  cr_expect_not_null(strstr(d->message, "\"a\""), "%s", d->message);
  unload(&l);
}

Test(solvers, a_target_inside_the_host_or_the_host_itself_is_a_cycle) {
  /* A group following its own child: the child's world waits for the
   * group's solve (parents first), which waits for the child. */
  loaded l = load_document(
      PINS_DOCUMENT("{\"id\": \"g\", \"type\": \"group\", \"pins\": [" FOLLOW(
                        "k") "], \"children\": [" DOT("k", "") "]}",
                    ""),
      false);
  const anima_diagnostic *d = only_error(&l);
  cr_expect_str_eq(d->code, "rig-cycle");
  cr_expect_str_eq(d->pointer, "/nodes/0/pins/0");
  cr_expect_not_null(strstr(d->message, "inside the subtree"), "%s",
                     d->message);
  unload(&l);
  l = load_document(
      PINS_DOCUMENT(DOT("a", ", \"pins\": [" FOLLOW("a") "]"), ""), false);
  d = only_error(&l);
  cr_expect_str_eq(d->code, "rig-cycle");
  cr_expect_str_eq(d->pointer, "/nodes/0/pins/0");
  cr_expect_not_null(strstr(d->message, "itself"), "%s", d->message);
  unload(&l);
}

Test(solvers, strength_blends_position_linearly) {
  /* h at (0, 0) follows c at (8, 4) with strength 0.25: it moves a
   * quarter of the way, to (2, 1); strength 0 skips (g stays at 0). */
  loaded l = load(PINS_DOCUMENT(
      DOT("h",
          ", \"pins\": [{\"kind\": \"follow\", \"target\": \"c\", "
          "\"strength\": 0.25}]") ", " DOT("g",
                                           ", \"pins\": [{\"kind\": "
                                           "\"follow\", \"target\": "
                                           "\"c\", \"strength\": "
                                           "0}]") ", " DOT("c", ", \"x\": 8, "
                                                                "\"y\": 4"),
      ""));
  step(&l, 0);
  cr_expect_eq(read(&l, "h.pinWorld.x"), 2);
  cr_expect_eq(read(&l, "h.pinWorld.y"), 1);
  cr_expect_eq(read(&l, "g.pinWorld.x"), 0);
  unload(&l);
}

#define TURN(host, members, angle, strength)                                   \
  DOT(host, members ", \"pins\": [{\"kind\": \"turn\", \"angle\": " angle      \
                    ", \"strength\": " strength "}]")

Test(solvers, strength_blends_rotation_the_shorter_way_about_the_pivot) {
  /* q: 90° at strength 0.5 is 45°, scale 1 kept.
   * r: authored 170°, turned 20° more is 190° = −170°; halfway the shorter
   * way (+10°) is 180°, a half turn (±180° within rounding). Interpolating
   * the angles' numbers (170 → −170) would give 0°.
   * s: 0° to 180° is a tie: the positive half turn wins, halfway is +90°.
   * p: pivot (2, 0), turned 90° about it: the pivot stays where it is, so
   * its world position is (2, 0) halfway too; blending about the origin
   * instead would move it (origin (0, 0) → (2, −2) halfway is (1, −1)). */
  loaded l = load(PINS_DOCUMENT(
      TURN("q", "", "90", "0.5") ", " TURN(
          "r", ", \"rotate\": 170", "20",
          "0.5") ", " TURN("s", "", "180",
                           "0.5") ", " TURN("p", ", \"pivot\": [2, 0]", "90",
                                            "0.5"),
      ""));
  step(&l, 0);
  cr_expect_float_eq(read(&l, "q.pinWorld.rotate"), 45, 1e-12);
  cr_expect_float_eq(read(&l, "q.pinWorld.scaleX"), 1, 1e-12);
  cr_expect_float_eq(read(&l, "q.pinWorld.scaleY"), 1, 1e-12);
  cr_expect_float_eq(fabs(read(&l, "r.pinWorld.rotate")), 180, 1e-9);
  cr_expect_float_eq(read(&l, "s.pinWorld.rotate"), 90, 1e-12);
  cr_expect_float_eq(read(&l, "p.pinWorld.rotate"), 45, 1e-12);
  cr_expect_float_eq(read(&l, "p.pinWorld.x"), 2, 1e-12);
  cr_expect_float_eq(read(&l, "p.pinWorld.y"), 0, 1e-12);
  unload(&l);
}

Test(solvers, strength_is_animatable_through_its_pattern_address) {
  /* h.pins.0.strength runs 0 → 1 over 1 s (address pattern
   * pins.*.strength): at 0.5 s a 90° turn is halfway, 45°. */
  loaded l = load(PINS_DOCUMENT(
      TURN("h", "", "90", "0"),
      ", \"timelines\": {\"t\": {\"duration\": 1, \"tracks\": "
      "{\"h.pins.0.strength\": [[0, 0], [1, 1]]}}}, \"machine\": "
      "{\"layers\": {\"main\": {\"initial\": \"run\", \"states\": {\"run\": "
      "{\"play\": \"t\"}}}}}"));
  step(&l, 0.5);
  cr_expect_float_eq(read(&l, "h.pins.0.strength"), 0.5, 1e-12);
  cr_expect_float_eq(read(&l, "h.pinWorld.rotate"), 45, 1e-12);
  step(&l, 0.5);
  cr_expect_float_eq(read(&l, "h.pinWorld.rotate"), 90, 1e-12);
  unload(&l);
}

Test(solvers, one_more_solve_starts_from_the_layout_adjusted_pose) {
  /* pinsRepose: the POSE hook asks for one more solve each step. The turn
   * solver (90°, relative to the host's current local matrix) runs twice
   * (pinSolves 2), and the second pass starts again from the authored
   * local matrix: 90°, not 180°. Without the request it runs once. With
   * nothing else moving the player settles and sleeps: no more solves. */
  loaded l = load(PINS_DOCUMENT(TURN("h", ", \"pinSolves\": 0", "90", "1"),
                                ", \"pinsRepose\": true"));
  step(&l, 0);
  cr_expect_eq(read(&l, "h.pinSolves"), 2);
  cr_expect_float_eq(read(&l, "h.pinWorld.rotate"), 90, 1e-12);
  step(&l, 0);
  cr_expect_eq(read(&l, "h.pinSolves"), 2);
  cr_expect_float_eq(read(&l, "h.pinWorld.rotate"), 90, 1e-12);
  unload(&l);
  l = load(PINS_DOCUMENT(TURN("h", ", \"pinSolves\": 0", "90", "1"), ""));
  step(&l, 0);
  cr_expect_eq(read(&l, "h.pinSolves"), 1);
  unload(&l);
}

Test(solvers, the_pose_stage_samples_a_timeline_and_solves_afresh) {
  /* pinsSample: the POSE hook samples t (2 s, m.x 0 → 20, played by no
   * state) at 1 s: m.x 10 (host->step_sample_timeline). s follows m: the
   * one more pass starts from the sampled values, so s lands on 10, not
   * on m's pre-sample 0. Nothing about t's clock moves: the next step
   * samples 10 again. */
  loaded l = load(PINS_DOCUMENT(
      DOT("m", "") ", " DOT("s", ", \"pins\": [" FOLLOW("m") "]"),
      ", \"pinsSample\": \"t\", \"timelines\": {\"t\": {\"duration\": 2, "
      "\"tracks\": {\"m.x\": [[0, 0], [2, 20]]}}}"));
  step(&l, 0);
  cr_expect_float_eq(read(&l, "m.x"), 10, 1e-12);
  cr_expect_float_eq(read(&l, "m.pinWorld.x"), 10, 1e-12);
  cr_expect_float_eq(read(&l, "s.pinWorld.x"), 10, 1e-12);
  step(&l, 0.5);
  cr_expect_float_eq(read(&l, "m.x"), 10, 1e-12);
  cr_expect_float_eq(read(&l, "s.pinWorld.x"), 10, 1e-12);
  unload(&l);
}

Test(derived_properties, find_a_slot_of_their_node_by_address) {
  /* host->view_find_slot: pinSolvesSeen reads the node's pinSolves through
   * the slot it finds by address: 1 after one solve, 0 (the default) on
   * a node with no pin. The reader fails the read when an unknown
   * address or node finds a slot. */
  loaded l = load(PINS_DOCUMENT(
      TURN("h", ", \"pinSolves\": 0", "90", "1") ", " DOT("g", ""), ""));
  step(&l, 0);
  cr_expect_eq(read(&l, "h.pinSolvesSeen"), 1);
  cr_expect_eq(read(&l, "g.pinSolvesSeen"), 0);
  unload(&l);
}

Test(derived_properties, are_read_only_addresses_of_declared_features) {
  /* pinWorld.scaleX of a node scaled 2 about its pivot is 2; pinWorld.x is
   * where its pivot (3, 0) lands: T(5, 0) · (3, 0) = (8, 0). */
  loaded l = load(PINS_DOCUMENT(
      DOT("h", ", \"x\": 5, \"scale\": 2, \"pivot\": [3, 0]"), ""));
  step(&l, 0);
  cr_expect_eq(read(&l, "h.pinWorld.x"), 8);
  cr_expect_eq(read(&l, "h.pinWorld.scaleX"), 2);
  cr_expect_eq(read(&l, "h.pinWorld.scaleY"), 2);
  /* In the property API they follow the slots: found, named, read, and
   * neither animated nor animatable. */
  long index = anima_model_property_find(l.model, "h.pinWorld.x");
  cr_assert_geq(index, (long)anima_model_property_count(l.model));
  cr_expect_str_eq(anima_model_property_address(l.model, (size_t)index),
                   "h.pinWorld.x");
  anima_value value;
  cr_assert_eq(anima_player_read_property(l.player, (size_t)index, &value),
               ANIMA_OK);
  cr_expect_eq(value.as.number, 8);
  cr_expect_not(anima_model_property_animatable(l.model, (size_t)index));
  cr_expect_not(anima_model_property_animated(l.model, (size_t)index));
  unload(&l);

  /* No track can write one. */
  l = load_document(
      PINS_DOCUMENT(DOT("h", ""),
                    ", \"timelines\": {\"t\": {\"duration\": 1, \"tracks\": "
                    "{\"h.pinWorld.x\": [[0, 0], [1, 1]]}}}"),
      false);
  cr_expect_str_eq(anima_diagnostics_get(l.diagnostics, 0)->code,
                   "unknown-address");
  unload(&l);

  /* A document that does not declare "pins" has none. */
  l = load("{\"anima\": \"0.1\", \"name\": \"t\", \"grid\": 20, \"nodes\": "
           "[" DOT("h", "") "]}");
  cr_expect_eq(anima_model_property_find(l.model, "h.pinWorld.x"), -1);
  cr_expect_eq(anima_player_read(l.player, "h.pinWorld.x", &value),
               ANIMA_ERROR_UNKNOWN_ADDRESS);
  unload(&l);
}

/* A group `p` with the children `s` (authored first: follows `m`) and `h`
 * (lifts p by 10 with its declared write); `m` is a dot at x 5 beside p. */
#define LIFTED(lift, rest)                                                     \
  PINS_DOCUMENT(                                                               \
      DOT("m", ", \"x\": 5") ", {\"id\": \"p\", \"type\": \"group\", "         \
                             "\"children\": [" DOT(                            \
                                 "s",                                          \
                                 ", \"pins\": [" FOLLOW(                       \
                                     "m") "]") ", " DOT("h",                   \
                                                        ", \"pinSolves\": 0, " \
                                                        "\"pins\": [" lift     \
                                                        "]") "]}",             \
      rest)

Test(solvers, declared_writes_run_before_their_other_descendants) {
  /* lift writes p. s lies below p, so its follow runs after the lift
   * although authored first: it reads p lifted by 10 and puts its origin
   * on m's world origin (5, 0). Had it run first, the lift would carry it
   * down to (5, 10). */
  loaded l = load(LIFTED("{\"kind\": \"lift\", \"dy\": 10}", ""));
  step(&l, 0);
  cr_expect_float_eq(read(&l, "p.pinWorld.y"), 10, 1e-12);
  cr_expect_float_eq(read(&l, "s.pinWorld.x"), 5, 1e-12);
  cr_expect_float_eq(read(&l, "s.pinWorld.y"), 0, 1e-12);
  unload(&l);
}

Test(solvers, a_second_solve_starts_written_nodes_afresh) {
  /* With one more solve requested, the lift runs twice (pinSolves 2) and
   * p is lifted 10, not 20: written nodes restart from their
   * layout-adjusted local matrices like hosts. */
  loaded l = load(
      LIFTED("{\"kind\": \"lift\", \"dy\": 10}", ", \"pinsRepose\": true"));
  step(&l, 0);
  cr_expect_eq(read(&l, "h.pinSolves"), 2);
  cr_expect_float_eq(read(&l, "p.pinWorld.y"), 10, 1e-12);
  cr_expect_float_eq(read(&l, "s.pinWorld.y"), 0, 1e-12);
  unload(&l);
}

Test(solvers, a_target_below_its_own_write_is_a_cycle) {
  /* The lift's target s lies below p, which the lift itself writes. */
  loaded l = load_document(
      LIFTED("{\"kind\": \"lift\", \"dy\": 10, \"target\": \"s\"}", ""), false);
  const anima_diagnostic *d = only_error(&l);
  cr_expect_str_eq(d->code, "rig-cycle");
  cr_expect_str_eq(d->pointer, "/nodes/1/children/1/pins/0");
  unload(&l);
}
