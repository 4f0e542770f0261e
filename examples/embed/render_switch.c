/*
 * render_switch.c — rendering with libanima-render, as in the README: load
 * the switch, turn it on, step one second at 60 frames per second (its
 * crossfade to `on` takes 0.25 s), then write the frame as a 48 × 48 PNG
 * and as SVG text. Against an installed Anima:
 *
 *   cc render_switch.c $(pkg-config --cflags --libs anima-render) \
 *     -o render_switch
 *   ./render_switch examples/switch.ani switch-on.png switch-on.svg
 *
 * The build compiles it against the tree, and the `embed-install` test
 * against a staging install (examples/embed/meson.build).
 */
#include <stdio.h>
#include <stdlib.h>

#include <anima/render.h>

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

/* Writes the player's frame as PNG and SVG; returns the exit status. */
static int render(const anima_model *model, const anima_player *player,
                  const char *png_path, const char *svg_path) {
  anima_renderer *renderer = NULL;
  if (anima_renderer_create(model, &renderer) != ANIMA_OK) {
    fprintf(stderr, "cannot draw this document\n");
    return 1;
  }
  anima_render_options options = {.width = 48, .height = 48}; /* pixels */
  anima_status status = anima_render_png(renderer, player, &options, png_path);
  char *svg = NULL;
  size_t svg_length = 0;
  if (status == ANIMA_OK) {
    status = anima_render_svg(renderer, player, &options, &svg, &svg_length);
  }
  FILE *file = status == ANIMA_OK ? fopen(svg_path, "wb") : NULL;
  if (file != NULL) {
    fwrite(svg, 1, svg_length, file);
    status = fclose(file) == 0 ? ANIMA_OK : ANIMA_ERROR_IO;
  }
  if (status != ANIMA_OK || file == NULL) {
    fprintf(stderr, "rendering failed: %s\n", anima_status_name(status));
  } else {
    printf("wrote %s and %s (%zu bytes of SVG)\n", png_path, svg_path,
           svg_length);
  }
  free(svg);
  anima_renderer_destroy(renderer); /* before the model */
  return status == ANIMA_OK && file != NULL ? 0 : 1;
}

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: render_switch switch.ani out.png out.svg\n");
    return 2;
  }
  size_t length = 0;
  char *text = read_file(argv[1], &length);
  if (!text) {
    perror(argv[1]);
    return 2;
  }
  anima_runtime *runtime = anima_runtime_create();
  anima_model *model = NULL;
  int status = 1;
  if (anima_model_load(runtime, text, length, NULL, &model) != ANIMA_OK) {
    fprintf(stderr, "%s: not a valid document (anima validate says why)\n",
            argv[1]);
  } else {
    anima_player *player = anima_player_create(model);
    anima_player_set_bool(player, "on", true);
    anima_step_result result;
    for (int frame = 0; frame < 60; frame++) { /* 1 s at 60 frames/s */
      anima_player_step(player, 1.0 / 60, &result);
    }
    status = render(model, player, argv[2], argv[3]);
    anima_player_destroy(player);
    anima_model_destroy(model);
  }
  anima_runtime_destroy(runtime);
  free(text);
  return status;
}
