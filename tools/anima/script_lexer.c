/*
 * script_lexer.c — splitting a script line into words (script.h, SPEC
 * §11.2): whitespace-separated words, JSON strings, `#` comments that do
 * not swallow hex colours.
 */
#include <ctype.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <anima/format.h>

#include "script.h"

/* Is [start, start + length) a hex colour (#rgb, #rrggbb, #rrggbbaa)? */
static bool is_hex_color(const char *start, size_t length) {
  char literal[10];
  if (length >= sizeof literal) {
    return false;
  }
  memcpy(literal, start, length);
  literal[length] = '\0';
  return anima_color_parse_hex(literal, NULL);
}

/* Appends a word, growing the array geometrically (doubling) so a line of
 * n words costs O(n) copies; refuses more than SCRIPT_MAXIMUM_WORDS. On
 * failure `text` is freed and `error` says why. */
static bool push_word(script_words *out, size_t *capacity, char *text,
                      bool quoted, char error[160]) {
  if (out->count == SCRIPT_MAXIMUM_WORDS) {
    free(text);
    snprintf(error, 160, "a command line has more than %d words, the limit",
             SCRIPT_MAXIMUM_WORDS);
    return false;
  }
  if (out->count == *capacity) {
    size_t grown_capacity = *capacity ? *capacity * 2 : 8;
    if (grown_capacity > SCRIPT_MAXIMUM_WORDS) {
      grown_capacity = SCRIPT_MAXIMUM_WORDS;
    }
    script_word *grown =
        realloc(out->items, grown_capacity * sizeof *out->items);
    if (!grown) {
      free(text);
      snprintf(error, 160, "out of memory");
      return false;
    }
    out->items = grown;
    *capacity = grown_capacity;
  }
  out->items[out->count].text = text;
  out->items[out->count].quoted = quoted;
  out->count++;
  return true;
}

static char *copy_range(const char *start, size_t length) {
  char *copy = malloc(length + 1);
  if (copy) {
    memcpy(copy, start, length);
    copy[length] = '\0';
  }
  return copy;
}

bool script_split(const char *line, script_words *out, char error[160]) {
  out->items = NULL;
  out->count = 0;
  size_t capacity = 0;
  const char *cursor = line;
  for (;;) {
    while (*cursor == ' ' || *cursor == '\t' || *cursor == '\r' ||
           *cursor == '\n') {
      cursor++;
    }
    if (*cursor == '\0') {
      return true;
    }
    const char *start = cursor;
    if (*cursor == '"') {
      /* A JSON string: find its closing quote, then let jansson decode. */
      cursor++;
      while (*cursor && *cursor != '"') {
        if (*cursor == '\\' && cursor[1]) {
          cursor++;
        }
        cursor++;
      }
      if (*cursor != '"') {
        snprintf(error, 160, "unterminated string starting at column %zu",
                 (size_t)(start - line) + 1);
        script_words_free(out);
        return false;
      }
      cursor++;
      json_error_t json_error;
      json_t *decoded = json_loadb(start, (size_t)(cursor - start),
                                   JSON_DECODE_ANY, &json_error);
      if (!json_is_string(decoded)) {
        json_decref(decoded);
        snprintf(error, 160, "invalid JSON string at column %zu",
                 (size_t)(start - line) + 1);
        script_words_free(out);
        return false;
      }
      char *text =
          copy_range(json_string_value(decoded), json_string_length(decoded));
      json_decref(decoded);
      if (!text) {
        snprintf(error, 160, "out of memory");
      }
      if (!text || !push_word(out, &capacity, text, true, error)) {
        script_words_free(out);
        return false;
      }
      continue;
    }
    while (*cursor && *cursor != ' ' && *cursor != '\t' && *cursor != '\r' &&
           *cursor != '\n') {
      cursor++;
    }
    size_t length = (size_t)(cursor - start);
    if (*start == '#' && !is_hex_color(start, length)) {
      return true; /* a comment runs to the end of the line */
    }
    char *text = copy_range(start, length);
    if (!text) {
      snprintf(error, 160, "out of memory");
    }
    if (!text || !push_word(out, &capacity, text, false, error)) {
      script_words_free(out);
      return false;
    }
  }
}

void script_words_free(script_words *words) {
  for (size_t i = 0; i < words->count; i++) {
    free(words->items[i].text);
  }
  free(words->items);
  words->items = NULL;
  words->count = 0;
}
