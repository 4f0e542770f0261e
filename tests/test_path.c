/*
 * test_path.c — the SVG path grammar (SPEC §3), subpath selection and the
 * path-building API (include/anima/path.h). Expected coordinates are worked
 * out by hand from SVG 1.1 §8.3 and F.6 in the comments.
 */
#include <anima/path.h>

#include <criterion/criterion.h>
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* k = 4(√2 − 1)/3, the quarter-circle cubic control distance. */
#define QUARTER 0.55228474983079339840

static anima_path parse_ok(const char *data) {
  anima_path path;
  anima_path_error error = {0};
  anima_status status = anima_path_parse(data, strlen(data), &path, &error);
  cr_assert_eq(status, ANIMA_OK, "\"%s\" failed: %s", data, error.message);
  return path;
}

static anima_path_error parse_fails(const char *data, size_t length) {
  anima_path path;
  anima_path_error error = {0};
  anima_status status = anima_path_parse(data, length, &path, &error);
  cr_assert_eq(status, ANIMA_ERROR_INVALID_DOCUMENT, "\"%s\" parsed", data);
  cr_assert_eq(path.count, 0);
  cr_assert_null(path.segments);
  return error;
}

static void expect_segment(const anima_path *path, size_t index,
                           anima_segment_kind kind, const double *points,
                           size_t point_count) {
  cr_assert_lt(index, path->count, "segment %zu missing", index);
  const anima_segment *segment = &path->segments[index];
  cr_assert_eq(segment->kind, kind, "segment %zu kind %d, expected %d", index,
               segment->kind, kind);
  for (size_t point = 0; point < point_count; point++) {
    cr_assert_float_eq(segment->points[point].x, points[2 * point], 1e-12,
                       "segment %zu point %zu x = %.17g, expected %.17g", index,
                       point, segment->points[point].x, points[2 * point]);
    cr_assert_float_eq(segment->points[point].y, points[2 * point + 1], 1e-12,
                       "segment %zu point %zu y = %.17g, expected %.17g", index,
                       point, segment->points[point].y, points[2 * point + 1]);
  }
}

#define MOVE(path, index, x, y)                                                \
  expect_segment(path, index, ANIMA_SEGMENT_MOVE, (double[]){x, y}, 1)
#define LINE(path, index, x, y)                                                \
  expect_segment(path, index, ANIMA_SEGMENT_LINE, (double[]){x, y}, 1)
#define CUBIC(path, index, ...)                                                \
  expect_segment(path, index, ANIMA_SEGMENT_CUBIC, (double[]){__VA_ARGS__}, 3)
#define CLOSE(path, index)                                                     \
  expect_segment(path, index, ANIMA_SEGMENT_CLOSE, NULL, 0)

Test(path_grammar, move_and_line_absolute_and_relative) {
  anima_path path = parse_ok("M1 2L3 4");
  cr_assert_eq(path.count, 2);
  MOVE(&path, 0, 1, 2);
  LINE(&path, 1, 3, 4);
  anima_path_release(&path);

  /* l is relative to the current point: (1, 2) + (3, 4). */
  path = parse_ok("m1 2l3 4");
  MOVE(&path, 0, 1, 2);
  LINE(&path, 1, 4, 6);
  anima_path_release(&path);
}

Test(path_grammar, extra_pairs_after_move_are_lines) {
  anima_path path = parse_ok("M1 2 3 4 5 6");
  cr_assert_eq(path.count, 3);
  MOVE(&path, 0, 1, 2);
  LINE(&path, 1, 3, 4);
  LINE(&path, 2, 5, 6);
  anima_path_release(&path);

  /* After m they are l: (1,2)+(3,4) = (4,6), then +(5,6) = (9,12). */
  path = parse_ok("m1 2 3 4 5 6");
  MOVE(&path, 0, 1, 2);
  LINE(&path, 1, 4, 6);
  LINE(&path, 2, 9, 12);
  cr_assert_eq(anima_path_subpath_count(&path), 1);
  anima_path_release(&path);
}

