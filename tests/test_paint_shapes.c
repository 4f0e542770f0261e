/*
 * test_paint_shapes.c — the paint module's parametric outlines (SPEC paint
 * chapter, "Parametric outlines"): ellipse, polygon, star and triangle
 * vertices and curves, cornerRadius cut-backs, sampled counts (clamped,
 * rounded, ties upward), their lengths ("Shared outline lengths") and the
 * registry diagnostics. Every expected value is derived in a comment from
 * the chapter's words, never read off the output.
 */
#include "test_paint_fixture.h"

#define PI 3.14159265358979323846
#define SQRT2 1.41421356237309504880

static paint_fixture f;

static void setup(void) {
  f = paint_runtime(true);
}

static void teardown(void) {
  paint_release(&f);
}

TestSuite(shapes, .init = setup, .fini = teardown);

/* Loads one node (single quotes) with `requires: ["paint"]` and steps 0. */
static const anima_path *rest_outline(const char *node) {
  char nodes[1024];
  snprintf(nodes, sizeof nodes, "[%s]", node);
  paint_load(&f, paint_document(&f, "['paint']", nodes, NULL, NULL));
  paint_step(&f, 0);
  return paint_outline(&f, 0);
}

Test(shapes, registry_entries_spell_animl_as_json) {
  const anima_registry *registry = anima_runtime_registry(f.runtime);
  const char *types[] = {"ellipse", "polygon", "star", "triangle"};
  for (size_t i = 0; i < 4; i++) {
    const anima_kind *kind = anima_registry_find_kind(registry, types[i]);
    cr_assert_not_null(kind, "%s", types[i]);
    cr_assert_str_eq(kind->feature, "paint");
    cr_assert(kind->flags & ANIMA_KIND_NODE_TYPE);
    cr_assert(kind->flags & ANIMA_KIND_PAINTED);
  }
  /* "AniML element and attribute names equal these names": innerRadius and
   * cornerRadius keep their capitals (no derived inner-radius). */
  const anima_field *inner =
      anima_registry_find_field(registry, "star", "innerRadius");
  cr_assert_not_null(inner);
  cr_assert_str_eq(anima_field_markup_name(inner), "innerRadius");
  const anima_field *corner =
      anima_registry_find_field(registry, "polygon", "cornerRadius");
  cr_assert_str_eq(anima_field_markup_name(corner), "cornerRadius");
  /* "All listed numeric parameters are animatable". */
  const char *addresses[][2] = {
      {"ellipse", "cx"},        {"ellipse", "cy"},
      {"ellipse", "rx"},        {"ellipse", "ry"},
      {"polygon", "sides"},     {"polygon", "radius"},
      {"polygon", "rotation"},  {"polygon", "cornerRadius"},
      {"star", "points"},       {"star", "innerRadius"},
      {"star", "cornerRadius"}, {"triangle", "x0"},
      {"triangle", "y0"},       {"triangle", "width"},
      {"triangle", "height"}};
  for (size_t i = 0; i < sizeof addresses / sizeof *addresses; i++) {
    long id = anima_registry_find_property(registry, addresses[i][0],
                                           addresses[i][1], false);
    cr_assert_geq(id, 0, "%s.%s", addresses[i][0], addresses[i][1]);
    const anima_property *property = anima_registry_property(registry, id);
    cr_assert_eq(property->animation, ANIMA_ANIMATION_INTERPOLATED);
    cr_assert_str_eq(property->feature, "paint");
  }
}

Test(shapes, polygon_vertices_run_clockwise_from_the_top) {
  /* Vertex i of a polygon at angle −90° + 360°·i/n (y down, so increasing
   * angles run clockwise); the quarter turns are exact: (12, 2), (22, 12),
   * (12, 22), (2, 12). */
  const anima_path *square =
      rest_outline("{'id': 'p', 'type': 'polygon', 'cx': 12, 'cy': 12,"
                   " 'sides': 4, 'radius': 10, 'fill': {'color': '#000'}}");
  cr_assert_eq(square->count, 5); /* move, three lines, close */
  cr_assert_eq(paint_segment(square, 0, ANIMA_SEGMENT_MOVE)[0].x, 12);
  cr_assert_eq(paint_segment(square, 0, ANIMA_SEGMENT_MOVE)[0].y, 2);
  paint_assert_point(paint_segment(square, 1, ANIMA_SEGMENT_LINE)[0], 22, 12,
                     0);
  paint_assert_point(paint_segment(square, 2, ANIMA_SEGMENT_LINE)[0], 12, 22,
                     0);
  paint_assert_point(paint_segment(square, 3, ANIMA_SEGMENT_LINE)[0], 2, 12, 0);
  paint_segment(square, 4, ANIMA_SEGMENT_CLOSE);

  /* A hexagon: vertex 1 at −30° is (12 + 10·√3/2, 12 − 10/2). */
  const anima_path *hexagon =
      rest_outline("{'id': 'p', 'type': 'polygon', 'cx': 12, 'cy': 12,"
                   " 'sides': 6, 'radius': 10, 'fill': {'color': '#000'}}");
  cr_assert_eq(hexagon->count, 7);
  paint_assert_point(paint_segment(hexagon, 1, ANIMA_SEGMENT_LINE)[0],
                     12 + 5 * sqrt(3.0), 7, 1e-12);
  paint_assert_point(paint_segment(hexagon, 3, ANIMA_SEGMENT_LINE)[0], 12, 22,
                     1e-12);
}

