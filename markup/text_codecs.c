/*
 * text_codecs.c — the two text grammars of AniML (docs/ANIML.md), in both
 * directions and free of any XML:
 *
 *   track text   key (";" key)* [";"]   key := time value [ease]
 *   set          name=value (S name=value)*
 *
 * The encoders check their output by parsing it back, so the decompiler
 * only uses these forms when they give back the same JSON value.
 */
#include <stdlib.h>
#include <string.h>

#include "markup_internal.h"

static size_t skip_space(const char *text, size_t at, size_t length) {
  while (at < length && markup_is_space(text[at])) {
    at++;
  }
  return at;
}

static json_t *fail(markup_text_error *error, size_t at, const char *message,
                    json_t *partial) {
  error->offset = at;
  error->message = message;
  json_decref(partial);
  return NULL;
}

/* ---- track text --------------------------------------------------------- */

json_t *markup_parse_keys(const char *text, size_t length,
                          markup_key_offsets *offsets, size_t capacity,
                          markup_text_error *error) {
  json_t *keys = json_array();
  size_t at = skip_space(text, 0, length);
  for (size_t index = 0; keys && at < length; index++) {
    markup_key_offsets where = {.key = at, .value = at, .ease = at};
    error->item = index;
    size_t time_length = markup_number_length(text + at, length - at);
    double time = 0;
    if (time_length == 0 ||
        (at + time_length < length &&
         !markup_is_space(text[at + time_length])) ||
        !markup_parse_number(text + at, time_length, &time)) {
      return fail(error, at, "a key must start with its time, a number", keys);
    }
    at = skip_space(text, at + time_length, length);
    where.value = at;
    size_t value_length = 0;
    if (at < length && strchr("\"[{", text[at])) {
      value_length = markup_json_extent(text + at, length - at);
    } else {
      while (at + value_length < length &&
             !markup_is_space(text[at + value_length]) &&
             text[at + value_length] != ';') {
        value_length++;
      }
    }
    json_t *value =
        value_length ? markup_decode_untyped(text + at, value_length) : NULL;
    if (!value) {
      return fail(error, at, "a key needs a value after its time", keys);
    }
    at = skip_space(text, at + value_length, length);
    where.ease = at;
    json_t *ease = NULL;
    if (at < length && text[at] == '"') {
      size_t extent = markup_json_extent(text + at, length - at);
      ease =
          extent ? json_loadb(text + at, extent, JSON_DECODE_ANY, NULL) : NULL;
      if (!json_is_string(ease)) {
        json_decref(ease);
        json_decref(value);
        return fail(error, at, "a quoted ease must be a JSON string", keys);
      }
      at += extent;
    } else if (at < length && text[at] != ';') {
      const char *semicolon = memchr(text + at, ';', length - at);
      size_t end = semicolon ? (size_t)(semicolon - text) : length;
      size_t trimmed = end;
      while (trimmed > at && markup_is_space(text[trimmed - 1])) {
        trimmed--;
      }
      ease = json_stringn(text + at, trimmed - at);
      at = end;
    }
    at = skip_space(text, at, length);
    json_t *key = json_array();
    json_array_append_new(key, json_real(time));
    json_array_append_new(key, value);
    if (ease) {
      json_array_append_new(key, ease);
    }
    if (!key || json_array_append_new(keys, key) != 0) {
      return fail(error, at, "out of memory", keys);
    }
    if (offsets && index < capacity) {
      offsets[index] = where;
    }
    if (at < length && text[at] == ';') {
      at = skip_space(text, at + 1, length);
    } else if (at < length) {
      return fail(error, at, "expected \";\" between keys", keys);
    }
  }
  return keys;
}

static bool has_space_or(const char *text, size_t length, char other) {
  for (size_t i = 0; i < length; i++) {
    if (markup_is_space(text[i]) || text[i] == other ||
        (unsigned char)text[i] < 0x20) {
      return true;
    }
  }
  return false;
}

/* A key value in track text: untyped, but a bare string ends at white
 * space or ';', so such strings are JSON-quoted. */
static void encode_key_value(const json_t *value, markup_buffer *out) {
  if (json_is_string(value) &&
      has_space_or(json_string_value(value), json_string_length(value), ';')) {
    markup_encode_json(value, out);
    return;
  }
  markup_encode_untyped(value, out);
}

bool markup_encode_key(const json_t *key, markup_buffer *out) {
  size_t size = json_array_size(key);
  const json_t *time = json_array_get(key, 0);
  const json_t *ease = json_array_get(key, 2);
  if (!json_is_array(key) || size < 2 || size > 3 || !json_is_number(time) ||
      (ease && !json_is_string(ease))) {
    return false;
  }
  markup_buffer_append_number(out, json_number_value(time));
  markup_buffer_append_char(out, ' ');
  encode_key_value(json_array_get(key, 1), out);
  if (ease) {
    const char *text = json_string_value(ease);
    size_t length = json_string_length(ease);
    markup_buffer_append_char(out, ' ');
    bool bare = length > 0 && text[0] != '"' && strlen(text) == length &&
                !memchr(text, ';', length) && !markup_is_space(text[0]) &&
                !markup_is_space(text[length - 1]);
    for (size_t i = 0; bare && i < length; i++) {
      bare = (unsigned char)text[i] >= 0x20;
    }
    if (bare) {
      markup_buffer_append(out, text, length);
    } else {
      markup_encode_json(ease, out);
    }
  }
  return true;
}

