/*
 * test_contour_effects.c — `stroke.trim`, `stroke.effects` and the
 * document's shared `effects` of the contour module (SPEC contour chapter,
 * "Sequential and synchronized trim; ordered/shared effects"): the stroke
 * geometry the module builds (draw.h anima_draw_stroke.path) read back
 * from the draw frame, the animatable trim addresses, the chapter's cubic
 * subdivision used for lengths, the diagnostics (one minimal invalid
 * document each), the 4 096-segment budget, and that stepping and drawing
 * allocate nothing. Every expected value is derived by hand next to its
 * case.
 */
#include "test_allocations.h"
#include "test_paint_fixture.h"

static paint_fixture f;

static void setup(void) {
  f = (paint_fixture){0};
  f.runtime = anima_runtime_create();
  f.diagnostics = anima_diagnostics_create();
  paint_load_module(&f, "contour");
}

static void teardown(void) {
  paint_release(&f);
}

TestSuite(effects, .init = setup, .fini = teardown);

/* A horizontal open contour (2, 12) → (22, 12): length 20. */
#define LINE                                                                   \
  "'vertices': [{'point': [2, 12], 'kind': 'straight'},"                       \
  " {'point': [22, 12], 'kind': 'straight'}]"

/* The square (2, 2) → (22, 2) → (22, 22) → (2, 22), closed: length 80;
 * length 0..20 is the top edge rightwards, 20..40 the right edge down,
 * 40..60 the bottom leftwards, 60..80 the left edge up. */
#define SQUARE                                                                 \
  "'closed': true,"                                                            \
  " 'vertices': [{'point': [2, 2], 'kind': 'straight'},"                       \
  " {'point': [22, 2], 'kind': 'straight'},"                                   \
  " {'point': [22, 22], 'kind': 'straight'},"                                  \
  " {'point': [2, 22], 'kind': 'straight'}]"

/* Loads contour `c` with `members` and stroke members `stroke`, plus
 * `tracks` (or NULL) and root members `extra` (or NULL); steps `dt`. */
static void load(const char *members, const char *stroke, const char *tracks,
                 const char *extra, double dt) {
  char nodes[4096];
  snprintf(nodes, sizeof nodes,
           "[{'id': 'c', 'type': 'contour', %s,"
           " 'stroke': {'color': '#000000', 'width': 1%s}}]",
           members, stroke);
  paint_load(&f, paint_document(&f, "['contour']", nodes, tracks, extra));
  paint_step(&f, dt);
}

/* The stroke geometry of node 0. */
static const anima_path *stroked(void) {
  const anima_draw_stroke *stroke = paint_stroke(&f, 0);
  cr_assert_not_null(stroke->path, "the stroke has no geometry of its own");
  cr_assert_eq(stroke->dash_count, 0);
  return stroke->path;
}

/* Asserts the stroke geometry is exactly these pieces: `count` pieces,
 * each a move to (x0, y0) then lines ending at (x1, y1), given as
 * {x0, y0, x1, y1} quadruples; returns nothing. */
static void expect_pieces(const double *pieces, size_t count) {
  const anima_path *path = stroked();
  size_t piece = 0;
  for (size_t i = 0; i < path->count; i++) {
    const anima_segment *s = &path->segments[i];
    if (s->kind == ANIMA_SEGMENT_MOVE) {
      cr_assert_lt(piece, count, "more than %zu pieces", count);
      paint_assert_point(s->points[0], pieces[4 * piece], pieces[4 * piece + 1],
                         1e-9);
      piece++;
    }
    cr_assert_neq(s->kind, ANIMA_SEGMENT_CUBIC, "pieces are lines");
    bool last = i + 1 == path->count ||
                path->segments[i + 1].kind == ANIMA_SEGMENT_MOVE;
    if (last && s->kind == ANIMA_SEGMENT_LINE) {
      paint_assert_point(s->points[0], pieces[4 * piece - 2],
                         pieces[4 * piece - 1], 1e-9);
    }
  }
  cr_assert_eq(piece, count, "%zu pieces, expected %zu", piece, count);
}

/* ---- stroke.trim ------------------------------------------------------- */

