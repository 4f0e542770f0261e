/*
 * test_contour_strokes.c — `stroke.trim` and `stroke.effects` on every
 * stroked node, not only contours (SPEC contour chapter, "Sequential and
 * synchronized trim; ordered/shared effects": sequential trim measures the
 * concatenation of all subpath lengths in authored order, synchronized
 * trim applies the same fractions to each subpath): multi-subpath path
 * nodes, rects and circles whose outlines change with values, ordered
 * `paints` entries, a contour whose stroke composite lowers, the limit of
 * outlines rebuilt every frame, zero allocations, and the diagnostics.
 * The stroke geometry is read back from the draw frame (draw.h
 * anima_draw_stroke.path); every expected value is derived by hand next
 * to its case.
 */
#include "test_allocations.h"
#include "test_paint_fixture.h"

static paint_fixture f;

static void setup(void) {
  f = (paint_fixture){0};
  f.runtime = anima_runtime_create();
  f.diagnostics = anima_diagnostics_create();
  paint_load_module(&f, "corners");
  paint_load_module(&f, "paint");
  paint_load_module(&f, "composite");
  paint_load_module(&f, "contour");
}

static void teardown(void) {
  paint_release(&f);
}

TestSuite(strokes, .init = setup, .fini = teardown);

#define REQUIRES "['contour', 'composite']"

/* Loads `nodes` (and `tracks`, or NULL), steps `dt`. */
static void load(const char *nodes, const char *tracks, double dt) {
  paint_load(&f, paint_document(&f, REQUIRES, nodes, tracks, NULL));
  paint_step(&f, dt);
}

/* The stroke geometry of node `node`'s first stroke layer. */
static const anima_path *stroked(size_t node) {
  const anima_draw_stroke *stroke = paint_stroke(&f, node);
  cr_assert_not_null(stroke->path, "the stroke has no geometry of its own");
  cr_assert_eq(stroke->dash_count, 0);
  return stroke->path;
}

/* Asserts node `node`'s stroke geometry is exactly `count` pieces of lines,
 * each a move to (x0, y0) then lines ending at (x1, y1), given as
 * {x0, y0, x1, y1} quadruples. */
