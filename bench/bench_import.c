/*
 * bench_import.c — how the SVG importer (`anima import`,
 * tools/anima/import_svg*.c) scales with the number of elements (issue 10
 * F2: ids and element paths cost a scan of everything before, so 8 000
 * circles without an id took 9.6 s and 100 000 over a minute). Not a timed
 * test: run it by hand (`build/bench/bench_import`, or `meson test
 * --benchmark`).
 *
 * Input: generated SVGs of N circles without an id (each gets
 * `circle-<n>` and the element path `/svg/circle[n]`), N = 2 000 and
 * 16 000, and one at the entity bound (1 024 references to a 64-byte
 * entity in one attribute: 65 536 bytes, the most the importer expands).
 * Each is imported R times (import_svg_file, no validation); the figures
 * are the median time per import and per element. Budgets: 16 000
 * circles in 1 s, and a cost per element at 16 000 at most twice that at
 * 2 000 (linear; quadratic code makes it 8 times).
 *
 * Usage: bench_import [--runs R]   (default 5)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "import_svg.h"

static double now_seconds(void) {
  struct timespec time;
  clock_gettime(CLOCK_MONOTONIC, &time);
  return (double)time.tv_sec + (double)time.tv_nsec * 1e-9;
}

static int compare_doubles(const void *a, const void *b) {
  double left = *(const double *)a, right = *(const double *)b;
  return (left > right) - (left < right);
}

/* Writes `text` to a temporary file; returns its path (caller frees). */
static char *write_temporary(const char *text) {
  char *path = strdup("/tmp/anima-bench-import-XXXXXX");
  int descriptor = path ? mkstemp(path) : -1;
  FILE *file = descriptor >= 0 ? fdopen(descriptor, "w") : NULL;
  if (!file || fputs(text, file) < 0 || fclose(file) != 0) {
    fprintf(stderr, "bench_import: cannot write a temporary file\n");
    exit(1);
  }
  return path;
}

static char *circles(size_t count) {
  char *svg = malloc(128 + count * 32);
  if (!svg) {
    exit(1);
  }
  strcpy(svg, "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 "
              "24\">");
  size_t length = strlen(svg);
  for (size_t i = 0; i < count; i++) {
    length += (size_t)sprintf(svg + length, "<circle cx=\"1\" r=\"1\"/>");
  }
  strcpy(svg + length, "</svg>");
  return svg;
}

static char *entities(void) {
  char *svg = malloc(512 + 1024 * 3);
  if (!svg) {
    exit(1);
  }
  strcpy(svg, "<?xml version=\"1.0\"?><!DOCTYPE svg [<!ENTITY a \"");
  size_t length = strlen(svg);
  memset(svg + length, 'A', 64);
  length += 64;
  length += (size_t)sprintf(svg + length,
                            "\">]><svg xmlns=\"http://www.w3.org/2000/svg\" "
                            "viewBox=\"0 0 24 24\"><path class=\"");
  for (int i = 0; i < 1024; i++) {
    length += (size_t)sprintf(svg + length, "&a;");
  }
  strcpy(svg + length, "\" d=\"M1 1L5 5\" stroke=\"red\"/></svg>");
  return svg;
}

/* Median seconds per import of `svg` over `runs`. */
static double time_import(const char *svg, long runs) {
  char *path = write_temporary(svg);
  double *samples = malloc((size_t)runs * sizeof *samples);
  for (long run = 0; run < runs; run++) {
    anima_diagnostics *diagnostics = anima_diagnostics_create();
    char *text = NULL;
    double start = now_seconds();
    bool ok = import_svg_file(path, &text, diagnostics);
    samples[run] = now_seconds() - start;
    if (!ok) {
      fprintf(stderr, "bench_import: the import failed: %s\n",
              anima_diagnostics_count(diagnostics)
                  ? anima_diagnostics_get(diagnostics, 0)->message
                  : "?");
      exit(1);
    }
    free(text);
    anima_diagnostics_destroy(diagnostics);
  }
  qsort(samples, (size_t)runs, sizeof *samples, compare_doubles);
  double median = samples[runs / 2];
  free(samples);
  unlink(path);
  free(path);
  return median;
}

int main(int argc, char **argv) {
  long runs = 5;
  if (argc == 3 && strcmp(argv[1], "--runs") == 0) {
    runs = strtol(argv[2], NULL, 10);
  }
  if (runs < 1 || (argc != 1 && argc != 3)) {
    fprintf(stderr, "usage: bench_import [--runs R]\n");
    return 2;
  }
  const size_t sizes[2] = {2000, 16000};
  double per_element[2];
  for (int i = 0; i < 2; i++) {
    char *svg = circles(sizes[i]);
    double seconds = time_import(svg, runs);
    free(svg);
    per_element[i] = seconds / (double)sizes[i];
    printf("%6zu circles without id   median %9.3f ms  %7.3f us/element%s\n",
           sizes[i], seconds * 1e3, per_element[i] * 1e6,
           i == 1 ? (seconds <= 1 ? "  budget 1 s: within"
                                  : "  budget 1 s: OVER BUDGET")
                  : "");
  }
  double growth = per_element[1] / per_element[0];
  printf("cost per element, 16000 / 2000: %.2f  budget 2: %s\n", growth,
         growth <= 2 ? "within" : "OVER BUDGET");
  char *svg = entities();
  printf("1024 entity references, 64 KiB  median %9.3f ms\n",
         time_import(svg, runs) * 1e3);
  free(svg);
  return 0;
}
