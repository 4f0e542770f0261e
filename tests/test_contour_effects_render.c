/*
 * test_contour_effects_render.c — render probes of contour strokes with
 * `stroke.trim` and `stroke.effects` (SPEC contour chapter, "Sequential
 * and synchronized trim; ordered/shared effects": "Geometry is compiled
 * into resolved per-paint paths; neither backend uses its own dash/trim
 * approximation"): the cairo backend's PNG read back, and headless
 * Chromium's picture of the SVG backend's output, probed at grid points
 * whose colours are derived by hand below. Strokes are red, 2 wide with
 * butt caps, so a probe on the centre line of a kept piece, at least 0.2
 * from its ends, is red, and one 1.2 or more beyond an end is white.
 *
 * Geometry as tests/test_paint_render.c: the viewBox 0 0 24 24 at
 * 240 × 240 pixels on white; a probe at (x, y) reads pixel (⌊10x⌋, ⌊10y⌋),
 * and every probe square lies at least 0.1 units from any edge.
 */
#include <cairo.h>
#include <stdlib.h>
#include <unistd.h>

#include <anima/render.h>
#include <anima/render_cairo.h>

#include "test_chromium.h"
#include "test_paint_fixture.h"

static paint_fixture f;

static void setup(void) {
  f = (paint_fixture){0};
  f.runtime = anima_runtime_create();
  f.diagnostics = anima_diagnostics_create();
  paint_load_module(&f, "contour");
}

static void teardown(void) {
  paint_release(&f);
}

TestSuite(contour_effects_render, .init = setup, .fini = teardown);

static const anima_color white = {255, 255, 255, 255};
static const anima_color red = {255, 0, 0, 255};

typedef struct picture {
  cairo_surface_t *cairo, *chromium;
} picture;

/* The loaded document drawn by both backends after a step of 0. */
static picture render_loaded(void) {
  paint_step(&f, 0);
  anima_renderer *renderer = NULL;
  cr_assert_eq(anima_renderer_create(f.model, &renderer), ANIMA_OK);
  char path[] = "/tmp/anima-test-effects-XXXXXX";
  int descriptor = mkstemp(path);
  cr_assert(descriptor >= 0);
  close(descriptor);
  anima_render_options options = {
      .width = 240, .height = 240, .has_background = true, .background = white};
  cr_assert_eq(anima_render_png(renderer, f.player, &options, path), ANIMA_OK);
  picture image = {.cairo = test_read_png(path)};
  unlink(path);
  anima_render_options svg_options = {.width = 240, .height = 240};
  char *svg = NULL;
  cr_assert_eq(anima_render_svg(renderer, f.player, &svg_options, &svg, NULL),
               ANIMA_OK);
  image.chromium = test_chromium_shot(svg, 240);
  free(svg);
  anima_renderer_destroy(renderer);
  return image;
}

static picture render(const char *nodes) {
  paint_load(&f, paint_document(&f, "['contour']", nodes, NULL, NULL));
  return render_loaded();
}

static void picture_destroy(picture image) {
  cairo_surface_destroy(image.cairo);
  if (image.chromium) {
    cairo_surface_destroy(image.chromium);
  }
}

static bool near(anima_color a, anima_color b, int tolerance) {
  return abs(a.r - b.r) <= tolerance && abs(a.g - b.g) <= tolerance &&
         abs(a.b - b.b) <= tolerance && abs(a.a - b.a) <= tolerance;
}

static void expect_probe(picture image, double x, double y,
                         anima_color expected, const char *what) {
  anima_color actual;
  int px = (int)(x * 10), py = (int)(y * 10);
  cr_assert_eq(anima_cairo_probe(image.cairo, px, py, &actual), ANIMA_OK);
  cr_expect(near(actual, expected, 0), "%s at (%g, %g): #%02x%02x%02x%02x",
            what, x, y, actual.r, actual.g, actual.b, actual.a);
  if (image.chromium) {
    cr_assert_eq(anima_cairo_probe(image.chromium, px, py, &actual), ANIMA_OK);
    cr_expect(near(actual, expected, 2),
              "%s at (%g, %g) in Chromium's SVG: #%02x%02x%02x%02x", what, x, y,
              actual.r, actual.g, actual.b, actual.a);
  }
}

/* An open line from (2, y) to (22, y), 20 long, stroked as above with the
 * extra stroke members `stroke`. */
static void line_node(char *out, size_t size, const char *id, int y,
                      const char *stroke) {
  size_t length = strlen(out);
  snprintf(out + length, size - length,
           "%s{'id': '%s', 'type': 'contour',"
           " 'vertices': [{'point': [2, %d], 'kind': 'straight'},"
           " {'point': [22, %d], 'kind': 'straight'}],"
           " 'stroke': {'color': '#ff0000', 'width': 2, 'cap': 'butt'%s}}",
           length > 1 ? ", " : "", id, y, y, stroke);
}

