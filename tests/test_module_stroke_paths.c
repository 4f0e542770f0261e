/*
 * test_module_stroke_paths.c — stroke geometry a module builds (module.h
 * compile_stroke_path with anima_stroke_path_desc `ordered`, `paint`,
 * `scratch_size` and `build_outline`; compile_node_outline) end to end
 * through the loader and the draw frame, with a test module `stroker`
 * whose stage hook gives strokes geometry at compile:
 *
 *   - build_outline receives the outline this frame built from the current
 *     values (a rect whose width is animated) and the stroke's scratch:
 *     per frame, zeroed at creation, kept between builds;
 *   - an older, shorter desc (`build` only) still gives the own stroke;
 *   - the own stroke lowered into ordered paints (address "stroke") takes
 *     the own stroke's geometry, and its legacy trim is not applied;
 *   - `ordered` names an ordered-paints entry; a fill entry, an entry out
 *     of range, oversized scratch or no builder are refused;
 *   - compile_node_outline: a path's model-owned outline, NULL (rebuilt
 *     every frame) with the shape bound for a rect, nothing for a group;
 *   - building allocates nothing.
 */
#include <criterion/criterion.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <anima/draw.h>
#include <anima/module.h>
#include <anima/path.h>

#include "test_allocations.h"

static const anima_host *host;

/* What the hook saw at compile, for the tests to check. */
static struct {
  anima_status ordered_fill, ordered_missing, oversized, no_builder;
  anima_status own, old_desc, lowered, entry, early;
  bool path_fixed, rect_fixed;
  size_t path_segments, path_max, rect_max, group_max;
} seen;

/* The outline's move and first drawing segment, then a move to (n, 0)
 * where n counts this stroke's builds in this frame (its scratch). */
static anima_status first_edge(const anima_view *view, const void *data,
                               const anima_path *outline, anima_path *out,
                               void *scratch) {
  (void)view, (void)data;
  long *builds = scratch;
  ++*builds;
  anima_status status = ANIMA_OK;
  for (size_t i = 0; status == ANIMA_OK && i < 2 && i < outline->count; i++) {
    const anima_segment *s = &outline->segments[i];
    status = s->kind == ANIMA_SEGMENT_MOVE
                 ? host->path_move_to(out, s->points[0].x, s->points[0].y)
                 : host->path_line_to(out, s->points[0].x, s->points[0].y);
  }
  return status == ANIMA_OK ? host->path_move_to(out, (double)*builds, 0)
                            : status;
}

/* A fixed piece (1, 1) → (2, 2), from an older module's desc. */
static anima_status fixed_piece(const anima_view *view, const void *data,
                                anima_path *out) {
  (void)view, (void)data;
  anima_status status = host->path_move_to(out, 1, 1);
  return status == ANIMA_OK ? host->path_line_to(out, 2, 2) : status;
}

static anima_node_paint_desc paint_of(anima_compile *compile, size_t node,
                                      bool stroke, const char *address) {
  const anima_json *json = host->compile_node_json(compile, node);
  return (anima_node_paint_desc){
      .struct_size = sizeof(anima_node_paint_desc),
      .stroke = stroke,
      .json = host->json_member(json, stroke ? "stroke" : "fill"),
      .address = address,
      .visible_slot = -1,
      .placement = ANIMA_STROKE_CENTER,
  };
}

