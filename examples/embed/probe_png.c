/*
 * probe_png.c — prints pixels of a PNG file as `#rrggbbaa`, one line per
 * `x,y` argument (non-premultiplied), for the `embed-install` test
 * (check-install.sh) that checks what render_switch wrote. Built like it, with
 * `pkg-config --cflags --libs anima-render` only.
 */
#include <stdio.h>

#include <anima/render_cairo.h>

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: probe_png file.png x,y...\n");
    return 2;
  }
  cairo_surface_t *image = cairo_image_surface_create_from_png(argv[1]);
  if (cairo_surface_status(image) != CAIRO_STATUS_SUCCESS) {
    fprintf(stderr, "%s: %s\n", argv[1],
            cairo_status_to_string(cairo_surface_status(image)));
    cairo_surface_destroy(image);
    return 1;
  }
  /* anima_cairo_probe reads ARGB32; a PNG with alpha loads as that. */
  int status = 0;
  for (int index = 2; index < argc && status == 0; index++) {
    int x = 0, y = 0;
    anima_color color;
    if (sscanf(argv[index], "%d,%d", &x, &y) != 2 ||
        anima_cairo_probe(image, x, y, &color) != ANIMA_OK) {
      fprintf(stderr, "%s: no pixel %s\n", argv[1], argv[index]);
      status = 1;
      break;
    }
    printf("%d,%d #%02x%02x%02x%02x\n", x, y, color.r, color.g, color.b,
           color.a);
  }
  cairo_surface_destroy(image);
  return status;
}
