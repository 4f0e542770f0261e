/*
 * test_paint_strokes.c — what the paint module adds to strokes (SPEC paint
 * chapter, "Dashes", "Transform-independent stroke"; DECISIONS 16): the
 * fields and address, their validation, and the undeclared-feature of
 * every paint key in a document that does not declare paint.
 */
#include "test_paint_fixture.h"

static paint_fixture f;

static void setup(void) {
  f = paint_runtime(true);
}

static void teardown(void) {
  paint_release(&f);
}

TestSuite(strokes, .init = setup, .fini = teardown);

/* Validates a circle whose stroke has `members` (single quotes) besides
 * its colour, with `requires` as given. */
static size_t validate_stroke(const char *requires, const char *members,
                              const char *tracks) {
  char nodes[1024];
  snprintf(nodes, sizeof nodes,
           "[{'id': 'c', 'type': 'circle', 'center': [12, 12], 'r': 5,"
           " 'stroke': {'color': '#000'%s%s}}]",
           *members ? ", " : "", members);
  return paint_validate(&f, paint_document(&f, requires, nodes, tracks, NULL));
}

Test(strokes, registry_entries) {
  const anima_registry *registry = anima_runtime_registry(f.runtime);
  const anima_field *scale =
      anima_registry_find_field(registry, "stroke", "scale");
  cr_assert_not_null(scale);
  cr_assert_str_eq(scale->feature, "paint");
  cr_assert_eq(scale->kind, ANIMA_FIELD_ENUM);
  cr_assert_str_eq(scale->options[0], "normal");
  cr_assert_str_eq(scale->options[1], "fixed");
  cr_assert_null(scale->options[2]);
  cr_assert_str_eq(scale->default_json, "\"normal\"");
  /* DECISIONS 16: stroke.scale is static — no property address. */
  cr_assert_lt(
      anima_registry_find_property(registry, "circle", "stroke.scale", false),
      0);
  /* dash is static too; dashOffset is an animatable number, default 0,
   * with the AniML alias dashOffset. */
  cr_assert_not_null(anima_registry_find_field(registry, "stroke", "dash"));
  cr_assert_lt(
      anima_registry_find_property(registry, "circle", "stroke.dash", false),
      0);
  long offset = anima_registry_find_property(registry, "circle",
                                             "stroke.dashOffset", false);
  cr_assert_geq(offset, 0);
  const anima_property *property = anima_registry_property(registry, offset);
  cr_assert_eq(property->animation, ANIMA_ANIMATION_INTERPOLATED);
  cr_assert_eq(property->default_value.as.number, 0);
  cr_assert_eq(
      anima_registry_find_property(registry, "star", "dashOffset", true),
      offset);
}

Test(strokes, valid_dashes_and_scales) {
  const char *valid[] = {
      "'dash': [2, 1]",
      "'dash': [3]",
      "'dash': [0, 2]",
      "'dash': ['10%', '5%']",
      "'dash': ['0%', '2.5%', '100%']",
      "'dash': ['0.5%']",
      "'dash': [2, 1], 'dashOffset': -3",
      "'scale': 'fixed'",
      "'scale': 'normal', 'width': 2",
  };
  for (size_t i = 0; i < sizeof valid / sizeof *valid; i++) {
    cr_assert_eq(validate_stroke("['paint']", valid[i], NULL), 0, "%s: %s",
                 valid[i],
                 anima_diagnostics_count(f.diagnostics)
                     ? anima_diagnostics_get(f.diagnostics, 0)->message
                     : "");
  }
}

