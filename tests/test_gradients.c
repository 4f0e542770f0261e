/*
 * test_gradients.c — gradient fills and strokes of the `paint` module
 * (SPEC paint chapter "Gradients", "Angular gradients and affine gradient
 * transforms", "Diagnostics and implementation"): their diagnostics with
 * pointers and hints, their addresses, the paints and stops they lower
 * into the draw frame, and their SVG.
 *
 * Expected values follow the chapter: missing coordinates and stops are
 * missing-key at the paint object with an add-key hint; unsorted stops,
 * incompatible coordinates and a colour with a gradient are bad-value at
 * the offending key; a singular gradientTransform is bad-value at
 * /gradientTransform with an invertibility hint; positions clamp to 0..1
 * and the radius to >= 0 after resolving; an omitted focal coordinate
 * rests at the authored centre.
 */
#include <anima/render.h>

#include "test_paint_fixture.h"

static paint_fixture f;

static void setup(void) {
  f = paint_runtime(true);
}

static void teardown(void) {
  paint_release(&f);
}

TestSuite(gradients, .init = setup, .fini = teardown);

#define RECT "'id': 'r', 'type': 'rect', 'x0': 0, 'y0': 0, 'w': 24, 'h': 24"
#define STOPS                                                                  \
  "'stops': [{'position': 0, 'color': '#ff0000'}, {'position': 1, 'color': "   \
  "'#0000ff'}]"
#define LINEAR "'type': 'linear', 'x1': 0, 'y1': 0, 'x2': 24, 'y2': 0"

static size_t validate_nodes(const char *requires, const char *nodes,
                             const char *tracks, const char *extra) {
  return paint_validate(&f, paint_document(&f, requires, nodes, tracks, extra));
}

static void expect_hint(const anima_diagnostic *d, const char *words) {
  cr_assert(d->hint && strstr(d->hint, words), "hint \"%s\" lacks \"%s\"",
            d->hint ? d->hint : "", words);
}

/* ------------------------------------------------------------------------ */
/* Diagnostics                                                               */
/* ------------------------------------------------------------------------ */

Test(gradients, valid_gradients_of_every_type) {
  cr_assert_eq(validate_nodes("['paint']",
                              "[{" RECT ", 'fill': {" LINEAR ", " STOPS "}, "
                              "'stroke': {'type': 'radial', 'cx': 1, 'cy': 2, "
                              "'r': 3, " STOPS "}}, {'id': 'a', 'type': "
                              "'circle', 'center': [1, 1], 'r': 1, 'fill': "
                              "{'type': 'angular', 'x1': 1, 'y1': 1, 'x2': 2, "
                              "'y2': 1, " STOPS "}}]",
                              NULL, NULL),
               0);
}

Test(gradients, undeclared_feature) {
  /* Without requires: every paint key is undeclared-feature, hint
   * add "paint" to "requires". */
  cr_assert_gt(validate_nodes(NULL,
                              "[{" RECT ", 'fill': {" LINEAR ", " STOPS "}}]",
                              NULL, NULL),
               0);
  const anima_diagnostic *d =
      paint_expect(&f, 0, "undeclared-feature", "/nodes/0/fill/type");
  expect_hint(d, "add \"paint\" to \"requires\"");
}

Test(gradients, missing_coordinate_and_stops) {
  cr_assert_eq(validate_nodes("['paint']",
                              "[{" RECT ", 'fill': {'type': 'linear', 'x1': "
                              "0, 'y1': 0, 'x2': 24, " STOPS "}}]",
                              NULL, NULL),
               1);
  expect_hint(paint_expect(&f, 0, "missing-key", "/nodes/0/fill"),
              "add \"y2\"");
  cr_assert_eq(validate_nodes("['paint']",
                              "[{" RECT ", 'stroke': {'type': 'radial', 'cx': "
                              "0, 'cy': 0, 'r': 2}}]",
                              NULL, NULL),
               1);
  expect_hint(paint_expect(&f, 0, "missing-key", "/nodes/0/stroke"),
              "add \"stops\"");
}

Test(gradients, fewer_than_two_stops) {
  cr_assert_eq(validate_nodes("['paint']",
                              "[{" RECT ", 'fill': {" LINEAR ", 'stops': "
                              "[{'position': 0, 'color': '#ff0000'}]}}]",
                              NULL, NULL),
               1);
  expect_hint(paint_expect(&f, 0, "bad-value", "/nodes/0/fill/stops"),
              "at least two stops");
}

