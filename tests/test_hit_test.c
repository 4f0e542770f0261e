/*
 * test_hit_test.c — pointer hit testing (SPEC §9): fill by rule, stroke
 * within half its world width, hitPadding, world transforms, whole-icon
 * shapes. Every probe point is chosen well away from edges (≥ 0.05 units)
 * unless the test is about an exact edge, and its expected answer derived
 * in a comment.
 */
#include <anima/path.h>

#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#define PI 3.14159265358979323846

static anima_path parse(const char *data) {
  anima_path path;
  cr_assert_eq(anima_path_parse(data, strlen(data), &path, NULL), ANIMA_OK);
  return path;
}

static anima_hit_shape filled(const anima_path *outline, anima_fill_rule rule) {
  anima_hit_shape shape = {.outline = outline,
                           .world = anima_matrix_identity(),
                           .has_fill = true,
                           .fill_rule = rule};
  return shape;
}

static anima_hit_shape stroked(const anima_path *outline, double width) {
  anima_hit_shape shape = {.outline = outline,
                           .world = anima_matrix_identity(),
                           .has_stroke = true,
                           .stroke_width = width};
  return shape;
}

/* A 10 × 10 square with a 4 × 4 square inside at (3,3), both clockwise. */
static const char *square_with_hole = "M0 0h10v10h-10z M3 3h4v4h-4z";

Test(hit_fill, evenodd_hole_and_nonzero) {
  anima_path path = parse(square_with_hole);
  anima_hit_shape evenodd = filled(&path, ANIMA_FILL_EVENODD);
  anima_hit_shape nonzero = filled(&path, ANIMA_FILL_NONZERO);
  /* (1,1): inside the outer square only — winding 1. */
  cr_assert(anima_hit_test_shape(&evenodd, 0, 1, 1));
  cr_assert(anima_hit_test_shape(&nonzero, 0, 1, 1));
  /* (5,5): inside both, winding 2: a hole for evenodd, filled for
   * nonzero. */
  cr_assert_not(anima_hit_test_shape(&evenodd, 0, 5, 5));
  cr_assert(anima_hit_test_shape(&nonzero, 0, 5, 5));
  /* Outside. */
  cr_assert_not(anima_hit_test_shape(&evenodd, 0, 11, 5));
  cr_assert_not(anima_hit_test_shape(&nonzero, 0, -0.1, 5));
  anima_path_release(&path);

  /* The inner square drawn counter-clockwise makes a nonzero hole too. */
  path = parse("M0 0h10v10h-10z M3 3v4h4v-4z");
  nonzero = filled(&path, ANIMA_FILL_NONZERO);
  cr_assert_not(anima_hit_test_shape(&nonzero, 0, 5, 5));
  cr_assert(anima_hit_test_shape(&nonzero, 0, 2, 5));
  anima_path_release(&path);
}

Test(hit_fill, padding_grows_the_area) {
  anima_path path = parse(square_with_hole);
  anima_hit_shape shape = filled(&path, ANIMA_FILL_EVENODD);
  /* (10.5, 5) is 0.5 right of the square. */
  cr_assert(anima_hit_test_shape(&shape, 1, 10.5, 5));
  cr_assert_not(anima_hit_test_shape(&shape, 0.4, 10.5, 5));
  /* (5,5) is 2 from the hole's edges. */
  cr_assert(anima_hit_test_shape(&shape, 2.5, 5, 5));
  cr_assert_not(anima_hit_test_shape(&shape, 1.5, 5, 5));
  /* Diagonally off the corner (10,10) by (0.3,0.3): 0.424 away. */
  cr_assert(anima_hit_test_shape(&shape, 0.5, 10.3, 10.3));
  cr_assert_not(anima_hit_test_shape(&shape, 0.4, 10.3, 10.3));
  /* Negative padding counts as 0. */
  cr_assert_not(anima_hit_test_shape(&shape, -3, 10.5, 5));
  anima_path_release(&path);
}

