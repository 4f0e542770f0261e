/*
 * test_contour.c — the `contour` module (SPEC contour chapter, "Editable
 * vertex authoring forms and geometry origin"), loaded from the build
 * tree: the path each vertex kind compiles to, the rounded-corner
 * construction on acute, right, obtuse and degenerate corners, the
 * geometry origin, lengths and hit testing from the same path, and the
 * chapter's diagnostics.
 *
 * Every expected coordinate is derived by hand next to its case from the
 * chapter's rules: a rounded corner at P with neighbour vectors u (to the
 * previous neighbour) and v (to the next) cuts back
 * r = min(radius, |u|/2, |v|/2) to A = P + r·u/|u| and B = P + r·v/|v|,
 * θ = atan2(|u×v|, u·v),
 * h = min(1, (4/3)·tan(θ/4)·(θ < π/2 ? 1 + cos θ : 2 − sin θ)),
 * and draws the cubic A → (A + h(P − A), B + h(P − B)) → B.
 */
#include "test_paint_fixture.h"

static paint_fixture f;

static void setup(void) {
  f = (paint_fixture){0};
  f.runtime = anima_runtime_create();
  f.diagnostics = anima_diagnostics_create();
  cr_assert_not_null(f.runtime);
  cr_assert_not_null(f.diagnostics);
  paint_load_module(&f, "contour");
}

static void teardown(void) {
  paint_release(&f);
}

TestSuite(contour, .init = setup, .fini = teardown);

#define EPS 1e-9

/* Loads one contour node (`members`: the JSON after "type": "contour",
 * single quotes) with a black fill, steps 0 and returns its outline. */
static const anima_path *contour_outline(const char *members) {
  char nodes[8192];
  snprintf(nodes, sizeof nodes,
           "[{'id': 'c', 'type': 'contour', %s,"
           " 'fill': {'color': '#000000'}}]",
           members);
  paint_load(&f, paint_document(&f, "['contour']", nodes, NULL, NULL));
  paint_step(&f, 0);
  return paint_outline(&f, 0);
}

static void expect_move(const anima_path *p, size_t i, double x, double y) {
  paint_assert_point(paint_segment(p, i, ANIMA_SEGMENT_MOVE)[0], x, y, EPS);
}

static void expect_line(const anima_path *p, size_t i, double x, double y) {
  paint_assert_point(paint_segment(p, i, ANIMA_SEGMENT_LINE)[0], x, y, EPS);
}

static void expect_cubic(const anima_path *p, size_t i, double x1, double y1,
                         double x2, double y2, double x, double y) {
  const anima_point *points = paint_segment(p, i, ANIMA_SEGMENT_CUBIC);
  paint_assert_point(points[0], x1, y1, EPS);
  paint_assert_point(points[1], x2, y2, EPS);
  paint_assert_point(points[2], x, y, EPS);
}

/* ---- vertex kinds --------------------------------------------------------
 */

Test(contour, straight_vertices_give_lines) {
  /* Three straight vertices, open: M 0 0, L 10 0, L 10 10. */
  const anima_path *p =
      contour_outline("'vertices': [{'point': [0, 0], 'kind': 'straight'},"
                      " {'point': [10, 0], 'kind': 'straight'},"
                      " {'point': [10, 10], 'kind': 'straight'}]");
  cr_assert_eq(p->count, 3);
  expect_move(p, 0, 0, 0);
  expect_line(p, 1, 10, 0);
  expect_line(p, 2, 10, 10);
}

Test(contour, mirrored_handles_are_exact_negatives) {
  /* handle (2, 3) at (10, 0): incoming control (10, 0) − (2, 3) = (8, −3),
   * outgoing (12, 3). The straight neighbours supply their own points as
   * the other controls: C 0 0, 8 −3, 10 0 and C 12 3, 20 0, 20 0. */
  const anima_path *p = contour_outline(
      "'vertices': [{'point': [0, 0], 'kind': 'straight'},"
      " {'point': [10, 0], 'kind': 'mirrored', 'handle': [2, 3]},"
      " {'point': [20, 0], 'kind': 'straight'}]");
  cr_assert_eq(p->count, 3);
  expect_move(p, 0, 0, 0);
  expect_cubic(p, 1, 0, 0, 8, -3, 10, 0);
  expect_cubic(p, 2, 12, 3, 20, 0, 20, 0);
}

