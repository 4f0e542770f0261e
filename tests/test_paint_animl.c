/*
 * test_paint_animl.c — the AniML spellings of the paint module (SPEC paint
 * chapter: "AniML element and attribute names equal these names";
 * DECISIONS 16 `stroke-scale`; "Compatible path morphs": a track key is a
 * JSON string, a pose attribute the path itself, spaces kept), and that
 * JSON → AniML → JSON gives the same document.
 */
#include <jansson.h>

#include <anima/markup.h>

#include "test_paint_fixture.h"

static paint_fixture f;

static void setup(void) {
  f = paint_runtime(true);
}

static void teardown(void) {
  paint_release(&f);
}

TestSuite(animl, .init = setup, .fini = teardown);

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

/* The AniML of a JSON document (it must decompile); the caller frees it. */
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
  "requires=\"paint\">"

Test(animl, shapes_use_the_json_names) {
  json_t *document = compiled(
      HEADER "<ellipse id=\"e\" cx=\"1\" cy=\"2\" rx=\"3\" ry=\"4\" "
             "fill=\"#000\"/>"
             "<polygon id=\"p\" cx=\"1\" cy=\"2\" sides=\"6\" radius=\"3\" "
             "rotation=\"15\" cornerRadius=\"0.5\" fill=\"#000\"/>"
             "<star id=\"s\" cx=\"1\" cy=\"2\" points=\"5\" radius=\"3\" "
             "innerRadius=\"1.5\" cornerRadius=\"0.25\" fill=\"#000\"/>"
             "<triangle id=\"t\" x0=\"1\" y0=\"2\" width=\"3\" height=\"4\" "
             "fill=\"#000\"/></anima>");
  json_t *nodes = json_object_get(document, "nodes");
  cr_assert_str_eq(
      json_string_value(json_object_get(json_array_get(nodes, 0), "type")),
      "ellipse");
  json_t *star = json_array_get(nodes, 2);
  cr_assert_eq(json_number_value(json_object_get(star, "innerRadius")), 1.5);
  cr_assert_eq(json_number_value(json_object_get(star, "cornerRadius")), 0.25);
  cr_assert_eq(json_number_value(
                   json_object_get(json_array_get(nodes, 1), "cornerRadius")),
               0.5);
  cr_assert_eq(
      json_number_value(json_object_get(json_array_get(nodes, 3), "height")),
      4);
  json_decref(document);
  /* The derived hyphen spelling is not an attribute of these elements. */
  char *json = NULL;
  anima_diagnostics_clear(f.diagnostics);
  const char *hyphen = HEADER "<star id=\"s\" cx=\"1\" cy=\"2\" points=\"5\" "
                              "radius=\"3\" inner-radius=\"1\" "
                              "fill=\"#000\"/></anima>";
  anima_markup_compile(f.runtime, hyphen, strlen(hyphen), 0, f.diagnostics,
                       &json, NULL);
  anima_markup_free(json);
  cr_assert_geq(anima_diagnostics_count(f.diagnostics), 1);
  cr_assert_str_eq(anima_diagnostics_get(f.diagnostics, 0)->code,
                   "unknown-key");
}

Test(animl, stroke_keys_are_flattened_attributes) {
  /* stroke.scale is stroke-scale (DECISIONS 16), stroke.dash stroke-dash
   * with its JSON value, stroke.dashOffset dash-offset (its address alias
   * dashOffset, like trim-end). */
  json_t *document = compiled(
      HEADER "<circle id=\"c\" center=\"12 12\" r=\"5\" stroke=\"#000\" "
             "stroke-scale=\"fixed\" stroke-dash='[\"10%\",\"5%\"]' "
             "dash-offset=\"0.1\"/></anima>");
  json_t *stroke = json_object_get(
      json_array_get(json_object_get(document, "nodes"), 0), "stroke");
  cr_assert_str_eq(json_string_value(json_object_get(stroke, "scale")),
                   "fixed");
  json_t *dash = json_object_get(stroke, "dash");
  cr_assert_eq(json_array_size(dash), 2);
  cr_assert_str_eq(json_string_value(json_array_get(dash, 0)), "10%");
  cr_assert_eq(json_number_value(json_object_get(stroke, "dashOffset")), 0.1);
  json_decref(document);
}

