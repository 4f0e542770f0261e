/*
 * test_composite_animl.c — the AniML spellings of the composite module
 * (SPEC composite "Blend modes": `node.blend` (AniML `mix-blend-mode`);
 * docs/modules/composite.md): `<mask>`, `<clip>` and `<draw-order>` child
 * elements, one `<paint>` per ordered paint with its paint flattened,
 * `fill-visible`, `stroke-visible`, `stroke-position`, the address alias
 * `drawOrderActive`; JSON → AniML → JSON gives the same document; and
 * `anima schema` describes every field.
 */
#include <jansson.h>

#include <anima/markup.h>

#include "test_cli_support.h"
#include "test_composite_fixture.h"

static paint_fixture f;

static void setup(void) {
  f = composite_runtime();
}

static void teardown(void) {
  paint_release(&f);
}

TestSuite(composite_animl, .init = setup, .fini = teardown);

/* AniML text compiled to JSON (it must compile); the caller frees it. */
static json_t *compiled(const char *animl) {
  char *json = NULL;
  anima_diagnostics_clear(f.diagnostics);
  anima_status status = anima_markup_compile(f.runtime, animl, strlen(animl), 0,
                                             f.diagnostics, &json, NULL);
  const anima_diagnostic *first = anima_diagnostics_get(f.diagnostics, 0);
  cr_assert_eq(status, ANIMA_OK, "%s: %s", first ? first->pointer : "",
               first ? first->message : anima_status_name(status));
  json_t *document = json_loads(json, 0, NULL);
  anima_markup_free(json);
  cr_assert_not_null(document);
  return document;
}

static char *decompiled(const char *json) {
  char *animl = NULL;
  anima_diagnostics_clear(f.diagnostics);
  cr_assert_eq(anima_markup_decompile(f.runtime, json, strlen(json), 0,
                                      f.diagnostics, &animl, NULL),
               ANIMA_OK);
  return animl;
}

#define HEADER                                                                 \
  "<anima version=\"0.1\" name=\"t\" grid=\"24\" view-box=\"0 0 24 24\" "      \
  "requires=\"composite\">"

static const char *string_at(json_t *object, const char *key) {
  return json_string_value(json_object_get(object, key));
}

Test(composite_animl, spellings_compile_to_the_json_fields) {
  json_t *document = compiled(
      HEADER
      "<rect id=\"a\" x0=\"0\" y0=\"0\" width=\"4\" height=\"4\" "
      "mix-blend-mode=\"color-burn\" fill=\"#000\" fill-visible=\"false\" "
      "stroke=\"#fff\" stroke-position=\"outside\">"
      "<mask source=\"b\" mode=\"inverted-luminance\" "
      "source-draws=\"false\"/><clip source=\"b\" rule=\"evenodd\"/>"
      "<draw-order target=\"b\" position=\"after\" active=\"false\"/>"
      "</rect><circle id=\"b\" center=\"2 2\" r=\"2\">"
      "<paint fill-color=\"#f00\"/><paint stroke-color=\"#00f\" "
      "stroke-width=\"2\" stroke-visible=\"false\"/></circle></anima>");
  json_t *nodes = json_object_get(document, "nodes");
  json_t *a = json_array_get(nodes, 0);
  cr_assert_str_eq(string_at(a, "blend"), "color-burn");
  cr_assert(
      json_is_false(json_object_get(json_object_get(a, "fill"), "visible")));
  cr_assert_str_eq(string_at(json_object_get(a, "stroke"), "position"),
                   "outside");
  json_t *mask = json_object_get(a, "mask");
  cr_assert_str_eq(string_at(mask, "source"), "b");
  cr_assert_str_eq(string_at(mask, "mode"), "inverted-luminance");
  cr_assert(json_is_false(json_object_get(mask, "sourceDraws")));
  cr_assert_str_eq(string_at(json_object_get(a, "clip"), "rule"), "evenodd");
  json_t *order = json_object_get(a, "drawOrder");
  cr_assert_str_eq(string_at(order, "target"), "b");
  cr_assert_str_eq(string_at(order, "position"), "after");
  cr_assert(json_is_false(json_object_get(order, "active")));
  json_t *paints = json_object_get(json_array_get(nodes, 1), "paints");
  cr_assert_eq(json_array_size(paints), 2);
  cr_assert_str_eq(
      string_at(json_object_get(json_array_get(paints, 0), "fill"), "color"),
      "#f00");
  json_t *stroke = json_object_get(json_array_get(paints, 1), "stroke");
  cr_assert_eq(json_number_value(json_object_get(stroke, "width")), 2);
  cr_assert(json_is_false(json_object_get(stroke, "visible")));
  json_decref(document);
}

