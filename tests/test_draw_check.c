/*
 * test_draw_check.c — backend capabilities and anima_draw_frame_check
 * (include/anima/draw.h, include/anima/render.h): what the SVG backend
 * cannot draw is reported as `unsupported-render` (SPEC §11.3) with the
 * pointer of what produced it — paint "Angular gradients" (a paint's
 * `/type`), mix "Additive blend and strength" (the blended node), paint
 * "Image wrapping" (`/sampling`) — while the cairo backend draws it all.
 */
#include <criterion/criterion.h>
#include <string.h>

#include <anima/render.h>

#include "draw_fixture.h"

static const anima_color black = {0, 0, 0, 255};

/* Runs the check and returns the diagnostics (the caller destroys them). */
static anima_diagnostics *
check(const fixture *f, const anima_backend_caps *caps, anima_status expected) {
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  cr_assert_eq(anima_draw_frame_check(&f->frame, caps, diagnostics), expected);
  return diagnostics;
}

static void expect_report(anima_diagnostics *diagnostics, size_t index,
                          const char *pointer, const char *words) {
  cr_assert_lt(index, anima_diagnostics_count(diagnostics));
  const anima_diagnostic *d = anima_diagnostics_get(diagnostics, index);
  cr_expect_str_eq(d->code, "unsupported-render");
  cr_expect_eq(d->severity, ANIMA_SEVERITY_ERROR);
  cr_expect_str_eq(d->pointer, pointer);
  cr_expect(strstr(d->message, words) != NULL, "\"%s\" in \"%s\"", words,
            d->message);
  cr_expect(strstr(d->message, "svg") != NULL, "names the renderer: %s",
            d->message);
  cr_expect_not_null(d->hint);
}

Test(draw_check, conic_gradients_are_refused_by_svg_only) {
  /* A conic fill at /nodes/0/fill: SVG reports it at /nodes/0/fill/type
   * (the paint chapter's pointer), once even when two items use the same
   * paint object; cairo draws it. */
  fixture f;
  fixture_init(&f, 0, 0, 10, 10);
  anima_draw_item *shape =
      fixture_fill(&f, "a", fixture_square(&f, 0, 0, 10), black);
  anima_draw_paint *paint =
      fixture_paint_of(&f, fixture_layer_of(&f, shape, ANIMA_LAYER_FILL));
  paint->kind = ANIMA_PAINT_CONIC;
  paint->first_stop = 0;
  paint->stop_count = 2;
  f.frame.stop_count = 2;
  shape->visible = false; /* structure, not current values, is checked */
  anima_diagnostics *d = check(&f, anima_svg_caps(), ANIMA_ERROR_UNSUPPORTED);
  cr_assert_eq(anima_diagnostics_count(d), 1);
  expect_report(d, 0, "/nodes/0/fill/type", "angular (conic) gradients");
  anima_diagnostics_destroy(d);
  d = check(&f, anima_cairo_caps(), ANIMA_OK);
  cr_expect_eq(anima_diagnostics_count(d), 0);
  anima_diagnostics_destroy(d);
  /* the SVG writer refuses the frame and writes nothing */
  char *text = NULL;
  cr_expect_eq(anima_svg_write_string(&f.frame, NULL, &text, NULL),
               ANIMA_ERROR_UNSUPPORTED);
  cr_expect_null(text);
  /* without diagnostics the status alone */
  cr_expect_eq(anima_draw_frame_check(&f.frame, anima_svg_caps(), NULL),
               ANIMA_ERROR_UNSUPPORTED);
  fixture_release(&f);
}

