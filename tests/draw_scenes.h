/*
 * draw_scenes.h — one small hand-built draw frame per draw frame v2
 * primitive (draw_fixture.h), on a 10 × 10 viewBox. The SVG backend tests
 * check their markup, and tests/svg_scenes.c writes each as SVG and as a
 * cairo PNG so tests/svg_chromium.sh can open every SVG in headless
 * Chromium and compare its screenshot with the cairo picture.
 */
#ifndef ANIMA_TESTS_DRAW_SCENES_H
#define ANIMA_TESTS_DRAW_SCENES_H

#include "draw_fixture.h"

static const anima_color scene_red = {220, 40, 40, 255};
static const anima_color scene_blue = {40, 60, 220, 255};
static const anima_color scene_gray = {128, 128, 128, 255};
static const anima_color scene_white = {255, 255, 255, 255};
static const anima_color scene_yellow = {240, 200, 40, 255};

static inline anima_path *scene_rect(fixture *f, double x0, double y0,
                                     double width, double height) {
  anima_path *path = fixture_path(f);
  anima_path_move_to(path, x0, y0);
  anima_path_line_to(path, x0 + width, y0);
  anima_path_line_to(path, x0 + width, y0 + height);
  anima_path_line_to(path, x0, y0 + height);
  anima_path_close(path);
  return path;
}

/* A backdrop (left yellow, right blue) and a group with `mode` holding a
 * gray-red square in the middle. */
static inline void scene_blend(fixture *f, anima_blend_mode mode) {
  fixture_init(f, 0, 0, 10, 10);
  fixture_fill(f, "left", scene_rect(f, 0, 0, 5, 10), scene_yellow);
  fixture_fill(f, "right", scene_rect(f, 5, 0, 5, 10), scene_blue);
  anima_draw_item *group = fixture_group(f, "blended");
  f->groups[group->payload].blend = mode;
  fixture_fill(f, "source", scene_rect(f, 2, 2, 6, 6),
               (anima_color){200, 90, 60, 255});
  fixture_end(f, group);
}

static inline void scene_multiply(fixture *f) {
  scene_blend(f, ANIMA_BLEND_MULTIPLY);
}
static inline void scene_screen(fixture *f) {
  scene_blend(f, ANIMA_BLEND_SCREEN);
}
static inline void scene_difference(fixture *f) {
  scene_blend(f, ANIMA_BLEND_DIFFERENCE);
}
static inline void scene_hue(fixture *f) {
  scene_blend(f, ANIMA_BLEND_HUE);
}
static inline void scene_luminosity(fixture *f) {
  scene_blend(f, ANIMA_BLEND_LUMINOSITY);
}

/* Backdrop yellow; an isolated group of red and a multiply group. */
static inline void scene_isolation(fixture *f) {
  fixture_init(f, 0, 0, 10, 10);
  fixture_fill(f, "backdrop", scene_rect(f, 0, 0, 10, 10), scene_yellow);
  anima_draw_item *outer = fixture_group(f, "outer");
  f->groups[outer->payload].isolate = true;
  fixture_fill(f, "red", scene_rect(f, 1, 1, 4, 8), scene_red);
  anima_draw_item *multiply = fixture_group(f, "multiply");
  f->groups[multiply->payload].blend = ANIMA_BLEND_MULTIPLY;
  fixture_fill(f, "gray", scene_rect(f, 3, 3, 6, 4), scene_gray);
  fixture_end(f, multiply);
  fixture_end(f, outer);
}

/* Red content masked by a source group moved by (1, 1) holding a white
 * square and a gray one over its right half: items 0 MASK, 1 content,
 * 2 END, 3 GROUP(source, drawn only as the source), 4 white, 5 gray,
 * 6 END. */
static inline void scene_mask(fixture *f, anima_mask_mode mode) {
  fixture_init(f, 0, 0, 10, 10);
  anima_draw_item *mask = fixture_mask(f, "masked", mode, 3, false, 0, 1);
  fixture_fill(f, "content", scene_rect(f, 0, 0, 10, 10), scene_red);
  fixture_end(f, mask);
  anima_draw_item *group = fixture_group(f, "mover");
  group->local = group->world = (anima_matrix){1, 0, 0, 1, 1, 1};
  group->source_only = true;
  fixture_fill(f, "white", scene_rect(f, 0, 0, 6, 6), scene_white)->world =
      group->world;
  fixture_fill(f, "gray", scene_rect(f, 3, 0, 3, 6), scene_gray)->world =
      group->world;
  fixture_end(f, &f->items[3])->source_only = true;
}

