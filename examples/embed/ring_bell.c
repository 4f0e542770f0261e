/*
 * ring_bell.c — embedding libanima, as in the README: load a `.ani`
 * document, fire the bell's `ring` trigger, step one second at 60 frames
 * per second, print the events each frame reports and the swing angle at
 * the end, then free everything. The build compiles it against the tree
 * (examples/embed/meson.build); against an installed Anima:
 *
 *   cc ring_bell.c $(pkg-config --cflags --libs anima) -o ring_bell
 *   ./ring_bell examples/bell.ani
 */
#include <stdio.h>
#include <stdlib.h>

#include <anima/anima.h>

/* Reads a whole file; NULL when it cannot. The caller frees it. */
static char *read_file(const char *path, size_t *length) {
  FILE *file = fopen(path, "rb");
  if (!file) {
    return NULL;
  }
  size_t capacity = 1 << 16, used = 0, read = 0;
  char *text = malloc(capacity);
  while (text && (read = fread(text + used, 1, capacity - used, file)) > 0) {
    used += read;
    if (used == capacity) {
      capacity *= 2;
      char *grown = realloc(text, capacity);
      if (!grown) {
        free(text);
      }
      text = grown;
    }
  }
  fclose(file);
  *length = used;
  return text;
}

int main(int argc, char **argv) {
  const char *path = argc > 1 ? argv[1] : "examples/bell.ani";
  size_t length = 0;
  char *text = read_file(path, &length);
  if (!text) {
    perror(path);
    return 2;
  }
  anima_runtime *runtime = anima_runtime_create(); /* the core 0.1 format */
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  anima_model *model = NULL;
  int status = 0;
  if (anima_model_load(runtime, text, length, diagnostics, &model) !=
      ANIMA_OK) {
    /* Every problem is in diagnostics: code, pointer, message, hint. */
    for (size_t i = 0; i < anima_diagnostics_count(diagnostics); i++) {
      const anima_diagnostic *problem = anima_diagnostics_get(diagnostics, i);
      fprintf(stderr, "%s: %s: %s: %s\n", path, problem->pointer, problem->code,
              problem->message);
    }
    status = 1;
  } else {
    anima_player *player = anima_player_create(model); /* one per icon */
    anima_player_fire(player, "ring");
    anima_step_result result = {0};
    for (int frame = 0; frame < 60; frame++) {
      anima_player_step(player, 1.0 / 60, &result); /* allocates nothing */
      for (size_t i = 0; i < result.event_count; i++) {
        printf("frame %d: event %s\n", frame, result.events[i].name);
      }
    }
    anima_value angle;
    anima_player_read(player, "swing.rotate", &angle);
    printf("after 1 s: swing.rotate %g, settled %s\n", angle.as.number,
           result.settled ? "yes" : "no");
    anima_player_destroy(player);
    anima_model_destroy(model); /* after its players */
  }
  anima_diagnostics_destroy(diagnostics);
  anima_runtime_destroy(runtime); /* after its models */
  free(text);
  return status;
}
