/*
 * test_geometry.c — outlines of circle/rect/arc (SPEC §4), outline lengths
 * (paint chapter "Shared outline lengths"), trims (SPEC §4) and matrices
 * (SPEC §4 Transform). Expected values are derived by hand in comments.
 */
#include <anima/path.h>

#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#define PI 3.14159265358979323846
/* k = 4(√2 − 1)/3. */
#define QUARTER 0.55228474983079339840

static anima_path parse(const char *data) {
  anima_path path;
  cr_assert_eq(anima_path_parse(data, strlen(data), &path, NULL), ANIMA_OK);
  return path;
}

static void expect_point(anima_point point, double x, double y,
                         double tolerance) {
  cr_assert_float_eq(point.x, x, tolerance, "x = %.17g, expected %.17g",
                     point.x, x);
  cr_assert_float_eq(point.y, y, tolerance, "y = %.17g, expected %.17g",
                     point.y, y);
}

/* The end point of segment `index` (moves and lines: points[0]). */
static anima_point end_of(const anima_path *path, size_t index) {
  const anima_segment *segment = &path->segments[index];
  return segment->kind == ANIMA_SEGMENT_CUBIC ? segment->points[2]
                                              : segment->points[0];
}

/* ---------------------------------------------------------------------- */
/* Outlines                                                                 */
/* ---------------------------------------------------------------------- */

/* Finding 1 of the hostile-input review: a cubic whose points overflow
 * has polygon − chord = inf − inf = NaN, which is never "flat enough", so
 * every cubic was split to depth 20 (2^20 pieces; a 1024-point star took
 * hours). Such a length is not finite, and measuring it must end at once.
 * The timeout guards termination; it measures no speed: before the fix the
 * 2 048 cubics below take minutes. */
Test(length, overflowing_cubics_end_at_once, .timeout = 20) {
  static anima_segment segments[2049];
  segments[0] =
      (anima_segment){.kind = ANIMA_SEGMENT_MOVE, .points = {{1e308, 0}}};
  for (size_t i = 1; i < 2049; i++) {
    double sign = i % 2 ? -1 : 1;
    segments[i] = (anima_segment){.kind = ANIMA_SEGMENT_CUBIC,
                                  .points = {{1e308, sign * 1e308},
                                             {-1e308, sign * 1e308},
                                             {sign * 1e308, 0}}};
  }
  anima_path path = {.segments = segments, .count = 2049, .capacity = 2049};
  double length = anima_path_length(&path);
  cr_assert(!isfinite(length), "length %g", length);
  /* A NaN point likewise. */
  double nan_length =
      anima_cubic_length((anima_point){0, 0}, (anima_point){NAN, 0},
                         (anima_point){1, 1}, (anima_point){2, 0});
  cr_assert(isnan(nan_length), "length %g", nan_length);
}

Test(outline, circle_starts_at_angle_zero_clockwise) {
  /* Center (1,2), r = 3: starts at (4,2); angle 90° (y down) is (1,5). */
  anima_segment storage[ANIMA_SHAPE_OUTLINE_SEGMENTS];
  anima_path path;
  anima_path_init_storage(&path, storage, ANIMA_SHAPE_OUTLINE_SEGMENTS);
  cr_assert_eq(anima_path_add_circle(&path, 1, 2, 3), ANIMA_OK);
  cr_assert_eq(path.count, 6);
  cr_assert_eq(path.segments[0].kind, ANIMA_SEGMENT_MOVE);
  expect_point(path.segments[0].points[0], 4, 2, 0);
  expect_point(path.segments[1].points[0], 4, 2 + 3 * QUARTER, 1e-15);
  expect_point(path.segments[1].points[1], 1 + 3 * QUARTER, 5, 1e-15);
  expect_point(end_of(&path, 1), 1, 5, 0);
  expect_point(end_of(&path, 2), -2, 2, 0);
  expect_point(end_of(&path, 3), 1, -1, 0);
  expect_point(end_of(&path, 4), 4, 2, 0);
  cr_assert_eq(path.segments[5].kind, ANIMA_SEGMENT_CLOSE);
}