Test(shapes, polygon_rotation_turns_clockwise_in_degrees) {
  /* rotation 45: vertex 0 at −90° + 45° = −45°: (12 + 10·cos 45°,
   * 12 − 10·sin 45°) = (12 + 5√2, 12 − 5√2); vertex 1 at +45°. */
  const anima_path *square = rest_outline(
      "{'id': 'p', 'type': 'polygon', 'cx': 12, 'cy': 12, 'sides': 4,"
      " 'radius': 10, 'rotation': 45, 'fill': {'color': '#000'}}");
  paint_assert_point(paint_segment(square, 0, ANIMA_SEGMENT_MOVE)[0],
                     12 + 5 * SQRT2, 12 - 5 * SQRT2, 1e-12);
  paint_assert_point(paint_segment(square, 1, ANIMA_SEGMENT_LINE)[0],
                     12 + 5 * SQRT2, 12 + 5 * SQRT2, 1e-12);
  /* rotation 90 is a quarter turn: vertex 0 lands exactly on (22, 12). */
  square = rest_outline(
      "{'id': 'p', 'type': 'polygon', 'cx': 12, 'cy': 12, 'sides': 4,"
      " 'radius': 10, 'rotation': 90, 'fill': {'color': '#000'}}");
  paint_assert_point(paint_segment(square, 0, ANIMA_SEGMENT_MOVE)[0], 22, 12,
                     0);
}

Test(shapes, star_alternates_outer_and_inner_from_the_top_outer_vertex) {
  /* points 5: ten vertices 36° apart from −90°; even ones at radius 10,
   * odd ones at innerRadius 4. Vertex 1 (inner, −54°):
   * (12 + 4·cos 54°, 12 − 4·sin 54°); vertex 2 (outer, −18°):
   * (12 + 10·cos 18°, 12 − 10·sin 18°). */
  const anima_path *star = rest_outline(
      "{'id': 's', 'type': 'star', 'cx': 12, 'cy': 12, 'points': 5,"
      " 'radius': 10, 'innerRadius': 4, 'fill': {'color': '#000'}}");
  cr_assert_eq(star->count, 11); /* move, nine lines, close */
  paint_assert_point(paint_segment(star, 0, ANIMA_SEGMENT_MOVE)[0], 12, 2, 0);
  double c54 = cos(54 * PI / 180), s54 = sin(54 * PI / 180);
  double c18 = cos(18 * PI / 180), s18 = sin(18 * PI / 180);
  paint_assert_point(paint_segment(star, 1, ANIMA_SEGMENT_LINE)[0],
                     12 + 4 * c54, 12 - 4 * s54, 1e-12);
  paint_assert_point(paint_segment(star, 2, ANIMA_SEGMENT_LINE)[0],
                     12 + 10 * c18, 12 - 10 * s18, 1e-12);
  /* Vertex 5 (inner, −90° + 180° = 90°) is straight below the centre. */
  paint_assert_point(paint_segment(star, 5, ANIMA_SEGMENT_LINE)[0], 12, 16, 0);
}

Test(shapes, triangle_vertices_as_the_chapter_lists_them) {
  /* (x0 + width/2, y0), (x0 + width, y0 + height), (x0, y0 + height). */
  const anima_path *triangle =
      rest_outline("{'id': 't', 'type': 'triangle', 'x0': 2, 'y0': 3,"
                   " 'width': 6, 'height': 4, 'fill': {'color': '#000'}}");
  cr_assert_eq(triangle->count, 4);
  paint_assert_point(paint_segment(triangle, 0, ANIMA_SEGMENT_MOVE)[0], 5, 3,
                     0);
  paint_assert_point(paint_segment(triangle, 1, ANIMA_SEGMENT_LINE)[0], 8, 7,
                     0);
  paint_assert_point(paint_segment(triangle, 2, ANIMA_SEGMENT_LINE)[0], 2, 7,
                     0);
  paint_segment(triangle, 3, ANIMA_SEGMENT_CLOSE);
}

/* The outline of SVG path data, converted by the kernel's own parser. */
static anima_path parsed(const char *data) {
  anima_path path;
  cr_assert_eq(anima_path_parse(data, strlen(data), &path, NULL), ANIMA_OK,
               "%s", data);
  return path;
}

static void assert_same_outline(const anima_path *actual,
                                const anima_path *expected, double tolerance) {
  cr_assert_eq(actual->count, expected->count);
  for (size_t i = 0; i < expected->count; i++) {
    cr_assert_eq(actual->segments[i].kind, expected->segments[i].kind,
                 "segment %zu", i);
    int points = expected->segments[i].kind == ANIMA_SEGMENT_CUBIC   ? 3
                 : expected->segments[i].kind == ANIMA_SEGMENT_CLOSE ? 0
                                                                     : 1;
    for (int p = 0; p < points; p++) {
      paint_assert_point(actual->segments[i].points[p],
                         expected->segments[i].points[p].x,
                         expected->segments[i].points[p].y, tolerance);
    }
  }
}

Test(shapes, ellipse_is_two_half_arcs_with_the_quarter_arc_constant) {
  const anima_path *ellipse =
      rest_outline("{'id': 'e', 'type': 'ellipse', 'cx': 12, 'cy': 12,"
                   " 'rx': 8, 'ry': 4, 'fill': {'color': '#000'}}");
  /* "M20 12 A8 4 0 1 1 4 12 A8 4 0 1 1 20 12 Z": each half arc is two 90°
   * cubic pieces (SPEC §3), six segments in all. The first quarter runs
   * from (20, 12) to (12, 16); its controls lie k·ry below the start and
   * k·rx right of the end, with the quarter-arc constant
   * k = 4(√2 − 1)/3 = 0.55228474983... */
  cr_assert_eq(ellipse->count, 6);
  const double k = 0.5522847498307936;
  cr_assert_float_eq(4 * (SQRT2 - 1) / 3, k, 1e-15);
  paint_assert_point(paint_segment(ellipse, 0, ANIMA_SEGMENT_MOVE)[0], 20, 12,
                     0);
  const anima_point *quarter = paint_segment(ellipse, 1, ANIMA_SEGMENT_CUBIC);
  paint_assert_point(quarter[0], 20, 12 + 4 * k, 1e-12);
  paint_assert_point(quarter[1], 12 + 8 * k, 16, 1e-12);
  paint_assert_point(quarter[2], 12, 16, 0);
  /* The same outline as the kernel's arc conversion of that path data. */
  anima_path arcs = parsed("M20 12A8 4 0 1 1 4 12A8 4 0 1 1 20 12Z");
  assert_same_outline(ellipse, &arcs, 1e-9);
  anima_path_release(&arcs);
}

