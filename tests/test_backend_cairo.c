/*
 * test_backend_cairo.c — the cairo backend on hand-built draw frames
 * (include/anima/draw.h, include/anima/render_cairo.h).
 *
 * Every expected pixel is derived from the geometry in the comment next to
 * it; antialiasing only matters at edges, so probes sit at pixel centres
 * well inside or outside shapes. Alpha from an opacity o is 255·o, within
 * ±1 for rounding.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>

#include <anima/draw.h>
#include <anima/render_cairo.h>

#include "draw_fixture.h"

static const anima_color red = {255, 0, 0, 255};
static const anima_color blue = {0, 0, 255, 255};

static anima_path *square(fixture *f, double x0, double y0, double size) {
  return fixture_square(f, x0, y0, size);
}

static anima_draw_item *add_fill(fixture *f, const anima_path *outline,
                                 anima_color color) {
  return fixture_fill(f, "node", outline, color);
}

static anima_draw_item *add_stroke(fixture *f, const anima_path *outline,
                                   anima_color color, double width) {
  return fixture_stroke(f, "node", outline, color, width);
}

/* Renders the fixture at width × height with `options` defaults. */
static cairo_surface_t *render(fixture *f, int width, int height,
                               anima_fit fit) {
  anima_render_options options = {
      .width = width, .height = height, .fit = fit, .scale = 1};
  cairo_surface_t *surface =
      cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height);
  anima_renderer *renderer = NULL;
  anima_renderer_create(NULL, &renderer);
  cr_assert_not_null(renderer);
  cr_assert_eq(anima_cairo_render(renderer, &f->frame, &options, surface),
               ANIMA_OK);
  anima_renderer_destroy(renderer);
  return surface;
}

static anima_color probe(cairo_surface_t *surface, int x, int y) {
  anima_color color = {0, 0, 0, 0};
  cr_assert_eq(anima_cairo_probe(surface, x, y, &color), ANIMA_OK);
  return color;
}

static void expect_color(anima_color actual, anima_color expected,
                         int tolerance, const char *where) {
  int channels[4][2] = {{actual.r, expected.r},
                        {actual.g, expected.g},
                        {actual.b, expected.b},
                        {actual.a, expected.a}};
  for (int index = 0; index < 4; index++) {
    cr_expect(abs(channels[index][0] - channels[index][1]) <= tolerance,
              "%s: channel %d is %d, expected %d", where, index,
              channels[index][0], channels[index][1]);
  }
}

static const anima_color clear = {0, 0, 0, 0};

/* ------------------------------------------------------------------------ */
/* Tests                                                                     */
/* ------------------------------------------------------------------------ */

Test(backend_cairo, fills_a_square_at_one_pixel_per_unit) {
  /* viewBox 0 0 10 10 at 10×10: one pixel per unit. The square covers
   * x, y in [2, 8], so pixel (5, 5) (centre 5.5) is inside and pixels
   * (0, 0) and (9, 9) are outside. */
  fixture f;
  fixture_init(&f, 0, 0, 10, 10);
  add_fill(&f, square(&f, 2, 2, 6), red);
  cairo_surface_t *surface = render(&f, 10, 10, ANIMA_FIT_CONTAIN);
  expect_color(probe(surface, 5, 5), red, 0, "inside");
  expect_color(probe(surface, 0, 0), clear, 0, "outside");
  expect_color(probe(surface, 9, 9), clear, 0, "outside");
  cairo_surface_destroy(surface);
  fixture_release(&f);
}

Test(backend_cairo, world_matrix_places_the_shape) {
  /* The square [0, 2]² translated by (6, 1): covers x in [6, 8], y in
   * [1, 3]. Pixel (7, 2) inside; pixel (1, 1) (the untransformed place)
   * empty. */
  fixture f;
  fixture_init(&f, 0, 0, 10, 10);
  anima_draw_item *item = add_fill(&f, square(&f, 0, 0, 2), blue);
  item->world = (anima_matrix){1, 0, 0, 1, 6, 1};
  cairo_surface_t *surface = render(&f, 10, 10, ANIMA_FIT_CONTAIN);
  expect_color(probe(surface, 7, 2), blue, 0, "moved");
  expect_color(probe(surface, 1, 1), clear, 0, "origin");
  cairo_surface_destroy(surface);
  fixture_release(&f);
}

