/*
 * test_paint_render.c — render probes of the paint module's shapes, dashes,
 * fixed strokes and morphs (SPEC paint chapter): each document is drawn by
 * the cairo backend into a PNG file, the file is read back, and pixels at
 * chosen grid points are compared with colours derived by hand in the
 * comments, before the output was ever looked at. The SVG backend's output
 * of the same player, drawn by headless Chromium (test_chromium.h), must
 * give the same colours there.
 *
 * Geometry of every probe: the viewBox 0 0 24 24 is drawn at 240 × 240
 * pixels on a white background, so pixel (px, py) covers the grid square
 * [px/10, px/10 + 0.1] × [py/10, py/10 + 0.1]. A probe at grid point
 * (x, y) reads pixel (⌊10x⌋, ⌊10y⌋), and every probe square lies at least
 * 0.05 units from any edge, so it is either fully covered (the paint's
 * colour exactly) or not at all (white): no antialiasing to estimate.
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
  f = paint_runtime(true);
}

static void teardown(void) {
  paint_release(&f);
}

TestSuite(render, .init = setup, .fini = teardown);

static const anima_color white = {255, 255, 255, 255};
static const anima_color red = {255, 0, 0, 255};
static const anima_color green = {0, 255, 0, 255};
static const anima_color blue = {0, 0, 255, 255};
static const anima_color black = {0, 0, 0, 255};

/* One document drawn twice: the cairo backend's PNG read back, and
 * Chromium's picture of the SVG backend's output (NULL without Chromium). */
typedef struct picture {
  cairo_surface_t *cairo, *chromium;
} picture;

static void picture_destroy(picture image) {
  cairo_surface_destroy(image.cairo);
  if (image.chromium) {
    cairo_surface_destroy(image.chromium);
  }
}

/* The pictures of `nodes` (and `tracks`) after `time` seconds. */
static picture render(const char *nodes, const char *tracks, double time) {
  paint_load(&f, paint_document(&f, "['paint']", nodes, tracks, NULL));
  paint_step(&f, time);
  anima_renderer *renderer = NULL;
  cr_assert_eq(anima_renderer_create(f.model, &renderer), ANIMA_OK);
  char path[] = "/tmp/anima-test-paint-XXXXXX";
  int descriptor = mkstemp(path);
  cr_assert(descriptor >= 0);
  close(descriptor);
  anima_render_options options = {
      .width = 240, .height = 240, .has_background = true, .background = white};
  cr_assert_eq(anima_render_png(renderer, f.player, &options, path), ANIMA_OK);
  picture image = {.cairo = test_read_png(path)};
  unlink(path);
  /* The SVG on Chromium's white page, without a background of its own. */
  anima_render_options svg_options = {.width = 240, .height = 240};
  char *svg = NULL;
  cr_assert_eq(anima_render_svg(renderer, f.player, &svg_options, &svg, NULL),
               ANIMA_OK);
  image.chromium = test_chromium_shot(svg, 240);
  free(svg);
  anima_renderer_destroy(renderer);
  return image;
}

/* Chromium antialiases differently, but a pixel the probe margins keep
 * fully inside or outside a shape is the same colour within rounding. */
#define CHROMIUM_TOLERANCE 2

static bool near(anima_color a, anima_color b, int tolerance) {
  return abs(a.r - b.r) <= tolerance && abs(a.g - b.g) <= tolerance &&
         abs(a.b - b.b) <= tolerance && abs(a.a - b.a) <= tolerance;
}

static void expect_probe(picture image, double x, double y,
                         anima_color expected, const char *what) {
  anima_color actual;
  int px = (int)(x * 10), py = (int)(y * 10);
  cr_assert_eq(anima_cairo_probe(image.cairo, px, py, &actual), ANIMA_OK);
  cr_expect(near(actual, expected, 0),
            "%s at (%g, %g): #%02x%02x%02x%02x, expected #%02x%02x%02x%02x",
            what, x, y, actual.r, actual.g, actual.b, actual.a, expected.r,
            expected.g, expected.b, expected.a);
  if (image.chromium) {
    cr_assert_eq(anima_cairo_probe(image.chromium, px, py, &actual), ANIMA_OK);
    cr_expect(near(actual, expected, CHROMIUM_TOLERANCE),
              "%s at (%g, %g) in Chromium's SVG: #%02x%02x%02x%02x, expected "
              "#%02x%02x%02x%02x",
              what, x, y, actual.r, actual.g, actual.b, actual.a, expected.r,
              expected.g, expected.b, expected.a);
  }
}

