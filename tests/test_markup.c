/*
 * test_markup.c — AniML to JSON (docs/ANIML.md): every value encoding, the
 * registry-driven element and attribute mapping, property aliases, escape
 * hatches, and the worked bell example against the reference
 * examples/bell.ani. Expected JSON is written by hand from the rules in
 * docs/ANIML.md, never from the compiler's output.
 */
#include <criterion/criterion.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <anima/format.h>
#include <anima/markup.h>

static anima_runtime *runtime;

static void setup(void) {
  runtime = anima_runtime_create();
}
static void teardown(void) {
  anima_runtime_destroy(runtime);
}

TestSuite(markup, .init = setup, .fini = teardown);

static json_t *parse_json(const char *text) {
  json_error_t error;
  json_t *value = json_loads(
      text, JSON_DECODE_INT_AS_REAL | JSON_REJECT_DUPLICATES, &error);
  cr_assert_not_null(value, "bad expected JSON: %s", error.text);
  return value;
}

/* Compiles without the loader (the mapping only) and returns the value. */
static json_t *compile_syntax(const char *animl) {
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  char *json = NULL;
  anima_status status =
      anima_markup_compile(runtime, animl, strlen(animl),
                           ANIMA_MARKUP_SYNTAX_ONLY, diagnostics, &json, NULL);
  if (status != ANIMA_OK) {
    const anima_diagnostic *first = anima_diagnostics_get(diagnostics, 0);
    cr_assert_fail("compile failed: %s %s %s", first ? first->code : "?",
                   first ? first->pointer : "", first ? first->message : "");
  }
  json_t *value = parse_json(json);
  anima_markup_free(json);
  anima_diagnostics_destroy(diagnostics);
  return value;
}

static void assert_compiles_to(const char *animl, const char *expected) {
  json_t *actual = compile_syntax(animl);
  json_t *wanted = parse_json(expected);
  char *text = json_dumps(actual, JSON_COMPACT);
  cr_assert(json_equal(actual, wanted), "compiled to %s", text);
  free(text);
  json_decref(actual);
  json_decref(wanted);
}

static char *read_file(const char *path) {
  FILE *file = fopen(path, "rb");
  cr_assert_not_null(file, "cannot open %s", path);
  fseek(file, 0, SEEK_END);
  long size = ftell(file);
  fseek(file, 0, SEEK_SET);
  char *text = malloc((size_t)size + 1);
  cr_assert_eq(fread(text, 1, (size_t)size, file), (size_t)size);
  text[size] = '\0';
  fclose(file);
  return text;
}

/* The document shell every small case below sits in. */
#define DOCUMENT(body)                                                         \
  "<anima version=\"0.1\" name=\"t\" grid=\"20\">" body "</anima>"
#define JSON_DOCUMENT(members)                                                 \
  "{\"anima\": \"0.1\", \"name\": \"t\", \"grid\": 20" members "}"

Test(markup, document_attributes_and_lists) {
  /* version -> anima (registry markup_name); view-box -> viewBox, numbers
   * separated by white space; requires -> array of names even for one;
   * meta is free-form JSON; title a plain string. */
  assert_compiles_to(
      "<anima version=\"0.1\" name=\"t\" title=\"T &amp; U\" grid=\"20\" "
      "view-box=\" -2 -2\n24  24 \" requires=\"knockout\" "
      "meta='{\"a\":[1,true]}'/>",
      "{\"anima\": \"0.1\", \"name\": \"t\", \"title\": \"T & U\", "
      "\"grid\": 20, \"viewBox\": [-2, -2, 24, 24], \"requires\": "
      "[\"knockout\"], \"meta\": {\"a\": [1, true]}}");
  /* requires="" is the empty list. */
  assert_compiles_to(
      "<anima version=\"0.1\" name=\"t\" grid=\"20\" requires=\"\"/>",
      JSON_DOCUMENT(", \"requires\": []"));
}

