/*
 * bind_actions.c — expressions in action `set` values (SPEC bind "Input
 * expressions in actions"): the module's expression kind (module.h
 * anima_expression_kind_desc). A string set value is always an expression;
 * a number input takes a number or bool expression (bool as 0/1), a bool
 * input a bool expression. The kernel evaluates every expression set of an
 * action against one input snapshot, then writes them (number results:
 * non-finite made 0, then clamped to the input's min/max).
 *
 * Diagnostics at the set value: bind-syntax, bind-type (a colour, or a
 * number for a bool input, or a trigger read), unknown-input.
 */
#include <string.h>

#include "bind.h"

static bool check_set(anima_check *check, const char *pointer, const char *text,
                      const char *target, anima_input_type type, void *user) {
  (void)user;
  bind_type result;
  bind_error error;
  if (!bind_check_compile(check, text, &result, &error)) {
    if (error.code) {
      bind_report(check, pointer, &error);
    }
    return false;
  }
  bool fits = type == ANIMA_INPUT_NUMBER
                  ? result == BIND_NUMBER || result == BIND_BOOL
                  : result == BIND_BOOL;
  if (!fits) {
    bind_host->check_report(
        check, "bind-type", ANIMA_SEVERITY_ERROR, pointer,
        result == BIND_COLOR
            ? "inputs hold numbers and bools; there are no colour inputs"
            : "a bool input takes a bool expression, e.g. count > 0",
        "\"%s\" is a %s input, but the expression is a %s", target,
        type == ANIMA_INPUT_NUMBER ? "number" : "bool", bind_type_name(result));
    return false;
  }
  return true;
}

static anima_status compile_set(anima_compile *compile, const char *text,
                                anima_input_type type, void **data,
                                void *user) {
  (void)type, (void)user;
  bind_scope scope = bind_compile_scope(compile);
  bind_allocator allocator = bind_compile_allocator(compile);
  bind_program *program = NULL;
  bind_error error;
  anima_status status =
      bind_compile(text, strlen(text), &scope, &allocator, &program, &error);
  *data = program;
  return status;
}

/* The kernel's snapshot reader, adapted to the evaluator's. */
typedef struct snapshot_reader {
  double (*read)(void *context, size_t input);
  void *context;
} snapshot_reader;

static double read_snapshot(void *context, uint32_t input) {
  const snapshot_reader *reader = context;
  return reader->read(reader->context, input);
}

static double evaluate_set(const void *data,
                           double (*read)(void *context, size_t input),
                           void *context, void *user) {
  (void)user;
  snapshot_reader reader = {read, context};
  return bind_evaluate(data, read_snapshot, &reader).number;
}

anima_status bind_register_actions(anima_registrar *registrar) {
  static const anima_expression_kind_desc kind = {
      .struct_size = sizeof kind,
      .name = "bind",
      .feature = BIND_FEATURE,
      .check = check_set,
      .compile = compile_set,
      .evaluate = evaluate_set,
  };
  return bind_host->add_expression_kind(registrar, &kind);
}
