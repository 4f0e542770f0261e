/*
 * values.c — attribute value encodings (docs/ANIML.md "Values"): typed
 * scalars, whitespace lists, untyped values and JSON-valued text, in both
 * directions. Each encoder writes a form only when decoding it gives back
 * the same JSON value; otherwise it returns false and the caller falls back
 * to the JSON form.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "markup_internal.h"

static const size_t json_flags =
    JSON_DECODE_ANY | JSON_REJECT_DUPLICATES | JSON_DECODE_INT_AS_REAL;

size_t markup_number_length(const char *text, size_t length) {
  size_t i = 0;
  if (i < length && text[i] == '-') {
    i++;
  }
  if (i >= length || text[i] < '0' || text[i] > '9') {
    return 0;
  }
  if (text[i] == '0') {
    i++;
  } else {
    while (i < length && text[i] >= '0' && text[i] <= '9') {
      i++;
    }
  }
  if (i < length && text[i] == '.') {
    i++;
    if (i >= length || text[i] < '0' || text[i] > '9') {
      return 0;
    }
    while (i < length && text[i] >= '0' && text[i] <= '9') {
      i++;
    }
  }
  if (i < length && (text[i] == 'e' || text[i] == 'E')) {
    i++;
    if (i < length && (text[i] == '+' || text[i] == '-')) {
      i++;
    }
    if (i >= length || text[i] < '0' || text[i] > '9') {
      return 0;
    }
    while (i < length && text[i] >= '0' && text[i] <= '9') {
      i++;
    }
  }
  return i;
}

bool markup_parse_number(const char *text, size_t length, double *out) {
  while (length > 0 && markup_is_space(text[0])) {
    text++;
    length--;
  }
  while (length > 0 && markup_is_space(text[length - 1])) {
    length--;
  }
  if (length == 0 || length > 400 ||
      markup_number_length(text, length) != length) {
    return false;
  }
  char copy[401];
  memcpy(copy, text, length);
  copy[length] = '\0';
  *out = strtod(copy, NULL);
  return isfinite(*out);
}

size_t markup_json_extent(const char *text, size_t length) {
  if (length == 0) {
    return 0;
  }
  size_t depth = 0;
  bool in_string = false;
  for (size_t i = 0; i < length; i++) {
    char c = text[i];
    if (in_string) {
      if (c == '\\') {
        i++;
      } else if (c == '"') {
        in_string = false;
        if (depth == 0) {
          return i + 1;
        }
      }
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      depth++;
    } else if (c == ']' || c == '}') {
      if (depth == 0) {
        return 0;
      }
      if (--depth == 0) {
        return i + 1;
      }
    } else if (depth == 0) {
      return 0; /* not a string, array or object */
    }
  }
  return 0;
}

static json_t *decode_json(const char *text, size_t length) {
  return json_loadb(text, length, json_flags, NULL);
}

static bool starts_json(const char *text) {
  while (markup_is_space(*text)) {
    text++;
  }
  return *text == '"' || *text == '[' || *text == '{';
}

/* Splits at XML white space; calls back with each token. */
static json_t *decode_list(const char *text, anima_field_kind kind,
                           const char **expected) {
  json_t *list = json_array();
  const char *c = text;
  size_t count = 0;
  for (;;) {
    while (markup_is_space(*c)) {
      c++;
    }
    if (!*c) {
      break;
    }
    const char *start = c;
    while (*c && !markup_is_space(*c)) {
      c++;
    }
    size_t length = (size_t)(c - start);
    json_t *item = NULL;
    double number = 0;
    if (kind == ANIMA_FIELD_NUMBERS || kind == ANIMA_FIELD_INDICES) {
      if (markup_parse_number(start, length, &number)) {
        item = json_real(number);
      } else {
        *expected = "numbers separated by spaces";
      }
    } else {
      item = json_stringn(start, length);
    }
    if (!item || json_array_append_new(list, item) != 0) {
      json_decref(list);
      return NULL;
    }
    count++;
  }
  if (kind == ANIMA_FIELD_NAME_OR_NAMES && count <= 1) {
    json_t *single =
        count == 1 ? json_incref(json_array_get(list, 0)) : json_string("");
    json_decref(list);
    return single;
  }
  return list;
}

