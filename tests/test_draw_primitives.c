/*
 * test_draw_primitives.c — render probes of every draw frame v2 primitive
 * in the cairo backend (include/anima/draw.h; composite "Blend modes",
 * "Source masks", "Geometry clips", "Stroke placement", "Sibling draw
 * order"; paint "Gradients", "Angular gradients", "Dashes",
 * "Transform-independent stroke", "Image nodes", "Image wrapping"; mix
 * "Additive blend and strength").
 *
 * Frames are built by hand (draw_fixture.h) on a 10 × 10 viewBox rendered
 * at 10 × 10 pixels, so pixel (x, y) samples the point (x + 0.5, y + 0.5)
 * well inside or outside every edge. Expected colours are derived in the
 * comment next to each probe, or computed by an independent implementation
 * of the formula the spec names (the CSS Compositing formulas for blend
 * modes, written out below from the CSS specification, not from cairo).
 * 8-bit rounding allows ±1 or ±2 where a value passes through
 * premultiplied storage.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>

#include <anima/render_cairo.h>

#include "draw_fixture.h"

static const anima_color red = {255, 0, 0, 255};
static const anima_color green = {0, 255, 0, 255};
static const anima_color blue = {0, 0, 255, 255};
static const anima_color white = {255, 255, 255, 255};
static const anima_color black = {0, 0, 0, 255};
static const anima_color clear = {0, 0, 0, 0};

static cairo_surface_t *render_size(fixture *f, int width, int height) {
  anima_render_options options = {.width = width, .height = height};
  cairo_surface_t *surface =
      cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height);
  anima_renderer *renderer = NULL;
  cr_assert_eq(anima_renderer_create(NULL, &renderer), ANIMA_OK);
  cr_assert_eq(anima_draw_frame_validate(&f->frame), ANIMA_OK,
               "the fixture frame is well-formed");
  cr_assert_eq(anima_cairo_render(renderer, &f->frame, &options, surface),
               ANIMA_OK);
  anima_renderer_destroy(renderer);
  return surface;
}

static cairo_surface_t *render(fixture *f) {
  return render_size(f, 10, 10);
}

static void expect_pixel(cairo_surface_t *surface, int x, int y,
                         anima_color expected, int tolerance,
                         const char *where) {
  anima_color actual = {0, 0, 0, 0};
  cr_assert_eq(anima_cairo_probe(surface, x, y, &actual), ANIMA_OK);
  int channels[4][2] = {{actual.r, expected.r},
                        {actual.g, expected.g},
                        {actual.b, expected.b},
                        {actual.a, expected.a}};
  for (int index = 0; index < 4; index++) {
    cr_expect(abs(channels[index][0] - channels[index][1]) <= tolerance,
              "%s (%d, %d): channel %d is %d, expected %d (rgba %d %d %d %d)",
              where, x, y, index, channels[index][0], channels[index][1],
              actual.r, actual.g, actual.b, actual.a);
  }
}

/* ------------------------------------------------------------------------ */
/* Blend modes: CSS Compositing and Blending Level 1, written out            */
/* ------------------------------------------------------------------------ */

/* B(cb, cs) of a separable mode, channels in 0..1. */
static double separable(anima_blend_mode mode, double cb, double cs) {
  switch (mode) {
  case ANIMA_BLEND_MULTIPLY:
    return cb * cs;
  case ANIMA_BLEND_SCREEN:
    return cb + cs - cb * cs;
  case ANIMA_BLEND_OVERLAY: /* hard-light with the layers swapped */
    return cb <= 0.5 ? 2 * cb * cs : 1 - 2 * (1 - cb) * (1 - cs);
  case ANIMA_BLEND_DARKEN:
    return fmin(cb, cs);
  case ANIMA_BLEND_LIGHTEN:
    return fmax(cb, cs);
  case ANIMA_BLEND_COLOR_DODGE:
    return cb == 0 ? 0 : (cs == 1 ? 1 : fmin(1, cb / (1 - cs)));
  case ANIMA_BLEND_COLOR_BURN:
    return cb == 1 ? 1 : (cs == 0 ? 0 : 1 - fmin(1, (1 - cb) / cs));
  case ANIMA_BLEND_HARD_LIGHT:
    return cs <= 0.5 ? 2 * cb * cs : 1 - 2 * (1 - cb) * (1 - cs);
  case ANIMA_BLEND_SOFT_LIGHT: {
    if (cs <= 0.5) {
      return cb - (1 - 2 * cs) * cb * (1 - cb);
    }
    double d = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : sqrt(cb);
    return cb + (2 * cs - 1) * (d - cb);
  }
  case ANIMA_BLEND_DIFFERENCE:
    return fabs(cb - cs);
  case ANIMA_BLEND_EXCLUSION:
    return cb + cs - 2 * cb * cs;
  default:
    return cs;
  }
}

static double lum(const double c[3]) {
  return 0.3 * c[0] + 0.59 * c[1] + 0.11 * c[2];
}

static void clip_color(double c[3]) {
  double l = lum(c);
  double n = fmin(c[0], fmin(c[1], c[2]));
  double x = fmax(c[0], fmax(c[1], c[2]));
  for (int i = 0; i < 3; i++) {
    if (n < 0) {
      c[i] = l + (c[i] - l) * l / (l - n);
    }
    if (x > 1) {
      c[i] = l + (c[i] - l) * (1 - l) / (x - l);
    }
  }
}

static void set_lum(const double c[3], double l, double out[3]) {
  double d = l - lum(c);
  for (int i = 0; i < 3; i++) {
    out[i] = c[i] + d;
  }
  clip_color(out);
}

static double sat(const double c[3]) {
  return fmax(c[0], fmax(c[1], c[2])) - fmin(c[0], fmin(c[1], c[2]));
}

static void set_sat(const double c[3], double s, double out[3]) {
  int max = 0, min = 0;
  for (int i = 1; i < 3; i++) {
    max = c[i] > c[max] ? i : max;
    min = c[i] < c[min] ? i : min;
  }
  int mid = 3 - max - min;
  if (max == min) {
    out[0] = out[1] = out[2] = 0;
    return;
  }
  double range = c[max] - c[min];
  out[mid] = range > 0 ? (c[mid] - c[min]) * s / range : 0;
  out[max] = range > 0 ? s : 0;
  out[min] = 0;
}

/* B(cb, cs) of any of the 16 CSS modes, channels 0..1. */
static void blend(anima_blend_mode mode, const double cb[3], const double cs[3],
                  double out[3]) {
  double t[3];
  switch (mode) {
  case ANIMA_BLEND_HUE:
    set_sat(cs, sat(cb), t);
    set_lum(t, lum(cb), out);
    return;
  case ANIMA_BLEND_SATURATION:
    set_sat(cb, sat(cs), t);
    set_lum(t, lum(cb), out);
    return;
  case ANIMA_BLEND_COLOR:
    set_lum(cs, lum(cb), out);
    return;
  case ANIMA_BLEND_LUMINOSITY:
    set_lum(cb, lum(cs), out);
    return;
  default:
    for (int i = 0; i < 3; i++) {
      out[i] = separable(mode, cb[i], cs[i]);
    }
  }
}

/* Backdrop (all opaque) then a blended group holding a square over the
 * left half x in [0, 5]. */
static void blend_fixture(fixture *f, anima_color backdrop, anima_color source,
                          anima_blend_mode mode, double strength) {
  fixture_init(f, 0, 0, 10, 10);
  fixture_fill(f, "backdrop", fixture_square(f, 0, 0, 10), backdrop);
  anima_draw_item *group = fixture_group(f, "blended");
  f->groups[group->payload].blend = mode;
  f->groups[group->payload].strength = strength;
  anima_path *left = fixture_path(f);
  anima_path_move_to(left, 0, 0);
  anima_path_line_to(left, 5, 0);
  anima_path_line_to(left, 5, 10);
  anima_path_line_to(left, 0, 10);
  anima_path_close(left);
  fixture_fill(f, "source", left, source);
  fixture_end(f, group);
}