Test(backend_cairo, group_opacity_is_one_layer) {
  /* Two overlapping opaque red squares inside a group of opacity 0.5: the
   * group is composited once, so the overlap (pixel 4, 4) has the same
   * alpha as a single square (pixel 1, 1): 255 · 0.5 = 127.5. Each square
   * with its own opacity 0.5 instead gives 1 − 0.5² = 0.75 in the overlap
   * (191.25). */
  fixture f;
  fixture_init(&f, 0, 0, 10, 10);
  anima_draw_item *group = fixture_group(&f, "group");
  group->opacity = 0.5;
  add_fill(&f, square(&f, 0, 0, 6), red);
  add_fill(&f, square(&f, 3, 3, 6), red);
  fixture_end(&f, group);
  cairo_surface_t *surface = render(&f, 10, 10, ANIMA_FIT_CONTAIN);
  expect_color(probe(surface, 1, 1), (anima_color){255, 0, 0, 128}, 1,
               "single");
  expect_color(probe(surface, 4, 4), (anima_color){255, 0, 0, 128}, 1,
               "overlap");
  cairo_surface_destroy(surface);

  /* Same squares, opacity on each shape instead. */
  f.items[0].opacity = f.items[3].opacity = 1;
  f.items[1].opacity = f.items[2].opacity = 0.5;
  surface = render(&f, 10, 10, ANIMA_FIT_CONTAIN);
  expect_color(probe(surface, 4, 4), (anima_color){255, 0, 0, 191}, 1,
               "overlap of two half-opaque shapes");
  cairo_surface_destroy(surface);
  fixture_release(&f);
}

Test(backend_cairo, invisible_group_draws_nothing) {
  fixture f;
  fixture_init(&f, 0, 0, 10, 10);
  anima_draw_item *group = fixture_group(&f, "group");
  group->visible = false;
  add_fill(&f, square(&f, 0, 0, 10), red);
  fixture_end(&f, group);
  cairo_surface_t *surface = render(&f, 10, 10, ANIMA_FIT_CONTAIN);
  expect_color(probe(surface, 5, 5), clear, 0, "hidden");
  cairo_surface_destroy(surface);
  fixture_release(&f);
}

Test(backend_cairo, shape_fill_and_stroke_share_the_opacity_layer) {
  /* A square [2, 8]² filled red and stroked red 2 wide at opacity 0.5:
   * where fill and stroke overlap (pixel 2, 5: the stroke covers x in
   * [1, 3]) the alpha is 0.5, not 0.75. */
  fixture f;
  fixture_init(&f, 0, 0, 10, 10);
  anima_draw_item *item = add_fill(&f, square(&f, 2, 2, 6), red);
  item->opacity = 0.5;
  fixture_stroke_layer(&f, item, red, 2);
  cairo_surface_t *surface = render(&f, 10, 10, ANIMA_FIT_CONTAIN);
  expect_color(probe(surface, 2, 5), (anima_color){255, 0, 0, 128}, 1,
               "fill under stroke");
  expect_color(probe(surface, 1, 5), (anima_color){255, 0, 0, 128}, 1,
               "stroke outside the fill");
  expect_color(probe(surface, 5, 5), (anima_color){255, 0, 0, 128}, 1, "fill");
  cairo_surface_destroy(surface);
  fixture_release(&f);
}

