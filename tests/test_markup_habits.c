/*
 * test_markup_habits.c — what an author who writes CSS, SVG or DOM habits
 * is told (issue 10 §3; kernel/habits.c, docs/DIAGNOSTICS.md "Habits from
 * other formats"), in both spellings: the `.ani` loader's message and hint
 * (JSON spelling), and the same mistake in AniML (the hint rewritten by
 * markup/hints.c, positioned at the attribute). Each expected hint names
 * the fix; the values it suggests come from the CSS specifications quoted
 * beside them.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include <anima/format.h>
#include <anima/markup.h>

#include "test_markup_support.h"

TestSuite(markup_habits, .init = setup, .fini = teardown);

static void assert_diagnostic(const anima_diagnostic *d, const char *message,
                              const char *hint) {
  cr_assert_str_eq(d->message, message);
  cr_assert_not_null(d->hint, "%s has no hint", d->code);
  cr_assert_str_eq(d->hint, hint);
}

/* Validates `.ani` text; expects failure. */
static void validate_fails(const char *json) {
  cr_assert_eq(
      anima_document_validate(runtime, json, strlen(json), diagnostics),
      ANIMA_ERROR_INVALID_DOCUMENT);
}

/* A document with inputs `hover` (bool) and `progress` (number), a dot,
 * a layer whose state `a` goes to `b` when `when` holds, with `ease`, and
 * the listener `on`. */
static const char *json_document(const char *fill, const char *when,
                                 const char *ease, const char *on) {
  static char text[2048];
  snprintf(text, sizeof text,
           "{\"anima\": \"0.1\", \"name\": \"t\", \"grid\": 24,"
           " \"inputs\": {\"hover\": {\"type\": \"bool\"},"
           " \"progress\": {\"type\": \"number\"}},"
           " \"nodes\": [{\"id\": \"dot\", \"type\": \"circle\", \"center\": "
           "[12, 12], \"r\": 4, %s}],"
           " \"machine\": {\"layers\": {\"main\": {\"initial\": \"a\","
           " \"states\": {\"a\": {\"pose\": {}, \"on\": [{\"when\": \"%s\","
           " \"to\": \"b\", \"blend\": 0.2, \"ease\": \"%s\"}]},"
           " \"b\": {\"pose\": {}, \"on\": [{\"when\": \"!hover\", \"to\": "
           "\"a\"}]}}}}},"
           " \"listeners\": [{\"on\": \"%s\", \"set\": {\"hover\": true}}]}",
           fill, when, ease, on);
  return text;
}

/* The same document in AniML. Line 5 holds the circle, line 8 the
 * transition, line 13 the listener. */
static const char *animl_document(const char *fill, const char *when,
                                  const char *ease, const char *on) {
  static char text[2048];
  snprintf(text, sizeof text,
           "<anima version=\"0.1\" name=\"t\" grid=\"24\">\n"
           "  <input name=\"hover\" type=\"bool\"/>\n"
           "  <input name=\"progress\" type=\"number\"/>\n"
           "  <!-- the dot -->\n"
           "  <circle id=\"dot\" center=\"12 12\" r=\"4\" %s/>\n"
           "  <machine><layer name=\"main\" initial=\"a\">\n"
           "    <state name=\"a\"><pose/>\n"
           "      <on when=\"%s\" to=\"b\" blend=\"0.2\" ease=\"%s\"/>\n"
           "    </state>\n"
           "    <state name=\"b\"><pose/><on when=\"!hover\" to=\"a\"/>"
           "</state>\n"
           "  </layer></machine>\n"
           "  <!-- the pointer -->\n"
           "  <listener on=\"%s\" set=\"hover=true\"/>\n"
           "</anima>\n",
           fill, when, ease, on);
  return text;
}

#define JSON_FILL "\"fill\": {\"color\": \"#000\"}"
#define ANIML_FILL "fill=\"#000\""
#define EASE_POINTER "/machine/layers/main/states/a/on/0/ease"
#define WHEN_POINTER "/machine/layers/main/states/a/on/0/when"

/* The ease `ease` in both spellings gives `message` and `hint`. */
static void check_ease(const char *ease, const char *message,
                       const char *hint) {
  validate_fails(json_document(JSON_FILL, "hover", ease, "enter"));
  assert_diagnostic(find("bad-ease", EASE_POINTER), message, hint);
  anima_diagnostics_clear(diagnostics);
  compile_fails(animl_document(ANIML_FILL, "hover", ease, "enter"), false);
  const anima_diagnostic *d = find("bad-ease", EASE_POINTER);
  assert_diagnostic(d, message, hint);
  cr_assert_eq(d->line, 8);
  anima_diagnostics_clear(diagnostics);
}