Test(effects, trim_keeps_the_span_of_the_length) {
  /* start 0.25, end 0.75 of the line's 20: lengths 5..15, x 7..17. */
  load(LINE, ", 'trim': {'start': 0.25, 'end': 0.75}", NULL, NULL, 0);
  const double pieces[] = {7, 12, 17, 12};
  expect_pieces(pieces, 1);
}

Test(effects, trim_offset_wraps_through_the_start_of_a_closed_contour) {
  /* start 0, end 0.25, offset 0.875 on the square's 80: from 0.875 (70,
   * the left edge at y 12) to 1.125, wrapping at one: 70..80 up the left
   * edge to (2, 2), then 0..10 along the top to (12, 2) — one piece through
   * the start of the single closed contour. */
  load(SQUARE, ", 'trim': {'end': 0.25, 'offset': 0.875}", NULL, NULL, 0);
  const double pieces[] = {2, 12, 12, 2};
  expect_pieces(pieces, 1);
  /* Two lines: up to (2, 2), then to (12, 2); no move between them. */
  const anima_path *path = stroked();
  cr_assert_eq(path->count, 3);
  paint_assert_point(path->segments[1].points[0], 2, 2, 1e-9);
}

Test(effects, nonpositive_spans_draw_nothing_and_full_spans_everything) {
  /* end − start = 0.4 − 0.6 < 0: nothing; the stroke is not visible. */
  load(LINE, ", 'trim': {'start': 0.6, 'end': 0.4}", NULL, NULL, 0);
  cr_assert_eq(stroked()->count, 0);
  cr_assert_not(paint_stroke(&f, 0)->trim.visible);
  /* start 0, end 1 with any offset keeps all geometry: the square's own
   * path, its close included (4 segments + move + close = 5: three lines,
   * the closing edge being the close). */
  load(SQUARE, ", 'trim': {'start': 0, 'end': 1, 'offset': 0.3}", NULL, NULL,
       0);
  const anima_path *path = stroked();
  cr_assert_eq(path->count, 5);
  cr_assert_eq(path->segments[4].kind, ANIMA_SEGMENT_CLOSE);
  paint_assert_point(path->segments[0].points[0], 2, 2, 1e-9);
}

Test(effects, trim_fields_are_animatable) {
  /* c.stroke.trim.end 0 → 1 over the second, linear: at 0.5 s end is
   * 0.5, the line's lengths 0..10: x 2..12. c.stroke.trim.offset holds
   * 0.25 all along, moving the span to 0.25..0.75: x 7..17. */
  load(LINE, ", 'trim': {'start': 0, 'end': 0}",
       "{'c.stroke.trim.end': [[0, 0], [1, 1]],"
       " 'c.stroke.trim.offset': [[0, 0.25], [1, 0.25]]}",
       NULL, 0.5);
  const double pieces[] = {7, 12, 17, 12};
  expect_pieces(pieces, 1);
  /* The addresses are the snapshot's (SPEC §11.2): animated, readable. */
  long end = anima_model_property_find(f.model, "c.stroke.trim.end");
  cr_assert_geq(end, 0);
  cr_assert(anima_model_property_animated(f.model, (size_t)end));
  cr_assert(anima_model_property_animatable(f.model, (size_t)end));
  anima_value value;
  cr_assert_eq(anima_player_read(f.player, "c.stroke.trim.end", &value),
               ANIMA_OK);
  cr_assert_float_eq(value.as.number, 0.5, 1e-12);
  cr_assert_eq(anima_player_read(f.player, "c.stroke.trim.start", &value),
               ANIMA_OK);
  cr_assert_float_eq(value.as.number, 0, 0);
  /* At 0.8 s: 0.25..1.05, wrapping: 7..22 and 2..3 (the line is open, so
   * the wrapped part is a piece of its own). */
  paint_step(&f, 0.3);
  const double wrapped[] = {7, 12, 22, 12, 2, 12, 3, 12};
  expect_pieces(wrapped, 2);
}

