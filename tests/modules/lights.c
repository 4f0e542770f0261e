/*
 * lights.c — a module whose name is not its feature's (tests/test_modules.c):
 * module "lights" provides the features "lights" and "halo" and depends on
 * "glow" (tests/modules/glow.c). Loading feature "halo" finds it by its
 * descriptor, since no anima-halo.so exists, and loads glow first.
 */
#include <anima/module.h>

static anima_status lights_init(const anima_host *host,
                                anima_registrar *registrar) {
  static const anima_field_desc halo = {
      .owner = "node",
      .name = "halo",
      .feature = "halo",
      .kind = ANIMA_FIELD_NUMBER,
      .minimum = 0,
      .maximum = 10,
      .default_json = "0",
      .description = "Width of a halo around the node (a test module)."};
  return host->add_field(registrar, &halo);
}

static const char *const lights_features[] = {"lights", "halo", NULL};
static const char *const lights_depends[] = {"glow", NULL};

ANIMA_MODULE_DEFINE(lights, .name = "lights", .version = "2.1.0",
                    .license = "MIT", .origin = "Anima tests",
                    .description = "A halo width on every node (a test).",
                    .features = lights_features, .depends = lights_depends,
                    .init = lights_init);