Test(shapes, ellipse_with_a_zero_axis_is_svgs_degenerate_outline) {
  /* ry = 0: both arcs are straight lines (SVG: an arc with a zero radius
   * joins its ends with a line): (20,12) → (4,12) → (20,12). */
  const anima_path *flat =
      rest_outline("{'id': 'e', 'type': 'ellipse', 'cx': 12, 'cy': 12,"
                   " 'rx': 8, 'ry': 0, 'stroke': {'color': '#000'}}");
  anima_path lines = parsed("M20 12A8 0 0 1 1 4 12A8 0 0 1 1 20 12Z");
  assert_same_outline(flat, &lines, 1e-12);
  cr_assert_eq(flat->count, 4);
  anima_path_release(&lines);
  /* rx = 0: each arc ends where it starts, so SVG omits both. */
  const anima_path *point =
      rest_outline("{'id': 'e', 'type': 'ellipse', 'cx': 12, 'cy': 12,"
                   " 'rx': 0, 'ry': 5, 'stroke': {'color': '#000'}}");
  anima_path omitted = parsed("M12 12A0 5 0 1 1 12 12A0 5 0 1 1 12 12Z");
  assert_same_outline(point, &omitted, 0);
  anima_path_release(&omitted);
}

Test(shapes, corner_radius_cuts_back_both_edges_and_joins_by_a_quadratic) {
  /* A square of radius 10: vertices (12,2), (22,12), (12,22), (2,12),
   * edges 10√2 long. cornerRadius 2 cuts 2 along each edge from each
   * vertex, i.e. (√2, √2) in x and y. At vertex 0 = (12, 2): the cut point
   * toward vertex 3 is A = (12 − √2, 2 + √2), toward vertex 1
   * B = (12 + √2, 2 + √2). The quadratic A → B controlled by the vertex is
   * the cubic whose controls are 2/3 of the way from each end to the
   * vertex: (12 − √2/3, 2 + √2/3) and (12 + √2/3, 2 + √2/3). */
  const anima_path *square = rest_outline(
      "{'id': 'p', 'type': 'polygon', 'cx': 12, 'cy': 12, 'sides': 4,"
      " 'radius': 10, 'cornerRadius': 2, 'fill': {'color': '#000'}}");
  cr_assert_eq(square->count, 9); /* move, 4 curves, 3 lines, close */
  paint_assert_point(paint_segment(square, 0, ANIMA_SEGMENT_MOVE)[0],
                     12 - SQRT2, 2 + SQRT2, 1e-12);
  const anima_point *corner = paint_segment(square, 1, ANIMA_SEGMENT_CUBIC);
  paint_assert_point(corner[0], 12 - SQRT2 / 3, 2 + SQRT2 / 3, 1e-12);
  paint_assert_point(corner[1], 12 + SQRT2 / 3, 2 + SQRT2 / 3, 1e-12);
  paint_assert_point(corner[2], 12 + SQRT2, 2 + SQRT2, 1e-12);
  /* A straight edge to the cut point before vertex 1 = (22, 12):
   * (22 − √2, 12 − √2). */
  paint_assert_point(paint_segment(square, 2, ANIMA_SEGMENT_LINE)[0],
                     22 - SQRT2, 12 - SQRT2, 1e-12);
  paint_segment(square, 8, ANIMA_SEGMENT_CLOSE);
}

Test(shapes, corner_cut_backs_are_limited_to_half_of_each_edge) {
  /* cornerRadius 100 on edges 10√2 long: each cut is half the edge, so the
   * corner at (12, 2) runs from the middle of edge 3→0, (7, 7), to the
   * middle of edge 0→1, (17, 7); controls (7 + 10/3, 7 − 10/3) and
   * (17 − 10/3, 7 − 10/3). The straight edges between corners have
   * length 0. */
  const anima_path *square = rest_outline(
      "{'id': 'p', 'type': 'polygon', 'cx': 12, 'cy': 12, 'sides': 4,"
      " 'radius': 10, 'cornerRadius': 100, 'fill': {'color': '#000'}}");
  paint_assert_point(paint_segment(square, 0, ANIMA_SEGMENT_MOVE)[0], 7, 7,
                     1e-12);
  const anima_point *corner = paint_segment(square, 1, ANIMA_SEGMENT_CUBIC);
  paint_assert_point(corner[0], 7 + 10.0 / 3, 7 - 10.0 / 3, 1e-12);
  paint_assert_point(corner[1], 17 - 10.0 / 3, 7 - 10.0 / 3, 1e-12);
  paint_assert_point(corner[2], 17, 7, 1e-12);
  paint_assert_point(paint_segment(square, 2, ANIMA_SEGMENT_LINE)[0], 17, 7,
                     1e-12);
}

