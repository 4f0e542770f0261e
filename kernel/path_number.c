/*
 * path_number.c — decimal conversion of the numbers the path scanner
 * accepted (SVG `number`), correctly rounded and independent of the C
 * locale's decimal point.
 */
#include "path_internal.h"

#include <locale.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static bool is_digit(char character) {
  return character >= '0' && character <= '9';
}

/* Powers of ten that binary64 holds exactly. */
static const double exact_powers_of_ten[] = {
    1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

/* Converts with strtod, independent of the C locale's decimal point. */
static double convert_slowly(const char *text, size_t length) {
  const char *point = localeconv()->decimal_point;
  size_t point_length = point == NULL || point[0] == '\0' ? 1 : strlen(point);
  char small[96];
  size_t needed = length * point_length + 1;
  char *copy = needed <= sizeof small ? small : malloc(needed);
  if (copy == NULL) {
    return NAN;
  }
  size_t used = 0;
  for (size_t index = 0; index < length; index++) {
    if (text[index] == '.' && point_length > 0 && point != NULL &&
        point[0] != '\0') {
      memcpy(copy + used, point, point_length);
      used += point_length;
    } else {
      copy[used++] = text[index];
    }
  }
  copy[used] = '\0';
  double value = strtod(copy, NULL);
  if (copy != small) {
    free(copy);
  }
  return value;
}

/*
 * Converts a number the scanner accepted. Exact (correctly rounded) on the
 * fast path: at most 19 significant digits forming an integer below 2^53,
 * scaled by an exactly representable power of ten; otherwise strtod.
 */
double anima_path_number_convert(const char *text, size_t length) {
  size_t index = 0;
  bool negative = false;
  if (text[index] == '+' || text[index] == '-') {
    negative = text[index] == '-';
    index++;
  }
  uint64_t mantissa = 0;
  int digits = 0;
  long scale = 0;
  bool inexact = false;
  bool fraction = false;
  for (; index < length; index++) {
    char character = text[index];
    if (character == '.') {
      fraction = true;
      continue;
    }
    if (!is_digit(character)) {
      break;
    }
    if (mantissa == 0 && character == '0') {
      scale -= fraction ? 1 : 0;
      continue;
    }
    if (digits < 19) {
      mantissa = mantissa * 10 + (uint64_t)(character - '0');
      digits++;
      scale -= fraction ? 1 : 0;
    } else {
      inexact = inexact || character != '0';
      scale += fraction ? 0 : 1;
    }
  }
  long exponent = 0;
  if (index < length) { /* 'e' or 'E' */
    index++;
    bool exponent_negative = false;
    if (text[index] == '+' || text[index] == '-') {
      exponent_negative = text[index] == '-';
      index++;
    }
    for (; index < length; index++) {
      if (exponent < 100000) {
        exponent = exponent * 10 + (text[index] - '0');
      }
    }
    exponent = exponent_negative ? -exponent : exponent;
  }
  if (mantissa == 0) {
    return negative ? -0.0 : 0.0;
  }
  long power = exponent + scale;
  if (!inexact && mantissa < (UINT64_C(1) << 53) && power >= -22 &&
      power <= 22) {
    double value = (double)mantissa;
    value = power >= 0 ? value * exact_powers_of_ten[power]
                       : value / exact_powers_of_ten[-power];
    return negative ? -value : value;
  }
  return convert_slowly(text, length);
}
