/*
 * test_cli_bone.c — what `anima bone render` and `anima bone sample` say
 * about names a document does not have (docs/openbone/CLI.md): an unknown
 * --skin or --animation is a usage error with the closest name, an unknown
 * animation in a script too, and an unknown skin or input in a script (which
 * OPENBONE-SAMPLES §2 lets do nothing) a warning with the closest name,
 * stdout unchanged. Also `anima bone render`'s usage with --font in both
 * forms.
 *
 * Closeness is anima_closest_name's (registry.h): the candidate with the
 * least edit distance, when it is at most max(2, strlen(word) / 3).
 */
#include <unistd.h>

#include "test_cli_support.h"

/* Skins default, red, blue; animations walk, wave; state machine m with
 * the number input of id "speed-input", name "speed". One bone, one slot
 * with a 10×10 region (no image) so there is something to draw. */
static const char *document =
    "{\"format\": \"openbone\", \"version\": 1,"
    " \"skeleton\": {\"bones\": [{\"id\": \"root\", \"name\": \"root\"}],"
    "   \"slots\": [{\"id\": \"s\", \"name\": \"s\", \"bone\": \"root\","
    "     \"attachment\": \"a\"}]},"
    " \"skins\": [{\"id\": \"default\", \"name\": \"default\", \"attachments\":"
    "   {\"s\": {\"a\": {\"type\": \"region\", \"image\": null,"
    "     \"width\": 10, \"height\": 10}}}},"
    "   {\"id\": \"red\", \"name\": \"red\"},"
    "   {\"id\": \"blue\", \"name\": \"blue\"}],"
    " \"animations\": [{\"id\": \"walk\", \"name\": \"walk\", \"duration\": 1,"
    "   \"timelines\": []},"
    "   {\"id\": \"wave\", \"name\": \"wave\", \"duration\": 1,"
    "   \"timelines\": []}],"
    " \"stateMachines\": [{\"id\": \"m\", \"name\": \"m\", \"inputs\": ["
    "   {\"id\": \"speed-input\", \"name\": \"speed\", \"type\": \"number\","
    "    \"default\": 0}], \"layers\": []}]}";

typedef struct scratch {
  char directory[64], document[128], script[128], out[128];
} scratch;

static void write_text(const char *path, const char *text) {
  FILE *file = fopen(path, "w");
  cr_assert_not_null(file, "cannot write %s", path);
  fputs(text, file);
  fclose(file);
}

static void scratch_make(scratch *s, const char *script) {
  snprintf(s->directory, sizeof s->directory, "/tmp/anima-cli-bone-XXXXXX");
  cr_assert_not_null(mkdtemp(s->directory));
  snprintf(s->document, sizeof s->document, "%s/doc.obone", s->directory);
  snprintf(s->script, sizeof s->script, "%s/script.txt", s->directory);
  snprintf(s->out, sizeof s->out, "%s/out.svg", s->directory);
  write_text(s->document, document);
  write_text(s->script, script ? script : "");
}

static void scratch_remove(scratch *s) {
  unlink(s->document);
  unlink(s->script);
  unlink(s->out);
  rmdir(s->directory);
}

static void expect_usage_error(const char *const *arguments,
                               const char *needle) {
  cli_run run = cli_run_args(arguments);
  cr_expect_eq(run.status, 2, "exit %d: %s", run.status, run.err);
  cr_expect_str_eq(run.out, "");
  cr_expect_not_null(strstr(run.err, needle), "wanted %s in: %s", needle,
                     run.err);
  cli_run_free(&run);
}

Test(cli_bone, render_refuses_an_unknown_skin_with_the_closest_name) {
  /* "bleu" is 2 edits from "blue" (the limit for 4 letters is 2) and 3 or
   * more from default and red. Before, setSkin took it as "none" and the
   * default skin was drawn, exit 0. */
  scratch s;
  scratch_make(&s, NULL);
  expect_usage_error(
      (const char *[]){"bone", "render", s.document, "-o", s.out, "--skin",
                       "bleu", NULL},
      "anima bone render: --skin: no skin has the id or name \"bleu\" (did "
      "you mean \"blue\"?)\n");
  cr_expect_neq(access(s.out, F_OK), 0, "nothing is drawn");
  /* "turquoise" is close to none (limit 3): the skins are listed. */
  expect_usage_error((const char *[]){"bone", "render", s.document, "-o", s.out,
                                      "--skin", "turquoise", NULL},
                     "no skin has the id or name \"turquoise\" (the skins: "
                     "default, red, blue)\n");
  /* A skin that exists still draws. */
  cli_run run = cli_run_args((const char *[]){
      "bone", "render", s.document, "-o", s.out, "--skin", "blue", NULL});
  cr_expect_eq(run.status, 0, "%s", run.err);
  cr_expect_eq(access(s.out, F_OK), 0);
  cli_run_free(&run);
  scratch_remove(&s);
}

