/*
 * test_backend_cli.c — `anima compare` and `anima render` through the
 * built binary (SPEC "CLI projects and capture"; DECISIONS 9). Images are
 * made with cairo here; expected numbers are derived in the comments.
 */
#include <cairo.h>
#include <stdint.h>

#include "test_cli_support.h"

/* A scratch directory for the files of one test. */
static void scratch_directory(char *out, size_t size) {
  snprintf(out, size, "/tmp/anima-render-test-XXXXXX");
  cr_assert_not_null(mkdtemp(out));
}

/* Writes a width × height PNG of one colour, with (x, y) another. */
static void write_png(const char *path, int width, int height,
                      const double base[4], int x, int y,
                      const double other[4]) {
  cairo_surface_t *surface =
      cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create(surface);
  cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE);
  cairo_set_source_rgba(cr, base[0], base[1], base[2], base[3]);
  cairo_paint(cr);
  if (other != NULL) {
    cairo_set_source_rgba(cr, other[0], other[1], other[2], other[3]);
    cairo_rectangle(cr, x, y, 1, 1);
    cairo_fill(cr);
  }
  cairo_destroy(cr);
  cr_assert_eq(cairo_surface_write_to_png(surface, path), CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy(surface);
}

static void write_text(const char *path, const char *text) {
  FILE *file = fopen(path, "w");
  cr_assert_not_null(file);
  fputs(text, file);
  fclose(file);
}

static double json_number_of(json_t *object, const char *key) {
  json_t *value = json_object_get(object, key);
  cr_assert(json_is_number(value), "%s is missing", key);
  return json_number_value(value);
}

Test(backend_cli, compare_reports_the_spec_fields) {
  /* Two 2×2 opaque black images; in b pixel (1, 0) has red 40/255.
   * Channel differences: one channel of one pixel is 40 → max 40, mean
   * 40 / (4 pixels · 4 channels) = 2.5, 1 differing pixel; beyond a
   * tolerance of 32: 1 pixel (fail, exit 1); of 40: 0 (pass, exit 0). */
  char directory[64], a[128], b[128], diff[128];
  scratch_directory(directory, sizeof directory);
  snprintf(a, sizeof a, "%s/a.png", directory);
  snprintf(b, sizeof b, "%s/b.png", directory);
  snprintf(diff, sizeof diff, "%s/diff.png", directory);
  double black[4] = {0, 0, 0, 1}, red[4] = {40.0 / 255, 0, 0, 1};
  write_png(a, 2, 2, black, 0, 0, NULL);
  write_png(b, 2, 2, black, 1, 0, red);

  cli_run run = cli_run_args(
      (const char *[]){"compare", a, b, "--tolerance", "32", "-o", diff, NULL});
  cr_expect_eq(run.status, 1, "stderr: %s", run.err);
  json_t *result = cli_run_json(&run);
  cr_expect_float_eq(json_number_of(result, "maxChannelDifference"), 40, 0);
  cr_expect_float_eq(json_number_of(result, "meanChannelDifference"), 2.5, 0);
  cr_expect_float_eq(json_number_of(result, "differingPixels"), 1, 0);
  cr_expect_float_eq(json_number_of(result, "pixelsBeyondTolerance"), 1, 0);
  cr_expect(json_is_false(json_object_get(result, "pass")));
  json_decref(result);
  cli_run_free(&run);

  /* The diff: opaque grayscale, 40 at (1, 0), 0 elsewhere. */
  cairo_surface_t *image = cairo_image_surface_create_from_png(diff);
  cr_assert_eq(cairo_surface_status(image), CAIRO_STATUS_SUCCESS);
  cr_expect_eq(cairo_image_surface_get_format(image), CAIRO_FORMAT_RGB24);
  const uint32_t *pixels =
      (const uint32_t *)cairo_image_surface_get_data(image);
  cr_expect_eq(pixels[1] & 0xffffff, 0x282828u, "40 = 0x28 in each channel");
  cr_expect_eq(pixels[0] & 0xffffff, 0u);
  cairo_surface_destroy(image);

  run = cli_run_args(
      (const char *[]){"compare", a, b, "--tolerance", "40", NULL});
  cr_expect_eq(run.status, 0);
  result = cli_run_json(&run);
  cr_expect(json_is_true(json_object_get(result, "pass")));
  json_decref(result);
  cli_run_free(&run);
}

