/*
 * test_backend_svg.c — the SVG backend on hand-built draw frames
 * (include/anima/draw.h, include/anima/render.h). Output is parsed back
 * with libxml2 (it must be well-formed) and attributes are checked against
 * values derived by hand in the comments.
 */
#include <criterion/criterion.h>
#include <libxml/parser.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>
#include <stdlib.h>
#include <string.h>

#include <anima/draw.h>

#include <anima/render.h>

#include "draw_fixture.h"

static void svg_fixture_init(fixture *f) {
  fixture_init(f, -2, -2, 24, 24);
  f->frame.grid = 20;
}

static anima_path *line(fixture *f, double x0, double y0, double x1,
                        double y1) {
  return fixture_line(f, x0, y0, x1, y1);
}

static const anima_color black = {0, 0, 0, 255};

#include "svg_xml.h"

Test(backend_svg, root_carries_the_viewbox_and_size) {
  fixture f;
  svg_fixture_init(&f);
  anima_render_options options = {.width = 256, .height = 256};
  char *text = NULL;
  xmlDocPtr document = write_and_parse(&f, &options, &text);
  expect_attribute(document, "/svg:svg", "viewBox", "-2 -2 24 24");
  expect_attribute(document, "/svg:svg", "width", "256");
  expect_attribute(document, "/svg:svg", "height", "256");
  /* contain is SVG's default preserveAspectRatio: not written. */
  expect_attribute(document, "/svg:svg", "preserveAspectRatio", NULL);
  xmlFreeDoc(document);
  free(text);
}

Test(backend_svg, fit_none_shows_one_unit_per_pixel) {
  /* viewBox [-2, -2, 24, 24] at 48×12 with fit none: 48 × 12 units centred
   * on (10, 10): [-14, 4, 48, 12]. */
  fixture f;
  svg_fixture_init(&f);
  anima_render_options options = {
      .width = 48, .height = 12, .fit = ANIMA_FIT_NONE};
  char *text = NULL;
  xmlDocPtr document = write_and_parse(&f, &options, &text);
  expect_attribute(document, "/svg:svg", "viewBox", "-14 4 48 12");
  xmlFreeDoc(document);
  free(text);
  options.fit = ANIMA_FIT_FILL;
  document = write_and_parse(&f, &options, &text);
  expect_attribute(document, "/svg:svg", "preserveAspectRatio", "none");
  xmlFreeDoc(document);
  free(text);
}

Test(backend_svg, groups_carry_matrix_and_opacity) {
  /* A group rotated 90° about the origin: matrix(0 1 -1 0 0 0), with
   * opacity 0.25; its child path keeps the identity (no transform). */
  fixture f;
  svg_fixture_init(&f);
  anima_draw_item *group = fixture_group(&f, "swing");
  group->local = (anima_matrix){0, 1, -1, 0, 0, 0};
  group->opacity = 0.25;
  anima_draw_item *shape = fixture_fill(&f, "body", line(&f, 0, 0, 3, 4),
                                        (anima_color){0xd9, 0x77, 0x57, 255});
  fixture_layer_of(&f, shape, ANIMA_LAYER_FILL)->rule = ANIMA_FILL_EVENODD;
  fixture_end(&f, group);
  char *text = NULL;
  xmlDocPtr document = write_and_parse(&f, NULL, &text);
  expect_attribute(document, "//svg:g[@id='swing']", "transform",
                   "matrix(0 1 -1 0 0 0)");
  expect_attribute(document, "//svg:g[@id='swing']", "opacity", "0.25");
  expect_attribute(document, "//svg:g[@id='swing']/svg:path", "id", "body");
  expect_attribute(document, "//svg:path[@id='body']", "d", "M0 0L3 4");
  expect_attribute(document, "//svg:path[@id='body']", "transform", NULL);
  expect_attribute(document, "//svg:path[@id='body']", "fill", "#d97757");
  expect_attribute(document, "//svg:path[@id='body']", "fill-rule", "evenodd");
  xmlFreeDoc(document);
  free(text);
  fixture_release(&f);
}

