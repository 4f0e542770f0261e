/*
 * test_backend_svg_primitives.c — the SVG constructs of the draw frame v2
 * primitives (tests/draw_scenes.h), as the composite chapter names them:
 * `mix-blend-mode` and `isolation`, `<mask>` with `mask-type`, inversion by
 * `feComponentTransfer` alpha table `1 0`, inverted luminance by
 * `feColorMatrix type="luminanceToAlpha"` then `feComposite operator="in"`,
 * mask sources shared through `<use>`, `<clipPath>` with an untransformed
 * path; the paint chapter's gradients (`gradientUnits="userSpaceOnUse"`,
 * `gradientTransform`), absolute dash arrays and `vector-effect=
 * "non-scaling-stroke"`; images as nested clipped viewports and patterns,
 * meshes as clip paths with affine images. tests/svg_chromium.sh checks
 * that Chromium draws each like the cairo backend.
 */
#include "draw_scenes.h"
#include "svg_xml.h"

static xmlDocPtr scene_svg(fixture *f, void (*build)(fixture *), char **text) {
  build(f);
  anima_render_options options = {.width = 160, .height = 160};
  return write_and_parse(f, &options, text);
}

Test(backend_svg_primitives, blend_modes_and_isolation_are_css) {
  fixture f;
  char *text = NULL;
  xmlDocPtr document = scene_svg(&f, scene_multiply, &text);
  expect_attribute(document, "//svg:g[@id='blended']", "style",
                   "mix-blend-mode:multiply");
  xmlFreeDoc(document);
  free(text);
  fixture_release(&f);
  document = scene_svg(&f, scene_luminosity, &text);
  expect_attribute(document, "//svg:g[@id='blended']", "style",
                   "mix-blend-mode:luminosity");
  xmlFreeDoc(document);
  free(text);
  fixture_release(&f);
  document = scene_svg(&f, scene_isolation, &text);
  expect_attribute(document, "//svg:g[@id='outer']", "style",
                   "isolation:isolate");
  xmlFreeDoc(document);
  free(text);
  fixture_release(&f);
}

Test(backend_svg_primitives, masks_use_their_shared_source) {
  /* The source group (drawn only as a source) is defined once in <defs>
   * as `<g id="mover.source3">` and the mask <use>s it; alpha and
   * luminance set mask-type; the masked content sits in <g mask>. */
  fixture f;
  char *text = NULL;
  xmlDocPtr document = scene_svg(&f, scene_mask_alpha, &text);
  expect_attribute(document, "//svg:defs/svg:g[@id='mover.source3']/svg:g",
                   "transform", "matrix(1 0 0 1 1 1)");
  expect_attribute(document, "//svg:mask[@id='masked.mask0']", "mask-type",
                   "alpha");
  expect_attribute(document, "//svg:mask[@id='masked.mask0']", "maskUnits",
                   "userSpaceOnUse");
  /* three viewBoxes: [-10, -10, 30, 30] */
  expect_attribute(document, "//svg:mask[@id='masked.mask0']", "x", "-10");
  expect_attribute(document, "//svg:mask[@id='masked.mask0']", "width", "30");
  expect_attribute(document, "//svg:mask//svg:use", "href", "#mover.source3");
  expect_attribute(document, "//svg:g[svg:path/@id='content']", "mask",
                   "url(#masked.mask0)");
  cr_expect_eq(count_of(document, "//svg:path[@id='white']"), 1,
               "the source is written once");
  xmlFreeDoc(document);
  free(text);
  fixture_release(&f);
  document = scene_svg(&f, scene_mask_luminance, &text);
  expect_attribute(document, "//svg:mask", "mask-type", "luminance");
  cr_expect_eq(count_of(document, "//svg:filter"), 0);
  xmlFreeDoc(document);
  free(text);
  fixture_release(&f);
}