Test(backend_cli, compare_usage_errors_and_sizes) {
  char directory[64], a[128], small[128];
  scratch_directory(directory, sizeof directory);
  snprintf(a, sizeof a, "%s/a.png", directory);
  snprintf(small, sizeof small, "%s/small.png", directory);
  double black[4] = {0, 0, 0, 1};
  write_png(a, 2, 2, black, 0, 0, NULL);
  write_png(small, 1, 2, black, 0, 0, NULL);
  /* Different dimensions fail the comparison (exit 1). */
  cli_run run = cli_run_args((const char *[]){"compare", a, small, NULL});
  cr_expect_eq(run.status, 1);
  json_t *result = cli_run_json(&run);
  cr_expect(json_is_false(json_object_get(result, "pass")));
  json_decref(result);
  cli_run_free(&run);
  /* Usage errors exit 2. */
  const char *const *bad[] = {
      (const char *[]){"compare", a, a, "--tolerance", "256", NULL},
      (const char *[]){"compare", a, a, "--tolerance", "-1", NULL},
      (const char *[]){"compare", a, a, "--tolerance", "x", NULL},
      (const char *[]){"compare", a, a, "-o", "diff.jpg", NULL},
      (const char *[]){"compare", a, NULL},
      (const char *[]){"compare", a, a, a, NULL},
      (const char *[]){"compare", a, "/nonexistent.png", NULL},
  };
  for (size_t index = 0; index < sizeof bad / sizeof *bad; index++) {
    run = cli_run_args(bad[index]);
    cr_expect_eq(run.status, 2, "case %zu: stderr %s", index, run.err);
    cr_expect_neq(run.err[0], '\0', "case %zu explains itself", index);
    cli_run_free(&run);
  }
}

/* viewBox 0 0 10 10 filled by a rect painted `paint`. */
static void write_square(const char *path, const char *paint) {
  char text[1024];
  snprintf(text, sizeof text,
           "{\"anima\": \"0.1\", \"name\": \"square\", \"grid\": 10,"
           " \"colors\": {\"accent\": \"#ff0000\"},"
           " \"nodes\": [{\"id\": \"box\", \"type\": \"rect\", \"x0\": 0, "
           "\"y0\": 0, \"w\": 10, \"h\": 10, \"fill\": {\"color\": \"%s\"}}]}",
           paint);
  write_text(path, text);
}

static void expect_probe(const cli_run *run, size_t index, int r, int g, int b,
                         int a) {
  json_t *result = cli_run_json(run);
  json_t *rgba = json_object_get(
      json_array_get(json_object_get(result, "probes"), index), "rgba");
  cr_assert(json_is_array(rgba), "no probe %zu in %s", index, run->out);
  int expected[4] = {r, g, b, a};
  for (size_t channel = 0; channel < 4; channel++) {
    cr_expect_eq(json_integer_value(json_array_get(rgba, channel)),
                 expected[channel], "probe %zu channel %zu", index, channel);
  }
  json_decref(result);
}

Test(backend_cli, render_probes_colours_and_background) {
  char directory[64], document[128], slot[128], current[128];
  scratch_directory(directory, sizeof directory);
  snprintf(document, sizeof document, "%s/square.ani", directory);
  snprintf(slot, sizeof slot, "%s/slot.ani", directory);
  snprintf(current, sizeof current, "%s/current.ani", directory);
  write_square(document, "#ff0000");
  write_square(slot, "accent");
  write_square(current, "currentColor");
  /* 20×10 viewport, contain: the square spans x in [5, 15]. Pixel (10, 5)
   * is red; pixel (1, 5) is letterbox: the background green. */
  cli_run run = cli_run_args(
      (const char *[]){"render", document, "--viewport", "20x10",
                       "--background", "#00ff00", "--probe", "10,5;1,5", NULL});
  cr_expect_eq(run.status, 0, "stderr: %s", run.err);
  expect_probe(&run, 0, 255, 0, 0, 255);
  expect_probe(&run, 1, 0, 255, 0, 255);
  cli_run_free(&run);
  /* Slot accent defaults to red; --color accent=#0000ff overrides it. */
  run =
      cli_run_args((const char *[]){"render", slot, "--size", "8", "--color",
                                    "accent=#0000ff", "--probe", "4,4", NULL});
  cr_expect_eq(run.status, 0, "stderr: %s", run.err);
  expect_probe(&run, 0, 0, 0, 255, 255);
  cli_run_free(&run);
  /* currentColor is black unless --current (DECISIONS 9). */
  run = cli_run_args((const char *[]){"render", current, "--size", "8",
                                      "--probe", "4,4", NULL});
  expect_probe(&run, 0, 0, 0, 0, 255);
  cli_run_free(&run);
  run = cli_run_args((const char *[]){"render", current, "--size", "8",
                                      "--current", "#0f0", "--probe", "4,4",
                                      NULL});
  expect_probe(&run, 0, 0, 255, 0, 255);
  cli_run_free(&run);
}

