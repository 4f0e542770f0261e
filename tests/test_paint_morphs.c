/*
 * test_paint_morphs.c — compatible path morphs (SPEC paint chapter,
 * "Compatible path morphs"): the address `<pathId>.d` with SVG path data
 * values, its diagnostics (bad-path, value-type, morph-mismatch with the
 * first differing zero-based segment), interpolation command by command
 * (relative coordinates, arc parameters, flags 0 below 0.5 else 1; state
 * blends the same), five-decimal intermediate text and authored text at
 * exact keys, the rest from a glyph's selected subpaths, and the outline
 * drawing and hit tests follow.
 */
#include <anima/format.h>

#include "test_paint_fixture.h"

static paint_fixture f;

static void setup(void) {
  f = paint_runtime(true);
}

static void teardown(void) {
  paint_release(&f);
}

TestSuite(morphs, .init = setup, .fini = teardown);

/* A path `p` with `d` (single quotes become double) and the `tracks`. */
static const char *morph_document(const char *d, const char *tracks) {
  char nodes[1024];
  snprintf(nodes, sizeof nodes,
           "[{'id': 'p', 'type': 'path', 'd': '%s',"
           " 'fill': {'color': '#000'}}]",
           d);
  return paint_document(&f, "['paint']", nodes, tracks, NULL);
}

/* The snapshot text of `address` now (the value type's format). */
static const char *text_of(const char *address) {
  static char text[512];
  long property = anima_model_property_find(f.model, address);
  cr_assert_geq(property, 0, "%s", address);
  anima_value value;
  cr_assert_eq(anima_player_read_property(f.player, (size_t)property, &value),
               ANIMA_OK);
  anima_model_format_value(f.model, &value, text, sizeof text);
  return text;
}

/* Loads a morph of `p.d` between two keys and steps to `time`. */
static void morph_at(const char *rest, const char *from, const char *to,
                     double time) {
  char tracks[512];
  snprintf(tracks, sizeof tracks, "{'p.d': [[0, '%s'], [1, '%s']]}", from, to);
  paint_load(&f, morph_document(rest, tracks));
  paint_step(&f, time);
}

Test(morphs, registry_entries) {
  const anima_registry *registry = anima_runtime_registry(f.runtime);
  long id = anima_registry_find_property(registry, "path", "d", false);
  cr_assert_geq(id, 0);
  const anima_property *d = anima_registry_property(registry, id);
  cr_assert_str_eq(d->feature, "paint");
  cr_assert_str_eq(d->value_type, "path");
  cr_assert_eq(d->animation, ANIMA_ANIMATION_INTERPOLATED);
  cr_assert_not_null(anima_registry_find_code(registry, "morph-mismatch"));
  /* Static d stays the core's field: no module needed. */
  const anima_field *field = anima_registry_find_field(registry, "path", "d");
  cr_assert_null(field->feature);
}

Test(morphs, numbers_interpolate_command_by_command) {
  /* L10 0 → L10 20 at w = 0.5: L10 10. The intermediate text uses five
   * decimals with trailing zeros dropped. */
  morph_at("M0 0L10 0", "M0 0L10 0", "M0 0L10 20", 0.5);
  cr_assert_str_eq(text_of("p.d"), "\"M0 0L10 10\"");
  const anima_path *outline = paint_outline(&f, 0);
  cr_assert_eq(outline->count, 2);
  paint_assert_point(paint_segment(outline, 1, ANIMA_SEGMENT_LINE)[0], 10, 10,
                     0);
  /* Relative coordinates interpolate as numbers: l10 0 → l0 10 gives
   * l5 5, drawn from the pen (2, 3) to (7, 8). */
  morph_at("M2 3l10 0", "M2 3l10 0", "M2 3l0 10", 0.5);
  cr_assert_str_eq(text_of("p.d"), "\"M2 3l5 5\"");
  paint_assert_point(
      paint_segment(paint_outline(&f, 0), 1, ANIMA_SEGMENT_LINE)[0], 7, 8, 0);
  /* 1 → 2 at w = 1/3: 1.333333… prints 1.33333. */
  morph_at("M0 0L1 0", "M0 0L1 0", "M0 0L2 0", 1.0 / 3.0);
  cr_assert_str_eq(text_of("p.d"), "\"M0 0L1.33333 0\"");
}

