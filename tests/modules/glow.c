/*
 * glow.c — a third-party style feature module built outside kernel/, used
 * by tests/test_modules.c to prove the module ABI (module.h): it declares
 * the feature "glow" and adds an animatable number property `glow` (0..1)
 * to every node.
 */
#include <math.h>

#include <anima/module.h>

static anima_status glow_register(anima_registry *registry) {
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
  anima_status status = anima_registry_add_field(registry, &field);
  if (status == ANIMA_OK) {
    status = anima_registry_add_property(registry, &property, NULL);
  }
  return status;
}

static const char *const glow_features[] = {"glow", NULL};

#ifndef GLOW_ABI_MAJOR
#define GLOW_ABI_MAJOR ANIMA_MODULE_ABI_MAJOR
#endif
#ifndef GLOW_FEATURE_DEPENDENCY
static const char *const *const glow_depends = NULL;
#else
static const char *const glow_dependency_list[] = {GLOW_FEATURE_DEPENDENCY,
                                                   NULL};
static const char *const *const glow_depends = glow_dependency_list;
#endif

static const anima_module_descriptor glow_descriptor = {
    .abi_major = GLOW_ABI_MAJOR,
    .abi_minor = ANIMA_MODULE_ABI_MINOR,
    .name = "glow",
    .features = glow_features,
    .depends = NULL,
    .register_entries = glow_register,
};

__attribute__((visibility("default"))) const anima_module_descriptor *
anima_module_entry(void) {
  static anima_module_descriptor descriptor;
  descriptor = glow_descriptor;
  descriptor.depends = glow_depends;
  return &descriptor;
}