Test(contour, asymmetric_incoming_is_a_length_opposite_outgoing) {
  /* outgoing (3, 4) has length 5; incoming (0, 10) counts only by its
   * length 10, laid along −(3, 4)/5: (−6, −8). At (10, 0): incoming
   * control (4, −8), outgoing (13, 4). */
  const anima_path *p = contour_outline(
      "'vertices': [{'point': [0, 0], 'kind': 'straight'},"
      " {'point': [10, 0], 'kind': 'asymmetric', 'outgoing': [3, 4],"
      "  'incoming': [0, 10]},"
      " {'point': [20, 0], 'kind': 'straight'}]");
  expect_cubic(p, 1, 0, 0, 4, -8, 10, 0);
  expect_cubic(p, 2, 13, 4, 20, 0, 20, 0);
}

Test(contour, detached_controls_are_independent) {
  /* incoming (−3, 1) and outgoing (1, 2) at (10, 0): controls (7, 1) and
   * (11, 2). */
  const anima_path *p = contour_outline(
      "'vertices': [{'point': [0, 0], 'kind': 'straight'},"
      " {'point': [10, 0], 'kind': 'detached', 'incoming': [-3, 1],"
      "  'outgoing': [1, 2]},"
      " {'point': [20, 0], 'kind': 'straight'}]");
  expect_cubic(p, 1, 0, 0, 7, 1, 10, 0);
  expect_cubic(p, 2, 11, 2, 20, 0, 20, 0);
}

Test(contour, zero_handles_leave_lines) {
  /* A mirrored vertex without `handle` (default [0, 0]) supplies no
   * handle: both edges stay lines. */
  const anima_path *p =
      contour_outline("'vertices': [{'point': [0, 0], 'kind': 'straight'},"
                      " {'point': [10, 0], 'kind': 'mirrored'},"
                      " {'point': [20, 0], 'kind': 'straight'}]");
  cr_assert_eq(p->count, 3);
  expect_line(p, 1, 10, 0);
  expect_line(p, 2, 20, 0);
}

/* ---- rounded corners ----------------------------------------------------
 */

Test(contour, a_right_corner_rounds_with_the_quarter_circle_constant) {
  /* P = (10, 0), u = (−10, 0), v = (0, 10): r = min(4, 5, 5) = 4,
   * A = (6, 0), B = (10, 4). θ = π/2 is not < π/2: 2 − sin θ = 1, so
   * h = (4/3)·tan(π/8) = (4/3)(√2 − 1) = 0.55228474983079334.
   * Controls: (6 + 4h, 0) = (8.2091389993231734, 0) and
   * (10, 4 − 4h) = (10, 1.7908610006768266). */
  const anima_path *p =
      contour_outline("'vertices': [{'point': [0, 0], 'kind': 'straight'},"
                      " {'point': [10, 0], 'kind': 'rounded', 'radius': 4},"
                      " {'point': [10, 10], 'kind': 'straight'}]");
  cr_assert_eq(p->count, 4);
  expect_move(p, 0, 0, 0);
  expect_line(p, 1, 6, 0);
  double h = 4.0 / 3.0 * (sqrt(2.0) - 1);
  cr_assert_float_eq(h, 0.55228474983079334, 1e-15);
  expect_cubic(p, 2, 8.2091389993231734, 0, 10, 1.7908610006768266, 10, 4);
  expect_line(p, 3, 10, 10);
}

Test(contour, an_acute_corner_uses_one_plus_cos) {
  /* P = (0, 0), previous (10, 0), next (5, 5√3) (length 10 at 60°):
   * u = (10, 0), v = (5, 8.6602540378443865), θ = π/3 < π/2, so
   * h = (4/3)·tan(π/12)·(1 + 1/2) = 2·(2 − √3) = 4 − 2√3
   *   = 0.53589838486224541.
   * r = min(2, 5, 5) = 2: A = (2, 0), B = 2·(1/2, √3/2) = (1, √3).
   * Controls: A + h(P − A) = (2 − 2h, 0) = (0.92820323027550917, 0);
   * B(1 − h) = (0.46410161513775459, 0.80384757729336805). */
  const anima_path *p = contour_outline(
      "'vertices': [{'point': [10, 0], 'kind': 'straight'},"
      " {'point': [0, 0], 'kind': 'rounded', 'radius': 2},"
      " {'point': [5, 8.6602540378443865], 'kind': 'straight'}]");
  cr_assert_eq(p->count, 4);
  expect_line(p, 1, 2, 0);
  expect_cubic(p, 2, 0.92820323027550917, 0, 0.46410161513775459,
               0.80384757729336805, 1, 1.7320508075688772);
  expect_line(p, 3, 5, 8.6602540378443865);
}

