/*
 * draw_fixture.h — hand-built draw frames for the backend tests
 * (include/anima/draw.h): fixed-size tables a test fills item by item.
 * Every helper keeps the frame's counts in step, so `f.frame` is always a
 * frame anima_draw_frame_validate accepts once the ranges are closed.
 */
#ifndef ANIMA_TESTS_DRAW_FIXTURE_H
#define ANIMA_TESTS_DRAW_FIXTURE_H

#include <criterion/criterion.h>
#include <string.h>

#include <anima/draw.h>

#define FIXTURE_CAPACITY 32

typedef struct fixture {
  anima_draw_frame frame;
  anima_draw_item items[FIXTURE_CAPACITY];
  anima_draw_slot slots[4];
  anima_draw_group groups[FIXTURE_CAPACITY];
  anima_draw_shape shapes[FIXTURE_CAPACITY];
  anima_draw_layer layers[FIXTURE_CAPACITY];
  anima_draw_stroke strokes[FIXTURE_CAPACITY];
  double dashes[FIXTURE_CAPACITY];
  anima_draw_paint paints[FIXTURE_CAPACITY];
  anima_draw_stop stops[FIXTURE_CAPACITY];
  anima_draw_mask masks[FIXTURE_CAPACITY];
  anima_draw_clip clips[FIXTURE_CAPACITY];
  anima_draw_image images[FIXTURE_CAPACITY];
  anima_draw_mesh meshes[FIXTURE_CAPACITY];
  anima_draw_vertex vertices[FIXTURE_CAPACITY];
  uint32_t indices[FIXTURE_CAPACITY];
  anima_path paths[FIXTURE_CAPACITY];
  size_t path_count;
} fixture;

static inline void fixture_init(fixture *f, double x, double y, double width,
                                double height) {
  memset(f, 0, sizeof *f);
  f->frame.view_box[0] = x;
  f->frame.view_box[1] = y;
  f->frame.view_box[2] = width;
  f->frame.view_box[3] = height;
  f->frame.grid = width;
  f->frame.items = f->items;
  f->frame.slots = f->slots;
  f->frame.groups = f->groups;
  f->frame.shapes = f->shapes;
  f->frame.layers = f->layers;
  f->frame.strokes = f->strokes;
  f->frame.dashes = f->dashes;
  f->frame.paints = f->paints;
  f->frame.stops = f->stops;
  f->frame.masks = f->masks;
  f->frame.clips = f->clips;
  f->frame.images = f->images;
  f->frame.meshes = f->meshes;
  f->frame.vertices = f->vertices;
  f->frame.indices = f->indices;
  f->frame.current_color = (anima_color){0, 0, 0, 255};
}

static inline void fixture_release(fixture *f) {
  for (size_t index = 0; index < f->path_count; index++) {
    anima_path_release(&f->paths[index]);
  }
  f->path_count = 0;
}

static inline anima_path *fixture_path(fixture *f) {
  cr_assert_lt(f->path_count, FIXTURE_CAPACITY);
  anima_path *path = &f->paths[f->path_count++];
  anima_path_init(path);
  return path;
}

static inline anima_path *fixture_square(fixture *f, double x0, double y0,
                                         double size) {
  anima_path *path = fixture_path(f);
  anima_path_move_to(path, x0, y0);
  anima_path_line_to(path, x0 + size, y0);
  anima_path_line_to(path, x0 + size, y0 + size);
  anima_path_line_to(path, x0, y0 + size);
  anima_path_close(path);
  return path;
}

static inline anima_path *fixture_line(fixture *f, double x0, double y0,
                                       double x1, double y1) {
  anima_path *path = fixture_path(f);
  anima_path_move_to(path, x0, y0);
  anima_path_line_to(path, x1, y1);
  return path;
}

static inline size_t fixture_index(const fixture *f,
                                   const anima_draw_item *item) {
  return (size_t)(item - f->items);
}

static inline anima_draw_item *
fixture_item(fixture *f, anima_draw_item_kind kind, const char *id) {
  cr_assert_lt(f->frame.item_count, FIXTURE_CAPACITY);
  size_t index = f->frame.item_count++;
  anima_draw_item *item = &f->items[index];
  memset(item, 0, sizeof *item);
  item->kind = kind;
  item->id = id;
  item->pointer = "/nodes/0";
  item->node = index; /* every item its own node unless a test says */
  item->partner = index;
  item->visible = true;
  item->opacity = 1;
  item->local = anima_matrix_identity();
  item->world = anima_matrix_identity();
  return item;
}

static inline anima_draw_item *fixture_group(fixture *f, const char *id) {
  anima_draw_item *item = fixture_item(f, ANIMA_DRAW_GROUP_BEGIN, id);
  item->payload = f->frame.group_count++;
  f->groups[item->payload] =
      (anima_draw_group){.blend = ANIMA_BLEND_NORMAL, .strength = 1};
  return item;
}

/* Closes the range opened by `begin` (its END of the matching kind). */
static inline anima_draw_item *fixture_end(fixture *f, anima_draw_item *begin) {
  size_t begin_index = fixture_index(f, begin);
  anima_draw_item *end =
      fixture_item(f, (anima_draw_item_kind)(begin->kind + 1), begin->id);
  end->partner = begin_index;
  end->node = f->items[begin_index].node;
  end->payload = f->items[begin_index].payload;
  end->visible = f->items[begin_index].visible;
  end->opacity = f->items[begin_index].opacity;
  f->items[begin_index].partner = fixture_index(f, end);
  return end;
}

