/*
 * test_draw_emit.c — node behaviours that draw through draw frame v2
 * primitives of their own (module.h anima_node_behaviour_desc `reserve`
 * and `emit`; docs/MODULES.md §8 "Emitted primitives"), driven by the test
 * module `pictures` (tests/modules/pictures.c, public headers only): the
 * frame's layout from `reserve`, cairo render probes and Chromium's
 * picture of the SVG with colours derived by hand, the SVG constructs, the
 * node's transform, opacity, visibility and knockout context, refusals of
 * primitives past the reservation, and builds that allocate nothing.
 *
 * The pictures module's pixels (2 × 2, nearest sampling):
 *
 *     red    (255, 0, 0)    green  (0, 255, 0)
 *     blue   (0, 0, 255)    yellow (255, 255, 0)
 *
 * Probe geometry: the viewBox 0 0 24 24 (grid 24) is drawn at 240 × 240
 * pixels, so pixel (px, py) covers [px/10, px/10 + 0.1] × [py/10,
 * py/10 + 0.1]; a probe at grid point (x, y) reads pixel (⌊10x⌋, ⌊10y⌋),
 * and every probe square lies at least 0.3 units from any edge, texel
 * boundary or triangle seam, so it shows one colour exactly.
 */
#include <cairo.h>
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <anima/draw.h>
#include <anima/module.h>
#include <anima/render.h>
#include <anima/render_cairo.h>

#include "svg_xml.h"
#include "test_allocations.h"
#include "test_chromium.h"
#include "test_cli_support.h"

#define MODULE(file) ANIMA_TEST_MODULE_DIR "/" file

typedef struct loaded {
  anima_runtime *runtime;
  anima_model *model;
  anima_player *player;
  anima_draw_frame *frame;
} loaded;

#define DOCUMENT(nodes)                                                        \
  "{\"anima\": \"0.1\", \"name\": \"t\", \"requires\": [\"pictures\", "        \
  "\"knockout\"], \"grid\": 24, \"nodes\": [" nodes "]}"

/* A picture whose image covers [2, 10] × [2, 10] and whose mesh covers
 * [10, 18] × [2, 10] (with warp 0); `more` adds members. */
#define PICTURE(more)                                                          \
  "{\"id\": \"p\", \"type\": \"picture\", \"box\": [2, 2, 8, 8]" more "}"

static loaded load(const char *json) {
  loaded l = {0};
  l.runtime = anima_runtime_create();
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  cr_assert_eq(anima_runtime_load_module_file(
                   l.runtime, MODULE("anima-pictures.so"), diagnostics),
               ANIMA_OK, "%s",
               anima_diagnostics_count(diagnostics)
                   ? anima_diagnostics_get(diagnostics, 0)->message
                   : "");
  anima_status status =
      anima_model_load(l.runtime, json, strlen(json), diagnostics, &l.model);
  if (status != ANIMA_OK) {
    const anima_diagnostic *first = anima_diagnostics_get(diagnostics, 0);
    cr_assert_fail("document did not load: %s %s %s",
                   first ? first->code : anima_status_name(status),
                   first ? first->pointer : "", first ? first->message : "");
  }
  anima_diagnostics_destroy(diagnostics);
  l.player = anima_player_create(l.model);
  cr_assert_not_null(l.player);
  anima_step_result result;
  cr_assert_eq(anima_player_step(l.player, 0, &result), ANIMA_OK);
  cr_assert_eq(anima_draw_frame_create(l.model, &l.frame), ANIMA_OK);
  return l;
}

static void unload(loaded *l) {
  anima_draw_frame_destroy(l->frame);
  anima_player_destroy(l->player);
  anima_model_destroy(l->model);
  anima_runtime_destroy(l->runtime);
}

static const anima_color white = {255, 255, 255, 255};
static const anima_color red = {255, 0, 0, 255};
static const anima_color green = {0, 255, 0, 255};
static const anima_color blue = {0, 0, 255, 255};
static const anima_color yellow = {255, 255, 0, 255};
static const anima_color black = {0, 0, 0, 255};

