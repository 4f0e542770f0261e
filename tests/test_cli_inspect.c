/*
 * test_cli_inspect.c — `anima inspect` on tests/cli/inspect-bell.ani, a
 * small bell with three inputs, three layers, two timelines and three
 * listeners. Expected values are read off that file, with the defaults the
 * SPEC gives for what it omits (§5, §8, §9, §10).
 */
#include "test_cli_support.h"

static json_t *inspect_json(const char *relative) {
  char path[4096];
  cli_source_path(path, sizeof path, relative);
  const char *arguments[] = {"inspect", path, "--format=json", NULL};
  cli_run run = cli_run_args(arguments);
  cr_assert_eq(run.status, 0, "exit %d, stderr: %s", run.status, run.err);
  json_t *report = cli_run_json(&run);
  cli_run_free(&run);
  return report;
}

static json_t *item(const json_t *object, const char *key, size_t index) {
  json_t *list = json_object_get(object, key);
  cr_assert(json_is_array(list), "%s is not an array", key);
  cr_assert_lt(index, json_array_size(list), "%s has no item %zu", key, index);
  return json_array_get(list, index);
}

static const char *text_of(const json_t *object, const char *key) {
  const char *value = json_string_value(json_object_get(object, key));
  cr_assert_not_null(value, "%s is not a string", key);
  return value;
}

static double number_of(const json_t *object, const char *key) {
  const json_t *value = json_object_get(object, key);
  cr_assert(json_is_number(value), "%s is not a number", key);
  return json_number_value(value);
}

Test(cli_inspect, inputs_with_types_defaults_and_ranges) {
  json_t *report = inspect_json("tests/cli/inspect-bell.ani");
  /* Document order: ring (trigger, buffer 0.25), hover (bool, §8 default
   * false), level (number, default 0.5, min 0, max 1). */
  json_t *ring = item(report, "inputs", 0);
  cr_assert_str_eq(text_of(ring, "name"), "ring");
  cr_assert_str_eq(text_of(ring, "type"), "trigger");
  cr_assert_eq(number_of(ring, "buffer"), 0.25);
  cr_assert(json_is_null(json_object_get(ring, "default")));
  json_t *hover = item(report, "inputs", 1);
  cr_assert_str_eq(text_of(hover, "type"), "bool");
  cr_assert(json_is_false(json_object_get(hover, "default")));
  json_t *level = item(report, "inputs", 2);
  cr_assert_eq(number_of(level, "default"), 0.5);
  cr_assert_eq(number_of(level, "min"), 0);
  cr_assert_eq(number_of(level, "max"), 1);
  json_decref(report);
}

Test(cli_inspect, layers_states_and_transitions_with_defaults) {
  json_t *report = inspect_json("tests/cli/inspect-bell.ani");
  /* §2: machine.layers keeps member order: ring, hover, meter. */
  cr_assert_str_eq(text_of(item(report, "layers", 0), "name"), "ring");
  cr_assert_str_eq(text_of(item(report, "layers", 1), "name"), "hover");
  cr_assert_str_eq(text_of(item(report, "layers", 2), "name"), "meter");
  json_t *ring = item(report, "layers", 0);
  cr_assert_str_eq(text_of(ring, "initial"), "idle");
  json_t *idle = item(ring, "states", 0);
  cr_assert_str_eq(text_of(idle, "kind"), "pose");
  cr_assert(json_is_null(json_object_get(idle, "speed")));
  json_t *ringing = item(ring, "states", 1);
  cr_assert_str_eq(text_of(ringing, "kind"), "play");
  cr_assert_str_eq(text_of(ringing, "timeline"), "ring");
  cr_assert_eq(number_of(ringing, "speed"), 2);
  cr_assert_str_eq(text_of(ringing, "emit"), "rang");
  json_t *back = item(ringing, "transitions", 0);
  cr_assert_str_eq(text_of(back, "when"), "@end");
  cr_assert_str_eq(text_of(back, "to"), "idle");
  cr_assert_eq(number_of(back, "blend"), 0.2);
  cr_assert_str_eq(text_of(back, "ease"), "out");
  cr_assert(json_is_false(json_object_get(back, "interruptible")));
  /* §8 defaults: speed 1; blend 0, ease linear, interruptible true. */
  json_t *lit = item(item(report, "layers", 1), "states", 1);
  cr_assert_eq(number_of(lit, "speed"), 1);
  json_t *fade = item(lit, "transitions", 0);
  cr_assert_eq(number_of(fade, "blend"), 0.1);
  cr_assert_str_eq(text_of(fade, "ease"), "linear");
  cr_assert(json_is_true(json_object_get(fade, "interruptible")));
  json_t *enter = item(idle, "transitions", 0);
  cr_assert_eq(number_of(enter, "blend"), 0);
  json_decref(report);
}

Test(cli_inspect, timelines_with_tracks_events_and_defaults) {
  json_t *report = inspect_json("tests/cli/inspect-bell.ani");
  json_t *ring = item(report, "timelines", 0);
  cr_assert_eq(number_of(ring, "duration"), 1.4);
  /* §5: loop defaults to once; §10: reducedMotion defaults to end. */
  cr_assert_str_eq(text_of(ring, "loop"), "once");
  cr_assert_str_eq(text_of(ring, "reducedMotion"), "end");
  json_t *swing = item(ring, "tracks", 0);
  cr_assert_str_eq(text_of(swing, "address"), "swing.rotate");
  cr_assert_eq(json_integer_value(json_object_get(swing, "keys")), 3);
  json_t *ding = item(ring, "events", 0);
  cr_assert_str_eq(text_of(ding, "name"), "ding");
  cr_assert_eq(number_of(ding, "time"), 0.05);
  cr_assert_str_eq(text_of(item(ring, "events", 1), "name"), "still");
  json_t *glow = item(report, "timelines", 1);
  cr_assert_str_eq(text_of(glow, "loop"), "pingpong");
  cr_assert_str_eq(text_of(glow, "reducedMotion"), "skip");
  cr_assert_eq(json_array_size(json_object_get(glow, "events")), 0);
  json_decref(report);
}