Test(contour_effects_render, sequential_and_synchronized_trims_of_dashes) {
  /* Three lines, each dashed [4, 4] first: fragments x 2..6, 10..14,
   * 18..22 (12 long in all).
   *  y = 6, then trim end 0.5 sequential: 6 of the 12 in order: x 2..6 and
   *    10..12.
   *  y = 12, then trim end 0.5 synchronized: each fragment's first half:
   *    x 2..4, 10..12, 18..20.
   *  y = 18: trim 0.25..0.75 first (x 7..17), then dash [4, 2], restarting
   *    at that fragment: x 7..11, 13..17. */
  char nodes[4096] = "[";
  line_node(nodes, sizeof nodes, "s", 6,
            ", 'effects': [{'type': 'dash', 'dash': [4, 4]},"
            " {'type': 'trim', 'end': 0.5}]");
  line_node(nodes, sizeof nodes, "y", 12,
            ", 'effects': [{'type': 'dash', 'dash': [4, 4]},"
            " {'type': 'trim', 'end': 0.5, 'mode': 'synchronized'}]");
  line_node(nodes, sizeof nodes, "d", 18,
            ", 'effects': [{'type': 'trim', 'start': 0.25, 'end': 0.75},"
            " {'type': 'dash', 'dash': [4, 2]}]");
  strcat(nodes, "]");
  picture image = render(nodes);
  expect_probe(image, 3, 6, red, "sequential: the first fragment");
  expect_probe(image, 5, 6, red, "sequential: the first fragment's end");
  expect_probe(image, 11, 6, red, "sequential: the second fragment's start");
  expect_probe(image, 13.2, 6, white, "sequential: past the kept length");
  expect_probe(image, 19, 6, white, "sequential: the third fragment");
  expect_probe(image, 8, 6, white, "sequential: the first gap");
  expect_probe(image, 3, 12, red, "synchronized: the first half");
  expect_probe(image, 5.2, 12, white, "synchronized: the second half");
  expect_probe(image, 11, 12, red, "synchronized: the second fragment");
  expect_probe(image, 13.2, 12, white, "synchronized: its second half");
  expect_probe(image, 19, 12, red, "synchronized: the third fragment");
  expect_probe(image, 21.2, 12, white, "synchronized: its second half");
  expect_probe(image, 5.8, 18, white, "dash after trim: before the trim");
  expect_probe(image, 9, 18, red, "dash after trim: the first dash");
  expect_probe(image, 12, 18, white, "dash after trim: the gap 11..13");
  expect_probe(image, 15, 18, red, "dash after trim: the second dash");
  expect_probe(image, 18.2, 18, white, "dash after trim: past the trim");
  picture_destroy(image);
}

Test(contour_effects_render, a_trim_offset_wraps_through_the_start) {
  /* The square (2, 2) → (22, 2) → (22, 22) → (2, 22), closed (80 long),
   * stroke.trim end 0.25, offset 0.875: lengths 70..80 (the left edge from
   * y 12 up to (2, 2)) and 0..10 (the top edge to x 12), one piece. */
  picture image =
      render("[{'id': 'c', 'type': 'contour', 'closed': true,"
             " 'vertices': [{'point': [2, 2], 'kind': 'straight'},"
             " {'point': [22, 2], 'kind': 'straight'},"
             " {'point': [22, 22], 'kind': 'straight'},"
             " {'point': [2, 22], 'kind': 'straight'}],"
             " 'stroke': {'color': '#ff0000', 'width': 2, 'cap': 'butt',"
             " 'trim': {'end': 0.25, 'offset': 0.875}}}]");
  expect_probe(image, 2, 7, red, "the left edge above y 12");
  expect_probe(image, 2, 13.2, white, "the left edge below y 12");
  expect_probe(image, 7, 2, red, "the top edge before x 12");
  expect_probe(image, 13.2, 2, white, "the top edge after x 12");
  expect_probe(image, 22, 12, white, "the right edge");
  expect_probe(image, 12, 22, white, "the bottom edge");
  picture_destroy(image);
}

Test(contour_effects_render, a_trim_cuts_a_cubic_by_its_measured_length) {
  /* A line (2, 20) → (12, 20), then the arch (12, 20) (12, 0) (22, 0)
   * (22, 20), 33.582469 long (integrated independently: Simpson's rule on
   * |B'(t)|, 200 000 steps). Trim end 0.5 keeps 21.791235: the line and
   * 11.791235 of the arch, to t = 0.262 (13.70, 8.40). The arch's point
   * at t = 0.15, (12.6075, 12.35), is 7.68 along it: red; at t = 0.4,
   * (15.52, 5.6), 15.16 along it: white. Measuring the arch by its chord
   * (10) would cut where the arch starts, leaving (12.6, 12.35) white; by
   * its control polygon (50) at 20 along it, painting (15.52, 5.6). */
  picture image =
      render("[{'id': 'c', 'type': 'contour',"
             " 'vertices': [{'point': [2, 20], 'kind': 'straight'},"
             " {'point': [12, 20], 'kind': 'detached', 'outgoing': [0, -20]},"
             " {'point': [22, 20], 'kind': 'detached', 'incoming': [0, -20]}],"
             " 'stroke': {'color': '#ff0000', 'width': 2, 'cap': 'butt',"
             " 'trim': {'end': 0.5}}}]");
  expect_probe(image, 7, 20, red, "the line");
  expect_probe(image, 12.6, 12.35, red, "the arch at t = 0.15");
  expect_probe(image, 15.52, 5.6, white, "the arch at t = 0.4");
  expect_probe(image, 21.5, 15, white, "the arch's far leg");
  picture_destroy(image);
}