Test(cli_bone, render_suggests_the_closest_animation) {
  /* "wlak" is 2 edits from "walk", 3 from "wave". */
  scratch s;
  scratch_make(&s, NULL);
  expect_usage_error(
      (const char *[]){"bone", "render", s.document, "-o", s.out, "--animation",
                       "wlak", NULL},
      "--animation: no animation has the id or name \"wlak\" (did you mean "
      "\"walk\"?)\n");
  scratch_remove(&s);
}

Test(cli_bone, sample_suggests_the_closest_animation) {
  /* An unknown animation is a usage error (OPENBONE-SAMPLES §2); the
   * message now ends with the closest name, else the list. */
  scratch s;
  scratch_make(&s, "sample\nsetAnimation 0 wlak true\n");
  expect_usage_error(
      (const char *[]){"bone", "sample", s.document, s.script, NULL},
      "script.txt:2: no animation has the id or name \"wlak\" (did you mean "
      "\"walk\"?)\n");
  write_text(s.script, "addAnimation 0 jumping true 0 0.2\n");
  expect_usage_error(
      (const char *[]){"bone", "sample", s.document, s.script, NULL},
      "script.txt:1: no animation has the id or name \"jumping\" (the "
      "animations: walk, wave)\n");
  scratch_remove(&s);
}

Test(cli_bone, sample_warns_about_an_input_or_skin_that_does_nothing) {
  /* OPENBONE-SAMPLES §2: an unknown input in setInput does nothing, an
   * unknown skin in setSkin selects none; the script runs (exit 0, one
   * sample line) and stderr says why nothing happened. "sped" is 1 edit
   * from the input's name "speed"; "bleu" 2 from "blue". The input's id
   * and name are both known: no warning for them. */
  scratch s;
  scratch_make(&s, "setSkin bleu\n"
                   "machine m\n"
                   "setInput sped 2\n"
                   "setInput speed 2\n"
                   "setInput speed-input 3\n"
                   "fire sped\n"
                   "advance 0.1\n"
                   "sample\n");
  cli_run run = cli_run_args(
      (const char *[]){"bone", "sample", s.document, s.script, NULL});
  cr_expect_eq(run.status, 0, "%s", run.err);
  char *newline = strchr(run.out, '\n');
  cr_expect(newline != NULL && newline[1] == '\0', "one line: %s", run.out);
  cr_expect_not_null(strstr(run.err,
                            "script.txt:1: warning: no skin has the id or name "
                            "\"bleu\", so setSkin selects none (did you mean "
                            "\"blue\"?)\n"),
                     "%s", run.err);
  cr_expect_not_null(
      strstr(run.err, "script.txt:3: warning: the state machine has no input "
                      "with the id or name \"sped\", so setInput does "
                      "nothing (did you mean \"speed\"?)\n"),
      "%s", run.err);
  cr_expect_not_null(
      strstr(run.err, "script.txt:6: warning: the state machine has no input "
                      "with the id or name \"sped\", so fire does nothing "
                      "(did you mean \"speed\"?)\n"),
      "%s", run.err);
  cr_expect_null(strstr(run.err, "script.txt:4:"), "%s", run.err);
  cr_expect_null(strstr(run.err, "script.txt:5:"), "%s", run.err);
  cli_run_free(&run);
  scratch_remove(&s);
}

Test(cli_bone, render_usage_gives_font_with_and_without_a_script) {
  /* --font goes with --script too (cmd_bone_render.c reads it in both
   * forms): the usage of both forms and `anima bone --help` say so. */
  const char *forms[][4] = {{"bone", "render", "--help", NULL},
                            {"bone", "--help", NULL, NULL}};
  for (size_t i = 0; i < 2; i++) {
    cli_run run = cli_run_args(forms[i]);
    cr_expect_eq(run.status, 0, "%s", run.err);
    const char *script = strstr(run.out, "-s|--script <script.txt>");
    cr_assert_not_null(script, "%s", run.out);
    const char *next = strstr(script, "anima bone");
    const char *font = strstr(script, "[--font FILE]");
    cr_expect(font != NULL && (next == NULL || font < next),
              "no --font in the --script form: %s", run.out);
    const char *first = strstr(run.out, "anima bone render");
    font = first ? strstr(first, "[--font FILE]") : NULL;
    cr_expect(font != NULL && font < script,
              "no --font in the first render form: %s", run.out);
    cli_run_free(&run);
  }
}
