/*
 * test_markup_hints.c — what an AniML author is told to write
 * (docs/ANIML.md §8): loader hints in AniML spelling (markup/hints.c),
 * XML's unescaped `&&` and `<` in attributes, foreign names from SVG
 * (module.h, registered in kernel/core_registry.c and by the spark test
 * module) in both spellings, and map-level `$comment`s through decompile
 * and back. Every expected hint is the registry spelling of the JSON hint
 * the loader gives (quoted in each test); lines and columns are counted by
 * hand in each input (1-based, columns in characters).
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <anima/markup.h>
#include <anima/module.h>

#include "test_markup_support.h"

TestSuite(markup_hints, .init = setup, .fini = teardown);

static void assert_hint(const anima_diagnostic *d, const char *hint) {
  cr_assert_not_null(d->hint, "%s has no hint", d->code);
  cr_assert_str_eq(d->hint, hint);
}

#define HEAD "<anima version=\"0.1\" name=\"t\" grid=\"20\">\n"
#define DOT "  <circle id=\"c\" center=\"1 1\" r=\"1\" fill=\"#000\"/>\n"

/* ---- finding 4: loader hints in AniML spelling -------------------------- */

Test(markup_hints, missing_version_names_the_attribute_and_its_value) {
  /* JSON hint `add "anima": "0.1"` (anima is an enum of one version); in
   * AniML the field is the attribute version. The document's position is
   * its <anima> tag, 1:1. */
  compile_fails("<anima name=\"t\" grid=\"20\">\n" DOT "</anima>\n", false);
  const anima_diagnostic *d = find("missing-key", "");
  assert_hint(d, "add version=\"0.1\"");
  cr_assert_str_eq(d->message, "the required key \"anima\" is missing");
  cr_assert_eq(d->line, 1);
  cr_assert_eq(d->column, 1);
}

Test(markup_hints, unsupported_version_names_the_attribute) {
  /* JSON hint `this runtime loads "anima": "0.1"`. */
  compile_fails("<anima version=\"0.2\" name=\"t\" grid=\"20\">\n" DOT
                "</anima>\n",
                false);
  assert_hint(find("version-unsupported", "/anima"),
              "this runtime loads version=\"0.1\"");
}

Test(markup_hints, a11y_switch_without_pressed) {
  /* JSON hint `add "pressed": "<bool input>" for aria-checked`; <a11y> is
   * line 2, column 3. */
  compile_fails(HEAD "  <a11y role=\"switch\" label=\"x\" activate=\"on\"/>\n"
                     "  <input name=\"on\" type=\"bool\"/>\n" DOT "</anima>\n",
                false);
  const anima_diagnostic *d = find("missing-key", "/a11y");
  assert_hint(d, "add pressed=\"<bool input>\" for aria-checked");
  cr_assert_eq(d->line, 2);
  cr_assert_eq(d->column, 3);
}

/* A looping timeline `beat` and a state that waits for its @end; `extra`
 * is more markup inside <anima>. */
#define LOOPING(extra)                                                         \
  HEAD DOT "  <timeline name=\"beat\" duration=\"1\" loop=\"loop\">\n"         \
           "    <track target=\"c.r\">0 1; 1 2</track>\n"                      \
           "  </timeline>\n"                                                   \
           "  <machine><layer name=\"l\" initial=\"s\">\n"                     \
           "    <state name=\"s\" play=\"beat\"><on when=\"@end\" to=\"s\"/>"  \
           "</state>\n"                                                        \
           "  </layer></machine>\n" extra "</anima>\n"

Test(markup_hints, bad_end_names_the_loop_attribute) {
  /* JSON hint `use @after(seconds), or make the timeline "loop": "once"`:
   * "loop" is no key along the pointer (document, machine, layer, state,
   * transition), but the only field named so is the timeline's, spelled
   * loop. Line 7: `    <state name="s" play="beat"><on when="` is 42
   * characters, so @end (offset 0 in the value) is column 43. */
  compile_fails(LOOPING(""), false);
  const anima_diagnostic *d =
      find("bad-end", "/machine/layers/l/states/s/on/0/when");
  assert_hint(d, "use @after(seconds), or make the timeline loop=\"once\"");
  cr_assert_eq(d->line, 7);
  cr_assert_eq(d->column, 43);
}

