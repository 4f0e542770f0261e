/*
 * test_markup_diagnostics.c — what AniML authors see when something is
 * wrong (include/anima/markup.h, docs/ANIML.md "Diagnostics"): XML errors
 * with line and column, unknown elements and attributes with `did you
 * mean`, wrong value types, duplicates, refused DTDs and entities, and
 * loader errors on the compiled JSON carrying both the JSON pointer and the
 * AniML position. Lines and columns are counted by hand in each input
 * (1-based; columns in characters).
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <anima/markup.h>

#include "test_markup_support.h"

TestSuite(markup_diagnostics, .init = setup, .fini = teardown);

static size_t count_code(const char *code) {
  size_t count = 0;
  for (size_t i = 0; i < anima_diagnostics_count(diagnostics); i++) {
    count += strcmp(anima_diagnostics_get(diagnostics, i)->code, code) == 0;
  }
  return count;
}

Test(markup_diagnostics, xml_syntax_error_has_line_and_column) {
  /* The unclosed <group> on line 2 is found at the </anima> end tag on
   * line 3 (libxml2: "Opening and ending tag mismatch", said in our words,
   * markup/xml_errors.c); the first error is reported, not the follow-up
   * "Premature end of data". */
  compile_fails("<anima version=\"0.1\">\n  <group id=\"a\">\n</anima>\n",
                true);
  cr_assert_eq(anima_diagnostics_count(diagnostics), 1);
  const anima_diagnostic *d = find("animl-syntax", "");
  cr_assert_eq(d->line, 3);
  cr_assert_gt(d->column, 0);
  cr_assert_str_eq(d->message,
                   "<group> (line 2) is not closed before </anima>");
}

Test(markup_diagnostics, duplicate_attribute) {
  /* XML forbids repeating an attribute: duplicate-key on line 2. */
  compile_fails("<anima version=\"0.1\" name=\"t\" grid=\"20\">\n"
                "<circle id=\"c\" center=\"0 0\" r=\"1\" r=\"2\"/></anima>",
                true);
  const anima_diagnostic *d = find("duplicate-key", "");
  cr_assert_eq(d->line, 2);
}

Test(markup_diagnostics, the_same_value_twice_through_an_alias) {
  /* wave.trimEnd is wave.stroke.trimEnd on an arc: giving both in one pose
   * is duplicate-key at the compiled address. The second attribute starts
   * at column 1 + len("<pose wave.trimEnd=\"0\" ") = 24 on line 3. */
  compile_fails("<anima version=\"0.1\" name=\"t\" grid=\"20\">"
                "<arc id=\"wave\" center=\"0 0\" r=\"1\" from=\"0\" to=\"9\"/>"
                "\n<machine><layer name=\"l\" initial=\"s\"><state name=\"s\">"
                "\n<pose wave.trimEnd=\"0\" wave.stroke.trimEnd=\"1\"/>"
                "</state></layer></machine></anima>",
                true);
  const anima_diagnostic *d = find(
      "duplicate-key", "/machine/layers/l/states/s/pose/wave.stroke.trimEnd");
  cr_assert_eq(d->line, 3);
  cr_assert_eq(d->column, 24);
}

Test(markup_diagnostics, unknown_attribute_did_you_mean) {
  /* Line 2, `scalx` starts after `<circle id="c" ` (15 characters): column
   * 16. The hint names the closest attribute. The JSON spelling of a field
   * gets its AniML spelling as the hint (viewBox -> view-box), at column
   * 1 + len(`<anima version="0.1" name="t" grid="20" `) = 41. */
  compile_fails("<anima version=\"0.1\" name=\"t\" grid=\"20\" viewBox=\"0 0 "
                "1 1\">\n<circle id=\"c\" scalx=\"2\" center=\"0 0\" "
                "r=\"1\"/></anima>",
                true);
  const anima_diagnostic *d = find("unknown-key", "/nodes/0/scalx");
  cr_assert_eq(d->line, 2);
  cr_assert_eq(d->column, 16);
  cr_assert_str_eq(d->hint, "did you mean \"scale\"?");
  d = find("unknown-key", "/viewBox");
  cr_assert_str_eq(d->hint, "AniML spells it \"view-box\"");
  cr_assert_eq(d->line, 1);
  cr_assert_eq(d->column, 41);
}

