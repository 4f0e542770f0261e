/*
 * import_svg_json.c — writes the imported document as readable `.ani`
 * text: numbers in the shortest form that reads back as the same binary64
 * (DECISIONS 2: `24`, `0.1`, `-0` as `0`), objects and arrays of objects
 * one member per line, everything else inline.
 */
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "import_svg.h"

void import_svg_format_number(char *out, size_t size, double value) {
  if (value == 0 || !isfinite(value)) {
    snprintf(out, size, "0");
    return;
  }
  /* Integers print positionally ("10", not "1e+01"). */
  if (value == floor(value) && fabs(value) < 1e15) {
    snprintf(out, size, "%.0f", value);
    return;
  }
  for (int precision = 1; precision <= 17; precision++) {
    snprintf(out, size, "%.*g", precision, value);
    if (strtod(out, NULL) == value) {
      return;
    }
  }
}

static void write_number(FILE *out, double value) {
  char text[40];
  import_svg_format_number(text, sizeof text, value);
  fputs(text, out);
}

static void write_string(FILE *out, const char *text) {
  json_t *value = json_string(text);
  if (value != NULL) {
    json_dumpf(value, out, JSON_ENCODE_ANY);
    json_decref(value);
  }
}

static void indent(FILE *out, int depth) {
  for (int level = 0; level < depth; level++) {
    fputs("  ", out);
  }
}

static bool is_multiline(const json_t *value, int depth) {
  if (json_is_object(value)) {
    return depth == 0;
  }
  if (json_is_array(value) && json_array_size(value) > 0) {
    return json_is_object(json_array_get(value, 0));
  }
  return false;
}

static void write_value(FILE *out, const json_t *value, int depth);

static void write_object(FILE *out, const json_t *object, int depth) {
  bool lines = is_multiline(object, depth);
  const char *key;
  const json_t *member;
  bool first = true;
  fputc('{', out);
  json_object_foreach((json_t *)object, key, member) {
    fputs(first ? "" : ",", out);
    if (lines) {
      fputc('\n', out);
      indent(out, depth + 1);
    } else if (!first) {
      fputc(' ', out);
    }
    first = false;
    write_string(out, key);
    fputs(": ", out);
    write_value(out, member, depth + 1);
  }
  if (lines && !first) {
    fputc('\n', out);
    indent(out, depth);
  }
  fputc('}', out);
}

static void write_array(FILE *out, const json_t *array, int depth) {
  bool lines = is_multiline(array, depth);
  fputc('[', out);
  for (size_t index = 0; index < json_array_size(array); index++) {
    fputs(index > 0 ? "," : "", out);
    if (lines) {
      fputc('\n', out);
      indent(out, depth + 1);
    } else if (index > 0) {
      fputc(' ', out);
    }
    write_value(out, json_array_get(array, index), depth + 1);
  }
  if (lines && json_array_size(array) > 0) {
    fputc('\n', out);
    indent(out, depth);
  }
  fputc(']', out);
}

static void write_value(FILE *out, const json_t *value, int depth) {
  switch (json_typeof(value)) {
  case JSON_OBJECT:
    write_object(out, value, depth);
    break;
  case JSON_ARRAY:
    write_array(out, value, depth);
    break;
  case JSON_STRING:
    write_string(out, json_string_value(value));
    break;
  case JSON_INTEGER:
    fprintf(out, "%" JSON_INTEGER_FORMAT, json_integer_value(value));
    break;
  case JSON_REAL:
    write_number(out, json_real_value(value));
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

char *import_svg_dump(const json_t *document) {
  char *buffer = NULL;
  size_t size = 0;
  FILE *stream = open_memstream(&buffer, &size);
  if (stream == NULL) {
    return NULL;
  }
  write_value(stream, document, 0);
  fputc('\n', stream);
  if (fclose(stream) != 0) {
    free(buffer);
    return NULL;
  }
  return buffer;
}