Test(contour, an_obtuse_corner_uses_two_minus_sin) {
  /* P = (0, 0), previous (10, 0), next (−5, 5√3) (length 10 at 120°):
   * θ = 2π/3 ≥ π/2, so h = (4/3)·tan(π/6)·(2 − √3/2)
   *   = 8/(3√3) − 2/3 = 0.87293405117233510.
   * r = min(3, 5, 5) = 3: A = (3, 0), B = 3·(−1/2, √3/2)
   *   = (−1.5, 2.5980762113533160).
   * Controls: (3(1 − h), 0) = (0.38119784648299471, 0) and
   * B(1 − h) = (−0.19059892324149735, 0.33012701892219366). */
  const anima_path *p = contour_outline(
      "'vertices': [{'point': [10, 0], 'kind': 'straight'},"
      " {'point': [0, 0], 'kind': 'rounded', 'radius': 3},"
      " {'point': [-5, 8.6602540378443865], 'kind': 'straight'}]");
  expect_line(p, 1, 3, 0);
  expect_cubic(p, 2, 0.38119784648299471, 0, -0.19059892324149735,
               0.33012701892219366, -1.5, 2.5980762113533160);
}

Test(contour, the_cutback_is_limited_to_half_of_each_neighbour) {
  /* u = (−4, 0), v = (0, 4): r = min(10, 2, 2) = 2; A = (2, 0),
   * B = (4, 2); right angle: controls (2 + 2h, 0), (4, 2 − 2h) with
   * h = (4/3)(√2 − 1). */
  const anima_path *p =
      contour_outline("'vertices': [{'point': [0, 0], 'kind': 'straight'},"
                      " {'point': [4, 0], 'kind': 'rounded', 'radius': 10},"
                      " {'point': [4, 4], 'kind': 'straight'}]");
  double h = 4.0 / 3.0 * (sqrt(2.0) - 1);
  expect_line(p, 1, 2, 0);
  expect_cubic(p, 2, 2 + 2 * h, 0, 4, 2 - 2 * h, 4, 2);
}

Test(contour, degenerate_corners) {
  /* A zero-length neighbour vector (the next vertex repeats the point)
   * collapses the rounding: a sharp corner, lines only. */
  const anima_path *p =
      contour_outline("'vertices': [{'point': [0, 0], 'kind': 'straight'},"
                      " {'point': [10, 0], 'kind': 'rounded', 'radius': 4},"
                      " {'point': [10, 0], 'kind': 'straight'},"
                      " {'point': [10, 10], 'kind': 'straight'}]");
  cr_assert_eq(p->count, 4);
  expect_line(p, 1, 10, 0);
  expect_line(p, 2, 10, 0);
  expect_line(p, 3, 10, 10);

  /* Straight through (θ = π): h = min(1, (4/3)·tan(π/4)·(2 − 0)) = 1, both
   * controls at the point: L 4 0, C 5 0, 5 0, 6 0. */
  p = contour_outline("'vertices': [{'point': [0, 0], 'kind': 'straight'},"
                      " {'point': [5, 0], 'kind': 'rounded', 'radius': 1},"
                      " {'point': [10, 0], 'kind': 'straight'}]");
  expect_line(p, 1, 4, 0);
  expect_cubic(p, 2, 5, 0, 5, 0, 6, 0);

  /* Turning back (θ = 0): h = (4/3)·tan 0·2 = 0, the controls stay at the
   * cuts, which coincide: A = B = (8, 0). */
  p = contour_outline("'vertices': [{'point': [0, 0], 'kind': 'straight'},"
                      " {'point': [10, 0], 'kind': 'rounded', 'radius': 2},"
                      " {'point': [0, 0], 'kind': 'straight'}]");
  expect_line(p, 1, 8, 0);
  expect_cubic(p, 2, 8, 0, 8, 0, 8, 0);
  expect_line(p, 3, 0, 0);

  /* Radius 0 is a sharp corner. */
  p = contour_outline("'vertices': [{'point': [0, 0], 'kind': 'straight'},"
                      " {'point': [10, 0], 'kind': 'rounded'},"
                      " {'point': [10, 10], 'kind': 'straight'}]");
  cr_assert_eq(p->count, 3);
  expect_line(p, 1, 10, 0);
}

