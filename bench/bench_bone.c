/*
 * bench_bone.c — one OpenBone frame on the issue 17 skeleton
 * (bench/bone-60.obone, written by bench/bone_document.py): 60 bones, two
 * IK constraints, one transform, one physics constraint, 20 weighted mesh
 * attachments, two mixing tracks (walk looping on track 0, wave looping on
 * track 1 at alpha 0.5, with a cross-fade into walk again every 120
 * frames). A frame is anima_bone_instance_advance(1/60) (update, setup
 * pose, apply, world transforms with every constraint) and
 * anima_bone_draw_list. Prints the median and p95 per frame and the
 * allocations counted after the first frame (tools/anima/bench.h's
 * counting allocator), and whether the budget holds: ≤ 20 µs median, 0
 * allocations.
 *
 *   build/bench/bench_bone [--frames N] [file.obone]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "anima/openbone.h"
#include "bench.h"

static double now_microseconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e6 + (double)t.tv_nsec / 1e3;
}

static int compare(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static char *read_file(const char *path, size_t *length) {
  FILE *file = fopen(path, "rb");
  if (file == NULL) {
    return NULL;
  }
  fseek(file, 0, SEEK_END);
  long size = ftell(file);
  fseek(file, 0, SEEK_SET);
  char *text = malloc((size_t)size + 1);
  if (text && fread(text, 1, (size_t)size, file) != (size_t)size) {
    free(text);
    text = NULL;
  }
  fclose(file);
  *length = (size_t)size;
  return text;
}

int main(int argc, char **argv) {
  size_t frames = 20000;
  const char *path = ANIMA_SOURCE_ROOT "/bench/bone-60.obone";
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--frames") == 0 && i + 1 < argc) {
      frames = (size_t)strtoul(argv[++i], NULL, 10);
    } else {
      path = argv[i];
    }
  }
  if (frames < 10) {
    frames = 10;
  }
  size_t length = 0;
  char *text = read_file(path, &length);
  anima_bone_model *model = NULL;
  if (text == NULL ||
      anima_bone_model_load(text, length, NULL, &model) != ANIMA_OK) {
    fprintf(stderr, "bench_bone: cannot load %s\n", path);
    free(text);
    return 1;
  }
  free(text);
  anima_bone_instance *instance = NULL;
  if (anima_bone_instance_create(model, &instance) != ANIMA_OK) {
    return 1;
  }
  long walk = anima_bone_model_find_animation(model, "walk");
  long wave = anima_bone_model_find_animation(model, "wave");
  anima_bone_set_animation(instance, 0, walk, true, 0.2);
  anima_bone_set_animation(instance, 1, wave, true, 0.2);
  anima_bone_track_set(instance, 1, ANIMA_BONE_TRACK_ALPHA, 0.5);
  double *samples = malloc(frames * sizeof *samples);
  const double dt = 1.0 / 60;
  size_t items = 0, warm = 50;
  bench_allocations counted = {0, 0};
  for (size_t i = 0; i < warm + frames; i++) {
    if (i % 120 == 119) { /* a cross-fade: two entries mixing on track 0 */
      anima_bone_set_animation(instance, 0, walk, true, 0.3);
    }
    if (i > 0) {
      bench_allocation_resume();
    }
    double start = now_microseconds();
    anima_bone_instance_advance(instance, dt);
    const anima_bone_draw_item *list = NULL;
    items = anima_bone_draw_list(instance, &list);
    double elapsed = now_microseconds() - start;
    bench_allocation_pause();
    bench_allocations taken = bench_allocation_take();
    counted.calls += taken.calls;
    counted.bytes += taken.bytes;
    anima_bone_events_clear(instance);
    if (i >= warm) {
      samples[i - warm] = elapsed;
    }
  }
  qsort(samples, frames, sizeof *samples, compare);
  double median = samples[frames / 2], p95 = samples[frames * 95 / 100];
  printf("bone-60.obone: %zu draw items, advance(1/60) + draw list\n", items);
  printf("  median %.2f µs, p95 %.2f µs, min %.2f µs over %zu frames "
         "(budget 20 µs median): %s\n",
         median, p95, samples[0], frames, median <= 20 ? "ok" : "OVER");
  /* The counter sees the libraries' allocations: one malloc through the
   * model loader (libanima-openbone) must count. */
  bench_allocation_resume();
  anima_bone_model *probe = NULL;
  anima_bone_model_load("{}", 2, NULL, &probe);
  bench_allocation_pause();
  size_t probe_calls = bench_allocation_take().calls;
  anima_bone_model_destroy(probe);
  if (bench_allocation_available() && probe_calls == 0) {
    printf("  allocation counter saw nothing in a load: counts unreliable\n");
  } else if (bench_allocation_available()) {
    printf("  allocations after the first frame: %zu calls, %zu bytes "
           "(budget 0): %s\n",
           counted.calls, counted.bytes, counted.calls == 0 ? "ok" : "OVER");
  } else {
    printf("  allocations: not counted in this build (sanitizer)\n");
  }
  free(samples);
  anima_bone_instance_destroy(instance);
  anima_bone_model_destroy(model);
  return 0;
}
