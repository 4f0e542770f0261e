/*
 * cairo_image.c — IMAGE items, image paints and MESH items with cairo
 * (paint "Image nodes", "Image wrapping"; mesh triangles).
 *
 * Images and image paints are sampled at the centre of every device pixel
 * (cairo_paint.c's raster source): the point maps to texel coordinates,
 * each axis wraps on its own (clamp extends edge texels, repeat tiles,
 * mirror reflects odd tiles, negative ones too), and nearest picks the
 * texel under it while bilinear weighs the four around it in
 * premultiplied space, their indices wrapped the same way. The box (and
 * the fitted rectangle on an axis without wrap) clips with antialiased
 * edges. Meshes draw each triangle with cairo's own affine image sampling,
 * clipped to the triangle grown by half a device pixel so neighbours meet
 * without seams (as the canvas backend of the spec does).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cairo_internal.h"
#include "pixels_cairo.h"

cairo_surface_t *anima_pixels_cairo_surface(const anima_draw_pixels *pixels) {
  cairo_surface_t *surface = cairo_image_surface_create(
      CAIRO_FORMAT_ARGB32, pixels->width, pixels->height);
  if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
    return surface;
  }
  cairo_surface_flush(surface);
  unsigned char *data = cairo_image_surface_get_data(surface);
  int stride = cairo_image_surface_get_stride(surface);
  for (int y = 0; y < pixels->height; y++) {
    const uint8_t *source = pixels->data + (size_t)y * pixels->stride;
    uint32_t *row = (uint32_t *)(void *)(data + (size_t)y * stride);
    for (int x = 0; x < pixels->width; x++) {
      unsigned alpha = source[4 * x + 3];
      unsigned channel[3];
      for (int c = 0; c < 3; c++) {
        channel[c] = (source[4 * x + c] * alpha + 127) / 255;
      }
      row[x] = (uint32_t)alpha << 24 | channel[0] << 16 | channel[1] << 8 |
               channel[2];
    }
  }
  cairo_surface_mark_dirty(surface);
  return surface;
}

cairo_surface_t *anima_cairo_pixels_surface(cairo_drawing *drawing,
                                            const anima_draw_pixels *pixels) {
  cairo_surface_t *surface = anima_pixels_cairo_surface(pixels);
  if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
    cairo_surface_destroy(surface);
    anima_cairo_fail(drawing, ANIMA_ERROR_NO_MEMORY);
    return NULL;
  }
  return surface;
}

/* ------------------------------------------------------------------------ */
/* Sampling                                                                  */
/* ------------------------------------------------------------------------ */

/* Texel index `index` of a tile of `count` texels from `first`, wrapped. */
static long wrap_index(long index, long first, long count,
                       anima_image_wrap wrap) {
  long k = index - first;
  switch (wrap) {
  case ANIMA_WRAP_REPEAT:
    k %= count;
    k += k < 0 ? count : 0;
    break;
  case ANIMA_WRAP_MIRROR: {
    long period = 2 * count;
    k %= period;
    k += k < 0 ? period : 0;
    if (k >= count) {
      k = period - 1 - k;
    }
    break;
  }
  default: /* clamp; no wrap pads at its edges too */
    k = k < 0 ? 0 : (k >= count ? count - 1 : k);
    break;
  }
  return first + k;
}

/* What a sampler needs: pixels, a tile (the source rectangle in texels),
 * the map from user space to texel coordinates, wraps and sampling. */
typedef struct image_sampler {
  const anima_draw_pixels *pixels;
  long tile_x, tile_y, tile_width, tile_height;
  anima_matrix to_texels;
  anima_image_wrap wrap_x, wrap_y;
  anima_image_sampling sampling;
  double alpha;
  bool transparent_outside; /* image paints without wrap: nothing beyond */
} image_sampler;