static inline void scene_mask_alpha(fixture *f) {
  scene_mask(f, ANIMA_MASK_ALPHA);
}
static inline void scene_mask_luminance(fixture *f) {
  scene_mask(f, ANIMA_MASK_LUMINANCE);
}
static inline void scene_mask_inverted_alpha(fixture *f) {
  scene_mask(f, ANIMA_MASK_INVERTED_ALPHA);
}
static inline void scene_mask_inverted_luminance(fixture *f) {
  scene_mask(f, ANIMA_MASK_INVERTED_LUMINANCE);
}

/* A knockout: a blue square cut by a red disc-like square grown by 1 at
 * strength 0.75. */
static inline void scene_knockout(fixture *f) {
  fixture_init(f, 0, 0, 10, 10);
  anima_draw_item *mask =
      fixture_mask(f, "dot", ANIMA_MASK_INVERTED_ALPHA, 3, true, 1, 0.75);
  mask->pointer = "/nodes/1/knockout";
  fixture_fill(f, "body", scene_rect(f, 1, 1, 8, 8), scene_blue);
  fixture_end(f, mask);
  anima_draw_item *dot =
      fixture_fill(f, "dot", scene_rect(f, 5, 1, 3, 3), scene_red);
  dot->opacity = 0.75;
}

/* Red content clipped by an evenodd ring placed by a rotated world. */
static inline void scene_clip(fixture *f) {
  fixture_init(f, 0, 0, 10, 10);
  anima_draw_item *clip = fixture_clip(f, "clipped", 3, ANIMA_FILL_EVENODD);
  fixture_fill(f, "content", scene_rect(f, 0, 0, 10, 10), scene_red);
  fixture_end(f, clip);
  anima_path *ring = scene_rect(f, -3, -3, 6, 6);
  anima_path_move_to(ring, -1, -1);
  anima_path_line_to(ring, 1, -1);
  anima_path_line_to(ring, 1, 1);
  anima_path_line_to(ring, -1, 1);
  anima_path_close(ring);
  anima_draw_item *source = fixture_shape(f, "ring", ring);
  double c = 0.8660254037844387, s = 0.5; /* 30° */
  source->world = (anima_matrix){c, s, -s, c, 5, 5};
  f->clips[0].transform = source->world; /* clipped parent: the root */
}

/* A gradient fill of kind `kind` over a square, three stops. */
static inline anima_draw_paint *scene_gradient(fixture *f,
                                               anima_paint_kind kind) {
  fixture_init(f, 0, 0, 10, 10);
  anima_draw_item *shape = fixture_fill(f, "g", scene_rect(f, 1, 1, 8, 8),
                                        (anima_color){0, 0, 0, 255});
  anima_draw_paint *paint =
      fixture_paint_of(f, fixture_layer_of(f, shape, ANIMA_LAYER_FILL));
  paint->kind = kind;
  paint->first_stop = 0;
  paint->stop_count = 3;
  f->frame.stop_count = 3;
  f->stops[0] =
      (anima_draw_stop){0, {scene_red, ANIMA_COLOR_SOURCE_LITERAL, 0}};
  f->stops[1] =
      (anima_draw_stop){0.5, {scene_yellow, ANIMA_COLOR_SOURCE_LITERAL, 0}};
  f->stops[2] =
      (anima_draw_stop){1, {scene_blue, ANIMA_COLOR_SOURCE_LITERAL, 0}};
  return paint;
}

static inline void scene_linear(fixture *f) {
  anima_draw_paint *paint = scene_gradient(f, ANIMA_PAINT_LINEAR);
  paint->x1 = 2, paint->y1 = 2, paint->x2 = 8, paint->y2 = 6;
}

static inline void scene_linear_transformed(fixture *f) {
  anima_draw_paint *paint = scene_gradient(f, ANIMA_PAINT_LINEAR);
  paint->x1 = 0, paint->y1 = 0, paint->x2 = 6, paint->y2 = 0;
  paint->transform = (anima_matrix){0.5, 0.5, -1, 1, 3, 1};
}