Test(morphs, exact_keys_keep_their_authored_strings) {
  /* At t = 1 the value is the last key exactly: its text as written,
   * spaces and commas included. */
  morph_at("M0 0L10 0", "M0 0L10 0", "M0,0 L 2,0", 1);
  cr_assert_str_eq(text_of("p.d"), "\"M0,0 L 2,0\"");
  /* Implicit repeats expand: "M0 0 5 5" is M then L, compatible with
   * "M0 0L10 0"; between keys it prints expanded. */
  morph_at("M0 0L10 0", "M0 0 5 5", "M0 0L10 0", 0);
  cr_assert_str_eq(text_of("p.d"), "\"M0 0 5 5\"");
  paint_step(&f, 0.5);
  cr_assert_str_eq(text_of("p.d"), "\"M0 0L7.5 2.5\"");
}

Test(morphs, arc_flags_are_zero_below_one_half) {
  /* large-arc 0 → 1 and sweep 1 → 0. At w = 0.49: 0.49 → 0 and 0.51 → 1;
   * at w = 0.5 both are 0.5, not below one half, so 1 and 1. Radii and
   * rotation interpolate: rx 5 → 7 is 5.98 at 0.49, 6 at 0.5. */
  morph_at("M0 0A5 5 0 0 1 10 0", "M0 0A5 5 0 0 1 10 0", "M0 0A7 5 0 1 0 10 0",
           0.49);
  cr_assert_str_eq(text_of("p.d"), "\"M0 0A5.98 5 0 0 1 10 0\"");
  paint_step(&f, 0.01);
  cr_assert_str_eq(text_of("p.d"), "\"M0 0A6 5 0 1 1 10 0\"");
}

/* Every segment of a and b equal, bit for bit. */
static void assert_identical(const anima_path *a, const anima_path *b) {
  cr_assert_eq(a->count, b->count, "%zu segments, expected %zu", a->count,
               b->count);
  for (size_t i = 0; i < a->count; i++) {
    cr_assert_eq(a->segments[i].kind, b->segments[i].kind, "segment %zu", i);
    for (int p = 0; p < 3; p++) {
      cr_assert(a->segments[i].points[p].x == b->segments[i].points[p].x &&
                    a->segments[i].points[p].y == b->segments[i].points[p].y,
                "segment %zu point %d: (%.17g, %.17g) != (%.17g, %.17g)", i, p,
                a->segments[i].points[p].x, a->segments[i].points[p].y,
                b->segments[i].points[p].x, b->segments[i].points[p].y);
    }
  }
}

Test(morphs, a_morph_at_a_key_draws_what_static_d_draws) {
  /* Every command, relative and absolute, smooth curves reflecting their
   * controls, arcs and closes: at t = 1 the morph's outline equals the
   * kernel's own conversion of the key's path data. */
  const char *key = "M2 2h4v2l1 1c1 0 2 1 2 2s1 2 2 2q1 1 2 0t2 0"
                    "a2 1 30 0 1 2 2A3 3 0 1 0 20 20zm1 1l2 0 1 1z"
                    "L3 3H1V1C1 2 2 3 3 3S4 4 5 5Q6 6 7 7T8 8";
  const char *rest = "M0 0h1v1l1 1c1 0 1 1 1 1s1 1 1 1q1 1 1 0t1 0"
                     "a1 1 0 0 1 1 1A1 1 0 1 0 9 9zm1 1l1 0 1 1z"
                     "L1 1H0V0C0 1 1 1 1 1S1 1 1 1Q1 1 1 1T1 1";
  morph_at(rest, rest, key, 1);
  anima_path parsed;
  cr_assert_eq(anima_path_parse(key, strlen(key), &parsed, NULL), ANIMA_OK);
  assert_identical(paint_outline(&f, 0), &parsed);
  anima_path_release(&parsed);
}