Test(markup_habits, css_ease_names) {
  /* CSS ease-out is cubic-bezier(0, 0, 0.58, 1), SPEC §5's `out`; the
   * message names the word as written, not its first letters. */
  check_ease("ease-out", "unknown ease \"ease-out\" at offset 0",
             "use \"out\", Anima's name for ease-out");
  check_ease("ease-in-out", "unknown ease \"ease-in-out\" at offset 0",
             "use \"inOut\", Anima's name for ease-in-out");
  /* JavaScript libraries' spelling. */
  check_ease("easeIn", "unknown ease \"easeIn\" at offset 0",
             "use \"in\", Anima's name for easeIn");
  /* CSS `ease` is cubic-bezier(0.25, 0.1, 0.25, 1) (CSS Easing Functions
   * Level 1, §2.2.1); Anima has no name for it. */
  check_ease("ease", "unknown ease \"ease\" at offset 0",
             "use \"cubic(0.25, 0.1, 0.25, 1)\", Anima's name for ease");
  /* step-end keeps each value to the end of its segment: a hold. */
  check_ease("step-end", "unknown ease \"step-end\" at offset 0",
             "use \"hold\", Anima's name for step-end");
}

Test(markup_habits, cubic_bezier_is_cubic_with_the_same_numbers) {
  check_ease("cubic-bezier(0.4, 0, 0.2, 1)",
             "unknown ease \"cubic-bezier\" at offset 0",
             "use \"cubic(0.4, 0, 0.2, 1)\", Anima's name for "
             "cubic-bezier(...)");
  /* The author's numbers are kept as written. */
  check_ease("cubic-bezier(.17,.67,.83,.67)",
             "unknown ease \"cubic-bezier\" at offset 0",
             "use \"cubic(.17,.67,.83,.67)\", Anima's name for "
             "cubic-bezier(...)");
}

Test(markup_habits, an_ease_in_track_text) {
  /* AniML keys `time value ease`: the third word of key 0 of dot.x. */
  compile_fails(
      "<anima version=\"0.1\" name=\"t\" grid=\"24\">\n"
      "  <circle id=\"dot\" center=\"12 12\" r=\"4\" fill=\"#000\"/>\n"
      "  <timeline name=\"t\" duration=\"1\">\n"
      "    <track target=\"dot.x\">0 0 cubic-bezier(0.4, 0, 0.2, "
      "1); 1 2</track>\n"
      "  </timeline>\n"
      "</anima>\n",
      false);
  const anima_diagnostic *d = find("bad-ease", "/timelines/t/tracks/dot.x/0/2");
  assert_diagnostic(d, "unknown ease \"cubic-bezier\" at offset 0",
                    "use \"cubic(0.4, 0, 0.2, 1)\", Anima's name for "
                    "cubic-bezier(...)");
  cr_assert_eq(d->line, 4);
}

/* The condition `when` in both spellings gives `message`. */
static void check_condition(const char *when, const char *message) {
  validate_fails(json_document(JSON_FILL, when, "out", "enter"));
  cr_assert_str_eq(find("bad-condition", WHEN_POINTER)->message, message);
  anima_diagnostics_clear(diagnostics);
  char escaped[64];
  snprintf(escaped, sizeof escaped, "%s", when);
  /* `<` needs escaping in an attribute. */
  char *less = strchr(escaped, '<');
  if (less) {
    memmove(less + 4, less + 1, strlen(less + 1) + 1);
    memcpy(less, "&lt;", 4);
  }
  compile_fails(animl_document(ANIML_FILL, escaped, "out", "enter"), false);
  cr_assert_str_eq(find("bad-condition", WHEN_POINTER)->message, message);
  anima_diagnostics_clear(diagnostics);
}