Test(draw_primitives, every_css_blend_mode_follows_the_css_formulas) {
  /* Opaque backdrop cb = (204, 102, 51) = (0.8, 0.4, 0.2) and opaque
   * source cs = (51, 153, 204) = (0.2, 0.6, 0.8): with both opaque the
   * result is B(cb, cs) (CSS Compositing §5.3 with αs = αb = 1). Right of
   * the source only the backdrop shows. A second backdrop (0.1, 0.9, 0.5)
   * with source (0.7, 0.3, 0.6) exercises the other branches, and two
   * pairs of extremes (0 and 1 channels) the edge cases of color-dodge and
   * color-burn (cb = 0 → 0, cs = 1 → 1; cb = 1 → 1, cs = 0 → 0). */
  const anima_color backdrops[4] = {{204, 102, 51, 255},
                                    {26, 230, 128, 255},
                                    {0, 255, 128, 255},
                                    {255, 0, 0, 255}};
  const anima_color sources[4] = {{51, 153, 204, 255},
                                  {179, 77, 153, 255},
                                  {255, 0, 128, 255},
                                  {0, 255, 255, 255}};
  for (int pair = 0; pair < 4; pair++) {
    double cb[3] = {backdrops[pair].r / 255.0, backdrops[pair].g / 255.0,
                    backdrops[pair].b / 255.0};
    double cs[3] = {sources[pair].r / 255.0, sources[pair].g / 255.0,
                    sources[pair].b / 255.0};
    for (int mode = ANIMA_BLEND_NORMAL; mode < ANIMA_BLEND_ADDITIVE; mode++) {
      fixture f;
      blend_fixture(&f, backdrops[pair], sources[pair], (anima_blend_mode)mode,
                    1);
      cairo_surface_t *surface = render(&f);
      double result[3];
      blend((anima_blend_mode)mode, cb, cs, result);
      anima_color expected = {(uint8_t)lround(result[0] * 255),
                              (uint8_t)lround(result[1] * 255),
                              (uint8_t)lround(result[2] * 255), 255};
      char where[64];
      snprintf(where, sizeof where, "mode %d, pair %d", mode, pair);
      expect_pixel(surface, 2, 5, expected, 2, where);
      expect_pixel(surface, 7, 5, backdrops[pair], 0, "backdrop only");
      cairo_surface_destroy(surface);
      fixture_release(&f);
    }
  }
}

Test(draw_primitives, a_translucent_source_mixes_with_the_blend) {
  /* Multiply with source alpha 0.5 over an opaque backdrop: the composite
   * is (1 − αs)·cb + αs·B(cb, cs) (CSS §5.3, αb = 1). cb = (0.8, 0.4, 0.2),
   * cs = (0.2, 0.6, 0.8), B = (0.16, 0.24, 0.16): 0.5·cb + 0.5·B =
   * (0.48, 0.32, 0.18) → (122, 82, 46). */
  fixture f;
  blend_fixture(&f, (anima_color){204, 102, 51, 255},
                (anima_color){51, 153, 204, 255}, ANIMA_BLEND_MULTIPLY, 1);
  f.items[1].opacity = 0.5; /* the group's opacity scales the source */
  f.items[3].opacity = 0.5;
  cairo_surface_t *surface = render(&f);
  expect_pixel(surface, 2, 5, (anima_color){122, 82, 46, 255}, 2, "multiply");
  cairo_surface_destroy(surface);
  fixture_release(&f);
}

Test(draw_primitives, additive_sums_with_its_strength) {
  /* mix chapter: S + D·(1 − Sa·(1 − a)), premultiplied, clamped.
   * D = (100, 50, 20) opaque, S = (100, 100, 100) opaque:
   *   a = 1:   S + D = (200, 150, 120);
   *   a = 0.5: S + D·0.5 = (150, 125, 110);
   *   a = 0:   source-over, S = (100, 100, 100).
   * D = (200, 200, 200), S = (100, 100, 100), a = 1: 300 clamps to 255. */
  struct {
    anima_color backdrop, source;
    double strength;
    anima_color expected;
  } cases[] = {
      {{100, 50, 20, 255}, {100, 100, 100, 255}, 1, {200, 150, 120, 255}},
      {{100, 50, 20, 255}, {100, 100, 100, 255}, 0.5, {150, 125, 110, 255}},
      {{100, 50, 20, 255}, {100, 100, 100, 255}, 0, {100, 100, 100, 255}},
      {{200, 200, 200, 255}, {100, 100, 100, 255}, 1, {255, 255, 255, 255}},
  };
  for (size_t index = 0; index < sizeof cases / sizeof cases[0]; index++) {
    fixture f;
    blend_fixture(&f, cases[index].backdrop, cases[index].source,
                  ANIMA_BLEND_ADDITIVE, cases[index].strength);
    cairo_surface_t *surface = render(&f);
    expect_pixel(surface, 2, 5, cases[index].expected, 1, "additive");
    cairo_surface_destroy(surface);
    fixture_release(&f);
  }
  /* A half-transparent source (200, 200, 200) at alpha 0.5 is (100, 100,
   * 100, 0.5) premultiplied: a = 1 gives (200, 150, 120) with alpha
   * 0.5 + 1 clamped to 1; a = 0 gives S + D·0.5 = (150, 125, 110). */
  double strengths[2] = {1, 0};
  anima_color expected[2] = {{200, 150, 120, 255}, {150, 125, 110, 255}};
  for (int index = 0; index < 2; index++) {
    fixture f;
    blend_fixture(&f, (anima_color){100, 50, 20, 255},
                  (anima_color){200, 200, 200, 128}, ANIMA_BLEND_ADDITIVE,
                  strengths[index]);
    cairo_surface_t *surface = render(&f);
    expect_pixel(surface, 2, 5, expected[index], 2, "translucent additive");
    cairo_surface_destroy(surface);
    fixture_release(&f);
  }
}

Test(draw_primitives, isolation_keeps_blending_inside_the_group) {
  /* Backdrop green; a group holding a red square over the left half and a
   * multiply group with a gray (128) square over everything. Not isolated,
   * the right half multiplies green: (0, 128, 0). Isolated, the gray lands
   * on transparency there (a blend with nothing is the source) and the
   * group then covers green normally: (128, 128, 128). Left, both give
   * multiply(red, gray) = (128, 0, 0). */
  for (int isolate = 0; isolate < 2; isolate++) {
    fixture f;
    fixture_init(&f, 0, 0, 10, 10);
    fixture_fill(&f, "backdrop", fixture_square(&f, 0, 0, 10), green);
    anima_draw_item *outer = fixture_group(&f, "outer");
    f.groups[outer->payload].isolate = isolate;
    anima_path *left = fixture_path(&f);
    anima_path_move_to(left, 0, 0);
    anima_path_line_to(left, 5, 0);
    anima_path_line_to(left, 5, 10);
    anima_path_line_to(left, 0, 10);
    anima_path_close(left);
    fixture_fill(&f, "red", left, red);
    anima_draw_item *multiply = fixture_group(&f, "multiply");
    f.groups[multiply->payload].blend = ANIMA_BLEND_MULTIPLY;
    fixture_fill(&f, "gray", fixture_square(&f, 0, 0, 10),
                 (anima_color){128, 128, 128, 255});
    fixture_end(&f, multiply);
    fixture_end(&f, outer);
    cairo_surface_t *surface = render(&f);
    expect_pixel(surface, 2, 5, (anima_color){128, 0, 0, 255}, 1, "left");
    expect_pixel(surface, 7, 5,
                 isolate ? (anima_color){128, 128, 128, 255}
                         : (anima_color){0, 128, 0, 255},
                 1, isolate ? "isolated" : "not isolated");
    cairo_surface_destroy(surface);
    fixture_release(&f);
  }
}

