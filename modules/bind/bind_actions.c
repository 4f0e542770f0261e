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
 *
 * The same kind gives typed values to other modules (check_value,
 * compile_value, evaluate_value: a number, bool or colour result, e.g. the
 * events module's colour payload fields), with bind-type when the
 * expression's type does not fit.
 */
#include <string.h>

#include "bind.h"

/* Checks `text` as an expression: its result type in `*result`; false
 * when it does not compile (reported at `pointer`; out of memory leaves
 * the error without a code and reports nothing). */
static bool check_compiles(anima_check *check, const char *pointer,
                           const char *text, bind_type *result) {
  bind_error error;
  if (bind_check_compile(check, text, result, &error)) {
    return true;
  }
  if (error.code) {
    bind_report(check, pointer, &error);
  }
  return false;
}

static bool check_set(anima_check *check, const char *pointer, const char *text,
                      const char *target, anima_input_type type, void *user) {
  (void)user;
  bind_type result;
  if (!check_compiles(check, pointer, text, &result)) {
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

static const char *value_type_name(anima_value_type type) {
  return type == ANIMA_VALUE_BOOL     ? "bool"
         : type == ANIMA_VALUE_COLOR  ? "colour"
         : type == ANIMA_VALUE_NUMBER ? "number"
                                      : "module-typed";
}

/* A number takes a number or a bool (0/1); a bool a bool; a colour a
 * colour; nothing else has an expression form. */
static bool check_value(anima_check *check, const char *pointer,
                        const char *text, const char *target,
                        anima_value_type type, void *user) {
  (void)user;
  bind_type result;
  if (!check_compiles(check, pointer, text, &result)) {
    return false;
  }
  bool fits = type == ANIMA_VALUE_NUMBER
                  ? result == BIND_NUMBER || result == BIND_BOOL
              : type == ANIMA_VALUE_BOOL  ? result == BIND_BOOL
              : type == ANIMA_VALUE_COLOR ? result == BIND_COLOR
                                          : false;
  if (!fits) {
    bind_host->check_report(
        check, "bind-type", ANIMA_SEVERITY_ERROR, pointer,
        type == ANIMA_VALUE_COLOR
            ? "write a colour expression, e.g. mix(#ff0000, #0000ff, level)"
        : type == ANIMA_VALUE_BOOL ? "write a bool expression, e.g. count > 0"
                                   : "write a number or bool expression",
        "\"%s\" takes a %s, but the expression is a %s", target,
        value_type_name(type), bind_type_name(result));
    return false;
  }
  return true;
}

static anima_status compile_value(anima_compile *compile, const char *text,
                                  anima_value_type type, void **data,
                                  void *user) {
  (void)type;
  return compile_set(compile, text, ANIMA_INPUT_NUMBER, data, user);
}

static void evaluate_value(const void *data,
                           double (*read)(void *context, size_t input),
                           void *context, anima_value *out, void *user) {
  (void)user;
  snapshot_reader reader = {read, context};
  bind_value value = bind_evaluate(data, read_snapshot, &reader);
  switch (out->type) {
  case ANIMA_VALUE_COLOR:
    out->as.color = value.color;
    break;
  case ANIMA_VALUE_BOOL:
    out->as.boolean = value.number != 0;
    break;
  default:
    out->as.number = value.number;
    break;
  }
}

anima_status bind_register_actions(anima_registrar *registrar) {
  static const anima_expression_kind_desc kind = {
      .struct_size = sizeof kind,
      .name = "bind",
      .feature = BIND_FEATURE,
      .check = check_set,
      .compile = compile_set,
      .evaluate = evaluate_set,
      .check_value = check_value,
      .compile_value = compile_value,
      .evaluate_value = evaluate_value,
  };
  return bind_host->add_expression_kind(registrar, &kind);
}