Test(markup_habits, comparison_operators_from_other_languages) {
  /* `progress => 100` meant "at least 100": >=, not == (offset 9 is the
   * "=" after "progress "). */
  check_condition("progress => 100",
                  "\"=>\" is not an operator at offset 9; use \">=\"");
  check_condition("progress =< 100",
                  "\"=<\" is not an operator at offset 9; use \"<=\"");
  /* JavaScript's strict equality. */
  check_condition("progress === 100",
                  "\"===\" is not an operator at offset 9; use \"==\"");
  check_condition("progress !== 100",
                  "\"!==\" is not an operator at offset 9; use \"!=\"");
  /* A lone "=" still means "==". */
  check_condition("progress = 100",
                  "\"=\" is not an operator at offset 9; use \"==\"");
}

/* `json_paint` / `animl_paint` give `code` at `pointer` with `hint` in the
 * JSON and the AniML spelling. */
static void check_paint(const char *json_paint, const char *animl_paint,
                        const char *code, const char *pointer,
                        const char *json_hint, const char *animl_hint) {
  validate_fails(json_document(json_paint, "hover", "out", "enter"));
  cr_assert_str_eq(find(code, pointer)->hint, json_hint);
  anima_diagnostics_clear(diagnostics);
  compile_fails(animl_document(animl_paint, "hover", "out", "enter"), false);
  const anima_diagnostic *d = find(code, pointer);
  cr_assert_str_eq(d->hint, animl_hint);
  cr_assert_eq(d->line, 5);
  anima_diagnostics_clear(diagnostics);
}

Test(markup_habits, no_paint_is_leaving_the_paint_out) {
  check_paint("\"fill\": {\"color\": \"none\"}", "fill=\"none\"",
              "unknown-color-slot", "/nodes/0/fill/color",
              "Anima has no \"none\" colour: leave out \"fill\" and the node "
              "paints no fill",
              "Anima has no \"none\" colour: leave out \"fill\" and the node "
              "paints no fill");
  check_paint("\"stroke\": {\"color\": \"none\"}", "stroke=\"none\"",
              "unknown-color-slot", "/nodes/0/stroke/color",
              "Anima has no \"none\" colour: leave out \"stroke\" and the node "
              "paints no stroke",
              "Anima has no \"none\" colour: leave out \"stroke\" and the node "
              "paints no stroke");
  check_paint("\"fill\": {\"color\": \"transparent\"}", "fill=\"transparent\"",
              "unknown-color-slot", "/nodes/0/fill/color",
              "Anima has no \"transparent\" colour: leave out \"fill\" and the "
              "node paints no fill, or write \"#00000000\"",
              "Anima has no \"transparent\" colour: leave out \"fill\" and the "
              "node paints no fill, or write \"#00000000\"");
}

Test(markup_habits, css_colour_names_suggest_their_hex) {
  /* CSS black is #000000; in AniML "colors" is a <color> element. */
  check_paint("\"stroke\": {\"color\": \"black\"}", "stroke=\"black\"",
              "unknown-color-slot", "/nodes/0/stroke/color",
              "\"black\" is a CSS colour name; write its hex \"#000000\" or "
              "declare a slot \"black\" in \"colors\"",
              "\"black\" is a CSS colour name; write its hex \"#000000\" or "
              "declare a slot \"black\" in a <color> element");
  /* rebeccapurple is #663399 (CSS Color 4); a capital letter makes it no
   * slot name, so only the hex is offered. */
  check_paint("\"fill\": {\"color\": \"RebeccaPurple\"}",
              "fill=\"RebeccaPurple\"", "bad-color", "/nodes/0/fill/color",
              "\"RebeccaPurple\" is a CSS colour name; write its hex "
              "\"#663399\"",
              "\"RebeccaPurple\" is a CSS colour name; write its hex "
              "\"#663399\"");
  check_paint("\"fill\": {\"color\": \"currentcolor\"}",
              "fill=\"currentcolor\"", "unknown-color-slot",
              "/nodes/0/fill/color",
              "write \"currentColor\" with this capitalisation",
              "write \"currentColor\" with this capitalisation");
}

Test(markup_habits, a_declared_slot_close_to_the_name_wins) {
  /* The document declares "blacks": the author meant the slot. */
  validate_fails(
      "{\"anima\": \"0.1\", \"name\": \"t\", \"grid\": 24, \"colors\": "
      "{\"blacks\": \"#111\"}, \"nodes\": [{\"id\": \"dot\", \"type\": "
      "\"circle\", \"center\": [12, 12], \"r\": 4, \"fill\": {\"color\": "
      "\"black\"}}]}");
  cr_assert_str_eq(find("unknown-color-slot", "/nodes/0/fill/color")->hint,
                   "did you mean \"blacks\"?");
}