Test(backend_cairo, even_odd_rule_leaves_a_hole) {
  /* Outer square [0, 10]², inner square [3, 7]² in the same direction:
   * nonzero fills the centre (winding 2), evenodd leaves it empty. */
  fixture f;
  fixture_init(&f, 0, 0, 10, 10);
  anima_path *path = square(&f, 0, 0, 10);
  anima_path_move_to(path, 3, 3);
  anima_path_line_to(path, 7, 3);
  anima_path_line_to(path, 7, 7);
  anima_path_line_to(path, 3, 7);
  anima_path_close(path);
  anima_draw_item *item = add_fill(&f, path, red);
  anima_draw_layer *fill = fixture_layer_of(&f, item, ANIMA_LAYER_FILL);
  fill->rule = ANIMA_FILL_EVENODD;
  cairo_surface_t *surface = render(&f, 10, 10, ANIMA_FIT_CONTAIN);
  expect_color(probe(surface, 5, 5), clear, 0, "hole");
  expect_color(probe(surface, 1, 5), red, 0, "ring");
  cairo_surface_destroy(surface);
  fill->rule = ANIMA_FILL_NONZERO;
  surface = render(&f, 10, 10, ANIMA_FIT_CONTAIN);
  expect_color(probe(surface, 5, 5), red, 0, "nonzero centre");
  cairo_surface_destroy(surface);
  fixture_release(&f);
}

Test(backend_cairo, trimmed_stroke_draws_the_visible_part) {
  /* A line from (0, 5) to (10, 5), length 10, stroked 2 wide with butt
   * caps, trimEnd 0.5: only x in [0, 5] is drawn. Pixel (2, 5) (centre
   * 2.5, 5.5) is inside the stroke band y in [4, 6]; pixel (7, 5) is
   * beyond the trim. With trimStart 0.3, trimEnd 0.5, offset 0.6 the
   * visible part runs from 0.9 to 1.1, wrapping: x in [9, 10] and the
   * open line's start [0, 1]. */
  fixture f;
  fixture_init(&f, 0, 0, 10, 10);
  anima_path *line = fixture_path(&f);
  anima_path_move_to(line, 0, 5);
  anima_path_line_to(line, 10, 5);
  anima_draw_item *item = add_stroke(&f, line, blue, 2);
  fixture_trim(&f, item, 0, 0.5, 0);
  cairo_surface_t *surface = render(&f, 10, 10, ANIMA_FIT_CONTAIN);
  expect_color(probe(surface, 2, 5), blue, 0, "trimmed in");
  expect_color(probe(surface, 7, 5), clear, 0, "trimmed out");
  expect_color(probe(surface, 2, 2), clear, 0, "off the band");
  cairo_surface_destroy(surface);

  fixture_trim(&f, item, 0.3, 0.5, 0.6);
  surface = render(&f, 10, 10, ANIMA_FIT_CONTAIN);
  expect_color(probe(surface, 9, 5), blue, 0, "end piece");
  expect_color(probe(surface, 0, 5), blue, 0, "wrapped start piece");
  expect_color(probe(surface, 5, 5), clear, 0, "middle");
  cairo_surface_destroy(surface);

  /* trimEnd − trimStart ≤ 0: nothing, not even round cap dots. */
  fixture_stroke_of(&f, item)->cap = ANIMA_LINE_CAP_ROUND;
  fixture_trim(&f, item, 0.5, 0.5, 0);
  surface = render(&f, 10, 10, ANIMA_FIT_CONTAIN);
  expect_color(probe(surface, 5, 5), clear, 0, "empty trim");
  cairo_surface_destroy(surface);
  fixture_release(&f);
}

Test(backend_cairo, stroke_width_scales_with_the_world_matrix) {
  /* A vertical line at x = 5 stroked 1 wide under scale (3, 1) about the
   * origin: the line moves to x = 15 in a 20×10 viewBox and its stroke
   * becomes 3 wide, x in [13.5, 16.5]. Pixel 14 (centre 14.5) is inside,
   * pixel 17 (centre 17.5) outside. */
  fixture f;
  fixture_init(&f, 0, 0, 20, 10);
  anima_path *line = fixture_path(&f);
  anima_path_move_to(line, 5, 0);
  anima_path_line_to(line, 5, 10);
  anima_draw_item *item = add_stroke(&f, line, red, 1);
  item->world = (anima_matrix){3, 0, 0, 1, 0, 0};
  cairo_surface_t *surface = render(&f, 20, 10, ANIMA_FIT_CONTAIN);
  expect_color(probe(surface, 14, 5), red, 0, "inside the widened stroke");
  expect_color(probe(surface, 17, 5), clear, 0, "outside");
  expect_color(probe(surface, 5, 5), clear, 0, "old place");
  cairo_surface_destroy(surface);
  fixture_release(&f);
}

