/*
 * svg_scenes.c — writes every scene of draw_scenes.h (one per draw frame v2
 * primitive) as `<dir>/<name>.svg` (the SVG backend) and `<dir>/<name>.png`
 * (the cairo backend), both 160 × 160 (16 pixels a unit, so texel edges fall on
 * pixel edges), and prints the names, for tests/svg_chromium.sh to open in
 * headless Chromium and compare.
 *
 * usage: svg_scenes <dir>
 */
#include <stdio.h>
#include <stdlib.h>

#include <anima/render_cairo.h>

/* draw_fixture.h asserts with Criterion; here a failed assertion cannot
 * happen for the fixed scenes, so its macros only need to compile. */
#include <criterion/criterion.h>

#include "draw_scenes.h"

static int write_scene(const char *dir, const draw_scene *scene) {
  fixture f;
  scene->build(&f);
  char path[4096];
  anima_render_options options = {.width = 160, .height = 160};
  snprintf(path, sizeof path, "%s/%s.svg", dir, scene->name);
  FILE *out = fopen(path, "w");
  if (out == NULL) {
    perror(path);
    return 1;
  }
  anima_status status = anima_svg_write(&f.frame, &options, out);
  fclose(out);
  if (status != ANIMA_OK) {
    fprintf(stderr, "%s: svg: %s\n", scene->name, anima_status_name(status));
    return 1;
  }
  anima_renderer *renderer = NULL;
  cairo_surface_t *surface =
      cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 160, 160);
  if (anima_renderer_create(NULL, &renderer) != ANIMA_OK ||
      anima_cairo_render(renderer, &f.frame, &options, surface) != ANIMA_OK) {
    fprintf(stderr, "%s: cairo failed\n", scene->name);
    return 1;
  }
  snprintf(path, sizeof path, "%s/%s.png", dir, scene->name);
  cairo_status_t written = cairo_surface_write_to_png(surface, path);
  cairo_surface_destroy(surface);
  anima_renderer_destroy(renderer);
  fixture_release(&f);
  if (written != CAIRO_STATUS_SUCCESS) {
    fprintf(stderr, "%s: png not written\n", path);
    return 1;
  }
  printf("%s\n", scene->name);
  return 0;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: svg_scenes <dir>\n");
    return 2;
  }
  int failures = 0;
  for (size_t index = 0; index < DRAW_SCENE_COUNT; index++) {
    failures += write_scene(argv[1], &draw_scenes[index]);
  }
  return failures > 0 ? 1 : 0;
}