/* Premultiplied channels (r, g, b, a) of texel (x, y) scaled to 0..1. */
static void texel(const image_sampler *s, long x, long y, double out[4]) {
  x = wrap_index(x, s->tile_x, s->tile_width, s->wrap_x);
  y = wrap_index(y, s->tile_y, s->tile_height, s->wrap_y);
  x = x < 0 ? 0 : (x >= s->pixels->width ? s->pixels->width - 1 : x);
  y = y < 0 ? 0 : (y >= s->pixels->height ? s->pixels->height - 1 : y);
  const uint8_t *p = s->pixels->data + (size_t)y * s->pixels->stride + 4 * x;
  double alpha = p[3] / 255.0;
  out[0] = p[0] / 255.0 * alpha;
  out[1] = p[1] / 255.0 * alpha;
  out[2] = p[2] / 255.0 * alpha;
  out[3] = alpha;
}

static uint32_t pack(const double channel[4], double alpha) {
  uint32_t value[4];
  for (int c = 0; c < 4; c++) {
    double v = channel[c] * alpha * 255;
    value[c] = (uint32_t)lround(v < 0 ? 0 : (v > 255 ? 255 : v));
  }
  return value[3] << 24 | value[0] << 16 | value[1] << 8 | value[2];
}

/* The premultiplied channels (0..1) `s` samples at texel coordinates t. */
static void sample_texels(const image_sampler *s, anima_point t,
                          double channel[4]) {
  if (s->sampling == ANIMA_SAMPLING_NEAREST) {
    texel(s, (long)floor(t.x), (long)floor(t.y), channel);
    return;
  }
  double x = t.x - 0.5, y = t.y - 0.5;
  long x0 = (long)floor(x), y0 = (long)floor(y);
  double fx = x - x0, fy = y - y0;
  double a[4], b[4], c[4], d[4];
  texel(s, x0, y0, a);
  texel(s, x0 + 1, y0, b);
  texel(s, x0, y0 + 1, c);
  texel(s, x0 + 1, y0 + 1, d);
  for (int k = 0; k < 4; k++) {
    channel[k] = (a[k] * (1 - fx) + b[k] * fx) * (1 - fy) +
                 (c[k] * (1 - fx) + d[k] * fx) * fy;
  }
}

static uint32_t image_sample(const void *context, anima_point point) {
  const image_sampler *s = context;
  anima_point t = anima_matrix_transform_point(s->to_texels, point);
  if (s->transparent_outside &&
      (t.x < s->tile_x || t.x >= s->tile_x + s->tile_width || t.y < s->tile_y ||
       t.y >= s->tile_y + s->tile_height)) {
    return 0;
  }
  double channel[4];
  sample_texels(s, t, channel);
  return pack(channel, s->alpha);
}

/* Texel coordinates are bounded so that long arithmetic cannot overflow. */
static bool finite_matrix(const anima_matrix *m) {
  return isfinite(m->a) && isfinite(m->b) && isfinite(m->c) && isfinite(m->d) &&
         isfinite(m->e) && isfinite(m->f);
}

/* ------------------------------------------------------------------------ */
/* IMAGE items                                                               */
/* ------------------------------------------------------------------------ */

