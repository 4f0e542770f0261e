/*
 * bench_bind.c — property bindings (SPEC bind) against issue 13's budget:
 * a document with 20 bindings steps in at most 2 µs median, allocating
 * nothing (tests/test_bind.c counts the allocations).
 *
 *   ANIMA_MODULE_PATH=build/modules bench_bind [--frames N]
 *
 * Four nodes with five bound properties each (x, y, rotate, scale,
 * opacity), whose expressions use arithmetic, comparisons, and/or/not,
 * min/max/clamp/mix/floor/mod over three inputs, plus a pose state under
 * them. Every frame writes `level` (outside the timed region) so the
 * player is awake and all 20 bindings evaluate; then step(1/60) is timed
 * after 50 warm-up frames. A settled document (no input write) is timed
 * too: it sleeps. Prints the median and 95th percentile in microseconds.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <anima/anima.h>

static double now_microseconds(void) {
  struct timespec time;
  clock_gettime(CLOCK_MONOTONIC, &time);
  return time.tv_sec * 1e6 + time.tv_nsec / 1e3;
}

static int compare_doubles(const void *left, const void *right) {
  double a = *(const double *)left, b = *(const double *)right;
  return a < b ? -1 : (a > b ? 1 : 0);
}

static void report(const char *what, double *samples, size_t count,
                   double budget) {
  qsort(samples, count, sizeof *samples, compare_doubles);
  double median = samples[count / 2];
  size_t p95 = (size_t)(count * 0.95);
  double high = samples[p95 < count ? p95 : count - 1];
  printf("%-44s median %8.3f µs  p95 %8.3f µs  budget %6.1f µs  %s\n", what,
         median, high, budget, median <= budget ? "ok" : "OVER");
}

#define NODE(id, x)                                                            \
  "{\"id\": \"" id "\", \"type\": \"circle\", \"center\": [" x ", 10], "       \
  "\"r\": 2, \"fill\": {\"color\": \"#000000\"}}"
#define BINDINGS(id)                                                           \
  "\"" id ".x\": \"level * 10 + count\", "                                     \
  "\"" id ".y\": \"mix(0, 20, clamp(level * 2 - 0.5, 0, 1))\", "               \
  "\"" id ".rotate\": \"mod(count * 45 + level * 90, 360) - 180\", "           \
  "\"" id ".scale\": \"max(0.5, min(2, floor(level * 4) / 2 + on))\", "        \
  "\"" id ".opacity\": \"level > 0.5 and not on or count >= 3\""

static const char document[] =
    "{\"anima\": \"0.1\", \"name\": \"bench-bind\", \"grid\": 40, "
    "\"requires\": [\"bind\"], \"inputs\": {\"level\": {\"type\": "
    "\"number\", \"min\": 0, \"max\": 1}, \"count\": {\"type\": "
    "\"number\", "
    "\"default\": 2}, \"on\": {\"type\": \"bool\"}}, \"nodes\": "
    "[" NODE("a", "5") ", " NODE("b", "15") ", " NODE("c", "25") ", " NODE(
        "d", "35") "]"
                   ", \"machine\": {\"layers\": {\"l\": {\"initial\": "
                   "\"s\", \"states\": "
                   "{\"s\": {\"pose\": {\"a.x\": 1, \"b.opacity\": "
                   "0.5}}}}}}"
                   ", \"bind\": {" BINDINGS("a") ", " BINDINGS(
                       "b") ", " BINDINGS("c") ", " BINDINGS("d") "}}";

int main(int argc, char **argv) {
  size_t frames = 20000;
  if (argc == 3 && strcmp(argv[1], "--frames") == 0) {
    frames = (size_t)strtoul(argv[2], NULL, 10);
  }
  if (frames < 10) {
    frames = 10;
  }
  anima_runtime *runtime = anima_runtime_create();
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  anima_model *model = NULL;
  if (anima_runtime_load_required(runtime, document, strlen(document),
                                  diagnostics) != ANIMA_OK ||
      anima_model_load(runtime, document, strlen(document), diagnostics,
                       &model) != ANIMA_OK) {
    const anima_diagnostic *first = anima_diagnostics_get(diagnostics, 0);
    fprintf(stderr,
            "bench_bind: the document does not load (is ANIMA_MODULE_PATH "
            "set to the modules?): %s %s\n",
            first ? first->code : "?", first ? first->message : "");
    return 1;
  }
  double *samples = malloc(frames * sizeof *samples);
  anima_step_result result;
  anima_player *player = anima_player_create(model);
  for (size_t i = 0; i < 50 + frames; i++) {
    anima_player_set_number(player, "level", (double)(i % 100) / 100);
    double start = now_microseconds();
    anima_player_step(player, 1.0 / 60, &result);
    double elapsed = now_microseconds() - start;
    if (i >= 50) {
      samples[i - 50] = elapsed;
    }
  }
  report("20 bindings, an input written, step(1/60)", samples, frames, 2);
  for (size_t i = 0; i < 50 + frames; i++) {
    double start = now_microseconds();
    anima_player_step(player, 1.0 / 60, &result);
    double elapsed = now_microseconds() - start;
    if (i >= 50) {
      samples[i - 50] = elapsed;
    }
  }
  report("20 bindings settled (asleep), step(1/60)", samples, frames, 2);
  anima_player_destroy(player);
  free(samples);
  anima_model_destroy(model);
  anima_diagnostics_destroy(diagnostics);
  anima_runtime_destroy(runtime);
  return 0;
}
