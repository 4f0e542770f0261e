/*
 * rig.c — the rig module (SPEC `## rig`; docs/modules/rig.md): bones, the
 * five constraint kinds and the extension contract other modules' kinds
 * follow (include/anima/rig.h).
 */
#include "rig.h"

const anima_host *rig_host;

static anima_status rig_init(const anima_host *host, anima_registrar *r) {
  rig_host = host;
  if (!ANIMA_HOST_HAS(host, view_find_slot)) {
    return ANIMA_ERROR_MODULE; /* a kernel older than this module */
  }
  anima_status status = rig_register_bones(r);
  if (status == ANIMA_OK) {
    status = rig_register_constraints(r);
  }
  if (status == ANIMA_OK) {
    status = rig_register_checks(r);
  }
  return status;
}

static const char *const rig_features[] = {"rig", NULL};

ANIMA_MODULE_DEFINE(rig, .name = "rig", .version = "1.0.0", .license = "MIT",
                    .origin = "Anima",
                    .description = "Bones, ordered transform constraints and "
                                   "the rig stage (SPEC rig chapter).",
                    .features = rig_features, .init = rig_init);