/* ------------------------------------------------------------------------ */
/* Masks                                                                     */
/* ------------------------------------------------------------------------ */

/* A red square over everything masked by a source that only serves as a
 * source: a square over the left half in `color`. Items: 0 MASK_BEGIN,
 * 1 content, 2 MASK_END, 3 source. */
static void mask_fixture(fixture *f, anima_mask_mode mode, anima_color color,
                         double strength) {
  fixture_init(f, 0, 0, 10, 10);
  anima_draw_item *mask =
      fixture_mask(f, "masked", mode, 3, false, 0, strength);
  fixture_fill(f, "content", fixture_square(f, 0, 0, 10), red);
  fixture_end(f, mask);
  anima_path *left = fixture_path(f);
  anima_path_move_to(left, 0, 0);
  anima_path_line_to(left, 5, 0);
  anima_path_line_to(left, 5, 10);
  anima_path_line_to(left, 0, 10);
  anima_path_close(left);
  fixture_fill(f, "source", left, color)->source_only = true;
}

Test(draw_primitives, alpha_and_luminance_masks) {
  /* alpha, opaque black source on the left: the red shows there only. */
  fixture f;
  mask_fixture(&f, ANIMA_MASK_ALPHA, black, 1);
  cairo_surface_t *surface = render(&f);
  expect_pixel(surface, 2, 5, red, 0, "alpha: covered");
  expect_pixel(surface, 7, 5, clear, 0, "alpha: uncovered");
  cairo_surface_destroy(surface);
  fixture_release(&f);
  /* alpha with a source of alpha 128: red at alpha 128. */
  mask_fixture(&f, ANIMA_MASK_ALPHA, (anima_color){0, 0, 0, 128}, 1);
  surface = render(&f);
  expect_pixel(surface, 2, 5, (anima_color){255, 0, 0, 128}, 1, "half alpha");
  cairo_surface_destroy(surface);
  fixture_release(&f);
  /* luminance of opaque black is 0: nothing shows; of gray 128 it is
   * (0.2125 + 0.7154 + 0.0721)·128 = 128: red at alpha 128. */
  mask_fixture(&f, ANIMA_MASK_LUMINANCE, black, 1);
  surface = render(&f);
  expect_pixel(surface, 2, 5, clear, 0, "luminance of black");
  cairo_surface_destroy(surface);
  fixture_release(&f);
  mask_fixture(&f, ANIMA_MASK_LUMINANCE, (anima_color){128, 128, 128, 255}, 1);
  surface = render(&f);
  expect_pixel(surface, 2, 5, (anima_color){255, 0, 0, 128}, 1,
               "luminance of gray");
  expect_pixel(surface, 7, 5, clear, 0, "no source");
  cairo_surface_destroy(surface);
  fixture_release(&f);
  /* luminance of pure green is 0.7154: alpha round(0.7154·255) = 182. */
  mask_fixture(&f, ANIMA_MASK_LUMINANCE, green, 1);
  surface = render(&f);
  expect_pixel(surface, 2, 5, (anima_color){255, 0, 0, 182}, 1,
               "luminance of green");
  cairo_surface_destroy(surface);
  fixture_release(&f);
  /* strength 0.5 halves an alpha mask's coverage. */
  mask_fixture(&f, ANIMA_MASK_ALPHA, black, 0.5);
  surface = render(&f);
  expect_pixel(surface, 2, 5, (anima_color){255, 0, 0, 128}, 1, "strength");
  cairo_surface_destroy(surface);
  fixture_release(&f);
}

Test(draw_primitives, inverted_masks) {
  /* inverted alpha: opaque source on the left hides the red there and
   * shows it on the right (coverage 1 − α). */
  fixture f;
  mask_fixture(&f, ANIMA_MASK_INVERTED_ALPHA, white, 1);
  cairo_surface_t *surface = render(&f);
  expect_pixel(surface, 2, 5, clear, 0, "inverted alpha: covered");
  expect_pixel(surface, 7, 5, red, 0, "inverted alpha: uncovered");
  cairo_surface_destroy(surface);
  fixture_release(&f);
  /* inverted luminance: white (luminance 1) hides, black (0) shows;
   * gray 128 leaves 1 − 128/255: alpha 127. */
  mask_fixture(&f, ANIMA_MASK_INVERTED_LUMINANCE, white, 1);
  surface = render(&f);
  expect_pixel(surface, 2, 5, clear, 0, "white hides");
  expect_pixel(surface, 7, 5, red, 0, "outside the source");
  cairo_surface_destroy(surface);
  fixture_release(&f);
  mask_fixture(&f, ANIMA_MASK_INVERTED_LUMINANCE, black, 1);
  surface = render(&f);
  expect_pixel(surface, 2, 5, red, 0, "black shows");
  cairo_surface_destroy(surface);
  fixture_release(&f);
  mask_fixture(&f, ANIMA_MASK_INVERTED_LUMINANCE,
               (anima_color){128, 128, 128, 255}, 1);
  surface = render(&f);
  expect_pixel(surface, 2, 5, (anima_color){255, 0, 0, 127}, 1, "gray");
  cairo_surface_destroy(surface);
  fixture_release(&f);
}

Test(draw_primitives, mask_sources_draw_as_they_are_with_their_matrices) {
  /* The source drawn only as a source is not drawn in place (no white on
   * the left); the same source drawn in place as well shows itself there.
   * An invisible source covers nothing: an alpha mask then shows nothing,
   * an inverted one everything. The source in a group moved 5 right (its
   * world matrix) covers the right half instead. */
  fixture f;
  mask_fixture(&f, ANIMA_MASK_INVERTED_ALPHA, white, 1);
  f.items[3].source_only = false;
  cairo_surface_t *surface = render(&f);
  expect_pixel(surface, 2, 5, white, 0, "the source in its place");
  cairo_surface_destroy(surface);
  fixture_release(&f);

  mask_fixture(&f, ANIMA_MASK_ALPHA, black, 1);
  f.items[3].visible = false;
  surface = render(&f);
  expect_pixel(surface, 2, 5, clear, 0, "invisible alpha source");
  cairo_surface_destroy(surface);
  fixture_release(&f);
  mask_fixture(&f, ANIMA_MASK_INVERTED_ALPHA, black, 1);
  f.items[3].visible = false;
  surface = render(&f);
  expect_pixel(surface, 2, 5, red, 0, "invisible inverted source");
  cairo_surface_destroy(surface);
  fixture_release(&f);

  mask_fixture(&f, ANIMA_MASK_ALPHA, black, 1);
  f.items[3].world = (anima_matrix){1, 0, 0, 1, 5, 0};
  surface = render(&f);
  expect_pixel(surface, 2, 5, clear, 0, "moved away");
  expect_pixel(surface, 7, 5, red, 0, "moved here");
  cairo_surface_destroy(surface);
  fixture_release(&f);
}

Test(draw_primitives, knockout_area_mask_cuts_the_grown_cutter_area) {
  /* The knockout primitive: an inverted-alpha mask whose source is the
   * area of a stroked line (width 2, y in [4, 6]) grown by 1 (y in [3, 7])
   * at strength 1. The content (red over everything) shows at row 1 and
   * row 8 and is cut at rows 3..6 (centres 3.5 .. 6.5). */
  fixture f;
  fixture_init(&f, 0, 0, 10, 10);
  anima_draw_item *mask =
      fixture_mask(&f, "cut", ANIMA_MASK_INVERTED_ALPHA, 3, true, 1, 1);
  fixture_fill(&f, "content", fixture_square(&f, 0, 0, 10), red);
  fixture_end(&f, mask);
  fixture_stroke(&f, "cutter", fixture_line(&f, -5, 5, 15, 5), blue, 2);
  cairo_surface_t *surface = render(&f);
  expect_pixel(surface, 5, 1, red, 0, "above");
  expect_pixel(surface, 5, 3, clear, 0, "grown band");
  expect_pixel(surface, 5, 4, blue, 0, "the cutter itself");
  expect_pixel(surface, 5, 8, red, 0, "below");
  cairo_surface_destroy(surface);
  fixture_release(&f);
}

