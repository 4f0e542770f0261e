/*
 * test_markup_forms.c — the registry forms in AniML (docs/ANIML.md §7,
 * issue 9 item 7), with the test module tests/modules/forms.c and no
 * markup code of its own:
 *
 *   - a variant object is the element of its variant (its `element`), the
 *     discriminator implied by the element name: constraint items
 *     <follow>, <keep-distance> (a VARIANTS field), <point-anchor> (a
 *     VARIANT field); an object without a discriminator is the element of
 *     its field (<anchor offset="2"/>);
 *   - a flattened paint keeps its attribute members on the node (fill-rule,
 *     stroke-width); what is no attribute — the variant element with the
 *     variant's own fields (<linearGradient> with <stop> children), fields
 *     in element form (<colorMix>) — goes inside a <fill>/<stroke> element;
 *   - address patterns keep their concrete indices and keys, and take the
 *     alias pattern (fill.stops.1.color is fillStop.1).
 *
 * The expected AniML below is what those rules give for the JSON document
 * (checked by hand against docs/ANIML.md §7 and §9: attributes in field
 * order — a variant's family fields, then its own; child elements in
 * field order, the node fields before the paint ones).
 */
#include <criterion/criterion.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <anima/markup.h>

#define MODULE(file) ANIMA_TEST_MODULE_DIR "/" file

static anima_runtime *runtime;
static anima_diagnostics *diagnostics;

static void setup(void) {
  runtime = anima_runtime_create();
  diagnostics = anima_diagnostics_create();
  cr_assert_eq(anima_runtime_load_module_file(runtime, MODULE("anima-forms.so"),
                                              diagnostics),
               ANIMA_OK);
}

static void teardown(void) {
  anima_diagnostics_destroy(diagnostics);
  anima_runtime_destroy(runtime);
}

TestSuite(markup_forms, .init = setup, .fini = teardown);

static const char *listing(void) {
  static char buffer[8192];
  buffer[0] = '\0';
  for (size_t i = 0; i < anima_diagnostics_count(diagnostics); i++) {
    const anima_diagnostic *d = anima_diagnostics_get(diagnostics, i);
    size_t used = strlen(buffer);
    snprintf(buffer + used, sizeof buffer - used, "\n  %d:%d %s %s %s (%s)",
             d->line, d->column, d->pointer, d->code, d->message,
             d->hint ? d->hint : "-");
  }
  return buffer;
}

static const char forms_json[] =
    "{\"anima\": \"0.1\", \"name\": \"t\", \"grid\": 20, \"requires\": "
    "[\"shade\", \"mixer\", \"tether\", \"tags\"], \"nodes\": ["
    /* a: an anchor without a discriminator */
    "{\"id\": \"a\", \"type\": \"group\", \"anchor\": {\"offset\": 2}}, "
    /* g: constraints, a point anchor, channels, gradient fill and stroke */
    "{\"id\": \"g\", \"type\": \"rect\", \"x0\": 0, \"y0\": 0, \"w\": 20, "
    "\"h\": 20, \"constraints\": [{\"kind\": \"follow\", \"target\": \"a\", "
    "\"strength\": 0.5}, {\"kind\": \"keepDistance\", \"to\": \"a\", "
    "\"distance\": 2}], \"anchor\": {\"at\": \"point\", \"x\": 1, \"y\": 2}, "
    "\"channels\": {\"level\": 3, \"gain\": 0.5}, \"fill\": {\"rule\": "
    "\"evenodd\", \"type\": \"linear\", \"x1\": 0, \"y1\": 0, \"x2\": 20, "
    "\"y2\": 0, \"stops\": [{\"position\": 0, \"color\": \"#ff0000\"}, "
    "{\"position\": 1, \"color\": \"#0000ff\"}]}, \"stroke\": {\"type\": "
    "\"linear\", \"x1\": 0, \"y1\": 0, \"x2\": 0, \"y2\": 20, \"width\": 2, "
    "\"stops\": [{\"position\": 0, \"color\": \"#000000\"}, {\"position\": 1, "
    "\"color\": \"#ffffff\"}]}}, "
    /* m: a colour mix, the third alternative of the paint source */
    "{\"id\": \"m\", \"type\": \"circle\", \"center\": [10, 10], \"r\": 3, "
    "\"fill\": {\"rule\": \"evenodd\", \"mix\": {\"a\": \"#000000\", \"b\": "
    "\"#ffffff\", \"t\": 0.3}}}], "
    "\"timelines\": {\"t\": {\"duration\": 1, \"tracks\": "
    "{\"g.fill.stops.1.color\": [[0, \"#0000ff\"], [1, \"#ffffff\"]], "
    "\"g.constraints.0.strength\": [[0, 0.5], [1, 1]], \"g.channels.gain\": "
    "[[0, 0.5], [1, 1]]}}}, \"machine\": {\"layers\": {\"main\": "
    "{\"initial\": \"s\", \"states\": {\"s\": {\"pose\": "
    "{\"g.fill.stops.0.color\": \"#00ff00\", \"m.fill.mix.t\": 1}}}}}}}";