static void expect_pieces(size_t node, const double *pieces, size_t count) {
  const anima_path *path = stroked(node);
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

/* A path node of two open subpaths: (2, 4) → (12, 4), 10 long, then
 * (2, 8) → (22, 8), 20 long; 30 in all, with stroke members `stroke`. */
static const char *two_lines(const char *stroke) {
  static char nodes[1024];
  snprintf(nodes, sizeof nodes,
           "[{'id': 'p', 'type': 'path', 'd': 'M2 4 L12 4 M2 8 L22 8',"
           " 'stroke': {'color': '#000000', 'width': 1%s}}]",
           stroke);
  return nodes;
}

/* ---- path nodes of several subpaths ------------------------------------ */

Test(strokes, sequential_trim_runs_over_the_subpaths_in_order) {
  /* end 0.5 of 30 = 15: all of the first subpath (10), then 5 of the
   * second: x 2..7 on y 8. */
  load(two_lines(", 'trim': {'end': 0.5}"), NULL, 0);
  const double pieces[] = {2, 4, 12, 4, 2, 8, 7, 8};
  expect_pieces(0, pieces, 2);
}

Test(strokes, synchronized_trim_takes_the_fractions_of_each_subpath) {
  /* end 0.5 of each: 5 of the first (x 2..7 on y 4), 10 of the second
   * (x 2..12 on y 8). */
  load(two_lines(", 'trim': {'end': 0.5, 'mode': 'synchronized'}"), NULL, 0);
  const double pieces[] = {2, 4, 7, 4, 2, 8, 12, 8};
  expect_pieces(0, pieces, 2);
}

Test(strokes, a_sequential_offset_moves_the_span_along_the_whole_length) {
  /* start 0, end 0.25, offset 0.5: lengths 15 .. 22.5 of 30, both in the
   * second subpath (which starts at 10): 5 .. 12.5 along it, x 7 .. 14.5. */
  load(two_lines(", 'trim': {'end': 0.25, 'offset': 0.5}"), NULL, 0);
  const double pieces[] = {7, 8, 14.5, 8};
  expect_pieces(0, pieces, 1);
}

Test(strokes, a_span_wrapping_at_one_over_several_subpaths_is_two_pieces) {
  /* start 0, end 0.5, offset 0.75: from 22.5 to 37.5, wrapping at 30: the
   * end of the second subpath (12.5 .. 20 along it, x 14.5 .. 22 on y 8),
   * then the start of the first (0 .. 7.5, x 2 .. 9.5 on y 4): the ends
   * of two different subpaths are not joined (docs/DECISIONS.md). */
  load(two_lines(", 'trim': {'end': 0.5, 'offset': 0.75}"), NULL, 0);
  const double pieces[] = {14.5, 8, 22, 8, 2, 4, 9.5, 4};
  expect_pieces(0, pieces, 2);
}

Test(strokes, a_closed_subpath_counts_its_closing_edge) {
  /* The rectangle (2, 2) → (8, 2) → (8, 6) → (2, 6), closed: 6 + 4 + 6 +
   * the closing edge 4 = 20; then the open line (12, 2) → (22, 2): 10.
   * end 0.7 of 30 = 21: the whole rectangle (20, its close included),
   * then 1 of the line: x 12 .. 13. Without the closing edge the
   * rectangle would be 16 and the cut at x 17. A closed subpath kept
   * whole stays closed (joined at its start, no caps). */
  load("[{'id': 'p', 'type': 'path',"
       " 'd': 'M2 2 L8 2 L8 6 L2 6 Z M12 2 L22 2',"
       " 'stroke': {'color': '#000000', 'trim': {'end': 0.7}}}]",
       NULL, 0);
  const double pieces[] = {2, 2, 2, 2, 12, 2, 13, 2};
  expect_pieces(0, pieces, 2);
  /* The rectangle is copied whole: move, three lines, close. */
  const anima_path *path = stroked(0);
  paint_assert_point(path->segments[3].points[0], 2, 6, 1e-9);
  cr_assert_eq(path->segments[4].kind, ANIMA_SEGMENT_CLOSE);
}

Test(strokes, effects_on_a_path_node_dash_each_subpath) {
  /* dash [4, 4] restarting at each subpath: x 2..6, 10..12 (the first
   * subpath ends at 12), then x 2..6, 10..14, 18..22 on y 8; then a
   * synchronized trim end 0.5 of each fragment: 2..4, 10..11, 2..4,
   * 10..12, 18..20. */
  load(two_lines(", 'effects': [{'type': 'dash', 'dash': [4, 4]},"
                 " {'type': 'trim', 'end': 0.5, 'mode': 'synchronized'}]"),
       NULL, 0);
  const double pieces[] = {2, 4, 4,  4, 10, 4, 11, 4, 2,  8,
                           4, 8, 10, 8, 12, 8, 18, 8, 20, 8};
  expect_pieces(0, pieces, 5);
}

/* ---- outlines rebuilt every frame -------------------------------------- */

Test(strokes, a_rect_trim_follows_its_animated_size) {
  /* The rect (2, 2), w 20 → 40 over 1 s, h 10, starts at (2, 2) going
   * right. At 0.5 s w = 30: perimeter 2·(30 + 10) = 80; end 0.5 = 40: the
   * top edge (30) to (32, 2), then the right edge (10) to (32, 12). */
  load("[{'id': 'r', 'type': 'rect', 'x0': 2, 'y0': 2, 'w': 20, 'h': 10,"
       " 'stroke': {'color': '#000000', 'trim': {'end': 0.5}}}]",
       "{'r.w': [[0, 20], [1, 40]]}", 0.5);
  const double pieces[] = {2, 2, 32, 12};
  expect_pieces(0, pieces, 1);
  const anima_path *path = stroked(0);
  cr_assert_eq(path->count, 3);
  paint_assert_point(path->segments[1].points[0], 32, 2, 1e-9);
  /* At 0.75 s, w = 35: 90 long, 45 kept: (37, 2), then (37, 12). */
  paint_step(&f, 0.25);
  paint_assert_point(stroked(0)->segments[1].points[0], 37, 2, 1e-9);
  paint_assert_point(stroked(0)->segments[2].points[0], 37, 12, 1e-9);
}

Test(strokes, a_rect_trims_animated_end_is_read_every_frame) {
  /* The rect (2, 2), 20 × 10 (60 long), r.stroke.trim.end 0 → 1 over
   * 1 s: at 0.25 s, 15 of the top edge: (17, 2). */
  load("[{'id': 'r', 'type': 'rect', 'x0': 2, 'y0': 2, 'w': 20, 'h': 10,"
       " 'stroke': {'color': '#000000', 'trim': {'end': 0}}}]",
       "{'r.stroke.trim.end': [[0, 0], [1, 1]]}", 0.25);
  const double pieces[] = {2, 2, 17, 2};
  expect_pieces(0, pieces, 1);
}

Test(strokes, a_circle_trim_measures_its_flattened_quarters) {
  /* The circle at (12, 12), r 5, starts at (17, 12) and its first cubic
   * runs clockwise (y down) to (12, 17); its four cubics are congruent,
   * so their flattened lengths are equal and end 0.25 ends exactly at
   * (12, 17). A full span keeps the circle's own cubics. */
  load("[{'id': 'o', 'type': 'circle', 'center': [12, 12], 'r': 5,"
       " 'stroke': {'color': '#000000', 'trim': {'end': 0.25}}}]",
       NULL, 0);
  const double pieces[] = {17, 12, 12, 17};
  expect_pieces(0, pieces, 1);
  /* Its points lie on the first cubic, within the cubic's own distance
   * from the circle (at most 0.027 % of r, 0.00135 for r 5). */
  const anima_path *path = stroked(0);
  cr_assert_gt(path->count, 8, "the quarter is flattened into lines");
  for (size_t i = 0; i < path->count; i++) {
    anima_point p = path->segments[i].points[0];
    cr_assert_float_eq(hypot(p.x - 12, p.y - 12), 5, 0.0014);
    cr_assert(p.x >= 12 - 1e-9 && p.y >= 12 - 1e-9, "in the first quarter");
  }
  load("[{'id': 'o', 'type': 'circle', 'center': [12, 12], 'r': 5,"
       " 'stroke': {'color': '#000000', 'trim': {'end': 1}}}]",
       NULL, 0);
  cr_assert_eq(stroked(0)->count, 6); /* move, 4 cubics, close */
  cr_assert_eq(stroked(0)->segments[1].kind, ANIMA_SEGMENT_CUBIC);
}

Test(strokes, a_module_node_types_outline_is_trimmed_too) {
  /* paint's polygon, 4 sides, centre (12, 12), radius 10 → 20 over 1 s:
   * at 0.5 s radius 15, vertices from the top clockwise (12, −3),
   * (27, 12), (12, 27), (−3, 12), four equal sides; end 0.5 keeps two:
   * (12, −3) → (27, 12) → (12, 27). */
  paint_load(&f, paint_document(
                     &f, "['contour', 'paint']",
                     "[{'id': 'g', 'type': 'polygon', 'cx': 12, 'cy': 12,"
                     " 'sides': 4, 'radius': 10,"
                     " 'stroke': {'color': '#000000', 'trim': {'end': 0.5}}}]",
                     "{'g.radius': [[0, 10], [1, 20]]}", NULL));
  paint_step(&f, 0.5);
  const double pieces[] = {12, -3, 12, 27};
  expect_pieces(0, pieces, 1);
  paint_assert_point(stroked(0)->segments[1].points[0], 27, 12, 1e-9);
}

/* ---- ordered paints and lowered strokes -------------------------------- */

Test(strokes, an_ordered_paints_entry_takes_its_own_trim) {
  /* A rect (2, 2) 20 × 10 with a fill entry and a stroke entry trimmed to
   * end 0.5 of 60 = 30: (2, 2) → (22, 2) → (22, 12); its address is
   * r.paints.1.stroke.trim.end. */
  load("[{'id': 'r', 'type': 'rect', 'x0': 2, 'y0': 2, 'w': 20, 'h': 10,"
       " 'paints': [{'fill': {'color': '#ff0000'}},"
       " {'stroke': {'color': '#000000', 'trim': {'end': 0}}}]}]",
       "{'r.paints.1.stroke.trim.end': [[0, 0], [1, 1]]}", 0.5);
  const double pieces[] = {2, 2, 22, 12};
  expect_pieces(0, pieces, 1);
  cr_assert_eq(stroked(0)->count, 3);
}

Test(strokes, an_ordered_paints_entry_of_a_path_applies_its_stack) {
  /* The path's second subpath only in range after a dash [4, 4] per
   * subpath and a sequential trim start 0.5: the fragments are 4 + 2 (the
   * first subpath) + 4 + 4 + 4 (the second) = 18 long; 9 .. 18 begins 3
   * into the third fragment (6 .. 10, x 2..6 on y 8): x 5..6, then 10..14
   * and 18..22. */
  load("[{'id': 'p', 'type': 'path', 'd': 'M2 4 L12 4 M2 8 L22 8',"
       " 'paints': [{'stroke': {'color': '#000000',"
       " 'effects': [{'type': 'dash', 'dash': [4, 4]},"
       " {'type': 'trim', 'start': 0.5}]}}]}]",
       NULL, 0);
  const double pieces[] = {5, 8, 6, 8, 10, 8, 14, 8, 18, 8, 22, 8};
  expect_pieces(0, pieces, 3);
}

Test(strokes, a_lowered_own_stroke_keeps_its_trim) {
  /* A contour line (2, 12) → (22, 12) with a trim end 0.5 (x 2..12) and
   * stroke.position "inside", which composite lowers into an ordered
   * paints entry after the contour compiled: the entry still strokes the
   * trimmed geometry (module.h anima_stroke_path_desc `ordered`). */
  load("[{'id': 'c', 'type': 'contour', 'closed': true,"
       " 'vertices': [{'point': [2, 12], 'kind': 'straight'},"
       " {'point': [22, 12], 'kind': 'straight'},"
       " {'point': [22, 16], 'kind': 'straight'}],"
       " 'fill': {'color': '#ff0000'},"
       " 'stroke': {'color': '#000000', 'position': 'inside',"
       " 'trim': {'end': 0.25}}}]",
       NULL, 0);
  /* The triangle (2, 12), (22, 12), (22, 16): 20 + 4 + √(400 + 16) =
   * 44.396; a quarter is 11.099, all on the first edge: x 13.099. */
  double quarter = (24 + sqrt(416)) / 4;
  const double pieces[] = {2, 12, 2 + quarter, 12};
  expect_pieces(0, pieces, 1);
  cr_assert_eq(paint_stroke(&f, 0)->placement, ANIMA_STROKE_INSIDE);
}

/* ---- limits and allocation --------------------------------------------- */

Test(strokes, an_outline_past_the_reserved_points_fails_the_frame) {
  /* A rect 9·10⁵ square with corner radius 4.5·10⁵ is four quarter
   * circles of radius 4.5·10⁵: halving a quarter until polygon − chord ≤
   * 0.0001 needs pieces of angle φ with at least r·φ³/24 ≤ 0.0001 (the
   * arc's excess over its chord; the polygon's is larger), φ ≤ 0.00175:
   * at least 898 pieces per quarter, at least 3 592 points in all, more
   * than the 10 segments × 256 = 2 560 reserved (an independent count of
   * the same halving rule in Python gives 2 048 per quarter): the frame
   * fails to build and names the stroke. With a radius of 10 (44 pieces a
   * quarter by that count) it builds. */
  paint_load(&f, paint_document(
                     &f, REQUIRES,
                     "[{'id': 'r', 'type': 'rect', 'x0': 0, 'y0': 0,"
                     " 'w': 900000, 'h': 900000, 'rx': 450000,"
                     " 'stroke': {'color': '#000000', 'trim': {'end': 0.5}}}]",
                     NULL, NULL));
  anima_step_result result;
  cr_assert_eq(anima_player_step(f.player, 0, &result), ANIMA_OK);
  cr_assert_eq(anima_draw_frame_build(f.frame, f.player),
               ANIMA_ERROR_UNSUPPORTED);
  cr_assert_not_null(strstr(anima_draw_frame_error(f.frame), "/nodes/0/stroke"),
                     "%s", anima_draw_frame_error(f.frame));
  cr_assert_eq(paint_stroke(&f, 0)->path->count, 0);
  load("[{'id': 'r', 'type': 'rect', 'x0': 0, 'y0': 0,"
       " 'w': 20, 'h': 20, 'rx': 10,"
       " 'stroke': {'color': '#000000', 'trim': {'end': 0.5}}}]",
       NULL, 0);
  cr_assert_gt(stroked(0)->count, 8);
}

Test(strokes, stepping_and_drawing_allocate_nothing) {
  /* A rect whose width and trim end animate, a circle whose radius
   * animates with a dash-then-trim stack in an ordered entry, and a
   * static path's synchronized trim, rebuilt every frame. */
  allocations_install();
  load("[{'id': 'r', 'type': 'rect', 'x0': 2, 'y0': 2, 'w': 10, 'h': 4,"
       " 'rx': 1, 'stroke': {'color': '#000000', 'trim': {'end': 0.2}}},"
       " {'id': 'o', 'type': 'circle', 'center': [12, 16], 'r': 3,"
       " 'paints': [{'stroke': {'color': '#000000',"
       " 'effects': [{'type': 'dash', 'dash': [1, 1]},"
       " {'type': 'trim', 'end': 0.5}]}}]},"
       " {'id': 'p', 'type': 'path', 'd': 'M2 20 L8 20 M10 20 L22 20',"
       " 'stroke': {'color': '#000000',"
       " 'trim': {'end': 0.5, 'mode': 'synchronized'}}}]",
       "{'r.w': [[0, 10], [1, 20]], 'r.stroke.trim.end': [[0, 0.2], [1, 1]],"
       " 'o.r': [[0, 3], [1, 6]]}",
       0);
  anima_step_result result;
  allocations_begin();
  for (int i = 0; i < 30; i++) {
    anima_player_step(f.player, 1.0 / 30, &result);
    anima_draw_frame_build(f.frame, f.player);
  }
  long made = allocations_end();
  cr_assert_eq(made, 0, "%ld allocations", made);
  cr_assert_gt(stroked(0)->count, 2);
  cr_assert_gt(stroked(1)->count, 2);
}

/* ---- diagnostics ------------------------------------------------------- */

Test(strokes, trims_and_effects_validate_on_every_stroke) {
  /* A circle's own trim, a rect's effect stack and a paints entry's trim
   * are valid documents now: no diagnostics. */
  cr_assert_eq(
      paint_validate(
          &f,
          paint_document(
              &f, REQUIRES,
              "[{'id': 'o', 'type': 'circle', 'r': 4, 'center': [12, 12],"
              " 'stroke': {'color': '#000000', 'trim': {'end': 0.5}}},"
              " {'id': 'r', 'type': 'rect', 'x0': 0, 'y0': 0, 'w': 4, 'h': 4,"
              " 'stroke': {'color': '#000000',"
              " 'effects': [{'type': 'dash', 'dash': [1, 1]}]}},"
              " {'id': 'q', 'type': 'rect', 'x0': 0, 'y0': 0, 'w': 4, 'h': 4,"
              " 'paints': [{'stroke': {'color': '#000000',"
              " 'trim': {'end': 0.5, 'mode': 'synchronized'}}}]}]",
              NULL, NULL)),
      0, "%s", anima_diagnostics_get(f.diagnostics, 0)->message);
}

Test(strokes, a_paints_entry_gets_the_same_diagnostics) {
  /* An unknown stack name in an entry's effects: unknown-source at its
   * index; an entry's trim beside its legacy trimEnd: paint-conflict; a
   * dash of no positive length: bad-value at the entry's dash. */
  cr_assert_eq(
      paint_validate(
          &f,
          paint_document(
              &f, REQUIRES,
              "[{'id': 'r', 'type': 'rect', 'x0': 0, 'y0': 0, 'w': 4, 'h': 4,"
              " 'paints': [{'fill': {'color': '#ff0000'}},"
              " {'stroke': {'color': '#000000', 'effects': ['dotz']}},"
              " {'stroke': {'color': '#000000', 'trimEnd': 0.5,"
              " 'trim': {'end': 0.5}}},"
              " {'stroke': {'color': '#000000',"
              " 'effects': [{'type': 'dash', 'dash': [0, 0]}]}}]}]",
              NULL, ", 'effects': {'dots': []}")),
      3);
  const anima_diagnostic *d = paint_expect(
      &f, 0, "unknown-source", "/nodes/0/paints/1/stroke/effects/0");
  cr_assert_str_eq(d->hint, "did you mean \"dots\"?");
  paint_expect(&f, 1, "paint-conflict", "/nodes/0/paints/2/stroke/trim");
  paint_expect(&f, 2, "bad-value", "/nodes/0/paints/3/stroke/effects/0/dash");
}

Test(strokes, a_path_nodes_stroke_gets_the_contour_diagnostics) {
  /* effects beside trim on a path's own stroke: paint-conflict at
   * effects, as on a contour. */
  cr_assert_eq(
      paint_validate(
          &f, paint_document(&f, REQUIRES,
                             "[{'id': 'p', 'type': 'path', 'd': 'M0 0 L4 0',"
                             " 'stroke': {'color': '#000000',"
                             " 'trim': {'end': 0.5}, 'effects': []}}]",
                             NULL, NULL)),
      1);
  paint_expect(&f, 0, "paint-conflict", "/nodes/0/stroke/effects");
}