Test(morphs, hits_follow_the_sampled_outline) {
  /* A square 4 wide growing to 20 wide: at t = 0.5 it is 12 wide, so
   * (10, 10) is inside; at rest it is not. */
  char tracks[256];
  snprintf(tracks, sizeof tracks,
           "{'p.d': [[0, 'M0 0H4V4H0Z'], [1, 'M0 0H20V20H0Z']]}");
  paint_load(&f, paint_document(
                     &f, "['paint']",
                     "[{'id': 'p', 'type': 'path', 'd': 'M0 0H4V4H0Z',"
                     " 'fill': {'color': '#000'}}]",
                     tracks,
                     ", 'inputs': {'hit': {'type': 'bool'}}, 'listeners':"
                     " [{'on': 'down', 'target': 'p', 'set': {'hit': true}}]"));
  for (int round = 0; round < 2; round++) {
    double time = round == 0 ? 0 : 0.5;
    anima_player_destroy(f.player);
    f.player = anima_player_create(f.model);
    anima_step_result result;
    anima_player_step(f.player, time, &result);
    anima_player_pointer_down(f.player, 10, 10);
    anima_player_step(f.player, 0, &result);
    anima_value hit;
    cr_assert_eq(anima_player_get_input(f.player, "hit", &hit), ANIMA_OK);
    cr_assert_eq(hit.as.boolean, round == 1, "t = %g", time);
  }
}

Test(morphs, lengths_follow_the_sampled_outline) {
  /* A line 10 long growing to 30: 20 at t = 0.5 (the measured natural
   * length a trim uses). */
  paint_load(&f,
             paint_document(&f, "['paint']",
                            "[{'id': 'p', 'type': 'path', 'd': 'M0 0H10',"
                            " 'stroke': {'color': '#000', 'trimEnd': 0.5}}]",
                            "{'p.d': [[0, 'M0 0H10'], [1, 'M0 0H30']]}", NULL));
  paint_step(&f, 0.5);
  cr_assert_float_eq(paint_length(&f, 0), 20, 1e-12);
}

Test(morphs, state_blends_use_the_same_rule) {
  /* Two pose states; the transition to `b` blends over 1 second. Half way
   * the layer output is the crossfade of "M0 0L10 0" to "M0 0L0 10" at
   * w = 0.5: "M0 0L5 5". */
  paint_load(
      &f,
      paint_quote(
          &f, "{'anima': '0.1', 'name': 'x', 'grid': 24, 'requires': ['paint'],"
              " 'inputs': {'go': {'type': 'bool'}},"
              " 'nodes': [{'id': 'p', 'type': 'path', 'd': 'M0 0L10 0',"
              " 'fill': {'color': '#000'}}],"
              " 'machine': {'layers': {'l': {'initial': 'a', 'states': {"
              " 'a': {'pose': {'p.d': 'M0 0L10 0'}, 'on': [{'when': 'go',"
              " 'to': 'b', 'blend': 1}]},"
              " 'b': {'pose': {'p.d': 'M0 0L0 10'}}}}}}}"));
  paint_step(&f, 0);
  cr_assert_eq(anima_player_set_bool(f.player, "go", true), ANIMA_OK);
  paint_step(&f, 0);
  paint_step(&f, 0.5);
  cr_assert_str_eq(text_of("p.d"), "\"M0 0L5 5\"");
  paint_step(&f, 0.5);
  cr_assert_str_eq(text_of("p.d"), "\"M0 0L0 10\"");
}

