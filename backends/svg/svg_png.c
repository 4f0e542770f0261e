/*
 * svg_png.c — the PNG bytes of a draw frame's raw pixels, for the `data:`
 * URI of an SVG `<image>` (svg_image.c), encoded with cairo. The only part
 * of the SVG writer that needs cairo: a build without cairo supplies its
 * own svg_png_encode (web/svg_png_web.c).
 */
#include <stdlib.h>

#include <cairo.h>

#include "pixels_cairo.h"
#include "svg_internal.h"

typedef struct png_buffer {
  unsigned char *data;
  size_t size, capacity;
} png_buffer;

static cairo_status_t append_png(void *closure, const unsigned char *data,
                                 unsigned int length) {
  png_buffer *buffer = closure;
  if (buffer->size + length > buffer->capacity) {
    size_t capacity = buffer->capacity ? buffer->capacity : 4096;
    while (capacity < buffer->size + length) {
      capacity *= 2;
    }
    unsigned char *grown = realloc(buffer->data, capacity);
    if (grown == NULL) {
      return CAIRO_STATUS_NO_MEMORY;
    }
    buffer->data = grown;
    buffer->capacity = capacity;
  }
  for (unsigned int index = 0; index < length; index++) {
    buffer->data[buffer->size++] = data[index];
  }
  return CAIRO_STATUS_SUCCESS;
}

anima_status svg_png_encode(const anima_draw_pixels *pixels,
                            unsigned char **data, size_t *size) {
  *data = NULL;
  *size = 0;
  anima_status status = ANIMA_OK;
  cairo_surface_t *surface = anima_pixels_cairo_surface(pixels);
  png_buffer png = {0};
  if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS ||
      cairo_surface_write_to_png_stream(surface, append_png, &png) !=
          CAIRO_STATUS_SUCCESS) {
    status = ANIMA_ERROR_NO_MEMORY;
    free(png.data);
  } else {
    *data = png.data;
    *size = png.size;
  }
  cairo_surface_destroy(surface);
  return status;
}