Test(backend_svg, numbers_have_at_most_five_decimals) {
  /* 1/3 → 0.33333; −0.000001 rounds to −0 → 0; 2.5 stays 2.5. */
  fixture f;
  svg_fixture_init(&f);
  fixture_fill(&f, "a", line(&f, 1.0 / 3.0, -0.000001, 2.5, 10), black);
  char *text = NULL;
  xmlDocPtr document = write_and_parse(&f, NULL, &text);
  expect_attribute(document, "//svg:path[@id='a']", "d", "M0.33333 0L2.5 10");
  xmlFreeDoc(document);
  free(text);
  fixture_release(&f);
}

Test(backend_svg, stroke_attributes_and_trim_dashes) {
  /* A line of length 10 (0,0)-(6,8), width 1.5, butt cap, bevel join,
   * trimmed to [0.2, 0.6]: visible 4 units from 2. Dash "4 10" (dash,
   * then a gap past the end) with offset 4 + 10 − 2 = 12, so the pattern
   * (period 14) starts its dash at distance 2. */
  fixture f;
  svg_fixture_init(&f);
  anima_draw_item *shape = fixture_stroke(&f, "wave", line(&f, 0, 0, 6, 8),
                                          (anima_color){255, 0, 0, 128}, 1.5);
  fixture_stroke_of(&f, shape)->join = ANIMA_LINE_JOIN_BEVEL;
  fixture_trim(&f, shape, 0.2, 0.6, 0);
  char *text = NULL;
  xmlDocPtr document = write_and_parse(&f, NULL, &text);
  const char *path = "//svg:path[@id='wave']";
  expect_attribute(document, path, "fill", "none");
  expect_attribute(document, path, "stroke", "#ff0000");
  /* alpha 128 / 255 = 0.50196 */
  expect_attribute(document, path, "stroke-opacity", "0.50196");
  expect_attribute(document, path, "stroke-width", "1.5");
  expect_attribute(document, path, "stroke-linecap", "butt");
  expect_attribute(document, path, "stroke-linejoin", "bevel");
  expect_attribute(document, path, "stroke-dasharray", "4 10");
  expect_attribute(document, path, "stroke-dashoffset", "12");
  expect_attribute(document, path, "pathLength", NULL);
  xmlFreeDoc(document);
  free(text);

  /* An empty trim strokes nothing at all. */
  fixture_trim(&f, shape, 0.5, 0.5, 0);
  document = write_and_parse(&f, NULL, &text);
  expect_attribute(document, path, "stroke", NULL);
  xmlFreeDoc(document);
  free(text);
  fixture_release(&f);
}

Test(backend_svg, live_mode_keeps_slots_and_current_color) {
  /* Slot accent (default #d97757) and slot ink (default currentColor):
   * live output writes var(--anima-<slot>, <default>); a literal
   * currentColor stays currentColor. Static output resolves: accent
   * overridden to #00ff00, ink and currentColor to the current colour
   * #112233. */
  fixture f;
  svg_fixture_init(&f);
  f.slots[0] = (anima_draw_slot){.name = "accent",
                                 .default_color = {0xd9, 0x77, 0x57, 255},
                                 .overridden = true,
                                 .color = {0, 255, 0, 255}};
  f.slots[1] = (anima_draw_slot){.name = "ink",
                                 .default_is_current = true,
                                 .color = {0x11, 0x22, 0x33, 255}};
  f.frame.slot_count = 2;
  f.frame.current_color = (anima_color){0x11, 0x22, 0x33, 255};
  const char *ids[3] = {"a", "b", "c"};
  for (int index = 0; index < 3; index++) {
    fixture_fill(&f, ids[index], line(&f, 0, 0, 1, 1), black);
  }
  f.paints[0].color =
      (anima_draw_color){f.slots[0].color, ANIMA_COLOR_SOURCE_SLOT, 0};
  f.paints[1].color =
      (anima_draw_color){f.slots[1].color, ANIMA_COLOR_SOURCE_SLOT, 1};
  f.paints[2].color =
      (anima_draw_color){f.frame.current_color, ANIMA_COLOR_SOURCE_CURRENT, 0};
  anima_render_options options = {.svg_mode = ANIMA_SVG_LIVE};
  char *text = NULL;
  xmlDocPtr document = write_and_parse(&f, &options, &text);
  expect_attribute(document, "//svg:path[@id='a']", "style",
                   "fill: var(--anima-accent, #d97757)");
  expect_attribute(document, "//svg:path[@id='b']", "style",
                   "fill: var(--anima-ink, currentColor)");
  expect_attribute(document, "//svg:path[@id='c']", "fill", "currentColor");
  xmlFreeDoc(document);
  free(text);
  options.svg_mode = ANIMA_SVG_STATIC;
  document = write_and_parse(&f, &options, &text);
  expect_attribute(document, "//svg:path[@id='a']", "fill", "#00ff00");
  expect_attribute(document, "//svg:path[@id='a']", "style", NULL);
  expect_attribute(document, "//svg:path[@id='b']", "fill", "#112233");
  expect_attribute(document, "//svg:path[@id='c']", "fill", "#112233");
  xmlFreeDoc(document);
  free(text);
  fixture_release(&f);
}