/* ------------------------------------------------------------------------ */
/* Clips                                                                     */
/* ------------------------------------------------------------------------ */

Test(draw_primitives, clips_follow_the_source_outline_and_rule) {
  /* Red everywhere clipped to the source square [2, 8]² placed by its world
   * matrix; with an inner square [4, 6]² in the same direction, evenodd
   * leaves a hole and nonzero does not. The source itself is not drawn
   * (it has no layers). Moved by (2, 0), the clip covers [4, 10] × [2, 8]. */
  for (int rule = 0; rule < 2; rule++) {
    fixture f;
    fixture_init(&f, 0, 0, 10, 10);
    anima_draw_item *clip = fixture_clip(
        &f, "clipped", 3, rule ? ANIMA_FILL_EVENODD : ANIMA_FILL_NONZERO);
    fixture_fill(&f, "content", fixture_square(&f, 0, 0, 10), red);
    fixture_end(&f, clip);
    anima_path *outline = fixture_square(&f, 2, 2, 6);
    anima_path_move_to(outline, 4, 4);
    anima_path_line_to(outline, 6, 4);
    anima_path_line_to(outline, 6, 6);
    anima_path_line_to(outline, 4, 6);
    anima_path_close(outline);
    fixture_shape(&f, "source", outline);
    cairo_surface_t *surface = render(&f);
    expect_pixel(surface, 3, 3, red, 0, "inside the clip");
    expect_pixel(surface, 1, 1, clear, 0, "outside the clip");
    expect_pixel(surface, 5, 5, rule ? clear : red, 0, "the inner square");
    cairo_surface_destroy(surface);
    f.items[3].world = (anima_matrix){1, 0, 0, 1, 2, 0};
    surface = render(&f);
    expect_pixel(surface, 3, 3, clear, 0, "left of the moved clip");
    expect_pixel(surface, 9, 3, red, 0, "inside the moved clip");
    cairo_surface_destroy(surface);
    /* a singular source matrix clips everything away */
    f.items[3].world = (anima_matrix){0, 0, 0, 0, 5, 5};
    surface = render(&f);
    expect_pixel(surface, 5, 5, clear, 0, "empty clip");
    cairo_surface_destroy(surface);
    fixture_release(&f);
  }
}

/* ------------------------------------------------------------------------ */
/* Paints                                                                    */
/* ------------------------------------------------------------------------ */

/* A square over everything filled with paint `kind` whose two stops are
 * red at 0 and blue at 1. Returns the paint. */
static anima_draw_paint *gradient_fixture(fixture *f, anima_paint_kind kind) {
  fixture_init(f, 0, 0, 10, 10);
  anima_draw_item *shape =
      fixture_fill(f, "g", fixture_square(f, 0, 0, 10), black);
  anima_draw_paint *paint =
      fixture_paint_of(f, fixture_layer_of(f, shape, ANIMA_LAYER_FILL));
  paint->kind = kind;
  paint->first_stop = f->frame.stop_count;
  paint->stop_count = 2;
  f->stops[f->frame.stop_count++] =
      (anima_draw_stop){0, {red, ANIMA_COLOR_SOURCE_LITERAL, 0}};
  f->stops[f->frame.stop_count++] =
      (anima_draw_stop){1, {blue, ANIMA_COLOR_SOURCE_LITERAL, 0}};
  return paint;
}

/* Red → blue at t, non-premultiplied. */
static anima_color red_to_blue(double t) {
  t = t < 0 ? 0 : (t > 1 ? 1 : t);
  return (anima_color){(uint8_t)lround(255 * (1 - t)), 0,
                       (uint8_t)lround(255 * t), 255};
}

Test(draw_primitives, linear_gradients_pad_and_transform) {
  /* x1 = 0 → x2 = 10 along y = 0: at pixel x the centre x + 0.5 gives
   * t = (x + 0.5)/10. From 2 to 8, pixel 0 pads red and pixel 9 blue. With
   * gradientTransform rotating 90° (a 0, b 1, c −1, d 0), gradient point
   * (x, y) lands at (−y, x): the gradient runs along y. */
  fixture f;
  anima_draw_paint *paint = gradient_fixture(&f, ANIMA_PAINT_LINEAR);
  paint->x1 = 0, paint->y1 = 0, paint->x2 = 10, paint->y2 = 0;
  cairo_surface_t *surface = render(&f);
  for (int x = 0; x < 10; x += 3) {
    expect_pixel(surface, x, 5, red_to_blue((x + 0.5) / 10), 2, "linear");
  }
  cairo_surface_destroy(surface);
  paint->x1 = 2, paint->x2 = 8;
  surface = render(&f);
  expect_pixel(surface, 0, 5, red, 1, "padded start");
  expect_pixel(surface, 9, 5, blue, 1, "padded end");
  expect_pixel(surface, 4, 5, red_to_blue((4.5 - 2) / 6), 2, "middle");
  cairo_surface_destroy(surface);
  paint->x1 = 0, paint->x2 = 10;
  paint->transform = (anima_matrix){0, 1, -1, 0, 0, 0};
  surface = render(&f);
  expect_pixel(surface, 5, 1, red_to_blue(0.15), 2, "transformed, top");
  expect_pixel(surface, 5, 8, red_to_blue(0.85), 2, "transformed, bottom");
  cairo_surface_destroy(surface);
  fixture_release(&f);
}

Test(draw_primitives, radial_gradients_with_a_focus) {
  /* Centre (5, 5), r 5, focus at the centre: t = distance / 5. Pixel (5, 5)
   * samples (5.5, 5.5), distance √0.5; pixel (9, 5) samples (9.5, 5.5),
   * distance √20.5. With the focus moved to (2, 5), the focal point itself
   * is t = 0 (red) and the circle's far edge still t = 1: pixel (1, 5),
   * (1.5, 5.5), lies between focus and edge on the far side... so only the
   * focal pixel and a pixel outside the circle (padded blue) are probed. */
  fixture f;
  anima_draw_paint *paint = gradient_fixture(&f, ANIMA_PAINT_RADIAL);
  paint->cx = paint->fx = 5, paint->cy = paint->fy = 5, paint->r = 5;
  cairo_surface_t *surface = render(&f);
  expect_pixel(surface, 5, 5, red_to_blue(sqrt(0.5) / 5), 2, "near centre");
  expect_pixel(surface, 9, 5, red_to_blue(sqrt(20.5) / 5), 2, "near edge");
  expect_pixel(surface, 9, 9, blue, 1, "outside: padded");
  cairo_surface_destroy(surface);
  /* Focus (2.5, 5.5), exactly the centre of pixel (2, 5): t = 0 there. */
  paint->fx = 2.5, paint->fy = 5.5;
  surface = render(&f);
  expect_pixel(surface, 2, 5, red, 2, "the focal point");
  expect_pixel(surface, 9, 9, blue, 1, "outside");
  cairo_surface_destroy(surface);
  fixture_release(&f);
}

