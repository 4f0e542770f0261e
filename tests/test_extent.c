/*
 * test_extent.c — painted extents of draw items and the view-box lint
 * (include/anima/extent.h). Every expected box is worked out by hand from
 * the document in the test: outline, world matrix (SPEC §4 Transform),
 * half the stroke width r in local units, caps and joins as SVG draws them.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <anima/extent.h>

typedef struct loaded {
  anima_runtime *runtime;
  anima_model *model;
  anima_player *player;
  anima_draw_frame *frame;
} loaded;

static loaded load(const char *json) {
  loaded l = {0};
  l.runtime = anima_runtime_create();
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  anima_status status =
      anima_model_load(l.runtime, json, strlen(json), diagnostics, &l.model);
  if (status != ANIMA_OK) {
    const anima_diagnostic *first = anima_diagnostics_get(diagnostics, 0);
    cr_assert_fail("document did not load: %s %s %s",
                   first ? first->code : anima_status_name(status),
                   first ? first->pointer : "", first ? first->message : "");
  }
  anima_diagnostics_destroy(diagnostics);
  l.player = anima_player_create(l.model);
  cr_assert_eq(anima_draw_frame_create(l.model, &l.frame), ANIMA_OK);
  cr_assert_eq(anima_draw_frame_build(l.frame, l.player), ANIMA_OK);
  return l;
}

static void unload(loaded *l) {
  anima_draw_frame_destroy(l->frame);
  anima_player_destroy(l->player);
  anima_model_destroy(l->model);
  anima_runtime_destroy(l->runtime);
}

/* A document on grid 24 with the given nodes. */
static char *document(const char *nodes) {
  static char text[4096];
  snprintf(text, sizeof text,
           "{\"anima\": \"0.1\", \"name\": \"t\", \"grid\": 24, \"nodes\": "
           "[%s]}",
           nodes);
  return text;
}

/* The extent of the only shape of `nodes`. */
static void assert_extent(const char *nodes, double x0, double y0, double x1,
                          double y1) {
  loaded l = load(document(nodes));
  size_t shape = l.frame->item_count;
  for (size_t i = 0; i < l.frame->item_count; i++) {
    if (l.frame->items[i].kind == ANIMA_DRAW_SHAPE) {
      shape = i;
    }
  }
  cr_assert_lt(shape, l.frame->item_count, "no shape");
  double extent[4];
  bool paints = false;
  cr_assert_eq(anima_draw_item_extent(l.frame, shape, extent, &paints),
               ANIMA_OK);
  cr_assert(paints);
  double expected[4] = {x0, y0, x1, y1};
  for (int i = 0; i < 4; i++) {
    cr_assert(fabs(extent[i] - expected[i]) < 1e-9,
              "extent[%d] = %.12g, expected %.12g (%s)", i, extent[i],
              expected[i], nodes);
  }
  unload(&l);
}

/* ---- extents ------------------------------------------------------------ */

Test(extent, circle_fill_and_stroke) {
  /* Centre (12, 12), r 10: the outline reaches 2..22; the stroke adds
   * r = 1 on every side. */
  assert_extent("{\"id\": \"c\", \"type\": \"circle\", \"center\": [12, 12], "
                "\"r\": 10, \"fill\": {\"color\": \"#000\"}, \"stroke\": "
                "{\"color\": \"#000\", \"width\": 2}}",
                1, 1, 23, 23);
}

Test(extent, cubic_counts_by_its_curve_not_its_controls) {
  /* y(t) = 30·t·(1 − t) peaks at t = 0.5 with 7.5; the controls reach 10. */
  assert_extent("{\"id\": \"p\", \"type\": \"path\", \"d\": \"M0 0C0 10 10 10 "
                "10 0\", \"fill\": {\"color\": \"#000\"}}",
                0, 0, 10, 7.5);
}

/* A diamond with vertices (12, 2), (22, 12), (12, 22), (2, 12), stroke
 * width 2 (r = 1). Each corner turns 90°. */
#define DIAMOND(join)                                                          \
  "{\"id\": \"d\", \"type\": \"path\", \"d\": \"M12 2L22 12L12 22L2 12Z\", "   \
  "\"stroke\": {\"color\": \"#000\", \"width\": 2, \"join\": \"" join "\"}}"

