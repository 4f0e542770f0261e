/*
 * bench_step.c — the player's step (SPEC §7) against the budgets:
 * a bell-like icon (about 10 animated properties) steps in at most 1 µs
 * median; 1 000 players of one model step in at most 2 ms per frame.
 *
 *   bench_step [--frames N]
 *
 * Three measurements, each after 50 warm-up frames of step(1/60):
 *  1. examples/bell.ani ringing (5 eased tracks, two layers, hover
 *     crossfades); the bell is fired again whenever it is not ringing,
 *     outside the timed region; then the bell at rest (asleep);
 *  2. a bell-like loop with 10 animated properties (cubic eases, three
 *     keys each, one event), which never settles;
 *  3. 1 000 players of that loop model, timed per frame (all players).
 * Prints the median and 95th percentile in microseconds.
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
  printf("%-44s median %8.3f µs  p95 %8.3f µs  budget %6.0f µs  %s\n", what,
         median, high, budget, median <= budget ? "ok" : "OVER");
}

static anima_model *load(anima_runtime *runtime, const char *text) {
  anima_model *model = NULL;
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  if (anima_model_load(runtime, text, strlen(text), diagnostics, &model) !=
      ANIMA_OK) {
    const anima_diagnostic *first = anima_diagnostics_get(diagnostics, 0);
    fprintf(stderr, "bench_step: the document does not load: %s %s\n",
            first ? first->code : "?", first ? first->message : "");
    exit(1);
  }
  anima_diagnostics_destroy(diagnostics);
  return model;
}

static char *read_file(const char *path) {
  FILE *file = fopen(path, "rb");
  if (!file) {
    fprintf(stderr, "bench_step: cannot read %s\n", path);
    exit(1);
  }
  char *text = calloc(1, 1 << 20);
  size_t length = fread(text, 1, (1 << 20) - 1, file);
  fclose(file);
  text[length] = '\0';
  return text;
}

/* Ten animated properties over four nodes, looping, cubic-eased. */
static const char bell_like[] =
    "{\"anima\": \"0.1\", \"name\": \"bench\", \"grid\": 20, \"nodes\": ["
    "{\"id\": \"body\", \"type\": \"group\", \"pivot\": [10, 2], "
    "\"children\": [{\"id\": \"clapper\", \"type\": \"circle\", \"center\": "
    "[10, 15], \"r\": 2, \"fill\": {\"color\": \"#000000\"}}]}, {\"id\": "
    "\"wave\", \"type\": \"arc\", \"center\": [10, 8], \"r\": 9, \"from\": "
    "200, \"to\": 240, \"stroke\": {\"color\": \"#d97757\", \"trimEnd\": "
    "0}}, {\"id\": \"dot\", \"type\": \"circle\", \"center\": [15, 4], "
    "\"r\": 3, \"fill\": {\"color\": \"#d97757\"}}], \"timelines\": {\"ring\": "
    "{\"duration\": 1.4, \"loop\": \"loop\", \"tracks\": {"
    "\"body.rotate\": [[0, 0, \"cubic(0.2, 0, 0.3, 1)\"], [0.7, 14, "
    "\"inOut\"], [1.4, 0]],"
    "\"body.scale\": [[0, 1, \"out\"], [0.7, 1.1, \"in\"], [1.4, 1]],"
    "\"clapper.x\": [[0, 0, \"inOut\"], [0.7, -1.2, \"inOut\"], [1.4, 0]],"
    "\"clapper.y\": [[0, 0, \"inOut\"], [0.7, 0.5, \"inOut\"], [1.4, 0]],"
    "\"wave.stroke.trimEnd\": [[0, 0, \"out\"], [0.7, 1, \"inOut\"], [1.4, "
    "0]],"
    "\"wave.opacity\": [[0, 0, \"out\"], [0.7, 1, \"in\"], [1.4, 0]],"
    "\"wave.stroke.width\": [[0, 1, \"out\"], [0.7, 2, \"in\"], [1.4, 1]],"
    "\"dot.scale\": [[0, 0, \"elastic(1, 0.3)\"], [0.7, 1, \"in\"], [1.4, "
    "0]],"
    "\"dot.fill.color\": [[0, \"#d97757\", \"out\"], [0.7, \"#ff0000\", "
    "\"in\"], [1.4, \"#d97757\"]],"
    "\"dot.r\": [[0, 3, \"inOut\"], [0.7, 3.5, \"inOut\"], [1.4, 3]]"
    "}, \"events\": [[0.05, \"ding\"]]}}, \"machine\": {\"layers\": "
    "{\"bell\": {\"initial\": \"ringing\", \"states\": {\"ringing\": "
    "{\"play\": \"ring\"}}}}}}";

