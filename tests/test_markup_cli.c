/*
 * test_markup_cli.c — `anima build`, `anima decompile`, `anima fmt` and
 * `.animl` sources in the other commands, through the built binary (issue
 * 5 item 6). Exit statuses follow tools/anima/commands.h: 0 success, 1 the
 * input failed, 2 usage errors.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <anima/markup.h>

#define ANIMA ANIMA_BUILD_ROOT "/tools/anima/anima"
#define BELL_ANIML ANIMA_SOURCE_ROOT "/markup/testdata/bell.animl"
#define BELL_ANI ANIMA_SOURCE_ROOT "/examples/bell.ani"

static char directory[64];

static void setup(void) {
  snprintf(directory, sizeof directory, "/tmp/anima-markup-cli-XXXXXX");
  cr_assert_not_null(mkdtemp(directory));
}

static void teardown(void) {
  char command[128];
  snprintf(command, sizeof command, "rm -rf '%s'", directory);
  cr_assert_eq(system(command), 0);
}

TestSuite(markup_cli, .init = setup, .fini = teardown);

static char *read_file(const char *path) {
  FILE *file = fopen(path, "rb");
  if (!file) {
    return NULL;
  }
  fseek(file, 0, SEEK_END);
  long size = ftell(file);
  fseek(file, 0, SEEK_SET);
  char *text = malloc((size_t)size + 1);
  size_t read = fread(text, 1, (size_t)size, file);
  text[read] = '\0';
  fclose(file);
  return text;
}

static void write_file(const char *path, const char *text) {
  FILE *file = fopen(path, "wb");
  cr_assert_not_null(file);
  fputs(text, file);
  fclose(file);
}

/* Runs `anima <arguments>` with stdout and stderr captured in the temporary
 * directory; returns the exit status. */
static int run(const char *arguments) {
  char command[2048];
  snprintf(command, sizeof command, "cd '%s' && '%s' %s >out.txt 2>err.txt",
           directory, ANIMA, arguments);
  int status = system(command);
  cr_assert(WIFEXITED(status), "anima %s did not exit", arguments);
  return WEXITSTATUS(status);
}

static char *captured(const char *name) {
  char path[256];
  snprintf(path, sizeof path, "%s/%s", directory, name);
  char *text = read_file(path);
  cr_assert_not_null(text, "no %s", name);
  return text;
}

/* examples/bell.ani in canonical form: what `anima build` must print. */
static char *canonical_bell(void) {
  anima_runtime *runtime = anima_runtime_create();
  char *json = read_file(BELL_ANI), *canonical = NULL;
  cr_assert_eq(anima_document_format(runtime, json, strlen(json), NULL,
                                     &canonical, NULL),
               ANIMA_OK);
  free(json);
  anima_runtime_destroy(runtime);
  return canonical;
}

Test(markup_cli, build_writes_canonical_ani) {
  char *expected = canonical_bell();
  cr_assert_eq(run("build " BELL_ANIML " -o bell.ani"), 0);
  char *written = captured("bell.ani");
  cr_assert_str_eq(written, expected);
  cr_assert_eq(run("build " BELL_ANIML), 0);
  char *printed = captured("out.txt");
  cr_assert_str_eq(printed, expected);
  free(written);
  free(printed);
  anima_markup_free(expected);
}

Test(markup_cli, build_reports_line_column_and_pointer) {
  char path[256];
  snprintf(path, sizeof path, "%s/bad.animl", directory);
  write_file(path, "<anima version=\"0.1\" name=\"t\" grid=\"20\">\n"
                   "<circle id=\"c\" center=\"0 0\" r=\"1\" scalx=\"2\"/>\n"
                   "</anima>\n");
  cr_assert_eq(run("build bad.animl -o bad.ani"), 1);
  char *errors = captured("err.txt");
  /* `scalx` at line 2, column 1 + len(`<circle id="c" center="0 0" r="1" `).
   */
  cr_assert_not_null(
      strstr(errors, "bad.animl:2:35: /nodes/0/scalx: error[unknown-key]"),
      "%s", errors);
  snprintf(path, sizeof path, "%s/bad.ani", directory);
  cr_assert_null(read_file(path));
  cr_assert_eq(run("validate bad.animl"), 1);
  free(errors);
  errors = captured("err.txt");
  cr_assert_not_null(strstr(errors, "bad.animl:2:35:"), "%s", errors);
  free(errors);
}

Test(markup_cli, decompile_writes_canonical_animl) {
  char *expected = read_file(BELL_ANIML);
  cr_assert_eq(run("decompile " BELL_ANI " -o bell.animl"), 0);
  char *written = captured("bell.animl");
  cr_assert_str_eq(written, expected);
  free(written);
  free(expected);
}