static inline void scene_radial(fixture *f) {
  anima_draw_paint *paint = scene_gradient(f, ANIMA_PAINT_RADIAL);
  paint->cx = 5, paint->cy = 5, paint->r = 4, paint->fx = 3.5, paint->fy = 4;
}

/* Strokes: dashes with an offset, a fixed stroke, inside and outside
 * placement, under a world scale of 1.5. */
static inline void scene_strokes(fixture *f) {
  fixture_init(f, 0, 0, 10, 10);
  anima_draw_item *dashed = fixture_stroke(
      f, "dashed", fixture_line(f, 1, 1.5, 9, 1.5), scene_blue, 1);
  anima_draw_stroke *stroke = fixture_stroke_of(f, dashed);
  f->dashes[0] = 1.5, f->dashes[1] = 0.5, f->dashes[2] = 0.25;
  f->frame.dash_count = 3;
  stroke->dash_count = 3;
  stroke->dash_offset = 0.75;
  anima_draw_item *fixed =
      fixture_stroke(f, "fixed", fixture_line(f, 1, 2, 6, 2), scene_red, 2);
  fixed->world = (anima_matrix){1.5, 0, 0, 1.5, 0, 0};
  fixed->local = fixed->world;
  fixture_stroke_of(f, fixed)->fixed = true;
  anima_draw_item *inside =
      fixture_fill(f, "inside", scene_rect(f, 1, 5, 3, 3), scene_yellow);
  fixture_stroke_layer(f, inside, scene_blue, 0.5);
  fixture_stroke_of(f, inside)->placement = ANIMA_STROKE_INSIDE;
  anima_draw_item *outside =
      fixture_stroke(f, "outside", scene_rect(f, 6, 5, 3, 3), scene_red, 0.5);
  fixture_stroke_of(f, outside)->placement = ANIMA_STROKE_OUTSIDE;
}

/* 4 × 4 generated pixels: a checker of red/blue with a white corner. */
static const uint8_t scene_pixels_data[4 * 4 * 4] = {
    220, 40,  40,  255, 40,  60,  220, 255, 220, 40,  40,  255, 40,
    60,  220, 255, 40,  60,  220, 255, 220, 40,  40,  255, 40,  60,
    220, 255, 220, 40,  40,  255, 220, 40,  40,  255, 40,  60,  220,
    255, 220, 40,  40,  255, 40,  60,  220, 255, 40,  60,  220, 255,
    220, 40,  40,  255, 40,  60,  220, 255, 255, 255, 255, 255};

static inline anima_draw_pixels scene_pixels(void) {
  return (anima_draw_pixels){scene_pixels_data, 4, 4, 16, NULL};
}

static inline anima_draw_image *scene_image(fixture *f, anima_image_wrap wrap,
                                            anima_image_sampling sampling) {
  fixture_init(f, 0, 0, 10, 10);
  anima_draw_item *item = fixture_item(f, ANIMA_DRAW_IMAGE, "photo");
  item->payload = f->frame.image_count++;
  anima_draw_image *image = &f->images[item->payload];
  *image = (anima_draw_image){.pixels = scene_pixels(),
                              .box = {1, 1, 8, 8},
                              .dest = {2, 2, 4, 4},
                              .source = {0, 0, 4, 4},
                              .sampling = sampling,
                              .wrap_x = wrap,
                              .wrap_y = wrap};
  return image;
}

static inline void scene_image_nearest(fixture *f) {
  scene_image(f, ANIMA_WRAP_NONE, ANIMA_SAMPLING_NEAREST);
}
static inline void scene_image_repeat(fixture *f) {
  scene_image(f, ANIMA_WRAP_REPEAT, ANIMA_SAMPLING_NEAREST);
}
static inline void scene_image_mirror(fixture *f) {
  scene_image(f, ANIMA_WRAP_MIRROR, ANIMA_SAMPLING_NEAREST);
}