void anima_cairo_draw_image(cairo_drawing *drawing,
                            const anima_draw_item *item) {
  cairo_t *cr = drawing->cr;
  if (!item->visible || !(item->opacity > 0)) {
    return;
  }
  const anima_draw_image *image = &drawing->frame->images[item->payload];
  const double *box = image->box, *dest = image->dest, *source = image->source;
  if (!(dest[2] > 0) || !(dest[3] > 0) || !(source[2] > 0) ||
      !(source[3] > 0)) {
    return;
  }
  /* The region drawn: the box, and the fitted rectangle on an axis that
   * does not wrap. */
  double left = box[0], top = box[1];
  double right = box[0] + box[2], bottom = box[1] + box[3];
  if (image->wrap_x == ANIMA_WRAP_NONE) {
    left = fmax(left, dest[0]);
    right = fmin(right, dest[0] + dest[2]);
  }
  if (image->wrap_y == ANIMA_WRAP_NONE) {
    top = fmax(top, dest[1]);
    bottom = fmin(bottom, dest[1] + dest[3]);
  }
  if (!(right > left) || !(bottom > top) ||
      !anima_cairo_use_world(drawing, &item->world)) {
    return;
  }
  /* local → texels: dest maps onto the source rectangle */
  double sx = source[2] / dest[2], sy = source[3] / dest[3];
  image_sampler sampler = {
      .pixels = &image->pixels,
      .tile_x = (long)floor(source[0]),
      .tile_y = (long)floor(source[1]),
      .tile_width = (long)fmax(1, round(source[2])),
      .tile_height = (long)fmax(1, round(source[3])),
      .to_texels = {sx, 0, 0, sy, source[0] - dest[0] * sx,
                    source[1] - dest[1] * sy},
      .wrap_x = image->wrap_x,
      .wrap_y = image->wrap_y,
      .sampling = image->sampling,
      .alpha = 1,
  };
  if (!finite_matrix(&sampler.to_texels) || fabs(source[0]) > 1e9 ||
      fabs(source[1]) > 1e9) {
    anima_cairo_use_base(drawing);
    return;
  }
  cairo_save(cr);
  cairo_new_path(cr);
  cairo_rectangle(cr, left, top, right - left, bottom - top);
  if (anima_cairo_set_raster_source(drawing, 1, image_sample, &sampler)) {
    cairo_clip(cr);
    cairo_paint_with_alpha(cr, item->opacity);
  }
  cairo_restore(cr);
  anima_cairo_use_base(drawing);
}

/* ------------------------------------------------------------------------ */
/* Image paints                                                              */
/* ------------------------------------------------------------------------ */

bool anima_cairo_set_image_paint(cairo_drawing *drawing,
                                 const anima_draw_paint *paint, double alpha,
                                 double margin) {
  anima_matrix to_pattern;
  if (!anima_matrix_invert(paint->transform, &to_pattern) ||
      !finite_matrix(&to_pattern)) {
    cairo_set_source_rgba(drawing->cr, 0, 0, 0, 0);
    return true;
  }
  image_sampler sampler = {
      .pixels = &paint->pixels,
      .tile_x = 0,
      .tile_y = 0,
      .tile_width = paint->pixels.width,
      .tile_height = paint->pixels.height,
      .to_texels = to_pattern,
      .wrap_x = paint->wrap_x,
      .wrap_y = paint->wrap_y,
      .sampling = paint->sampling,
      .alpha = alpha,
      .transparent_outside =
          paint->wrap_x == ANIMA_WRAP_NONE && paint->wrap_y == ANIMA_WRAP_NONE,
  };
  return anima_cairo_set_raster_source(drawing, margin, image_sample, &sampler);
}

/* ------------------------------------------------------------------------ */
/* Meshes                                                                    */
/* ------------------------------------------------------------------------ */

/* A run of coloured triangles (anima_render_mesh_run) being sampled: per
 * triangle its device corners, its texel sampler (device point → texels)
 * and its vertex colours. */
typedef struct colored_run {
  size_t count;
  double points[ANIMA_RENDER_RUN_MAX][3][2];
  image_sampler samplers[ANIMA_RENDER_RUN_MAX];
  anima_color colors[ANIMA_RENDER_RUN_MAX][3];
} colored_run;

/* Texel × interpolated vertex colour at a device point: of the run's last
 * triangle holding the point (later triangles cover earlier ones), else
 * of the one it is nearest to inside (the half-pixel fringe). */