Test(draw_primitives, conic_gradients_turn_clockwise_from_the_ray) {
  /* Centre (5, 5), initial ray toward (10, 5) (+x): a pixel's centre at
   * angle θ = atan2(dy, dx) (clockwise, y down) has t = θ/2π mod 1
   * (DECISIONS 18, canvas createConicGradient). (9.5, 5.5): θ = atan2(0.5,
   * 4.5); (5.5, 9.5): θ = atan2(4.5, 0.5); (0.5, 5.5): θ = atan2(0.5,
   * −4.5); (5.5, 0.5): θ = atan2(−4.5, 0.5) + 2π. With the ray toward
   * (5, 10) (+y, a quarter turn on) every t drops by 0.25 mod 1. */
  fixture f;
  anima_draw_paint *paint = gradient_fixture(&f, ANIMA_PAINT_CONIC);
  paint->x1 = 5, paint->y1 = 5, paint->x2 = 10, paint->y2 = 5;
  const double pi = 3.14159265358979323846;
  int probes[4][2] = {{9, 5}, {5, 9}, {0, 5}, {5, 0}};
  cairo_surface_t *surface = render(&f);
  for (int index = 0; index < 4; index++) {
    double dx = probes[index][0] + 0.5 - 5, dy = probes[index][1] + 0.5 - 5;
    double t = atan2(dy, dx) / (2 * pi);
    t -= floor(t);
    expect_pixel(surface, probes[index][0], probes[index][1], red_to_blue(t), 1,
                 "conic");
  }
  cairo_surface_destroy(surface);
  paint->x2 = 5, paint->y2 = 10;
  surface = render(&f);
  for (int index = 0; index < 4; index++) {
    double dx = probes[index][0] + 0.5 - 5, dy = probes[index][1] + 0.5 - 5;
    double t = atan2(dy, dx) / (2 * pi) - 0.25;
    t -= floor(t);
    expect_pixel(surface, probes[index][0], probes[index][1], red_to_blue(t), 1,
                 "conic from +y");
  }
  cairo_surface_destroy(surface);
  fixture_release(&f);
}

/* ------------------------------------------------------------------------ */
/* Strokes                                                                   */
/* ------------------------------------------------------------------------ */

/* A horizontal line y = 5 from x = 0 to 10, stroked blue 2 wide (y in
 * [4, 6]), butt caps. */
static anima_draw_item *line_fixture(fixture *f) {
  fixture_init(f, 0, 0, 10, 10);
  return fixture_stroke(f, "line", fixture_line(f, 0, 5, 10, 5), blue, 2);
}

Test(draw_primitives, dashes_with_offsets_and_odd_arrays) {
  /* [2, 2]: dashes on x in [0, 2], [4, 6], [8, 10]. Offset 1 starts the
   * pattern 1 in: [0, 1], [3, 5], [7, 9]. [3] repeats as [3, 3]: [0, 3],
   * [6, 9]. */
  fixture f;
  anima_draw_item *line = line_fixture(&f);
  anima_draw_stroke *stroke = fixture_stroke_of(&f, line);
  f.dashes[0] = 2, f.dashes[1] = 2;
  f.frame.dash_count = 2;
  stroke->first_dash = 0, stroke->dash_count = 2;
  cairo_surface_t *surface = render(&f);
  int on[] = {1, 5, 9}, off[] = {3, 7};
  for (int i = 0; i < 3; i++) {
    expect_pixel(surface, on[i], 5, blue, 0, "dash");
  }
  for (int i = 0; i < 2; i++) {
    expect_pixel(surface, off[i], 5, clear, 0, "gap");
  }
  cairo_surface_destroy(surface);
  stroke->dash_offset = 1;
  surface = render(&f);
  expect_pixel(surface, 0, 5, blue, 0, "offset dash");
  expect_pixel(surface, 1, 5, clear, 0, "offset gap");
  expect_pixel(surface, 3, 5, blue, 0, "offset dash");
  expect_pixel(surface, 5, 5, clear, 0, "offset gap");
  cairo_surface_destroy(surface);
  stroke->dash_offset = 0;
  f.dashes[0] = 3;
  stroke->dash_count = 1;
  surface = render(&f);
  expect_pixel(surface, 1, 5, blue, 0, "odd: dash");
  expect_pixel(surface, 4, 5, clear, 0, "odd: gap");
  expect_pixel(surface, 7, 5, blue, 0, "odd: repeated dash");
  cairo_surface_destroy(surface);
  /* A partial trim wins over the dashes: trimEnd 0.5 draws [0, 5] solid. */
  fixture_trim(&f, line, 0, 0.5, 0);
  surface = render(&f);
  expect_pixel(surface, 4, 5, blue, 0, "trim, not dashes");
  expect_pixel(surface, 7, 5, clear, 0, "trimmed away");
  cairo_surface_destroy(surface);
  fixture_release(&f);
}

Test(draw_primitives, fixed_strokes_keep_their_width_in_output_pixels) {
  /* Rendered at 20 × 20, one unit is 2 pixels: the normal stroke (2 units)
   * covers rows 8..11 (y in [8, 12] px), the fixed one 2 pixels, rows 9
   * and 10 (y in [9, 11]). Under a world scale of 3 in y about y = 5 the
   * normal stroke grows to 12 pixels, the fixed one stays 2. */
  fixture f;
  anima_draw_item *line = line_fixture(&f);
  cairo_surface_t *surface = render_size(&f, 20, 20);
  expect_pixel(surface, 10, 8, blue, 0, "normal, row 8");
  expect_pixel(surface, 10, 11, blue, 0, "normal, row 11");
  cairo_surface_destroy(surface);
  fixture_stroke_of(&f, line)->fixed = true;
  surface = render_size(&f, 20, 20);
  expect_pixel(surface, 10, 8, clear, 0, "fixed, row 8");
  expect_pixel(surface, 10, 9, blue, 0, "fixed, row 9");
  expect_pixel(surface, 10, 10, blue, 0, "fixed, row 10");
  expect_pixel(surface, 10, 11, clear, 0, "fixed, row 11");
  cairo_surface_destroy(surface);
  line->world = (anima_matrix){1, 0, 0, 3, 0, -10};
  surface = render_size(&f, 20, 20);
  expect_pixel(surface, 10, 8, clear, 0, "fixed under scale, row 8");
  expect_pixel(surface, 10, 9, blue, 0, "fixed under scale, row 9");
  cairo_surface_destroy(surface);
  fixture_release(&f);
}

Test(draw_primitives, inside_and_outside_strokes) {
  /* A square [2, 8]² stroked 2 wide: inside, the doubled width 4 clipped to
   * the square leaves the band x in [2, 4] inside; outside, the doubled
   * stroke minus the filled square leaves x in [0, 2] outside. Pixel 3
   * (centre 3.5) is in the inside band, pixel 1 in the outside one, pixel
   * 5 in neither. */
  for (int placement = ANIMA_STROKE_INSIDE; placement <= ANIMA_STROKE_OUTSIDE;
       placement++) {
    fixture f;
    fixture_init(&f, 0, 0, 10, 10);
    anima_draw_item *shape =
        fixture_stroke(&f, "s", fixture_square(&f, 2, 2, 6), blue, 2);
    fixture_stroke_of(&f, shape)->placement = (anima_stroke_placement)placement;
    cairo_surface_t *surface = render(&f);
    bool inside = placement == ANIMA_STROKE_INSIDE;
    expect_pixel(surface, 3, 5, inside ? blue : clear, 0, "inner band");
    expect_pixel(surface, 1, 5, inside ? clear : blue, 0, "outer band");
    expect_pixel(surface, 5, 5, clear, 0, "middle");
    cairo_surface_destroy(surface);
    fixture_release(&f);
  }
}

Test(draw_primitives, shape_layers_paint_in_order_as_one_layer) {
  /* Ordered paints: a blue fill, then a red fill on top (the later layer
   * wins), at opacity 0.5 as one layer: red at alpha 128, not a mix. An
   * invisible layer paints nothing: hiding the red leaves blue. */
  fixture f;
  fixture_init(&f, 0, 0, 10, 10);
  anima_draw_item *shape =
      fixture_fill(&f, "s", fixture_square(&f, 0, 0, 10), blue);
  anima_draw_layer *top = fixture_fill_layer(&f, shape, red);
  shape->opacity = 0.5;
  cairo_surface_t *surface = render(&f);
  expect_pixel(surface, 5, 5, (anima_color){255, 0, 0, 128}, 1, "top layer");
  cairo_surface_destroy(surface);
  top->visible = false;
  surface = render(&f);
  expect_pixel(surface, 5, 5, (anima_color){0, 0, 255, 128}, 1, "hidden top");
  cairo_surface_destroy(surface);
  fixture_release(&f);
}

