/*
 * test_forms.c — the registry forms of ABI 2 in validation (registry.h,
 * docs/MODULES.md §7; issue 9 item 7): variant kinds dispatched on a
 * discriminator, keys of another variant, one-of groups (D6: the core's
 * paint `color` is one alternative of the group "source"), and what the
 * registry refuses. The forms come from the test module
 * tests/modules/forms.c (features shade, mixer, tether, tags), built
 * outside the kernel against the public headers only.
 *
 * Expected codes, pointers and words follow the rules in registry.h and
 * docs/MODULES.md §7: a second member of a one-of group is bad-value at the
 * later key naming the first; a missing required group is missing-key at
 * the object listing the alternatives the document may use (one
 * alternative: the ordinary missing-key of that field, so 0.1 documents see
 * what they always saw); an unknown discriminator value is bad-value at the
 * discriminator; a key of another variant is bad-value at that key (the
 * paint chapter: "Coordinates belonging to the other gradient type are
 * errors", listed under bad-value in its "Diagnostics").
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <anima/module.h>

#define MODULE(file) ANIMA_TEST_MODULE_DIR "/" file

static anima_runtime *runtime;
static anima_diagnostics *diagnostics;

static void setup(void) {
  runtime = anima_runtime_create();
  diagnostics = anima_diagnostics_create();
  cr_assert_not_null(runtime);
  cr_assert_not_null(diagnostics);
  cr_assert_eq(anima_runtime_load_module_file(runtime, MODULE("anima-forms.so"),
                                              diagnostics),
               ANIMA_OK);
  cr_assert_eq(anima_diagnostics_count(diagnostics), 0);
}

static void teardown(void) {
  anima_diagnostics_destroy(diagnostics);
  anima_runtime_destroy(runtime);
}

TestSuite(forms, .init = setup, .fini = teardown);

/* Every diagnostic, one per line, for assertion messages. */
static const char *listing(void) {
  static char buffer[8192];
  buffer[0] = '\0';
  for (size_t i = 0; i < anima_diagnostics_count(diagnostics); i++) {
    const anima_diagnostic *d = anima_diagnostics_get(diagnostics, i);
    size_t used = strlen(buffer);
    snprintf(buffer + used, sizeof buffer - used, "\n  %s %s %s (%s)",
             d->pointer, d->code, d->message, d->hint ? d->hint : "-");
  }
  return buffer;
}

/* Validates a document with one circle whose `fill` member is `fill` and
 * whose other node members are `extra` (",..." or ""), requiring
 * `requires` (a JSON array). */
static void validate_circle(const char *requires, const char *fill,
                            const char *extra) {
  char text[4096];
  snprintf(text, sizeof text,
           "{\"anima\": \"0.1\", \"name\": \"t\", \"grid\": 20, "
           "\"requires\": %s, \"nodes\": [{\"id\": \"a\", \"type\": "
           "\"group\"}, {\"id\": \"c\", \"type\": \"circle\", \"center\": "
           "[10, 10], \"r\": 5, \"fill\": %s%s}]}",
           requires, fill, extra);
  anima_diagnostics_clear(diagnostics);
  anima_document_validate(runtime, text, strlen(text), diagnostics);
}

/* Asserts exactly one diagnostic with this code, pointer, message and
 * hint (NULL: no hint). */
static void assert_only(const char *code, const char *pointer,
                        const char *message, const char *hint) {
  cr_assert_eq(anima_diagnostics_count(diagnostics), 1, "%s", listing());
  const anima_diagnostic *d = anima_diagnostics_get(diagnostics, 0);
  cr_assert_str_eq(d->code, code, "%s", listing());
  cr_assert_str_eq(d->pointer, pointer, "%s", listing());
  cr_assert_str_eq(d->message, message, "%s", listing());
  if (hint) {
    cr_assert_not_null(d->hint, "%s", listing());
    cr_assert_str_eq(d->hint, hint, "%s", listing());
  } else {
    cr_assert_null(d->hint, "%s", listing());
  }
}

static void assert_clean(void) {
  cr_assert_eq(anima_diagnostics_count(diagnostics), 0, "%s", listing());
}

#define STOPS                                                                  \
  "\"stops\": [{\"position\": 0, \"color\": \"#ff0000\"}, {\"position\": 1, "  \
  "\"color\": \"#0000ff\"}]"
