/*
 * script_source.c — reading a script file (bounded, SCRIPT_SIZE_LIMIT) and
 * running its lines (script.h), shared by `anima sample`, `render -s` and
 * `bench -s`.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "bounded_read.h"
#include "script.h"

bool script_read(const char *name, char **text, size_t *length, char *message,
                 size_t size) {
  *text = NULL;
  *length = 0;
  bool standard_input = strcmp(name, "-") == 0;
  char what[4200];
  snprintf(what, sizeof what,
           standard_input ? "the script from stdin" : "script %s", name);
  struct stat status;
  if (!standard_input && stat(name, &status) == 0) {
    if (S_ISDIR(status.st_mode)) {
      snprintf(message, size,
               "cannot read %s: it is a directory (hint: pass a script file "
               "such as script.txt, or - for stdin)",
               what);
      return false;
    }
    if (S_ISREG(status.st_mode) && status.st_size > SCRIPT_SIZE_LIMIT) {
      snprintf(message, size,
               "cannot read %s: it is %lld bytes; a script is at most 16 MiB "
               "(%d bytes) (hint: split it into several scripts)",
               what, (long long)status.st_size, SCRIPT_SIZE_LIMIT);
      return false;
    }
  }
  FILE *file = standard_input ? stdin : fopen(name, "rb");
  if (!file) {
    snprintf(message, size,
             "cannot read %s: %s (hint: check the path; - reads the script "
             "from stdin)",
             what, strerror(errno));
    return false;
  }
  bool over = false;
  errno = 0;
  bool read = bounded_read(file, SCRIPT_SIZE_LIMIT, text, length, &over);
  int error = errno;
  if (!standard_input) {
    fclose(file);
  }
  if (!read) {
    snprintf(message, size, "cannot read %s: %s", what, strerror(error));
    return false;
  }
  if (over) {
    free(*text);
    *text = NULL;
    *length = 0;
    snprintf(message, size,
             "cannot read %s: it is longer than 16 MiB (%d bytes), the limit "
             "of a script; reading stopped there (hint: split it into several "
             "scripts)",
             what, SCRIPT_SIZE_LIMIT);
    return false;
  }
  return true;
}

script_result script_run_text(script_interpreter *interpreter, const char *text,
                              size_t length, anima_diagnostics *diagnostics,
                              script_line_done done, void *context) {
  script_lines outputs = {0};
  script_result worst = SCRIPT_OK;
  size_t line_number = 0;
  for (size_t start = 0; start <= length && worst != SCRIPT_USAGE;
       line_number++) {
    const char *line = text + start;
    const char *newline = memchr(line, '\n', length - start);
    size_t line_length = newline ? (size_t)(newline - line) : length - start;
    const char *nul = memchr(line, '\0', line_length);
    script_result result = SCRIPT_USAGE;
    if (nul) {
      /* Text after a NUL byte would be invisible to the interpreter. */
      char pointer[64];
      snprintf(pointer, sizeof pointer, "/script/%zu", line_number);
      anima_diagnostics_add(
          diagnostics, "script-usage", ANIMA_SEVERITY_ERROR, pointer,
          "a script is UTF-8 text: remove the NUL byte; a file saved as "
          "UTF-16 has one beside each ASCII letter",
          "the line holds a NUL byte at byte %zu", (size_t)(nul - line) + 1);
    } else {
      char *copy = strndup(line, line_length);
      if (copy) {
        result = script_run_line(interpreter, copy, line_number, &outputs,
                                 diagnostics);
      } else {
        char pointer[64];
        snprintf(pointer, sizeof pointer, "/script/%zu", line_number);
        anima_diagnostics_add(diagnostics, "script-usage", ANIMA_SEVERITY_ERROR,
                              pointer, NULL, "out of memory");
      }
      free(copy);
    }
    worst = result > worst ? result : worst;
    if (done) {
      done(context, &outputs, diagnostics);
    }
    script_lines_clear(&outputs);
    if (!newline) {
      break;
    }
    start += line_length + 1;
  }
  if (worst != SCRIPT_USAGE) {
    script_result result = script_finish(interpreter, line_number, diagnostics);
    worst = result > worst ? result : worst;
    if (done) {
      done(context, &outputs, diagnostics);
    }
  }
  script_lines_free(&outputs);
  return worst;
}