static const char forms_animl[] =
    "<anima version=\"0.1\" name=\"t\" grid=\"20\" requires=\"shade mixer "
    "tether tags\">\n"
    "  <group id=\"a\">\n"
    "    <anchor offset=\"2\"/>\n"
    "  </group>\n"
    "  <rect id=\"g\" x0=\"0\" y0=\"0\" width=\"20\" height=\"20\" "
    "fill-rule=\"evenodd\" stroke-width=\"2\">\n"
    "    <follow strength=\"0.5\" target=\"a\"/>\n"
    "    <keep-distance to=\"a\" distance=\"2\"/>\n"
    "    <point-anchor x=\"1\" y=\"2\"/>\n"
    "    <channel name=\"level\" value=\"3\"/>\n"
    "    <channel name=\"gain\" value=\"0.5\"/>\n"
    "    <fill>\n"
    "      <linearGradient x1=\"0\" y1=\"0\" x2=\"20\" y2=\"0\">\n"
    "        <stop position=\"0\" color=\"#ff0000\"/>\n"
    "        <stop position=\"1\" color=\"#0000ff\"/>\n"
    "      </linearGradient>\n"
    "    </fill>\n"
    "    <stroke>\n"
    "      <linearGradient x1=\"0\" y1=\"0\" x2=\"0\" y2=\"20\">\n"
    "        <stop position=\"0\" color=\"#000000\"/>\n"
    "        <stop position=\"1\" color=\"#ffffff\"/>\n"
    "      </linearGradient>\n"
    "    </stroke>\n"
    "  </rect>\n"
    "  <circle id=\"m\" center=\"10 10\" r=\"3\" fill-rule=\"evenodd\">\n"
    "    <fill>\n"
    "      <colorMix a=\"#000000\" b=\"#ffffff\" t=\"0.3\"/>\n"
    "    </fill>\n"
    "  </circle>\n"
    "  <timeline name=\"t\" duration=\"1\">\n"
    "    <track target=\"g.fillStop.1\">0 #0000ff; 1 #ffffff</track>\n"
    "    <track target=\"g.constraints.0.strength\">0 0.5; 1 1</track>\n"
    "    <track target=\"g.channels.gain\">0 0.5; 1 1</track>\n"
    "  </timeline>\n"
    "  <machine>\n"
    "    <layer name=\"main\" initial=\"s\">\n"
    "      <state name=\"s\">\n"
    "        <pose g.fillStop.0=\"#00ff00\" m.fill.mix.t=\"1\"/>\n"
    "      </state>\n"
    "    </layer>\n"
    "  </machine>\n"
    "</anima>\n";

