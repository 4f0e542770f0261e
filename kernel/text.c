/* text.c — names and hints (see text.h); the string buffer is in
 * text_buffer.c. */
#include "text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <anima/module.h>

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