Test(markup_cli, fmt_check_and_rewrite) {
  char path[256];
  snprintf(path, sizeof path, "%s/x.animl", directory);
  const char *messy = "<anima  grid=\"20.0\" name=\"t\" version=\"0.1\">"
                      "<circle r=\"1\" center=\"0 0\" id=\"c\"/></anima>";
  const char *tidy = "<anima version=\"0.1\" name=\"t\" grid=\"20\">\n"
                     "  <circle id=\"c\" center=\"0 0\" r=\"1\"/>\n"
                     "</anima>\n";
  write_file(path, messy);
  cr_assert_eq(run("fmt --check x.animl"), 1);
  char *unchanged = read_file(path);
  cr_assert_str_eq(unchanged, messy);
  cr_assert_eq(run("fmt x.animl"), 0);
  char *formatted = read_file(path);
  cr_assert_str_eq(formatted, tidy);
  cr_assert_eq(run("fmt --check x.animl"), 0);
  free(unchanged);
  free(formatted);

  snprintf(path, sizeof path, "%s/y.ani", directory);
  write_file(path, "{\"name\":\"t\",\"anima\":\"0.1\",\"grid\":20,"
                   "\"nodes\":[]}");
  cr_assert_eq(run("fmt --check y.ani"), 1);
  cr_assert_eq(run("fmt y.ani"), 0);
  char *json = read_file(path);
  cr_assert_str_eq(json, "{\n  \"anima\": \"0.1\",\n  \"name\": \"t\",\n"
                         "  \"grid\": 20,\n  \"nodes\": []\n}\n");
  free(json);
}

Test(markup_cli, fmt_refuses_what_does_not_parse) {
  char path[256];
  snprintf(path, sizeof path, "%s/broken.animl", directory);
  write_file(path, "<anima>\n<group>\n</anima>");
  cr_assert_eq(run("fmt broken.animl"), 1);
  char *text = read_file(path);
  cr_assert_str_eq(text, "<anima>\n<group>\n</anima>");
  free(text);
}

Test(markup_cli, usage_errors) {
  cr_assert_eq(run("build"), 2);
  cr_assert_eq(run("build missing.animl"), 2);
  cr_assert_eq(run("decompile --bogus x.ani"), 2);
  cr_assert_eq(run("fmt"), 2);
  cr_assert_eq(run("fmt --bogus x.ani"), 2);
}

Test(markup_cli, animl_sources_everywhere) {
  /* The same document as .animl and as .ani gives the same output in
   * sample and inspect. */
  char script[256];
  snprintf(script, sizeof script, "%s/s.txt", directory);
  write_file(script, "snapshot\nfire ring\nadvance 0.2\nsnapshot\n");
  cr_assert_eq(run("sample " BELL_ANI " s.txt"), 0);
  char *from_json = captured("out.txt");
  cr_assert_eq(run("sample " BELL_ANIML " s.txt"), 0);
  char *from_animl = captured("out.txt");
  cr_assert_str_eq(from_animl, from_json);
  cr_assert_gt(strlen(from_json), 0);
  free(from_json);
  free(from_animl);
  cr_assert_eq(run("inspect " BELL_ANI), 0);
  from_json = captured("out.txt");
  cr_assert_eq(run("inspect " BELL_ANIML), 0);
  from_animl = captured("out.txt");
  /* inspect names the file it read; compare from the second line on. */
  const char *json_body = strchr(from_json, '\n');
  const char *animl_body = strchr(from_animl, '\n');
  cr_assert_not_null(json_body);
  cr_assert_not_null(animl_body);
  cr_assert_str_eq(animl_body, json_body);
  free(from_json);
  free(from_animl);
  cr_assert_eq(run("validate " BELL_ANIML), 0);
}

Test(markup_cli, loader_warnings_and_errors_carry_animl_positions) {
  /* Warnings come from validating the compiled JSON; they still point at
   * the AniML: the unused input (line 2, column 1) and the circle without
   * paint (line 3, column 1). A loader error on a valid-XML document
   * (unknown glyph, line 4) does too, through render and inspect. */
  char path[256];
  snprintf(path, sizeof path, "%s/warn.animl", directory);
  write_file(path, "<anima version=\"0.1\" name=\"t\" grid=\"20\">\n"
                   "<input name=\"unused\" type=\"bool\"/>\n"
                   "<circle id=\"c\" center=\"10 10\" r=\"4\"/>\n"
                   "</anima>\n");
  cr_assert_eq(run("validate warn.animl"), 0);
  char *out = captured("out.txt");
  cr_assert_not_null(
      strstr(out, "warn.animl:2:1: /inputs/unused: warning[unused-input]"),
      "%s", out);
  cr_assert_not_null(strstr(out, "warn.animl:3:1: /nodes/0: warning[no-paint]"),
                     "%s", out);
  free(out);
  snprintf(path, sizeof path, "%s/glyph.animl", directory);
  write_file(path, "<anima version=\"0.1\" name=\"t\" grid=\"20\">\n"
                   "\n"
                   "\n"
                   "<path id=\"p\" glyph=\"nope\" fill=\"#000\"/>\n"
                   "</anima>\n");
  const char *commands[] = {"render glyph.animl -o x.png",
                            "inspect glyph.animl", "validate glyph.animl"};
  for (size_t i = 0; i < 3; i++) {
    cr_assert_eq(run(commands[i]), 1, "%s", commands[i]);
    char *errors = captured("err.txt");
    cr_assert_not_null(strstr(errors, "glyph.animl:4:"), "%s: %s", commands[i],
                       errors);
    cr_assert_not_null(strstr(errors, "error[unknown-glyph]"), "%s", errors);
    free(errors);
  }
}