Test(cli_inspect, listeners_with_targets_and_ordered_actions) {
  json_t *report = inspect_json("tests/cli/inspect-bell.ani");
  /* Omitted target: the whole icon (null); hitPadding defaults to 0. */
  json_t *click = item(report, "listeners", 0);
  cr_assert_str_eq(text_of(click, "on"), "click");
  cr_assert(json_is_null(json_object_get(click, "target")));
  cr_assert_eq(number_of(click, "hitPadding"), 0);
  json_t *fire = item(click, "actions", 0);
  cr_assert_str_eq(text_of(fire, "action"), "fire");
  cr_assert_str_eq(text_of(fire, "input"), "ring");
  json_t *enter = item(report, "listeners", 1);
  cr_assert_str_eq(text_of(enter, "target"), "swing");
  cr_assert_eq(number_of(enter, "hitPadding"), 1);
  json_t *set = item(enter, "actions", 0);
  cr_assert_str_eq(text_of(set, "action"), "set");
  cr_assert(json_is_true(json_object_get(set, "value")));
  /* §9: actions run fire, set, toggle, emit: set before emit. */
  json_t *leave = item(report, "listeners", 2);
  cr_assert_str_eq(text_of(item(leave, "actions", 0), "action"), "set");
  cr_assert(json_is_false(json_object_get(item(leave, "actions", 0), "value")));
  cr_assert_str_eq(text_of(item(leave, "actions", 1), "action"), "emit");
  cr_assert_str_eq(text_of(item(leave, "actions", 1), "event"), "left");
  json_decref(report);
}

Test(cli_inspect, animated_addresses_sorted_with_writers) {
  json_t *report = inspect_json("tests/cli/inspect-bell.ani");
  /* Tracks: swing.rotate, clapper.x (ring), dot.opacity (glow); poses:
   * swing.rotate (ring/idle), meter.stroke.trimEnd and dot.visible
   * (meter/show). Unique and in code-point order: */
  const char *expected[] = {"clapper.x", "dot.opacity", "dot.visible",
                            "meter.stroke.trimEnd", "swing.rotate"};
  json_t *animated = json_object_get(report, "animated");
  cr_assert_eq(json_array_size(animated), 5);
  for (size_t i = 0; i < 5; i++) {
    cr_assert_str_eq(text_of(json_array_get(animated, i), "address"),
                     expected[i]);
  }
  /* §4: visible is a hold-only boolean. */
  json_t *visible = json_array_get(animated, 2);
  cr_assert_str_eq(text_of(visible, "valueType"), "bool");
  cr_assert_str_eq(text_of(visible, "animation"), "hold");
  cr_assert_str_eq(text_of(visible, "type"), "circle");
  /* swing.rotate is written by the ring timeline and the idle pose. */
  json_t *swing = json_array_get(animated, 4);
  cr_assert_str_eq(json_string_value(item(swing, "writers", 0)),
                   "timeline:ring");
  cr_assert_str_eq(json_string_value(item(swing, "writers", 1)),
                   "pose:ring/idle");
  json_decref(report);
}

Test(cli_inspect, features_required_and_loaded) {
  json_t *report = inspect_json("tests/cli/inspect-bell.ani");
  json_t *features = json_object_get(report, "features");
  cr_assert_str_eq(json_string_value(item(features, "required", 0)),
                   "knockout");
  /* §2: 0.1 defines "knockout", so every runtime has it loaded. */
  json_t *loaded = json_object_get(features, "loaded");
  bool found = false;
  for (size_t i = 0; i < json_array_size(loaded); i++) {
    found |=
        strcmp(json_string_value(json_array_get(loaded, i)), "knockout") == 0;
  }
  cr_assert(found);
  json_decref(report);
}

Test(cli_inspect, warnings_are_listed) {
  json_t *report = inspect_json("tests/cli/inspect-bell.ani");
  /* §8: nothing reads or writes the input level: unused-input warning. */
  json_t *diagnostics = json_object_get(report, "diagnostics");
  bool found = false;
  for (size_t i = 0; i < json_array_size(diagnostics); i++) {
    json_t *d = json_array_get(diagnostics, i);
    if (strcmp(text_of(d, "code"), "unused-input") == 0) {
      cr_assert_str_eq(text_of(d, "pointer"), "/inputs/level");
      cr_assert_str_eq(text_of(d, "severity"), "warning");
      found = true;
    }
  }
  cr_assert(found);
  json_decref(report);
}

Test(cli_inspect, invalid_document_prints_diagnostics_and_exits_1) {
  char path[4096];
  cli_source_path(path, sizeof path, "tests/cli/invalid-color.ani");
  const char *arguments[] = {"inspect", path, "--format=json", NULL};
  cli_run run = cli_run_args(arguments);
  /* "#12345" has five hex digits: not a §6 colour (bad-color). */
  cr_assert_eq(run.status, 1);
  json_t *result = cli_run_json(&run);
  cr_assert(json_is_false(json_object_get(result, "ok")));
  json_t *first = item(result, "diagnostics", 0);
  cr_assert_str_eq(text_of(first, "code"), "bad-color");
  cr_assert_str_eq(text_of(first, "pointer"), "/nodes/0/fill/color");
  cr_assert_null(json_object_get(result, "inputs"));
  json_decref(result);
  cli_run_free(&run);
}

Test(cli_inspect, usage_errors) {
  const char *missing[] = {"inspect", "/nonexistent/none.ani", NULL};
  cli_run run = cli_run_args(missing);
  cr_assert_eq(run.status, 2);
  cli_run_free(&run);
  const char *no_file[] = {"inspect", NULL};
  run = cli_run_args(no_file);
  cr_assert_eq(run.status, 2);
  cli_run_free(&run);
  const char *bad_option[] = {"inspect", "x.ani", "--frames", NULL};
  run = cli_run_args(bad_option);
  cr_assert_eq(run.status, 2);
  cli_run_free(&run);
}

Test(cli_inspect, text_output_is_readable) {
  char path[4096];
  cli_source_path(path, sizeof path, "tests/cli/inspect-bell.ani");
  const char *arguments[] = {"inspect", path, NULL};
  cli_run run = cli_run_args(arguments);
  cr_assert_eq(run.status, 0, "%s", run.err);
  cr_assert_not_null(strstr(run.out, "Inputs (3):"), "%s", run.out);
  cr_assert_not_null(
      strstr(run.out,
             "when \"@end\" -> idle, blend 0.2 s, ease out, not interruptible"),
      "%s", run.out);
  cr_assert_not_null(strstr(run.out, "swing.rotate: 3 keys"), "%s", run.out);
  /* The warning goes to stderr like a compiler's. */
  cr_assert_not_null(strstr(run.err, "warning[unused-input]"), "%s", run.err);
  cli_run_free(&run);
}

Test(cli_inspect, animl_source_reports_like_its_json) {
  /* AniML and its .ani are the same document (SPEC §11.1), so the reports
   * agree on everything but the file name and source positions. The AniML
   * is made by `anima decompile`. */
  char source[4096], directory[] = "/tmp/anima-inspect-XXXXXX", animl[64];
  cli_source_path(source, sizeof source, "tests/cli/inspect-bell.ani");
  cr_assert_not_null(mkdtemp(directory));
  snprintf(animl, sizeof animl, "%s/bell.animl", directory);
  const char *decompile[] = {"decompile", source, "-o", animl, NULL};
  cli_run run = cli_run_args(decompile);
  cr_assert_eq(run.status, 0, "%s", run.err);
  cli_run_free(&run);
  const char *from_animl[] = {"inspect", animl, "--format=json", NULL};
  run = cli_run_args(from_animl);
  cr_assert_eq(run.status, 0, "%s", run.err);
  json_t *markup = cli_run_json(&run);
  cli_run_free(&run);
  json_t *json = inspect_json("tests/cli/inspect-bell.ani");
  const char *keys[] = {"document",  "inputs",   "layers",  "timelines",
                        "listeners", "animated", "features"};
  for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
    cr_assert(json_equal(json_object_get(markup, keys[i]),
                         json_object_get(json, keys[i])),
              "%s differs", keys[i]);
  }
  json_decref(markup);
  json_decref(json);
  unlink(animl);
  rmdir(directory);
}