Test(contour, open_endpoints_do_not_round) {
  const anima_path *p = contour_outline(
      "'vertices': [{'point': [0, 0], 'kind': 'rounded', 'radius': 3},"
      " {'point': [10, 0], 'kind': 'straight'},"
      " {'point': [10, 10], 'kind': 'rounded', 'radius': 3}]");
  cr_assert_eq(p->count, 3);
  expect_move(p, 0, 0, 0);
  expect_line(p, 1, 10, 0);
  expect_line(p, 2, 10, 10);
}

Test(contour, a_neighbours_cubic_control_directs_the_corner) {
  /* The previous vertex (0, 10) leaves with outgoing (0, −10): its control
   * (0, 0) is what u points to: u = (−10, 0), v = (0, 10) — the right
   * corner of a_right_corner_... again: A = (6, 0), B = (10, 4). The edge
   * into the corner is the cubic (0, 10) → (0, 0), (6, 0) → (6, 0): the
   * rounded vertex supplies no handle, so its control is the cut. */
  const anima_path *p =
      contour_outline("'vertices': [{'point': [0, 10], 'kind': 'detached',"
                      "  'outgoing': [0, -10]},"
                      " {'point': [10, 0], 'kind': 'rounded', 'radius': 4},"
                      " {'point': [10, 10], 'kind': 'straight'}]");
  expect_move(p, 0, 0, 10);
  expect_cubic(p, 1, 0, 0, 6, 0, 6, 0);
  expect_cubic(p, 2, 8.2091389993231734, 0, 10, 1.7908610006768266, 10, 4);
}

/* ---- closed contours and the origin ------------------------------------
 */

Test(contour, a_closed_contour_joins_the_last_vertex_to_the_first) {
  /* The straight closing edge is the close itself: M 0 0, L 10 0, L 0 10,
   * Z. */
  const anima_path *p =
      contour_outline("'closed': true,"
                      " 'vertices': [{'point': [0, 0], 'kind': 'straight'},"
                      " {'point': [10, 0], 'kind': 'straight'},"
                      " {'point': [0, 10], 'kind': 'straight'}]");
  cr_assert_eq(p->count, 4);
  expect_move(p, 0, 0, 0);
  expect_line(p, 2, 0, 10);
  paint_segment(p, 3, ANIMA_SEGMENT_CLOSE);

  /* A closing edge with a handle is a cubic: vertex 0 mirrored (5, 0) has
   * incoming control (−5, 0): C 10 0, −5 0, 0 0, then Z. */
  p = contour_outline(
      "'closed': true,"
      " 'vertices': [{'point': [0, 0], 'kind': 'mirrored', 'handle': [5, 0]},"
      " {'point': [10, 0], 'kind': 'straight'}]");
  cr_assert_eq(p->count, 4);
  expect_cubic(p, 1, 5, 0, 10, 0, 10, 0);
  expect_cubic(p, 2, 10, 0, -5, 0, 0, 0);
  paint_segment(p, 3, ANIMA_SEGMENT_CLOSE);
}

Test(contour, a_closed_contour_rounds_its_first_vertex) {
  /* Square 10 × 10, vertex 0 at (0, 0) rounded 2: previous (0, 10) gives
   * u = (0, 10), next (10, 0) gives v = (10, 0). A = (0, 2), B = (2, 0);
   * right angle: controls (0, 2 − 2h) and (2 − 2h, 0) with 2 − 2h =
   * 0.89543050033841332. The path starts at A, rounds, and the close
   * returns to A: M 0 2, C …, L 10 0, L 10 10, L 0 10, Z. */
  const anima_path *p = contour_outline(
      "'closed': true,"
      " 'vertices': [{'point': [0, 0], 'kind': 'rounded', 'radius': 2},"
      " {'point': [10, 0], 'kind': 'straight'},"
      " {'point': [10, 10], 'kind': 'straight'},"
      " {'point': [0, 10], 'kind': 'straight'}]");
  cr_assert_eq(p->count, 6);
  expect_move(p, 0, 0, 2);
  expect_cubic(p, 1, 0, 0.89543050033841332, 0.89543050033841332, 0, 2, 0);
  expect_line(p, 2, 10, 0);
  expect_line(p, 4, 0, 10);
  paint_segment(p, 5, ANIMA_SEGMENT_CLOSE);
}

