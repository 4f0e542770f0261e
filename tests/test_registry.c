/*
 * test_registry.c — the registry describes the core 0.1 format (SPEC §2-§10)
 * and answers the lookups the validator, markup and `anima schema` use.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include <anima/module.h>

static anima_runtime *runtime;
static const anima_registry *registry;

static void setup(void) {
  runtime = anima_runtime_create();
  cr_assert_not_null(runtime);
  registry = anima_runtime_registry(runtime);
}

static void teardown(void) {
  anima_runtime_destroy(runtime);
}

TestSuite(registry, .init = setup, .fini = teardown);

Test(registry, core_node_types_are_registered) {
  /* SPEC §4 Types: group, path, circle, rect, arc. */
  const char *types[] = {"group", "path", "circle", "rect", "arc"};
  for (size_t i = 0; i < 5; i++) {
    const anima_kind *kind = anima_registry_find_kind(registry, types[i]);
    cr_assert_not_null(kind, "%s", types[i]);
    cr_assert(kind->flags & ANIMA_KIND_NODE_TYPE);
  }
  cr_assert_null(anima_registry_find_kind(registry, "ellipse"));
  /* group takes children and no paint; the shapes take paint. */
  cr_assert(anima_registry_find_kind(registry, "group")->flags &
            ANIMA_KIND_CONTAINER);
  cr_assert_not(anima_registry_find_kind(registry, "group")->flags &
                ANIMA_KIND_PAINTED);
  cr_assert(anima_registry_find_kind(registry, "arc")->flags &
            ANIMA_KIND_PAINTED);
}

Test(registry, node_types_see_common_paint_and_own_fields) {
  /* A circle has the §4 common properties, the paint keys and its own. */
  cr_assert_not_null(anima_registry_find_field(registry, "circle", "rotate"));
  cr_assert_not_null(anima_registry_find_field(registry, "circle", "fill"));
  cr_assert_not_null(anima_registry_find_field(registry, "circle", "r"));
  cr_assert_null(anima_registry_find_field(registry, "circle", "children"));
  cr_assert_not_null(anima_registry_find_field(registry, "group", "children"));
  cr_assert_null(anima_registry_find_field(registry, "group", "fill"));
  cr_assert_null(anima_registry_find_field(registry, "group", "r"));
}

Test(registry, field_defaults_and_ranges_follow_the_spec) {
  /* §4: stroke width defaults to 1, cap and join to round. */
  const anima_field *width =
      anima_registry_find_field(registry, "stroke", "width");
  cr_assert_str_eq(width->default_json, "1");
  cr_assert_eq(width->minimum, 0);
  cr_assert_str_eq(
      anima_registry_find_field(registry, "stroke", "cap")->default_json,
      "\"round\"");
  cr_assert_str_eq(
      anima_registry_find_field(registry, "stroke", "join")->default_json,
      "\"round\"");
  /* §2: grid is a number > 0 and required. */
  const anima_field *grid =
      anima_registry_find_field(registry, "document", "grid");
  cr_assert(grid->required);
  cr_assert(grid->exclusive_minimum);
  cr_assert_eq(grid->minimum, 0);
  /* §12: timeline colorSpace and layer mode are reserved for 0.2. */
  cr_assert_str_eq(anima_registry_find_field(registry, "timeline", "colorSpace")
                       ->reserved_for,
                   "0.2");
  cr_assert_str_eq(
      anima_registry_find_field(registry, "layer", "mode")->reserved_for,
      "0.2");
}

Test(registry, markup_names_are_derived_from_camel_case) {
  const anima_field *scale_x =
      anima_registry_find_field(registry, "node", "scaleX");
  cr_assert_str_eq(anima_field_markup_name(scale_x), "scale-x");
  cr_assert_eq(anima_registry_find_field_by_markup(registry, "rect", "scale-x"),
               scale_x);
  /* rect w/h are written width/height in AniML. */
  cr_assert_str_eq(
      anima_field_markup_name(anima_registry_find_field(registry, "rect", "w")),
      "width");
}

Test(registry, properties_resolve_json_and_markup_addresses) {
  long trim_end =
      anima_registry_find_property(registry, "arc", "stroke.trimEnd", false);
  cr_assert_geq(trim_end, 0);
  cr_assert_eq(anima_registry_find_property(registry, "arc", "trimEnd", true),
               trim_end);
  cr_assert_eq(anima_registry_find_property(registry, "arc", "trimEnd", false),
               -1);
  const anima_property *property =
      anima_registry_property(registry, (size_t)trim_end);
  /* §7.4: trims clamp to 0..1; trimEnd defaults to 1 (§4). */
  cr_assert_eq(property->minimum, 0);
  cr_assert_eq(property->maximum, 1);
  cr_assert_eq(property->default_value.as.number, 1);
  /* Groups have no paint and circles have no w. */
  cr_assert_eq(
      anima_registry_find_property(registry, "group", "fill.color", false), -1);
  cr_assert_eq(anima_registry_find_property(registry, "circle", "w", false),
               -1);
  /* visible is hold-only, pivot is not a property at all. */
  long visible =
      anima_registry_find_property(registry, "group", "visible", false);
  cr_assert_eq(anima_registry_property(registry, (size_t)visible)->animation,
               ANIMA_ANIMATION_HOLD);
  cr_assert_eq(anima_registry_find_property(registry, "group", "pivot", false),
               -1);
}

