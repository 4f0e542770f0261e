/* buffer.c — growable text, escaping and numbers (markup_internal.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "markup_internal.h"

static bool reserve(markup_buffer *buffer, size_t extra) {
  if (buffer->failed) {
    return false;
  }
  size_t needed = buffer->length + extra + 1;
  if (needed <= buffer->capacity) {
    return true;
  }
  size_t capacity = buffer->capacity ? buffer->capacity : 64;
  while (capacity < needed) {
    capacity *= 2;
  }
  char *grown = realloc(buffer->data, capacity);
  if (!grown) {
    buffer->failed = true;
    return false;
  }
  buffer->data = grown;
  buffer->capacity = capacity;
  return true;
}

void markup_buffer_append(markup_buffer *buffer, const char *bytes,
                          size_t length) {
  if (!reserve(buffer, length)) {
    return;
  }
  if (length > 0) {
    memcpy(buffer->data + buffer->length, bytes, length);
  }
  buffer->length += length;
  buffer->data[buffer->length] = '\0';
}

void markup_buffer_append_string(markup_buffer *buffer, const char *string) {
  markup_buffer_append(buffer, string, strlen(string));
}

void markup_buffer_append_char(markup_buffer *buffer, char c) {
  markup_buffer_append(buffer, &c, 1);
}

void markup_buffer_appendf(markup_buffer *buffer, const char *format, ...) {
  va_list arguments;
  va_start(arguments, format);
  va_list copy;
  va_copy(copy, arguments);
  int needed = vsnprintf(NULL, 0, format, copy);
  va_end(copy);
  if (needed >= 0 && reserve(buffer, (size_t)needed)) {
    vsnprintf(buffer->data + buffer->length, (size_t)needed + 1, format,
              arguments);
    buffer->length += (size_t)needed;
  }
  va_end(arguments);
}

void markup_buffer_append_spaces(markup_buffer *buffer, size_t count) {
  if (!reserve(buffer, count)) {
    return;
  }
  memset(buffer->data + buffer->length, ' ', count);
  buffer->length += count;
  buffer->data[buffer->length] = '\0';
}

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
 * Shortest round-trip digits of a finite value > 0 and the exponent n with
 * value = 0.digits × 10^n (the digits are not NUL-terminated; returns their
 * count).
 */
static size_t shortest_digits(double value, char digits[24], int *exponent) {
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
      *exponent = (int)count - k;
      return count;
    }
  }
  /* Otherwise: if the 15-digit rounding reads back, the shortest form is it
   * without trailing zeros (any shorter form that reads back lies on the
   * 15-digit grid too); else it has 16 or 17 digits. The same digits as
   * anima_format_number's search from 1 digit up, in at most three steps. */
  char scientific[40];
  for (int precision = 15; precision <= 17; precision++) {
    snprintf(scientific, sizeof scientific, "%.*e", precision - 1, value);
    if (strtod(scientific, NULL) == value) {
      break;
    }
  }
  size_t count = 0;
  const char *c = scientific;
  for (; *c && *c != 'e'; c++) {
    if (*c >= '0' && *c <= '9') {
      digits[count++] = *c;
    }
  }
  while (count > 1 && digits[count - 1] == '0') {
    count--;
  }
  *exponent = atoi(c + 1) + 1;
  return count;
}

/*
 * Numbers are written exactly as anima_format_number (include/anima/
 * format.h, DECISIONS 2) writes them — ECMAScript's Number::toString
 * layout of the shortest round-trip digits, `-0` as `0`, `null` for what
 * JSON cannot hold — only faster: integers below 2^53 (most values in
 * documents) are their decimal digits, and the digit search above takes at
 * most three steps. tests/test_markup.c checks both agree.
 */
void markup_buffer_append_number(markup_buffer *buffer, double value) {
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
    markup_buffer_append(buffer, first,
                         (size_t)(digits + sizeof digits - first));
    return;
  }
  if (value != value || value - value != 0) {
    markup_buffer_append_string(buffer, "null");
    return;
  }
  if (value < 0) {
    markup_buffer_append_char(buffer, '-');
    value = -value;
  }
  char digits[24];
  int n = 0;
  int k = (int)shortest_digits(value, digits, &n);
  if (k <= n && n <= 21) {
    markup_buffer_append(buffer, digits, (size_t)k);
    for (int i = k; i < n; i++) {
      markup_buffer_append_char(buffer, '0');
    }
  } else if (0 < n && n <= 21) {
    markup_buffer_append(buffer, digits, (size_t)n);
    markup_buffer_append_char(buffer, '.');
    markup_buffer_append(buffer, digits + n, (size_t)(k - n));
  } else if (-6 < n && n <= 0) {
    markup_buffer_append_string(buffer, "0.");
    for (int i = 0; i < -n; i++) {
      markup_buffer_append_char(buffer, '0');
    }
    markup_buffer_append(buffer, digits, (size_t)k);
  } else {
    markup_buffer_append_char(buffer, digits[0]);
    if (k > 1) {
      markup_buffer_append_char(buffer, '.');
      markup_buffer_append(buffer, digits + 1, (size_t)(k - 1));
    }
    markup_buffer_appendf(buffer, "e%c%d", n - 1 < 0 ? '-' : '+',
                          n - 1 < 0 ? 1 - n : n - 1);
  }
}

