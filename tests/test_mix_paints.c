/*
 * test_mix_paints.c — the `mix` module's per-paint blend override (SPEC
 * mix, "Per-paint blend override"): the fields `blend` (static, default
 * inherit, any node mix mode) and `blendAmount` (0..1, default 1,
 * animatable) on fill and stroke objects and on ordered paints; how they
 * lower into the draw frame (the node's compositor moves to each paint:
 * inherit takes it, a mode replaces it; a node without overrides keeps its
 * group compositor exactly); the `unsupported-render` pointers of what
 * SVG refuses (the paint's /blend, the node's /mix); the addresses and
 * snapshots of every animatable mix field.
 */
#include <anima/render.h>

#include "test_allocations.h"
#include "test_cli_support.h"
#include "test_composite_fixture.h"

static paint_fixture f;

static void setup(void) {
  f = composite_runtime();
  paint_load_module(&f, "mix");
}

static void teardown(void) {
  paint_release(&f);
}

TestSuite(mix_paints, .init = setup, .fini = teardown);

#define BACKDROP                                                               \
  "{'id': 'd', 'type': 'rect', 'x0': 0, 'y0': 0, 'w': 24, 'h': 24, "           \
  "'fill': {'color': '#336699'}}"

static size_t check(const char *requires, const char *nodes) {
  return paint_validate(&f, paint_document(&f, requires, nodes, NULL, NULL));
}

static void load(const char *requires, const char *nodes, const char *tracks,
                 double time) {
  paint_load(&f, paint_document(&f, requires, nodes, tracks, NULL));
  paint_step(&f, 0);
  if (time > 0) {
    paint_step(&f, time);
  }
}

/* Layer `index` of node `node`'s SHAPE. */
static const anima_draw_layer *layer_of(size_t node, size_t index) {
  const anima_draw_item *item = composite_item(&f, node, ANIMA_DRAW_SHAPE);
  cr_assert_not_null(item, "node %zu has no shape", node);
  const anima_draw_shape *shape = &f.frame->shapes[item->payload];
  cr_assert_lt(index, shape->layer_count);
  return &f.frame->layers[shape->first_layer + index];
}

/* The blend of node `node`'s group (its wrapper), NORMAL without one. */
static anima_blend_mode group_blend(size_t node) {
  const anima_draw_item *item =
      composite_item(&f, node, ANIMA_DRAW_GROUP_BEGIN);
  return item ? f.frame->groups[item->payload].blend : ANIMA_BLEND_NORMAL;
}

Test(mix_paints, fields_validate_and_diagnose) {
  cr_assert_eq(check("['mix']",
                     "[" BACKDROP ", {'id': 's', 'type': 'rect', 'x0': 6, "
                     "'y0': 6, 'w': 12, 'h': 12, 'fill': {'color': '#808080', "
                     "'blend': 'additive', 'blendAmount': 0.5}, 'stroke': "
                     "{'color': '#000', 'blend': 'inherit', 'blendAmount': "
                     "0}}]"),
               0, "%s", anima_diagnostics_get(f.diagnostics, 0)->message);
  /* a mode not in the list */
  check("['mix']", "[{'id': 's', 'type': 'rect', 'x0': 0, 'y0': 0, 'w': 1, "
                   "'h': 1, 'fill': {'color': '#000', 'blend': 'plus'}}]");
  paint_expect(&f, 0, "bad-value", "/nodes/0/fill/blend");
  /* blendAmount is in 0..1 */
  check("['mix']",
        "[{'id': 's', 'type': 'rect', 'x0': 0, 'y0': 0, 'w': 1, "
        "'h': 1, 'stroke': {'color': '#000', 'blendAmount': -0.5}}]");
  paint_expect(&f, 0, "bad-value", "/nodes/0/stroke/blendAmount");
  /* undeclared: the member that needs mix */
  check(NULL, "[{'id': 's', 'type': 'rect', 'x0': 0, 'y0': 0, 'w': 1, 'h': "
              "1, 'fill': {'color': '#000', 'blend': 'multiply'}}]");
  paint_expect(&f, 0, "undeclared-feature", "/nodes/0/fill/blend");
  /* blend is static: a track naming it is not-animatable */
  paint_validate(
      &f,
      paint_document(&f, "['mix']",
                     "[{'id': 's', 'type': 'rect', 'x0': 0, 'y0': 0, 'w': "
                     "1, 'h': 1, 'fill': {'color': '#000', 'blend': "
                     "'multiply'}}]",
                     "{'s.fill.blend': [[0, 'normal'], [1, 'screen']]}", NULL));
  paint_expect(&f, 0, "not-animatable", "/timelines/t/tracks/s.fill.blend");
}

