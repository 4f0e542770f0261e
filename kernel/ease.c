/* ease.c — parsing SPEC §5 ease strings (ease.h). Evaluation is elsewhere. */
#include <locale.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ease.h"

/* in, out, inOut as cubic-bezier control points (SPEC §5 table). */
static const double ease_in[4] = {0.42, 0, 1, 1};
static const double ease_out[4] = {0, 0, 0.58, 1};
static const double ease_in_out[4] = {0.42, 0, 0.58, 1};

anima_ease anima_ease_linear(void) {
  anima_ease ease = {.kind = ANIMA_EASE_LINEAR};
  return ease;
}

static bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

size_t anima_number_scan(const char *text, double *value) {
  size_t i = 0;
  if (text[i] == '-') {
    i++;
  }
  if (text[i] == '0') {
    i++;
  } else if (text[i] >= '1' && text[i] <= '9') {
    while (is_digit(text[i])) {
      i++;
    }
  } else {
    return 0;
  }
  if (text[i] == '.') {
    if (!is_digit(text[i + 1])) {
      return 0;
    }
    i++;
    while (is_digit(text[i])) {
      i++;
    }
  }
  if (text[i] == 'e' || text[i] == 'E') {
    size_t exponent = i + 1;
    if (text[exponent] == '+' || text[exponent] == '-') {
      exponent++;
    }
    if (!is_digit(text[exponent])) {
      return 0;
    }
    i = exponent;
    while (is_digit(text[i])) {
      i++;
    }
  }
  /* strtod follows the C locale's decimal point; hand it the locale's own
   * separator so a host that called setlocale still gets the same number. */
  char buffer[64];
  if (i >= sizeof buffer) {
    return 0;
  }
  memcpy(buffer, text, i);
  buffer[i] = '\0';
  const char *point = localeconv()->decimal_point;
  char *dot = strchr(buffer, '.');
  if (dot && point && point[0] && point[0] != '.' && point[1] == '\0') {
    *dot = point[0];
  }
  double number = strtod(buffer, NULL);
  if (!isfinite(number)) {
    return 0;
  }
  if (value) {
    *value = number;
  }
  return i;
}

static void fail(anima_ease_error *error, size_t offset, const char *format,
                 ...) {
  if (!error) {
    return;
  }
  error->offset = offset;
  va_list arguments;
  va_start(arguments, format);
  vsnprintf(error->message, sizeof error->message, format, arguments);
  va_end(arguments);
}

static size_t skip_spaces(const char *text, size_t i) {
  while (is_space(text[i])) {
    i++;
  }
  return i;
}

/* Reads "(" NUMBER ("," NUMBER){count-1} ")" at text[i], whitespace
 * allowed between tokens, then the end of the string. Returns false and
 * fills `error` when the arguments do not parse. */
static bool read_arguments(const char *text, size_t i, const char *function,
                           double *numbers, size_t count,
                           anima_ease_error *error) {
  i = skip_spaces(text, i);
  if (text[i] != '(') {
    fail(error, i, "expected \"(\" after \"%s\" at offset %zu", function, i);
    return false;
  }
  i++;
  for (size_t n = 0; n < count; n++) {
    i = skip_spaces(text, i);
    size_t length = anima_number_scan(text + i, &numbers[n]);
    if (length == 0) {
      fail(error, i,
           "%s(...) takes %zu numbers; expected a number at offset %zu",
           function, count, i);
      return false;
    }
    i = skip_spaces(text, i + length);
    char expected = n + 1 < count ? ',' : ')';
    if (text[i] != expected) {
      if (text[i] == ',' || text[i] == ')') {
        fail(error, i, "%s(...) takes exactly %zu numbers (offset %zu)",
             function, count, i);
      } else {
        fail(error, i, "expected \"%c\" in %s(...) at offset %zu", expected,
             function, i);
      }
      return false;
    }
    i++;
  }
  i = skip_spaces(text, i);
  if (text[i] != '\0') {
    fail(error, i, "unexpected text after %s(...) at offset %zu", function, i);
    return false;
  }
  return true;
}

/* Length of the identifier (letters only) at the start of `text`. */
static size_t word_length(const char *text) {
  size_t i = 0;
  while ((text[i] >= 'a' && text[i] <= 'z') ||
         (text[i] >= 'A' && text[i] <= 'Z')) {
    i++;
  }
  return i;
}

/* Length of the letters, digits, dashes and underscores at the start of
 * `text`. */