Test(markup_diagnostics, positions_with_bom_crlf_and_wide_characters) {
  /* A byte order mark is not a column; CR LF is one line break; columns
   * count characters: `title="Glöckchen €" ` is 20 characters (23 bytes),
   * so on line 1 `bogus` starts at 1 + len(`<anima version="0.1" name="t"
   * grid="20" `) + 20 = 61; on line 3 `scalx` at 16 as in the test above.
   */
  compile_fails("\xEF\xBB\xBF<anima version=\"0.1\" name=\"t\" grid=\"20\" "
                "title=\"Gl\xC3\xB6"
                "ckchen \xE2\x82\xAC\" bogus=\"1\">\r\n\r\n"
                "<circle id=\"c\" scalx=\"2\" center=\"0 0\" r=\"1\"/></anima>",
                true);
  const anima_diagnostic *d = find("unknown-key", "/bogus");
  cr_assert_eq(d->line, 1);
  cr_assert_eq(d->column, 61);
  d = find("unknown-key", "/nodes/0/scalx");
  cr_assert_eq(d->line, 3);
  cr_assert_eq(d->column, 16);
}

Test(markup_diagnostics, unknown_element_did_you_mean) {
  /* <circl> under <anima> would be a node of an unknown type; <trak> in a
   * timeline is an unknown key. Both hint the closest element. */
  compile_fails("<anima version=\"0.1\" name=\"t\" grid=\"20\">\n"
                "  <circl id=\"c\"/>\n"
                "  <timeline name=\"t\" duration=\"1\"><trak/></timeline>\n"
                "</anima>",
                true);
  const anima_diagnostic *d = find("unknown-node-type", "/nodes/0");
  cr_assert_str_eq(d->hint, "did you mean <circle>?");
  cr_assert_eq(d->line, 2);
  cr_assert_eq(d->column, 3);
  d = find("unknown-key", "/timelines/t/trak");
  cr_assert_str_eq(d->hint, "did you mean <track>?");
  cr_assert_eq(d->line, 3);
  /* `  <timeline name="t" duration="1">` is 34 characters: <trak> at 35. */
  cr_assert_eq(d->column, 35);
}

Test(markup_diagnostics, wrong_value_types) {
  /* r is a number, visible a boolean, center numbers: `type` at each
   * compiled pointer; track text that does not start with a time. */
  compile_fails(
      "<anima version=\"0.1\" name=\"t\" grid=\"20\">"
      "<circle id=\"c\" center=\"0 x\" r=\"big\" visible=\"yes\"/>"
      "<timeline name=\"t\" duration=\"1\"><track target=\"c.r\">0 1;\n"
      "  later 2</track></timeline></anima>",
      true);
  find("type", "/nodes/0/r");
  find("type", "/nodes/0/visible");
  find("type", "/nodes/0/center");
  const anima_diagnostic *d = find("type", "/timelines/t/tracks/c.r/1");
  /* `  later 2`: the bad key starts at line 2, column 3. */
  cr_assert_eq(d->line, 2);
  cr_assert_eq(d->column, 3);
}

Test(markup_diagnostics, text_missing_keys_and_root) {
  compile_fails("<anima version=\"0.1\" name=\"t\" grid=\"20\">stray"
                "<color value=\"#fff\"/><timeline name=\"t\" duration=\"1\">"
                "<track>0 0</track></timeline></anima>",
                true);
  find("type", "");
  find("missing-key", "/colors");
  find("missing-key", "/timelines/t/tracks");
  anima_diagnostics_clear(diagnostics);
  compile_fails("<svg/>", true);
  find("animl-syntax", "");
}

