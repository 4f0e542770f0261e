/*
 * motion.c — the `motion` feature module (SPEC `## motion`), built as
 * anima-motion.so: its descriptor and registration. The curves live in
 * curves.c, typed channels in channels.c, the timeline clock in clock.c,
 * exit/sync/hold in control.c, the animated pivot in pivot.c, explicit
 * instances in instances.c; docs/modules/motion.md is the reference and
 * lists what of the chapter is not implemented yet.
 */
#include <string.h>

#include "motion.h"

const anima_host *motion_host;

static anima_status motion_init(const anima_host *host,
                                anima_registrar *registrar) {
  motion_host = host;
  /* "A motion document's discrete channels and bool properties replace
   * the incoming value for any positive mix, including at the start of a
   * crossfade" (channels hold as HOLD value types do in the kernel). */
  static const anima_crossfade_rule_desc bools = {
      .struct_size = sizeof bools,
      .feature = MOTION_FEATURE,
      .name = "bools-replace",
      .flags = ANIMA_CROSSFADE_BOOLS_REPLACE};
  anima_status status = motion_register_curves(host, registrar);
  if (status == ANIMA_OK) {
    status = motion_register_channels(host, registrar);
  }
  if (status == ANIMA_OK) {
    status = host->add_crossfade_rule(registrar, &bools);
  }
  if (status == ANIMA_OK) {
    status = motion_register_clock(host, registrar);
  }
  if (status == ANIMA_OK) {
    status = motion_register_control(host, registrar);
  }
  if (status == ANIMA_OK) {
    status = motion_register_pivot(host, registrar);
  }
  if (status == ANIMA_OK) {
    status = motion_register_instances(host, registrar);
  }
  return status;
}

static const char *const motion_features[] = {MOTION_FEATURE, NULL};
/* Instances compose after the bindings (SPEC motion "Explicit runtime
 * instances"): bind's BIND hooks run first. */
static const char *const motion_after[] = {"bind", NULL};

ANIMA_MODULE_DEFINE(motion, .name = "motion", .version = "0.1.0",
                    .license = "MIT", .origin = "Anima",
                    .description = "Extra curves (elastic-in, elastic-in-out, "
                                   "value-cubic), typed channels, the "
                                   "timeline clock (speed, quantize, work), "
                                   "timeline control (exit, sync, hold) and "
                                   "explicit timeline instances "
                                   "(SPEC \"motion\").",
                    .features = motion_features, .after = motion_after,
                    .init = motion_init);

double motion_number_or(const anima_json *value, double fallback) {
  return motion_host->json_type(value) == ANIMA_JSON_NUMBER
             ? motion_host->json_number(value)
             : fallback;
}

int motion_option(const anima_json *value, const char *const *names,
                  int fallback) {
  const char *text = motion_host->json_string(value, NULL);
  for (int i = 0; text && names[i]; i++) {
    if (strcmp(text, names[i]) == 0) {
      return i;
    }
  }
  return fallback;
}