json_t *markup_decode_field(anima_field_kind kind, const char *text,
                            const char **expected) {
  *expected = "a value";
  switch (kind) {
  case ANIMA_FIELD_STRING:
  case ANIMA_FIELD_NAME:
  case ANIMA_FIELD_ENUM:
  case ANIMA_FIELD_COLOR:
    *expected = "text";
    return json_string(text);
  case ANIMA_FIELD_ANY:
  case ANIMA_FIELD_CUSTOM:
  case ANIMA_FIELD_VALUE:
    *expected = "a value or JSON text";
    return markup_decode_untyped(text, strlen(text));
  case ANIMA_FIELD_OBJECT:
  case ANIMA_FIELD_MAP:
  case ANIMA_FIELD_ARRAY:
  case ANIMA_FIELD_NODES:
  case ANIMA_FIELD_VARIANT:
  case ANIMA_FIELD_VARIANTS:
    *expected = "JSON text";
    return decode_json(text, strlen(text));
  default:
    break;
  }
  if (starts_json(text)) {
    *expected = "JSON text";
    return decode_json(text, strlen(text));
  }
  double number = 0;
  switch (kind) {
  case ANIMA_FIELD_NUMBER:
  case ANIMA_FIELD_INTEGER:
    *expected = "a number";
    return markup_parse_number(text, strlen(text), &number) ? json_real(number)
                                                            : NULL;
  case ANIMA_FIELD_BOOL:
    *expected = "true or false";
    if (strcmp(text, "true") == 0) {
      return json_true();
    }
    return strcmp(text, "false") == 0 ? json_false() : NULL;
  default:
    *expected = kind == ANIMA_FIELD_NUMBERS || kind == ANIMA_FIELD_INDICES
                    ? "numbers separated by spaces"
                    : "names separated by spaces";
    return decode_list(text, kind, expected);
  }
}

/* True when `text` is exactly a literal of the untyped form. */
static bool is_literal(const char *text, size_t length) {
  if ((length == 4 && memcmp(text, "true", 4) == 0) ||
      (length == 5 && memcmp(text, "false", 5) == 0) ||
      (length == 4 && memcmp(text, "null", 4) == 0)) {
    return true;
  }
  return length > 0 && markup_number_length(text, length) == length;
}

json_t *markup_decode_untyped(const char *text, size_t length) {
  if (is_literal(text, length) ||
      (length > 0 && (text[0] == '"' || text[0] == '[' || text[0] == '{'))) {
    json_t *value = decode_json(text, length);
    if (value && json_is_real(value) && !isfinite(json_real_value(value))) {
      json_decref(value);
      return NULL;
    }
    return value;
  }
  return json_stringn(text, length);
}

static bool has_space(const char *text) {
  for (const char *c = text; *c; c++) {
    if (markup_is_space(*c)) {
      return true;
    }
  }
  return false;
}

/* A list token that decodes back to itself. */
static bool plain_token(const json_t *item) {
  const char *text = json_string_value(item);
  return text && *text && !has_space(text) && !starts_json(text) &&
         strlen(text) == json_string_length(item);
}

static bool encode_list(anima_field_kind kind, const json_t *value,
                        markup_buffer *out) {
  if (kind == ANIMA_FIELD_NAME_OR_NAMES && json_is_string(value)) {
    if (json_string_length(value) == 0) {
      return true;
    }
    if (!plain_token(value)) {
      return false;
    }
    markup_buffer_append_string(out, json_string_value(value));
    return true;
  }
  if (!json_is_array(value) ||
      (kind == ANIMA_FIELD_NAME_OR_NAMES && json_array_size(value) < 2)) {
    return false;
  }
  size_t index;
  const json_t *item;
  json_array_foreach(value, index, item) {
    bool numbers = kind == ANIMA_FIELD_NUMBERS || kind == ANIMA_FIELD_INDICES;
    if (numbers ? !json_is_number(item) : !plain_token(item)) {
      return false;
    }
    if (index > 0) {
      markup_buffer_append_char(out, ' ');
    }
    if (numbers) {
      markup_buffer_append_number(out, json_number_value(item));
    } else {
      markup_buffer_append_string(out, json_string_value(item));
    }
  }
  return true;
}