#define LINEAR                                                                 \
  "\"type\": \"linear\", \"x1\": 0, \"y1\": 0, \"x2\": 20, \"y2\": 0, " STOPS

/* ---- one-of groups (D6) ----------------------------------------------------
 */

Test(forms, a_core_fill_without_color_keeps_its_diagnostic) {
  /* 0.1 documents: "color" is the only alternative the document may use,
   * so the group reports exactly what the required field always did. */
  validate_circle("[]", "{}", "");
  assert_only("missing-key", "/nodes/1/fill",
              "the required key \"color\" is missing", "add \"color\"");
  validate_circle("[]", "{\"rule\": \"evenodd\"}", ", \"stroke\": {}");
  cr_assert_eq(anima_diagnostics_count(diagnostics), 2, "%s", listing());
  const anima_diagnostic *stroke = anima_diagnostics_get(diagnostics, 1);
  cr_assert_str_eq(stroke->pointer, "/nodes/1/stroke");
  cr_assert_str_eq(stroke->message, "the required key \"color\" is missing");
}

Test(forms, a_missing_source_lists_the_declared_alternatives) {
  /* shade adds `type`, mixer adds `mix`: both join "source". */
  validate_circle("[\"shade\"]", "{}", "");
  assert_only("missing-key", "/nodes/1/fill",
              "one of \"color\" or \"type\" is required",
              "add one of \"color\" or \"type\"");
  validate_circle("[\"shade\", \"mixer\"]", "{\"rule\": \"evenodd\"}", "");
  assert_only("missing-key", "/nodes/1/fill",
              "one of \"color\", \"type\" or \"mix\" is required",
              "add one of \"color\", \"type\" or \"mix\"");
}

Test(forms, any_one_alternative_satisfies_the_group) {
  validate_circle("[\"shade\", \"mixer\"]", "{\"color\": \"#fff\"}", "");
  assert_clean();
  validate_circle("[\"shade\", \"mixer\"]", "{" LINEAR "}", "");
  assert_clean();
  validate_circle("[\"mixer\"]",
                  "{\"mix\": {\"a\": \"#000\", \"b\": \"#fff\", \"t\": 0.3}}",
                  "");
  assert_clean();
}

Test(forms, a_second_alternative_is_bad_value_at_the_later_key) {
  validate_circle("[\"shade\", \"mixer\"]", "{\"color\": \"#fff\", " LINEAR "}",
                  "");
  assert_only("bad-value", "/nodes/1/fill/type",
              "\"type\" cannot be given together with \"color\"",
              "keep one of \"color\", \"type\" or \"mix\"");
  /* Document order decides which key is the later one. */
  validate_circle("[\"mixer\"]",
                  "{\"mix\": {\"a\": \"#000\", \"b\": \"#fff\", \"t\": 0.3}, "
                  "\"color\": \"#fff\"}",
                  "");
  assert_only("bad-value", "/nodes/1/fill/color",
              "\"color\" cannot be given together with \"mix\"",
              "keep one of \"color\" or \"mix\"");
}

/* ---- variants
 * ----------------------------------------------------------------- */

Test(forms, gradient_variants_validate) {
  validate_circle("[\"shade\"]", "{" LINEAR ", \"rule\": \"evenodd\"}",
                  ", \"stroke\": {\"type\": \"linear\", \"x1\": 0, \"y1\": 0, "
                  "\"x2\": 0, \"y2\": 20, \"width\": 2, " STOPS "}");
  assert_clean();
  validate_circle("[\"shade\"]",
                  "{\"type\": \"radial\", \"cx\": 10, \"cy\": 10, \"r\": 5, "
                  "\"fx\": 9, " STOPS "}",
                  "");
  assert_clean();
}

Test(forms, an_unknown_variant_is_bad_value_with_the_closest) {
  /* No cascade: the keys of the gradient are not reported when the
   * discriminator names no variant. */
  validate_circle("[\"shade\"]",
                  "{\"type\": \"linaer\", \"x1\": 0, \"y1\": 0, \"x2\": 20, "
                  "\"y2\": 0, " STOPS "}",
                  "");
  assert_only("bad-value", "/nodes/1/fill/type",
              "\"linaer\" is not one of \"linear\", \"radial\"",
              "did you mean \"linear\"?");
  validate_circle("[\"shade\"]", "{\"type\": \"conic\"}", "");
  assert_only("bad-value", "/nodes/1/fill/type",
              "\"conic\" is not one of \"linear\", \"radial\"",
              "\"linear\", \"radial\"");
  validate_circle("[\"shade\"]", "{\"type\": 3}", "");
  assert_only("type", "/nodes/1/fill/type",
              "expected a string naming a type of fill", NULL);
}

