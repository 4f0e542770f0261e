/*
 * bind_terms.c — the condition term EXPR OP EXPR (SPEC §8 conditions, bind
 * chapter): a term the core grammar does not parse (two inputs compared,
 * arithmetic, `and`/`or`/`not`, function calls, a parenthesised bool call)
 * is a bind expression that must be a bool. Legacy NAME OP NUMBER terms
 * stay the core's, with their number-input-only rule; terms starting with
 * "@" stay the core's too.
 *
 * Diagnostics at the condition: bind-syntax, bind-type (also a term whose
 * value is not a bool), unknown-input; the character offset counts from
 * the term's first character.
 */
#include <string.h>

#include "bind.h"

static anima_term_match parse_term(anima_term_context *context,
                                   const char *text, size_t length, void **data,
                                   void *user) {
  (void)user;
  if (length > 0 && text[0] == '@') {
    return ANIMA_TERM_NO_MATCH;
  }
  bind_scope scope = bind_term_scope(context);
  bind_allocator allocator = bind_term_allocator(context);
  bind_program *program = NULL;
  bind_error error;
  anima_status status =
      bind_compile(text, length, &scope, &allocator, &program, &error);
  if (status == ANIMA_ERROR_NO_MEMORY) {
    bind_host->term_report(context, "limit-exceeded", "free memory",
                           "out of memory compiling the term");
    return ANIMA_TERM_ERROR;
  }
  if (status != ANIMA_OK) {
    bind_host->term_report(context, error.code, error.hint, "%s",
                           error.message);
    return ANIMA_TERM_ERROR;
  }
  if (program->type != BIND_BOOL) {
    bind_host->term_report(context, "bind-type",
                           "a condition term is a comparison or a bool, e.g. "
                           "count > 0 and mod(count, 5) == 0",
                           "the term \"%.*s\" is a %s, not a bool",
                           (int)(length > 60 ? 60 : length), text,
                           bind_type_name(program->type));
    return ANIMA_TERM_ERROR;
  }
  *data = program;
  return ANIMA_TERM_MATCH;
}

static bool term_holds(anima_step *step, const void *data, size_t layer,
                       double *carry, void *user) {
  (void)layer, (void)carry, (void)user;
  return bind_evaluate(data, bind_step_input, step).number != 0;
}

anima_status bind_register_terms(anima_registrar *registrar) {
  static const anima_term_kind_desc kind = {
      .struct_size = sizeof kind,
      .name = "expression",
      .feature = BIND_FEATURE,
      .syntax = "EXPR OP EXPR",
      .parse = parse_term,
      .holds = term_holds,
  };
  return bind_host->add_term_kind(registrar, &kind);
}
