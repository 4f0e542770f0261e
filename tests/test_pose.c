/*
 * test_pose.c — node behaviours (module.h anima_node_behaviour_desc) and
 * the per-player pose that drawing and hit testing read (SPEC §4
 * Transform, §9 hit testing): the test module `shapes`
 * (tests/modules/shapes.c) adds a painted node type with an outline, a
 * node type that draws nothing and a container, the way the kernel's own
 * group, path, circle, rect and arc are registered.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include <anima/draw.h>
#include <anima/module.h>

#define MODULE(file) ANIMA_TEST_MODULE_DIR "/" file

typedef struct loaded {
  anima_runtime *runtime;
  anima_model *model;
  anima_player *player;
  anima_draw_frame *frame;
} loaded;

/* Loads `json` into a runtime with the given test modules (NULL-ended). */
static loaded load_with(const char *const *modules, const char *json) {
  loaded l = {0};
  l.runtime = anima_runtime_create();
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  for (size_t i = 0; modules[i]; i++) {
    cr_assert_eq(
        anima_runtime_load_module_file(l.runtime, modules[i], diagnostics),
        ANIMA_OK, "%s: %s", modules[i],
        anima_diagnostics_count(diagnostics)
            ? anima_diagnostics_get(diagnostics, 0)->message
            : "");
  }
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
  cr_assert_not_null(l.player);
  cr_assert_eq(anima_draw_frame_create(l.model, &l.frame), ANIMA_OK);
  return l;
}

static loaded load_shapes(const char *json) {
  const char *const modules[] = {MODULE("anima-shapes.so"), NULL};
  return load_with(modules, json);
}

static void unload(loaded *l) {
  anima_draw_frame_destroy(l->frame);
  anima_player_destroy(l->player);
  anima_model_destroy(l->model);
  anima_runtime_destroy(l->runtime);
}

static void step_and_build(loaded *l, double dt) {
  anima_step_result result;
  cr_assert_eq(anima_player_step(l->player, dt, &result), ANIMA_OK);
  cr_assert_eq(anima_draw_frame_build(l->frame, l->player), ANIMA_OK);
}

#define SHAPES_DOCUMENT(nodes, rest)                                           \
  "{\"anima\": \"0.1\", \"name\": \"t\", \"requires\": [\"shapes\"], "         \
  "\"grid\": 20, \"nodes\": [" nodes "]" rest "}"

Test(node_behaviours, a_module_node_type_draws_its_outline) {
  /* A diamond at (10, 10) with size 4: corners top (10, 6), right (14, 10),
   * bottom (10, 14), left (6, 10), closed; its stroke length is four sides
   * of √(4² + 4²) = 4√2 each, 16√2 (the behaviour's closed form). */
  loaded l = load_shapes(SHAPES_DOCUMENT(
      "{\"id\": \"d\", \"type\": \"diamond\", \"center\": [10, 10], "
      "\"size\": 4, \"fill\": {\"color\": \"#000000\"}, \"stroke\": "
      "{\"color\": \"#ff0000\", \"trimEnd\": 0.5}}",
      ""));
  step_and_build(&l, 0);
  cr_assert_eq(l.frame->item_count, 1);
  const anima_draw_item *item = &l.frame->items[0];
  cr_assert_eq(item->kind, ANIMA_DRAW_SHAPE);
  cr_assert_str_eq(item->id, "d");
  const anima_draw_shape *shape = &l.frame->shapes[item->payload];
  const anima_path *outline = shape->outline;
  cr_assert_eq(outline->count, 5);
  const double expected[4][2] = {{10, 6}, {14, 10}, {10, 14}, {6, 10}};
  for (size_t i = 0; i < 4; i++) {
    cr_expect_eq(outline->segments[i].points[0].x, expected[i][0], "%zu", i);
    cr_expect_eq(outline->segments[i].points[0].y, expected[i][1], "%zu", i);
  }
  cr_expect_eq(outline->segments[4].kind, ANIMA_SEGMENT_CLOSE);
  cr_expect_float_eq(shape->length, 16 * sqrt(2.0), 1e-12);
  unload(&l);
}

Test(node_behaviours, a_module_node_type_is_hit_by_its_outline) {
  /* Listener on the diamond of size 4 about (10, 10): (11, 11) is inside
   * (|dx| + |dy| = 2 ≤ 4); (12.5, 12.5) is outside (5 > 4) and farther
   * than 0.05 from the edge (distance (5 − 4)/√2 ≈ 0.71). */
  loaded l = load_shapes(SHAPES_DOCUMENT(
      "{\"id\": \"d\", \"type\": \"diamond\", \"center\": [10, 10], "
      "\"size\": 4, \"fill\": {\"color\": \"#000000\"}}",
      ", \"inputs\": {\"hover\": {\"type\": \"bool\"}}, \"listeners\": ["
      "{\"on\": \"enter\", \"target\": \"d\", \"set\": {\"hover\": true}}, "
      "{\"on\": \"leave\", \"target\": \"d\", \"set\": {\"hover\": false}}]"));
  anima_value hover;
  cr_assert_eq(anima_player_pointer_move(l.player, 12.5, 12.5), ANIMA_OK);
  step_and_build(&l, 0);
  anima_player_get_input(l.player, "hover", &hover);
  cr_expect_not(hover.as.boolean);
  cr_assert_eq(anima_player_pointer_move(l.player, 11, 11), ANIMA_OK);
  step_and_build(&l, 0);
  anima_player_get_input(l.player, "hover", &hover);
  cr_expect(hover.as.boolean);
  unload(&l);
}