Test(markup_forms, forms_decompile_to_their_elements) {
  char *animl = NULL;
  cr_assert_eq(anima_markup_decompile(runtime, forms_json, strlen(forms_json),
                                      0, diagnostics, &animl, NULL),
               ANIMA_OK, "%s", listing());
  cr_assert_str_eq(animl, forms_animl);
  anima_markup_free(animl);
}

Test(markup_forms, forms_compile_back_to_the_same_json) {
  /* JSON -> AniML -> JSON: the same value, and the same canonical text. */
  char *json = NULL;
  cr_assert_eq(anima_markup_compile(runtime, forms_animl, strlen(forms_animl),
                                    0, diagnostics, &json, NULL),
               ANIMA_OK, "%s", listing());
  cr_assert_eq(anima_diagnostics_count(diagnostics), 0, "%s", listing());
  json_t *built = json_loads(json, JSON_DECODE_INT_AS_REAL, NULL);
  json_t *expected = json_loads(forms_json, JSON_DECODE_INT_AS_REAL, NULL);
  cr_assert(json_equal(built, expected), "%s", json);
  char *canonical = NULL;
  cr_assert_eq(anima_document_format(runtime, forms_json, strlen(forms_json),
                                     NULL, &canonical, NULL),
               ANIMA_OK);
  cr_assert_str_eq(json, canonical);
  json_decref(built);
  json_decref(expected);
  anima_markup_free(json);
  anima_markup_free(canonical);
}

Test(markup_forms, canonical_json_orders_family_then_variant_fields) {
  /* fill: color rule type mix (the family, registry order), then the
   * variant's x1 y1 x2 y2 stops; a constraint: kind strength, then
   * target. */
  const char *json =
      "{\"anima\": \"0.1\", \"name\": \"t\", \"grid\": 20, \"requires\": "
      "[\"shade\", \"tether\"], \"nodes\": [{\"id\": \"c\", \"type\": "
      "\"circle\", \"center\": [1, 1], \"r\": 1, \"constraints\": "
      "[{\"target\": \"c\", \"strength\": 1, \"kind\": \"follow\"}], "
      "\"fill\": {\"stops\": [], \"y2\": 0, \"x2\": 1, \"y1\": 0, \"x1\": 0, "
      "\"type\": \"linear\", \"rule\": \"evenodd\"}}]}";
  char *out = NULL;
  cr_assert_eq(
      anima_document_format(runtime, json, strlen(json), NULL, &out, NULL),
      ANIMA_OK);
  cr_assert_not_null(strstr(out, "\"constraints\": [{ \"kind\": \"follow\", "
                                 "\"strength\": 1, \"target\": \"c\" }]"),
                     "%s", out);
  cr_assert_not_null(strstr(out, "\"rule\": \"evenodd\",\n        "
                                 "\"type\": \"linear\",\n        "
                                 "\"x1\": 0,\n        \"y1\": 0,\n        "
                                 "\"x2\": 1,\n        \"y2\": 0,\n        "
                                 "\"stops\": []"),
                     "%s", out);
  anima_markup_free(out);
}

/* Compiles `animl` with the loader, keeping every diagnostic. */
static void compile(const char *animl) {
  anima_diagnostics_clear(diagnostics);
  char *json = NULL;
  anima_markup_compile(runtime, animl, strlen(animl), 0, diagnostics, &json,
                       NULL);
  anima_markup_free(json);
}

/* The diagnostic at `pointer`, or NULL. */
static const anima_diagnostic *at(const char *pointer) {
  for (size_t i = 0; i < anima_diagnostics_count(diagnostics); i++) {
    const anima_diagnostic *d = anima_diagnostics_get(diagnostics, i);
    if (strcmp(d->pointer, pointer) == 0) {
      return d;
    }
  }
  return NULL;
}