Test(extent, miter_join_reaches_its_tip) {
  /* The miter tip lies on the outward axis at r / sin(45°) = √2. */
  double s = sqrt(2);
  assert_extent(DIAMOND("miter"), 2 - s, 2 - s, 22 + s, 22 + s);
}

Test(extent, round_join_reaches_its_radius) {
  assert_extent(DIAMOND("round"), 1, 1, 23, 23);
}

Test(extent, bevel_join_stops_at_the_offsets) {
  /* At (12, 2) the edges' normals are (±1, −1)/√2: the bevel's corners are
   * r/√2 = √2/2 above the vertex. */
  double h = sqrt(2) / 2;
  assert_extent(DIAMOND("bevel"), 2 - h, 2 - h, 22 + h, 22 + h);
}

Test(extent, sharp_miter_beyond_the_limit_bevels) {
  /* A spike (0, 10) → (20, 12) → (0, 14): at (20, 12) the miter would be
   * 1/sin(φ/2) long with tan(φ/2) = 2/20, about 10 > 4, so it bevels. The
   * edges' unit normals are (2, ∓20)/√404 and r = 1: every corner of the
   * stroke is an end point plus or minus one of them (butt caps, bevel). */
  double k = 1 / sqrt(404);
  assert_extent("{\"id\": \"s\", \"type\": \"path\", \"d\": \"M0 10L20 12L0 "
                "14\", \"stroke\": {\"color\": \"#000\", \"width\": 2, "
                "\"join\": \"miter\", \"cap\": \"butt\"}}",
                -2 * k, 10 - 20 * k, 20 + 2 * k, 14 + 20 * k);
}

/* A diagonal (4, 4) → (20, 20) of width 2√2 (r = √2): its normal is
 * (1, −1)/√2, so the ends' offsets are (±1, ∓1). */
#define DIAGONAL(cap)                                                          \
  "{\"id\": \"l\", \"type\": \"path\", \"d\": \"M4 4L20 20\", \"stroke\": "    \
  "{\"color\": \"#000\", \"width\": 2.8284271247461903, \"cap\": \"" cap       \
  "\"}}"

Test(extent, butt_caps_end_at_the_offsets) {
  assert_extent(DIAGONAL("butt"), 3, 3, 21, 21);
}

Test(extent, square_caps_add_half_the_width_outward) {
  /* The square's outer corners: (4, 4) + (±1, ∓1) + (−1, −1). */
  assert_extent(DIAGONAL("square"), 2, 2, 22, 22);
}

Test(extent, round_caps_add_a_half_disc) {
  double s = sqrt(2);
  assert_extent(DIAGONAL("round"), 4 - s, 4 - s, 20 + s, 20 + s);
}

Test(extent, stroke_scales_with_a_non_uniform_world_matrix) {
  /* scaleX 2 about (12, 12): the local annulus of radii 4..6 maps to x
   * 12 ± 12, y 12 ± 6. */
  assert_extent("{\"id\": \"c\", \"type\": \"circle\", \"center\": [12, 12], "
                "\"r\": 5, \"pivot\": [12, 12], \"scaleX\": 2, \"stroke\": "
                "{\"color\": \"#000\", \"width\": 2}}",
                0, 6, 24, 18);
}

Test(extent, rotation_and_a_group) {
  /* A 90° turn about (12, 12) inside a group moved by (1, 0): the line
   * (4, 12) → (20, 12) stands upright at x 12, y 4..20, then moves right by
   * 1. Butt caps, width 2: x 12 ± 1 + 1, y 4..20. */
  assert_extent("{\"id\": \"g\", \"type\": \"group\", \"x\": 1, "
                "\"children\": [{\"id\": \"l\", \"type\": \"path\", \"d\": "
                "\"M4 12L20 12\", \"pivot\": [12, 12], \"rotate\": 90, "
                "\"stroke\": {\"color\": \"#000\", \"width\": 2, \"cap\": "
                "\"butt\"}}]}",
                12, 4, 14, 20);
}

Test(extent, trimmed_stroke_covers_only_its_piece) {
  /* trimEnd 0.25 keeps the first quarter of the circle: from angle 0
   * (22, 12) to 90° (12, 22). Round caps add r = 1 beyond each end along
   * the tangent and beside it. */
  assert_extent("{\"id\": \"c\", \"type\": \"circle\", \"center\": [12, 12], "
                "\"r\": 10, \"stroke\": {\"color\": \"#000\", \"width\": 2, "
                "\"trimEnd\": 0.25}}",
                11, 11, 23, 23);
}