Test(markup, maps_are_repeated_elements_in_order) {
  /* colors: <color name value>; glyphs, inputs: element per entry keyed by
   * name; member order = element order. */
  assert_compiles_to(
      DOCUMENT("<color name=\"ink\" value=\"currentColor\"/>"
               "<input name=\"level\" type=\"number\" default=\"0.5\" "
               "min=\"0\" max=\"1\"/>"
               "<color name=\"accent\" value=\"#d97757\"/>"
               "<input name=\"on\" type=\"bool\" default=\"false\"/>"
               "<glyph name=\"g\" source=\"glyphy\" d=\"M0 0L1 1\"/>"),
      JSON_DOCUMENT(", \"colors\": {\"ink\": \"currentColor\", \"accent\": "
                    "\"#d97757\"}, \"inputs\": {\"level\": {\"type\": "
                    "\"number\", \"default\": 0.5, \"min\": 0, \"max\": 1}, "
                    "\"on\": {\"type\": \"bool\", \"default\": false}}, "
                    "\"glyphs\": {\"g\": {\"source\": \"glyphy\", \"d\": "
                    "\"M0 0L1 1\"}}"));
  json_t *value =
      compile_syntax(DOCUMENT("<color name=\"b\" value=\"#000\"/>"
                              "<color name=\"a\" value=\"#fff\"/>"));
  const char *first =
      json_object_iter_key(json_object_iter(json_object_get(value, "colors")));
  cr_assert_str_eq(first, "b");
  json_decref(value);
}

Test(markup, nodes_take_their_type_from_the_element) {
  /* The element name is the node type; nested nodes are children; rect
   * w/h are spelled width/height (registry markup names); subpaths is
   * always an array. */
  assert_compiles_to(
      DOCUMENT("<group id=\"g\" pivot=\"10 2\" scale-x=\"2\">"
               "<path id=\"p\" glyph=\"b\" subpaths=\"2\"/>"
               "<rect id=\"r\" x0=\"1\" y0=\"2\" width=\"3\" height=\"4\" "
               "rx=\"0.5\"/></group>"
               "<circle id=\"c\" center=\"1 2\" r=\"3\" visible=\"false\"/>"),
      JSON_DOCUMENT(
          ", \"nodes\": [{\"id\": \"g\", \"type\": \"group\", \"pivot\": "
          "[10, 2], \"scaleX\": 2, \"children\": [{\"id\": \"p\", \"type\": "
          "\"path\", \"glyph\": \"b\", \"subpaths\": [2]}, {\"id\": \"r\", "
          "\"type\": \"rect\", \"x0\": 1, \"y0\": 2, \"w\": 3, \"h\": 4, "
          "\"rx\": 0.5}]}, {\"id\": \"c\", \"type\": \"circle\", \"center\": "
          "[1, 2], \"r\": 3, \"visible\": false}]"));
}

