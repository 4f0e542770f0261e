/*
 * test_composite_svg.c — the SVG constructs the composite chapter names,
 * written for composite documents (SPEC composite "Source masks",
 * "Geometry clips", "Stroke placement", "Blend modes"). Each expected
 * attribute is derived by hand from the chapter's numbers:
 *
 *   - masks cover three viewBoxes: for viewBox [vx, vy, w, h] the mask and
 *     its filter span x = vx − w, y = vy − h, width 3w, height 3h;
 *   - inversion is `feComponentTransfer` with alpha table `1 0`; inverted
 *     luminance is `luminanceToAlpha`, then `feComposite operator="in"`
 *     with the SourceGraphic, then the same inversion, as an alpha mask;
 *     filters interpolate in sRGB;
 *   - a source is shared by `use` of one retained definition, which sits
 *     in `<defs>` once any mask says sourceDraws false;
 *   - a clip path holds one untransformed path whose points are in the
 *     target's parent space;
 *   - inside and outside strokes double the width, inside clipped to the
 *     filled outline (with its rule), outside under a luminance mask of a
 *     white viewport with the outline black.
 *
 * Chromium's rendering of these constructs is compared with cairo's in
 * tests/test_composite_render.c.
 */
#include <libxml/parser.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>
#include <stdlib.h>

#include <anima/render.h>

#include "test_composite_fixture.h"

static paint_fixture f;
static xmlDocPtr svg;

static void setup(void) {
  f = composite_runtime();
  svg = NULL;
}

static void teardown(void) {
  xmlFreeDoc(svg);
  paint_release(&f);
}

TestSuite(composite_svg, .init = setup, .fini = teardown);

/* Loads the document (single quotes for double), draws it at rest and
 * parses its static SVG into `svg`. */
