/*
 * test_svg_number.c — the SVG writer's numbers (backends/svg/svg_number.h)
 * against the independent reference: the C library's snprintf("%.5f"),
 * trimmed here by its own rule (trailing zeros and point dropped, "-0" as
 * "0"). The fast path must agree with it on every value, ties included.
 */
#include <criterion/criterion.h>
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "svg_number.h"

/* The reference: printf's correctly rounded text, trimmed. */
static void reference(double value, char *text, size_t size) {
  if (!isfinite(value)) {
    value = 0;
  }
  snprintf(text, size, "%.5f", value);
  char *dot = strchr(text, '.');
  if (dot) {
    char *end = text + strlen(text) - 1;
    while (end > dot && *end == '0') {
      *end-- = '\0';
    }
    if (end == dot) {
      *end = '\0';
    }
  }
  if (strcmp(text, "-0") == 0) {
    strcpy(text, "0");
  }
}

static void check(double value) {
  char expected[400], actual[SVG_NUMBER_TEXT];
  reference(value, expected, sizeof expected);
  size_t length = svg_format_number(value, actual);
  cr_assert_str_eq(actual, expected, "%.17g: got %s, snprintf %s", value,
                   actual, expected);
  cr_assert_eq(length, strlen(expected), "%.17g: length", value);
}

/* Values written out by hand (their exact binary expansions, from
 * Python's '%.30f', decide the ties). */
Test(svg_number, by_hand) {
  const struct {
    double value;
    const char *text;
  } cases[] = {
      {0, "0"},
      {-0.0, "0"},
      {1, "1"},
      {-12, "-12"},
      {1.5, "1.5"},
      {0.1 + 0.2, "0.3"},    /* 0.30000000000000004 */
      {0.000015, "0.00002"}, /* 0.0000150000000000000003800 */
      {1.000005, "1.00001"}, /* 1.0000050000000000327 */
      {1.234565, "1.23456"}, /* 1.2345649999999999124 */
      {0.000125, "0.00013"}, /* 0.0001250000000000000026 */
      {-0.000004, "0"},      /* rounds to -0.00000 */
      {-0.000006, "-0.00001"},
      {123456.789, "123456.789"},
      {NAN, "0"},
      {INFINITY, "0"},
      {-INFINITY, "0"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    char text[SVG_NUMBER_TEXT];
    svg_format_number(cases[i].value, text);
    cr_assert_str_eq(text, cases[i].text, "case %zu (%.17g)", i,
                     cases[i].value);
    check(cases[i].value);
  }
}

/* Every decimal tie n + 0.5 units of the fifth decimal for n below 10^6,
 * and its neighbours one ulp away on either side, both signs. */
Test(svg_number, ties) {
  for (int n = 0; n < 1000000; n += 7) {
    double tie = (n + 0.5) / 1e5;
    double around[] = {tie, nextafter(tie, 0), nextafter(tie, 1e9)};
    for (int i = 0; i < 3; i++) {
      check(around[i]);
      check(-around[i]);
    }
  }
}

/* Magnitudes from the smallest subnormal to DBL_MAX, from a fixed
 * xorshift sequence of bit patterns. */
Test(svg_number, every_magnitude) {
  uint64_t state = 0x9e3779b97f4a7c15u;
  for (int i = 0; i < 200000; i++) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    double value;
    memcpy(&value, &state, sizeof value);
    check(value);
    /* and values of ordinary size: a coordinate of a few hundred units */
    check((double)(int64_t)(state >> 11) / (double)(1ull << 53) * 2000 - 1000);
  }
  check(DBL_MAX);
  check(-DBL_MAX);
  check(DBL_MIN);
  check(0x1p50 / 1e5);
  check(nextafter(0x1p50, 0) / 1e5);
  check(0x1p60);
}