Test(effects, trim_start_past_one_is_clamped_by_its_range) {
  /* The property's range is 0..1 (clamped after resolve, SPEC §7.4): a
   * key of 1.5 for start reads 1, and end 1 − 1 = 0 draws nothing. */
  load(LINE, ", 'trim': {'start': 0}",
       "{'c.stroke.trim.start': [[0, 1.5], [1, 1.5]]}", NULL, 0);
  cr_assert_eq(stroked()->count, 0);
}

/* ---- the chapter's cubic subdivision ----------------------------------- */

/* A line (2, 20) → (12, 20), then a cubic arch (12, 20) (12, 0) (22, 0)
 * (22, 20): vertex 1 is detached with outgoing (0, −20), vertex 2 detached
 * with incoming (0, −20). */
#define LINE_AND_ARCH                                                          \
  "'vertices': [{'point': [2, 20], 'kind': 'straight'},"                       \
  " {'point': [12, 20], 'kind': 'detached', 'outgoing': [0, -20]},"            \
  " {'point': [22, 20], 'kind': 'detached', 'incoming': [0, -20]}]"

Test(effects, cubic_lengths_use_the_subdivision_rule) {
  /* The arch's length, integrated independently (Simpson's rule on
   * |B'(t)| over 200 000 steps, and a 100 000-chord polyline, which
   * agree to 1e-9): 33.582469. Total 43.582469; trim end 0.5 cuts at
   * 21.791235, 11.791235 into the arch, at t = 0.26202, the point
   * (13.69986, 8.39807). The chapter's flattening (polygon − chord ≤
   * 0.0001) measures within 0.0001 per piece: the end lies within 0.01 of
   * that point. A chord-only measure (arch 10, total 20) would cut at
   * (12, 20), where the arch starts; the control polygon's length (50,
   * total 60) at 20 into the arch, past its middle (17, 5). */
  load(LINE_AND_ARCH, ", 'trim': {'end': 0.5}", NULL, NULL, 0);
  const anima_path *path = stroked();
  const anima_segment *last = &path->segments[path->count - 1];
  cr_assert_eq(last->kind, ANIMA_SEGMENT_LINE);
  cr_assert_float_eq(last->points[0].x, 13.69986, 0.01, "end x %g",
                     last->points[0].x);
  cr_assert_float_eq(last->points[0].y, 8.39807, 0.01, "end y %g",
                     last->points[0].y);
  paint_assert_point(path->segments[0].points[0], 2, 20, 1e-9);
}

/* ---- effect stacks ------------------------------------------------------ */

Test(effects, dashes_keep_the_even_entries) {
  /* dash [4, 4] on the line's 20: lengths 0..4, 8..12, 16..20: x 2..6,
   * 10..14, 18..22. */
  load(LINE, ", 'effects': [{'type': 'dash', 'dash': [4, 4]}]", NULL, NULL, 0);
  const double pieces[] = {2, 12, 6, 12, 10, 12, 14, 12, 18, 12, 22, 12};
  expect_pieces(pieces, 3);
}

Test(effects, odd_dash_arrays_repeat_twice_and_offsets_advance) {
  /* dash [3] repeats as [3, 3]; offset 1 advances one unit into the
   * first dash: lengths 0..2, 5..8, 11..14, 17..20: x 2..4, 7..10,
   * 13..16, 19..22. */
  load(LINE, ", 'effects': [{'type': 'dash', 'dash': [3], 'offset': 1}]", NULL,
       NULL, 0);
  const double pieces[] = {2,  12, 4,  12, 7,  12, 10, 12,
                           13, 12, 16, 12, 19, 12, 22, 12};
  expect_pieces(pieces, 4);
}

Test(effects, sequential_trim_after_a_dash_measures_the_fragments_as_one) {
  /* dash [4, 4]: fragments x 2..6, 10..14, 18..22 (4 each, 12 in all).
   * Sequential trim 0..0.5 keeps 6 of those 12 in order: all of the first
   * (2..6) and 2 of the second (10..12). */
  load(LINE,
       ", 'effects': [{'type': 'dash', 'dash': [4, 4]},"
       " {'type': 'trim', 'end': 0.5}]",
       NULL, NULL, 0);
  const double pieces[] = {2, 12, 6, 12, 10, 12, 12, 12};
  expect_pieces(pieces, 2);
}