Test(path_grammar, horizontal_and_vertical) {
  /* H5 from (1,2): (5,2); V7: (5,7); h-1: (4,7); v-2: (4,5). */
  anima_path path = parse_ok("M1 2H5V7h-1v-2");
  cr_assert_eq(path.count, 5);
  LINE(&path, 1, 5, 2);
  LINE(&path, 2, 5, 7);
  LINE(&path, 3, 4, 7);
  LINE(&path, 4, 4, 5);
  anima_path_release(&path);
}

Test(path_grammar, cubic_absolute_and_relative) {
  /* c from (5,6): (5+1, 6+1), (5+2, 6+2), (5+3, 6+3). */
  anima_path path = parse_ok("M0 0C1 2 3 4 5 6c1 1 2 2 3 3");
  cr_assert_eq(path.count, 3);
  CUBIC(&path, 1, 1, 2, 3, 4, 5, 6);
  CUBIC(&path, 2, 6, 7, 7, 8, 8, 9);
  anima_path_release(&path);
}

Test(path_grammar, smooth_cubic_reflects_previous_control) {
  /* First control of S: (3,4) reflected about (5,6) = (7,8). */
  anima_path path = parse_ok("M0 0C1 2 3 4 5 6S9 10 11 12");
  CUBIC(&path, 2, 7, 8, 9, 10, 11, 12);
  anima_path_release(&path);

  /* s relative to (5,6): (9,10) and (11,12) again. */
  path = parse_ok("M0 0C1 2 3 4 5 6s4 4 6 6");
  CUBIC(&path, 2, 7, 8, 9, 10, 11, 12);
  anima_path_release(&path);

  /* Without a previous C/S the first control is the current point. */
  path = parse_ok("M1 1S3 4 5 6");
  CUBIC(&path, 1, 1, 1, 3, 4, 5, 6);
  anima_path_release(&path);

  /* An S after S reflects the previous S's second control: (9,10) about
   * (11,12) = (13,14). */
  path = parse_ok("M0 0C1 2 3 4 5 6S9 10 11 12 15 16 17 18");
  CUBIC(&path, 3, 13, 14, 15, 16, 17, 18);
  anima_path_release(&path);
}

Test(path_grammar, quadratic_raised_to_cubic) {
  /* Q (3,3) from (0,0) to (6,0): C1 = P0 + 2/3(Q − P0) = (2,2),
   * C2 = P2 + 2/3(Q − P2) = (6 − 2, 0 + 2) = (4,2). */
  anima_path path = parse_ok("M0 0Q3 3 6 0");
  CUBIC(&path, 1, 2, 2, 4, 2, 6, 0);
  anima_path_release(&path);

  /* q from (1,1): Q = (4,4), end (7,1); C1 = (1,1) + 2/3(3,3) = (3,3),
   * C2 = (7,1) + 2/3(−3,3) = (5,3). */
  path = parse_ok("M1 1q3 3 6 0");
  CUBIC(&path, 1, 3, 3, 5, 3, 7, 1);
  anima_path_release(&path);
}

Test(path_grammar, smooth_quadratic_reflects_previous_control) {
  /* T after Q(3,3)->(6,0): control (9,−3); C1 = (6,0) + 2/3(3,−3) =
   * (8,−2), C2 = (12,0) + 2/3(−3,−3) = (10,−2). */
  anima_path path = parse_ok("M0 0Q3 3 6 0T12 0");
  CUBIC(&path, 2, 8, -2, 10, -2, 12, 0);
  anima_path_release(&path);
  path = parse_ok("M0 0Q3 3 6 0t6 0");
  CUBIC(&path, 2, 8, -2, 10, -2, 12, 0);
  anima_path_release(&path);

  /* T without a previous Q/T: the control is the current point (0,0):
   * C1 = (0,0), C2 = (6,0) + 2/3(−6,0) = (2,0). */
  path = parse_ok("M0 0T6 0");
  CUBIC(&path, 1, 0, 0, 2, 0, 6, 0);
  anima_path_release(&path);

  /* A T after a C does not reflect the cubic control. */
  path = parse_ok("M0 0C1 1 2 2 3 0T9 0");
  CUBIC(&path, 2, 3, 0, 5, 0, 9, 0);
  anima_path_release(&path);
}