Test(markup_habits, colour_names_in_slots_and_keys) {
  /* A slot's value and an animated colour take literals only. CSS white
   * is #ffffff, black #000000. */
  validate_fails(
      "{\"anima\": \"0.1\", \"name\": \"t\", \"grid\": 24, \"colors\": "
      "{\"paper\": \"white\"}, \"nodes\": [{\"id\": \"dot\", \"type\": "
      "\"circle\", \"center\": [12, 12], \"r\": 4, \"fill\": {\"color\": "
      "\"#fff\"}}], \"timelines\": {\"t\": {\"duration\": 1, \"tracks\": "
      "{\"dot.fill.color\": [[0, \"black\"], [1, \"#fff\"]]}}}}");
  const anima_diagnostic *slot = find("bad-color", "/colors/paper");
  assert_diagnostic(slot, "\"white\" is not a colour",
                    "\"white\" is a CSS colour name; write its hex "
                    "\"#ffffff\"");
  const anima_diagnostic *key =
      find("color-slot-animated", "/timelines/t/tracks/dot.fill.color/0/1");
  cr_assert_str_eq(key->hint, "\"black\" is a CSS colour name; write its hex "
                              "\"#000000\"");
  anima_diagnostics_clear(diagnostics);
  compile_fails(
      "<anima version=\"0.1\" name=\"t\" grid=\"24\">\n"
      "  <color name=\"paper\" value=\"white\"/>\n"
      "  <circle id=\"dot\" center=\"12 12\" r=\"4\" fill=\"#fff\"/>\n"
      "</anima>\n",
      false);
  slot = find("bad-color", "/colors/paper");
  cr_assert_str_eq(slot->hint,
                   "\"white\" is a CSS colour name; write its hex \"#ffffff\"");
  cr_assert_eq(slot->line, 2);
}

/* The listener event `on` in both spellings gives `hint`. */
static void check_listener(const char *on, const char *hint) {
  char message[160];
  snprintf(message, sizeof message,
           "\"%s\" is not one of \"enter\", \"leave\", \"down\", \"up\", "
           "\"click\", \"move\"",
           on);
  validate_fails(json_document(JSON_FILL, "hover", "out", on));
  assert_diagnostic(find("bad-value", "/listeners/0/on"), message, hint);
  anima_diagnostics_clear(diagnostics);
  compile_fails(animl_document(ANIML_FILL, "hover", "out", on), false);
  const anima_diagnostic *d = find("bad-value", "/listeners/0/on");
  assert_diagnostic(d, message, hint);
  cr_assert_eq(d->line, 13);
  anima_diagnostics_clear(diagnostics);
}

Test(markup_habits, dom_event_names) {
  /* SPEC §9: the pointer enters and leaves; "hover" is both, and it is not
   * "move" (the closest spelling). */
  check_listener("hover",
                 "follow the pointer with two listeners, \"enter\" and "
                 "\"leave\"");
  check_listener("mouseenter", "use \"enter\" (and \"leave\" as it goes)");
  check_listener("mousedown", "use \"down\"");
  check_listener("pointerup", "use \"up\"");
  check_listener("tap", "use \"click\"");
}

Test(markup_habits, css_animation_words_for_loop) {
  /* CSS animation-iteration-count: infinite; animation-direction:
   * alternate. */
  compile_fails(
      "<anima version=\"0.1\" name=\"t\" grid=\"24\">\n"
      "  <circle id=\"dot\" center=\"12 12\" r=\"4\" fill=\"#000\"/>\n"
      "  <timeline name=\"t\" duration=\"1\" loop=\"infinite\">\n"
      "    <track target=\"dot.x\">0 0; 1 2</track>\n"
      "  </timeline>\n"
      "  <timeline name=\"u\" duration=\"1\" loop=\"alternate\">\n"
      "    <track target=\"dot.y\">0 0; 1 2</track>\n"
      "  </timeline>\n"
      "</anima>\n",
      false);
  cr_assert_str_eq(find("bad-value", "/timelines/t/loop")->hint,
                   "use \"loop\"");
  cr_assert_str_eq(find("bad-value", "/timelines/u/loop")->hint,
                   "use \"pingpong\"");
}