Test(render, star_vertices) {
  /* Star points 5, radius 10, innerRadius 4 at (12, 12), red. Tips lie 10
   * from the centre at −90° + 72°·j; each tip's edges leave it at
   * atan(4·cos 54° / (10 − 4·sin 54°)) = atan(2.351 / 6.764) = 19.2° to its
   * axis, so 1 unit in from a tip the star is ±0.35 wide. */
  picture image =
      render("[{'id': 's', 'type': 'star', 'cx': 12, 'cy': 12, 'points': 5,"
             " 'radius': 10, 'innerRadius': 4, 'fill': {'color': '#ff0000'}}]",
             NULL, 0);
  /* The top tip (12, 2): 1 in, (12, 3) ± 0.35, the probe square
   * [12, 12.1] × [3, 3.1] is inside; 0.5 above the tip is outside. */
  expect_probe(image, 12, 3, red, "inside the top tip");
  expect_probe(image, 12, 1.5, white, "above the top tip");
  /* The tip at −18°: (12 + 10·cos 18°, 12 − 10·sin 18°) = (21.51, 8.91);
   * 1 unit toward the centre, (20.56, 9.22), is inside; (22, 8.8) is
   * √(10² + 3.2²) = 10.5 from the centre, beyond every vertex. */
  expect_probe(image, 20.56, 9.22, red, "inside the right tip");
  expect_probe(image, 22, 8.8, white, "beyond the right tip");
  /* The inner vertex at −54°, (14.35, 8.76): its notch opens 2·55° wide
   * (the edges leave it toward the tips at −109° and +1°), so 1 unit
   * further out, (14.94, 7.95), is 0.82 from both edges: outside; 0.5
   * toward the centre, (14.06, 9.17), is inside the pentagon core. */
  expect_probe(image, 14.94, 7.95, white, "in the notch of an inner vertex");
  expect_probe(image, 14.06, 9.17, red, "inside an inner vertex");
  picture_destroy(image);
}

Test(render, polygon_corners) {
  /* A square polygon (radius 10 at (12, 12)) with cornerRadius 2, blue. The
   * top corner is the quadratic from (12 − √2, 2 + √2) to (12 + √2, 2 + √2)
   * controlled by (12, 2); its middle is (A + 2V + B)/4 =
   * (12, (2·3.414 + 4)/4) = (12, 2.707). The sharp corner's tip (12, 2.3) is
   * cut away; (12, 3.2) is inside. */
  picture image =
      render("[{'id': 'p', 'type': 'polygon', 'cx': 12, 'cy': 12, 'sides': 4,"
             " 'radius': 10, 'cornerRadius': 2, 'fill': {'color': '#0000ff'}}]",
             NULL, 0);
  expect_probe(image, 12, 2.3, white, "the cut-away corner tip");
  expect_probe(image, 12, 3.2, blue, "inside the rounded corner");
  /* The right corner (22, 12) likewise: its curve's middle is at
   * x = 22 − 0.707 = 21.29; (21.6, 12) is cut away, (20.9, 12) inside. */
  expect_probe(image, 21.6, 12, white, "the cut-away right corner");
  expect_probe(image, 20.9, 12, blue, "inside the right corner");
  /* The straight edge between them passes (17, 7); (16.5, 7.6) is 0.78
   * inside it, (17.4, 6.5) 0.64 outside. */
  expect_probe(image, 16.5, 7.6, blue, "inside an edge");
  expect_probe(image, 17.4, 6.5, white, "outside an edge");
  picture_destroy(image);
}

Test(render, fully_rounded_polygon) {
  /* cornerRadius 100 is limited to half of each edge: the top corner runs
   * from (7, 7) to (17, 7) through the control (12, 2), its middle at
   * (12, 4.5). (12, 3.5) is a unit outside, (12, 5.5) a unit inside. */
  picture image = render(
      "[{'id': 'p', 'type': 'polygon', 'cx': 12, 'cy': 12, 'sides': 4,"
      " 'radius': 10, 'cornerRadius': 100, 'fill': {'color': '#0000ff'}}]",
      NULL, 0);
  expect_probe(image, 12, 3.5, white, "above the rounded top");
  expect_probe(image, 12, 5.5, blue, "below the rounded top");
  picture_destroy(image);
}

