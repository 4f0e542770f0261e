/*
 * test_paint_fixture.h — documents for the `paint` module's tests
 * (tests/test_paint_*.c): a runtime with `corners` and `paint` loaded from
 * the build tree, documents written with single quotes (swapped for double
 * quotes), validation diagnostics, players at a time, the outline a draw
 * frame holds for a node, and pixels of the cairo backend's image.
 * Every document goes through the real loader.
 */
#ifndef ANIMA_TEST_PAINT_FIXTURE_H
#define ANIMA_TEST_PAINT_FIXTURE_H

#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <anima/draw.h>
#include <anima/module.h>
#include <anima/path.h>

#define PAINT_MODULE_DIR ANIMA_BUILD_ROOT "/modules"

typedef struct paint_fixture {
  anima_runtime *runtime;
  anima_diagnostics *diagnostics;
  anima_model *model;
  anima_player *player;
  anima_draw_frame *frame;
  char document[16384];
} paint_fixture;

static inline void paint_load_module(paint_fixture *f, const char *name) {
  char path[512];
  snprintf(path, sizeof path, "%s/anima-%s.so", PAINT_MODULE_DIR, name);
  anima_status status =
      anima_runtime_load_module_file(f->runtime, path, f->diagnostics);
  if (status != ANIMA_OK) {
    const anima_diagnostic *first = anima_diagnostics_get(f->diagnostics, 0);
    cr_assert_fail("module %s did not load: %s", name,
                   first ? first->message : anima_status_name(status));
  }
}

/** A runtime with `corners` and `paint` loaded (`with_paint` false: with
 * `corners` only, so "paint" is an unknown feature). */
static inline paint_fixture paint_runtime(bool with_paint) {
  paint_fixture f = {0};
  f.runtime = anima_runtime_create();
  f.diagnostics = anima_diagnostics_create();
  cr_assert_not_null(f.runtime);
  cr_assert_not_null(f.diagnostics);
  paint_load_module(&f, "corners");
  if (with_paint) {
    paint_load_module(&f, "paint");
  }
  return f;
}

static inline void paint_release(paint_fixture *f) {
  anima_draw_frame_destroy(f->frame);
  anima_player_destroy(f->player);
  anima_model_destroy(f->model);
  anima_diagnostics_destroy(f->diagnostics);
  anima_runtime_destroy(f->runtime);
  *f = (paint_fixture){0};
}

/** Copies `text` into f->document with every ' turned into ". */
static inline const char *paint_quote(paint_fixture *f, const char *text) {
  size_t length = strlen(text);
  cr_assert_lt(length, sizeof f->document);
  for (size_t i = 0; i <= length; i++) {
    f->document[i] = text[i] == '\'' ? '"' : text[i];
  }
  return f->document;
}

/**
 * A document (single quotes) with viewBox 0 0 24 24, `requires` as given
 * (JSON text such as "['paint']", or NULL for none), the node list `nodes`
 * and, when `tracks` is not NULL, a timeline `t` of one second with those
 * tracks played by the only state of the machine. `extra` (or NULL) is
 * inserted as further top-level members (",'inputs': ...").
 */
static inline const char *paint_document(paint_fixture *f, const char *requires,
                                         const char *nodes, const char *tracks,
                                         const char *extra) {
  static char text[16384];
  int length = snprintf(
      text, sizeof text,
      "{'anima': '0.1', 'name': 'paint-test', 'grid': 24,"
      " 'viewBox': [0, 0, 24, 24]%s%s, 'nodes': %s%s%s%s%s}",
      requires ? ", 'requires': " : "", requires ? requires : "", nodes,
      tracks ? ", 'timelines': {'t': {'duration': 1, 'tracks': " : "",
      tracks ? tracks : "",
      tracks ? "}}, 'machine': {'layers': {'l': {'initial': 's', 'states':"
               " {'s': {'play': 't'}}}}}"
             : "",
      extra ? extra : "");
  cr_assert_lt((size_t)length, sizeof text);
  return paint_quote(f, text);
}

/** Validates `json`; returns the number of diagnostics. */
static inline size_t paint_validate(paint_fixture *f, const char *json) {
  anima_diagnostics_clear(f->diagnostics);
  anima_document_validate(f->runtime, json, strlen(json), f->diagnostics);
  return anima_diagnostics_count(f->diagnostics);
}