Test(backend_svg, knockout_is_a_mask_on_the_earlier_siblings) {
  /* Children [body, dot] where dot has knockout 1 and opacity 0.5: body
   * sits in <g mask="url(#dot.knockout)">; the mask is white over three
   * viewBoxes ([-26, -26, 72, 72] for viewBox [-2, -2, 24, 24]) and black
   * where the dot's fill is, plus a round stroke of width 2·1 = 2, in a
   * group of opacity 0.5 (the strength). The dot itself follows the group. */
  fixture f;
  svg_fixture_init(&f);
  anima_draw_item *cut =
      fixture_mask(&f, "dot", ANIMA_MASK_INVERTED_ALPHA, 3, true, 1, 0.5);
  fixture_fill(&f, "body", line(&f, 0, 0, 20, 20), black);
  fixture_end(&f, cut);
  anima_draw_item *dot = fixture_fill(&f, "dot", line(&f, 15, 4, 16, 4), black);
  dot->opacity = 0.5;
  anima_render_options options = {.id_prefix = "icon-"};
  char *text = NULL;
  xmlDocPtr document = write_and_parse(&f, &options, &text);
  expect_attribute(document, "//svg:g[svg:path/@id='icon-body']", "mask",
                   "url(#icon-dot.knockout)");
  const char *mask = "//svg:mask[@id='icon-dot.knockout']";
  expect_attribute(document, mask, "maskUnits", "userSpaceOnUse");
  expect_attribute(document, mask, "x", "-26");
  expect_attribute(document, mask, "width", "72");
  expect_attribute(document, "//svg:mask/svg:rect", "fill", "white");
  expect_attribute(document, "//svg:mask/svg:g", "opacity", "0.5");
  expect_attribute(document, "//svg:mask/svg:g/svg:path[1]", "fill", "black");
  expect_attribute(document, "//svg:mask/svg:g/svg:path[2]", "stroke-width",
                   "2");
  expect_attribute(document, "//svg:mask/svg:g/svg:path[2]", "stroke-linejoin",
                   "round");
  expect_attribute(document, "//svg:path[@id='icon-dot']", "opacity", "0.5");
  xmlFreeDoc(document);
  free(text);

  /* An invisible cutter cuts nothing: no mask at all. */
  f.items[3].visible = false;
  document = write_and_parse(&f, &options, &text);
  cr_expect_null(strstr(text, "<mask"));
  cr_expect_null(strstr(text, "icon-dot\""), "invisible dot is not drawn");
  xmlFreeDoc(document);
  free(text);
  fixture_release(&f);
}

Test(backend_svg, invisible_group_is_left_out) {
  fixture f;
  svg_fixture_init(&f);
  anima_draw_item *group = fixture_group(&f, "hidden");
  group->visible = false;
  fixture_fill(&f, "inner", line(&f, 0, 0, 1, 1), black);
  fixture_end(&f, group);
  char *text = NULL;
  xmlDocPtr document = write_and_parse(&f, NULL, &text);
  cr_expect_null(strstr(text, "inner"));
  xmlFreeDoc(document);
  free(text);
  fixture_release(&f);
}

