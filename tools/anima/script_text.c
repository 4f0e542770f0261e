/*
 * script_text.c — JSON text building for script output (script.h):
 * numbers and colours in their canonical forms (anima/format.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <anima/format.h>

#include "script.h"

void script_text_append_length(script_text *text, const char *string,
                               size_t length) {
  if (text->failed) {
    return;
  }
  if (text->length + length + 1 > text->capacity) {
    size_t capacity = text->capacity ? text->capacity : 128;
    while (capacity < text->length + length + 1) {
      capacity *= 2;
    }
    char *grown = realloc(text->data, capacity);
    if (!grown) {
      text->failed = true;
      return;
    }
    text->data = grown;
    text->capacity = capacity;
  }
  memcpy(text->data + text->length, string, length);
  text->length += length;
  text->data[text->length] = '\0';
}

void script_text_append(script_text *text, const char *string) {
  script_text_append_length(text, string, strlen(string));
}

/* Length of the well-formed UTF-8 sequence at `c` (a lead byte >= 0x80),
 * or 0 when it is not one (RFC 3629: no overlongs, surrogates or values
 * beyond U+10FFFF). */
static size_t utf8_sequence_length(const unsigned char *c) {
  size_t length = 0;
  unsigned minimum_second = 0x80, maximum_second = 0xbf;
  if (*c >= 0xc2 && *c <= 0xdf) {
    length = 2;
  } else if (*c >= 0xe0 && *c <= 0xef) {
    length = 3;
    minimum_second = *c == 0xe0 ? 0xa0 : 0x80;
    maximum_second = *c == 0xed ? 0x9f : 0xbf;
  } else if (*c >= 0xf0 && *c <= 0xf4) {
    length = 4;
    minimum_second = *c == 0xf0 ? 0x90 : 0x80;
    maximum_second = *c == 0xf4 ? 0x8f : 0xbf;
  } else {
    return 0;
  }
  if (c[1] < minimum_second || c[1] > maximum_second) {
    return 0;
  }
  for (size_t i = 2; i < length; i++) {
    if (c[i] < 0x80 || c[i] > 0xbf) {
      return 0;
    }
  }
  return length;
}

void script_text_append_json_string(script_text *text, const char *string) {
  script_text_append(text, "\"");
  for (const unsigned char *c = (const unsigned char *)string; *c; c++) {
    char escaped[8];
    switch (*c) {
    case '"':
      script_text_append(text, "\\\"");
      break;
    case '\\':
      script_text_append(text, "\\\\");
      break;
    case '\n':
      script_text_append(text, "\\n");
      break;
    case '\r':
      script_text_append(text, "\\r");
      break;
    case '\t':
      script_text_append(text, "\\t");
      break;
    default:
      if (*c < 0x20) {
        snprintf(escaped, sizeof escaped, "\\u%04x", *c);
        script_text_append(text, escaped);
      } else if (*c < 0x80) {
        script_text_append_length(text, (const char *)c, 1);
      } else {
        /* Copy a well-formed UTF-8 sequence; replace a stray byte with
         * U+FFFD so the output stays valid JSON text. */
        size_t length = utf8_sequence_length(c);
        if (length == 0) {
          script_text_append(text, "\\ufffd");
        } else {
          script_text_append_length(text, (const char *)c, length);
          c += length - 1;
        }
      }
    }
  }
  script_text_append(text, "\"");
}

void script_text_append_number(script_text *text, double number) {
  char buffer[ANIMA_FORMAT_CAPACITY];
  script_text_append_length(text, buffer, anima_format_number(number, buffer));
}

void script_text_append_value(script_text *text, const anima_value *value) {
  char buffer[ANIMA_FORMAT_CAPACITY];
  script_text_append_length(text, buffer, anima_format_value(value, buffer));
}

char *script_text_take(script_text *text) {
  if (text->failed) {
    script_text_free(text);
    return NULL;
  }
  char *data = text->data ? text->data : calloc(1, 1);
  text->data = NULL;
  text->length = text->capacity = 0;
  return data;
}

void script_text_free(script_text *text) {
  free(text->data);
  text->data = NULL;
  text->length = text->capacity = 0;
  text->failed = false;
}

void script_text_append_diagnostics(script_text *text,
                                    const anima_diagnostics *diagnostics) {
  script_text_append(text, "[");
  for (size_t i = 0; i < anima_diagnostics_count(diagnostics); i++) {
    const anima_diagnostic *d = anima_diagnostics_get(diagnostics, i);
    script_text_append(text, i ? ", {\"code\": " : "{\"code\": ");
    script_text_append_json_string(text, d->code);
    script_text_append(text, ", \"severity\": ");
    script_text_append(text, d->severity == ANIMA_SEVERITY_ERROR
                                 ? "\"error\""
                                 : "\"warning\"");
    script_text_append(text, ", \"pointer\": ");
    script_text_append_json_string(text, d->pointer ? d->pointer : "");
    script_text_append(text, ", \"message\": ");
    script_text_append_json_string(text, d->message ? d->message : "");
    if (d->hint) {
      script_text_append(text, ", \"hint\": ");
      script_text_append_json_string(text, d->hint);
    }
    if (d->line > 0) {
      char position[64];
      snprintf(position, sizeof position, ", \"line\": %d, \"column\": %d",
               d->line, d->column);
      script_text_append(text, position);
    }
    script_text_append(text, "}");
  }
  script_text_append(text, "]");
}

void script_lines_clear(script_lines *lines) {
  for (size_t i = 0; i < lines->count; i++) {
    free(lines->items[i]);
  }
  lines->count = 0;
}

void script_lines_free(script_lines *lines) {
  script_lines_clear(lines);
  free(lines->items);
  free(lines->snapshot);
  lines->items = NULL;
  lines->snapshot = NULL;
  lines->capacity = 0;
}
