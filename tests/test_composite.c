/*
 * test_composite.c — the `composite` module's document rules (SPEC
 * composite, "Compositing diagnostics" and the fields of each section):
 * every diagnostic with its pointer and hint, the registry's own checks of
 * the new fields, and undeclared use.
 */
#include "test_composite_fixture.h"

static paint_fixture f;

static void setup(void) {
  f = composite_runtime();
}

static void teardown(void) {
  paint_release(&f);
}

TestSuite(composite, .init = setup, .fini = teardown);

#define RED_RECT(id)                                                           \
  "{'id': '" id "', 'type': 'rect', 'x0': 0, 'y0': 0, "                        \
  "'w': 12, 'h': 12, 'fill': {'color': '#ff0000'}"
#define DOT(id)                                                                \
  "{'id': '" id "', 'type': 'circle', 'center': [12, 12], "                    \
  "'r': 4, 'fill': {'color': '#0000ff'}"

static size_t check(const char *nodes) {
  return paint_validate(&f,
                        paint_document(&f, "['composite']", nodes, NULL, NULL));
}

Test(composite, every_field_validates) {
  cr_assert_eq(
      check("[" RED_RECT(
          "a") ", 'blend': 'color-dodge', "
               "'mask': {'source': 'm', 'mode': 'inverted-luminance', "
               "'sourceDraws': false}, 'clip': {'source': 'd', 'rule': "
               "'evenodd'}, 'drawOrder': {'target': 'd', 'position': "
               "'after', 'active': false}}, " DOT(
                   "d") "}, {'id': 'm', "
                        "'type': 'circle', 'center': [12, 12], 'r': 4, "
                        "'paints': [{'fill': {'color': '#00ff00', 'visible': "
                        "false}}, {'stroke': {'color': '#000000', 'width': "
                        "2}}]}, "
                        "{'id': 's', 'type': 'circle', 'center': [4, 4], 'r': "
                        "2, "
                        "'fill': {'color': '#000', 'visible': true}, 'stroke': "
                        "{'color': '#fff', 'position': 'inside', 'visible': "
                        "false}}]"),
      0, "%s", anima_diagnostics_get(f.diagnostics, 0)->message);
}

Test(composite, undeclared_feature_at_each_key) {
  const char *json = paint_document(
      &f, NULL,
      "[" RED_RECT(
          "a") ", 'blend': 'multiply', 'clip': {'source': 'b'}}, "
               "{'id': 'b', 'type': 'rect', 'x0': 0, 'y0': 0, 'w': 1, 'h': 1, "
               "'paints': [{'fill': {'color': '#000'}}]}]",
      NULL, NULL);
  paint_validate(&f, json);
  const anima_diagnostic *d =
      paint_expect(&f, 0, "undeclared-feature", "/nodes/0/blend");
  composite_expect_hint(d, "add \"composite\" to \"requires\"");
  paint_expect(&f, 1, "undeclared-feature", "/nodes/0/clip");
  paint_expect(&f, 2, "undeclared-feature", "/nodes/1/paints");
}

Test(composite, blend_names_the_sixteen_modes) {
  /* "plus-lighter" (additive) is deferred: not one of the options */
  cr_assert_eq(check("[" RED_RECT("a") ", 'blend': 'plus-lighter'}]"), 1);
  paint_expect(&f, 0, "bad-value", "/nodes/0/blend");
  cr_assert_eq(check("[" RED_RECT("a") ", 'blend': 'softlight'}]"), 1);
  composite_expect_hint(paint_expect(&f, 0, "bad-value", "/nodes/0/blend"),
                        "soft-light");
  static const char *const modes[] = {
      "normal",     "multiply",   "screen",      "overlay",
      "darken",     "lighten",    "color-dodge", "color-burn",
      "hard-light", "soft-light", "difference",  "exclusion",
      "hue",        "saturation", "color",       "luminosity"};
  for (size_t i = 0; i < 16; i++) {
    char nodes[512];
    snprintf(nodes, sizeof nodes, "[" RED_RECT("a") ", 'blend': '%s'}]",
             modes[i]);
    cr_assert_eq(check(nodes), 0, "%s", modes[i]);
  }
}