Test(markup_hints, undeclared_names_point_at_the_declaring_element) {
  /* JSON hints `declare it in "inputs"` and `declare it in "colors" or use
   * a colour literal`: maps written as child elements are "a <x> element"
   * (an before a vowel). */
  compile_fails(HEAD "  <circle id=\"c\" center=\"1 1\" r=\"1\" "
                     "fill=\"paper\"/>\n"
                     "  <listener on=\"click\" fire=\"ring\"/>\n</anima>\n",
                false);
  assert_hint(find("unknown-input", "/listeners/0/fire"),
              "declare it in an <input> element");
  assert_hint(find("unknown-color-slot", "/nodes/0/fill/color"),
              "declare it in a <color> element or use a colour literal");
}

Test(markup_hints, a_paint_member_is_its_flattened_attribute) {
  /* stroke-width without stroke: the stroke object lacks "color"; JSON
   * hint `add "color"`, whose attribute is stroke (the alias of
   * stroke.color). The value was recorded at `stroke-width`, line 2 column
   * 1 + len(`  <circle id="c" center="1 1" r="1" `) = 37. */
  compile_fails(HEAD "  <circle id=\"c\" center=\"1 1\" r=\"1\" "
                     "stroke-width=\"2\"/>\n</anima>\n",
                false);
  const anima_diagnostic *d = find("missing-key", "/nodes/0/stroke");
  assert_hint(d, "add \"stroke\"");
  cr_assert_eq(d->line, 2);
  cr_assert_eq(d->column, 37);
}

Test(markup_hints, members_become_attributes_and_elements) {
  /* `add "pose": {...} or "play": "<timeline>"` (pose is the <pose>
   * element) and `add "circle": [cx, cy, r] or "rect": [x, y, w, h]`
   * (number lists are space-separated attributes). */
  compile_fails(HEAD DOT "  <hit/>\n"
                         "  <machine><layer name=\"l\" initial=\"s\">"
                         "<state name=\"s\"/></layer></machine>\n</anima>\n",
                false);
  assert_hint(find("state-kind", "/machine/layers/l/states/s"),
              "add <pose .../> or play=\"<timeline>\"");
  assert_hint(find("missing-key", "/hit"),
              "add circle=\"cx cy r\" or rect=\"x y w h\"");
}

Test(markup_hints, missing_children_name_their_elements) {
  /* `add "nodes"`: the node list is node elements (group is the first
   * node type registered); `add "layers"`: a map of <layer> items. */
  compile_fails(HEAD "  <machine/>\n</anima>\n", false);
  assert_hint(find("missing-key", ""), "add a node element such as <group>");
  assert_hint(find("missing-key", "/machine"), "add a <layer> element");
}

Test(markup_hints, json_the_author_wrote_keeps_json_spelling) {
  /* Inside a JSON-valued attribute the author writes JSON, so the hints
   * about its keys stay as the loader gives them. */
  compile_fails(HEAD "  <a11y role=\"switch\" label=\"x\" activate=\"on\"/>\n"
                     "  <input name=\"on\" type=\"bool\"/>\n"
                     "  <circle id=\"c\" center=\"1 1\" r=\"1\" "
                     "stroke='{\"width\":2}'/>\n"
                     "</anima>\n",
                false);
  assert_hint(find("missing-key", "/nodes/0/stroke"), "add \"color\"");
  anima_diagnostics_clear(diagnostics);
  compile_fails("<anima version=\"0.1\" name=\"t\" grid=\"20\" "
                "a11y='{\"role\":\"switch\",\"label\":\"x\",\"activate\":"
                "\"on\"}'>\n  <input name=\"on\" type=\"bool\"/>\n" DOT
                "</anima>\n",
                false);
  assert_hint(find("missing-key", "/a11y"),
              "add \"pressed\": \"<bool input>\" for aria-checked");
}