Test(shapes, concave_star_vertices_use_the_same_construction) {
  /* points 4, radius 10, innerRadius 5, cornerRadius 1: vertex 1 is the
   * inner (concave) vertex at −45°, V1 = (12 + 5/√2, 12 − 5/√2), between
   * V0 = (12, 2) and V2 = (22, 12). Its cut points lie 1 from V1 along each
   * edge and the cubic's controls 2/3 of the way back to V1. */
  const anima_path *star = rest_outline(
      "{'id': 's', 'type': 'star', 'cx': 12, 'cy': 12, 'points': 4,"
      " 'radius': 10, 'innerRadius': 5, 'cornerRadius': 1,"
      " 'fill': {'color': '#000'}}");
  anima_point v0 = {12, 2}, v2 = {22, 12};
  anima_point v1 = {12 + 5 / SQRT2, 12 - 5 / SQRT2};
  double to0 = hypot(v0.x - v1.x, v0.y - v1.y);
  double to2 = hypot(v2.x - v1.x, v2.y - v1.y);
  anima_point a = {v1.x + (v0.x - v1.x) / to0, v1.y + (v0.y - v1.y) / to0};
  anima_point b = {v1.x + (v2.x - v1.x) / to2, v1.y + (v2.y - v1.y) / to2};
  /* Segments: move, curve (vertex 0), line to a, curve (vertex 1). */
  paint_assert_point(paint_segment(star, 2, ANIMA_SEGMENT_LINE)[0], a.x, a.y,
                     1e-12);
  const anima_point *corner = paint_segment(star, 3, ANIMA_SEGMENT_CUBIC);
  paint_assert_point(corner[0], a.x + (v1.x - a.x) * 2 / 3,
                     a.y + (v1.y - a.y) * 2 / 3, 1e-12);
  paint_assert_point(corner[1], b.x + (v1.x - b.x) * 2 / 3,
                     b.y + (v1.y - b.y) * 2 / 3, 1e-12);
  paint_assert_point(corner[2], b.x, b.y, 1e-12);
}

/* The number of vertices of the outline of node 0 after stepping `time`
 * seconds into a timeline with `tracks`. */
static size_t vertices_at(const char *node, const char *tracks, double time) {
  char nodes[1024];
  snprintf(nodes, sizeof nodes, "[%s]", node);
  paint_load(&f, paint_document(&f, "['paint']", nodes, tracks, NULL));
  paint_step(&f, time);
  const anima_path *outline = paint_outline(&f, 0);
  return outline->count - 1; /* a move and lines, then the close */
}

static const char *animated_polygon =
    "{'id': 'p', 'type': 'polygon', 'cx': 12, 'cy': 12, 'sides': 3,"
    " 'radius': 10, 'fill': {'color': '#000'}}";
static const char *animated_star =
    "{'id': 's', 'type': 'star', 'cx': 12, 'cy': 12, 'points': 2,"
    " 'radius': 10, 'innerRadius': 3, 'fill': {'color': '#000'}}";

Test(shapes, sampled_counts_round_to_nearest_with_ties_upward) {
  /* sides 3 → 4 over one second, linear: 3.5 at t = 0.5 is a tie and rounds
   * up to 4; 3.49 at t = 0.49 rounds down to 3. */
  const char *sides = "{'p.sides': [[0, 3], [1, 4]]}";
  cr_assert_eq(vertices_at(animated_polygon, sides, 0.5), 4);
  cr_assert_eq(vertices_at(animated_polygon, sides, 0.49), 3);
  cr_assert_eq(vertices_at(animated_polygon, sides, 0.51), 4);
  /* points 2 → 3: 2.5 is a tie, 3 points, so 6 vertices. */
  const char *points = "{'s.points': [[0, 2], [1, 3]]}";
  cr_assert_eq(vertices_at(animated_star, points, 0.5), 6);
  cr_assert_eq(vertices_at(animated_star, points, 0.25), 4);
}

/* The value of `address` after stepping `time` seconds into a timeline with
 * `tracks` on node 0 (what snapshots and `expect` read). */
static double count_at(const char *node, const char *tracks, double time,
                       const char *address) {
  (void)vertices_at(node, tracks, time);
  anima_value value;
  cr_assert_eq(anima_player_read(f.player, address, &value), ANIMA_OK);
  cr_assert_eq(value.type, ANIMA_VALUE_NUMBER);
  return value.as.number;
}

Test(shapes, the_read_count_is_the_drawn_whole_number) {
  /* "Sampled counts ... round to nearest integer, ties upward": the value a
   * snapshot reads is the count drawn, not the interpolated 3.5 or 2.5.
   * sides 3 → 4 linear: 3.5 at 0.5 → 4, 3.49 at 0.49 → 3; points 5 → 8:
   * 5 + 3·0.5 = 6.5 → 7 (the review's case), 5 + 3·0.4 = 6.2 → 6. */
  const char *sides = "{'p.sides': [[0, 3], [1, 4]]}";
  cr_assert_eq(count_at(animated_polygon, sides, 0.5, "p.sides"), 4);
  cr_assert_eq(count_at(animated_polygon, sides, 0.49, "p.sides"), 3);
  const char *points = "{'s.points': [[0, 5], [1, 8]]}";
  cr_assert_eq(count_at(animated_star, points, 0.5, "s.points"), 7);
  cr_assert_eq(count_at(animated_star, points, 0.4, "s.points"), 6);
  /* 2 → 4 with cubic(0, -1, 1, -1): 2 + 2·(−0.625) = 0.75, clamped to 2. */
  cr_assert_eq(count_at(animated_star,
                        "{'s.points': [[0, 2, 'cubic(0, -1, 1, -1)'],"
                        " [1, 4]]}",
                        0.5, "s.points"),
               2);
}

Test(shapes, sampled_counts_clamp_to_their_bounds) {
  /* cubic(0, -1, 1, -1): x(s) = 3s² − 2s³ gives s = 0.5 at u = 0.5 and
   * y(0.5) = −3·0.5·0.5 + 0.125 = −0.625, so sides 3 → 5 samples
   * 3 + 2·(−0.625) = 1.75, clamped to 3. */
  cr_assert_eq(vertices_at(animated_polygon,
                           "{'p.sides': [[0, 3, 'cubic(0, -1, 1, -1)'],"
                           " [1, 5]]}",
                           0.5),
               3);
  /* cubic(0, 2, 1, 2): y(0.5) = 6·0.25 + 0.125 = 1.625, so sides
   * 1023 → 1024 samples 1024.625, clamped to 1024 (the outline has room
   * for the largest count because the document animates it). */
  cr_assert_eq(vertices_at(animated_polygon,
                           "{'p.sides': [[0, 1023, 'cubic(0, 2, 1, 2)'],"
                           " [1, 1024]]}",
                           0.5),
               1024);
  /* points: 2 → 4 with the first ease: 2 + 2·(−0.625) = 0.75 → 2 points,
   * 4 vertices. */
  cr_assert_eq(vertices_at(animated_star,
                           "{'s.points': [[0, 2, 'cubic(0, -1, 1, -1)'],"
                           " [1, 4]]}",
                           0.5),
               4);
}

