/*
 * fuzz_bind_expr.c — libFuzzer harness for the bind expression language
 * (modules/bind/expr.h): the tokenizer, the typed parser with its limits,
 * string folding (ICU lowercasing), the compiler and the evaluator.
 *
 * Built by scripts/fuzz-smoke.sh with modules/bind/expr*.c and ICU.
 *
 * Invariants checked (a violation aborts, which the fuzzer reports): a
 * refused expression has a code, a message, a hint and an offset within
 * the text; a compiled program is never a string, stays within the stack
 * limit, and evaluates (inputs at a few values) to a finite number for
 * number and bool programs once consumed, and to 0/1 for bool programs.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "expr.h"

static void check(bool condition) {
  if (!condition) {
    abort();
  }
}

static const char *const names[] = {"count", "level", "on", "go", "a-b"};
static const anima_input_type types[] = {ANIMA_INPUT_NUMBER, ANIMA_INPUT_NUMBER,
                                         ANIMA_INPUT_BOOL, ANIMA_INPUT_TRIGGER,
                                         ANIMA_INPUT_NUMBER};

static long find(void *context, const char *name, size_t length,
                 anima_input_type *type) {
  (void)context;
  for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
    if (strlen(names[i]) == length && memcmp(names[i], name, length) == 0) {
      *type = types[i];
      return (long)i;
    }
  }
  return -1;
}

static double values[5];

static double read_input(void *context, uint32_t index) {
  (void)context;
  check(index < 5 && types[index] != ANIMA_INPUT_TRIGGER);
  return values[index];
}

static void *allocate(void *context, size_t size) {
  (void)context;
  return calloc(1, size);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const bind_scope scope = {.find = find};
  const bind_allocator allocator = {.alloc = allocate};
  bind_program *program = NULL;
  bind_error error;
  anima_status status = bind_compile((const char *)data, size, &scope,
                                     &allocator, &program, &error);
  if (status != ANIMA_OK) {
    check(program == NULL);
    if (status == ANIMA_ERROR_INVALID_DOCUMENT) {
      check(error.code != NULL && error.message[0] && error.hint[0]);
      check(error.byte_offset <= size && error.offset <= size);
    }
    return 0;
  }
  check(program->type != BIND_STRING);
  check(program->max_stack <= BIND_TOKEN_LIMIT);
  static const double samples[] = {0, 1, -7.5, 1e308};
  for (size_t s = 0; s < sizeof samples / sizeof *samples; s++) {
    for (size_t i = 0; i < 5; i++) {
      values[i] = types[i] == ANIMA_INPUT_BOOL ? (s & 1) : samples[s];
    }
    bind_value result = bind_evaluate(program, read_input, NULL);
    if (program->type == BIND_BOOL) {
      check(result.number == 0 || result.number == 1);
    } else if (program->type == BIND_NUMBER) {
      check(isfinite(bind_finite(result.number)));
    }
  }
  free(program);
  return 0;
}