Test(contour, the_geometry_origin_is_subtracted_from_points_only) {
  /* Origin (5, 5): points (5, 5) → (0, 0), (15, 5) → (10, 0); the handle
   * (2, 0) is a vector and stays: incoming control (8, 0). */
  const anima_path *p = contour_outline(
      "'geometryOrigin': [5, 5],"
      " 'vertices': [{'point': [5, 5], 'kind': 'straight'},"
      " {'point': [15, 5], 'kind': 'mirrored', 'handle': [2, 0]}]");
  expect_move(p, 0, 0, 0);
  expect_cubic(p, 1, 0, 0, 8, 0, 10, 0);
}

/* ---- one path for lengths, drawing and hits -----------------------------
 */

Test(contour, lengths_come_from_the_path) {
  /* Open L-shape 10 + 10 = 20; a trimEnd makes the frame measure it. */
  char nodes[1024];
  snprintf(nodes, sizeof nodes, "%s",
           "[{'id': 'c', 'type': 'contour',"
           " 'vertices': [{'point': [0, 0], 'kind': 'straight'},"
           " {'point': [10, 0], 'kind': 'straight'},"
           " {'point': [10, 10], 'kind': 'straight'}],"
           " 'stroke': {'color': '#000000', 'width': 1, 'trimEnd': 0.5}}]");
  paint_load(&f, paint_document(&f, "['contour']", nodes, NULL, NULL));
  paint_step(&f, 0);
  cr_assert_float_eq(paint_length(&f, 0), 20, 1e-9);
}

Test(contour, hits_use_the_same_outline_after_the_origin) {
  /* A closed 10 × 10 square authored at (100, 100) with origin (100, 100)
   * sits at (0..10, 0..10) in the node's space; the node moves it by x 2:
   * (7, 5) is inside, (11, 5) inside (x 2 + 9), (13, 5) outside. */
  char nodes[1024];
  snprintf(nodes, sizeof nodes, "%s",
           "[{'id': 'c', 'type': 'contour', 'x': 2, 'closed': true,"
           " 'geometryOrigin': [100, 100],"
           " 'vertices': [{'point': [100, 100], 'kind': 'straight'},"
           " {'point': [110, 100], 'kind': 'straight'},"
           " {'point': [110, 110], 'kind': 'straight'},"
           " {'point': [100, 110], 'kind': 'straight'}],"
           " 'fill': {'color': '#000000'}}]");
  paint_load(&f, paint_document(&f, "['contour']", nodes, NULL, NULL));
  paint_step(&f, 0);
  long hit = -2;
  cr_assert_eq(anima_player_hit_node(f.player, 7, 5, &hit), ANIMA_OK);
  cr_assert_eq(hit, 0);
  cr_assert_eq(anima_player_hit_node(f.player, 11, 5, &hit), ANIMA_OK);
  cr_assert_eq(hit, 0);
  cr_assert_eq(anima_player_hit_node(f.player, 13, 5, &hit), ANIMA_OK);
  cr_assert_eq(hit, -1);
  cr_assert_eq(anima_player_hit_node(f.player, 1, 5, &hit), ANIMA_OK);
  cr_assert_eq(hit, -1);
}

/* ---- diagnostics ---------------------------------------------------------
 */

/* Validates one contour node whose vertices are `vertices` (JSON text). */
static size_t validate_vertices(const char *vertices) {
  char nodes[4096];
  snprintf(nodes, sizeof nodes,
           "[{'id': 'c', 'type': 'contour', 'vertices': %s,"
           " 'fill': {'color': '#000000'}}]",
           vertices);
  return paint_validate(&f,
                        paint_document(&f, "['contour']", nodes, NULL, NULL));
}