Test(gradients, unsorted_stops_and_repeats) {
  /* 0.5 then 0.2: stop 1 is out of order. Repeated positions (0.5, 0.5)
   * are hard edges, accepted. */
  cr_assert_eq(
      validate_nodes("['paint']",
                     "[{" RECT ", 'fill': {" LINEAR ", 'stops': [{'position': "
                     "0.5, 'color': '#ff0000'}, {'position': 0.2, 'color': "
                     "'#00ff00'}, {'position': 0.9, 'color': '#0000ff'}]}}]",
                     NULL, NULL),
      1);
  expect_hint(
      paint_expect(&f, 0, "bad-value", "/nodes/0/fill/stops/1/position"),
      "order the stops by position");
  cr_assert_eq(
      validate_nodes("['paint']",
                     "[{" RECT ", 'fill': {" LINEAR ", 'stops': [{'position': "
                     "0.5, 'color': '#ff0000'}, {'position': 0.5, 'color': "
                     "'#00ff00'}]}}]",
                     NULL, NULL),
      0);
}

Test(gradients, positions_and_radius_ranges) {
  cr_assert_eq(validate_nodes("['paint']",
                              "[{" RECT ", 'fill': {'type': 'radial', 'cx': "
                              "0, 'cy': 0, 'r': -1, 'stops': [{'position': "
                              "-0.5, 'color': '#ff0000'}, {'position': 1, "
                              "'color': '#00ff00'}]}}]",
                              NULL, NULL),
               2);
  paint_expect(&f, 0, "bad-value", "/nodes/0/fill/r");
  paint_expect(&f, 1, "bad-value", "/nodes/0/fill/stops/0/position");
}

Test(gradients, coordinates_of_another_type) {
  cr_assert_eq(validate_nodes("['paint']",
                              "[{" RECT ", 'fill': {" LINEAR ", 'cx': 3, " STOPS
                              "}}]",
                              NULL, NULL),
               1);
  expect_hint(paint_expect(&f, 0, "bad-value", "/nodes/0/fill/cx"),
              "\"type\": \"radial\"");
}

Test(gradients, colour_with_a_gradient) {
  cr_assert_eq(validate_nodes("['paint']",
                              "[{" RECT ", 'fill': {'color': '#ff0000', " LINEAR
                              ", " STOPS "}}]",
                              NULL, NULL),
               1);
  expect_hint(paint_expect(&f, 0, "bad-value", "/nodes/0/fill/type"),
              "keep one of");
}

Test(gradients, singular_gradient_transform) {
  /* [1, 2, 2, 4, 0, 0]: a·d − b·c = 4 − 4 = 0. */
  cr_assert_eq(
      validate_nodes("['paint']",
                     "[{" RECT ", 'fill': {" LINEAR
                     ", 'gradientTransform': [1, 2, 2, 4, 0, 0], " STOPS "}}]",
                     NULL, NULL),
      1);
  expect_hint(
      paint_expect(&f, 0, "bad-value", "/nodes/0/fill/gradientTransform"),
      "invertible");
  /* Five numbers: the registry's length rule. */
  cr_assert_eq(validate_nodes("['paint']",
                              "[{" RECT ", 'fill': {" LINEAR
                              ", 'gradientTransform': [1, 0, 0, 1, 0], " STOPS
                              "}}]",
                              NULL, NULL),
               1);
  cr_assert_str_eq(anima_diagnostics_get(f.diagnostics, 0)->pointer,
                   "/nodes/0/fill/gradientTransform");
}

/* Findings 3 and 4 of the hostile-input review: [1e308, 0, 0, 1e308, …]
 * was refused as "a·d − b·c = null" (overflow), [1e-300, 0, 0, 1e-300, 0,
 * 0] as "= 0" (underflow), and 1e200 entries rendered "out of memory".
 * Entries lie within ±1000000 (bad-value at the entry); the determinant
 * is compared scaled, and the message says its true size. */