Test(mix_paints, an_override_moves_the_node_compositor_to_each_paint) {
  /* node mix multiply; the stroke overrides with screen: the fill inherits
   * multiply, the stroke screens, the group is normal. */
  load("['mix']",
       "[" BACKDROP ", {'id': 's', 'type': 'rect', 'x0': 6, 'y0': 6, 'w': "
       "12, 'h': 12, 'mix': {'mode': 'multiply'}, 'fill': {'color': "
       "'#808080'}, 'stroke': {'color': '#000', 'width': 2, 'blend': "
       "'screen'}}]",
       NULL, 0);
  cr_assert_eq(group_blend(1), ANIMA_BLEND_NORMAL);
  cr_assert_eq(layer_of(1, 0)->blend, ANIMA_BLEND_MULTIPLY);
  cr_assert_str_eq(layer_of(1, 0)->blend_pointer, "/nodes/1/mix");
  cr_assert_eq(layer_of(1, 1)->blend, ANIMA_BLEND_SCREEN);
  cr_assert_str_eq(layer_of(1, 1)->blend_pointer, "/nodes/1/stroke/blend");
  /* an explicit normal is an override too: the fill keeps additive, the
   * stroke draws normally */
  load("['mix']",
       "[" BACKDROP ", {'id': 's', 'type': 'rect', 'x0': 6, 'y0': 6, 'w': "
       "12, 'h': 12, 'mix': {'mode': 'additive', 'strength': 0.25}, 'fill': "
       "{'color': '#808080'}, 'stroke': {'color': '#000', 'blend': "
       "'normal'}}]",
       NULL, 0);
  cr_assert_eq(group_blend(1), ANIMA_BLEND_NORMAL);
  cr_assert_eq(layer_of(1, 0)->blend, ANIMA_BLEND_ADDITIVE);
  /* inherited additive: the node's strength, as the fill gives none */
  cr_assert_float_eq(layer_of(1, 0)->blend_amount, 0.25, 1e-9);
  cr_assert_eq(layer_of(1, 1)->blend, ANIMA_BLEND_NORMAL);
}

Test(mix_paints, without_overrides_the_group_compositor_stays) {
  /* inherit everywhere (and an amount on an inherit paint): the node's
   * group keeps mix exactly; the layers are normal. */
  load("['mix']",
       "[" BACKDROP ", {'id': 's', 'type': 'rect', 'x0': 6, 'y0': 6, 'w': "
       "12, 'h': 12, 'mix': {'mode': 'additive', 'strength': 0.5}, 'fill': "
       "{'color': '#808080', 'blend': 'inherit', 'blendAmount': 0.1}}]",
       NULL, 0);
  cr_assert_eq(group_blend(1), ANIMA_BLEND_ADDITIVE);
  const anima_draw_item *item = composite_item(&f, 1, ANIMA_DRAW_GROUP_BEGIN);
  cr_assert_float_eq(f.frame->groups[item->payload].strength, 0.5, 1e-9);
  cr_assert_eq(layer_of(1, 0)->blend, ANIMA_BLEND_NORMAL);
}