static void assert_at(const char *pointer, const char *code, int line,
                      int column, const char *hint) {
  const anima_diagnostic *d = at(pointer);
  cr_assert_not_null(d, "%s: %s", pointer, listing());
  cr_assert_str_eq(d->code, code, "%s", listing());
  cr_assert_eq(d->line, line, "%s", listing());
  cr_assert_eq(d->column, column, "%s", listing());
  if (hint) {
    cr_assert_str_eq(d->hint, hint, "%s", listing());
  }
}

Test(markup_forms, variant_elements_are_checked_by_the_compiler) {
  /* Columns count from 1: line 3 `  <rect id="g" … fill-type="linear">`
   * puts fill-type at 65; line 4 `    <follow kind=` puts kind at 13;
   * line 6 `      <linearGradient x1="0" y1="0" x2="20" y2="0" cx=` puts
   * cx at 52; line 9 and 10 hold elements at column 7. */
  compile("<anima version=\"0.1\" name=\"t\" grid=\"20\" requires=\"shade "
          "tether\">\n"
          "  <group id=\"a\"/>\n"
          "  <rect id=\"g\" x0=\"0\" y0=\"0\" width=\"20\" height=\"20\" "
          "fill=\"#fff\" fill-type=\"linear\">\n"
          "    <follow kind=\"x\" target=\"a\"/>\n"
          "    <fill>\n"
          "      <linearGradient x1=\"0\" y1=\"0\" x2=\"20\" y2=\"0\" "
          "cx=\"3\">\n"
          "        <stop position=\"0\" color=\"#ff0000\"/>\n"
          "      </linearGradient>\n"
          "      <radialGradient cx=\"1\" cy=\"1\" r=\"1\"/>\n"
          "      <linearGradent/>\n"
          "    </fill>\n"
          "  </rect>\n"
          "</anima>\n");
  /* The discriminator is the variant element, never an attribute. */
  assert_at("/nodes/1/fillType", "unknown-key", 3, 65,
            "did you mean \"fill-rule\"?");
  assert_at("/nodes/1/constraints/0/kind", "unknown-key", 4, 13,
            "the element name is the kind");
  /* A coordinate of the other gradient type. */
  assert_at("/nodes/1/fill/cx", "unknown-key", 6, 52,
            "\"cx\" is an attribute of <radialGradient>");
  assert_at("/nodes/1/fill/type", "duplicate-key", 9, 7,
            "give one variant element");
  assert_at("/nodes/1/fill/linearGradent", "unknown-key", 10, 7,
            "did you mean <linearGradient>?");
}

Test(markup_forms, a_family_element_takes_no_discriminator) {
  /* One spelling per object: a point anchor is <point-anchor>, so
   * <anchor at="point"> is refused (line 3, column 13) with the variant
   * elements as hint, and the point's attributes name their element. */
  compile("<anima version=\"0.1\" name=\"t\" grid=\"20\" requires=\"tether\">\n"
          "  <group id=\"a\">\n"
          "    <anchor at=\"point\" x=\"1\" y=\"2\"/>\n"
          "  </group>\n"
          "</anima>\n");
  assert_at("/nodes/0/anchor/at", "unknown-key", 3, 13,
            "use <corner-anchor> or <point-anchor>");
  assert_at("/nodes/0/anchor/x", "unknown-key", 3, 24,
            "\"x\" is an attribute of <point-anchor>");
}

