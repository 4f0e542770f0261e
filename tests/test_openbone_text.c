/*
 * test_openbone_text.c — text items drawn (spec §8.9; libanima-openbone-text,
 * include/anima/openbone_text.h; layout docs/openbone/TEXT.md): cairo
 * pixels and SVG of a one-slot skeleton whose text box is known by hand,
 * a template that follows a state-machine input, fonts that cannot be
 * found or read, and building without allocating after the first frame
 * (tools/anima/bench_allocation.c; not counted under sanitizers).
 *
 * The picture: one bone at the origin, the text box 300 × 80 centred on
 * (0, 0); the view box {−200, −100, 400, 200} drawn at 400 × 200 pixels,
 * so frame (x, y) is pixel (x + 200, y + 100) and the box covers pixels
 * x 50..350, y 60..140. DejaVu Sans (fonts-dejavu-core, fontconfig's
 * sans-serif here) at size 40: ascender 1901/2048·40 = 37.1, descender
 * 483/2048·40 = 9.4, so one line's block is 46.6 high, centred: its top
 * at y −23.3 (pixel 76.7), its bottom at 23.3 (pixel 123.3) — every glyph
 * of "Hello" lies inside.
 */
#include <cairo.h>
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "anima/openbone.h"
#include "anima/openbone_text.h"
#include "anima/render.h"
#include "anima/render_cairo.h"
#include "bench.h"

/* %s: the align value, %s: the font, %s: the outline member. Slot colour
 * #80ffff, text colour #ff8000: fill = (128·255, 255·128, 255·0)/255 =
 * (128, 128, 0). */
static const char *document_format =
    "{\"format\": \"openbone\", \"version\": 1,"
    " \"skeleton\": {\"bones\": [{\"id\": \"root\", \"name\": \"root\"}],"
    "   \"slots\": [{\"id\": \"s\", \"name\": \"s\", \"bone\": \"root\","
    "     \"attachment\": \"label\", \"color\": \"#80ffff\"}]},"
    " \"skins\": [{\"id\": \"default\", \"name\": \"default\","
    "   \"attachments\": {\"s\": {\"label\": {\"type\": \"text\","
    "     \"text\": \"%s\", \"width\": 300, \"height\": 80, \"size\": 40,"
    "     \"color\": \"#ff8000\", \"align\": \"%s\", \"font\": \"%s\"%s}}}}],"
    " \"stateMachines\": [{\"id\": \"m\", \"name\": \"m\","
    "   \"inputs\": [{\"id\": \"n\", \"name\": \"count\", \"type\": "
    "\"number\", \"default\": 3}],"
    "   \"layers\": [{\"id\": \"L\", \"name\": \"L\", \"entry\": \"idle\","
    "     \"states\": [{\"id\": \"idle\", \"name\": \"idle\", \"type\": "
    "\"animation\", \"animation\": null}], \"transitions\": []}],"
    "   \"bindings\": [], \"listeners\": []}]}";

static anima_bone_model *load(const char *text, const char *align,
                              const char *font, const char *outline) {
  char document[16384];
  snprintf(document, sizeof document, document_format, text, align, font,
           outline);
  anima_bone_model *model = NULL;
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  anima_status status =
      anima_bone_model_load(document, strlen(document), diagnostics, &model);
  if (status != ANIMA_OK) {
    for (size_t i = 0; i < anima_diagnostics_count(diagnostics); i++) {
      const anima_diagnostic *d = anima_diagnostics_get(diagnostics, i);
      fprintf(stderr, "%s %s %s\n", d->code, d->pointer, d->message);
    }
  }
  anima_diagnostics_destroy(diagnostics);
  cr_assert_eq(status, ANIMA_OK);
  return model;
}

/* A drawn skeleton: instance, lowering with glyphs, frame. */
typedef struct drawn {
  anima_bone_model *model;
  anima_bone_instance *instance;
  anima_bone_frame *lowering;
  anima_bone_glyphs *glyphs;
  const anima_draw_frame *frame;
} drawn;

static const double view_box[4] = {-200, -100, 400, 200};

