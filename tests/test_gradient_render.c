/*
 * test_gradient_render.c — render probes of gradients and colour mixes
 * (SPEC paint chapter "Gradients", "Angular gradients and affine gradient
 * transforms"; §6 "Optional slot mixing"; DECISIONS 18): each document is
 * drawn by the cairo backend into a PNG, read back, and the pixels at
 * chosen points compared with colours derived by hand in the comments
 * (written before the output was looked at). Then the same frame's SVG
 * (static, and live where it differs) is shown by headless Chromium and
 * its pixels at the same points must agree with cairo's within
 * CHROMIUM_TOLERANCE (skipped, with a warning, without Chromium).
 *
 * Geometry: viewBox 0 0 24 24 drawn at 240 × 240 on white, so pixel
 * (px, py) samples the grid point c(p) = (p + 0.5) / 10 — its centre — for
 * gradients (cairo and Skia evaluate a gradient at pixel centres). Every
 * probe lies inside a shape, at least 0.5 from any edge. Tolerances: 1 for
 * a colour derived exactly (cairo's 8-bit rounding), 2 where an 8-bit
 * composite over white rounds twice.
 */
#include <cairo.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <anima/render.h>
#include <anima/render_cairo.h>

#include "test_paint_fixture.h"

#define CHROMIUM_TOLERANCE 4

static paint_fixture f;

static void setup(void) {
  f = paint_runtime(true);
  paint_load_module(&f, "colormix");
}

static void teardown(void) {
  paint_release(&f);
}

TestSuite(gradient_render, .init = setup, .fini = teardown);

typedef struct probe {
  int px, py; /* pixel */
  anima_color expected;
  int tolerance;
  const char *what;
} probe;

/* An opaque PNG may come back as RGB24: copy it into ARGB32 for
 * anima_cairo_probe. */
static cairo_surface_t *read_png(const char *path) {
  cairo_surface_t *read = cairo_image_surface_create_from_png(path);
  cr_assert_eq(cairo_surface_status(read), CAIRO_STATUS_SUCCESS, "%s", path);
  int width = cairo_image_surface_get_width(read);
  int height = cairo_image_surface_get_height(read);
  cairo_surface_t *image =
      cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create(image);
  cairo_set_source_surface(cr, read, 0, 0);
  cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE);
  cairo_paint(cr);
  cairo_destroy(cr);
  cairo_surface_destroy(read);
  cairo_surface_flush(image);
  return image;
}

static const anima_render_options options = {
    .width = 240,
    .height = 240,
    .has_background = true,
    .background = {255, 255, 255, 255}};

static bool near(anima_color a, anima_color b, int tolerance) {
  return abs(a.r - b.r) <= tolerance && abs(a.g - b.g) <= tolerance &&
         abs(a.b - b.b) <= tolerance && abs(a.a - b.a) <= tolerance;
}

static anima_color pixel(cairo_surface_t *image, int x, int y) {
  anima_color color;
  cr_assert_eq(anima_cairo_probe(image, x, y, &color), ANIMA_OK);
  return color;
}

/* The Chromium executable, or NULL. */
static const char *chromium(void) {
  static const char *const candidates[] = {"/usr/bin/chromium",
                                           "/usr/bin/chromium-browser"};
  for (size_t i = 0; i < 2; i++) {
    if (access(candidates[i], X_OK) == 0) {
      return candidates[i];
    }
  }
  return NULL;
}

/* Chromium's 240 × 240 screenshot of `svg` (a page showing it as an image
 * filling the viewport), or NULL when Chromium is missing. */