Test(forms, a_key_of_the_other_variant_is_bad_value) {
  validate_circle("[\"shade\"]", "{" LINEAR ", \"cx\": 10}", "");
  assert_only("bad-value", "/nodes/1/fill/cx",
              "\"cx\" belongs to \"type\": \"radial\", not to \"type\": "
              "\"linear\"",
              "remove \"cx\", or use \"type\": \"radial\"");
  /* A flat colour has no variant: a gradient coordinate is misplaced. */
  validate_circle("[\"shade\"]", "{\"color\": \"#fff\", \"x1\": 0}", "");
  assert_only("bad-value", "/nodes/1/fill/x1",
              "\"x1\" belongs to \"type\": \"linear\"; this fill has no "
              "\"type\"",
              "remove \"x1\", or add \"type\": \"linear\"");
  /* A key no variant has stays unknown-key, with its closest. */
  validate_circle("[\"shade\"]", "{" LINEAR ", \"x3\": 10}", "");
  cr_assert_eq(anima_diagnostics_count(diagnostics), 1, "%s", listing());
  const anima_diagnostic *d = anima_diagnostics_get(diagnostics, 0);
  cr_assert_str_eq(d->code, "unknown-key");
  cr_assert_str_eq(d->pointer, "/nodes/1/fill/x3");
  cr_assert_str_eq(d->message, "\"x3\" is not a key of an object of kind "
                               "\"fill\" with \"type\": \"linear\"");
}

Test(forms, a_variant_checks_its_required_and_nested_fields) {
  validate_circle("[\"shade\"]",
                  "{\"type\": \"radial\", \"cx\": 10, \"cy\": 10, " STOPS "}",
                  "");
  assert_only("missing-key", "/nodes/1/fill",
              "the required key \"r\" is missing", "add \"r\"");
  validate_circle("[\"shade\"]",
                  "{\"type\": \"linear\", \"x1\": 0, \"y1\": 0, \"x2\": 20, "
                  "\"y2\": 0, \"stops\": [{\"position\": 2, \"color\": "
                  "\"#ff0000\"}]}",
                  "");
  assert_only("bad-value", "/nodes/1/fill/stops/0/position",
              "\"position\" must be in [0, 1], got 2",
              "use a number in [0, 1]");
}

Test(forms, variant_keys_of_an_undeclared_feature_are_undeclared) {
  validate_circle("[]", "{" LINEAR "}", "");
  /* type, x1, y1, x2, y2 and stops: each a key of the undeclared "shade";
   * no missing colour (the group has a member). */
  cr_assert_eq(anima_diagnostics_count(diagnostics), 6, "%s", listing());
  static const char *const keys[] = {"type", "x1", "y1", "x2", "y2", "stops"};
  for (size_t i = 0; i < 6; i++) {
    const anima_diagnostic *d = anima_diagnostics_get(diagnostics, i);
    char pointer[64];
    snprintf(pointer, sizeof pointer, "/nodes/1/fill/%s", keys[i]);
    cr_assert_str_eq(d->code, "undeclared-feature", "%s", listing());
    cr_assert_str_eq(d->pointer, pointer, "%s", listing());
    cr_assert_str_eq(d->hint, "add \"shade\" to \"requires\"");
  }
}

/* ---- VARIANTS and VARIANT fields ------------------------------------------
 */

Test(forms, constraint_lists_dispatch_on_kind) {
  validate_circle("[\"tether\"]", "{\"color\": \"#fff\"}",
                  ", \"constraints\": [{\"kind\": \"follow\", \"target\": "
                  "\"a\", \"strength\": 0.5}, {\"kind\": \"keepDistance\", "
                  "\"to\": \"a\", \"distance\": 2, \"mode\": \"exact\"}]");
  assert_clean();
  validate_circle("[\"tether\"]", "{\"color\": \"#fff\"}",
                  ", \"constraints\": [{\"target\": \"a\"}]");
  assert_only("missing-key", "/nodes/1/constraints/0",
              "the required key \"kind\" is missing",
              "add \"kind\": \"follow\" or \"keepDistance\"");
  validate_circle("[\"tether\"]", "{\"color\": \"#fff\"}",
                  ", \"constraints\": [{\"kind\": \"follow\"}, {\"kind\": "
                  "\"folow\", \"target\": \"a\"}]");
  cr_assert_eq(anima_diagnostics_count(diagnostics), 2, "%s", listing());
  const anima_diagnostic *missing = anima_diagnostics_get(diagnostics, 0);
  cr_assert_str_eq(missing->pointer, "/nodes/1/constraints/0");
  cr_assert_str_eq(missing->message, "the required key \"target\" is missing");
  const anima_diagnostic *unknown = anima_diagnostics_get(diagnostics, 1);
  cr_assert_str_eq(unknown->code, "bad-value");
  cr_assert_str_eq(unknown->pointer, "/nodes/1/constraints/1/kind");
  cr_assert_str_eq(unknown->hint, "did you mean \"follow\"?");
}