static uint32_t colored_sample(const void *context, anima_point point) {
  const colored_run *run = context;
  size_t best = 0;
  double best_inside = -INFINITY, best_weights[3] = {1, 0, 0};
  for (size_t t = 0; t < run->count; t++) {
    double weights[3];
    anima_render_barycentric(run->points[t], point.x, point.y, weights);
    double inside = fmin(weights[0], fmin(weights[1], weights[2]));
    if (inside >= -1e-9 || inside > best_inside) {
      best = t;
      best_inside = inside >= -1e-9 ? 0 : inside;
      memcpy(best_weights, weights, sizeof best_weights);
    }
  }
  const image_sampler *s = &run->samplers[best];
  anima_point t = anima_matrix_transform_point(s->to_texels, point);
  /* clamped so the texel index stays small; the edges pad anyway */
  t.x = t.x < -2 ? -2 : t.x > s->pixels->width + 2 ? s->pixels->width + 2 : t.x;
  t.y = t.y < -2                      ? -2
        : t.y > s->pixels->height + 2 ? s->pixels->height + 2
                                      : t.y;
  if (!isfinite(t.x) || !isfinite(t.y)) {
    return 0;
  }
  double channel[4], color[4];
  sample_texels(s, t, channel);
  anima_render_mix_colors(run->colors[best], best_weights, color);
  for (int c = 0; c < 3; c++) {
    channel[c] *= color[c];
  }
  return pack(channel, color[3]);
}

/* Draws the triangles [first, end) of a mesh whose vertices carry colours
 * as one filled region (the union of the triangles grown by half a device
 * pixel, all wound one way), sampled per device pixel by colored_sample:
 * neighbouring triangles of the run meet without seams and nothing is
 * painted twice, so a translucent colour stays even across a quad. */
static void draw_colored_run(cairo_drawing *drawing,
                             const anima_draw_mesh *mesh, size_t first,
                             size_t end, const cairo_matrix_t *world,
                             colored_run *run) {
  cairo_t *cr = drawing->cr;
  const anima_draw_frame *frame = drawing->frame;
  const anima_draw_vertex *vertices = frame->vertices + mesh->first_vertex;
  const uint32_t *indices = frame->indices + mesh->first_index;
  cairo_matrix_t to_local = *world;
  if (cairo_matrix_invert(&to_local) != CAIRO_STATUS_SUCCESS) {
    return;
  }
  anima_matrix device_to_local = {to_local.xx, to_local.yx, to_local.xy,
                                  to_local.yy, to_local.x0, to_local.y0};
  run->count = 0;
  cairo_save(cr);
  cairo_identity_matrix(cr);
  cairo_new_path(cr);
  cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING);
  for (size_t i = first; i + 2 < end; i += 3) {
    const anima_draw_vertex *v[3] = {&vertices[indices[i]],
                                     &vertices[indices[i + 1]],
                                     &vertices[indices[i + 2]]};
    anima_matrix to_texels;
    if (!anima_render_triangle_map(v, mesh->pixels.width, mesh->pixels.height,
                                   &to_texels)) {
      continue;
    }
    size_t n = run->count++;
    for (int k = 0; k < 3; k++) {
      run->points[n][k][0] = v[k]->x;
      run->points[n][k][1] = v[k]->y;
      cairo_matrix_transform_point(world, &run->points[n][k][0],
                                   &run->points[n][k][1]);
      run->colors[n][k] =
          anima_render_vertex_color(frame, mesh, indices[i + k]);
    }
    run->samplers[n] = (image_sampler){
        .pixels = &mesh->pixels,
        .tile_x = 0,
        .tile_y = 0,
        .tile_width = mesh->pixels.width,
        .tile_height = mesh->pixels.height,
        .to_texels = anima_matrix_multiply(to_texels, device_to_local),
        .wrap_x = ANIMA_WRAP_CLAMP,
        .wrap_y = ANIMA_WRAP_CLAMP,
        .sampling = mesh->sampling,
        .alpha = 1,
    };
    double grown[3][2];
    memcpy(grown, run->points[n], sizeof grown);
    anima_render_grow_triangle(grown, 0.5);
    double area = (grown[1][0] - grown[0][0]) * (grown[2][1] - grown[0][1]) -
                  (grown[2][0] - grown[0][0]) * (grown[1][1] - grown[0][1]);
    int order[3] = {0, area < 0 ? 2 : 1, area < 0 ? 1 : 2};
    cairo_move_to(cr, grown[order[0]][0], grown[order[0]][1]);
    cairo_line_to(cr, grown[order[1]][0], grown[order[1]][1]);
    cairo_line_to(cr, grown[order[2]][0], grown[order[2]][1]);
    cairo_close_path(cr);
  }
  if (run->count > 0 &&
      anima_cairo_set_raster_source(drawing, 1, colored_sample, run)) {
    cairo_fill(cr);
  }
  cairo_new_path(cr);
  cairo_restore(cr);
}

