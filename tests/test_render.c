/*
 * test_render.c — libanima-render's player-level calls (include/anima/
 * render.h, render_cairo.h): a renderer made from a model draws its
 * players' current values to PNG files, SVG text, the caller's surface and
 * the caller's cairo context.
 *
 * The document below, `tile`, has grid 10 and so the viewBox [0, 0, 10,
 * 10] (SPEC §2 default). `left` fills x 0..5 with the slot `accent`
 * (#ff0000); `right` fills x 5..10 with currentColor (black unless set,
 * DECISIONS 9) at opacity 0.5 in state `off` and 1 in state `on`. At 20 ×
 * 20 pixels (contain: 2 pixels per unit) pixel (4, 10), centre (4.5,
 * 10.5) px = (2.25, 5.25) units, is inside `left`; pixel (15, 10), centre
 * (7.75, 5.25) units, is inside `right`. Alpha from opacity 0.5 is 127.5,
 * so 127 or 128.
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <anima/render_cairo.h>

static const char *tile_document =
    "{\"anima\": \"0.1\", \"name\": \"tile\", \"grid\": 10,"
    " \"colors\": {\"accent\": \"#ff0000\"},"
    " \"inputs\": {\"on\": {\"type\": \"bool\"}},"
    " \"nodes\": ["
    "  {\"id\": \"left\", \"type\": \"rect\", \"x0\": 0, \"y0\": 0,"
    "   \"w\": 5, \"h\": 10, \"fill\": {\"color\": \"accent\"}},"
    "  {\"id\": \"right\", \"type\": \"rect\", \"x0\": 5, \"y0\": 0,"
    "   \"w\": 5, \"h\": 10, \"opacity\": 0.5,"
    "   \"fill\": {\"color\": \"currentColor\"}}],"
    " \"machine\": {\"layers\": {\"main\": {\"initial\": \"off\","
    "  \"states\": {"
    "   \"off\": {\"pose\": {\"right.opacity\": 0.5},"
    "    \"on\": [{\"when\": \"on\", \"to\": \"on\"}]},"
    "   \"on\": {\"pose\": {\"right.opacity\": 1},"
    "    \"on\": [{\"when\": \"!on\", \"to\": \"off\"}]}}}}}}";

typedef struct tile {
  anima_runtime *runtime;
  anima_model *model;
  anima_player *player;
  anima_renderer *renderer;
} tile;

static tile tile_load(void) {
  tile t = {0};
  t.runtime = anima_runtime_create();
  cr_assert_not_null(t.runtime);
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  anima_status status = anima_model_load(
      t.runtime, tile_document, strlen(tile_document), diagnostics, &t.model);
  if (status != ANIMA_OK) {
    const anima_diagnostic *first = anima_diagnostics_get(diagnostics, 0);
    cr_assert_fail("tile does not load: %s at %s: %s", first->code,
                   first->pointer, first->message);
  }
  anima_diagnostics_destroy(diagnostics);
  t.player = anima_player_create(t.model);
  cr_assert_not_null(t.player);
  cr_assert_eq(anima_renderer_create(t.model, &t.renderer), ANIMA_OK);
  return t;
}

static void tile_free(tile *t) {
  anima_renderer_destroy(t->renderer);
  anima_player_destroy(t->player);
  anima_model_destroy(t->model);
  anima_runtime_destroy(t->runtime);
}

static anima_color pixel(cairo_surface_t *surface, int x, int y) {
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
              "%s: got (%d, %d, %d, %d), expected (%d, %d, %d, %d)", where,
              actual.r, actual.g, actual.b, actual.a, expected.r, expected.g,
              expected.b, expected.a);
  }
}

static const anima_color red = {255, 0, 0, 255};
static const anima_color half_black = {0, 0, 0, 128};

Test(render, png_file_holds_the_players_frame) {
  tile t = tile_load();
  char path[] = "/tmp/anima-test-render-XXXXXX";
  int descriptor = mkstemp(path);
  cr_assert(descriptor >= 0);
  close(descriptor);
  anima_render_options options = {.width = 20, .height = 20};
  cr_assert_eq(anima_render_png(t.renderer, t.player, &options, path),
               ANIMA_OK);
  cairo_surface_t *read = cairo_image_surface_create_from_png(path);
  cr_assert_eq(cairo_surface_status(read), CAIRO_STATUS_SUCCESS);
  cr_expect_eq(cairo_image_surface_get_width(read), 20);
  cr_expect_eq(cairo_image_surface_get_height(read), 20);
  expect_color(pixel(read, 4, 10), red, 0, "left");
  expect_color(pixel(read, 15, 10), half_black, 1, "right at opacity 0.5");
  cairo_surface_destroy(read);
  unlink(path);
  tile_free(&t);
}

Test(render, later_renders_follow_the_player_and_the_colours) {
  /* After `on` and a step, state `on` poses right.opacity 1 (blend 0:
   * at once, SPEC §7). The accent slot overridden to #00ff00 and
   * currentColor set to #0000ff paint both halves. */
  tile t = tile_load();
  anima_render_options options = {.width = 20, .height = 20};
  cairo_surface_t *image = NULL;
  cr_assert_eq(anima_render_image(t.renderer, t.player, &options, &image),
               ANIMA_OK);
  cairo_surface_t *first = image;
  cr_assert_eq(anima_player_set_bool(t.player, "on", true), ANIMA_OK);
  anima_step_result result;
  cr_assert_eq(anima_player_step(t.player, 0, &result), ANIMA_OK);
  cr_assert_eq(anima_renderer_set_slot(t.renderer, "accent",
                                       (anima_color){0, 255, 0, 255}),
               ANIMA_OK);
  cr_assert_eq(anima_renderer_set_current_color(t.renderer,
                                                (anima_color){0, 0, 255, 255}),
               ANIMA_OK);
  cr_assert_eq(anima_render_image(t.renderer, t.player, &options, &image),
               ANIMA_OK);
  cr_expect_eq(image, first, "an image of the same size is reused");
  expect_color(pixel(image, 4, 10), (anima_color){0, 255, 0, 255}, 0,
               "left, accent overridden");
  expect_color(pixel(image, 15, 10), (anima_color){0, 0, 255, 255}, 0,
               "right, currentColor set, opacity 1");
  cr_expect_eq(
      anima_renderer_set_slot(t.renderer, "ink", (anima_color){0, 0, 0, 255}),
      ANIMA_ERROR_INVALID_ARGUMENT, "the document has no slot ink");
  tile_free(&t);
}