Test(composite, mask_members_are_required) {
  cr_assert_eq(
      check("[" RED_RECT("a") ", 'mask': {'source': 'b'}}, " DOT("b") "}]"), 2);
  paint_expect(&f, 0, "missing-key", "/nodes/0/mask");
  paint_expect(&f, 1, "missing-key", "/nodes/0/mask");
  cr_assert_eq(check("[" RED_RECT("a") ", 'mask': {'source': 'b', 'mode': "
                                       "'invert', 'sourceDraws': true}}, " DOT(
                                           "b") "}]"),
               1);
  paint_expect(&f, 0, "bad-value", "/nodes/0/mask/mode");
}

Test(composite, unknown_sources_and_targets) {
  cr_assert_eq(
      check("[" RED_RECT(
          "a") ", 'mask': {'source': 'dott', 'mode': "
               "'alpha', 'sourceDraws': true}, 'clip': {'source': "
               "'nothing'}, 'drawOrder': {'target': 'dot', 'position': "
               "'before'}}, " DOT("dot") "}]"),
      2);
  const anima_diagnostic *d =
      paint_expect(&f, 0, "unknown-source", "/nodes/0/mask/source");
  composite_expect_hint(d, "did you mean \"dot\"?");
  cr_assert(strstr(d->message, "\"dott\""));
  paint_expect(&f, 1, "unknown-source", "/nodes/0/clip/source");
  cr_assert_eq(check("[" RED_RECT("a") ", 'drawOrder': {'target': 'zzzzzz', "
                                       "'position': 'after'}}]"),
               1);
  composite_expect_hint(
      paint_expect(&f, 0, "unknown-source", "/nodes/0/drawOrder/target"),
      "name the id of a node");
}

Test(composite, self_references_point_at_the_object) {
  cr_assert_eq(
      check("[" RED_RECT(
          "a") ", 'mask': {'source': 'a', 'mode': "
               "'alpha', 'sourceDraws': true}, 'clip': {'source': 'a'}, "
               "'drawOrder': {'target': 'a', 'position': 'after'}}]"),
      3);
  composite_expect_hint(paint_expect(&f, 0, "self-reference", "/nodes/0/mask"),
                        "another node");
  paint_expect(&f, 1, "self-reference", "/nodes/0/clip");
  paint_expect(&f, 2, "self-reference", "/nodes/0/drawOrder");
}

Test(composite, mask_source_inside_the_target) {
  cr_assert_eq(check("[{'id': 'g', 'type': 'group', 'mask': {'source': 'c', "
                     "'mode': 'alpha', 'sourceDraws': true}, 'children': "
                     "[" DOT("c") "}]}]"),
               1);
  const anima_diagnostic *d =
      paint_expect(&f, 0, "self-reference", "/nodes/0/mask");
  cr_assert(strstr(d->message, "inside"), "%s", d->message);
  composite_expect_hint(d, "outside \"g\"");
}

Test(composite, cycles) {
  /* the mask source contains the masked node */
  cr_assert_eq(check("[{'id': 'g', 'type': 'group', 'children': [" DOT(
                   "c") ", 'mask': {'source': 'g', 'mode': 'alpha', "
                        "'sourceDraws': true}}]}]"),
               1);
  paint_expect(&f, 0, "reference-cycle", "/nodes/0/children/0/mask");
  /* two masks naming each other: one report, at the first */
  cr_assert_eq(
      check("[" DOT(
          "a") ", 'mask': {'source': 'b', 'mode': "
               "'alpha', 'sourceDraws': true}}, " DOT(
                   "b") ", 'mask': "
                        "{'source': 'a', 'mode': 'luminance', 'sourceDraws': "
                        "true}}]"),
      1);
  paint_expect(&f, 0, "reference-cycle", "/nodes/0/mask");
  /* a mask whose source's child is masked by the first node */
  cr_assert_eq(
      check("[" DOT(
          "a") ", 'mask': {'source': 'g', 'mode': "
               "'alpha', 'sourceDraws': true}}, {'id': 'g', 'type': "
               "'group', 'children': [" DOT(
                   "c") ", 'mask': {'source': "
                        "'a', 'mode': 'alpha', 'sourceDraws': true}}]}]"),
      1);
  paint_expect(&f, 0, "reference-cycle", "/nodes/0/mask");
  /* drawOrder targets leading back */
  cr_assert_eq(
      check("[" DOT(
          "a") ", 'drawOrder': {'target': 'b', "
               "'position': 'after'}}, " DOT(
                   "b") ", 'drawOrder': "
                        "{'target': 'c', 'position': 'after'}}, " DOT(
                            "c") ", 'drawOrder': {'target': 'a', 'position': "
                                 "'before'}}]"),
      1);
  composite_expect_hint(
      paint_expect(&f, 0, "reference-cycle", "/nodes/0/drawOrder"),
      "remove one");
  /* a chain that ends is no cycle, and clips take part in none */
  cr_assert_eq(
      check("[" DOT(
          "a") ", 'drawOrder': {'target': 'b', "
               "'position': 'after'}, 'clip': {'source': 'b'}}, " DOT(
                   "b") ", 'drawOrder': {'target': 'c', 'position': 'after'}, "
                        "'clip': {'source': 'a'}}, " DOT("c") "}]"),
      0);
}

