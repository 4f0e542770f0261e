/* markup.c — the public functions of include/anima/markup.h. */
#include <anima/markup.h>
#include <anima/module.h>

#include <stdlib.h>
#include <string.h>

#include "markup_internal.h"

static const size_t json_flags =
    JSON_REJECT_DUPLICATES | JSON_DECODE_INT_AS_REAL | JSON_DECODE_ANY;

void anima_markup_free(char *text) {
  free(text);
}

static void clear_output(char **text, size_t *length) {
  if (text) {
    *text = NULL;
  }
  if (length) {
    *length = 0;
  }
}

/* Hands a buffer to the caller; NO_MEMORY when it failed. */
static anima_status deliver(markup_buffer *buffer, char **text,
                            size_t *length) {
  *text = markup_buffer_take(buffer, length);
  return *text ? ANIMA_OK : ANIMA_ERROR_NO_MEMORY;
}

static size_t error_count(const anima_diagnostics *diagnostics, size_t first) {
  size_t errors = 0;
  for (size_t i = first; i < anima_diagnostics_count(diagnostics); i++) {
    errors +=
        anima_diagnostics_get(diagnostics, i)->severity == ANIMA_SEVERITY_ERROR;
  }
  return errors;
}

anima_status anima_markup_compile(anima_runtime *runtime, const char *text,
                                  size_t length, unsigned options,
                                  anima_diagnostics *diagnostics, char **json,
                                  size_t *json_length) {
  clear_output(json, json_length);
  if (!runtime || (!text && length > 0) || !json) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  anima_diagnostics *found = anima_diagnostics_create();
  if (!found) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  const anima_registry *registry = anima_runtime_registry(runtime);
  markup_compiled compiled;
  anima_status status =
      markup_compile(registry, text ? text : "", length, found, &compiled);
  if (status == ANIMA_OK && !(options & ANIMA_MARKUP_SYNTAX_ONLY)) {
    status = markup_validate_compiled(runtime, &compiled, found);
  }
  if (status == ANIMA_OK && (error_count(found, 0) > 0 || !compiled.document)) {
    status = ANIMA_ERROR_INVALID_DOCUMENT;
  }
  if (status == ANIMA_OK) {
    markup_buffer out = {0};
    markup_format_json(registry, compiled.document, NULL, &out);
    status = deliver(&out, json, json_length);
  }
  if (diagnostics) {
    anima_diagnostics_append(diagnostics, found);
  }
  anima_diagnostics_destroy(found);
  markup_compiled_free(&compiled);
  return status;
}

/* Parses `.ani` text with jansson, reporting json-syntax / duplicate-key. */
static json_t *parse_json(const char *text, size_t length,
                          anima_diagnostics *diagnostics) {
  json_error_t error;
  json_t *document = json_loadb(text, length, json_flags, &error);
  if (!document) {
    bool duplicate = strstr(error.text, "duplicate") != NULL;
    anima_diagnostics_add(
        diagnostics, duplicate ? "duplicate-key" : "json-syntax",
        ANIMA_SEVERITY_ERROR, "", duplicate ? "remove one of them" : NULL,
        "line %d, column %d: %s", error.line, error.column, error.text);
    anima_diagnostics_set_position(
        diagnostics, anima_diagnostics_count(diagnostics) - 1,
        error.line > 0 ? error.line : 1, error.column > 0 ? error.column : 1);
  }
  return document;
}

anima_status anima_markup_decompile(anima_runtime *runtime, const char *json,
                                    size_t length, unsigned options,
                                    anima_diagnostics *diagnostics,
                                    char **animl, size_t *animl_length) {
  clear_output(animl, animl_length);
  if (!runtime || (!json && length > 0) || !animl) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  anima_diagnostics *found = anima_diagnostics_create();
  if (!found) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  anima_status status = ANIMA_OK;
  if (!(options & ANIMA_MARKUP_SYNTAX_ONLY)) {
    status = anima_document_validate(runtime, json ? json : "", length, found);
  }
  json_t *document =
      status == ANIMA_OK ? parse_json(json ? json : "", length, found) : NULL;
  if (status == ANIMA_OK && !document) {
    status = ANIMA_ERROR_INVALID_DOCUMENT;
  }
  if (status == ANIMA_OK) {
    markup_buffer out = {0};
    if (markup_decompile(anima_runtime_registry(runtime), document, NULL, found,
                         &out)) {
      status = deliver(&out, animl, animl_length);
    } else {
      status = out.failed && error_count(found, 0) == 0
                   ? ANIMA_ERROR_NO_MEMORY
                   : ANIMA_ERROR_INVALID_DOCUMENT;
      markup_buffer_free(&out);
    }
  }
  json_decref(document);
  if (diagnostics) {
    anima_diagnostics_append(diagnostics, found);
  }
  anima_diagnostics_destroy(found);
  return status;
}

