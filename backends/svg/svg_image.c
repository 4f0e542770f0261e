/*
 * svg_image.c — IMAGE items, image paints and MESH items as SVG (paint
 * "Image nodes", "Image wrapping"; mesh triangles).
 *
 * Pixels are an `<image>` defined once per item (a PNG `data:` URI made
 * by svg_png.c, or the pixels' own href), with `image-rendering="pixelated"`
 * for nearest sampling. An image without wrapping is a nested clipped
 * viewport: an outer `<svg>` clipping to the box (and the fitted rectangle)
 * holding an `<svg>` whose viewBox is the source rectangle, stretched onto
 * the fitted rectangle. Repeat and mirror are a user-space `<pattern>` of
 * one tile (mirror: four, the reflected ones in transformed groups) that a
 * `<rect>` over the box fills. A mesh is, per triangle, a `<clipPath>` of
 * the triangle (grown by half an output pixel when the size is known) and
 * the image placed by the triangle's affine map. Vertex colours
 * (docs/RENDERING.md "Vertex colours") go by runs of triangles sharing
 * edges: a run of one colour is, for a one-texel mesh, one `<path>` filled
 * with texel × colour, else its triangles inside a group filtered by an
 * `feColorMatrix` multiplying straight RGBA by the colour; a triangle whose
 * vertices differ is cut into 16 sub-triangles painted so, each with the
 * colour at its centroid.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "backend_internal.h"
#include "svg_internal.h"

/* ------------------------------------------------------------------------ */
/* Pixels                                                                    */
/* ------------------------------------------------------------------------ */