Test(cli_inspect, numbers_print_in_the_canonical_form) {
  /* DECISIONS 2 / anima_format_number (ECMAScript's Number::toString):
   * 1e-7 has decimal exponent n = -6, outside -6 < n <= 21, so the
   * exponent form without padding, "1e-7"; 1e20 has n = 21, so plain
   * digits, "100000000000000000000". printf's %g wrote 1e-07 and 1e+20. */
  char path[4096];
  cli_source_path(path, sizeof path, "tests/cli/inspect-numbers.ani");
  const char *json_arguments[] = {"inspect", path, "--format=json", NULL};
  cli_run run = cli_run_args(json_arguments);
  cr_assert_eq(run.status, 0, "exit %d, stderr: %s", run.status, run.err);
  cr_expect_not_null(strstr(run.out, "\"default\":1e-7,"), "%s", run.out);
  cr_expect_not_null(strstr(run.out, "\"max\":100000000000000000000}"), "%s",
                     run.out);
  cli_run_free(&run);
  const char *text_arguments[] = {"inspect", path, NULL};
  run = cli_run_args(text_arguments);
  cr_assert_eq(run.status, 0, "exit %d, stderr: %s", run.status, run.err);
  cr_expect_not_null(
      strstr(run.out, "default 1e-7, range 0..100000000000000000000\n"), "%s",
      run.out);
  /* A range with one bound is written as a reader writes it (docs/CLI.md
   * "inspect"): floor has only "min": -0.5, ceiling only "max": 2.5, so
   * ">= -0.5" and "<= 2.5"; before, "-0.5..inf" and "-inf..2.5", an
   * infinity the document never wrote. */
  cr_expect_not_null(strstr(run.out, ", range >= -0.5\n"), "%s", run.out);
  cr_expect_not_null(strstr(run.out, ", range <= 2.5\n"), "%s", run.out);
  cr_expect_null(strstr(run.out, "..inf"), "%s", run.out);
  cr_expect_null(strstr(run.out, "-inf.."), "%s", run.out);
  cli_run_free(&run);
}

/* tests/cli/inspect-heart.animl: a button whose hovered pose scales the
 * heart 1.3 about (12, 12). Its outline spans 3..21 on both axes, so the
 * pose reaches 12 ± 1.3·9 = 0.3..23.7, and the stroke (width 2, round
 * joins) 1.3 further: −1..25, one unit past every edge of [0, 0, 24, 24].
 * At rest it reaches 2..22, inside. */

Test(cli_inspect, root_a11y_block) {
  json_t *report = inspect_json("tests/cli/inspect-heart.animl");
  json_t *a11y = json_object_get(report, "a11y");
  cr_assert_str_eq(text_of(a11y, "role"), "button");
  cr_assert_str_eq(text_of(a11y, "label"), "Like");
  cr_assert_str_eq(text_of(a11y, "activate"), "liked");
  cr_assert_str_eq(text_of(a11y, "held"), "down");
  cr_assert(json_is_null(json_object_get(a11y, "pressed")));
  json_decref(report);
  /* A document without a11y says so with nulls. */
  report = inspect_json("tests/cli/inspect-bell.ani");
  a11y = json_object_get(report, "a11y");
  cr_assert(json_is_null(json_object_get(a11y, "role")));
  cr_assert(json_is_null(json_object_get(a11y, "label")));
  json_decref(report);
}

Test(cli_inspect, lint_reports_a_pose_that_leaves_the_view_box) {
  json_t *report = inspect_json("tests/cli/inspect-heart.animl");
  json_t *lint = json_object_get(report, "lint");
  cr_assert_eq(number_of(lint, "posesChecked"), 2, "rest and hovered");
  cr_assert_eq(number_of(lint, "posesTotal"), 2);
  json_t *heart = item(lint, "outsideViewBox", 0);
  cr_assert_eq(json_array_size(json_object_get(lint, "outsideViewBox")), 1);
  cr_assert_str_eq(text_of(heart, "node"), "heart");
  json_t *first = json_object_get(heart, "first");
  cr_assert_str_eq(text_of(first, "layer"), "pointer");
  cr_assert_str_eq(text_of(first, "state"), "hovered");
  cr_assert(json_is_null(json_object_get(first, "timeline")));
  cr_assert_eq(number_of(heart, "poses"), 1);
  json_t *extent = json_object_get(heart, "extent");
  double expected[4] = {-1, -1, 25, 25};
  for (size_t i = 0; i < 4; i++) {
    cr_assert_eq(json_number_value(json_array_get(extent, i)), expected[i],
                 "extent[%zu]", i);
  }
  json_t *past = json_object_get(heart, "past");
  cr_assert_eq(number_of(past, "left"), 1);
  cr_assert_eq(number_of(past, "bottom"), 1);
  json_decref(report);
  /* The bell's poses all stay inside its viewBox with room to spare. */
  report = inspect_json("tests/cli/inspect-bell.ani");
  lint = json_object_get(report, "lint");
  cr_assert_eq(json_array_size(json_object_get(lint, "outsideViewBox")), 0);
  /* rest, the ring timeline's keys 0, 0.5, 0.7, 1.4, the glow's 0 and 2. */
  cr_assert_eq(number_of(lint, "posesChecked"), 7);
  json_decref(report);
}

Test(cli_inspect, the_lint_checks_solved_poses) {
  /* tests/cli/inspect-lint-rig.ani: "dot" (r 1) authored at (30, 12), outside
   * the viewBox [0,0,24,24], with a copyPosition constraint from "anchor"
   * at (12, 12). A step solves it there (rig chapter: strength 1 copies the
   * target's world position), so it is drawn at [11,11,13,13] and the lint,
   * which resolves poses as a step does, reports nothing. Unsolved it
   * reported [29,11,31,13], as it did for every bone of examples/lamp. */
  json_t *report = inspect_json("tests/cli/inspect-lint-rig.ani");
  json_t *lint = json_object_get(report, "lint");
  cr_assert_eq(json_array_size(json_object_get(lint, "outsideViewBox")), 0,
               "%s", json_dumps(lint, 0));
  cr_assert_eq(number_of(lint, "posesChecked"), 1);
  json_decref(report);
}

