/* color.c — colour strings of SPEC §6 (color.h). */
#include <string.h>

#include "color.h"
#include "text.h"

static int hex_value(char c) {
  if (c >= '0' && c <= '9') {
    return c - '0';
  }
  if (c >= 'a' && c <= 'f') {
    return c - 'a' + 10;
  }
  if (c >= 'A' && c <= 'F') {
    return c - 'A' + 10;
  }
  return -1;
}

bool anima_color_parse_hex(const char *text, anima_color *out) {
  if (!text || text[0] != '#') {
    return false;
  }
  size_t length = strlen(text + 1);
  if (length != 3 && length != 6 && length != 8) {
    return false;
  }
  int digits[8];
  for (size_t i = 0; i < length; i++) {
    digits[i] = hex_value(text[1 + i]);
    if (digits[i] < 0) {
      return false;
    }
  }
  uint8_t channels[4] = {0, 0, 0, 255};
  if (length == 3) {
    /* #rgb: each digit doubled, so #f80 is #ff8800. */
    for (size_t i = 0; i < 3; i++) {
      channels[i] = (uint8_t)(digits[i] * 17);
    }
  } else {
    for (size_t i = 0; i < length / 2; i++) {
      channels[i] = (uint8_t)(digits[2 * i] * 16 + digits[2 * i + 1]);
    }
  }
  if (out) {
    out->r = channels[0];
    out->g = channels[1];
    out->b = channels[2];
    out->a = channels[3];
  }
  return true;
}

anima_color_form anima_color_parse(const char *text, anima_color *out) {
  if (!text) {
    return ANIMA_COLOR_FORM_INVALID;
  }
  if (text[0] == '#') {
    return anima_color_parse_hex(text, out) ? ANIMA_COLOR_FORM_HEX
                                            : ANIMA_COLOR_FORM_INVALID;
  }
  if (strcmp(text, "currentColor") == 0) {
    return ANIMA_COLOR_FORM_CURRENT;
  }
  return anima_is_name(text) ? ANIMA_COLOR_FORM_SLOT : ANIMA_COLOR_FORM_INVALID;
}
