/*
 * motion.h — the `motion` feature module (SPEC `## motion`), built as
 * anima-motion.so: the extra curves (curves.c), typed channels
 * (channels.c), the timeline clock (clock.c) and declarative timeline
 * control (control.c). docs/modules/motion.md lists every field, default,
 * range, address and diagnostic.
 */
#ifndef ANIMA_MOTION_H
#define ANIMA_MOTION_H

#include <anima/module.h>

#define MOTION_FEATURE "motion"

/** The host table, set once by the module's init. */
extern const anima_host *motion_host;

/** Registers elastic-in, elastic-in-out and value-cubic (curves.c). */
anima_status motion_register_curves(const anima_host *host,
                                    anima_registrar *registrar);

/** Registers `channels`, its value type and codes (channels.c). */
anima_status motion_register_channels(const anima_host *host,
                                      anima_registrar *registrar);

/** Registers the timeline clock: timeline speed, quantize, work and the
 * clock that plays them (clock.c). */
anima_status motion_register_clock(const anima_host *host,
                                   anima_registrar *registrar);

/** Registers exit, exitFraction, sync and hold (control.c). */
anima_status motion_register_control(const anima_host *host,
                                     anima_registrar *registrar);

/** Registers pivotX and pivotY, the animated transform origin, and the
 * hook that moves local matrices to it (pivot.c). */
anima_status motion_register_pivot(const anima_host *host,
                                   anima_registrar *registrar);

/** Registers explicit timeline instances: the stage hook "instances" and
 * the operations `timeline` and `instance` (instances.c). */
anima_status motion_register_instances(const anima_host *host,
                                       anima_registrar *registrar);

/* ---- reading the document (motion.c) ---------------------------------- */

/** `value`'s number, or `fallback` when it is absent or not a number. */
double motion_number_or(const anima_json *value, double fallback);

/** The index of `value`'s string in the NULL-terminated `names`, or
 * `fallback` when it is absent, not a string or none of them. */
int motion_option(const anima_json *value, const char *const *names,
                  int fallback);

/* ---- the curves, exposed for the unit test (tests/test_motion.c) ------ */

/** elastic-in(a, p) at u in [0, 1]. */
double motion_elastic_in(double a, double p, double u);
/** elastic-in-out(a, p) at u in [0, 1]. */
double motion_elastic_in_out(double a, double p, double u);
/** value-cubic(x1, y1, x2, y2) between `left` and `right` at u in [0, 1]. */
double motion_value_cubic(const double *controls, double left, double right,
                          double u);

#endif
