/*
 * test_player_fixture.h — loading small documents into players for the
 * player tests (tests/test_player*.c). Every document is validated by the
 * real loader; a load failure fails the test with the first diagnostic.
 */
#ifndef ANIMA_TEST_PLAYER_FIXTURE_H
#define ANIMA_TEST_PLAYER_FIXTURE_H

#include <criterion/criterion.h>
#include <string.h>

#include <anima/anima.h>

typedef struct fixture {
  anima_runtime *runtime;
  anima_model *model;
  anima_player *player;
} fixture;

static inline fixture fixture_load(const char *json) {
  fixture f = {0};
  f.runtime = anima_runtime_create();
  cr_assert_not_null(f.runtime);
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  anima_status status =
      anima_model_load(f.runtime, json, strlen(json), diagnostics, &f.model);
  if (status != ANIMA_OK) {
    const anima_diagnostic *first = anima_diagnostics_get(diagnostics, 0);
    cr_assert_fail("document did not load: %s %s %s",
                   first ? first->code : anima_status_name(status),
                   first ? first->pointer : "", first ? first->message : "");
  }
  anima_diagnostics_destroy(diagnostics);
  f.player = anima_player_create(f.model);
  cr_assert_not_null(f.player);
  return f;
}

static inline void fixture_free(fixture *f) {
  anima_player_destroy(f->player);
  anima_model_destroy(f->model);
  anima_runtime_destroy(f->runtime);
}

/** A number property by address. */
static inline double value_of(const fixture *f, const char *address) {
  anima_value value;
  cr_assert_eq(anima_player_read(f->player, address, &value), ANIMA_OK,
               "read %s", address);
  cr_assert_eq(value.type, ANIMA_VALUE_NUMBER, "%s is a number", address);
  return value.as.number;
}

static inline anima_value any_value_of(const fixture *f, const char *address) {
  anima_value value;
  cr_assert_eq(anima_player_read(f->player, address, &value), ANIMA_OK,
               "read %s", address);
  return value;
}

static inline anima_step_result step(fixture *f, double dt) {
  anima_step_result result;
  cr_assert_eq(anima_player_step(f->player, dt, &result), ANIMA_OK);
  return result;
}

/** Steps `count` times by `dt`. */
static inline anima_step_result step_many(fixture *f, double dt, int count) {
  anima_step_result result = {0};
  for (int i = 0; i < count; i++) {
    result = step(f, dt);
  }
  return result;
}

static inline const char *state_of(const fixture *f, size_t layer) {
  return anima_player_layer_state(f->player, layer);
}

/** Index of the first event named `name` in `result`, or -1. */
static inline long event_index(const anima_step_result *result,
                               const char *name) {
  for (size_t i = 0; i < result->event_count; i++) {
    if (strcmp(result->events[i].name, name) == 0) {
      return (long)i;
    }
  }
  return -1;
}

/** A document with one circle node `dot` and the given members added. */
#define DOCUMENT(...)                                                          \
  "{\"anima\": \"0.1\", \"name\": \"test\", \"grid\": 20, \"nodes\": "         \
  "[{\"id\": \"dot\", \"type\": \"circle\", \"center\": [10, 10], \"r\": 2, "  \
  "\"fill\": {\"color\": \"#000000\"}}], " __VA_ARGS__ "}"

#endif