/*
 * Layer blends (draw.h anima_draw_layer `blend`; mix "Per-paint blend
 * override"): a blended layer composites onto the shape's earlier layers
 * over what is below; under an opacity the layers are isolated. Backdrop
 * cb = (204, 102, 51) = (0.8, 0.4, 0.2); P = (51, 153, 204) = (0.2, 0.6,
 * 0.8); Q = (204, 102, 51) again as a layer.
 */
Test(draw_primitives, layer_blends_composite_onto_earlier_layers) {
  const anima_color backdrop = {204, 102, 51, 255};
  const anima_color p = {51, 153, 204, 255};
  /* 1. P multiply over the backdrop: cb·cs = (0.16, 0.24, 0.16) →
   *    (40.8, 61.2, 40.8) → (41, 61, 41). */
  /* 2. P normal, then Q multiply: Q's backdrop is P (the earlier layer),
   *    not the backdrop: (0.2·0.8, 0.6·0.4, 0.8·0.2) = (0.16, 0.24, 0.16),
   *    the same (41, 61, 41); over the backdrop it would be (0.64, 0.16,
   *    0.04) → (163, 41, 10). */
  /* 3. As 1 at opacity 0.5: isolated, P multiplies with nothing and is P;
   *    then 0.5·P + 0.5·cb = (127.5, 127.5, 127.5). */
  /* 4. As 1 with the layer NORMAL: plain P. */
  for (int scene = 1; scene <= 4; scene++) {
    fixture f;
    fixture_init(&f, 0, 0, 10, 10);
    fixture_fill(&f, "backdrop", fixture_square(&f, 0, 0, 10), backdrop);
    anima_draw_item *shape =
        fixture_fill(&f, "s", fixture_square(&f, 0, 0, 10), p);
    anima_draw_layer *first = &f.layers[f.shapes[shape->payload].first_layer];
    anima_color expected = {41, 61, 41, 255};
    if (scene == 2) {
      fixture_fill_layer(&f, shape, backdrop)->blend = ANIMA_BLEND_MULTIPLY;
    } else if (scene != 4) {
      first->blend = ANIMA_BLEND_MULTIPLY;
    } else {
      expected = p;
    }
    if (scene == 3) {
      shape->opacity = 0.5;
      expected = (anima_color){128, 128, 128, 255};
    }
    cairo_surface_t *surface = render(&f);
    expect_pixel(surface, 5, 5, expected, 1, "layer blend");
    cairo_surface_destroy(surface);
    fixture_release(&f);
  }
}

Test(draw_primitives, additive_layers_use_their_amount) {
  /* mix: S + D·(1 − Sa·(1 − a)). D = (100, 50, 20), S = (100, 100, 100):
   * a = 1: (200, 150, 120); a = 0.5: S + 0.5·D = (150, 125, 110); a = 0:
   * S. A stroke layer (width 4 on the square's edge x = 0..10, y = 5:
   * covering x 8..12 on the right edge) is blended the same way: probe
   * (9, 5) inside both the fill and the stroke with a = 1 on the stroke
   * only: fill S over D is S = 100, then the stroke adds S: (200, 200,
   * 200). */
  double amounts[3] = {1, 0.5, 0};
  anima_color expected[3] = {
      {200, 150, 120, 255}, {150, 125, 110, 255}, {100, 100, 100, 255}};
  for (int index = 0; index < 3; index++) {
    fixture f;
    fixture_init(&f, 0, 0, 10, 10);
    fixture_fill(&f, "d", fixture_square(&f, 0, 0, 10),
                 (anima_color){100, 50, 20, 255});
    anima_draw_item *shape = fixture_fill(&f, "s", fixture_square(&f, 0, 0, 10),
                                          (anima_color){100, 100, 100, 255});
    anima_draw_layer *layer = &f.layers[f.shapes[shape->payload].first_layer];
    layer->blend = ANIMA_BLEND_ADDITIVE;
    layer->blend_amount = amounts[index];
    cairo_surface_t *surface = render(&f);
    expect_pixel(surface, 5, 5, expected[index], 1, "additive layer");
    cairo_surface_destroy(surface);
    fixture_release(&f);
  }
  fixture f;
  fixture_init(&f, 0, 0, 10, 10);
  fixture_fill(&f, "d", fixture_square(&f, 0, 0, 10),
               (anima_color){100, 50, 20, 255});
  anima_draw_item *shape = fixture_fill(&f, "s", fixture_square(&f, 0, 0, 10),
                                        (anima_color){100, 100, 100, 255});
  anima_draw_layer *stroke =
      fixture_stroke_layer(&f, shape, (anima_color){100, 100, 100, 255}, 4);
  stroke->blend = ANIMA_BLEND_ADDITIVE;
  stroke->blend_amount = 1;
  cairo_surface_t *surface = render(&f);
  expect_pixel(surface, 9, 5, (anima_color){200, 200, 200, 255}, 1,
               "additive stroke over its fill");
  expect_pixel(surface, 5, 5, (anima_color){100, 100, 100, 255}, 1,
               "the fill alone");
  cairo_surface_destroy(surface);
  fixture_release(&f);
}

/* ------------------------------------------------------------------------ */
/* Paint order                                                               */
/* ------------------------------------------------------------------------ */

Test(draw_primitives, the_order_array_decides_what_is_on_top) {
  /* Items: red square, blue square over it. In item order blue is on top;
   * an order listing [blue, red] paints red last (composite "Sibling draw
   * order": "after" paints later, on top). */
  fixture f;
  fixture_init(&f, 0, 0, 10, 10);
  fixture_fill(&f, "red", fixture_square(&f, 0, 0, 10), red);
  fixture_fill(&f, "blue", fixture_square(&f, 0, 0, 10), blue);
  cairo_surface_t *surface = render(&f);
  expect_pixel(surface, 5, 5, blue, 0, "item order");
  cairo_surface_destroy(surface);
  size_t order[2] = {1, 0};
  f.frame.order = order;
  f.frame.order_count = 2;
  f.frame.first_root = 0;
  f.frame.root_count = 2;
  surface = render(&f);
  expect_pixel(surface, 5, 5, red, 0, "reordered");
  cairo_surface_destroy(surface);
  /* An order that lists a child twice is malformed. */
  order[1] = 1;
  cr_expect_eq(anima_draw_frame_validate(&f.frame),
               ANIMA_ERROR_INVALID_ARGUMENT);
  fixture_release(&f);
}

/* ------------------------------------------------------------------------ */
/* Images and meshes (generated pixel data)                                  */
/* ------------------------------------------------------------------------ */

/* 2 × 2 pixels: red, green / blue, white (RGBA, non-premultiplied). */
static const uint8_t quadrants[16] = {255, 0, 0,   255, 0,   255, 0,   255,
                                      0,   0, 255, 255, 255, 255, 255, 255};

static anima_draw_pixels quadrant_pixels(void) {
  return (anima_draw_pixels){quadrants, 2, 2, 8, NULL};
}

static anima_draw_image *image_fixture(fixture *f, double dest_size,
                                       anima_image_wrap wrap,
                                       anima_image_sampling sampling) {
  fixture_init(f, 0, 0, 10, 10);
  anima_draw_item *item = fixture_item(f, ANIMA_DRAW_IMAGE, "image");
  item->payload = f->frame.image_count++;
  anima_draw_image *image = &f->images[item->payload];
  *image = (anima_draw_image){
      .pixels = quadrant_pixels(),
      .box = {0, 0, 10, 10},
      .dest = {0, 0, dest_size, dest_size},
      .source = {0, 0, 2, 2},
      .sampling = sampling,
      .wrap_x = wrap,
      .wrap_y = wrap,
  };
  return image;
}