Test(render, ellipse_extents) {
  /* Ellipse rx 8, ry 4 at (12, 12), green: it reaches x = 20 and y = 8.
   * In the probe square at (19.5, 12) the ellipse spans to
   * 12 + 8·√(1 − (0.1/4)²) = 19.9975 > 19.6; (20.3, 12) is beyond. At
   * x ≤ 12.1 the top is at 12 − 4·√(1 − (0.1/8)²) = 8.0003 < 8.3, and
   * (12, 7.6) is above it. The cubic pieces stay within 0.03% of the
   * semi-axes of the true ellipse, far less than a probe's margin. */
  picture image =
      render("[{'id': 'e', 'type': 'ellipse', 'cx': 12, 'cy': 12, 'rx': 8,"
             " 'ry': 4, 'fill': {'color': '#00ff00'}}]",
             NULL, 0);
  expect_probe(image, 19.5, 12, green, "inside the right extent");
  expect_probe(image, 20.3, 12, white, "beyond the right extent");
  expect_probe(image, 12, 8.3, green, "inside the top extent");
  expect_probe(image, 12, 7.6, white, "above the top extent");
  /* The left extent x = 4: (4.4, 12) inside, (3.6, 12) outside. */
  expect_probe(image, 4.4, 12, green, "inside the left extent");
  expect_probe(image, 3.6, 12, white, "beyond the left extent");
  expect_probe(image, 12, 16.2, white, "below the bottom extent");
  picture_destroy(image);
}

Test(render, triangle) {
  /* Triangle x0 2, y0 2, width 8, height 8, black: apex (6, 2), base
   * y = 10 from x = 2 to 10. (6, 8) is inside; at y ≤ 3.1 the left edge is
   * at x = 6 − 4·1.1/8 = 5.45, so (3, 3) is outside; (6, 10.3) is below
   * the base. */
  picture image =
      render("[{'id': 't', 'type': 'triangle', 'x0': 2, 'y0': 2, 'width': 8,"
             " 'height': 8, 'fill': {'color': '#000000'}}]",
             NULL, 0);
  expect_probe(image, 6, 8, black, "inside");
  expect_probe(image, 3, 3, white, "left of the apex");
  expect_probe(image, 6, 10.3, white, "below the base");
  picture_destroy(image);
}

Test(render, animated_sides) {
  /* sides 3 → 4 linear over one second, radius 10 at (12, 12). At t = 0.4,
   * 3.4 → 3: a triangle whose right edge at y = 12 is at
   * x = 12 + 10·cos 30°·(10/15) = 17.77, so (19.5, 12) is white. At
   * t = 0.5, 3.5 → 4 (ties upward): the square reaches (22, 12), and
   * (19.5, 12) is 1.8 inside it. */
  const char *nodes =
      "[{'id': 'p', 'type': 'polygon', 'cx': 12, 'cy': 12, 'sides': 3,"
      " 'radius': 10, 'fill': {'color': '#0000ff'}}]";
  const char *tracks = "{'p.sides': [[0, 3], [1, 4]]}";
  picture image = render(nodes, tracks, 0.4);
  expect_probe(image, 19.5, 12, white, "3.4 sides: a triangle");
  picture_destroy(image);
  image = render(nodes, tracks, 0.5);
  expect_probe(image, 19.5, 12, blue, "3.5 sides: a square");
  picture_destroy(image);
}