Test(cli_inspect, the_lint_measures_a_masked_node_inside_its_mask) {
  /* examples/composite.ani: the gloss, a 28 × 7 band rotated -30° about
   * (12, 12), reaches past every side of [0,0,24,24], but its alpha mask
   * is the disc (centre (12, 12), r 9, inside stroke: [3,3,21,21]), so
   * nothing of it shows outside; the check mark is clipped to the reveal
   * rectangle inside too. */
  json_t *report = inspect_json("examples/composite.ani");
  json_t *lint = json_object_get(report, "lint");
  cr_assert_eq(json_array_size(json_object_get(lint, "outsideViewBox")), 0,
               "%s", json_dumps(lint, 0));
  json_decref(report);
}

Test(cli_inspect, text_shows_a11y_and_lint) {
  char path[4096];
  cli_source_path(path, sizeof path, "tests/cli/inspect-heart.animl");
  const char *arguments[] = {"inspect", path, NULL};
  cli_run run = cli_run_args(arguments);
  cr_assert_eq(run.status, 0, "%s", run.err);
  cr_assert_not_null(strstr(run.out, "A11y: role button, label \"Like\", "
                                     "activate liked, held down\n"),
                     "%s", run.out);
  cr_assert_not_null(
      strstr(run.out, "heart leaves the viewBox [0,0,24,24] at "
                      "pointer/hovered: it reaches [-1,-1,25,25], past the "
                      "left by 1, the top by 1, the right by 1, the bottom "
                      "by 1\n"),
      "%s", run.out);
  cli_run_free(&run);
}

Test(cli_inspect, comments_are_not_reported_as_document_items) {
  /* tests/documents/valid/comments-everywhere.ani puts "$comment" members
   * in every map, which loaders ignore (SPEC §2). The report comes from the
   * compiled model, so they are no inputs, layers, states, timelines or
   * tracks (re-reading the JSON listed an input "$comment" of no type). */
  json_t *report =
      inspect_json("tests/documents/valid/comments-everywhere.ani");
  json_t *inputs = json_object_get(report, "inputs");
  cr_assert_eq(json_array_size(inputs), 1);
  cr_assert_str_eq(text_of(json_array_get(inputs, 0), "name"), "press");
  json_t *layers = json_object_get(report, "layers");
  cr_assert_eq(json_array_size(layers), 1);
  json_t *states = json_object_get(json_array_get(layers, 0), "states");
  cr_assert_eq(json_array_size(states), 2, "idle and pulsing");
  cr_assert_str_eq(text_of(json_array_get(states, 0), "name"), "idle");
  cr_assert_eq(
      json_object_size(json_object_get(json_array_get(states, 0), "pose")), 0,
      "a pose holding only a comment");
  json_t *timelines = json_object_get(report, "timelines");
  cr_assert_eq(json_array_size(timelines), 1);
  json_t *tracks = json_object_get(json_array_get(timelines, 0), "tracks");
  cr_assert_eq(json_array_size(tracks), 1);
  cr_assert_str_eq(text_of(json_array_get(tracks, 0), "address"), "box.scale");
  json_decref(report);
}

Test(cli_inspect, nodes_in_document_order_with_types_and_parents) {
  /* inspect-bell.ani: swing (group) holding body (path) and clapper
   * (circle), then dot (circle) and meter (arc) at the top level. */
  json_t *report = inspect_json("tests/cli/inspect-bell.ani");
  const char *expected[][3] = {{"swing", "group", NULL},
                               {"body", "path", "swing"},
                               {"clapper", "circle", "swing"},
                               {"dot", "circle", NULL},
                               {"meter", "arc", NULL}};
  json_t *nodes = json_object_get(report, "nodes");
  cr_assert_eq(json_array_size(nodes), 5);
  for (size_t i = 0; i < 5; i++) {
    json_t *node = json_array_get(nodes, i);
    cr_assert_str_eq(text_of(node, "id"), expected[i][0]);
    cr_assert_str_eq(text_of(node, "type"), expected[i][1]);
    json_t *parent = json_object_get(node, "parent");
    if (expected[i][2]) {
      cr_assert_str_eq(json_string_value(parent), expected[i][2]);
    } else {
      cr_assert(json_is_null(parent));
    }
  }
  json_decref(report);
  char path[4096];
  cli_source_path(path, sizeof path, "tests/cli/inspect-bell.ani");
  const char *arguments[] = {"inspect", path, NULL};
  cli_run run = cli_run_args(arguments);
  cr_assert_not_null(strstr(run.out, "Nodes (5):\n  swing: group\n"
                                     "    body: path\n    clapper: circle\n"
                                     "  dot: circle\n  meter: arc\n"),
                     "%s", run.out);
  cli_run_free(&run);
}

Test(cli_inspect, events_by_time_and_colours_in_canonical_form) {
  /* conformance case event-many-in-one-step writes its events c 0.75, a
   * 0.25, d 1, b 0.5, zero 0: they are listed as they fire, by time.
   * tests/documents/valid/inputs-and-conditions.ani poses knob.fill.color
   * "#FFF", which is #ffffff (SPEC §6; DECISIONS 1 spelling). */
  json_t *report =
      inspect_json("conformance/cases/event-many-in-one-step/case.ani");
  json_t *events = json_object_get(
      json_array_get(json_object_get(report, "timelines"), 0), "events");
  const char *names[] = {"zero", "a", "b", "c", "d"};
  cr_assert_eq(json_array_size(events), 5);
  for (size_t i = 0; i < 5; i++) {
    cr_assert_str_eq(text_of(json_array_get(events, i), "name"), names[i]);
  }
  json_decref(report);
  report = inspect_json("tests/documents/valid/inputs-and-conditions.ani");
  json_t *off = item(item(report, "layers", 0), "states", 0);
  cr_assert_str_eq(text_of(json_object_get(off, "pose"), "knob.fill.color"),
                   "#ffffff");
  json_decref(report);
}