Test(backend_svg_primitives, inverted_masks_filter_the_source) {
  /* inverted alpha: alpha masking through a filter whose
   * feComponentTransfer maps alpha by the table "1 0"; inverted
   * luminance: luminanceToAlpha, then `in` with the SourceGraphic, then
   * the same inversion. Filters interpolate in sRGB and cover the mask's
   * region. */
  fixture f;
  char *text = NULL;
  xmlDocPtr document = scene_svg(&f, scene_mask_inverted_alpha, &text);
  expect_attribute(document, "//svg:mask", "mask-type", "alpha");
  expect_attribute(document, "//svg:filter", "color-interpolation-filters",
                   "sRGB");
  expect_attribute(document, "//svg:filter", "filterUnits", "userSpaceOnUse");
  expect_attribute(document, "//svg:filter/svg:feComponentTransfer", "in",
                   "SourceGraphic");
  expect_attribute(document, "//svg:feFuncA", "type", "table");
  expect_attribute(document, "//svg:feFuncA", "tableValues", "1 0");
  expect_attribute(document, "//svg:mask/svg:g", "filter",
                   "url(#masked.invert0)");
  cr_expect_eq(count_of(document, "//svg:feColorMatrix"), 0);
  xmlFreeDoc(document);
  free(text);
  fixture_release(&f);
  document = scene_svg(&f, scene_mask_inverted_luminance, &text);
  expect_attribute(document, "//svg:feColorMatrix", "type", "luminanceToAlpha");
  expect_attribute(document, "//svg:feComposite", "operator", "in");
  expect_attribute(document, "//svg:feComposite", "in2", "SourceGraphic");
  expect_attribute(document, "//svg:feComponentTransfer", "in", "covered");
  expect_attribute(document, "//svg:mask", "mask-type", "alpha");
  xmlFreeDoc(document);
  free(text);
  fixture_release(&f);
}

Test(backend_svg_primitives, clip_paths_hold_untransformed_outlines) {
  /* The ring's corner (−3, −3) placed by rotate(30°) + (5, 5): (5 − 3c +
   * 3s, 5 − 3s − 3c) with c = cos 30°, s = 0.5: (3.90192, 0.90192), written
   * into the path itself (no transform inside the clipPath). */
  fixture f;
  char *text = NULL;
  xmlDocPtr document = scene_svg(&f, scene_clip, &text);
  const char *path = "//svg:clipPath[@id='clipped.clip0']/svg:path";
  expect_attribute(document, "//svg:clipPath", "clipPathUnits",
                   "userSpaceOnUse");
  char *d = attribute(document, path, "d");
  cr_assert_not_null(d);
  cr_expect(strncmp(d, "M3.90192 0.90192L", 17) == 0, "d is %s", d);
  free(d);
  expect_attribute(document, path, "transform", NULL);
  expect_attribute(document, path, "clip-rule", "evenodd");
  expect_attribute(document, "//svg:g[svg:path/@id='content']", "clip-path",
                   "url(#clipped.clip0)");
  xmlFreeDoc(document);
  free(text);
  fixture_release(&f);
}

Test(backend_svg_primitives, gradients_are_user_space_resources) {
  fixture f;
  char *text = NULL;
  xmlDocPtr document = scene_svg(&f, scene_linear_transformed, &text);
  const char *gradient = "//svg:linearGradient[@id='g.paint0']";
  expect_attribute(document, gradient, "gradientUnits", "userSpaceOnUse");
  expect_attribute(document, gradient, "x2", "6");
  expect_attribute(document, gradient, "gradientTransform",
                   "matrix(0.5 0.5 -1 1 3 1)");
  expect_attribute(document, "//svg:stop[2]", "offset", "0.5");
  expect_attribute(document, "//svg:stop[2]", "stop-color", "#f0c828");
  expect_attribute(document, "//svg:path[@id='g']", "fill", "url(#g.paint0)");
  xmlFreeDoc(document);
  free(text);
  fixture_release(&f);
  document = scene_svg(&f, scene_radial, &text);
  gradient = "//svg:radialGradient[@id='g.paint0']";
  expect_attribute(document, gradient, "r", "4");
  expect_attribute(document, gradient, "fx", "3.5");
  expect_attribute(document, gradient, "fy", "4");
  expect_attribute(document, gradient, "gradientTransform", NULL);
  xmlFreeDoc(document);
  free(text);
  fixture_release(&f);
}

