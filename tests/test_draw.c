/*
 * test_draw.c — building draw frames from players (include/anima/draw.h;
 * SPEC §4 paint order, transforms, paint, trims, Knockout; §6 colours).
 * Expected values are derived from the documents below by hand.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <anima/draw.h>

static const double pi = 3.14159265358979323846;

/* ------------------------------------------------------------------------ */
/* Allocation counting: the build must not allocate.                         */
/* ------------------------------------------------------------------------ */

/* Sanitizers own malloc: the count is only taken in ordinary builds. */
#if defined(__SANITIZE_ADDRESS__)
#define DRAW_COUNTS_ALLOCATIONS 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(memory_sanitizer)
#define DRAW_COUNTS_ALLOCATIONS 0
#endif
#endif
#ifndef DRAW_COUNTS_ALLOCATIONS
#define DRAW_COUNTS_ALLOCATIONS 1
#endif

/* Exported (the build hides symbols by default) so that libanima's calls
 * resolve to these. */
static _Thread_local bool counting;
static _Thread_local size_t allocations;

#if DRAW_COUNTS_ALLOCATIONS
extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);

__attribute__((visibility("default"))) void *malloc(size_t size) {
  if (counting) {
    allocations++;
  }
  return __libc_malloc(size);
}

__attribute__((visibility("default"))) void *calloc(size_t count, size_t size) {
  if (counting) {
    allocations++;
  }
  return __libc_calloc(count, size);
}

__attribute__((visibility("default"))) void *realloc(void *pointer,
                                                     size_t size) {
  if (counting) {
    allocations++;
  }
  return __libc_realloc(pointer, size);
}
#endif

/* ------------------------------------------------------------------------ */
/* Fixtures                                                                  */
/* ------------------------------------------------------------------------ */

typedef struct loaded {
  anima_runtime *runtime;
  anima_model *model;
  anima_player *player;
  anima_draw_frame *frame;
} loaded;

static loaded load(const char *text) {
  loaded result = {0};
  result.runtime = anima_runtime_create();
  cr_assert_not_null(result.runtime);
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  anima_status status = anima_model_load(result.runtime, text, strlen(text),
                                         diagnostics, &result.model);
  if (status != ANIMA_OK) {
    for (size_t index = 0; index < anima_diagnostics_count(diagnostics);
         index++) {
      const anima_diagnostic *d = anima_diagnostics_get(diagnostics, index);
      cr_log_error("%s at %s: %s", d->code, d->pointer, d->message);
    }
  }
  cr_assert_eq(status, ANIMA_OK, "the test document must load");
  anima_diagnostics_destroy(diagnostics);
  result.player = anima_player_create(result.model);
  cr_assert_not_null(result.player);
  cr_assert_eq(anima_draw_frame_create(result.model, &result.frame), ANIMA_OK);
  cr_assert_eq(anima_draw_frame_build(result.frame, result.player), ANIMA_OK);
  return result;
}

static void unload(loaded *l) {
  anima_draw_frame_destroy(l->frame);
  anima_player_destroy(l->player);
  anima_model_destroy(l->model);
  anima_runtime_destroy(l->runtime);
}

static void step(loaded *l, double dt) {
  anima_step_result result;
  cr_assert_eq(anima_player_step(l->player, dt, &result), ANIMA_OK);
  cr_assert_eq(anima_draw_frame_build(l->frame, l->player), ANIMA_OK);
}

static const anima_draw_item *
item_of(const loaded *l, anima_draw_item_kind kind, const char *id) {
  for (size_t index = 0; index < l->frame->item_count; index++) {
    const anima_draw_item *item = &l->frame->items[index];
    if (item->kind == kind && strcmp(item->id, id) == 0) {
      return item;
    }
  }
  cr_assert_fail("no item for %s", id);
  return NULL;
}

static const anima_draw_shape *shape_of(const loaded *l,
                                        const anima_draw_item *item) {
  cr_assert_eq(item->kind, ANIMA_DRAW_SHAPE);
  return &l->frame->shapes[item->payload];
}

