/* buffer.c — growable text, escaping and numbers (markup_internal.h). */
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

/*
 * Shortest round-trip digits: the fewest significant digits (1..17) whose
 * decimal reads back as the same binary64, laid out the way ECMAScript's
 * Number.prototype.toString lays them out (DECISIONS 2): fixed notation for
 * decimal exponents -7 < e < 21, else d.ddde±x.
 */
void markup_buffer_append_number(markup_buffer *buffer, double value) {
  if (value != value || value - value != 0) {
    markup_buffer_append_string(buffer, "null");
    return;
  }
  if (value == 0) {
    markup_buffer_append_char(buffer, '0');
    return;
  }
  char scientific[40];
  for (int precision = 1; precision <= 17; precision++) {
    snprintf(scientific, sizeof scientific, "%.*e", precision - 1, value);
    if (strtod(scientific, NULL) == value) {
      break;
    }
  }
  /* scientific is [-]d[.ddd]e±xx: collect the digits and the exponent. */
  const char *c = scientific;
  bool negative = *c == '-';
  if (negative) {
    c++;
  }
  char digits[20];
  size_t digit_count = 0;
  for (; *c && *c != 'e'; c++) {
    if (*c >= '0' && *c <= '9' && digit_count < sizeof digits - 1) {
      digits[digit_count++] = *c;
    }
  }
  while (digit_count > 1 && digits[digit_count - 1] == '0') {
    digit_count--;
  }
  int exponent = *c == 'e' ? atoi(c + 1) : 0;
  if (negative) {
    markup_buffer_append_char(buffer, '-');
  }
  int point = exponent + 1; /* digits before the decimal point */
  if (exponent >= 21 || exponent < -6) {
    markup_buffer_append_char(buffer, digits[0]);
    if (digit_count > 1) {
      markup_buffer_append_char(buffer, '.');
      markup_buffer_append(buffer, digits + 1, digit_count - 1);
    }
    markup_buffer_appendf(buffer, "e%c%d", exponent < 0 ? '-' : '+',
                          exponent < 0 ? -exponent : exponent);
  } else if (point <= 0) {
    markup_buffer_append_string(buffer, "0.");
    for (int i = point; i < 0; i++) {
      markup_buffer_append_char(buffer, '0');
    }
    markup_buffer_append(buffer, digits, digit_count);
  } else if ((size_t)point >= digit_count) {
    markup_buffer_append(buffer, digits, digit_count);
    for (size_t i = digit_count; i < (size_t)point; i++) {
      markup_buffer_append_char(buffer, '0');
    }
  } else {
    markup_buffer_append(buffer, digits, (size_t)point);
    markup_buffer_append_char(buffer, '.');
    markup_buffer_append(buffer, digits + point, digit_count - (size_t)point);
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
  markup_buffer_appendf(buffer, "/%zu", index);
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