static drawn draw(anima_bone_model *model, bool machine) {
  drawn d = {model, NULL, NULL, NULL, NULL};
  cr_assert_eq(anima_bone_instance_create(model, &d.instance), ANIMA_OK);
  if (machine) {
    cr_assert_eq(anima_bone_machine_start(d.instance, 0), ANIMA_OK);
    anima_bone_instance_advance(d.instance, 0);
  }
  cr_assert_eq(anima_bone_frame_create(d.instance, &d.lowering), ANIMA_OK);
  cr_assert_eq(anima_bone_glyphs_create(model, NULL, NULL, &d.glyphs),
               ANIMA_OK);
  anima_bone_glyphs_attach(d.glyphs, d.lowering);
  d.frame = anima_bone_frame_build(d.lowering, d.instance, view_box);
  cr_assert_eq(anima_draw_frame_validate(d.frame), ANIMA_OK);
  return d;
}

static void release(drawn *d) {
  anima_bone_frame_destroy(d->lowering);
  anima_bone_glyphs_destroy(d->glyphs);
  anima_bone_instance_destroy(d->instance);
  anima_bone_model_destroy(d->model);
}

#define WIDTH 400
#define HEIGHT 200

/* Premultiplied ARGB32 pixels of the frame at 400 × 200. */
static uint32_t *pixels(const anima_draw_frame *frame) {
  anima_render_options options;
  memset(&options, 0, sizeof options);
  options.width = WIDTH;
  options.height = HEIGHT;
  anima_renderer *renderer = NULL;
  cr_assert_eq(anima_renderer_create(NULL, &renderer), ANIMA_OK);
  cairo_surface_t *surface =
      cairo_image_surface_create(CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);
  cr_assert_eq(anima_cairo_render(renderer, frame, &options, surface),
               ANIMA_OK);
  cairo_surface_flush(surface);
  uint32_t *out = malloc(WIDTH * HEIGHT * sizeof *out);
  const unsigned char *data = cairo_image_surface_get_data(surface);
  int stride = cairo_image_surface_get_stride(surface);
  for (int y = 0; y < HEIGHT; y++) {
    memcpy(out + y * WIDTH, data + y * stride, WIDTH * sizeof *out);
  }
  cairo_surface_destroy(surface);
  anima_renderer_destroy(renderer);
  return out;
}

/* The ink's extent {x0, y0, x1, y1} (pixels with alpha > 0, inclusive)
 * and the number of inked pixels. */
static size_t ink(const uint32_t *image, int box[4]) {
  size_t count = 0;
  box[0] = box[1] = 1 << 20;
  box[2] = box[3] = -1;
  for (int y = 0; y < HEIGHT; y++) {
    for (int x = 0; x < WIDTH; x++) {
      if ((image[y * WIDTH + x] >> 24) != 0) {
        count++;
        box[0] = x < box[0] ? x : box[0];
        box[1] = y < box[1] ? y : box[1];
        box[2] = x > box[2] ? x : box[2];
        box[3] = y > box[3] ? y : box[3];
      }
    }
  }
  return count;
}

static size_t ink_of(const char *text, const char *align, const char *outline,
                     int box[4], uint32_t **image) {
  drawn d = draw(load(text, align, "sans-serif", outline), false);
  uint32_t *picture = pixels(d.frame);
  size_t count = ink(picture, box);
  if (image) {
    *image = picture;
  } else {
    free(picture);
  }
  release(&d);
  return count;
}

Test(openbone_text, glyphs_ink_the_box_and_nothing_outside_it) {
  int box[4];
  size_t count = ink_of("Hello", "center", "", box, NULL);
  /* "Hello" at 40 units covers a few hundred pixels at least: five
   * glyphs, each stem 0.09 em ≈ 3.6 px wide and ≥ 29 px tall */
  cr_assert_gt(count, 500, "ink %zu", count);
  /* inside the box's pixels 50..350 × 60..140, and inside the line's
   * block 76.7..123.3 (rows 76..123 with antialiasing) */
  cr_assert_geq(box[0], 50);
  cr_assert_leq(box[2], 349);
  cr_assert_geq(box[1], 76, "top %d", box[1]);
  cr_assert_leq(box[3], 123, "bottom %d", box[3]);
  /* "Hello" has no descender: its ink ends on the baseline, y = −23.3 +
   * 37.1 = 13.8 (pixel 113.8), and its cap height 0.729 em = 29.2 above
   * it (pixel 84.6) */
  cr_assert(box[3] >= 112 && box[3] <= 114, "baseline row %d", box[3]);
  cr_assert(box[1] >= 83 && box[1] <= 86, "cap row %d", box[1]);
}