Test(mix_paints, composite_blend_moves_too_and_ordered_paints_blend) {
  /* composite's blend is the node compositor when there is no mix */
  load("['mix', 'composite']",
       "[" BACKDROP ", {'id': 's', 'type': 'rect', 'x0': 6, 'y0': 6, 'w': "
       "12, 'h': 12, 'blend': 'screen', 'fill': {'color': '#808080'}, "
       "'stroke': {'color': '#000', 'blend': 'multiply'}}]",
       NULL, 0);
  cr_assert_eq(group_blend(1), ANIMA_BLEND_NORMAL);
  cr_assert_eq(layer_of(1, 0)->blend, ANIMA_BLEND_SCREEN);
  cr_assert_str_eq(layer_of(1, 0)->blend_pointer, "/nodes/1/blend");
  cr_assert_eq(layer_of(1, 1)->blend, ANIMA_BLEND_MULTIPLY);
  /* ordered paints: entry by entry, with their own amounts */
  load("['mix', 'composite']",
       "[" BACKDROP ", {'id': 's', 'type': 'rect', 'x0': 6, 'y0': 6, 'w': "
       "12, 'h': 12, 'paints': [{'fill': {'color': '#808080'}}, {'fill': "
       "{'color': '#ff0000', 'blend': 'additive', 'blendAmount': 0.75}}, "
       "{'stroke': {'color': '#000', 'blend': 'hue'}}]}]",
       "{'s.paints.1.fill.blendAmount': [[0, 0.75], [1, 0.25]]}", 0.5);
  cr_assert_eq(layer_of(1, 0)->blend, ANIMA_BLEND_NORMAL);
  cr_assert_eq(layer_of(1, 1)->blend, ANIMA_BLEND_ADDITIVE);
  /* 0.75 → 0.25 over 1 s: 0.5 at 0.5 s */
  cr_assert_float_eq(layer_of(1, 1)->blend_amount, 0.5, 1e-9);
  cr_assert_str_eq(layer_of(1, 1)->blend_pointer,
                   "/nodes/1/paints/1/fill/blend");
  cr_assert_eq(layer_of(1, 2)->blend, ANIMA_BLEND_HUE);
}

Test(mix_paints, every_animatable_field_has_an_address) {
  /* mix.strength, fill.blendAmount, stroke.blendAmount and an entry's,
   * each keyed 0 → 1 over one second: 0.25 at 0.25 s, read back and in
   * the frame. */
  load("['mix', 'composite']",
       "[{'id': 'n', 'type': 'rect', 'x0': 0, 'y0': 0, 'w': 4, 'h': 4, "
       "'mix': {'mode': 'additive'}, 'fill': {'color': '#000', 'blend': "
       "'additive'}, 'stroke': {'color': '#000', 'blend': 'additive'}}, "
       "{'id': 'p', 'type': 'rect', 'x0': 0, 'y0': 0, 'w': 4, 'h': 4, "
       "'paints': [{'stroke': {'color': '#000', 'blend': 'additive'}}]}]",
       "{'n.mix.strength': [[0, 0], [1, 1]], 'n.fill.blendAmount': [[0, 0], "
       "[1, 1]], 'n.stroke.blendAmount': [[0, 0], [1, 1]], "
       "'p.paints.0.stroke.blendAmount': [[0, 0], [1, 1]]}",
       0.25);
  static const char *const addresses[] = {
      "n.mix.strength", "n.fill.blendAmount", "n.stroke.blendAmount",
      "p.paints.0.stroke.blendAmount"};
  for (size_t i = 0; i < 4; i++) {
    anima_value value;
    cr_assert_eq(anima_player_read(f.player, addresses[i], &value), ANIMA_OK,
                 "%s", addresses[i]);
    cr_assert_float_eq(value.as.number, 0.25, 1e-9, "%s", addresses[i]);
  }
  cr_assert_float_eq(layer_of(0, 0)->blend_amount, 0.25, 1e-9);
  cr_assert_float_eq(layer_of(0, 1)->blend_amount, 0.25, 1e-9);
  cr_assert_float_eq(layer_of(1, 0)->blend_amount, 0.25, 1e-9);
  /* an address the node does not have */
  anima_value value;
  cr_assert_neq(anima_player_read(f.player, "p.fill.blendAmount", &value),
                ANIMA_OK);
}