Test(outline, rect_with_corners_starts_after_the_first_corner) {
  /* x0 = 1, y0 = 2, 10 × 6, rx = 2: starts at (3,2), clockwise. */
  anima_segment storage[ANIMA_SHAPE_OUTLINE_SEGMENTS];
  anima_path path;
  anima_path_init_storage(&path, storage, ANIMA_SHAPE_OUTLINE_SEGMENTS);
  cr_assert_eq(anima_path_add_rect(&path, 1, 2, 10, 6, 2), ANIMA_OK);
  cr_assert_eq(path.count, 10);
  expect_point(path.segments[0].points[0], 3, 2, 0);
  expect_point(end_of(&path, 1), 9, 2, 0);
  /* Top-right corner: controls k of the way to the corner (11,2). */
  expect_point(path.segments[2].points[0], 9 + 2 * QUARTER, 2, 1e-15);
  expect_point(path.segments[2].points[1], 11, 4 - 2 * QUARTER, 1e-15);
  expect_point(end_of(&path, 2), 11, 4, 0);
  expect_point(end_of(&path, 3), 11, 6, 0);
  expect_point(end_of(&path, 4), 9, 8, 0);
  expect_point(end_of(&path, 5), 3, 8, 0);
  expect_point(end_of(&path, 6), 1, 6, 0);
  expect_point(end_of(&path, 7), 1, 4, 0);
  expect_point(end_of(&path, 8), 3, 2, 0);
  cr_assert_eq(path.segments[9].kind, ANIMA_SEGMENT_CLOSE);
}

Test(outline, rect_radius_clamps_per_axis) {
  /* 4 × 10 with rx = 5: horizontal radius 2, vertical 5 (quarter
   * ellipses). Start (0 + 2, 0); first corner ends at (4, 5). */
  anima_path path;
  anima_path_init(&path);
  cr_assert_eq(anima_path_add_rect(&path, 0, 0, 4, 10, 5), ANIMA_OK);
  expect_point(path.segments[0].points[0], 2, 0, 0);
  expect_point(end_of(&path, 2), 4, 5, 0);
  expect_point(path.segments[2].points[1], 4, 5 - 5 * QUARTER, 1e-15);
  anima_path_release(&path);

  /* rx = 0: the four corners, clockwise from (x0, y0). */
  anima_path_init(&path);
  cr_assert_eq(anima_path_add_rect(&path, 1, 1, 2, 3, 0), ANIMA_OK);
  cr_assert_eq(path.count, 5);
  expect_point(path.segments[0].points[0], 1, 1, 0);
  expect_point(end_of(&path, 1), 3, 1, 0);
  expect_point(end_of(&path, 2), 3, 4, 0);
  expect_point(end_of(&path, 3), 1, 4, 0);
  anima_path_release(&path);
}

Test(outline, arc_runs_from_from_to_to) {
  /* r = 2, 0° → 90°: one piece from (2,0) to (0,2). */
  anima_path path;
  anima_path_init(&path);
  cr_assert_eq(anima_path_add_arc(&path, 0, 0, 2, 0, 90), ANIMA_OK);
  cr_assert_eq(path.count, 2);
  expect_point(path.segments[0].points[0], 2, 0, 0);
  expect_point(path.segments[1].points[0], 2, 2 * QUARTER, 1e-12);
  expect_point(end_of(&path, 1), 0, 2, 1e-12);
  anima_path_clear(&path);

  /* −90° → 180°: 270°, three pieces, from (0,−2) to (−2,0). */
  cr_assert_eq(anima_path_add_arc(&path, 0, 0, 2, -90, 180), ANIMA_OK);
  cr_assert_eq(path.count, 4);
  expect_point(path.segments[0].points[0], 0, -2, 1e-12);
  expect_point(end_of(&path, 1), 2, 0, 1e-12);
  expect_point(end_of(&path, 3), -2, 0, 1e-12);
  anima_path_clear(&path);

  /* Sweep ≤ 0 draws nothing; over 360 is a full turn of 4 pieces. */
  cr_assert_eq(anima_path_add_arc(&path, 0, 0, 2, 30, 30), ANIMA_OK);
  cr_assert_eq(path.count, 1);
  anima_path_clear(&path);
  cr_assert_eq(anima_path_add_arc(&path, 0, 0, 2, 0, 720), ANIMA_OK);
  cr_assert_eq(path.count, 5);
  expect_point(end_of(&path, 4), 2, 0, 1e-12);
  anima_path_release(&path);

  cr_assert_eq(anima_path_add_arc(&path, 0, 0, NAN, 0, 90),
               ANIMA_ERROR_INVALID_ARGUMENT);
}