Test(hit_fill, open_contours_close_for_the_fill) {
  /* (0,0) → (10,0) → (10,10), closed back to (0,0): the triangle below
   * the diagonal y = x (y down). (8,2) is in it, (2,8) is not. */
  anima_path path = parse("M0 0L10 0L10 10");
  anima_hit_shape shape = filled(&path, ANIMA_FILL_NONZERO);
  cr_assert(anima_hit_test_shape(&shape, 0, 8, 2));
  cr_assert_not(anima_hit_test_shape(&shape, 0, 2, 8));
  /* The implicit closing edge also bounds the padding: (2, 2.5) is 0.354
   * from the diagonal. */
  cr_assert(anima_hit_test_shape(&shape, 0.4, 2, 2.5));
  cr_assert_not(anima_hit_test_shape(&shape, 0.3, 2, 2.5));
  anima_path_release(&path);
}

Test(hit_fill, curves_are_exact_beyond_tolerance) {
  /* A circle of r = 5: points at radius 4.95 hit, at 5.05 miss, in every
   * direction (the outline is four cubic quarters whose radius is within
   * 5·2.7e-4 of 5, and chords stay within 0.01). */
  anima_path circle;
  anima_path_init(&circle);
  cr_assert_eq(anima_path_add_circle(&circle, 0, 0, 5), ANIMA_OK);
  anima_hit_shape shape = filled(&circle, ANIMA_FILL_NONZERO);
  for (int degrees = 0; degrees < 360; degrees += 7) {
    double c = cos(degrees * PI / 180);
    double s = sin(degrees * PI / 180);
    cr_assert(anima_hit_test_shape(&shape, 0, 4.95 * c, 4.95 * s), "%d",
              degrees);
    cr_assert_not(anima_hit_test_shape(&shape, 0, 5.05 * c, 5.05 * s), "%d",
                  degrees);
  }
  /* Scaled up 10× in the world: radius 50, still within 0.05. */
  shape.world = anima_matrix_local(0, 0, 0, 0, 0, 10, 1, 1);
  for (int degrees = 3; degrees < 360; degrees += 11) {
    double c = cos(degrees * PI / 180);
    double s = sin(degrees * PI / 180);
    cr_assert(anima_hit_test_shape(&shape, 0, 49.95 * c, 49.95 * s), "%d",
              degrees);
    cr_assert_not(anima_hit_test_shape(&shape, 0, 50.05 * c, 50.05 * s), "%d",
                  degrees);
  }
  anima_path_release(&circle);
}

Test(hit_fill, world_matrix) {
  anima_path path = parse(square_with_hole);
  anima_hit_shape shape = filled(&path, ANIMA_FILL_EVENODD);
  /* Scale 2: the square covers 0..20, the hole 6..14. */
  shape.world = anima_matrix_local(0, 0, 0, 0, 0, 2, 1, 1);
  cr_assert(anima_hit_test_shape(&shape, 0, 18, 18));
  cr_assert_not(anima_hit_test_shape(&shape, 0, 10, 10));
  cr_assert_not(anima_hit_test_shape(&shape, 0, 21, 5));
  /* Rotated 90° about the origin: (x, y) → (−y, x), so the square covers
   * x in −10..0, y in 0..10. */
  shape.world = anima_matrix_local(0, 0, 0, 0, 90, 1, 1, 1);
  cr_assert(anima_hit_test_shape(&shape, 0, -1, 1));
  cr_assert_not(anima_hit_test_shape(&shape, 0, 1, 1));
  /* A mirror (scaleX −1) keeps the evenodd hole: x in −10..0. */
  shape.world = anima_matrix_local(0, 0, 0, 0, 0, 1, -1, 1);
  cr_assert(anima_hit_test_shape(&shape, 0, -1, 1));
  cr_assert_not(anima_hit_test_shape(&shape, 0, -5, 5));
  anima_path_release(&path);
}

