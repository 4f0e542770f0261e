/*
 * test_cli_schema.c — `anima schema` (SPEC "CLI projects and capture"):
 * topics, fields with both spellings, animatability from the registry's
 * properties, `type.field` lookups, did-you-mean errors and the --search
 * scoring (100 exact name, 10 name substring, 1 description substring;
 * scores add; sorted by score, then name). Modules in the build tree may
 * add entries, so the tests check the core entries and the ordering rule,
 * never the exact length of a list.
 */
#include "test_cli_support.h"

static json_t *schema_json(const char *const *arguments) {
  cli_run run = cli_run_args(arguments);
  cr_assert_eq(run.status, 0, "exit %d, stderr: %s", run.status, run.err);
  json_t *value = cli_run_json(&run);
  cli_run_free(&run);
  return value;
}

/* The item of `list` whose `key` is `name`, or NULL. */
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

static long long integer_of(const json_t *object, const char *key) {
  const json_t *value = json_object_get(object, key);
  cr_assert(json_is_integer(value), "%s is not an integer", key);
  return json_integer_value(value);
}

static const char *text_of(const json_t *object, const char *key) {
  const char *value = json_string_value(json_object_get(object, key));
  cr_assert_not_null(value, "%s is not a string", key);
  return value;
}

Test(cli_schema, no_argument_lists_node_types_and_structural_topics) {
  const char *arguments[] = {"schema", "--format=json", NULL};
  json_t *result = schema_json(arguments);
  json_t *topics = json_object_get(result, "topics");
  /* SPEC §4 Types: group, path, circle, rect, arc are node types. */
  const char *node_types[] = {"group", "path", "circle", "rect", "arc"};
  for (size_t i = 0; i < 5; i++) {
    json_t *topic = find_named(topics, "name", node_types[i]);
    cr_assert_not_null(topic, "%s", node_types[i]);
    cr_assert_str_eq(text_of(topic, "type"), "node-type");
  }
  /* §2: the document is a structure; AniML writes it as <anima>. */
  json_t *document = find_named(topics, "name", "document");
  cr_assert_not_null(document);
  cr_assert_str_eq(text_of(document, "type"), "structure");
  cr_assert_str_eq(text_of(document, "element"), "anima");
  /* §4 paint: path is painted, group takes children. */
  cr_assert(json_is_true(
      json_object_get(find_named(topics, "name", "path"), "painted")));
  cr_assert(json_is_true(
      json_object_get(find_named(topics, "name", "group"), "container")));
  json_decref(result);
}

Test(cli_schema, topic_lists_fields_with_both_spellings_and_animatability) {
  const char *arguments[] = {"schema", "stroke", "--format=json", NULL};
  json_t *result = schema_json(arguments);
  cr_assert_str_eq(text_of(json_object_get(result, "topic"), "name"), "stroke");
  json_t *fields = json_object_get(result, "fields");
  /* §4: trims default 0, 1, 0; start and end clamp to 0..1 when resolved;
   * every trim is an animatable paint address <id>.stroke.trim*. The AniML
   * spelling of a camelCase name is its hyphen-case (module.h). */
  json_t *end = find_named(fields, "name", "trimEnd");
  cr_assert_not_null(end);
  cr_assert_str_eq(text_of(end, "markup"), "trim-end");
  cr_assert_str_eq(text_of(end, "kind"), "number");
  cr_assert_eq(json_number_value(json_object_get(end, "default")), 1);
  cr_assert(json_is_true(json_object_get(end, "animatable")));
  json_t *address = json_array_get(json_object_get(end, "addresses"), 0);
  cr_assert_str_eq(text_of(address, "address"), "stroke.trimEnd");
  cr_assert_str_eq(text_of(address, "animation"), "interpolated");
  cr_assert_eq(json_number_value(json_object_get(address, "minimum")), 0);
  cr_assert_eq(json_number_value(json_object_get(address, "maximum")), 1);
  /* §4: cap is butt | round | square, default round; not an address. */
  json_t *cap = find_named(fields, "name", "cap");
  cr_assert_str_eq(text_of(cap, "kind"), "enum");
  cr_assert_str_eq(text_of(cap, "default"), "round");
  cr_assert_eq(json_array_size(json_object_get(cap, "options")), 3);
  cr_assert(json_is_false(json_object_get(cap, "animatable")));
  /* §4: width defaults to 1 and is >= 0. */
  json_t *width = find_named(fields, "name", "width");
  cr_assert_eq(json_number_value(json_object_get(width, "default")), 1);
  cr_assert_eq(json_number_value(json_object_get(width, "minimum")), 0);
  cr_assert(json_is_null(json_object_get(width, "maximum")));
  json_decref(result);
}