bool markup_keys_round_trip(const json_t *keys, const char *text,
                            size_t length) {
  markup_text_error error = {0};
  json_t *parsed = markup_parse_keys(text, length, NULL, 0, &error);
  bool same = parsed && json_equal(parsed, (json_t *)keys);
  json_decref(parsed);
  return same;
}

/* ---- set assignments ---------------------------------------------------- */

/* End of the value starting at `at`: white space followed by NAME "=" (not
 * "=="), outside JSON strings; or the end. */
static size_t value_end(const char *text, size_t at, size_t length) {
  while (at < length) {
    if (text[at] == '"') {
      size_t extent = markup_json_extent(text + at, length - at);
      at += extent ? extent : 1;
      continue;
    }
    if (!markup_is_space(text[at])) {
      at++;
      continue;
    }
    size_t name = skip_space(text, at, length);
    size_t end = name;
    while (end < length && !markup_is_space(text[end]) && text[end] != '=') {
      end++;
    }
    if (end > name && end < length && text[end] == '=' &&
        !(end + 1 < length && text[end + 1] == '=')) {
      return at;
    }
    at = name;
  }
  return length;
}

/* true, false or a number: a literal; a whole JSON string: that string;
 * anything else: the text itself (an expression, SPEC bind). */
static json_t *assignment_value(const char *text, size_t length) {
  double number = 0;
  if (length == 4 && memcmp(text, "true", 4) == 0) {
    return json_true();
  }
  if (length == 5 && memcmp(text, "false", 5) == 0) {
    return json_false();
  }
  if (length > 0 && markup_number_length(text, length) == length &&
      markup_parse_number(text, length, &number)) {
    return json_real(number);
  }
  if (length > 0 && text[0] == '"' &&
      markup_json_extent(text, length) == length) {
    json_t *value = json_loadb(text, length, JSON_DECODE_ANY, NULL);
    if (json_is_string(value)) {
      return value;
    }
    json_decref(value);
  }
  return json_stringn(text, length);
}

json_t *markup_parse_assignments(const char *text, size_t length,
                                 size_t *offsets, size_t capacity,
                                 markup_text_error *error) {
  json_t *assignments = json_object();
  size_t at = skip_space(text, 0, length);
  for (size_t index = 0; assignments && at < length; index++) {
    size_t name = at;
    error->item = index;
    while (at < length && !markup_is_space(text[at]) && text[at] != '=') {
      at++;
    }
    if (at == name || at >= length || text[at] != '=' ||
        (at + 1 < length && text[at + 1] == '=')) {
      return fail(error, name, "expected name=value", assignments);
    }
    char *key = strndup(text + name, at - name);
    size_t end = value_end(text, at + 1, length);
    size_t trimmed = end;
    while (trimmed > at + 1 && markup_is_space(text[trimmed - 1])) {
      trimmed--;
    }
    if (!key || json_object_get(assignments, key)) {
      free(key);
      error->duplicate = key != NULL;
      return fail(error, name,
                  key ? "an input is assigned twice" : "out of memory",
                  assignments);
    }
    json_object_set_new(assignments, key,
                        assignment_value(text + at + 1, trimmed - at - 1));
    free(key);
    if (offsets && index < capacity) {
      offsets[index] = name;
    }
    at = skip_space(text, end, length);
  }
  return assignments;
}

static void encode_assignments(const json_t *assignments, bool bare_strings,
                               markup_buffer *out) {
  const char *key;
  const json_t *value;
  bool first = true;
  json_object_foreach((json_t *)assignments, key, value) {
    if (!first) {
      markup_buffer_append_char(out, ' ');
    }
    first = false;
    markup_buffer_append_string(out, key);
    markup_buffer_append_char(out, '=');
    const char *text = json_string_value(value);
    size_t length = json_string_length(value);
    json_t *back = text ? assignment_value(text, length) : NULL;
    bool bare = bare_strings && back && json_equal(back, (json_t *)value) &&
                length > 0 && strlen(text) == length &&
                !markup_is_space(text[0]) &&
                !markup_is_space(text[length - 1]) &&
                !has_space_or(text, 0, '"') && !strchr(text, '"');
    for (size_t i = 0; bare && i < length; i++) {
      bare = (unsigned char)text[i] >= 0x20;
    }
    json_decref(back);
    if (bare) {
      markup_buffer_append_string(out, text);
    } else {
      markup_encode_json(value, out);
    }
  }
}

bool markup_encode_assignments(const json_t *assignments, markup_buffer *out) {
  if (!json_is_object(assignments) || json_object_size(assignments) == 0) {
    return false;
  }
  size_t start = out->length;
  /* Bare expressions read best; quoted strings are the fallback. */
  for (int attempt = 0; attempt < 2; attempt++) {
    encode_assignments(assignments, attempt == 0, out);
    markup_text_error error = {0};
    json_t *parsed =
        markup_parse_assignments(markup_buffer_string(out) + start,
                                 out->length - start, NULL, 0, &error);
    bool same = parsed && json_equal(parsed, (json_t *)assignments);
    json_decref(parsed);
    if (same) {
      return true;
    }
    markup_buffer_truncate(out, start);
  }
  return false;
}
