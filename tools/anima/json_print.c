/* json_print.c — compact JSON with canonical numbers (json_print.h). */
#include "json_print.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <anima/format.h>

#define JSON_PRINT_MAX_DEPTH 128

static void print_string(FILE *out, const char *text, size_t length) {
  fputc('"', out);
  for (size_t i = 0; i < length; i++) {
    unsigned char c = (unsigned char)text[i];
    switch (c) {
    case '"':
      fputs("\\\"", out);
      break;
    case '\\':
      fputs("\\\\", out);
      break;
    case '\n':
      fputs("\\n", out);
      break;
    case '\r':
      fputs("\\r", out);
      break;
    case '\t':
      fputs("\\t", out);
      break;
    case '\b':
      fputs("\\b", out);
      break;
    case '\f':
      fputs("\\f", out);
      break;
    default:
      if (c < 0x20) {
        fprintf(out, "\\u%04x", c);
      } else {
        fputc(c, out);
      }
    }
  }
  fputc('"', out);
}

static void print_value(FILE *out, const json_t *value, int depth) {
  if (!value || depth > JSON_PRINT_MAX_DEPTH) {
    fputs("null", out);
    return;
  }
  char number[ANIMA_FORMAT_CAPACITY];
  switch (json_typeof(value)) {
  case JSON_OBJECT: {
    fputc('{', out);
    const char *key;
    json_t *member;
    bool first = true;
    json_object_foreach((json_t *)value, key, member) {
      if (!first) {
        fputc(',', out);
      }
      first = false;
      print_string(out, key, strlen(key));
      fputc(':', out);
      print_value(out, member, depth + 1);
    }
    fputc('}', out);
    break;
  }
  case JSON_ARRAY:
    fputc('[', out);
    for (size_t i = 0; i < json_array_size(value); i++) {
      if (i > 0) {
        fputc(',', out);
      }
      print_value(out, json_array_get(value, i), depth + 1);
    }
    fputc(']', out);
    break;
  case JSON_STRING:
    print_string(out, json_string_value(value), json_string_length(value));
    break;
  case JSON_INTEGER:
    fprintf(out, "%" JSON_INTEGER_FORMAT, json_integer_value(value));
    break;
  case JSON_REAL:
    anima_format_number(json_real_value(value), number);
    fputs(number, out);
    break;
  case JSON_TRUE:
    fputs("true", out);
    break;
  case JSON_FALSE:
    fputs("false", out);
    break;
  case JSON_NULL:
    fputs("null", out);
    break;
  }
}

void json_print(FILE *out, const json_t *value) {
  print_value(out, value, 0);
}

void json_print_line(FILE *out, const json_t *value) {
  print_value(out, value, 0);
  fputc('\n', out);
}

void json_print_plain(FILE *out, const json_t *value) {
  if (json_is_string(value)) {
    fputs(json_string_value(value), out);
  } else {
    json_print(out, value);
  }
}

const char *json_text_of(const json_t *object, const char *key) {
  const char *text = json_string_value(json_object_get(object, key));
  return text ? text : "";
}