Test(mix_paints, stepping_and_drawing_allocate_nothing) {
  /* Animated layer amounts and a node strength, resolved every build. */
  allocations_install();
  load("['mix', 'composite']",
       "[{'id': 'n', 'type': 'rect', 'x0': 0, 'y0': 0, 'w': 4, 'h': 4, "
       "'mix': {'mode': 'additive'}, 'fill': {'color': '#000'}, 'stroke': "
       "{'color': '#000', 'blend': 'multiply'}}, {'id': 'p', 'type': 'rect', "
       "'x0': 0, 'y0': 0, 'w': 4, 'h': 4, 'mix': {'mode': 'additive'}, "
       "'paints': [{'stroke': {'color': '#000', 'blend': 'additive'}}]}]",
       "{'n.mix.strength': [[0, 0], [1, 1]], 'p.mix.strength': [[0, 0], [1, "
       "1]], 'p.paints.0.stroke.blendAmount': [[0, 0], [1, 1]]}",
       0);
  anima_step_result result;
  allocations_begin();
  for (int i = 0; i < 30; i++) {
    anima_player_step(f.player, 1.0 / 30, &result);
    anima_draw_frame_build(f.frame, f.player);
  }
  long made = allocations_end();
  cr_assert_eq(made, 0, "%ld allocations", made);
  /* 30 steps of 1/30 s: 1 s, the keys' end */
  cr_assert_float_eq(layer_of(0, 0)->blend_amount, 1, 1e-9);
  cr_assert_float_eq(layer_of(1, 0)->blend_amount, 1, 1e-9);
}

static char *scratch_file(const char *name, const char *text) {
  static char directory[64];
  if (!directory[0]) {
    snprintf(directory, sizeof directory, "/tmp/anima-mix-XXXXXX");
    cr_assert_not_null(mkdtemp(directory));
  }
  char *path = malloc(256);
  snprintf(path, 256, "%s/%s", directory, name);
  FILE *file = fopen(path, "w");
  cr_assert_not_null(file);
  fputs(text, file);
  fclose(file);
  return path;
}

Test(mix_paints, snapshots_hold_every_animated_mix_field) {
  /* keyed 0 → 1 over one second: 0.5 at 0.5 s, in the default snapshot
   * and for expect */
  char *document = scratch_file(
      "mix.ani",
      paint_document(&f, "['mix']",
                     "[{'id': 'n', 'type': 'rect', 'x0': 0, 'y0': 0, 'w': 4, "
                     "'h': 4, 'mix': {'mode': 'additive'}, 'fill': {'color': "
                     "'#000', 'blend': 'additive'}, 'stroke': {'color': "
                     "'#000', 'blend': 'additive'}}]",
                     "{'n.mix.strength': [[0, 0], [1, 1]], "
                     "'n.fill.blendAmount': [[0, 0], [1, 1]], "
                     "'n.stroke.blendAmount': [[0, 0], [1, 1]]}",
                     NULL));
  char *script = scratch_file("script.txt", "advance 0.5\nsnapshot\nexpect "
                                            "n.stroke.blendAmount == 0.5\n");
  const char *arguments[] = {"sample", document, script, NULL};
  cli_run run = cli_run_args(arguments);
  cr_assert_eq(run.status, 0, "%s", run.err);
  cr_assert_str_eq(run.out, "{\"time\": 0.5, \"values\": "
                            "{\"n.mix.strength\": 0.5, "
                            "\"n.fill.blendAmount\": 0.5, "
                            "\"n.stroke.blendAmount\": 0.5}, \"states\": "
                            "{\"l\": \"s\"}, \"events\": [], \"settled\": "
                            "false}\n");
  cli_run_free(&run);
  free(document);
  free(script);
}

