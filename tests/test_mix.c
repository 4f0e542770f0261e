/*
 * test_mix.c — the `mix` module's node compositor (SPEC mix, "Additive
 * blend and strength"): the fields and their diagnostics, the draw frame's
 * group blend and strength, cairo pixels of additive blending derived by
 * hand from the chapter's formula, and the SVG backend's refusal.
 *
 * Additive, premultiplied, per component including alpha, clamped:
 *   R = S + D·(1 − Sa·(1 − a))
 * with node opacity o scaling S and Sa first. Every probe below is on an
 * opaque backdrop D (so the result's alpha clamps to 1) and a source
 * colour C of alpha 1: S = o·C, Sa = o.
 */
#include <unistd.h>

#include <anima/render.h>
#include <anima/render_cairo.h>

#include "test_chromium.h"
#include "test_composite_fixture.h"

static paint_fixture f;

static void setup(void) {
  f = composite_runtime();
  paint_load_module(&f, "mix");
}

static void teardown(void) {
  paint_release(&f);
}

TestSuite(mix, .init = setup, .fini = teardown);

#define BACKDROP                                                               \
  "{'id': 'd', 'type': 'rect', 'x0': 0, 'y0': 0, 'w': 24, 'h': 24, "           \
  "'fill': {'color': '#336699'}}"

static size_t check(const char *requires, const char *nodes) {
  return paint_validate(&f, paint_document(&f, requires, nodes, NULL, NULL));
}

Test(mix, fields_validate) {
  cr_assert_eq(check("['mix']", "[" BACKDROP ", {'id': 's', 'type': 'rect', "
                                "'x0': 6, 'y0': 6, 'w': 12, 'h': 12, 'fill': "
                                "{'color': '#808080'}, 'mix': {'mode': "
                                "'additive', 'strength': 0.5}}, {'id': 'g', "
                                "'type': 'group', 'mix': {'mode': "
                                "'soft-light'}, 'children': []}]"),
               0, "%s", anima_diagnostics_get(f.diagnostics, 0)->message);
}

Test(mix, mode_strength_and_feature) {
  /* mode is required and names a composite mode or additive */
  check("['mix']", "[{'id': 's', 'type': 'rect', 'x0': 0, 'y0': 0, 'w': 1, "
                   "'h': 1, 'fill': {'color': '#000'}, 'mix': {'strength': "
                   "0.5}}]");
  paint_expect(&f, 0, "missing-key", "/nodes/0/mix");
  check("['mix']", "[{'id': 's', 'type': 'rect', 'x0': 0, 'y0': 0, 'w': 1, "
                   "'h': 1, 'fill': {'color': '#000'}, 'mix': {'mode': "
                   "'plus'}}]");
  paint_expect(&f, 0, "bad-value", "/nodes/0/mix/mode");
  /* strength is in 0..1 */
  check("['mix']", "[{'id': 's', 'type': 'rect', 'x0': 0, 'y0': 0, 'w': 1, "
                   "'h': 1, 'fill': {'color': '#000'}, 'mix': {'mode': "
                   "'additive', 'strength': 1.5}}]");
  paint_expect(&f, 0, "bad-value", "/nodes/0/mix/strength");
  /* undeclared */
  check(NULL, "[{'id': 's', 'type': 'rect', 'x0': 0, 'y0': 0, 'w': 1, 'h': "
              "1, 'fill': {'color': '#000'}, 'mix': {'mode': 'additive'}}]");
  paint_expect(&f, 0, "undeclared-feature", "/nodes/0/mix");
}

Test(mix, mix_and_blend_conflict) {
  cr_assert_eq(check("['mix', 'composite']",
                     "[{'id': 's', 'type': 'rect', 'x0': 0, 'y0': 0, 'w': 1, "
                     "'h': 1, 'fill': {'color': '#000'}, 'blend': 'multiply', "
                     "'mix': {'mode': 'additive'}}]"),
               1);
  composite_expect_hint(paint_expect(&f, 0, "paint-conflict", "/nodes/0/mix"),
                        "choose one");
}

/* Loads `nodes` requiring mix, with `tracks`, stepped to `time`. */
static void load(const char *nodes, const char *tracks, double time) {
  paint_load(&f, paint_document(&f, "['mix']", nodes, tracks, NULL));
  paint_step(&f, 0);
  if (time > 0) {
    paint_step(&f, time);
  }
}