Test(openbone_text, alignment_moves_the_ink) {
  int left[4], center[4], right[4];
  ink_of("Hello", "left", "", left, NULL);
  ink_of("Hello", "center", "", center, NULL);
  ink_of("Hello", "right", "", right, NULL);
  /* left: the pen starts at the box's left edge (pixel 50), the H's left
   * bearing (0.098 em ≈ 3.9 px) after it */
  cr_assert(left[0] >= 52 && left[0] <= 55, "left edge %d", left[0]);
  /* right: the advance ends at the box's right edge (pixel 350); the o's
   * right bearing (≈ 0.056 em ≈ 2.2 px) before it */
  cr_assert(right[2] >= 345 && right[2] <= 349, "right edge %d", right[2]);
  /* the same ink moved: by (300 − advance)/2 from left to centre and
   * again from centre to right; rows unchanged */
  int shift_a = center[0] - left[0], shift_b = right[0] - center[0];
  /* the advance of "Hello" from DejaVu Sans' hmtx: H 1542, e 1260, l 569,
   * l 569, o 1253 of 2048 units (no kerning between these pairs) =
   * 5193/2048·40 = 101.43; the step (300 − 101.43)/2 = 99.3 pixels */
  cr_assert(shift_a >= 98 && shift_a <= 101, "step %d", shift_a);
  cr_assert(abs(shift_a - shift_b) <= 1, "shifts %d %d", shift_a, shift_b);
  /* the same ink, up to a pixel of antialiasing at another subpixel
   * offset */
  cr_assert(abs((right[2] - right[0]) - (left[2] - left[0])) <= 1,
            "widths %d %d", right[2] - right[0], left[2] - left[0]);
  cr_assert_eq(left[1], right[1]);
  cr_assert_eq(left[3], right[3]);
  /* centred: the advance's middle at pixel 200; the ink's middle within
   * the bearings' difference of it */
  cr_assert(abs((center[0] + center[2]) / 2 - 200) <= 3, "middle %d",
            (center[0] + center[2]) / 2);
}

Test(openbone_text, colour_is_slot_times_fill_and_the_outline_shows) {
  int box[4];
  uint32_t *image = NULL;
  ink_of("Hello", "center", "", box, &image);
  /* the fully covered pixels (inside the stems) are slot × fill =
   * (128, 128, 0) */
  size_t full = 0;
  for (int i = 0; i < WIDTH * HEIGHT; i++) {
    if ((image[i] >> 24) == 255) {
      full++;
      int r = (image[i] >> 16) & 255, g = (image[i] >> 8) & 255,
          b = image[i] & 255;
      cr_assert(abs(r - 128) <= 1 && abs(g - 128) <= 1 && b == 0,
                "pixel %d: %d %d %d", i, r, g, b);
    }
  }
  cr_assert_gt(full, 100);
  free(image);
  /* an outline of width 4, colour #0000ff × slot #80ffff = (0, 0, 255),
   * centred on the glyph edges under the fill: the ink grows by 2 units
   * a side and blue pixels appear around it */
  int outlined[4];
  ink_of("Hello", "center",
         ", \"outline\": {\"color\": \"#0000ff\", \"width\": 4}", outlined,
         &image);
  cr_assert(outlined[0] <= box[0] - 1 && outlined[0] >= box[0] - 3,
            "outlined left %d, plain %d", outlined[0], box[0]);
  cr_assert(outlined[2] >= box[2] + 1 && outlined[2] <= box[2] + 3);
  size_t blue = 0;
  for (int i = 0; i < WIDTH * HEIGHT; i++) {
    blue += image[i] == 0xff0000ffu;
  }
  cr_assert_gt(blue, 100);
  free(image);
}

