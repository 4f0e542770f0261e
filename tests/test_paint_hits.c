/*
 * test_paint_hits.c — hit testing of the paint module's shapes (SPEC paint
 * chapter, "Parametric outlines": "Hit tests use the current outline and
 * the existing 12-chord cubic flattening convention"; SPEC §9). The
 * kernel's flattening refines the 12-chord convention (docs/DECISIONS.md,
 * "Hit-test accuracy" and the paint module's entry): both give the same
 * answer wherever a 12-chord polyline is within its own error of the curve,
 * and inside that band the kernel follows the curve.
 */
#include "test_paint_fixture.h"

#define SQRT2 1.41421356237309504880

static paint_fixture f;

static void setup(void) {
  f = paint_runtime(true);
}

static void teardown(void) {
  paint_release(&f);
}

TestSuite(hits, .init = setup, .fini = teardown);

/* Loads `node` with a `down` listener setting the bool input `hit`. */
static void load_target(const char *node, const char *tracks) {
  char nodes[1024];
  snprintf(nodes, sizeof nodes, "[%s]", node);
  paint_load(&f, paint_document(&f, "['paint']", nodes, tracks,
                                ", 'inputs': {'hit': {'type': 'bool'}},"
                                " 'listeners': [{'on': 'down', 'target': 'n',"
                                " 'set': {'hit': true}}]"));
}

/* Does a press at (x, y) hit node `n` after `time` seconds? A new player
 * each time, so no earlier press counts. */
static bool pressed(double time, double x, double y) {
  anima_player_destroy(f.player);
  f.player = anima_player_create(f.model);
  anima_step_result result;
  cr_assert_eq(anima_player_step(f.player, time, &result), ANIMA_OK);
  cr_assert_eq(anima_player_pointer_down(f.player, x, y), ANIMA_OK);
  cr_assert_eq(anima_player_step(f.player, 0, &result), ANIMA_OK);
  anima_value hit;
  cr_assert_eq(anima_player_get_input(f.player, "hit", &hit), ANIMA_OK);
  return hit.as.boolean;
}

Test(hits, star_points_hit_their_tips) {
  /* Star points 5, radius 10, innerRadius 4 at (12, 12): the top tip is
   * (12, 2); its edges run to the inner vertices at ±54°, (12 ± 4·cos 54°,
   * 12 − 4·sin 54°) = (12 ± 2.351, 8.764), so at y = 2.3 the star is
   * 2·0.3·2.351/6.764 = 0.209 wide around x = 12. (12, 2.3) is inside;
   * (12.2, 2.3) is 0.095 right of it, ≈ 0.09 from the edge (> 0.05). */
  load_target("{'id': 'n', 'type': 'star', 'cx': 12, 'cy': 12, 'points': 5,"
              " 'radius': 10, 'innerRadius': 4, 'fill': {'color': '#000'}}",
              NULL);
  cr_assert(pressed(0, 12, 2.3));
  cr_assert_not(pressed(0, 12.2, 2.3));
  /* The centre is inside; a point between two tips at radius 6 (the
   * inner vertex at 90° is (12, 16)) is outside: (12, 18). */
  cr_assert(pressed(0, 12, 12));
  cr_assert_not(pressed(0, 12, 18));
}

Test(hits, hits_follow_the_current_outline) {
  /* A polygon whose sides go 3 → 4 over one second: at t = 0.25 (3.25 → 3
   * sides) the triangle's vertices are (12, 2), (12 ± 10·cos 30°, 17); its
   * right edge at y = 12 lies at x = 12 + 10·(√3/2)·(12 − 2)/15 = 17.77.
   * At t = 0.75 (3.75 → 4 sides) the square's right vertex is (22, 12).
   * (19, 12) is outside the triangle and inside the square. */
  load_target("{'id': 'n', 'type': 'polygon', 'cx': 12, 'cy': 12, 'sides': 3,"
              " 'radius': 10, 'fill': {'color': '#000'}}",
              "{'n.sides': [[0, 3], [1, 4]]}");
  cr_assert_not(pressed(0.25, 19, 12));
  cr_assert(pressed(0.75, 19, 12));
}

Test(hits, rounded_corners_and_strokes_hit_on_the_outline) {
  /* cornerRadius 100 on a square of radius 10 rounds the top corner to the
   * quadratic (7,7) → (12,2) → (17,7), whose middle is
   * (7 + 2·12 + 17)/4, (7 + 2·2 + 7)/4 = (12, 4.5). (12, 4.6) is inside,
   * (12, 4.4) outside (0.1 from the curve), though both are inside the
   * sharp square. */
  load_target("{'id': 'n', 'type': 'polygon', 'cx': 12, 'cy': 12, 'sides': 4,"
              " 'radius': 10, 'cornerRadius': 100, 'fill': {'color': '#000'}}",
              NULL);
  cr_assert(pressed(0, 12, 4.6));
  cr_assert_not(pressed(0, 12, 4.4));
  /* A stroke-only ellipse rx 8, ry 4 of width 1 hits within 0.5 of the
   * outline: (20.4, 12) is 0.4 right of the start point (20, 12); the
   * centre is not hit. */
  load_target("{'id': 'n', 'type': 'ellipse', 'cx': 12, 'cy': 12, 'rx': 8,"
              " 'ry': 4, 'stroke': {'color': '#000', 'width': 1}}",
              NULL);
  cr_assert(pressed(0, 20.4, 12));
  cr_assert_not(pressed(0, 20.6, 12));
  cr_assert_not(pressed(0, 12, 12));
}

