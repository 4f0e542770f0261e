/*
 * bench_draw.c — how long building the draw frame of the bell takes
 * (budget 2 µs) and how long rasterising it at 256×256 with cairo takes
 * without PNG encoding (budget 1 ms) (issue 4, bench/README.md). Not a
 * timed test: run it by hand (`build/bench/bench_draw`, or `meson test
 * --benchmark`).
 *
 * The bell (examples/bell.ani) is rung and stepped 0.3 s in, so the swing,
 * the clapper, both trimmed waves and the scaled knockout dot are all
 * visible: every item kind and both opacity-free layer paths are drawn.
 *
 * Usage: bench_draw [--frames N] [--set NAME] [--at SECONDS]
 *                   [--budgets DRAW_US RASTER_US] [file.ani]
 *   prints the median and minimum time per anima_draw_frame_build and per
 *   anima_cairo_render over N frames each (default 2000 and 200), after
 *   warming up 50 frames, and whether each is within its budget. The
 *   modules the document requires are loaded first (ANIMA_MODULE_PATH, then
 *   the install directory). The measured player has the trigger `ring`
 *   fired, or with --set the bool input NAME set true, and is stepped
 *   SECONDS in (default 0.3). --budgets replaces the bell's budgets (2 µs
 *   and 1000 µs) the medians are compared with.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <anima/draw.h>

#include <anima/render_cairo.h>

static double now_seconds(void) {
  struct timespec time;
  clock_gettime(CLOCK_MONOTONIC, &time);
  return (double)time.tv_sec + (double)time.tv_nsec * 1e-9;
}

static int compare_doubles(const void *a, const void *b) {
  double left = *(const double *)a, right = *(const double *)b;
  return (left > right) - (left < right);
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
  if (text != NULL && fread(text, 1, (size_t)size, file) != (size_t)size) {
    free(text);
    text = NULL;
  }
  fclose(file);
  if (text != NULL) {
    text[size] = '\0';
    *length = (size_t)size;
  }
  return text;
}

/* Median and minimum of `count` samples (sorted in place), in µs. */
static void report(const char *what, double *samples, size_t count,
                   double budget_microseconds) {
  qsort(samples, count, sizeof *samples, compare_doubles);
  double median = samples[count / 2] * 1e6;
  double minimum = samples[0] * 1e6;
  printf("%-28s median %9.3f us  min %9.3f us  budget %7.1f us  %s\n", what,
         median, minimum, budget_microseconds,
         median <= budget_microseconds ? "within" : "OVER BUDGET");
}

int main(int argc, char **argv) {
  long frames = 2000;
  const char *path = ANIMA_SOURCE_ROOT "/examples/bell.ani";
  const char *bool_input = NULL;
  double at = 0.3;
  double draw_budget = 2, raster_budget = 1000;
  for (int index = 1; index < argc; index++) {
    if (strcmp(argv[index], "--frames") == 0 && index + 1 < argc) {
      frames = strtol(argv[++index], NULL, 10);
    } else if (strcmp(argv[index], "--set") == 0 && index + 1 < argc) {
      bool_input = argv[++index];
    } else if (strcmp(argv[index], "--at") == 0 && index + 1 < argc) {
      at = strtod(argv[++index], NULL);
    } else if (strcmp(argv[index], "--budgets") == 0 && index + 2 < argc) {
      draw_budget = strtod(argv[++index], NULL);
      raster_budget = strtod(argv[++index], NULL);
    } else {
      path = argv[index];
    }
  }
  if (frames < 10) {
    frames = 10;
  }
  size_t length = 0;
  char *text = read_file(path, &length);
  if (text == NULL) {
    fprintf(stderr, "bench_draw: cannot read %s\n", path);
    return 1;
  }
  anima_runtime *runtime = anima_runtime_create();
  anima_model *model = NULL;
  if (anima_runtime_load_required(runtime, text, length, NULL) != ANIMA_OK) {
    fprintf(stderr, "bench_draw: a module %s requires does not load\n", path);
    return 1;
  }
  if (anima_model_load(runtime, text, length, NULL, &model) != ANIMA_OK) {
    fprintf(stderr, "bench_draw: %s does not load\n", path);
    return 1;
  }
  free(text);
  anima_player *player = anima_player_create(model);
  anima_draw_frame *frame = NULL;
  anima_renderer *renderer = NULL;
  anima_renderer_create(NULL, &renderer);
  if (player == NULL || renderer == NULL ||
      anima_draw_frame_create(model, &frame) != ANIMA_OK) {
    fprintf(stderr, "bench_draw: out of memory\n");
    return 1;
  }
  anima_step_result result;
  if (bool_input) {
    anima_player_set_bool(player, bool_input, true);
  } else {
    anima_player_fire(player, "ring");
  }
  anima_player_step(player, 0, &result);
  anima_player_step(player, at, &result);

  double *samples = malloc((size_t)frames * sizeof *samples);
  for (int warm = 0; warm < 50; warm++) {
    anima_draw_frame_build(frame, player);
  }
  for (long index = 0; index < frames; index++) {
    double start = now_seconds();
    anima_draw_frame_build(frame, player);
    samples[index] = now_seconds() - start;
  }
  printf("%s: %zu draw items\n", path, frame->item_count);
  report("draw frame build", samples, (size_t)frames, draw_budget);

  anima_render_options options = {
      .width = 256, .height = 256, .fit = ANIMA_FIT_CONTAIN, .scale = 1};
  cairo_surface_t *surface =
      cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 256, 256);
  long raster_frames = frames / 10;
  for (int warm = 0; warm < 50; warm++) {
    anima_cairo_render(renderer, frame, &options, surface);
  }
  for (long index = 0; index < raster_frames; index++) {
    double start = now_seconds();
    anima_cairo_render(renderer, frame, &options, surface);
    samples[index] = now_seconds() - start;
  }
  report("cairo raster 256x256", samples, (size_t)raster_frames, raster_budget);

  free(samples);
  cairo_surface_destroy(surface);
  anima_renderer_destroy(renderer);
  anima_draw_frame_destroy(frame);
  anima_player_destroy(player);
  anima_model_destroy(model);
  anima_runtime_destroy(runtime);
  return 0;
}
