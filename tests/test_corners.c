/*
 * test_corners.c — the `corners` module (SPEC paint chapter, "Rectangle
 * corner radii"), loaded as a shared object from the build tree.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <anima/draw.h>
#include <anima/module.h>
#include <anima/path.h>

static anima_runtime *runtime;

static void setup(void) {
  runtime = anima_runtime_create();
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  cr_assert_eq(
      anima_runtime_load_module_file(
          runtime, ANIMA_BUILD_ROOT "/modules/anima-corners.so", diagnostics),
      ANIMA_OK);
  anima_diagnostics_destroy(diagnostics);
}

static void teardown(void) {
  anima_runtime_destroy(runtime);
}

TestSuite(corners, .init = setup, .fini = teardown);

/* The outline the draw frame gets for one rect (`rect_members`: the JSON
 * members after "type": "rect") at rest, copied into `out` (owned). */
static void rect_outline(const char *rect_members, anima_path *out) {
  char document[1024];
  snprintf(document, sizeof document,
           "{\"anima\": \"0.1\", \"name\": \"tile\", \"grid\": 10,"
           " \"requires\": [\"corners\"], \"nodes\": [{\"id\": \"tile\","
           " \"type\": \"rect\", %s, \"fill\": {\"color\": \"#000\"}}]}",
           rect_members);
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  anima_model *model = NULL;
  cr_assert_eq(anima_model_load(runtime, document, strlen(document),
                                diagnostics, &model),
               ANIMA_OK, "%s",
               anima_diagnostics_count(diagnostics)
                   ? anima_diagnostics_get(diagnostics, 0)->message
                   : "");
  anima_player *player = anima_player_create(model);
  anima_draw_frame *frame = NULL;
  cr_assert_eq(anima_draw_frame_create(model, &frame), ANIMA_OK);
  cr_assert_eq(anima_draw_frame_build(frame, player), ANIMA_OK);
  cr_assert_eq(frame->item_count, 1);
  anima_path_init(out);
  cr_assert_eq(frame->items[0].kind, ANIMA_DRAW_SHAPE);
  cr_assert_eq(
      anima_path_append(out, frame->shapes[frame->items[0].payload].outline),
      ANIMA_OK);
  anima_draw_frame_destroy(frame);
  anima_player_destroy(player);
  anima_model_destroy(model);
  anima_diagnostics_destroy(diagnostics);
}

static void assert_point(anima_point point, double x, double y) {
  cr_assert_float_eq(point.x, x, 1e-12, "x %.17g != %.17g", point.x, x);
  cr_assert_float_eq(point.y, y, 1e-12, "y %.17g != %.17g", point.y, y);
}

Test(corners, registers_field_properties_and_feature) {
  const anima_registry *registry = anima_runtime_registry(runtime);
  cr_assert(anima_runtime_has_feature(runtime, "corners"));
  const anima_field *field =
      anima_registry_find_field(registry, "rect", "corners");
  cr_assert_not_null(field);
  cr_assert_eq(field->length, 4);
  cr_assert_eq(field->minimum, 0);
  /* Either `paint` or `corners` declares it (SPEC paint chapter). */
  cr_assert_str_eq(field->feature, "paint|corners");
  const char *addresses[] = {"corners.0", "corners.1", "corners.2",
                             "corners.3"};
  for (size_t i = 0; i < 4; i++) {
    long id =
        anima_registry_find_property(registry, "rect", addresses[i], false);
    cr_assert_geq(id, 0, "%s", addresses[i]);
    cr_assert_eq(anima_registry_property(registry, (size_t)id)->animation,
                 ANIMA_ANIMATION_INTERPOLATED);
  }
  /* Only rects have corners. */
  cr_assert_eq(
      anima_registry_find_property(registry, "circle", "corners.0", false), -1);
}

Test(corners, a_rect_without_corners_keeps_the_kernel_outline) {
  /* The kernel's rect with rx 0: move, three lines and a close from
   * (x0 + rx, y0) clockwise (SPEC §4) — no cubics. */
  anima_path path;
  rect_outline("\"x0\": 0, \"y0\": 0, \"w\": 10, \"h\": 6", &path);
  cr_assert_eq(path.segments[0].kind, ANIMA_SEGMENT_MOVE);
  for (size_t i = 0; i < path.count; i++) {
    cr_assert_neq(path.segments[i].kind, ANIMA_SEGMENT_CUBIC);
  }
  anima_path_release(&path);
}