static cairo_surface_t *chromium_shot(const char *svg, const char *name) {
  const char *browser = chromium();
  if (!browser) {
    cr_log_warn("Chromium is not installed: %s not compared", name);
    return NULL;
  }
  char directory[] = "/tmp/anima-gradient-XXXXXX";
  cr_assert_not_null(mkdtemp(directory));
  char path[512], page[512], shot[512], command[2048];
  snprintf(path, sizeof path, "%s/%s.svg", directory, name);
  snprintf(page, sizeof page, "%s/page.html", directory);
  snprintf(shot, sizeof shot, "%s/shot.png", directory);
  FILE *file = fopen(path, "w");
  cr_assert_not_null(file);
  fputs(svg, file);
  fclose(file);
  file = fopen(page, "w");
  cr_assert_not_null(file);
  fprintf(file,
          "<!doctype html><html><head><style>html,body{margin:0;padding:0;"
          "background:#fff;overflow:hidden}img{display:block;width:240px;"
          "height:240px}</style></head><body><img src=\"%s.svg\"></body>"
          "</html>\n",
          name);
  fclose(file);
  snprintf(command, sizeof command,
           "timeout 120 %s --headless --no-sandbox --disable-gpu "
           "--hide-scrollbars --force-device-scale-factor=1 "
           "--window-size=240,240 --no-first-run --disable-sync "
           "--disable-background-networking --disable-component-update "
           "--user-data-dir=%s/profile --screenshot=%s file://%s "
           ">/dev/null 2>&1",
           browser, directory, shot, page);
  int status = system(command);
  cr_assert_eq(status, 0, "Chromium failed on %s", path);
  cairo_surface_t *image = read_png(shot);
  snprintf(command, sizeof command, "rm -rf %s", directory);
  cr_assert_eq(system(command), 0);
  return image;
}

/*
 * Renders the loaded player with cairo, checks every probe against its
 * derived colour, then (svg) compares Chromium's rendering of the static
 * and live SVG with cairo's pixels at the same probes.
 */
static void check_render(const char *name, const probe *probes, size_t count,
                         bool svg) {
  anima_renderer *renderer = NULL;
  cr_assert_eq(anima_renderer_create(f.model, &renderer), ANIMA_OK);
  char path[] = "/tmp/anima-gradient-png-XXXXXX";
  int descriptor = mkstemp(path);
  cr_assert(descriptor >= 0);
  close(descriptor);
  cr_assert_eq(anima_render_png(renderer, f.player, &options, path), ANIMA_OK);
  cairo_surface_t *image = read_png(path);
  unlink(path);
  for (size_t i = 0; i < count; i++) {
    const probe *p = &probes[i];
    anima_color actual = pixel(image, p->px, p->py);
    cr_expect(near(actual, p->expected, p->tolerance),
              "%s, %s at pixel (%d, %d): (%d, %d, %d, %d), expected (%d, %d, "
              "%d, %d) ± %d",
              name, p->what, p->px, p->py, actual.r, actual.g, actual.b,
              actual.a, p->expected.r, p->expected.g, p->expected.b,
              p->expected.a, p->tolerance);
  }
  for (int live = 0; svg && live < 2; live++) {
    anima_render_options svg_options = options;
    svg_options.svg_mode = live ? ANIMA_SVG_LIVE : ANIMA_SVG_STATIC;
    char *text = NULL;
    cr_assert_eq(
        anima_render_svg(renderer, f.player, &svg_options, &text, NULL),
        ANIMA_OK);
    cairo_surface_t *shot = chromium_shot(text, name);
    free(text);
    if (!shot) {
      break;
    }
    for (size_t i = 0; i < count; i++) {
      const probe *p = &probes[i];
      anima_color cairo = pixel(image, p->px, p->py);
      anima_color browser = pixel(shot, p->px, p->py);
      cr_expect(near(cairo, browser, CHROMIUM_TOLERANCE),
                "%s (%s SVG), %s at pixel (%d, %d): Chromium (%d, %d, %d, "
                "%d), cairo (%d, %d, %d, %d)",
                name, live ? "live" : "static", p->what, p->px, p->py,
                browser.r, browser.g, browser.b, browser.a, cairo.r, cairo.g,
                cairo.b, cairo.a);
    }
    cairo_surface_destroy(shot);
  }
  cairo_surface_destroy(image);
  anima_renderer_destroy(renderer);
}

#define RGB(r, g, b)                                                           \
  { r, g, b, 255 }