/* ------------------------------------------------------------------------ */
/* The frame's layout and what emit wrote                                    */
/* ------------------------------------------------------------------------ */

Test(draw_emit, reserve_sizes_the_frame_and_emit_fills_it) {
  /* The picture reserves 1 image, 1 mesh, 4 vertices and 6 indices: the
   * frame holds exactly those, inside the node's own group after its
   * outline: GROUP_BEGIN, SHAPE, IMAGE, MESH, GROUP_END. */
  loaded l = load(DOCUMENT(PICTURE(", \"warp\": 4")));
  anima_draw_frame *frame = l.frame;
  cr_assert_eq(frame->item_count, 5);
  const anima_draw_item_kind kinds[5] = {ANIMA_DRAW_GROUP_BEGIN,
                                         ANIMA_DRAW_SHAPE, ANIMA_DRAW_IMAGE,
                                         ANIMA_DRAW_MESH, ANIMA_DRAW_GROUP_END};
  for (size_t i = 0; i < 5; i++) {
    cr_expect_eq(frame->items[i].kind, kinds[i], "item %zu", i);
    cr_expect_str_eq(frame->items[i].id, "p");
    cr_expect_str_eq(frame->items[i].pointer, "/nodes/0");
  }
  cr_expect_eq(frame->items[0].partner, 4);
  cr_expect_eq(frame->image_count, 1);
  cr_expect_eq(frame->mesh_count, 1);
  cr_expect_eq(frame->vertex_count, 4);
  cr_expect_eq(frame->index_count, 6);
  /* before any build the reserved primitives are hidden and valid */
  cr_expect_not(frame->items[2].visible);
  cr_expect_not(frame->items[3].visible);
  cr_expect_eq(anima_draw_frame_validate(frame), ANIMA_OK);

  cr_assert_eq(anima_draw_frame_build(frame, l.player), ANIMA_OK);
  cr_expect_null(anima_draw_frame_error(frame));
  cr_expect_eq(anima_draw_frame_validate(frame), ANIMA_OK);
  cr_expect(frame->items[2].visible);
  cr_expect(frame->items[3].visible);
  const anima_draw_image *image = &frame->images[frame->items[2].payload];
  const double box[4] = {2, 2, 8, 8}, source[4] = {0, 0, 2, 2};
  for (size_t i = 0; i < 4; i++) {
    cr_expect_eq(image->box[i], box[i]);
    cr_expect_eq(image->dest[i], box[i]);
    cr_expect_eq(image->source[i], source[i]);
  }
  cr_expect_eq(image->pixels.width, 2);
  cr_expect_eq(image->pixels.data[4 * 3 + 1], 255, "yellow's green");
  cr_expect_eq(image->sampling, ANIMA_SAMPLING_NEAREST);
  /* the mesh: (10, 2), (18, 2), (18 + 4, 10), (10 + 4, 10) with warp 4 */
  const anima_draw_mesh *mesh = &frame->meshes[frame->items[3].payload];
  cr_expect_eq(mesh->vertex_count, 4);
  cr_expect_eq(mesh->index_count, 6);
  const double expected[4][4] = {
      {10, 2, 0, 0}, {18, 2, 1, 0}, {22, 10, 1, 1}, {14, 10, 0, 1}};
  for (size_t i = 0; i < 4; i++) {
    const anima_draw_vertex *vertex = &frame->vertices[mesh->first_vertex + i];
    cr_expect_eq(vertex->x, expected[i][0], "vertex %zu", i);
    cr_expect_eq(vertex->y, expected[i][1], "vertex %zu", i);
    cr_expect_eq(vertex->u, expected[i][2], "vertex %zu", i);
    cr_expect_eq(vertex->v, expected[i][3], "vertex %zu", i);
  }
  const uint32_t indices[6] = {0, 1, 2, 0, 2, 3};
  for (size_t i = 0; i < 6; i++) {
    cr_expect_eq(frame->indices[mesh->first_index + i], indices[i]);
  }
  /* the primitives are in the node's local space, inside its group */
  cr_expect_eq(frame->items[2].local.e, 0);
  cr_expect_eq(frame->items[2].opacity, 1);
  /* SVG and cairo draw every emitted primitive */
  cr_expect_eq(anima_draw_frame_check(frame, anima_svg_caps(), NULL), ANIMA_OK);
  cr_expect_eq(anima_draw_frame_check(frame, anima_cairo_caps(), NULL),
               ANIMA_OK);
  unload(&l);
}