Test(backend_cli, render_outputs_and_sequences) {
  char directory[64], document[128], png[128], svg[128], frames[128], path[160];
  scratch_directory(directory, sizeof directory);
  snprintf(document, sizeof document, "%s/square.ani", directory);
  snprintf(png, sizeof png, "%s/out.png", directory);
  snprintf(svg, sizeof svg, "%s/out.svg", directory);
  snprintf(frames, sizeof frames, "%s/seq.png", directory);
  write_square(document, "accent");
  /* --viewport 64x32 --scale 0.5 → 32×16 pixels. */
  cli_run run =
      cli_run_args((const char *[]){"render", document, "-o", png, "--viewport",
                                    "64x32", "--scale", "0.5", NULL});
  cr_expect_eq(run.status, 0, "stderr: %s", run.err);
  cli_run_free(&run);
  cairo_surface_t *image = cairo_image_surface_create_from_png(png);
  cr_expect_eq(cairo_image_surface_get_width(image), 32);
  cr_expect_eq(cairo_image_surface_get_height(image), 16);
  cairo_surface_destroy(image);
  /* SVG, live: the slot stays themable. */
  run = cli_run_args(
      (const char *[]){"render", document, "-o", svg, "--live", NULL});
  cr_expect_eq(run.status, 0, "stderr: %s", run.err);
  cli_run_free(&run);
  char *text = cli_slurp(svg);
  cr_expect_not_null(strstr(text, "var(--anima-accent, #ff0000)"), "%s", text);
  free(text);
  /* Three frames: seq-0000.png, seq-0001.png, seq-0002.png. */
  run = cli_run_args((const char *[]){"render", document, "-o", frames,
                                      "--frames", "3", "--fps", "30", "--size",
                                      "4", NULL});
  cr_expect_eq(run.status, 0, "stderr: %s", run.err);
  cli_run_free(&run);
  for (int frame = 0; frame < 3; frame++) {
    snprintf(path, sizeof path, "%s/seq-%04d.png", directory, frame);
    cr_expect_eq(access(path, R_OK), 0, "%s exists", path);
  }
  snprintf(path, sizeof path, "%s/seq-0003.png", directory);
  cr_expect_neq(access(path, R_OK), 0);
}

Test(backend_cli, render_script_assertions_exit_1) {
  /* docs/CLI.md: a failed script assertion exits 1 for every command
   * (review finding 9: render printed error[script-expect] and exited 0).
   * The square's w is 10 (write_square): `expect box.w == 10` holds (exit
   * 0); `== 99` fails (exit 1, the PNG is still written, as documented); an
   * unknown command is a usage error (exit 2). */
  char directory[64], document[128], png[128], pass[128], fail[128], bad[128];
  scratch_directory(directory, sizeof directory);
  snprintf(document, sizeof document, "%s/square.ani", directory);
  snprintf(png, sizeof png, "%s/out.png", directory);
  snprintf(pass, sizeof pass, "%s/pass.txt", directory);
  snprintf(fail, sizeof fail, "%s/fail.txt", directory);
  snprintf(bad, sizeof bad, "%s/bad.txt", directory);
  write_square(document, "#ff0000");
  write_text(pass, "expect box.w == 10\n");
  write_text(fail, "expect box.w == 99\n");
  write_text(bad, "frobnicate\n");
  cli_run run = cli_run_args((const char *[]){"render", document, "-s", pass,
                                              "-o", png, "--size", "4", NULL});
  cr_expect_eq(run.status, 0, "stderr: %s", run.err);
  cli_run_free(&run);
  unlink(png);
  run = cli_run_args((const char *[]){"render", document, "-s", fail, "-o", png,
                                      "--size", "4", NULL});
  cr_expect_eq(run.status, 1, "stderr: %s", run.err);
  cr_expect_not_null(strstr(run.err, "script-expect"), "%s", run.err);
  cr_expect_eq(access(png, R_OK), 0, "the output is still written");
  cli_run_free(&run);
  unlink(png);
  run = cli_run_args((const char *[]){"render", document, "-s", bad, "-o", png,
                                      "--size", "4", NULL});
  cr_expect_eq(run.status, 2, "stderr: %s", run.err);
  cr_expect_neq(access(png, R_OK), 0, "nothing is written");
  cli_run_free(&run);
}