static const anima_draw_group *group_of(size_t node) {
  const anima_draw_item *item =
      composite_item(&f, node, ANIMA_DRAW_GROUP_BEGIN);
  cr_assert_not_null(item, "node %zu has no group", node);
  return &f.frame->groups[item->payload];
}

Test(mix, the_frame_carries_mode_and_strength) {
  /* strength animates 0 → 1 over 1 s: 0.25 at 0.25 s */
  load("[" BACKDROP ", {'id': 's', 'type': 'rect', 'x0': 6, 'y0': 6, 'w': "
       "12, 'h': 12, 'fill': {'color': '#808080'}, 'mix': {'mode': "
       "'additive', 'strength': 0}}, {'id': 'm', 'type': 'rect', 'x0': 0, "
       "'y0': 0, 'w': 1, 'h': 1, 'fill': {'color': '#000'}, 'mix': {'mode': "
       "'multiply'}}]",
       "{'s.mix.strength': [[0, 0], [1, 1]]}", 0.25);
  cr_assert_eq(group_of(1)->blend, ANIMA_BLEND_ADDITIVE);
  cr_assert_float_eq(group_of(1)->strength, 0.25, 1e-9);
  cr_assert_eq(group_of(2)->blend, ANIMA_BLEND_MULTIPLY);
  anima_value value;
  cr_assert_eq(anima_player_read(f.player, "s.mix.strength", &value), ANIMA_OK);
  cr_assert_float_eq(value.as.number, 0.25, 1e-9);
}

typedef struct additive_case {
  const char *name;
  double opacity, strength;
  anima_color expected; /* at (12, 12), inside the source */
} additive_case;

/*
 * D = #336699 = (51, 102, 153); C = #808080 = 128 per channel.
 * o 1, a 1: S + D = (179, 230, 281 → 255).
 * o 1, a 0.5: S + D·(1 − 0.5) = 128 + (25.5, 51, 76.5) = (153.5, 179,
 *   204.5) (±2 for 8-bit rounding of the two terms).
 * o 1, a 0: S + D·0 = 128: source-over of an opaque source.
 * o 0.5, a 1: S = 64 (0.5·128), + D = (115, 166, 217).
 * o 0.5, a 0.5: S + D·(1 − 0.5·0.5) = 64 + 0.75·D = (102.25, 140.5,
 *   178.75).
 * o 0.5, a 0: S + D·(1 − 0.5) = source-over at opacity 0.5: (89.5, 115,
 *   140.5).
 */
static const additive_case additive_cases[] = {
    {"full", 1, 1, {179, 230, 255, 255}},
    {"half-strength", 1, 0.5, {154, 179, 205, 255}},
    {"zero-strength", 1, 0, {128, 128, 128, 255}},
    {"half-opacity", 0.5, 1, {115, 166, 217, 255}},
    {"half-both", 0.5, 0.5, {102, 141, 179, 255}},
    {"half-opacity-zero-strength", 0.5, 0, {90, 115, 141, 255}},
};

static anima_color cairo_pixel(anima_renderer *renderer, int x, int y) {
  char path[] = "/tmp/anima-mix-png-XXXXXX";
  int descriptor = mkstemp(path);
  cr_assert(descriptor >= 0);
  close(descriptor);
  anima_render_options options = {.width = 240,
                                  .height = 240,
                                  .has_background = true,
                                  .background = {255, 255, 255, 255}};
  cr_assert_eq(anima_render_png(renderer, f.player, &options, path), ANIMA_OK);
  cairo_surface_t *image = test_read_png(path);
  unlink(path);
  anima_color color;
  cr_assert_eq(anima_cairo_probe(image, x, y, &color), ANIMA_OK);
  cairo_surface_destroy(image);
  return color;
}