Test(openbone_text, svg_holds_the_glyph_paths) {
  drawn d = draw(load("Hi", "center", "sans-serif", ""), false);
  anima_render_options options;
  memset(&options, 0, sizeof options);
  options.width = WIDTH;
  options.height = HEIGHT;
  char *svg = NULL;
  cr_assert_eq(anima_svg_write_string(d.frame, &options, &svg, NULL), ANIMA_OK);
  /* the fill colour (128, 128, 0) and a path drawing H (12 lines: one
   * contour) and i (two contours: 4 + 4 lines) */
  cr_assert(strstr(svg, "#808000") != NULL, "%s", svg);
  const char *d_attribute = strstr(svg, " d=\"M");
  cr_assert(d_attribute != NULL, "%s", svg);
  size_t moves = 0, closes = 0;
  for (const char *c = d_attribute + 4; *c && *c != '"'; c++) {
    moves += *c == 'M';
    closes += *c == 'Z' || *c == 'z';
  }
  cr_assert_eq(moves, 3, "%s", svg);
  cr_assert_eq(closes, 3, "%s", svg);
  free(svg);
  release(&d);
}

Test(openbone_text, a_template_follows_its_machine_input) {
  drawn d = draw(load("n = {count}", "left", "sans-serif", ""), true);
  /* "n = 3": the input's default */
  uint32_t *three = pixels(d.frame);
  int box3[4];
  ink(three, box3);
  anima_bone_value value = {ANIMA_BONE_VALUE_NUMBER, false, 1234, NULL};
  cr_assert_eq(anima_bone_machine_set_input(d.instance, "count", &value),
               ANIMA_OK);
  anima_bone_instance_advance(d.instance, 1.0 / 60);
  const anima_draw_frame *frame =
      anima_bone_frame_build(d.lowering, d.instance, view_box);
  uint32_t *more = pixels(frame);
  int box4[4];
  ink(more, box4);
  /* left-aligned: the same start, "1234" three digits longer than "3" */
  cr_assert_eq(box4[0], box3[0]);
  cr_assert_gt(box4[2] - box3[2], 3 * 20, "%d %d", box4[2], box3[2]);
  free(three);
  free(more);
  release(&d);
}

Test(openbone_text, building_allocates_nothing_after_the_first_frame) {
  if (!bench_allocation_available()) {
    return; /* sanitizers bring their own allocator */
  }
  drawn d = draw(load("{count:0}", "center", "sans-serif", ""), true);
  anima_bone_value value = {ANIMA_BONE_VALUE_NUMBER, false, 0, NULL};
  /* warm-up: every digit seen, the longest string laid out once */
  for (int i = 0; i < 100; i++) {
    value.number = i;
    anima_bone_machine_set_input(d.instance, "count", &value);
    anima_bone_instance_advance(d.instance, 1.0 / 60);
    anima_bone_frame_build(d.lowering, d.instance, view_box);
  }
  /* a counter changing every frame, then a string kept */
  bench_allocation_take();
  bench_allocation_resume();
  for (int i = 0; i < 200; i++) {
    value.number = i % 100;
    anima_bone_machine_set_input(d.instance, "count", &value);
    anima_bone_instance_advance(d.instance, 1.0 / 60);
    anima_bone_frame_build(d.lowering, d.instance, view_box);
  }
  bench_allocation_pause();
  bench_allocations counted = bench_allocation_take();
  cr_assert_eq(counted.calls, 0, "%zu allocations", counted.calls);
  release(&d);
}

Test(openbone_text, a_missing_family_falls_back_with_a_warning) {
  anima_bone_model *model = load("Hello", "center", "No Such Family Anima", "");
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  anima_bone_glyphs *glyphs = NULL;
  cr_assert_eq(anima_bone_glyphs_create(model, NULL, diagnostics, &glyphs),
               ANIMA_OK);
  cr_assert_eq(anima_diagnostics_count(diagnostics), 1);
  const anima_diagnostic *d = anima_diagnostics_get(diagnostics, 0);
  cr_assert_str_eq(d->code, "text-font-fallback");
  cr_assert_eq(d->severity, ANIMA_SEVERITY_WARNING);
  cr_assert_str_eq(d->pointer, "/skins/0/attachments/s/label/font");
  /* it still draws */
  anima_bone_text record;
  memset(&record, 0, sizeof record);
  record.text = "Hello";
  record.font = "No Such Family Anima";
  record.size = 40;
  record.weight = 400;
  record.align = "center";
  record.width = 300;
  record.height = 80;
  const anima_path *outline = anima_bone_glyphs_outline(glyphs, 0, &record);
  cr_assert(outline != NULL && outline->count > 20);
  anima_bone_glyphs_destroy(glyphs);
  anima_diagnostics_destroy(diagnostics);
  anima_bone_model_destroy(model);
}