Test(path_grammar, semicircle_arc) {
  /* From (0,0) to (10,0) with r = 5: F.6.5 gives x1' = −5, y1' = 0, the
   * radicand 0, so the center is the midpoint (5,0); θ1 = π, Δθ = +π
   * (sweep 1). Two 90° pieces: via the angle 3π/2 point (5,−5). With
   * k = 4/3·tan(π/8) = QUARTER: piece 1 controls (0, −5k), (5 − 5k, −5);
   * piece 2 controls (5 + 5k, −5), (10, −5k), ending exactly at (10,0). */
  anima_path path = parse_ok("M0 0A5 5 0 0 1 10 0");
  cr_assert_eq(path.count, 3);
  CUBIC(&path, 1, 0, -5 * QUARTER, 5 - 5 * QUARTER, -5, 5, -5);
  CUBIC(&path, 2, 5 + 5 * QUARTER, -5, 10, -5 * QUARTER, 10, 0);
  anima_path_release(&path);

  /* Relative: the same shifted by (1,1). */
  path = parse_ok("M1 1a5 5 0 0 1 10 0");
  CUBIC(&path, 1, 1, 1 - 5 * QUARTER, 6 - 5 * QUARTER, -4, 6, -4);
  CUBIC(&path, 2, 6 + 5 * QUARTER, -4, 11, 1 - 5 * QUARTER, 11, 1);
  anima_path_release(&path);

  /* Sweep 0 goes the other way, through (5, 5). */
  path = parse_ok("M0 0A5 5 0 0 0 10 0");
  CUBIC(&path, 1, 0, 5 * QUARTER, 5 - 5 * QUARTER, 5, 5, 5);
  anima_path_release(&path);
}

Test(path_grammar, arc_radius_correction_and_degenerate_arcs) {
  /* r = 1 cannot reach from (0,0) to (10,0): Λ = 25, radii scale by 5, the
   * same semicircle as r = 5. */
  anima_path path = parse_ok("M0 0A1 1 0 0 1 10 0");
  cr_assert_eq(path.count, 3);
  CUBIC(&path, 1, 0, -5 * QUARTER, 5 - 5 * QUARTER, -5, 5, -5);
  anima_path_release(&path);

  /* A zero radius is a straight line. */
  path = parse_ok("M0 0A0 5 0 0 1 10 0");
  cr_assert_eq(path.count, 2);
  LINE(&path, 1, 10, 0);
  anima_path_release(&path);

  /* Equal endpoints omit the arc. */
  path = parse_ok("M3 3A5 5 0 0 1 3 3");
  cr_assert_eq(path.count, 1);
  anima_path_release(&path);

  /* Negative radii count as their absolute value. */
  path = parse_ok("M0 0A-5 -5 0 0 1 10 0");
  CUBIC(&path, 1, 0, -5 * QUARTER, 5 - 5 * QUARTER, -5, 5, -5);
  anima_path_release(&path);
}

Test(path_grammar, large_arc_flag) {
  /* (0,0) to (5,−5), r = 5. Small arc (fA = 0, fS = 1): center (5,0),
   * from angle π to 3π/2, one piece. Large arc (fA = 1): center (0,−5),
   * from π/2 through +3π/2 (three pieces), the second ending at angle 3π/2
   * + ... = π/2 + π: (0, −5) + 5(cos 3π/2, sin 3π/2) = (0, −10). */
  anima_path path = parse_ok("M0 0A5 5 0 0 1 5 -5");
  cr_assert_eq(path.count, 2);
  CUBIC(&path, 1, 0, -5 * QUARTER, 5 - 5 * QUARTER, -5, 5, -5);
  anima_path_release(&path);

  path = parse_ok("M0 0A5 5 0 1 1 5 -5");
  cr_assert_eq(path.count, 4);
  cr_assert_float_eq(path.segments[1].points[2].x, -5, 1e-12);
  cr_assert_float_eq(path.segments[1].points[2].y, -5, 1e-12);
  cr_assert_float_eq(path.segments[2].points[2].x, 0, 1e-12);
  cr_assert_float_eq(path.segments[2].points[2].y, -10, 1e-12);
  cr_assert_eq(path.segments[3].points[2].x, 5);
  cr_assert_eq(path.segments[3].points[2].y, -5);
  anima_path_release(&path);
}

