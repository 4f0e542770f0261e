/*
 * test_contour_winding.c — `fill.winding: "clockwise"` of the contour
 * module (SPEC contour chapter, "Clockwise fill"): the filled region is
 * exactly where the local winding is > 0 (clockwise +1 in y-down
 * coordinates, counterclockwise −1, open contours closed), compiled to
 * non-overlapping trapezoids filled nonzero; hit testing uses the same
 * region; strokes keep the outline. Every expectation is derived by hand
 * next to its case.
 */
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

TestSuite(winding, .init = setup, .fini = teardown);

/* Loads one contour node `c` (members after "type": "contour") filled
 * black clockwise, plus `extra` members of the node (or ""), and steps. */
static void load_contour(const char *members, const char *extra) {
  char nodes[4096];
  snprintf(nodes, sizeof nodes,
           "[{'id': 'c', 'type': 'contour', %s,"
           " 'fill': {'color': '#000000', 'winding': 'clockwise'}%s}]",
           members, extra);
  paint_load(&f, paint_document(&f, "['contour']", nodes, NULL, NULL));
  paint_step(&f, 0);
}

/* The geometry the node's fill layer fills. */
static const anima_path *fill_path(void) {
  const anima_draw_shape *shape = paint_shape(&f, 0);
  for (size_t i = 0; i < shape->layer_count; i++) {
    const anima_draw_layer *layer = &f.frame->layers[shape->first_layer + i];
    if (layer->kind == ANIMA_LAYER_FILL) {
      cr_assert_not_null(layer->fill_path);
      cr_assert_eq(layer->rule, ANIMA_FILL_NONZERO);
      return layer->fill_path;
    }
  }
  cr_assert_fail("no fill layer");
  return NULL;
}

static bool hits(double x, double y) {
  long node = -2;
  cr_assert_eq(anima_player_hit_node(f.player, x, y, &node), ANIMA_OK);
  return node == 0;
}

/* The area the trapezoids cover (each is a closed quadrilateral, clockwise
 * in y-down coordinates: positive shoelace sums). */
static double area_of(const anima_path *path) {
  double area = 0;
  anima_point start = {0, 0}, current = {0, 0};
  for (size_t i = 0; i < path->count; i++) {
    const anima_segment *s = &path->segments[i];
    anima_point next = current;
    if (s->kind == ANIMA_SEGMENT_MOVE) {
      start = current = s->points[0];
      continue;
    }
    next = s->kind == ANIMA_SEGMENT_CLOSE ? start : s->points[0];
    cr_assert(s->kind != ANIMA_SEGMENT_CUBIC, "trapezoids have no curves");
    area += current.x * next.y - next.x * current.y;
    current = next;
  }
  return area / 2;
}

#define SQUARE_CLOCKWISE                                                       \
  "'closed': true, 'vertices': [{'point': [0, 0], 'kind': 'straight'},"        \
  " {'point': [10, 0], 'kind': 'straight'}, {'point': [10, 10], 'kind':"       \
  " 'straight'}, {'point': [0, 10], 'kind': 'straight'}]"

Test(winding, a_clockwise_square_is_one_trapezoid) {
  /* Edges: right (10, 0)→(10, 10) runs down (+1), left (0, 10)→(0, 0) up
   * (−1); one slab 0..10; the winding between them is +1: one trapezoid
   * M 0 0, L 10 0, L 10 10, L 0 10, Z. */
  load_contour(SQUARE_CLOCKWISE, "");
  const anima_path *p = fill_path();
  cr_assert_eq(p->count, 5);
  paint_assert_point(paint_segment(p, 0, ANIMA_SEGMENT_MOVE)[0], 0, 0, 0);
  paint_assert_point(paint_segment(p, 1, ANIMA_SEGMENT_LINE)[0], 10, 0, 0);
  paint_assert_point(paint_segment(p, 2, ANIMA_SEGMENT_LINE)[0], 10, 10, 0);
  paint_assert_point(paint_segment(p, 3, ANIMA_SEGMENT_LINE)[0], 0, 10, 0);
  paint_segment(p, 4, ANIMA_SEGMENT_CLOSE);
  cr_assert(hits(5, 5));
  /* The stroke and the outline stay the authored square. */
  cr_assert_eq(paint_outline(&f, 0)->count, 5);
}