static inline anima_draw_item *fixture_shape(fixture *f, const char *id,
                                             const anima_path *outline) {
  anima_draw_item *item = fixture_item(f, ANIMA_DRAW_SHAPE, id);
  item->payload = f->frame.shape_count++;
  f->shapes[item->payload] =
      (anima_draw_shape){.outline = outline,
                         .length = outline ? anima_path_length(outline) : 0,
                         .first_layer = f->frame.layer_count};
  return item;
}

/* A layer of `item` (the shape added last) with a solid paint. */
static inline anima_draw_layer *fixture_layer(fixture *f, anima_draw_item *item,
                                              anima_draw_layer_kind kind,
                                              anima_color color) {
  anima_draw_shape *shape = &f->shapes[item->payload];
  cr_assert_eq(shape->first_layer + shape->layer_count, f->frame.layer_count,
               "layers belong to the shape added last");
  size_t index = f->frame.layer_count++;
  shape->layer_count++;
  anima_draw_layer *layer = &f->layers[index];
  memset(layer, 0, sizeof *layer);
  layer->kind = kind;
  layer->visible = true;
  layer->paint = f->frame.paint_count++;
  layer->pointer =
      kind == ANIMA_LAYER_FILL ? "/nodes/0/fill" : "/nodes/0/stroke";
  anima_draw_paint *paint = &f->paints[layer->paint];
  memset(paint, 0, sizeof *paint);
  paint->kind = ANIMA_PAINT_SOLID;
  paint->color.color = color;
  paint->transform = anima_matrix_identity();
  paint->pointer = layer->pointer;
  return layer;
}

static inline anima_draw_layer *
fixture_fill_layer(fixture *f, anima_draw_item *item, anima_color color) {
  return fixture_layer(f, item, ANIMA_LAYER_FILL, color);
}

/* A stroke layer: butt caps, miter joins, no trim, no dashes. */
static inline anima_draw_layer *fixture_stroke_layer(fixture *f,
                                                     anima_draw_item *item,
                                                     anima_color color,
                                                     double width) {
  anima_draw_layer *layer = fixture_layer(f, item, ANIMA_LAYER_STROKE, color);
  layer->stroke = f->frame.stroke_count++;
  anima_draw_stroke *stroke = &f->strokes[layer->stroke];
  memset(stroke, 0, sizeof *stroke);
  stroke->width = width;
  stroke->cap = ANIMA_LINE_CAP_BUTT;
  stroke->join = ANIMA_LINE_JOIN_MITER;
  stroke->trim_end = 1;
  anima_trim_resolve(f->shapes[item->payload].length, 0, 1, 0, &stroke->trim);
  return layer;
}

/* A filled shape / a stroked shape (one layer). */
static inline anima_draw_item *fixture_fill(fixture *f, const char *id,
                                            const anima_path *outline,
                                            anima_color color) {
  anima_draw_item *item = fixture_shape(f, id, outline);
  fixture_fill_layer(f, item, color);
  return item;
}

static inline anima_draw_item *fixture_stroke(fixture *f, const char *id,
                                              const anima_path *outline,
                                              anima_color color, double width) {
  anima_draw_item *item = fixture_shape(f, id, outline);
  fixture_stroke_layer(f, item, color, width);
  return item;
}

/* The first layer of `kind` of a shape. */
static inline anima_draw_layer *fixture_layer_of(fixture *f,
                                                 const anima_draw_item *item,
                                                 anima_draw_layer_kind kind) {
  const anima_draw_shape *shape = &f->shapes[item->payload];
  for (size_t index = 0; index < shape->layer_count; index++) {
    anima_draw_layer *layer = &f->layers[shape->first_layer + index];
    if (layer->kind == kind) {
      return layer;
    }
  }
  cr_assert_fail("the shape has no such layer");
  return NULL;
}

static inline anima_draw_stroke *
fixture_stroke_of(fixture *f, const anima_draw_item *item) {
  return &f->strokes[fixture_layer_of(f, item, ANIMA_LAYER_STROKE)->stroke];
}

static inline anima_draw_paint *
fixture_paint_of(fixture *f, const anima_draw_layer *layer) {
  return &f->paints[layer->paint];
}

/* Resolves a stroke's trim over its shape's length. */
static inline void fixture_trim(fixture *f, const anima_draw_item *item,
                                double start, double end, double offset) {
  anima_draw_stroke *stroke = fixture_stroke_of(f, item);
  stroke->trim_start = start;
  stroke->trim_end = end;
  stroke->trim_offset = offset;
  cr_assert_eq(anima_trim_resolve(f->shapes[item->payload].length, start, end,
                                  offset, &stroke->trim),
               ANIMA_OK);
}

/* MASK_BEGIN; close it with fixture_end. */
static inline anima_draw_item *fixture_mask(fixture *f, const char *id,
                                            anima_mask_mode mode, size_t source,
                                            bool area, double grow,
                                            double strength) {
  anima_draw_item *item = fixture_item(f, ANIMA_DRAW_MASK_BEGIN, id);
  item->pointer = "/nodes/0/mask";
  item->payload = f->frame.mask_count++;
  f->masks[item->payload] = (anima_draw_mask){
      .mode = mode,
      .source = source,
      .area = area,
      .grow = grow,
      .strength = strength,
      .transform = anima_matrix_identity(),
  };
  return item;
}

/* CLIP_BEGIN; close it with fixture_end. */
static inline anima_draw_item *
fixture_clip(fixture *f, const char *id, size_t source, anima_fill_rule rule) {
  anima_draw_item *item = fixture_item(f, ANIMA_DRAW_CLIP_BEGIN, id);
  item->pointer = "/nodes/0/clip";
  item->payload = f->frame.clip_count++;
  f->clips[item->payload] = (anima_draw_clip){
      .source = source, .rule = rule, .transform = anima_matrix_identity()};
  return item;
}

#endif