Test(outline, arc_to_converts_like_path_data) {
  /* anima_path_arc_to appends what path data's `A` gives (SPEC §3): a half
   * circle of r = 5 from (0, 5) to (10, 5), sweep 1, is two 90° pieces,
   * with the same arithmetic, bit for bit. */
  anima_path built;
  anima_path_init(&built);
  cr_assert_eq(anima_path_move_to(&built, 0, 5), ANIMA_OK);
  cr_assert_eq(anima_path_arc_to(&built, 5, 5, 0, false, true, 10, 5),
               ANIMA_OK);
  anima_path parsed = parse("M0 5A5 5 0 0 1 10 5");
  cr_assert_eq(built.count, 3);
  cr_assert_eq(parsed.count, 3);
  for (size_t i = 0; i < 3; i++) {
    cr_assert_eq(built.segments[i].kind, parsed.segments[i].kind);
    for (int p = 0; p < 3; p++) {
      cr_assert_eq(built.segments[i].points[p].x,
                   parsed.segments[i].points[p].x);
      cr_assert_eq(built.segments[i].points[p].y,
                   parsed.segments[i].points[p].y);
    }
  }
  /* sweep 1 runs in increasing angle, clockwise on screen (y down): from
   * 9 o'clock (180°) the first piece ends at 12 o'clock (270°), (5, 0),
   * its first control k·5 above the start. */
  expect_point(built.segments[1].points[0], 0, 5 - 5 * QUARTER, 1e-12);
  expect_point(built.segments[1].points[2], 5, 0, 1e-12);
  anima_path_release(&parsed);
  /* After a close the arc starts from the contour's start (a restart move
   * first); equal endpoints append nothing; a zero radius is a line;
   * without a move it is refused. */
  anima_path_clear(&built);
  anima_path_move_to(&built, 1, 1);
  anima_path_line_to(&built, 4, 1);
  anima_path_close(&built);
  cr_assert_eq(anima_path_arc_to(&built, 2, 2, 0, false, true, 1, 1), ANIMA_OK);
  cr_assert_eq(built.count, 3);
  cr_assert_eq(anima_path_arc_to(&built, 0, 2, 0, false, true, 3, 3), ANIMA_OK);
  cr_assert_eq(built.count, 5);
  cr_assert_eq(built.segments[3].kind, ANIMA_SEGMENT_MOVE);
  cr_assert(built.segments[3].continues_subpath);
  cr_assert_eq(built.segments[4].kind, ANIMA_SEGMENT_LINE);
  expect_point(built.segments[4].points[0], 3, 3, 0);
  anima_path_clear(&built);
  cr_assert_eq(anima_path_arc_to(&built, 2, 2, 0, false, true, 3, 3),
               ANIMA_ERROR_INVALID_ARGUMENT);
  anima_path_release(&built);
}

Test(outline, fixed_storage_overflow_leaves_path_unchanged) {
  anima_segment storage[4];
  anima_path path;
  anima_path_init_storage(&path, storage, 4);
  cr_assert_eq(anima_path_add_circle(&path, 0, 0, 1), ANIMA_ERROR_NO_MEMORY);
  cr_assert_eq(path.count, 0);
}

/* ---------------------------------------------------------------------- */
/* Lengths                                                                  */
/* ---------------------------------------------------------------------- */