Test(cli_inspect, what_modules_add_is_reported) {
  /* tests/cli/inspect-modules.ani uses the test modules shapes (node type
   * diamond, its property size) and easing (ease kinds power(k),
   * steps(n)). The CLI knows none of them: the report names the node type,
   * the animated module property and the eases as written. */
  char modules[] = "/tmp/anima-inspect-modules-XXXXXX", link[256], target[256];
  cr_assert_not_null(mkdtemp(modules));
  const char *names[] = {"easing", "shapes"};
  for (size_t i = 0; i < 2; i++) {
    snprintf(target, sizeof target, "%s/anima-%s.so", ANIMA_TEST_MODULE_DIR,
             names[i]);
    snprintf(link, sizeof link, "%s/anima-%s.so", modules, names[i]);
    cr_assert_eq(symlink(target, link), 0);
  }
  setenv("ANIMA_MODULE_PATH", modules, 1);
  json_t *report = inspect_json("tests/cli/inspect-modules.ani");
  unsetenv("ANIMA_MODULE_PATH");
  json_t *gem = item(report, "nodes", 0);
  cr_assert_str_eq(text_of(gem, "type"), "diamond");
  json_t *size = item(report, "animated", 0);
  cr_assert_str_eq(text_of(size, "address"), "gem.size");
  cr_assert_str_eq(text_of(size, "type"), "diamond");
  cr_assert_str_eq(text_of(size, "valueType"), "number");
  json_t *light =
      item(item(item(report, "layers", 0), "states", 0), "transitions", 0);
  cr_assert_str_eq(text_of(light, "ease"), "steps(3)");
  cr_assert_eq(number_of(light, "blend"), 0.3);
  json_t *required =
      json_object_get(json_object_get(report, "features"), "required");
  cr_assert_str_eq(json_string_value(json_array_get(required, 0)), "shapes");
  json_decref(report);
  for (size_t i = 0; i < 2; i++) {
    snprintf(link, sizeof link, "%s/anima-%s.so", modules, names[i]);
    unlink(link);
  }
  rmdir(modules);
}

Test(cli_inspect, a_module_value_type_is_named) {
  /* Review finding 17: a path morph (paint's value type "path", the name
   * `anima schema path.d` gives for the address d) was listed as
   * `p.d: timeline:go` with no value type. */
  char directory[] = "/tmp/anima-inspect-morph-XXXXXX", path[128];
  cr_assert_not_null(mkdtemp(directory));
  snprintf(path, sizeof path, "%s/morph.ani", directory);
  FILE *file = fopen(path, "w");
  cr_assert_not_null(file);
  fputs("{\"anima\": \"0.1\", \"name\": \"m\", \"grid\": 24, \"requires\": "
        "[\"paint\"], \"nodes\": [{\"id\": \"p\", \"type\": \"path\", \"d\": "
        "\"M0 0 L10 0 L10 10 Z\", \"fill\": {\"color\": \"#000\"}}], "
        "\"timelines\": {\"go\": {\"duration\": 1, \"tracks\": {\"p.d\": "
        "[[0, \"M0 0 L10 0 L10 10 Z\"], [1, \"M0 0 L20 0 L20 20 Z\"]]}}}}\n",
        file);
  fclose(file);
  const char *json_arguments[] = {"inspect", path, "--format=json", NULL};
  cli_run run = cli_run_args(json_arguments);
  cr_assert_eq(run.status, 0, "%s", run.err);
  json_t *report = cli_run_json(&run);
  cli_run_free(&run);
  json_t *morph = item(report, "animated", 0);
  cr_assert_str_eq(text_of(morph, "address"), "p.d");
  cr_assert_str_eq(text_of(morph, "valueType"), "path");
  cr_assert_str_eq(text_of(morph, "animation"), "interpolated");
  json_decref(report);
  const char *text_arguments[] = {"inspect", path, NULL};
  run = cli_run_args(text_arguments);
  cr_assert_eq(run.status, 0, "%s", run.err);
  cr_assert_not_null(
      strstr(run.out, "  p.d (path, interpolated): timeline:go\n"), "%s",
      run.out);
  cli_run_free(&run);
  unlink(path);
  rmdir(directory);
}

Test(cli_inspect, module_fields_of_states_and_transitions) {
  /* A machine document: its random state's `kind` and its edges' guards
   * are shown as the document writes them (`fields`); core-only states
   * and transitions have no `fields` (inspect-bell above). */
  json_t *report =
      inspect_json("conformance/cases/machine-module-guard-artboard/case.ani");
  json_t *idle = item(item(report, "layers", 0), "states", 0);
  cr_assert_null(json_object_get(idle, "fields"));
  json_t *fields = json_object_get(item(idle, "transitions", 1), "fields");
  json_t *guard = json_object_get(fields, "guard");
  cr_assert_str_eq(text_of(json_object_get(guard, "left"), "artboard"),
                   "width");
  cr_assert_str_eq(text_of(guard, "op"), ">=");
  cr_assert_eq(number_of(guard, "right"), 40);
  json_decref(report);
  report =
      inspect_json("conformance/cases/machine-module-random-seed/case.ani");
  json_t *pick = item(item(report, "layers", 0), "states", 0);
  cr_assert_str_eq(text_of(json_object_get(pick, "fields"), "kind"), "random");
  json_decref(report);
  report = inspect_json("tests/cli/inspect-bell.ani");
  json_t *back =
      item(item(item(report, "layers", 0), "states", 1), "transitions", 0);
  cr_assert_null(json_object_get(back, "fields"));
  json_decref(report);
}