/* ---- lengths (paint chapter, "Shared outline lengths") ------------------ */

/* The natural length the frame measures for the outline of `node` (a
 * partial trim makes the builder measure it). */
static double length_of(const char *node) {
  const anima_path *outline = rest_outline(node);
  (void)outline;
  return paint_length(&f, 0);
}

#define TRIMMED "'stroke': {'color': '#000', 'trimEnd': 0.5}"

/* The arc length of a cubic by composite Simpson over 20000 intervals: an
 * independent measurement (the chapter's rule is the mean of polygon and
 * chord over de Casteljau halves). */
static double integrated_cubic(const anima_point p[4]) {
  const int n = 20000;
  double sum = 0;
  for (int i = 0; i <= n; i++) {
    double t = (double)i / n, u = 1 - t;
    double dx = 3 * u * u * (p[1].x - p[0].x) + 6 * u * t * (p[2].x - p[1].x) +
                3 * t * t * (p[3].x - p[2].x);
    double dy = 3 * u * u * (p[1].y - p[0].y) + 6 * u * t * (p[2].y - p[1].y) +
                3 * t * t * (p[3].y - p[2].y);
    double weight = i == 0 || i == n ? 1 : i % 2 ? 4 : 2;
    sum += weight * hypot(dx, dy);
  }
  return sum / (3.0 * n);
}

Test(shapes, every_shape_has_its_natural_length) {
  /* Straight outlines are exact: a square of radius 10 has four edges of
   * 10√2; the triangle 6 × 4 has two slanted sides of √(3² + 4²) = 5 and a
   * base of 6; a 5-point star's ten edges join radius 10 and 4 vertices 36°
   * apart: √(10² + 4² − 2·10·4·cos 36°) each (law of cosines). */
  cr_assert_float_eq(length_of("{'id': 'p', 'type': 'polygon', 'cx': 12,"
                               " 'cy': 12, 'sides': 4, 'radius': 10, " TRIMMED
                               "}"),
                     40 * SQRT2, 1e-12);
  cr_assert_float_eq(length_of("{'id': 't', 'type': 'triangle', 'x0': 2,"
                               " 'y0': 3, 'width': 6, 'height': 4, " TRIMMED
                               "}"),
                     16, 1e-12);
  cr_assert_float_eq(
      length_of("{'id': 's', 'type': 'star', 'cx': 12, 'cy': 12, 'points': 5,"
                " 'radius': 10, 'innerRadius': 4, " TRIMMED "}"),
      10 * sqrt(116 - 80 * cos(36 * PI / 180)), 1e-12);
  /* ry = 0: the degenerate ellipse runs there and back, 2·16 = 32. */
  cr_assert_float_eq(length_of("{'id': 'e', 'type': 'ellipse', 'cx': 12,"
                               " 'cy': 12, 'rx': 8, 'ry': 0, " TRIMMED "}"),
                     32, 1e-12);
  /* An ellipse's four quarter cubics, each measured independently. The
   * rule accepts a piece when polygon − chord ≤ 0.0001 and counts the mean
   * of the two, and the arc lies between chord and polygon, so each piece
   * is off by at most 0.00005; the mean is in fact far closer (its error
   * falls with the fifth power of the piece), well inside 1e-6 here. */
  const double k = 4 * (SQRT2 - 1) / 3;
  anima_point quarter[4] = {
      {20, 12}, {20, 12 + 4 * k}, {12 + 8 * k, 16}, {12, 16}};
  double expected = 4 * integrated_cubic(quarter);
  cr_assert_float_eq(length_of("{'id': 'e', 'type': 'ellipse', 'cx': 12,"
                               " 'cy': 12, 'rx': 8, 'ry': 4, " TRIMMED "}"),
                     expected, 1e-6);
  /* A circle-shaped ellipse (rx = ry = 5) is close to, not exactly, 2πr:
   * the cubic quarter overshoots the circle by up to 0.027% of r. */
  double circle = length_of("{'id': 'e', 'type': 'ellipse', 'cx': 12,"
                            " 'cy': 12, 'rx': 5, 'ry': 5, " TRIMMED "}");
  cr_assert_float_eq(circle, 2 * PI * 5, 2 * PI * 5 * 3e-4);
}

Test(shapes, rounded_corners_measure_their_curves) {
  /* cornerRadius 100 on a square of radius 10: four quadratic corners from
   * edge middle to edge middle through the vertex's control, and
   * zero-length straight edges. Each corner is the quadratic
   * (7,7) → (12,2) → (17,7); its length in closed form, with
   * a = P0 − 2P1 + P2 = (0, 10) and b = 2(P1 − P0) = (10, −10):
   * L = ∫₀¹ |2a·t + b| dt = ∫₀¹ √(100 + (20t − 10)²) dt
   *   = 2·∫₀^{1/2} √(100 + 400s²) ds = 2·10·∫₀^{1/2} √(1 + 4s²) ds
   *   = 20·[s√(1+4s²)/2 + asinh(2s)/4]₀^{1/2}
   *   = 20·(√2/4 + asinh(1)/4) = 5√2 + 5·asinh(1). */
  double corner = 5 * SQRT2 + 5 * asinh(1.0);
  cr_assert_float_eq(
      length_of("{'id': 'p', 'type': 'polygon', 'cx': 12, 'cy': 12,"
                " 'sides': 4, 'radius': 10, 'cornerRadius': 100, " TRIMMED "}"),
      4 * corner, 1e-6);
}