Test(gradients, transform_entries_and_determinant_at_any_scale) {
  cr_assert_eq(validate_nodes("['paint']",
                              "[{" RECT ", 'fill': {" LINEAR
                              ", 'gradientTransform': [1e308, 0, 0, 1e308, "
                              "1e308, 1e308], " STOPS "}}]",
                              NULL, NULL),
               4);
  for (size_t i = 0; i < 4; i++) {
    static const char *const entries[] = {"0", "3", "4", "5"};
    char pointer[64];
    snprintf(pointer, sizeof pointer, "/nodes/0/fill/gradientTransform/%s",
             entries[i]);
    const anima_diagnostic *d = paint_expect(&f, i, "bad-value", pointer);
    cr_assert(strstr(d->message, "1e+308") && !strstr(d->message, "null"), "%s",
              d->message);
  }
  cr_assert_eq(validate_nodes("['paint']",
                              "[{" RECT ", 'fill': {" LINEAR
                              ", 'gradientTransform': [1e200, 1e200, -1e200, "
                              "1e200, 0, 0], " STOPS "}}]",
                              NULL, NULL),
               4);
  /* 1e-300 on the diagonal: a·d − b·c = 1e-600, below 1e-12, said so. */
  cr_assert_eq(validate_nodes("['paint']",
                              "[{" RECT ", 'fill': {" LINEAR
                              ", 'gradientTransform': [1e-300, 0, 0, 1e-300, "
                              "0, 0], " STOPS "}}]",
                              NULL, NULL),
               1);
  const anima_diagnostic *d =
      paint_expect(&f, 0, "bad-value", "/nodes/0/fill/gradientTransform");
  cr_assert(strstr(d->message, "= 1e-600)"), "%s", d->message);
  /* [1e6, 0, 0, 2e-18] and [1e-6, 0, 0, 2e-6]: 2e-12, allowed (the
   * least is 1e-12); [1e-6, 0, 0, 5e-7]: 5e-13, refused. */
  cr_assert_eq(validate_nodes("['paint']",
                              "[{" RECT ", 'fill': {" LINEAR
                              ", 'gradientTransform': [1000000, 0, 0, 2e-18, "
                              "-1000000, 1000000], " STOPS "}}]",
                              NULL, NULL),
               0);
  cr_assert_eq(validate_nodes("['paint']",
                              "[{" RECT ", 'fill': {" LINEAR
                              ", 'gradientTransform': [1e-6, 0, 0, 2e-6, "
                              "0, 0], " STOPS "}}]",
                              NULL, NULL),
               0);
  cr_assert_eq(validate_nodes("['paint']",
                              "[{" RECT ", 'fill': {" LINEAR
                              ", 'gradientTransform': [1e-6, 0, 0, 5e-7, "
                              "0, 0], " STOPS "}}]",
                              NULL, NULL),
               1);
  d = paint_expect(&f, 0, "bad-value", "/nodes/0/fill/gradientTransform");
  cr_assert(strstr(d->message, "= 5e-13)"), "%s", d->message);
}

Test(gradients, transform_on_a_solid_paint) {
  /* Non-gradient paints reject the field. */
  cr_assert_eq(validate_nodes("['paint']",
                              "[{" RECT ", 'fill': {'color': '#ff0000', "
                              "'gradientTransform': [1, 0, 0, 1, 0, 0]}}]",
                              NULL, NULL),
               1);
  paint_expect(&f, 0, "bad-value", "/nodes/0/fill/gradientTransform");
}

Test(gradients, stop_colours) {
  cr_assert_eq(validate_nodes("['paint']",
                              "[{" RECT ", 'fill': {" LINEAR ", 'stops': "
                              "[{'position': 0, 'color': 'nope'}, "
                              "{'position': 1, 'color': '#zz'}]}}]",
                              NULL, NULL),
               2);
  paint_expect(&f, 0, "unknown-color-slot", "/nodes/0/fill/stops/0/color");
  paint_expect(&f, 1, "bad-color", "/nodes/0/fill/stops/1/color");
}

Test(gradients, animated_slot_stop) {
  /* A stop colour a track writes must be a hex literal (§6). */
  cr_assert_eq(validate_nodes("['paint']",
                              "[{" RECT ", 'fill': {" LINEAR ", 'stops': "
                              "[{'position': 0, 'color': 'accent'}, "
                              "{'position': 1, 'color': '#0000ff'}]}}]",
                              "{'r.fill.stops.0.color': [[0, '#000000'], [1, "
                              "'#ffffff']]}",
                              ", 'colors': {'accent': '#00ff00'}"),
               1);
  paint_expect(&f, 0, "color-slot-animated", "/nodes/0/fill/stops/0/color");
}