Test(composite_animl, json_to_animl_and_back_is_the_same_document) {
  const char *json = paint_quote(
      &f,
      "{'anima': '0.1', 'name': 'round', 'grid': 24, 'viewBox': [0, 0, 24, "
      "24], 'requires': ['composite'], 'nodes': ["
      "{'id': 'g', 'type': 'group', 'blend': 'soft-light', 'clip': "
      "{'source': 'c'}, 'children': [{'id': 'c', 'type': 'circle', 'center': "
      "[12, 12], 'r': 6, 'paints': [{'fill': {'color': '#d97757'}}, "
      "{'stroke': {'color': '#ffffff', 'width': 2, 'trimEnd': 0.5}}]}]}, "
      "{'id': 'm', 'type': 'rect', 'x0': 0, 'y0': 0, 'w': 24, 'h': 24, "
      "'fill': {'color': '#808080', 'visible': true}, 'stroke': {'color': "
      "'#000', 'position': 'inside'}}, "
      "{'id': 't', 'type': 'rect', 'x0': 2, 'y0': 2, 'w': 4, 'h': 4, 'fill': "
      "{'color': '#000'}, 'mask': {'source': 'm', 'mode': 'luminance', "
      "'sourceDraws': false}, 'drawOrder': {'target': 'g', 'position': "
      "'before'}}], 'timelines': {'t': {'duration': 1, 'tracks': {"
      "'t.drawOrder.active': [[0, true], [0.5, false]], "
      "'c.paints.1.stroke.trimEnd': [[0, 0], [1, 1]], "
      "'m.fill.visible': [[0, true], [0.5, false]]}}}, 'machine': {'layers': "
      "{'l': {'initial': 's', 'states': {'s': {'play': 't'}}}}}}");
  json_t *original = json_loads(json, 0, NULL);
  cr_assert_not_null(original);
  cr_assert_eq(paint_validate(&f, json), 0, "%s",
               anima_diagnostics_get(f.diagnostics, 0)->message);
  char *animl = decompiled(json);
  cr_assert(strstr(animl, "mix-blend-mode=\"soft-light\""), "%s", animl);
  cr_assert(strstr(animl, "<clip source=\"c\"/>"), "%s", animl);
  cr_assert(strstr(animl, "<mask source=\"m\" mode=\"luminance\" "
                          "source-draws=\"false\"/>"),
            "%s", animl);
  cr_assert(strstr(animl, "<draw-order target=\"g\" position=\"before\"/>"),
            "%s", animl);
  cr_assert(strstr(animl, "<paint fill-color=\"#d97757\"/>"), "%s", animl);
  cr_assert(strstr(animl, "stroke-position=\"inside\""), "%s", animl);
  cr_assert(strstr(animl, "fill-visible=\"true\""), "%s", animl);
  cr_assert(strstr(animl, "target=\"t.drawOrderActive\""), "%s", animl);
  cr_assert(strstr(animl, "target=\"m.fillVisible\""), "%s", animl);
  json_t *back = compiled(animl);
  anima_markup_free(animl);
  char *expected = json_dumps(original, JSON_SORT_KEYS | JSON_COMPACT);
  char *actual = json_dumps(back, JSON_SORT_KEYS | JSON_COMPACT);
  cr_assert_str_eq(actual, expected);
  free(expected);
  free(actual);
  json_decref(back);
  json_decref(original);
}

Test(composite_animl, schema_describes_every_field) {
  /* anima schema <kind> lists the module's fields with their spellings. */
  static const struct {
    const char *topic;
    const char *words[6];
  } topics[] = {
      {"composite-mask",
       {"source", "mode", "sourceDraws", "source-draws", "inverted-luminance",
        NULL}},
      {"composite-clip", {"source", "rule", "evenodd", NULL}},
      {"composite-draw-order",
       {"target", "position", "active", "drawOrder.active", NULL}},
      {"composite-paint",
       {"fill", "stroke", "one of the group \"paint\"", "<paint>", NULL}},
      {"rect", {"mix-blend-mode", "paints", "drawOrder", "mask", "clip", NULL}},
  };
  for (size_t i = 0; i < sizeof topics / sizeof topics[0]; i++) {
    const char *arguments[] = {"schema", topics[i].topic, NULL};
    cli_run result = cli_run_args(arguments);
    cr_assert_eq(result.status, 0, "schema %s: %s", topics[i].topic,
                 result.err);
    for (size_t w = 0; topics[i].words[w]; w++) {
      cr_assert(strstr(result.out, topics[i].words[w]),
                "schema %s lacks \"%s\":\n%s", topics[i].topic,
                topics[i].words[w], result.out);
    }
    cli_run_free(&result);
  }
}