Test(draw_primitives, images_place_their_source_rectangle_in_the_box) {
  /* The 2 × 2 image on dest [0, 10]²: each texel covers 5 × 5 units.
   * Nearest: pixel (2, 2) red, (7, 2) green, (2, 7) blue, (7, 7) white. */
  fixture f;
  image_fixture(&f, 10, ANIMA_WRAP_NONE, ANIMA_SAMPLING_NEAREST);
  cairo_surface_t *surface = render(&f);
  expect_pixel(surface, 2, 2, red, 0, "top left");
  expect_pixel(surface, 7, 2, green, 0, "top right");
  expect_pixel(surface, 2, 7, blue, 0, "bottom left");
  expect_pixel(surface, 7, 7, white, 0, "bottom right");
  cairo_surface_destroy(surface);
  /* Bilinear at pixel (4, 2), centre (4.5, 2.5): texel coordinates (0.9,
   * 0.5), less the half texel (0.4, 0): 0.6 red + 0.4 green, row 0 only:
   * (153, 102, 0). */
  f.images[0].sampling = ANIMA_SAMPLING_BILINEAR;
  surface = render(&f);
  expect_pixel(surface, 4, 2, (anima_color){153, 102, 0, 255}, 1, "bilinear");
  expect_pixel(surface, 0, 0, red, 0, "an edge pads");
  cairo_surface_destroy(surface);
  /* Only the source rectangle's right column [1, 2] × [0, 2]: green over
   * the top half, white below. */
  f.images[0].source[0] = 1;
  f.images[0].source[2] = 1;
  f.images[0].sampling = ANIMA_SAMPLING_NEAREST;
  surface = render(&f);
  expect_pixel(surface, 2, 2, green, 0, "source rect, top");
  expect_pixel(surface, 2, 7, white, 0, "source rect, bottom");
  cairo_surface_destroy(surface);
  fixture_release(&f);
}

Test(draw_primitives, image_wrapping) {
  /* dest [0, 4]²: a texel is 2 units. Pixel x samples texel column
   * floor((x + 0.5)/2) = floor(x/2 + 0.25): x = 1 → 0, x = 3 → 1, x = 5 →
   * 2, x = 7 → 3, x = 9 → 4.
   * none: nothing beyond 4 units.
   * repeat: column c wraps to c mod 2: 2 → 0 (red on row 1), 3 → 1 (green).
   * mirror: period 4, columns 2, 3 reflect to 1, 0: green, red.
   * clamp: columns past the last stay 1: green. */
  struct {
    anima_image_wrap wrap;
    anima_color at5, at7;
  } cases[] = {
      {ANIMA_WRAP_NONE, clear, clear},
      {ANIMA_WRAP_REPEAT, red, green},
      {ANIMA_WRAP_MIRROR, green, red},
      {ANIMA_WRAP_CLAMP, green, green},
  };
  for (size_t index = 0; index < 4; index++) {
    fixture f;
    image_fixture(&f, 4, cases[index].wrap, ANIMA_SAMPLING_NEAREST);
    cairo_surface_t *surface = render(&f);
    expect_pixel(surface, 1, 1, red, 0, "first tile");
    expect_pixel(surface, 3, 1, green, 0, "first tile");
    expect_pixel(surface, 5, 1, cases[index].at5, 0, "column 2");
    expect_pixel(surface, 7, 1, cases[index].at7, 0, "column 3");
    cairo_surface_destroy(surface);
    fixture_release(&f);
  }
  /* Wrap per axis: repeat across, none down. Row 5 (centre 5.5) is past
   * the fitted rectangle's 4 units: nothing there. */
  fixture f;
  anima_draw_image *image =
      image_fixture(&f, 4, ANIMA_WRAP_REPEAT, ANIMA_SAMPLING_NEAREST);
  image->wrap_y = ANIMA_WRAP_NONE;
  cairo_surface_t *surface = render(&f);
  expect_pixel(surface, 5, 1, red, 0, "repeated across");
  expect_pixel(surface, 1, 5, clear, 0, "not down");
  cairo_surface_destroy(surface);
  fixture_release(&f);
}

Test(draw_primitives, meshes_map_their_triangles_affinely) {
  /* Two triangles covering [0, 10]² with texture coordinates at the
   * corners: the image stretched over the square, nearest. Pixel (4, 4)
   * sits right on the shared diagonal: it is covered (alpha 255), no seam.
   * Swapping u of the right corners (u = 0 there, 1 on the left) mirrors
   * the image. */
  fixture f;
  fixture_init(&f, 0, 0, 10, 10);
  anima_draw_item *item = fixture_item(&f, ANIMA_DRAW_MESH, "mesh");
  item->payload = f.frame.mesh_count++;
  anima_draw_vertex corners[4] = {
      {0, 0, 0, 0}, {10, 0, 1, 0}, {10, 10, 1, 1}, {0, 10, 0, 1}};
  uint32_t triangles[6] = {0, 1, 2, 0, 2, 3};
  for (int i = 0; i < 4; i++) {
    f.vertices[i] = corners[i];
  }
  for (int i = 0; i < 6; i++) {
    f.indices[i] = triangles[i];
  }
  f.frame.vertex_count = 4;
  f.frame.index_count = 6;
  f.meshes[0] = (anima_draw_mesh){.pixels = quadrant_pixels(),
                                  .sampling = ANIMA_SAMPLING_NEAREST,
                                  .first_vertex = 0,
                                  .vertex_count = 4,
                                  .first_index = 0,
                                  .index_count = 6};
  cairo_surface_t *surface = render(&f);
  expect_pixel(surface, 2, 2, red, 0, "top left");
  expect_pixel(surface, 7, 2, green, 0, "top right");
  expect_pixel(surface, 2, 7, blue, 0, "bottom left");
  expect_pixel(surface, 7, 7, white, 0, "bottom right");
  expect_pixel(surface, 4, 4, red, 1, "on the diagonal");
  cairo_surface_destroy(surface);
  f.vertices[0].u = f.vertices[3].u = 1;
  f.vertices[1].u = f.vertices[2].u = 0;
  surface = render(&f);
  expect_pixel(surface, 2, 2, green, 0, "mirrored top left");
  expect_pixel(surface, 7, 7, blue, 0, "mirrored bottom right");
  cairo_surface_destroy(surface);
  /* An index past the mesh's vertices is malformed. */
  f.indices[5] = 4;
  cr_expect_eq(anima_draw_frame_validate(&f.frame),
               ANIMA_ERROR_INVALID_ARGUMENT);
  fixture_release(&f);
}