Test(mix, cairo_draws_additive_with_strength) {
  for (size_t i = 0; i < sizeof additive_cases / sizeof additive_cases[0];
       i++) {
    const additive_case *c = &additive_cases[i];
    char nodes[1024];
    snprintf(nodes, sizeof nodes,
             "[" BACKDROP ", {'id': 's', 'type': 'rect', 'x0': 6, 'y0': 6, "
             "'w': 12, 'h': 12, 'opacity': %g, 'fill': {'color': '#808080'}, "
             "'mix': {'mode': 'additive', 'strength': %g}}]",
             c->opacity, c->strength);
    load(nodes, NULL, 0);
    anima_renderer *renderer = NULL;
    cr_assert_eq(anima_renderer_create(f.model, &renderer), ANIMA_OK);
    anima_color inside = cairo_pixel(renderer, 120, 120);
    anima_color outside = cairo_pixel(renderer, 30, 30);
    anima_renderer_destroy(renderer);
    cr_expect(abs(inside.r - c->expected.r) <= 2 &&
                  abs(inside.g - c->expected.g) <= 2 &&
                  abs(inside.b - c->expected.b) <= 2 && inside.a == 255,
              "%s: (%d, %d, %d, %d), expected (%d, %d, %d)", c->name, inside.r,
              inside.g, inside.b, inside.a, c->expected.r, c->expected.g,
              c->expected.b);
    /* outside the source: the backdrop */
    cr_expect(abs(outside.r - 51) <= 1 && abs(outside.g - 102) <= 1 &&
                  abs(outside.b - 153) <= 1,
              "%s outside: (%d, %d, %d)", c->name, outside.r, outside.g,
              outside.b);
  }
}

Test(mix, svg_refuses_additive_with_a_canvas_hint) {
  load("[" BACKDROP ", {'id': 's', 'type': 'rect', 'x0': 6, 'y0': 6, 'w': "
       "12, 'h': 12, 'fill': {'color': '#808080'}, 'mix': {'mode': "
       "'additive'}}]",
       NULL, 0);
  anima_renderer *renderer = NULL;
  cr_assert_eq(anima_renderer_create(f.model, &renderer), ANIMA_OK);
  char *text = NULL;
  cr_assert_eq(anima_render_svg(renderer, f.player, NULL, &text, NULL),
               ANIMA_ERROR_UNSUPPORTED);
  cr_assert_null(text);
  anima_diagnostics_clear(f.diagnostics);
  cr_assert_eq(anima_renderer_check(renderer, anima_svg_caps(), f.diagnostics),
               ANIMA_ERROR_UNSUPPORTED);
  const anima_diagnostic *d = anima_diagnostics_get(f.diagnostics, 0);
  cr_assert_not_null(d);
  cr_assert_str_eq(d->code, "unsupported-render");
  cr_assert(strstr(d->message, "additive"), "%s", d->message);
  composite_expect_hint(d, "canvas");
  /* the raster backend draws it */
  cr_assert_eq(anima_renderer_check(renderer, anima_cairo_caps(), NULL),
               ANIMA_OK);
  anima_renderer_destroy(renderer);
}

Test(mix, other_modes_are_the_composite_blends_and_svg_writes_them) {
  /* multiply through mix: #669933 over #33cc99 as in the composite render
   * probes: (20, 122, 31); SVG writes mix-blend-mode. Strength does not
   * change it. */
  load("[{'id': 'd', 'type': 'rect', 'x0': 0, 'y0': 0, 'w': 24, 'h': 24, "
       "'fill': {'color': '#33cc99'}}, {'id': 's', 'type': 'rect', 'x0': 6, "
       "'y0': 6, 'w': 12, 'h': 12, 'fill': {'color': '#669933'}, 'mix': "
       "{'mode': 'multiply', 'strength': 0.25}}]",
       NULL, 0);
  anima_renderer *renderer = NULL;
  cr_assert_eq(anima_renderer_create(f.model, &renderer), ANIMA_OK);
  anima_color inside = cairo_pixel(renderer, 120, 120);
  cr_expect(abs(inside.r - 20) <= 2 && abs(inside.g - 122) <= 2 &&
                abs(inside.b - 31) <= 2,
            "(%d, %d, %d)", inside.r, inside.g, inside.b);
  char *text = NULL;
  cr_assert_eq(anima_render_svg(renderer, f.player, NULL, &text, NULL),
               ANIMA_OK);
  cr_expect(strstr(text, "mix-blend-mode:multiply"), "%s", text);
  free(text);
  anima_renderer_destroy(renderer);
}