Test(markup, paint_attributes_are_flattened) {
  /* fill -> fill.color, fill-rule -> fill.rule; stroke -> stroke.color,
   * stroke-width -> stroke.width (the property alias strokeWidth), the trim
   * aliases trimStart/trimEnd/trimOffset -> trim-start/-end/-offset, cap
   * and join have no alias -> stroke-cap, stroke-join. */
  assert_compiles_to(
      DOCUMENT("<arc id=\"a\" center=\"0 0\" r=\"1\" from=\"0\" to=\"90\" "
               "stroke=\"#000\" stroke-width=\"1.5\" stroke-cap=\"butt\" "
               "stroke-join=\"miter\" trim-start=\"0.1\" trim-end=\"0.9\" "
               "trim-offset=\"0.25\"/>"
               "<circle id=\"c\" center=\"0 0\" r=\"1\" fill=\"ink\" "
               "fill-rule=\"evenodd\" knockout=\"1\"/>"),
      JSON_DOCUMENT(
          ", \"nodes\": [{\"id\": \"a\", \"type\": \"arc\", \"center\": [0, "
          "0], \"r\": 1, \"from\": 0, \"to\": 90, \"stroke\": {\"color\": "
          "\"#000\", \"width\": 1.5, \"cap\": \"butt\", \"join\": \"miter\", "
          "\"trimStart\": 0.1, \"trimEnd\": 0.9, \"trimOffset\": 0.25}}, "
          "{\"id\": \"c\", \"type\": \"circle\", \"center\": [0, 0], \"r\": "
          "1, \"fill\": {\"color\": \"ink\", \"rule\": \"evenodd\"}, "
          "\"knockout\": 1}]"));
  /* The JSON escape for the whole paint object. */
  assert_compiles_to(
      DOCUMENT("<circle id=\"c\" center=\"0 0\" r=\"1\" "
               "fill='{\"color\":\"#fff\"}'/>"),
      JSON_DOCUMENT(", \"nodes\": [{\"id\": \"c\", \"type\": \"circle\", "
                    "\"center\": [0, 0], \"r\": 1, \"fill\": {\"color\": "
                    "\"#fff\"}}]"));
}

Test(markup, timelines_tracks_and_events) {
  /* Track text: `time value [ease]` joined by ';' (a trailing ';' is
   * allowed); values are untyped (numbers, true/false, bare #hex strings,
   * JSON strings); the ease runs to the next ';'. Aliases resolve through
   * the registry: w.trimEnd -> w.stroke.trimEnd on an arc, d.fill ->
   * d.fill.color on a circle, b.width -> b.w on a rect. */
  assert_compiles_to(
      DOCUMENT("<arc id=\"w\" center=\"0 0\" r=\"1\" from=\"0\" to=\"90\"/>"
               "<circle id=\"d\" center=\"0 0\" r=\"1\"/>"
               "<rect id=\"b\" x0=\"0\" y0=\"0\" width=\"1\" height=\"1\"/>"
               "<timeline name=\"ring\" duration=\"1.4\" loop=\"pingpong\" "
               "reduced-motion=\"skip\">"
               "<track target=\"w.trimEnd\">0 0 cubic(0.2, 0, 0.3, 1);\n"
               "  0.3 1; 0.9 1 inOut; 1.3 0;</track>"
               "<track target=\"d.fill\">0 #ff0000; 1 \"#00ff00\" hold</track>"
               "<track target=\"d.visible\">0 true; 1 false</track>"
               "<track target=\"b.width\"><key t=\"0\" value=\"1\" "
               "ease=\"out\"/><key t=\"1\" value=\"2\"/></track>"
               "<event at=\"0.05\" name=\"ding\"/>"
               "<event at=\"1\" name=\"done\"/></timeline>"),
      JSON_DOCUMENT(
          ", \"nodes\": [{\"id\": \"w\", \"type\": \"arc\", \"center\": [0, "
          "0], \"r\": 1, \"from\": 0, \"to\": 90}, {\"id\": \"d\", \"type\": "
          "\"circle\", \"center\": [0, 0], \"r\": 1}, {\"id\": \"b\", "
          "\"type\": \"rect\", \"x0\": 0, \"y0\": 0, \"w\": 1, \"h\": 1}], "
          "\"timelines\": {\"ring\": {\"duration\": 1.4, \"loop\": "
          "\"pingpong\", \"reducedMotion\": \"skip\", \"tracks\": "
          "{\"w.stroke.trimEnd\": [[0, 0, \"cubic(0.2, 0, 0.3, 1)\"], [0.3, "
          "1], [0.9, 1, \"inOut\"], [1.3, 0]], \"d.fill.color\": [[0, "
          "\"#ff0000\"], [1, \"#00ff00\", \"hold\"]], \"d.visible\": [[0, "
          "true], [1, false]], \"b.w\": [[0, 1, \"out\"], [1, 2]]}, "
          "\"events\": [[0.05, \"ding\"], [1, \"done\"]]}}"));
}