Test(gradients, addresses) {
  /* Existing indices only, no leading zeros, coordinates of the authored
   * type; an omitted focal coordinate may be animated; type is static. */
  cr_assert_eq(validate_nodes("['paint']",
                              "[{" RECT ", 'fill': {'type': 'radial', 'cx': "
                              "1, 'cy': 2, 'r': 3, " STOPS "}}]",
                              "{'r.fill.fx': [[0, 1], [1, 2]], "
                              "'r.fill.stops.1.position': [[0, 1], [1, 0.5]], "
                              "'r.fill.stops.2.color': [[0, '#000000']], "
                              "'r.fill.stops.01.position': [[0, 0]], "
                              "'r.fill.x1': [[0, 0]], 'r.fill.type': [[0, 0]]}",
                              NULL),
               4);
  const char *tracks = "/timelines/t/tracks/";
  char pointer[128];
  snprintf(pointer, sizeof pointer, "%sr.fill.stops.2.color", tracks);
  expect_hint(paint_expect(&f, 0, "unknown-address", pointer), "from 0 to 1");
  snprintf(pointer, sizeof pointer, "%sr.fill.stops.01.position", tracks);
  paint_expect(&f, 1, "unknown-address", pointer);
  snprintf(pointer, sizeof pointer, "%sr.fill.x1", tracks);
  paint_expect(&f, 2, "unknown-address", pointer);
  snprintf(pointer, sizeof pointer, "%sr.fill.type", tracks);
  paint_expect(&f, 3, "not-animatable", pointer);
}

/* ------------------------------------------------------------------------ */
/* The draw frame                                                            */
/* ------------------------------------------------------------------------ */

/* The paint of node `node`'s layer `layer`. */
static const anima_draw_paint *layer_paint(size_t node, size_t layer) {
  const anima_draw_shape *shape = paint_shape(&f, node);
  cr_assert_lt(layer, shape->layer_count);
  return &f.frame->paints[f.frame->layers[shape->first_layer + layer].paint];
}

static const anima_draw_stop *stop(const anima_draw_paint *paint,
                                   size_t index) {
  cr_assert_lt(index, paint->stop_count);
  return &f.frame->stops[paint->first_stop + index];
}

static void expect_color(anima_color actual, anima_color expected) {
  cr_expect(actual.r == expected.r && actual.g == expected.g &&
                actual.b == expected.b && actual.a == expected.a,
            "(%d, %d, %d, %d) != (%d, %d, %d, %d)", actual.r, actual.g,
            actual.b, actual.a, expected.r, expected.g, expected.b, expected.a);
}

Test(gradients, linear_paint_and_stops) {
  paint_load(&f, paint_document(&f, "['paint']",
                                "[{" RECT ", 'fill': {'type': 'linear', 'x1': "
                                "1, 'y1': 2, 'x2': 3, 'y2': 4, "
                                "'gradientTransform': [2, 0, 0, 3, 5, 6], "
                                "'stops': [{'position': 0.25, 'color': "
                                "'#ff000080'}, {'position': 0.75, 'color': "
                                "'#00f'}]}}]",
                                NULL, NULL));
  paint_step(&f, 0);
  const anima_draw_paint *paint = layer_paint(0, 0);
  cr_assert_eq(paint->kind, ANIMA_PAINT_LINEAR);
  cr_assert_eq(paint->x1, 1);
  cr_assert_eq(paint->y1, 2);
  cr_assert_eq(paint->x2, 3);
  cr_assert_eq(paint->y2, 4);
  cr_assert_eq(paint->transform.a, 2);
  cr_assert_eq(paint->transform.d, 3);
  cr_assert_eq(paint->transform.e, 5);
  cr_assert_eq(paint->transform.f, 6);
  cr_assert_eq(paint->stop_count, 2);
  cr_assert_eq(stop(paint, 0)->position, 0.25);
  /* hex alpha: #ff000080 is alpha 0x80 = 128; #00f is #0000ff */
  expect_color(stop(paint, 0)->color.color, (anima_color){255, 0, 0, 128});
  expect_color(stop(paint, 1)->color.color, (anima_color){0, 0, 255, 255});
  cr_assert_str_eq(paint->pointer, "/nodes/0/fill");
}

Test(gradients, clamped_positions_and_radius) {
  /* Keys may leave the ranges; resolved values clamp: position 1 → 1.5
   * over one second is 1.25 at 0.5 s, clamped to 1; r 4 → −4 is 0 at
   * 0.5 s and −2 at 0.75 s, clamped to 0. */
  paint_load(&f, paint_document(&f, "['paint']",
                                "[{" RECT ", 'fill': {'type': 'radial', 'cx': "
                                "12, 'cy': 12, 'r': 4, " STOPS "}}]",
                                "{'r.fill.stops.1.position': [[0, 1], [1, "
                                "1.5]], 'r.fill.r': [[0, 4], [1, -4]]}",
                                NULL));
  paint_step(&f, 0.75);
  const anima_draw_paint *paint = layer_paint(0, 0);
  cr_assert_eq(paint->kind, ANIMA_PAINT_RADIAL);
  cr_assert_eq(stop(paint, 1)->position, 1);
  cr_assert_eq(paint->r, 0);
}

