/*
 * test_module_player.h — loading small documents with module files into
 * players, for the module tests (tests/test_{ik,rig,skin,pathfollow,
 * motion,machine,solve}.c and the like). Every document goes through the
 * real loader; an unexpected load result fails the test with the first
 * diagnostic (code, pointer and message).
 */
#ifndef ANIMA_TEST_MODULE_PLAYER_H
#define ANIMA_TEST_MODULE_PLAYER_H

#include <criterion/criterion.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include <anima/module.h>

/** A runtime with modules, one model and its player, and the load's
 *  diagnostics (kept so tests can inspect a refused document). */
typedef struct loaded {
  anima_runtime *runtime;
  anima_model *model;
  anima_player *player;
  anima_diagnostics *diagnostics;
} loaded;

/**
 * Creates a runtime into `l`, loads every module file of `modules` (a
 * NULL-terminated array of paths; each must load) and then `json`.
 * Returns anima_model_load's status; no player is created.
 */
static inline anima_status loaded_load(loaded *l, const char *const *modules,
                                       const char *json) {
  l->runtime = anima_runtime_create();
  cr_assert_not_null(l->runtime);
  l->diagnostics = anima_diagnostics_create();
  cr_assert_not_null(l->diagnostics);
  for (size_t i = 0; modules != NULL && modules[i] != NULL; i++) {
    cr_assert_eq(
        anima_runtime_load_module_file(l->runtime, modules[i], l->diagnostics),
        ANIMA_OK, "module %s", modules[i]);
  }
  return anima_model_load(l->runtime, json, strlen(json), l->diagnostics,
                          &l->model);
}

/**
 * Loads `json` with `modules` (see loaded_load). With `expect_ok` the load
 * must succeed (else the test fails naming the first diagnostic) and the
 * player is created, not yet stepped; without it the load must fail and
 * the result has no model and no player, only the diagnostics.
 */
static inline loaded loaded_open(const char *const *modules, const char *json,
                                 bool expect_ok) {
  loaded l = {0};
  anima_status status = loaded_load(&l, modules, json);
  if (!expect_ok) {
    cr_assert_neq(status, ANIMA_OK, "the document loaded");
    return l;
  }
  if (status != ANIMA_OK) {
    const anima_diagnostic *first = anima_diagnostics_get(l.diagnostics, 0);
    cr_assert_fail("document did not load: %s %s %s",
                   first ? first->code : anima_status_name(status),
                   first ? first->pointer : "", first ? first->message : "");
  }
  l.player = anima_player_create(l.model);
  cr_assert_not_null(l.player);
  return l;
}

/** Frees everything loaded_open made (NULL members are skipped). */
static inline void loaded_close(loaded *l) {
  anima_player_destroy(l->player);
  anima_model_destroy(l->model);
  anima_diagnostics_destroy(l->diagnostics);
  anima_runtime_destroy(l->runtime);
}

/** One step of `dt` seconds, which must succeed. */
static inline anima_step_result loaded_step(loaded *l, double dt) {
  anima_step_result result;
  cr_assert_eq(anima_player_step(l->player, dt, &result), ANIMA_OK);
  return result;
}

/** The value at `address` (SPEC §8 addresses), which must exist. */
static inline anima_value loaded_value(const loaded *l, const char *address) {
  anima_value value;
  cr_assert_eq(anima_player_read(l->player, address, &value), ANIMA_OK, "%s",
               address);
  return value;
}

/** The number at `address`; the test fails when it is not a number. */
static inline double loaded_number(const loaded *l, const char *address) {
  anima_value value = loaded_value(l, address);
  cr_assert_eq(value.type, ANIMA_VALUE_NUMBER, "%s is a number", address);
  return value.as.number;
}

/** True when `diagnostics` has an error `code` at `pointer`. */
static inline bool loaded_reports(const anima_diagnostics *diagnostics,
                                  const char *code, const char *pointer) {
  for (size_t i = 0; i < anima_diagnostics_count(diagnostics); i++) {
    const anima_diagnostic *d = anima_diagnostics_get(diagnostics, i);
    if (strcmp(d->code, code) == 0 && strcmp(d->pointer, pointer) == 0 &&
        d->severity == ANIMA_SEVERITY_ERROR) {
      return true;
    }
  }
  return false;
}

/** Validation alone (`anima validate`, anima_document_validate) of `json`
 *  with the modules of `runtime` fails and reports the error `code` at
 *  `pointer`, as a load does (rig-cycle included: SPEC rig "Rig stage and
 *  extension contract" computes the solve order at load). */
static inline void loaded_expect_validate_reports(anima_runtime *runtime,
                                                  const char *json,
                                                  const char *code,
                                                  const char *pointer) {
  anima_diagnostics *validated = anima_diagnostics_create();
  cr_expect_eq(anima_document_validate(runtime, json, strlen(json), validated),
               ANIMA_ERROR_INVALID_DOCUMENT, "%s validated", code);
  const anima_diagnostic *first = anima_diagnostics_get(validated, 0);
  cr_expect(loaded_reports(validated, code, pointer),
            "validate: no %s at %s (first: %s %s)", code, pointer,
            first ? first->code : "-", first ? first->pointer : "-");
  anima_diagnostics_destroy(validated);
}

/**
 * The whole file at `path` (a test document, under 64 KiB) as text in a
 * static buffer that the next call overwrites; the test fails when the
 * file cannot be opened.
 */
static inline const char *loaded_read_document(const char *path) {
  FILE *file = fopen(path, "rb");
  cr_assert_not_null(file, "%s", path);
  static char text[1 << 16];
  size_t length = fread(text, 1, sizeof text - 1, file);
  fclose(file);
  text[length] = '\0';
  return text;
}

#endif