Test(hit_stroke, stroke_only) {
  /* Circle r = 5, stroke width 2, no fill: hits within 1 of the circle. */
  anima_path circle;
  anima_path_init(&circle);
  cr_assert_eq(anima_path_add_circle(&circle, 0, 0, 5), ANIMA_OK);
  anima_hit_shape shape = stroked(&circle, 2);
  cr_assert(anima_hit_test_shape(&shape, 0, 5.9, 0));
  cr_assert(anima_hit_test_shape(&shape, 0, 4.1, 0));
  cr_assert(anima_hit_test_shape(&shape, 0, 5.9 * sqrt(0.5), 5.9 * sqrt(0.5)));
  cr_assert_not(anima_hit_test_shape(&shape, 0, 0, 0));
  cr_assert_not(anima_hit_test_shape(&shape, 0, 3.9, 0));
  cr_assert_not(anima_hit_test_shape(&shape, 0, 6.1, 0));
  /* Padding 0.5 reaches 1.5 from the circle. */
  cr_assert(anima_hit_test_shape(&shape, 0.5, 6.4, 0));
  cr_assert_not(anima_hit_test_shape(&shape, 0.5, 6.6, 0));
  anima_path_release(&circle);

  /* An open line is not closed for its stroke: (0,0)→(10,0)→(10,10);
   * (5,5) is on the implicit diagonal but 5 from the drawn edges. */
  anima_path corner = parse("M0 0L10 0L10 10");
  shape = stroked(&corner, 1);
  cr_assert_not(anima_hit_test_shape(&shape, 0, 5, 5));
  /* Round caps: 0.4 past the end (10, 10). */
  cr_assert(anima_hit_test_shape(&shape, 0, 10, 10.4));
  cr_assert_not(anima_hit_test_shape(&shape, 0, 10, 10.6));
  anima_path_release(&corner);
}

Test(hit_stroke, trimmed_stroke_outline) {
  /* The square trimmed to its right edge (0.25..0.5) hits only there. */
  anima_path square = parse("M0 0h10v10h-10z");
  anima_path trimmed;
  anima_path_init(&trimmed);
  cr_assert_eq(anima_path_add_trimmed(&trimmed, &square, 0.25, 0.5, 0),
               ANIMA_OK);
  anima_hit_shape shape = stroked(&square, 1);
  shape.stroke_outline = &trimmed;
  cr_assert(anima_hit_test_shape(&shape, 0, 10.3, 5));
  cr_assert_not(anima_hit_test_shape(&shape, 0, 5, 0.3));
  /* Without the trim the top edge hits. */
  shape.stroke_outline = NULL;
  cr_assert(anima_hit_test_shape(&shape, 0, 5, 0.3));
  anima_path_release(&trimmed);
  anima_path_release(&square);
}

Test(hit_stroke, width_scales_with_the_world) {
  /* Line (0,0)-(10,0), width 1, world scale 2: world half width 1. */
  anima_path line = parse("M0 0L10 0");
  anima_hit_shape shape = stroked(&line, 1);
  shape.world = anima_matrix_local(0, 0, 0, 0, 0, 2, 1, 1);
  cr_assert(anima_hit_test_shape(&shape, 0, 10, 0.9));
  cr_assert_not(anima_hit_test_shape(&shape, 0, 10, 1.1));
  /* Padding adds in world units: 1 + 0.5. */
  cr_assert(anima_hit_test_shape(&shape, 0.5, 10, 1.4));
  cr_assert_not(anima_hit_test_shape(&shape, 0.5, 10, 1.6));

  /* Non-uniform: scaleY 4 makes the stroke 4·1 = 4 thick (world y within
   * 2), the round caps 0.5 long in x (an ellipse). */
  shape.world = anima_matrix_local(0, 0, 0, 0, 0, 1, 1, 4);
  cr_assert(anima_hit_test_shape(&shape, 0, 5, 1.9));
  cr_assert_not(anima_hit_test_shape(&shape, 0, 5, 2.1));
  cr_assert(anima_hit_test_shape(&shape, 0, 10.4, 0));
  cr_assert_not(anima_hit_test_shape(&shape, 0, 10.6, 0));
  /* With padding 1: y within 3 across the middle (the local test reaches
   * 0.5 + 1/4 local = 3 world), 1.5 past the cap along x (the world test
   * reaches 1 + 0.5·1). */
  cr_assert(anima_hit_test_shape(&shape, 1, 5, 2.9));
  cr_assert_not(anima_hit_test_shape(&shape, 1, 5, 3.1));
  cr_assert(anima_hit_test_shape(&shape, 1, 11.4, 0));
  cr_assert_not(anima_hit_test_shape(&shape, 1, 11.6, 0));
  anima_path_release(&line);
}