static anima_status hook_compile(anima_compile *compile, const anima_site *site,
                                 void *user, void **data) {
  (void)site, (void)user, (void)data;
  const anima_stroke_path_desc edge = {.struct_size = sizeof edge,
                                       .max_segments = 3,
                                       .scratch_size = sizeof(long),
                                       .build_outline = first_edge};
  for (size_t node = 0; node < host->compile_node_count(compile); node++) {
    const char *id = host->compile_node_id(compile, node);
    size_t max = 0;
    if (strcmp(id, "own") == 0) {
      seen.rect_fixed = host->compile_node_outline(compile, node, &max) != NULL;
      seen.rect_max = max;
      seen.own = host->compile_stroke_path(compile, node, &edge);
    } else if (strcmp(id, "fixed") == 0) {
      const anima_path *path = host->compile_node_outline(compile, node, &max);
      seen.path_fixed = path != NULL;
      seen.path_segments = path ? path->count : 0;
      seen.path_max = max;
    } else if (strcmp(id, "group") == 0) {
      seen.group_max = 99;
      host->compile_node_outline(compile, node, &seen.group_max);
    } else if (strcmp(id, "lowered") == 0) {
      /* composite's lowering of a single fill and stroke */
      anima_node_paint_desc paints[] = {
          paint_of(compile, node, false, "fill"),
          paint_of(compile, node, true, "stroke")};
      seen.lowered = host->compile_node_paints(compile, node, paints, 2);
      /* an older module's desc: it stops after `data` */
      anima_stroke_path_desc old = {.max_segments = 2, .build = fixed_piece};
      old.struct_size = offsetof(anima_stroke_path_desc, ordered);
      seen.old_desc = host->compile_stroke_path(compile, node, &old);
    } else if (strcmp(id, "early") == 0) {
      /* the own stroke's geometry first, then the lowering (a contour's
       * node compile runs before composite's stage hook) */
      seen.early = host->compile_stroke_path(compile, node, &edge);
      anima_node_paint_desc paints[] = {
          paint_of(compile, node, false, "fill"),
          paint_of(compile, node, true, "stroke")};
      if (seen.early == ANIMA_OK) {
        seen.early = host->compile_node_paints(compile, node, paints, 2);
      }
    } else if (strcmp(id, "entry") == 0) {
      anima_node_paint_desc paints[] = {
          paint_of(compile, node, false, "fill"),
          paint_of(compile, node, true, "entry.stroke")};
      anima_status status = host->compile_node_paints(compile, node, paints, 2);
      anima_stroke_path_desc desc = edge;
      desc.ordered = true;
      desc.paint = 0; /* the fill */
      seen.ordered_fill = host->compile_stroke_path(compile, node, &desc);
      desc.paint = 2;
      seen.ordered_missing = host->compile_stroke_path(compile, node, &desc);
      desc.paint = 1;
      desc.scratch_size = ((size_t)1 << 28) + 1;
      seen.oversized = host->compile_stroke_path(compile, node, &desc);
      desc.scratch_size = sizeof(long);
      desc.build_outline = NULL;
      seen.no_builder = host->compile_stroke_path(compile, node, &desc);
      desc.build_outline = first_edge;
      seen.entry = status == ANIMA_OK
                       ? host->compile_stroke_path(compile, node, &desc)
                       : status;
    }
  }
  return ANIMA_OK;
}

static void hook_run(anima_step *step, const void *data, void *instance,
                     void *user) {
  (void)step, (void)data, (void)instance, (void)user;
}

static anima_status stroker_init(const anima_host *kernel,
                                 anima_registrar *registrar) {
  host = kernel;
  static const anima_stage_hook_desc hook = {
      .struct_size = sizeof hook,
      .stage = ANIMA_STAGE_END,
      .name = "strokes",
      .lifecycle = {.compile = hook_compile},
      .run = hook_run,
  };
  return host->add_stage_hook(registrar, &hook);
}

static const char *const stroker_features[] = {"stroker", NULL};
ANIMA_MODULE_DEFINE(stroker, .name = "stroker", .features = stroker_features,
                    .init = stroker_init);

/* ---- fixture ------------------------------------------------------------- */

static anima_runtime *runtime;
static anima_diagnostics *diagnostics;
static anima_model *model;
static anima_player *player;

/* Node 0 `own`: a rect at (2, 4), h 6, its w animated 10 → 20 over 1 s.
 * Node 1 `lowered`, node 2 `entry`: rects with a fill and a stroke (the
 * lowered one with a legacy trimEnd). Node 3 `fixed`: a path of a move, two
 * lines and a close. Node 4 `group`. Node 5 `early`: a rect whose own
 * stroke (a legacy trim) gets geometry before it is lowered. */
static const char *const document =
    "{\"anima\": \"0.1\", \"name\": \"strokes\", \"grid\": 24,"
    " \"requires\": [\"stroker\"],"
    " \"nodes\": ["
    "{\"id\": \"own\", \"type\": \"rect\", \"x0\": 2, \"y0\": 4, \"w\": 10,"
    " \"h\": 6, \"stroke\": {\"color\": \"#000000\"}},"
    "{\"id\": \"lowered\", \"type\": \"rect\", \"x0\": 2, \"y0\": 12,"
    " \"w\": 4, \"h\": 4, \"fill\": {\"color\": \"#ff0000\"},"
    " \"stroke\": {\"color\": \"#000000\", \"trimEnd\": 0.5}},"
    "{\"id\": \"entry\", \"type\": \"rect\", \"x0\": 10, \"y0\": 12,"
    " \"w\": 4, \"h\": 4, \"fill\": {\"color\": \"#ff0000\"},"
    " \"stroke\": {\"color\": \"#000000\"}},"
    "{\"id\": \"fixed\", \"type\": \"path\", \"d\": \"M1 1 L3 1 L3 3 Z\","
    " \"fill\": {\"color\": \"#000000\"}},"
    "{\"id\": \"group\", \"type\": \"group\"},"
    "{\"id\": \"early\", \"type\": \"rect\", \"x0\": 18, \"y0\": 12,"
    " \"w\": 4, \"h\": 4, \"fill\": {\"color\": \"#ff0000\"},"
    " \"stroke\": {\"color\": \"#000000\", \"trimStart\": 0.5}}],"
    " \"timelines\": {\"t\": {\"duration\": 1, \"tracks\":"
    " {\"own.w\": [[0, 10], [1, 20]]}}},"
    " \"machine\": {\"layers\": {\"l\": {\"initial\": \"s\", \"states\":"
    " {\"s\": {\"play\": \"t\"}}}}}}";