Test(path_grammar, rotated_ellipse_arc) {
  /* rx = 10, ry = 5, x axis turned 90°: from (0,0) to (0,20), Λ = 1, the
   * center is (0,10). Parameter angle π maps to (0,0); the midpoint
   * parameter 3π/2 is (0, −5) in the ellipse frame, turned 90° clockwise
   * (y down): (5, 0), plus the center: (5, 10). */
  anima_path path = parse_ok("M0 0A10 5 90 0 1 0 20");
  cr_assert_eq(path.count, 3);
  cr_assert_float_eq(path.segments[1].points[2].x, 5, 1e-12);
  cr_assert_float_eq(path.segments[1].points[2].y, 10, 1e-12);
  anima_path_release(&path);
}

Test(path_grammar, packed_arc_flags) {
  /* `a4 4 0 012.526 5.77` is flags 0 and 1, then 2.526 and 5.77. */
  anima_path packed = parse_ok("M0 0a4 4 0 012.526 5.77");
  anima_path spaced = parse_ok("M0 0a4 4 0 0 1 2.526 5.77");
  cr_assert_eq(packed.count, spaced.count);
  /* Field by field: memcmp would also compare the struct's padding bytes,
   * which are indeterminate (the test failed under ASan). */
  for (size_t index = 0; index < packed.count; index++) {
    const anima_segment *a = &packed.segments[index];
    const anima_segment *b = &spaced.segments[index];
    cr_assert_eq(a->kind, b->kind, "segment %zu", index);
    cr_assert_eq(a->continues_subpath, b->continues_subpath);
    for (size_t point = 0; point < 3; point++) {
      cr_assert_eq(a->points[point].x, b->points[point].x);
      cr_assert_eq(a->points[point].y, b->points[point].y);
    }
  }
  const anima_segment *last = &packed.segments[packed.count - 1];
  cr_assert_eq(last->points[2].x, 2.526);
  cr_assert_eq(last->points[2].y, 5.77);
  anima_path_release(&packed);
  anima_path_release(&spaced);
}

Test(path_grammar, number_forms) {
  /* `.5.5` is two numbers; `-.5e-1` is −0.05; `1E2` is 100. */
  anima_path path = parse_ok("M.5.5L-.5e-1,1E2L1e+1-2L0.5-.5L+3 -0");
  MOVE(&path, 0, 0.5, 0.5);
  LINE(&path, 1, -0.05, 100);
  LINE(&path, 2, 10, -2);
  LINE(&path, 3, 0.5, -0.5);
  LINE(&path, 4, 3, 0);
  anima_path_release(&path);

  /* Glyphy's decimals convert exactly as C's literals do. */
  path = parse_ok("M9.493 4.473C0.1 0.2 0.3 123456.789 1e-7 3.14159");
  cr_assert_eq(path.segments[0].points[0].x, 9.493);
  cr_assert_eq(path.segments[0].points[0].y, 4.473);
  cr_assert_eq(path.segments[1].points[0].x, 0.1);
  cr_assert_eq(path.segments[1].points[1].y, 123456.789);
  cr_assert_eq(path.segments[1].points[2].x, 1e-7);
  cr_assert_eq(path.segments[1].points[2].y, 3.14159);
  anima_path_release(&path);

  /* Long numbers take the slow path and still round correctly. */
  path = parse_ok("M0.1000000000000000000001 123456.78901234567890123");
  cr_assert_eq(path.segments[0].points[0].x, 0.1);
  cr_assert_eq(path.segments[0].points[0].y, 123456.78901234567890123);
  anima_path_release(&path);
}

Test(path_grammar, separators) {
  anima_path path = parse_ok("  M 1,2 L 3 , 4,5,6 \t\n\r\f z  ");
  cr_assert_eq(path.count, 4);
  MOVE(&path, 0, 1, 2);
  LINE(&path, 1, 3, 4);
  LINE(&path, 2, 5, 6);
  CLOSE(&path, 3);
  anima_path_release(&path);
}