#define FULL_RECT "'type': 'rect', 'x0': 0, 'y0': 0, 'w': 24, 'h': 24"
#define RED_TO_BLUE                                                            \
  "'stops': [{'position': 0, 'color': '#ff0000'}, {'position': 1, 'color': "   \
  "'#0000ff'}]"

static void load(const char *requires, const char *nodes, const char *tracks,
                 const char *extra, double time) {
  paint_load(&f, paint_document(&f, requires, nodes, tracks, extra));
  paint_step(&f, time);
}

Test(gradient_render, linear_midpoints) {
  /* Red → blue from x = 0 to x = 24: t = x / 24 at the pixel centre,
   * colour (255·(1 − t), 0, 255·t) (SVG: sRGB interpolation).
   * Pixel 120: x = 12.05, t = 0.502083: (126.97, 0, 128.03) → (127, 0, 128).
   * Pixel 60: x = 6.05, t = 0.252083: (190.72, 0, 64.28) → (191, 0, 64).
   * The gradient is horizontal, so rows 20 and 220 agree. */
  load("['paint']",
       "[{'id': 'r', " FULL_RECT ", 'fill': {'type': 'linear', 'x1': 0, "
       "'y1': 0, 'x2': 24, 'y2': 0, " RED_TO_BLUE "}}]",
       NULL, NULL, 0);
  const probe probes[] = {
      {120, 120, RGB(127, 0, 128), 1, "the midpoint"},
      {60, 20, RGB(191, 0, 64), 1, "a quarter, top"},
      {60, 220, RGB(191, 0, 64), 1, "a quarter, bottom"},
  };
  check_render("linear_midpoints", probes, 3, true);
}

Test(gradient_render, linear_pad_and_hard_edge) {
  /* Vertical from y = 6 to y = 18: black to 0.5, white from 0.5 (a
   * repeated position is a hard edge at y = 6 + 0.5·12 = 12). Pad: above
   * y = 6 the first colour (black), below y = 18 the last (white).
   * Row 20 (y = 2.05): black; row 110 (y = 11.05, t = 0.42): black;
   * row 130 (y = 13.05, t = 0.59): white; row 220 (y = 22.05): white. */
  load("['paint']",
       "[{'id': 'r', " FULL_RECT ", 'fill': {'type': 'linear', 'x1': 0, "
       "'y1': 6, 'x2': 0, 'y2': 18, 'stops': [{'position': 0, 'color': "
       "'#000000'}, {'position': 0.5, 'color': '#000000'}, {'position': 0.5, "
       "'color': '#ffffff'}, {'position': 1, 'color': '#ffffff'}]}}]",
       NULL, NULL, 0);
  const probe probes[] = {
      {120, 20, RGB(0, 0, 0), 1, "padded before the start"},
      {120, 110, RGB(0, 0, 0), 1, "before the hard edge"},
      {120, 130, RGB(255, 255, 255), 1, "after the hard edge"},
      {120, 220, RGB(255, 255, 255), 1, "padded after the end"},
  };
  check_render("linear_pad_and_hard_edge", probes, 4, true);
}

Test(gradient_render, radial_centred) {
  /* White at the centre (12, 12) to black at r = 12: t = |P − C| / 12.
   * Pixel (179, 119): P = (17.95, 11.95), |P − C| = √(5.95² + 0.05²) =
   * 5.95021, t = 0.495851, grey 255·(1 − t) = 128.56 → 129 (± 1).
   * Pixel (120, 239): P = (12.05, 23.95): 11.95 from C, t = 0.99583,
   * grey 1.06 → 1; the corner pixel (0, 0): P = (0.05, 0.05), 16.9 > 12:
   * padded black. */
  load("['paint']",
       "[{'id': 'r', " FULL_RECT ", 'fill': {'type': 'radial', 'cx': 12, "
       "'cy': 12, 'r': 12, 'stops': [{'position': 0, 'color': '#ffffff'}, "
       "{'position': 1, 'color': '#000000'}]}}]",
       NULL, NULL, 0);
  const probe probes[] = {
      {179, 119, RGB(129, 129, 129), 1, "halfway out"},
      {120, 239, RGB(1, 1, 1), 1, "near the rim"},
      {0, 0, RGB(0, 0, 0), 1, "padded beyond the radius"},
  };
  check_render("radial_centred", probes, 3, true);
}

