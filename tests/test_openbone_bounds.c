/*
 * test_openbone_bounds.c — the bounding-box queries of OpenBone (spec
 * §8.10, include/anima/openbone.h anima_bone_bounds_*), on skeletons whose
 * boxes are placed by hand (identity bones, so the world polygons are the
 * documents' numbers). Every expected value is worked out in the comment
 * beside it from §8.10's rules:
 *
 *   A (slot a): triangle (0,0) (10,0) (0,10)      min/max 0..10 × 0..10
 *   B (slot b): square (20,0) (30,0) (30,10) (20,10)    20..30 × 0..10
 *   C (slot c): rectangle (5,0) (25,0) (25,5) (5,5)      5..25 × 0..5
 *   overall: minX 0, minY 0, maxX 30, maxY 10.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "anima/openbone.h"

/* clang-format off */
#define SLOT(id)                                                               \
  "{\"id\": \"" id "\", \"name\": \"" id "\", \"bone\": \"root\", "             \
  "\"attachment\": \"box\"}"
#define BOX(slot, points)                                                      \
  "\"" slot "\": {\"box\": {\"type\": \"boundingBox\", \"vertices\": " points  \
  "}}"

static const char *three_boxes =
    "{\"format\": \"openbone\", \"version\": 1, \"skeleton\": {"
    "\"bones\": [{\"id\": \"root\", \"name\": \"root\"}], "
    "\"slots\": [" SLOT("a") ", " SLOT("b") ", " SLOT("c") "]}, "
    "\"skins\": [{\"id\": \"default\", \"name\": \"default\", "
    "\"attachments\": {"
    BOX("a", "[0, 0, 10, 0, 0, 10]") ", "
    BOX("b", "[20, 0, 30, 0, 30, 10, 20, 10]") ", "
    BOX("c", "[5, 0, 25, 0, 25, 5, 5, 5]") "}}]}";
/* clang-format on */

static anima_bone_model *model_of(const char *json) {
  anima_bone_model *model = NULL;
  cr_assert_eq(anima_bone_model_load(json, strlen(json), NULL, &model),
               ANIMA_OK);
  return model;
}

static anima_bone_instance *snapshot(anima_bone_model *model) {
  anima_bone_instance *instance = NULL;
  cr_assert_eq(anima_bone_instance_create(model, &instance), ANIMA_OK);
  double bounds[4];
  const anima_bone_box *boxes;
  anima_bone_bounds(instance, bounds, &boxes);
  return instance;
}

/* A document with one box slot whose polygon is `points`. */
static anima_bone_model *one_box(const char *points) {
  char json[1024];
  snprintf(json, sizeof json,
           "{\"format\": \"openbone\", \"version\": 1, \"skeleton\": "
           "{\"bones\": [{\"id\": \"root\", \"name\": \"root\"}], "
           "\"slots\": [" SLOT(
               "d") "]}, \"skins\": [{\"id\": \"default\", "
                    "\"name\": \"default\", \"attachments\": {\"d\": {\"box\": "
                    "{\"type\": \"boundingBox\", \"vertices\": %s}}}}]}",
           points);
  return model_of(json);
}

