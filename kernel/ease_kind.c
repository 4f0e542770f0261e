/*
 * ease_kind.c — module ease kinds (module.h anima_ease_kind_desc, SPEC §5
 * "Eases"): `name(a, b, ...)` for keys and transitions of documents that
 * declare the kind's feature. Parsing and checking the arguments (shared by
 * validation and compile), and compiling a key's or transition's ease
 * string (core or module) into the model.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "compile_internal.h"
#include "ease.h"
#include "ease_evaluate.h"
#include "kinds.h"
#include "registry_internal.h"

static bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static bool is_letter(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* Ease kind names are a letter then letters, digits and '-'
 * ("elastic-in-out", motion chapter). */
static bool is_word_char(char c) {
  return is_letter(c) || (c >= '0' && c <= '9') || c == '-';
}

static size_t skip_spaces(const char *text, size_t i) {
  while (is_space(text[i])) {
    i++;
  }
  return i;
}

static void fail(anima_ease_error *error, size_t offset, const char *format,
                 ...) ANIMA_PRINTF(3, 4);

static void fail(anima_ease_error *error, size_t offset, const char *format,
                 ...) {
  if (!error) {
    return;
  }
  error->offset = offset;
  va_list arguments;
  va_start(arguments, format);
  vsnprintf(error->message, sizeof error->message, format, arguments);
  va_end(arguments);
}

const anima_ease_kind_desc *anima_ease_kind_find(const anima_registry *registry,
                                                 const char *name,
                                                 size_t length) {
  size_t count =
      anima_registry_behaviour_count(registry, ANIMA_BEHAVIOUR_EASE_KIND);
  for (size_t i = 0; i < count; i++) {
    const anima_ease_kind_desc *kind =
        anima_registry_behaviour(registry, ANIMA_BEHAVIOUR_EASE_KIND, i)->desc;
    if (strlen(kind->name) == length &&
        strncmp(kind->name, name, length) == 0) {
      return kind;
    }
  }
  return NULL;
}

/* Reads "(" [NUMBER ("," NUMBER)*] ")" at text[i] (or nothing at all, for
 * a kind taking no arguments), then the end of the string. */
static bool read_arguments(const char *text, size_t i,
                           const anima_ease_kind_desc *kind, double *numbers,
                           size_t *count, anima_ease_error *error) {
  *count = 0;
  i = skip_spaces(text, i);
  if (text[i] == '\0') {
    return true; /* `name` alone: no arguments */
  }
  if (text[i] != '(') {
    fail(error, i, "expected \"(\" after \"%s\" at offset %zu", kind->name, i);
    return false;
  }
  i = skip_spaces(text, i + 1);
  if (text[i] != ')') {
    for (;;) {
      double number;
      size_t length = anima_number_scan(text + i, &number);
      if (length == 0) {
        fail(error, i, "expected a number in %s(...) at offset %zu", kind->name,
             i);
        return false;
      }
      if (*count == ANIMA_EASE_ARGUMENTS) {
        fail(error, i, "%s(...) takes at most %d numbers (offset %zu)",
             kind->name, ANIMA_EASE_ARGUMENTS, i);
        return false;
      }
      numbers[(*count)++] = number;
      i = skip_spaces(text, i + length);
      if (text[i] == ')') {
        break;
      }
      if (text[i] != ',') {
        fail(error, i, "expected \",\" or \")\" in %s(...) at offset %zu",
             kind->name, i);
        return false;
      }
      i = skip_spaces(text, i + 1);
    }
  }
  i = skip_spaces(text, i + 1);
  if (text[i] != '\0') {
    fail(error, i, "unexpected text after %s(...) at offset %zu", kind->name,
         i);
    return false;
  }
  return true;
}