Test(length, lines_and_closing_edges) {
  anima_path path = parse("M0 0L3 4");
  cr_assert_eq(anima_path_length(&path), 5.0);
  anima_path_release(&path);

  /* The close adds the last edge: 10 + 10 + 10 + 10. */
  path = parse("M0 0h10v10h-10z");
  cr_assert_eq(anima_path_length(&path), 40.0);
  anima_path_release(&path);

  /* Open: 5 + 4; closed: + 3. */
  path = parse("M0 0L3 4L3 0");
  cr_assert_eq(anima_path_length(&path), 9.0);
  anima_path_release(&path);
  path = parse("M0 0L3 4L3 0Z");
  cr_assert_eq(anima_path_length(&path), 12.0);
  anima_path_release(&path);

  /* Every subpath counts: 1 + 2. */
  path = parse("M0 0h1M0 5h2");
  cr_assert_eq(anima_path_length(&path), 3.0);
  anima_path_release(&path);
}

Test(length, straight_cubic_is_its_chord) {
  /* Control polygon 0 + 10 + 0 = chord 10: accepted at once, (10+10)/2. */
  anima_path path = parse("M0 0C0 0 10 0 10 0");
  cr_assert_eq(anima_path_length(&path), 10.0);
  anima_path_release(&path);
}

/* Length of a cubic by composite Simpson integration of |B'(t)|, an
 * independent reference for the subdivision rule. */
static double integrated_length(const anima_point p[4]) {
  const int steps = 20000;
  double sum = 0.0;
  for (int index = 0; index <= steps; index++) {
    double t = (double)index / steps;
    double u = 1.0 - t;
    double dx = 3 * u * u * (p[1].x - p[0].x) + 6 * u * t * (p[2].x - p[1].x) +
                3 * t * t * (p[3].x - p[2].x);
    double dy = 3 * u * u * (p[1].y - p[0].y) + 6 * u * t * (p[2].y - p[1].y) +
                3 * t * t * (p[3].y - p[2].y);
    double weight = index == 0 || index == steps ? 1 : index % 2 ? 4 : 2;
    sum += weight * hypot(dx, dy);
  }
  return sum / (3.0 * steps);
}

Test(length, quarter_circle_cubic) {
  /* The k-cubic of a unit quarter circle. The subdivision rule stops at
   * polygon − chord ≤ 1e-4 per piece, where the mean of polygon and chord
   * is off by far less, so it matches the integral to 1e-6. The cubic
   * itself is slightly longer than the arc π/2 (its radius overshoots by
   * up to 2.7e-4): within 3e-4. */
  anima_point quarter[4] = {{1, 0}, {1, QUARTER}, {QUARTER, 1}, {0, 1}};
  double measured =
      anima_cubic_length(quarter[0], quarter[1], quarter[2], quarter[3]);
  cr_assert_float_eq(measured, integrated_length(quarter), 1e-6);
  cr_assert_float_eq(measured, PI / 2, 3e-4);
  cr_assert_gt(measured, PI / 2);

  /* An S-shaped cubic, checked the same way. */
  anima_point wave[4] = {{0, 0}, {3, 8}, {6, -8}, {10, 1}};
  cr_assert_float_eq(anima_cubic_length(wave[0], wave[1], wave[2], wave[3]),
                     integrated_length(wave), 1e-5);
}

