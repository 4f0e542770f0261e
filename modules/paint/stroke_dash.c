/*
 * stroke_dash.c — dash percentages (stroke_dash.h; SPEC paint chapter,
 * "Dashes").
 */
#include "stroke_dash.h"

#include <stdlib.h>

static bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

bool paint_dash_parse_percent(const char *text, double *fraction) {
  if (!text || !is_digit(text[0])) {
    return false;
  }
  const char *c = text;
  if (*c == '0') {
    c++; /* "0" alone: no leading zeros before other digits */
  } else {
    while (is_digit(*c)) {
      c++;
    }
  }
  if (*c == '.') {
    c++;
    if (!is_digit(*c)) {
      return false;
    }
    while (is_digit(*c)) {
      c++;
    }
  }
  if (c[0] != '%' || c[1] != '\0') {
    return false;
  }
  /* The digits are a plain decimal, so strtod reads exactly them. */
  *fraction = strtod(text, NULL) / 100.0;
  return true;
}
