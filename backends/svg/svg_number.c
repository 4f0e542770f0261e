/*
 * svg_number.c — the SVG writer's numbers (svg_number.h).
 */
#include "svg_number.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* Drops trailing zeros and a trailing point; "-0" becomes "0". */
static size_t trim(char *text, size_t length) {
  char *dot = strchr(text, '.');
  if (dot != NULL) {
    while (length > 0 && text[length - 1] == '0') {
      length--;
    }
    if (text + length - 1 == dot) {
      length--;
    }
    text[length] = '\0';
  }
  if (strcmp(text, "-0") == 0) {
    strcpy(text, "0");
    length = 1;
  }
  return length;
}

size_t svg_format_number(double value, char *text) {
  if (!isfinite(value)) {
    value = 0;
  }
  double scaled = fabs(value) * 1e5;
  /* scaled is within half an ulp of |value| · 10^5, that is within
   * scaled · 2^-53; below 2^50 that error is under 2^-3 and floor and the
   * subtraction are exact, so when the fraction is further than the error
   * (2^-50 of scaled, generously) from one half, the side of the tie the
   * exact product lies on is the side of the computed one. */
  if (scaled < 0x1p50) {
    double whole = floor(scaled);
    double fraction = scaled - whole;
    double margin = ldexp(scaled, -50) + 0x1p-60;
    if (fabs(fraction - 0.5) > margin) {
      uint64_t units = (uint64_t)whole + (fraction > 0.5 ? 1 : 0);
      if (units == 0) {
        text[0] = '0';
        text[1] = '\0';
        return 1;
      }
      char digits[32];
      size_t count = 0;
      for (uint64_t rest = units; rest > 0 || count < 6; rest /= 10) {
        digits[count++] = (char)('0' + rest % 10);
      }
      size_t length = 0;
      if (value < 0) {
        text[length++] = '-';
      }
      /* digits holds the units in reverse, at least six: the integer
       * part is everything above the last five. */
      for (size_t i = count; i > 5; i--) {
        text[length++] = digits[i - 1];
      }
      size_t last = 0; /* the last nonzero decimal, 1..5 */
      for (size_t i = 5; i > 0; i--) {
        if (digits[i - 1] != '0') {
          last = 6 - i;
        }
      }
      if (last > 0) {
        text[length++] = '.';
        for (size_t i = 0; i < last; i++) {
          text[length++] = digits[4 - i];
        }
      }
      text[length] = '\0';
      return length;
    }
  }
  int length = snprintf(text, SVG_NUMBER_TEXT, "%.5f", value);
  return trim(text, length > 0 ? (size_t)length : 0);
}