Test(draw_emit, reserved_primitives_not_emitted_are_not_drawn) {
  /* mesh: false — the reserved MESH item stays hidden, every build */
  loaded l = load(DOCUMENT(PICTURE(", \"mesh\": false")));
  for (int build = 0; build < 2; build++) {
    cr_assert_eq(anima_draw_frame_build(l.frame, l.player), ANIMA_OK);
    cr_expect(l.frame->items[2].visible);
    cr_expect_not(l.frame->items[3].visible, "build %d", build);
    cr_expect_eq(anima_draw_frame_validate(l.frame), ANIMA_OK);
  }
  unload(&l);
}

Test(draw_emit, a_node_without_emit_keeps_its_single_shape) {
  /* Nodes whose behaviour has no `emit` (the kernel's own) are unchanged:
   * one SHAPE item, no image or mesh tables used. */
  loaded l = load(DOCUMENT(
      "{\"id\": \"c\", \"type\": \"circle\", \"center\": [4, 4], \"r\": 2, "
      "\"fill\": {\"color\": \"#000\"}}"));
  cr_expect_eq(l.frame->item_count, 1);
  cr_expect_eq(l.frame->items[0].kind, ANIMA_DRAW_SHAPE);
  cr_expect_eq(l.frame->image_count, 0);
  cr_expect_eq(l.frame->mesh_count, 0);
  unload(&l);
}

/* ------------------------------------------------------------------------ */
/* Pictures: cairo probes and Chromium's rendering of the SVG                */
/* ------------------------------------------------------------------------ */

typedef struct picture {
  cairo_surface_t *cairo, *chromium;
} picture;

static void picture_destroy(picture image) {
  cairo_surface_destroy(image.cairo);
  if (image.chromium) {
    cairo_surface_destroy(image.chromium);
  }
}

static picture render(const char *json) {
  loaded l = load(json);
  anima_renderer *renderer = NULL;
  cr_assert_eq(anima_renderer_create(l.model, &renderer), ANIMA_OK);
  char path[] = "/tmp/anima-test-emit-XXXXXX";
  int descriptor = mkstemp(path);
  cr_assert(descriptor >= 0);
  close(descriptor);
  anima_render_options options = {
      .width = 240, .height = 240, .has_background = true, .background = white};
  cr_assert_eq(anima_render_png(renderer, l.player, &options, path), ANIMA_OK);
  picture image = {.cairo = test_read_png(path)};
  unlink(path);
  anima_render_options svg_options = {.width = 240, .height = 240};
  char *svg = NULL;
  cr_assert_eq(anima_render_svg(renderer, l.player, &svg_options, &svg, NULL),
               ANIMA_OK);
  image.chromium = test_chromium_shot(svg, 240);
  free(svg);
  anima_renderer_destroy(renderer);
  unload(&l);
  return image;
}

/* Chromium rounds colours of opacity differently by a unit or two. */
#define CHROMIUM_TOLERANCE 2

static bool near(anima_color a, anima_color b, int tolerance) {
  return abs(a.r - b.r) <= tolerance && abs(a.g - b.g) <= tolerance &&
         abs(a.b - b.b) <= tolerance && abs(a.a - b.a) <= tolerance;
}

