/*
 * bench_calls.c — a driver for counting the instructions of one call under
 * callgrind (bench/README.md, "Module ABI 2, before and after"). It does no
 * timing; run it twice with different N and subtract, so the setup cancels:
 *
 *   valgrind --tool=callgrind --collect-atstart=no \
 *     --toggle-collect=anima_player_step build/bench/bench_calls bell 3000 \
 *     examples/bell.ani
 *
 *   bell FILE   steps FILE by 1/60 N times, firing "ring" whenever layer 0 is
 *               not in "ringing" and toggling "hover" every 90 steps (as
 *               bench_step's first case);
 *   loop FILE   steps FILE by 1/60 N times;
 *   draw FILE   fires "ring", steps 0.3 s, then builds the draw frame N times
 *               (as bench_draw).
 *
 * It uses only the public API, so the same source builds against older
 * releases for a before/after comparison.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <anima/anima.h>
#include <anima/draw.h>

static char *read_file(const char *path, size_t *length) {
  FILE *file = fopen(path, "rb");
  if (!file) {
    return NULL;
  }
  char *text = NULL;
  if (fseek(file, 0, SEEK_END) == 0) {
    long size = ftell(file);
    if (size >= 0 && fseek(file, 0, SEEK_SET) == 0) {
      text = malloc((size_t)size + 1);
      if (text && fread(text, 1, (size_t)size, file) == (size_t)size) {
        text[size] = '\0';
        *length = (size_t)size;
      } else {
        free(text);
        text = NULL;
      }
    }
  }
  fclose(file);
  return text;
}

int main(int argc, char **argv) {
  if (argc != 4 ||
      (strcmp(argv[1], "bell") != 0 && strcmp(argv[1], "loop") != 0 &&
       strcmp(argv[1], "draw") != 0)) {
    fprintf(stderr, "usage: bench_calls bell|loop|draw N file.ani\n");
    return 2;
  }
  const char *mode = argv[1];
  size_t frames = (size_t)strtoul(argv[2], NULL, 10);
  size_t length = 0;
  char *text = read_file(argv[3], &length);
  if (!text) {
    fprintf(stderr, "bench_calls: cannot read %s\n", argv[3]);
    return 1;
  }
  anima_runtime *runtime = anima_runtime_create();
  anima_model *model = NULL;
  anima_status status = anima_model_load(runtime, text, length, NULL, &model);
  free(text);
  anima_player *player = status == ANIMA_OK ? anima_player_create(model) : NULL;
  if (!player) {
    fprintf(stderr, "bench_calls: %s does not load\n", argv[3]);
    return 1;
  }
  anima_step_result result;
  int exit_status = 0;
  if (strcmp(mode, "bell") == 0) {
    for (size_t i = 0; i < frames; i++) {
      const char *state = anima_player_layer_state(player, 0);
      if (state && strcmp(state, "ringing") != 0) {
        anima_player_fire(player, "ring");
      }
      if (i % 90 == 0) {
        anima_player_set_bool(player, "hover", (i / 90) % 2 == 0);
      }
      anima_player_step(player, 1.0 / 60, &result);
    }
  } else if (strcmp(mode, "loop") == 0) {
    for (size_t i = 0; i < frames; i++) {
      anima_player_step(player, 1.0 / 60, &result);
    }
  } else {
    anima_draw_frame *frame = NULL;
    if (anima_draw_frame_create(model, &frame) != ANIMA_OK) {
      fprintf(stderr, "bench_calls: no draw frame\n");
      exit_status = 1;
    } else {
      anima_player_fire(player, "ring");
      anima_player_step(player, 0.3, &result);
      for (size_t i = 0; i < frames; i++) {
        anima_draw_frame_build(frame, player);
      }
      anima_draw_frame_destroy(frame);
    }
  }
  anima_player_destroy(player);
  anima_model_destroy(model);
  anima_runtime_destroy(runtime);
  return exit_status;
}
