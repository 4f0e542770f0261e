/*
 * text_buffer.c — the growable string of text.h (anima_text), the one
 * string buffer of the kernel and of libanima-markup, which compiles this
 * file too (markup/meson.build): it is not exported.
 */
#include "text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool text_reserve(anima_text *text, size_t extra) {
  if (text->failed) {
    return false;
  }
  size_t needed = text->length + extra + 1;
  if (needed <= text->capacity) {
    return true;
  }
  size_t capacity = text->capacity ? text->capacity : 64;
  while (capacity < needed) {
    capacity *= 2;
  }
  char *data = realloc(text->data, capacity);
  if (!data) {
    text->failed = true;
    return false;
  }
  text->data = data;
  text->capacity = capacity;
  return true;
}

void anima_text_append_length(anima_text *text, const char *string,
                              size_t length) {
  if (!text_reserve(text, length)) {
    return;
  }
  if (length > 0) {
    memcpy(text->data + text->length, string, length);
  }
  text->length += length;
  text->data[text->length] = '\0';
}

void anima_text_append(anima_text *text, const char *string) {
  anima_text_append_length(text, string, strlen(string));
}

void anima_text_vappendf(anima_text *text, const char *format,
                         va_list arguments) {
  va_list copy;
  va_copy(copy, arguments);
  int needed = vsnprintf(NULL, 0, format, copy);
  va_end(copy);
  if (needed < 0 || !text_reserve(text, (size_t)needed)) {
    return;
  }
  vsnprintf(text->data + text->length, (size_t)needed + 1, format, arguments);
  text->length += (size_t)needed;
}

void anima_text_appendf(anima_text *text, const char *format, ...) {
  va_list arguments;
  va_start(arguments, format);
  anima_text_vappendf(text, format, arguments);
  va_end(arguments);
}

void anima_text_append_pointer_token(anima_text *text, const char *token) {
  anima_text_append(text, "/");
  size_t length = strlen(token);
  if (strcspn(token, "~/") == length) { /* nothing to escape: one copy */
    anima_text_append_length(text, token, length);
    return;
  }
  for (const char *c = token; *c; c++) {
    if (*c == '~') {
      anima_text_append(text, "~0");
    } else if (*c == '/') {
      anima_text_append(text, "~1");
    } else {
      anima_text_append_length(text, c, 1);
    }
  }
}

void anima_text_append_pointer_index(anima_text *text, size_t index) {
  /* Without printf: the loader appends one index per array item. */
  char digits[24];
  size_t start = sizeof digits;
  do {
    digits[--start] = (char)('0' + index % 10);
    index /= 10;
  } while (index > 0);
  digits[--start] = '/';
  anima_text_append_length(text, digits + start, sizeof digits - start);
}

void anima_text_truncate(anima_text *text, size_t length) {
  if (text->data && length <= text->length) {
    text->length = length;
    text->data[length] = '\0';
  }
}

const char *anima_text_string(const anima_text *text) {
  return text->data ? text->data : "";
}

void anima_text_free(anima_text *text) {
  free(text->data);
  memset(text, 0, sizeof *text);
}

char *anima_text_take(anima_text *text) {
  char *result = text->data;
  if (text->failed) {
    free(result);
    result = NULL;
  } else if (!result) {
    result = anima_strdup("");
  }
  memset(text, 0, sizeof *text);
  return result;
}

char *anima_strdup(const char *string) {
  if (!string) {
    return NULL;
  }
  size_t length = strlen(string) + 1;
  char *copy = malloc(length);
  if (copy) {
    memcpy(copy, string, length);
  }
  return copy;
}