Test(openbone_bounds, snapshot_and_overall_box) {
  anima_bone_model *model = model_of(three_boxes);
  anima_bone_instance *instance = NULL;
  cr_assert_eq(anima_bone_instance_create(model, &instance), ANIMA_OK);
  /* Before the first snapshot there are no boxes: every query is empty. */
  cr_assert_not(anima_bone_bounds_aabb_contains_point(instance, 5, 5));
  double bounds[4];
  const anima_bone_box *boxes;
  cr_assert_eq(anima_bone_bounds(instance, bounds, &boxes), 3);
  cr_assert_eq(bounds[0], 0);
  cr_assert_eq(bounds[1], 0);
  cr_assert_eq(bounds[2], 30);
  cr_assert_eq(bounds[3], 10);
  /* C's own extent: 5..25 × 0..5. */
  cr_assert_eq(boxes[2].min_x, 5);
  cr_assert_eq(boxes[2].max_x, 25);
  cr_assert_eq(boxes[2].max_y, 5);
  /* aabbContainsPoint: (15, 5) is in the overall box though in no polygon;
   * (30, 10) is on its corner (inclusive); (31, 5) is outside. */
  cr_assert(anima_bone_bounds_aabb_contains_point(instance, 15, 5));
  cr_assert(anima_bone_bounds_aabb_contains_point(instance, 30, 10));
  cr_assert_not(anima_bone_bounds_aabb_contains_point(instance, 31, 5));
  /* aabbIntersects(x0, y0, x1, y1): x0 ≤ 30, x1 ≥ 0, y0 ≤ 10, y1 ≥ 0. */
  cr_assert(anima_bone_bounds_aabb_intersects(instance, 30, 10, 40, 40));
  cr_assert_not(anima_bone_bounds_aabb_intersects(instance, -9, -9, -1, 4));
  anima_bone_instance_destroy(instance);
  anima_bone_model_destroy(model);
}

Test(openbone_bounds, contains_point) {
  anima_bone_model *model = model_of(three_boxes);
  anima_bone_instance *instance = snapshot(model);
  size_t found[4];
  /* (2, 2): 2 + 2 ≤ 10, inside A; x < 5, outside C ⇒ [A]. */
  cr_assert_eq(anima_bone_bounds_contains_point(instance, 2, 2, found, 4), 1);
  cr_assert_eq(found[0], 0);
  /* (8, 8): inside A's min/max but 8 + 8 > 10, outside the triangle;
   * y > 5, outside C ⇒ none. */
  cr_assert_eq(anima_bone_bounds_contains_point(instance, 8, 8, found, 4), 0);
  /* (7, 2): 7 + 2 ≤ 10 inside A, and inside C ⇒ [A, C] in draw order. */
  cr_assert_eq(anima_bone_bounds_contains_point(instance, 7, 2, found, 4), 2);
  cr_assert_eq(found[0], 0);
  cr_assert_eq(found[1], 2);
  /* (22, 3): inside B and C ⇒ [B, C]; with room for one, the count is
   * still 2 and the first is B (containsPoint). */
  cr_assert_eq(anima_bone_bounds_contains_point(instance, 22, 3, found, 1), 2);
  cr_assert_eq(found[0], 1);
  /* (15, 7): in the overall box, in no polygon. */
  cr_assert_eq(anima_bone_bounds_contains_point(instance, 15, 7, found, 4), 0);
  anima_bone_instance_destroy(instance);
  anima_bone_model_destroy(model);
}

Test(openbone_bounds, even_odd_rule) {
  /* A "C" shape (0,0) (6,0) (6,2) (2,2) (2,4) (6,4) (6,6) (0,6): the point
   * (4, 3) is inside the min/max but in the notch. The ray to the left of
   * (4, 3) crosses the edges at x = 2 (2,2)→(2,4) and x = 0 (0,6)→(0,0):
   * two crossings ⇒ outside. (1, 3) crosses only x = 0 ⇒ inside. */
  anima_bone_model *model =
      one_box("[0, 0, 6, 0, 6, 2, 2, 2, 2, 4, 6, 4, 6, 6, 0, 6]");
  anima_bone_instance *instance = snapshot(model);
  size_t found[1];
  cr_assert_eq(anima_bone_bounds_contains_point(instance, 4, 3, found, 1), 0);
  cr_assert_eq(anima_bone_bounds_contains_point(instance, 1, 3, found, 1), 1);
  anima_bone_instance_destroy(instance);
  anima_bone_model_destroy(model);
}