Test(effects, synchronized_trim_after_a_dash_trims_each_fragment) {
  /* The same fragments, each trimmed to its first half: 2..4, 10..12,
   * 18..20. */
  load(LINE,
       ", 'effects': [{'type': 'dash', 'dash': [4, 4]},"
       " {'type': 'trim', 'end': 0.5, 'mode': 'synchronized'}]",
       NULL, NULL, 0);
  const double pieces[] = {2, 12, 4, 12, 10, 12, 12, 12, 18, 12, 20, 12};
  expect_pieces(pieces, 3);
}

Test(effects, dash_after_trim_restarts_at_the_trimmed_fragment) {
  /* trim 0.25..0.75 leaves x 7..17 (10 long); dash [4, 2] then restarts
   * there: 7..11, 13..17. Trimming after the dash instead would measure
   * the dashes of the whole line. */
  load(LINE,
       ", 'effects': [{'type': 'trim', 'start': 0.25, 'end': 0.75},"
       " {'type': 'dash', 'dash': [4, 2]}]",
       NULL, NULL, 0);
  const double pieces[] = {7, 12, 11, 12, 13, 12, 17, 12};
  expect_pieces(pieces, 2);
}

Test(effects, shared_stacks_expand_by_name_from_each_nodes_geometry) {
  /* "dashes" is [dash [4, 4]], named by the stack of c (then a trim
   * keeping the first half sequentially: x 2..6 and 10..12, as above). */
  load(LINE, ", 'effects': ['dashes', {'type': 'trim', 'end': 0.5}]", NULL,
       ", 'effects': {'dashes': [{'type': 'dash', 'dash': [4, 4]}]}", 0);
  const double pieces[] = {2, 12, 6, 12, 10, 12, 12, 12};
  expect_pieces(pieces, 2);
}

Test(effects, effects_leave_the_fill_and_the_hit_outline) {
  /* The square filled and dashed with [4, 76]: only the top edge's x 2..6
   * is stroked. The fill keeps the whole square (its layer fills the
   * outline: move, three lines, close), and a pointer at (12, 1.8) —
   * outside the fill, 0.2 from the top edge (within the stroke's half
   * width 0.5), in the dash's gap — still hits the node: hit testing keeps
   * the outline. */
  char nodes[2048];
  snprintf(nodes, sizeof nodes,
           "[{'id': 'c', 'type': 'contour', %s, 'fill': {'color': '#ff0000'},"
           " 'stroke': {'color': '#000000', 'width': 1,"
           " 'effects': [{'type': 'dash', 'dash': [4, 76]}]}}]",
           SQUARE);
  paint_load(&f, paint_document(&f, "['contour']", nodes, NULL, NULL));
  paint_step(&f, 0);
  const anima_draw_shape *shape = paint_shape(&f, 0);
  cr_assert_eq(shape->outline->count, 5);
  const anima_draw_layer *fill = &f.frame->layers[shape->first_layer];
  cr_assert_eq(fill->kind, ANIMA_LAYER_FILL);
  cr_assert_null(fill->fill_path);
  long node = -2;
  cr_assert_eq(anima_player_hit_node(f.player, 12, 1.8, &node), ANIMA_OK);
  cr_assert_eq(node, 0);
  const double pieces[] = {2, 2, 6, 2};
  expect_pieces(pieces, 1);
}

Test(effects, stepping_and_drawing_allocate_nothing) {
  /* An animated trim end rebuilt every frame into the frame's storage. */
  allocations_install();
  load(LINE_AND_ARCH, ", 'trim': {'mode': 'synchronized'}",
       "{'c.stroke.trim.end': [[0, 0], [1, 1]]}", NULL, 0);
  anima_step_result result;
  allocations_begin();
  for (int i = 0; i < 30; i++) {
    anima_player_step(f.player, 1.0 / 30, &result);
    anima_draw_frame_build(f.frame, f.player);
  }
  long made = allocations_end();
  cr_assert_eq(made, 0, "%ld allocations", made);
  cr_assert_gt(stroked()->count, 2);
}