/* A scratch directory with square.ani (fill: the slot accent) and the
 * path out.png in it. */
static void scratch_square(char directory[64], char document[128],
                           char out[128]) {
  scratch_directory(directory, 64);
  snprintf(document, 128, "%s/square.ani", directory);
  snprintf(out, 128, "%s/out.png", directory);
  write_square(document, "accent");
}

Test(backend_cli, render_usage_errors) {
  char directory[64], document[128], out[128];
  scratch_square(directory, document, out);
  /* The default size is 256, so x = 300 is outside the output. */
  const char *const *bad[] = {
      (const char *[]){"render", document, "-o", out, "--size", "0", NULL},
      (const char *[]){"render", document, "-o", out, "--fit", "stretch", NULL},
      (const char *[]){"render", document, "-o", out, "--scale", "2", NULL},
      (const char *[]){"render", document, "-o", out, "--viewport", "10", NULL},
      (const char *[]){"render", document, "-o", "out.gif", NULL},
      (const char *[]){"render", document, "-o", out, "--color", "missing=#fff",
                       NULL},
      (const char *[]){"render", document, "-o", out, "--current", "red", NULL},
      (const char *[]){"render", document, "--probe", "300,0", NULL},
      (const char *[]){"render", document, "--probe", "1;2", NULL},
      (const char *[]){"render", document, "-o", out, "--at", "-1", NULL},
      (const char *[]){"render", document, "-o", out, "--frames", "0", NULL},
      (const char *[]){"render", document, "-o", out, "--bogus", NULL},
      (const char *[]){"render", document, NULL},
      (const char *[]){"render", "/nonexistent.ani", "-o", out, NULL},
  };
  for (size_t index = 0; index < sizeof bad / sizeof *bad; index++) {
    cli_run run = cli_run_args(bad[index]);
    cr_expect_eq(run.status, 2, "case %zu: stderr %s", index, run.err);
    cr_expect_neq(run.err[0], '\0', "case %zu explains itself", index);
    cli_run_free(&run);
  }
}

Test(backend_cli, an_unknown_color_slot_names_the_closest_slot) {
  /* The square declares one colour slot, accent. "acent" is one edit from
   * it (anima_closest_name: distance <= max(2, len / 3)), so the usage
   * error suggests it; "background" is 9 edits from it, too far, so the
   * error lists the document's slots instead. Before: only "which is not a
   * colour slot of the document". */
  char directory[64], document[128], out[128];
  scratch_square(directory, document, out);
  cli_run run = cli_run_args((const char *[]){"render", document, "-o", out,
                                              "--color", "acent=#fff", NULL});
  cr_expect_eq(run.status, 2, "stderr: %s", run.err);
  cr_expect_not_null(strstr(run.err, "--color names \"acent\", which is not "
                                     "a colour slot of the document (did you "
                                     "mean \"accent\"?)\n"),
                     "%s", run.err);
  cli_run_free(&run);
  run = cli_run_args((const char *[]){"render", document, "-o", out, "--color",
                                      "background=#fff", NULL});
  cr_expect_eq(run.status, 2, "stderr: %s", run.err);
  cr_expect_not_null(strstr(run.err, "(its colour slots: accent)\n"), "%s",
                     run.err);
  cli_run_free(&run);
  unlink(document);
  rmdir(directory);
}

Test(backend_cli, usage_messages_name_the_real_mistake) {
  /* An option the command does not know is "unknown option" even as the
   * last argument (render used to say "--bogus needs a value"); a known
   * option without its value says so (build and decompile used to call
   * a trailing -o unknown, new a trailing --sample). */
  char directory[64], document[128];
  scratch_directory(directory, sizeof directory);
  snprintf(document, sizeof document, "%s/square.ani", directory);
  write_square(document, "accent");
  const struct {
    const char *arguments[6];
    const char *message;
  } cases[] = {
      {{"render", document, "--bogus", NULL}, "unknown option \"--bogus\""},
      {{"render", document, "--format=xml", NULL},
       "unknown option \"--format=xml\""},
      {{"render", document, "-o", NULL}, "-o needs a value"},
      {{"build", "x.animl", "-o", NULL}, "-o needs an output file"},
      {{"decompile", document, "-o", NULL}, "-o needs an output file"},
      {{"new", "/tmp/anima-new-never", "--sample", NULL},
       "--sample needs a sample name"},
  };
  for (size_t index = 0; index < sizeof cases / sizeof *cases; index++) {
    cli_run run = cli_run_args(cases[index].arguments);
    cr_expect_eq(run.status, 2, "case %zu: stderr %s", index, run.err);
    cr_expect_not_null(strstr(run.err, cases[index].message),
                       "case %zu: stderr %s", index, run.err);
    cli_run_free(&run);
  }
}

