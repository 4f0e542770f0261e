/*
 * number_format.c — canonical text of numbers, colours and values
 * (include/anima/format.h; DECISIONS 1 and 2).
 *
 * Integers below 2^53 (most values in documents) are their decimal digits.
 * Other values take the shortest round-trip digits: short decimals by
 * exact scaling, else the 15- to 17-digit "%.*e" that strtod reads back
 * (shortest_digits). The digits are then laid out as ECMAScript's
 * Number::toString does: plain decimals for decimal exponents -6 < n <=
 * 21, else the exponent form d.ddde±x. libanima-markup's canonical text
 * writes its numbers with this function too.
 */
#include <anima/format.h>

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Decimal digits of `value`, written backwards from `end`; returns the
 * first digit. */
static char *decimal(char *end, unsigned long long value) {
  do {
    *--end = (char)('0' + value % 10);
    value /= 10;
  } while (value > 0);
  return end;
}

/*
 * Significant digits (no dot, no trailing zeros, NUL-terminated) and the
 * exponent n such that |value| = 0.digits × 10^n. `value` is finite and
 * greater than zero.
 */
static void shortest_digits(double value, char digits[24], int *exponent) {
  /* Short decimals first: the fewest fraction digits k for which
   * round(value × 10^k) / 10^k is value again. 10^k is exact and the
   * division correctly rounded, so this is what strtod gives for those
   * digits; with at most 15 significant digits no other decimal of that
   * length reads back as value, so these are the shortest digits. */
  double scale = 1;
  for (int k = 0; k <= 22; k++, scale *= 10) {
    double scaled = value * scale;
    if (scaled >= 1e15) {
      break;
    }
    double rounded = nearbyint(scaled);
    if (rounded >= 1 && rounded / scale == value) {
      char text[24];
      char *first = decimal(text + sizeof text, (unsigned long long)rounded);
      size_t count = (size_t)(text + sizeof text - first);
      memcpy(digits, first, count);
      while (count > 1 && digits[count - 1] == '0') {
        count--;
      }
      digits[count] = '\0';
      *exponent = (int)(text + sizeof text - first) - k;
      return;
    }
  }
  /* Otherwise, for a normal number (53 significant bits): if the 15-digit
   * rounding reads back, the shortest form is it without trailing zeros
   * (any shorter form that reads back lies on the 15-digit grid too); else
   * it has 16 or 17 digits (17 always reads back). A subnormal has fewer
   * bits, so shorter forms can read back that the 15-digit rounding does
   * not show (5e-324 is 4.94065645841247e-324 to 15 digits): search from
   * one digit. */
  char scientific[40];
  for (int precision = value < DBL_MIN ? 1 : 15; precision <= 17; precision++) {
    snprintf(scientific, sizeof scientific, "%.*e", precision - 1, value);
    if (strtod(scientific, NULL) == value) {
      break;
    }
  }
  /* scientific is "d.ddde±xx" (or "de±xx"), without a sign: value > 0. */
  size_t count = 0;
  const char *cursor = scientific;
  for (; *cursor && *cursor != 'e'; cursor++) {
    if (*cursor >= '0' && *cursor <= '9') {
      digits[count++] = *cursor;
    }
  }
  while (count > 1 && digits[count - 1] == '0') {
    count--;
  }
  digits[count] = '\0';
  *exponent = atoi(cursor + 1) + 1;
}