Test(backend_svg_primitives, strokes_dash_fix_and_place) {
  /* dashes [1.5, 0.5, 0.25] with offset 0.75 as written; the fixed stroke
   * carries vector-effect and its width 2 unscaled; inside and outside
   * strokes are twice as wide, clipped to / masked by the outline. */
  fixture f;
  char *text = NULL;
  xmlDocPtr document = scene_svg(&f, scene_strokes, &text);
  expect_attribute(document, "//svg:path[@id='dashed']", "stroke-dasharray",
                   "1.5 0.5 0.25");
  expect_attribute(document, "//svg:path[@id='dashed']", "stroke-dashoffset",
                   "0.75");
  expect_attribute(document, "//svg:path[@id='fixed']", "vector-effect",
                   "non-scaling-stroke");
  expect_attribute(document, "//svg:path[@id='fixed']", "stroke-width", "2");
  expect_attribute(document, "//svg:g[@id='inside']/svg:path[2]", "clip-path",
                   "url(#inside.place1)");
  expect_attribute(document, "//svg:g[@id='inside']/svg:path[2]",
                   "stroke-width", "1");
  expect_attribute(document, "//svg:g[@id='outside']/svg:path", "mask",
                   "url(#outside.place0)");
  expect_attribute(document, "//svg:mask[@id='outside.place0']/svg:path",
                   "fill", "black");
  xmlFreeDoc(document);
  free(text);
  fixture_release(&f);
}

Test(backend_svg_primitives, images_and_meshes_embed_generated_pixels) {
  /* The 4 × 4 pixels become one <image> definition with a PNG data URI
   * (image-rendering pixelated for nearest); without wrap a nested <svg>
   * shows the source rectangle [0, 0, 4, 4] on the fitted rectangle
   * [2, 2, 4, 4]; with repeat a pattern of the fitted rectangle's size
   * fills the box [1, 1, 8, 8]. */
  fixture f;
  char *text = NULL;
  xmlDocPtr document = scene_svg(&f, scene_image_nearest, &text);
  char *href = attribute(document, "//svg:defs/svg:image", "href");
  cr_assert_not_null(href);
  cr_expect(strncmp(href, "data:image/png;base64,iVBORw0KGgo", 33) == 0,
            "a PNG data URI: %.40s", href);
  free(href);
  expect_attribute(document, "//svg:defs/svg:image", "image-rendering",
                   "pixelated");
  expect_attribute(document, "//svg:svg/svg:svg", "viewBox", "0 0 4 4");
  expect_attribute(document, "//svg:svg/svg:svg", "x", "2");
  expect_attribute(document, "//svg:svg/svg:svg", "preserveAspectRatio",
                   "none");
  xmlFreeDoc(document);
  free(text);
  fixture_release(&f);
  document = scene_svg(&f, scene_image_repeat, &text);
  expect_attribute(document, "//svg:pattern", "patternUnits", "userSpaceOnUse");
  expect_attribute(document, "//svg:pattern", "width", "4");
  expect_attribute(document, "//svg:g[@id='photo']/svg:rect", "width", "8");
  xmlFreeDoc(document);
  free(text);
  fixture_release(&f);
  /* the mesh: 4 triangles, each a clip path and a <use> of the image */
  document = scene_svg(&f, scene_mesh, &text);
  cr_expect_eq(count_of(document, "//svg:clipPath"), 4);
  cr_expect_eq(count_of(document, "//svg:g[@clip-path]/svg:use"), 4);
  xmlFreeDoc(document);
  free(text);
  fixture_release(&f);
}

/* The quad [1, 9]² as two triangles of mesh "dots" whose vertices all
 * have `color` (draw.h vertex_colors); `shaded` recolours three corners
 * so that each triangle's vertices differ. */