Test(cli_inspect, rig_bones_with_rest_frames_and_the_solve_order) {
  /* tests/cli/inspect-rig.ani (SPEC ## rig, ## ik). Rest frames from the
   * document values in the grid of the nearest non-bone ancestor (g):
   * upper is a root at (20, 30) turned 90°; its tip is (20, 30) + R(90)(40,
   * 0) = (20, 70). fore is chained: it starts at upper's tip, turned
   * 90 − 90 = 0°, tip (20 + 30, 70) = (50, 70). n is a nested root
   * (root: true inside fore): at rest its parent's moving grid is g's, so
   * it is at its own (5, 5), scaleX 2, and its tip is (5 + 2·3, 5). */
  json_t *report = inspect_json("tests/cli/inspect-rig.ani");
  json_t *rig = json_object_get(report, "rig");
  cr_assert_not_null(rig);
  cr_assert_eq(json_array_size(json_object_get(rig, "bones")), 3);
  json_t *upper = item(rig, "bones", 0);
  cr_assert_str_eq(text_of(upper, "id"), "upper");
  cr_assert_str_eq(text_of(upper, "parent"), "g");
  cr_assert_str_eq(text_of(upper, "start"), "root");
  cr_assert_str_eq(text_of(upper, "grid"), "g");
  cr_assert_eq(number_of(upper, "length"), 40);
  json_t *rest = json_object_get(upper, "rest");
  cr_assert_eq(number_of(rest, "x"), 20);
  cr_assert_eq(number_of(rest, "y"), 30);
  cr_assert_eq(number_of(rest, "rotate"), 90);
  cr_assert_eq(number_of(rest, "scaleX"), 1);
  cr_assert_eq(number_of(rest, "scaleY"), 1);
  cr_assert_eq(
      json_number_value(json_array_get(json_object_get(upper, "tip"), 0)), 20);
  cr_assert_eq(
      json_number_value(json_array_get(json_object_get(upper, "tip"), 1)), 70);
  json_t *fore = item(rig, "bones", 1);
  cr_assert_str_eq(text_of(fore, "parent"), "upper");
  cr_assert_str_eq(text_of(fore, "start"), "chained");
  rest = json_object_get(fore, "rest");
  cr_assert_eq(number_of(rest, "x"), 20);
  cr_assert_eq(number_of(rest, "y"), 70);
  cr_assert_eq(number_of(rest, "rotate"), 0);
  cr_assert_eq(
      json_number_value(json_array_get(json_object_get(fore, "tip"), 0)), 50);
  json_t *n = item(rig, "bones", 2);
  cr_assert_str_eq(text_of(n, "start"), "nested root");
  cr_assert_str_eq(text_of(n, "grid"), "g");
  rest = json_object_get(n, "rest");
  cr_assert_eq(number_of(rest, "x"), 5);
  cr_assert_eq(number_of(rest, "y"), 5);
  cr_assert_eq(number_of(rest, "scaleX"), 2);
  cr_assert_eq(json_number_value(json_array_get(json_object_get(n, "tip"), 0)),
               11);
  /* The solve order ("targets before hosts"): follower's copyRotation,
   * authored first, reads fore, whose ik must run before it. The ik
   * constraint declares its target aim and writes the chain's other bone,
   * upper (bones: 2). Strengths as authored. */
  cr_assert_eq(json_array_size(json_object_get(rig, "solveOrder")), 2);
  json_t *first = item(rig, "solveOrder", 0);
  cr_assert_str_eq(text_of(first, "node"), "fore");
  cr_assert_str_eq(text_of(first, "kind"), "ik");
  cr_assert_str_eq(text_of(first, "feature"), "ik");
  cr_assert_str_eq(text_of(first, "list"), "constraints");
  cr_assert_eq(number_of(first, "index"), 0);
  cr_assert_eq(number_of(first, "strength"), 0.5);
  cr_assert_eq(json_array_size(json_object_get(first, "targets")), 1);
  cr_assert_str_eq(
      json_string_value(json_array_get(json_object_get(first, "targets"), 0)),
      "aim");
  cr_assert_eq(json_array_size(json_object_get(first, "writes")), 1);
  cr_assert_str_eq(
      json_string_value(json_array_get(json_object_get(first, "writes"), 0)),
      "upper");
  json_t *second = item(rig, "solveOrder", 1);
  cr_assert_str_eq(text_of(second, "node"), "follower");
  cr_assert_str_eq(text_of(second, "kind"), "copyRotation");
  cr_assert_str_eq(text_of(second, "feature"), "rig");
  cr_assert_eq(number_of(second, "strength"), 0.25);
  cr_assert_str_eq(
      json_string_value(json_array_get(json_object_get(second, "targets"), 0)),
      "fore");
  cr_assert_eq(json_array_size(json_object_get(second, "writes")), 0);
  json_decref(report);
  /* A document without bones or constraints has no rig. */
  report = inspect_json("tests/cli/inspect-bell.ani");
  cr_assert_null(json_object_get(report, "rig"));
  json_decref(report);
}

Test(cli_inspect, rig_text_form) {
  char path[4096];
  cli_source_path(path, sizeof path, "tests/cli/inspect-rig.ani");
  const char *arguments[] = {"inspect", path, NULL};
  cli_run run = cli_run_args(arguments);
  cr_assert_eq(run.status, 0, "%s", run.err);
  cr_expect_not_null(strstr(run.out,
                            "  upper: root in g, length 40, rest at (20, 30) "
                            "rotate 90 scale (1, 1), tip [20,70]\n"),
                     "%s", run.out);
  cr_expect_not_null(strstr(run.out, "  n: nested root on fore in g, length 3"),
                     "%s", run.out);
  cr_expect_not_null(strstr(run.out,
                            "Constraints in solve order (2):\n"
                            "  1. fore.constraints.0: ik (ik), strength 0.5, "
                            "targets aim, writes upper\n"
                            "  2. follower.constraints.0: copyRotation (rig), "
                            "strength 0.25, targets fore, writes none\n"),
                     "%s", run.out);
  cli_run_free(&run);
}

/* Field `index` of definition `def`'s payload. */
static const json_t *payload_field(const json_t *def, size_t index) {
  return item(def, "payload", index);
}

Test(cli_inspect, event_definitions_with_payload_sources_and_requests) {
  /* tests/cli/inspect-events.ani (SPEC ## events): three definitions in
   * document order; "target" is _self when a url omits it and null
   * without a url; no definition has audio, so audio and volume are null
   * (this runtime has no audio assets: an audio reference is
   * event-audio). */
  json_t *report = inspect_json("tests/cli/inspect-events.ani");
  json_t *defs = json_object_get(report, "eventDefs");
  cr_assert_eq(json_array_size(defs), 3);
  const json_t *ding = item(report, "eventDefs", 0);
  cr_expect_str_eq(text_of(ding, "name"), "ding");
  cr_assert_eq(json_array_size(json_object_get(ding, "payload")), 4);
  const json_t *n = payload_field(ding, 0);
  cr_expect_str_eq(text_of(n, "name"), "n");
  cr_expect_str_eq(text_of(n, "type"), "number");
  cr_expect_str_eq(text_of(n, "source"), "input");
  cr_expect_str_eq(text_of(n, "input"), "n");
  const json_t *c = payload_field(ding, 1);
  cr_expect_str_eq(text_of(c, "type"), "color");
  cr_expect_str_eq(text_of(c, "source"), "address");
  cr_expect_str_eq(text_of(c, "address"), "dot.fill.color");
  /* A number "{n * 2}" is a bind expression; a string keeps its braces
   * ("String fields always stay literal, including braces"). */
  const json_t *m = payload_field(ding, 2);
  cr_expect_str_eq(text_of(m, "source"), "expression");
  cr_expect_str_eq(text_of(m, "expression"), "n * 2");
  const json_t *label = payload_field(ding, 3);
  cr_expect_str_eq(text_of(label, "type"), "string");
  cr_expect_str_eq(text_of(label, "source"), "value");
  cr_expect_str_eq(text_of(label, "value"), "{n}");
  cr_expect_str_eq(text_of(ding, "url"), "/next");
  cr_expect_str_eq(text_of(ding, "target"), "_self");
  cr_expect(json_is_null(json_object_get(ding, "audio")));
  cr_expect(json_is_null(json_object_get(ding, "volume")));
  const json_t *away = item(report, "eventDefs", 1);
  cr_expect_str_eq(text_of(away, "name"), "away");
  cr_expect(json_is_null(json_object_get(away, "payload")));
  cr_expect_str_eq(text_of(away, "url"), "https://example.com/x");
  cr_expect_str_eq(text_of(away, "target"), "_blank");
  const json_t *quiet = item(report, "eventDefs", 2);
  cr_expect_str_eq(text_of(quiet, "name"), "quiet");
  cr_expect_eq(json_array_size(json_object_get(quiet, "payload")), 0);
  cr_expect(json_is_array(json_object_get(quiet, "payload")));
  cr_expect(json_is_null(json_object_get(quiet, "url")));
  cr_expect(json_is_null(json_object_get(quiet, "target")));
  cr_expect_null(json_object_get(report, "audioVolumes"));
  json_decref(report);
  /* A document without definitions has no eventDefs. */
  report = inspect_json("tests/cli/inspect-bell.ani");
  cr_expect_null(json_object_get(report, "eventDefs"));
  json_decref(report);
}

