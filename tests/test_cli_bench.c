/*
 * test_cli_bench.c — `anima bench` (SPEC §11.2 bench paragraph, adapted to
 * C): the report's shape, the sample indices floor(N * 0.5) and
 * floor(N * 0.95) capped at N - 1, zero allocations in the step loop and
 * draw-frame building (docs/STYLE.md), and argument checks. Timings
 * themselves are never asserted (STYLE: no timed tests).
 *
 * tests/cli/hover.script.txt sets hover on tests/cli/inspect-bell.ani, so
 * the measured player plays the pingpong glow timeline: every step does
 * work.
 */
#include "test_cli_support.h"

static json_t *bench_json(const char *frames) {
  char document[4096], script[4096];
  cli_source_path(document, sizeof document, "tests/cli/inspect-bell.ani");
  cli_source_path(script, sizeof script, "tests/cli/hover.script.txt");
  const char *arguments[] = {"bench", document,        "-s", script, "--frames",
                             frames,  "--format=json", NULL};
  cli_run run = cli_run_args(arguments);
  cr_assert_eq(run.status, 0, "exit %d: %s", run.status, run.err);
  json_t *report = cli_run_json(&run);
  cli_run_free(&run);
  return report;
}

static double number_in(const json_t *report, const char *part,
                        const char *key) {
  const json_t *value = json_object_get(json_object_get(report, part), key);
  cr_assert(json_is_number(value), "%s.%s is not a number", part, key);
  return json_number_value(value);
}

Test(cli_bench, report_shape_and_counts) {
  json_t *report = bench_json("100");
  cr_assert_eq(json_integer_value(json_object_get(report, "frames")), 100);
  /* §11.2: 50 warm-up frames on a separate player. */
  cr_assert_eq(json_integer_value(json_object_get(report, "warmFrames")), 50);
  cr_assert_gt(json_number_value(json_object_get(report, "compileMs")), 0);
  const char *parts[] = {"step", "draw"};
  for (size_t i = 0; i < 2; i++) {
    double median = number_in(report, parts[i], "medianUs");
    double p95 = number_in(report, parts[i], "p95Us");
    double max = number_in(report, parts[i], "maxUs");
    /* Sorted samples: index 50 <= index 95 <= index 99. */
    cr_assert(0 <= median && median <= p95 && p95 <= max, "%s", parts[i]);
  }
  json_t *memory = json_object_get(report, "memory");
  cr_assert_gt(json_integer_value(json_object_get(memory, "peakRssBytes")), 0);
  json_decref(report);
}

Test(cli_bench, step_and_draw_frame_allocate_nothing) {
  json_t *report = bench_json("200");
  json_t *memory = json_object_get(report, "memory");
  const char *kind = json_string_value(json_object_get(memory, "kind"));
  if (strcmp(kind, "unavailable") == 0) {
    /* Sanitizer builds bring their own allocator: nothing is counted. */
    cr_assert(json_is_null(
        json_object_get(json_object_get(report, "step"), "allocatedBytes")));
    json_decref(report);
    return;
  }
  cr_assert_str_eq(kind, "malloc");
  /* Loading a model allocates the model: the counter is live. */
  cr_assert_gt(
      json_integer_value(json_object_get(memory, "compileAllocations")), 0);
  /* docs/STYLE.md: the step loop and draw-frame building allocate nothing
   * once the player and the frame exist. */
  cr_assert_eq(number_in(report, "step", "allocatedBytes"), 0);
  cr_assert_eq(number_in(report, "step", "allocations"), 0);
  cr_assert_eq(number_in(report, "draw", "allocatedBytes"), 0);
  cr_assert_eq(number_in(report, "draw", "allocations"), 0);
  json_decref(report);
}

Test(cli_bench, percentile_indices_follow_the_spec) {
  /* N = 1: floor(0.5) = floor(0.95) = 0, the only sample. */
  json_t *report = bench_json("1");
  cr_assert_eq(number_in(report, "step", "medianUs"),
               number_in(report, "step", "maxUs"));
  cr_assert_eq(number_in(report, "step", "p95Us"),
               number_in(report, "step", "maxUs"));
  json_decref(report);
  /* N = 2: floor(2 * 0.5) = 1 = N - 1, so the median is the larger
   * sample, the maximum (not the lower middle). */
  report = bench_json("2");
  cr_assert_eq(number_in(report, "draw", "medianUs"),
               number_in(report, "draw", "maxUs"));
  json_decref(report);
  /* N = 20: floor(20 * 0.95) = 19 = N - 1, so p95 is the maximum. */
  report = bench_json("20");
  cr_assert_eq(number_in(report, "step", "p95Us"),
               number_in(report, "step", "maxUs"));
  cr_assert_eq(number_in(report, "draw", "p95Us"),
               number_in(report, "draw", "maxUs"));
  json_decref(report);
}

Test(cli_bench, frames_must_be_a_whole_number_from_1_to_a_million) {
  char document[4096];
  cli_source_path(document, sizeof document, "tests/cli/inspect-bell.ani");
  const char *bad[] = {"0", "1000001", "abc", "1.5", "-3", "", "12x"};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    const char *arguments[] = {"bench", document, "--frames", bad[i], NULL};
    cli_run run = cli_run_args(arguments);
    cr_assert_eq(run.status, 2, "--frames %s: exit %d", bad[i], run.status);
    cr_assert_not_null(strstr(run.err, "--frames"), "%s", run.err);
    cli_run_free(&run);
  }
}

Test(cli_bench, failures_and_usage_errors) {
  char document[4096], invalid[4096], script[4096];
  cli_source_path(document, sizeof document, "tests/cli/inspect-bell.ani");
  cli_source_path(invalid, sizeof invalid, "tests/cli/invalid-color.ani");
  cli_source_path(script, sizeof script, "tests/cli/bad.script.txt");
  /* An invalid document: its diagnostics, exit 1. */
  const char *bad_document[] = {"bench", invalid, NULL};
  cli_run run = cli_run_args(bad_document);
  cr_assert_eq(run.status, 1);
  cr_assert_not_null(strstr(run.err, "bad-color"), "%s", run.err);
  cli_run_free(&run);
  /* A script command that does not exist: script-usage, exit 2 (§11.2). */
  const char *bad_script[] = {"bench", document, "-s", script, NULL};
  run = cli_run_args(bad_script);
  cr_assert_eq(run.status, 2);
  cr_assert_not_null(strstr(run.err, "script-usage"), "%s", run.err);
  cli_run_free(&run);
  const char *missing[] = {"bench", "/nonexistent/none.ani", NULL};
  run = cli_run_args(missing);
  cr_assert_eq(run.status, 2);
  cli_run_free(&run);
  const char *unknown[] = {"bench", document, "--bogus", NULL};
  run = cli_run_args(unknown);
  cr_assert_eq(run.status, 2);
  cli_run_free(&run);
}

Test(cli_bench, text_output) {
  char document[4096];
  cli_source_path(document, sizeof document, "tests/cli/inspect-bell.ani");
  const char *arguments[] = {"bench", document, "--frames", "10", NULL};
  cli_run run = cli_run_args(arguments);
  cr_assert_eq(run.status, 0, "%s", run.err);
  cr_assert_not_null(strstr(run.out, "10 frames of step(1/60)"), "%s", run.out);
  cr_assert_not_null(strstr(run.out, "draw frame"), "%s", run.out);
  cli_run_free(&run);
}