Test(registry, every_section_11_3_code_is_registered_with_its_severity) {
  const char *errors[] = {"json-syntax",
                          "duplicate-key",
                          "type",
                          "missing-key",
                          "unknown-key",
                          "reserved",
                          "version-unsupported",
                          "undeclared-feature",
                          "unknown-feature",
                          "bad-name",
                          "duplicate-id",
                          "unknown-node-type",
                          "bad-value",
                          "bad-color",
                          "unknown-color-slot",
                          "unknown-glyph",
                          "bad-path",
                          "bad-subpath",
                          "path-source",
                          "arc-fill",
                          "trim-multi-subpath",
                          "unknown-address",
                          "not-animatable",
                          "value-type",
                          "color-slot-animated",
                          "empty-track",
                          "key-order",
                          "key-range",
                          "bad-ease",
                          "unknown-timeline",
                          "unknown-state",
                          "state-kind",
                          "bad-condition",
                          "unknown-input",
                          "input-type",
                          "bad-end",
                          "self-transition",
                          "unknown-target",
                          "limit-exceeded"};
  for (size_t i = 0; i < sizeof errors / sizeof errors[0]; i++) {
    const anima_code *code = anima_registry_find_code(registry, errors[i]);
    cr_assert_not_null(code, "%s", errors[i]);
    cr_assert_eq(code->severity, ANIMA_SEVERITY_ERROR, "%s", errors[i]);
  }
  const char *warnings[] = {"hash-mismatch", "no-paint", "unreachable-state",
                            "unused-input"};
  for (size_t i = 0; i < 4; i++) {
    const anima_code *code = anima_registry_find_code(registry, warnings[i]);
    cr_assert_not_null(code, "%s", warnings[i]);
    cr_assert_eq(code->severity, ANIMA_SEVERITY_WARNING, "%s", warnings[i]);
  }
}

/* A module whose init tries to register what the core already has; it
 * records each status and then succeeds. */
static anima_status duplicate_statuses[4];

static anima_status duplicates_init(const anima_host *host,
                                    anima_registrar *registrar) {
  anima_field_desc again = {.owner = "node",
                            .name = "rotate",
                            .kind = ANIMA_FIELD_NUMBER,
                            .minimum = -INFINITY,
                            .maximum = INFINITY};
  duplicate_statuses[0] = host->add_field(registrar, &again);
  anima_kind_desc group = {.name = "group"};
  duplicate_statuses[1] = host->add_kind(registrar, &group);
  anima_field_desc orphan = {.owner = "no-such-kind", .name = "x"};
  duplicate_statuses[2] = host->add_field(registrar, &orphan);
  anima_code_desc code = {.code = "bad-color"};
  duplicate_statuses[3] = host->add_code(registrar, &code);
  return ANIMA_OK;
}

static const char *const duplicates_features[] = {"duplicates", NULL};
ANIMA_MODULE_DEFINE(duplicates, .name = "duplicates",
                    .features = duplicates_features, .init = duplicates_init);

Test(registry, duplicates_are_refused) {
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  cr_assert_eq(anima_runtime_add_static_module(
                   runtime, &anima_module_duplicates_info, diagnostics),
               ANIMA_OK);
  for (size_t i = 0; i < 4; i++) {
    cr_assert_eq(duplicate_statuses[i], ANIMA_ERROR_INVALID_ARGUMENT, "%zu", i);
  }
  /* A feature the core provides cannot be provided again. */
  static const char *const knockout[] = {"knockout", NULL};
  anima_module_info again = anima_module_duplicates_info;
  again.name = "again";
  again.features = knockout;
  cr_assert_eq(anima_runtime_add_static_module(runtime, &again, diagnostics),
               ANIMA_ERROR_MODULE);
  anima_diagnostics_destroy(diagnostics);
}

Test(registry, knockout_is_a_core_feature) {
  /* §2: 0.1 defines "knockout"; listing it in requires is allowed. */
  cr_assert(anima_runtime_has_feature(runtime, "knockout"));
  cr_assert_not(anima_runtime_has_feature(runtime, "corners"));
}

Test(registry, closest_name_gives_hints) {
  const char *names[] = {"rotate", "scale", "scaleX", "opacity"};
  cr_assert_str_eq(anima_closest_name("rotat", names, 4), "rotate");
  cr_assert_str_eq(anima_closest_name("scale-x", names, 4), "scaleX");
  cr_assert_null(anima_closest_name("banana", names, 4));
}