static void expect_probe_within(picture image, double x, double y,
                                anima_color expected, int tolerance,
                                const char *what) {
  anima_color actual;
  int px = (int)(x * 10), py = (int)(y * 10);
  cr_assert_eq(anima_cairo_probe(image.cairo, px, py, &actual), ANIMA_OK);
  cr_expect(near(actual, expected, tolerance),
            "%s at (%g, %g): #%02x%02x%02x%02x, expected #%02x%02x%02x%02x",
            what, x, y, actual.r, actual.g, actual.b, actual.a, expected.r,
            expected.g, expected.b, expected.a);
  if (image.chromium) {
    cr_assert_eq(anima_cairo_probe(image.chromium, px, py, &actual), ANIMA_OK);
    cr_expect(near(actual, expected, tolerance + CHROMIUM_TOLERANCE),
              "%s at (%g, %g) in Chromium's SVG: #%02x%02x%02x%02x, expected "
              "#%02x%02x%02x%02x",
              what, x, y, actual.r, actual.g, actual.b, actual.a, expected.r,
              expected.g, expected.b, expected.a);
  }
}

static void expect_probe(picture image, double x, double y,
                         anima_color expected, const char *what) {
  expect_probe_within(image, x, y, expected, 0, what);
}

Test(draw_emit, the_image_and_the_mesh_show_the_generated_pixels) {
  /* The image maps texel (i, j) to [2 + 4i, 6 + 4i] × [2 + 4j, 6 + 4j]:
   * red top left, green top right, blue bottom left, yellow bottom right.
   * The mesh (warp 0) is the square [10, 18] × [2, 10] with u = (x − 10)/8,
   * v = (y − 2)/8, the same quadrants split at x = 14, y = 6; its seam is
   * the diagonal x − 10 = y − 2, which every probe keeps ≥ 0.7 from. */
  picture image = render(DOCUMENT(PICTURE("")));
  expect_probe(image, 4, 4, red, "image, top left");
  expect_probe(image, 8, 3, green, "image, top right");
  expect_probe(image, 3, 8, blue, "image, bottom left");
  expect_probe(image, 8, 8, yellow, "image, bottom right");
  expect_probe(image, 1, 1, white, "outside the image");
  expect_probe(image, 11.5, 4.5, red, "mesh, top left");
  expect_probe(image, 16, 3, green, "mesh, top right");
  expect_probe(image, 11, 8, blue, "mesh, bottom left");
  expect_probe(image, 16.5, 7.5, yellow, "mesh, bottom right");
  expect_probe(image, 20, 9, white, "right of the mesh");
  expect_probe(image, 12, 12, white, "below the mesh");
  picture_destroy(image);
}

Test(draw_emit, the_mesh_follows_the_warp_every_build) {
  /* warp 4 moves the bottom vertices right by 4: the quad becomes the
   * parallelogram (10, 2) (18, 2) (22, 10) (14, 10), one shear, so
   * u = (x − 10 − (y − 2)/2)/8 and v = (y − 2)/8. At (20, 9): v = 7/8,
   * u = (20 − 10 − 3.5)/8 = 0.81: yellow (white without warp). At (11, 9):
   * u = (1 − 3.5)/8 < 0: outside, white (blue without warp). At (13, 3):
   * v = 1/8, u = (3 − 0.5)/8 = 0.31: red. */
  picture image = render(DOCUMENT(PICTURE(", \"warp\": 4")));
  expect_probe(image, 20, 9, yellow, "the sheared bottom right");
  expect_probe(image, 11, 9, white, "left of the sheared edge");
  expect_probe(image, 13, 3, red, "the top left");
  expect_probe(image, 4, 4, red, "the image is not warped");
  picture_destroy(image);
}

