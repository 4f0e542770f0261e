/*
 * test_composite_hits.c — hit testing of what `composite` lowers (SPEC
 * composite, "Sibling draw order": "Input hit ordering, opaque blocking and
 * pointer focus use this same key: foremost means latest painted"; "Geometry
 * clips"; SPEC §9 painted areas): paint ranks follow the resolved draw
 * order, the foremost node at a point is the latest painted, a pointer on a
 * clipped-away part misses, hidden paints and sources drawn only as masks
 * do not hit, and placed strokes hit where they are drawn.
 *
 * Points are chosen at least 0.5 units from every edge (SPEC §9: exact for
 * points farther than 0.05 from an edge).
 */
#include "test_composite_fixture.h"

static paint_fixture f;

static void setup(void) {
  f = composite_runtime();
}

static void teardown(void) {
  paint_release(&f);
}

TestSuite(composite_hits, .init = setup, .fini = teardown);

static void load(const char *nodes, const char *tracks, const char *extra) {
  paint_load(&f, paint_document(&f, "['composite']", nodes, tracks, extra));
}

static long hit(double x, double y) {
  long node = -2;
  cr_assert_eq(anima_player_hit_node(f.player, x, y, &node), ANIMA_OK);
  return node;
}

/* a: red x ∈ [0, 14]; b: blue x ∈ [10, 24]; the overlap is [10, 14]. */
#define TWO_RECTS(a_extra, b_extra)                                            \
  "[{'id': 'a', 'type': 'rect', 'x0': 0, 'y0': 0, 'w': 14, 'h': 24, "          \
  "'fill': {'color': '#ff0000'}" a_extra "}, {'id': 'b', 'type': 'rect', "     \
  "'x0': 10, 'y0': 0, 'w': 14, 'h': 24, 'fill': {'color': '#0000ff'}" b_extra  \
  "}]"

Test(composite_hits, foremost_is_latest_painted) {
  /* Authored: b paints last, so it is foremost in the overlap. */
  load(TWO_RECTS("", ""), NULL, NULL);
  cr_assert_eq(hit(12, 12), 1);
  cr_assert_eq(hit(5, 12), 0);
  cr_assert_eq(hit(20, 12), 1);
  cr_assert_eq(anima_player_paint_rank(f.player, 0), 0);
  cr_assert_eq(anima_player_paint_rank(f.player, 1), 1);
}

Test(composite_hits, draw_order_before_moves_the_rank) {
  /* b before a: the order is [b, a]; a is foremost in the overlap — at
   * creation already (the rules hold before the first step). */
  load(TWO_RECTS("", ", 'drawOrder': {'target': 'a', 'position': 'before'}"),
       NULL, NULL);
  cr_assert_eq(anima_player_paint_rank(f.player, 1), 0);
  cr_assert_eq(anima_player_paint_rank(f.player, 0), 1);
  cr_assert_eq(hit(12, 12), 0);
  paint_step(&f, 0);
  cr_assert_eq(hit(12, 12), 0);
}

Test(composite_hits, draw_order_after_follows_active) {
  /* a after b while active (DECISIONS 17: after is foremost); inactive
   * from 0.5 s, when the authored order returns. */
  load(TWO_RECTS(", 'drawOrder': {'target': 'b', 'position': 'after'}", ""),
       "{'a.drawOrder.active': [[0, true], [0.5, false]]}", NULL);
  paint_step(&f, 0.25);
  cr_assert_eq(hit(12, 12), 0);
  cr_assert_eq(anima_player_paint_rank(f.player, 0), 1);
  paint_step(&f, 0.5); /* 0.75 s */
  cr_assert_eq(hit(12, 12), 1);
  cr_assert_eq(anima_player_paint_rank(f.player, 0), 0);
}

