/*
 * bench_validate.c — how long the strict loader takes on a 1 MiB document
 * (issue 2 item 7: under 50 ms). Not a timed test: run it by hand
 * (`build/bench/bench_validate`, or `meson test --benchmark`).
 *
 * The document is generated to just under the §2 limit of 1 MiB and close
 * to the other §2 limits: 2 000 nodes (groups of painted circles, rects,
 * arcs and glyph paths), 19 000 keyframes with eases, glyph path data,
 * inputs, listeners and a machine of 60 layers with conditions and poses,
 * so every pass of the validator has work to do. It must validate with
 * no error (checked).
 *
 * Usage: bench_validate [--runs N] [--write FILE]
 *   prints the document size and the median and minimum wall time and
 *   process CPU time of anima_document_validate (JSON parse + validation +
 *   freeing the parsed JSON) over N runs (default 30); --write also saves
 *   the document (for `anima validate`).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <anima/anima.h>

#define TARGET_BYTES (1024 * 1024 - 64)

typedef struct buffer {
  char *data;
  size_t length, capacity;
} buffer;

static void append(buffer *b, const char *format, ...) {
  for (;;) {
    va_list arguments;
    va_start(arguments, format);
    int written =
        vsnprintf(b->data ? b->data + b->length : NULL,
                  b->data ? b->capacity - b->length : 0, format, arguments);
    va_end(arguments);
    if (written < 0) {
      abort();
    }
    if (b->data && b->length + (size_t)written < b->capacity) {
      b->length += (size_t)written;
      return;
    }
    b->capacity = (b->capacity + (size_t)written + 1) * 2;
    b->data = realloc(b->data, b->capacity);
    if (!b->data) {
      abort();
    }
  }
}

/* A glyph of `rings` closed subpaths, absolute M L C Z like Glyphy's. */
static void glyph(buffer *b, size_t index, size_t rings) {
  append(b, "%s\"g%zu\": {\"source\": \"bench\", \"d\": \"", index ? ", " : "",
         index);
  for (size_t r = 0; r < rings; r++) {
    double x = 2 + (double)(r % 7), y = 2 + (double)(r % 5);
    append(b, "M%.3f %.3fC%.3f %.3f %.3f %.3f %.3f %.3fL%.3f %.3fZ", x, y,
           x + 1.25, y - 0.5, x + 2.5, y + 0.75, x + 3, y + 2, x, y + 3);
  }
  append(b, "\"}");
}

static void node(buffer *b, size_t index) {
  switch (index % 4) {
  case 0:
    append(b,
           "{\"id\": \"n%zu\", \"type\": \"circle\", \"center\": [10, 10], "
           "\"r\": 3, \"pivot\": [10, 10], \"fill\": {\"color\": \"ink\"}}",
           index);
    break;
  case 1:
    append(b,
           "{\"id\": \"n%zu\", \"type\": \"rect\", \"x0\": 2, \"y0\": 2, "
           "\"w\": 6, \"h\": 4, \"rx\": 1, \"stroke\": {\"color\": "
           "\"#d97757\", \"width\": 1.5, \"trimEnd\": 0.5}}",
           index);
    break;
  case 2:
    append(b,
           "{\"id\": \"n%zu\", \"type\": \"arc\", \"center\": [10, 10], "
           "\"r\": 8, \"from\": 0, \"to\": 270, \"stroke\": {\"color\": "
           "\"#000\"}}",
           index);
    break;
  default:
    append(b,
           "{\"id\": \"n%zu\", \"type\": \"path\", \"glyph\": \"g%zu\", "
           "\"subpaths\": [0], \"fill\": {\"color\": \"#123\", \"rule\": "
           "\"evenodd\"}}",
           index, index % 40);
    break;
  }
}