Test(draw_emit, primitives_draw_under_the_nodes_matrix_and_opacity) {
  /* x 4, y 12 moves everything by (4, 12): the image's red texel covers
   * [6, 10] × [14, 18], its yellow one [10, 14] × [18, 22]. Opacity 0.5
   * over white: red → (255, 255·0.5 + 0·0.5, …) = (255, 127.5, 127.5),
   * yellow → (255, 255, 127.5): within one unit of rounding. The node's
   * own position, (4, 4), is now white. */
  picture image = render(DOCUMENT(
      PICTURE(", \"x\": 4, \"y\": 12, \"opacity\": 0.5, \"mesh\": false")));
  const anima_color pale_red = {255, 128, 128, 255};
  const anima_color pale_yellow = {255, 255, 128, 255};
  expect_probe_within(image, 8, 16, pale_red, 1, "translated red, half");
  expect_probe_within(image, 12, 20, pale_yellow, 1, "translated yellow");
  expect_probe(image, 4, 4, white, "where the untranslated image was");
  picture_destroy(image);
}

Test(draw_emit, an_invisible_node_emits_nothing_visible) {
  picture image = render(DOCUMENT(PICTURE(", \"visible\": false")));
  expect_probe(image, 4, 4, white, "the image");
  expect_probe(image, 16, 3, white, "the mesh");
  picture_destroy(image);
}

Test(draw_emit, a_later_knockout_cuts_the_emitted_primitives) {
  /* SPEC §4 Knockout: the black circle at (4, 4), r 1, knockout 1 cuts its
   * painted area grown by 1 (radius 2) out of the earlier sibling, the
   * picture, and then draws itself. (4, 4): black; (5.5, 4) and (4, 2.6),
   * 1.5 and 1.4 from the centre: cut, white; (2.3, 5.7), 2.4 away: the
   * red texel. The mesh is not near the cut: (16, 3) stays green. */
  picture image = render(DOCUMENT(
      PICTURE("") ",{\"id\": \"k\", \"type\": \"circle\", \"center\": [4, 4], "
                  "\"r\": 1, \"knockout\": 1, \"fill\": {\"color\": "
                  "\"#000000\"}}"));
  expect_probe(image, 4, 4, black, "the cutter");
  expect_probe(image, 5.5, 4, white, "cut out of the image");
  expect_probe(image, 4, 2.6, white, "cut out of the image");
  expect_probe(image, 2.3, 5.7, red, "the image beyond the cut");
  expect_probe(image, 16, 3, green, "the mesh");
  picture_destroy(image);
}

Test(draw_emit, a_clip_of_the_node_clips_its_primitives) {
  /* The module lowers clipTo with compile_node_clip: CLIP_BEGIN, then the
   * node's group, then CLIP_END. The clip is the circle at (4, 4), r 2
   * (it paints nothing itself). (4, 4) and (5, 5), 1.4 from the centre:
   * the red texel; (7, 4), 3 away, is outside: white where the green
   * texel was; (8, 8), yellow unclipped, and the whole mesh (16, 3) are
   * outside: white. */
  const char *json =
      DOCUMENT(PICTURE(", \"clipTo\": \"c\"") ",{\"id\": \"c\", \"type\": "
                                              "\"circle\", \"center\": [4, 4], "
                                              "\"r\": 2}");
  loaded l = load(json);
  cr_assert_eq(l.frame->items[0].kind, ANIMA_DRAW_CLIP_BEGIN);
  cr_expect_eq(l.frame->items[1].kind, ANIMA_DRAW_GROUP_BEGIN);
  cr_expect_eq(l.frame->items[3].kind, ANIMA_DRAW_IMAGE);
  cr_expect_eq(l.frame->items[6].kind, ANIMA_DRAW_CLIP_END);
  unload(&l);
  picture image = render(json);
  expect_probe(image, 4, 4, red, "inside the clip");
  expect_probe(image, 5, 5, red, "inside the clip");
  expect_probe(image, 7, 4, white, "the green texel, clipped away");
  expect_probe(image, 8, 8, white, "the yellow texel, clipped away");
  expect_probe(image, 16, 3, white, "the mesh, clipped away");
  picture_destroy(image);
}

