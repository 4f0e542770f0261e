/*
 * test_contour_render.c — render probes of contour nodes (SPEC contour
 * chapter: "Vertex kinds compile to an ordinary path shared by SVG, canvas
 * and the outline hook"): the cairo backend's PNG read back, and headless
 * Chromium's picture of the SVG backend's output, probed at grid points
 * whose colours are derived by hand below.
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

TestSuite(contour_render, .init = setup, .fini = teardown);

static const anima_color white = {255, 255, 255, 255};
static const anima_color red = {255, 0, 0, 255};

typedef struct picture {
  cairo_surface_t *cairo, *chromium;
} picture;

static picture render(const char *nodes) {
  paint_load(&f, paint_document(&f, "['contour']", nodes, NULL, NULL));
  paint_step(&f, 0);
  anima_renderer *renderer = NULL;
  cr_assert_eq(anima_renderer_create(f.model, &renderer), ANIMA_OK);
  char path[] = "/tmp/anima-test-contour-XXXXXX";
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

Test(contour_render, rounded_corners_cut_the_square) {
  /* Square (2, 2)–(22, 22), every corner rounded 8: each corner is cut 8
   * along both edges (min(8, 10, 10)) and joined by the right-angle cubic,
   * which stays within 0.03 % of the radius of the circle of radius 8 about
   * (10, 10) (top left). (4.1, 4.1) lies 8.34 from (10, 10): outside, by
   * 0.34. (5, 5) lies 7.07 from it: inside by 0.93. Edges are straight
   * between the cuts: (2.2, 12) and (12, 2.2) are inside; (21.8, 12) too. */
  picture image =
      render("[{'id': 'c', 'type': 'contour', 'closed': true,"
             " 'vertices': [{'point': [2, 2], 'kind': 'rounded', 'radius': 8},"
             " {'point': [22, 2], 'kind': 'rounded', 'radius': 8},"
             " {'point': [22, 22], 'kind': 'rounded', 'radius': 8},"
             " {'point': [2, 22], 'kind': 'rounded', 'radius': 8}],"
             " 'fill': {'color': '#ff0000'}}]");
  expect_probe(image, 4.1, 4.1, white, "outside the top-left corner");
  expect_probe(image, 19.8, 19.8, white, "outside the bottom-right corner");
  expect_probe(image, 5, 5, red, "inside the top-left corner");
  expect_probe(image, 2.2, 12, red, "the left edge");
  expect_probe(image, 12, 2.2, red, "the top edge");
  expect_probe(image, 21.8, 12, red, "the right edge");
  expect_probe(image, 12, 12, red, "the centre");
  picture_destroy(image);
}

Test(contour_render, mirrored_handles_bulge_the_edges) {
  /* (2, 12) mirrored handle (0, −8), (22, 12) mirrored handle (0, 8),
   * closed. Edge 0→1: controls (2, 4) and 22 − (0, 8) = (22, 4): at t = ½
   * y = (12 + 3·4 + 3·4 + 12)/8 = 6, x = 12, a horizontal tangent. The
   * closing edge 1→0: controls (22, 20), (2, 20): bottom at (12, 18).
   * (12, 6.2) and (12, 17.7) are inside, (12, 5.8) and (12, 18.2) outside;
   * straight lines between the points would leave (12, 11) as the only
   * covered probe. */
  picture image = render(
      "[{'id': 'c', 'type': 'contour', 'closed': true,"
      " 'vertices': [{'point': [2, 12], 'kind': 'mirrored', 'handle': [0, -8]},"
      " {'point': [22, 12], 'kind': 'mirrored', 'handle': [0, 8]}],"
      " 'fill': {'color': '#ff0000'}}]");
  expect_probe(image, 12, 6.2, red, "below the top");
  expect_probe(image, 12, 17.7, red, "above the bottom");
  expect_probe(image, 12, 5.7, white, "above the top");
  expect_probe(image, 12, 18.2, white, "below the bottom");
  picture_destroy(image);
}

Test(contour_render, clockwise_fill_keeps_the_positive_lobe) {
  /* Bowtie (2, 2)→(22, 22)→(22, 2)→(2, 22), closed, fill.winding
   * clockwise: the diagonals cross at (12, 12); the left lobe (2, 22)→
   * (2, 2)→(12, 12) is clockwise (+1) and red, the right lobe
   * counterclockwise (−1) and empty, where the ordinary nonzero rule would
   * fill it. (6, 12) is 4 inside the left lobe's vertical edge and 6 from
   * its diagonals' x at y = 12; (18, 12) mirrors it in the right lobe. */
  picture image =
      render("[{'id': 'c', 'type': 'contour', 'closed': true,"
             " 'vertices': [{'point': [2, 2], 'kind': 'straight'},"
             " {'point': [22, 22], 'kind': 'straight'},"
             " {'point': [22, 2], 'kind': 'straight'},"
             " {'point': [2, 22], 'kind': 'straight'}],"
             " 'fill': {'color': '#ff0000', 'winding': 'clockwise'}}]");
  expect_probe(image, 6, 12, red, "the clockwise lobe");
  expect_probe(image, 18, 12, white, "the counterclockwise lobe");
  picture_destroy(image);
}