Test(markup_hints, the_authors_names_are_not_keys) {
  /* A slot named "color": the hint `did you mean "color"?` for the
   * stroke's "colr" names the slot, not the stroke's key "color" (which
   * AniML would spell stroke). */
  compile_fails(HEAD "  <color name=\"color\" value=\"#000\"/>\n"
                     "  <circle id=\"c\" center=\"1 1\" r=\"1\" "
                     "stroke=\"colr\"/>\n</anima>\n",
                false);
  assert_hint(find("unknown-color-slot", "/nodes/0/stroke/color"),
              "did you mean \"color\"?");
}

Test(markup_hints, locate_spells_hints_of_later_diagnostics) {
  /* anima_markup_locate: the loader's diagnostics on the compiled JSON
   * get the AniML position and AniML hint; one that already has a
   * position is copied as it is. */
  const char *animl = "<anima name=\"t\" grid=\"20\">\n" DOT "</anima>\n";
  char *json = NULL;
  size_t length = 0;
  cr_assert_eq(anima_markup_compile(runtime, animl, strlen(animl),
                                    ANIMA_MARKUP_SYNTAX_ONLY, diagnostics,
                                    &json, &length),
               ANIMA_OK);
  anima_diagnostics_add(diagnostics, "type", ANIMA_SEVERITY_ERROR, "/grid",
                        "add \"anima\"", "placed");
  anima_diagnostics_set_position(diagnostics, 0, 9, 9);
  /* A hook's unknown-key on the circle: the node's field scaleX is the
   * attribute scale-x (the circle is line 2, column 3). */
  anima_diagnostics_add(diagnostics, "unknown-key", ANIMA_SEVERITY_ERROR,
                        "/nodes/0/scalx", "did you mean \"scaleX\"?",
                        "\"scalx\" is not a key");
  anima_document_validate(runtime, json, length, diagnostics);
  anima_markup_free(json);
  cr_assert_eq(anima_markup_locate(runtime, animl, strlen(animl), diagnostics),
               ANIMA_OK);
  const anima_diagnostic *placed = find("type", "/grid");
  assert_hint(placed, "add \"anima\"");
  cr_assert_eq(placed->line, 9);
  const anima_diagnostic *d = find("unknown-key", "/nodes/0/scalx");
  assert_hint(d, "did you mean \"scale-x\"?");
  cr_assert_eq(d->line, 2);
  cr_assert_eq(d->column, 3);
  d = find("missing-key", "");
  assert_hint(d, "add version=\"0.1\"");
  cr_assert_eq(d->line, 1);
  cr_assert_eq(d->column, 1);
}

/* ---- finding 5: unescaped & and < in attributes -------------------------- */

/* One animl-syntax diagnostic; returns it. */
static const anima_diagnostic *only_syntax_error(void) {
  cr_assert_eq(anima_diagnostics_count(diagnostics), 1);
  const anima_diagnostic *d = find("animl-syntax", "");
  return d;
}

Test(markup_hints, double_ampersand_in_a_condition) {
  /* Line 2 `  <on when="a && b"/>`: `a` is column 13, the first `&`
   * column 15. */
  compile_fails(HEAD "  <on when=\"a && b\"/>\n</anima>\n", true);
  const anima_diagnostic *d = only_syntax_error();
  cr_assert_str_eq(d->message, "the value of when holds an unescaped \"&&\"");
  assert_hint(d, "write && as &amp;&amp; inside attributes");
  cr_assert_eq(d->line, 2);
  cr_assert_eq(d->column, 15);
}

Test(markup_hints, less_than_in_an_attribute) {
  /* `  <on when="n < 2"/>`: the `<` is column 15. */
  compile_fails(HEAD "  <on when=\"n < 2\"/>\n</anima>\n", true);
  const anima_diagnostic *d = only_syntax_error();
  cr_assert_str_eq(d->message, "the value of when holds an unescaped \"<\"");
  assert_hint(d, "write < as &lt; inside attributes");
  cr_assert_eq(d->line, 2);
  cr_assert_eq(d->column, 15);
}