Test(path_grammar, close_and_continue) {
  /* Drawing after Z without M restarts at the subpath start (0,0) with a
   * move that does not start a new numbered subpath. */
  anima_path path = parse_ok("M0 0L10 0L10 10ZL0 10");
  cr_assert_eq(path.count, 6);
  CLOSE(&path, 3);
  MOVE(&path, 4, 0, 0);
  cr_assert(path.segments[4].continues_subpath);
  LINE(&path, 5, 0, 10);
  cr_assert_eq(anima_path_subpath_count(&path), 1);
  anima_path_release(&path);

  /* m after z is relative to the subpath start (1,1): (3,3). */
  path = parse_ok("M1 1L2 1zm2 2l1 0");
  MOVE(&path, 3, 3, 3);
  cr_assert_not(path.segments[3].continues_subpath);
  LINE(&path, 4, 4, 3);
  cr_assert_eq(anima_path_subpath_count(&path), 2);
  anima_path_release(&path);

  /* ZZ closes once. */
  path = parse_ok("M0 0ZZ");
  cr_assert_eq(path.count, 2);
  anima_path_release(&path);
}

Test(path_errors, offsets_and_messages) {
  anima_path_error error = parse_fails("M0 0 L", 6);
  cr_assert_eq(error.offset, 6);
  cr_assert_not_null(
      strstr(error.message, "expected a number after \"L\" at offset 6"), "%s",
      error.message);

  error = parse_fails("M 0,", 4);
  cr_assert_eq(error.offset, 4);
  cr_assert_not_null(
      strstr(error.message, "expected a number after \"M\" at offset 4"), "%s",
      error.message);

  error = parse_fails("X", 1);
  cr_assert_eq(error.offset, 0);
  cr_assert_not_null(strstr(error.message, "must start with \"M\""), "%s",
                     error.message);

  /* The flag 2 sits at offset 13. */
  error = parse_fails("M0 0 A 1 1 0 2 0 3 3", 20);
  cr_assert_eq(error.offset, 13);
  cr_assert_not_null(strstr(error.message, "flag (0 or 1) after \"A\""), "%s",
                     error.message);
}

Test(path_errors, more_bad_data) {
  struct {
    const char *data;
    size_t offset;
    const char *words;
  } cases[] = {
      {"", 0, "empty"},
      {"   ", 3, "empty"},
      {"M0 0 Z 1", 7, "takes no numbers"},
      {"M0 0 L1 1,", 10, "expected a number"},
      {"M1e999 0", 1, "out of range"},
      {"M0 1000001", 3, "number out of range"},
      {"M999999 0l2 0", 10, "coordinates out of range"},
      {"M0 0 L1 1 foo", 10, "expected a path command"},
      {"M,0 0", 1, "expected a number after \"M\""},
      {"M0 0 C1 2 3 4 5", 15, "expected a number after \"C\""},
      {"M0 0,L1 1", 5, "expected a number"},
      {"M0 0 L1e 1", 7, "expected a number after \"L\""},
      {"L1 1", 0, "must start"},
      {"M0 0 A1 1 0 0", 13, "flag"},
      {"M-", 2, "expected a number"},
      {"M.", 2, "expected a number"},
  };
  for (size_t index = 0; index < sizeof cases / sizeof cases[0]; index++) {
    anima_path_error error =
        parse_fails(cases[index].data, strlen(cases[index].data));
    cr_expect_eq(error.offset, cases[index].offset,
                 "\"%s\": offset %zu, expected %zu (%s)", cases[index].data,
                 error.offset, cases[index].offset, error.message);
    cr_expect_not_null(strstr(error.message, cases[index].words), "\"%s\": %s",
                       cases[index].data, error.message);
  }
  /* A NUL inside the given length and a byte outside ASCII are refused. */
  anima_path_error error = parse_fails("M0 0\0L1 1", 9);
  cr_assert_eq(error.offset, 4);
  error = parse_fails("M0 0\xc3\xa9", 6);
  cr_assert_eq(error.offset, 4);
  cr_assert_not_null(strstr(error.message, "0xc3"), "%s", error.message);
  /* The length bounds the data: "M0 0L" cut after "M0 0" is fine. */
  anima_path path;
  cr_assert_eq(anima_path_parse("M0 0L", 4, &path, NULL), ANIMA_OK);
  cr_assert_eq(path.count, 1);
  anima_path_release(&path);
  cr_assert_eq(anima_path_parse(NULL, 0, &path, NULL),
               ANIMA_ERROR_INVALID_ARGUMENT);
}