/* Finding 7 of the hostile-input review: degenerate gradients follow SVG
 * gradient semantics (paint chapter; SVG 1.1 §13.2.2: x1 = x2 and y1 = y2
 * paint "a single color using the color and opacity of the last gradient
 * stop"; §13.2.3: r = 0 likewise). cairo painted the midpoint mix of red
 * and blue (128, 0, 127) for the linear one and nothing for the radial
 * one; every pixel is the last stop, blue, as Chromium draws the SVG. */
Test(gradient_render, degenerate_gradients_paint_the_last_stop) {
  load("['paint']",
       "[{'id': 'r', " FULL_RECT ", 'fill': {'type': 'linear', 'x1': 0, "
       "'y1': 0, 'x2': 0, 'y2': 0, " RED_TO_BLUE "}}]",
       NULL, NULL, 0);
  const probe probes[] = {
      {120, 120, RGB(0, 0, 255), 1, "the middle"},
      {0, 0, RGB(0, 0, 255), 1, "at the coinciding points"},
      {239, 239, RGB(0, 0, 255), 1, "the far corner"},
  };
  check_render("linear_coinciding_points", probes, 3, true);
  load("['paint']",
       "[{'id': 'r', " FULL_RECT ", 'fill': {'type': 'radial', 'cx': 12, "
       "'cy': 12, 'r': 0, " RED_TO_BLUE "}}]",
       NULL, NULL, 0);
  check_render("radial_radius_zero", probes, 3, true);
}

Test(gradient_render, radial_focal_point) {
  /* Centre (12, 12), r = 10, focal point (7, 12), black → white. SVG's
   * focal gradient (focal radius 0): t solves |P − F − t(C − F)| = t·r.
   * On the axis y = 12, with d = x − 7 and C − F = (5, 0): right of F,
   * d − 5t = 10t, t = d / 15; left of F, 5t − d = 10t, t = −d / 5.
   * Pixel (170, 119): P = (17.05, 11.95), d = 10.05: t = 0.67001 (the
   * 0.05 off the axis changes t by 1e-5), grey 170.85 → 171.
   * Pixel (50, 119): P = (5.05, 11.95), d = −1.95: t = 0.39006, grey
   * 99.47 → 99. A centred gradient would give 0.505 and 0.695 there. */
  load("['paint']",
       "[{'id': 'r', " FULL_RECT ", 'fill': {'type': 'radial', 'cx': 12, "
       "'cy': 12, 'r': 10, 'fx': 7, 'fy': 12, 'stops': [{'position': 0, "
       "'color': '#000000'}, {'position': 1, 'color': '#ffffff'}]}}]",
       NULL, NULL, 0);
  const probe probes[] = {
      {170, 119, RGB(171, 171, 171), 1, "right of the focal point"},
      {50, 119, RGB(99, 99, 99), 1, "left of the focal point"},
  };
  check_render("radial_focal_point", probes, 2, true);
}

Test(gradient_render, gradient_transform_rotation) {
  /* gradientTransform [0, 1, −1, 0, 24, 0]: (x, y) → (−y + 24, x), so the
   * gradient's start (0, 0) lands on (24, 0) and its end (24, 0) on
   * (24, 24): the red → blue ramp runs down, t = y / 24 whatever x.
   * Row 60 (y = 6.05): t = 0.252083, (191, 0, 64) in columns 30 and 200;
   * row 120 (y = 12.05): (127, 0, 128). */
  load("['paint']",
       "[{'id': 'r', " FULL_RECT ", 'fill': {'type': 'linear', 'x1': 0, "
       "'y1': 0, 'x2': 24, 'y2': 0, 'gradientTransform': [0, 1, -1, 0, 24, "
       "0], " RED_TO_BLUE "}}]",
       NULL, NULL, 0);
  const probe probes[] = {
      {30, 60, RGB(191, 0, 64), 1, "a quarter down, left"},
      {200, 60, RGB(191, 0, 64), 1, "a quarter down, right"},
      {120, 120, RGB(127, 0, 128), 1, "halfway down"},
  };
  check_render("gradient_transform_rotation", probes, 3, true);
}

