/*
 * test_markup_support.h — the fixture shared by the AniML diagnostic tests
 * (tests/test_markup_diagnostics.c, tests/test_markup_hints.c): a runtime
 * and a diagnostics list per test, compiling AniML that must fail, and
 * finding one diagnostic by code and pointer.
 */
#ifndef ANIMA_TEST_MARKUP_SUPPORT_H
#define ANIMA_TEST_MARKUP_SUPPORT_H

#include <criterion/criterion.h>
#include <string.h>

#include <anima/markup.h>

static anima_runtime *runtime;
static anima_diagnostics *diagnostics;

static void setup(void) {
  runtime = anima_runtime_create();
  diagnostics = anima_diagnostics_create();
}

static void teardown(void) {
  anima_diagnostics_destroy(diagnostics);
  anima_runtime_destroy(runtime);
}

/* Compiles AniML (validated unless `syntax_only`); expects failure. */
static inline void compile_fails(const char *animl, bool syntax_only) {
  char *json = NULL;
  anima_status status = anima_markup_compile(
      runtime, animl, strlen(animl), syntax_only ? ANIMA_MARKUP_SYNTAX_ONLY : 0,
      diagnostics, &json, NULL);
  cr_assert_eq(status, ANIMA_ERROR_INVALID_DOCUMENT);
  cr_assert_null(json);
}

/* The diagnostic with `code` at `pointer`; fails (listing what there is)
 * when there is none. */
static inline const anima_diagnostic *find(const char *code,
                                           const char *pointer) {
  for (size_t i = 0; i < anima_diagnostics_count(diagnostics); i++) {
    const anima_diagnostic *d = anima_diagnostics_get(diagnostics, i);
    if (strcmp(d->code, code) == 0 && strcmp(d->pointer, pointer) == 0) {
      return d;
    }
  }
  for (size_t i = 0; i < anima_diagnostics_count(diagnostics); i++) {
    const anima_diagnostic *d = anima_diagnostics_get(diagnostics, i);
    cr_log_error("have %s at %s (%d:%d): %s (hint: %s)", d->code, d->pointer,
                 d->line, d->column, d->message, d->hint ? d->hint : "-");
  }
  cr_assert_fail("no %s at \"%s\"", code, pointer);
  return NULL;
}

#endif