Test(hit_stroke, degenerate_cases) {
  anima_path line = parse("M0 0L10 0");
  anima_hit_shape shape = stroked(&line, 1);
  cr_assert_not(anima_hit_test_shape(NULL, 0, 0, 0));
  cr_assert_not(anima_hit_test_shape(&shape, 0, NAN, 0));
  cr_assert_not(anima_hit_test_shape(&shape, NAN, 5, 0));
  /* A singular world (scale 0) collapses the line onto (3, 4): only the
   * padding reaches it. */
  shape.world = anima_matrix_local(3, 4, 0, 0, 0, 0, 1, 1);
  cr_assert_not(anima_hit_test_shape(&shape, 0, 3.5, 4));
  cr_assert(anima_hit_test_shape(&shape, 1, 3.5, 4));
  /* A lone move has nothing to hit. */
  anima_path dot = parse("M5 5");
  shape = stroked(&dot, 4);
  cr_assert_not(anima_hit_test_shape(&shape, 0, 5, 5));
  /* A zero-length closed subpath is a dot for round caps. */
  anima_path closed_dot = parse("M5 5Z");
  shape = stroked(&closed_dot, 4);
  cr_assert(anima_hit_test_shape(&shape, 0, 6.9, 5));
  cr_assert_not(anima_hit_test_shape(&shape, 0, 7.1, 5));
  anima_path_release(&closed_dot);
  anima_path_release(&dot);
  anima_path_release(&line);
}

Test(hit_icon, whole_icon_shapes) {
  /* Bell's hit disc: center (10,10), r = 10.8; the edge is inclusive. */
  cr_assert(anima_hit_test_circle(10, 10, 10.8, 0, 10, 20.75));
  cr_assert_not(anima_hit_test_circle(10, 10, 10.8, 0, 10, 20.85));
  cr_assert(anima_hit_test_circle(10, 10, 10.8, 0.2, 10, 20.85));
  cr_assert(anima_hit_test_circle(0, 0, 5, 0, 3, 4)); /* exactly 5 away */
  /* Rect [0, 0, 20, 20]: edges inclusive, padding rounds the corners. */
  cr_assert(anima_hit_test_rect(0, 0, 20, 20, 0, 20, 20));
  cr_assert(anima_hit_test_rect(0, 0, 20, 20, 0, 0, 0));
  cr_assert_not(anima_hit_test_rect(0, 0, 20, 20, 0, 20.1, 10));
  cr_assert(anima_hit_test_rect(0, 0, 20, 20, 0.2, 20.1, 10));
  /* (20.3, 20.3) is 0.424 from the corner. */
  cr_assert(anima_hit_test_rect(0, 0, 20, 20, 0.5, 20.3, 20.3));
  cr_assert_not(anima_hit_test_rect(0, 0, 20, 20, 0.4, 20.3, 20.3));
  cr_assert_not(anima_hit_test_rect(0, 0, 20, 20, 0, NAN, 1));
  cr_assert_not(anima_hit_test_circle(0, 0, INFINITY, 0, 1, 1));
}