Test(draw_emit, an_emitting_node_clips_by_its_outline) {
  /* A picture as the clip source: its SHAPE (inside its group) is the
   * clip, p's box [2, 10] × [2, 10]. The later picture q, box [6, 6, 8, 8],
   * has its red texel on [6, 10] × [6, 10], green on [10, 14] × [6, 10],
   * blue on [6, 10] × [10, 14]; clipped, only its red shows: (8, 8) red.
   * At (12, 8) q's green is clipped away and p's mesh shows, its blue
   * texel [10, 14] × [6, 10] (2 and 6 from the seam's two coordinates);
   * at (8, 12) q's blue is clipped away over nothing: white. */
  const char *json =
      DOCUMENT(PICTURE("") ",{\"id\": \"q\", \"type\": "
                           "\"picture\", \"box\": [6, 6, 8, 8], "
                           "\"mesh\": false, \"clipTo\": \"p\"}");
  loaded l = load(json);
  cr_expect_eq(anima_draw_frame_validate(l.frame), ANIMA_OK);
  const anima_draw_item *clip_begin = &l.frame->items[5];
  cr_assert_eq(clip_begin->kind, ANIMA_DRAW_CLIP_BEGIN);
  cr_expect_eq(l.frame->clips[clip_begin->payload].source, 1,
               "p's SHAPE inside its group");
  unload(&l);
  picture image = render(json);
  expect_probe(image, 8, 8, red, "q's red texel inside p's box");
  expect_probe(image, 12, 8, blue, "p's mesh; q is clipped away there");
  expect_probe(image, 8, 12, white, "q clipped away below p's box");
  picture_destroy(image);
}

Test(draw_emit, the_outline_paints_under_the_primitives) {
  /* A black fill of the box [2, 10] × [2, 10]: the image covers it whole
   * (drawn after the outline), so the fill never shows. */
  picture image =
      render(DOCUMENT(PICTURE(", \"fill\": {\"color\": \"#000000\"}, \"mesh\": "
                              "false")));
  expect_probe(image, 4, 4, red, "the image over the fill");
  expect_probe(image, 8, 8, yellow, "the image over the fill");
  picture_destroy(image);
}

/* ------------------------------------------------------------------------ */
/* SVG constructs                                                            */
/* ------------------------------------------------------------------------ */

