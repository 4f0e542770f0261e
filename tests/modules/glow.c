/*
 * glow.c — a third-party style feature module built outside kernel/, used
 * by tests/test_modules.c to prove the module ABI (module.h): it declares
 * the feature "glow" and adds an animatable number property `glow` (0..1)
 * to every node.
 */
#include <math.h>

#include <anima/module.h>

static anima_status glow_register(const anima_host *host,
                                  anima_registrar *registrar) {
  static const anima_field_desc field = {
      .owner = "node",
      .name = "glow",
      .feature = "glow",
      .kind = ANIMA_FIELD_NUMBER,
      .minimum = 0,
      .maximum = 1,
      .default_json = "0",
      .description = "Strength of a soft glow around the node."};
  static const anima_property_desc property = {
      .owner = "node",
      .address = "glow",
      .feature = "glow",
      .type = ANIMA_VALUE_NUMBER,
      .animation = ANIMA_ANIMATION_INTERPOLATED,
      .minimum = 0,
      .maximum = 1,
      .default_value = {.type = ANIMA_VALUE_NUMBER, .as.number = 0},
      .description = "Glow strength."};
  anima_status status = host->add_field(registrar, &field);
  if (status == ANIMA_OK) {
    status = host->add_property(registrar, &property);
  }
  return status;
}

static const char *const glow_features[] = {"glow", NULL};

/* Variants built from this file (tests/modules/meson.build) break one rule
 * each: another ABI major, or a dependency nobody provides. */
#ifndef GLOW_ABI_MAJOR
#define GLOW_ABI_MAJOR ANIMA_MODULE_ABI_MAJOR
#endif
#ifndef GLOW_FEATURE_DEPENDENCY
#define GLOW_DEPENDS NULL
#else
static const char *const glow_dependency_list[] = {GLOW_FEATURE_DEPENDENCY,
                                                   NULL};
#define GLOW_DEPENDS glow_dependency_list
#endif

ANIMA_MODULE_EXPORT const anima_module_info anima_module_glow_info = {
    .struct_size = sizeof(anima_module_info),
    .abi_major = GLOW_ABI_MAJOR,
    .abi_minor = ANIMA_MODULE_ABI_MINOR,
    .name = "glow",
    .version = "1.0.0",
    .license = "MIT",
    .origin = "Anima tests",
    .description = "A glow strength on every node (a test module).",
    .features = glow_features,
    .depends = GLOW_DEPENDS,
    .init = glow_register,
};