Test(composite, clip_source_must_be_painted) {
  cr_assert_eq(check("[" RED_RECT(
                   "a") ", 'clip': {'source': 'g'}}, {'id': "
                        "'g', 'type': 'group', 'children': [" DOT("c") "}]}]"),
               1);
  const anima_diagnostic *d =
      paint_expect(&f, 0, "clip-source-not-painted", "/nodes/0/clip/source");
  composite_expect_hint(d, "painted node");
  /* a group takes a clip, even from its own child */
  cr_assert_eq(check("[{'id': 'g', 'type': 'group', 'clip': {'source': 'c'}, "
                     "'children': [" DOT("c") "}, " RED_RECT("r") "}]}]"),
               0);
  cr_assert_eq(check("[" RED_RECT("a") ", 'clip': {'source': 'b', 'rule': "
                                       "'oddeven'}}, " DOT("b") "}]"),
               1);
  paint_expect(&f, 0, "bad-value", "/nodes/0/clip/rule");
}

Test(composite, draw_targets_are_siblings_without_knockouts) {
  cr_assert_eq(check("[" RED_RECT(
                   "a") ", 'drawOrder': {'target': 'c', "
                        "'position': 'after'}}, {'id': 'g', 'type': 'group', "
                        "'children': [" DOT("c") "}]}]"),
               1);
  composite_expect_hint(
      paint_expect(&f, 0, "bad-draw-target", "/nodes/0/drawOrder/target"),
      "same children list");
  cr_assert_eq(
      check("[" RED_RECT("a") ", 'drawOrder': {'target': 'b', "
                              "'position': 'after'}}, " DOT("b") "}, " DOT(
                                  "k") ", 'knockout': 1}]"),
      1);
  const anima_diagnostic *d =
      paint_expect(&f, 0, "bad-draw-target", "/nodes/0/drawOrder");
  cr_assert(strstr(d->message, "\"k\""), "%s", d->message);
  composite_expect_hint(d, "group of their own");
  cr_assert_eq(check("[" RED_RECT("a") ", 'drawOrder': {'target': 'b'}}, " DOT(
                   "b") "}]"),
               1);
  paint_expect(&f, 0, "missing-key", "/nodes/0/drawOrder");
}

Test(composite, paint_conflicts) {
  cr_assert_eq(check("[" RED_RECT("a") ", 'paints': [{'fill': {'color': "
                                       "'#000'}}]}]"),
               1);
  const anima_diagnostic *d =
      paint_expect(&f, 0, "paint-conflict", "/nodes/0/paints");
  composite_expect_hint(d, "move the fill into \"paints\"");
  /* both in one entry: the later key */
  cr_assert_eq(check("[{'id': 'a', 'type': 'circle', 'center': [1, 1], 'r': "
                     "1, 'paints': [{'fill': {'color': '#000'}, 'stroke': "
                     "{'color': '#000'}}]}]"),
               1);
  paint_expect(&f, 0, "paint-conflict", "/nodes/0/paints/0/stroke");
  /* neither */
  cr_assert_eq(check("[{'id': 'a', 'type': 'circle', 'center': [1, 1], 'r': "
                     "1, 'paints': [{}]}]"),
               1);
  paint_expect(&f, 0, "missing-key", "/nodes/0/paints/0");
  /* placed strokes among ordered paints */
  cr_assert_eq(check("[{'id': 'a', 'type': 'circle', 'center': [1, 1], 'r': "
                     "1, 'paints': [{'stroke': {'color': '#000', 'position': "
                     "'outside'}}, {'stroke': {'color': '#fff', 'position': "
                     "'center'}}]}]"),
               1);
  composite_expect_hint(paint_expect(&f, 0, "paint-conflict",
                                     "/nodes/0/paints/0/stroke/position"),
                        "remove \"position\"");
  /* an empty array draws nothing (no-paint) and is refused */
  cr_assert_eq(check("[{'id': 'a', 'type': 'circle', 'center': [1, 1], 'r': "
                     "1, 'paints': []}]"),
               2);
  paint_expect(&f, 0, "no-paint", "/nodes/0");
  paint_expect(&f, 1, "bad-value", "/nodes/0/paints");
}

