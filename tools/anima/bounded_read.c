/* bounded_read.c — reading a stream whole, up to a limit (bounded_read.h). */
#include "bounded_read.h"

#include <errno.h>
#include <stdlib.h>

bool bounded_read(FILE *stream, size_t limit, char **text, size_t *length,
                  bool *over) {
  *text = NULL;
  *length = 0;
  *over = false;
  /* Room for limit + 1 bytes (one more tells "over") and the NUL. */
  size_t capacity = limit + 2 < 65536 ? limit + 2 : 65536, used = 0;
  char *buffer = malloc(capacity);
  if (!buffer) {
    errno = ENOMEM;
    return false;
  }
  for (;;) {
    size_t read = fread(buffer + used, 1, capacity - 1 - used, stream);
    used += read;
    if (used > limit || read == 0) {
      break;
    }
    if (used + 1 == capacity) {
      size_t grown = capacity * 2 < limit + 2 ? capacity * 2 : limit + 2;
      char *larger = realloc(buffer, grown);
      if (!larger) {
        free(buffer);
        errno = ENOMEM;
        return false;
      }
      buffer = larger;
      capacity = grown;
    }
  }
  if (ferror(stream)) {
    int error = errno;
    free(buffer);
    errno = error ? error : EIO;
    return false;
  }
  if (used > limit) {
    *over = true;
    used = limit;
  }
  buffer[used] = '\0';
  *text = buffer;
  *length = used;
  return true;
}