Test(openbone_bounds, intersects_segment) {
  anima_bone_model *model = model_of(three_boxes);
  anima_bone_instance *instance = snapshot(model);
  size_t found[4];
  /* x = 12 from y −5 to 20: A's max x is 10 and B's min x 20, strictly
   * outside both; C's bottom edge (5,0)→(25,0) meets it at (12, 0):
   * ua = 5/25, ub = 7/20, both in [0, 1] ⇒ [C]. */
  cr_assert_eq(
      anima_bone_bounds_intersects_segment(instance, 12, -5, 12, 20, found, 4),
      1);
  cr_assert_eq(found[0], 2);
  /* (1,1)→(2,2) crosses no edge but starts inside A (pointInPolygon of the
   * first point) ⇒ [A]; C's min x 5 > 2 leaves C out. */
  cr_assert_eq(
      anima_bone_bounds_intersects_segment(instance, 1, 1, 2, 2, found, 4), 1);
  cr_assert_eq(found[0], 0);
  /* (2,2)→(1,1): the same segment reversed still crosses no edge, and now
   * the first point (2, 2) is the one inside A ⇒ [A]. */
  cr_assert_eq(
      anima_bone_bounds_intersects_segment(instance, 2, 2, 1, 1, found, 4), 1);
  /* (40, 40)→(50, 50): outside every box. */
  cr_assert_eq(
      anima_bone_bounds_intersects_segment(instance, 40, 40, 50, 50, found, 4),
      0);
  /* (28, −2)→(28, 12) crosses B's bottom and top edges; C's max x 25 < 28
   * ⇒ [B]. */
  cr_assert_eq(
      anima_bone_bounds_intersects_segment(instance, 28, -2, 28, 12, found, 4),
      1);
  cr_assert_eq(found[0], 1);
  anima_bone_instance_destroy(instance);
  anima_bone_model_destroy(model);
}

Test(openbone_bounds, intersects_bounds) {
  anima_bone_model *model = model_of(three_boxes);
  anima_bone_instance *mine = snapshot(model);
  /* D = square (9,9)–(11,11): the overall boxes meet (9 ≤ 30, 11 ≥ 0, …).
   * A's min/max 0..10 overlaps D's; A's hypotenuse x + y = 10 and D's
   * square (x + y from 18 to 22) never meet, A's other edges lie on x = 0
   * and y = 0; A's first vertex (0,0) is not in D and D's first (9,9) is
   * not in A (9 + 9 > 10). B (x ≥ 20) and C (y ≤ 5) do not overlap D's
   * min/max ⇒ no pair. */
  anima_bone_model *far = one_box("[9, 9, 11, 9, 11, 11, 9, 11]");
  anima_bone_instance *other = snapshot(far);
  size_t pair[2] = {99, 99};
  cr_assert_not(anima_bone_bounds_intersects_bounds(mine, other, pair));
  anima_bone_instance_destroy(other);
  anima_bone_model_destroy(far);
  /* E = rectangle (8,1)–(12,3): A's hypotenuse (10,0)→(0,10) crosses E's
   * left edge x = 8 at (8, 2) (y from 1 to 3) ⇒ the first pair is
   * [A, E] = [0, 0]. */
  anima_bone_model *near = one_box("[8, 1, 12, 1, 12, 3, 8, 3]");
  other = snapshot(near);
  cr_assert(anima_bone_bounds_intersects_bounds(mine, other, pair));
  cr_assert_eq(pair[0], 0);
  cr_assert_eq(pair[1], 0);
  anima_bone_instance_destroy(other);
  anima_bone_model_destroy(near);
  /* F = (40,40)–(41,41): the overall boxes do not meet ⇒ none. */
  anima_bone_model *away = one_box("[40, 40, 41, 40, 41, 41]");
  other = snapshot(away);
  cr_assert_not(anima_bone_bounds_intersects_bounds(mine, other, pair));
  anima_bone_instance_destroy(other);
  anima_bone_model_destroy(away);
  anima_bone_instance_destroy(mine);
  anima_bone_model_destroy(model);
}