Test(draw_primitives, meshes_with_one_texture_point_draw_its_texel) {
  /* Every vertex at one texture point (an OpenBone shape's zero uvs, a flat
   * colour): the whole square shows the texel there, nearest. (0, 0) is the
   * top-left corner of texel (0, 0), red; (1, 1) is the far corner, in
   * texel (1, 1) (an edge pads), white. Before, the map's linear part was
   * zero, which cairo refuses as a pattern matrix: nothing was drawn and
   * the frame failed. */
  fixture f;
  fixture_init(&f, 0, 0, 10, 10);
  anima_draw_item *item = fixture_item(&f, ANIMA_DRAW_MESH, "mesh");
  item->payload = f.frame.mesh_count++;
  anima_draw_vertex corners[4] = {
      {0, 0, 0, 0}, {10, 0, 0, 0}, {10, 10, 0, 0}, {0, 10, 0, 0}};
  uint32_t triangles[6] = {0, 1, 2, 0, 2, 3};
  for (int i = 0; i < 4; i++) {
    f.vertices[i] = corners[i];
  }
  for (int i = 0; i < 6; i++) {
    f.indices[i] = triangles[i];
  }
  f.frame.vertex_count = 4;
  f.frame.index_count = 6;
  f.meshes[0] = (anima_draw_mesh){.pixels = quadrant_pixels(),
                                  .sampling = ANIMA_SAMPLING_NEAREST,
                                  .first_vertex = 0,
                                  .vertex_count = 4,
                                  .first_index = 0,
                                  .index_count = 6};
  cairo_surface_t *surface = render(&f);
  expect_pixel(surface, 2, 2, red, 0, "one point, top left");
  expect_pixel(surface, 7, 7, red, 0, "one point, bottom right");
  cairo_surface_destroy(surface);
  for (int i = 0; i < 4; i++) {
    f.vertices[i].u = f.vertices[i].v = 1;
  }
  surface = render(&f);
  expect_pixel(surface, 2, 2, white, 0, "far corner, top left");
  expect_pixel(surface, 7, 7, white, 0, "far corner, bottom right");
  cairo_surface_destroy(surface);
  fixture_release(&f);
}

/* The square [0, 10]² as two triangles sharing the diagonal (0, 0)–(10,
 * 10), texture corners at its corners, every vertex coloured `color`. */
static void colored_quad(fixture *f, anima_draw_pixels pixels,
                         anima_color colors[4], anima_color color) {
  fixture_init(f, 0, 0, 10, 10);
  anima_draw_item *item = fixture_item(f, ANIMA_DRAW_MESH, "mesh");
  item->payload = f->frame.mesh_count++;
  anima_draw_vertex corners[4] = {
      {0, 0, 0, 0}, {10, 0, 1, 0}, {10, 10, 1, 1}, {0, 10, 0, 1}};
  uint32_t triangles[6] = {0, 1, 2, 0, 2, 3};
  for (int i = 0; i < 4; i++) {
    f->vertices[i] = corners[i];
    colors[i] = color;
  }
  for (int i = 0; i < 6; i++) {
    f->indices[i] = triangles[i];
  }
  f->frame.vertex_count = 4;
  f->frame.index_count = 6;
  f->frame.vertex_colors = colors;
  f->meshes[0] = (anima_draw_mesh){.pixels = pixels,
                                   .sampling = ANIMA_SAMPLING_NEAREST,
                                   .vertex_count = 4,
                                   .index_count = 6};
}

Test(draw_primitives, vertex_colours_multiply_the_texels) {
  /* draw.h vertex_colors: texel × colour per straight channel. The
   * quadrants red, green / blue, white times (255, 128, 0): red stays red,
   * green becomes (0, 128, 0), blue black, white (255, 128, 0). */
  fixture f;
  anima_color colors[4];
  colored_quad(&f, quadrant_pixels(), colors, (anima_color){255, 128, 0, 255});
  cairo_surface_t *surface = render(&f);
  expect_pixel(surface, 2, 2, red, 0, "red × orange");
  expect_pixel(surface, 7, 2, (anima_color){0, 128, 0, 255}, 1,
               "green × orange");
  expect_pixel(surface, 2, 7, black, 0, "blue × orange");
  expect_pixel(surface, 7, 7, (anima_color){255, 128, 0, 255}, 1,
               "white × orange");
  cairo_surface_destroy(surface);
  /* A translucent colour (alpha 128) is painted once: the pixel on the
   * diagonal both triangles share has alpha 128 like the others, not
   * 1 − (1 − 128/255)² ≈ 192 as two overlapping triangles would give. */
  colored_quad(&f, quadrant_pixels(), colors,
               (anima_color){255, 255, 255, 128});
  surface = render(&f);
  expect_pixel(surface, 2, 2, (anima_color){255, 0, 0, 128}, 1, "red, half");
  expect_pixel(surface, 4, 4, (anima_color){255, 0, 0, 128}, 1,
               "on the diagonal, half");
  expect_pixel(surface, 7, 7, (anima_color){255, 255, 255, 128}, 1,
               "white, half");
  cairo_surface_destroy(surface);
  /* Opaque white changes nothing: the quadrants as they are. */
  colored_quad(&f, quadrant_pixels(), colors, white);
  surface = render(&f);
  expect_pixel(surface, 7, 2, green, 0, "white vertices");
  cairo_surface_destroy(surface);
  fixture_release(&f);
}

Test(draw_primitives, vertex_colours_interpolate_across_a_triangle) {
  /* One white texel; the triangle (0, 0) red, (10, 0) green, (0, 10)
   * blue. Pixel (x, y) is sampled at its centre (x + ½, y + ½), whose
   * barycentric weights are (1 − (x + y + 1)/10, (x + ½)/10, (y + ½)/10):
   * pixel (2, 2) (½, ¼, ¼) ⇒ (127.5, 63.75, 63.75); pixel (0, 0)
   * (0.9, 0.05, 0.05) ⇒ (229.5, 12.75, 12.75); pixel (6, 1) (0.2, 0.65,
   * 0.15) ⇒ (51, 165.75, 38.25). Past the hypotenuse, nothing. */
  static const uint8_t one_white[4] = {255, 255, 255, 255};
  fixture f;
  anima_color colors[4];
  colored_quad(&f, (anima_draw_pixels){one_white, 1, 1, 4, NULL}, colors,
               white);
  colors[0] = red;
  colors[1] = green;
  colors[3] = blue;
  f.meshes[0].index_count = 3;
  f.indices[2] = 3; /* the triangle 0, 1, 3 */
  cairo_surface_t *surface = render(&f);
  expect_pixel(surface, 2, 2, (anima_color){128, 64, 64, 255}, 1, "centre");
  expect_pixel(surface, 0, 0, (anima_color){230, 13, 13, 255}, 1, "near red");
  expect_pixel(surface, 6, 1, (anima_color){51, 166, 38, 255}, 1,
               "toward green");
  expect_pixel(surface, 8, 8, clear, 0, "outside");
  cairo_surface_destroy(surface);
  fixture_release(&f);
}

Test(draw_primitives, image_paints_tile_pattern_space) {
  /* A square over everything filled with the image as a pattern, each
   * pixel 2.5 units (transform scale 2.5), repeated: pixel (1, 1) samples
   * pattern (0.6, 0.6) → red, (3, 1) (1.4, 0.6) → green, (6, 1) (2.6,
   * 0.6) → column 2 → red again; without wrap, nothing beyond 5 units. */
  fixture f;
  fixture_init(&f, 0, 0, 10, 10);
  anima_draw_item *shape =
      fixture_fill(&f, "s", fixture_square(&f, 0, 0, 10), black);
  anima_draw_paint *paint =
      fixture_paint_of(&f, fixture_layer_of(&f, shape, ANIMA_LAYER_FILL));
  paint->kind = ANIMA_PAINT_IMAGE;
  paint->pixels = quadrant_pixels();
  paint->sampling = ANIMA_SAMPLING_NEAREST;
  paint->wrap_x = paint->wrap_y = ANIMA_WRAP_REPEAT;
  paint->transform = (anima_matrix){2.5, 0, 0, 2.5, 0, 0};
  cairo_surface_t *surface = render(&f);
  expect_pixel(surface, 1, 1, red, 0, "pattern red");
  expect_pixel(surface, 3, 1, green, 0, "pattern green");
  expect_pixel(surface, 6, 1, red, 0, "repeated");
  cairo_surface_destroy(surface);
  paint->wrap_x = paint->wrap_y = ANIMA_WRAP_NONE;
  surface = render(&f);
  expect_pixel(surface, 1, 1, red, 0, "one copy");
  expect_pixel(surface, 6, 1, clear, 0, "no repeat");
  cairo_surface_destroy(surface);
  fixture_release(&f);
}
