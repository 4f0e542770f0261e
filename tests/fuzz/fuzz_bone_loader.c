/*
 * fuzz_bone_loader.c — libFuzzer harness for the OpenBone loader
 * (openbone/load*.c, spec §2): any bytes are loaded; a model that loads is
 * instantiated, every animation is set on its own track (looping and not,
 * with a mix) and queued once more, and the instance is advanced, drawn and
 * bounded, so that loading, sampling, mixing, IK and the draw list all see
 * fuzzed documents; then its first state machine is started and driven by
 * inputs, triggers and pointer events (spec §9). Built and run by
 * scripts/fuzz-smoke.sh.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "anima/openbone.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The loader's promises: every diagnostic has a code, a pointer and a
 * message; a model loads exactly when there is no error. */
static void check(const anima_diagnostics *diagnostics, anima_status status) {
  for (size_t i = 0; i < anima_diagnostics_count(diagnostics); i++) {
    const anima_diagnostic *d = anima_diagnostics_get(diagnostics, i);
    if (!d || !d->code || !d->code[0] || !d->pointer || !d->message ||
        (d->pointer[0] != '\0' && d->pointer[0] != '/')) {
      abort();
    }
  }
  size_t errors = anima_diagnostics_error_count(diagnostics);
  if ((status == ANIMA_OK) != (errors == 0) &&
      status != ANIMA_ERROR_NO_MEMORY) {
    abort();
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  anima_bone_model *model = NULL;
  anima_status status =
      anima_bone_model_load((const char *)data, size, diagnostics, &model);
  check(diagnostics, status);
  if (status != ANIMA_OK) {
    anima_diagnostics_destroy(diagnostics);
    return 0;
  }
  anima_bone_instance *instance = NULL;
  if (anima_bone_instance_create(model, &instance) == ANIMA_OK) {
    for (long i = 0; i < 4; i++) {
      anima_bone_set_animation(instance, (size_t)i, i, i % 2 == 0, 0.1);
      anima_bone_add_animation(instance, (size_t)i, i, false, 0.05 * i, 0.2);
    }
    anima_bone_instance_set_skin(instance, "default");
    static const double steps[] = {0, 0.016, 0.25, 1.0, 0.5};
    for (size_t s = 0; s < sizeof steps / sizeof steps[0]; s++) {
      anima_bone_instance_advance(instance, steps[s]);
      const anima_bone_draw_item *items;
      anima_bone_draw_list(instance, &items);
      double bounds[4];
      const anima_bone_box *boxes;
      anima_bone_bounds(instance, bounds, &boxes);
      anima_bone_events_clear(instance);
    }
    /* the first state machine, driven by inputs and pointer events */
    if (anima_bone_machine_start(instance, 0) == ANIMA_OK) {
      static const anima_bone_value values[] = {
          {ANIMA_BONE_VALUE_BOOL, true, 0, NULL},
          {ANIMA_BONE_VALUE_NUMBER, false, 0.5, NULL},
          {ANIMA_BONE_VALUE_STRING, false, 0, "1e3"},
          {ANIMA_BONE_VALUE_NULL, false, 0, NULL}};
      for (size_t s = 0; s < 6; s++) {
        const char *input = anima_bone_model_machine_input(model, 0, s);
        if (input) {
          anima_bone_machine_set_input(instance, input, &values[s % 4]);
          anima_bone_machine_fire(instance, input);
        }
        anima_bone_machine_pointer(instance, (anima_bone_pointer_type)(s % 3),
                                   (double)s * 7 - 10, (double)s * 3 - 5);
        anima_bone_instance_advance(instance, s % 2 ? 0.25 : 0);
        const anima_bone_draw_item *items;
        anima_bone_draw_list(instance, &items);
        anima_bone_events_clear(instance);
        anima_bone_audio_clear(instance);
      }
      for (size_t l = 0; l < anima_bone_machine_layer_count(instance); l++) {
        anima_bone_machine_active_state(instance, l);
      }
    }
    anima_bone_instance_destroy(instance);
  }
  anima_bone_model_destroy(model);
  anima_diagnostics_destroy(diagnostics);
  return 0;
}
