/*
 * address.c — property address patterns (registry.h, docs/MODULES.md §7
 * "Address patterns"): a segment `*` of a registered address matches one
 * segment of a concrete address ("fill.stops.*.color" matches
 * "fill.stops.1.color"). Pure string work; whether the match exists on a
 * node is decided against the document (address_walk.c).
 */
#include <string.h>

#include <anima/registry.h>

/* The length of the segment starting at `text` (up to '.' or the end). */
static size_t segment_length(const char *text) {
  const char *dot = strchr(text, '.');
  return dot ? (size_t)(dot - text) : strlen(text);
}

static bool wildcard(const char *segment, size_t length) {
  return length == 1 && segment[0] == '*';
}

bool anima_address_is_pattern(const char *address) {
  for (const char *segment = address; segment && *segment;) {
    size_t length = segment_length(segment);
    if (wildcard(segment, length)) {
      return true;
    }
    segment = segment[length] ? segment + length + 1 : NULL;
  }
  return false;
}

bool anima_address_matches(const char *pattern, const char *address) {
  if (!pattern || !address) {
    return false;
  }
  const char *p = pattern, *a = address;
  for (;;) {
    size_t p_length = segment_length(p), a_length = segment_length(a);
    if (a_length == 0) {
      return false;
    }
    if (!wildcard(p, p_length) &&
        (p_length != a_length || memcmp(p, a, a_length) != 0)) {
      return false;
    }
    bool p_end = p[p_length] == '\0', a_end = a[a_length] == '\0';
    if (p_end || a_end) {
      return p_end && a_end;
    }
    p += p_length + 1;
    a += a_length + 1;
  }
}

/* The number of `*` segments of an address. */
static size_t wildcard_count(const char *address) {
  size_t count = 0;
  for (const char *segment = address; segment && *segment;) {
    size_t length = segment_length(segment);
    count += wildcard(segment, length);
    segment = segment[length] ? segment + length + 1 : NULL;
  }
  return count;
}

size_t anima_address_rewrite(const char *from, const char *to,
                             const char *address, char *buffer, size_t size) {
  if (!from || !to || !address || !anima_address_matches(from, address) ||
      wildcard_count(from) != wildcard_count(to)) {
    if (buffer && size) {
      buffer[0] = '\0';
    }
    return 0;
  }
  size_t written = 0;
  const char *p = from, *a = address;
  /* Writes `length` bytes of `text`, truncating at the buffer's end. */
#define EMIT(text, length)                                                     \
  do {                                                                         \
    for (size_t i_ = 0; i_ < (length); i_++, written++) {                      \
      if (buffer && written + 1 < size) {                                      \
        buffer[written] = (text)[i_];                                          \
      }                                                                        \
    }                                                                          \
  } while (0)
  for (const char *t = to; *t;) {
    size_t length = segment_length(t);
    if (t != to) {
      EMIT(".", 1);
    }
    if (wildcard(t, length)) {
      /* The next segment of `address` that a `*` of `from` matched. */
      for (;;) {
        size_t p_length = segment_length(p), a_length = segment_length(a);
        bool matched = wildcard(p, p_length);
        const char *segment = a;
        p += p_length + (p[p_length] ? 1 : 0);
        a += a_length + (a[a_length] ? 1 : 0);
        if (matched) {
          EMIT(segment, a_length);
          break;
        }
      }
    } else {
      EMIT(t, length);
    }
    t += length + (t[length] ? 1 : 0);
  }
#undef EMIT
  if (buffer && size) {
    buffer[written < size ? written : size - 1] = '\0';
  }
  return written;
}