Test(corners, radii_clamp_per_axis_and_controls_move_k_toward_the_vertex) {
  /* Rect 10 x 6 at the origin, corners [tl 1, tr 2, br 3, bl 4]:
   * half width 5, half height 3, so tl (1, 1), tr (2, 2), br (3, 3) and
   * bl (4, 3): the bottom-left corner becomes a quarter ellipse. */
  double k = 4.0 * (sqrt(2.0) - 1.0) / 3.0;
  anima_path path;
  rect_outline("\"x0\": 0, \"y0\": 0, \"w\": 10, \"h\": 6, \"rx\": 0.5,"
               " \"corners\": [1, 2, 3, 4]",
               &path);
  cr_assert_eq(path.count, 10);
  const anima_segment *s = path.segments;
  cr_assert_eq(s[0].kind, ANIMA_SEGMENT_MOVE);
  assert_point(s[0].points[0], 1, 0); /* starts at (x0 + tl, y0) */
  cr_assert_eq(s[1].kind, ANIMA_SEGMENT_LINE);
  assert_point(s[1].points[0], 8, 0);
  cr_assert_eq(s[2].kind, ANIMA_SEGMENT_CUBIC); /* top-right, r = 2 */
  assert_point(s[2].points[0], 8 + 2 * k, 0);
  assert_point(s[2].points[1], 10, 2 - 2 * k);
  assert_point(s[2].points[2], 10, 2);
  assert_point(s[3].points[0], 10, 3);
  cr_assert_eq(s[4].kind, ANIMA_SEGMENT_CUBIC); /* bottom-right, r = 3 */
  assert_point(s[4].points[0], 10, 3 + 3 * k);
  assert_point(s[4].points[1], 7 + 3 * k, 6);
  assert_point(s[4].points[2], 7, 6);
  assert_point(s[5].points[0], 4, 6);
  cr_assert_eq(s[6].kind, ANIMA_SEGMENT_CUBIC); /* bottom-left, 4 x 3 */
  assert_point(s[6].points[0], 4 - 4 * k, 6);
  assert_point(s[6].points[1], 0, 3 + 3 * k);
  assert_point(s[6].points[2], 0, 3);
  assert_point(s[7].points[0], 0, 1);
  cr_assert_eq(s[8].kind, ANIMA_SEGMENT_CUBIC); /* top-left, r = 1 */
  assert_point(s[8].points[0], 0, 1 - k);
  assert_point(s[8].points[1], 1 - k, 0);
  assert_point(s[8].points[2], 1, 0);
  cr_assert_eq(s[9].kind, ANIMA_SEGMENT_CLOSE);
  anima_path_release(&path);
}

Test(corners, fully_rounded_square_is_close_to_a_circle) {
  /* A 2 x 2 square with all radii 1 is four k-quarter arcs of radius 1: its
   * length is 2π within the cubic approximation (radial error < 0.03 %). */
  anima_path path; /* radii 5 clamp to 1 */
  rect_outline("\"x0\": -1, \"y0\": -1, \"w\": 2, \"h\": 2,"
               " \"corners\": [5, 5, 5, 5]",
               &path);
  cr_assert_float_eq(anima_path_length(&path), 2 * 3.14159265358979323846,
                     2e-3);
  anima_path_release(&path);
}