Test(gradient_render, gradient_transform_scale) {
  /* [0.5, 0, 0, 1, 0, 0] halves x: the ramp ends at x = 12, padded blue
   * beyond. Pixel 60 (x = 6.05): t = 6.05 / 12 = 0.504167, (126.44, 0,
   * 128.56) → (126, 0, 129); pixel 180 (x = 18.05): blue. The fill is a
   * circle r = 11 at (12, 12), so only paint is transformed, not the
   * geometry: pixel (5, 5) (x = y = 0.55) is outside it, white. */
  load("['paint']",
       "[{'id': 'c', 'type': 'circle', 'center': [12, 12], 'r': 11, 'fill': "
       "{'type': 'linear', 'x1': 0, 'y1': 0, 'x2': 24, 'y2': 0, "
       "'gradientTransform': [0.5, 0, 0, 1, 0, 0], " RED_TO_BLUE "}}]",
       NULL, NULL, 0);
  const probe probes[] = {
      {60, 120, RGB(126, 0, 129), 1, "half way along the halved ramp"},
      {180, 120, RGB(0, 0, 255), 1, "padded beyond the halved ramp"},
      {5, 5, RGB(255, 255, 255), 0, "outside the circle"},
  };
  check_render("gradient_transform_scale", probes, 3, true);
}

Test(gradient_render, angular_at_90_degrees) {
  /* Angular around (12, 12), position 0 on the ray to (24, 12) (+x),
   * clockwise in y-down space: red at 0 → blue at 1 over one turn.
   * Pixel (119, 179): P − C = (−0.05, 5.95), 90.48° clockwise from +x,
   * t = 0.251337: (190.91, 0, 64.09) → (191, 0, 64).
   * Pixel (119, 59): P − C = (−0.05, −6.05), 269.53°, t = 0.748685:
   * (64.09, 0, 190.91) → (64, 0, 191). SVG cannot draw it (checked in
   * test_gradients.c), so no Chromium comparison (DECISIONS 18). */
  load("['paint']",
       "[{'id': 'r', " FULL_RECT ", 'fill': {'type': 'angular', 'x1': 12, "
       "'y1': 12, 'x2': 24, 'y2': 12, " RED_TO_BLUE "}}]",
       NULL, NULL, 0);
  const probe probes[] = {
      {119, 179, RGB(191, 0, 64), 1, "90° clockwise (below the centre)"},
      {119, 59, RGB(64, 0, 191), 1, "270° clockwise (above the centre)"},
  };
  check_render("angular_at_90_degrees", probes, 2, false);
}

Test(gradient_render, angular_initial_ray) {
  /* The same around (12, 12) with the ray toward (12, 0) (straight up):
   * position 0 points up. Pixel (179, 119): P − C = (5.95, −0.05) is
   * −0.48° from +x, which is 89.52° clockwise from up: t = 0.248663,
   * (191.59, 0, 63.41) → (192, 0, 63).
   * Coincident endpoints use +x: with x2 = 12, y2 = 12 the pixel
   * (119, 179) is at t = 0.251337 as in angular_at_90_degrees. */
  load("['paint']",
       "[{'id': 'r', " FULL_RECT ", 'fill': {'type': 'angular', 'x1': 12, "
       "'y1': 12, 'x2': 12, 'y2': 0, " RED_TO_BLUE "}}]",
       NULL, NULL, 0);
  const probe up[] = {{179, 119, RGB(192, 0, 63), 1, "90° from the ray up"}};
  check_render("angular_initial_ray", up, 1, false);
  load("['paint']",
       "[{'id': 'r', " FULL_RECT ", 'fill': {'type': 'angular', 'x1': 12, "
       "'y1': 12, 'x2': 12, 'y2': 12, " RED_TO_BLUE "}}]",
       NULL, NULL, 0);
  const probe coincident[] = {
      {119, 179, RGB(191, 0, 64), 1, "coincident endpoints: +x"}};
  check_render("angular_coincident", coincident, 1, false);
}