Test(path_subpaths, selection_in_data_order) {
  anima_path source = parse_ok("M0 0L1 0M5 5L6 5M9 9L9 8");
  cr_assert_eq(anima_path_subpath_count(&source), 3);
  anima_path selected;
  anima_path_init(&selected);
  size_t indices[] = {2, 0};
  cr_assert_eq(anima_path_select_subpaths(&selected, &source, indices, 2, NULL),
               ANIMA_OK);
  cr_assert_eq(selected.count, 4);
  MOVE(&selected, 0, 0, 0);
  LINE(&selected, 1, 1, 0);
  MOVE(&selected, 2, 9, 9);
  LINE(&selected, 3, 9, 8);
  anima_path_release(&selected);
  anima_path_release(&source);
}

Test(path_subpaths, continuing_moves_stay_with_their_subpath) {
  anima_path source = parse_ok("M0 0L1 0ZL0 1M5 5L6 6");
  anima_path selected;
  anima_path_init(&selected);
  size_t first[] = {0};
  cr_assert_eq(anima_path_select_subpaths(&selected, &source, first, 1, NULL),
               ANIMA_OK);
  cr_assert_eq(selected.count, 5);
  LINE(&selected, 4, 0, 1);
  anima_path_release(&selected);
  anima_path_release(&source);
}

Test(path_subpaths, bad_indices) {
  anima_path source = parse_ok("M0 0L1 0M5 5L6 5");
  anima_path selected;
  anima_path_init(&selected);
  anima_path_error error = {0};
  size_t out_of_range[] = {0, 2};
  cr_assert_eq(
      anima_path_select_subpaths(&selected, &source, out_of_range, 2, &error),
      ANIMA_ERROR_INVALID_ARGUMENT);
  cr_assert_eq(error.offset, 1);
  cr_assert_not_null(strstr(error.message, "subpath 2 is out of range"), "%s",
                     error.message);
  size_t repeated[] = {1, 1};
  cr_assert_eq(
      anima_path_select_subpaths(&selected, &source, repeated, 2, &error),
      ANIMA_ERROR_INVALID_ARGUMENT);
  cr_assert_eq(error.offset, 1);
  cr_assert_not_null(strstr(error.message, "listed twice"), "%s",
                     error.message);
  cr_assert_eq(selected.count, 0);
  anima_path_release(&source);
}

Test(path_building, fixed_storage_never_grows) {
  anima_segment storage[2];
  anima_path path;
  anima_path_init_storage(&path, storage, 2);
  cr_assert_eq(anima_path_line_to(&path, 1, 1), ANIMA_ERROR_INVALID_ARGUMENT);
  cr_assert_eq(anima_path_move_to(&path, 0, 0), ANIMA_OK);
  cr_assert_eq(anima_path_line_to(&path, NAN, 1), ANIMA_ERROR_INVALID_ARGUMENT);
  cr_assert_eq(anima_path_line_to(&path, 1, 0), ANIMA_OK);
  cr_assert_eq(anima_path_close(&path), ANIMA_ERROR_NO_MEMORY);
  cr_assert_eq(path.count, 2);
  cr_assert_eq(path.segments, storage);
  anima_path_release(&path); /* caller storage: nothing freed */
  cr_assert_eq(path.segments, storage);
}

