/*
 * svg_png.c — the PNG bytes of a draw frame's raw pixels, for the `data:`
 * URI of an SVG `<image>` (svg_image.c), encoded with cairo. The only part
 * of the SVG writer that needs cairo: a build without cairo supplies its
 * own svg_png_encode (web/svg_png_web.c).
 */
#include <stdlib.h>

#include <cairo.h>

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
  cairo_surface_t *surface = cairo_image_surface_create(
      CAIRO_FORMAT_ARGB32, pixels->width, pixels->height);
  png_buffer png = {0};
  if (cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS) {
    cairo_surface_flush(surface);
    unsigned char *image = cairo_image_surface_get_data(surface);
    int stride = cairo_image_surface_get_stride(surface);
    for (int y = 0; y < pixels->height; y++) {
      const uint8_t *source = pixels->data + (size_t)y * pixels->stride;
      uint32_t *row = (uint32_t *)(void *)(image + (size_t)y * stride);
      for (int x = 0; x < pixels->width; x++) {
        unsigned alpha = source[4 * x + 3];
        unsigned channel[3];
        for (int c = 0; c < 3; c++) {
          channel[c] = (source[4 * x + c] * alpha + 127) / 255;
        }
        row[x] = (uint32_t)alpha << 24 | channel[0] << 16 | channel[1] << 8 |
                 channel[2];
      }
    }
    cairo_surface_mark_dirty(surface);
  }
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