Test(gradients, focal_point_defaults) {
  /* fx, fy omitted and not animated: the resolved centre, which moves:
   * cx 10 → 20 over one second is 15 at 0.5 s, so fx = 15, fy = cy = 8. */
  paint_load(&f, paint_document(&f, "['paint']",
                                "[{" RECT ", 'fill': {'type': 'radial', 'cx': "
                                "10, 'cy': 8, 'r': 4, " STOPS "}}]",
                                "{'r.fill.cx': [[0, 10], [1, 20]]}", NULL));
  paint_step(&f, 0.5);
  const anima_draw_paint *paint = layer_paint(0, 0);
  cr_assert_eq(paint->cx, 15);
  cr_assert_eq(paint->fx, 15);
  cr_assert_eq(paint->fy, 8);
  /* fx animated by a timeline no state plays: it rests at the authored
   * centre, 10, while cx moves to 15 (and fy, not animated, follows). */
  paint_load(&f,
             paint_quote(&f, "{'anima': '0.1', 'name': 'focal', 'grid': 24, "
                             "'viewBox': [0, 0, 24, 24], 'requires': "
                             "['paint'], 'nodes': [{" RECT ", 'fill': {'type': "
                             "'radial', 'cx': 10, 'cy': 8, 'r': 4, " STOPS
                             "}}], 'timelines': {'t': {'duration': 1, "
                             "'tracks': {'r.fill.cx': [[0, 10], [1, 20]]}}, "
                             "'u': {'duration': 1, 'tracks': {'r.fill.fx': "
                             "[[0, 0], [1, 5]]}}}, 'machine': {'layers': "
                             "{'l': {'initial': 's', 'states': {'s': "
                             "{'play': 't'}}}}}}"));
  paint_step(&f, 0.5);
  paint = layer_paint(0, 0);
  cr_assert_eq(paint->cx, 15);
  cr_assert_eq(paint->fx, 10);
  cr_assert_eq(paint->fy, 8);
}

/* ------------------------------------------------------------------------ */
/* SVG                                                                       */
/* ------------------------------------------------------------------------ */

/* The static (or live) SVG of the loaded player, with ids prefixed by
 * `prefix` (may be NULL); free() it. */
static char *svg_of(bool live, const char *prefix) {
  anima_renderer *renderer = NULL;
  cr_assert_eq(anima_renderer_create(f.model, &renderer), ANIMA_OK);
  anima_render_options options = {.svg_mode =
                                      live ? ANIMA_SVG_LIVE : ANIMA_SVG_STATIC,
                                  .id_prefix = prefix};
  char *text = NULL;
  cr_assert_eq(anima_render_svg(renderer, f.player, &options, &text, NULL),
               ANIMA_OK);
  anima_renderer_destroy(renderer);
  return text;
}

static void expect_text(const char *svg, const char *part) {
  cr_expect(strstr(svg, part) != NULL, "the SVG lacks %s:\n%s", part, svg);
}

Test(gradients, svg_defs) {
  /* A def per node and paint, userSpaceOnUse, referenced by url(#...);
   * radial writes its (defaulted) focal point; a stroke gets its own def. */
  paint_load(&f, paint_document(&f, "['paint']",
                                "[{" RECT ", 'fill': {" LINEAR ", " STOPS
                                "}, 'stroke': {'type': 'radial', 'cx': 5, "
                                "'cy': 6, 'r': 7, 'width': 2, " STOPS "}}]",
                                NULL, NULL));
  paint_step(&f, 0);
  char *svg = svg_of(false, "icon1-");
  expect_text(svg, "<linearGradient id=\"icon1-r.paint0\" "
                   "gradientUnits=\"userSpaceOnUse\" x1=\"0\" y1=\"0\" "
                   "x2=\"24\" y2=\"0\">");
  expect_text(svg, "<radialGradient id=\"icon1-r.paint1\" "
                   "gradientUnits=\"userSpaceOnUse\" cx=\"5\" cy=\"6\" "
                   "r=\"7\" fx=\"5\" fy=\"6\">");
  expect_text(svg, "fill=\"url(#icon1-r.paint0)\"");
  expect_text(svg, "stroke=\"url(#icon1-r.paint1)\"");
  expect_text(svg, "<stop offset=\"0\" stop-color=\"#ff0000\"/>");
  free(svg);
}