Test(cli_inspect, event_definitions_text_form) {
  char path[4096];
  cli_source_path(path, sizeof path, "tests/cli/inspect-events.ani");
  const char *arguments[] = {"inspect", path, NULL};
  cli_run run = cli_run_args(arguments);
  cr_assert_eq(run.status, 0, "%s", run.err);
  cr_expect_not_null(
      strstr(run.out, "Event definitions (3):\n"
                      "  ding: payload {n: number from input n, c: color from "
                      "address dot.fill.color, m: number from expression n * "
                      "2, label: string from value {n}}; url /next (_self)\n"
                      "  away; url https://example.com/x (_blank)\n"
                      "  quiet: payload {}\n"),
      "%s", run.out);
  cli_run_free(&run);
}

/* Transition `index` of state `state` of layer `layer`. */
static const json_t *edge(const json_t *report, size_t layer, size_t state,
                          size_t index) {
  return item(item(item(report, "layers", layer), "states", state),
              "transitions", index);
}

Test(cli_inspect, bindings_guards_and_blends_with_their_text) {
  /* tests/cli/inspect-bind-machine.ani (SPEC ## bind, ## machine): the
   * bind map in document order with its expressions; the listener's set
   * of count is the expression "count + 1" (no value: it is computed each
   * time), level's is the literal 0.5; the typed guard {artboard: width}
   * >= 20 and the change guard as text; the three blend kinds with
   * their sources and exit clocks (the state's play). */
  json_t *report = inspect_json("tests/cli/inspect-bind-machine.ani");
  cr_assert_eq(json_array_size(json_object_get(report, "bindings")), 2);
  cr_expect_str_eq(text_of(item(report, "bindings", 0), "address"),
                   "dot.opacity");
  cr_expect_str_eq(text_of(item(report, "bindings", 0), "expression"),
                   "level * 2");
  cr_expect_str_eq(text_of(item(report, "bindings", 1), "address"), "dot.y");
  cr_expect_str_eq(text_of(item(report, "bindings", 1), "expression"),
                   "mod(count, 5) + 1");
  const json_t *listener = item(report, "listeners", 0);
  const json_t *count = item(listener, "actions", 0);
  cr_expect_str_eq(text_of(count, "input"), "count");
  cr_expect_str_eq(text_of(count, "expression"), "count + 1");
  cr_expect_null(json_object_get(count, "value"));
  const json_t *level = item(listener, "actions", 1);
  cr_expect_eq(number_of(level, "value"), 0.5);
  cr_expect_null(json_object_get(level, "expression"));

  cr_expect_null(json_object_get(edge(report, 0, 0, 0), "guard"));
  cr_expect_str_eq(text_of(edge(report, 0, 0, 1), "guard"),
                   "artboard(width) >= 20");
  cr_expect_str_eq(text_of(edge(report, 0, 0, 2), "change"), "count increased");

  const json_t *direct =
      json_object_get(item(item(report, "layers", 0), "states", 1), "blend");
  cr_expect_str_eq(text_of(direct, "mode"), "direct");
  cr_expect(json_is_null(json_object_get(direct, "axis")));
  cr_expect_str_eq(text_of(direct, "exit"), "b");
  cr_assert_eq(json_array_size(json_object_get(direct, "children")), 3);
  cr_expect_str_eq(text_of(item(direct, "children", 0), "weight"), "level");
  cr_expect_str_eq(text_of(item(direct, "children", 1), "weight"), "0.25");
  cr_expect_str_eq(text_of(item(direct, "children", 2), "weight"), "1");
  const json_t *additive =
      json_object_get(item(item(report, "layers", 0), "states", 2), "blend");
  cr_expect_str_eq(text_of(additive, "exit"), "a");
  cr_expect(
      json_is_null(json_object_get(item(additive, "children", 0), "weight")));
  cr_expect_str_eq(text_of(item(additive, "children", 1), "weight"), "level");
  const json_t *one_d =
      json_object_get(item(item(report, "layers", 1), "states", 0), "blend");
  cr_expect_str_eq(text_of(one_d, "mode"), "1d");
  cr_expect_str_eq(text_of(one_d, "axis"), "level");
  cr_expect_eq(number_of(item(one_d, "children", 1), "at"), 0.5);
  cr_expect(
      json_is_null(json_object_get(item(one_d, "children", 1), "weight")));
  /* A pose state has no blend. */
  cr_expect_null(
      json_object_get(item(item(report, "layers", 0), "states", 0), "blend"));
  json_decref(report);
  /* A document without bindings has no bindings list. */
  report = inspect_json("tests/cli/inspect-bell.ani");
  cr_expect_null(json_object_get(report, "bindings"));
  json_decref(report);
}

Test(cli_inspect, bindings_guards_and_blends_text_form) {
  char path[4096];
  cli_source_path(path, sizeof path, "tests/cli/inspect-bind-machine.ani");
  const char *arguments[] = {"inspect", path, NULL};
  cli_run run = cli_run_args(arguments);
  cr_assert_eq(run.status, 0, "%s", run.err);
  cr_expect_not_null(
      strstr(run.out,
             "    idle: pose {}\n"
             "      when \"count > 0 and mod(count, 5) == 0\" -> mixed\n"
             "      when \"@after(0)\" -> added\n"
             "        guard artboard(width) >= 20\n"
             "      when \"@after(0)\" -> idle\n"
             "        change count increased\n"
             "    mixed: play b\n"
             "      blend direct, exit clock b: a weight level, b weight "
             "0.25, a weight 1\n"
             "    added: play a\n"
             "      blend additive, exit clock a: a baseline, b weight level\n"
             "  axis (initial walk)\n"
             "    walk: play b\n"
             "      blend 1d over level, exit clock b: a at 0, b at 0.5\n"),
      "%s", run.out);
  cr_expect_not_null(strstr(run.out, "  click on the whole icon: set count = "
                                     "count + 1, set level = 0.5, toggle "
                                     "big\n"),
                     "%s", run.out);
  cr_expect_not_null(strstr(run.out, "Bound addresses (2):\n"
                                     "  dot.y = mod(count, 5) + 1\n"
                                     "  dot.opacity = level * 2\n"),
                     "%s", run.out);
  /* The raw fields the text replaces are not printed again. */
  cr_expect_null(strstr(run.out, "mix {"), "%s", run.out);
  cr_expect_null(strstr(run.out, "guard {"), "%s", run.out);
  cli_run_free(&run);
}