Test(markup_hints, single_ampersand_after_valid_references) {
  /* `&amp;`, `&#38;` and `&#x26;` are references; the `&` before ` x` is
   * not. `  <a11y label="&amp;&#38;&#x26;& x"/>`: the value starts at
   * column 16 and the bare `&` follows 5 + 5 + 6 characters: column 32. */
  compile_fails(HEAD "  <a11y label=\"&amp;&#38;&#x26;& x\"/>\n</anima>\n",
                true);
  const anima_diagnostic *d = only_syntax_error();
  cr_assert_str_eq(d->message, "the value of label holds an unescaped \"&\"");
  assert_hint(d, "write & as &amp; inside attributes");
  cr_assert_eq(d->column, 32);
}

Test(markup_hints, escaped_conditions_compile) {
  const char *animl = HEAD "  <input name=\"a\" type=\"bool\"/>\n"
                           "  <input name=\"b\" type=\"bool\"/>\n" DOT
                           "  <machine><layer name=\"l\" initial=\"s\">"
                           "<state name=\"s\"><pose/>"
                           "<on when=\"a &amp;&amp; b\" to=\"t\"/></state>"
                           "<state name=\"t\"><pose/>"
                           "<on when=\"!a &#38;&#x26; !b\" to=\"s\"/>"
                           "</state></layer></machine>\n</anima>\n";
  char *json = NULL;
  cr_assert_eq(anima_markup_compile(runtime, animl, strlen(animl), 0,
                                    diagnostics, &json, NULL),
               ANIMA_OK);
  cr_assert_not_null(strstr(json, "\"when\": \"a && b\""), "%s", json);
  anima_markup_free(json);
}

Test(markup_hints, an_earlier_xml_error_is_reported_first) {
  /* The tag mismatch on line 2 comes before the `&&` of line 3, so the
   * parser's own first error is the one reported. */
  compile_fails(HEAD "  <group id=\"g\"></circle>\n"
                     "  <on when=\"a && b\"/>\n</anima>\n",
                true);
  const anima_diagnostic *d = find("animl-syntax", "");
  cr_assert_eq(d->line, 2);
  cr_assert_null(strstr(d->message, "unescaped"), "%s", d->message);
}

/* ---- finding 6: foreign names ------------------------------------------- */

Test(markup_hints, svg_circle_attributes) {
  /* `  <circle id="c" cx="12" cy="12" r="2" width="4" fill="#000"/>`:
   * cx at column 18, cy 26, width 40. JSON hints `use "center": [cx, cy]`
   * and `use "r"; the radius is half the width`. */
  compile_fails(HEAD "  <circle id=\"c\" cx=\"12\" cy=\"12\" r=\"2\" "
                     "width=\"4\" fill=\"#000\"/>\n</anima>\n",
                false);
  const anima_diagnostic *d = find("unknown-key", "/nodes/0/cx");
  assert_hint(d, "use center=\"cx cy\"");
  cr_assert_eq(d->line, 2);
  cr_assert_eq(d->column, 18);
  d = find("unknown-key", "/nodes/0/cy");
  assert_hint(d, "use center=\"cx cy\"");
  cr_assert_eq(d->column, 26);
  d = find("unknown-key", "/nodes/0/width");
  assert_hint(d, "use \"r\"; the radius is half the width");
  cr_assert_eq(d->column, 40);
}

Test(markup_hints, svg_rect_corner) {
  /* x and y are the node's translation, so the rect compiles them; the
   * missing corner says so. Without x or y the hint is the plain one. */
  const char *note = "; \"x\" and \"y\" translate the node; the corner is "
                     "\"x0\" and \"y0\"";
  char expected[160];
  compile_fails(HEAD "  <rect id=\"r\" x=\"2\" y=\"2\" width=\"3\" "
                     "height=\"4\" fill=\"#000\"/>\n</anima>\n",
                false);
  cr_assert_eq(anima_diagnostics_count(diagnostics), 2);
  snprintf(expected, sizeof expected, "add \"x0\"%s", note);
  const anima_diagnostic *d = find("missing-key", "/nodes/0");
  assert_hint(d, expected);
  cr_assert_str_eq(d->message, "the required key \"x0\" is missing");
  snprintf(expected, sizeof expected, "add \"y0\"%s", note);
  assert_hint(anima_diagnostics_get(diagnostics, 1), expected);
  anima_diagnostics_clear(diagnostics);
  compile_fails(HEAD "  <rect id=\"r\" y0=\"2\" width=\"3\" height=\"4\" "
                     "fill=\"#000\"/>\n</anima>\n",
                false);
  assert_hint(find("missing-key", "/nodes/0"), "add \"x0\"");
}