Test(render, morph_midpoints) {
  /* A path morphing from the square 2..6 to the square 2..22 (relative
   * sides h, v): half way every number is half way, the square 2..14.
   * (12, 12) is 2 inside it; at rest it is 6 outside the small square. */
  const char *nodes = "[{'id': 'p', 'type': 'path', 'd': 'm2 2h4v4h-4z',"
                      " 'fill': {'color': '#0000ff'}}]";
  const char *tracks = "{'p.d': [[0, 'm2 2h4v4h-4z'], [1, 'm2 2h20v20h-20z']]}";
  picture image = render(nodes, tracks, 0);
  expect_probe(image, 12, 12, white, "outside the rest square");
  expect_probe(image, 4, 4, blue, "inside the rest square");
  picture_destroy(image);
  image = render(nodes, tracks, 0.5);
  expect_probe(image, 12, 12, blue, "inside the half-way square");
  expect_probe(image, 14.5, 8, white, "right of the half-way square");
  expect_probe(image, 13.5, 8, blue, "inside its right edge");
  picture_destroy(image);
  /* An arc whose sweep flag flips: "M4 12A8 8 0 0 0 20 12Z". Sweep 0 runs
   * in decreasing angle, counter-clockwise on screen (y down): from 9
   * o'clock down through 6 o'clock, the half circle below y = 12, through
   * (12, 20). Sweep 1 is the upper half, through (12, 4). At t = 0.49 the
   * flag is 0.49: still 0, the lower half; at t = 0.5 it is 1. */
  const char *arc = "[{'id': 'p', 'type': 'path', 'd': 'M4 12A8 8 0 0 0 20 "
                    "12Z', 'fill': {'color': '#0000ff'}}]";
  const char *flip =
      "{'p.d': [[0, 'M4 12A8 8 0 0 0 20 12Z'], [1, 'M4 12A8 8 0 0 1 20 12Z']]}";
  image = render(arc, flip, 0.49);
  expect_probe(image, 12, 17, blue, "flag 0.49: the lower half");
  expect_probe(image, 12, 7, white, "flag 0.49: not the upper half");
  picture_destroy(image);
  image = render(arc, flip, 0.5);
  expect_probe(image, 12, 7, blue, "flag 0.5: the upper half");
  expect_probe(image, 12, 17, white, "flag 0.5: not the lower half");
  picture_destroy(image);
}

/* A black butt-capped line from (2, 12) to (22, 12), 2 wide (y 11..13), with
 * `members` added to its stroke (single quotes). */
static picture dashed(const char *members, const char *tracks, double time) {
  char nodes[1024];
  snprintf(nodes, sizeof nodes,
           "[{'id': 'p', 'type': 'path', 'd': 'M2 12H22', 'stroke':"
           " {'color': '#000000', 'width': 2, 'cap': 'butt', %s}}]",
           members);
  return render(nodes, tracks, time);
}

Test(render, dash_gaps) {
  /* dash [2, 1] from x = 2: dashes [2, 4], [5, 7], [8, 10] ..., gaps
   * [4, 5], [7, 8] ... */
  picture image = dashed("'dash': [2, 1]", NULL, 0);
  expect_probe(image, 3, 12, black, "first dash");
  expect_probe(image, 4.45, 12, white, "first gap");
  expect_probe(image, 5.5, 12, black, "second dash");
  expect_probe(image, 7.45, 12, white, "second gap");
  picture_destroy(image);
  /* dashOffset 1 starts the pattern 1 into its first dash: dash [2, 3],
   * gap [3, 4], dash [4, 6]. */
  image = dashed("'dash': [2, 1], 'dashOffset': 1", NULL, 0);
  expect_probe(image, 3.45, 12, white, "offset 1: gap at 3..4");
  expect_probe(image, 4.45, 12, black, "offset 1: dash at 4..6");
  picture_destroy(image);
}

Test(render, percentage_dashes_and_offsets) {
  /* The line is 20 long: ["10%", "5%"] is [2, 1], the gaps as above; the
   * offset 0.1 is 10% = 2 ("0.1 = 10%"), starting the pattern at its gap:
   * gap [2, 3], dash [3, 5], gap [5, 6]. */
  picture image = dashed("'dash': ['10%', '5%']", NULL, 0);
  expect_probe(image, 3, 12, black, "first dash");
  expect_probe(image, 4.45, 12, white, "first gap");
  picture_destroy(image);
  image = dashed("'dash': ['10%', '5%'], 'dashOffset': 0.1", NULL, 0);
  expect_probe(image, 2.45, 12, white, "offset 10%: gap at 2..3");
  expect_probe(image, 4, 12, black, "offset 10%: dash at 3..5");
  expect_probe(image, 5.45, 12, white, "offset 10%: gap at 5..6");
  picture_destroy(image);
  /* Animated: the offset 0 → 0.1 is 0.05 at t = 0.5, 1 unit: dash [2, 3],
   * gap [3, 4]. */
  image = dashed("'dash': ['10%', '5%']",
                 "{'p.stroke.dashOffset': [[0, 0], [1, 0.1]]}", 0.5);
  expect_probe(image, 3.45, 12, white, "offset 5%: gap at 3..4");
  expect_probe(image, 4.45, 12, black, "offset 5%: dash at 4..6");
  picture_destroy(image);
}