anima_ease_kind_result
anima_ease_kind_parse(const anima_registry *registry,
                      const char *const *requires, size_t require_count,
                      const char *text, anima_model_module_ease *out,
                      anima_ease_error *error, char *hint, size_t hint_size) {
  memset(out, 0, sizeof *out);
  if (hint_size > 0) {
    hint[0] = '\0';
  }
  if (!text || anima_registry_behaviour_count(registry,
                                              ANIMA_BEHAVIOUR_EASE_KIND) == 0) {
    return ANIMA_EASE_KIND_UNKNOWN;
  }
  size_t start = skip_spaces(text, 0);
  size_t end = start;
  if (is_letter(text[end])) {
    while (is_word_char(text[end])) {
      end++;
    }
  }
  const anima_ease_kind_desc *kind =
      anima_ease_kind_find(registry, text + start, end - start);
  if (!kind) {
    return ANIMA_EASE_KIND_UNKNOWN;
  }
  out->kind = kind;
  if (!anima_feature_declared(kind->feature, requires, require_count)) {
    return ANIMA_EASE_KIND_UNDECLARED;
  }
  const char *syntax = kind->syntax ? kind->syntax : kind->name;
  if (!read_arguments(text, end, kind, out->arguments, &out->count, error)) {
    snprintf(hint, hint_size, "write %s", syntax);
    return ANIMA_EASE_KIND_INVALID;
  }
  if (out->count < kind->minimum_arguments ||
      out->count > kind->maximum_arguments) {
    if (kind->minimum_arguments == kind->maximum_arguments) {
      fail(error, start, "%s takes %zu number%s, got %zu", kind->name,
           kind->minimum_arguments, kind->minimum_arguments == 1 ? "" : "s",
           out->count);
    } else {
      fail(error, start, "%s takes %zu to %zu numbers, got %zu", kind->name,
           kind->minimum_arguments, kind->maximum_arguments, out->count);
    }
    snprintf(hint, hint_size, "write %s", syntax);
    return ANIMA_EASE_KIND_INVALID;
  }
  if (kind->check &&
      !kind->check(out->arguments, out->count, hint, hint_size, kind->user)) {
    fail(error, start, "the arguments of %s(...) are out of range", kind->name);
    if (hint_size > 0 && hint[0] == '\0') {
      snprintf(hint, hint_size, "write %s", syntax);
    }
    return ANIMA_EASE_KIND_INVALID;
  }
  return ANIMA_EASE_KIND_OK;
}

size_t anima_ease_kind_syntaxes(const anima_registry *registry,
                                const char *const *requires,
                                size_t require_count, char *buffer,
                                size_t size) {
  size_t count =
      anima_registry_behaviour_count(registry, ANIMA_BEHAVIOUR_EASE_KIND);
  size_t used = 0, listed = 0;
  if (size > 0) {
    buffer[0] = '\0';
  }
  for (size_t i = 0; i < count; i++) {
    const anima_ease_kind_desc *kind =
        anima_registry_behaviour(registry, ANIMA_BEHAVIOUR_EASE_KIND, i)->desc;
    if (!anima_feature_declared(kind->feature, requires, require_count)) {
      continue;
    }
    int written =
        snprintf(buffer + used, used < size ? size - used : 0, "%s%s",
                 listed ? ", " : "", kind->syntax ? kind->syntax : kind->name);
    if (written > 0) {
      used += (size_t)written;
    }
    listed++;
  }
  return listed;
}

anima_status anima_compile_ease(anima_compiler *compiler, const char *text,
                                anima_model_ease *out) {
  anima_model *model = compiler->model;
  anima_ease parsed;
  *out = anima_model_ease_linear();
  if (anima_ease_parse(text, &parsed, NULL) == ANIMA_EASE_PARSE_OK) {
    *out = anima_model_ease_compile(&parsed);
    return ANIMA_OK;
  }
  anima_model_module_ease module;
  char hint[64];
  if (anima_ease_kind_parse(model->registry, model->requires,
                            model->require_count, text, &module, NULL, hint,
                            sizeof hint) != ANIMA_EASE_KIND_OK) {
    return ANIMA_ERROR_INVALID_DOCUMENT;
  }
  anima_model_module_ease *copy = anima_model_alloc(model, sizeof *copy);
  if (!copy) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  *copy = module;
  out->kind = ANIMA_MODEL_EASE_MODULE;
  out->module = copy;
  return ANIMA_OK;
}