anima_status anima_markup_format(anima_runtime *runtime, const char *text,
                                 size_t length, anima_diagnostics *diagnostics,
                                 char **out, size_t *out_length) {
  clear_output(out, out_length);
  if (!runtime || (!text && length > 0) || !out) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  anima_diagnostics *found = anima_diagnostics_create();
  if (!found) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  markup_compiled compiled;
  const anima_registry *registry = anima_runtime_registry(runtime);
  anima_status status =
      markup_compile(registry, text ? text : "", length, found, &compiled);
  if (status == ANIMA_OK && (compiled.error_count > 0 || !compiled.document)) {
    status = ANIMA_ERROR_INVALID_DOCUMENT;
  }
  if (status == ANIMA_OK) {
    markup_buffer result = {0};
    if (markup_decompile(registry, compiled.document, &compiled.comments, found,
                         &result)) {
      status = deliver(&result, out, out_length);
    } else {
      status = ANIMA_ERROR_INVALID_DOCUMENT;
      markup_buffer_free(&result);
    }
  }
  if (diagnostics) {
    anima_diagnostics_append(diagnostics, found);
  }
  anima_diagnostics_destroy(found);
  markup_compiled_free(&compiled);
  return status;
}

anima_status anima_document_format(anima_runtime *runtime, const char *json,
                                   size_t length,
                                   anima_diagnostics *diagnostics, char **out,
                                   size_t *out_length) {
  clear_output(out, out_length);
  if (!runtime || (!json && length > 0) || !out) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  anima_diagnostics *found = anima_diagnostics_create();
  if (!found) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  json_t *document = parse_json(json ? json : "", length, found);
  anima_status status = ANIMA_ERROR_INVALID_DOCUMENT;
  if (document) {
    /* meta keeps its numbers as written (SPEC §2: tools preserve it). */
    markup_raw_numbers raw = {0};
    markup_raw_numbers_collect(json, length, document, &raw);
    markup_buffer result = {0};
    markup_format_json(anima_runtime_registry(runtime), document, &raw,
                       &result);
    markup_raw_numbers_free(&raw);
    status = deliver(&result, out, out_length);
  }
  json_decref(document);
  if (diagnostics) {
    anima_diagnostics_append(diagnostics, found);
  }
  anima_diagnostics_destroy(found);
  return status;
}

anima_status anima_markup_locate(anima_runtime *runtime, const char *text,
                                 size_t length,
                                 anima_diagnostics *diagnostics) {
  if (!runtime || (!text && length > 0) || !diagnostics) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  anima_diagnostics *ignored = anima_diagnostics_create();
  if (!ignored) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  markup_compiled compiled;
  const anima_registry *registry = anima_runtime_registry(runtime);
  anima_status status =
      markup_compile(registry, text ? text : "", length, ignored, &compiled);
  /* Rebuilt in order: diagnostics without a position get the AniML one
   * and their hints in AniML spelling; the others are copied. */
  anima_diagnostics *located = status == ANIMA_OK && compiled.document
                                   ? anima_diagnostics_create()
                                   : NULL;
  markup_names names = {0};
  if (located) {
    markup_names_collect(registry, compiled.document, &names);
  }
  for (size_t i = 0; located && i < anima_diagnostics_count(diagnostics); i++) {
    const anima_diagnostic *diagnostic = anima_diagnostics_get(diagnostics, i);
    if (diagnostic->line == 0) {
      markup_locate_diagnostic(registry, &compiled, &names, diagnostic,
                               located);
    } else if (anima_diagnostics_add(located, diagnostic->code,
                                     diagnostic->severity, diagnostic->pointer,
                                     diagnostic->hint, "%s",
                                     diagnostic->message) == ANIMA_OK) {
      anima_diagnostics_set_position(located,
                                     anima_diagnostics_count(located) - 1,
                                     diagnostic->line, diagnostic->column);
    }
  }
  if (located && anima_diagnostics_count(located) ==
                     anima_diagnostics_count(diagnostics)) {
    anima_diagnostics_clear(diagnostics);
    status = anima_diagnostics_append(diagnostics, located);
  } else if (status == ANIMA_OK && compiled.document) {
    status = ANIMA_ERROR_NO_MEMORY;
  }
  anima_diagnostics_destroy(located);
  markup_names_free(&names);
  markup_compiled_free(&compiled);
  anima_diagnostics_destroy(ignored);
  return status;
}