Test(markup, json_addresses_win_and_unknown_ids_pass_through) {
  /* A JSON address is kept as written; an id that names no node passes
   * through unchanged (the loader reports unknown-address). */
  assert_compiles_to(
      DOCUMENT("<arc id=\"w\" center=\"0 0\" r=\"1\" from=\"0\" to=\"90\"/>"
               "<timeline name=\"t\" duration=\"1\">"
               "<track target=\"w.stroke.trimEnd\">0 0</track>"
               "<track target=\"ghost.trimEnd\">0 0</track></timeline>"),
      JSON_DOCUMENT(", \"nodes\": [{\"id\": \"w\", \"type\": \"arc\", "
                    "\"center\": [0, 0], \"r\": 1, \"from\": 0, \"to\": 90}], "
                    "\"timelines\": {\"t\": {\"duration\": 1, \"tracks\": "
                    "{\"w.stroke.trimEnd\": [[0, 0]], \"ghost.trimEnd\": [[0, "
                    "0]]}}}"));
}

Test(markup, machine_layers_keep_element_order) {
  /* SPEC §2: machine.layers member order is significant; it is element
   * order. States hold one <pose> (attribute names are addresses) and <on>
   * transitions in order; `&amp;&amp;` is `&&`. */
  const char *animl = DOCUMENT(
      "<circle id=\"dot\" center=\"0 0\" r=\"1\"/>"
      "<machine><layer name=\"zeta\" initial=\"idle\">"
      "<state name=\"idle\"><pose dot.scale=\"0\" dot.fill=\"#fff\"/>"
      "<on when=\"a &amp;&amp; !b\" to=\"idle\" blend=\"0.25\" ease=\"inOut\" "
      "interruptible=\"false\"/><on when=\"@end\" to=\"idle\"/></state>"
      "</layer><layer name=\"alpha\" initial=\"s\"><state name=\"s\" "
      "play=\"t\" speed=\"2\" emit=\"go\"/></layer></machine>");
  assert_compiles_to(
      animl,
      JSON_DOCUMENT(
          ", \"nodes\": [{\"id\": \"dot\", \"type\": \"circle\", \"center\": "
          "[0, 0], \"r\": 1}], \"machine\": {\"layers\": {\"zeta\": "
          "{\"initial\": \"idle\", \"states\": {\"idle\": {\"pose\": "
          "{\"dot.scale\": 0, \"dot.fill.color\": \"#fff\"}, \"on\": "
          "[{\"when\": \"a && !b\", \"to\": \"idle\", \"blend\": 0.25, "
          "\"ease\": \"inOut\", \"interruptible\": false}, {\"when\": "
          "\"@end\", \"to\": \"idle\"}]}}}, \"alpha\": {\"initial\": \"s\", "
          "\"states\": {\"s\": {\"play\": \"t\", \"speed\": 2, \"emit\": "
          "\"go\"}}}}}"));
  json_t *value = compile_syntax(animl);
  json_t *layers = json_object_get(json_object_get(value, "machine"), "layers");
  cr_assert_str_eq(json_object_iter_key(json_object_iter(layers)), "zeta");
  json_decref(value);
}

Test(markup, listeners_fire_set_toggle) {
  /* fire: one name -> string, several -> array; set: name=value pairs, a
   * value is true/false/a number or else an expression string; toggle as
   * fire; hit-padding -> hitPadding. */
  assert_compiles_to(
      DOCUMENT("<listener on=\"click\" fire=\"ring\"/>"
               "<listener on=\"down\" target=\"dot\" hit-padding=\"0.5\" "
               "fire=\"a b\" set=\"hover=true level=0.5 count=count + 1\" "
               "toggle=\"on\" emit=\"pressed\"/>"
               "<listener on=\"up\" fire='[\"one\"]' set='{\"x\":1}'/>"),
      JSON_DOCUMENT(
          ", \"listeners\": [{\"on\": \"click\", \"fire\": \"ring\"}, "
          "{\"on\": \"down\", \"target\": \"dot\", \"hitPadding\": 0.5, "
          "\"fire\": [\"a\", \"b\"], \"set\": {\"hover\": true, \"level\": "
          "0.5, \"count\": \"count + 1\"}, \"toggle\": \"on\", \"emit\": "
          "\"pressed\"}, {\"on\": \"up\", \"fire\": [\"one\"], \"set\": "
          "{\"x\": 1}}]"));
}