/* ---- diagnostics: one minimal invalid document each -------------------- */

/* Validates contour `c` (the line) with stroke members `stroke` and root
 * members `extra`; returns the diagnostic count. */
static size_t check(const char *stroke, const char *extra) {
  char nodes[2048];
  snprintf(nodes, sizeof nodes,
           "[{'id': 'c', 'type': 'contour', %s,"
           " 'stroke': {'color': '#000000'%s}}]",
           LINE, stroke);
  return paint_validate(&f,
                        paint_document(&f, "['contour']", nodes, NULL, extra));
}

Test(effects, an_unknown_stack_name_is_unknown_source_at_its_index) {
  cr_assert_eq(
      check(", 'effects': [{'type': 'dash', 'dash': [1, 1]}, 'dots']",
            ", 'effects': {'dotz': [{'type': 'dash', 'dash': [1, 1]}]}"),
      1);
  const anima_diagnostic *d =
      paint_expect(&f, 0, "unknown-source", "/nodes/0/stroke/effects/1");
  cr_assert_eq(d->severity, ANIMA_SEVERITY_ERROR);
  cr_assert_str_eq(d->hint, "did you mean \"dotz\"?");
  /* Without any shared stacks the hint says where to declare it. */
  cr_assert_eq(check(", 'effects': ['dots']", NULL), 1);
  d = paint_expect(&f, 0, "unknown-source", "/nodes/0/stroke/effects/0");
  cr_assert_str_eq(d->hint, "declare \"dots\" in the document's \"effects\"");
}

Test(effects, two_ways_of_changing_the_geometry_are_a_paint_conflict) {
  const char *hint = "move all operations into one \"effects\" stack";
  cr_assert_eq(
      check(", 'effects': [{'type': 'trim'}], 'trim': {'end': 1}", NULL), 1);
  const anima_diagnostic *d =
      paint_expect(&f, 0, "paint-conflict", "/nodes/0/stroke/effects");
  cr_assert_eq(d->severity, ANIMA_SEVERITY_ERROR);
  cr_assert_str_eq(d->hint, hint);
  /* The legacy dash is the paint module's (declared here). */
  paint_load_module(&f, "paint");
  char nodes[1024];
  snprintf(nodes, sizeof nodes,
           "[{'id': 'c', 'type': 'contour', %s, 'stroke': {'color': '#000000',"
           " 'effects': [{'type': 'trim'}], 'dash': [1, 1]}}]",
           LINE);
  cr_assert_eq(paint_validate(&f, paint_document(&f, "['contour', 'paint']",
                                                 nodes, NULL, NULL)),
               1);
  paint_expect(&f, 0, "paint-conflict", "/nodes/0/stroke/effects");
  cr_assert_eq(check(", 'trim': {'end': 0.5}, 'trimEnd': 0.5", NULL), 1);
  d = paint_expect(&f, 0, "paint-conflict", "/nodes/0/stroke/trim");
  cr_assert_str_eq(d->hint, hint);
  /* The legacy keys alone stay as they were. */
  cr_assert_eq(check(", 'trimEnd': 0.5, 'trimStart': 0.1", NULL), 0);
}

Test(effects, a_dash_without_positive_length_is_bad_value) {
  cr_assert_eq(check(", 'effects': [{'type': 'dash', 'dash': [0, 0]}]", NULL),
               1);
  const anima_diagnostic *d =
      paint_expect(&f, 0, "bad-value", "/nodes/0/stroke/effects/0/dash");
  cr_assert_eq(d->severity, ANIMA_SEVERITY_ERROR);
  cr_assert_str_eq(d->hint, "make at least one entry positive, such as [4, 2]");
  cr_assert_eq(check(", 'effects': [{'type': 'dash', 'dash': [2, -1]}]", NULL),
               1);
  paint_expect(&f, 0, "bad-value", "/nodes/0/stroke/effects/0/dash/1");
}