/* The first layer of `kind` of a shape item, or NULL. */
static const anima_draw_layer *layer_of(const loaded *l,
                                        const anima_draw_item *item,
                                        anima_draw_layer_kind kind) {
  const anima_draw_shape *shape = shape_of(l, item);
  for (size_t index = 0; index < shape->layer_count; index++) {
    const anima_draw_layer *layer =
        &l->frame->layers[shape->first_layer + index];
    if (layer->kind == kind) {
      return layer;
    }
  }
  return NULL;
}

/* The colour of the first layer of `kind` (a solid paint). */
static anima_draw_color color_of(const loaded *l, const anima_draw_item *item,
                                 anima_draw_layer_kind kind) {
  const anima_draw_layer *layer = layer_of(l, item, kind);
  cr_assert_not_null(layer);
  const anima_draw_paint *paint = &l->frame->paints[layer->paint];
  cr_assert_eq(paint->kind, ANIMA_PAINT_SOLID);
  return paint->color;
}

static const anima_draw_stroke *stroke_of(const loaded *l,
                                          const anima_draw_item *item) {
  const anima_draw_layer *layer = layer_of(l, item, ANIMA_LAYER_STROKE);
  cr_assert_not_null(layer);
  return &l->frame->strokes[layer->stroke];
}

static void expect_matrix(anima_matrix actual, anima_matrix expected) {
  double a[6] = {actual.a, actual.b, actual.c, actual.d, actual.e, actual.f};
  double e[6] = {expected.a, expected.b, expected.c,
                 expected.d, expected.e, expected.f};
  for (int index = 0; index < 6; index++) {
    cr_expect(fabs(a[index] - e[index]) < 1e-9,
              "matrix entry %d is %.12g, expected %.12g", index, a[index],
              e[index]);
  }
}

/* A bell-like scene: a group of two paths, an arc, a knocking circle. */
static const char *const scene =
    "{\"anima\": \"0.1\", \"name\": \"scene\", \"grid\": 20,"
    " \"viewBox\": [-2, -2, 24, 24],"
    " \"colors\": {\"ink\": \"currentColor\", \"accent\": \"#d97757\"},"
    " \"nodes\": ["
    "  {\"id\": \"swing\", \"type\": \"group\", \"x\": 3, \"rotate\": 90,"
    "   \"pivot\": [10, 2], \"opacity\": 0.5, \"children\": ["
    "    {\"id\": \"body\", \"type\": \"path\", \"d\": \"M0 0L10 0L10 10Z\","
    "     \"fill\": {\"color\": \"ink\", \"rule\": \"evenodd\"}},"
    "    {\"id\": \"clapper\", \"type\": \"path\", \"d\": \"M0 0L3 4\","
    "     \"x\": 1, \"visible\": false,"
    "     \"stroke\": {\"color\": \"#00ff0080\", \"width\": 2, \"cap\": "
    "\"butt\", \"join\": \"bevel\"}}]},"
    "  {\"id\": \"wave\", \"type\": \"arc\", \"center\": [10, 8], \"r\": 9,"
    "   \"from\": 200, \"to\": 240,"
    "   \"stroke\": {\"color\": \"accent\", \"width\": 1.5, \"trimEnd\": 0}},"
    "  {\"id\": \"dot\", \"type\": \"circle\", \"center\": [15.5, 4], \"r\": "
    "3,"
    "   \"fill\": {\"color\": \"currentColor\"}, \"knockout\": 1}]}";

