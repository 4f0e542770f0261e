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
 * the image placed by the triangle's affine map.
 */
#include <math.h>
#include <stdlib.h>

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
  const anima_draw_vertex *vertices = frame->vertices + mesh->first_vertex;
  const uint32_t *indices = frame->indices + mesh->first_index;
  for (size_t i = 0; i + 2 < mesh->index_count; i += 3) {
    const anima_draw_vertex *v[3] = {&vertices[indices[i]],
                                     &vertices[indices[i + 1]],
                                     &vertices[indices[i + 2]]};
    anima_matrix to_texels, placed;
    if (!anima_render_triangle_map(v, mesh->pixels.width, mesh->pixels.height,
                                   &to_texels) ||
        !anima_matrix_invert(to_texels, &placed)) {
      continue;
    }
    double points[3][2];
    for (int k = 0; k < 3; k++) {
      points[k][0] = v[k]->x;
      points[k][1] = v[k]->y;
    }
    if (grow > 0) {
      anima_render_grow_triangle(points, grow);
    }
    size_t triangle = i / 3;
    fputs("<defs><clipPath id=\"", writer->out);
    svg_def_id(writer, item, "mesh", number);
    fprintf(writer->out, ".%zu", triangle);
    fputs("\" clipPathUnits=\"userSpaceOnUse\"><path d=\"M", writer->out);
    double flat[6] = {points[0][0], points[0][1], points[1][0],
                      points[1][1], points[2][0], points[2][1]};
    svg_numbers(writer, flat, 2);
    fputc('L', writer->out);
    svg_numbers(writer, flat + 2, 2);
    fputc('L', writer->out);
    svg_numbers(writer, flat + 4, 2);
    fputs("Z\"/></clipPath></defs>\n<g clip-path=\"url(#", writer->out);
    svg_def_id(writer, item, "mesh", number);
    fprintf(writer->out, ".%zu)\">", triangle);
    use_pixels(writer, item, "mesh", number, &placed);
    fputs("</g>\n", writer->out);
  }
  fputs("</g>\n", writer->out);
}