Test(composite_hits, ranks_walk_nested_lists_in_paint_order) {
  /* Top level [g, c] with g = [x, y]; rule: g after c → [c, g]; rule in g:
   * x after y → [y, x]. Pre-order walk: c 0, g 1, y 2, x 3. Node indices:
   * g 0, x 1, y 2, c 3. */
  load("[{'id': 'g', 'type': 'group', 'drawOrder': {'target': 'c', "
       "'position': 'after'}, 'children': [{'id': 'x', 'type': 'circle', "
       "'center': [6, 6], 'r': 2, 'fill': {'color': '#000'}, 'drawOrder': "
       "{'target': 'y', 'position': 'after'}}, {'id': 'y', 'type': 'circle', "
       "'center': [6, 6], 'r': 3, 'fill': {'color': '#000'}}]}, {'id': 'c', "
       "'type': 'circle', 'center': [6, 6], 'r': 4, 'fill': {'color': "
       "'#000'}}]",
       NULL, NULL);
  cr_assert_eq(anima_player_paint_rank(f.player, 3), 0);
  cr_assert_eq(anima_player_paint_rank(f.player, 0), 1);
  cr_assert_eq(anima_player_paint_rank(f.player, 2), 2);
  cr_assert_eq(anima_player_paint_rank(f.player, 1), 3);
  /* (6, 6) is in all three circles: x is foremost; (6, 8.5) (2.5 from the
   * centre) only in y and c: y; (6, 9.5) only in c. */
  cr_assert_eq(hit(6, 6), 1);
  cr_assert_eq(hit(6, 8.5), 2);
  cr_assert_eq(hit(6, 9.5), 3);
}

Test(composite_hits, clipped_away_parts_miss) {
  /* a red rect over the view clipped to a circle r 6 at (12, 12); b is a
   * small listener-free rect under it at the corner. (12, 12) hits a; (2,
   * 2) is clipped away from a: it hits b below; (22, 12) hits nothing. */
  load("[{'id': 'b', 'type': 'rect', 'x0': 0, 'y0': 0, 'w': 4, 'h': 4, "
       "'fill': {'color': '#000'}}, {'id': 'a', 'type': 'rect', 'x0': 0, "
       "'y0': 0, 'w': 24, 'h': 24, 'fill': {'color': '#ff0000'}, 'clip': "
       "{'source': 'c'}}, {'id': 'c', 'type': 'circle', 'center': [12, 12], "
       "'r': 6, 'visible': false, 'fill': {'color': '#000'}}]",
       NULL, NULL);
  cr_assert_eq(hit(12, 12), 1);
  cr_assert_eq(hit(2, 2), 0);
  cr_assert_eq(hit(22, 12), -1);
}

Test(composite_hits, group_clips_and_listeners) {
  /* A clipped group: its child is hit only inside the clip (the left half,
   * x < 12); a listener on the child fires at (6, 12), not at (18, 12). */
  load("[{'id': 'g', 'type': 'group', 'clip': {'source': 'c'}, 'children': "
       "[{'id': 't', 'type': 'rect', 'x0': 0, 'y0': 0, 'w': 24, 'h': 24, "
       "'fill': {'color': '#ff0000'}}]}, {'id': 'c', 'type': 'rect', 'x0': 0, "
       "'y0': 0, 'w': 12, 'h': 24, 'visible': false, 'fill': {'color': "
       "'#000'}}]",
       NULL,
       ", 'inputs': {'hits': {'type': 'number', 'default': 0}}, 'listeners': "
       "[{'on': 'down', 'target': 't', 'set': {'hits': 1}}]");
  cr_assert_eq(hit(6, 12), 1);
  cr_assert_eq(hit(18, 12), -1);
  anima_value value;
  cr_assert_eq(anima_player_pointer_down(f.player, 18, 12), ANIMA_OK);
  paint_step(&f, 0);
  cr_assert_eq(anima_player_get_input(f.player, "hits", &value), ANIMA_OK);
  cr_assert_eq(value.as.number, 0);
  cr_assert_eq(anima_player_pointer_down(f.player, 6, 12), ANIMA_OK);
  paint_step(&f, 0);
  cr_assert_eq(anima_player_get_input(f.player, "hits", &value), ANIMA_OK);
  cr_assert_eq(value.as.number, 1);
}