Test(markup_habits, css_color_names_from_the_library) {
  /* format.h: CSS Color 4 keywords, ASCII case-insensitive, the first
   * `length` bytes. aliceblue is #f0f8ff, the first keyword; yellowgreen
   * #9acd32, the last; blue #0000ff is a prefix of blueviolet. */
  anima_color color;
  cr_assert(anima_css_color_name("aliceblue", 9, &color));
  cr_assert(color.r == 0xf0 && color.g == 0xf8 && color.b == 0xff &&
            color.a == 255);
  cr_assert(anima_css_color_name("YellowGreen", 11, &color));
  cr_assert(color.r == 0x9a && color.g == 0xcd && color.b == 0x32);
  cr_assert(anima_css_color_name("blueviolet", 4, &color));
  cr_assert(color.r == 0 && color.g == 0 && color.b == 0xff);
  cr_assert_not(anima_css_color_name("blu", 3, &color));
  cr_assert_not(anima_css_color_name("transparent", 11, &color));
  cr_assert_not(anima_css_color_name(NULL, 0, &color));
  cr_assert(anima_css_color_name("red", 3, NULL));
}

/* ---- XML: positions and words of our own (markup/xml_errors.c) ---------- */

Test(markup_habits, stray_text_is_reported_where_it_is) {
  /* The text "oops" starts line 6, column 3 (after two spaces), not at the
   * <anima> tag on line 2. */
  compile_fails(
      "<!-- an icon -->\n"
      "<anima version=\"0.1\" name=\"t\" grid=\"24\">\n"
      "  <circle id=\"dot\" center=\"12 12\" r=\"4\" fill=\"#000\"/>\n"
      "  <!-- a comment between is skipped -->\n"
      "\n"
      "  oops\n"
      "</anima>\n",
      false);
  const anima_diagnostic *d = find("type", "");
  cr_assert_str_eq(d->message, "<anima> cannot contain text");
  cr_assert_eq(d->line, 6);
  cr_assert_eq(d->column, 3);
  cr_assert_str_eq(d->hint, "move the text into an attribute, or into a "
                            "comment <!-- ... -->");
  anima_diagnostics_clear(diagnostics);
  /* Text first inside an element: found after its start tag (line 3,
   * column 5). */
  compile_fails("<anima version=\"0.1\" name=\"t\" grid=\"24\">\n"
                "  <circle id=\"dot\" center=\"12 12\" r=\"4\" fill=\"#000\">\n"
                "    x\n"
                "  </circle>\n"
                "</anima>\n",
                false);
  d = find("type", "/nodes/0");
  cr_assert_eq(d->line, 3);
  cr_assert_eq(d->column, 5);
}

/* Compiles `animl` (syntax only) and returns its one animl-syntax
 * diagnostic. */
static const anima_diagnostic *syntax_error(const char *animl) {
  anima_diagnostics_clear(diagnostics);
  compile_fails(animl, true);
  cr_assert_eq(anima_diagnostics_count(diagnostics), 1);
  return anima_diagnostics_get(diagnostics, 0);
}

Test(markup_habits, a_missing_closing_tag_in_our_words) {
  /* <group> opens on line 2 and </anima> on line 4 comes first; libxml2
   * said "Opening and ending tag mismatch: group line 2 and anima". */
  const anima_diagnostic *d = syntax_error(
      "<anima version=\"0.1\" name=\"t\" grid=\"24\">\n"
      "  <group id=\"g\">\n"
      "    <circle id=\"c\" center=\"1 1\" r=\"1\" fill=\"#000\"/>\n"
      "</anima>\n");
  cr_assert_str_eq(d->code, "animl-syntax");
  assert_diagnostic(d, "<group> (line 2) is not closed before </anima>",
                    "close it with </group> first, or write <group .../> when "
                    "it has nothing inside");
  cr_assert_eq(d->line, 4);
  /* The text ends with <anima> open. */
  d = syntax_error(
      "<anima version=\"0.1\" name=\"t\" grid=\"24\">\n"
      "  <circle id=\"c\" center=\"1 1\" r=\"1\" fill=\"#000\"/>\n");
  assert_diagnostic(d, "the text ends before <anima> (line 1) is closed",
                    "end it with </anima>");
}