Test(shapes, the_length_rule_of_the_chapter) {
  /* "recursively subdivides cubics by de Casteljau at t=0.5 until control
   * polygon length minus chord is at most 0.0001 grid units per accepted
   * piece ... Accepted pieces contribute the mean of polygon and chord."
   * The cubic (0,0) (1,h) (2,h) (3,0): polygon 1 + 2·√(1 + h²), chord 3.
   * h = 0.01: polygon − chord = 2·(√1.0001 − 1) = 0.0000999975 ≤ 0.0001,
   * accepted whole: (3 + 1 + 2·√1.0001) / 2. */
  double h = 0.01;
  double whole = (3 + 1 + 2 * sqrt(1 + h * h)) / 2;
  cr_assert_float_eq(length_of("{'id': 'p', 'type': 'path',"
                               " 'd': 'M0 0C1 0.01 2 0.01 3 0', " TRIMMED "}"),
                     whole, 1e-15);
  /* h = 0.0101: 2·(√1.00010201 − 1) = 0.000102 > 0.0001, so it is halved
   * once: the left half (0,0) (0.5, h/2) (1, 3h/4) (1.5, 3h/4) and its
   * mirror, each accepted (their polygon − chord is about 1e-5), so the
   * length is 2·(polygon + chord)/2 of the half. */
  h = 0.0101;
  double half_polygon = hypot(0.5, h / 2) + hypot(0.5, h / 4) + 0.5;
  double half_chord = hypot(1.5, 3 * h / 4);
  double halves = half_polygon + half_chord;
  double unsplit = (3 + 1 + 2 * sqrt(1 + h * h)) / 2;
  cr_assert_float_eq(length_of("{'id': 'p', 'type': 'path',"
                               " 'd': 'M0 0C1 0.0101 2 0.0101 3 0', " TRIMMED
                               "}"),
                     halves, 1e-15);
  /* The two estimates differ by more than the tolerance above, so the
   * test tells a split from an accepted piece. */
  cr_assert_gt(fabs(halves - unsplit), 1e-12);
}

/* ---- diagnostics -------------------------------------------------------- */

Test(shapes, new_types_without_paint_are_undeclared_at_type) {
  const char *types[] = {
      "{'id': 'e', 'type': 'ellipse', 'cx': 1, 'cy': 1, 'rx': 1, 'ry': 1,"
      " 'fill': {'color': '#000'}}",
      "{'id': 'p', 'type': 'polygon', 'cx': 1, 'cy': 1, 'sides': 3,"
      " 'radius': 1, 'fill': {'color': '#000'}}",
      "{'id': 's', 'type': 'star', 'cx': 1, 'cy': 1, 'points': 5,"
      " 'radius': 1, 'innerRadius': 0.5, 'fill': {'color': '#000'}}",
      "{'id': 't', 'type': 'triangle', 'x0': 1, 'y0': 1, 'width': 1,"
      " 'height': 1, 'fill': {'color': '#000'}}"};
  for (size_t i = 0; i < 4; i++) {
    char nodes[512];
    snprintf(nodes, sizeof nodes, "[%s]", types[i]);
    cr_assert_eq(
        paint_validate(&f, paint_document(&f, NULL, nodes, NULL, NULL)), 1,
        "%s", types[i]);
    const anima_diagnostic *d =
        paint_expect(&f, 0, "undeclared-feature", "/nodes/0/type");
    cr_assert_str_eq(d->hint, "add \"paint\" to \"requires\"");
  }
}

Test(shapes, without_the_module_paint_is_an_unknown_feature) {
  paint_release(&f);
  f = paint_runtime(false);
  cr_assert_eq(
      paint_validate(&f, paint_document(&f, "['corners', 'paint']",
                                        "[{'id': 'e', 'type': 'ellipse', 'cx': "
                                        "1, 'cy': 1, 'rx': 1, 'ry': 1}]",
                                        NULL, NULL)),
      1);
  paint_expect(&f, 0, "unknown-feature", "/requires/1");
}

Test(shapes, geometry_errors_are_bad_value_and_missing_key) {
  /* Negative radius: the registry's range, at the parameter. */
  paint_validate(&f, paint_document(&f, "['paint']",
                                    "[{'id': 'p', 'type': 'polygon', 'cx': 1,"
                                    " 'cy': 1, 'sides': 3, 'radius': -1,"
                                    " 'fill': {'color': '#000'}}]",
                                    NULL, NULL));
  paint_expect(&f, 0, "bad-value", "/nodes/0/radius");
  /* A star without innerRadius: missing-key at the node. */
  cr_assert_eq(
      paint_validate(&f, paint_document(&f, "['paint']",
                                        "[{'id': 's', 'type': 'star', 'cx': 1,"
                                        " 'cy': 1, 'points': 5, 'radius': 1,"
                                        " 'fill': {'color': '#000'}}]",
                                        NULL, NULL)),
      1);
  const anima_diagnostic *d = paint_expect(&f, 0, "missing-key", "/nodes/0");
  cr_assert(strstr(d->message, "innerRadius"), "%s", d->message);
  /* sides 2 and 1025 are out of range, 3.5 is not a whole number: each
   * one bad-value at sides. */
  const char *sides[] = {"2", "1025", "3.5"};
  for (size_t i = 0; i < 3; i++) {
    char nodes[512];
    snprintf(nodes, sizeof nodes,
             "[{'id': 'p', 'type': 'polygon', 'cx': 1, 'cy': 1, 'sides': %s,"
             " 'radius': 1, 'fill': {'color': '#000'}}]",
             sides[i]);
    cr_assert_eq(
        paint_validate(&f, paint_document(&f, "['paint']", nodes, NULL, NULL)),
        1, "sides %s", sides[i]);
    paint_expect(&f, 0, "bad-value", "/nodes/0/sides");
  }
  /* points 1 and 2.5 likewise; a string is a type error. */
  cr_assert_eq(
      paint_validate(&f, paint_document(&f, "['paint']",
                                        "[{'id': 's', 'type': 'star', 'cx': 1,"
                                        " 'cy': 1, 'points': 2.5, 'radius': 1,"
                                        " 'innerRadius': 0,"
                                        " 'fill': {'color': '#000'}}]",
                                        NULL, NULL)),
      1);
  d = paint_expect(&f, 0, "bad-value", "/nodes/0/points");
  cr_assert_str_eq(d->hint, "use a whole number from 2 to 1024");
  paint_validate(&f, paint_document(&f, "['paint']",
                                    "[{'id': 's', 'type': 'star', 'cx': 1,"
                                    " 'cy': 1, 'points': '5', 'radius': 1,"
                                    " 'innerRadius': 0,"
                                    " 'fill': {'color': '#000'}}]",
                                    NULL, NULL));
  paint_expect(&f, 0, "type", "/nodes/0/points");
}

