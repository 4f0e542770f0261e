/*
 * test_kind_expressions.c — the kernel's typed expressions (module.h
 * anima_expression_kind_desc, host check_value_expression,
 * compile_value_expression, step_value_expression) through an expression
 * language WITHOUT typed results: tests/modules/exprs.c ("tinyexpr": an
 * input name, optionally negated with '-') has only check, compile and
 * evaluate, so the kernel serves numbers and bools through them and
 * refuses colours. The bind module, the only other expression language,
 * has typed results and never takes this path.
 */
#include "test_kind_fixture.h"

/* dot (a circle); inputs level (number, default 3) and flag (bool, default
 * false); the document strings EXTRA. */
#define TINY_DOCUMENT(extra)                                                   \
  "{\"anima\": \"0.1\", \"name\": \"tiny\", \"grid\": 20, \"requires\": "      \
  "[\"tinyexpr\"], \"nodes\": [{\"id\": \"dot\", \"type\": \"circle\", "       \
  "\"center\": [10, 10], \"r\": 2, \"fill\": {\"color\": \"#000000\"}}], "     \
  "\"inputs\": {\"level\": {\"type\": \"number\", \"default\": 3}, "           \
  "\"flag\": {\"type\": \"bool\"}}" extra "}"

/* The only error of the last validation (the inputs a refused expression
 * does not read are also reported as unused-input warnings). */
static const anima_diagnostic *only_error(const kind_fixture *f) {
  const anima_diagnostic *error = NULL;
  size_t errors = 0;
  for (size_t i = 0; i < anima_diagnostics_count(f->diagnostics); i++) {
    const anima_diagnostic *d = anima_diagnostics_get(f->diagnostics, i);
    if (d->severity == ANIMA_SEVERITY_ERROR) {
      error = d;
      errors++;
    }
  }
  cr_assert_eq(errors, 1, "one error (got %zu)", errors);
  return error;
}

static bool visible(const kind_fixture *f) {
  anima_value value = kind_value(f, "dot.visible");
  cr_assert_eq(value.type, ANIMA_VALUE_BOOL, "dot.visible is a bool");
  return value.as.boolean;
}

Test(kind_expressions, numbers_and_bools_fall_back_to_the_untyped_kind) {
  /* tinyNumber "-level" is −level as a number: −3 with the default, −2.5
   * after `level` = 2.5. tinyBool "level" is a bool: the untyped result
   * != 0 (SPEC bind: a bool target takes result != 0): 3 -> true, then
   * after `level` = 0 -> false; a circle is visible by default, so the
   * false shows the expression wrote it. */
  kind_fixture f = kind_runtime("exprs");
  kind_load(&f, TINY_DOCUMENT(
                    ", \"tinyNumber\": \"-level\", \"tinyBool\": \"level\""));
  kind_step(&f, 0);
  cr_assert_float_eq(kind_number(&f, "dot.x"), -3, 1e-12);
  cr_assert(visible(&f));
  anima_player_set_number(f.player, "level", 2.5);
  kind_step(&f, 0);
  cr_assert_float_eq(kind_number(&f, "dot.x"), -2.5, 1e-12);
  cr_assert(visible(&f));
  anima_player_set_number(f.player, "level", 0);
  kind_step(&f, 0);
  cr_assert_float_eq(kind_number(&f, "dot.x"), 0, 1e-12);
  cr_assert_not(visible(&f));
  kind_free(&f);
}

Test(kind_expressions, a_bool_input_reads_as_zero_or_one) {
  /* tinyNumber "-flag": −0 for false, −1 for true; tinyBool "flag". */
  kind_fixture f = kind_runtime("exprs");
  kind_load(
      &f, TINY_DOCUMENT(", \"tinyNumber\": \"-flag\", \"tinyBool\": \"flag\""));
  kind_step(&f, 0);
  cr_assert_float_eq(kind_number(&f, "dot.x"), 0, 1e-12);
  cr_assert_not(visible(&f));
  anima_player_set_bool(f.player, "flag", true);
  kind_step(&f, 0);
  cr_assert_float_eq(kind_number(&f, "dot.x"), -1, 1e-12);
  cr_assert(visible(&f));
  kind_free(&f);
}

Test(kind_expressions, the_fallback_checks_through_the_untyped_check) {
  /* A number expression naming no input: the kind's own check reports
   * unknown-input at the expression's pointer, the only error. */
  kind_fixture f = kind_runtime("exprs");
  kind_validate(&f, TINY_DOCUMENT(", \"tinyNumber\": \"-lvel\""));
  const anima_diagnostic *only = only_error(&f);
  cr_assert_str_eq(only->code, "unknown-input");
  cr_assert_str_eq(only->pointer, "/tinyNumber");
  kind_free(&f);
}

Test(kind_expressions, a_colour_is_refused_without_typed_results) {
  /* check_value_expression returns false for a colour (the language gives
   * none): the caller's own diagnostic, at its pointer; the kind's check
   * is not consulted (a valid input name is still refused). */
  kind_fixture f = kind_runtime("exprs");
  kind_validate(&f, TINY_DOCUMENT(", \"tinyColor\": \"level\""));
  const anima_diagnostic *only = only_error(&f);
  cr_assert_str_eq(only->code, "tiny-type");
  cr_assert_str_eq(only->pointer, "/tinyColor");
  kind_free(&f);
}