Test(animl, morph_values_keep_their_spaces) {
  /* A track key is a JSON string, a pose attribute the path itself. */
  json_t *document = compiled(
      HEADER "<path id=\"a\" d=\"M0 0 L2 2\" fill=\"#000\"/>"
             "<timeline name=\"t\" duration=\"1\"><track target=\"a.d\">"
             "0 \"M0 0 L2 2\"; 1 \"M0 0 L4 4\"</track></timeline>"
             "<machine><layer name=\"l\" initial=\"s\"><state name=\"s\">"
             "<pose a.d=\"M0 0  L4 4\"/></state></layer></machine></anima>");
  json_t *keys = json_object_get(
      json_object_get(
          json_object_get(json_object_get(document, "timelines"), "t"),
          "tracks"),
      "a.d");
  cr_assert_str_eq(
      json_string_value(json_array_get(json_array_get(keys, 1), 1)),
      "M0 0 L4 4");
  json_t *pose = json_object_get(
      json_object_get(
          json_object_get(
              json_object_get(
                  json_object_get(
                      json_object_get(json_object_get(document, "machine"),
                                      "layers"),
                      "l"),
                  "states"),
              "s"),
          "pose"),
      "a.d");
  cr_assert_str_eq(json_string_value(pose), "M0 0  L4 4");
  json_decref(document);
}

Test(animl, json_to_animl_and_back_is_the_same_document) {
  const char *json = paint_quote(
      &f, "{'anima': '0.1', 'name': 'round', 'grid': 24, 'viewBox': [0, 0, 24,"
          " 24], 'requires': ['paint'], 'nodes': ["
          "{'id': 'e', 'type': 'ellipse', 'cx': 12, 'cy': 12, 'rx': 8, 'ry': 4,"
          " 'stroke': {'color': '#000', 'scale': 'fixed', 'dash': [2, 1],"
          " 'dashOffset': 0.5}},"
          "{'id': 'p', 'type': 'polygon', 'cx': 12, 'cy': 12, 'sides': 5,"
          " 'radius': 9, 'rotation': 36, 'cornerRadius': 1,"
          " 'stroke': {'color': '#000', 'dash': ['10%', '2.5%']}},"
          "{'id': 's', 'type': 'star', 'cx': 12, 'cy': 12, 'points': 6,"
          " 'radius': 9, 'innerRadius': 4, 'fill': {'color': '#000'}},"
          "{'id': 't', 'type': 'triangle', 'x0': 2, 'y0': 2, 'width': 6,"
          " 'height': 5, 'fill': {'color': '#000'}},"
          "{'id': 'm', 'type': 'path', 'd': 'M2 2 L10 2 L10 10 Z',"
          " 'fill': {'color': '#000'}}],"
          " 'timelines': {'t': {'duration': 1, 'tracks': {"
          "'m.d': [[0, 'M2 2 L10 2 L10 10 Z'], [1, 'M2 2 L6 2 L10 10 Z']],"
          " 'p.sides': [[0, 5], [1, 8]], 's.innerRadius': [[0, 4], [1, 2]],"
          " 'e.stroke.dashOffset': [[0, 0], [1, 3]]}}},"
          " 'machine': {'layers': {'l': {'initial': 'a', 'states': {"
          "'a': {'play': 't', 'on': [{'when': '@end', 'to': 'b'}]},"
          " 'b': {'pose': {'m.d': 'M2 2 L8 2 L10 10 Z', 's.points': 5}}}}}}}");
  json_t *original = json_loads(json, 0, NULL);
  cr_assert_not_null(original);
  cr_assert_eq(paint_validate(&f, json), 0);
  char *animl = decompiled(json);
  /* The spellings the chapter and DECISIONS 16 give. */
  cr_assert(strstr(animl, "<star id=\"s\""), "%s", animl);
  cr_assert(strstr(animl, "innerRadius=\"4\""), "%s", animl);
  cr_assert(strstr(animl, "cornerRadius=\"1\""), "%s", animl);
  cr_assert(strstr(animl, "stroke-scale=\"fixed\""), "%s", animl);
  cr_assert(strstr(animl, "target=\"e.dashOffset\""), "%s", animl);
  cr_assert(strstr(animl, "m.d=\"M2 2 L8 2 L10 10 Z\""), "%s", animl);
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