Test(winding, a_counterclockwise_square_is_empty) {
  /* The same square traversed the other way winds −1 inside: nothing. */
  load_contour("'closed': true, 'vertices': [{'point': [0, 0], 'kind':"
               " 'straight'}, {'point': [0, 10], 'kind': 'straight'},"
               " {'point': [10, 10], 'kind': 'straight'}, {'point': [10, 0],"
               " 'kind': 'straight'}]",
               "");
  cr_assert_eq(fill_path()->count, 0);
  cr_assert_not(hits(5, 5));
}

Test(winding, a_bowtie_keeps_only_its_clockwise_lobe) {
  /* (0, 0)→(10, 10)→(10, 0)→(0, 10), closed: the diagonals cross at
   * (5, 5). The left lobe (0, 10)→(0, 0)→(5, 5) runs up the left side and
   * back down: clockwise, +1. The right lobe (5, 5)→(10, 0)→(10, 10) is
   * counterclockwise, −1: empty (nonzero would fill it). Slabs 0..5 and
   * 5..10 each give one triangle: area 2 · ½ · 5 · 5 = 25. */
  load_contour("'closed': true, 'vertices': [{'point': [0, 0], 'kind':"
               " 'straight'}, {'point': [10, 10], 'kind': 'straight'},"
               " {'point': [10, 0], 'kind': 'straight'}, {'point': [0, 10],"
               " 'kind': 'straight'}]",
               "");
  const anima_path *p = fill_path();
  cr_assert_eq(p->count, 10);
  cr_assert_float_eq(area_of(p), 25, 1e-12);
  cr_assert(hits(2, 5));
  cr_assert_not(hits(8, 5));
}

Test(winding, a_reversed_inner_loop_is_a_hole) {
  /* Outer square clockwise, a bridge to (3, 3), the inner square
   * (3, 3)→(3, 7)→(7, 7)→(7, 3) counterclockwise (−1), back over the
   * bridge: winding 1 − 1 = 0 inside the inner square, 1 in the ring.
   * Area 100 − 16 = 84. */
  load_contour(
      "'closed': true, 'vertices': [{'point': [0, 0], 'kind': 'straight'},"
      " {'point': [10, 0], 'kind': 'straight'}, {'point': [10, 10], 'kind':"
      " 'straight'}, {'point': [0, 10], 'kind': 'straight'}, {'point': [0, "
      "0], 'kind': 'straight'}, {'point': [3, 3], 'kind': 'straight'},"
      " {'point': [3, 7], 'kind': 'straight'}, {'point': [7, 7], 'kind':"
      " 'straight'}, {'point': [7, 3], 'kind': 'straight'}, {'point': [3, "
      "3], 'kind': 'straight'}]",
      "");
  cr_assert_float_eq(area_of(fill_path()), 84, 1e-9);
  cr_assert(hits(1, 5));
  cr_assert_not(hits(5, 5));
}

Test(winding, twice_around_still_fills_once) {
  /* A clockwise square traversed twice winds +2 inside: filled, and the
   * trapezoids do not overlap: area 100, not 200. */
  load_contour(
      "'closed': true, 'vertices': [{'point': [0, 0], 'kind': 'straight'},"
      " {'point': [10, 0], 'kind': 'straight'}, {'point': [10, 10], 'kind':"
      " 'straight'}, {'point': [0, 10], 'kind': 'straight'}, {'point': [0, "
      "0], 'kind': 'straight'}, {'point': [10, 0], 'kind': 'straight'},"
      " {'point': [10, 10], 'kind': 'straight'}, {'point': [0, 10], 'kind':"
      " 'straight'}]",
      "");
  cr_assert_float_eq(area_of(fill_path()), 100, 1e-9);
}