/* A click toggles `hit` when it lands on the rect's painted area. */
static bool click_hits(const char *corners, double x, double y) {
  char document[1024];
  snprintf(document, sizeof document,
           "{\"anima\": \"0.1\", \"name\": \"tile\", \"grid\": 10,"
           " \"requires\": [\"corners\"],"
           " \"inputs\": {\"hit\": {\"type\": \"bool\"}},"
           " \"nodes\": [{\"id\": \"tile\", \"type\": \"rect\", \"x0\": 0,"
           " \"y0\": 0, \"w\": 10, \"h\": 10, %s \"fill\": {\"color\": "
           "\"#000\"}}],"
           " \"listeners\": [{\"on\": \"click\", \"target\": \"tile\","
           " \"toggle\": \"hit\"}]}",
           corners);
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  anima_model *model = NULL;
  cr_assert_eq(anima_model_load(runtime, document, strlen(document),
                                diagnostics, &model),
               ANIMA_OK, "%s",
               anima_diagnostics_count(diagnostics)
                   ? anima_diagnostics_get(diagnostics, 0)->message
                   : "");
  anima_player *player = anima_player_create(model);
  anima_step_result result;
  cr_assert_eq(anima_player_pointer_move(player, x, y), ANIMA_OK);
  cr_assert_eq(anima_player_pointer_down(player, x, y), ANIMA_OK);
  cr_assert_eq(anima_player_pointer_up(player, x, y), ANIMA_OK);
  cr_assert_eq(anima_player_step(player, 0, &result), ANIMA_OK);
  anima_value value;
  cr_assert_eq(anima_player_get_input(player, "hit", &value), ANIMA_OK);
  anima_player_destroy(player);
  anima_model_destroy(model);
  anima_diagnostics_destroy(diagnostics);
  return value.as.boolean;
}

Test(corners, hit_testing_follows_the_rounded_outline) {
  /* (0.5, 0.5) lies in the 10 x 10 rect, but 4.95 from the centre (4, 4)
   * of the radius-4 top-left corner: outside the rounded outline (more
   * than 0.05 from its edge, where SPEC §9 requires exact hits). */
  cr_assert(click_hits("", 0.5, 0.5));
  cr_assert_not(click_hits("\"corners\": [4, 4, 4, 4],", 0.5, 0.5));
  /* The centre hits either way; (2, 2) is 2.83 from (4, 4): inside. */
  cr_assert(click_hits("\"corners\": [4, 4, 4, 4],", 5, 5));
  cr_assert(click_hits("\"corners\": [4, 4, 4, 4],", 2, 2));
  /* Only the top-left corner is rounded: (9.5, 9.5) still hits. */
  cr_assert(click_hits("\"corners\": [4, 0, 0, 0],", 9.5, 9.5));
  cr_assert_not(click_hits("\"corners\": [4, 0, 0, 0],", 0.5, 0.5));
}

Test(corners, a_runtime_without_the_module_refuses_the_feature) {
  /* SPEC §2: requires naming a feature the runtime lacks is
   * unknown-feature at /requires/<i>. */
  anima_runtime *bare = anima_runtime_create();
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  const char *document =
      "{\"anima\": \"0.1\", \"name\": \"tile\", \"grid\": 10,"
      " \"requires\": [\"knockout\", \"corners\"],"
      " \"nodes\": [{\"id\": \"tile\", \"type\": \"rect\", \"x0\": 0,"
      " \"y0\": 0, \"w\": 10, \"h\": 10, \"corners\": [1, 1, 1, 1],"
      " \"fill\": {\"color\": \"#000\"}}]}";
  cr_assert_eq(
      anima_document_validate(bare, document, strlen(document), diagnostics),
      ANIMA_ERROR_INVALID_DOCUMENT);
  const anima_diagnostic *first = anima_diagnostics_get(diagnostics, 0);
  cr_assert_str_eq(first->code, "unknown-feature");
  cr_assert_str_eq(first->pointer, "/requires/1");
  anima_diagnostics_destroy(diagnostics);
  anima_runtime_destroy(bare);
}

Test(corners, corners_without_requires_is_undeclared) {
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  const char *document =
      "{\"anima\": \"0.1\", \"name\": \"tile\", \"grid\": 10,"
      " \"nodes\": [{\"id\": \"tile\", \"type\": \"rect\", \"x0\": 0,"
      " \"y0\": 0, \"w\": 10, \"h\": 10, \"corners\": [1, 1, 1, 1],"
      " \"fill\": {\"color\": \"#000\"}}]}";
  cr_assert_eq(
      anima_document_validate(runtime, document, strlen(document), diagnostics),
      ANIMA_ERROR_INVALID_DOCUMENT);
  const anima_diagnostic *first = anima_diagnostics_get(diagnostics, 0);
  cr_assert_str_eq(first->code, "undeclared-feature");
  cr_assert_str_eq(first->pointer, "/nodes/0/corners");
  cr_assert_str_eq(first->hint, "add \"corners\" to \"requires\"");
  anima_diagnostics_destroy(diagnostics);
}