Test(markup_diagnostics, no_dtd_no_entities) {
  /* A DOCTYPE is refused before libxml2 reads it (line 2, column 1), so no
   * external or internal entity is ever expanded. */
  compile_fails("<?xml version=\"1.0\"?>\n<!DOCTYPE anima SYSTEM "
                "\"file:///etc/passwd\">\n<anima version=\"&xxe;\"/>",
                true);
  const anima_diagnostic *d = find("animl-syntax", "");
  cr_assert_eq(d->line, 2);
  cr_assert_eq(d->column, 1);
  cr_assert_eq(anima_diagnostics_count(diagnostics), 1);
  anima_diagnostics_clear(diagnostics);
  /* Without a DTD an entity reference is simply undefined. */
  compile_fails("<anima version=\"&e;\"/>", true);
  find("animl-syntax", "");
}

Test(markup_diagnostics, loader_errors_carry_pointer_and_position) {
  /* The loader runs on the compiled JSON: an undeclared slot is reported at
   * /nodes/0/fill/color, located at the `fill` attribute (line 2, column
   * 35 = 1 + len(`<circle id="c" center="0 0" r="1" `)). */
  compile_fails("<anima version=\"0.1\" name=\"t\" grid=\"20\">\n"
                "<circle id=\"c\" center=\"0 0\" r=\"1\" fill=\"inc\"/>\n"
                "</anima>",
                false);
  const anima_diagnostic *d = find("unknown-color-slot", "/nodes/0/fill/color");
  cr_assert_eq(d->line, 2);
  cr_assert_eq(d->column, 35);
}

Test(markup_diagnostics, pose_value_type_at_the_resolved_address) {
  /* ANIML notes §4: <pose wave.trimEnd="true"/> is value-type at
   * …/pose/wave.stroke.trimEnd (a boolean for a number property). The pose
   * attribute is on line 4 at column 7 (`<pose ` is 6 characters). */
  compile_fails("<anima version=\"0.1\" name=\"t\" grid=\"20\">\n"
                "<arc id=\"wave\" center=\"0 0\" r=\"1\" from=\"0\" to=\"90\" "
                "stroke=\"#000\"/>\n"
                "<machine><layer name=\"bell\" initial=\"idle\"><state "
                "name=\"idle\">\n"
                "<pose wave.trimEnd=\"true\"/></state></layer></machine>\n"
                "</anima>",
                false);
  const anima_diagnostic *d =
      find("value-type",
           "/machine/layers/bell/states/idle/pose/wave.stroke.trimEnd");
  cr_assert_eq(d->line, 4);
  cr_assert_eq(d->column, 7);
}

Test(markup_diagnostics, condition_errors_point_into_the_attribute) {
  /* The loader reports an undeclared input at byte 9 of the condition
   * "hover && !dwn" (the term `!dwn`). In the AniML the value starts at
   * column 11 of line 3 (`<on when="` is 10 characters), and `&&` is
   * written `&amp;&amp;` (10 characters for 2 bytes): `hover ` covers
   * columns 11-16, `&amp;&amp;` 17-26, the space 27, so `!` is column 28. */
  compile_fails(
      "<anima version=\"0.1\" name=\"t\" grid=\"20\"><input name=\"hover\" "
      "type=\"bool\"/><circle id=\"c\" center=\"0 0\" r=\"1\" fill=\"#000\"/>\n"
      "<machine><layer name=\"l\" initial=\"s\"><state name=\"s\"><pose/>\n"
      "<on when=\"hover &amp;&amp; !dwn\" to=\"t\"/></state><state name=\"t\">"
      "<pose/><on when=\"!hover\" to=\"s\"/></state></layer></machine>"
      "</anima>",
      false);
  const anima_diagnostic *d =
      find("unknown-input", "/machine/layers/l/states/s/on/0/when");
  cr_assert_eq(d->line, 3);
  cr_assert_eq(d->column, 28);
}