Test(draw_check, additive_is_refused_by_svg_at_the_blended_node) {
  fixture f;
  fixture_init(&f, 0, 0, 10, 10);
  anima_draw_item *group = fixture_group(&f, "glow");
  group->pointer = "/nodes/3/mix";
  f.groups[group->payload].blend = ANIMA_BLEND_ADDITIVE;
  fixture_fill(&f, "a", fixture_square(&f, 0, 0, 10), black);
  fixture_end(&f, group);
  anima_diagnostics *d = check(&f, anima_svg_caps(), ANIMA_ERROR_UNSUPPORTED);
  cr_assert_eq(anima_diagnostics_count(d), 1, "the END is not reported again");
  expect_report(d, 0, "/nodes/3/mix", "additive blending");
  anima_diagnostics_destroy(d);
  /* every CSS mode is fine in SVG */
  for (int mode = ANIMA_BLEND_NORMAL; mode < ANIMA_BLEND_ADDITIVE; mode++) {
    f.groups[group->payload].blend = (anima_blend_mode)mode;
    cr_expect_eq(anima_draw_frame_check(&f.frame, anima_svg_caps(), NULL),
                 ANIMA_OK, "mode %d", mode);
  }
  fixture_release(&f);
}

Test(draw_check, additive_layers_are_refused_at_their_blend_member) {
  /* A layer blend (draw.h anima_draw_layer `blend`): additive is reported
   * at the layer's blend_pointer, else at the layer's pointer; CSS modes
   * are fine in SVG; cairo draws all; a mode out of range is a malformed
   * frame. */
  fixture f;
  fixture_init(&f, 0, 0, 10, 10);
  anima_draw_item *shape =
      fixture_fill(&f, "a", fixture_square(&f, 0, 0, 10), black);
  anima_draw_layer *layer = fixture_stroke_layer(&f, shape, black, 1);
  layer->blend = ANIMA_BLEND_ADDITIVE;
  layer->blend_pointer = "/nodes/0/stroke/blend";
  anima_diagnostics *d = check(&f, anima_svg_caps(), ANIMA_ERROR_UNSUPPORTED);
  cr_assert_eq(anima_diagnostics_count(d), 1);
  expect_report(d, 0, "/nodes/0/stroke/blend", "additive blending");
  anima_diagnostics_destroy(d);
  layer->blend_pointer = NULL;
  d = check(&f, anima_svg_caps(), ANIMA_ERROR_UNSUPPORTED);
  expect_report(d, 0, "/nodes/0/stroke", "additive blending");
  anima_diagnostics_destroy(d);
  cr_expect_eq(anima_draw_frame_check(&f.frame, anima_cairo_caps(), NULL),
               ANIMA_OK);
  for (int mode = ANIMA_BLEND_NORMAL; mode < ANIMA_BLEND_ADDITIVE; mode++) {
    layer->blend = (anima_blend_mode)mode;
    cr_expect_eq(anima_draw_frame_check(&f.frame, anima_svg_caps(), NULL),
                 ANIMA_OK, "mode %d", mode);
  }
  layer->blend = ANIMA_BLEND_MODE_COUNT;
  cr_expect_eq(anima_draw_frame_validate(&f.frame),
               ANIMA_ERROR_INVALID_ARGUMENT);
  fixture_release(&f);
}

Test(draw_check, a_group_blend_is_reported_at_its_blend_pointer) {
  /* anima_draw_group.blend_pointer names the member that chose the mode
   * (mix: "/nodes/3/mix"), the item's pointer otherwise (above). */
  fixture f;
  fixture_init(&f, 0, 0, 10, 10);
  anima_draw_item *group = fixture_group(&f, "glow");
  group->pointer = "/nodes/3";
  f.groups[group->payload].blend = ANIMA_BLEND_ADDITIVE;
  f.groups[group->payload].blend_pointer = "/nodes/3/mix";
  fixture_fill(&f, "a", fixture_square(&f, 0, 0, 10), black);
  fixture_end(&f, group);
  anima_diagnostics *d = check(&f, anima_svg_caps(), ANIMA_ERROR_UNSUPPORTED);
  cr_assert_eq(anima_diagnostics_count(d), 1);
  expect_report(d, 0, "/nodes/3/mix", "additive blending");
  anima_diagnostics_destroy(d);
  fixture_release(&f);
}

