/*
 * fuzz_loader.c — libFuzzer harness for the strict loader: arbitrary bytes
 * through anima_document_validate (parse, validate) and, when the text is
 * valid, anima_model_load (compile). Build over the kernel sources:
 *
 *   clang -g -O1 -std=c11 -D_POSIX_C_SOURCE=200809L \
 *     -fsanitize=fuzzer,address,undefined -Iinclude -Ikernel \
 *     tests/fuzz/fuzz_loader.c kernel/\*.c \
 *     $(pkg-config --cflags --libs jansson nettle) -lm -ldl
 *
 * (scripts/fuzz-smoke.sh does this.) Besides crashes and sanitizer
 * reports it checks the loader's promises: every diagnostic has a code, a
 * severity, an RFC 6901 pointer and a message; a document loads exactly
 * when it has no error (SPEC §2: nothing loads partially).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <anima/anima.h>

static void check(const anima_diagnostics *diagnostics, anima_status status) {
  size_t errors = 0;
  for (size_t i = 0; i < anima_diagnostics_count(diagnostics); i++) {
    const anima_diagnostic *d = anima_diagnostics_get(diagnostics, i);
    if (!d || !d->code || !d->code[0] || !d->pointer || !d->message ||
        (d->pointer[0] != '\0' && d->pointer[0] != '/') ||
        (d->severity != ANIMA_SEVERITY_ERROR &&
         d->severity != ANIMA_SEVERITY_WARNING)) {
      abort();
    }
    errors += d->severity == ANIMA_SEVERITY_ERROR;
  }
  if ((status == ANIMA_OK) != (errors == 0) &&
      status != ANIMA_ERROR_NO_MEMORY) {
    abort();
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  /* A fresh runtime per input keeps runs independent (no shared state). */
  anima_runtime *runtime = anima_runtime_create();
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  if (!runtime || !diagnostics) {
    abort();
  }
  const char *text = (const char *)data;
  anima_status status =
      anima_document_validate(runtime, text, size, diagnostics);
  check(diagnostics, status);
  if (status == ANIMA_OK) {
    anima_diagnostics_clear(diagnostics);
    anima_model *model = NULL;
    anima_status loaded =
        anima_model_load(runtime, text, size, diagnostics, &model);
    if ((loaded == ANIMA_OK) != (model != NULL) ||
        (loaded != ANIMA_OK && loaded != ANIMA_ERROR_NO_MEMORY)) {
      abort(); /* a valid document must compile */
    }
    anima_model_destroy(model);
  }
  anima_diagnostics_destroy(diagnostics);
  anima_runtime_destroy(runtime);
  return 0;
}
