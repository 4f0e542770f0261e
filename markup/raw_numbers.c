/*
 * raw_numbers.c — the text of each number of a parsed JSON value, as
 * written (markup_internal.h). jansson keeps a number as a binary64 (the
 * loader parses with JSON_DECODE_INT_AS_REAL), so -0 came back as 0 and
 * 9007199254740993 as 9007199254740992; `meta` is free-form data that
 * tools preserve (SPEC §2), so the canonical printer writes its numbers
 * from this table instead (issue 10).
 */
#include <stdlib.h>
#include <string.h>

#include "markup_internal.h"

/* Appends the numbers of `value` in the order a parse of its text met
 * them: jansson iterates objects in insertion order. */
static bool collect_values(const json_t *value, const json_t ***items,
                           size_t *count, size_t *capacity) {
  if (json_is_number(value)) {
    if (*count == *capacity) {
      size_t grown = *capacity ? *capacity * 2 : 16;
      const json_t **larger = realloc(*items, grown * sizeof *larger);
      if (!larger) {
        return false;
      }
      *items = larger;
      *capacity = grown;
    }
    (*items)[(*count)++] = value;
    return true;
  }
  if (json_is_array(value)) {
    size_t index;
    const json_t *item;
    json_array_foreach(value, index, item) {
      if (!collect_values(item, items, count, capacity)) {
        return false;
      }
    }
  } else if (json_is_object(value)) {
    const char *key;
    const json_t *member;
    json_object_foreach((json_t *)value, key, member) {
      if (!collect_values(member, items, count, capacity)) {
        return false;
      }
    }
  }
  return true;
}

static int by_value(const void *a, const void *b) {
  const json_t *left = ((const markup_raw_number *)a)->value;
  const json_t *right = ((const markup_raw_number *)b)->value;
  return (left > right) - (left < right);
}

bool markup_raw_numbers_collect(const char *text, size_t length,
                                const json_t *value, markup_raw_numbers *out) {
  *out = (markup_raw_numbers){0};
  const json_t **values = NULL;
  size_t count = 0, capacity = 0;
  if (!collect_values(value, &values, &count, &capacity)) {
    free(values);
    return false;
  }
  markup_raw_number *items = malloc((count ? count : 1) * sizeof *items);
  size_t found = 0;
  for (size_t i = 0; items && i < length;) {
    char c = text[i];
    if (c == '"') { /* a string: skip it, escapes included */
      for (i++; i < length && text[i] != '"'; i++) {
        i += text[i] == '\\';
      }
      i++;
    } else if (c == '-' || (c >= '0' && c <= '9')) {
      size_t start = i;
      while (i < length && strchr("+-.0123456789eE", text[i]) != NULL &&
             text[i] != '\0') {
        i++;
      }
      if (found == count) {
        found++; /* more tokens than numbers: no pairing */
        break;
      }
      items[found] =
          (markup_raw_number){values[found], text + start, i - start};
      found++;
    } else {
      i++;
    }
  }
  free(values);
  if (!items || found != count) {
    free(items);
    return false;
  }
  qsort(items, count, sizeof *items, by_value);
  out->items = items;
  out->count = count;
  return true;
}

const markup_raw_number *
markup_raw_numbers_find(const markup_raw_numbers *numbers,
                        const json_t *value) {
  if (!numbers || numbers->count == 0) {
    return NULL;
  }
  markup_raw_number key = {.value = value};
  return bsearch(&key, numbers->items, numbers->count, sizeof key, by_value);
}

void markup_raw_numbers_free(markup_raw_numbers *numbers) {
  free(numbers->items);
  *numbers = (markup_raw_numbers){0};
}