Test(extent, nothing_painted) {
  /* A stroke trimmed away paints nothing; so does a transparent fill. */
  loaded l = load(
      document("{\"id\": \"c\", \"type\": \"circle\", \"center\": [12, 12], "
               "\"r\": 10, \"fill\": {\"color\": \"#00000000\"}, \"stroke\": "
               "{\"color\": \"#000\", \"trimEnd\": 0}}"));
  double extent[4] = {-1, -1, -1, -1};
  bool paints = true;
  cr_assert_eq(anima_draw_item_extent(l.frame, 0, extent, &paints), ANIMA_OK);
  cr_assert_not(paints);
  cr_assert_eq(extent[0], -1, "left unchanged");
  cr_assert_eq(anima_draw_item_extent(NULL, 0, extent, &paints),
               ANIMA_ERROR_INVALID_ARGUMENT);
  cr_assert_eq(anima_draw_item_extent(l.frame, 1, extent, &paints),
               ANIMA_ERROR_INVALID_ARGUMENT, "past the last item");
  unload(&l);
}

/* ---- the view-box lint -------------------------------------------------- */

static anima_view_box_report *lint(loaded *l) {
  anima_view_box_report *report = NULL;
  cr_assert_eq(anima_model_lint_view_box(l->model, &report), ANIMA_OK);
  return report;
}

/* A ring that fits at rest (1..23) and a hover pose that scales it 1.2
 * about (0, 0), the default pivot: centre (14.4, 14.4), radius 12, half
 * width 1.2, so it reaches 1.2..27.6 and passes the right and bottom
 * edges by 3.6. */
static const char *const hover_document =
    "{\"anima\": \"0.1\", \"name\": \"t\", \"grid\": 24,"
    " \"inputs\": {\"hover\": {\"type\": \"bool\"}},"
    " \"nodes\": [{\"id\": \"ring\", \"type\": \"circle\", \"center\": [12, "
    "12], \"r\": 10, \"stroke\": {\"color\": \"#000\", \"width\": 2}}],"
    " \"machine\": {\"layers\": {\"pointer\": {\"initial\": \"rest\","
    " \"states\": {\"rest\": {\"pose\": {}, \"on\": [{\"when\": \"hover\","
    " \"to\": \"hovered\"}]},"
    " \"hovered\": {\"pose\": {\"ring.scale\": 1.2}, \"on\": [{\"when\":"
    " \"!hover\", \"to\": \"rest\"}]}}}}}}";

Test(lint, a_pose_that_leaves_the_view_box) {
  loaded l = load(hover_document);
  anima_view_box_report *report = lint(&l);
  cr_assert_eq(report->poses_total, 2, "rest and hovered");
  cr_assert_eq(report->poses_checked, 2);
  cr_assert_eq(report->tolerance, 24.0 / 1000);
  cr_assert_eq(report->overflow_count, 1);
  const anima_view_box_overflow *ring = &report->overflows[0];
  cr_assert_str_eq(ring->id, "ring");
  cr_assert_eq(ring->first.layer, 0);
  cr_assert_str_eq(ring->first.state, "hovered");
  cr_assert_null(ring->first.timeline);
  cr_assert_eq(ring->pose_count, 1);
  double expected[4] = {1.2, 1.2, 27.6, 27.6};
  for (int i = 0; i < 4; i++) {
    cr_assert(fabs(ring->extent[i] - expected[i]) < 1e-9, "extent[%d] %.12g", i,
              ring->extent[i]);
  }
  anima_view_box_report_destroy(report);
  /* The lint leaves no trace on the model: a new player is still at rest. */
  anima_value scale;
  cr_assert_eq(anima_player_read(l.player, "ring.scale", &scale), ANIMA_OK);
  cr_assert_eq(scale.as.number, 1);
  unload(&l);
}

/* A dot (centre 12, 12, r 4) that a timeline moves by x; `loop` its loop
 * mode. Keys: 0 → 0, 0.5 → 10, 1 → 0. */