Test(corners, corner_addresses_animate_and_clamp) {
  /* tile.corners.2 is animatable; an absent corners array cannot be
   * animated (unknown-address). */
  const char *valid =
      "{\"anima\": \"0.1\", \"name\": \"tile\", \"grid\": 10,"
      " \"requires\": [\"corners\"],"
      " \"nodes\": [{\"id\": \"tile\", \"type\": \"rect\", \"x0\": 0,"
      " \"y0\": 0, \"w\": 10, \"h\": 10, \"corners\": [1, 1, 1, 1],"
      " \"fill\": {\"color\": \"#000\"}}],"
      " \"timelines\": {\"t\": {\"duration\": 1, \"tracks\": "
      "{\"tile.corners.2\": [[0, 1], [1, 3]]}}},"
      " \"machine\": {\"layers\": {\"l\": {\"initial\": \"s\", \"states\":"
      " {\"s\": {\"play\": \"t\"}}}}}}";
  anima_model *model = NULL;
  cr_assert_eq(anima_model_load(runtime, valid, strlen(valid), NULL, &model),
               ANIMA_OK);
  anima_player *player = anima_player_create(model);
  anima_step_result result;
  anima_player_step(player, 0.5, &result);
  anima_value value;
  cr_assert_eq(anima_player_read(player, "tile.corners.2", &value), ANIMA_OK);
  /* linear from 1 to 3 at u = 0.5 */
  cr_assert_float_eq(value.as.number, 2, 1e-12);
  anima_player_destroy(player);
  anima_model_destroy(model);

  anima_diagnostics *diagnostics = anima_diagnostics_create();
  const char *absent =
      "{\"anima\": \"0.1\", \"name\": \"tile\", \"grid\": 10,"
      " \"requires\": [\"corners\"],"
      " \"nodes\": [{\"id\": \"tile\", \"type\": \"rect\", \"x0\": 0,"
      " \"y0\": 0, \"w\": 10, \"h\": 10, \"fill\": {\"color\": \"#000\"}}],"
      " \"timelines\": {\"t\": {\"duration\": 1, \"tracks\": "
      "{\"tile.corners.2\": [[0, 1], [1, 3]]}}},"
      " \"machine\": {\"layers\": {\"l\": {\"initial\": \"s\", \"states\":"
      " {\"s\": {\"play\": \"t\"}}}}}}";
  cr_assert_eq(
      anima_document_validate(runtime, absent, strlen(absent), diagnostics),
      ANIMA_ERROR_INVALID_DOCUMENT);
  const anima_diagnostic *first = anima_diagnostics_get(diagnostics, 0);
  cr_assert_str_eq(first->code, "unknown-address");
  cr_assert_str_eq(first->pointer, "/timelines/t/tracks/tile.corners.2");
  anima_diagnostics_destroy(diagnostics);
}

Test(corners, an_index_past_the_four_corners_is_unknown) {
  /* "tile.corners.0" .. ".3" exist (paint chapter: indices without leading
   * zeros); ".4" names no property: unknown-address, not not-animatable. */
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  const char *document =
      "{\"anima\": \"0.1\", \"name\": \"tile\", \"grid\": 10,"
      " \"requires\": [\"corners\"],"
      " \"nodes\": [{\"id\": \"tile\", \"type\": \"rect\", \"x0\": 0,"
      " \"y0\": 0, \"w\": 10, \"h\": 10, \"corners\": [1, 1, 1, 1],"
      " \"fill\": {\"color\": \"#000\"}}],"
      " \"timelines\": {\"t\": {\"duration\": 1, \"tracks\": "
      "{\"tile.corners.4\": [[0, 1]]}}}}";
  cr_assert_eq(
      anima_document_validate(runtime, document, strlen(document), diagnostics),
      ANIMA_ERROR_INVALID_DOCUMENT);
  const anima_diagnostic *first = anima_diagnostics_get(diagnostics, 0);
  cr_assert_str_eq(first->code, "unknown-address");
  cr_assert_str_eq(first->pointer, "/timelines/t/tracks/tile.corners.4");
  anima_diagnostics_destroy(diagnostics);
}