Test(forms, constraint_fields_belong_to_their_kind) {
  /* rig chapter: "Every kind validates only its declared fields". */
  validate_circle("[\"tether\"]", "{\"color\": \"#fff\"}",
                  ", \"constraints\": [{\"kind\": \"follow\", \"target\": "
                  "\"a\", \"distance\": 2}]");
  assert_only("bad-value", "/nodes/1/constraints/0/distance",
              "\"distance\" belongs to \"kind\": \"keepDistance\", not to "
              "\"kind\": \"follow\"",
              "remove \"distance\", or use \"kind\": \"keepDistance\"");
  /* A family field is range-checked on every variant. */
  validate_circle("[\"tether\"]", "{\"color\": \"#fff\"}",
                  ", \"constraints\": [{\"kind\": \"keepDistance\", \"to\": "
                  "\"a\", \"distance\": 2, \"strength\": 1.5}]");
  assert_only("bad-value", "/nodes/1/constraints/0/strength",
              "\"strength\" must be in [0, 1], got 1.5",
              "use a number in [0, 1]");
}

Test(forms, an_optional_discriminator_allows_plain_objects) {
  validate_circle("[\"tether\"]", "{\"color\": \"#fff\"}",
                  ", \"anchor\": {\"offset\": 2}");
  assert_clean();
  validate_circle("[\"tether\"]", "{\"color\": \"#fff\"}",
                  ", \"anchor\": {\"at\": \"point\", \"x\": 1, \"y\": 2, "
                  "\"offset\": 1}");
  assert_clean();
  validate_circle("[\"tether\"]", "{\"color\": \"#fff\"}",
                  ", \"anchor\": {\"at\": \"corner\", \"corner\": \"tl\", "
                  "\"x\": 1}");
  assert_only("bad-value", "/nodes/1/anchor/x",
              "\"x\" belongs to \"at\": \"point\", not to \"at\": \"corner\"",
              "remove \"x\", or use \"at\": \"point\"");
  validate_circle("[\"tether\"]", "{\"color\": \"#fff\"}",
                  ", \"anchor\": {\"at\": \"point\", \"x\": 1}");
  assert_only("missing-key", "/nodes/1/anchor",
              "the required key \"y\" is missing", "add \"y\"");
  validate_circle("[\"tether\"]", "{\"color\": \"#fff\"}", ", \"anchor\": []");
  assert_only("type", "/nodes/1/anchor", "expected an object, got an array",
              NULL);
}

/* ---- the registry ---------------------------------------------------------
 */

Test(forms, a_variant_kind_has_its_family_fields_first) {
  const anima_registry *registry = anima_runtime_registry(runtime);
  size_t count = 0;
  const anima_field *const *fields =
      anima_registry_fields(registry, "shade-linear", &count);
  /* fill: color, rule (core), type (shade), mix (mixer), in registration
   * order; then the variant's own x1 y1 x2 y2 stops. */
  static const char *const expected[] = {"color", "rule", "type", "mix",  "x1",
                                         "y1",    "x2",   "y2",   "stops"};
  cr_assert_eq(count, 9);
  for (size_t i = 0; i < count; i++) {
    cr_assert_str_eq(fields[i]->name, expected[i]);
  }
  cr_assert_str_eq(fields[0]->one_of, "source");
  cr_assert_str_eq(fields[2]->one_of, "source");
  const anima_kind *radial =
      anima_registry_find_variant(registry, "fill", "radial");
  cr_assert_not_null(radial);
  cr_assert_str_eq(radial->name, "shade-radial");
  cr_assert_null(anima_registry_find_variant(registry, "stroke", "radial"));
  const anima_kind *const *variants =
      anima_registry_variants(registry, "tether", &count);
  cr_assert_eq(count, 2);
  cr_assert_str_eq(variants[0]->variant, "follow");
  cr_assert_str_eq(variants[1]->variant, "keepDistance");
}

