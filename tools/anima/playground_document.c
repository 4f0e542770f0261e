/*
 * playground_document.c — the file `anima playground` edits: reading it,
 * its disk revision, and Save (playground.h).
 */
/* realpath (XSI) */
#define _XOPEN_SOURCE 700

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <libgen.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bounded_read.h"
#include "playground.h"

/* The revision of a text: FNV-1a 64 of its bytes and its length. It tells
 * one disk version from another; it is not a security measure (the server
 * only talks to this machine). */
static void revision_of(const char *text, size_t length, char *out,
                        size_t size) {
  uint64_t hash = 0xcbf29ce484222325u;
  for (size_t i = 0; i < length; i++) {
    hash ^= (unsigned char)text[i];
    hash *= 0x100000001b3u;
  }
  snprintf(out, size, "%016" PRIx64 "-%zx", hash, length);
}

static char *copy_of(const char *text, size_t length) {
  char *copy = malloc(length + 1);
  if (copy) {
    memcpy(copy, text, length);
    copy[length] = '\0';
  }
  return copy;
}

/* Reads the file into the document (text, revision, problem). */
static void read_disk(playground_document *document) {
  free(document->text);
  document->text = NULL;
  document->length = 0;
  document->problem[0] = '\0';
  FILE *file = fopen(document->path, "rb");
  if (!file) {
    int error = errno;
    snprintf(document->revision, sizeof document->revision, "%s",
             error == ENOENT ? "missing" : "unreadable");
    snprintf(document->problem, sizeof document->problem, "%s: %s",
             document->name, strerror(error));
    return;
  }
  char *text = NULL;
  size_t length = 0;
  bool over = false;
  bool read = bounded_read(file, PLAYGROUND_BODY_LIMIT, &text, &length, &over);
  int error = errno;
  fclose(file);
  if (!read) {
    snprintf(document->revision, sizeof document->revision, "unreadable");
    snprintf(document->problem, sizeof document->problem, "%s: %s",
             document->name, strerror(error));
    return;
  }
  if (over) {
    free(text);
    snprintf(document->revision, sizeof document->revision, "too-large");
    snprintf(document->problem, sizeof document->problem,
             "%s is larger than %d bytes (SPEC §2 limit-exceeded)",
             document->name, PLAYGROUND_BODY_LIMIT);
    return;
  }
  document->text = text;
  document->length = length;
  revision_of(text, length, document->revision, sizeof document->revision);
}

bool playground_document_open(playground_document *document, const char *file,
                              char *error, size_t error_size) {
  memset(document, 0, sizeof *document);
  char *absolute = realpath(file, NULL);
  if (!absolute) {
    snprintf(error, error_size, "%s: %s", file, strerror(errno));
    return false;
  }
  struct stat info;
  if (stat(absolute, &info) != 0 || !S_ISREG(info.st_mode)) {
    snprintf(error, error_size, "%s: not a regular file", file);
    free(absolute);
    return false;
  }
  char *for_directory = strdup(absolute);
  char *for_base = strdup(absolute);
  document->path = absolute;
  document->name = strdup(file);
  if (for_directory && for_base) {
    document->directory = strdup(dirname(for_directory));
    document->base = strdup(basename(for_base));
  }
  free(for_directory);
  free(for_base);
  if (!document->name || !document->directory || !document->base) {
    snprintf(error, error_size, "out of memory");
    playground_document_free(document);
    return false;
  }
  read_disk(document);
  if (!document->text) {
    snprintf(error, error_size, "%s", document->problem);
    playground_document_free(document);
    return false;
  }
  return true;
}

bool playground_document_scratch(playground_document *document,
                                 const char *name, const char *text,
                                 size_t length) {
  memset(document, 0, sizeof *document);
  document->read_only = true;
  document->name = strdup(name);
  document->text = copy_of(text, length);
  document->length = length;
  revision_of(text, length, document->revision, sizeof document->revision);
  if (!document->name || !document->text) {
    playground_document_free(document);
    return false;
  }
  return true;
}

void playground_document_free(playground_document *document) {
  free(document->path);
  free(document->directory);
  free(document->base);
  free(document->name);
  free(document->text);
  memset(document, 0, sizeof *document);
}

bool playground_document_refresh(playground_document *document) {
  if (!document->path) {
    return false;
  }
  char before[sizeof document->revision];
  memcpy(before, document->revision, sizeof before);
  read_disk(document);
  return strcmp(before, document->revision) != 0;
}

/* Writes all of `text` to `fd`. */
static bool write_all(int fd, const char *text, size_t length) {
  while (length > 0) {
    ssize_t written = write(fd, text, length);
    if (written < 0) {
      if (errno == EINTR) {
        continue;
      }
      return false;
    }
    text += written;
    length -= (size_t)written;
  }
  return true;
}

playground_save_result playground_document_save(playground_document *document,
                                                const char *expected,
                                                const char *text, size_t length,
                                                bool *changed, char *problem,
                                                size_t problem_size) {
  *changed = false;
  if (document->read_only || !document->path) {
    return PLAYGROUND_SAVE_READ_ONLY;
  }
  /* The revision on disk now, not the one the watcher saw last: a change
   * it has not reported yet must still refuse the save. */
  *changed = playground_document_refresh(document);
  if (strcmp(expected, document->revision) != 0) {
    return PLAYGROUND_SAVE_STALE;
  }
  /* In place: the opened file only, keeping its inode, mode and links (a
   * deleted file is created again with the default mode). */
  int fd = open(document->path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  bool written = fd >= 0 && write_all(fd, text, length) && fsync(fd) == 0;
  int error = errno;
  if (fd >= 0 && close(fd) != 0 && written) {
    written = false;
    error = errno;
  }
  if (!written) {
    snprintf(problem, problem_size, "cannot write %s: %s", document->name,
             strerror(error));
    /* What is on disk now, whatever the failed write left. */
    *changed = playground_document_refresh(document) || *changed;
    return PLAYGROUND_SAVE_FAILED;
  }
  char *copy = copy_of(text, length);
  if (!copy) {
    *changed = playground_document_refresh(document) || *changed;
    return PLAYGROUND_SAVED;
  }
  free(document->text);
  document->text = copy;
  document->length = length;
  document->problem[0] = '\0';
  revision_of(text, length, document->revision, sizeof document->revision);
  return PLAYGROUND_SAVED;
}