/* ---- diagnostics --------------------------------------------------------- */

static size_t validate_keys(const char *rest, const char *keys) {
  char tracks[512];
  snprintf(tracks, sizeof tracks, "{'p.d': %s}", keys);
  return paint_validate(&f, morph_document(rest, tracks));
}

Test(morphs, bad_values_are_bad_path_or_value_type) {
  cr_assert_eq(validate_keys("M0 0L1 1", "[[0, 'M0 0L1 1'], [1, 'M0 0L']]"), 1);
  const anima_diagnostic *d =
      paint_expect(&f, 0, "bad-path", "/timelines/t/tracks/p.d/1/1");
  cr_assert(strstr(d->hint, "SVG path data"), "%s", d->hint);
  cr_assert_eq(validate_keys("M0 0L1 1", "[[0, 'M0 0L1 1'], [1, 5]]"), 1);
  paint_expect(&f, 0, "value-type", "/timelines/t/tracks/p.d/1/1");
}

Test(morphs, incompatible_commands_name_the_first_differing_segment) {
  struct {
    const char *key, *hint;
  } cases[] = {
      /* one segment more: segment 2 of the rest is the end */
      {"M0 0L5 5L10 10", "segment 2: expected the end, got \"L\""},
      /* one fewer */
      {"M0 0", "segment 1: expected \"L\", got the end"},
      /* same letter, other case */
      {"M0 0l10 10", "segment 1: expected \"L\", got \"l\""},
      /* another letter */
      {"M0 0H10", "segment 1: expected \"L\", got \"H\""},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    char keys[256];
    snprintf(keys, sizeof keys, "[[0, 'M0 0L10 10'], [1, '%s']]", cases[i].key);
    cr_assert_eq(validate_keys("M0 0L10 10", keys), 1, "%s", cases[i].key);
    const anima_diagnostic *d =
        paint_expect(&f, 0, "morph-mismatch", "/timelines/t/tracks/p.d/1/1");
    cr_assert(strncmp(d->hint, cases[i].hint, strlen(cases[i].hint)) == 0,
              "%s: %s", cases[i].key, d->hint);
  }
  /* Implicit repeats and extra moveto pairs expand before comparing:
   * "M0 0 10 10" is M, L like the rest. */
  cr_assert_eq(validate_keys("M0 0L10 10", "[[0, 'M0 0 10 10'], [1, 'M1 1L2 "
                                           "2']]"),
               0);
  /* A pose value is checked the same way. */
  cr_assert_eq(
      paint_validate(
          &f, paint_quote(
                  &f, "{'anima': '0.1', 'name': 'x', 'grid': 24,"
                      " 'requires': ['paint'], 'nodes': [{'id': 'p', 'type':"
                      " 'path', 'd': 'M0 0L1 1', 'fill': {'color': '#000'}}],"
                      " 'machine': {'layers': {'l': {'initial': 'a', 'states':"
                      " {'a': {'pose': {'p.d': 'M0 0L1 1Z'}}}}}}}")),
      1);
  paint_expect(&f, 0, "morph-mismatch", "/machine/layers/l/states/a/pose/p.d");
}

Test(morphs, without_paint_a_morph_is_undeclared) {
  paint_validate(
      &f, paint_document(&f, NULL,
                         "[{'id': 'p', 'type': 'path', 'd': 'M0 0L1 1',"
                         " 'fill': {'color': '#000'}}]",
                         "{'p.d': [[0, 'M0 0L1 1'], [1, 'M0 0L2 2']]}", NULL));
  const anima_diagnostic *d =
      paint_expect(&f, 0, "undeclared-feature", "/timelines/t/tracks/p.d");
  cr_assert_str_eq(d->hint, "add \"paint\" to \"requires\"");
  /* Static d needs no module. */
  cr_assert_eq(
      paint_validate(&f, paint_document(&f, NULL,
                                        "[{'id': 'p', 'type': 'path', 'd': "
                                        "'M0 0L1 1', 'fill': {'color': "
                                        "'#000'}}]",
                                        NULL, NULL)),
      0);
}