Test(draw, items_follow_paint_order_with_knockout_ranges) {
  /* Top level [swing, wave, dot], dot cuts swing and wave:
   * MASK_BEGIN(dot) GROUP_BEGIN(swing) SHAPE(body) SHAPE(clapper)
   * GROUP_END(swing) SHAPE(wave) MASK_END(dot) SHAPE(dot); the mask is an
   * inverted-alpha mask of dot's area grown by its knockout 1, at dot's
   * opacity 1 (SPEC §4 Knockout). */
  loaded l = load(scene);
  const anima_draw_frame *frame = l.frame;
  cr_assert_eq(frame->item_count, 8);
  cr_expect_eq(frame->item_size, sizeof(anima_draw_item));
  anima_draw_item_kind kinds[8] = {
      ANIMA_DRAW_MASK_BEGIN, ANIMA_DRAW_GROUP_BEGIN, ANIMA_DRAW_SHAPE,
      ANIMA_DRAW_SHAPE,      ANIMA_DRAW_GROUP_END,   ANIMA_DRAW_SHAPE,
      ANIMA_DRAW_MASK_END,   ANIMA_DRAW_SHAPE};
  const char *ids[8] = {"dot",   "swing", "body", "clapper",
                        "swing", "wave",  "dot",  "dot"};
  for (size_t index = 0; index < 8; index++) {
    cr_expect_eq(frame->items[index].kind, kinds[index], "item %zu", index);
    cr_expect_str_eq(frame->items[index].id, ids[index]);
  }
  cr_expect_eq(frame->items[0].partner, 6);
  cr_expect_eq(frame->items[6].partner, 0);
  cr_assert_eq(frame->mask_count, 1);
  const anima_draw_mask *cut = &frame->masks[frame->items[0].payload];
  cr_expect_eq(cut->source, 7);
  cr_expect_eq(cut->mode, ANIMA_MASK_INVERTED_ALPHA);
  cr_expect(cut->area);
  cr_expect_float_eq(cut->grow, 1, 0);
  cr_expect_float_eq(cut->strength, 1, 0);
  cr_expect_eq(frame->items[1].partner, 4);
  /* Pointers of what produced each item. */
  cr_expect_str_eq(frame->items[0].pointer, "/nodes/2/knockout");
  cr_expect_str_eq(frame->items[1].pointer, "/nodes/0");
  cr_expect_str_eq(frame->items[3].pointer, "/nodes/0/children/1");
  cr_expect_str_eq(frame->items[5].pointer, "/nodes/1");
  /* Paint order: the top level is [mask, dot]; the mask's children are
   * [swing, wave]; swing's are [body, clapper]. */
  cr_expect_eq(frame->root_count, 2);
  cr_expect_eq(frame->order[frame->first_root], 0);
  cr_expect_eq(frame->order[frame->first_root + 1], 7);
  cr_expect_eq(frame->items[0].child_count, 2);
  cr_expect_eq(frame->order[frame->items[0].first_child], 1);
  cr_expect_eq(frame->order[frame->items[0].first_child + 1], 5);
  cr_expect_eq(frame->items[1].child_count, 2);
  cr_expect_eq(frame->order[frame->items[1].first_child], 2);
  cr_expect_eq(frame->order[frame->items[1].first_child + 1], 3);
  cr_expect_eq(anima_draw_frame_validate(frame), ANIMA_OK);
  double box[4] = {-2, -2, 24, 24};
  for (int index = 0; index < 4; index++) {
    cr_expect_eq(frame->view_box[index], box[index]);
  }
  cr_expect_eq(frame->grid, 20);
  unload(&l);
}

Test(draw, later_knockouts_enclose_earlier_ones) {
  /* Children [a, k1, c, k2]: MB(k2) MB(k1) a ME(k1) k1 c ME(k2) k2. */
  loaded l = load(
      "{\"anima\": \"0.1\", \"name\": \"cuts\", \"grid\": 10, \"nodes\": ["
      " {\"id\": \"a\", \"type\": \"circle\", \"center\": [5, 5], \"r\": 4,"
      "  \"fill\": {\"color\": \"#000000\"}},"
      " {\"id\": \"k1\", \"type\": \"circle\", \"center\": [5, 5], \"r\": 1,"
      "  \"fill\": {\"color\": \"#000000\"}, \"knockout\": 0.5},"
      " {\"id\": \"c\", \"type\": \"circle\", \"center\": [2, 2], \"r\": 1,"
      "  \"fill\": {\"color\": \"#000000\"}},"
      " {\"id\": \"k2\", \"type\": \"circle\", \"center\": [8, 8], \"r\": 1,"
      "  \"fill\": {\"color\": \"#000000\"}, \"knockout\": 0}]}");
  const anima_draw_item *items = l.frame->items;
  cr_assert_eq(l.frame->item_count, 8);
  anima_draw_item_kind kinds[8] = {ANIMA_DRAW_MASK_BEGIN, ANIMA_DRAW_MASK_BEGIN,
                                   ANIMA_DRAW_SHAPE,      ANIMA_DRAW_MASK_END,
                                   ANIMA_DRAW_SHAPE,      ANIMA_DRAW_SHAPE,
                                   ANIMA_DRAW_MASK_END,   ANIMA_DRAW_SHAPE};
  const char *ids[8] = {"k2", "k1", "a", "k1", "k1", "c", "k2", "k2"};
  for (size_t index = 0; index < 8; index++) {
    cr_expect_eq(items[index].kind, kinds[index], "item %zu", index);
    cr_expect_str_eq(items[index].id, ids[index]);
  }
  const anima_draw_mask *masks = l.frame->masks;
  cr_expect_eq(items[1].partner, 3);
  cr_expect_eq(masks[items[1].payload].source, 4);
  cr_expect_eq(items[0].partner, 6);
  cr_expect_eq(masks[items[0].payload].source, 7);
  cr_expect_float_eq(masks[items[1].payload].grow, 0.5, 0);
  cr_expect_float_eq(masks[items[0].payload].grow, 0, 0);
  cr_expect_eq(l.frame->mask_count, 2);
  unload(&l);
}

