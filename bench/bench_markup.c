/*
 * bench_markup.c — how long compiling the bell's AniML takes (issue 5 item
 * 7: at most 1 ms). Not a timed test: run it by hand
 * (`build/bench/bench_markup`, or `meson test --benchmark`).
 *
 * Input: markup/testdata/bell.animl (the worked example of docs/ANIML.md,
 * the reference examples/bell.ani in AniML). Three figures, each the median
 * and minimum wall time over N runs after 20 warm-up runs:
 *   compile   anima_markup_compile with ANIMA_MARKUP_SYNTAX_ONLY: XML parse,
 *             the registry-driven mapping, the source map and the canonical
 *             `.ani` text (what `anima build` does before validation)
 *   build     anima_markup_compile with validation (the full `anima build`)
 *   decompile anima_markup_decompile of examples/bell.ani, no validation
 * The budget applies to `compile`; `build` is shown against it too.
 *
 * Usage: bench_markup [--runs N]   (default 2000)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <anima/markup.h>

static char *read_file(const char *path, size_t *length) {
  FILE *file = fopen(path, "rb");
  if (!file) {
    fprintf(stderr, "bench_markup: cannot read %s\n", path);
    exit(1);
  }
  fseek(file, 0, SEEK_END);
  long size = ftell(file);
  fseek(file, 0, SEEK_SET);
  char *text = malloc((size_t)size + 1);
  if (!text || fread(text, 1, (size_t)size, file) != (size_t)size) {
    exit(1);
  }
  text[size] = '\0';
  fclose(file);
  *length = (size_t)size;
  return text;
}

static double now_microseconds(void) {
  struct timespec time;
  clock_gettime(CLOCK_MONOTONIC, &time);
  return (double)time.tv_sec * 1e6 + (double)time.tv_nsec / 1e3;
}

static int by_value(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

typedef enum task { TASK_COMPILE, TASK_BUILD, TASK_DECOMPILE } task;

/* One run; exits when the result is not what the bench expects. */
static void run_once(anima_runtime *runtime, task what, const char *text,
                     size_t length) {
  char *out = NULL;
  anima_status status;
  if (what == TASK_DECOMPILE) {
    status = anima_markup_decompile(runtime, text, length,
                                    ANIMA_MARKUP_SYNTAX_ONLY, NULL, &out, NULL);
  } else {
    status = anima_markup_compile(
        runtime, text, length,
        what == TASK_COMPILE ? ANIMA_MARKUP_SYNTAX_ONLY : 0, NULL, &out, NULL);
  }
  if (status != ANIMA_OK) {
    fprintf(stderr, "bench_markup: the bell does not %s (%s)\n",
            what == TASK_DECOMPILE ? "decompile" : "compile",
            anima_status_name(status));
    exit(1);
  }
  anima_markup_free(out);
}

static void measure(anima_runtime *runtime, const char *label, task what,
                    const char *text, size_t length, size_t runs,
                    double budget) {
  double *samples = malloc(runs * sizeof *samples);
  for (size_t i = 0; i < 20; i++) {
    run_once(runtime, what, text, length);
  }
  for (size_t i = 0; i < runs; i++) {
    double start = now_microseconds();
    run_once(runtime, what, text, length);
    samples[i] = now_microseconds() - start;
  }
  qsort(samples, runs, sizeof *samples, by_value);
  double median = samples[runs / 2], minimum = samples[0];
  printf("%-10s median %8.1f us  minimum %8.1f us", label, median, minimum);
  if (budget > 0) {
    printf("  budget %.0f us: %s", budget, median <= budget ? "ok" : "OVER");
  }
  printf("\n");
  free(samples);
}

int main(int argc, char **argv) {
  size_t runs = 2000;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--runs") == 0 && i + 1 < argc) {
      runs = (size_t)strtoul(argv[++i], NULL, 10);
    } else {
      fprintf(stderr, "usage: bench_markup [--runs N]\n");
      return 2;
    }
  }
  if (runs == 0) {
    runs = 1;
  }
  size_t animl_length = 0, json_length = 0;
  char *animl =
      read_file(ANIMA_SOURCE_ROOT "/markup/testdata/bell.animl", &animl_length);
  char *json = read_file(ANIMA_SOURCE_ROOT "/examples/bell.ani", &json_length);
  anima_runtime *runtime = anima_runtime_create();
  printf("bell.animl: %zu bytes, %zu runs\n", animl_length, runs);
  measure(runtime, "compile", TASK_COMPILE, animl, animl_length, runs, 1000);
  measure(runtime, "build", TASK_BUILD, animl, animl_length, runs, 1000);
  measure(runtime, "decompile", TASK_DECOMPILE, json, json_length, runs, 0);
  anima_runtime_destroy(runtime);
  free(animl);
  free(json);
  return 0;
}