static void write_base64(FILE *out, const unsigned char *data, size_t size) {
  static const char alphabet[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  for (size_t index = 0; index < size; index += 3) {
    unsigned value = (unsigned)data[index] << 16;
    if (index + 1 < size) {
      value |= (unsigned)data[index + 1] << 8;
    }
    if (index + 2 < size) {
      value |= data[index + 2];
    }
    fputc(alphabet[(value >> 18) & 63], out);
    fputc(alphabet[(value >> 12) & 63], out);
    fputc(index + 1 < size ? alphabet[(value >> 6) & 63] : '=', out);
    fputc(index + 2 < size ? alphabet[value & 63] : '=', out);
  }
}

/* `text` as an XML attribute value. */
static void write_escaped(FILE *out, const char *text) {
  for (; *text != '\0'; text++) {
    switch (*text) {
    case '&':
      fputs("&amp;", out);
      break;
    case '<':
      fputs("&lt;", out);
      break;
    case '"':
      fputs("&quot;", out);
      break;
    default:
      fputc(*text, out);
    }
  }
}

void svg_pixels_href(svg_writer *writer, const anima_draw_pixels *pixels) {
  fputs(" href=\"", writer->out);
  if (pixels->href != NULL) {
    write_escaped(writer->out, pixels->href);
    fputc('"', writer->out);
    return;
  }
  unsigned char *png = NULL;
  size_t size = 0;
  anima_status status = svg_png_encode(pixels, &png, &size);
  if (status != ANIMA_OK) {
    writer->status = status;
  } else {
    fputs("data:image/png;base64,", writer->out);
    write_base64(writer->out, png, size);
  }
  fputc('"', writer->out);
  free(png);
}

/* `<defs><image id=...>` of the pixels, once per item. */
static void define_pixels(svg_writer *writer, const anima_draw_item *item,
                          const anima_draw_pixels *pixels,
                          anima_image_sampling sampling, const char *what,
                          size_t number) {
  fputs("<defs><image id=\"", writer->out);
  svg_def_id(writer, item, what, number);
  fprintf(writer->out, "\" width=\"%d\" height=\"%d\"", pixels->width,
          pixels->height);
  if (sampling == ANIMA_SAMPLING_NEAREST) {
    fputs(" image-rendering=\"pixelated\"", writer->out);
  }
  fputs(" preserveAspectRatio=\"none\"", writer->out);
  svg_pixels_href(writer, pixels);
  fputs("/></defs>\n", writer->out);
}

static void use_pixels(svg_writer *writer, const anima_draw_item *item,
                       const char *what, size_t number,
                       const anima_matrix *placed) {
  fputs("<use href=\"#", writer->out);
  svg_def_id(writer, item, what, number);
  fputc('"', writer->out);
  if (placed != NULL) {
    svg_transform(writer, placed);
  }
  fputs("/>", writer->out);
}

/* An <svg> showing source rectangle `source` stretched onto x, y, w, h. */
static void write_viewport(svg_writer *writer, const anima_draw_item *item,
                           const char *what, size_t number, double x, double y,
                           double width, double height,
                           const double source[4]) {
  fputs("<svg", writer->out);
  svg_attribute_number(writer, "x", x);
  svg_attribute_number(writer, "y", y);
  svg_attribute_number(writer, "width", width);
  svg_attribute_number(writer, "height", height);
  fputs(" viewBox=\"", writer->out);
  svg_numbers(writer, source, 4);
  fputs("\" preserveAspectRatio=\"none\" overflow=\"hidden\">", writer->out);
  use_pixels(writer, item, what, number, NULL);
  fputs("</svg>\n", writer->out);
}

/* The contents of one pattern tile: the image (w × h at the origin), and
 * its reflections for mirrored axes. */
static void write_tiles(svg_writer *writer, const anima_draw_item *item,
                        const char *what, size_t number, double width,
                        double height, const double source[4], bool mirror_x,
                        bool mirror_y) {
  for (int copy = 0; copy < 4; copy++) {
    bool flip_x = copy & 1, flip_y = copy & 2;
    if ((flip_x && !mirror_x) || (flip_y && !mirror_y)) {
      continue;
    }
    anima_matrix flip = {
        flip_x ? -1 : 1,        0, 0, flip_y ? -1 : 1, flip_x ? 2 * width : 0,
        flip_y ? 2 * height : 0};
    fputs("<g", writer->out);
    svg_transform(writer, &flip);
    fputs(">", writer->out);
    write_viewport(writer, item, what, number, 0, 0, width, height, source);
    fputs("</g>\n", writer->out);
  }
}

/* ------------------------------------------------------------------------ */
/* IMAGE items                                                               */
/* ------------------------------------------------------------------------ */

void svg_write_image(svg_writer *writer, const anima_draw_item *item,
                     bool with_id) {
  if (!item->visible) {
    return;
  }
  const anima_draw_image *image = &writer->frame->images[item->payload];
  const double *box = image->box, *dest = image->dest;
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
  if (!(right > left) || !(bottom > top) || !(dest[2] > 0) || !(dest[3] > 0)) {
    return;
  }
  size_t number = item->payload;
  define_pixels(writer, item, &image->pixels, image->sampling, "image", number);
  fputs("<g", writer->out);
  if (with_id && item->id != NULL) {
    fputs(" id=\"", writer->out);
    svg_id(writer, item->id, "\"");
  }
  svg_transform(writer, svg_node_matrix(writer, item));
  if (item->opacity < 1) {
    svg_attribute_number(writer, "opacity", item->opacity);
  }
  fputs(">\n", writer->out);
  if (image->wrap_x == ANIMA_WRAP_NONE && image->wrap_y == ANIMA_WRAP_NONE) {
    /* an outer viewport clipping to the region, mapping it to itself */
    double region[4] = {left, top, right - left, bottom - top};
    fputs("<svg", writer->out);
    svg_attribute_number(writer, "x", left);
    svg_attribute_number(writer, "y", top);
    svg_attribute_number(writer, "width", right - left);
    svg_attribute_number(writer, "height", bottom - top);
    fputs(" viewBox=\"", writer->out);
    svg_numbers(writer, region, 4);
    fputs("\" overflow=\"hidden\">\n", writer->out);
    write_viewport(writer, item, "image", number, dest[0], dest[1], dest[2],
                   dest[3], image->source);
    fputs("</svg>\n", writer->out);
  } else {
    bool mirror_x = image->wrap_x == ANIMA_WRAP_MIRROR;
    bool mirror_y = image->wrap_y == ANIMA_WRAP_MIRROR;
    fputs("<defs><pattern id=\"", writer->out);
    svg_def_id(writer, item, "tile", number);
    fputs("\" patternUnits=\"userSpaceOnUse\"", writer->out);
    svg_attribute_number(writer, "x", dest[0]);
    svg_attribute_number(writer, "y", dest[1]);
    svg_attribute_number(writer, "width", dest[2] * (mirror_x ? 2 : 1));
    svg_attribute_number(writer, "height", dest[3] * (mirror_y ? 2 : 1));
    fputs(">\n", writer->out);
    write_tiles(writer, item, "image", number, dest[2], dest[3], image->source,
                mirror_x, mirror_y);
    fputs("</pattern></defs>\n<rect", writer->out);
    svg_attribute_number(writer, "x", left);
    svg_attribute_number(writer, "y", top);
    svg_attribute_number(writer, "width", right - left);
    svg_attribute_number(writer, "height", bottom - top);
    fputs(" fill=\"url(#", writer->out);
    svg_def_id(writer, item, "tile", number);
    fputs(")\"/>\n", writer->out);
  }
  fputs("</g>\n", writer->out);
}

/* ------------------------------------------------------------------------ */
/* Image paints                                                              */
/* ------------------------------------------------------------------------ */

/* How far from the origin pattern space reaches within three viewBoxes of
 * the shape (for a tile that never repeats within sight). */
static double pattern_reach(svg_writer *writer, const anima_draw_item *item,
                            const anima_draw_paint *paint) {
  const double *box = writer->frame->view_box;
  anima_matrix to_view = anima_matrix_multiply(item->world, paint->transform);
  anima_matrix inverse;
  if (!anima_matrix_invert(to_view, &inverse)) {
    return 0;
  }
  double reach = 0;
  for (int corner = 0; corner < 4; corner++) {
    anima_point point = {box[0] - box[2] + (corner & 1 ? 3 * box[2] : 0),
                         box[1] - box[3] + (corner & 2 ? 3 * box[3] : 0)};
    point = anima_matrix_transform_point(inverse, point);
    reach = fmax(reach, fmax(fabs(point.x), fabs(point.y)));
  }
  return isfinite(reach) ? reach : 0;
}

void svg_image_pattern(svg_writer *writer, const anima_draw_paint *paint,
                       const anima_draw_item *item, size_t number) {
  const anima_draw_pixels *pixels = &paint->pixels;
  double width = pixels->width, height = pixels->height;
  bool mirror_x = paint->wrap_x == ANIMA_WRAP_MIRROR;
  bool mirror_y = paint->wrap_y == ANIMA_WRAP_MIRROR;
  double reach = 2 * pattern_reach(writer, item, paint);
  double tile_x = paint->wrap_x == ANIMA_WRAP_NONE ? fmax(width, reach + width)
                                                   : width * (mirror_x ? 2 : 1);
  double tile_y = paint->wrap_y == ANIMA_WRAP_NONE
                      ? fmax(height, reach + height)
                      : height * (mirror_y ? 2 : 1);
  define_pixels(writer, item, pixels, paint->sampling, "paintpixels", number);
  fputs("<defs><pattern id=\"", writer->out);
  svg_def_id(writer, item, "paint", number);
  fputs("\" patternUnits=\"userSpaceOnUse\"", writer->out);
  svg_attribute_number(writer, "width", tile_x);
  svg_attribute_number(writer, "height", tile_y);
  if (!svg_is_identity(&paint->transform)) {
    svg_matrix_attribute(writer, "patternTransform", &paint->transform);
  }
  fputs(">\n", writer->out);
  double source[4] = {0, 0, width, height};
  write_tiles(writer, item, "paintpixels", number, width, height, source,
              mirror_x, mirror_y);
  fputs("</pattern></defs>\n", writer->out);
}

/* ------------------------------------------------------------------------ */
/* Meshes                                                                    */
/* ------------------------------------------------------------------------ */

/* An id of the mesh's defs: "<item>.<what><number>.<triangle>[.<sub>]". */
static void mesh_def_id(svg_writer *writer, const anima_draw_item *item,
                        const char *what, size_t number, size_t triangle,
                        size_t sub) {
  svg_def_id(writer, item, what, number);
  fprintf(writer->out, ".%zu", triangle);
  if (sub != (size_t)-1) {
    fprintf(writer->out, ".%zu", sub);
  }
}

/* A triangle's path data (after " d=\""), every triangle wound the same way
 * (by the sign of its area), so that several in one path unite under the
 * nonzero rule. */
static void triangle_data(svg_writer *writer, const double points[3][2]) {
  double area = (points[1][0] - points[0][0]) * (points[2][1] - points[0][1]) -
                (points[2][0] - points[0][0]) * (points[1][1] - points[0][1]);
  int order[3] = {0, area < 0 ? 2 : 1, area < 0 ? 1 : 2};
  for (int k = 0; k < 3; k++) {
    fputc(k == 0 ? 'M' : 'L', writer->out);
    svg_numbers(writer, points[order[k]], 2);
  }
  fputc('Z', writer->out);
}

/* The part of the pixels a triangle's map places that `points` (the
 * triangle or a part of it) covers: a <clipPath> of `points` grown by
 * `grow`, and the image placed by `placed`. */
static void write_clipped(svg_writer *writer, const anima_draw_item *item,
                          size_t number, size_t triangle, size_t sub,
                          const double corners[3][2], double grow,
                          const anima_matrix *placed) {
  double points[3][2];
  memcpy(points, corners, sizeof points);
  if (grow > 0) {
    anima_render_grow_triangle(points, grow);
  }
  fputs("<defs><clipPath id=\"", writer->out);
  mesh_def_id(writer, item, "mesh", number, triangle, sub);
  fputs("\" clipPathUnits=\"userSpaceOnUse\"><path d=\"M", writer->out);
  double flat[6] = {points[0][0], points[0][1], points[1][0],
                    points[1][1], points[2][0], points[2][1]};
  svg_numbers(writer, flat, 2);
  fputc('L', writer->out);
  svg_numbers(writer, flat + 2, 2);
  fputc('L', writer->out);
  svg_numbers(writer, flat + 4, 2);
  fputs("Z\"/></clipPath></defs>\n<g clip-path=\"url(#", writer->out);
  mesh_def_id(writer, item, "mesh", number, triangle, sub);
  fputs(")\">", writer->out);
  use_pixels(writer, item, "mesh", number, placed);
  fputs("</g>\n", writer->out);
}

/* A <filter> multiplying straight RGBA by `color` (0..1 each), over the
 * local box [x0, y0, x1, y1]. */
static void write_color_filter(svg_writer *writer, const anima_draw_item *item,
                               size_t number, size_t triangle, size_t sub,
                               const double color[4], const double box[4]) {
  fputs("<defs><filter id=\"", writer->out);
  mesh_def_id(writer, item, "meshcolor", number, triangle, sub);
  fputs("\" filterUnits=\"userSpaceOnUse\"", writer->out);
  svg_attribute_number(writer, "x", box[0]);
  svg_attribute_number(writer, "y", box[1]);
  svg_attribute_number(writer, "width", box[2] - box[0]);
  svg_attribute_number(writer, "height", box[3] - box[1]);
  fputs(" color-interpolation-filters=\"sRGB\"><feColorMatrix "
        "type=\"matrix\" values=\"",
        writer->out);
  for (int row = 0; row < 4; row++) {
    for (int column = 0; column < 5; column++) {
      if (row + column > 0) {
        fputc(' ', writer->out);
      }
      svg_number(writer, column == row ? color[row] : 0);
    }
  }
  fputs("\"/></filter></defs>\n<g filter=\"url(#", writer->out);
  mesh_def_id(writer, item, "meshcolor", number, triangle, sub);
  fputs(")\">\n", writer->out);
}

/* The colour a one-texel mesh paints with vertex colour `color` (straight
 * 0..1): the texel times the colour, as fill and fill-opacity. */
static void write_solid_fill(svg_writer *writer, const anima_draw_pixels *px,
                             const double color[4]) {
  const uint8_t *t = px->data;
  anima_color fill;
  double channel[4];
  for (int c = 0; c < 4; c++) {
    channel[c] = t[c] / 255.0 * color[c];
  }
  fill.r = (uint8_t)lround(channel[0] * 255);
  fill.g = (uint8_t)lround(channel[1] * 255);
  fill.b = (uint8_t)lround(channel[2] * 255);
  fill.a = 255;
  fputs(" fill=\"", writer->out);
  svg_hex(writer, fill, false);
  fputc('"', writer->out);
  if (channel[3] < 1) {
    svg_attribute_number(writer, "fill-opacity", channel[3]);
  }
}

static void color_of(anima_color c, double out[4]) {
  out[0] = c.r / 255.0;
  out[1] = c.g / 255.0;
  out[2] = c.b / 255.0;
  out[3] = c.a / 255.0;
}

/* What one mesh triangle needs: its vertices, corners and texel map. */
typedef struct mesh_triangle {
  const anima_draw_vertex *v[3];
  double points[3][2];
  anima_matrix placed; /* texels → local */
  bool ok;
} mesh_triangle;

static mesh_triangle mesh_triangle_at(const anima_draw_frame *frame,
                                      const anima_draw_mesh *mesh, size_t i) {
  const anima_draw_vertex *vertices = frame->vertices + mesh->first_vertex;
  const uint32_t *indices = frame->indices + mesh->first_index;
  mesh_triangle t;
  anima_matrix to_texels;
  for (int k = 0; k < 3; k++) {
    t.v[k] = &vertices[indices[i + (size_t)k]];
    t.points[k][0] = t.v[k]->x;
    t.points[k][1] = t.v[k]->y;
  }
  t.ok = anima_render_triangle_map(t.v, mesh->pixels.width, mesh->pixels.height,
                                   &to_texels) &&
         anima_matrix_invert(to_texels, &t.placed);
  return t;
}

/* The local box of the triangles [first, end), grown by `margin`. */
static void run_box(const anima_draw_frame *frame, const anima_draw_mesh *mesh,
                    size_t first, size_t end, double margin, double box[4]) {
  const anima_draw_vertex *vertices = frame->vertices + mesh->first_vertex;
  const uint32_t *indices = frame->indices + mesh->first_index;
  box[0] = box[1] = INFINITY;
  box[2] = box[3] = -INFINITY;
  for (size_t i = first; i < end; i++) {
    const anima_draw_vertex *v = &vertices[indices[i]];
    box[0] = fmin(box[0], v->x);
    box[1] = fmin(box[1], v->y);
    box[2] = fmax(box[2], v->x);
    box[3] = fmax(box[3], v->y);
  }
  double extra = fmax(margin, 0.01 * fmax(box[2] - box[0], box[3] - box[1]));
  box[0] -= extra;
  box[1] -= extra;
  box[2] += extra;
  box[3] += extra;
}

/* Triangles [first, end) whose vertices all have `color`: a one-texel
 * mesh as one path filled with texel × colour (the triangles united, so a
 * translucent colour is even across them); else the triangles as usual
 * inside one group filtered by the colour. */
static void write_uniform_run(svg_writer *writer, const anima_draw_item *item,
                              const anima_draw_mesh *mesh, size_t number,
                              size_t first, size_t end, anima_color color,
                              double grow) {
  const anima_draw_frame *frame = writer->frame;
  double straight[4];
  color_of(color, straight);
  if (mesh->pixels.width == 1 && mesh->pixels.height == 1) {
    fputs("<path d=\"", writer->out);
    for (size_t i = first; i + 2 < end; i += 3) {
      mesh_triangle t = mesh_triangle_at(frame, mesh, i);
      if (t.ok) {
        triangle_data(writer, t.points);
      }
    }
    fputc('"', writer->out);
    write_solid_fill(writer, &mesh->pixels, straight);
    fputs("/>\n", writer->out);
    return;
  }
  double box[4];
  run_box(frame, mesh, first, end, 4 * grow, box);
  write_color_filter(writer, item, number, first / 3, (size_t)-1, straight,
                     box);
  for (size_t i = first; i + 2 < end; i += 3) {
    mesh_triangle t = mesh_triangle_at(frame, mesh, i);
    if (t.ok) {
      write_clipped(writer, item, number, i / 3, (size_t)-1, t.points, grow,
                    &t.placed);
    }
  }
  fputs("</g>\n", writer->out);
}

/* A triangle whose vertices differ in colour: ANIMA_RENDER_SUBDIVISIONS²
 * sub-triangles, each painted flat with the colour interpolated at its
 * centroid (SVG has no Gouraud shading; docs/RENDERING.md "Vertex
 * colours"). */
static void write_shaded_triangle(svg_writer *writer,
                                  const anima_draw_item *item,
                                  const anima_draw_mesh *mesh, size_t number,
                                  size_t i, double grow) {
  const anima_draw_frame *frame = writer->frame;
  const uint32_t *indices = frame->indices + mesh->first_index;
  mesh_triangle t = mesh_triangle_at(frame, mesh, i);
  if (!t.ok) {
    return;
  }
  anima_color colors[3];
  for (int k = 0; k < 3; k++) {
    colors[k] = anima_render_vertex_color(frame, mesh, indices[i + (size_t)k]);
  }
  bool solid = mesh->pixels.width == 1 && mesh->pixels.height == 1;
  size_t count = ANIMA_RENDER_SUBDIVISIONS * ANIMA_RENDER_SUBDIVISIONS;
  for (size_t sub = 0; sub < count; sub++) {
    double weights[3][3], centre[3] = {0, 0, 0}, corners[3][2];
    anima_render_subtriangle(sub, weights);
    for (int k = 0; k < 3; k++) {
      corners[k][0] = corners[k][1] = 0;
      for (int j = 0; j < 3; j++) {
        corners[k][0] += weights[k][j] * t.points[j][0];
        corners[k][1] += weights[k][j] * t.points[j][1];
        centre[j] += weights[k][j] / 3;
      }
    }
    double color[4];
    anima_render_mix_colors(colors, centre, color);
    if (solid) {
      double grown[3][2];
      memcpy(grown, corners, sizeof grown);
      if (grow > 0) {
        anima_render_grow_triangle(grown, grow);
      }
      fputs("<path d=\"", writer->out);
      triangle_data(writer, grown);
      fputc('"', writer->out);
      write_solid_fill(writer, &mesh->pixels, color);
      fputs("/>\n", writer->out);
      continue;
    }
    double box[4] = {INFINITY, INFINITY, -INFINITY, -INFINITY};
    for (int k = 0; k < 3; k++) {
      box[0] = fmin(box[0], corners[k][0]);
      box[1] = fmin(box[1], corners[k][1]);
      box[2] = fmax(box[2], corners[k][0]);
      box[3] = fmax(box[3], corners[k][1]);
    }
    double extra =
        fmax(4 * grow, 0.01 * fmax(box[2] - box[0], box[3] - box[1]));
    box[0] -= extra;
    box[1] -= extra;
    box[2] += extra;
    box[3] += extra;
    write_color_filter(writer, item, number, i / 3, sub, color, box);
    write_clipped(writer, item, number, i / 3, sub, corners, grow, &t.placed);
    fputs("</g>\n", writer->out);
  }
}

void svg_write_mesh(svg_writer *writer, const anima_draw_item *item,
                    bool with_id) {
  if (!item->visible) {
    return;
  }
  const anima_draw_frame *frame = writer->frame;
  const anima_draw_mesh *mesh = &frame->meshes[item->payload];
  size_t number = item->payload;
  define_pixels(writer, item, &mesh->pixels, mesh->sampling, "mesh", number);
  /* half an output pixel in local units, when the output size is known */
  double scale =
      sqrt(fabs(item->world.a * item->world.d - item->world.b * item->world.c));
  double grow = writer->pixel_scale > 0 && scale > 0
                    ? 0.5 / (writer->pixel_scale * scale)
                    : 0;
  fputs("<g", writer->out);
  if (with_id && item->id != NULL) {
    fputs(" id=\"", writer->out);
    svg_id(writer, item->id, "\"");
  }
  svg_transform(writer, svg_node_matrix(writer, item));
  if (item->opacity < 1) {
    svg_attribute_number(writer, "opacity", item->opacity);
  }
  fputs(">\n", writer->out);
  for (size_t i = 0; i + 2 < mesh->index_count;) {
    bool colored = false;
    size_t end = anima_render_mesh_run(frame, mesh, i, &colored);
    anima_color color;
    if (!colored) {
      for (; i < end; i += 3) {
        mesh_triangle t = mesh_triangle_at(frame, mesh, i);
        if (t.ok) {
          write_clipped(writer, item, number, i / 3, (size_t)-1, t.points, grow,
                        &t.placed);
        }
      }
    } else if (anima_render_uniform_color(frame, mesh, i, end, &color)) {
      write_uniform_run(writer, item, mesh, number, i, end, color, grow);
      i = end;
    } else {
      for (; i < end; i += 3) {
        if (anima_render_uniform_color(frame, mesh, i, i + 3, &color)) {
          write_uniform_run(writer, item, mesh, number, i, i + 3, color, grow);
        } else {
          write_shaded_triangle(writer, item, mesh, number, i, grow);
        }
      }
    }
  }
  fputs("</g>\n", writer->out);
}