Test(contour_effects_render, shared_stacks_apply_to_each_node) {
  /* The document's "dots" stack, dash [2, 6], named by two lines: each is
   * dashed from its own start: x 2..4, 10..12, 18..20 at y 6 and y 12. */
  char nodes[4096] = "[";
  line_node(nodes, sizeof nodes, "a", 6, ", 'effects': ['dots']");
  line_node(nodes, sizeof nodes, "b", 12, ", 'effects': ['dots']");
  strcat(nodes, "]");
  paint_load(&f,
             paint_document(
                 &f, "['contour']", nodes, NULL,
                 ", 'effects': {'dots': [{'type': 'dash', 'dash': [2, 6]}]}"));
  picture image = render_loaded();
  for (int y = 6; y <= 12; y += 6) {
    expect_probe(image, 3, y, red, "the first dash");
    expect_probe(image, 7, y, white, "the first gap");
    expect_probe(image, 11, y, red, "the second dash");
    expect_probe(image, 19, y, red, "the third dash");
    expect_probe(image, 21.2, y, white, "the last gap");
  }
  picture_destroy(image);
}

/* ---- any stroked node (tests/test_contour_strokes.c) ------------------- */

Test(contour_effects_render, trims_of_path_nodes_and_rects) {
  /* Two path nodes of two open subpaths each, 10 then 20 long (30 in
   * all), and a rect, all trimmed to end 0.5:
   *  s, sequential: 15 of 30 in order: the whole first subpath (y 3,
   *    x 2..12), then 5 of the second (y 6, x 2..7).
   *  y, synchronized: half of each: y 10, x 2..7; y 13, x 2..12.
   *  r, the rect (2, 16) 20 × 6, 52 long from (2, 16) rightwards: 26 is
   *    the top edge (20) and the right edge (6), nothing of the bottom
   *    and the left edges. */
  picture image =
      render("[{'id': 's', 'type': 'path', 'd': 'M2 3 L12 3 M2 6 L22 6',"
             " 'stroke': {'color': '#ff0000', 'width': 2, 'cap': 'butt',"
             " 'trim': {'end': 0.5}}},"
             " {'id': 'y', 'type': 'path', 'd': 'M2 10 L12 10 M2 13 L22 13',"
             " 'stroke': {'color': '#ff0000', 'width': 2, 'cap': 'butt',"
             " 'trim': {'end': 0.5, 'mode': 'synchronized'}}},"
             " {'id': 'r', 'type': 'rect', 'x0': 2, 'y0': 16, 'w': 20, 'h': 6,"
             " 'stroke': {'color': '#ff0000', 'width': 2, 'cap': 'butt',"
             " 'trim': {'end': 0.5}}}]");
  expect_probe(image, 11, 3, red, "sequential: the first subpath's end");
  expect_probe(image, 5, 6, red, "sequential: the second subpath's start");
  expect_probe(image, 8.2, 6, white, "sequential: past 15 of 30");
  expect_probe(image, 20, 6, white, "sequential: the second's end");
  expect_probe(image, 5, 10, red, "synchronized: half of the first");
  expect_probe(image, 8.2, 10, white, "synchronized: past its half");
  expect_probe(image, 11, 13, red, "synchronized: half of the second");
  expect_probe(image, 13.2, 13, white, "synchronized: past its half");
  expect_probe(image, 12, 16, red, "the rect's top edge");
  expect_probe(image, 22, 19, red, "the rect's right edge");
  expect_probe(image, 12, 22, white, "the rect's bottom edge");
  expect_probe(image, 2, 19, white, "the rect's left edge");
  picture_destroy(image);
}

Test(contour_effects_render, a_trim_of_an_ordered_paints_entry) {
  /* A rect (2, 4) 20 × 16, 72 long, whose only paint is an ordered stroke
   * entry trimmed to end 0.5: 36 is the top edge (20) and the right edge
   * (16). */
  paint_load(&f, paint_document(
                     &f, "['contour', 'composite']",
                     "[{'id': 'r', 'type': 'rect', 'x0': 2, 'y0': 4, 'w': 20,"
                     " 'h': 16, 'paints': [{'stroke': {'color': '#ff0000',"
                     " 'width': 2, 'cap': 'butt', 'trim': {'end': 0.5}}}]}]",
                     NULL, NULL));
  picture image = render_loaded();
  expect_probe(image, 12, 4, red, "the top edge");
  expect_probe(image, 22, 12, red, "the right edge");
  expect_probe(image, 12, 20, white, "the bottom edge");
  expect_probe(image, 2, 12, white, "the left edge");
  picture_destroy(image);
}