Test(backend_svg, background_covers_the_viewport) {
  /* contain of [-2, -2, 24, 24] in 48×24: scale 1, region 48 × 24 units
   * centred on (10, 10): the rect spans [-14, -2, 48, 24]. */
  fixture f;
  svg_fixture_init(&f);
  anima_render_options options = {.width = 48,
                                  .height = 24,
                                  .has_background = true,
                                  .background = {255, 255, 255, 255}};
  char *text = NULL;
  xmlDocPtr document = write_and_parse(&f, &options, &text);
  expect_attribute(document, "/svg:svg/svg:rect", "x", "-14");
  expect_attribute(document, "/svg:svg/svg:rect", "y", "-2");
  expect_attribute(document, "/svg:svg/svg:rect", "width", "48");
  expect_attribute(document, "/svg:svg/svg:rect", "height", "24");
  expect_attribute(document, "/svg:svg/svg:rect", "fill", "#ffffff");
  xmlFreeDoc(document);
  free(text);
}

Test(backend_svg, malformed_frames_are_refused) {
  /* Crossing ranges: GROUP_BEGIN(0) MASK_BEGIN(1) GROUP_END(2)
   * MASK_END(3), the mask's source the shape at 4. */
  fixture f;
  svg_fixture_init(&f);
  fixture_group(&f, "g");
  fixture_mask(&f, "k", ANIMA_MASK_INVERTED_ALPHA, 4, true, 0, 1);
  fixture_item(&f, ANIMA_DRAW_GROUP_END, "g");
  fixture_item(&f, ANIMA_DRAW_MASK_END, "k");
  fixture_fill(&f, "k", line(&f, 0, 0, 1, 1), black);
  f.items[0].partner = 2;
  f.items[2].partner = 0;
  f.items[1].partner = 3;
  f.items[3].partner = 1;
  char *text = NULL;
  cr_expect_eq(anima_svg_write_string(&f.frame, NULL, &text, NULL),
               ANIMA_ERROR_INVALID_ARGUMENT);
  cr_expect_null(text);
  cr_expect_eq(anima_draw_frame_validate(&f.frame),
               ANIMA_ERROR_INVALID_ARGUMENT);
  /* Properly nested, the same items are fine. */
  f.items[0].partner = 3;
  f.items[3].partner = 0;
  f.items[1].partner = 2;
  f.items[2].partner = 1;
  f.items[2].kind = ANIMA_DRAW_MASK_END;
  f.items[3].kind = ANIMA_DRAW_GROUP_END;
  f.items[2].payload = f.items[1].payload;
  f.items[3].payload = f.items[0].payload;
  cr_expect_eq(anima_draw_frame_validate(&f.frame), ANIMA_OK);
  /* ... except that an area mask's source must be a SHAPE */
  f.masks[0].source = 0;
  cr_expect_eq(anima_draw_frame_validate(&f.frame),
               ANIMA_ERROR_INVALID_ARGUMENT);
  fixture_release(&f);
}

/* SPEC §10 through the player-level SVG call: a button or switch is
 * focusable with its role and label; an img, or no a11y, is role="img"
 * with its label, or aria-hidden without one. `a11y` is the document's
 * a11y member (or nothing), `inputs` its inputs. */