Test(markup, root_objects_comments_and_escapes) {
  /* a11y and hit are child elements; _comment -> $comment (untyped) and
   * _schema -> $schema; a CHILDREN field may be given as JSON (empty
   * inputs, empty on list). */
  assert_compiles_to(
      "<anima version=\"0.1\" name=\"t\" grid=\"20\" _schema=\"s.json\" "
      "_comment=\"hello world\" inputs='{}' nodes='[]'>"
      "<a11y role=\"button\" label=\"Go\" activate=\"go\" held=\"down\"/>"
      "<hit circle=\"10 10 10.8\"/>"
      "<machine><layer name=\"l\" initial=\"s\"><state name=\"s\" on='[]' "
      "_comment=\"5\"><pose/></state></layer></machine></anima>",
      "{\"anima\": \"0.1\", \"name\": \"t\", \"grid\": 20, \"$schema\": "
      "\"s.json\", \"$comment\": \"hello world\", \"inputs\": {}, \"nodes\": "
      "[], \"a11y\": {\"role\": \"button\", \"label\": \"Go\", \"activate\": "
      "\"go\", \"held\": \"down\"}, \"hit\": {\"circle\": [10, 10, 10.8]}, "
      "\"machine\": {\"layers\": {\"l\": {\"initial\": \"s\", \"states\": "
      "{\"s\": {\"on\": [], \"$comment\": 5, \"pose\": {}}}}}}}");
}

Test(markup, canonical_json_text) {
  /* docs/ANIML.md "Canonical .ani": registry member order (anima, name,
   * grid; node: id, type, own keys, shared keys), two-space indentation,
   * containers nesting at most two levels on one line when they fit in 80
   * columns, shortest numbers (50 not 50.0, 0.1, 1e-7), final newline. */
  const char *input =
      "{\"grid\": 50.0, \"nodes\": [{\"r\": 0.1, \"type\": \"circle\", "
      "\"fill\": {\"rule\": \"evenodd\", \"color\": \"#000\"}, \"center\": "
      "[1e-7, 2], \"id\": \"c\"}], \"name\": \"t\", \"anima\": \"0.1\"}";
  char *out = NULL;
  cr_assert_eq(
      anima_document_format(runtime, input, strlen(input), NULL, &out, NULL),
      ANIMA_OK);
  cr_assert_str_eq(out, "{\n"
                        "  \"anima\": \"0.1\",\n"
                        "  \"name\": \"t\",\n"
                        "  \"grid\": 50,\n"
                        "  \"nodes\": [\n"
                        "    {\n"
                        "      \"id\": \"c\",\n"
                        "      \"type\": \"circle\",\n"
                        "      \"center\": [1e-7, 2],\n"
                        "      \"r\": 0.1,\n"
                        "      \"fill\": { \"color\": \"#000\", \"rule\": "
                        "\"evenodd\" }\n"
                        "    }\n"
                        "  ]\n"
                        "}\n");
  anima_markup_free(out);
}