Test(length, shapes) {
  /* Circles: exactly 2πr. */
  cr_assert_eq(anima_circle_length(2), 4 * PI);
  cr_assert_eq(anima_circle_length(-1), 0);
  /* Rect 10 × 6: 32; with rx = 2: straight 2·6 + 2·2 = 16 plus four
   * quarter circles 2π·2. */
  cr_assert_eq(anima_rect_length(10, 6, 0), 32);
  cr_assert_float_eq(anima_rect_length(10, 6, 2), 16 + 4 * PI, 1e-12);
  /* rx = 4 clamps to a = 4 (w/2 = 5), b = 3 (h/2): straight 2·2 + 0 = 4
   * plus Ramanujan's ellipse perimeter for (4, 3): h = (1/7)²,
   * π·7·(1 + 3h/(10 + √(4 − 3h))). */
  double h = 1.0 / 49.0;
  double ellipse = PI * 7 * (1 + 3 * h / (10 + sqrt(4 - 3 * h)));
  cr_assert_float_eq(anima_rect_length(10, 6, 4), 4 + ellipse, 1e-12);
  /* ... which the drawn cubic corners match closely. */
  anima_path path;
  anima_path_init(&path);
  cr_assert_eq(anima_path_add_rect(&path, 0, 0, 10, 6, 4), ANIMA_OK);
  cr_assert_float_eq(anima_path_length(&path), 4 + ellipse, 5e-3);
  anima_path_release(&path);
  /* Zero width, rx = 1: a vertical segment traced down and up, 2h. */
  cr_assert_eq(anima_rect_length(0, 5, 1), 10);
  /* Arcs: r·sweep; none for sweep ≤ 0; at most a full turn. */
  cr_assert_float_eq(anima_arc_length(2, 0, 90), PI, 1e-15);
  cr_assert_eq(anima_arc_length(2, 10, 5), 0);
  cr_assert_float_eq(anima_arc_length(2, 0, 720), 4 * PI, 1e-15);
}

Test(length, arcs_in_path_data) {
  /* A semicircle of r = 5 is two k-cubic quarters: 2·5·(quarter length),
   * within 5·2·3e-4 of 5π. */
  anima_path path = parse("M0 0A5 5 0 0 1 10 0");
  cr_assert_float_eq(anima_path_length(&path), 5 * PI, 3e-3);
  anima_path_release(&path);
}

/* ---------------------------------------------------------------------- */
/* Trims                                                                    */
/* ---------------------------------------------------------------------- */

Test(trim, resolve_plain_and_wrapped) {
  anima_trim trim;
  /* Square of length 40, (0.25, 0.5, 0): [10, 20]. SVG: dash 10, gap 40,
   * offset 10 + 40 − 10 = 40, so the pattern restarts at length 10. */
  cr_assert_eq(anima_trim_resolve(40, 0.25, 0.5, 0, &trim), ANIMA_OK);
  cr_assert(trim.visible);
  cr_assert_not(trim.full);
  cr_assert_eq(trim.piece_count, 1);
  cr_assert_eq(trim.from[0], 10);
  cr_assert_eq(trim.to[0], 20);
  cr_assert_eq(trim.dash_count, 2);
  cr_assert_eq(trim.dash[0], 10);
  cr_assert_eq(trim.dash[1], 40);
  cr_assert_eq(trim.dash_offset, 40);

  /* (0, 0.5, 0.75): from 0.75 for 0.5, wrapping: [30, 40] and [0, 10];
   * dashes from the start: 10 on, 20 off, 10 on, 40 off. */
  cr_assert_eq(anima_trim_resolve(40, 0, 0.5, 0.75, &trim), ANIMA_OK);
  cr_assert_eq(trim.piece_count, 2);
  cr_assert_eq(trim.from[0], 30);
  cr_assert_eq(trim.to[0], 40);
  cr_assert_eq(trim.from[1], 0);
  cr_assert_eq(trim.to[1], 10);
  cr_assert_eq(trim.dash_count, 4);
  cr_assert_eq(trim.dash[0], 10);
  cr_assert_eq(trim.dash[1], 20);
  cr_assert_eq(trim.dash[2], 10);
  cr_assert_eq(trim.dash[3], 40);
  cr_assert_eq(trim.dash_offset, 0);

  /* A negative offset wraps too: 0 − 0.25 → 0.75, span 0.25 ends at 1. */
  cr_assert_eq(anima_trim_resolve(40, 0, 0.25, -0.25, &trim), ANIMA_OK);
  cr_assert_eq(trim.piece_count, 1);
  cr_assert_eq(trim.from[0], 30);
  cr_assert_eq(trim.to[0], 40);
  /* An offset of a whole turn changes nothing. */
  cr_assert_eq(anima_trim_resolve(40, 0.25, 0.5, 1, &trim), ANIMA_OK);
  cr_assert_eq(trim.from[0], 10);
  cr_assert_eq(trim.to[0], 20);
}