Test(markup_forms, loader_diagnostics_land_on_variant_elements) {
  /* `fill="#fff"` and a <linearGradient>: the later alternative (type,
   * compiled from the element on line 5, column 7) is bad-value; the
   * follow's strength (line 3, column 13) is out of [0, 1]. */
  compile("<anima version=\"0.1\" name=\"t\" grid=\"20\" requires=\"shade "
          "tether\">\n"
          "  <rect id=\"g\" x0=\"0\" y0=\"0\" width=\"20\" height=\"20\" "
          "fill=\"#fff\">\n"
          "    <follow strength=\"2\" target=\"g\"/>\n"
          "    <fill>\n"
          "      <linearGradient x1=\"0\" y1=\"0\" x2=\"20\" y2=\"0\">\n"
          "        <stop position=\"0\" color=\"#ff0000\"/>\n"
          "      </linearGradient>\n"
          "    </fill>\n"
          "  </rect>\n"
          "</anima>\n");
  /* The hint in AniML spelling: the colour is the attribute "fill", the
   * gradient's type the <fill> element holding its variant element. */
  assert_at("/nodes/0/fill/type", "bad-value", 5, 7,
            "keep one of \"fill\" or <fill>");
  assert_at("/nodes/0/constraints/0/strength", "bad-value", 3, 13,
            "use a number in [0, 1]");
  cr_assert_eq(anima_diagnostics_count(diagnostics), 2, "%s", listing());
}

Test(markup_forms, an_unknown_variant_keeps_its_json_form) {
  /* Without a registered variant there is no element to write: the paint
   * is written whole as JSON (syntax only: the loader would refuse it),
   * and compiles back to the same value. */
  const char *json =
      "{\"anima\": \"0.1\", \"name\": \"t\", \"grid\": 20, \"requires\": "
      "[\"shade\"], \"nodes\": [{\"id\": \"c\", \"type\": \"circle\", "
      "\"center\": [1, 1], \"r\": 1, \"fill\": {\"type\": \"conic\", \"x1\": "
      "0}}]}";
  char *animl = NULL;
  cr_assert_eq(anima_markup_decompile(runtime, json, strlen(json),
                                      ANIMA_MARKUP_SYNTAX_ONLY, diagnostics,
                                      &animl, NULL),
               ANIMA_OK, "%s", listing());
  cr_assert_not_null(strstr(animl, "fill='{\"type\":\"conic\",\"x1\":0}'"),
                     "%s", animl);
  char *back = NULL;
  cr_assert_eq(anima_markup_compile(runtime, animl, strlen(animl),
                                    ANIMA_MARKUP_SYNTAX_ONLY, diagnostics,
                                    &back, NULL),
               ANIMA_OK);
  json_t *a = json_loads(json, 0, NULL), *b = json_loads(back, 0, NULL);
  cr_assert(json_equal(a, b), "%s", back);
  json_decref(a);
  json_decref(b);
  anima_markup_free(animl);
  anima_markup_free(back);
}

Test(markup_forms, hints_spell_a_variant_as_its_element) {
  /* A later diagnostic (a module check, say) at the fill of the forms
   * document with a hint in JSON spelling: mapped onto the AniML, the
   * discriminator with a variant's value is that variant's element and a
   * missing discriminator of a paint is the <fill> element that holds one.
   * Its position is the fill's first attribute, fill-rule: line 5, column
   * 53 (`  <rect id="g" x0="0" y0="0" width="20" height="20" ` is 2 + 5 +
   * 7 + 7 + 7 + 11 + 12 + 1 = 52 characters). */
  anima_diagnostics_add(diagnostics, "bad-value", ANIMA_SEVERITY_ERROR,
                        "/nodes/1/fill", "use \"type\": \"radial\"",
                        "a module's own check");
  anima_diagnostics_add(diagnostics, "bad-value", ANIMA_SEVERITY_ERROR,
                        "/nodes/1/fill", "add \"type\"", "another one");
  cr_assert_eq(anima_markup_locate(runtime, forms_animl, strlen(forms_animl),
                                   diagnostics),
               ANIMA_OK);
  const anima_diagnostic *first = anima_diagnostics_get(diagnostics, 0);
  cr_assert_str_eq(first->hint, "use <radialGradient>", "%s", listing());
  cr_assert_eq(first->line, 5, "%s", listing());
  cr_assert_eq(first->column, 53, "%s", listing());
  cr_assert_str_eq(anima_diagnostics_get(diagnostics, 1)->hint, "add <fill>",
                   "%s", listing());
}