Test(markup_hints, svg_elements) {
  /* <g> is <group>; SVG shapes without an Anima type are paths. Line 2
   * onwards, one element per line at column 3. Outside a node list (in
   * <machine>) no node type is suggested. */
  const char *path_hint =
      "use <path d=\"...\">; anima import converts SVG shapes to paths";
  compile_fails(HEAD "  <g id=\"a\"/>\n  <ellipse id=\"b\"/>\n"
                     "  <line id=\"c\"/>\n  <polyline id=\"d\"/>\n"
                     "  <polygon id=\"e\"/>\n  <machine><g/></machine>\n"
                     "</anima>\n",
                false);
  const anima_diagnostic *d = find("unknown-node-type", "/nodes/0");
  assert_hint(d, "use <group>");
  cr_assert_eq(d->line, 2);
  cr_assert_eq(d->column, 3);
  for (int i = 1; i <= 4; i++) {
    char pointer[16];
    snprintf(pointer, sizeof pointer, "/nodes/%d", i);
    d = find("unknown-node-type", pointer);
    assert_hint(d, path_hint);
    cr_assert_eq(d->line, 2 + i);
  }
  d = find("unknown-key", "/machine/g");
  cr_assert_null(d->hint, "%s", d->hint);
}

/* Validates `.ani` text; returns the status. */
static anima_status validate_json(const char *json) {
  return anima_document_validate(runtime, json, strlen(json), diagnostics);
}

Test(markup_hints, json_documents_get_the_json_spelling) {
  cr_assert_eq(
      validate_json(
          "{\"name\": \"t\", \"grid\": 20, \"nodes\": ["
          "{\"id\": \"c\", \"type\": \"circle\", \"cx\": 1, \"center\": "
          "[1, 1], \"r\": 1, \"fill\": {\"color\": \"#000\"}},"
          "{\"id\": \"g\", \"type\": \"g\"},"
          "{\"id\": \"p\", \"type\": \"polygon\"},"
          "{\"id\": \"r\", \"type\": \"rect\", \"x\": 1, \"y0\": 0, "
          "\"w\": 1, \"h\": 1, \"width\": 1, \"fill\": {\"color\": "
          "\"#000\"}}]}"),
      ANIMA_ERROR_INVALID_DOCUMENT);
  assert_hint(find("unknown-key", "/nodes/0/cx"), "use \"center\": [cx, cy]");
  assert_hint(find("unknown-node-type", "/nodes/1/type"), "use \"group\"");
  assert_hint(find("unknown-node-type", "/nodes/2/type"),
              "use \"path\" with \"d\": \"...\"; anima import converts SVG "
              "shapes to paths");
  assert_hint(find("missing-key", "/nodes/3"),
              "add \"x0\"; \"x\" and \"y\" translate the node; the corner "
              "is \"x0\" and \"y0\"");
  assert_hint(find("unknown-key", "/nodes/3/width"), "use \"w\"");
  assert_hint(find("missing-key", ""), "add \"anima\": \"0.1\"");
}

Test(markup_hints, core_foreign_names_are_registered) {
  const anima_registry *registry = anima_runtime_registry(runtime);
  const anima_foreign_name *cx =
      anima_registry_find_foreign_name(registry, "circle", "cx");
  cr_assert_not_null(cx);
  cr_assert_str_eq(cx->instead, "center");
  cr_assert_null(cx->feature);
  cr_assert_str_eq(
      anima_registry_find_foreign_name(registry, NULL, "g")->instead, "group");
  /* A kind's foreign names do not apply to another kind, and a node-type
   * name is no key. */
  cr_assert_null(anima_registry_find_foreign_name(registry, "rect", "cx"));
  cr_assert_null(anima_registry_find_foreign_name(registry, "circle", "g"));
  cr_assert_null(anima_registry_find_foreign_name(registry, NULL, "cx"));
  size_t count = anima_registry_foreign_name_count(registry);
  cr_assert_gt(count, 0);
  cr_assert_null(anima_registry_foreign_name(registry, count));
}