void markup_buffer_append_json_string(markup_buffer *buffer, const char *string,
                                      size_t length) {
  markup_buffer_append_char(buffer, '"');
  size_t run = 0; /* start of the bytes not yet copied */
  for (size_t i = 0; i < length; i++) {
    unsigned char c = (unsigned char)string[i];
    const char *escape = NULL;
    char code[8];
    switch (c) {
    case '"':
      escape = "\\\"";
      break;
    case '\\':
      escape = "\\\\";
      break;
    case '\n':
      escape = "\\n";
      break;
    case '\r':
      escape = "\\r";
      break;
    case '\t':
      escape = "\\t";
      break;
    case '\b':
      escape = "\\b";
      break;
    case '\f':
      escape = "\\f";
      break;
    default:
      if (c < 0x20 || c == 0x7f) {
        snprintf(code, sizeof code, "\\u%04x", c);
        escape = code;
      }
    }
    if (escape) {
      markup_buffer_append(buffer, string + run, i - run);
      markup_buffer_append_string(buffer, escape);
      run = i + 1;
    }
  }
  markup_buffer_append(buffer, string + run, length - run);
  markup_buffer_append_char(buffer, '"');
}

void markup_buffer_append_pointer_token(markup_buffer *buffer,
                                        const char *token) {
  markup_buffer_append_char(buffer, '/');
  for (const char *c = token; *c; c++) {
    if (*c == '~') {
      markup_buffer_append(buffer, "~0", 2);
    } else if (*c == '/') {
      markup_buffer_append(buffer, "~1", 2);
    } else {
      markup_buffer_append_char(buffer, *c);
    }
  }
}

void markup_buffer_append_pointer_index(markup_buffer *buffer, size_t index) {
  char digits[24];
  char *first = decimal(digits + sizeof digits, index);
  markup_buffer_append_char(buffer, '/');
  markup_buffer_append(buffer, first, (size_t)(digits + sizeof digits - first));
}

/* XML 1.0 Char excludes C0 controls other than TAB, LF, CR and the
 * non-characters U+FFFE, U+FFFF (UTF-8 EF BF BE / EF BF BF). */
static bool xml_forbidden(const unsigned char *c) {
  if (*c < 0x20 && *c != '\t' && *c != '\n' && *c != '\r') {
    return true;
  }
  return c[0] == 0xef && c[1] == 0xbf && (c[2] == 0xbe || c[2] == 0xbf);
}

static bool append_xml(markup_buffer *buffer, const char *text, char quote) {
  bool ok = true;
  for (const unsigned char *c = (const unsigned char *)text; *c; c++) {
    if (xml_forbidden(c)) {
      ok = false;
      continue;
    }
    switch (*c) {
    case '&':
      markup_buffer_append_string(buffer, "&amp;");
      break;
    case '<':
      markup_buffer_append_string(buffer, "&lt;");
      break;
    case '>':
      markup_buffer_append_string(buffer, "&gt;");
      break;
    case '\t':
    case '\n':
    case '\r':
      /* Attribute normalisation would turn these into spaces, and content
       * would turn CR into LF: write them as character references. */
      markup_buffer_appendf(buffer, "&#%d;", *c);
      break;
    default:
      if (quote && *c == (unsigned char)quote) {
        markup_buffer_append_string(buffer, quote == '"' ? "&quot;" : "&apos;");
      } else {
        markup_buffer_append_char(buffer, (char)*c);
      }
    }
  }
  return ok;
}

bool markup_buffer_append_xml_attribute(markup_buffer *buffer, const char *text,
                                        char quote) {
  return append_xml(buffer, text, quote);
}

bool markup_buffer_append_xml_text(markup_buffer *buffer, const char *text) {
  return append_xml(buffer, text, 0);
}

void markup_buffer_truncate(markup_buffer *buffer, size_t length) {
  if (buffer->data && length <= buffer->length) {
    buffer->length = length;
    buffer->data[length] = '\0';
  }
}

const char *markup_buffer_string(const markup_buffer *buffer) {
  return buffer->data ? buffer->data : "";
}

char *markup_buffer_take(markup_buffer *buffer, size_t *length) {
  if (!buffer->data) {
    markup_buffer_append(buffer, "", 0);
  }
  char *data = buffer->failed ? NULL : buffer->data;
  if (length) {
    *length = data ? buffer->length : 0;
  }
  if (!data) {
    free(buffer->data);
  }
  *buffer = (markup_buffer){0};
  return data;
}

void markup_buffer_free(markup_buffer *buffer) {
  free(buffer->data);
  *buffer = (markup_buffer){0};
}

bool markup_is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

void markup_hyphenate(markup_buffer *out, const char *name) {
  for (const char *c = name; *c; c++) {
    if (*c >= 'A' && *c <= 'Z') {
      markup_buffer_append_char(out, '-');
      markup_buffer_append_char(out, (char)(*c - 'A' + 'a'));
    } else {
      markup_buffer_append_char(out, *c);
    }
  }
}

void markup_camelize(markup_buffer *out, const char *name) {
  for (const char *c = name; *c; c++) {
    if (*c == '-' && c[1] >= 'a' && c[1] <= 'z') {
      markup_buffer_append_char(out, (char)(c[1] - 'a' + 'A'));
      c++;
    } else {
      markup_buffer_append_char(out, *c);
    }
  }
}