static inline void scene_mesh(fixture *f) {
  fixture_init(f, 0, 0, 10, 10);
  anima_draw_item *item = fixture_item(f, ANIMA_DRAW_MESH, "mesh");
  item->payload = f->frame.mesh_count++;
  anima_draw_vertex vertices[5] = {
      {1, 1, 0, 0}, {9, 2, 1, 0}, {8, 9, 1, 1}, {2, 8, 0, 1}, {5, 5, 0.5, 0.5}};
  uint32_t indices[12] = {0, 1, 4, 1, 2, 4, 2, 3, 4, 3, 0, 4};
  for (int i = 0; i < 5; i++) {
    f->vertices[i] = vertices[i];
  }
  for (int i = 0; i < 12; i++) {
    f->indices[i] = indices[i];
  }
  f->frame.vertex_count = 5;
  f->frame.index_count = 12;
  f->meshes[0] = (anima_draw_mesh){.pixels = scene_pixels(),
                                   .sampling = ANIMA_SAMPLING_BILINEAR,
                                   .vertex_count = 5,
                                   .index_count = 12};
}

/* The mesh with vertex colours (draw.h vertex_colors): every vertex one
 * translucent orange, so the four triangles (one run) draw through one
 * feColorMatrix filter in SVG and one sampled region in cairo. */
static anima_color scene_vertex_colors[5];

static inline void scene_mesh_colored(fixture *f) {
  scene_mesh(f);
  for (int i = 0; i < 5; i++) {
    scene_vertex_colors[i] = (anima_color){255, 160, 0, 200};
  }
  f->frame.vertex_colors = scene_vertex_colors;
}

/* The same on one white texel, blue at alpha 160: one filled <path>. */
static const uint8_t scene_white_texel[4] = {255, 255, 255, 255};

static inline void scene_mesh_solid(fixture *f) {
  scene_mesh(f);
  f->meshes[0].pixels = (anima_draw_pixels){scene_white_texel, 1, 1, 4, NULL};
  for (int i = 0; i < 5; i++) {
    scene_vertex_colors[i] = (anima_color){40, 120, 220, 160};
  }
  f->frame.vertex_colors = scene_vertex_colors;
}

/* A square filled with the pixels as a repeated pattern, each pixel 1
 * unit. */
static inline void scene_image_paint(fixture *f) {
  fixture_init(f, 0, 0, 10, 10);
  anima_draw_item *shape = fixture_fill(f, "tiles", scene_rect(f, 1, 1, 8, 8),
                                        (anima_color){0, 0, 0, 255});
  anima_draw_paint *paint =
      fixture_paint_of(f, fixture_layer_of(f, shape, ANIMA_LAYER_FILL));
  paint->kind = ANIMA_PAINT_IMAGE;
  paint->pixels = scene_pixels();
  paint->sampling = ANIMA_SAMPLING_NEAREST;
  paint->wrap_x = paint->wrap_y = ANIMA_WRAP_REPEAT;
  paint->transform = (anima_matrix){1, 0, 0, 1, 1, 1};
}

/* Two overlapping squares drawn in reverse through the order array. */
static inline void scene_order(fixture *f) {
  static size_t order[2] = {1, 0};
  fixture_init(f, 0, 0, 10, 10);
  fixture_fill(f, "first", scene_rect(f, 1, 1, 6, 6), scene_red);
  fixture_fill(f, "second", scene_rect(f, 3, 3, 6, 6), scene_blue);
  f->frame.order = order;
  f->frame.order_count = 2;
  f->frame.root_count = 2;
}

typedef struct draw_scene {
  const char *name;
  void (*build)(fixture *f);
} draw_scene;

static const draw_scene draw_scenes[] = {
    {"multiply", scene_multiply},
    {"screen", scene_screen},
    {"difference", scene_difference},
    {"hue", scene_hue},
    {"luminosity", scene_luminosity},
    {"isolation", scene_isolation},
    {"mask-alpha", scene_mask_alpha},
    {"mask-luminance", scene_mask_luminance},
    {"mask-inverted-alpha", scene_mask_inverted_alpha},
    {"mask-inverted-luminance", scene_mask_inverted_luminance},
    {"knockout", scene_knockout},
    {"clip", scene_clip},
    {"linear", scene_linear},
    {"linear-transformed", scene_linear_transformed},
    {"radial", scene_radial},
    {"strokes", scene_strokes},
    {"image-nearest", scene_image_nearest},
    {"image-repeat", scene_image_repeat},
    {"image-mirror", scene_image_mirror},
    {"mesh", scene_mesh},
    {"mesh-colored", scene_mesh_colored},
    {"mesh-solid", scene_mesh_solid},
    {"image-paint", scene_image_paint},
    {"order", scene_order},
};

#define DRAW_SCENE_COUNT (sizeof draw_scenes / sizeof draw_scenes[0])

#endif