Test(trim, empty_full_and_clamped) {
  anima_trim trim;
  cr_assert_eq(anima_trim_resolve(40, 0.5, 0.5, 0, &trim), ANIMA_OK);
  cr_assert_not(trim.visible);
  cr_assert_eq(anima_trim_resolve(40, 0.7, 0.2, 0, &trim), ANIMA_OK);
  cr_assert_not(trim.visible);
  /* Start and end clamp to 0..1: (−1, 2) is the whole outline. */
  cr_assert_eq(anima_trim_resolve(40, -1, 2, 0.3, &trim), ANIMA_OK);
  cr_assert(trim.visible);
  cr_assert(trim.full);
  /* (1.5, 3) clamps to (1, 1): nothing. */
  cr_assert_eq(anima_trim_resolve(40, 1.5, 3, 0, &trim), ANIMA_OK);
  cr_assert_not(trim.visible);
  /* A partial trim of a zero-length outline shows nothing; a full one
   * keeps the outline (a round-cap dot). */
  cr_assert_eq(anima_trim_resolve(0, 0.2, 0.6, 0, &trim), ANIMA_OK);
  cr_assert_not(trim.visible);
  cr_assert_eq(anima_trim_resolve(0, 0, 1, 0, &trim), ANIMA_OK);
  cr_assert(trim.visible && trim.full);
  cr_assert_eq(anima_trim_resolve(40, 0, NAN, 0, &trim),
               ANIMA_ERROR_INVALID_ARGUMENT);
  cr_assert_eq(anima_trim_resolve(-1, 0, 1, 0, &trim),
               ANIMA_ERROR_INVALID_ARGUMENT);
}

Test(trim, square_right_edge) {
  /* (0.25, 0.5, 0) of the square is [10, 20]: the right edge. */
  anima_path square = parse("M0 0h10v10h-10z");
  anima_path out;
  anima_path_init(&out);
  cr_assert_eq(anima_path_add_trimmed(&out, &square, 0.25, 0.5, 0), ANIMA_OK);
  cr_assert_eq(out.count, 2);
  cr_assert_eq(out.segments[0].kind, ANIMA_SEGMENT_MOVE);
  expect_point(out.segments[0].points[0], 10, 0, 0);
  cr_assert_eq(out.segments[1].kind, ANIMA_SEGMENT_LINE);
  expect_point(out.segments[1].points[0], 10, 10, 0);
  anima_path_release(&out);
  anima_path_release(&square);
}

Test(trim, wrapped_square_is_one_contour_through_the_start) {
  /* [30, 40] is the closing edge (0,10) → (0,0); [0, 10] the top edge. */
  anima_path square = parse("M0 0h10v10h-10z");
  anima_path out;
  anima_path_init(&out);
  cr_assert_eq(anima_path_add_trimmed(&out, &square, 0, 0.5, 0.75), ANIMA_OK);
  cr_assert_eq(out.count, 3);
  expect_point(out.segments[0].points[0], 0, 10, 0);
  expect_point(out.segments[1].points[0], 0, 0, 0);
  cr_assert_eq(out.segments[2].kind, ANIMA_SEGMENT_LINE);
  expect_point(out.segments[2].points[0], 10, 0, 0);
  anima_path_release(&out);

  /* Nothing, and everything. */
  cr_assert_eq(anima_path_add_trimmed(&out, &square, 0.5, 0.5, 0), ANIMA_OK);
  cr_assert_eq(out.count, 0);
  cr_assert_eq(anima_path_add_trimmed(&out, &square, 0, 1, 0.4), ANIMA_OK);
  cr_assert_eq(out.count, square.count);
  anima_path_release(&out);
  anima_path_release(&square);
}