Test(markup_diagnostics, compiler_errors_do_not_cascade) {
  /* `scalx` is reported once by the compiler; the loader's unknown-key for
   * the same member is dropped. A bad number is reported once (type), not
   * again by the loader. */
  compile_fails("<anima version=\"0.1\" name=\"t\" grid=\"20\">"
                "<circle id=\"c\" center=\"0 0\" r=\"x\" scalx=\"2\" "
                "fill=\"#000\"/></anima>",
                false);
  cr_assert_eq(count_code("unknown-key"), 1);
  cr_assert_eq(count_code("type"), 1);
}

Test(markup_diagnostics, warnings_keep_positions_and_do_not_fail) {
  /* no-paint is a warning (SPEC §11.3): the document builds, and the
   * warning points at the circle on line 2, column 1. */
  const char *animl = "<anima version=\"0.1\" name=\"t\" grid=\"20\">\n"
                      "<circle id=\"c\" center=\"0 0\" r=\"1\"/></anima>";
  char *json = NULL;
  cr_assert_eq(anima_markup_compile(runtime, animl, strlen(animl), 0,
                                    diagnostics, &json, NULL),
               ANIMA_OK);
  const anima_diagnostic *d = find("no-paint", "/nodes/0");
  cr_assert_eq(d->severity, ANIMA_SEVERITY_WARNING);
  cr_assert_eq(d->line, 2);
  cr_assert_eq(d->column, 1);
  anima_markup_free(json);
}

Test(markup_diagnostics, locate_adds_positions_afterwards) {
  /* anima_markup_locate gives a position to a diagnostic produced from the
   * compiled JSON later (here made by hand at /nodes/0/r): the `r`
   * attribute at line 2, column 29 (1 + len(`<circle id="c" center="0 0" `)).
   */
  const char *animl = "<anima version=\"0.1\" name=\"t\" grid=\"20\">\n"
                      "<circle id=\"c\" center=\"0 0\" r=\"1\"/></anima>";
  anima_diagnostics_add(diagnostics, "bad-value", ANIMA_SEVERITY_ERROR,
                        "/nodes/0/r", NULL, "made up");
  cr_assert_eq(anima_markup_locate(runtime, animl, strlen(animl), diagnostics),
               ANIMA_OK);
  const anima_diagnostic *d = find("bad-value", "/nodes/0/r");
  cr_assert_eq(d->line, 2);
  cr_assert_eq(d->column, 29);
}

Test(markup_diagnostics, text_over_the_limit) {
  /* SPEC §2 limits: 1 MiB of text. */
  size_t size = 1024 * 1024 + 1;
  char *text = malloc(size + 1);
  memset(text, ' ', size);
  text[size] = '\0';
  memcpy(text, "<anima/>", 8);
  compile_fails(text, true);
  find("limit-exceeded", "");
  free(text);
}

Test(markup_diagnostics, decompile_reports_json_errors) {
  char *animl = NULL;
  const char *json = "{\"anima\": \"0.1\",\n \"anima\": \"0.1\"}";
  cr_assert_eq(anima_markup_decompile(runtime, json, strlen(json),
                                      ANIMA_MARKUP_SYNTAX_ONLY, diagnostics,
                                      &animl, NULL),
               ANIMA_ERROR_INVALID_DOCUMENT);
  find("duplicate-key", "");
  anima_diagnostics_clear(diagnostics);
  json = "{\"anima\": \"0.1\", \"name\": \"t\", \"grid\": 20, \"nodes\": [], "
         "\"bogus\": 1}";
  cr_assert_eq(anima_markup_decompile(runtime, json, strlen(json),
                                      ANIMA_MARKUP_SYNTAX_ONLY, diagnostics,
                                      &animl, NULL),
               ANIMA_ERROR_INVALID_DOCUMENT);
  find("type", "/bogus");
  cr_assert_null(animl);
}