static anima_color quad_colors[4];
static const anima_color white = {255, 255, 255, 255};
static uint8_t one_texel[4] = {255, 255, 255, 255};

static void colored_scene(fixture *f, anima_draw_pixels pixels,
                          anima_color color, bool shaded) {
  fixture_init(f, 0, 0, 10, 10);
  anima_draw_item *item = fixture_item(f, ANIMA_DRAW_MESH, "dots");
  item->payload = f->frame.mesh_count++;
  anima_draw_vertex vertices[4] = {
      {1, 1, 0, 0}, {9, 1, 1, 0}, {9, 9, 1, 1}, {1, 9, 0, 1}};
  uint32_t indices[6] = {0, 1, 2, 0, 2, 3};
  for (int i = 0; i < 4; i++) {
    f->vertices[i] = vertices[i];
    quad_colors[i] = color;
  }
  if (shaded) {
    quad_colors[1] = (anima_color){0, 255, 0, 255};
    quad_colors[3] = (anima_color){0, 0, 255, 255};
  }
  for (int i = 0; i < 6; i++) {
    f->indices[i] = indices[i];
  }
  f->frame.vertex_count = 4;
  f->frame.index_count = 6;
  f->frame.vertex_colors = quad_colors;
  f->meshes[0] = (anima_draw_mesh){.pixels = pixels,
                                   .sampling = ANIMA_SAMPLING_BILINEAR,
                                   .vertex_count = 4,
                                   .index_count = 6};
}

static xmlDocPtr colored_svg(fixture *f, char **text) {
  anima_render_options options = {.width = 160, .height = 160};
  return write_and_parse(f, &options, text);
}

Test(backend_svg_primitives, vertex_colours_as_fills_and_filters) {
  /* docs/RENDERING.md "Vertex colours". One white texel, one colour
   * (255, 128, 0, 128): one <path> of both triangles (two subpaths),
   * filled texel × colour = #ff8000 at fill-opacity 128/255, no clip. */
  fixture f;
  char *text = NULL;
  colored_scene(&f, (anima_draw_pixels){one_texel, 1, 1, 4, NULL},
                (anima_color){255, 128, 0, 128}, false);
  xmlDocPtr document = colored_svg(&f, &text);
  cr_expect_eq(count_of(document, "//svg:g[@id='dots']/svg:path"), 1);
  expect_attribute(document, "//svg:g[@id='dots']/svg:path", "fill", "#ff8000");
  expect_attribute(document, "//svg:g[@id='dots']/svg:path", "fill-opacity",
                   "0.50196");
  char *d = attribute(document, "//svg:g[@id='dots']/svg:path", "d");
  cr_assert_not_null(d);
  cr_expect_eq(strchr(strchr(d, 'M') + 1, 'M') != NULL, true,
               "two triangles: %s", d);
  free(d);
  cr_expect_eq(count_of(document, "//svg:clipPath"), 0);
  xmlFreeDoc(document);
  free(text);
  /* A texture: the triangles as before (a clip and a <use> each) inside a
   * group filtered by an feColorMatrix whose diagonal is the colour. */
  colored_scene(&f, scene_pixels(), (anima_color){255, 128, 0, 128}, false);
  document = colored_svg(&f, &text);
  expect_attribute(document, "//svg:filter/svg:feColorMatrix", "values",
                   "1 0 0 0 0 0 0.50196 0 0 0 0 0 0 0 0 0 0 0 0.50196 0");
  expect_attribute(document, "//svg:filter", "color-interpolation-filters",
                   "sRGB");
  cr_expect_eq(count_of(document, "//svg:g[@filter]/svg:g[@clip-path]/svg:use"),
               2);
  xmlFreeDoc(document);
  free(text);
  /* Vertices that differ: each triangle is 16 flat sub-triangles. The
   * first sub-triangle of triangle 0, 1, 2 (corners (1, 1) white, (9, 1)
   * green, (9, 9) white) has its corners at weights (1, 0, 0), (¾, ¼, 0),
   * (¾, 0, ¼): centroid weights (5/6, 1/12, 1/12) ⇒ white·11/12 + green/12
   * = (233.75, 255, 233.75) ⇒ #eaffea. */
  colored_scene(&f, (anima_draw_pixels){one_texel, 1, 1, 4, NULL}, white, true);
  document = colored_svg(&f, &text);
  cr_expect_eq(count_of(document, "//svg:g[@id='dots']/svg:path"), 32);
  expect_attribute(document, "//svg:g[@id='dots']/svg:path[1]", "fill",
                   "#eaffea");
  xmlFreeDoc(document);
  free(text);
  /* White vertices: the output of a mesh without colours. */
  colored_scene(&f, scene_pixels(), white, false);
  document = colored_svg(&f, &text);
  cr_expect_eq(count_of(document, "//svg:filter"), 0);
  cr_expect_eq(count_of(document, "//svg:g[@clip-path]/svg:use"), 2);
  xmlFreeDoc(document);
  free(text);
  fixture_release(&f);
}