Test(markup, numbers_are_written_as_format_h_writes_them) {
  /* Canonical text writes every number exactly as anima_format_number
   * (include/anima/format.h, DECISIONS 2) does. 20 000 values: random bit
   * patterns (every magnitude, subnormals included), short decimals, and
   * integers around 2^53, each formatted alone in a document. */
  unsigned long long state = 0x9e3779b97f4a7c15ull;
  for (int i = 0; i < 20000; i++) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    double value;
    if (i % 3 == 0) {
      memcpy(&value, &state, sizeof value);
      if (value != value || value - value != 0) {
        continue; /* JSON has no NaN or infinity */
      }
    } else if (i % 3 == 1) {
      value = (double)(long long)(state % 2000001) / 1000.0 - 1000.0;
    } else {
      value = 9007199254740992.0 + (double)(long long)(state % 64) - 32.0;
    }
    char input[64], expected_number[ANIMA_FORMAT_CAPACITY], expected[128];
    snprintf(input, sizeof input, "{\"anima\": \"0.1\", \"grid\": %.17g}",
             value);
    anima_format_number(value, expected_number);
    snprintf(expected, sizeof expected,
             "{\n  \"anima\": \"0.1\",\n  \"grid\": %s\n}\n", expected_number);
    char *out = NULL;
    cr_assert_eq(
        anima_document_format(runtime, input, strlen(input), NULL, &out, NULL),
        ANIMA_OK);
    cr_assert_str_eq(out, expected, "for %.17g", value);
    anima_markup_free(out);
  }
}

Test(markup, subnormal_numbers_print_shortest) {
  /* 5e-324 is the smallest subnormal: "5e-324" reads back as it, so that is
   * its shortest form (DECISIONS 2). Canonical text wrote the 15-digit
   * rounding 4.94065645841247e-324, which reads back too but is not
   * shortest: a subnormal has fewer than 53 significant bits. Canonical
   * text now writes numbers with anima_format_number itself. */
  const char *input = "{\"anima\": \"0.1\", \"grid\": 5e-324}";
  char *out = NULL;
  cr_assert_eq(
      anima_document_format(runtime, input, strlen(input), NULL, &out, NULL),
      ANIMA_OK);
  cr_assert_str_eq(out, "{\n  \"anima\": \"0.1\",\n  \"grid\": 5e-324\n}\n");
  anima_markup_free(out);
}

Test(markup, meta_numbers_are_kept_as_written) {
  /* Issue 10: SPEC §2 says tools preserve meta, but `anima fmt` wrote -0
   * as 0 and 9007199254740993 (2^53 + 1, no binary64) as
   * 9007199254740992: the numbers went through a binary64. Inside meta
   * they are now written as in the input, nested ones and exponents too;
   * the document's own numbers stay canonical (grid 20.0 -> 20), and a
   * string holding digits is not taken for a number. */
  const char *input =
      "{\"anima\": \"0.1\", \"grid\": 20.0, \"meta\": {\"a\": -0, \"b\": "
      "9007199254740993, \"c\": \"1.50\", \"d\": [1.0, -0.0, 1E2, "
      "{\"e\": 12345678901234567890123}]}}";
  char *out = NULL;
  cr_assert_eq(
      anima_document_format(runtime, input, strlen(input), NULL, &out, NULL),
      ANIMA_OK);
  cr_assert_str_eq(out, "{\n"
                        "  \"anima\": \"0.1\",\n"
                        "  \"grid\": 20,\n"
                        "  \"meta\": {\n"
                        "    \"a\": -0,\n"
                        "    \"b\": 9007199254740993,\n"
                        "    \"c\": \"1.50\",\n"
                        "    \"d\": [1.0, -0.0, 1E2, { \"e\": "
                        "12345678901234567890123 }]\n"
                        "  }\n"
                        "}\n");
  /* Idempotent: formatting the output again changes nothing. */
  char *again = NULL;
  cr_assert_eq(
      anima_document_format(runtime, out, strlen(out), NULL, &again, NULL),
      ANIMA_OK);
  cr_assert_str_eq(again, out);
  anima_markup_free(again);
  anima_markup_free(out);
}