static void render(const char *document) {
  paint_load(&f, paint_quote(&f, document));
  paint_step(&f, 0);
  anima_renderer *renderer = NULL;
  cr_assert_eq(anima_renderer_create(f.model, &renderer), ANIMA_OK);
  anima_render_options options = {.width = 240, .height = 240};
  char *text = NULL;
  cr_assert_eq(anima_render_svg(renderer, f.player, &options, &text, NULL),
               ANIMA_OK);
  anima_renderer_destroy(renderer);
  svg =
      xmlReadMemory(text, (int)strlen(text), "composite.svg", NULL,
                    XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
  cr_assert_not_null(svg, "not well-formed:\n%s", text);
  free(text);
}

static xmlXPathObjectPtr select_nodes(const char *xpath) {
  xmlXPathContextPtr context = xmlXPathNewContext(svg);
  xmlXPathRegisterNs(context, BAD_CAST "svg",
                     BAD_CAST "http://www.w3.org/2000/svg");
  xmlXPathObjectPtr result = xmlXPathEvalExpression(BAD_CAST xpath, context);
  xmlXPathFreeContext(context);
  cr_assert_not_null(result, "bad XPath %s", xpath);
  return result;
}

static int count(const char *xpath) {
  xmlXPathObjectPtr result = select_nodes(xpath);
  int n = result->nodesetval ? result->nodesetval->nodeNr : 0;
  xmlXPathFreeObject(result);
  return n;
}

/* Expects attribute `name` of the first match of `xpath` to be `value`
 * (NULL: absent). */
static void expect(const char *xpath, const char *name, const char *value) {
  xmlXPathObjectPtr result = select_nodes(xpath);
  cr_assert(result->nodesetval && result->nodesetval->nodeNr > 0,
            "no element %s", xpath);
  xmlChar *raw = xmlGetProp(result->nodesetval->nodeTab[0], BAD_CAST name);
  if (value == NULL) {
    cr_expect_null(raw, "%s/@%s should be absent, is %s", xpath, name, raw);
  } else {
    cr_expect(raw && strcmp((const char *)raw, value) == 0,
              "%s/@%s is \"%s\", expected \"%s\"", xpath, name,
              raw ? (const char *)raw : "(absent)", value);
  }
  xmlFree(raw);
  xmlXPathFreeObject(result);
}

#define HEAD(view_box)                                                         \
  "{'anima': '0.1', 'name': 't', 'grid': 24, 'viewBox': " view_box             \
  ", 'requires': ['composite'], 'nodes': "

/* Two targets masked by one source `m`, the first keeping it drawn, the
 * second not, in a viewBox [2, 4, 20, 10]: three viewBoxes are x = 2 − 20
 * = −18, y = 4 − 10 = −6, width 3·20 = 60, height 3·10 = 30. */
static const char *const masks =
    HEAD("[2, 4, 20, 10]") "["
                           "{'id': 't1', 'type': 'rect', 'x0': 0, 'y0': 0, "
                           "'w': 24, 'h': 24, "
                           "'fill': {'color': '#ff0000'}, 'mask': {'source': "
                           "'m', 'mode': "
                           "'inverted-alpha', 'sourceDraws': true}}, "
                           "{'id': 't2', 'type': 'rect', 'x0': 0, 'y0': 0, "
                           "'w': 24, 'h': 24, "
                           "'fill': {'color': '#ff0000'}, 'mask': {'source': "
                           "'m', 'mode': "
                           "'inverted-luminance', 'sourceDraws': false}}, "
                           "{'id': 't3', 'type': 'rect', 'x0': 0, 'y0': 0, "
                           "'w': 4, 'h': 4, "
                           "'fill': {'color': '#ff0000'}, 'mask': {'source': "
                           "'m', 'mode': "
                           "'luminance', 'sourceDraws': false}}, "
                           "{'id': 'm', 'type': 'rect', 'x0': 0, 'y0': 0, 'w': "
                           "12, 'h': 24, "
                           "'fill': {'color': '#0000ff'}}]}";

Test(composite_svg, masks_cover_three_view_boxes) {
  render(masks);
  cr_assert_eq(count("//svg:mask"), 3);
  static const char *const paths[] = {"(//svg:mask)[1]", "(//svg:mask)[2]",
                                      "(//svg:mask)[3]", "(//svg:filter)[1]",
                                      "(//svg:filter)[2]"};
  for (size_t i = 0; i < sizeof paths / sizeof paths[0]; i++) {
    expect(paths[i], "x", "-18");
    expect(paths[i], "y", "-6");
    expect(paths[i], "width", "60");
    expect(paths[i], "height", "30");
  }
  expect("(//svg:mask)[1]", "maskUnits", "userSpaceOnUse");
}

Test(composite_svg, mask_modes_use_the_chapter_filters) {
  render(masks);
  /* inverted-alpha: one feComponentTransfer with alpha table 1 0, an
   * alpha mask; filters in sRGB */
  expect("(//svg:mask)[1]", "mask-type", "alpha");
  expect("(//svg:filter)[1]", "color-interpolation-filters", "sRGB");
  expect("(//svg:filter)[1]/svg:feComponentTransfer/svg:feFuncA", "type",
         "table");
  expect("(//svg:filter)[1]/svg:feComponentTransfer/svg:feFuncA", "tableValues",
         "1 0");
  cr_expect_eq(count("(//svg:filter)[1]/svg:feColorMatrix"), 0);
  /* inverted-luminance: luminanceToAlpha, `in` the SourceGraphic, then the
   * inversion, used as an alpha mask */
  expect("(//svg:mask)[2]", "mask-type", "alpha");
  expect("(//svg:filter)[2]", "color-interpolation-filters", "sRGB");
  expect("(//svg:filter)[2]/svg:*[1]", "type", "luminanceToAlpha");
  expect("(//svg:filter)[2]/svg:*[2]", "operator", "in");
  expect("(//svg:filter)[2]/svg:*[2]", "in2", "SourceGraphic");
  expect("(//svg:filter)[2]/svg:*[3]/svg:feFuncA", "tableValues", "1 0");
  /* luminance: SVG luminance masking, no filter */
  expect("(//svg:mask)[3]", "mask-type", "luminance");
  cr_expect_eq(count("//svg:filter"), 2);
}

Test(composite_svg, a_source_is_shared_and_hidden_by_any_false_use) {
  render(masks);
  /* one retained definition, used by all three masks */
  cr_expect_eq(count("//svg:g[starts-with(@id, 'm.source')]"), 1);
  cr_expect_eq(count("//svg:mask//svg:use"), 3);
  /* t2 says sourceDraws false: the definition is in <defs> and nothing
   * uses it outside a mask */
  cr_expect_eq(count("//svg:defs/svg:g[starts-with(@id, 'm.source')]"), 1);
  cr_expect_eq(count("//svg:use[not(ancestor::svg:mask)]"), 0);
}

Test(composite_svg, clip_paths_hold_untransformed_parent_space_paths) {
  /* The target sits in a group scaled 2; the source is the top-level rect
   * [0, 12] × [0, 24]. In the target's parent space (the group's) it is
   * [0, 6] × [0, 12]: the clip path's own points, with no transform on
   * the clipPath or inside it. */
  render(HEAD(
      "[0, 0, 24, 24]") "["
                        "{'id': 'g', 'type': 'group', 'scale': 2, 'children': "
                        "[{'id': "
                        "'c', 'type': 'rect', 'x0': 0, 'y0': 0, 'w': 12, 'h': "
                        "12, 'fill': "
                        "{'color': '#ff0000'}, 'clip': {'source': 'k', 'rule': "
                        "'evenodd'}}]}, {'id': 'k', 'type': 'rect', 'x0': 0, "
                        "'y0': 0, "
                        "'w': 12, 'h': 24, 'visible': false, 'fill': {'color': "
                        "'#000'}}]}");
  cr_assert_eq(count("//svg:clipPath"), 1);
  expect("//svg:clipPath", "clipPathUnits", "userSpaceOnUse");
  expect("//svg:clipPath", "transform", NULL);
  cr_expect_eq(count("//svg:clipPath/*"), 1);
  expect("//svg:clipPath/svg:path", "d", "M0 0L6 0L6 12L0 12Z");
  expect("//svg:clipPath/svg:path", "transform", NULL);
  expect("//svg:clipPath/svg:path", "clip-rule", "evenodd");
  /* the clipped node is inside the group, under a <g clip-path> */
  cr_expect_eq(count("//svg:g[@id='g']//svg:g[@clip-path]/svg:path[@id='c']"),
               1);
}

Test(composite_svg, placed_strokes_double_their_width) {
  /* width 2: center writes 2; inside and outside write 2·2 = 4. Inside is
   * clipped to the filled outline with the fill's rule; outside is masked
   * by a white viewport (three viewBoxes: −24, −24, 72, 72) with the
   * outline black. */
  render(HEAD("[0, 0, 24, 24]") "["
                                "{'id': 'sc', 'type': 'circle', 'center': [12, "
                                "12], 'r': 6, "
                                "'fill': {'color': '#ffff00'}, 'stroke': "
                                "{'color': '#000000', "
                                "'width': 2}}, "
                                "{'id': 'si', 'type': 'path', 'd': 'M2 "
                                "2H22V22H2ZM8 8H16V16H8Z', "
                                "'fill': {'color': '#ffff00', 'rule': "
                                "'evenodd'}, 'stroke': "
                                "{'color': '#000000', 'width': 2, 'position': "
                                "'inside'}}, "
                                "{'id': 'so', 'type': 'circle', 'center': [12, "
                                "12], 'r': 6, "
                                "'fill': {'color': '#ffff00'}, 'stroke': "
                                "{'color': '#000000', "
                                "'width': 2, 'position': 'outside'}}]}");
  expect("//svg:path[@id='sc']", "stroke-width", "2");
  /* inside: fill first, then the stroke under the clip */
  expect("//svg:g[@id='si']/svg:path[1]", "fill", "#ffff00");
  expect("//svg:g[@id='si']/svg:path[2]", "stroke-width", "4");
  expect("//svg:g[@id='si']/svg:path[2]", "clip-path", "url(#si.place1)");
  expect("//svg:clipPath[@id='si.place1']/svg:path", "clip-rule", "evenodd");
  expect("//svg:clipPath[@id='si.place1']/svg:path", "d",
         "M2 2L22 2L22 22L2 22ZM8 8L16 8L16 16L8 16Z");
  /* outside */
  expect("//svg:g[@id='so']/svg:path[1]", "fill", "#ffff00");
  expect("//svg:g[@id='so']/svg:path[2]", "stroke-width", "4");
  expect("//svg:g[@id='so']/svg:path[2]", "mask", "url(#so.place1)");
  expect("//svg:mask[@id='so.place1']", "mask-type", NULL); /* luminance */
  expect("//svg:mask[@id='so.place1']/svg:rect", "fill", "white");
  expect("//svg:mask[@id='so.place1']/svg:rect", "x", "-24");
  expect("//svg:mask[@id='so.place1']/svg:rect", "width", "72");
  expect("//svg:mask[@id='so.place1']/svg:path", "fill", "black");
}

Test(composite_svg, blend_is_mix_blend_mode_outside_the_mask) {
  /* A node with both blend and mask: the blend group is outside the mask
   * wrapper, so the masked drawing blends with what is below it (inside a
   * mask it would blend with the mask's own empty group). */
  render(HEAD("[0, 0, 24, 24]") "["
                                "{'id': 'm', 'type': 'circle', 'center': [12, "
                                "12], 'r': 6, "
                                "'fill': {'color': '#000'}}, "
                                "{'id': 'b', 'type': 'rect', 'x0': 0, 'y0': 0, "
                                "'w': 24, 'h': 24, "
                                "'blend': 'color-burn', 'fill': {'color': "
                                "'#ffffff'}, 'mask': "
                                "{'source': 'm', 'mode': 'alpha', "
                                "'sourceDraws': true}}]}");
  expect("//svg:g[@id='b']", "style", "mix-blend-mode:color-burn");
  cr_expect_eq(count("//svg:g[@id='b']/svg:g[@mask]/svg:path"), 1);
  cr_expect_eq(count("//svg:g[@mask]//svg:g[@style]"), 0);
}