Test(openbone_text, unreadable_font_files_are_diagnostics) {
  anima_bone_model *model = load("Hello", "center", "sans-serif", "");
  char bad[] = "/tmp/anima-text-bad-XXXXXX";
  int fd = mkstemp(bad);
  cr_assert_geq(fd, 0);
  FILE *file = fdopen(fd, "w");
  fputs("this is not a font\n", file);
  fclose(file);
  const char *files[] = {bad, "/nonexistent/anima/font.ttf"};
  anima_bone_glyphs_options options = {files, 2};
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  anima_bone_glyphs *glyphs = NULL;
  cr_assert_eq(anima_bone_glyphs_create(model, &options, diagnostics, &glyphs),
               ANIMA_ERROR_INVALID_DOCUMENT);
  cr_assert_null(glyphs);
  cr_assert_eq(anima_diagnostics_count(diagnostics), 2);
  for (size_t i = 0; i < 2; i++) {
    const anima_diagnostic *d = anima_diagnostics_get(diagnostics, i);
    cr_assert_str_eq(d->code, "text-font-unreadable");
    cr_assert_eq(d->severity, ANIMA_SEVERITY_ERROR);
    cr_assert(strstr(d->message, files[i]) != NULL, "%s", d->message);
  }
  remove(bad);
  anima_diagnostics_destroy(diagnostics);
  anima_bone_model_destroy(model);
}

Test(openbone_text, without_an_outliner_a_text_item_draws_nothing) {
  anima_bone_model *model = load("Hello", "center", "sans-serif", "");
  anima_bone_instance *instance = NULL;
  cr_assert_eq(anima_bone_instance_create(model, &instance), ANIMA_OK);
  anima_bone_frame *lowering = NULL;
  cr_assert_eq(anima_bone_frame_create(instance, &lowering), ANIMA_OK);
  const anima_draw_frame *frame =
      anima_bone_frame_build(lowering, instance, view_box);
  cr_assert_eq(frame->shape_count, 0);
  cr_assert_eq(frame->mesh_count, 0);
  anima_bone_frame_destroy(lowering);
  anima_bone_instance_destroy(instance);
  anima_bone_model_destroy(model);
}

Test(openbone_text, a_huge_string_draws_at_most_the_glyph_cap) {
  /* 5000 "l": a warning at creation, and the outline of 4096 of them:
   * 4096 times the outline of one "l" */
  static char many[5001];
  memset(many, 'l', 5000);
  anima_bone_model *model = load(many, "left", "sans-serif", "");
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  anima_bone_glyphs *glyphs = NULL;
  cr_assert_eq(anima_bone_glyphs_create(model, NULL, diagnostics, &glyphs),
               ANIMA_OK);
  cr_assert_eq(anima_diagnostics_count(diagnostics), 1);
  cr_assert_str_eq(anima_diagnostics_get(diagnostics, 0)->code,
                   "text-too-long");
  anima_bone_text record;
  memset(&record, 0, sizeof record);
  record.font = "sans-serif";
  record.size = 40;
  record.weight = 400;
  record.align = "left";
  record.text = "l";
  const anima_path *one = anima_bone_glyphs_outline(glyphs, 0, &record);
  cr_assert(one != NULL && one->count > 0);
  size_t single = one->count;
  record.text = many;
  const anima_path *all = anima_bone_glyphs_outline(glyphs, 0, &record);
  cr_assert(all != NULL);
  cr_assert_eq(all->count, ANIMA_BONE_TEXT_MOST_GLYPHS * single);
  anima_bone_glyphs_destroy(glyphs);
  anima_diagnostics_destroy(diagnostics);
  anima_bone_model_destroy(model);
}