Test(markup, canonical_animl_text) {
  /* docs/ANIML.md "Canonical AniML": attributes in canonical field order,
   * defaults not added, paint flattened, aliases in track targets, short
   * track text on one line, two-space indentation. */
  const char *input =
      "{\"anima\": \"0.1\", \"name\": \"t\", \"grid\": 20, \"nodes\": "
      "[{\"id\": \"a\", \"type\": \"arc\", \"stroke\": {\"trimEnd\": 0, "
      "\"color\": \"#000\"}, \"to\": 90, \"from\": 0, \"r\": 9, \"center\": "
      "[10, 8]}], \"timelines\": {\"t\": {\"duration\": 1, \"tracks\": "
      "{\"a.stroke.trimEnd\": [[0, 0, \"out\"], [1, 1]]}}}, \"listeners\": "
      "[{\"on\": \"leave\", \"set\": {\"hover\": false, \"down\": false}}]}";
  char *out = NULL;
  cr_assert_eq(anima_markup_decompile(runtime, input, strlen(input),
                                      ANIMA_MARKUP_SYNTAX_ONLY, NULL, &out,
                                      NULL),
               ANIMA_OK);
  cr_assert_str_eq(
      out, "<anima version=\"0.1\" name=\"t\" grid=\"20\">\n"
           "  <arc id=\"a\" center=\"10 8\" r=\"9\" from=\"0\" to=\"90\" "
           "stroke=\"#000\" trim-end=\"0\"/>\n"
           "  <timeline name=\"t\" duration=\"1\">\n"
           "    <track target=\"a.trimEnd\">0 0 out; 1 1</track>\n"
           "  </timeline>\n"
           "  <listener on=\"leave\" set=\"hover=false down=false\"/>\n"
           "</anima>\n");
  anima_markup_free(out);
}

Test(markup, decompiler_uses_json_where_elements_would_lose_the_value) {
  /* An empty map has no element to carry it, a one-name list would read
   * back as a string, a string that looks like a number must stay a
   * string: each needs the JSON form, and compiles back to the same value.
   */
  const char *input =
      "{\"anima\": \"0.1\", \"name\": \"t\", \"grid\": 20, \"inputs\": {}, "
      "\"nodes\": [], \"machine\": {\"layers\": {\"l\": {\"initial\": \"s\", "
      "\"states\": {\"s\": {\"pose\": {}, \"on\": []}}}}}, \"listeners\": "
      "[{\"on\": \"click\", \"fire\": [\"ring\"], \"set\": {\"label\": "
      "\"5\"}}]}";
  char *animl = NULL, *json = NULL;
  cr_assert_eq(anima_markup_decompile(runtime, input, strlen(input),
                                      ANIMA_MARKUP_SYNTAX_ONLY, NULL, &animl,
                                      NULL),
               ANIMA_OK);
  cr_assert_not_null(strstr(animl, "inputs='{}'"), "%s", animl);
  cr_assert_not_null(strstr(animl, "fire='[\"ring\"]'"), "%s", animl);
  cr_assert_eq(anima_markup_compile(runtime, animl, strlen(animl),
                                    ANIMA_MARKUP_SYNTAX_ONLY, NULL, &json,
                                    NULL),
               ANIMA_OK);
  json_t *back = parse_json(json), *original = parse_json(input);
  cr_assert(json_equal(back, original), "%s", json);
  json_decref(back);
  json_decref(original);
  anima_markup_free(animl);
  anima_markup_free(json);
}