Test(effects, a_field_of_the_other_effect_kind_is_bad_value) {
  cr_assert_eq(check(", 'effects': [{'type': 'dash', 'dash': [1, 1],"
                     " 'mode': 'sequential'}]",
                     NULL),
               1);
  const anima_diagnostic *d =
      paint_expect(&f, 0, "bad-value", "/nodes/0/stroke/effects/0/mode");
  cr_assert_str_eq(d->hint,
                   "remove \"mode\", or add a separate {\"type\": \"trim\"} "
                   "effect");
  cr_assert_eq(check(", 'effects': [{'type': 'trim', 'dash': [1]}]", NULL), 1);
  paint_expect(&f, 0, "bad-value", "/nodes/0/stroke/effects/0/dash");
}

Test(effects, malformed_effects_keep_their_structural_codes) {
  cr_assert_eq(check(", 'effects': [{'type': 'wave'}]", NULL), 1);
  paint_expect(&f, 0, "bad-value", "/nodes/0/stroke/effects/0/type");
  cr_assert_eq(check(", 'effects': [{'dash': [1]}]", NULL), 1);
  paint_expect(&f, 0, "missing-key", "/nodes/0/stroke/effects/0");
  cr_assert_eq(check(", 'effects': [{'type': 'trim', 'ends': 1}]", NULL), 1);
  const anima_diagnostic *d =
      paint_expect(&f, 0, "unknown-key", "/nodes/0/stroke/effects/0/ends");
  cr_assert_str_eq(d->hint, "did you mean \"end\"?");
  cr_assert_eq(check(", 'effects': [{'type': 'trim', 'end': 2}]", NULL), 1);
  paint_expect(&f, 0, "bad-value", "/nodes/0/stroke/effects/0/end");
  cr_assert_eq(check(", 'effects': {'type': 'trim'}", NULL), 1);
  paint_expect(&f, 0, "type", "/nodes/0/stroke/effects");
  cr_assert_eq(check(", 'trim': {'start': 1.5}", NULL), 1);
  paint_expect(&f, 0, "bad-value", "/nodes/0/stroke/trim/start");
  cr_assert_eq(check(", 'trim': {'mode': 'both'}", NULL), 1);
  paint_expect(&f, 0, "bad-value", "/nodes/0/stroke/trim/mode");
}

Test(effects, shared_stacks_cannot_name_stacks) {
  cr_assert_eq(check(", 'effects': ['a']",
                     ", 'effects': {'a': ['b'], 'b': [{'type': 'trim'}]}"),
               1);
  paint_expect(&f, 0, "bad-value", "/effects/a/0");
  /* A name with "/" is escaped in the pointer (RFC 6901). */
  cr_assert_eq(check("", ", 'effects': {'a/b': [{'type': 'x'}]}"), 1);
  paint_expect(&f, 0, "bad-value", "/effects/a~1b/0/type");
}

Test(effects, trims_and_effects_need_the_contour_feature) {
  /* On any stroke (tests/test_contour_strokes.c), but a document that does
   * not declare contour: undeclared-feature. */
  cr_assert_eq(
      paint_validate(&f, paint_document(&f, NULL,
                                        "[{'id': 'o', 'type': 'circle', 'r': 4,"
                                        " 'center': [12, 12],"
                                        " 'stroke': {'color': '#000000',"
                                        " 'effects': []}}]",
                                        NULL, NULL)),
      1);
  paint_expect(&f, 0, "undeclared-feature", "/nodes/0/stroke/effects");
}

/* ---- the path-complexity budget ---------------------------------------- */

/* `count` straight vertices along y = 2, closed: the path is a move,
 * count − 1 lines, the closing line as the close: count + 1 segments. */
static void append_contour(char *out, size_t size, const char *id,
                           size_t count) {
  size_t length = strlen(out);
  length += (size_t)snprintf(out + length, size - length,
                             "%s{'id': '%s', 'type': 'contour', 'closed': true,"
                             " 'fill': {'color': '#000000'},"
                             " 'vertices': [",
                             length > 1 ? ", " : "", id);
  for (size_t i = 0; i < count; i++) {
    length += (size_t)snprintf(out + length, size - length,
                               "%s{'point': [%zu, %zu], 'kind': 'straight'}",
                               i ? ", " : "", i % 20, i / 20);
  }
  snprintf(out + length, size - length, "]}");
}