/* ---- rest geometry from a glyph ------------------------------------------ */

/* Three squares: the second and third start with a relative moveto. */
#define GLYPHS                                                                 \
  ", 'glyphs': {'squares': {'d': 'M0 0h4v4h-4z m10 0h4v4h-4z m10 0h4v4h-4z'}}"

static const char *glyph_document(const char *requires, const char *subpaths,
                                  const char *tracks) {
  char nodes[512];
  snprintf(nodes, sizeof nodes,
           "[{'id': 'p', 'type': 'path', 'glyph': 'squares'%s%s,"
           " 'fill': {'color': '#000'}}]",
           subpaths ? ", 'subpaths': " : "", subpaths ? subpaths : "");
  return paint_document(&f, requires, nodes, tracks, GLYPHS);
}

Test(morphs, a_glyph_rest_takes_its_selected_subpaths) {
  /* Subpaths [2, 0] are drawn in the glyph's order (SPEC §3): square 0,
   * then square 2. The rest commands are M h v h z m h v h z, so a key
   * with those commands is compatible. */
  cr_assert_eq(
      paint_validate(&f, glyph_document("['paint']", "[2, 0]",
                                        "{'p.d': [[0, 'M0 0h4v4h-4z m20 0h4v4h-"
                                        "4z'], [1, 'M0 0h2v2h-2z m20 0h8v8h-"
                                        "8z']]}")),
      0, "%s",
      anima_diagnostics_count(f.diagnostics)
          ? anima_diagnostics_get(f.diagnostics, 0)->hint
          : "");
  /* An absolute M where the rest has the glyph's relative m does not fit:
   * segment 5, the second moveto. */
  cr_assert_eq(
      paint_validate(
          &f, glyph_document("['paint']", "[2, 0]",
                             "{'p.d': [[0, 'M0 0h4v4h-4z M20 0h4v4h-4z']]}")),
      1);
  const anima_diagnostic *d =
      paint_expect(&f, 0, "morph-mismatch", "/timelines/t/tracks/p.d/0/1");
  const char *hint = "segment 5: expected \"m\", got \"M\"";
  cr_assert(strncmp(d->hint, hint, strlen(hint)) == 0, "%s", d->hint);
}

Test(morphs, a_glyph_rest_draws_what_the_static_path_draws) {
  /* Subpaths [2, 0]: square 0 at (0, 0), then square 2, whose relative
   * moveto m10 0 followed square 1's close at (10, 0); in the rest value it
   * follows square 0's close at (0, 0), so it is rebased to m20 0 and the
   * square stays at (20, 0). */
  paint_load(&f, glyph_document(NULL, "[2, 0]", NULL));
  paint_step(&f, 0);
  anima_path expected;
  anima_path_init(&expected);
  anima_path_append(&expected, paint_outline(&f, 0));
  /* A timeline no state plays names p.d, so the hook draws the rest. */
  char nodes[512];
  snprintf(nodes, sizeof nodes,
           "[{'id': 'p', 'type': 'path', 'glyph': 'squares',"
           " 'subpaths': [2, 0], 'fill': {'color': '#000'}}]");
  paint_load(&f, paint_document(&f, "['paint']", nodes, NULL,
                                GLYPHS ", 'timelines': {'u': {'duration': 1,"
                                       " 'tracks': {'p.d': [[0, 'M0 0h8v8h-"
                                       "8z m20 0h4v4h-4z']]}}}"));
  paint_step(&f, 0);
  cr_assert_str_eq(text_of("p.d"), "\"M0 0h4v4h-4zm20 0h4v4h-4z\"");
  assert_identical(paint_outline(&f, 0), &expected);
  anima_path_release(&expected);
}