Test(trim, open_paths) {
  /* Length 20: (0.25, 0.75) is [5, 15]: (5,0) → (10,0) → (10,5). */
  anima_path corner = parse("M0 0L10 0L10 10");
  anima_path out;
  anima_path_init(&out);
  cr_assert_eq(anima_path_add_trimmed(&out, &corner, 0.25, 0.75, 0), ANIMA_OK);
  cr_assert_eq(out.count, 3);
  expect_point(out.segments[0].points[0], 5, 0, 0);
  expect_point(out.segments[1].points[0], 10, 0, 0);
  expect_point(out.segments[2].points[0], 10, 5, 0);
  anima_path_clear(&out);

  /* Wrapped on an open path: two contours, [15, 20] then [0, 5]. */
  cr_assert_eq(anima_path_add_trimmed(&out, &corner, 0, 0.5, 0.75), ANIMA_OK);
  cr_assert_eq(out.count, 4);
  expect_point(out.segments[0].points[0], 10, 5, 0);
  expect_point(out.segments[1].points[0], 10, 10, 0);
  cr_assert_eq(out.segments[2].kind, ANIMA_SEGMENT_MOVE);
  expect_point(out.segments[2].points[0], 0, 0, 0);
  expect_point(out.segments[3].points[0], 5, 0, 0);
  anima_path_release(&out);
  anima_path_release(&corner);
}

Test(trim, cubics_are_cut_by_length) {
  /* A straight cubic with both controls at the ends moves slowly near them
   * (x(t) = 10(3t² − 2t³)), yet the trim cuts by distance: [2.5, 5]. */
  anima_path line = parse("M0 0C0 0 10 0 10 0");
  anima_path out;
  anima_path_init(&out);
  cr_assert_eq(anima_path_add_trimmed(&out, &line, 0.25, 0.5, 0), ANIMA_OK);
  cr_assert_eq(out.count, 2);
  expect_point(out.segments[0].points[0], 2.5, 0, 1e-9);
  cr_assert_eq(out.segments[1].kind, ANIMA_SEGMENT_CUBIC);
  expect_point(out.segments[1].points[2], 5, 0, 1e-9);
  anima_path_release(&out);
  anima_path_release(&line);

  /* A quarter of a circle's outline ends at angle 90°: (0, 1). */
  anima_path circle;
  anima_path_init(&circle);
  cr_assert_eq(anima_path_add_circle(&circle, 0, 0, 1), ANIMA_OK);
  anima_path_init(&out);
  cr_assert_eq(anima_path_add_trimmed(&out, &circle, 0, 0.25, 0), ANIMA_OK);
  cr_assert_eq(out.count, 2);
  expect_point(out.segments[0].points[0], 1, 0, 0);
  expect_point(out.segments[1].points[2], 0, 1, 1e-9);
  /* Half a turn from 0.75 crosses the start: one contour from (0,−1)
   * through (1,0) to (0,1). */
  anima_path_clear(&out);
  cr_assert_eq(anima_path_add_trimmed(&out, &circle, 0.25, 0.75, 0.5),
               ANIMA_OK);
  cr_assert_eq(out.segments[0].kind, ANIMA_SEGMENT_MOVE);
  expect_point(out.segments[0].points[0], 0, -1, 1e-9);
  for (size_t index = 1; index < out.count; index++) {
    cr_assert_neq(out.segments[index].kind, ANIMA_SEGMENT_MOVE);
  }
  expect_point(out.segments[out.count - 1].points[2], 0, 1, 1e-9);
  anima_path_release(&out);
  anima_path_release(&circle);
}

Test(trim, ranges_and_storage) {
  /* [5, 25] of the square: (5,0) → (10,0) → (10,10) → (5,10). */
  anima_path square = parse("M0 0h10v10h-10z");
  anima_path out;
  anima_path_init(&out);
  cr_assert_eq(anima_path_add_range(&out, &square, 5, 25), ANIMA_OK);
  cr_assert_eq(out.count, 4);
  expect_point(out.segments[0].points[0], 5, 0, 0);
  expect_point(out.segments[3].points[0], 5, 10, 0);
  anima_path_release(&out);

  anima_segment storage[2];
  anima_path_init_storage(&out, storage, 2);
  cr_assert_eq(anima_path_add_range(&out, &square, 5, 25),
               ANIMA_ERROR_NO_MEMORY);
  cr_assert_eq(out.count, 0);
  anima_path_release(&square);
}