/** Fails unless diagnostic `index` has `code` at `pointer`; returns it. */
static inline const anima_diagnostic *paint_expect(paint_fixture *f,
                                                   size_t index,
                                                   const char *code,
                                                   const char *pointer) {
  const anima_diagnostic *d = anima_diagnostics_get(f->diagnostics, index);
  cr_assert_not_null(d, "no diagnostic %zu (expected %s at %s)", index, code,
                     pointer);
  cr_assert_str_eq(d->code, code, "diagnostic %zu: %s at %s: %s", index,
                   d->code, d->pointer, d->message);
  cr_assert_str_eq(d->pointer, pointer, "diagnostic %zu: %s at %s: %s", index,
                   d->code, d->pointer, d->message);
  return d;
}

/** Loads `json` (it must load), makes a player and a draw frame. */
static inline void paint_load(paint_fixture *f, const char *json) {
  anima_diagnostics_clear(f->diagnostics);
  anima_draw_frame_destroy(f->frame);
  anima_player_destroy(f->player);
  anima_model_destroy(f->model);
  f->frame = NULL;
  f->player = NULL;
  f->model = NULL;
  anima_status status = anima_model_load(f->runtime, json, strlen(json),
                                         f->diagnostics, &f->model);
  if (status != ANIMA_OK) {
    const anima_diagnostic *first = anima_diagnostics_get(f->diagnostics, 0);
    cr_assert_fail("document did not load: %s %s %s",
                   first ? first->code : anima_status_name(status),
                   first ? first->pointer : "", first ? first->message : "");
  }
  f->player = anima_player_create(f->model);
  cr_assert_not_null(f->player);
  cr_assert_eq(anima_draw_frame_create(f->model, &f->frame), ANIMA_OK);
}

/** Steps the player by `dt` seconds and builds the frame. */
static inline void paint_step(paint_fixture *f, double dt) {
  anima_step_result result;
  cr_assert_eq(anima_player_step(f->player, dt, &result), ANIMA_OK);
  cr_assert_eq(anima_draw_frame_build(f->frame, f->player), ANIMA_OK);
}

/** The SHAPE item of node `node` (document pre-order index). */
static inline const anima_draw_item *paint_item(const paint_fixture *f,
                                                size_t node) {
  for (size_t i = 0; i < f->frame->item_count; i++) {
    const anima_draw_item *item = anima_draw_frame_item(f->frame, i);
    if (item->kind == ANIMA_DRAW_SHAPE && item->node == node) {
      return item;
    }
  }
  cr_assert_fail("node %zu has no shape item", node);
  return NULL;
}

/** The shape payload of node `node`. */
static inline const anima_draw_shape *paint_shape(const paint_fixture *f,
                                                  size_t node) {
  return &f->frame->shapes[paint_item(f, node)->payload];
}

/** The outline the frame holds for node `node` (after paint_step). */
static inline const anima_path *paint_outline(const paint_fixture *f,
                                              size_t node) {
  return paint_shape(f, node)->outline;
}

/** The natural outline length the frame holds for node `node` (its stroke
 * must have a trim or percentage dashes so the builder measures it). */
static inline double paint_length(const paint_fixture *f, size_t node) {
  return paint_shape(f, node)->length;
}

/** The stroke of node `node`'s first STROKE layer. */
static inline const anima_draw_stroke *paint_stroke(const paint_fixture *f,
                                                    size_t node) {
  const anima_draw_shape *shape = paint_shape(f, node);
  for (size_t i = 0; i < shape->layer_count; i++) {
    const anima_draw_layer *layer = &f->frame->layers[shape->first_layer + i];
    if (layer->kind == ANIMA_LAYER_STROKE) {
      return &f->frame->strokes[layer->stroke];
    }
  }
  cr_assert_fail("node %zu has no stroke layer", node);
  return NULL;
}

/** Fails unless `point` is (x, y) within `tolerance`. */
static inline void paint_assert_point(anima_point point, double x, double y,
                                      double tolerance) {
  cr_assert(fabs(point.x - x) <= tolerance && fabs(point.y - y) <= tolerance,
            "(%.17g, %.17g) != (%.17g, %.17g)", point.x, point.y, x, y);
}

/** Fails unless segment `index` of `path` has `kind`; returns its points. */
static inline const anima_point *
paint_segment(const anima_path *path, size_t index, anima_segment_kind kind) {
  cr_assert_lt(index, path->count, "segment %zu of %zu", index, path->count);
  cr_assert_eq(path->segments[index].kind, kind, "segment %zu is %d, not %d",
               index, path->segments[index].kind, kind);
  return path->segments[index].points;
}

#endif