Test(markup, bell_worked_example) {
  /* markup/testdata/bell.animl is the worked example of docs/ANIML.md; it
   * must build (with full validation) into the reference examples/bell.ani
   * (the same JSON value, layers in the same order), and the documentation
   * must show exactly that file. */
  char *animl = read_file(ANIMA_SOURCE_ROOT "/markup/testdata/bell.animl");
  char *reference = read_file(ANIMA_SOURCE_ROOT "/examples/bell.ani");
  char *docs = read_file(ANIMA_SOURCE_ROOT "/docs/ANIML.md");
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  char *json = NULL;
  cr_assert_eq(anima_markup_compile(runtime, animl, strlen(animl), 0,
                                    diagnostics, &json, NULL),
               ANIMA_OK);
  cr_assert_eq(anima_diagnostics_count(diagnostics), 0);
  json_t *built = parse_json(json), *expected = parse_json(reference);
  cr_assert(json_equal(built, expected));
  json_t *layers = json_object_get(json_object_get(built, "machine"), "layers");
  cr_assert_str_eq(json_object_iter_key(json_object_iter(layers)), "bell");
  cr_assert_not_null(strstr(docs, animl),
                     "docs/ANIML.md must show markup/testdata/bell.animl");
  json_decref(built);
  json_decref(expected);
  anima_markup_free(json);
  anima_diagnostics_destroy(diagnostics);
  free(animl);
  free(reference);
  free(docs);
}

Test(markup, every_document_in_the_docs_builds) {
  /* docs/ANIML.md must let an author write a working icon: every ```xml
   * block that is a whole document compiles and validates without errors,
   * and is already in canonical form. */
  char *docs = read_file(ANIMA_SOURCE_ROOT "/docs/ANIML.md");
  size_t documents = 0;
  for (char *block = strstr(docs, "```xml\n"); block;
       block = strstr(block, "```xml\n")) {
    block += strlen("```xml\n");
    char *end = strstr(block, "```");
    cr_assert_not_null(end);
    if (strncmp(block, "<anima", 6) == 0) {
      size_t length = (size_t)(end - block);
      anima_diagnostics *diagnostics = anima_diagnostics_create();
      char *json = NULL, *formatted = NULL;
      cr_assert_eq(anima_markup_compile(runtime, block, length, 0, diagnostics,
                                        &json, NULL),
                   ANIMA_OK, "block %zu does not build", documents);
      cr_assert_eq(anima_diagnostics_error_count(diagnostics), 0);
      cr_assert_eq(
          anima_markup_format(runtime, block, length, NULL, &formatted, NULL),
          ANIMA_OK);
      cr_assert_eq(strncmp(formatted, block, length), 0,
                   "block %zu is not canonical:\n%s", documents, formatted);
      anima_markup_free(json);
      anima_markup_free(formatted);
      anima_diagnostics_destroy(diagnostics);
      documents++;
    }
    block = end + 3;
  }
  cr_assert_geq(documents, 2);
  free(docs);
}

Test(markup, formatting_is_idempotent_and_keeps_comments) {
  /* Comments between elements stay before the element that follows them;
   * a second format changes nothing. */
  const char *input =
      "<?xml version=\"1.0\"?>\n<!-- icon -->\n"
      "<anima   name=\"t\" version=\"0.1\" grid=\"20.0\" >\n"
      "<!-- slots -->\n<color value=\"#000\" name=\"ink\" />\n"
      "<circle r=\"1\" id=\"c\" center=\"0  0\"/><!-- last --></anima>";
  char *once = NULL, *twice = NULL;
  cr_assert_eq(
      anima_markup_format(runtime, input, strlen(input), NULL, &once, NULL),
      ANIMA_OK);
  cr_assert_str_eq(once, "<!-- icon -->\n"
                         "<anima version=\"0.1\" name=\"t\" grid=\"20\">\n"
                         "  <!-- slots -->\n"
                         "  <color name=\"ink\" value=\"#000\"/>\n"
                         "  <circle id=\"c\" center=\"0 0\" r=\"1\"/>\n"
                         "  <!-- last -->\n"
                         "</anima>\n");
  cr_assert_eq(
      anima_markup_format(runtime, once, strlen(once), NULL, &twice, NULL),
      ANIMA_OK);
  cr_assert_str_eq(twice, once);
  anima_markup_free(once);
  anima_markup_free(twice);
}