Test(render, odd_dash_arrays_repeat) {
  /* [1, 2, 3] repeats as [1, 2, 3, 1, 2, 3]: dash [2, 3], gap [3, 5],
   * dash [5, 8], gap [8, 9], dash [9, 11], gap [11, 14], dash [14, 17]. */
  picture image = dashed("'dash': [1, 2, 3]", NULL, 0);
  expect_probe(image, 2.45, 12, black, "dash 1");
  expect_probe(image, 4, 12, white, "gap 2");
  expect_probe(image, 6.5, 12, black, "dash 3");
  expect_probe(image, 8.45, 12, white, "gap 1 (repeated pattern)");
  expect_probe(image, 10, 12, black, "dash 2 (repeated pattern)");
  expect_probe(image, 12.5, 12, white, "gap 3 (repeated pattern)");
  picture_destroy(image);
  /* [3] is 3 on, 3 off: gap [5, 8]. */
  image = dashed("'dash': [3]", NULL, 0);
  expect_probe(image, 6.5, 12, white, "[3]: gap at 5..8");
  expect_probe(image, 9, 12, black, "[3]: dash at 8..11");
  picture_destroy(image);
}

Test(render, each_subpath_restarts_the_pattern) {
  /* Two subpaths 4 long with dash [3, 3]: each starts with a dash [0, 3].
   * Were the pattern to run on, the second would start 4 into it, in the
   * gap, and (2.5, 16) would be white. */
  picture image =
      render("[{'id': 'p', 'type': 'path', 'd': 'M2 12H6M2 16H6', 'stroke':"
             " {'color': '#000000', 'width': 2, 'cap': 'butt',"
             " 'dash': [3, 3]}}]",
             NULL, 0);
  expect_probe(image, 2.5, 12, black, "first subpath's dash");
  expect_probe(image, 5.45, 12, white, "first subpath's gap");
  expect_probe(image, 2.5, 16, black, "second subpath restarts with a dash");
  picture_destroy(image);
}

Test(render, trims_win_over_dashes) {
  /* trimEnd 0.5 shows [2, 12] solid: the dash gap at 4..5 is black and
   * x = 15 is trimmed away. A full trim (0..1) lets the dashes show. */
  picture image = dashed("'dash': [2, 1], 'trimEnd': 0.5", NULL, 0);
  expect_probe(image, 4.45, 12, black, "partial trim: solid where a gap was");
  expect_probe(image, 15, 12, white, "partial trim: trimmed away");
  picture_destroy(image);
  image = dashed("'dash': [2, 1], 'trimStart': 0, 'trimEnd': 1", NULL, 0);
  expect_probe(image, 4.45, 12, white, "full trim: the gap shows");
  expect_probe(image, 15.5, 12, black, "full trim: dash at 14..16");
  picture_destroy(image);
}

Test(render, fixed_strokes_keep_their_width_in_pixels) {
  /* The line scaled 0.5 about (12, 12): width 2 normally becomes 1 unit,
   * y 11.5..12.5; fixed, it is 2 output pixels = 0.2 units at 10 pixels a
   * unit (DECISIONS 16), y 11.9..12.1. (12, 11.6) tells them apart. */
  const char *line = "[{'id': 'p', 'type': 'path', 'd': 'M2 12H22',"
                     " 'scale': 0.5, 'pivot': [12, 12], 'stroke':"
                     " {'color': '#000000', 'width': 2, 'cap': 'butt'%s}}]";
  char nodes[512];
  snprintf(nodes, sizeof nodes, line, "");
  picture image = render(nodes, NULL, 0);
  expect_probe(image, 12, 11.6, black, "normal: 1 unit wide");
  expect_probe(image, 12, 12, black, "normal: the centre");
  picture_destroy(image);
  snprintf(nodes, sizeof nodes, line, ", 'scale': 'fixed'");
  image = render(nodes, NULL, 0);
  expect_probe(image, 12, 11.6, white, "fixed: 2 pixels wide");
  expect_probe(image, 12, 12, black, "fixed: the centre");
  /* The outline still scales: it spans x 7..17. */
  expect_probe(image, 16.5, 12, black, "fixed: inside the scaled line");
  expect_probe(image, 18, 12, white, "fixed: beyond the scaled line");
  picture_destroy(image);
}
