/* diagnostics.c — the diagnostics list (SPEC §2 Strictness, §11.3). */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <anima/anima.h>

#include "text.h"

struct anima_diagnostics {
  anima_diagnostic *items;
  size_t count;
  size_t capacity;
};

anima_diagnostics *anima_diagnostics_create(void) {
  return calloc(1, sizeof(anima_diagnostics));
}

static void diagnostic_free_strings(anima_diagnostic *diagnostic) {
  free((char *)diagnostic->code);
  free((char *)diagnostic->pointer);
  free((char *)diagnostic->message);
  free((char *)diagnostic->hint);
}

void anima_diagnostics_clear(anima_diagnostics *diagnostics) {
  if (!diagnostics) {
    return;
  }
  for (size_t i = 0; i < diagnostics->count; i++) {
    diagnostic_free_strings(&diagnostics->items[i]);
  }
  diagnostics->count = 0;
}

void anima_diagnostics_destroy(anima_diagnostics *diagnostics) {
  if (!diagnostics) {
    return;
  }
  anima_diagnostics_clear(diagnostics);
  free(diagnostics->items);
  free(diagnostics);
}

size_t anima_diagnostics_count(const anima_diagnostics *diagnostics) {
  return diagnostics ? diagnostics->count : 0;
}

size_t anima_diagnostics_error_count(const anima_diagnostics *diagnostics) {
  size_t errors = 0;
  for (size_t i = 0; i < anima_diagnostics_count(diagnostics); i++) {
    if (diagnostics->items[i].severity == ANIMA_SEVERITY_ERROR) {
      errors++;
    }
  }
  return errors;
}

const anima_diagnostic *
anima_diagnostics_get(const anima_diagnostics *diagnostics, size_t index) {
  if (!diagnostics || index >= diagnostics->count) {
    return NULL;
  }
  return &diagnostics->items[index];
}

static anima_status diagnostics_push(anima_diagnostics *diagnostics,
                                     const char *code, anima_severity severity,
                                     const char *pointer, const char *hint,
                                     char *message, int line, int column) {
  if (diagnostics->count == diagnostics->capacity) {
    size_t capacity = diagnostics->capacity ? diagnostics->capacity * 2 : 16;
    anima_diagnostic *items =
        realloc(diagnostics->items, capacity * sizeof *items);
    if (!items) {
      free(message);
      return ANIMA_ERROR_NO_MEMORY;
    }
    diagnostics->items = items;
    diagnostics->capacity = capacity;
  }
  anima_diagnostic *diagnostic = &diagnostics->items[diagnostics->count];
  diagnostic->code = anima_strdup(code);
  diagnostic->severity = severity;
  diagnostic->pointer = anima_strdup(pointer ? pointer : "");
  diagnostic->message = message;
  diagnostic->hint = (hint && *hint) ? anima_strdup(hint) : NULL;
  diagnostic->line = line;
  diagnostic->column = column;
  if (!diagnostic->code || !diagnostic->pointer || !diagnostic->message) {
    diagnostic_free_strings(diagnostic);
    return ANIMA_ERROR_NO_MEMORY;
  }
  diagnostics->count++;
  return ANIMA_OK;
}

anima_status anima_diagnostics_add(anima_diagnostics *diagnostics,
                                   const char *code, anima_severity severity,
                                   const char *pointer, const char *hint,
                                   const char *message_format, ...) {
  if (!diagnostics || !code || !message_format) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  anima_text message = {0};
  va_list arguments;
  va_start(arguments, message_format);
  anima_text_vappendf(&message, message_format, arguments);
  va_end(arguments);
  char *owned = anima_text_take(&message);
  if (!owned) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  return diagnostics_push(diagnostics, code, severity, pointer, hint, owned, 0,
                          0);
}

void anima_diagnostics_set_position(anima_diagnostics *diagnostics,
                                    size_t index, int line, int column) {
  if (diagnostics && index < diagnostics->count) {
    diagnostics->items[index].line = line;
    diagnostics->items[index].column = column;
  }
}

anima_status anima_diagnostics_append(anima_diagnostics *target,
                                      const anima_diagnostics *source) {
  if (!target) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  for (size_t i = 0; i < anima_diagnostics_count(source); i++) {
    const anima_diagnostic *item = &source->items[i];
    char *message = anima_strdup(item->message);
    if (!message) {
      return ANIMA_ERROR_NO_MEMORY;
    }
    anima_status status =
        diagnostics_push(target, item->code, item->severity, item->pointer,
                         item->hint, message, item->line, item->column);
    if (status != ANIMA_OK) {
      return status;
    }
  }
  return ANIMA_OK;
}

const char *anima_status_name(anima_status status) {
  switch (status) {
  case ANIMA_OK:
    return "ok";
  case ANIMA_ERROR_INVALID_ARGUMENT:
    return "invalid argument";
  case ANIMA_ERROR_NO_MEMORY:
    return "out of memory";
  case ANIMA_ERROR_INVALID_DOCUMENT:
    return "invalid document";
  case ANIMA_ERROR_UNKNOWN_INPUT:
    return "unknown input";
  case ANIMA_ERROR_INPUT_TYPE:
    return "wrong input type";
  case ANIMA_ERROR_UNKNOWN_ADDRESS:
    return "unknown address";
  case ANIMA_ERROR_MODULE:
    return "module error";
  case ANIMA_ERROR_IO:
    return "input/output error";
  case ANIMA_ERROR_UNSUPPORTED:
    return "unsupported by the renderer";
  case ANIMA_ERROR_UNKNOWN_OPERATION:
    return "unknown operation";
  }
  return "unknown status";
}
