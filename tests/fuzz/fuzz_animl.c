/*
 * fuzz_animl.c — libFuzzer harness for the AniML compiler and its inverse
 * (include/anima/markup.h). Build over the kernel and markup sources:
 *
 *   clang -g -O1 -std=c11 -D_POSIX_C_SOURCE=200809L \
 *     -fsanitize=fuzzer,address,undefined -Iinclude -Ikernel -Imarkup \
 *     tests/fuzz/fuzz_animl.c kernel/\*.c markup/\*.c \
 *     $(pkg-config --cflags --libs jansson libxml-2.0 nettle) -lm -ldl
 *
 * (scripts/fuzz-smoke.sh does this; seeds in tests/fuzz/seeds/fuzz_animl/.)
 * Besides crashes, leaks and sanitizer reports it checks the promises of
 * markup.h: every diagnostic is well formed (code, severity, RFC 6901
 * pointer, message, a position when it is a compiler error); a compile
 * succeeds exactly when there is no error; what compiles decompiles, and
 * the decompiled AniML compiles back to the same canonical JSON; formatting
 * is idempotent.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <anima/markup.h>

static void check(const anima_diagnostics *diagnostics, anima_status status) {
  size_t errors = 0;
  for (size_t i = 0; i < anima_diagnostics_count(diagnostics); i++) {
    const anima_diagnostic *d = anima_diagnostics_get(diagnostics, i);
    if (!d || !d->code || !d->code[0] || !d->pointer || !d->message ||
        (d->pointer[0] != '\0' && d->pointer[0] != '/') || d->line < 0 ||
        d->column < 0 ||
        (d->severity != ANIMA_SEVERITY_ERROR &&
         d->severity != ANIMA_SEVERITY_WARNING)) {
      abort();
    }
    errors += d->severity == ANIMA_SEVERITY_ERROR;
  }
  if (status != ANIMA_ERROR_NO_MEMORY &&
      (status == ANIMA_OK) != (errors == 0)) {
    abort();
  }
}

/* AniML -> JSON -> AniML -> JSON must give the first JSON again. */
static void round_trip(anima_runtime *runtime, const char *json) {
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  char *animl = NULL, *again = NULL, *formatted = NULL, *twice = NULL;
  anima_status status = anima_markup_decompile(runtime, json, strlen(json),
                                               ANIMA_MARKUP_SYNTAX_ONLY,
                                               diagnostics, &animl, NULL);
  if (status != ANIMA_OK && status != ANIMA_ERROR_NO_MEMORY) {
    abort(); /* everything the compiler makes has an AniML spelling */
  }
  if (animl) {
    status = anima_markup_compile(runtime, animl, strlen(animl),
                                  ANIMA_MARKUP_SYNTAX_ONLY, diagnostics, &again,
                                  NULL);
    if (status == ANIMA_OK && strcmp(again, json) != 0) {
      abort();
    }
    if (anima_markup_format(runtime, animl, strlen(animl), diagnostics,
                            &formatted, NULL) == ANIMA_OK &&
        strcmp(formatted, animl) != 0) {
      abort(); /* decompiler output is canonical */
    }
  }
  if (anima_document_format(runtime, json, strlen(json), diagnostics, &twice,
                            NULL) == ANIMA_OK &&
      strcmp(twice, json) != 0) {
    abort(); /* compiler output is canonical .ani */
  }
  anima_markup_free(animl);
  anima_markup_free(again);
  anima_markup_free(formatted);
  anima_markup_free(twice);
  anima_diagnostics_destroy(diagnostics);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  anima_runtime *runtime = anima_runtime_create();
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  if (!runtime || !diagnostics) {
    abort();
  }
  const char *text = (const char *)data;
  char *json = NULL;
  anima_status status = anima_markup_compile(
      runtime, text, size, ANIMA_MARKUP_SYNTAX_ONLY, diagnostics, &json, NULL);
  check(diagnostics, status);
  for (size_t i = 0; i < anima_diagnostics_count(diagnostics); i++) {
    if (anima_diagnostics_get(diagnostics, i)->line <= 0) {
      abort(); /* every compiler diagnostic has a position */
    }
  }
  if (json) {
    round_trip(runtime, json);
  }
  anima_markup_free(json);
  anima_diagnostics_clear(diagnostics);
  status =
      anima_markup_compile(runtime, text, size, 0, diagnostics, &json, NULL);
  check(diagnostics, status);
  anima_markup_free(json);
  anima_diagnostics_destroy(diagnostics);
  anima_runtime_destroy(runtime);
  return 0;
}