/* ---- the 12-chord convention -------------------------------------------- */

static anima_point cubic_at(const anima_point p[4], double t) {
  double u = 1 - t;
  return (anima_point){u * u * u * p[0].x + 3 * u * u * t * p[1].x +
                           3 * u * t * t * p[2].x + t * t * t * p[3].x,
                       u * u * u * p[0].y + 3 * u * u * t * p[1].y +
                           3 * u * t * t * p[2].y + t * t * t * p[3].y};
}

/* The outline with every cubic replaced by 12 equal-parameter chords (the
 * convention the chapter names), as a closed polygon of at most 64 points. */
static size_t twelve_chords(const anima_path *outline, anima_point *points) {
  size_t count = 0;
  anima_point current = {0, 0};
  for (size_t i = 0; i < outline->count; i++) {
    const anima_segment *segment = &outline->segments[i];
    if (segment->kind == ANIMA_SEGMENT_MOVE ||
        segment->kind == ANIMA_SEGMENT_LINE) {
      current = segment->points[0];
      points[count++] = current;
    } else if (segment->kind == ANIMA_SEGMENT_CUBIC) {
      anima_point curve[4] = {current, segment->points[0], segment->points[1],
                              segment->points[2]};
      for (int k = 1; k <= 12; k++) {
        points[count++] = cubic_at(curve, k / 12.0);
      }
      current = segment->points[2];
    }
    cr_assert_leq(count, 64);
  }
  return count;
}

/* Nonzero winding of (x, y) around a closed polygon. */
static bool polygon_contains(const anima_point *points, size_t count, double x,
                             double y) {
  int winding = 0;
  for (size_t i = 0; i < count; i++) {
    anima_point a = points[i], b = points[(i + 1) % count];
    double cross = (b.x - a.x) * (y - a.y) - (x - a.x) * (b.y - a.y);
    if (a.y <= y) {
      winding += b.y > y && cross > 0;
    } else {
      winding -= b.y <= y && cross < 0;
    }
  }
  return winding != 0;
}

Test(hits, twelve_chord_flattening_and_the_kernels_refinement) {
  /* A circle-shaped ellipse, radius 10 at (12, 12): four quarter cubics.
   * Twelve chords per quarter span 7.5° each; a chord lies at most
   * r·(1 − cos 3.75°) = 10 · 0.00214 = 0.0214 inside the curve, and the
   * cubic itself within 0.0027 (0.027% of r) of the circle. */
  const anima_path *outline = NULL;
  paint_load(&f, paint_document(&f, "['paint']",
                                "[{'id': 'e', 'type': 'ellipse', 'cx': 12,"
                                " 'cy': 12, 'rx': 10, 'ry': 10,"
                                " 'fill': {'color': '#000'}}]",
                                NULL, NULL));
  paint_step(&f, 0);
  outline = paint_outline(&f, 0);
  anima_point polygon[64];
  size_t count = twelve_chords(outline, polygon);
  cr_assert_eq(count, 1 + 4 * 12);
  anima_hit_shape shape = {.outline = outline,
                           .world = anima_matrix_identity(),
                           .has_fill = true,
                           .fill_rule = ANIMA_FILL_NONZERO};
  /* Everywhere farther than 0.06 from the circle (the chord error plus
   * the cubic's, with room) the two conventions agree. */
  size_t compared = 0;
  for (double y = 0.125; y < 24; y += 0.25) {
    for (double x = 0.125; x < 24; x += 0.25) {
      double from_center = hypot(x - 12, y - 12);
      if (fabs(from_center - 10) < 0.06) {
        continue;
      }
      cr_assert_eq(anima_hit_test_shape(&shape, 0, x, y),
                   polygon_contains(polygon, count, x, y), "(%g, %g)", x, y);
      compared++;
    }
  }
  cr_assert_gt(compared, 9000);
  /* Inside the band they differ: the curve point at t = 1/24 of the first
   * quarter lies s ≈ 0.0214 outside the first chord; a point 0.6·s inward
   * from it (0.013 inside the curve, beyond the kernel's 0.01 flattening
   * error) is inside the curve but outside the 12-chord polygon. The
   * kernel answers for the curve. */
  const anima_segment *first = &outline->segments[1];
  anima_point curve[4] = {outline->segments[0].points[0], first->points[0],
                          first->points[1], first->points[2]};
  anima_point on = cubic_at(curve, 1 / 24.0);
  anima_point a = cubic_at(curve, 0), b = cubic_at(curve, 1 / 12.0);
  double length = hypot(b.x - a.x, b.y - a.y);
  anima_point normal = {-(b.y - a.y) / length, (b.x - a.x) / length};
  double s = (on.x - a.x) * normal.x + (on.y - a.y) * normal.y;
  /* About the circle's sagitta (the cubic's parameter runs a little faster
   * near its ends, 3k·r against π/2·r per unit, so its first chord spans a
   * little more than 7.5°); it must exceed 0.01 / 0.6 for the point below
   * to lie beyond the kernel's flattening error, and stays under §9's
   * 0.05. */
  cr_assert(fabs(s) > 0.01 / 0.6 && fabs(s) < 0.05, "sagitta %g", s);
  anima_point inside = {on.x - 0.6 * s * normal.x, on.y - 0.6 * s * normal.y};
  cr_assert(anima_hit_test_shape(&shape, 0, inside.x, inside.y));
  cr_assert_not(polygon_contains(polygon, count, inside.x, inside.y));
}