static char *generate(size_t *length) {
  buffer b = {0};
  append(&b, "{\"anima\": \"0.1\", \"name\": \"bench\", \"grid\": 20, "
             "\"viewBox\": [-2, -2, 24, 24], \"colors\": {\"ink\": "
             "\"currentColor\"}, \"inputs\": {\"tap\": {\"type\": "
             "\"trigger\"}, \"hover\": {\"type\": \"bool\"}, \"level\": "
             "{\"type\": \"number\", \"min\": 0, \"max\": 1}}, ");
  append(&b, "\"glyphs\": {");
  for (size_t i = 0; i < 40; i++) {
    glyph(&b, i, 24);
  }
  append(&b, "}, \"nodes\": [");
  /* 2 000 nodes: 400 groups of 4 painted nodes. */
  for (size_t g = 0; g < 400; g++) {
    append(&b, "%s{\"id\": \"group%zu\", \"type\": \"group\", \"children\": [",
           g ? ", " : "", g);
    for (size_t i = 0; i < 4; i++) {
      append(&b, "%s", i ? ", " : "");
      node(&b, g * 4 + i);
    }
    append(&b, "]}");
  }
  append(&b, "], \"listeners\": [{\"on\": \"click\", \"fire\": \"tap\"}, "
             "{\"on\": \"enter\", \"target\": \"n0\", \"set\": {\"hover\": "
             "true, \"level\": 1}}], \"timelines\": {");
  /* 19 000 keyframes: 950 tracks of 20 keys, 10 timelines. */
  static const char *const properties[] = {"rotate", "x", "scale", "opacity"};
  for (size_t t = 0; t < 10; t++) {
    append(&b,
           "%s\"t%zu\": {\"duration\": 2, \"events\": [[0, \"start\"], "
           "[2, \"stop\"]], \"tracks\": {",
           t ? ", " : "", t);
    for (size_t k = 0; k < 95; k++) {
      size_t index = t * 95 + k;
      append(&b, "%s\"n%zu.%s\": [", k ? ", " : "", index,
             properties[index % 4]);
      for (size_t key = 0; key < 20; key++) {
        append(&b, "%s[%.2f, %zu%s]", key ? ", " : "", 0.1 * (double)key,
               key % 3, key % 2 ? ", \"cubic(0.2, 0, 0.3, 1)\"" : "");
      }
      append(&b, "]");
    }
    append(&b, "}}");
  }
  append(&b, "}, \"machine\": {\"layers\": {");
  for (size_t l = 0; l < 60; l++) {
    append(&b,
           "%s\"l%zu\": {\"initial\": \"idle\", \"states\": {"
           "\"idle\": {\"pose\": {\"n%zu.x\": 0, \"n%zu.visible\": true}, "
           "\"on\": [{\"when\": \"tap && !hover && level >= 0.5\", "
           "\"to\": \"run\", \"blend\": 0.2, \"ease\": \"inOut\"}]}, "
           "\"run\": {\"play\": \"t%zu\", \"on\": [{\"when\": \"@end\", "
           "\"to\": \"idle\"}]}}}",
           l ? ", " : "", l, l, l, l % 10);
  }
  append(&b, "}}, \"meta\": {\"padding\": \"");
  if (b.length + 4 < TARGET_BYTES) {
    size_t padding = TARGET_BYTES - 4 - b.length;
    char *spaces = malloc(padding + 1);
    if (!spaces) {
      abort();
    }
    memset(spaces, 'x', padding);
    spaces[padding] = '\0';
    append(&b, "%s", spaces);
    free(spaces);
  }
  append(&b, "\"}}");
  *length = b.length;
  return b.data;
}

static double seconds(clockid_t clock) {
  struct timespec now;
  clock_gettime(clock, &now);
  return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}

static int compare_doubles(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int main(int argc, char **argv) {
  int runs = 30;
  const char *write_path = NULL;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--runs") == 0 && i + 1 < argc) {
      runs = atoi(argv[++i]);
    } else if (strcmp(argv[i], "--write") == 0 && i + 1 < argc) {
      write_path = argv[++i];
    } else {
      fprintf(stderr, "usage: bench_validate [--runs N] [--write FILE]\n");
      return 2;
    }
  }
  if (runs < 1) {
    runs = 1;
  }
  size_t length = 0;
  char *text = generate(&length);
  if (write_path) {
    FILE *file = fopen(write_path, "wb");
    if (!file || fwrite(text, 1, length, file) != length) {
      fprintf(stderr, "bench_validate: cannot write %s\n", write_path);
      return 1;
    }
    fclose(file);
  }
  anima_runtime *runtime = anima_runtime_create();
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  double *times = calloc((size_t)runs, sizeof *times);
  double *cpu_times = calloc((size_t)runs, sizeof *cpu_times);
  if (!runtime || !diagnostics || !times || !cpu_times) {
    return 1;
  }
  for (int run = 0; run < runs; run++) {
    anima_diagnostics_clear(diagnostics);
    double start = seconds(CLOCK_MONOTONIC);
    double cpu_start = seconds(CLOCK_PROCESS_CPUTIME_ID);
    anima_status status =
        anima_document_validate(runtime, text, length, diagnostics);
    times[run] = seconds(CLOCK_MONOTONIC) - start;
    cpu_times[run] = seconds(CLOCK_PROCESS_CPUTIME_ID) - cpu_start;
    if (status != ANIMA_OK || anima_diagnostics_count(diagnostics) != 0) {
      const anima_diagnostic *d = anima_diagnostics_get(diagnostics, 0);
      fprintf(stderr,
              "bench_validate: the generated document is invalid: "
              "%s %s %s\n",
              d ? d->pointer : "", d ? d->code : "", d ? d->message : "");
      return 1;
    }
  }
  qsort(times, (size_t)runs, sizeof *times, compare_doubles);
  qsort(cpu_times, (size_t)runs, sizeof *cpu_times, compare_doubles);
  printf("{\"bytes\": %zu, \"runs\": %d, \"medianMs\": %.2f, \"minMs\": "
         "%.2f, \"cpuMedianMs\": %.2f, \"cpuMinMs\": %.2f, \"budgetMs\": "
         "50}\n",
         length, runs, times[runs / 2] * 1e3, times[0] * 1e3,
         cpu_times[runs / 2] * 1e3, cpu_times[0] * 1e3);
  free(times);
  free(cpu_times);
  free(text);
  anima_diagnostics_destroy(diagnostics);
  anima_runtime_destroy(runtime);
  return 0;
}