Test(draw_check, image_wraps_by_sampling) {
  /* paint "Image wrapping": SVG declines bilinear repeat and clamp, at the
   * image's /sampling; nearest repeat and mirror pass. */
  static const uint8_t pixel[4] = {0, 0, 0, 255};
  fixture f;
  fixture_init(&f, 0, 0, 10, 10);
  anima_draw_item *item = fixture_item(&f, ANIMA_DRAW_IMAGE, "photo");
  item->pointer = "/nodes/1";
  item->payload = f.frame.image_count++;
  f.images[0] = (anima_draw_image){.pixels = {pixel, 1, 1, 4, NULL},
                                   .box = {0, 0, 10, 10},
                                   .dest = {0, 0, 10, 10},
                                   .source = {0, 0, 1, 1},
                                   .sampling = ANIMA_SAMPLING_BILINEAR,
                                   .wrap_x = ANIMA_WRAP_REPEAT,
                                   .wrap_y = ANIMA_WRAP_REPEAT};
  anima_diagnostics *d = check(&f, anima_svg_caps(), ANIMA_ERROR_UNSUPPORTED);
  cr_assert_eq(anima_diagnostics_count(d), 1, "one report for both axes");
  expect_report(d, 0, "/nodes/1/sampling", "repeat wrapping");
  anima_diagnostics_destroy(d);
  f.images[0].sampling = ANIMA_SAMPLING_NEAREST;
  f.images[0].wrap_y = ANIMA_WRAP_MIRROR;
  cr_expect_eq(anima_draw_frame_check(&f.frame, anima_svg_caps(), NULL),
               ANIMA_OK);
  f.images[0].wrap_x = ANIMA_WRAP_CLAMP;
  d = check(&f, anima_svg_caps(), ANIMA_ERROR_UNSUPPORTED);
  expect_report(d, 0, "/nodes/1/sampling", "clamp wrapping");
  anima_diagnostics_destroy(d);
  cr_expect_eq(anima_draw_frame_check(&f.frame, anima_cairo_caps(), NULL),
               ANIMA_OK);
  fixture_release(&f);
}

Test(draw_check, caps_name_each_feature_and_older_caps_know_less) {
  /* A backend without masks, dashes and fixed strokes (a made-up caps
   * struct): one report per feature and pointer. Caps whose struct_size
   * ends before `strokes` (an older build) do not refuse strokes. */
  fixture f;
  fixture_init(&f, 0, 0, 10, 10);
  anima_draw_item *mask =
      fixture_mask(&f, "m", ANIMA_MASK_LUMINANCE, 3, false, 0, 1);
  fixture_fill(&f, "a", fixture_square(&f, 0, 0, 10), black);
  fixture_end(&f, mask);
  anima_draw_item *line =
      fixture_stroke(&f, "b", fixture_line(&f, 0, 0, 10, 10), black, 1);
  anima_draw_stroke *stroke = fixture_stroke_of(&f, line);
  stroke->fixed = true;
  f.dashes[0] = 1;
  f.frame.dash_count = 1;
  stroke->dash_count = 1;
  anima_backend_caps caps = *anima_cairo_caps();
  caps.name = "plotter";
  caps.hint = "use the cairo renderer";
  caps.mask_modes = 1u << ANIMA_MASK_ALPHA;
  caps.strokes = 0;
  anima_diagnostics *d = anima_diagnostics_create();
  cr_assert_eq(anima_draw_frame_check(&f.frame, &caps, d),
               ANIMA_ERROR_UNSUPPORTED);
  cr_assert_eq(anima_diagnostics_count(d), 3);
  const anima_diagnostic *first = anima_diagnostics_get(d, 0);
  cr_expect_str_eq(first->pointer, "/nodes/0/mask");
  cr_expect(strstr(first->message, "plotter") != NULL);
  cr_expect(strstr(first->message, "luminance masks") != NULL);
  cr_expect_str_eq(first->hint, "use the cairo renderer");
  cr_expect_str_eq(anima_diagnostics_get(d, 1)->pointer,
                   "/nodes/0/stroke/dash");
  cr_expect_str_eq(anima_diagnostics_get(d, 2)->pointer,
                   "/nodes/0/stroke/scale");
  anima_diagnostics_destroy(d);
  caps.struct_size = offsetof(anima_backend_caps, wraps_bilinear);
  caps.mask_modes = (1u << ANIMA_MASK_MODE_COUNT) - 1;
  cr_expect_eq(anima_draw_frame_check(&f.frame, &caps, NULL), ANIMA_OK);
  cr_expect_eq(anima_draw_frame_check(NULL, &caps, NULL),
               ANIMA_ERROR_INVALID_ARGUMENT);
  cr_expect_eq(anima_draw_frame_check(&f.frame, NULL, NULL),
               ANIMA_ERROR_INVALID_ARGUMENT);
  fixture_release(&f);
}