Test(node_behaviours, a_node_that_draws_nothing_carries_its_children) {
  /* The waypoint draws nothing itself; its child circle draws inside it and
   * follows its transform: world = T(5, 3) · T(1, 0) (SPEC §4). A childless
   * waypoint makes no items at all. */
  loaded l = load_shapes(SHAPES_DOCUMENT(
      "{\"id\": \"a\", \"type\": \"waypoint\", \"x\": 5, \"y\": 3, "
      "\"children\": [{\"id\": \"c\", \"type\": \"circle\", \"center\": [0, "
      "0], \"r\": 1, \"x\": 1, \"fill\": {\"color\": \"#000000\"}}]}, "
      "{\"id\": \"lonely\", \"type\": \"waypoint\"}",
      ""));
  step_and_build(&l, 0);
  cr_assert_eq(l.frame->item_count, 3);
  cr_expect_eq(l.frame->items[0].kind, ANIMA_DRAW_GROUP_BEGIN);
  cr_expect_str_eq(l.frame->items[0].id, "a");
  cr_expect_eq(l.frame->items[1].kind, ANIMA_DRAW_SHAPE);
  cr_expect_str_eq(l.frame->items[1].id, "c");
  cr_expect_eq(l.frame->items[2].kind, ANIMA_DRAW_GROUP_END);
  anima_matrix world = l.frame->items[1].world;
  cr_expect_eq(world.a, 1);
  cr_expect_eq(world.d, 1);
  cr_expect_eq(world.e, 6);
  cr_expect_eq(world.f, 3);
  unload(&l);
}

Test(node_behaviours, a_module_container_groups_its_children) {
  /* A tray with opacity 0.5 holding a diamond: a group around a shape,
   * the group carrying the opacity and its rotation: rotate 90 about
   * pivot (10, 10) maps (14, 10) to (10, 14), world = T(10,10)·R(90)·
   * T(−10,−10) = [0 −1 1 0 | 20 0] in (a b c d e f) = (0, 1, −1, 0, 20,
   * 0). */
  loaded l = load_shapes(SHAPES_DOCUMENT(
      "{\"id\": \"s\", \"type\": \"tray\", \"opacity\": 0.5, "
      "\"rotate\": 90, \"pivot\": [10, 10], \"children\": [{\"id\": \"d\", "
      "\"type\": \"diamond\", \"center\": [10, 10], \"size\": 2, \"fill\": "
      "{\"color\": \"#000000\"}}]}",
      ""));
  step_and_build(&l, 0);
  cr_assert_eq(l.frame->item_count, 3);
  const anima_draw_item *group = &l.frame->items[0];
  cr_expect_eq(group->kind, ANIMA_DRAW_GROUP_BEGIN);
  cr_expect_eq(group->opacity, 0.5);
  const anima_draw_item *shape = &l.frame->items[1];
  cr_expect_eq(shape->world.a, 0);
  cr_expect_eq(shape->world.b, 1);
  cr_expect_eq(shape->world.c, -1);
  cr_expect_eq(shape->world.d, 0);
  cr_expect_eq(shape->world.e, 20);
  cr_expect_eq(shape->world.f, 0);
  unload(&l);
}

Test(node_behaviours, the_kernel_node_types_cannot_be_taken) {
  /* shapes.c's init tries to register a behaviour for "rect" and fails
   * itself when that is not refused: loading it at all proves the refusal.
   * The kernel's rect still draws its own outline, which starts at
   * (x0 + rx, y0) = (2, 2) (SPEC §4 rect). */
  loaded l = load_shapes(SHAPES_DOCUMENT(
      "{\"id\": \"r\", \"type\": \"rect\", \"x0\": 2, \"y0\": 2, \"w\": 4, "
      "\"h\": 3, \"fill\": {\"color\": \"#000000\"}, \"stroke\": {\"color\": "
      "\"#000000\", \"trimEnd\": 0.5}}",
      ""));
  step_and_build(&l, 0);
  cr_assert_eq(l.frame->item_count, 1);
  /* Perimeter 2·(4 + 3) = 14 (anima_rect_length with rx 0). */
  const anima_draw_shape *shape = &l.frame->shapes[l.frame->items[0].payload];
  cr_expect_float_eq(shape->length, 14, 1e-12);
  cr_expect_eq(shape->outline->segments[0].points[0].x, 2);
  cr_expect_eq(shape->outline->segments[0].points[0].y, 2);
  unload(&l);
}