size_t anima_format_number(double value, char buffer[ANIMA_FORMAT_CAPACITY]) {
  if (!isfinite(value)) {
    memcpy(buffer, "null", 5);
    return 4;
  }
  if (value == 0) {
    /* Both +0 and -0 (DECISIONS 2). */
    memcpy(buffer, "0", 2);
    return 1;
  }
  if (value > -9007199254740992.0 && value < 9007199254740992.0 &&
      value == (double)(long long)value) {
    long long integer = (long long)value;
    char digits[24];
    char *first =
        decimal(digits + sizeof digits,
                (unsigned long long)(integer < 0 ? -integer : integer));
    if (integer < 0) {
      *--first = '-';
    }
    size_t length = (size_t)(digits + sizeof digits - first);
    memcpy(buffer, first, length);
    buffer[length] = '\0';
    return length;
  }
  char digits[24];
  int n = 0;
  size_t length = 0;
  if (value < 0) {
    buffer[length++] = '-';
    value = -value;
  }
  shortest_digits(value, digits, &n);
  int k = (int)strlen(digits);
  if (k <= n && n <= 21) {
    /* Integer: the digits, then n - k zeros. */
    memcpy(buffer + length, digits, (size_t)k);
    length += (size_t)k;
    for (int i = 0; i < n - k; i++) {
      buffer[length++] = '0';
    }
  } else if (0 < n && n <= 21) {
    /* A decimal point inside the digits. */
    memcpy(buffer + length, digits, (size_t)n);
    length += (size_t)n;
    buffer[length++] = '.';
    memcpy(buffer + length, digits + n, (size_t)(k - n));
    length += (size_t)(k - n);
  } else if (-6 < n && n <= 0) {
    /* 0.000ddd */
    buffer[length++] = '0';
    buffer[length++] = '.';
    for (int i = 0; i < -n; i++) {
      buffer[length++] = '0';
    }
    memcpy(buffer + length, digits, (size_t)k);
    length += (size_t)k;
  } else {
    buffer[length++] = digits[0];
    if (k > 1) {
      buffer[length++] = '.';
      memcpy(buffer + length, digits + 1, (size_t)(k - 1));
      length += (size_t)(k - 1);
    }
    length += (size_t)snprintf(buffer + length, ANIMA_FORMAT_CAPACITY - length,
                               "e%c%d", n - 1 < 0 ? '-' : '+', abs(n - 1));
  }
  buffer[length] = '\0';
  return length;
}

/* Writes the 7 or 9 characters of a colour and a NUL at `out`. */
static size_t write_color(anima_color color, char *out) {
  static const char hex[] = "0123456789abcdef";
  const uint8_t channels[4] = {color.r, color.g, color.b, color.a};
  size_t count = color.a == 255 ? 3 : 4;
  size_t length = 0;
  out[length++] = '#';
  for (size_t i = 0; i < count; i++) {
    out[length++] = hex[channels[i] >> 4];
    out[length++] = hex[channels[i] & 15];
  }
  out[length] = '\0';
  return length;
}

size_t anima_format_color(anima_color color,
                          char buffer[ANIMA_FORMAT_CAPACITY]) {
  return write_color(color, buffer);
}

size_t anima_format_value(const anima_value *value,
                          char buffer[ANIMA_FORMAT_CAPACITY]) {
  switch (value->type) {
  case ANIMA_VALUE_NUMBER:
    return anima_format_number(value->as.number, buffer);
  case ANIMA_VALUE_COLOR: {
    buffer[0] = '"';
    size_t length = 1 + write_color(value->as.color, buffer + 1);
    buffer[length++] = '"';
    buffer[length] = '\0';
    return length;
  }
  case ANIMA_VALUE_BOOL:
    if (value->as.boolean) {
      memcpy(buffer, "true", 5);
      return 4;
    }
    memcpy(buffer, "false", 6);
    return 5;
  }
  memcpy(buffer, "null", 5);
  return 4;
}

/* [+|-] digits [. digits] [(e|E) [+|-] digits] with at least one digit
 * around the point: strtod alone also takes hex, inf and nan. */
static bool decimal_syntax(const char *text) {
  const char *p = text + (*text == '+' || *text == '-');
  size_t digits = 0;
  while (*p >= '0' && *p <= '9') {
    p++, digits++;
  }
  if (*p == '.') {
    p++;
    while (*p >= '0' && *p <= '9') {
      p++, digits++;
    }
  }
  if (digits == 0) {
    return false;
  }
  if (*p == 'e' || *p == 'E') {
    p++;
    p += *p == '+' || *p == '-';
    if (!(*p >= '0' && *p <= '9')) {
      return false;
    }
    while (*p >= '0' && *p <= '9') {
      p++;
    }
  }
  return *p == '\0';
}

bool anima_parse_number(const char *text, double *out) {
  if (text == NULL || !decimal_syntax(text)) {
    return false;
  }
  /* The syntax check leaves strtod nothing it could stop early on; its
   * ERANGE on underflow still gives the rounded finite value. */
  double value = strtod(text, NULL);
  if (!isfinite(value)) {
    return false;
  }
  if (out) {
    *out = value;
  }
  return true;
}
