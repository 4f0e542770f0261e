/*
 * easing.c — a test feature module adding ease kinds (module.h
 * anima_ease_kind_desc), built outside kernel/ against the public headers
 * only; it links against nothing. Feature "easing":
 *
 *   power(k)   w = u^k, k > 0 (check: a hint names the bound)
 *   steps(n)   w = floor(u·n) / n, n an integer >= 1
 *   smooth     w = u²(3 − 2u), no arguments
 *   lift(c)    w = c + (1 − c)·u: w(0) would be c, so it shows that the
 *              kernel pins w(0) = 0 and w(1) = 1
 *   arch-up(h)    a value curve (anima_ease_kind_desc.value): the segment's
 *              value is left + (right − left)·u + 4h·u(1 − u), so equal
 *              endpoints still rise by h at the midpoint
 */
#include <math.h>
#include <stdio.h>

#include <anima/module.h>

static double power_weight(const double *arguments, size_t count, double u,
                           void *user) {
  (void)count, (void)user;
  return pow(u, arguments[0]);
}

static bool power_check(const double *arguments, size_t count, char *hint,
                        size_t size, void *user) {
  (void)count, (void)user;
  if (arguments[0] > 0) {
    return true;
  }
  snprintf(hint, size, "the exponent k of power(k) must be > 0");
  return false;
}

static double steps_weight(const double *arguments, size_t count, double u,
                           void *user) {
  (void)count, (void)user;
  return floor(u * arguments[0]) / arguments[0];
}

static bool steps_check(const double *arguments, size_t count, char *hint,
                        size_t size, void *user) {
  (void)count, (void)user;
  if (arguments[0] >= 1 && floor(arguments[0]) == arguments[0]) {
    return true;
  }
  snprintf(hint, size, "steps(n) takes a whole number of steps n >= 1");
  return false;
}

static double smooth_weight(const double *arguments, size_t count, double u,
                            void *user) {
  (void)arguments, (void)count, (void)user;
  return u * u * (3 - 2 * u);
}

static double lift_weight(const double *arguments, size_t count, double u,
                          void *user) {
  (void)count, (void)user;
  return arguments[0] + (1 - arguments[0]) * u;
}

static double arch_value(const double *arguments, size_t count, double u,
                         double left, double right, void *user) {
  (void)count, (void)user;
  return left + (right - left) * u + 4 * arguments[0] * u * (1 - u);
}

static anima_status easing_init(const anima_host *host,
                                anima_registrar *registrar) {
  static const anima_ease_kind_desc eases[] = {
      {.struct_size = sizeof(anima_ease_kind_desc),
       .name = "power",
       .syntax = "power(k)",
       .minimum_arguments = 1,
       .maximum_arguments = 1,
       .check = power_check,
       .weight = power_weight},
      {.struct_size = sizeof(anima_ease_kind_desc),
       .name = "steps",
       .syntax = "steps(n)",
       .minimum_arguments = 1,
       .maximum_arguments = 1,
       .check = steps_check,
       .weight = steps_weight},
      {.struct_size = sizeof(anima_ease_kind_desc),
       .name = "smooth",
       .syntax = "smooth",
       .weight = smooth_weight},
      {.struct_size = sizeof(anima_ease_kind_desc),
       .name = "lift",
       .syntax = "lift(c)",
       .minimum_arguments = 1,
       .maximum_arguments = 1,
       .weight = lift_weight},
      {.struct_size = sizeof(anima_ease_kind_desc),
       .name = "arch-up",
       .syntax = "arch-up(h)",
       .minimum_arguments = 1,
       .maximum_arguments = 1,
       .value = arch_value},
  };
  for (size_t i = 0; i < sizeof eases / sizeof eases[0]; i++) {
    anima_status status = host->add_ease_kind(registrar, &eases[i]);
    if (status != ANIMA_OK) {
      return status;
    }
  }
  return ANIMA_OK;
}

static const char *const easing_features[] = {"easing", NULL};

ANIMA_MODULE_DEFINE(easing, .name = "easing", .version = "1.0.0",
                    .license = "MIT", .origin = "Anima tests",
                    .description = "Ease kinds for the kinds tests.",
                    .features = easing_features, .init = easing_init);