Test(composite_hits, singular_parent_gives_an_empty_clip) {
  /* The clipped node's parent scales by 0 along x: its clip is empty. The
   * clip source itself, at the top level, is still hit. */
  load("[{'id': 'g', 'type': 'group', 'scaleX': 0, 'children': [{'id': 't', "
       "'type': 'rect', 'x0': 0, 'y0': 0, 'w': 24, 'h': 24, 'fill': "
       "{'color': '#ff0000'}, 'clip': {'source': 'c'}}]}, {'id': 'c', "
       "'type': 'rect', 'x0': 0, 'y0': 0, 'w': 24, 'h': 24, 'fill': "
       "{'color': '#000'}}]",
       NULL, NULL);
  cr_assert_eq(hit(0, 12), 2);
  const anima_draw_item *begin = composite_item(&f, 1, ANIMA_DRAW_CLIP_BEGIN);
  cr_assert_not_null(begin);
  const anima_draw_clip *clip = &f.frame->clips[begin->payload];
  paint_step(&f, 0);
  cr_assert(clip->transform.a == 0 && clip->transform.b == 0 &&
                clip->transform.c == 0 && clip->transform.d == 0 &&
                clip->transform.e == 0 && clip->transform.f == 0,
            "a singular parent maps the clip to nothing");
}

Test(composite_hits, hidden_paints_and_mask_sources_do_not_hit) {
  /* c's only paint is hidden: no hit; m is drawn only as a mask source
   * (sourceDraws false): no hit; t, masked by m, is hit where it is
   * painted (masks do not limit hits, as in SVG). */
  load("[{'id': 'c', 'type': 'circle', 'center': [12, 12], 'r': 4, "
       "'paints': [{'fill': {'color': '#000', 'visible': false}}]}, {'id': "
       "'t', 'type': 'rect', 'x0': 16, 'y0': 0, 'w': 8, 'h': 8, 'fill': "
       "{'color': '#000'}, 'mask': {'source': 'm', 'mode': 'alpha', "
       "'sourceDraws': false}}, {'id': 'm', 'type': 'rect', 'x0': 0, 'y0': 16, "
       "'w': 8, 'h': 8, 'fill': {'color': '#000'}}]",
       "{'c.paints.0.fill.visible': [[0, false], [0.5, true]]}", NULL);
  paint_step(&f, 0);
  cr_assert_eq(hit(12, 12), -1);
  cr_assert_eq(hit(4, 20), -1);
  cr_assert_eq(hit(20, 4), 1);
  paint_step(&f, 0.75);
  cr_assert_eq(hit(12, 12), 0);
}

Test(composite_hits, placed_strokes_hit_where_drawn) {
  /* A circle r 6 at (12, 12) with only a stroke of width 2 (no fill):
   * centre: hit within [5, 7] of the centre; inside: [4, 6]; outside:
   * [6, 8]. Probes at r = 4.5 and 7.5. */
  static const char *const positions[] = {"center", "inside", "outside"};
  static const bool at_4_5[] = {false, true, false};
  static const bool at_7_5[] = {false, false, true};
  static const bool at_5_5[] = {true, true, false};
  static const bool at_6_5[] = {true, false, true};
  for (size_t i = 0; i < 3; i++) {
    char nodes[512];
    snprintf(nodes, sizeof nodes,
             "[{'id': 'c', 'type': 'circle', 'center': [12, 12], 'r': 6, "
             "'stroke': {'color': '#000', 'width': 2, 'position': '%s'}}]",
             positions[i]);
    load(nodes, NULL, NULL);
    cr_assert_eq(hit(16.5, 12) == 0, at_4_5[i], "%s at r 4.5", positions[i]);
    cr_assert_eq(hit(17.5, 12) == 0, at_5_5[i], "%s at r 5.5", positions[i]);
    cr_assert_eq(hit(18.5, 12) == 0, at_6_5[i], "%s at r 6.5", positions[i]);
    cr_assert_eq(hit(19.5, 12) == 0, at_7_5[i], "%s at r 7.5", positions[i]);
  }
}

Test(composite_hits, arguments) {
  load(TWO_RECTS("", ""), NULL, NULL);
  long node = 0;
  cr_assert_eq(anima_player_hit_node(NULL, 1, 1, &node),
               ANIMA_ERROR_INVALID_ARGUMENT);
  cr_assert_eq(anima_player_hit_node(f.player, NAN, 1, &node),
               ANIMA_ERROR_INVALID_ARGUMENT);
  cr_assert_eq(anima_player_hit_node(f.player, 1, 1, NULL),
               ANIMA_ERROR_INVALID_ARGUMENT);
  cr_assert_eq(anima_player_paint_rank(NULL, 5), 5);
  cr_assert_eq(anima_player_paint_rank(f.player, 99), 99);
}