Test(backend_cairo, singular_world_matrix_draws_nothing) {
  /* scale 0 (the bell's idle dot): no area, no error. */
  fixture f;
  fixture_init(&f, 0, 0, 10, 10);
  anima_draw_item *item = add_fill(&f, square(&f, 0, 0, 10), red);
  item->world = (anima_matrix){0, 0, 0, 0, 5, 5};
  cairo_surface_t *surface = render(&f, 10, 10, ANIMA_FIT_CONTAIN);
  expect_color(probe(surface, 5, 5), clear, 0, "collapsed");
  cairo_surface_destroy(surface);
  fixture_release(&f);
}

/* Background square a, then a knocking square k inside it (SPEC §4): an
 * inverted-alpha mask of k's area grown by w at k's opacity. */
static void knockout_fixture(fixture *f, double strength, double grow) {
  fixture_init(f, 0, 0, 20, 20);
  anima_draw_item *mask =
      fixture_mask(f, "k", ANIMA_MASK_INVERTED_ALPHA, 3, true, grow, strength);
  add_fill(f, square(f, 0, 0, 20), red);
  fixture_end(f, mask);
  anima_draw_item *cutter = add_fill(f, square(f, 8, 8, 4), blue);
  cutter->opacity = strength;
}

Test(backend_cairo, knockout_cuts_the_earlier_sibling_grown_by_w) {
  /* The cutter covers [8, 12]², grown by w = 2 to [6, 14]² (with round
   * corners). Pixel (10, 10) shows the cutter (blue); pixel (6, 10) (centre
   * 6.5) lies in the grown band, where the red square is cut away and
   * nothing is drawn; pixel (3, 10) keeps the red. */
  fixture f;
  knockout_fixture(&f, 1, 2);
  cairo_surface_t *surface = render(&f, 20, 20, ANIMA_FIT_CONTAIN);
  expect_color(probe(surface, 10, 10), blue, 0, "cutter");
  expect_color(probe(surface, 6, 10), clear, 0, "grown cut");
  expect_color(probe(surface, 3, 10), red, 0, "kept");
  cairo_surface_destroy(surface);
  fixture_release(&f);
}

Test(backend_cairo, knockout_strength_is_the_cutter_opacity) {
  /* Strength 0.5: the band keeps red at alpha 1 − 0.5 = 0.5 (127.5). At
   * (10, 10) the half-opaque blue cutter lies over red cut to 0.5: alpha
   * 0.5 + 0.5 · 0.5 = 0.75, colour (0.25 red + 0.5 blue) / 0.75, i.e.
   * red 85, blue 170. */
  fixture f;
  knockout_fixture(&f, 0.5, 2);
  cairo_surface_t *surface = render(&f, 20, 20, ANIMA_FIT_CONTAIN);
  expect_color(probe(surface, 6, 10), (anima_color){255, 0, 0, 128}, 1,
               "half cut");
  expect_color(probe(surface, 10, 10), (anima_color){85, 0, 170, 191}, 2,
               "cutter over half cut");
  cairo_surface_destroy(surface);
  fixture_release(&f);
}

Test(backend_cairo, invisible_cutter_cuts_nothing) {
  fixture f;
  knockout_fixture(&f, 1, 2);
  f.items[3].visible = false;
  cairo_surface_t *surface = render(&f, 20, 20, ANIMA_FIT_CONTAIN);
  expect_color(probe(surface, 6, 10), red, 0, "uncut");
  expect_color(probe(surface, 10, 10), red, 0, "no cutter");
  cairo_surface_destroy(surface);
  fixture_release(&f);
}