bool markup_encode_field(anima_field_kind kind, const json_t *value,
                         markup_buffer *out) {
  switch (kind) {
  case ANIMA_FIELD_STRING:
  case ANIMA_FIELD_NAME:
  case ANIMA_FIELD_ENUM:
  case ANIMA_FIELD_COLOR:
    if (!json_is_string(value) ||
        strlen(json_string_value(value)) != json_string_length(value)) {
      return false;
    }
    markup_buffer_append_string(out, json_string_value(value));
    return true;
  case ANIMA_FIELD_NUMBER:
  case ANIMA_FIELD_INTEGER:
    if (!json_is_number(value)) {
      return false;
    }
    markup_buffer_append_number(out, json_number_value(value));
    return true;
  case ANIMA_FIELD_BOOL:
    if (!json_is_boolean(value)) {
      return false;
    }
    markup_buffer_append_string(out, json_is_true(value) ? "true" : "false");
    return true;
  case ANIMA_FIELD_NUMBERS:
  case ANIMA_FIELD_INDICES:
  case ANIMA_FIELD_NAMES:
  case ANIMA_FIELD_NAME_OR_NAMES:
    return encode_list(kind, value, out);
  case ANIMA_FIELD_ANY:
  case ANIMA_FIELD_CUSTOM:
  case ANIMA_FIELD_VALUE:
    return markup_encode_untyped(value, out);
  default:
    return false;
  }
}

static bool has_control(const char *text, size_t length) {
  for (size_t i = 0; i < length; i++) {
    if ((unsigned char)text[i] < 0x20) {
      return true;
    }
  }
  return false;
}

bool markup_encode_untyped(const json_t *value, markup_buffer *out) {
  if (json_is_string(value)) {
    const char *text = json_string_value(value);
    size_t length = json_string_length(value);
    bool bare = !is_literal(text, length) && !starts_json(text) &&
                !(length > 0 && markup_is_space(text[0])) &&
                !has_control(text, length);
    if (bare) {
      markup_buffer_append(out, text, length);
      return true;
    }
  }
  markup_encode_json(value, out);
  return true;
}

void markup_encode_json(const json_t *value, markup_buffer *out) {
  switch (json_typeof(value)) {
  case JSON_OBJECT: {
    markup_buffer_append_char(out, '{');
    const char *key;
    json_t *member;
    bool first = true;
    json_object_foreach((json_t *)value, key, member) {
      if (!first) {
        markup_buffer_append_char(out, ',');
      }
      first = false;
      markup_buffer_append_json_string(out, key, strlen(key));
      markup_buffer_append_char(out, ':');
      markup_encode_json(member, out);
    }
    markup_buffer_append_char(out, '}');
    break;
  }
  case JSON_ARRAY: {
    markup_buffer_append_char(out, '[');
    size_t index;
    json_t *item;
    json_array_foreach(value, index, item) {
      if (index > 0) {
        markup_buffer_append_char(out, ',');
      }
      markup_encode_json(item, out);
    }
    markup_buffer_append_char(out, ']');
    break;
  }
  case JSON_STRING:
    markup_buffer_append_json_string(out, json_string_value(value),
                                     json_string_length(value));
    break;
  case JSON_INTEGER:
  case JSON_REAL:
    markup_buffer_append_number(out, json_number_value(value));
    break;
  case JSON_TRUE:
    markup_buffer_append_string(out, "true");
    break;
  case JSON_FALSE:
    markup_buffer_append_string(out, "false");
    break;
  default:
    markup_buffer_append_string(out, "null");
  }
}