Test(markup_habits, other_xml_mistakes_in_our_words) {
  const anima_diagnostic *d =
      syntax_error("<anima version=\"0.1\" name=\"t\" grid=24/>");
  assert_diagnostic(d, "an attribute value is not in quotes",
                    "quote every value: name=\"value\"");
  d = syntax_error("<anima version=\"0.1\" name=\"t\" grid=\"24\">&nbsp;"
                   "</anima>");
  assert_diagnostic(d, "&nbsp; is not an XML entity",
                    "XML knows &amp; &lt; &gt; &quot; &apos;: write the "
                    "character itself, or a numeric reference such as &#160;");
  d = syntax_error("<anima version=\"0.1\" name=\"t\" grid=\"24\"></anima>\n"
                   "<anima/>\n");
  assert_diagnostic(d, "text after the end of the <anima> element",
                    "keep everything inside the one <anima> element; a "
                    "comment may follow it");
  d = syntax_error("<anima version=\"0.1\" name=\"t\" grid=\"24\">"
                   "<!-- a -- b --></anima>");
  assert_diagnostic(d, "a comment holds \"--\"",
                    "XML comments cannot hold \"--\": use a single \"-\" or a "
                    "word");
  /* An attribute given twice keeps its own code. */
  d = syntax_error("<anima version=\"0.1\" name=\"t\" name=\"u\" "
                   "grid=\"24\"/>");
  cr_assert_str_eq(d->code, "duplicate-key");
  assert_diagnostic(d, "the attribute \"name\" is written twice",
                    "keep one of them");
}

Test(markup_habits, the_parser_depth_limit_in_our_words) {
  /* libxml2 stops at 256 nested elements and says "use XML_PARSE_HUGE
   * option"; the author is told about nesting instead. */
  char text[8192] = "<anima version=\"0.1\" name=\"t\" grid=\"24\">";
  for (int i = 0; i < 300; i++) {
    strcat(text, "<group>");
  }
  const anima_diagnostic *d = syntax_error(text);
  assert_diagnostic(d, "the elements nest deeper than 256 levels",
                    "nest fewer elements: nodes nest at most 32 levels (SPEC "
                    "§2)");
  cr_assert_null(strstr(d->message, "XML_PARSE_HUGE"));
}

Test(markup_habits, explain_without_words_of_its_own) {
  /* An error code without words keeps libxml2's description as the hint,
   * without the bytes it quotes on later lines. */
  char message[128], hint[128];
  anima_xml_error error = {.code = 999999,
                           .text = "Something odd happened !\nBytes: 0xFF\n"};
  anima_markup_explain_xml_error(&error, "svg", message, sizeof message, hint,
                                 sizeof hint);
  cr_assert_str_eq(message, "the text is not well-formed XML here");
  cr_assert_str_eq(hint, "Something odd happened");
  anima_markup_explain_xml_error(NULL, NULL, message, sizeof message, hint,
                                 sizeof hint);
  cr_assert_str_eq(message, "the text is not well-formed XML here");
  cr_assert_str_eq(hint, "check the tags, quotes and & near here");
}

Test(markup_habits, a_fill_element_as_anima_schema_shows_it) {
  /* `anima schema fill` shows a <fill> element: written inside the node,
   * with the members as its attributes, it is the same paint as the
   * node's fill and fill-rule attributes (docs/ANIML.md §7). */
  const char *element = "<anima version=\"0.1\" name=\"t\" grid=\"24\">\n"
                        "  <circle id=\"dot\" center=\"12 12\" r=\"4\">\n"
                        "    <fill color=\"#000\" rule=\"evenodd\"/>\n"
                        "  </circle>\n"
                        "</anima>\n";
  const char *attributes =
      "<anima version=\"0.1\" name=\"t\" grid=\"24\">\n"
      "  <circle id=\"dot\" center=\"12 12\" r=\"4\" fill=\"#000\" "
      "fill-rule=\"evenodd\"/>\n"
      "</anima>\n";
  char *from_element = NULL, *from_attributes = NULL;
  cr_assert_eq(anima_markup_compile(runtime, element, strlen(element), 0,
                                    diagnostics, &from_element, NULL),
               ANIMA_OK);
  cr_assert_eq(anima_markup_compile(runtime, attributes, strlen(attributes), 0,
                                    diagnostics, &from_attributes, NULL),
               ANIMA_OK);
  cr_assert_str_eq(from_element, from_attributes);
  cr_assert_not_null(strstr(from_element, "\"rule\": \"evenodd\""), "%s",
                     from_element);
  anima_markup_free(from_element);
  anima_markup_free(from_attributes);
}