Test(backend_cairo, fit_modes_place_a_tall_viewbox) {
  /* viewBox 0 0 10 20 fully filled, output 10×10.
   * contain: scale min(1, 0.5) = 0.5, the 5×10 image centred: x in
   * [2.5, 7.5]; pixel 1 empty, pixel 5 filled.
   * cover: scale 1, y shows [5, 15]: every pixel filled.
   * fill: x scale 1, y scale 0.5: every pixel filled.
   * none: scale 1, centred: same as cover here. */
  fixture f;
  fixture_init(&f, 0, 0, 10, 20);
  anima_path *path = fixture_path(&f);
  anima_path_move_to(path, 0, 0);
  anima_path_line_to(path, 10, 0);
  anima_path_line_to(path, 10, 20);
  anima_path_line_to(path, 0, 20);
  anima_path_close(path);
  add_fill(&f, path, red);
  cairo_surface_t *surface = render(&f, 10, 10, ANIMA_FIT_CONTAIN);
  expect_color(probe(surface, 1, 5), clear, 0, "contain letterbox");
  expect_color(probe(surface, 5, 5), red, 0, "contain image");
  cairo_surface_destroy(surface);
  anima_fit fits[] = {ANIMA_FIT_COVER, ANIMA_FIT_FILL, ANIMA_FIT_NONE};
  for (size_t index = 0; index < 3; index++) {
    surface = render(&f, 10, 10, fits[index]);
    expect_color(probe(surface, 0, 0), red, 0, "corner");
    expect_color(probe(surface, 9, 9), red, 0, "corner");
    cairo_surface_destroy(surface);
  }
  fixture_release(&f);
}

Test(backend_cairo, fit_regions) {
  /* viewBox [0, 0, 10, 20] into 100×100:
   * contain: s = min(10, 5) = 5 → region 20 × 20 centred on (5, 10):
   *   [-5, 0, 20, 20].
   * cover: s = 10 → region 10 × 10: [0, 5, 10, 10].
   * fill: the viewBox.
   * none: s = 1 → 100 × 100 centred: [-45, -40, 100, 100]. */
  double box[4] = {0, 0, 10, 20}, region[4];
  cr_assert_eq(anima_fit_region(box, 100, 100, ANIMA_FIT_CONTAIN, region),
               ANIMA_OK);
  double contain[4] = {-5, 0, 20, 20};
  double cover[4] = {0, 5, 10, 10};
  double none[4] = {-45, -40, 100, 100};
  for (int index = 0; index < 4; index++) {
    cr_expect_float_eq(region[index], contain[index], 1e-12);
  }
  anima_fit_region(box, 100, 100, ANIMA_FIT_COVER, region);
  for (int index = 0; index < 4; index++) {
    cr_expect_float_eq(region[index], cover[index], 1e-12);
  }
  anima_fit_region(box, 100, 100, ANIMA_FIT_FILL, region);
  for (int index = 0; index < 4; index++) {
    cr_expect_float_eq(region[index], box[index], 0);
  }
  anima_fit_region(box, 100, 100, ANIMA_FIT_NONE, region);
  for (int index = 0; index < 4; index++) {
    cr_expect_float_eq(region[index], none[index], 1e-12);
  }
  cr_expect_eq(anima_fit_region(box, 0, 100, ANIMA_FIT_FILL, region),
               ANIMA_ERROR_INVALID_ARGUMENT);
  double empty[4] = {0, 0, 0, 10};
  cr_expect_eq(anima_fit_region(empty, 10, 10, ANIMA_FIT_FILL, region),
               ANIMA_ERROR_INVALID_ARGUMENT);
}

