/*
 * test_cli_bone.c — `anima bone` command lines (docs/openbone/CLI.md):
 * `anima bone render`'s usage with --font in both forms.
 */
#include "test_cli_support.h"

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