void anima_cairo_draw_mesh(cairo_drawing *drawing,
                           const anima_draw_item *item) {
  cairo_t *cr = drawing->cr;
  const anima_draw_frame *frame = drawing->frame;
  if (!item->visible || !(item->opacity > 0)) {
    return;
  }
  const anima_draw_mesh *mesh = &frame->meshes[item->payload];
  if (mesh->index_count < 3 || !anima_cairo_use_world(drawing, &item->world)) {
    return;
  }
  cairo_surface_t *surface = anima_cairo_pixels_surface(drawing, &mesh->pixels);
  if (surface == NULL) {
    anima_cairo_use_base(drawing);
    return;
  }
  cairo_matrix_t world;
  cairo_get_matrix(cr, &world);
  bool layered = item->opacity < 1;
  if (layered) {
    cairo_push_group(cr);
  }
  const anima_draw_vertex *vertices = frame->vertices + mesh->first_vertex;
  const uint32_t *indices = frame->indices + mesh->first_index;
  colored_run *run = NULL;
  size_t run_end = 0;
  bool run_colored = false;
  for (size_t i = 0; i + 2 < mesh->index_count; i += 3) {
    if (i >= run_end) {
      run_end = anima_render_mesh_run(frame, mesh, i, &run_colored);
    }
    if (run_colored) {
      if (run == NULL && (run = malloc(sizeof *run)) == NULL) {
        anima_cairo_fail(drawing, ANIMA_ERROR_NO_MEMORY);
        break;
      }
      draw_colored_run(drawing, mesh, i, run_end, &world, run);
      i = run_end - 3;
      continue;
    }
    const anima_draw_vertex *v[3] = {&vertices[indices[i]],
                                     &vertices[indices[i + 1]],
                                     &vertices[indices[i + 2]]};
    anima_matrix to_texels;
    if (!anima_render_triangle_map(v, mesh->pixels.width, mesh->pixels.height,
                                   &to_texels)) {
      continue;
    }
    cairo_matrix_t map = {to_texels.a, to_texels.b, to_texels.c,
                          to_texels.d, to_texels.e, to_texels.f};
    double points[3][2];
    for (int k = 0; k < 3; k++) {
      points[k][0] = v[k]->x;
      points[k][1] = v[k]->y;
      cairo_matrix_transform_point(&world, &points[k][0], &points[k][1]);
    }
    anima_render_grow_triangle(points, 0.5);
    cairo_save(cr);
    cairo_identity_matrix(cr);
    cairo_new_path(cr);
    cairo_move_to(cr, points[0][0], points[0][1]);
    cairo_line_to(cr, points[1][0], points[1][1]);
    cairo_line_to(cr, points[2][0], points[2][1]);
    cairo_close_path(cr);
    cairo_clip(cr);
    cairo_set_matrix(cr, &world);
    cairo_pattern_t *pattern = cairo_pattern_create_for_surface(surface);
    cairo_pattern_set_matrix(pattern, &map);
    cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD);
    cairo_pattern_set_filter(pattern, mesh->sampling == ANIMA_SAMPLING_NEAREST
                                          ? CAIRO_FILTER_NEAREST
                                          : CAIRO_FILTER_BILINEAR);
    cairo_set_source(cr, pattern);
    cairo_pattern_destroy(pattern);
    cairo_paint(cr);
    cairo_restore(cr);
  }
  free(run);
  cairo_surface_destroy(surface);
  anima_cairo_use_base(drawing);
  if (layered) {
    cairo_pop_group_to_source(cr);
    cairo_paint_with_alpha(cr, item->opacity);
  }
}
