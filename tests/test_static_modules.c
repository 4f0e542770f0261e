/*
 * test_static_modules.c — modules linked into a program (docs/MODULES.md
 * "A module in one page"; the design sketch's D8): this binary links the
 * very sources of modules/corners/corners.c and tests/modules/glow.c as
 * static libraries (tests/meson.build), and adds both with
 * anima_runtime_add_static_module. Their descriptors are name-derived
 * (anima_module_corners_info, anima_module_glow_info), so any number link
 * into one binary; they reach the kernel through the host table alone.
 */
#include <criterion/criterion.h>
#include <string.h>

#include <anima/draw.h>
#include <anima/module.h>

ANIMA_MODULE_DECLARE(corners);
ANIMA_MODULE_DECLARE(glow);

static anima_runtime *runtime;
static anima_diagnostics *diagnostics;

static void setup(void) {
  /* Nothing from the search path: only what is linked in. */
  setenv("ANIMA_MODULE_PATH", "/nonexistent-anima", 1);
  runtime = anima_runtime_create();
  diagnostics = anima_diagnostics_create();
}

static void teardown(void) {
  anima_diagnostics_destroy(diagnostics);
  anima_runtime_destroy(runtime);
}

TestSuite(static_modules, .init = setup, .fini = teardown);

Test(static_modules, two_modules_link_into_one_binary) {
  cr_assert_eq(anima_runtime_add_static_module(
                   runtime, &anima_module_corners_info, diagnostics),
               ANIMA_OK);
  cr_assert_eq(anima_runtime_add_static_module(runtime, &anima_module_glow_info,
                                               diagnostics),
               ANIMA_OK);
  cr_assert_eq(anima_diagnostics_count(diagnostics), 0);
  cr_assert(anima_runtime_has_feature(runtime, "corners"));
  cr_assert(anima_runtime_has_feature(runtime, "glow"));
  /* Reported as loaded, without a file. */
  cr_assert_eq(anima_runtime_module_count(runtime), 2);
  const anima_module_report *corners = anima_runtime_module_report(runtime, 0);
  cr_assert_str_eq(corners->name, "corners");
  cr_assert_null(corners->path);
  cr_assert(corners->loaded);
  cr_assert_eq(corners->rank, 1);
  cr_assert_str_eq(corners->features[0], "corners");
  cr_assert_null(corners->features[1]);
  /* Adding the same descriptor again is a no-op. */
  cr_assert_eq(anima_runtime_add_static_module(
                   runtime, &anima_module_corners_info, diagnostics),
               ANIMA_OK);
  cr_assert_eq(anima_runtime_module_count(runtime), 2);
}

Test(static_modules, a_statically_linked_corners_draws_its_outline) {
  cr_assert_eq(anima_runtime_add_static_module(
                   runtime, &anima_module_corners_info, diagnostics),
               ANIMA_OK);
  cr_assert_eq(anima_runtime_add_static_module(runtime, &anima_module_glow_info,
                                               diagnostics),
               ANIMA_OK);
  const char *document =
      "{\"anima\": \"0.1\", \"name\": \"tile\", \"grid\": 10,"
      " \"requires\": [\"corners\", \"glow\"], \"nodes\": [{\"id\": \"tile\","
      " \"type\": \"rect\", \"x0\": 0, \"y0\": 0, \"w\": 10, \"h\": 10,"
      " \"corners\": [4, 0, 0, 0], \"glow\": 0.5,"
      " \"fill\": {\"color\": \"#000\"}}]}";
  anima_model *model = NULL;
  cr_assert_eq(anima_model_load(runtime, document, strlen(document),
                                diagnostics, &model),
               ANIMA_OK);
  anima_player *player = anima_player_create(model);
  anima_draw_frame *frame = NULL;
  cr_assert_eq(anima_draw_frame_create(model, &frame), ANIMA_OK);
  cr_assert_eq(anima_draw_frame_build(frame, player), ANIMA_OK);
  /* corners' outline (modules/corners/corners.c): a move to the end of the
   * top-left corner (x0 + 4, y0), lines and corners clockwise, the close:
   * 10 segments; the top-left corner is the ninth, a cubic ending at
   * (4, 0). The kernel's rect would start at (0, 0) with rx 0. */
  const anima_path *outline = frame->shapes[frame->items[0].payload].outline;
  cr_assert_eq(outline->count, 10);
  cr_assert_eq(outline->segments[0].kind, ANIMA_SEGMENT_MOVE);
  cr_assert_eq(outline->segments[0].points[0].x, 4);
  cr_assert_eq(outline->segments[0].points[0].y, 0);
  cr_assert_eq(outline->segments[8].kind, ANIMA_SEGMENT_CUBIC);
  cr_assert_eq(outline->segments[8].points[2].x, 4);
  cr_assert_eq(outline->segments[8].points[2].y, 0);
  /* glow's property is a slot of the model. */
  anima_value glow;
  cr_assert_eq(anima_player_read(player, "tile.glow", &glow), ANIMA_OK);
  cr_assert_eq(glow.as.number, 0.5);
  anima_draw_frame_destroy(frame);
  anima_player_destroy(player);
  anima_model_destroy(model);
}