Test(gradients, svg_transform_and_alpha) {
  paint_load(&f, paint_document(&f, "['paint']",
                                "[{" RECT ", 'fill': {" LINEAR
                                ", 'gradientTransform': [0, 1, -1, 0, 24, 0], "
                                "'stops': [{'position': 0, 'color': "
                                "'#ff000080'}, {'position': 1, 'color': "
                                "'#0000ff'}]}}]",
                                NULL, NULL));
  paint_step(&f, 0);
  char *svg = svg_of(false, NULL);
  expect_text(svg, "gradientTransform=\"matrix(0 1 -1 0 24 0)\"");
  /* alpha 128 / 255 = 0.50196 (five decimals) */
  expect_text(svg, "stop-color=\"#ff0000\" stop-opacity=\"0.50196\"");
  free(svg);
}

Test(gradients, svg_crossing_stops) {
  /* Stop 1 animates 0.8 → 0.2 past stop 0 at 0.5: at 1 s it is 0.2 in the
   * frame (independently clamped) and written at max(0.5, 0.2) = 0.5. */
  paint_load(&f, paint_document(&f, "['paint']",
                                "[{" RECT ", 'fill': {" LINEAR ", 'stops': "
                                "[{'position': 0.5, 'color': '#ff0000'}, "
                                "{'position': 0.8, 'color': '#0000ff'}]}}]",
                                "{'r.fill.stops.1.position': [[0, 0.8], [1, "
                                "0.2]]}",
                                NULL));
  paint_step(&f, 1);
  cr_assert_float_eq(stop(layer_paint(0, 0), 1)->position, 0.2, 1e-12);
  char *svg = svg_of(false, NULL);
  expect_text(svg, "<stop offset=\"0.5\" stop-color=\"#0000ff\"/>");
  free(svg);
}

Test(gradients, svg_live_slot_stop) {
  /* A static slot stop stays themeable in live SVG. */
  paint_load(&f, paint_document(&f, "['paint']",
                                "[{" RECT ", 'fill': {" LINEAR ", 'stops': "
                                "[{'position': 0, 'color': 'accent'}, "
                                "{'position': 1, 'color': 'currentColor'}]}}]",
                                NULL, ", 'colors': {'accent': '#00ff00'}"));
  paint_step(&f, 0);
  char *svg = svg_of(true, NULL);
  expect_text(svg, "style=\"stop-color: var(--anima-accent, #00ff00)\"");
  expect_text(svg, "style=\"stop-color: currentColor\"");
  free(svg);
  const anima_draw_paint *paint = layer_paint(0, 0);
  cr_assert_eq(stop(paint, 0)->color.source, ANIMA_COLOR_SOURCE_SLOT);
  cr_assert_eq(stop(paint, 1)->color.source, ANIMA_COLOR_SOURCE_CURRENT);
}

Test(gradients, svg_refuses_angular) {
  /* unsupported-render at the paint's /type, with a canvas hint; cairo
   * draws it (DECISIONS 18). */
  paint_load(&f, paint_document(&f, "['paint']",
                                "[{" RECT ", 'fill': {'type': 'angular', "
                                "'x1': 12, 'y1': 12, 'x2': 24, 'y2': 12, " STOPS
                                "}}]",
                                NULL, NULL));
  paint_step(&f, 0);
  cr_assert_eq(layer_paint(0, 0)->kind, ANIMA_PAINT_CONIC);
  anima_renderer *renderer = NULL;
  cr_assert_eq(anima_renderer_create(f.model, &renderer), ANIMA_OK);
  char *text = NULL;
  cr_assert_eq(anima_render_svg(renderer, f.player, NULL, &text, NULL),
               ANIMA_ERROR_UNSUPPORTED);
  cr_assert_null(text);
  anima_diagnostics_clear(f.diagnostics);
  cr_assert_eq(anima_renderer_check(renderer, anima_svg_caps(), f.diagnostics),
               ANIMA_ERROR_UNSUPPORTED);
  expect_hint(paint_expect(&f, 0, "unsupported-render", "/nodes/0/fill/type"),
              "canvas");
  anima_diagnostics_clear(f.diagnostics);
  cr_assert_eq(
      anima_renderer_check(renderer, anima_cairo_caps(), f.diagnostics),
      ANIMA_OK);
  anima_renderer_destroy(renderer);
}