static void setup(void) {
  memset(&seen, 0, sizeof seen);
  runtime = anima_runtime_create();
  diagnostics = anima_diagnostics_create();
  cr_assert_eq(anima_runtime_add_static_module(
                   runtime, &anima_module_stroker_info, diagnostics),
               ANIMA_OK);
  anima_status status = anima_model_load(runtime, document, strlen(document),
                                         diagnostics, &model);
  cr_assert_eq(status, ANIMA_OK, "%s",
               anima_diagnostics_count(diagnostics)
                   ? anima_diagnostics_get(diagnostics, 0)->message
                   : anima_status_name(status));
  player = anima_player_create(model);
  cr_assert_not_null(player);
}

static void teardown(void) {
  anima_player_destroy(player);
  anima_model_destroy(model);
  anima_diagnostics_destroy(diagnostics);
  anima_runtime_destroy(runtime);
}

TestSuite(stroke_paths, .init = setup, .fini = teardown);

/* The STROKE layer of node `node`'s shape in `frame`. */
static const anima_draw_stroke *stroke_of(const anima_draw_frame *frame,
                                          size_t node) {
  for (size_t i = 0; i < frame->item_count; i++) {
    const anima_draw_item *item = &frame->items[i];
    if (item->kind != ANIMA_DRAW_SHAPE || item->node != node) {
      continue;
    }
    const anima_draw_shape *shape = &frame->shapes[item->payload];
    for (size_t l = 0; l < shape->layer_count; l++) {
      const anima_draw_layer *layer = &frame->layers[shape->first_layer + l];
      if (layer->kind == ANIMA_LAYER_STROKE) {
        return &frame->strokes[layer->stroke];
      }
    }
  }
  cr_assert_fail("node %zu has no stroke layer", node);
  return NULL;
}

static void expect_segment(const anima_path *path, size_t index,
                           anima_segment_kind kind, double x, double y) {
  cr_assert_lt(index, path->count);
  cr_assert_eq(path->segments[index].kind, kind, "segment %zu", index);
  cr_assert_float_eq(path->segments[index].points[0].x, x, 1e-12,
                     "segment %zu x", index);
  cr_assert_float_eq(path->segments[index].points[0].y, y, 1e-12,
                     "segment %zu y", index);
}

static void step_and_build(anima_draw_frame *frame, double dt) {
  anima_step_result result;
  cr_assert_eq(anima_player_step(player, dt, &result), ANIMA_OK);
  cr_assert_eq(anima_draw_frame_build(frame, player), ANIMA_OK);
}

/* ---- tests --------------------------------------------------------------- */

Test(stroke_paths, build_outline_gets_this_frames_outline_and_scratch) {
  cr_assert_eq(seen.own, ANIMA_OK);
  anima_draw_frame *frame = NULL, *other = NULL;
  cr_assert_eq(anima_draw_frame_create(model, &frame), ANIMA_OK);
  cr_assert_eq(anima_draw_frame_create(model, &other), ANIMA_OK);
  /* At 0.5 s the width is 15: the rect's outline starts with the move to
   * (2, 4) and the top edge's line to (2 + 15, 4). Third build of this
   * frame: its scratch counter is 3. */
  step_and_build(frame, 0.25);
  step_and_build(frame, 0.25);
  cr_assert_eq(anima_draw_frame_build(frame, player), ANIMA_OK);
  const anima_path *path = stroke_of(frame, 0)->path;
  cr_assert_eq(path->count, 3);
  expect_segment(path, 0, ANIMA_SEGMENT_MOVE, 2, 4);
  expect_segment(path, 1, ANIMA_SEGMENT_LINE, 17, 4);
  expect_segment(path, 2, ANIMA_SEGMENT_MOVE, 3, 0);
  /* Another frame of the same model has scratch of its own, zeroed: its
   * first build counts 1 (w still 15). */
  cr_assert_eq(anima_draw_frame_build(other, player), ANIMA_OK);
  path = stroke_of(other, 0)->path;
  expect_segment(path, 1, ANIMA_SEGMENT_LINE, 17, 4);
  expect_segment(path, 2, ANIMA_SEGMENT_MOVE, 1, 0);
  anima_draw_frame_destroy(other);
  anima_draw_frame_destroy(frame);
}

