/*
 * test_cli_schema.c — `anima schema` (SPEC "CLI projects and capture"):
 * topics, fields with both spellings, animatability from the registry's
 * properties, `type.field` lookups, did-you-mean errors and the --search
 * scoring (100 exact name, 10 name substring, 1 description substring;
 * scores add; sorted by how many words a name holds, then score, then
 * name), a feature as a topic, and the guide topics (eases,
 * conditions, poses, tracks, events, addresses, colours) checked against
 * SPEC §4-§8 and the kernel's own parsers. Modules in the build tree may
 * add entries, so the tests check the core entries and the ordering rule,
 * never the exact length of a list.
 */
#include <stdint.h>

#include "test_cli_support.h"

#include "color.h"
#include "condition.h"
#include "ease.h"

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

/* The search rule: descending count of words found in a name
 * (nameWords), then descending score, then ascending name. */
static void assert_sorted(const json_t *results) {
  for (size_t i = 1; i < json_array_size(results); i++) {
    const json_t *before = json_array_get(results, i - 1);
    const json_t *after = json_array_get(results, i);
    long long wa = integer_of(before, "nameWords");
    long long wb = integer_of(after, "nameWords");
    long long a = integer_of(before, "score"), b = integer_of(after, "score");
    cr_assert(wa > wb ||
                  (wa == wb &&
                   (a > b || (a == b && strcmp(text_of(before, "name"),
                                               text_of(after, "name")) <= 0))),
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
  /* Equal scores sort by name: "stroke.trimStart" < "trim-multi-subpath";
   * the highest core score comes before the others (a module's entries,
   * such as contour's stroke.trim, may score higher still). */
  size_t end_at = 0, start_at = 0, code_at = 0;
  for (size_t i = 0; i < json_array_size(results); i++) {
    const char *name = text_of(json_array_get(results, i), "name");
    end_at = strcmp(name, "stroke.trimEnd") == 0 ? i : end_at;
    start_at = strcmp(name, "stroke.trimStart") == 0 ? i : start_at;
    code_at = strcmp(name, "trim-multi-subpath") == 0 ? i : code_at;
  }
  cr_assert_lt(end_at, start_at);
  cr_assert_lt(start_at, code_at);
  json_decref(result);
}

Test(cli_schema, search_ranks_names_holding_every_word_first) {
  /* "trim end" with the build's modules: stroke.trimEnd holds both words
   * in its names (trimEnd, trim-end: 10 + 10 = 20, nameWords 2), as does
   * contour-trim.end ("contour-trim.end": 10 for trim, and end is exactly
   * its name: 100, so 110). spreadAlongPath.end is exactly "end" (100) but
   * holds no "trim"; contour's stroke.trim is exactly "trim" (100) and has
   * "end" only in its description (1): nameWords 1 each. Before, the
   * scores alone put 101 and 100 above stroke.trimEnd's 20. */
  const char *arguments[] = {"schema", "--search", "trim end", "--format=json",
                             NULL};
  json_t *result = schema_json(arguments);
  json_t *results = json_object_get(result, "results");
  assert_sorted(results);
  cr_assert_eq(score_of(results, "stroke.trimEnd"), 20);
  size_t trim_end = SIZE_MAX, spread = SIZE_MAX, trim = SIZE_MAX;
  for (size_t i = 0; i < json_array_size(results); i++) {
    const json_t *item = json_array_get(results, i);
    const char *name = text_of(item, "name");
    if (strcmp(name, "stroke.trimEnd") == 0) {
      trim_end = i;
      cr_expect_eq(integer_of(item, "nameWords"), 2);
    } else if (strcmp(name, "spreadAlongPath.end") == 0) {
      spread = i;
      cr_expect_eq(integer_of(item, "score"), 100);
      cr_expect_eq(integer_of(item, "nameWords"), 1);
    } else if (strcmp(name, "stroke.trim") == 0) {
      trim = i;
      cr_expect_eq(integer_of(item, "score"), 101);
      cr_expect_eq(integer_of(item, "nameWords"), 1);
    } else if (strcmp(name, "contour-trim.end") == 0) {
      cr_expect_eq(integer_of(item, "score"), 110);
      cr_expect_eq(integer_of(item, "nameWords"), 2);
      cr_expect_eq(i, 0, "110 with both words comes first");
    }
  }
  cr_assert_neq(spread, SIZE_MAX, "the modules are loaded (pathfollow)");
  cr_assert_neq(trim, SIZE_MAX, "the modules are loaded (contour)");
  cr_expect_lt(trim_end, spread);
  cr_expect_lt(trim_end, trim);
  json_decref(result);
}

Test(cli_schema, a_feature_is_a_topic) {
  /* `anima schema rig`: no kind or guide is named rig, so the feature's
   * topics are listed: the node type bone and the structure constraint
   * are the rig's (`anima schema` marks both [feature rig]). Before:
   * unknown topic "rig" (did you mean "hit"?). */
  const char *arguments[] = {"schema", "rig", "--format=json", NULL};
  json_t *result = schema_json(arguments);
  cr_assert_str_eq(text_of(result, "feature"), "rig");
  const json_t *topics = json_object_get(result, "topics");
  cr_assert_not_null(find_named(topics, "name", "bone"));
  cr_assert_not_null(find_named(topics, "name", "constraint"));
  for (size_t i = 0; i < json_array_size(topics); i++) {
    cr_expect_str_eq(text_of(json_array_get(topics, i), "feature"), "rig");
  }
  cr_assert(json_is_array(json_object_get(result, "fields")));
  json_decref(result);
  const char *text[] = {"schema", "rig", NULL};
  cli_run run = cli_run_args(text);
  cr_assert_eq(run.status, 0, "%s", run.err);
  cr_expect_eq(strncmp(run.out, "rig (feature)", 13), 0, "%s", run.out);
  cr_expect_not_null(strstr(run.out, "\nNode types:\n  bone "), "%s", run.out);
  cli_run_free(&run);
  /* A name that is neither a topic nor a feature is still unknown. */
  const char *unknown[] = {"schema", "rigg", NULL};
  run = cli_run_args(unknown);
  cr_expect_eq(run.status, 2);
  cr_expect_not_null(strstr(run.err, "unknown topic \"rigg\""), "%s", run.err);
  cli_run_free(&run);
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

/* ------------------------------------------------------------------------ */
/* Guide topics (tools/anima/schema_guide.c): eases, conditions, poses,     */
/* tracks and keys, events, addresses, colours                              */
/* ------------------------------------------------------------------------ */

static json_t *guide_json(const char *topic) {
  const char *arguments[] = {"schema", topic, "--format=json", NULL};
  json_t *result = schema_json(arguments);
  json_t *heading = json_object_get(result, "topic");
  cr_assert_str_eq(text_of(heading, "type"), "guide", "%s", topic);
  return result;
}

Test(cli_schema, guides_are_topics) {
  /* The topic list ends with the guides; each is found by its name. */
  const char *arguments[] = {"schema", "--format=json", NULL};
  json_t *result = schema_json(arguments);
  json_t *topics = json_object_get(result, "topics");
  const char *guides[] = {"ease",  "condition", "pose", "track",
                          "event", "address",   "color"};
  for (size_t i = 0; i < 7; i++) {
    json_t *topic = find_named(topics, "name", guides[i]);
    cr_assert_not_null(topic, "%s", guides[i]);
    cr_assert_str_eq(text_of(topic, "type"), "guide");
    json_decref(guide_json(guides[i]));
  }
  json_decref(result);
  /* The text list has a heading for them. */
  const char *text[] = {"schema", NULL};
  cli_run run = cli_run_args(text);
  cr_assert_not_null(strstr(run.out, "Guides (grammar and forms):"));
  cr_assert_not_null(strstr(run.out, "  condition    "));
  cli_run_free(&run);
}

static anima_ease parsed_ease(const char *text) {
  anima_ease ease;
  anima_ease_error error;
  cr_assert_eq(anima_ease_parse(text, &ease, &error), ANIMA_EASE_PARSE_OK,
               "%s: %s", text, error.message);
  return ease;
}

Test(cli_schema, ease_guide_lists_every_spec_ease) {
  json_t *result = guide_json("ease");
  json_t *items = json_object_get(result, "items");
  /* SPEC §5 "Eases": linear, hold, in, out, inOut, cubic(x1, y1, x2, y2),
   * elastic(a, p); spring(...) is reserved. */
  const char *names[] = {"linear", "hold",  "in",      "out",
                         "inOut",  "cubic", "elastic", "spring"};
  cr_assert_eq(json_array_size(items), 8);
  for (size_t i = 0; i < 8; i++) {
    json_t *item = json_array_get(items, i);
    cr_assert_str_eq(text_of(item, "name"), names[i]);
    /* Every example is an ease the kernel's parser accepts (spring: the
     * parser's `reserved`). */
    anima_ease ease;
    cr_assert_eq(anima_ease_parse(text_of(item, "example"), &ease, NULL),
                 json_is_true(json_object_get(item, "reserved"))
                     ? ANIMA_EASE_PARSE_RESERVED
                     : ANIMA_EASE_PARSE_OK,
                 "%s", names[i]);
  }
  cr_assert(
      json_is_true(json_object_get(json_array_get(items, 7), "reserved")));
  /* in, out, inOut are defined as cubic(...) (§5 table); the meaning is
   * that cubic, and it parses to the same control points as the name:
   * in = (0.42, 0, 1, 1), out = (0, 0, 0.58, 1), inOut = (0.42, 0, 0.58,
   * 1). */
  const double points[3][4] = {
      {0.42, 0, 1, 1}, {0, 0, 0.58, 1}, {0.42, 0, 0.58, 1}};
  for (size_t i = 0; i < 3; i++) {
    json_t *item = json_array_get(items, 2 + i);
    anima_ease by_name = parsed_ease(names[2 + i]);
    anima_ease by_meaning = parsed_ease(text_of(item, "meaning"));
    cr_assert_eq(by_meaning.kind, ANIMA_EASE_CUBIC);
    for (size_t p = 0; p < 4; p++) {
      cr_assert_eq(by_meaning.parameters[p], points[i][p]);
      cr_assert_eq(by_name.parameters[p], points[i][p]);
    }
  }
  /* §5: x1, x2 in [0, 1]; elastic a >= 0, p > 0. */
  cr_assert_not_null(strstr(text_of(json_array_get(items, 5), "arguments"),
                            "x1 and x2 in [0, 1]"));
  cr_assert_not_null(
      strstr(text_of(json_array_get(items, 6), "arguments"), "a >= 0"));
  cr_assert_not_null(
      strstr(text_of(json_array_get(items, 6), "arguments"), "p > 0"));
  /* From the registry: transition.ease defaults to linear (§8) and the
   * code bad-ease is an error (§11.3). */
  json_t *ease = find_named(json_object_get(result, "fields"), "name", "ease");
  cr_assert_not_null(ease);
  cr_assert_str_eq(text_of(ease, "owner"), "transition");
  cr_assert_str_eq(text_of(ease, "default"), "linear");
  json_t *code =
      find_named(json_object_get(result, "codes"), "code", "bad-ease");
  cr_assert_str_eq(text_of(code, "severity"), "error");
  json_decref(result);
}

Test(cli_schema, condition_guide_terms_parse_as_the_spec_says) {
  json_t *result = guide_json("condition");
  json_t *items = json_object_get(result, "items");
  /* §8 terms: NAME (a trigger or true bool), !NAME, NAME OP NUMBER,
   * @end, @after(s); each example parses to that one term. The bind-only
   * EXPR OP EXPR is shown only when the registry has bind. */
  const anima_term_kind kinds[] = {ANIMA_TERM_INPUT, ANIMA_TERM_NOT_INPUT,
                                   ANIMA_TERM_COMPARE, ANIMA_TERM_END,
                                   ANIMA_TERM_AFTER};
  size_t core = 0;
  for (size_t i = 0; i < json_array_size(items); i++) {
    json_t *item = json_array_get(items, i);
    if (!json_is_null(json_object_get(item, "feature"))) {
      continue;
    }
    anima_condition condition;
    anima_condition_error error;
    cr_assert_eq(
        anima_condition_parse(text_of(item, "example"), &condition, &error),
        ANIMA_OK, "%s: %s", text_of(item, "example"), error.message);
    cr_assert_eq(condition.count, 1);
    cr_assert_lt(core, 5);
    cr_assert_eq(condition.terms[0].kind, kinds[core], "%s",
                 text_of(item, "example"));
    anima_condition_release(&condition);
    core++;
  }
  cr_assert_eq(core, 5);
  /* Every JSON example's `when` parses too. */
  json_t *examples = json_object_get(result, "examples");
  cr_assert_geq(json_array_size(examples), 3);
  for (size_t i = 0; i < json_array_size(examples); i++) {
    json_t *transition =
        json_loads(text_of(json_array_get(examples, i), "json"), 0, NULL);
    cr_assert_not_null(transition);
    anima_condition condition;
    cr_assert_eq(
        anima_condition_parse(text_of(transition, "when"), &condition, NULL),
        ANIMA_OK);
    anima_condition_release(&condition);
    json_decref(transition);
  }
  /* The grammar joins terms with && and says there is no ||. */
  cr_assert_not_null(strstr(
      json_string_value(json_array_get(json_object_get(result, "grammar"), 0)),
      "\"&&\""));
  cr_assert_not_null(
      find_named(json_object_get(result, "codes"), "code", "bad-condition"));
  cr_assert_not_null(
      find_named(json_object_get(result, "fields"), "name", "when"));
  json_decref(result);
  /* `when` (the field's name) finds the guide too. */
  json_decref(guide_json("when"));
}

Test(cli_schema, color_guide_explains_slots_and_literals) {
  json_t *result = guide_json("color");
  json_t *items = json_object_get(result, "items");
  /* §6: a slot name, #rgb, #rrggbb, #rrggbbaa or currentColor; each
   * example is of its form. #f80 doubles each digit: #ff8800. */
  const anima_color_form forms[] = {ANIMA_COLOR_FORM_SLOT, ANIMA_COLOR_FORM_HEX,
                                    ANIMA_COLOR_FORM_HEX, ANIMA_COLOR_FORM_HEX,
                                    ANIMA_COLOR_FORM_CURRENT};
  cr_assert_eq(json_array_size(items), 5);
  anima_color colors[5];
  for (size_t i = 0; i < 5; i++) {
    const char *example = text_of(json_array_get(items, i), "example");
    cr_assert_eq(anima_color_parse(example, &colors[i]), forms[i], "%s",
                 example);
  }
  cr_assert(colors[1].r == 0xff && colors[1].g == 0x88 && colors[1].b == 0 &&
            colors[1].a == 255);
  cr_assert_eq(colors[3].a, 0x80);
  /* From the registry: every colour field (the slot value, fill.color,
   * stroke.color) and only colour-valued addresses. */
  json_t *fields = json_object_get(result, "fields");
  json_t *value = find_named(fields, "name", "value");
  cr_assert_not_null(value);
  cr_assert_str_eq(text_of(value, "owner"), "colors");
  cr_assert_str_eq(text_of(value, "markup"), "value");
  cr_assert_str_eq(text_of(value, "kind"), "color");
  json_t *addresses = json_object_get(result, "addresses");
  cr_assert_not_null(find_named(addresses, "address", "fill.color"));
  cr_assert_not_null(find_named(addresses, "address", "stroke.color"));
  for (size_t i = 0; i < json_array_size(addresses); i++) {
    cr_assert_str_eq(text_of(json_array_get(addresses, i), "valueType"),
                     "color");
  }
  cr_assert_not_null(find_named(json_object_get(result, "codes"), "code",
                                "unknown-color-slot"));
  json_decref(result);
  /* The text names the AniML element and shows no empty field list. */
  const char *text[] = {"schema", "color", NULL};
  cli_run run = cli_run_args(text);
  cr_assert_eq(run.status, 0);
  cr_assert_null(strstr(run.out, "Fields (0)"), "%s", run.out);
  cr_assert_not_null(strstr(run.out, "<color name="), "%s", run.out);
  cli_run_free(&run);
}

Test(cli_schema, colors_kind_shows_the_slot_value) {
  /* The colour slot kind is a map of scalars: its one field is the slot's
   * value, a colour (§6), written value="..." on <color>. */
  const char *arguments[] = {"schema", "colors", "--format=json", NULL};
  json_t *result = schema_json(arguments);
  cr_assert_str_eq(text_of(json_object_get(result, "topic"), "name"), "colors");
  json_t *fields = json_object_get(result, "fields");
  cr_assert_eq(json_array_size(fields), 1);
  cr_assert_str_eq(text_of(json_array_get(fields, 0), "name"), "value");
  cr_assert_str_eq(text_of(json_array_get(fields, 0), "kind"), "color");
  json_decref(result);
}

Test(cli_schema, address_guide_lists_the_registry_addresses) {
  json_t *result = guide_json("address");
  json_t *addresses = json_object_get(result, "addresses");
  /* §4: trims are paint addresses of path, circle, rect and arc, clamped
   * to 0..1; AniML aliases trimEnd (ANIML.md §5). */
  json_t *end = find_named(addresses, "address", "stroke.trimEnd");
  cr_assert_not_null(end);
  cr_assert_str_eq(text_of(end, "markup"), "trimEnd");
  cr_assert_str_eq(text_of(end, "animation"), "interpolated");
  cr_assert_eq(json_number_value(json_object_get(end, "minimum")), 0);
  cr_assert_eq(json_number_value(json_object_get(end, "maximum")), 1);
  json_t *types = json_object_get(end, "nodeTypes");
  const char *painted[] = {"path", "circle", "rect", "arc"};
  /* The core's four first; the CLI loads every built module, so the paint
   * module's shapes (ellipse, polygon, star, triangle) may follow. */
  cr_assert_geq(json_array_size(types), 4);
  for (size_t i = 0; i < 4; i++) {
    cr_assert_str_eq(json_string_value(json_array_get(types, i)), painted[i]);
  }
  /* rect w is aliased width; x0 is an address but static; opacity is on
   * every node (owner "node") and clamps to 0..1. */
  json_t *w = find_named(addresses, "address", "w");
  cr_assert_str_eq(text_of(w, "markup"), "width");
  cr_assert_eq(json_array_size(json_object_get(w, "nodeTypes")), 1);
  cr_assert_str_eq(text_of(find_named(addresses, "address", "x0"), "animation"),
                   "static");
  cr_assert_str_eq(
      text_of(find_named(addresses, "address", "opacity"), "owner"), "node");
  json_decref(result);
  /* --animatable leaves out the static addresses. */
  const char *animatable[] = {"schema", "address", "--animatable",
                              "--format=json", NULL};
  result = schema_json(animatable);
  addresses = json_object_get(result, "addresses");
  for (size_t i = 0; i < json_array_size(addresses); i++) {
    cr_assert_str_neq(text_of(json_array_get(addresses, i), "animation"),
                      "static");
  }
  cr_assert_not_null(find_named(addresses, "address", "stroke.trimEnd"));
  json_decref(result);
}

Test(cli_schema, pose_and_track_guides) {
  /* A pose or track writes only animatable addresses (§5, §8:
   * not-animatable), so their guides list no static one, and the hold-only
   * visible is there. `key` and `keyframe` find the track guide. */
  const char *topics[] = {"pose", "key", "keyframe"};
  for (size_t t = 0; t < 3; t++) {
    json_t *result = guide_json(topics[t]);
    json_t *addresses = json_object_get(result, "addresses");
    /* rect's static x0 is not listed (a paint triangle's animatable x0
     * may be: the CLI loads every built module). */
    for (size_t i = 0; i < json_array_size(addresses); i++) {
      json_t *address = json_array_get(addresses, i);
      cr_assert(strcmp(text_of(address, "address"), "x0") != 0 ||
                    strcmp(text_of(address, "animation"), "static") != 0,
                "%s", topics[t]);
    }
    cr_assert_str_eq(
        text_of(find_named(addresses, "address", "visible"), "animation"),
        "hold");
    json_t *codes = json_object_get(result, "codes");
    cr_assert_not_null(find_named(codes, "code", "not-animatable"));
    if (t > 0) {
      cr_assert_str_eq(text_of(json_object_get(result, "topic"), "name"),
                       "track");
      cr_assert_not_null(find_named(codes, "code", "key-order"));
    } else {
      cr_assert_not_null(find_named(codes, "code", "state-kind"));
    }
    json_decref(result);
  }
}

Test(cli_schema, search_finds_guides) {
  /* A guide's names and keywords are names for the search: "elastic" is
   * exactly a keyword of ease (100), "keyframe" a name of track (100),
   * "slot" a name of color (100). */
  const char *words[][2] = {
      {"elastic", "ease"}, {"keyframe", "track"}, {"slot", "color"}};
  for (size_t i = 0; i < 3; i++) {
    const char *arguments[] = {"schema", "--search", words[i][0],
                               "--format=json", NULL};
    json_t *result = schema_json(arguments);
    json_t *results = json_object_get(result, "results");
    assert_sorted(results);
    json_t *guide = find_named(results, "name", words[i][1]);
    cr_assert_not_null(guide, "%s", words[i][0]);
    cr_assert_str_eq(text_of(guide, "type"), "guide");
    cr_assert_eq(integer_of(guide, "score"), 100);
    json_decref(result);
  }
}

Test(cli_schema, unknown_topics_suggest_guides) {
  const char *typos[][2] = {
      {"eas", "ease"}, {"conditon", "condition"}, {"poze", "pose"}};
  for (size_t i = 0; i < 3; i++) {
    const char *arguments[] = {"schema", typos[i][0], NULL};
    cli_run run = cli_run_args(arguments);
    cr_assert_eq(run.status, 2);
    char expected[64];
    snprintf(expected, sizeof expected, "did you mean \"%s\"", typos[i][1]);
    cr_assert_not_null(strstr(run.err, expected), "%s", run.err);
    cli_run_free(&run);
  }
  /* A guide has no fields. */
  const char *field[] = {"schema", "ease.linear", NULL};
  cli_run run = cli_run_args(field);
  cr_assert_eq(run.status, 2);
  cr_assert_not_null(strstr(run.err, "guide topic"), "%s", run.err);
  cli_run_free(&run);
}

Test(cli_schema, a_key_from_svg_names_what_to_write_instead) {
  /* The registry's foreign names (kernel/core_registry.c): SVG's cx is a
   * circle's center, not the near spelling "x" (which translates). */
  const char *cx[] = {"schema", "circle.cx", NULL};
  cli_run run = cli_run_args(cx);
  cr_assert_eq(run.status, 2);
  cr_assert_not_null(strstr(run.err, "circle has no field \"cx\" (use "
                                     "\"center\": [cx, cy]; `anima schema "
                                     "circle.center` describes it)"),
                     "%s", run.err);
  cr_assert_null(strstr(run.err, "did you mean"), "%s", run.err);
  cli_run_free(&run);
  const char *width[] = {"schema", "circle.width", NULL};
  run = cli_run_args(width);
  cr_assert_not_null(strstr(run.err, "(use \"r\"; the radius is half the "
                                     "width;"),
                     "%s", run.err);
  cli_run_free(&run);
  /* SVG's <g> is a group. */
  const char *g[] = {"schema", "g", NULL};
  run = cli_run_args(g);
  cr_assert_eq(run.status, 2);
  cr_assert_not_null(strstr(run.err, "unknown topic \"g\" (Anima's node type "
                                     "is \"group\": `anima schema group`)"),
                     "%s", run.err);
  cli_run_free(&run);
}

Test(cli_schema, module_value_types_show_their_names) {
  /* The paint module's `d` address holds its value type "path" (paint
   * chapter, "Compatible path morphs"), not a core number/colour/bool. */
  json_t *result = guide_json("address");
  json_t *addresses = json_object_get(result, "addresses");
  json_t *d = NULL;
  for (size_t i = 0; i < json_array_size(addresses); i++) {
    json_t *address = json_array_get(addresses, i);
    if (strcmp(text_of(address, "address"), "d") == 0 &&
        strcmp(text_of(address, "animation"), "interpolated") == 0) {
      d = address;
    }
  }
  cr_assert_not_null(d);
  cr_assert_str_eq(text_of(d, "valueType"), "path");
  cr_assert_str_eq(text_of(d, "feature"), "paint");
  json_decref(result);
}

Test(cli_schema, paint_fields_are_listed) {
  /* issue 11: `anima schema` shows every field the paint module adds. */
  struct {
    const char *topic;
    const char *fields[7];
  } topics[] = {
      {"ellipse", {"cx", "cy", "rx", "ry", NULL}},
      {"polygon",
       {"cx", "cy", "sides", "radius", "rotation", "cornerRadius", NULL}},
      {"star",
       {"cx", "cy", "points", "radius", "innerRadius", "cornerRadius", NULL}},
      {"triangle", {"x0", "y0", "width", "height", NULL}},
      {"stroke", {"scale", "dash", "dashOffset", NULL}},
  };
  for (size_t t = 0; t < sizeof topics / sizeof *topics; t++) {
    const char *arguments[] = {"schema", topics[t].topic, "--format=json",
                               NULL};
    json_t *result = schema_json(arguments);
    json_t *fields = json_object_get(result, "fields");
    for (size_t i = 0; topics[t].fields[i]; i++) {
      json_t *field = find_named(fields, "name", topics[t].fields[i]);
      cr_assert_not_null(field, "%s.%s", topics[t].topic, topics[t].fields[i]);
      cr_assert_str_eq(text_of(field, "feature"), "paint", "%s.%s",
                       topics[t].topic, topics[t].fields[i]);
    }
    json_decref(result);
  }
}