Test(backend_cli, a_fill_knockout_of_zero_growth_still_cuts) {
  /* SPEC §4 Knockout: a painted node cuts its fill area grown by w out of
   * earlier siblings; with w = 0 that is exactly its fill area. A disc
   * (centre (10, 10), r 8) followed by a transparent cutter (centre
   * (14, 6), r 5, knockout 0), rendered 20 px for 20 units:
   * (13, 7) is 4.24 from the disc centre and 1.41 from the cutter centre:
   * cut, so transparent. (6, 13) is 5 from the disc centre and 10.6 from
   * the cutter centre: black. */
  char directory[64], document[128];
  scratch_directory(directory, sizeof directory);
  snprintf(document, sizeof document, "%s/crescent.ani", directory);
  write_text(document,
             "{\"anima\": \"0.1\", \"name\": \"crescent\", \"grid\": 20,"
             " \"nodes\": [{\"id\": \"disc\", \"type\": \"circle\", "
             "\"center\": [10, 10], \"r\": 8, \"fill\": {\"color\": "
             "\"#000000\"}}, {\"id\": \"bite\", \"type\": \"circle\", "
             "\"center\": [14, 6], \"r\": 5, \"fill\": {\"color\": "
             "\"#00000000\"}, \"knockout\": 0}]}");
  cli_run run = cli_run_args((const char *[]){
      "render", document, "--size", "20", "--probe", "13,7;6,13", NULL});
  cr_assert_eq(run.status, 0, "%s", run.err);
  expect_probe(&run, 0, 0, 0, 0, 0);
  expect_probe(&run, 1, 0, 0, 0, 255);
  cli_run_free(&run);
}

/* Finding 3 of the hostile-input review: a circle scaled by 1e300 (its
 * matrix has no finite inverse: 1e300² overflows) rendered "out of memory
 * drawing a 256x256 image", which is false. cairo's refusal is named. */
Test(backend_cli, a_frame_cairo_refuses_is_not_out_of_memory) {
  char directory[64], document[128], output[160];
  scratch_directory(directory, sizeof directory);
  snprintf(document, sizeof document, "%s/huge.ani", directory);
  snprintf(output, sizeof output, "%s/huge.png", directory);
  write_text(document, "{\"anima\": \"0.1\", \"name\": \"huge\", \"grid\": 24,"
                       " \"nodes\": [{\"id\": \"c\", \"type\": \"circle\", "
                       "\"center\": [12, 12], \"r\": 8, \"scale\": 1e300, "
                       "\"stroke\": {\"color\": \"#ff0000\", \"width\": 1}}]}");
  cli_run run =
      cli_run_args((const char *[]){"render", document, "-o", output, NULL});
  cr_assert_eq(run.status, 1, "%s", run.err);
  cr_assert_null(strstr(run.err, "out of memory"), "%s", run.err);
  cr_assert_not_null(strstr(run.err, "invalid matrix"), "%s", run.err);
  cli_run_free(&run);
}

/* examples/moon.animl: a switch "Dark mode" whose `dark` input is both
 * activated and checked. With dark on, the theme layer crossfades to
 * `night` in 0.45 s, whose pose gives the sun group opacity 0 and scale
 * 0.5 about (12, 12): matrix(0.5 0 0 0.5 6 6), since 12 − 0.5·12 = 6.
 * --at 2 is past the crossfade. */