Test(draw_check, item_size_lets_a_backend_stride_over_longer_items) {
  /* A frame whose items are 64 bytes longer than this build's (a newer
   * kernel): readers go through anima_draw_frame_item and item_size. */
  enum { padding = 64 };
  typedef struct longer_item {
    anima_draw_item item;
    unsigned char more[padding];
  } longer_item;
  fixture f;
  fixture_init(&f, 0, 0, 10, 10);
  fixture_fill(&f, "a", fixture_square(&f, 0, 0, 10), black);
  fixture_fill(&f, "b", fixture_square(&f, 0, 0, 5), black);
  longer_item longer[2];
  memset(longer, 0xa5, sizeof longer);
  longer[0].item = f.items[0];
  longer[1].item = f.items[1];
  f.frame.items = &longer[0].item;
  f.frame.item_size = sizeof(longer_item);
  cr_expect_eq(anima_draw_frame_validate(&f.frame), ANIMA_OK);
  cr_expect_str_eq(anima_draw_frame_item(&f.frame, 1)->id, "b");
  size_t cursor = 0, item = 0, seen = 0;
  while (anima_draw_frame_next(&f.frame, ANIMA_DRAW_ROOT, &cursor, &item)) {
    cr_expect_eq(item, seen++);
  }
  cr_expect_eq(seen, 2);
  char *text = NULL;
  cr_assert_eq(anima_svg_write_string(&f.frame, NULL, &text, NULL), ANIMA_OK);
  cr_expect_not_null(strstr(text, "id=\"b\""));
  free(text);
  /* an item_size smaller than the items this build knows is malformed */
  f.frame.item_size = sizeof(anima_draw_item) - 8;
  cr_expect_eq(anima_draw_frame_validate(&f.frame),
               ANIMA_ERROR_INVALID_ARGUMENT);
  fixture_release(&f);
}

Test(draw_check, a_document_frame_reports_through_the_renderer) {
  /* A plain document has nothing SVG cannot draw. */
  const char *text =
      "{\"anima\": \"0.1\", \"name\": \"plain\", \"grid\": 10, \"nodes\": ["
      " {\"id\": \"dot\", \"type\": \"circle\", \"center\": [5, 5], \"r\": 2,"
      "  \"fill\": {\"color\": \"#000000\"}}]}";
  anima_runtime *runtime = anima_runtime_create();
  anima_model *model = NULL;
  cr_assert_eq(anima_model_load(runtime, text, strlen(text), NULL, &model),
               ANIMA_OK);
  anima_renderer *renderer = NULL;
  cr_assert_eq(anima_renderer_create(model, &renderer), ANIMA_OK);
  anima_diagnostics *d = anima_diagnostics_create();
  cr_expect_eq(anima_renderer_check(renderer, anima_svg_caps(), d), ANIMA_OK);
  cr_expect_eq(anima_diagnostics_count(d), 0);
  cr_expect_eq(anima_renderer_check(NULL, anima_svg_caps(), d),
               ANIMA_ERROR_INVALID_ARGUMENT);
  anima_diagnostics_destroy(d);
  anima_renderer_destroy(renderer);
  anima_model_destroy(model);
  anima_runtime_destroy(runtime);
}