Test(cli_schema, node_type_topic_includes_common_fields) {
  /* A rect has the §4 common properties (rotate, visible, pivot) besides
   * its own x0, y0, w, h, rx. visible is hold-only; pivot is "not
   * animatable" and no address; x0 is an address but static. */
  const char *arguments[] = {"schema", "rect", "--format=json", NULL};
  json_t *result = schema_json(arguments);
  json_t *fields = json_object_get(result, "fields");
  json_t *visible = find_named(fields, "name", "visible");
  cr_assert(json_is_true(json_object_get(visible, "animatable")));
  cr_assert_str_eq(
      text_of(json_array_get(json_object_get(visible, "addresses"), 0),
              "animation"),
      "hold");
  json_t *pivot = find_named(fields, "name", "pivot");
  cr_assert(json_is_false(json_object_get(pivot, "animatable")));
  cr_assert_eq(json_array_size(json_object_get(pivot, "addresses")), 0);
  json_t *left = find_named(fields, "name", "x0");
  cr_assert(json_is_false(json_object_get(left, "animatable")));
  cr_assert_str_eq(
      text_of(json_array_get(json_object_get(left, "addresses"), 0),
              "animation"),
      "static");
  /* w is written `width` in AniML and is required (§4 rect own keys). */
  json_t *w = find_named(fields, "name", "w");
  cr_assert_str_eq(text_of(w, "markup"), "width");
  cr_assert(json_is_true(json_object_get(w, "required")));
  cr_assert_not_null(find_named(fields, "name", "rotate"));
  json_decref(result);
}

Test(cli_schema, animatable_filter_keeps_only_animatable_fields) {
  const char *arguments[] = {"schema", "rect", "--animatable", "--format=json",
                             NULL};
  json_t *result = schema_json(arguments);
  json_t *fields = json_object_get(result, "fields");
  /* §4: w, h, rx, rotate, opacity and visible are animatable; x0, y0,
   * pivot and the paint objects themselves are not. */
  const char *kept[] = {"w", "h", "rx", "rotate", "opacity", "visible"};
  for (size_t i = 0; i < 6; i++) {
    cr_assert_not_null(find_named(fields, "name", kept[i]), "%s", kept[i]);
  }
  const char *dropped[] = {"x0", "y0", "pivot", "id", "type"};
  for (size_t i = 0; i < 5; i++) {
    cr_assert_null(find_named(fields, "name", dropped[i]), "%s", dropped[i]);
  }
  for (size_t i = 0; i < json_array_size(fields); i++) {
    cr_assert(
        json_is_true(json_object_get(json_array_get(fields, i), "animatable")));
  }
  json_decref(result);
}

Test(cli_schema, type_field_matches_json_and_markup_spelling) {
  /* rect.w and rect.width name the same field (module.h: find by JSON name
   * or AniML spelling). */
  const char *by_json[] = {"schema", "rect.w", "--format=json", NULL};
  const char *by_markup[] = {"schema", "rect.width", "--format=json", NULL};
  json_t *first = schema_json(by_json);
  json_t *second = schema_json(by_markup);
  cr_assert_str_eq(text_of(json_object_get(first, "field"), "name"), "w");
  cr_assert_str_eq(text_of(json_object_get(second, "field"), "name"), "w");
  cr_assert_str_eq(text_of(json_object_get(second, "topic"), "name"), "rect");
  json_decref(first);
  json_decref(second);
  /* Through the object field stroke, AniML spellings on both levels. */
  const char *nested[] = {"schema", "circle.stroke.trim-start", "--format=json",
                          NULL};
  json_t *third = schema_json(nested);
  cr_assert_str_eq(text_of(json_object_get(third, "field"), "name"),
                   "trimStart");
  cr_assert_str_eq(text_of(json_object_get(third, "topic"), "name"), "stroke");
  json_decref(third);
}

