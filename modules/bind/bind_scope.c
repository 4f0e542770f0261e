/*
 * bind_scope.c — the input scopes of bind expressions (SPEC bind: "an
 * evaluator accepts a scope map of named inputs"): the document's inputs
 * seen from a check, a compile, a condition term, and a step.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bind.h"

/* Names longer than this are no input name (SPEC §2 names are short). */
#define NAME_CAPACITY 256

static bool copy_name(const char *name, size_t length, char *out) {
  if (length >= NAME_CAPACITY) {
    return false;
  }
  memcpy(out, name, length);
  out[length] = '\0';
  return true;
}

static long check_find(void *context, const char *name, size_t length,
                       anima_input_type *type) {
  char copy[NAME_CAPACITY];
  return copy_name(name, length, copy)
             ? bind_host->check_input(context, copy, type)
             : -1;
}

/* "did you mean" over the document's declared inputs. */
static void check_suggest(void *context, const char *name, size_t length,
                          char *hint, size_t size) {
  const anima_host *host = bind_host;
  const anima_json *inputs =
      host->json_member(host->check_document(context), "inputs");
  char copy[NAME_CAPACITY];
  if (!inputs || host->json_type(inputs) != ANIMA_JSON_OBJECT ||
      !copy_name(name, length, copy)) {
    return;
  }
  size_t count = host->json_size(inputs);
  const char **names = malloc((count ? count : 1) * sizeof *names);
  if (!names) {
    return;
  }
  for (size_t i = 0; i < count; i++) {
    names[i] = host->json_key_at(inputs, i);
  }
  const char *closest = host->closest_name(copy, names, count);
  if (closest) {
    snprintf(hint, size, "did you mean \"%s\"?", closest);
  }
  free(names);
}

bind_scope bind_check_scope(anima_check *check) {
  return (bind_scope){
      .find = check_find, .suggest = check_suggest, .context = check};
}

static long compile_find(void *context, const char *name, size_t length,
                         anima_input_type *type) {
  char copy[NAME_CAPACITY];
  if (!copy_name(name, length, copy)) {
    return -1;
  }
  long input = bind_host->compile_find_input(context, copy);
  if (input >= 0) {
    *type = bind_host->compile_input_type(context, (size_t)input);
  }
  return input;
}

bind_scope bind_compile_scope(anima_compile *compile) {
  return (bind_scope){.find = compile_find, .context = compile};
}

static long term_find(void *context, const char *name, size_t length,
                      anima_input_type *type) {
  char copy[NAME_CAPACITY];
  return copy_name(name, length, copy)
             ? bind_host->term_input(context, copy, type)
             : -1;
}

bind_scope bind_term_scope(anima_term_context *context) {
  return (bind_scope){.find = term_find, .context = context};
}

static void *compile_memory(void *context, size_t size) {
  return bind_host->compile_alloc(context, size);
}

bind_allocator bind_compile_allocator(anima_compile *compile) {
  return (bind_allocator){.alloc = compile_memory, .context = compile};
}

static void *term_memory(void *context, size_t size) {
  return bind_host->term_alloc(context, size);
}

bind_allocator bind_term_allocator(anima_term_context *context) {
  return (bind_allocator){.alloc = term_memory, .context = context};
}

static void *heap_memory(void *context, size_t size) {
  (void)context;
  return calloc(1, size);
}

bool bind_check_compile(anima_check *check, const char *text, bind_type *type,
                        bind_error *error) {
  bind_scope scope = bind_check_scope(check);
  bind_allocator heap = {.alloc = heap_memory};
  bind_program *program = NULL;
  anima_status status =
      bind_compile(text, strlen(text), &scope, &heap, &program, error);
  if (status != ANIMA_OK) {
    return false;
  }
  *type = program->type;
  free(program);
  return true;
}

void bind_report(anima_check *check, const char *pointer,
                 const bind_error *error) {
  bind_host->check_report(check, error->code, ANIMA_SEVERITY_ERROR, pointer,
                          error->hint, "%s", error->message);
}

double bind_step_input(void *step, uint32_t input) {
  anima_value value = bind_host->step_input(step, input);
  return value.type == ANIMA_VALUE_NUMBER ? value.as.number
                                          : (value.as.boolean ? 1 : 0);
}