Test(cli_inspect, motion_instance_clocks_of_each_timeline) {
  /* tests/cli/inspect-motion.ani (SPEC motion "Explicit runtime
   * instances"): spin's instances play work [0.5, 1.5] at speed -2,
   * quantize 10, pingpong; of its events, out at 0.25 lies outside the work
   * area (never fires); a and a2 (both at 1, authored order) and b at 1.5
   * remain, by time. plain takes the defaults: work [0, duration 1], speed
   * 1, no quantize, once, no events. */
  json_t *report = inspect_json("tests/cli/inspect-motion.ani");
  cr_assert_eq(json_array_size(json_object_get(report, "instances")), 2);
  const json_t *spin = item(report, "instances", 0);
  cr_expect_str_eq(text_of(spin, "timeline"), "spin");
  const json_t *work = json_object_get(spin, "work");
  cr_expect_eq(json_number_value(json_array_get(work, 0)), 0.5);
  cr_expect_eq(json_number_value(json_array_get(work, 1)), 1.5);
  cr_expect_eq(number_of(spin, "speed"), -2);
  cr_expect_eq(number_of(spin, "quantize"), 10);
  cr_expect_str_eq(text_of(spin, "loop"), "pingpong");
  const json_t *events = json_object_get(spin, "events");
  cr_assert_eq(json_array_size(events), 3);
  const char *names[] = {"a", "a2", "b"};
  const double times[] = {1, 1, 1.5};
  for (size_t i = 0; i < 3; i++) {
    cr_expect_str_eq(text_of(json_array_get(events, i), "name"), names[i]);
    cr_expect_eq(number_of(json_array_get(events, i), "time"), times[i]);
  }
  const json_t *plain = item(report, "instances", 1);
  work = json_object_get(plain, "work");
  cr_expect_eq(json_number_value(json_array_get(work, 0)), 0);
  cr_expect_eq(json_number_value(json_array_get(work, 1)), 1);
  cr_expect_eq(number_of(plain, "speed"), 1);
  cr_expect(json_is_null(json_object_get(plain, "quantize")));
  cr_expect_str_eq(text_of(plain, "loop"), "once");
  cr_expect_eq(json_array_size(json_object_get(plain, "events")), 0);
  json_decref(report);
  /* A document without motion has no instances. */
  report = inspect_json("tests/cli/inspect-bell.ani");
  cr_expect_null(json_object_get(report, "instances"));
  json_decref(report);
}

Test(cli_inspect, named_machine_definitions) {
  /* conformance/cases/motion-module-machine-inputs (SPEC motion: named
   * machines "appear as instance/layer in the player's states and
   * inspector"): the machine m has one layer l, named m/l, initial off,
   * with off (pose dot.y 1, go -> on) and on (pose dot.y 2, tap -> off);
   * the default machine's layers stay main only. */
  json_t *report =
      inspect_json("conformance/cases/motion-module-machine-inputs/case.ani");
  cr_assert_eq(json_array_size(json_object_get(report, "layers")), 1);
  cr_expect_str_eq(text_of(item(report, "layers", 0), "name"), "main");
  cr_assert_eq(json_array_size(json_object_get(report, "machines")), 1);
  const json_t *machine = item(report, "machines", 0);
  cr_expect_str_eq(text_of(machine, "name"), "m");
  const json_t *layers = json_object_get(machine, "layers");
  cr_assert_eq(json_array_size(layers), 1);
  const json_t *layer = json_array_get(layers, 0);
  cr_expect_str_eq(text_of(layer, "name"), "m/l");
  cr_expect_str_eq(text_of(layer, "initial"), "off");
  const json_t *states = json_object_get(layer, "states");
  cr_assert_eq(json_array_size(states), 2);
  const json_t *on = json_array_get(states, 1);
  cr_expect_str_eq(text_of(on, "name"), "on");
  const json_t *edge = json_array_get(json_object_get(on, "transitions"), 0);
  cr_expect_str_eq(text_of(edge, "when"), "tap");
  cr_expect_str_eq(text_of(edge, "to"), "off");
  json_decref(report);
  /* A document without named machines has no `machines`. */
  report = inspect_json("tests/cli/inspect-motion.ani");
  cr_expect_null(json_object_get(report, "machines"));
  json_decref(report);
}

Test(cli_inspect, named_machines_text_form_and_help) {
  /* The machine m of conformance/cases/motion-module-machine-inputs (see
   * named_machine_definitions) is listed under its name, its layer m/l two
   * spaces further in, and each state and transition two further than
   * that — the default machine's layout (layer 2, state 4, transition 6
   * spaces) moved in by the machine's own line. Before, m/l was printed at
   * the depth of "m" itself and its states at the layer's depth. */
  char path[4096];
  cli_source_path(path, sizeof path,
                  "conformance/cases/motion-module-machine-inputs/case.ani");
  const char *arguments[] = {"inspect", path, NULL};
  cli_run run = cli_run_args(arguments);
  cr_assert_eq(run.status, 0, "%s", run.err);
  cr_expect_not_null(strstr(run.out, "Machine layers (1):\n"
                                     "  main (initial off)\n"
                                     "    off: pose {\"dot.x\":1}\n"
                                     "      when \"go\" -> on\n"),
                     "%s", run.out);
  cr_expect_not_null(strstr(run.out,
                            "Named machines (motion) (1):\n"
                            "  m (its instance: `machine m ...`), layers:\n"
                            "    m/l (initial off)\n"
                            "      off: pose {\"dot.y\":1}\n"
                            "        when \"go\" -> on\n"
                            "      on: pose {\"dot.y\":2}\n"
                            "        when \"tap\" -> off\n"),
                     "%s", run.out);
  cli_run_free(&run);
  /* --help names what the report lists, named machines included. */
  const char *help[] = {"inspect", "--help", NULL};
  run = cli_run_args(help);
  cr_assert_eq(run.status, 0, "%s", run.err);
  cr_expect_not_null(strstr(run.out, "named machines (motion's `machines`"),
                     "%s", run.out);
  cli_run_free(&run);
}

Test(cli_inspect, motion_instance_clocks_text_form) {
  char path[4096];
  cli_source_path(path, sizeof path, "tests/cli/inspect-motion.ani");
  const char *arguments[] = {"inspect", path, NULL};
  cli_run run = cli_run_args(arguments);
  cr_assert_eq(run.status, 0, "%s", run.err);
  cr_expect_not_null(
      strstr(run.out,
             "Timeline instances (made by a host or the script commands "
             "instance and timeline; 2 timelines):\n"
             "  spin: work 0.5 to 1.5 s, speed -2, quantize 10, pingpong; "
             "events a at 1, a2 at 1, b at 1.5\n"
             "  plain: work 0 to 1 s, speed 1, once\n"),
      "%s", run.out);
  cli_run_free(&run);
}