Test(cli_schema, topic_by_animl_element) {
  /* The transition kind is written <on> in AniML (registry element). */
  const char *arguments[] = {"schema", "on", "--format=json", NULL};
  json_t *result = schema_json(arguments);
  cr_assert_str_eq(text_of(json_object_get(result, "topic"), "name"),
                   "transition");
  /* §8: interruptible defaults to true. */
  json_t *interruptible =
      find_named(json_object_get(result, "fields"), "name", "interruptible");
  cr_assert(json_is_true(json_object_get(interruptible, "default")));
  json_decref(result);
}

Test(cli_schema, unknown_topic_is_a_usage_error_with_a_hint) {
  const char *arguments[] = {"schema", "rectt", NULL};
  cli_run run = cli_run_args(arguments);
  cr_assert_eq(run.status, 2);
  cr_assert_not_null(strstr(run.err, "did you mean \"rect\""), "%s", run.err);
  cli_run_free(&run);
}

Test(cli_schema, unknown_field_is_a_usage_error_with_a_hint) {
  const char *arguments[] = {"schema", "rect.widht", NULL};
  cli_run run = cli_run_args(arguments);
  cr_assert_eq(run.status, 2);
  cr_assert_not_null(strstr(run.err, "did you mean \"width\""), "%s", run.err);
  cli_run_free(&run);
}

Test(cli_schema, animatable_lookup_of_a_static_field_fails) {
  /* rect.x0 is a static address (§4: only w, h, rx are animatable). */
  const char *arguments[] = {"schema", "rect.x0", "--animatable", NULL};
  cli_run run = cli_run_args(arguments);
  cr_assert_eq(run.status, 1);
  cr_assert_not_null(strstr(run.err, "not an animatable"), "%s", run.err);
  cli_run_free(&run);
}

/* The search rule: descending score, then ascending name. */
static void assert_sorted(const json_t *results) {
  for (size_t i = 1; i < json_array_size(results); i++) {
    const json_t *before = json_array_get(results, i - 1);
    const json_t *after = json_array_get(results, i);
    long long a = integer_of(before, "score"), b = integer_of(after, "score");
    cr_assert(a > b || (a == b && strcmp(text_of(before, "name"),
                                         text_of(after, "name")) <= 0),
              "%s before %s", text_of(before, "name"), text_of(after, "name"));
    cr_assert(b > 0);
  }
}

static long long score_of(const json_t *results, const char *name) {
  const json_t *item = find_named(results, "name", name);
  cr_assert_not_null(item, "no result %s", name);
  return integer_of(item, "score");
}

Test(cli_schema, search_scores_exact_names_substrings_and_descriptions) {
  const char *arguments[] = {"schema", "--search", "trim end", "--format=json",
                             NULL};
  json_t *result = schema_json(arguments);
  json_t *results = json_object_get(result, "results");
  assert_sorted(results);
  /* "trim" is in the names trimEnd/trimStart/trimOffset and the code
   * trim-multi-subpath: 10 each. "end" is in the name trimEnd (10), in
   * trimOffset's description "Offset added to trim start and end, ..."
   * (1), and in neither the names nor the descriptions of trimStart
   * ("Start of the visible part, a fraction of the outline length.") or
   * trim-multi-subpath ("A stroke with trims on a path of several
   * subpaths."). Sums: 20, 11, 10, 10. */
  cr_assert_eq(score_of(results, "stroke.trimEnd"), 20);
  cr_assert_eq(score_of(results, "stroke.trimOffset"), 11);
  cr_assert_eq(score_of(results, "stroke.trimStart"), 10);
  cr_assert_eq(score_of(results, "trim-multi-subpath"), 10);
  /* "end" is in the code name bad-end (10); "trim" is not in it or in its
   * description ("@end on a pose state or a looping timeline."). */
  cr_assert_eq(score_of(results, "bad-end"), 10);
  /* Equal scores sort by name: "stroke.trimStart" < "trim-multi-subpath". */
  json_t *first = json_array_get(results, 0);
  cr_assert_str_eq(text_of(first, "name"), "stroke.trimEnd");
  json_decref(result);
}

