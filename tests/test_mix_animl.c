/*
 * test_mix_animl.c — the AniML spellings of the `mix` module (SPEC mix):
 * the JSON-valued `mix` attribute
 * (`<group mix='{"mode":"additive","strength":0.5}'>`), the per-paint
 * attributes `fill-blend`, `stroke-blend`, `fill-blend-amount`,
 * `stroke-blend-amount` (and on `<paint>` entries), the address aliases
 * `mixStrength`, `fillBlendAmount`, `strokeBlendAmount`: AniML compiles to
 * the same JSON as the .ani spelling, JSON → AniML → JSON is the same
 * document, and `anima schema` lists every mix field.
 */
#include <jansson.h>

#include <anima/markup.h>

#include "test_cli_support.h"
#include "test_composite_fixture.h"

static paint_fixture f;

static void setup(void) {
  f = composite_runtime();
  paint_load_module(&f, "mix");
}

static void teardown(void) {
  paint_release(&f);
}

TestSuite(mix_animl, .init = setup, .fini = teardown);

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

static void expect_same(json_t *actual, json_t *expected) {
  char *a = json_dumps(actual, JSON_SORT_KEYS | JSON_COMPACT);
  char *e = json_dumps(expected, JSON_SORT_KEYS | JSON_COMPACT);
  cr_assert_str_eq(a, e);
  free(a);
  free(e);
}

/* The .ani spelling of the documents below. */
static const char *const ani =
    "{'anima': '0.1', 'name': 't', 'grid': 24, 'viewBox': [0, 0, 24, 24], "
    "'requires': ['mix', 'composite'], 'nodes': ["
    "{'id': 'g', 'type': 'group', 'mix': {'mode': 'additive', 'strength': "
    "0.5}, 'children': [{'id': 'a', 'type': 'rect', 'x0': 0, 'y0': 0, 'w': "
    "4, 'h': 4, 'fill': {'color': '#000', 'blend': 'multiply', "
    "'blendAmount': 0.25}, 'stroke': {'color': '#fff', 'blend': "
    "'additive', 'blendAmount': 0.75}}]}, "
    "{'id': 'b', 'type': 'circle', 'center': [2, 2], 'r': 2, 'paints': "
    "[{'fill': {'color': '#f00', 'blend': 'screen'}}, {'stroke': {'color': "
    "'#00f', 'blend': 'additive', 'blendAmount': 0.5}}]}], "
    "'timelines': {'t': {'duration': 1, 'tracks': {"
    "'g.mix.strength': [[0, 0], [1, 1]], "
    "'a.fill.blendAmount': [[0, 0], [1, 1]], "
    "'a.stroke.blendAmount': [[0, 1], [1, 0]], "
    "'b.paints.1.stroke.blendAmount': [[0, 0], [1, 1]]}}}, "
    "'machine': {'layers': {'l': {'initial': 's', 'states': {'s': {'play': "
    "'t'}}}}}}";

Test(mix_animl, animl_compiles_to_the_ani_json) {
  /* The chapter's JSON-valued attribute and the per-paint attributes,
   * written by hand, give the JSON above. */
  json_t *document = compiled(
      "<anima version=\"0.1\" name=\"t\" grid=\"24\" view-box=\"0 0 24 24\" "
      "requires=\"mix composite\">"
      "<group id=\"g\" mix='{\"mode\":\"additive\",\"strength\":0.5}'>"
      "<rect id=\"a\" x0=\"0\" y0=\"0\" width=\"4\" height=\"4\" "
      "fill=\"#000\" fill-blend=\"multiply\" fill-blend-amount=\"0.25\" "
      "stroke=\"#fff\" stroke-blend=\"additive\" "
      "stroke-blend-amount=\"0.75\"/></group>"
      "<circle id=\"b\" center=\"2 2\" r=\"2\">"
      "<paint fill-color=\"#f00\" fill-blend=\"screen\"/>"
      "<paint stroke-color=\"#00f\" stroke-blend=\"additive\" "
      "stroke-blend-amount=\"0.5\"/></circle>"
      "<timeline name=\"t\" duration=\"1\">"
      "<track target=\"g.mixStrength\">0 0; 1 1</track>"
      "<track target=\"a.fillBlendAmount\">0 0; 1 1</track>"
      "<track target=\"a.strokeBlendAmount\">0 1; 1 0</track>"
      "<track target=\"b.paints.1.stroke.blendAmount\">0 0; 1 1</track>"
      "</timeline>"
      "<machine><layer name=\"l\" initial=\"s\"><state name=\"s\" "
      "play=\"t\"/>"
      "</layer></machine></anima>");
  json_t *expected = json_loads(paint_quote(&f, ani), 0, NULL);
  cr_assert_not_null(expected);
  expect_same(document, expected);
  json_decref(document);
  json_decref(expected);
}

Test(mix_animl, json_to_animl_and_back_is_the_same_document) {
  const char *json = paint_quote(&f, ani);
  cr_assert_eq(paint_validate(&f, json), 0, "%s",
               anima_diagnostics_get(f.diagnostics, 0)->message);
  char *animl = decompiled(json);
  cr_assert(strstr(animl, "fill-blend=\"multiply\""), "%s", animl);
  cr_assert(strstr(animl, "fill-blend-amount=\"0.25\""), "%s", animl);
  cr_assert(strstr(animl, "stroke-blend=\"additive\""), "%s", animl);
  cr_assert(strstr(animl, "stroke-blend-amount=\"0.75\""), "%s", animl);
  cr_assert(strstr(animl, "target=\"g.mixStrength\""), "%s", animl);
  cr_assert(strstr(animl, "target=\"a.fillBlendAmount\""), "%s", animl);
  json_t *back = compiled(animl);
  anima_markup_free(animl);
  json_t *original = json_loads(json, 0, NULL);
  expect_same(back, original);
  json_decref(back);
  json_decref(original);
}

Test(mix_animl, schema_lists_the_mix_fields) {
  static const struct {
    const char *topic;
    const char *words[8];
  } topics[] = {
      {"mix-compositor",
       {"mode", "strength", "additive", "mix.strength", "mixStrength", NULL}},
      /* flattened onto the node as fill-blend, fill-blend-amount */
      {"fill",
       {"blend: enum inherit | normal",
        "additive, default inherit, feature "
        "mix",
        "blendAmount (AniML blend-amount): number, default 1, range "
        "0..1, feature mix",
        "address fill.blendAmount (AniML "
        "fillBlendAmount)",
        "address paints.*.fill.blendAmount", NULL}},
      {"stroke",
       {"blend: enum inherit | normal", "blendAmount (AniML blend-amount)",
        "address stroke.blendAmount (AniML strokeBlendAmount)",
        "address paints.*.stroke.blendAmount", NULL}},
      {"rect", {"mix", "feature mix", NULL}},
  };
  for (size_t i = 0; i < sizeof topics / sizeof topics[0]; i++) {
    const char *arguments[] = {"schema", topics[i].topic, NULL};
    cli_run result = cli_run_args(arguments);
    cr_assert_eq(result.status, 0, "schema %s: %s", topics[i].topic,
                 result.err);
    for (size_t w = 0; topics[i].words[w]; w++) {
      cr_expect(strstr(result.out, topics[i].words[w]),
                "schema %s lacks \"%s\":\n%s", topics[i].topic,
                topics[i].words[w], result.out);
    }
    cli_run_free(&result);
  }
}
