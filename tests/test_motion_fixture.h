/*
 * test_motion_fixture.h — what the motion module's C API tests
 * (tests/test_motion_instances.c, tests/test_motion_machines.c) share: the
 * module file their documents load with (through test_module_player.h's
 * loaded_open) and a lookup of a diagnostic code among a load's or a
 * call's diagnostics.
 */
#ifndef ANIMA_TEST_MOTION_FIXTURE_H
#define ANIMA_TEST_MOTION_FIXTURE_H

#include <stdbool.h>
#include <string.h>

#include <anima/anima.h>

#include "test_module_player.h"

#define MOTION_MODULE ANIMA_BUILD_ROOT "/modules/anima-motion.so"

/** The modules of loaded_open: the motion module only. */
static const char *const modules[] = {MOTION_MODULE, NULL};

/** True when `diagnostics` holds one with `code`. */
static inline bool reports(const anima_diagnostics *diagnostics,
                           const char *code) {
  for (size_t i = 0; i < anima_diagnostics_count(diagnostics); i++) {
    if (strcmp(anima_diagnostics_get(diagnostics, i)->code, code) == 0) {
      return true;
    }
  }
  return false;
}

#endif