Test(markup_hints, module_foreign_names) {
  /* The spark module registers cx on spark, glint on every node (kind
   * "node") and the node-type name starburst; its registration also checks
   * that bad entries are refused (else the load fails here). The AniML
   * hints spell the replacement: glintLevel is glint-level. */
  cr_assert_eq(anima_runtime_load_module_file(runtime, ANIMA_MARKUP_TEST_MODULE,
                                              diagnostics),
               ANIMA_OK);
  const anima_registry *registry = anima_runtime_registry(runtime);
  const anima_foreign_name *glint =
      anima_registry_find_foreign_name(registry, "rect", "glint");
  cr_assert_not_null(glint);
  cr_assert_str_eq(glint->feature, "spark");
  cr_assert_null(anima_registry_find_foreign_name(registry, "colors", "glint"));
  compile_fails("<anima version=\"0.1\" name=\"t\" grid=\"20\" "
                "requires=\"spark\">\n"
                "  <spark id=\"s\" cx=\"1\" center=\"1 1\" fill=\"#000\"/>\n"
                "  <circle id=\"c\" center=\"1 1\" r=\"1\" glint=\"1\" "
                "fill=\"#000\"/>\n"
                "  <starburst id=\"b\"/>\n</anima>\n",
                false);
  assert_hint(find("unknown-key", "/nodes/0/cx"), "use center=\"cx cy\"");
  assert_hint(find("unknown-key", "/nodes/1/glint"), "use \"glint-level\"");
  assert_hint(find("unknown-node-type", "/nodes/2"), "use <spark>");
  anima_diagnostics_clear(diagnostics);
  validate_json("{\"anima\": \"0.1\", \"name\": \"t\", \"grid\": 20, "
                "\"requires\": [\"spark\"], \"nodes\": [{\"id\": \"c\", "
                "\"type\": \"circle\", \"center\": [1, 1], \"r\": 1, "
                "\"glint\": 1, \"fill\": {\"color\": \"#000\"}}]}");
  assert_hint(find("unknown-key", "/nodes/0/glint"), "use \"glintLevel\"");
}

/* ---- finding 16: map-level $comment ------------------------------------- */

/* Every map of the core with a leading $comment (colors, glyphs, inputs,
 * timelines, tracks, layers, states, pose, set) and the paints. */
static const char commented[] =
    "{\"anima\": \"0.1\", \"name\": \"t\", \"grid\": 20,"
    " \"colors\": {\"$comment\": \"c1\", \"ink\": \"#000\"},"
    " \"glyphs\": {\"$comment\": \"c2\", \"sq\": {\"d\": \"M0 0L1 1\"}},"
    " \"inputs\": {\"$comment\": \"c3\", \"on\": {\"type\": \"bool\"}},"
    " \"nodes\": [{\"id\": \"p\", \"type\": \"path\", \"glyph\": \"sq\","
    "   \"fill\": {\"$comment\": \"c4\", \"color\": \"ink\"},"
    "   \"stroke\": {\"$comment\": \"c5\", \"color\": \"#fff\"}}],"
    " \"timelines\": {\"$comment\": \"c6\", \"tl\": {\"duration\": 1,"
    "   \"tracks\": {\"$comment\": \"c7\", \"p.scale\": [[0, 1], [1, 2]]}}},"
    " \"machine\": {\"layers\": {\"$comment\": \"c8\", \"l\": {\"initial\":"
    "   \"a\", \"states\": {\"$comment\": \"c9\","
    "   \"a\": {\"pose\": {\"$comment\": \"c10\"}, \"on\": [{\"when\": \"on\","
    "     \"to\": \"b\"}]}, \"b\": {\"play\": \"tl\", \"on\": [{\"when\":"
    "     \"!on\", \"to\": \"a\"}]}}}}},"
    " \"listeners\": [{\"on\": \"enter\", \"set\": {\"$comment\": \"c11\","
    "   \"on\": true}}, {\"on\": \"leave\", \"set\": {\"on\": false}}]}";

