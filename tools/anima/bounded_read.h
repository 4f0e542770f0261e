/*
 * bounded_read.h — reading a stream whole, up to a limit, so that an
 * endless or huge input (`/dev/zero`, a pipe) costs at most the limit.
 */
#ifndef ANIMA_TOOLS_BOUNDED_READ_H
#define ANIMA_TOOLS_BOUNDED_READ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/**
 * Reads `stream` to its end, but never more than `limit` + 1 bytes. On
 * success returns true with the text in `*text` (NUL-terminated, malloc'd:
 * the caller frees; it may hold NUL bytes before `*length`), its length in
 * `*length`, and `*over` true when the stream holds more than `limit`
 * bytes (then `*text` has the first `limit`, and the rest is left unread).
 * Returns false with errno set (ENOMEM when memory ran out, EIO when errno
 * said nothing) when reading fails; nothing is returned then.
 */
bool bounded_read(FILE *stream, size_t limit, char **text, size_t *length,
                  bool *over);

#endif
