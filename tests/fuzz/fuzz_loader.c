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
 * when it has no error (SPEC §2: nothing loads partially). Every model it
 * loads also gets two players (full and reduced motion) that take each
 * input write, pointer and key event and a few steps, so that clang's
 * UBSan sees the player on every compiled shape (issue 10 F1: an empty
 * pose made it offset a NULL array).
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

/* Steps one player of `model` through every kind of event. */
static void play(const anima_model *model, bool reduced_motion) {
  anima_player *player = anima_player_create_with_motion(model, reduced_motion);
  if (!player) {
    return; /* out of memory */
  }
  anima_step_result result;
  static const double steps[] = {0, 1.0 / 60, 0.25, 1, 1e6};
  for (size_t i = 0; i < anima_model_input_count(model); i++) {
    const char *name = anima_model_input_name(model, i);
    anima_player_fire(player, name);
    anima_player_toggle(player, name);
    anima_player_set_number(player, name, 1e300);
    anima_player_step(player, steps[i % 5], &result);
  }
  anima_player_pointer_move(player, 10, 10);
  anima_player_step(player, 0, &result);
  anima_player_pointer_down(player, 10, 10);
  anima_player_step(player, 0, &result);
  anima_player_key_down(player, ANIMA_KEY_ENTER, false);
  anima_player_key_down(player, ANIMA_KEY_SPACE, false);
  anima_player_step(player, 0, &result);
  anima_player_pointer_up(player, 10, 10);
  anima_player_key_up(player, ANIMA_KEY_SPACE);
  anima_player_set_reduced_motion(player, !reduced_motion);
  for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++) {
    anima_player_step(player, steps[i], &result);
  }
  anima_player_pointer_leave(player);
  anima_player_step(player, 0, &result);
  anima_value value;
  for (size_t i = 0; i < anima_model_property_count(model); i++) {
    anima_player_read_property(player, i, &value);
  }
  anima_player_destroy(player);
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
    if (model) {
      play(model, false);
      play(model, true);
    }
    anima_model_destroy(model);
  }
  anima_diagnostics_destroy(diagnostics);
  anima_runtime_destroy(runtime);
  return 0;
}