/* ---------------------------------------------------------------------- */
/* Matrices                                                                 */
/* ---------------------------------------------------------------------- */

static void expect_transform(anima_matrix matrix, double x, double y,
                             double expected_x, double expected_y) {
  anima_point point = anima_matrix_transform_point(matrix, (anima_point){x, y});
  expect_point(point, expected_x, expected_y, 1e-12);
}

Test(matrix, local_translation_rotation_scale) {
  anima_matrix identity = anima_matrix_identity();
  expect_transform(identity, 3, 4, 3, 4);

  /* Translation only. */
  anima_matrix moved = anima_matrix_local(3, 4, 0, 0, 0, 1, 1, 1);
  expect_transform(moved, 1, 1, 4, 5);

  /* 90° about the pivot (1,1), clockwise on screen (y down): (2,1) is +x
   * of the pivot and turns to +y: (1,2). Exact at multiples of 90°. */
  anima_matrix turned = anima_matrix_local(0, 0, 1, 1, 90, 1, 1, 1);
  cr_assert_eq(turned.a, 0);
  cr_assert_eq(turned.b, 1);
  cr_assert_eq(turned.c, -1);
  cr_assert_eq(turned.d, 0);
  expect_transform(turned, 2, 1, 1, 2);
  expect_transform(anima_matrix_local(0, 0, 0, 0, 450, 1, 1, 1), 1, 0, 0, 1);
  expect_transform(anima_matrix_local(0, 0, 0, 0, -90, 1, 1, 1), 1, 0, 0, -1);
  /* 45°: (1,0) → (√2/2, √2/2). */
  expect_transform(anima_matrix_local(0, 0, 0, 0, 45, 1, 1, 1), 1, 0, sqrt(0.5),
                   sqrt(0.5));

  /* Scale 2·(3, 0.5) about (1,1): (2,2) is (1,1) from the pivot, scaled to
   * (6, 1): (7, 2). The pivot stays put. */
  anima_matrix scaled = anima_matrix_local(0, 0, 1, 1, 0, 2, 3, 0.5);
  expect_transform(scaled, 2, 2, 7, 2);
  expect_transform(scaled, 1, 1, 1, 1);

  /* Everything: rotate 90 about (1,1), scale 2, then translate (10, 0):
   * (2,1) → pivot-relative (1,0) → scaled (2,0) → turned (0,2) → (1,3) →
   * (11,3). */
  anima_matrix all = anima_matrix_local(10, 0, 1, 1, 90, 2, 1, 1);
  expect_transform(all, 2, 1, 11, 3);
}

Test(matrix, multiply_and_invert) {
  /* left·right applies right first: scale 2 then translate (5,0):
   * (1,1) → (2,2) → (7,2). */
  anima_matrix translate = anima_matrix_local(5, 0, 0, 0, 0, 1, 1, 1);
  anima_matrix scale = anima_matrix_local(0, 0, 0, 0, 0, 2, 1, 1);
  expect_transform(anima_matrix_multiply(translate, scale), 1, 1, 7, 2);
  expect_transform(anima_matrix_multiply(scale, translate), 1, 1, 12, 2);

  anima_matrix local = anima_matrix_local(3, -2, 1, 4, 30, 2, 1.5, 0.25);
  anima_matrix inverse;
  cr_assert(anima_matrix_invert(local, &inverse));
  anima_matrix product = anima_matrix_multiply(inverse, local);
  cr_assert_float_eq(product.a, 1, 1e-12);
  cr_assert_float_eq(product.b, 0, 1e-12);
  cr_assert_float_eq(product.c, 0, 1e-12);
  cr_assert_float_eq(product.d, 1, 1e-12);
  cr_assert_float_eq(product.e, 0, 1e-12);
  cr_assert_float_eq(product.f, 0, 1e-12);

  anima_matrix flat = anima_matrix_local(0, 0, 0, 0, 0, 0, 1, 1);
  cr_assert_not(anima_matrix_invert(flat, &inverse));
  anima_matrix broken = {NAN, 0, 0, 1, 0, 0};
  cr_assert_not(anima_matrix_invert(broken, &inverse));
}
