/*
 * cmd_bench.c — `anima bench <file> [-s script] [--frames N]
 * [--reduced-motion] [--seed n] [--all] [--format=text|json]` (SPEC
 * §11.2, bench paragraph, adapted to C): loads and compiles the source once
 * (`compileMs`), applies the script to the measured player, warms 50 frames
 * on a separate player, then times N frames (default 600, 1..1000000) of
 * anima_player_step(1/60) and, separately, anima_draw_frame_build, each
 * call with clock_gettime(CLOCK_MONOTONIC). Medians and p95 are the sorted
 * samples at floor(N * 0.5) and floor(N * 0.95), capped at N - 1, in
 * microseconds. Memory: calls and bytes allocated inside the measured step
 * and draw calls (bench.h; the step must allocate nothing) and the peak
 * resident set size (getrusage). Exit 0 measured, 1 invalid document,
 * failed script assertion or a failing API call, 2 usage errors.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include <anima/draw.h>

#include "bench.h"
#include "cli.h"
#include "commands.h"
#include "json_print.h"
#include "script.h"

#define BENCH_WARM_FRAMES 50
#define BENCH_DEFAULT_FRAMES 600
#define BENCH_MAX_FRAMES 1000000
#define BENCH_STEP (1.0 / 60.0)

static void print_help(FILE *out) {
  fprintf(out,
          "usage: anima bench [file.ani|file.animl] [-s script.txt] "
          "[--frames N]\n"
          "                   [--reduced-motion] [--seed n] [--all] "
          "[--format=text|json]\n"
          "Compiles the document once, applies the script, warms %d frames "
          "on a separate\nplayer, then times N frames (default %d, 1 to "
          "1000000) of step(1/60) and of\ndraw-frame building: median and "
          "p95 in microseconds, bytes allocated during\nthe measured calls "
          "(the step must allocate nothing) and peak RSS.\n"
          "Without a file: the \"entry\" of the nearest anima.json.\n"
          "Exit status: 0 measured, 1 invalid document or failed script, 2 "
          "usage error.\n"
          "--reduced-motion applies to both players; --seed to the measured "
          "one, as in\n`anima sample`; --all is accepted like there and "
          "changes nothing here.\n",
          BENCH_WARM_FRAMES, BENCH_DEFAULT_FRAMES);
}

typedef struct bench_options {
  const char *path;
  const char *script;
  long frames;
  cli_format format;
  script_options script_options;
} bench_options;

/* Parses a whole decimal number in [1, BENCH_MAX_FRAMES]. */
static bool parse_frames(const char *text, long *out) {
  long value = 0;
  if (!*text) {
    return false;
  }
  for (const char *c = text; *c; c++) {
    if (*c < '0' || *c > '9' || value > BENCH_MAX_FRAMES) {
      return false;
    }
    value = value * 10 + (*c - '0');
  }
  if (value < 1 || value > BENCH_MAX_FRAMES) {
    return false;
  }
  *out = value;
  return true;
}