Test(path_building, drawing_after_close_restarts) {
  anima_path path;
  anima_path_init(&path);
  cr_assert_eq(anima_path_move_to(&path, 2, 3), ANIMA_OK);
  cr_assert_eq(anima_path_line_to(&path, 5, 3), ANIMA_OK);
  cr_assert_eq(anima_path_close(&path), ANIMA_OK);
  cr_assert_eq(anima_path_close(&path), ANIMA_OK);
  cr_assert_eq(anima_path_cubic_to(&path, 1, 1, 2, 2, 3, 3), ANIMA_OK);
  cr_assert_eq(path.count, 5);
  CLOSE(&path, 2);
  MOVE(&path, 3, 2, 3);
  cr_assert(path.segments[3].continues_subpath);
  CUBIC(&path, 4, 1, 1, 2, 2, 3, 3);
  cr_assert_eq(anima_path_subpath_count(&path), 1);
  anima_path_release(&path);
  cr_assert_null(path.segments);
}

/* Every `d="…"` attribute of one SVG file; returns how many parsed. */
static size_t parse_file(const char *file, size_t *failures) {
  FILE *stream = fopen(file, "rb");
  cr_assert_not_null(stream, "cannot open %s", file);
  fseek(stream, 0, SEEK_END);
  long size = ftell(stream);
  fseek(stream, 0, SEEK_SET);
  char *text = malloc((size_t)size + 1);
  cr_assert_not_null(text);
  cr_assert_eq(fread(text, 1, (size_t)size, stream), (size_t)size);
  text[size] = '\0';
  fclose(stream);
  size_t parsed = 0;
  for (char *at = strstr(text, "d="); at != NULL; at = strstr(at + 2, "d=")) {
    char quote = at[2];
    bool attribute = at > text && strchr(" \t\r\n", at[-1]) != NULL;
    if (!attribute || (quote != '"' && quote != '\'')) {
      continue;
    }
    char *end = strchr(at + 3, quote);
    cr_assert_not_null(end, "%s: unterminated d attribute", file);
    anima_path path;
    anima_path_error error = {0};
    if (anima_path_parse(at + 3, (size_t)(end - at - 3), &path, &error) !=
        ANIMA_OK) {
      cr_log_error("%s: %s", file, error.message);
      (*failures)++;
    } else {
      cr_assert_gt(path.count, 0);
      cr_assert_eq(path.segments[0].kind, ANIMA_SEGMENT_MOVE);
      parsed++;
    }
    anima_path_release(&path);
  }
  free(text);
  return parsed;
}

static void parse_directory(const char *directory, size_t *files, size_t *paths,
                            size_t *failures) {
  DIR *listing = opendir(directory);
  cr_assert_not_null(listing, "cannot list %s", directory);
  struct dirent *entry;
  while ((entry = readdir(listing)) != NULL) {
    if (entry->d_name[0] == '.') {
      continue;
    }
    char child[4096];
    snprintf(child, sizeof child, "%s/%s", directory, entry->d_name);
    struct stat info;
    if (stat(child, &info) != 0) {
      continue;
    }
    if (S_ISDIR(info.st_mode)) {
      parse_directory(child, files, paths, failures);
    } else {
      size_t length = strlen(entry->d_name);
      if (length > 4 && strcmp(entry->d_name + length - 4, ".svg") == 0) {
        (*files)++;
        *paths += parse_file(child, failures);
      }
    }
  }
  closedir(listing);
}

Test(path_corpus, every_corpus_path_parses) {
  const char *corpus = getenv("ANIMA_CORPUS_DIR");
  char directory[4096];
  snprintf(directory, sizeof directory, "%s/svg",
           corpus != NULL ? corpus : "../shared/corpus");
  struct stat info;
  if (stat(directory, &info) != 0 || !S_ISDIR(info.st_mode)) {
    cr_skip_test("corpus not found at %s (set ANIMA_CORPUS_DIR)", directory);
  }
  size_t files = 0, paths = 0, failures = 0;
  parse_directory(directory, &files, &paths, &failures);
  fprintf(stderr, "parsed %zu path attributes in %zu SVG files\n", paths,
          files);
  cr_assert_gt(files, 0, "no SVG files under %s", directory);
  cr_assert_gt(paths, 0);
  cr_assert_eq(failures, 0, "%zu path attributes failed to parse", failures);
}