Test(contour, a_field_of_another_kind_is_bad_value_at_that_field) {
  cr_assert_eq(validate_vertices("[{'point': [0, 0], 'kind': 'straight'},"
                                 " {'point': [1, 0], 'kind': 'straight',"
                                 "  'radius': 2}]"),
               1);
  const anima_diagnostic *d =
      paint_expect(&f, 0, "bad-value", "/nodes/0/vertices/1/radius");
  cr_assert_not_null(strstr(d->hint, "\"kind\": \"rounded\""), "%s", d->hint);

  cr_assert_eq(validate_vertices("[{'point': [0, 0], 'kind': 'mirrored',"
                                 "  'outgoing': [1, 0]},"
                                 " {'point': [1, 0], 'kind': 'straight'}]"),
               1);
  d = paint_expect(&f, 0, "bad-value", "/nodes/0/vertices/0/outgoing");
  cr_assert_not_null(strstr(d->hint, "asymmetric"), "%s", d->hint);
}

Test(contour, structural_errors_keep_their_codes) {
  cr_assert_eq(validate_vertices("[{'point': [0, 0], 'kind': 'straight'}]"), 1);
  paint_expect(&f, 0, "type", "/nodes/0/vertices");

  cr_assert_eq(validate_vertices("[{'point': [0, 0], 'kind': 'smooth'},"
                                 " {'point': [1, 0], 'kind': 'straight'}]"),
               1);
  paint_expect(&f, 0, "bad-value", "/nodes/0/vertices/0/kind");

  cr_assert_eq(validate_vertices("[{'point': [0, 0, 1], 'kind': 'straight'},"
                                 " {'point': [1, 0], 'kind': 'straight'}]"),
               1);
  paint_expect(&f, 0, "type", "/nodes/0/vertices/0/point");

  cr_assert_eq(validate_vertices("[{'point': [0, 0], 'kind': 'rounded',"
                                 "  'radius': -1},"
                                 " {'point': [1, 0], 'kind': 'straight'}]"),
               1);
  cr_assert_str_eq(anima_diagnostics_get(f.diagnostics, 0)->pointer,
                   "/nodes/0/vertices/0/radius");

  cr_assert_eq(validate_vertices("[{'point': [0, 0]},"
                                 " {'point': [1, 0], 'kind': 'straight'}]"),
               1);
  paint_expect(&f, 0, "missing-key", "/nodes/0/vertices/0");

  cr_assert_eq(validate_vertices("[{'kind': 'straight'},"
                                 " {'point': [1, 0], 'kind': 'straight'}]"),
               1);
  paint_expect(&f, 0, "missing-key", "/nodes/0/vertices/0");
}

Test(contour, asymmetric_incoming_needs_an_outgoing_direction) {
  cr_assert_eq(validate_vertices("[{'point': [0, 0], 'kind': 'asymmetric',"
                                 "  'incoming': [0, 2]},"
                                 " {'point': [1, 0], 'kind': 'straight'}]"),
               1);
  paint_expect(&f, 0, "bad-value", "/nodes/0/vertices/0/incoming");
  /* A zero incoming needs nothing. */
  cr_assert_eq(validate_vertices("[{'point': [0, 0], 'kind': 'asymmetric',"
                                 "  'incoming': [0, 0]},"
                                 " {'point': [1, 0], 'kind': 'straight'}]"),
               0);
}

Test(contour, the_feature_must_be_declared) {
  const char *document = paint_document(
      &f, NULL,
      "[{'id': 'c', 'type': 'contour', 'vertices': [{'point': [0, 0], 'kind':"
      " 'straight'}, {'point': [1, 0], 'kind': 'straight'}]}]",
      NULL, NULL);
  cr_assert_geq(paint_validate(&f, document), 1);
  paint_expect(&f, 0, "undeclared-feature", "/nodes/0/type");
}

Test(contour, authoring_fields_are_static) {
  /* "Authoring fields are static": a track naming one is not-animatable;
   * the node's ordinary painted-node addresses animate (c.x). */
  const char *document = paint_document(
      &f, "['contour']",
      "[{'id': 'c', 'type': 'contour', 'vertices': [{'point': [0, 0], 'kind':"
      " 'straight'}, {'point': [1, 0], 'kind': 'straight'}],"
      " 'stroke': {'color': '#000000', 'width': 1}}]",
      "{'c.closed': [[0, true]], 'c.x': [[0, 0], [1, 4]]}", NULL);
  cr_assert_eq(paint_validate(&f, document), 1);
  paint_expect(&f, 0, "not-animatable", "/timelines/t/tracks/c.closed");
}
