/*
 * test_cli_bone.c — what `anima bone render` and `anima bone sample` say
 * about names a document does not have (docs/openbone/CLI.md): an unknown
 * --skin or --animation is a usage error with the closest name. Also
 * `anima bone render`'s usage with --font in both forms.
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