Test(winding, open_contours_close_implicitly) {
  /* (0, 0)→(10, 0)→(10, 10), open: closed back to (0, 0) it is the
   * clockwise triangle above the diagonal, area 50. */
  load_contour("'vertices': [{'point': [0, 0], 'kind': 'straight'},"
               " {'point': [10, 0], 'kind': 'straight'}, {'point': [10, 10],"
               " 'kind': 'straight'}]",
               "");
  cr_assert_float_eq(area_of(fill_path()), 50, 1e-9);
  cr_assert(hits(8, 2));
  cr_assert_not(hits(2, 8));
}

Test(winding, curves_follow_the_subdivision_rule) {
  /* A closed lens: (0, 5) mirrored (0, −4), (10, 5) mirrored (0, 4). The
   * top edge is the cubic (0, 5), (0, 1), (10, 1), (10, 5); the closing
   * edge (10, 5), (10, 9), (0, 9), (0, 5): right along the top, back along
   * the bottom, clockwise. With controls h above both ends of a chord of
   * length w, x(t) = w(3t² − 2t³), x'(t) = 6w·t(1 − t) and the height above
   * the chord is 3h·t(1 − t), so the cubic encloses
   * ∫ 18wh·t²(1 − t)² dt = 18wh/30 = (3/5)·w·h with its chord (a
   * 400 000-point shoelace sum gives 47.999999998 for the lens): 2 · (3/5)
   * · 10 · 4 = 48. Flattened by the 0.0001 rule, every vertex lies on the
   * curve and the lens is convex, so the trapezoids cover less than 48. A
   * piece of chord l whose control polygon is at most δ = 0.0001 longer
   * than l has its controls, and so the curve, within d of the chord, with
   * 2·√(l²/4 + d²) − l ≤ δ: d ≤ √(δ·l/2 + δ²/4) ≤ 0.026 for any l up to the
   * whole edge (< 13). Each piece loses at most l·d, so at most perimeter
   * (< 26) · 0.026 < 0.68 is lost in all: 47.32 < area < 48. (It is
   * 47.978, because the pieces are far shorter than the whole edge.) */
  load_contour(
      "'closed': true, 'vertices': [{'point': [0, 5], 'kind': 'mirrored',"
      " 'handle': [0, -4]}, {'point': [10, 5], 'kind': 'mirrored', 'handle':"
      " [0, 4]}]",
      "");
  const anima_path *p = fill_path();
  double area = area_of(p);
  cr_assert(area < 48 && area > 48 - 0.68, "area %.9g", area);
  cr_assert(hits(5, 2.2)); /* the top reaches y = 5 − 0.75·4 = 2 */
  cr_assert_not(hits(5, 1.8));
}

Test(winding, a_reflected_node_keeps_its_local_winding) {
  /* scaleX −1 mirrors the clockwise square to x −10..0; the winding test
   * runs in local space, so it stays filled. */
  load_contour(SQUARE_CLOCKWISE, ", 'scaleX': -1");
  cr_assert(hits(-5, 5));
  cr_assert_not(hits(5, 5));
}

Test(winding, only_contour_fills_take_a_winding) {
  const char *document = paint_document(
      &f, "['contour']",
      "[{'id': 'r', 'type': 'rect', 'x0': 0, 'y0': 0, 'w': 4, 'h': 4,"
      " 'fill': {'color': '#000000', 'winding': 'clockwise'}}]",
      NULL, NULL);
  cr_assert_eq(paint_validate(&f, document), 1);
  paint_expect(&f, 0, "bad-value", "/nodes/0/fill/winding");

  document = paint_document(
      &f, "['contour']",
      "[{'id': 'c', 'type': 'contour', 'vertices': [{'point': [0, 0], 'kind':"
      " 'straight'}, {'point': [1, 0], 'kind': 'straight'}],"
      " 'fill': {'color': '#000000', 'winding': 'counterclockwise'}}]",
      NULL, NULL);
  cr_assert_eq(paint_validate(&f, document), 1);
  paint_expect(&f, 0, "bad-value", "/nodes/0/fill/winding");
}