/* Finding 1 and 4 of the hostile-input review: a star of radius 1e308
 * validated, then its length (trimEnd) never finished and a polygon or
 * ellipse centred at 1e308 rendered "drawing failed". Every number of a
 * shape lies within ±1 000 000 grid units, the path-data bound
 * (ANIMA_PATH_NUMBER_LIMIT): bad-value at the number. */
Test(shapes, shape_numbers_lie_within_the_path_number_bound) {
  static const struct {
    const char *node, *pointer;
  } cases[] = {
      {"{'id': 's', 'type': 'star', 'cx': 12, 'cy': 12, 'points': 5,"
       " 'radius': 1e308, 'innerRadius': 3, 'fill': {'color': '#000'}}",
       "/nodes/0/radius"},
      {"{'id': 's', 'type': 'star', 'cx': 12, 'cy': 12, 'points': 5,"
       " 'radius': 8, 'innerRadius': 3, 'cornerRadius': 1e308,"
       " 'fill': {'color': '#000'}}",
       "/nodes/0/cornerRadius"},
      {"{'id': 'p', 'type': 'polygon', 'cx': 1e308, 'cy': 12, 'sides': 4,"
       " 'radius': 1, 'fill': {'color': '#000'}}",
       "/nodes/0/cx"},
      {"{'id': 'p', 'type': 'polygon', 'cx': 1, 'cy': 12, 'sides': 4,"
       " 'radius': 1, 'rotation': -1e300, 'fill': {'color': '#000'}}",
       "/nodes/0/rotation"},
      {"{'id': 'e', 'type': 'ellipse', 'cx': 1, 'cy': -1000000.5, 'rx': 1,"
       " 'ry': 1, 'fill': {'color': '#000'}}",
       "/nodes/0/cy"},
      {"{'id': 'e', 'type': 'ellipse', 'cx': 1, 'cy': 1, 'rx': 1000001,"
       " 'ry': 1, 'fill': {'color': '#000'}}",
       "/nodes/0/rx"},
      {"{'id': 't', 'type': 'triangle', 'x0': 0, 'y0': 0, 'width': 1,"
       " 'height': 2e6, 'fill': {'color': '#000'}}",
       "/nodes/0/height"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    char nodes[512];
    snprintf(nodes, sizeof nodes, "[%s]", cases[i].node);
    cr_assert_eq(
        paint_validate(&f, paint_document(&f, "['paint']", nodes, NULL, NULL)),
        1, "case %zu", i);
    paint_expect(&f, 0, "bad-value", cases[i].pointer);
  }
  /* The bound itself is valid (both ends). */
  cr_assert_eq(
      paint_validate(&f, paint_document(&f, "['paint']",
                                        "[{'id': 'e', 'type': 'ellipse',"
                                        " 'cx': -1000000, 'cy': 1000000,"
                                        " 'rx': 1000000, 'ry': 1,"
                                        " 'fill': {'color': '#000'}}]",
                                        NULL, NULL)),
      0);
}

/* Finding 2 of the hostile-input review: shapes bypassed the 4 096-segment
 * path-complexity budget (2 000 stars of 1024 points rendered in 115 s).
 * A shape counts the segments its outline can draw: a sharp ring of V
 * vertices a move, V − 1 lines and a close (V + 1), a rounded one 2V + 1,
 * an ellipse 6 (move, four quarter cubics, close), a triangle 4; a star of
 * n points has V = 2n; an animated count counts at its largest key. */
static void stars(char *nodes, size_t size, const char *first,
                  const char *second) {
  snprintf(nodes, size,
           "[{'id': 'a', 'type': 'star', 'cx': 12, 'cy': 12, %s, "
           "'radius': 8, 'innerRadius': 3, 'fill': {'color': '#000'}}, "
           "{'id': 'b', 'type': 'star', 'cx': 12, 'cy': 12, %s, "
           "'radius': 8, 'innerRadius': 3, 'fill': {'color': '#000'}}]",
           first, second);
}

Test(shapes, outlines_count_toward_the_path_budget) {
  char nodes[1024];
  /* One star of 1024 points: 2 049 segments. Two: 4 098 > 4 096, at the
   * second. */
  stars(nodes, sizeof nodes, "'points': 1024", "'points': 3");
  cr_assert_eq(
      paint_validate(&f, paint_document(&f, "['paint']", nodes, NULL, NULL)),
      0);
  stars(nodes, sizeof nodes, "'points': 1024", "'points': 1024");
  cr_assert_eq(
      paint_validate(&f, paint_document(&f, "['paint']", nodes, NULL, NULL)),
      1);
  const anima_diagnostic *d = paint_expect(&f, 0, "limit-exceeded", "/nodes/1");
  cr_assert(strstr(d->message, "4098"), "%s", d->message);
  /* Star a rests at 5 points but a key takes it to 1024: it counts 2 049,
   * and with b 4 098. At most 1000 in its keys: 2 001 + 2 049 = 4 050. */
  stars(nodes, sizeof nodes, "'points': 5", "'points': 1024");
  cr_assert_eq(
      paint_validate(&f,
                     paint_document(&f, "['paint']", nodes,
                                    "{'a.points': [[0, 5], [1, 1024]]}", NULL)),
      1);
  paint_expect(&f, 0, "limit-exceeded", "/nodes/1");
  cr_assert_eq(
      paint_validate(&f,
                     paint_document(&f, "['paint']", nodes,
                                    "{'a.points': [[0, 5], [1, 1000]]}", NULL)),
      0);
  /* Rounded corners double it: 1024 points with cornerRadius 1 draw
   * 2·2048 + 1 = 4 097 segments alone. */
  stars(nodes, sizeof nodes, "'points': 1024, 'cornerRadius': 1",
        "'points': 2");
  cr_assert_eq(
      paint_validate(&f, paint_document(&f, "['paint']", nodes, NULL, NULL)),
      1);
  paint_expect(&f, 0, "limit-exceeded", "/nodes/0");
}

Test(shapes, shapes_share_the_budget_with_paths) {
  /* A path of a move and 4 089 "h1" lines (4 090 segments) and an
   * ellipse (6): 4 096, the budget. One more line: 4 097, at the ellipse
   * (counted after the path nodes). */
  static char nodes[12000];
  for (int lines = 4089; lines <= 4090; lines++) {
    int length = snprintf(nodes, sizeof nodes,
                          "[{'id': 'p', 'type': 'path', 'd': 'M0 0");
    for (int i = 0; i < lines; i++) {
      length += snprintf(nodes + length, sizeof nodes - (size_t)length, "h1");
    }
    snprintf(nodes + length, sizeof nodes - (size_t)length,
             "', 'fill': {'color': '#000'}}, {'id': 'e', 'type': 'ellipse', "
             "'cx': 1, 'cy': 1, 'rx': 1, 'ry': 1, 'fill': {'color': '#000'}}]");
    size_t count =
        paint_validate(&f, paint_document(&f, "['paint']", nodes, NULL, NULL));
    cr_assert_eq(count, lines == 4089 ? 0 : 1, "%d lines", lines);
  }
  paint_expect(&f, 0, "limit-exceeded", "/nodes/1");
}

Test(shapes, authored_counts_in_keys_and_poses_are_whole_numbers) {
  /* Keys are authored too: 3.5 is not a whole number, 2 is below 3. */
  cr_assert_eq(paint_validate(&f, paint_document(&f, "['paint']",
                                                 "[{'id': 'p', 'type': "
                                                 "'polygon', 'cx': 1, 'cy': 1,"
                                                 " 'sides': 3, 'radius': 1,"
                                                 " 'fill': {'color': "
                                                 "'#000'}}]",
                                                 "{'p.sides': [[0, 3], [0.5, "
                                                 "3.5], [1, 2]]}",
                                                 NULL)),
               2);
  paint_expect(&f, 0, "bad-value", "/timelines/t/tracks/p.sides/1/1");
  paint_expect(&f, 1, "bad-value", "/timelines/t/tracks/p.sides/2/1");
  /* A pose value of points 0 on a star. */
  cr_assert_eq(
      paint_validate(
          &f,
          paint_quote(&f, "{'anima': '0.1', 'name': 'x', 'grid': 24,"
                          " 'requires': ['paint'], 'nodes': [{'id': 's',"
                          " 'type': 'star', 'cx': 1, 'cy': 1, 'points': 5,"
                          " 'radius': 1, 'innerRadius': 0.5,"
                          " 'fill': {'color': '#000'}}],"
                          " 'machine': {'layers': {'l': {'initial': 'a',"
                          " 'states': {'a': {'pose': {'s.points': 0}}}}}}}")),
      1);
  paint_expect(&f, 0, "bad-value", "/machine/layers/l/states/a/pose/s.points");
  /* The same pose in a named machine (SPEC motion `machines`): a named
   * machine is a machine, its poses are checked alike, at its pointer. */
  paint_load_module(&f, "motion");
  cr_assert_eq(
      paint_validate(
          &f, paint_quote(
                  &f, "{'anima': '0.1', 'name': 'x', 'grid': 24,"
                      " 'requires': ['paint', 'motion'], 'nodes': [{'id':"
                      " 's', 'type': 'star', 'cx': 1, 'cy': 1, 'points': 5,"
                      " 'radius': 1, 'innerRadius': 0.5,"
                      " 'fill': {'color': '#000'}}],"
                      " 'machines': {'m': {'layers': {'l': {'initial': 'a',"
                      " 'states': {'a': {'pose': {'s.points': 1e9}}}}}}}}")),
      1);
  paint_expect(&f, 0, "bad-value",
               "/machines/m/layers/l/states/a/pose/s.points");
  /* Whole numbers in range are fine, and other addresses are not counts. */
  cr_assert_eq(paint_validate(&f, paint_document(&f, "['paint']",
                                                 "[{'id': 'p', 'type': "
                                                 "'polygon', 'cx': 1, 'cy': 1,"
                                                 " 'sides': 3, 'radius': 1,"
                                                 " 'fill': {'color': "
                                                 "'#000'}}]",
                                                 "{'p.sides': [[0, 3], [1, "
                                                 "1024]], 'p.radius': [[0, "
                                                 "0.5], [1, 2.5]]}",
                                                 NULL)),
               0);
}

Test(shapes, addresses_without_paint_are_undeclared) {
  /* A track on a parameter of a paint node type in a document that does
   * not declare paint: the node type is reported, and so is the address. */
  paint_validate(&f, paint_document(&f, NULL,
                                    "[{'id': 'e', 'type': 'ellipse', 'cx': 1,"
                                    " 'cy': 1, 'rx': 1, 'ry': 1,"
                                    " 'fill': {'color': '#000'}}]",
                                    "{'e.rx': [[0, 1], [1, 2]]}", NULL));
  paint_expect(&f, 0, "undeclared-feature", "/nodes/0/type");
}