static xmlDocPtr model_svg(const char *inputs, const char *a11y,
                           const char *set_input, char **text) {
  char json[1024];
  snprintf(json, sizeof json,
           "{\"anima\": \"0.1\", \"name\": \"t\", \"grid\": 24, "
           "\"inputs\": {%s}%s%s, \"nodes\": [{\"id\": \"dot\", \"type\": "
           "\"circle\", \"center\": [12, 12], \"r\": 4, \"fill\": "
           "{\"color\": \"#000\"}}]}",
           inputs, a11y[0] ? ", \"a11y\": " : "", a11y);
  anima_runtime *runtime = anima_runtime_create();
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  anima_model *model = NULL;
  cr_assert_eq(
      anima_model_load(runtime, json, strlen(json), diagnostics, &model),
      ANIMA_OK, "%s", json);
  anima_player *player = anima_player_create(model);
  if (set_input) {
    anima_player_set_bool(player, set_input, true);
    anima_step_result result;
    anima_player_step(player, 0, &result);
  }
  anima_renderer *renderer = NULL;
  cr_assert_eq(anima_renderer_create(model, &renderer), ANIMA_OK);
  size_t length = 0;
  cr_assert_eq(anima_render_svg(renderer, player, NULL, text, &length),
               ANIMA_OK);
  xmlDocPtr document =
      xmlReadMemory(*text, (int)length, "frame.svg", NULL,
                    XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
  cr_assert_not_null(document, "output is not well-formed XML:\n%s", *text);
  anima_renderer_destroy(renderer);
  anima_player_destroy(player);
  anima_model_destroy(model);
  anima_diagnostics_destroy(diagnostics);
  anima_runtime_destroy(runtime);
  return document;
}

Test(backend_svg, root_carries_the_a11y_role_label_and_focus) {
  char *text = NULL;
  /* No a11y and so no label: hidden from assistive technology. */
  xmlDocPtr document = model_svg("", "", NULL, &text);
  expect_attribute(document, "/svg:svg", "aria-hidden", "true");
  expect_attribute(document, "/svg:svg", "role", NULL);
  expect_attribute(document, "/svg:svg", "tabindex", NULL);
  xmlFreeDoc(document);
  free(text);
  /* An img with a label: role img and the label, not focusable. The label
   * keeps XML's special characters. */
  document = model_svg(
      "", "{\"role\": \"img\", \"label\": \"Tom & \\\"Jerry\\\" <3\"}", NULL,
      &text);
  expect_attribute(document, "/svg:svg", "role", "img");
  expect_attribute(document, "/svg:svg", "aria-label", "Tom & \"Jerry\" <3");
  expect_attribute(document, "/svg:svg", "aria-hidden", NULL);
  expect_attribute(document, "/svg:svg", "tabindex", NULL);
  xmlFreeDoc(document);
  free(text);
  /* A button without `pressed`: focusable, no aria-pressed. */
  document = model_svg("\"go\": {\"type\": \"trigger\"}",
                       "{\"role\": \"button\", \"label\": \"Ring the bell\", "
                       "\"activate\": \"go\"}",
                       NULL, &text);
  expect_attribute(document, "/svg:svg", "role", "button");
  expect_attribute(document, "/svg:svg", "aria-label", "Ring the bell");
  expect_attribute(document, "/svg:svg", "tabindex", "0");
  expect_attribute(document, "/svg:svg", "aria-pressed", NULL);
  expect_attribute(document, "/svg:svg", "aria-hidden", NULL);
  xmlFreeDoc(document);
  free(text);
  /* A button with `pressed`: aria-pressed follows the input's value. */
  document = model_svg("\"on\": {\"type\": \"bool\"}",
                       "{\"role\": \"button\", \"label\": \"Mute\", "
                       "\"activate\": \"on\", \"pressed\": \"on\"}",
                       "on", &text);
  expect_attribute(document, "/svg:svg", "aria-pressed", "true");
  xmlFreeDoc(document);
  free(text);
  /* A switch says aria-checked. */
  document = model_svg("\"dark\": {\"type\": \"bool\"}",
                       "{\"role\": \"switch\", \"label\": \"Dark mode\", "
                       "\"activate\": \"dark\", \"pressed\": \"dark\"}",
                       NULL, &text);
  expect_attribute(document, "/svg:svg", "role", "switch");
  expect_attribute(document, "/svg:svg", "tabindex", "0");
  expect_attribute(document, "/svg:svg", "aria-checked", "false");
  expect_attribute(document, "/svg:svg", "aria-pressed", NULL);
  xmlFreeDoc(document);
  free(text);
}

Test(backend_svg, a_hand_made_frame_carries_no_a11y) {
  /* A frame has no document to take a11y from. */
  fixture f;
  svg_fixture_init(&f);
  char *text = NULL;
  xmlDocPtr document = write_and_parse(&f, NULL, &text);
  expect_attribute(document, "/svg:svg", "aria-hidden", NULL);
  expect_attribute(document, "/svg:svg", "role", NULL);
  xmlFreeDoc(document);
  free(text);
  fixture_release(&f);
}
