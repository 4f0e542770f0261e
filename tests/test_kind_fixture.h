/*
 * test_kind_fixture.h — documents that use a test module's kinds
 * (tests/modules/<name>.c, issue 9 item 6): a runtime with the module
 * loaded from the build tree, validation diagnostics, and players. Every
 * document goes through the real loader.
 */
#ifndef ANIMA_TEST_KIND_FIXTURE_H
#define ANIMA_TEST_KIND_FIXTURE_H

#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include <anima/module.h>

#define KIND_MODULE(name) ANIMA_TEST_MODULE_DIR "/anima-" name ".so"

typedef struct kind_fixture {
  anima_runtime *runtime;
  anima_diagnostics *diagnostics;
  anima_model *model;
  anima_player *player;
} kind_fixture;

/** A runtime with the test module `name` loaded. */
static inline kind_fixture kind_runtime(const char *name) {
  kind_fixture f = {0};
  f.runtime = anima_runtime_create();
  f.diagnostics = anima_diagnostics_create();
  cr_assert_not_null(f.runtime);
  cr_assert_not_null(f.diagnostics);
  char path[512];
  snprintf(path, sizeof path, "%s/anima-%s.so", ANIMA_TEST_MODULE_DIR, name);
  anima_status status =
      anima_runtime_load_module_file(f.runtime, path, f.diagnostics);
  if (status != ANIMA_OK) {
    const anima_diagnostic *first = anima_diagnostics_get(f.diagnostics, 0);
    cr_assert_fail("module %s did not load: %s", name,
                   first ? first->message : anima_status_name(status));
  }
  return f;
}

/** Loads `json` into f->model and a player; fails the test with the first
 * diagnostic when it does not load. */
static inline void kind_load(kind_fixture *f, const char *json) {
  anima_diagnostics_clear(f->diagnostics);
  anima_status status = anima_model_load(f->runtime, json, strlen(json),
                                         f->diagnostics, &f->model);
  if (status != ANIMA_OK) {
    const anima_diagnostic *first = anima_diagnostics_get(f->diagnostics, 0);
    cr_assert_fail("document did not load: %s %s %s",
                   first ? first->code : anima_status_name(status),
                   first ? first->pointer : "", first ? first->message : "");
  }
  f->player = anima_player_create(f->model);
  cr_assert_not_null(f->player);
}

/** Validates `json`; returns the number of diagnostics (in f->diagnostics). */
static inline size_t kind_validate(kind_fixture *f, const char *json) {
  anima_diagnostics_clear(f->diagnostics);
  anima_document_validate(f->runtime, json, strlen(json), f->diagnostics);
  return anima_diagnostics_count(f->diagnostics);
}

/** The only diagnostic of the last validation (fails unless exactly one). */
static inline const anima_diagnostic *kind_only(const kind_fixture *f) {
  size_t count = anima_diagnostics_count(f->diagnostics);
  if (count != 1) {
    const anima_diagnostic *first = anima_diagnostics_get(f->diagnostics, 0);
    cr_assert_fail("expected one diagnostic, got %zu (first: %s %s %s)", count,
                   first ? first->code : "-", first ? first->pointer : "",
                   first ? first->message : "");
  }
  return anima_diagnostics_get(f->diagnostics, 0);
}

static inline void kind_free(kind_fixture *f) {
  anima_player_destroy(f->player);
  anima_model_destroy(f->model);
  anima_diagnostics_destroy(f->diagnostics);
  anima_runtime_destroy(f->runtime);
}

static inline anima_value kind_value(const kind_fixture *f,
                                     const char *address) {
  anima_value value;
  cr_assert_eq(anima_player_read(f->player, address, &value), ANIMA_OK,
               "read %s", address);
  return value;
}

static inline double kind_number(const kind_fixture *f, const char *address) {
  anima_value value = kind_value(f, address);
  cr_assert_eq(value.type, ANIMA_VALUE_NUMBER, "%s is a number", address);
  return value.as.number;
}

static inline void kind_step(kind_fixture *f, double dt) {
  anima_step_result result;
  cr_assert_eq(anima_player_step(f->player, dt, &result), ANIMA_OK);
}

#endif