Test(render, surface_and_context_of_the_caller) {
  /* anima_render_surface clears and fills the caller's 20 × 20 surface;
   * anima_render_cairo draws over what a context holds, here a white
   * 10 × 10 image scaled by 1 (one pixel per unit): pixel (2, 5) is
   * `left` (red), pixel (7, 5) is black at 0.5 over white = 127.5 grey. */
  tile t = tile_load();
  anima_render_options options = {.width = 20, .height = 20};
  cairo_surface_t *surface =
      cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 20, 20);
  cr_assert_eq(anima_render_surface(t.renderer, t.player, &options, surface),
               ANIMA_OK);
  expect_color(pixel(surface, 4, 10), red, 0, "surface left");
  cairo_surface_t *wrong =
      cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 10, 20);
  cr_expect_eq(anima_render_surface(t.renderer, t.player, &options, wrong),
               ANIMA_ERROR_INVALID_ARGUMENT, "a surface of another size");
  cairo_surface_destroy(wrong);
  cairo_surface_destroy(surface);

  surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 10, 10);
  cairo_t *cr = cairo_create(surface);
  cairo_set_source_rgb(cr, 1, 1, 1);
  cairo_paint(cr);
  cr_assert_eq(anima_render_cairo(t.renderer, t.player, cr), ANIMA_OK);
  cairo_destroy(cr);
  expect_color(pixel(surface, 2, 5), red, 0, "context left");
  expect_color(pixel(surface, 7, 5), (anima_color){128, 128, 128, 255}, 1,
               "context right over white");
  cairo_surface_destroy(surface);
  tile_free(&t);
}

Test(render, svg_text_with_the_scaled_size) {
  /* --scale 0.5 of a 40 × 40 viewport writes width and height 20; with fit
   * none the fit is computed at 40 × 40 (40 units centred on (5, 5):
   * viewBox -15 -15 40 40), as the PNG does. */
  tile t = tile_load();
  anima_render_options options = {
      .width = 40, .height = 40, .scale = 0.5, .fit = ANIMA_FIT_NONE};
  char *text = NULL;
  size_t length = 0;
  cr_assert_eq(anima_render_svg(t.renderer, t.player, &options, &text, &length),
               ANIMA_OK);
  cr_expect_eq(length, strlen(text));
  cr_expect_not_null(strstr(text, "viewBox=\"-15 -15 40 40\""), "%s", text);
  cr_expect_not_null(strstr(text, "width=\"20\" height=\"20\""), "%s", text);
  cr_expect_not_null(strstr(text, "fill=\"#ff0000\""), "%s", text);
  free(text);
  /* Without options: no size, static colours. */
  cr_assert_eq(anima_render_svg(t.renderer, t.player, NULL, &text, NULL),
               ANIMA_OK);
  cr_expect_null(strstr(text, "width=\""), "%s", text);
  cr_expect_not_null(strstr(text, "viewBox=\"0 0 10 10\""), "%s", text);
  free(text);
  /* One of width and height alone is not a size. */
  options = (anima_render_options){.width = 40};
  cr_expect_eq(anima_render_svg(t.renderer, t.player, &options, &text, NULL),
               ANIMA_ERROR_INVALID_ARGUMENT);
  cr_expect_null(text);
  tile_free(&t);
}

Test(render, misuse_is_an_error) {
  tile t = tile_load();
  tile other = tile_load();
  anima_render_options options = {.width = 20, .height = 20};
  char *text = NULL;
  cr_expect_eq(
      anima_render_svg(t.renderer, other.player, &options, &text, NULL),
      ANIMA_ERROR_INVALID_ARGUMENT, "a player of another model");
  cr_expect_eq(anima_render_png(t.renderer, t.player, &options,
                                "/nonexistent-anima-dir/x.png"),
               ANIMA_ERROR_IO);
  options.width = 0;
  cr_expect_eq(anima_render_png(t.renderer, t.player, &options, "x.png"),
               ANIMA_ERROR_INVALID_ARGUMENT, "a raster needs a size");
  anima_renderer *frames_only = NULL;
  cr_assert_eq(anima_renderer_create(NULL, &frames_only), ANIMA_OK);
  cr_expect_eq(anima_render_svg(frames_only, t.player, NULL, &text, NULL),
               ANIMA_ERROR_INVALID_ARGUMENT, "a renderer without a model");
  cr_expect_eq(anima_renderer_set_current_color(frames_only, red),
               ANIMA_ERROR_INVALID_ARGUMENT);
  anima_renderer_destroy(frames_only);
  cr_expect_eq(anima_renderer_create(t.model, NULL),
               ANIMA_ERROR_INVALID_ARGUMENT);
  tile_free(&other);
  tile_free(&t);
}