Test(stroke_paths, the_lowered_own_stroke_takes_the_geometry) {
  /* compile_node_paints ran before compile_stroke_path (older desc): the
   * entry with address "stroke" is the own stroke and draws (1,1)→(2,2);
   * its legacy trimEnd 0.5 is in that geometry, not applied again. */
  cr_assert_eq(seen.lowered, ANIMA_OK);
  cr_assert_eq(seen.old_desc, ANIMA_OK);
  anima_draw_frame *frame = NULL;
  cr_assert_eq(anima_draw_frame_create(model, &frame), ANIMA_OK);
  step_and_build(frame, 0);
  const anima_draw_stroke *stroke = stroke_of(frame, 1);
  cr_assert_not_null(stroke->path);
  cr_assert_eq(stroke->path->count, 2);
  expect_segment(stroke->path, 0, ANIMA_SEGMENT_MOVE, 1, 1);
  expect_segment(stroke->path, 1, ANIMA_SEGMENT_LINE, 2, 2);
  cr_assert(stroke->trim.full);
  cr_assert(stroke->trim.visible);
  anima_draw_frame_destroy(frame);
}

Test(stroke_paths, a_lowering_after_the_geometry_keeps_it) {
  /* compile_stroke_path before compile_node_paints: the lowered entry
   * still draws the own stroke's geometry (the rect (18, 12), w 4: move
   * (18, 12), line (22, 12), the first build), its legacy trim not applied
   * again. */
  cr_assert_eq(seen.early, ANIMA_OK);
  anima_draw_frame *frame = NULL;
  cr_assert_eq(anima_draw_frame_create(model, &frame), ANIMA_OK);
  step_and_build(frame, 0);
  const anima_draw_stroke *stroke = stroke_of(frame, 5);
  cr_assert_not_null(stroke->path);
  cr_assert_eq(stroke->path->count, 3);
  expect_segment(stroke->path, 0, ANIMA_SEGMENT_MOVE, 18, 12);
  expect_segment(stroke->path, 1, ANIMA_SEGMENT_LINE, 22, 12);
  expect_segment(stroke->path, 2, ANIMA_SEGMENT_MOVE, 1, 0);
  cr_assert(stroke->trim.full);
  anima_draw_frame_destroy(frame);
}

Test(stroke_paths, an_ordered_entry_takes_geometry_by_its_position) {
  cr_assert_eq(seen.entry, ANIMA_OK);
  cr_assert_eq(seen.ordered_fill, ANIMA_ERROR_INVALID_ARGUMENT);
  cr_assert_eq(seen.ordered_missing, ANIMA_ERROR_INVALID_ARGUMENT);
  cr_assert_eq(seen.oversized, ANIMA_ERROR_INVALID_ARGUMENT);
  cr_assert_eq(seen.no_builder, ANIMA_ERROR_INVALID_ARGUMENT);
  anima_draw_frame *frame = NULL;
  cr_assert_eq(anima_draw_frame_create(model, &frame), ANIMA_OK);
  step_and_build(frame, 0);
  /* The entry rect (10, 12), w 4: move (10, 12), line (14, 12). */
  const anima_path *path = stroke_of(frame, 2)->path;
  cr_assert_not_null(path);
  expect_segment(path, 0, ANIMA_SEGMENT_MOVE, 10, 12);
  expect_segment(path, 1, ANIMA_SEGMENT_LINE, 14, 12);
  expect_segment(path, 2, ANIMA_SEGMENT_MOVE, 1, 0);
  anima_draw_frame_destroy(frame);
}

Test(stroke_paths, compile_node_outline_tells_fixed_from_rebuilt) {
  /* The path: move, two lines, close = 4 segments, model-owned. */
  cr_assert(seen.path_fixed);
  cr_assert_eq(seen.path_segments, 4);
  cr_assert_eq(seen.path_max, 4);
  /* The rect is rebuilt every frame, into at least the shape bound. */
  cr_assert_not(seen.rect_fixed);
  cr_assert_geq(seen.rect_max, ANIMA_SHAPE_OUTLINE_SEGMENTS);
  cr_assert_eq(seen.group_max, 0);
}

Test(stroke_paths, building_allocates_nothing) {
  allocations_install();
  anima_draw_frame *frame = NULL;
  cr_assert_eq(anima_draw_frame_create(model, &frame), ANIMA_OK);
  anima_step_result result;
  allocations_begin();
  for (int i = 0; i < 20; i++) {
    anima_player_step(player, 1.0 / 30, &result);
    anima_draw_frame_build(frame, player);
  }
  long made = allocations_end();
  cr_assert_eq(made, 0, "%ld allocations", made);
  expect_segment(stroke_of(frame, 0)->path, 2, ANIMA_SEGMENT_MOVE, 20, 0);
  anima_draw_frame_destroy(frame);
}