/* The SVG refusal of the loaded document: its one diagnostic's pointer. */
static void expect_svg_refusal(const char *pointer) {
  anima_renderer *renderer = NULL;
  cr_assert_eq(anima_renderer_create(f.model, &renderer), ANIMA_OK);
  char *text = NULL;
  cr_assert_eq(anima_render_svg(renderer, f.player, NULL, &text, NULL),
               ANIMA_ERROR_UNSUPPORTED);
  cr_assert_null(text);
  anima_diagnostics_clear(f.diagnostics);
  cr_assert_eq(anima_renderer_check(renderer, anima_svg_caps(), f.diagnostics),
               ANIMA_ERROR_UNSUPPORTED);
  cr_assert_eq(anima_diagnostics_count(f.diagnostics), 1);
  const anima_diagnostic *d = anima_diagnostics_get(f.diagnostics, 0);
  cr_assert_str_eq(d->code, "unsupported-render");
  cr_assert_str_eq(d->pointer, pointer);
  cr_assert(strstr(d->message, "additive"), "%s", d->message);
  composite_expect_hint(d, "canvas");
  cr_assert_eq(anima_renderer_check(renderer, anima_cairo_caps(), NULL),
               ANIMA_OK);
  anima_renderer_destroy(renderer);
}

Test(mix_paints, svg_refuses_additive_at_the_member_that_asked) {
  /* a node compositor: at /mix, not at the node (a group and a shape) */
  load("['mix']",
       "[" BACKDROP ", {'id': 's', 'type': 'rect', 'x0': 6, 'y0': 6, 'w': "
       "12, 'h': 12, 'fill': {'color': '#808080'}, 'mix': {'mode': "
       "'additive'}}]",
       NULL, 0);
  expect_svg_refusal("/nodes/1/mix");
  load("['mix']",
       "[" BACKDROP ", {'id': 'g', 'type': 'group', 'mix': {'mode': "
       "'additive'}, 'children': [{'id': 's', 'type': 'rect', 'x0': 6, "
       "'y0': 6, 'w': 12, 'h': 12, 'fill': {'color': '#808080'}}]}]",
       NULL, 0);
  expect_svg_refusal("/nodes/1/mix");
  /* an additive paint: at its /blend */
  load("['mix']",
       "[" BACKDROP ", {'id': 's', 'type': 'rect', 'x0': 6, 'y0': 6, 'w': "
       "12, 'h': 12, 'fill': {'color': '#808080', 'blend': 'additive'}}]",
       NULL, 0);
  expect_svg_refusal("/nodes/1/fill/blend");
  /* an inherited additive compositor: at the node's /mix */
  load("['mix']",
       "[" BACKDROP ", {'id': 's', 'type': 'rect', 'x0': 6, 'y0': 6, 'w': "
       "12, 'h': 12, 'mix': {'mode': 'additive'}, 'fill': {'color': "
       "'#808080'}, 'stroke': {'color': '#000', 'blend': 'multiply'}}]",
       NULL, 0);
  expect_svg_refusal("/nodes/1/mix");
}

Test(mix_paints, svg_writes_paint_blend_groups_in_world_space) {
  /* A transformed group around a node with a multiply fill: each paint is
   * its own blend group around an inner group with the world matrix, and
   * no ancestor carries a transform (SPEC mix: "documents with paint
   * overrides move node transforms into these inner world-space groups").
   * The group g: x 2 (translate 2, 0); the rect's world is translate(2, 0).
   */
  load("['mix']",
       "[" BACKDROP ", {'id': 'g', 'type': 'group', 'x': 2, 'children': "
       "[{'id': 's', 'type': 'rect', 'x0': 6, 'y0': 6, 'w': 12, 'h': 12, "
       "'fill': {'color': '#808080', 'blend': 'multiply'}, 'stroke': "
       "{'color': '#000', 'width': 2}}]}]",
       NULL, 0);
  anima_renderer *renderer = NULL;
  cr_assert_eq(anima_renderer_create(f.model, &renderer), ANIMA_OK);
  char *text = NULL;
  cr_assert_eq(anima_render_svg(renderer, f.player, NULL, &text, NULL),
               ANIMA_OK);
  cr_expect(strstr(text, "<g style=\"mix-blend-mode:multiply\"><g "
                         "transform=\"matrix(1 0 0 1 2 0)\"><path"),
            "%s", text);
  /* the normal stroke: its inner group only */
  cr_expect(strstr(text, "\n<g transform=\"matrix(1 0 0 1 2 0)\"><path"), "%s",
            text);
  cr_expect(strstr(text, "<g id=\"g\">"), "the group has no transform: %s",
            text);
  free(text);
  anima_renderer_destroy(renderer);
}