Test(draw, transforms_compose_local_and_world) {
  /* swing: x = 3, rotate 90 about (10, 2):
   * T(3, 0)·T(10, 2)·R(90)·T(−10, −2) with R(90) = (a 0, b 1, c −1, d 0):
   * e = 3 + 10 − (0·10 − 1·2) = 15, f = 0 + 2 − (1·10 + 0·2) = −8.
   * clapper: x = 1 → local (1 0 0 1 1 0); world = swing · local:
   * e = 0·1 − 1·0 + 15 = 15, f = 1·1 + 0 − 8 = −7. */
  loaded l = load(scene);
  const anima_draw_item *swing = item_of(&l, ANIMA_DRAW_GROUP_BEGIN, "swing");
  expect_matrix(swing->local, (anima_matrix){0, 1, -1, 0, 15, -8});
  expect_matrix(swing->world, (anima_matrix){0, 1, -1, 0, 15, -8});
  const anima_draw_item *clapper = item_of(&l, ANIMA_DRAW_SHAPE, "clapper");
  expect_matrix(clapper->local, (anima_matrix){1, 0, 0, 1, 1, 0});
  expect_matrix(clapper->world, (anima_matrix){0, 1, -1, 0, 15, -7});
  const anima_draw_item *end = item_of(&l, ANIMA_DRAW_GROUP_END, "swing");
  expect_matrix(end->world, swing->world);
  cr_expect_float_eq(swing->opacity, 0.5, 0);
  cr_expect_float_eq(end->opacity, 0.5, 0);
  unload(&l);
}