/* Decompiles `json` (which must be valid), then compiles the AniML back
 * and checks that it gives the canonical form of `json`. Returns the
 * AniML (free it). */
static char *round_trip(const char *json) {
  char *animl = NULL, *back = NULL, *canonical = NULL;
  cr_assert_eq(anima_markup_decompile(runtime, json, strlen(json), 0,
                                      diagnostics, &animl, NULL),
               ANIMA_OK);
  cr_assert_eq(anima_markup_compile(runtime, animl, strlen(animl), 0,
                                    diagnostics, &back, NULL),
               ANIMA_OK, "%s", animl);
  cr_assert_eq(anima_document_format(runtime, json, strlen(json), diagnostics,
                                     &canonical, NULL),
               ANIMA_OK);
  cr_assert_str_eq(back, canonical, "%s", animl);
  anima_markup_free(back);
  anima_markup_free(canonical);
  return animl;
}

Test(markup_hints, map_comments_are_comment_attributes) {
  char *animl = round_trip(commented);
  const char *expected[] = {"colors._comment=\"c1\"",
                            "glyphs._comment=\"c2\"",
                            "inputs._comment=\"c3\"",
                            "fill._comment=\"c4\"",
                            "stroke._comment=\"c5\"",
                            "timelines._comment=\"c6\"",
                            "tracks._comment=\"c7\"",
                            "layers._comment=\"c8\"",
                            "states._comment=\"c9\"",
                            "<pose _comment=\"c10\"/>",
                            "set=\"on=true\" set._comment=\"c11\""};
  for (size_t i = 0; i < sizeof expected / sizeof *expected; i++) {
    cr_assert_not_null(strstr(animl, expected[i]), "%s in\n%s", expected[i],
                       animl);
  }
  /* No comment became an item, and no map fell back to JSON text. */
  cr_assert_null(strstr(animl, "name=\"$comment\""), "%s", animl);
  cr_assert_null(strstr(animl, "$comment"), "%s", animl);
  cr_assert_null(strstr(animl, "='{"), "%s", animl);
  anima_markup_free(animl);
}

Test(markup_hints, a_later_map_comment_keeps_the_json_form) {
  /* Member order is part of the value: a $comment after the first slot
   * cannot be the leading attribute, so colors stays JSON text. */
  char *animl = round_trip(
      "{\"anima\": \"0.1\", \"name\": \"t\", \"grid\": 20, \"colors\": "
      "{\"ink\": \"#000\", \"$comment\": \"late\"}, \"nodes\": [{\"id\": "
      "\"c\", \"type\": \"circle\", \"center\": [1, 1], \"r\": 1, \"fill\": "
      "{\"color\": \"ink\"}}]}");
  cr_assert_not_null(
      strstr(animl, "colors='{\"ink\":\"#000\",\"$comment\":\"late\"}'"), "%s",
      animl);
  anima_markup_free(animl);
}

Test(markup_hints, a_comment_attribute_before_its_map_is_still_first) {
  /* set._comment written before set: the comment still leads the map. */
  const char *animl =
      HEAD "  <input name=\"on\" type=\"bool\"/>\n" DOT
           "  <listener on=\"enter\" set._comment=\"c\" set=\"on=true\"/>\n"
           "  <listener on=\"leave\" set=\"on=false\"/>\n</anima>\n";
  char *json = NULL;
  cr_assert_eq(anima_markup_compile(runtime, animl, strlen(animl), 0,
                                    diagnostics, &json, NULL),
               ANIMA_OK);
  cr_assert_not_null(
      strstr(json, "\"set\": { \"$comment\": \"c\", \"on\": true }"), "%s",
      json);
  anima_markup_free(json);
}