Test(backend_cairo, scale_rounds_each_dimension) {
  /* --scale 0.5 of 101 × 3: round(50.5) = 51 (ties up), round(1.5) = 2;
   * 0.001 of 100 → round(0.1) = 0 → at least 1. */
  anima_render_options options = {.width = 101, .height = 3, .scale = 0.5};
  int width = 0, height = 0;
  cr_assert_eq(anima_render_size(&options, &width, &height), ANIMA_OK);
  cr_expect_eq(width, 51);
  cr_expect_eq(height, 2);
  options = (anima_render_options){.width = 100, .height = 100, .scale = 0.001};
  cr_assert_eq(anima_render_size(&options, &width, &height), ANIMA_OK);
  cr_expect_eq(width, 1);
  cr_expect_eq(height, 1);
  options.scale = 1.5;
  cr_expect_eq(anima_render_size(&options, &width, &height),
               ANIMA_ERROR_INVALID_ARGUMENT);
  options.scale = -1;
  cr_expect_eq(anima_render_size(&options, &width, &height),
               ANIMA_ERROR_INVALID_ARGUMENT);
  options = (anima_render_options){.width = 0, .height = 10};
  cr_expect_eq(anima_render_size(&options, &width, &height),
               ANIMA_ERROR_INVALID_ARGUMENT);
}

Test(backend_cairo, background_covers_the_letterbox) {
  /* contain of a 10×20 viewBox in 10×10 leaves x < 2.5 outside the
   * viewBox; the background still covers it. */
  fixture f;
  fixture_init(&f, 0, 0, 10, 20);
  anima_render_options options = {.width = 10,
                                  .height = 10,
                                  .fit = ANIMA_FIT_CONTAIN,
                                  .scale = 1,
                                  .has_background = true,
                                  .background = {0, 255, 0, 255}};
  cairo_surface_t *surface =
      cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 10, 10);
  anima_renderer *renderer = NULL;
  anima_renderer_create(NULL, &renderer);
  cr_assert_eq(anima_cairo_render(renderer, &f.frame, &options, surface),
               ANIMA_OK);
  expect_color(probe(surface, 0, 0), options.background, 0, "letterbox");
  /* A surface of the wrong size is refused. */
  options.width = 20;
  cr_expect_eq(anima_cairo_render(renderer, &f.frame, &options, surface),
               ANIMA_ERROR_INVALID_ARGUMENT);
  anima_renderer_destroy(renderer);
  cairo_surface_destroy(surface);
}

Test(backend_cairo, malformed_frames_are_refused) {
  /* A GROUP_BEGIN without its END, and a SHAPE without outline. */
  fixture f;
  fixture_init(&f, 0, 0, 10, 10);
  fixture_group(&f, "g");
  anima_renderer *renderer = NULL;
  anima_renderer_create(NULL, &renderer);
  cairo_surface_t *surface =
      cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 10, 10);
  cairo_t *cr = cairo_create(surface);
  cr_expect_eq(anima_cairo_draw(renderer, &f.frame, cr),
               ANIMA_ERROR_INVALID_ARGUMENT);
  fixture_init(&f, 0, 0, 10, 10);
  fixture_shape(&f, "s", NULL);
  cr_expect_eq(anima_cairo_draw(renderer, &f.frame, cr),
               ANIMA_ERROR_INVALID_ARGUMENT);
  cr_expect_eq(anima_cairo_draw(NULL, &f.frame, cr),
               ANIMA_ERROR_INVALID_ARGUMENT);
  cairo_destroy(cr);
  cairo_surface_destroy(surface);
  anima_renderer_destroy(renderer);
}

Test(backend_cairo, probe_unpremultiplies) {
  /* A pixel painted (255, 0, 0) at alpha 0.5 is stored premultiplied as
   * red 128 (or 127), alpha 128; the probe gives back red 255 (±1) and
   * alpha 128 (±1). Outside the surface is an error. */
  cairo_surface_t *surface =
      cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 2, 2);
  cairo_t *cr = cairo_create(surface);
  cairo_set_source_rgba(cr, 1, 0, 0, 0.5);
  cairo_paint(cr);
  cairo_destroy(cr);
  expect_color(probe(surface, 1, 1), (anima_color){255, 0, 0, 128}, 1,
               "half red");
  anima_color color;
  cr_expect_eq(anima_cairo_probe(surface, 2, 0, &color),
               ANIMA_ERROR_INVALID_ARGUMENT);
  cr_expect_eq(anima_cairo_probe(surface, -1, 0, &color),
               ANIMA_ERROR_INVALID_ARGUMENT);
  cairo_surface_destroy(surface);
}