/* Returns CLI_EXIT_OK, or the exit status after printing why. */
static int parse_arguments(int argc, char **argv, bench_options *options) {
  for (int i = 1; i < argc; i++) {
    const char *argument = argv[i];
    if (strcmp(argument, "--help") == 0 || strcmp(argument, "-h") == 0) {
      print_help(stdout);
      return -1;
    }
    const char *frames = NULL;
    if (strncmp(argument, "--format", 8) == 0) {
      if (!cli_parse_format("bench", argc, argv, &i, &options->format)) {
        return CLI_EXIT_USAGE;
      }
    } else if (strcmp(argument, "-s") == 0 ||
               strcmp(argument, "--script") == 0) {
      if (i + 1 >= argc) {
        fprintf(stderr, "anima bench: %s needs a script file\n", argument);
        return CLI_EXIT_USAGE;
      }
      options->script = argv[++i];
    } else if (strcmp(argument, "--frames") == 0 ||
               strncmp(argument, "--frames=", 9) == 0) {
      frames = argument[8] == '=' ? argument + 9
               : i + 1 < argc     ? argv[++i]
                                  : "";
      if (!parse_frames(frames, &options->frames)) {
        fprintf(stderr,
                "anima bench: --frames takes a whole number from 1 to "
                "1000000, not \"%s\"\n",
                frames);
        return CLI_EXIT_USAGE;
      }
    } else if (strcmp(argument, "--reduced-motion") == 0 ||
               strcmp(argument, "--all") == 0 ||
               strncmp(argument, "--seed", 6) == 0) {
      if (!script_parse_option("bench", argc, argv, &i,
                               &options->script_options)) {
        return CLI_EXIT_USAGE;
      }
    } else if (argument[0] == '-' && argument[1] != '\0') {
      fprintf(stderr, "anima bench: unknown option \"%s\"\n", argument);
      print_help(stderr);
      return CLI_EXIT_USAGE;
    } else if (options->path) {
      fprintf(stderr, "anima bench: expected one file, got \"%s\" too\n",
              argument);
      return CLI_EXIT_USAGE;
    } else {
      options->path = argument;
    }
  }
  if (!options->path) {
    int status = cli_default_input("bench", &options->path);
    if (status >= 0) {
      return status;
    }
  }
  return CLI_EXIT_OK;
}

/* Runs the script's lines on the interpreter's player, discarding output;
 * prints diagnostics. Returns the exit status. */
static int apply_script(script_interpreter *interpreter, const char *name) {
  char *script = NULL;
  size_t length = 0;
  char message[4400];
  if (!script_read(name, &script, &length, message, sizeof message)) {
    fprintf(stderr, "anima bench: %s\n", message);
    return CLI_EXIT_USAGE;
  }
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  script_result worst = diagnostics
                            ? script_run_text(interpreter, script, length,
                                              diagnostics, NULL, NULL)
                            : SCRIPT_USAGE;
  cli_print_diagnostics_text(stderr, name, diagnostics);
  anima_diagnostics_destroy(diagnostics);
  free(script);
  return worst == SCRIPT_USAGE       ? CLI_EXIT_USAGE
         : worst == SCRIPT_ASSERTION ? CLI_EXIT_FAILED
                                     : CLI_EXIT_OK;
}

static int64_t now_nanoseconds(void) {
  struct timespec time;
  clock_gettime(CLOCK_MONOTONIC, &time);
  return (int64_t)time.tv_sec * 1000000000 + time.tv_nsec;
}

/* Microseconds between two clock readings. */
static double elapsed_microseconds(int64_t start, int64_t end) {
  return (double)(end - start) / 1000.0;
}

static int compare_doubles(const void *a, const void *b) {
  double left = *(const double *)a, right = *(const double *)b;
  return (left > right) - (left < right);
}

/* Sorts `samples` and returns {"medianUs", "p95Us", "maxUs"} at the
 * indices floor(N * 0.5) and floor(N * 0.95), capped at N - 1. */
static json_t *summary(double *samples, size_t count,
                       bench_allocations allocations) {
  qsort(samples, count, sizeof *samples, compare_doubles);
  size_t median = count * 50 / 100, p95 = count * 95 / 100;
  median = median < count ? median : count - 1;
  p95 = p95 < count ? p95 : count - 1;
  json_t *result = json_object();
  json_object_set_new(result, "medianUs", json_real(samples[median]));
  json_object_set_new(result, "p95Us", json_real(samples[p95]));
  json_object_set_new(result, "maxUs", json_real(samples[count - 1]));
  if (bench_allocation_available()) {
    json_object_set_new(result, "allocations",
                        json_integer((json_int_t)allocations.calls));
    json_object_set_new(result, "allocatedBytes",
                        json_integer((json_int_t)allocations.bytes));
  } else {
    json_object_set_new(result, "allocations", json_null());
    json_object_set_new(result, "allocatedBytes", json_null());
  }
  return result;
}

