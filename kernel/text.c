/* text.c — string helpers (see text.h). */
#include "text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <anima/module.h>

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
  memcpy(text->data + text->length, string, length);
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

unsigned anima_edit_distance(const char *a, const char *b) {
  size_t a_length = strlen(a), b_length = strlen(b);
  if (a_length > 64 || b_length > 64) {
    return 255;
  }
  unsigned row[65];
  for (size_t j = 0; j <= b_length; j++) {
    row[j] = (unsigned)j;
  }
  for (size_t i = 1; i <= a_length; i++) {
    unsigned diagonal = row[0];
    row[0] = (unsigned)i;
    for (size_t j = 1; j <= b_length; j++) {
      unsigned above = row[j];
      unsigned substitution = diagonal + (a[i - 1] == b[j - 1] ? 0u : 1u);
      unsigned deletion = above + 1;
      unsigned insertion = row[j - 1] + 1;
      unsigned best = substitution < deletion ? substitution : deletion;
      row[j] = best < insertion ? best : insertion;
      diagonal = above;
    }
  }
  return row[b_length] > 255 ? 255 : row[b_length];
}

static int lowercase(int c) {
  return (c >= 'A' && c <= 'Z') ? c - 'A' + 'a' : c;
}

/* Case-insensitive equality ignoring '-' and '_' ("stroke-linecap" vs
 * "strokeLinecap"): a strong signal for a hint even at large distance. */
static bool loosely_equal(const char *a, const char *b) {
  for (;;) {
    while (*a == '-' || *a == '_') {
      a++;
    }
    while (*b == '-' || *b == '_') {
      b++;
    }
    if (!*a || !*b) {
      return !*a && !*b;
    }
    if (lowercase((unsigned char)*a) != lowercase((unsigned char)*b)) {
      return false;
    }
    a++;
    b++;
  }
}

const char *anima_closest_name(const char *word, const char *const *candidates,
                               size_t count) {
  if (!word) {
    return NULL;
  }
  const char *best = NULL;
  unsigned best_distance = 255;
  size_t length = strlen(word);
  unsigned limit = length / 3 > 2 ? (unsigned)(length / 3) : 2;
  for (size_t i = 0; i < count; i++) {
    if (!candidates[i]) {
      continue;
    }
    if (loosely_equal(word, candidates[i])) {
      return candidates[i];
    }
    unsigned distance = anima_edit_distance(word, candidates[i]);
    if (distance < best_distance) {
      best_distance = distance;
      best = candidates[i];
    }
  }
  return best_distance <= limit ? best : NULL;
}

bool anima_hint_did_you_mean(anima_text *out, const char *word,
                             const char *const *candidates, size_t count) {
  const char *closest = anima_closest_name(word, candidates, count);
  if (!closest) {
    return false;
  }
  anima_text_appendf(out, "did you mean \"%s\"?", closest);
  return true;
}

bool anima_is_name(const char *name) {
  if (!name || !(name[0] >= 'a' && name[0] <= 'z')) {
    return false;
  }
  for (const char *c = name + 1; *c; c++) {
    bool ok = (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
              (*c >= '0' && *c <= '9') || *c == '-';
    if (!ok) {
      return false;
    }
  }
  return true;
}