Test(cli_schema, search_exact_name_scores_100_in_either_spelling) {
  /* "rotate" is exactly the name of node.rotate; "trim-end" exactly the
   * AniML spelling of stroke.trimEnd; matching ignores ASCII case. */
  const char *arguments[] = {"schema",   "--search",      "rotate",
                             "TRIM-END", "--format=json", NULL};
  json_t *result = schema_json(arguments);
  json_t *results = json_object_get(result, "results");
  assert_sorted(results);
  cr_assert_eq(score_of(results, "node.rotate"), 100);
  cr_assert_eq(score_of(results, "stroke.trimEnd"), 100);
  json_t *words = json_object_get(result, "query");
  cr_assert_eq(json_array_size(words), 2);
  json_decref(result);
}

Test(cli_schema, search_covers_node_types_and_codes) {
  /* "circle" is exactly a node type name (100); the code "bad-color" has
   * the word "color" in its name (10). */
  const char *arguments[] = {"schema", "--search", "circle", "--format=json",
                             NULL};
  json_t *result = schema_json(arguments);
  json_t *circle =
      find_named(json_object_get(result, "results"), "name", "circle");
  cr_assert_str_eq(text_of(circle, "type"), "node-type");
  cr_assert_eq(integer_of(circle, "score"), 100);
  json_decref(result);
  const char *codes[] = {"schema", "--search", "color", "--format=json", NULL};
  result = schema_json(codes);
  json_t *code =
      find_named(json_object_get(result, "results"), "name", "bad-color");
  cr_assert_str_eq(text_of(code, "type"), "code");
  cr_assert_eq(integer_of(code, "score"), 10);
  json_decref(result);
}

Test(cli_schema, search_omits_zero_scores_and_filters_animatable) {
  const char *nothing[] = {"schema", "--search", "qqqqzz", "--format=json",
                           NULL};
  json_t *result = schema_json(nothing);
  cr_assert_eq(json_array_size(json_object_get(result, "results")), 0);
  json_decref(result);
  /* With --animatable only animatable fields remain: the code
   * trim-multi-subpath goes, stroke.trimEnd stays. */
  const char *animatable[] = {"schema",       "--search",      "trim",
                              "--animatable", "--format=json", NULL};
  result = schema_json(animatable);
  json_t *results = json_object_get(result, "results");
  cr_assert_null(find_named(results, "name", "trim-multi-subpath"));
  cr_assert_eq(score_of(results, "stroke.trimEnd"), 10);
  for (size_t i = 0; i < json_array_size(results); i++) {
    cr_assert_str_eq(text_of(json_array_get(results, i), "type"), "field");
  }
  json_decref(result);
}

Test(cli_schema, usage_errors) {
  const char *unknown_option[] = {"schema", "--bogus", NULL};
  cli_run run = cli_run_args(unknown_option);
  cr_assert_eq(run.status, 2);
  cli_run_free(&run);
  const char *empty_search[] = {"schema", "--search", NULL};
  run = cli_run_args(empty_search);
  cr_assert_eq(run.status, 2);
  cli_run_free(&run);
  const char *two_topics[] = {"schema", "rect", "circle", NULL};
  run = cli_run_args(two_topics);
  cr_assert_eq(run.status, 2);
  cli_run_free(&run);
}

Test(cli_schema, text_output_shows_both_spellings) {
  const char *arguments[] = {"schema", "stroke.trimEnd", NULL};
  cli_run run = cli_run_args(arguments);
  cr_assert_eq(run.status, 0, "%s", run.err);
  cr_assert_not_null(strstr(run.out, "trimEnd (AniML trim-end)"), "%s",
                     run.out);
  cr_assert_not_null(strstr(run.out, "address stroke.trimEnd"), "%s", run.out);
  cli_run_free(&run);
}