Test(strokes, dash_errors_point_at_the_offending_item) {
  struct {
    const char *members, *code, *pointer;
  } cases[] = {
      /* "nonempty array" */
      {"'dash': []", "bad-value", "/nodes/0/stroke/dash"},
      {"'dash': 2", "type", "/nodes/0/stroke/dash"},
      /* "all nonnegative grid-unit numbers" */
      {"'dash': [2, -1]", "bad-value", "/nodes/0/stroke/dash/1"},
      /* "Units cannot be mixed": the first item of the other unit */
      {"'dash': [2, '10%']", "bad-value", "/nodes/0/stroke/dash/1"},
      {"'dash': ['10%', 2, 3]", "bad-value", "/nodes/0/stroke/dash/1"},
      /* "at least one length must be positive" */
      {"'dash': [0, 0]", "bad-value", "/nodes/0/stroke/dash"},
      {"'dash': ['0%']", "bad-value", "/nodes/0/stroke/dash"},
      /* percentage syntax: 0 or a positive decimal integer, an optional
       * fraction, then %; no signs, exponents, leading zeros, bare dots */
      {"'dash': ['+10%']", "bad-value", "/nodes/0/stroke/dash/0"},
      {"'dash': ['-10%']", "bad-value", "/nodes/0/stroke/dash/0"},
      {"'dash': ['1e1%']", "bad-value", "/nodes/0/stroke/dash/0"},
      {"'dash': ['010%']", "bad-value", "/nodes/0/stroke/dash/0"},
      {"'dash': ['.5%']", "bad-value", "/nodes/0/stroke/dash/0"},
      {"'dash': ['5.%']", "bad-value", "/nodes/0/stroke/dash/0"},
      {"'dash': ['5']", "bad-value", "/nodes/0/stroke/dash/0"},
      {"'dash': ['5 %']", "bad-value", "/nodes/0/stroke/dash/0"},
      {"'dash': ['5%%']", "bad-value", "/nodes/0/stroke/dash/0"},
      {"'dash': [true]", "type", "/nodes/0/stroke/dash/0"},
      /* "Invalid scale values produce bad-value at the stroke scale field" */
      {"'scale': 'none'", "bad-value", "/nodes/0/stroke/scale"},
      {"'dashOffset': 'x'", "type", "/nodes/0/stroke/dashOffset"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    cr_assert_eq(validate_stroke("['paint']", cases[i].members, NULL), 1,
                 "%s: %zu diagnostics", cases[i].members,
                 anima_diagnostics_count(f.diagnostics));
    paint_expect(&f, 0, cases[i].code, cases[i].pointer);
  }
}

/* Finding 5 of the hostile-input review: "999…9%" (300 nines) validated,
 * then SVG wrote stroke-dasharray="0 0.50265" while PNG drew a solid ring
 * (the number overflowed to inf). Percentages are bounded at 1000000%
 * (docs/DECISIONS.md "Robust geometry"); the bound itself is valid. */
Test(strokes, overflowing_dash_percentages_are_bad_value) {
  char members[512];
  char nines[301];
  memset(nines, '9', 300);
  nines[300] = '\0';
  snprintf(members, sizeof members, "'dash': ['%s%%', '1%%']", nines);
  cr_assert_eq(validate_stroke("['paint']", members, NULL), 1);
  const anima_diagnostic *d =
      paint_expect(&f, 0, "bad-value", "/nodes/0/stroke/dash/0");
  cr_assert(strstr(d->message, "larger than 1000000%"), "%s", d->message);
  cr_assert_eq(
      validate_stroke("['paint']", "'dash': ['1%', '1000000.5%']", NULL), 1);
  paint_expect(&f, 0, "bad-value", "/nodes/0/stroke/dash/1");
  cr_assert_eq(validate_stroke("['paint']", "'dash': ['1000000%', '1%']", NULL),
               0);
}

Test(strokes, dash_diagnostics_say_how_to_fix_them) {
  validate_stroke("['paint']", "'dash': [2, '10%']", NULL);
  const anima_diagnostic *d = anima_diagnostics_get(f.diagnostics, 0);
  cr_assert(strstr(d->hint, "every dash"), "%s", d->hint);
  validate_stroke("['paint']", "'dash': [0]", NULL);
  d = anima_diagnostics_get(f.diagnostics, 0);
  cr_assert(strstr(d->hint, "positive"), "%s", d->hint);
  validate_stroke("['paint']", "'dash': ['1e1%']", NULL);
  d = anima_diagnostics_get(f.diagnostics, 0);
  cr_assert(strstr(d->hint, "\"10%\""), "%s", d->hint);
}

Test(strokes, every_paint_key_without_paint_is_undeclared) {
  /* "Using its keys or animation addresses without declaring it is
   * undeclared-feature at that key or address, with hint add "paint" to
   * "requires"". */
  const char *keys[][2] = {
      {"'dash': [2, 1]", "/nodes/0/stroke/dash"},
      {"'dashOffset': 1", "/nodes/0/stroke/dashOffset"},
      {"'scale': 'fixed'", "/nodes/0/stroke/scale"},
  };
  for (size_t i = 0; i < 3; i++) {
    cr_assert_eq(validate_stroke(NULL, keys[i][0], NULL), 1, "%s", keys[i][0]);
    const anima_diagnostic *d =
        paint_expect(&f, 0, "undeclared-feature", keys[i][1]);
    cr_assert_str_eq(d->hint, "add \"paint\" to \"requires\"");
  }
  /* The animation address <id>.stroke.dashOffset. */
  cr_assert_eq(validate_stroke(NULL, "",
                               "{'c.stroke.dashOffset': [[0, 0], "
                               "[1, 2]]}"),
               1);
  const anima_diagnostic *d = paint_expect(
      &f, 0, "undeclared-feature", "/timelines/t/tracks/c.stroke.dashOffset");
  cr_assert_str_eq(d->hint, "add \"paint\" to \"requires\"");
  /* Declared, the same track is fine. */
  cr_assert_eq(validate_stroke("['paint']", "'dash': [1, 1]",
                               "{'c.stroke.dashOffset': [[0, 0], [1, 2]]}"),
               0);
}

Test(strokes, dash_offset_animates_with_number_sampling) {
  /* dashOffset 0 → 2 linear: 1 at t = 0.5; "0.1 = 10%" is the draw
   * builder's business, the value is the plain number. */
  char nodes[512];
  snprintf(nodes, sizeof nodes,
           "[{'id': 'c', 'type': 'circle', 'center': [12, 12], 'r': 5,"
           " 'stroke': {'color': '#000', 'dash': ['10%%', '5%%']}}]");
  paint_load(&f,
             paint_document(&f, "['paint']", nodes,
                            "{'c.stroke.dashOffset': [[0, 0], [1, 2]]}", NULL));
  paint_step(&f, 0.5);
  anima_value value;
  cr_assert_eq(anima_player_read(f.player, "c.stroke.dashOffset", &value),
               ANIMA_OK);
  cr_assert_float_eq(value.as.number, 1, 1e-12);
}

/* ---- lowering into the draw frame --------------------------------------- */

/* The frame's stroke of node 0 after stepping `time`: `node` is one node
 * (single quotes), `tracks` as paint_document. */
static const anima_draw_stroke *stroke_of(const char *node, const char *tracks,
                                          double time) {
  char nodes[1024];
  snprintf(nodes, sizeof nodes, "[%s]", node);
  paint_load(&f, paint_document(&f, "['paint']", nodes, tracks, NULL));
  paint_step(&f, time);
  return paint_stroke(&f, 0);
}

static const double *dashes_of(const anima_draw_stroke *stroke) {
  return f.frame->dashes + stroke->first_dash;
}

#define PI 3.14159265358979323846

Test(strokes, grid_unit_dashes_pass_through) {
  const anima_draw_stroke *stroke =
      stroke_of("{'id': 'c', 'type': 'path', 'd': 'M2 12H22', 'stroke':"
                " {'color': '#000', 'dash': [2, 1], 'dashOffset': 1.5}}",
                NULL, 0);
  cr_assert_eq(stroke->dash_count, 2);
  cr_assert_eq(dashes_of(stroke)[0], 2);
  cr_assert_eq(dashes_of(stroke)[1], 1);
  cr_assert_eq(stroke->dash_offset, 1.5);
  cr_assert_not(stroke->fixed);
  /* An odd pattern stays as authored; backends repeat it (SVG). */
  stroke = stroke_of("{'id': 'c', 'type': 'path', 'd': 'M2 12H22',"
                     " 'stroke': {'color': '#000', 'dash': [1, 2, 3]}}",
                     NULL, 0);
  cr_assert_eq(stroke->dash_count, 3);
  cr_assert_eq(dashes_of(stroke)[2], 3);
}

Test(strokes, percentages_are_of_the_whole_outline_length) {
  /* A circle of r = 5 is 2π·5 = 10π long: 10% is π and 5% is π/2;
   * dashOffset 0.1 with percentage dashes is 10% of it, π ("0.1 = 10%"). */
  const anima_draw_stroke *stroke =
      stroke_of("{'id': 'c', 'type': 'circle', 'center': [12, 12], 'r': 5,"
                " 'stroke': {'color': '#000', 'dash': ['10%', '5%'],"
                " 'dashOffset': 0.1}}",
                NULL, 0);
  cr_assert_float_eq(dashes_of(stroke)[0], PI, 1e-12);
  cr_assert_float_eq(dashes_of(stroke)[1], PI / 2, 1e-12);
  cr_assert_float_eq(stroke->dash_offset, PI, 1e-12);
  /* A paint shape: a square polygon of radius 10 is 40√2 long, 2.5% is √2. */
  stroke = stroke_of("{'id': 'p', 'type': 'polygon', 'cx': 12, 'cy': 12,"
                     " 'sides': 4, 'radius': 10, 'stroke': {'color': '#000',"
                     " 'dash': ['2.5%']}}",
                     NULL, 0);
  cr_assert_float_eq(dashes_of(stroke)[0], sqrt(2.0), 1e-12);
  /* A morphing line 10 → 30 long is 20 at t = 0.5: 10% is 2, and the
   * animated offset 0 → 0.5 is 0.25 of it, 5. */
  stroke = stroke_of("{'id': 'p', 'type': 'path', 'd': 'M0 0H10', 'stroke':"
                     " {'color': '#000', 'dash': ['10%']}}",
                     "{'p.d': [[0, 'M0 0H10'], [1, 'M0 0H30']],"
                     " 'p.stroke.dashOffset': [[0, 0], [1, 0.5]]}",
                     0.5);
  cr_assert_float_eq(dashes_of(stroke)[0], 2, 1e-12);
  cr_assert_float_eq(stroke->dash_offset, 5, 1e-12);
}

Test(strokes, fixed_scale_reaches_the_frame) {
  const anima_draw_stroke *stroke =
      stroke_of("{'id': 'c', 'type': 'path', 'd': 'M2 12H22', 'scale': 2,"
                " 'stroke': {'color': '#000', 'width': 3, 'scale': 'fixed'}}",
                NULL, 0);
  cr_assert(stroke->fixed);
  /* The sampled width is unchanged (in output pixels when fixed). */
  cr_assert_eq(stroke->width, 3);
  cr_assert_eq(stroke->dash_count, 0);
}