/* A module that tries every malformed form; each status is recorded and
 * the module then succeeds with nothing of them registered. */
static anima_status refused[8];

static anima_status refusing_init(const anima_host *host,
                                  anima_registrar *registrar) {
  /* A variant of a kind without a discriminator. */
  anima_kind_desc orphan = {
      .name = "orphan", .variant_of = "group", .variant = "x"};
  refused[0] = host->add_kind(registrar, &orphan);
  /* A second "linear" of fill. */
  anima_kind_desc again = {
      .name = "linear-again", .variant_of = "fill", .variant = "linear"};
  refused[1] = host->add_kind(registrar, &again);
  /* A variant field that repeats a family field. */
  anima_field_desc rule = {.owner = "shade-linear",
                           .name = "rule",
                           .kind = ANIMA_FIELD_STRING,
                           .minimum = -INFINITY,
                           .maximum = INFINITY};
  refused[2] = host->add_field(registrar, &rule);
  /* A family field that repeats a variant field. */
  anima_field_desc x1 = {.owner = "fill",
                         .name = "x1",
                         .kind = ANIMA_FIELD_NUMBER,
                         .minimum = -INFINITY,
                         .maximum = INFINITY};
  refused[3] = host->add_field(registrar, &x1);
  /* Malformed patterns and an alias with another number of `*`. */
  anima_property_desc partial = {.owner = "node", .address = "channels.a*"};
  refused[4] = host->add_property(registrar, &partial);
  anima_property_desc empty = {.owner = "node", .address = "channels..x"};
  refused[5] = host->add_property(registrar, &empty);
  anima_property_desc alias = {.owner = "node",
                               .address = "constraints.*.factor",
                               .markup_address = "factor"};
  refused[6] = host->add_property(registrar, &alias);
  /* A variant without a value. */
  anima_kind_desc unnamed = {.name = "unnamed", .variant_of = "fill"};
  refused[7] = host->add_kind(registrar, &unnamed);
  return ANIMA_OK;
}

static const char *const refusing_features[] = {"refusing", NULL};
ANIMA_MODULE_DEFINE(refusing, .name = "refusing", .features = refusing_features,
                    .init = refusing_init);

Test(forms, malformed_forms_are_refused) {
  cr_assert_eq(anima_runtime_add_static_module(
                   runtime, &anima_module_refusing_info, diagnostics),
               ANIMA_OK, "%s", listing());
  for (size_t i = 0; i < 8; i++) {
    cr_assert_eq(refused[i], ANIMA_ERROR_INVALID_ARGUMENT, "%zu", i);
  }
  const anima_registry *registry = anima_runtime_registry(runtime);
  cr_assert_null(anima_registry_find_kind(registry, "orphan"));
  cr_assert_null(anima_registry_find_kind(registry, "linear-again"));
  cr_assert_null(anima_registry_find_field(registry, "fill", "x1"));
  size_t count = 0;
  anima_registry_variants(registry, "fill", &count);
  cr_assert_eq(count, 2);
}

/* A module whose init fails on a malformed variant: the load fails and
 * the module-load diagnostic carries the registry's reason. */
static anima_status failing_init(const anima_host *host,
                                 anima_registrar *registrar) {
  anima_kind_desc orphan = {
      .name = "orphan", .variant_of = "group", .variant = "x"};
  return host->add_kind(registrar, &orphan);
}

static const char *const failing_features[] = {"failing", NULL};
ANIMA_MODULE_DEFINE(failing, .name = "failing", .features = failing_features,
                    .init = failing_init);

Test(forms, a_refused_form_names_the_reason) {
  cr_assert_eq(anima_runtime_add_static_module(
                   runtime, &anima_module_failing_info, diagnostics),
               ANIMA_ERROR_MODULE);
  cr_assert_eq(anima_diagnostics_count(diagnostics), 1, "%s", listing());
  const anima_diagnostic *d = anima_diagnostics_get(diagnostics, 0);
  cr_assert_str_eq(d->code, "module-load");
  cr_assert_not_null(strstr(d->message, "the variant kind \"orphan\" needs a "
                                        "registered family with a "
                                        "discriminator"),
                     "%s", d->message);
}