static size_t token_length(const char *text) {
  size_t i = 0;
  while (word_length(text + i) > 0 || text[i] == '-' || text[i] == '_' ||
         is_digit(text[i])) {
    i += word_length(text + i) > 0 ? word_length(text + i) : 1;
  }
  return i;
}

static bool word_is(const char *word, size_t length, const char *expected) {
  return strlen(expected) == length && strncmp(word, expected, length) == 0;
}

anima_ease_parse_result anima_ease_parse(const char *text, anima_ease *out,
                                         anima_ease_error *error) {
  if (out) {
    *out = anima_ease_linear();
  }
  if (!text || !out) {
    fail(error, 0, "no ease given");
    return ANIMA_EASE_PARSE_INVALID;
  }
  size_t start = skip_spaces(text, 0);
  size_t length = word_length(text + start);
  const char *word = text + start;
  /* A word that runs on with dashes, underscores or digits (CSS's
   * `ease-out`, `cubic-bezier`) is one unknown word, named whole. */
  size_t whole = token_length(word);
  if (length > 0 && whole > length) {
    fail(error, start, "unknown ease \"%.*s\" at offset %zu", (int)whole, word,
         start);
    return ANIMA_EASE_PARSE_INVALID;
  }
  size_t after = skip_spaces(text, start + length);
  anima_ease ease = anima_ease_linear();

  static const struct {
    const char *name;
    anima_ease_kind kind;
    const double *parameters;
  } named[] = {
      {"linear", ANIMA_EASE_LINEAR, NULL},
      {"hold", ANIMA_EASE_HOLD, NULL},
      {"in", ANIMA_EASE_CUBIC, ease_in},
      {"out", ANIMA_EASE_CUBIC, ease_out},
      {"inOut", ANIMA_EASE_CUBIC, ease_in_out},
  };
  for (size_t i = 0; i < sizeof named / sizeof named[0]; i++) {
    if (word_is(word, length, named[i].name)) {
      if (text[after] != '\0') {
        fail(error, after, "unexpected text after \"%s\" at offset %zu",
             named[i].name, after);
        return ANIMA_EASE_PARSE_INVALID;
      }
      ease.kind = named[i].kind;
      if (named[i].parameters) {
        memcpy(ease.parameters, named[i].parameters, sizeof ease.parameters);
      }
      *out = ease;
      return ANIMA_EASE_PARSE_OK;
    }
  }
  if (word_is(word, length, "spring")) {
    fail(error, start, "spring(...) is reserved for a later format version");
    return ANIMA_EASE_PARSE_RESERVED;
  }
  if (word_is(word, length, "cubic")) {
    double *p = ease.parameters;
    if (!read_arguments(text, start + length, "cubic", p, 4, error)) {
      return ANIMA_EASE_PARSE_INVALID;
    }
    /* SPEC §5: x1, x2 in [0, 1] so the root is unique. */
    for (size_t i = 0; i < 4; i += 2) {
      if (p[i] < 0 || p[i] > 1) {
        fail(error, start, "x%zu of cubic(...) must lie in [0, 1], got %g",
             i / 2 + 1, p[i]);
        return ANIMA_EASE_PARSE_INVALID;
      }
    }
    ease.kind = ANIMA_EASE_CUBIC;
    *out = ease;
    return ANIMA_EASE_PARSE_OK;
  }
  if (word_is(word, length, "elastic")) {
    double *p = ease.parameters;
    if (!read_arguments(text, start + length, "elastic", p, 2, error)) {
      return ANIMA_EASE_PARSE_INVALID;
    }
    /* SPEC §5: a >= 0, p > 0. */
    if (p[0] < 0) {
      fail(error, start,
           "the amplitude a of elastic(a, p) must be >= 0, "
           "got %g",
           p[0]);
      return ANIMA_EASE_PARSE_INVALID;
    }
    if (!(p[1] > 0)) {
      fail(error, start, "the period p of elastic(a, p) must be > 0, got %g",
           p[1]);
      return ANIMA_EASE_PARSE_INVALID;
    }
    ease.kind = ANIMA_EASE_ELASTIC;
    *out = ease;
    return ANIMA_EASE_PARSE_OK;
  }
  if (length == 0) {
    fail(error, start,
         text[start] ? "unexpected character at offset %zu"
                     : "the ease is empty (offset %zu)",
         start);
  } else {
    fail(error, start, "unknown ease \"%.*s\" at offset %zu", (int)whole, word,
         start);
  }
  return ANIMA_EASE_PARSE_INVALID;
}