Test(backend_svg_primitives, the_order_array_orders_the_elements) {
  fixture f;
  char *text = NULL;
  xmlDocPtr document = scene_svg(&f, scene_order, &text);
  expect_attribute(document, "/svg:svg/svg:path[1]", "id", "second");
  expect_attribute(document, "/svg:svg/svg:path[2]", "id", "first");
  xmlFreeDoc(document);
  free(text);
  fixture_release(&f);
}

Test(backend_svg_primitives, live_colour_mixes_stay_themable) {
  /* SPEC §6 colormix: live SVG writes color-mix(in srgb, A, B t%) with the
   * slots as var(); both fill and stroke styles share one style
   * attribute. */
  fixture f;
  fixture_init(&f, 0, 0, 10, 10);
  f.slots[0] = (anima_draw_slot){
      .name = "off", .default_color = {0, 0, 0, 255}, .color = {0, 0, 0, 255}};
  f.slots[1] = (anima_draw_slot){.name = "on",
                                 .default_color = {255, 255, 255, 255},
                                 .color = {255, 255, 255, 255}};
  f.frame.slot_count = 2;
  anima_draw_item *shape = fixture_fill(&f, "dot", scene_rect(&f, 1, 1, 4, 4),
                                        (anima_color){77, 77, 77, 255});
  anima_draw_paint *fill =
      fixture_paint_of(&f, fixture_layer_of(&f, shape, ANIMA_LAYER_FILL));
  fill->mixed = true;
  fill->mix_a = (anima_draw_color){{0, 0, 0, 255}, ANIMA_COLOR_SOURCE_SLOT, 0};
  fill->mix_b =
      (anima_draw_color){{255, 255, 255, 255}, ANIMA_COLOR_SOURCE_SLOT, 1};
  fill->mix_t = 0.3;
  anima_draw_layer *stroke = fixture_stroke_layer(&f, shape, scene_red, 1);
  fixture_paint_of(&f, stroke)->color =
      (anima_draw_color){{255, 255, 255, 255}, ANIMA_COLOR_SOURCE_SLOT, 1};
  anima_render_options options = {.svg_mode = ANIMA_SVG_LIVE};
  char *text = NULL;
  xmlDocPtr document = write_and_parse(&f, &options, &text);
  expect_attribute(document, "//svg:path[@id='dot']", "style",
                   "fill: color-mix(in srgb, var(--anima-off, #000000), "
                   "var(--anima-on, #ffffff) 30%); stroke: var(--anima-on, "
                   "#ffffff)");
  xmlFreeDoc(document);
  free(text);
  options.svg_mode = ANIMA_SVG_STATIC;
  document = write_and_parse(&f, &options, &text);
  expect_attribute(document, "//svg:path[@id='dot']", "fill", "#4d4d4d");
  xmlFreeDoc(document);
  free(text);
  fixture_release(&f);
}