/* `text` with its single quotes made double, in place. */
static const char *quoted(char *text) {
  for (char *c = text; *c; c++) {
    *c = *c == '\'' ? '"' : *c;
  }
  return text;
}

Test(effects, contour_segments_count_in_the_document_budget) {
  /* 2 047 vertices: 2 048 segments; two such contours 4 096, the budget
   * exactly; a third contour of 2 vertices (3 segments) crosses it:
   * limit-exceeded at that node. */
  static char nodes[400000];
  strcpy(nodes, "[");
  append_contour(nodes, sizeof nodes, "a", 2047);
  append_contour(nodes, sizeof nodes, "b", 2047);
  strcat(nodes, "]");
  char *document = malloc(sizeof nodes + 512);
  snprintf(document, sizeof nodes + 512,
           "{'anima': '0.1', 'name': 'budget', 'grid': 24, 'viewBox': [0, 0,"
           " 24, 24], 'requires': ['contour'], 'nodes': %s}",
           nodes);
  size_t count = paint_validate(&f, quoted(document));
  const anima_diagnostic *first = anima_diagnostics_get(f.diagnostics, 0);
  cr_assert_eq(count, 0, "%s at %s: %s", first->code, first->pointer,
               first->message);
  nodes[strlen(nodes) - 1] = '\0';
  append_contour(nodes, sizeof nodes, "c", 2);
  strcat(nodes, "]");
  snprintf(document, sizeof nodes + 512,
           "{'anima': '0.1', 'name': 'budget', 'grid': 24, 'viewBox': [0, 0,"
           " 24, 24], 'requires': ['contour'], 'nodes': %s}",
           nodes);
  cr_assert_eq(paint_validate(&f, quoted(document)), 1);
  paint_expect(&f, 0, "limit-exceeded", "/nodes/2");
  free(document);
}

/* ---- limits -------------------------------------------------------------- */

/* Loads contour `c` (the line) with stroke members `stroke`: it must fail
 * with `code` at `pointer`. */
static void expect_load_error(const char *stroke, const char *code,
                              const char *pointer) {
  char nodes[2048];
  snprintf(nodes, sizeof nodes,
           "[{'id': 'c', 'type': 'contour', %s,"
           " 'stroke': {'color': '#000000'%s}}]",
           LINE, stroke);
  const char *json = paint_document(&f, "['contour']", nodes, NULL, NULL);
  anima_diagnostics_clear(f.diagnostics);
  anima_model *model = NULL;
  cr_assert_neq(
      anima_model_load(f.runtime, json, strlen(json), f.diagnostics, &model),
      ANIMA_OK);
  cr_assert_null(model);
  paint_expect(&f, 0, code, pointer);
}

Test(effects, dashes_finer_than_the_limits_fail_to_load) {
  /* dash [0.0001, 0.0001] on the line's 20: 100 000 dashes, 200 000
   * points, beyond 65 536. */
  expect_load_error(", 'effects': [{'type': 'dash', 'dash': [0.0001, 0.0001]}]",
                    "limit-exceeded", "/nodes/0/stroke/effects");
  /* Empty dashes between gaps of 0.00001: nothing drawn, but 2 000 000
   * pattern entries to walk, beyond 4 · 65 536: refused, not walked. */
  expect_load_error(", 'effects': [{'type': 'dash', 'dash': [0, 0.00001]}]",
                    "limit-exceeded", "/nodes/0/stroke/effects");
}

Test(effects, a_stroke_applies_at_most_32_effects) {
  /* A shared stack of 20 trims named twice: 40 effects. */
  char stack[2048] = ", 'effects': {'many': [";
  for (int i = 0; i < 20; i++) {
    strcat(stack, i ? ", {'type': 'trim'}" : "{'type': 'trim'}");
  }
  strcat(stack, "]}");
  cr_assert_eq(check(", 'effects': ['many', 'many']", stack), 1);
  paint_expect(&f, 0, "limit-exceeded", "/nodes/0/stroke/effects");
  cr_assert_eq(check(", 'effects': ['many']", stack), 0);
}