/* Adds `more` to `total`. */
static void add_allocations(bench_allocations *total, bench_allocations more) {
  total->calls += more.calls;
  total->bytes += more.bytes;
}

/* The timed loop: per frame one step(1/60), then one draw-frame build of
 * the stepped player, each timed and counted on its own. */
static bool measure(anima_player *player, anima_draw_frame *frame,
                    size_t frames, double *step_samples, double *draw_samples,
                    bench_allocations *step_allocations,
                    bench_allocations *draw_allocations) {
  anima_step_result result;
  bool ok = true;
  *step_allocations = *draw_allocations = (bench_allocations){0};
  bench_allocation_take();
  for (size_t i = 0; i < frames; i++) {
    bench_allocation_resume();
    int64_t start = now_nanoseconds();
    ok &= anima_player_step(player, BENCH_STEP, &result) == ANIMA_OK;
    int64_t middle = now_nanoseconds();
    bench_allocation_pause();
    add_allocations(step_allocations, bench_allocation_take());
    bench_allocation_resume();
    int64_t draw_start = now_nanoseconds();
    ok &= anima_draw_frame_build(frame, player) == ANIMA_OK;
    int64_t end = now_nanoseconds();
    bench_allocation_pause();
    add_allocations(draw_allocations, bench_allocation_take());
    step_samples[i] = elapsed_microseconds(start, middle);
    draw_samples[i] = elapsed_microseconds(draw_start, end);
  }
  return ok;
}

static void print_line(const char *label, const json_t *part) {
  char median[32], p95[32];
  snprintf(median, sizeof median, "%.3f",
           json_number_value(json_object_get(part, "medianUs")));
  snprintf(p95, sizeof p95, "%.3f",
           json_number_value(json_object_get(part, "p95Us")));
  printf("  %-11s median %10s µs   p95 %10s µs   ", label, median, p95);
  const json_t *bytes = json_object_get(part, "allocatedBytes");
  if (json_is_integer(bytes)) {
    printf("allocated %lld bytes in %lld calls\n",
           (long long)json_integer_value(bytes),
           (long long)json_integer_value(json_object_get(part, "allocations")));
  } else {
    printf("allocations not counted in this build\n");
  }
}

static void print_text(const json_t *report) {
  char compile[32];
  snprintf(compile, sizeof compile, "%.3f",
           json_number_value(json_object_get(report, "compileMs")));
  printf("%s: compiled in %s ms; %lld frames of step(1/60) after %d warm-up "
         "frames\n",
         json_string_value(json_object_get(report, "file")), compile,
         (long long)json_integer_value(json_object_get(report, "frames")),
         BENCH_WARM_FRAMES);
  print_line("step", json_object_get(report, "step"));
  print_line("draw frame", json_object_get(report, "draw"));
  long long peak = json_integer_value(
      json_object_get(json_object_get(report, "memory"), "peakRssBytes"));
  printf("  peak RSS    %.1f MiB\n", (double)peak / (1024.0 * 1024.0));
}

/* Warms, measures and prints. The interpreter's player is the measured
 * one; `model` is borrowed from the interpreter. */
