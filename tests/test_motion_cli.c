/*
 * test_motion_cli.c — the motion module's script commands in `anima
 * sample` (docs/modules/motion.md "Script commands", docs/SCRIPTS.md
 * "Commands of modules"): `timeline <name> state` prints its answer as one
 * JSON line, and a missing value says so. The document is
 * examples/media-player.animl: the timeline `progress` lasts 4 s and
 * loops; the build's modules are on ANIMA_MODULE_PATH (meson test).
 */
#include "test_cli_support.h"

/* Runs `anima sample examples/media-player.animl <script>`, the script
 * being `lines` in a scratch file. */
static cli_run sample_lines(const char *lines) {
  char directory[] = "/tmp/anima-motion-cli-XXXXXX";
  cr_assert_not_null(mkdtemp(directory));
  char script[128], document[4096];
  snprintf(script, sizeof script, "%s/script.txt", directory);
  FILE *file = fopen(script, "wb");
  cr_assert_not_null(file);
  fputs(lines, file);
  fclose(file);
  cli_source_path(document, sizeof document, "examples/media-player.animl");
  cli_run run =
      cli_run_args((const char *[]){"sample", document, script, NULL});
  unlink(script);
  rmdir(directory);
  return run;
}

Test(motion_cli, timeline_state_prints_its_answer) {
  /* The instance a of progress (4 s, loop) is made with mix 0.5 and plays
   * 4.5 s from its start 0: it passes the work end 4 once and folds to
   * 4.5 - 4 = 0.5, which it samples (no quantize); playing and writing
   * since `play`, speed 1, its loop the authored one (loop), the last
   * advance crossed the boundary (didLoop 1), reduced motion is off
   * (frozen 0). Before, the answer was not printed at all. */
  cli_run run = sample_lines("instance a progress 0.5\n"
                             "timeline a play\n"
                             "advance 4.5\n"
                             "timeline a state\n");
  cr_assert_eq(run.status, 0, "%s", run.err);
  cr_assert_str_eq(run.err, "");
  cr_assert_str_eq(
      run.out, "{\"operation\": \"timeline\", \"arguments\": [\"a\", "
               "\"state\"], \"answer\": {\"position\": 0.5, \"sample\": 0.5, "
               "\"playing\": 1, \"writing\": 1, \"speed\": 1, \"mix\": 0.5, "
               "\"loop\": \"authored\", \"mode\": \"loop\", \"didLoop\": 1, "
               "\"frozen\": 0}}\n");
  cli_run_free(&run);
}

Test(motion_cli, state_lines_keep_their_place_among_snapshots) {
  /* A stopped default instance of progress (made by its first use) is at
   * its start 0 and writes nothing; the answer comes between the two
   * snapshots, in script order. */
  cli_run run = sample_lines("snapshot knob.x\n"
                             "timeline progress state\n"
                             "snapshot knob.x\n");
  cr_assert_eq(run.status, 0, "%s", run.err);
  const char *answer = strstr(run.out, "\n{\"operation\": \"timeline\"");
  cr_assert_not_null(answer, "%s", run.out);
  cr_expect_not_null(strstr(answer, "\"position\": 0, \"sample\": 0, "
                                    "\"playing\": 0, \"writing\": 0"),
                     "%s", run.out);
  cr_expect_not_null(strstr(answer + 1, "\n{\"time\": 0"), "%s", run.out);
  cli_run_free(&run);
}

Test(motion_cli, a_missing_value_is_said_to_be_missing) {
  /* Before: `timeline seek: "(none)" is not a valid value`. */
  const char *cases[][2] = {
      {"timeline progress seek\n",
       "error[script-usage]: timeline seek: the value is missing (a finite "
       "number)"},
      {"timeline progress loop\n",
       "error[script-usage]: timeline loop: the value is missing (once, "
       "loop, pingpong or authored)"},
      {"timeline progress play 3\n",
       "error[script-usage]: timeline play: \"3\" is not a valid value "
       "(play, pause, stop and state take no value)"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    cli_run run = sample_lines(cases[i][0]);
    cr_expect_eq(run.status, 2, "%s", cases[i][0]);
    cr_expect_not_null(strstr(run.err, cases[i][1]), "%s", run.err);
    cr_expect_null(strstr(run.err, "(none)"), "%s", run.err);
    cli_run_free(&run);
  }
}