Test(backend_cli, render_svg_carries_a11y_and_set_writes_inputs) {
  char directory[64], svg[128], source[4096];
  scratch_directory(directory, sizeof directory);
  snprintf(svg, sizeof svg, "%s/moon.svg", directory);
  cli_source_path(source, sizeof source, "examples/moon.animl");
  cli_run run =
      cli_run_args((const char *[]){"render", source, "-o", svg, NULL});
  cr_assert_eq(run.status, 0, "stderr: %s", run.err);
  cli_run_free(&run);
  char *text = cli_slurp(svg);
  cr_expect_not_null(strstr(text, " role=\"switch\" aria-label=\"Dark mode\" "
                                  "tabindex=\"0\" aria-checked=\"false\">"),
                     "%s", text);
  free(text);
  run = cli_run_args((const char *[]){"render", source, "-o", svg, "--set",
                                      "dark=true", "--at", "2", NULL});
  cr_assert_eq(run.status, 0, "stderr: %s", run.err);
  cli_run_free(&run);
  text = cli_slurp(svg);
  cr_expect_not_null(strstr(text, "aria-checked=\"true\">"), "%s", text);
  cr_expect_not_null(strstr(text, "<g id=\"sun\" transform=\"matrix(0.5 0 0 "
                                  "0.5 6 6)\" opacity=\"0\">"),
                     "%s", text);
  free(text);
}

Test(backend_cli, render_set_usage_errors) {
  char source[4096];
  cli_source_path(source, sizeof source, "examples/bell.animl");
  struct {
    const char *write;
    const char *message;
  } cases[] = {
      {"hovr=true", "--set names \"hovr\", which is not an input of the "
                    "document (did you mean \"hover\"?)"},
      {"hover=1", "--set hover: \"1\" does not fit (a bool input takes true "
                  "or false)"},
      {"ring=true", "--set ring: \"true\" does not fit (a trigger has no "
                    "value: --set NAME=fire fires it)"},
      {"=true", "--set must be input=value, not \"=true\""},
      {"hover", "--set must be input=value, not \"hover\""},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    cli_run run = cli_run_args((const char *[]){
        "render", source, "--probe", "1,1", "--set", cases[i].write, NULL});
    cr_expect_eq(run.status, 2, "%s: exit %d", cases[i].write, run.status);
    cr_expect_not_null(strstr(run.err, cases[i].message), "%s: %s",
                       cases[i].write, run.err);
    cli_run_free(&run);
  }
}

Test(backend_cli, render_probe_errors_say_which_and_print_no_json) {
  /* Issue 10 F8 and F14: a probe outside the output printed the probes
   * before it as partial JSON on stdout although the command failed; a
   * negative coordinate and a 257th probe were both called "not integer
   * pixel coordinates". The default output is 256 × 256: pixels 0 to 255,
   * so 300,300 is outside it; no output is larger than 16384 pixels a
   * side, so -1 is outside every one. */
  char directory[64], document[128];
  scratch_directory(directory, sizeof directory);
  snprintf(document, sizeof document, "%s/square.ani", directory);
  write_square(document, "accent");
  char many[257 * 4 + 1] = "";
  for (int i = 0; i < 257; i++) {
    strcat(many, i ? ";1,1" : "1,1");
  }
  const struct {
    const char *arguments[6];
    const char *message;
  } cases[] = {
      {{"render", document, "--probe", "1,1;300,300", NULL},
       "anima render: --probe 300,300 is outside the 256x256 output (pixels 0 "
       "to 255, 0 to 255)\n"},
      {{"render", document, "--probe", "-1,-1", NULL},
       "anima render: --probe -1,-1 is outside any output: pixel coordinates "
       "run from 0 to 16383, (0,0) the top left pixel\n"},
      {{"render", document, "--probe", many, NULL},
       "anima render: --probe takes at most 256 probes in all; "
       "\"1,1;1,1;1,1;1,1;1,1;1,1;1,1;1,1;1,1;1,1;...\" makes 257\n"},
  };
  for (size_t index = 0; index < sizeof cases / sizeof *cases; index++) {
    cli_run run = cli_run_args(cases[index].arguments);
    cr_expect_eq(run.status, 2, "case %zu: stderr %s", index, run.err);
    cr_expect_str_eq(run.out, "", "case %zu", index);
    cr_expect_str_eq(run.err, cases[index].message, "case %zu", index);
    cli_run_free(&run);
  }
}

Test(backend_cli, render_help_states_the_cost_of_large_rasters) {
  /* Issue 10 F11: `--size 16384` is allowed and takes about 2 GB and tens
   * of seconds (a 16384² ARGB image alone is 16384 · 16384 · 4 bytes =
   * 1 GiB); the help says so before anyone tries. */
  const char *arguments[] = {"render", "--help", NULL};
  cli_run run = cli_run_args(arguments);
  cr_assert_eq(run.status, 0);
  cr_assert_not_null(strstr(run.out, "--size 16384 needs over 1 GiB"), "%s",
                     run.out);
  cli_run_free(&run);
}