Test(draw, paint_is_resolved) {
  /* body: slot ink (currentColor → black by default), evenodd.
   * clapper: literal #00ff0080, width 2, butt, bevel, invisible.
   * wave: slot accent #d97757, width 1.5, round/round by default, trimEnd 0
   * so nothing is stroked. dot: literal currentColor. */
  loaded l = load(scene);
  const anima_draw_item *body = item_of(&l, ANIMA_DRAW_SHAPE, "body");
  cr_expect_eq(shape_of(&l, body)->layer_count, 1);
  cr_expect_null(layer_of(&l, body, ANIMA_LAYER_STROKE));
  const anima_draw_layer *body_fill = layer_of(&l, body, ANIMA_LAYER_FILL);
  cr_expect_eq(body_fill->rule, ANIMA_FILL_EVENODD);
  cr_expect(body_fill->visible);
  cr_expect_str_eq(body_fill->pointer, "/nodes/0/children/0/fill");
  cr_expect_str_eq(l.frame->paints[body_fill->paint].pointer,
                   "/nodes/0/children/0/fill");
  anima_draw_color ink = color_of(&l, body, ANIMA_LAYER_FILL);
  cr_expect_eq(ink.source, ANIMA_COLOR_SOURCE_SLOT);
  cr_expect_str_eq(l.frame->slots[ink.slot].name, "ink");
  cr_expect_eq(ink.color.r, 0);
  cr_expect_eq(ink.color.a, 255);
  cr_expect(body->visible);

  const anima_draw_item *clapper = item_of(&l, ANIMA_DRAW_SHAPE, "clapper");
  cr_expect(!clapper->visible);
  cr_expect_null(layer_of(&l, clapper, ANIMA_LAYER_FILL));
  anima_draw_color green = color_of(&l, clapper, ANIMA_LAYER_STROKE);
  cr_expect_eq(green.source, ANIMA_COLOR_SOURCE_LITERAL);
  cr_expect_eq(green.color.g, 255);
  cr_expect_eq(green.color.a, 0x80);
  const anima_draw_stroke *clapper_stroke = stroke_of(&l, clapper);
  cr_expect_float_eq(clapper_stroke->width, 2, 0);
  cr_expect_eq(clapper_stroke->cap, ANIMA_LINE_CAP_BUTT);
  cr_expect_eq(clapper_stroke->join, ANIMA_LINE_JOIN_BEVEL);
  cr_expect(!clapper_stroke->fixed);
  cr_expect_eq(clapper_stroke->dash_count, 0);
  cr_expect_eq(clapper_stroke->placement, ANIMA_STROKE_CENTER);
  /* M0 0L3 4 has length 5 and no trim: the whole outline. */
  cr_expect_float_eq(shape_of(&l, clapper)->length, 5, 1e-12);
  cr_expect(clapper_stroke->trim.full);

  const anima_draw_item *wave = item_of(&l, ANIMA_DRAW_SHAPE, "wave");
  const anima_draw_stroke *wave_stroke = stroke_of(&l, wave);
  cr_expect_eq(wave_stroke->cap, ANIMA_LINE_CAP_ROUND);
  cr_expect_eq(wave_stroke->join, ANIMA_LINE_JOIN_ROUND);
  anima_draw_color accent = color_of(&l, wave, ANIMA_LAYER_STROKE);
  cr_expect_eq(accent.color.r, 0xd9);
  cr_expect_eq(accent.color.g, 0x77);
  cr_expect(!wave_stroke->trim.visible, "trimEnd 0 strokes nothing");
  /* The arc's length is r times its 40° sweep: 9 · 40π/180 = 2π. */
  cr_expect_float_eq(shape_of(&l, wave)->length, 2 * pi, 1e-9);

  const anima_draw_item *dot = item_of(&l, ANIMA_DRAW_SHAPE, "dot");
  cr_expect_eq(color_of(&l, dot, ANIMA_LAYER_FILL).source,
               ANIMA_COLOR_SOURCE_CURRENT);
  unload(&l);
}

Test(draw, outlines_of_animated_shapes) {
  /* The dot's circle outline starts at angle 0: (15.5 + 3, 4); the arc
   * starts at 200°: (10 + 9 cos 200°, 8 + 9 sin 200°). */
  loaded l = load(scene);
  const anima_path *dot =
      shape_of(&l, item_of(&l, ANIMA_DRAW_SHAPE, "dot"))->outline;
  cr_assert_gt(dot->count, 0);
  cr_expect_eq(dot->segments[0].kind, ANIMA_SEGMENT_MOVE);
  cr_expect_float_eq(dot->segments[0].points[0].x, 18.5, 1e-12);
  cr_expect_float_eq(dot->segments[0].points[0].y, 4, 1e-12);
  const anima_path *wave =
      shape_of(&l, item_of(&l, ANIMA_DRAW_SHAPE, "wave"))->outline;
  double angle = 200 * pi / 180;
  cr_expect_float_eq(wave->segments[0].points[0].x, 10 + 9 * cos(angle), 1e-9);
  cr_expect_float_eq(wave->segments[0].points[0].y, 8 + 9 * sin(angle), 1e-9);
  unload(&l);
}

