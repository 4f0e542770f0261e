/*
 * import_svg_colors.c — SVG colour keywords for `anima import`: the CSS
 * named colours live in the library (anima_css_color_name, format.h).
 */
#include <anima/format.h>

#include "import_svg.h"

bool import_svg_named_color(const char *name, size_t length, uint32_t *rgb) {
  anima_color color;
  if (!anima_css_color_name(name, length, &color)) {
    return false;
  }
  *rgb = (uint32_t)color.r << 16 | (uint32_t)color.g << 8 | color.b;
  return true;
}