static const char *timeline_document(const char *loop, const char *last) {
  static char text[2048];
  snprintf(text, sizeof text,
           "{\"anima\": \"0.1\", \"name\": \"t\", \"grid\": 24,"
           " \"nodes\": [{\"id\": \"dot\", \"type\": \"circle\", \"center\": "
           "[12, 12], \"r\": 4, \"fill\": {\"color\": \"#000\"}}],"
           " \"timelines\": {\"slide\": {\"duration\": 1, \"loop\": \"%s\","
           " \"tracks\": {\"dot.x\": [[0, 0], [0.5, %s], [1, %s]]}}},"
           " \"machine\": {\"layers\": {\"main\": {\"initial\": \"play\","
           " \"states\": {\"play\": {\"play\": \"slide\"}}}}}}",
           loop, strcmp(last, "0") == 0 ? "10" : "0", last);
  return text;
}

Test(lint, a_timeline_key_that_leaves_the_view_box) {
  /* At 0.5 s the dot is at x 22: 18..26 passes the right edge by 2. Poses:
   * rest, then keys 0, 0.5 and 1. */
  loaded l = load(timeline_document("once", "0"));
  anima_view_box_report *report = lint(&l);
  cr_assert_eq(report->poses_total, 4);
  cr_assert_eq(report->overflow_count, 1);
  const anima_view_box_overflow *dot = &report->overflows[0];
  cr_assert_str_eq(dot->first.state, "play");
  cr_assert_str_eq(dot->first.timeline, "slide");
  cr_assert_eq(dot->first.time, 0.5);
  cr_assert_eq(dot->pose_count, 1);
  cr_assert(fabs(dot->extent[2] - 26) < 1e-9);
  cr_assert(fabs(dot->extent[0] - 18) < 1e-9);
  anima_view_box_report_destroy(report);
  unload(&l);
}

Test(lint, the_last_key_of_a_loop_is_shown_not_wrapped) {
  /* A loop's played time 1 maps to local 0, but the key at 1 is a pose the
   * author wrote: x 10 there (and 0 at 0.5) leaves the view box at 1 s. */
  loaded l = load(timeline_document("loop", "10"));
  anima_view_box_report *report = lint(&l);
  cr_assert_eq(report->overflow_count, 1);
  cr_assert_eq(report->overflows[0].first.time, 1);
  anima_view_box_report_destroy(report);
  unload(&l);
}

Test(lint, hidden_nodes_are_not_reported) {
  /* Both discs lie at x 30..38, outside; one is transparent by opacity,
   * the other sits in an invisible group. */
  loaded l = load(document(
      "{\"id\": \"faded\", \"type\": \"circle\", \"center\": [34, 12], "
      "\"r\": 4, \"opacity\": 0, \"fill\": {\"color\": \"#000\"}},"
      "{\"id\": \"g\", \"type\": \"group\", \"visible\": false, \"children\": "
      "[{\"id\": \"hidden\", \"type\": \"circle\", \"center\": [34, 12], "
      "\"r\": 4, \"fill\": {\"color\": \"#000\"}}]},"
      "{\"id\": \"shown\", \"type\": \"circle\", \"center\": [34, 12], "
      "\"r\": 4, \"fill\": {\"color\": \"#000\"}}"));
  anima_view_box_report *report = lint(&l);
  cr_assert_eq(report->overflow_count, 1);
  cr_assert_str_eq(report->overflows[0].id, "shown");
  cr_assert_eq(report->overflows[0].first.layer, -1, "at rest");
  anima_view_box_report_destroy(report);
  unload(&l);
}

Test(lint, touching_the_edge_is_inside) {
  /* r 11 with width 2 reaches exactly 0..24. */
  loaded l = load(document(
      "{\"id\": \"c\", \"type\": \"circle\", \"center\": [12, 12], \"r\": 11, "
      "\"stroke\": {\"color\": \"#000\", \"width\": 2}}"));
  anima_view_box_report *report = lint(&l);
  cr_assert_eq(report->overflow_count, 0);
  anima_view_box_report_destroy(report);
  unload(&l);
}

Test(lint, null_arguments) {
  anima_view_box_report *report = NULL;
  cr_assert_eq(anima_model_lint_view_box(NULL, &report),
               ANIMA_ERROR_INVALID_ARGUMENT);
  anima_view_box_report_destroy(NULL);
}