Test(draw, colours_follow_current_color_and_overrides) {
  /* currentColor #ff0000: the ink slot (default currentColor) and the
   * literal currentColor both paint red; overriding accent to #0000ff
   * changes the wave at the next build. */
  loaded l = load(scene);
  cr_assert_eq(anima_draw_frame_set_current_color(
                   l.frame, (anima_color){255, 0, 0, 255}),
               ANIMA_OK);
  long accent = anima_draw_frame_find_slot(l.frame, "accent");
  cr_assert_geq(accent, 0);
  cr_expect_eq(anima_draw_frame_find_slot(l.frame, "missing"), -1);
  cr_assert_eq(anima_draw_frame_set_slot(l.frame, (size_t)accent,
                                         (anima_color){0, 0, 255, 255}),
               ANIMA_OK);
  cr_expect_eq(
      anima_draw_frame_set_slot(l.frame, 99, (anima_color){0, 0, 0, 255}),
      ANIMA_ERROR_INVALID_ARGUMENT);
  cr_assert_eq(anima_draw_frame_build(l.frame, l.player), ANIMA_OK);
  cr_expect_eq(
      color_of(&l, item_of(&l, ANIMA_DRAW_SHAPE, "body"), ANIMA_LAYER_FILL)
          .color.r,
      255);
  cr_expect_eq(
      color_of(&l, item_of(&l, ANIMA_DRAW_SHAPE, "dot"), ANIMA_LAYER_FILL)
          .color.r,
      255);
  anima_draw_color wave =
      color_of(&l, item_of(&l, ANIMA_DRAW_SHAPE, "wave"), ANIMA_LAYER_STROKE);
  cr_expect_eq(wave.color.b, 255);
  cr_expect_eq(wave.color.r, 0);
  /* The slot keeps its default for live SVG. */
  cr_expect_eq(l.frame->slots[accent].default_color.r, 0xd9);
  unload(&l);
}

/* A timeline document: a circle whose r, opacity and trim animate. */
static const char *const animated =
    "{\"anima\": \"0.1\", \"name\": \"animated\", \"grid\": 10, \"nodes\": ["
    " {\"id\": \"ring\", \"type\": \"circle\", \"center\": [5, 5], \"r\": 1,"
    "  \"stroke\": {\"color\": \"#000000\", \"trimEnd\": 0}}],"
    " \"timelines\": {\"grow\": {\"duration\": 1, \"tracks\": {"
    "  \"ring.r\": [[0, 1], [1, 3]],"
    "  \"ring.opacity\": [[0, 1], [1, 0.25]],"
    "  \"ring.stroke.trimEnd\": [[0, 0], [1, 1]],"
    "  \"ring.rotate\": [[0, 0], [1, 90]]}}},"
    " \"machine\": {\"layers\": {\"main\": {\"initial\": \"play\","
    "  \"states\": {\"play\": {\"play\": \"grow\"}}}}}}";

Test(draw, animated_values_reach_the_frame) {
  /* At t = 0.5 (linear keys): r = 2, opacity 0.625, trimEnd 0.5, rotate
   * 45 about (0, 0). The circle's length is 2π·2 = 4π; half of it is
   * visible from the start: one piece [0, 2π]. */
  loaded l = load(animated);
  step(&l, 0);
  step(&l, 0.5);
  const anima_draw_item *ring = item_of(&l, ANIMA_DRAW_SHAPE, "ring");
  const anima_draw_shape *shape = shape_of(&l, ring);
  const anima_draw_stroke *stroke = stroke_of(&l, ring);
  cr_expect_float_eq(shape->outline->segments[0].points[0].x, 7, 1e-12);
  cr_expect_float_eq(ring->opacity, 0.625, 1e-12);
  cr_expect_float_eq(shape->length, 4 * pi, 1e-9);
  cr_expect(stroke->trim.visible);
  cr_expect(!stroke->trim.full);
  cr_expect_float_eq(stroke->trim_end, 0.5, 1e-12);
  cr_expect_eq(stroke->trim.piece_count, 1);
  cr_expect_float_eq(stroke->trim.to[0], 2 * pi, 1e-9);
  double c = cos(pi / 4), s = sin(pi / 4);
  expect_matrix(ring->local, (anima_matrix){c, s, -s, c, 0, 0});
  unload(&l);
}