Test(gradient_render, colormix_slots_with_alpha) {
  /* mix of the slots off = #ff0000 and on = #0000ff80 (alpha 128) at
   * t = 0.3, premultiplied (SPEC §6): alpha 255·0.7 + 128·0.3 = 216.9 →
   * 217; red 255·255·0.7 / 216.9 = 209.85 → 210; blue 255·128·0.3 / 216.9
   * = 45.15 → 45: (210, 0, 45, 217). Over white with α = 217/255:
   * red 210α + 255(1 − α) = 216.71, green 38.00, blue 76.29 →
   * (217, 38, 76) ± 2 (the colour is premultiplied to 8 bits first). */
  load("['colormix']",
       "[{'id': 'r', " FULL_RECT
       ", 'fill': {'mix': {'a': 'off', 'b': 'on', 't': 0.3}}}]",
       NULL, ", 'colors': {'off': '#ff0000', 'on': '#0000ff80'}", 0);
  const probe probes[] = {
      {120, 120, RGB(217, 38, 76), 2, "the mixed colour over white"}};
  check_render("colormix_slots_with_alpha", probes, 1, true);
}

Test(gradient_render, colormix_animated_weight) {
  /* mix #000000 → #ffffff with t keyed 0 → 1 over one second; at 0.5 s
   * t = 0.5: grey 127.5 → 128 (ties upward); a key of 1.5 at 1 s clamps
   * to 1 after resolving, so at 1 s the fill is white. */
  load("['colormix']",
       "[{'id': 'r', " FULL_RECT ", 'fill': {'mix': {'a': '#000000', 'b': "
       "'#ffffff', 't': 0}}}]",
       "{'r.fill.mix.t': [[0, 0], [1, 1]]}", NULL, 0.5);
  const probe half[] = {{120, 120, RGB(128, 128, 128), 1, "t = 0.5"}};
  check_render("colormix_animated_weight", half, 1, true);
  load("['colormix']",
       "[{'id': 'r', " FULL_RECT ", 'fill': {'mix': {'a': '#000000', 'b': "
       "'#ffffff', 't': 0}}}]",
       "{'r.fill.mix.t': [[0, 0], [1, 1.5]]}", NULL, 1);
  const probe clamped[] = {{120, 120, RGB(255, 255, 255), 1, "t clamped"}};
  check_render("colormix_clamped_weight", clamped, 1, true);
}

Test(gradient_render, gradient_stroke) {
  /* A horizontal line from (2, 12) to (22, 12), stroke width 4, linear
   * red → blue over x 0..24 on the stroke: the band 10 ≤ y ≤ 14 shows the
   * ramp; pixel (120, 115) (y = 11.55, inside) is (127, 0, 128) as in
   * linear_midpoints; pixel (120, 90) (y = 9.05) is above the band:
   * white. */
  load("['paint']",
       "[{'id': 'p', 'type': 'path', 'd': 'M2 12 L22 12', 'stroke': {'type': "
       "'linear', 'x1': 0, 'y1': 0, 'x2': 24, 'y2': 0, 'width': 4, " RED_TO_BLUE
       "}}]",
       NULL, NULL, 0);
  const probe probes[] = {
      {120, 115, RGB(127, 0, 128), 1, "on the stroke"},
      {120, 90, RGB(255, 255, 255), 0, "above the stroke"},
  };
  check_render("gradient_stroke", probes, 2, true);
}

