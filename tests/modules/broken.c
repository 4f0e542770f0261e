/*
 * broken.c — deliberately broken feature modules, one per rule the loader
 * enforces (docs/MODULES.md "Loading"); tests/test_module_refusals.c loads
 * each and expects a precise `module-load` diagnostic and no change to the
 * runtime. tests/modules/broken/meson.build builds one anima-<name>.so per
 * variant from this file:
 *
 *   fails-init         registers a field, a property, a code and a check,
 *                      then a second field of the same name: init fails
 *   wrong-abi          built for module ABI 99
 *   wrong-name         the file anima-wrong-name.so says it is "right-name"
 *   duplicate-feature  provides "glow" too (tests/modules/glow.c has it)
 *   undeclared-hook    registers an outline hook for feature "sparkle",
 *                      which it does not provide
 *   after-a, after-b   each runs `after` the other: an ordering cycle
 *   cycle-a, cycle-b   each `depends` on the other: a dependency cycle
 *   needs-wrong-abi    depends on "wrong-abi", which cannot load
 *
 * Every variant but wrong-abi is otherwise a correct ABI 2 module that
 * links against nothing.
 */
#include <anima/module.h>

#ifndef BROKEN_ID
#error "build with -DBROKEN_ID=<identifier> -DBROKEN_NAME=\"<name>\""
#endif

static const anima_host *host;

static void check_nothing(anima_check *check, void *user) {
  (void)check, (void)user;
}

/* A field, a property, a diagnostic code and a check: what fails-init
 * registers before it fails, so the test can see all of it rolled back. */
static anima_status register_flare(anima_registrar *registrar) {
  static const anima_field_desc field = {
      .owner = "node",
      .name = "flare",
      .kind = ANIMA_FIELD_NUMBER,
      .minimum = 0,
      .maximum = 1,
      .default_json = "0",
      .description = "A flare strength (a test module)."};
  static const anima_property_desc property = {
      .owner = "node",
      .address = "flare",
      .type = ANIMA_VALUE_NUMBER,
      .animation = ANIMA_ANIMATION_INTERPOLATED,
      .minimum = 0,
      .maximum = 1,
      .default_value = {.type = ANIMA_VALUE_NUMBER, .as.number = 0},
      .description = "Flare strength."};
  static const anima_code_desc code = {
      .code = "flare-too-bright",
      .severity = ANIMA_SEVERITY_WARNING,
      .description = "A flare brighter than the test allows."};
  static const anima_check_desc check = {
      .struct_size = sizeof check, .name = "flare", .check = check_nothing};
  anima_status status = host->add_field(registrar, &field);
  if (status == ANIMA_OK) {
    status = host->add_property(registrar, &property);
  }
  if (status == ANIMA_OK) {
    status = host->add_code(registrar, &code);
  }
  if (status == ANIMA_OK) {
    status = host->add_check(registrar, &check);
  }
  return status;
}

static anima_status decline_outline(const anima_view *view, const void *data,
                                    anima_path *out, bool *handled,
                                    void *user) {
  (void)view, (void)data, (void)out, (void)user;
  *handled = false;
  return ANIMA_OK;
}

static anima_status broken_init(const anima_host *kernel,
                                anima_registrar *registrar) {
  host = kernel;
  (void)decline_outline;
  (void)register_flare;
#if defined(BROKEN_FAILS_INIT)
  anima_status status = register_flare(registrar);
  if (status == ANIMA_OK) {
    /* The same field again: refused, and init passes the error on. */
    status = register_flare(registrar);
  }
  return status;
#elif defined(BROKEN_UNDECLARED_HOOK)
  static const anima_outline_hook_desc hook = {
      .struct_size = sizeof hook,
      .node_type = "circle",
      .feature = "sparkle",
      .outline = decline_outline,
  };
  anima_status status = register_flare(registrar);
  if (status == ANIMA_OK) {
    status = host->add_outline_hook(registrar, &hook);
  }
  return status;
#else
  (void)registrar;
  return ANIMA_OK;
#endif
}

#if defined(BROKEN_DUPLICATE_FEATURE)
static const char *const features[] = {BROKEN_NAME, "glow", NULL};
#else
static const char *const features[] = {BROKEN_NAME, NULL};
#endif

#if defined(BROKEN_AFTER)
static const char *const after[] = {BROKEN_AFTER, NULL};
#define BROKEN_AFTER_LIST after
#else
#define BROKEN_AFTER_LIST NULL
#endif

#if defined(BROKEN_DEPENDS)
static const char *const depends[] = {BROKEN_DEPENDS, NULL};
#define BROKEN_DEPENDS_LIST depends
#else
#define BROKEN_DEPENDS_LIST NULL
#endif

#if defined(BROKEN_WRONG_NAME)
#define BROKEN_DESCRIPTOR_NAME "right-name"
#else
#define BROKEN_DESCRIPTOR_NAME BROKEN_NAME
#endif

#if defined(BROKEN_ABI_MAJOR)
#define BROKEN_DESCRIPTOR_ABI BROKEN_ABI_MAJOR
#else
#define BROKEN_DESCRIPTOR_ABI ANIMA_MODULE_ABI_MAJOR
#endif

/* The descriptor spelt out (not ANIMA_MODULE_DEFINE) so wrong-abi can
 * carry another major; the symbol is still name-derived. */
#define BROKEN_SYMBOL(id) anima_module_##id##_info
#define BROKEN_DESCRIPTOR(id) BROKEN_SYMBOL(id)

ANIMA_MODULE_EXPORT const anima_module_info BROKEN_DESCRIPTOR(BROKEN_ID) = {
    .struct_size = sizeof(anima_module_info),
    .abi_major = BROKEN_DESCRIPTOR_ABI,
    .abi_minor = ANIMA_MODULE_ABI_MINOR,
    .name = BROKEN_DESCRIPTOR_NAME,
    .version = "0.0.1",
    .license = "MIT",
    .origin = "Anima tests",
    .description = "A deliberately broken module (a test).",
    .features = features,
    .depends = BROKEN_DEPENDS_LIST,
    .after = BROKEN_AFTER_LIST,
    .init = broken_init,
};
