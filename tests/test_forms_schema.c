/*
 * test_forms_schema.c — `anima schema` for the registry forms (issue 9
 * item 7; docs/MODULES.md §7): variant families list their variants and
 * discriminator, variants name their family, fields name their one-of
 * group, a family's topic finds its variants' fields, and every address
 * at a field is listed with its `*` pattern wherever objects of the
 * field's kind sit on nodes (list items, map members, variant objects).
 * The forms come from tests/modules/forms.c, which the CLI loads from
 * ANIMA_MODULE_PATH.
 */
#include "test_cli_support.h"

static void setup(void) {
  setenv("ANIMA_MODULE_PATH", ANIMA_TEST_MODULE_DIR, 1);
}

TestSuite(forms_schema, .init = setup);

static json_t *schema_json(const char *topic) {
  const char *arguments[] = {"schema", topic, "--format=json", NULL};
  cli_run run = cli_run_args(arguments);
  cr_assert_eq(run.status, 0, "exit %d, stderr: %s", run.status, run.err);
  json_t *value = cli_run_json(&run);
  cli_run_free(&run);
  return value;
}

static json_t *find_named(const json_t *list, const char *key,
                          const char *name) {
  for (size_t i = 0; i < json_array_size(list); i++) {
    json_t *item = json_array_get(list, i);
    const char *value = json_string_value(json_object_get(item, key));
    if (value && strcmp(value, name) == 0) {
      return item;
    }
  }
  return NULL;
}

static const char *text_of(const json_t *object, const char *key) {
  const char *value = json_string_value(json_object_get(object, key));
  cr_assert_not_null(value, "%s is not a string", key);
  return value;
}

/* The JSON addresses listed for one field. */
static bool lists_address(const json_t *field, const char *address) {
  return find_named(json_object_get(field, "addresses"), "address", address) !=
         NULL;
}

Test(forms_schema, a_family_lists_its_variants_and_alternatives) {
  json_t *result = schema_json("fill");
  json_t *topic = json_object_get(result, "topic");
  cr_assert_str_eq(text_of(topic, "discriminator"), "type");
  json_t *variants = json_object_get(result, "variants");
  cr_assert_eq(json_array_size(variants), 2);
  json_t *linear = json_array_get(variants, 0);
  cr_assert_str_eq(text_of(linear, "name"), "shade-linear");
  cr_assert_str_eq(text_of(linear, "variant"), "linear");
  cr_assert_str_eq(text_of(linear, "variantOf"), "fill");
  cr_assert_str_eq(text_of(linear, "element"), "linearGradient");
  /* D6: color, type and mix are the one-of group "source". */
  json_t *fields = json_object_get(result, "fields");
  const char *members[] = {"color", "type", "mix"};
  for (size_t i = 0; i < 3; i++) {
    json_t *field = find_named(fields, "name", members[i]);
    cr_assert_not_null(field, "%s", members[i]);
    cr_assert_str_eq(text_of(field, "oneOf"), "source", "%s", members[i]);
  }
  cr_assert(json_is_null(
      json_object_get(find_named(fields, "name", "rule"), "oneOf")));
  json_decref(result);
}

Test(forms_schema, a_family_topic_finds_variant_fields) {
  /* `fill.stops` is the gradients' field: the first variant that has it. */
  json_t *result = schema_json("fill.stops");
  cr_assert_str_eq(text_of(json_object_get(result, "topic"), "name"),
                   "shade-linear");
  json_t *field = json_object_get(result, "field");
  cr_assert_str_eq(text_of(field, "kind"), "array");
  cr_assert_str_eq(text_of(field, "items"), "shade-stop");
  json_decref(result);
  result = schema_json("fill.cx");
  cr_assert_str_eq(text_of(json_object_get(result, "topic"), "name"),
                   "shade-radial");
  cr_assert(lists_address(json_object_get(result, "field"), "fill.cx"));
  json_decref(result);
}

Test(forms_schema, pattern_addresses_sit_at_their_fields) {
  /* A stop's colour is at fill.stops.*.color (alias fillStop.*) and
   * stroke.stops.*.color: stops of either paint's gradient. */
  json_t *result = schema_json("shade-stop.color");
  json_t *field = json_object_get(result, "field");
  json_t *fill = find_named(json_object_get(field, "addresses"), "address",
                            "fill.stops.*.color");
  cr_assert_not_null(fill);
  cr_assert_str_eq(text_of(fill, "markup"), "fillStop.*");
  cr_assert(lists_address(field, "stroke.stops.*.color"));
  cr_assert(json_is_true(json_object_get(field, "animatable")));
  json_decref(result);
  /* A family field of list items, a variant's field, a map's members. */
  result = schema_json("tether.strength");
  cr_assert(lists_address(json_object_get(result, "field"),
                          "constraints.*.strength"));
  json_decref(result);
  result = schema_json("tether-follow.factor");
  cr_assert(
      lists_address(json_object_get(result, "field"), "constraints.*.factor"));
  json_decref(result);
  result = schema_json("node.channels");
  field = json_object_get(result, "field");
  cr_assert_str_eq(text_of(field, "kind"), "map");
  cr_assert(lists_address(field, "channels.*"));
  json_decref(result);
  result = schema_json("node.constraints");
  field = json_object_get(result, "field");
  cr_assert_str_eq(text_of(field, "kind"), "variants");
  cr_assert_str_eq(text_of(field, "items"), "tether");
  json_decref(result);
}

Test(forms_schema, the_address_guide_lists_patterns) {
  json_t *result = schema_json("address");
  json_t *addresses = json_object_get(result, "addresses");
  const char *patterns[] = {"fill.stops.*.color", "constraints.*.strength",
                            "channels.*"};
  for (size_t i = 0; i < 3; i++) {
    cr_assert_not_null(find_named(addresses, "address", patterns[i]), "%s",
                       patterns[i]);
  }
  json_decref(result);
}

Test(forms_schema, text_output_names_variants_and_groups) {
  const char *arguments[] = {"schema", "fill", NULL};
  cli_run run = cli_run_args(arguments);
  cr_assert_eq(run.status, 0, "%s", run.err);
  cr_assert_not_null(strstr(run.out, "  Variants by \"type\": linear "
                                     "<linearGradient> (shade-linear), radial "
                                     "<radialGradient> (shade-radial)\n"),
                     "%s", run.out);
  cr_assert_not_null(
      strstr(run.out, "  color: color, required, one of the group \"source\""),
      "%s", run.out);
  cli_run_free(&run);
  const char *variant[] = {"schema", "tether-follow", NULL};
  run = cli_run_args(variant);
  cr_assert_eq(run.status, 0, "%s", run.err);
  cr_assert_not_null(strstr(run.out, "  AniML element <follow>, feature "
                                     "tether, the variant \"follow\" of "
                                     "tether\n"),
                     "%s", run.out);
  cr_assert_not_null(strstr(run.out, "      address constraints.*.factor: "
                                     "number, animatable, interpolated\n"),
                     "%s", run.out);
  cli_run_free(&run);
}