Test(gradient_render, animated_stop_colour_and_crossing_positions) {
  /* Stops: 0 red, 0.5 blue → green (key at 0 s #0000ff, at 1 s #00ff00),
   * 1 black. At 0.5 s the middle stop is (0, 127.5, 127.5) → (0, 128,
   * 128) (non-premultiplied channels, round half up). The ramp runs from
   * x = 0 to 24; pixel 120 (x = 12.05) is 0.05/12 = 0.0042 past the middle
   * stop toward black: (0, 127.5, 127.5) · 0.9958 → (0, 127, 127) ± 1. */
  load("['paint']",
       "[{'id': 'r', " FULL_RECT ", 'fill': {'type': 'linear', 'x1': 0, "
       "'y1': 0, 'x2': 24, 'y2': 0, 'stops': [{'position': 0, 'color': "
       "'#ff0000'}, {'position': 0.5, 'color': '#0000ff'}, {'position': 1, "
       "'color': '#000000'}]}}]",
       "{'r.fill.stops.1.color': [[0, '#0000ff'], [1, '#00ff00']]}", NULL, 0.5);
  const probe middle[] = {{120, 120, RGB(0, 127, 127), 1, "the middle stop"}};
  check_render("animated_stop_colour", middle, 1, true);
  /* Stop 1's position animates 0.8 → 0.2 while stop 0 sits at 0.5; at
   * 1 s it is 0.2, shown at max(0.2, 0.5) = 0.5: a hard edge at x = 12
   * (SVG's rule, which cairo follows too). Stops 0 red at 0.5, 1 blue.
   * Pixel 100 (x = 10.05): red, padded; pixel 140 (x = 14.05): blue. */
  load("['paint']",
       "[{'id': 'r', " FULL_RECT ", 'fill': {'type': 'linear', 'x1': 0, "
       "'y1': 0, 'x2': 24, 'y2': 0, 'stops': [{'position': 0.5, 'color': "
       "'#ff0000'}, {'position': 0.8, 'color': '#0000ff'}]}}]",
       "{'r.fill.stops.1.position': [[0, 0.8], [1, 0.2]]}", NULL, 1);
  const probe crossing[] = {
      {100, 120, RGB(255, 0, 0), 1, "before the crossed stops"},
      {140, 120, RGB(0, 0, 255), 1, "after the crossed stops"},
  };
  check_render("crossing_stops", crossing, 2, true);
}

Test(gradient_render, stop_slot_override_and_current_colour) {
  /* Stops 'accent' (default #00ff00) at 0 and currentColor at 1 over
   * x 0..24. With the slot overridden to #ff0000 and the current colour
   * #0000ff the ramp is red → blue: pixel 60 is (191, 0, 64) as in
   * linear_midpoints. Without overrides (defaults, currentColor black):
   * green → black, pixel 60 (0, 190.72, 0) → (0, 191, 0). */
  load("['paint']",
       "[{'id': 'r', " FULL_RECT ", 'fill': {'type': 'linear', 'x1': 0, "
       "'y1': 0, 'x2': 24, 'y2': 0, 'stops': [{'position': 0, 'color': "
       "'accent'}, {'position': 1, 'color': 'currentColor'}]}}]",
       NULL, ", 'colors': {'accent': '#00ff00'}", 0);
  const probe defaults[] = {{60, 120, RGB(0, 191, 0), 1, "defaults"}};
  check_render("stop_slot_defaults", defaults, 1, true);
  anima_renderer *renderer = NULL;
  cr_assert_eq(anima_renderer_create(f.model, &renderer), ANIMA_OK);
  cr_assert_eq(anima_renderer_set_slot(renderer, "accent",
                                       (anima_color){255, 0, 0, 255}),
               ANIMA_OK);
  cr_assert_eq(
      anima_renderer_set_current_color(renderer, (anima_color){0, 0, 255, 255}),
      ANIMA_OK);
  char path[] = "/tmp/anima-gradient-png-XXXXXX";
  int descriptor = mkstemp(path);
  cr_assert(descriptor >= 0);
  close(descriptor);
  cr_assert_eq(anima_render_png(renderer, f.player, &options, path), ANIMA_OK);
  cairo_surface_t *image = read_png(path);
  unlink(path);
  anima_color actual = pixel(image, 60, 120);
  cr_expect(near(actual, (anima_color)RGB(191, 0, 64), 1),
            "overridden: (%d, %d, %d)", actual.r, actual.g, actual.b);
  cairo_surface_destroy(image);
  anima_renderer_destroy(renderer);
}
