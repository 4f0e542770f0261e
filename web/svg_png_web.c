/*
 * svg_png_web.c — the WebAssembly build's svg_png_encode
 * (backends/svg/svg_internal.h): it has no cairo to encode PNG, so a
 * frame's raw pixels cannot become an SVG `data:` URI there and the SVG
 * text is refused (ANIMA_ERROR_UNSUPPORTED, never a silent gap). Images
 * with an href are written as usual.
 */
#include "svg_internal.h"

anima_status svg_png_encode(const anima_draw_pixels *pixels,
                            unsigned char **data, size_t *size) {
  (void)pixels;
  *data = NULL;
  *size = 0;
  return ANIMA_ERROR_UNSUPPORTED;
}