static int run(const bench_options *options, const anima_model *model,
               anima_player *player, double compile_ms,
               bench_allocations compile_allocations) {
  size_t frames = (size_t)options->frames;
  anima_player *warm = anima_player_create(model);
  anima_draw_frame *frame = NULL;
  double *step_samples = malloc(frames * sizeof *step_samples);
  double *draw_samples = malloc(frames * sizeof *draw_samples);
  anima_status status = anima_draw_frame_create(model, &frame);
  if (status != ANIMA_OK || !warm || !step_samples || !draw_samples) {
    fprintf(
        stderr, "anima bench: cannot prepare %s: %s\n", options->path,
        anima_status_name(status != ANIMA_OK ? status : ANIMA_ERROR_NO_MEMORY));
    anima_player_destroy(warm);
    anima_draw_frame_destroy(frame);
    free(step_samples);
    free(draw_samples);
    return CLI_EXIT_FAILED;
  }
  anima_player_set_reduced_motion(warm, options->script_options.reduced_motion);
  anima_step_result result;
  bool ok = true;
  for (int i = 0; i < BENCH_WARM_FRAMES; i++) {
    ok &= anima_player_step(warm, BENCH_STEP, &result) == ANIMA_OK;
    ok &= anima_draw_frame_build(frame, warm) == ANIMA_OK;
  }
  bench_allocations step_allocations, draw_allocations;
  ok &= measure(player, frame, frames, step_samples, draw_samples,
                &step_allocations, &draw_allocations);
  struct rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  json_t *report = json_object();
  json_t *file = json_string(options->path);
  json_object_set_new(report, "file", file ? file : json_null());
  json_object_set_new(report, "frames", json_integer(options->frames));
  json_object_set_new(report, "warmFrames", json_integer(BENCH_WARM_FRAMES));
  json_object_set_new(report, "compileMs", json_real(compile_ms));
  json_object_set_new(report, "step",
                      summary(step_samples, frames, step_allocations));
  json_object_set_new(report, "draw",
                      summary(draw_samples, frames, draw_allocations));
  json_t *memory = json_object();
  json_object_set_new(
      memory, "kind",
      json_string(bench_allocation_available() ? "malloc" : "unavailable"));
  /* Loading a model allocates it: a count above zero shows the counter
   * is live, so the zeros of the step and draw mean something. */
  json_object_set_new(memory, "compileAllocations",
                      bench_allocation_available()
                          ? json_integer((json_int_t)compile_allocations.calls)
                          : json_null());
  /* ru_maxrss is in kibibytes on Linux. */
  json_object_set_new(memory, "peakRssBytes",
                      json_integer((json_int_t)usage.ru_maxrss * 1024));
  json_object_set_new(report, "memory", memory);
  if (!ok) {
    fprintf(stderr, "anima bench: a step or draw-frame build failed\n");
  } else if (options->format == CLI_FORMAT_JSON) {
    json_print_line(stdout, report);
  } else {
    print_text(report);
  }
  json_decref(report);
  anima_player_destroy(warm);
  anima_draw_frame_destroy(frame);
  free(step_samples);
  free(draw_samples);
  return ok ? CLI_EXIT_OK : CLI_EXIT_FAILED;
}

int anima_command_bench(int argc, char **argv) {
  bench_options options = {.frames = BENCH_DEFAULT_FRAMES};
  int status = parse_arguments(argc, argv, &options);
  if (status != CLI_EXIT_OK) {
    return status < 0 ? CLI_EXIT_OK : status;
  }
  anima_runtime *runtime = cli_runtime_create();
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  anima_model *model = NULL;
  bench_allocation_take();
  bench_allocation_resume();
  int64_t start = now_nanoseconds();
  status = runtime && diagnostics
               ? script_load_model(runtime, options.path, &model, diagnostics)
               : CLI_EXIT_FAILED;
  double compile_ms = elapsed_microseconds(start, now_nanoseconds()) / 1000.0;
  bench_allocation_pause();
  bench_allocations compile_allocations = bench_allocation_take();
  if (status != CLI_EXIT_OK) {
    cli_print_diagnostics_text(stderr, options.path, diagnostics);
    anima_diagnostics_destroy(diagnostics);
    anima_runtime_destroy(runtime);
    return status;
  }
  script_interpreter *interpreter =
      script_interpreter_create(model, &options.script_options);
  if (!interpreter) {
    fprintf(stderr, "anima bench: out of memory\n");
    anima_model_destroy(model);
    status = CLI_EXIT_FAILED;
  } else {
    status = options.script ? apply_script(interpreter, options.script)
                            : CLI_EXIT_OK;
    if (status == CLI_EXIT_OK) {
      status = run(&options, model, script_interpreter_player(interpreter),
                   compile_ms, compile_allocations);
    }
    script_interpreter_destroy(interpreter);
  }
  anima_diagnostics_destroy(diagnostics);
  anima_runtime_destroy(runtime);
  return status;
}