Test(draw, rebuilding_allocates_nothing) {
  /* SPEC-independent contract of draw.h: after create, build writes into
   * the frame's own buffers only. */
  if (!DRAW_COUNTS_ALLOCATIONS) {
    cr_skip_test("allocation counting is off under sanitizers");
  }
  loaded l = load(animated);
  step(&l, 0);
  anima_step_result result;
  anima_player_step(l.player, 0.25, &result);
  /* The counter sees allocations made through the library's malloc. */
  allocations = 0;
  counting = true;
  anima_diagnostics_destroy(anima_diagnostics_create());
  counting = false;
  cr_assert_gt(allocations, 0, "the allocation counter is not working");
  allocations = 0;
  counting = true;
  for (int frame = 0; frame < 10; frame++) {
    anima_draw_frame_build(l.frame, l.player);
  }
  counting = false;
  cr_expect_eq(allocations, 0, "anima_draw_frame_build allocated %zu times",
               allocations);
  unload(&l);
}

Test(draw, misuse_is_refused) {
  loaded l = load(scene);
  loaded other = load(animated);
  cr_expect_eq(anima_draw_frame_build(l.frame, other.player),
               ANIMA_ERROR_INVALID_ARGUMENT, "a player of another model");
  cr_expect_eq(anima_draw_frame_build(NULL, l.player),
               ANIMA_ERROR_INVALID_ARGUMENT);
  cr_expect_eq(anima_draw_frame_build(l.frame, NULL),
               ANIMA_ERROR_INVALID_ARGUMENT);
  anima_draw_frame *frame = NULL;
  cr_expect_eq(anima_draw_frame_create(NULL, &frame),
               ANIMA_ERROR_INVALID_ARGUMENT);
  cr_expect_eq(anima_draw_frame_set_current_color(NULL, (anima_color){0}),
               ANIMA_ERROR_INVALID_ARGUMENT);
  anima_draw_frame_destroy(NULL);
  unload(&other);
  unload(&l);
}

Test(draw, module_outline_hooks_draw_their_geometry) {
  /* With the corners module, a rect with corners [4, 0, 0, 0] starts at
   * the end of its top-left corner, (x0 + 4, y0) = (4, 0), and ends its
   * outline with that corner as a cubic to the same point. A rect without
   * corners keeps the kernel outline, starting at (x0 + rx, y0) = (1, 0). */
  anima_runtime *runtime = anima_runtime_create();
  anima_diagnostics *diagnostics = anima_diagnostics_create();
  cr_assert_eq(anima_runtime_load_module(runtime, "corners", diagnostics),
               ANIMA_OK, "the corners module must be built");
  const char *text =
      "{\"anima\": \"0.1\", \"name\": \"tiles\", \"grid\": 10,"
      " \"requires\": [\"corners\"], \"nodes\": ["
      "  {\"id\": \"tile\", \"type\": \"rect\", \"x0\": 0, \"y0\": 0, \"w\": "
      "10,"
      "   \"h\": 10, \"corners\": [4, 0, 0, 0], \"fill\": {\"color\": "
      "\"#000000\"}},"
      "  {\"id\": \"plain\", \"type\": \"rect\", \"x0\": 0, \"y0\": 0, \"w\": "
      "10,"
      "   \"h\": 10, \"rx\": 1, \"fill\": {\"color\": \"#000000\"}}]}";
  anima_model *model = NULL;
  cr_assert_eq(
      anima_model_load(runtime, text, strlen(text), diagnostics, &model),
      ANIMA_OK);
  anima_player *player = anima_player_create(model);
  anima_draw_frame *frame = NULL;
  cr_assert_eq(anima_draw_frame_create(model, &frame), ANIMA_OK);
  cr_assert_eq(anima_draw_frame_build(frame, player), ANIMA_OK);
  const anima_path *tile = frame->shapes[frame->items[0].payload].outline;
  cr_expect_float_eq(tile->segments[0].points[0].x, 4, 0);
  cr_expect_float_eq(tile->segments[0].points[0].y, 0, 0);
  const anima_segment *last = &tile->segments[tile->count - 2];
  cr_expect_eq(last->kind, ANIMA_SEGMENT_CUBIC);
  cr_expect_float_eq(last->points[2].x, 4, 0);
  const anima_path *plain = frame->shapes[frame->items[1].payload].outline;
  cr_expect_float_eq(plain->segments[0].points[0].x, 1, 0);
  anima_draw_frame_destroy(frame);
  anima_player_destroy(player);
  anima_model_destroy(model);
  anima_diagnostics_destroy(diagnostics);
  anima_runtime_destroy(runtime);
}