int main(int argc, char **argv) {
  size_t frames = 20000;
  if (argc == 3 && strcmp(argv[1], "--frames") == 0) {
    frames = (size_t)strtoul(argv[2], NULL, 10);
  }
  if (frames < 10) {
    frames = 10;
  }
  const double dt = 1.0 / 60;
  anima_runtime *runtime = anima_runtime_create();
  double *samples = malloc(frames * sizeof *samples);
  anima_step_result result;

  /* 1. The bell, kept ringing. */
  char *bell_text = read_file(ANIMA_SOURCE_ROOT "/examples/bell.ani");
  anima_model *bell = load(runtime, bell_text);
  free(bell_text);
  anima_player *player = anima_player_create(bell);
  for (size_t i = 0; i < 50 + frames; i++) {
    if (strcmp(anima_player_layer_state(player, 0), "ringing") != 0) {
      anima_player_fire(player, "ring");
    }
    if (i % 90 == 0) {
      anima_player_set_bool(player, "hover", (i / 90) % 2 == 0);
    }
    double start = now_microseconds();
    anima_player_step(player, dt, &result);
    double elapsed = now_microseconds() - start;
    if (i >= 50) {
      samples[i - 50] = elapsed;
    }
  }
  report("bell.ani ringing, step(1/60)", samples, frames, 1);
  anima_player_destroy(player);

  /* 1b. The bell at rest: a settled player sleeps. */
  player = anima_player_create(bell);
  for (size_t i = 0; i < 50 + frames; i++) {
    double start = now_microseconds();
    anima_player_step(player, dt, &result);
    double elapsed = now_microseconds() - start;
    if (i >= 50) {
      samples[i - 50] = elapsed;
    }
  }
  report("bell.ani settled (asleep), step(1/60)", samples, frames, 1);
  anima_player_destroy(player);

  /* 2. Ten animated properties, looping. */
  anima_model *loop = load(runtime, bell_like);
  player = anima_player_create(loop);
  for (size_t i = 0; i < 50 + frames; i++) {
    double start = now_microseconds();
    anima_player_step(player, dt, &result);
    double elapsed = now_microseconds() - start;
    if (i >= 50) {
      samples[i - 50] = elapsed;
    }
  }
  report("10 animated properties, step(1/60)", samples, frames, 1);
  anima_player_destroy(player);

  /* 3. 1 000 players of one model. */
  enum { player_count = 1000 };
  anima_player **players = malloc(player_count * sizeof *players);
  for (size_t p = 0; p < player_count; p++) {
    players[p] = anima_player_create(loop);
    /* Spread them over the loop so they do not all sample the same key. */
    anima_player_step(players[p], (double)p / player_count * 1.4, &result);
  }
  size_t group_frames = frames / 20 < 100 ? 100 : frames / 20;
  double *frame_samples = malloc(group_frames * sizeof *frame_samples);
  for (size_t i = 0; i < 50 + group_frames; i++) {
    double start = now_microseconds();
    for (size_t p = 0; p < player_count; p++) {
      anima_player_step(players[p], dt, &result);
    }
    double elapsed = now_microseconds() - start;
    if (i >= 50) {
      frame_samples[i - 50] = elapsed;
    }
  }
  report("1000 players of one model, one frame", frame_samples, group_frames,
         2000);
  for (size_t p = 0; p < player_count; p++) {
    anima_player_destroy(players[p]);
  }
  free(players);
  free(frame_samples);
  free(samples);
  anima_model_destroy(loop);
  anima_model_destroy(bell);
  anima_runtime_destroy(runtime);
  return 0;
}
