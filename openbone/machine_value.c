/*
 * machine_value.c — the JavaScript conversions the state machine's inputs
 * and conditions rely on (spec §9.3, §9.5, §12): Number(v), truthiness,
 * String(v) (the shortest round-trip spelling, exponent past 1e21 or below
 * 1e-6) and strict equality. No allocation.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "instance.h"

static bool js_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' ||
         c == '\f';
}

static bool digit(char c) {
  return c >= '0' && c <= '9';
}

/* Number(string): whitespace trimmed; "" ⇒ 0; decimal literals with an
 * optional sign and exponent, "Infinity" with a sign, 0x/0o/0b integers;
 * anything else NaN. */
static double number_of_string(const char *text) {
  const char *start = text;
  while (*start && js_space(*start)) {
    start++;
  }
  const char *end = start + strlen(start);
  while (end > start && js_space(end[-1])) {
    end--;
  }
  size_t length = (size_t)(end - start);
  if (length == 0) {
    return 0;
  }
  char buffer[512];
  if (length >= sizeof buffer) {
    return NAN;
  }
  memcpy(buffer, start, length);
  buffer[length] = '\0';
  const char *at = buffer;
  if (length > 2 && at[0] == '0' &&
      (at[1] == 'x' || at[1] == 'X' || at[1] == 'o' || at[1] == 'O' ||
       at[1] == 'b' || at[1] == 'B')) {
    int base = (at[1] == 'x' || at[1] == 'X')   ? 16
               : (at[1] == 'o' || at[1] == 'O') ? 8
                                                : 2;
    double value = 0;
    for (const char *p = at + 2; *p; p++) {
      int d = digit(*p)                  ? *p - '0'
              : (*p >= 'a' && *p <= 'f') ? *p - 'a' + 10
              : (*p >= 'A' && *p <= 'F') ? *p - 'A' + 10
                                         : 99;
      if (d >= base) {
        return NAN;
      }
      value = value * base + d;
    }
    return value;
  }
  const char *p = at;
  if (*p == '+' || *p == '-') {
    p++;
  }
  if (strcmp(p, "Infinity") == 0) {
    return at[0] == '-' ? -INFINITY : INFINITY;
  }
  bool digits = false;
  while (digit(*p)) {
    p++;
    digits = true;
  }
  if (*p == '.') {
    p++;
    while (digit(*p)) {
      p++;
      digits = true;
    }
  }
  if (!digits) {
    return NAN;
  }
  if (*p == 'e' || *p == 'E') {
    p++;
    if (*p == '+' || *p == '-') {
      p++;
    }
    if (!digit(*p)) {
      return NAN;
    }
    while (digit(*p)) {
      p++;
    }
  }
  if (*p != '\0') {
    return NAN;
  }
  return strtod(at, NULL);
}

double ob_js_number(const ob_value *value) {
  switch (value->kind) {
  case OB_VALUE_BOOL:
    return value->boolean ? 1 : 0;
  case OB_VALUE_NUMBER:
    return value->number;
  case OB_VALUE_STRING:
    return number_of_string(value->string ? value->string : "");
  default:
    return 0; /* Number(null) */
  }
}

bool ob_js_truthy(const ob_value *value) {
  switch (value->kind) {
  case OB_VALUE_BOOL:
    return value->boolean;
  case OB_VALUE_NUMBER:
    return value->number != 0 && !isnan(value->number);
  case OB_VALUE_STRING:
    return value->string && value->string[0] != '\0';
  default:
    return false;
  }
}

/* String(number) (ECMAScript Number::toString): the shortest digits that
 * read back as `n`, placed by the decimal exponent. */
static void number_string(double n, char *out, size_t size) {
  if (isnan(n)) {
    snprintf(out, size, "NaN");
    return;
  }
  if (isinf(n)) {
    snprintf(out, size, n < 0 ? "-Infinity" : "Infinity");
    return;
  }
  if (n == 0) {
    snprintf(out, size, "0");
    return;
  }
  char scientific[40];
  for (int precision = 0; precision < 17; precision++) {
    snprintf(scientific, sizeof scientific, "%.*e", precision, n);
    if (strtod(scientific, NULL) == n) {
      break;
    }
  }
  /* scientific: [-]d[.ddd]e±xx */
  char digits[24];
  size_t k = 0;
  const char *p = scientific;
  bool negative = *p == '-';
  if (negative) {
    p++;
  }
  for (; *p && *p != 'e'; p++) {
    if (digit(*p) && k < sizeof digits - 1) {
      digits[k++] = *p;
    }
  }
  while (k > 1 && digits[k - 1] == '0') {
    k--;
  }
  digits[k] = '\0';
  int exponent = atoi(p + 1);
  int point = exponent + 1; /* the spec's n */
  char body[64];
  int kk = (int)k;
  if (kk <= point && point <= 21) {
    snprintf(body, sizeof body, "%s%0*d", digits, point - kk, 0);
    if (point == kk) {
      snprintf(body, sizeof body, "%s", digits);
    }
  } else if (0 < point && point <= 21) {
    snprintf(body, sizeof body, "%.*s.%s", point, digits, digits + point);
  } else if (-6 < point && point <= 0) {
    snprintf(body, sizeof body, "0.%0*d%s", -point, 0, digits);
    if (point == 0) {
      snprintf(body, sizeof body, "0.%s", digits);
    }
  } else {
    int e = point - 1;
    if (kk == 1) {
      snprintf(body, sizeof body, "%se%c%d", digits, e < 0 ? '-' : '+', abs(e));
    } else {
      snprintf(body, sizeof body, "%c.%se%c%d", digits[0], digits + 1,
               e < 0 ? '-' : '+', abs(e));
    }
  }
  snprintf(out, size, "%s%s", negative ? "-" : "", body);
}

const char *ob_js_string(const ob_value *value, char *out, size_t size) {
  switch (value->kind) {
  case OB_VALUE_BOOL:
    snprintf(out, size, "%s", value->boolean ? "true" : "false");
    break;
  case OB_VALUE_NUMBER:
    number_string(value->number, out, size);
    break;
  case OB_VALUE_STRING:
    return value->string ? value->string : "";
  default:
    snprintf(out, size, "null");
    break;
  }
  return out;
}

bool ob_js_strict_equal(const ob_value *a, const ob_value *b) {
  if (a->kind != b->kind) {
    return false;
  }
  switch (a->kind) {
  case OB_VALUE_BOOL:
    return a->boolean == b->boolean;
  case OB_VALUE_NUMBER:
    return a->number == b->number;
  case OB_VALUE_STRING:
    return strcmp(a->string ? a->string : "", b->string ? b->string : "") == 0;
  default:
    return true;
  }
}