Test(composite, core_paint_rules_apply_to_entries) {
  cr_assert_eq(check("[{'id': 'a', 'type': 'arc', 'center': [1, 1], 'r': 1, "
                     "'from': 0, 'to': 90, 'paints': [{'stroke': {'color': "
                     "'#000'}}, {'fill': {'color': '#000'}}]}]"),
               1);
  paint_expect(&f, 0, "arc-fill", "/nodes/0/paints/1/fill");
  cr_assert_eq(check("[{'id': 'p', 'type': 'path', 'd': 'M0 0L1 1M2 2L3 3', "
                     "'paints': [{'stroke': {'color': '#000', 'trimEnd': "
                     "0.5}}]}]"),
               1);
  paint_expect(&f, 0, "trim-multi-subpath", "/nodes/0/paints/0/stroke/trimEnd");
  /* a node with ordered paints paints: no no-paint warning */
  cr_assert_eq(check("[{'id': 'a', 'type': 'circle', 'center': [1, 1], 'r': "
                     "1, 'paints': [{'fill': {'color': '#000'}}]}]"),
               0);
}

Test(composite, stroke_position_and_visible_fields) {
  cr_assert_eq(check("[" DOT("a") ", 'stroke': {'color': '#000', 'position': "
                                  "'middle'}}]"),
               1);
  composite_expect_hint(
      paint_expect(&f, 0, "bad-value", "/nodes/0/stroke/position"), "center");
  cr_assert_eq(check("[{'id': 'a', 'type': 'circle', 'center': [1, 1], 'r': "
                     "1, 'fill': {'color': '#000', 'visible': 'no'}}]"),
               1);
  paint_expect(&f, 0, "type", "/nodes/0/fill/visible");
}

Test(composite, paint_addresses) {
  /* Indices must exist; the array's structure is static; visible is hold
   * only; position, blend and drawOrder.target are not animatable. */
  const char *nodes =
      "[{'id': 'a', 'type': 'circle', 'center': [12, 12], 'r': 4, 'paints': "
      "[{'fill': {'color': '#000'}}, {'stroke': {'color': '#fff', 'width': "
      "1}}], 'drawOrder': {'target': 'b', 'position': 'after'}}, " DOT(
          "b") "}]";
  cr_assert_eq(
      paint_validate(&f, paint_document(&f, "['composite']", nodes,
                                        "{'a.paints.1.stroke.width': [[0, 1], "
                                        "[1, 3]], 'a.paints.0.fill.visible': "
                                        "[[0, true], [0.5, false]], "
                                        "'a.drawOrder.active': [[0, true], "
                                        "[0.5, false]], 'b.fill.visible': [[0, "
                                        "false]]}",
                                        NULL)),
      0, "%s", anima_diagnostics_get(f.diagnostics, 0)->message);
  paint_validate(&f, paint_document(&f, "['composite']", nodes,
                                    "{'a.paints.2.fill.color': [[0, '#000'], "
                                    "[1, '#fff']]}",
                                    NULL));
  paint_expect(&f, 0, "unknown-address",
               "/timelines/t/tracks/a.paints.2.fill.color");
  paint_validate(&f, paint_document(&f, "['composite']", nodes,
                                    "{'a.paints.0.stroke.width': [[0, 1], [1, "
                                    "2]]}",
                                    NULL));
  paint_expect(&f, 0, "unknown-address",
               "/timelines/t/tracks/a.paints.0.stroke.width");
  paint_validate(&f, paint_document(&f, "['composite']", nodes,
                                    "{'a.paints.0.fill.visible': [[0, true, "
                                    "'linear'], [1, false]]}",
                                    NULL));
  cr_assert_gt(anima_diagnostics_count(f.diagnostics), 0);
}