Test(draw_emit, svg_writes_the_primitives_inside_the_nodes_group) {
  /* The node's group carries its translation and opacity; the image is a
   * pixelated PNG data URI definition shown through nested viewports (the
   * box, then the source rectangle on the fitted rectangle); the mesh is one
   * clip path and one <use> per triangle. */
  loaded l = load(DOCUMENT(PICTURE(", \"x\": 1, \"opacity\": 0.5")));
  anima_renderer *renderer = NULL;
  cr_assert_eq(anima_renderer_create(l.model, &renderer), ANIMA_OK);
  anima_render_options options = {.width = 240, .height = 240};
  char *text = NULL;
  size_t length = 0;
  cr_assert_eq(anima_render_svg(renderer, l.player, &options, &text, &length),
               ANIMA_OK);
  xmlDocPtr document =
      xmlReadMemory(text, (int)length, "frame.svg", NULL,
                    XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
  cr_assert_not_null(document, "not well-formed:\n%s", text);
  cr_expect_eq(count_of(document, "//*[@id='p']"), 1, "one element has the id");
  expect_attribute(document, "//svg:g[@id='p']", "opacity", "0.5");
  char *transform = attribute(document, "//svg:g[@id='p']", "transform");
  cr_assert_not_null(transform);
  cr_expect(strstr(transform, "translate(1") != NULL ||
                strstr(transform, "matrix(1 0 0 1 1 0)") != NULL,
            "the node's translation: %s", transform);
  free(transform);
  char *href = attribute(document, "//svg:defs/svg:image", "href");
  cr_assert_not_null(href);
  cr_expect(strncmp(href, "data:image/png;base64,iVBORw0KGgo", 33) == 0,
            "a PNG data URI: %.40s", href);
  free(href);
  expect_attribute(document, "//svg:defs/svg:image", "image-rendering",
                   "pixelated");
  /* the box [2, 2, 8, 8] clips; the 2 × 2 source fills the same rect */
  cr_expect_eq(count_of(document, "//svg:g[@id='p']//svg:svg[@viewBox='2 2 "
                                  "8 8']/svg:svg[@viewBox='0 0 2 2']/svg:use"),
               1, "the image's viewports inside the node's group");
  cr_expect_eq(count_of(document, "//svg:clipPath"), 2, "one per triangle");
  cr_expect_eq(count_of(document, "//svg:g[@id='p']//svg:g[@clip-path]/"
                                  "svg:use"),
               2);
  xmlFreeDoc(document);
  free(text);
  anima_renderer_destroy(renderer);
  unload(&l);
}

/* ------------------------------------------------------------------------ */
/* Emitting past the reservation                                             */
/* ------------------------------------------------------------------------ */

/* A build of a picture emitting past its reserve fails with a message
 * naming the node and what was refused; nothing of the node is drawn and
 * the frame stays valid. */
static void expect_refused(const char *overflow, const char *what) {
  char json[512];
  snprintf(json, sizeof json, DOCUMENT(PICTURE(", \"overflow\": \"%s\"")),
           overflow);
  loaded l = load(json);
  cr_assert_eq(anima_draw_frame_build(l.frame, l.player), ANIMA_ERROR_MODULE,
               "%s", overflow);
  const char *error = anima_draw_frame_error(l.frame);
  cr_assert_not_null(error);
  cr_expect(strstr(error, "node \"p\" (/nodes/0, type picture)") != NULL, "%s",
            error);
  cr_expect(strstr(error, what) != NULL, "%s: %s", what, error);
  cr_expect_not(l.frame->items[2].visible, "%s: no partial node", overflow);
  cr_expect_not(l.frame->items[3].visible, "%s: no partial node", overflow);
  cr_expect_eq(l.frame->vertex_count, 4);
  cr_expect_eq(l.frame->index_count, 6);
  cr_expect_eq(anima_draw_frame_validate(l.frame), ANIMA_OK);
  /* rendering reports the failure instead of drawing half a node */
  anima_renderer *renderer = NULL;
  cr_assert_eq(anima_renderer_create(l.model, &renderer), ANIMA_OK);
  anima_render_options options = {.width = 24, .height = 24};
  char *svg = NULL;
  cr_expect_eq(anima_render_svg(renderer, l.player, &options, &svg, NULL),
               ANIMA_ERROR_MODULE);
  cr_expect_null(svg);
  cr_expect_str_eq(anima_renderer_error(renderer),
                   anima_draw_frame_error(l.frame));
  anima_renderer_destroy(renderer);
  unload(&l);
}

Test(draw_emit, an_image_past_the_reservation_is_refused) {
  expect_refused("image", "emit_image past the images its reserve declared");
}

Test(draw_emit, mesh_vertices_past_the_reservation_are_refused) {
  expect_refused("vertices",
                 "emit_mesh past the mesh vertices its reserve declared");
}

Test(draw_emit, mesh_indices_past_the_reservation_are_refused) {
  expect_refused("indices",
                 "emit_mesh past the mesh indices its reserve declared");
}

Test(draw_emit, anima_render_names_the_refused_node) {
  /* The CLI prints anima_renderer_error's sentence and exits 1 (failed
   * rendering, docs/CLI.md), for PNG and SVG output alike. */
  char path[] = "/tmp/anima-test-emit-XXXXXX";
  int descriptor = mkstemp(path);
  cr_assert(descriptor >= 0);
  const char *json = DOCUMENT(PICTURE(", \"overflow\": \"image\""));
  cr_assert_eq(write(descriptor, json, strlen(json)), (ssize_t)strlen(json));
  close(descriptor);
  char document[64];
  snprintf(document, sizeof document, "%s.ani", path);
  cr_assert_eq(rename(path, document), 0);
  const char *outputs[] = {"/tmp/anima-test-emit-out.png",
                           "/tmp/anima-test-emit-out.svg"};
  for (size_t i = 0; i < 2; i++) {
    const char *arguments[] = {
        "render",   "--module", MODULE("anima-pictures.so"), document, "-o",
        outputs[i], NULL};
    cli_run run = cli_run_args(arguments);
    cr_expect_eq(run.status, 1, "%s: %s", outputs[i], run.err);
    cr_expect(strstr(run.err,
                     "anima render: drawing failed: node \"p\" (/nodes/0, "
                     "type picture): emit_image past the images its reserve "
                     "declared") != NULL,
              "%s: %s", outputs[i], run.err);
    cli_run_free(&run);
    unlink(outputs[i]);
  }
  unlink(document);
}

Test(draw_emit, an_error_from_emit_fails_that_build_only) {
  /* warp goes from −1 at 0 s to 1 at 1 s (linear). At 0 s emit returns
   * ANIMA_ERROR_INVALID_DOCUMENT after emitting its image: the build
   * returns it, and the image emitted before is hidden. At 0.75 s warp is
   * 0.5: the next build of the same frame succeeds, draws both primitives
   * and has no error. */
  loaded l = load(
      "{\"anima\": \"0.1\", \"name\": \"t\", \"requires\": [\"pictures\"], "
      "\"grid\": 24, \"nodes\": [" PICTURE(
          "") "], \"timelines\": {\"t\": "
              "{\"duration\": 1, \"tracks\": {\"p.warp\": [[0, -1], [1, "
              "1]]}}}, "
              "\"machine\": {\"layers\": {\"l\": {\"initial\": \"s\", "
              "\"states\": "
              "{\"s\": {\"play\": \"t\"}}}}}}");
  cr_assert_eq(anima_draw_frame_build(l.frame, l.player),
               ANIMA_ERROR_INVALID_DOCUMENT);
  const char *error = anima_draw_frame_error(l.frame);
  cr_assert_not_null(error);
  cr_expect(strstr(error, "emit failed (") != NULL, "%s", error);
  cr_expect_not(l.frame->items[2].visible);
  cr_expect_not(l.frame->items[3].visible);
  anima_step_result result;
  cr_assert_eq(anima_player_step(l.player, 0.75, &result), ANIMA_OK);
  cr_assert_eq(anima_draw_frame_build(l.frame, l.player), ANIMA_OK);
  cr_expect_null(anima_draw_frame_error(l.frame));
  cr_expect(l.frame->items[2].visible);
  cr_expect(l.frame->items[3].visible);
  const anima_draw_mesh *mesh = &l.frame->meshes[l.frame->items[3].payload];
  cr_expect_float_eq(l.frame->vertices[mesh->first_vertex + 2].x, 18.5, 1e-9,
                     "x + 2w + warp = 2 + 16 + 0.5");
  cr_expect_null(anima_draw_frame_error(NULL));
  unload(&l);
}

/* ------------------------------------------------------------------------ */
/* Building allocates nothing                                                */
/* ------------------------------------------------------------------------ */

Test(draw_emit, building_with_emitted_primitives_allocates_nothing) {
  allocations_install();
  loaded l = load(DOCUMENT(PICTURE(", \"warp\": 2")));
  anima_step_result result;
  cr_assert_eq(anima_draw_frame_build(l.frame, l.player), ANIMA_OK);
  allocations_begin();
  for (int frame = 0; frame < 10; frame++) {
    anima_player_step(l.player, 1.0 / 60, &result);
    anima_draw_frame_build(l.frame, l.player);
  }
  long made = allocations_end();
  cr_expect_eq(made, 0, "%ld allocations in 10 steps and builds", made);
  unload(&l);
}

Test(draw_emit, refusing_allocates_nothing) {
  allocations_install();
  loaded l = load(DOCUMENT(PICTURE(", \"overflow\": \"vertices\"")));
  anima_draw_frame_build(l.frame, l.player);
  allocations_begin();
  for (int frame = 0; frame < 10; frame++) {
    anima_draw_frame_build(l.frame, l.player);
  }
  long made = allocations_end();
  cr_expect_eq(made, 0, "%ld allocations in 10 refused builds", made);
  unload(&l);
}
