/*
 * svg_writer.c — draw frame to SVG text, the frame-level SVG calls of
 * anima/render.h: the root, traversal in paint order, groups and shapes.
 *
 * Groups carry their node's local matrix as `transform="matrix(...)"`, their
 * opacity and blend mode (`mix-blend-mode`, `isolation`); a frame with a
 * blended layer (mix "Per-paint blend override") is written in world space
 * instead (svg_internal.h `world_space`), each layer of a shape in a blend
 * group of its own around an inner group with the world matrix; shapes are
 * `<path>` elements with `fill`, `fill-rule`, `stroke`, `stroke-width`,
 * `stroke-linecap`, `stroke-linejoin` (a shape with more layers, or an
 * inside or outside stroke, is a `<g>` of paths); trims are
 * `stroke-dasharray`/`stroke-dashoffset` in absolute grid units from the
 * shared outline length (never `pathLength`); masks, knockouts and clips
 * are in svg_mask.c, paints in svg_paint.c, images and meshes in
 * svg_image.c. Numbers have at most five decimals (the SVG formatter of the
 * paint chapter), `-0` as `0`. What SVG cannot draw (conic gradients,
 * additive blending, ...) is refused up front through
 * anima_draw_frame_check with the SVG capabilities. The SVG of a model's
 * player carries the root a11y on its `<svg>` element (SPEC §10).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <anima/format.h>

#include "backend_internal.h"
#include "svg_internal.h"
#include "svg_number.h"

/* At most five decimals, trailing zeros dropped, -0 as 0 (svg_number.h). */
void svg_number(svg_writer *writer, double value) {
  char text[SVG_NUMBER_TEXT];
  fwrite(text, 1, svg_format_number(value, text), writer->out);
}

void svg_numbers(svg_writer *writer, const double *values, size_t count) {
  for (size_t index = 0; index < count; index++) {
    if (index > 0) {
      fputc(' ', writer->out);
    }
    svg_number(writer, values[index]);
  }
}

void svg_attribute_number(svg_writer *writer, const char *name, double value) {
  fprintf(writer->out, " %s=\"", name);
  svg_number(writer, value);
  fputc('"', writer->out);
}

bool svg_is_identity(const anima_matrix *m) {
  return m->a == 1 && m->b == 0 && m->c == 0 && m->d == 1 && m->e == 0 &&
         m->f == 0;
}

void svg_matrix_attribute(svg_writer *writer, const char *name,
                          const anima_matrix *m) {
  double values[6] = {m->a, m->b, m->c, m->d, m->e, m->f};
  fprintf(writer->out, " %s=\"matrix(", name);
  svg_numbers(writer, values, 6);
  fputs(")\"", writer->out);
}

static const anima_matrix svg_identity = {1, 0, 0, 1, 0, 0};

const anima_matrix *svg_node_matrix(const svg_writer *writer,
                                    const anima_draw_item *item) {
  return writer->world_space ? &item->world : &item->local;
}

const anima_matrix *svg_range_space(const svg_writer *writer,
                                    const anima_draw_item *item) {
  return writer->world_space ? &svg_identity : &item->world;
}

void svg_transform(svg_writer *writer, const anima_matrix *m) {
  if (!svg_is_identity(m)) {
    svg_matrix_attribute(writer, "transform", m);
  }
}

void svg_hex(svg_writer *writer, anima_color color, bool alpha) {
  fprintf(writer->out, "#%02x%02x%02x", color.r, color.g, color.b);
  if (alpha && color.a != 255) {
    fprintf(writer->out, "%02x", color.a);
  }
}

void svg_path_data(svg_writer *writer, const anima_path *path,
                   const anima_matrix *m) {
  fputs(" d=\"", writer->out);
  for (size_t index = 0; index < path->count; index++) {
    const anima_segment *segment = &path->segments[index];
    double values[6];
    size_t count = 0;
    switch (segment->kind) {
    case ANIMA_SEGMENT_MOVE:
      fputc('M', writer->out);
      count = 2;
      break;
    case ANIMA_SEGMENT_LINE:
      fputc('L', writer->out);
      count = 2;
      break;
    case ANIMA_SEGMENT_CUBIC:
      fputc('C', writer->out);
      count = 6;
      break;
    case ANIMA_SEGMENT_CLOSE:
      fputc('Z', writer->out);
      break;
    }
    for (size_t point = 0; point < count / 2; point++) {
      anima_point p = segment->points[point];
      if (m != NULL) {
        p = anima_matrix_transform_point(*m, p);
      }
      values[2 * point] = p.x;
      values[2 * point + 1] = p.y;
    }
    svg_numbers(writer, values, count);
  }
  fputc('"', writer->out);
}

void svg_id(svg_writer *writer, const char *id, const char *suffix) {
  fprintf(writer->out, "%s%s%s", writer->prefix, id != NULL ? id : "anima",
          suffix);
}

void svg_def_id(svg_writer *writer, const anima_draw_item *item,
                const char *what, size_t number) {
  fprintf(writer->out, "%s%s.%s%zu", writer->prefix,
          item->id != NULL ? item->id : "anima", what, number);
}

void svg_region(svg_writer *writer, const anima_matrix *space) {
  const double *box = writer->frame->view_box;
  double region[4] = {box[0] - box[2], box[1] - box[3], 3 * box[2], 3 * box[3]};
  anima_matrix inverse;
  if (anima_matrix_invert(*space, &inverse)) {
    double minimum_x = INFINITY, minimum_y = INFINITY;
    double maximum_x = -INFINITY, maximum_y = -INFINITY;
    for (int corner = 0; corner < 4; corner++) {
      anima_point point = {region[0] + (corner & 1 ? region[2] : 0),
                           region[1] + (corner & 2 ? region[3] : 0)};
      point = anima_matrix_transform_point(inverse, point);
      minimum_x = fmin(minimum_x, point.x);
      minimum_y = fmin(minimum_y, point.y);
      maximum_x = fmax(maximum_x, point.x);
      maximum_y = fmax(maximum_y, point.y);
    }
    region[0] = minimum_x;
    region[1] = minimum_y;
    region[2] = maximum_x - minimum_x;
    region[3] = maximum_y - minimum_y;
  }
  svg_attribute_number(writer, "x", region[0]);
  svg_attribute_number(writer, "y", region[1]);
  svg_attribute_number(writer, "width", region[2]);
  svg_attribute_number(writer, "height", region[3]);
}

/* ------------------------------------------------------------------------ */
/* Groups and shapes                                                         */
/* ------------------------------------------------------------------------ */

static const char *const blend_names[ANIMA_BLEND_MODE_COUNT] = {
    "normal",     "multiply",    "screen",     "overlay",    "darken",
    "lighten",    "color-dodge", "color-burn", "hard-light", "soft-light",
    "difference", "exclusion",   "hue",        "saturation", "color",
    "luminosity", "plus-lighter"};

static void write_id(svg_writer *writer, const anima_draw_item *item,
                     bool with_id) {
  if (with_id && item->id != NULL) {
    fputs(" id=\"", writer->out);
    svg_id(writer, item->id, "\"");
  }
}

/* The mask sources inside an invisible range still mask (composite
 * "Source masks": ancestors give their transforms, not their visibility):
 * their definitions go to <defs>, the rest of the range draws nothing. */
static void write_hidden_sources(svg_writer *writer, size_t begin) {
  const anima_draw_item *range = svg_item(writer, begin);
  for (size_t index = begin + 1; index < range->partner;) {
    const anima_draw_item *item = svg_item(writer, index);
    bool ranged = item->kind == ANIMA_DRAW_GROUP_BEGIN ||
                  item->kind == ANIMA_DRAW_MASK_BEGIN ||
                  item->kind == ANIMA_DRAW_CLIP_BEGIN;
    if (writer->is_source[index]) {
      fputs("<defs><g id=\"", writer->out);
      svg_def_id(writer, item, "source", index);
      fputs("\">\n", writer->out);
      svg_write_unit(writer, index, true, ANIMA_DRAW_ROOT);
      fputs("</g></defs>\n", writer->out);
      index = ranged ? item->partner + 1 : index + 1;
      continue;
    }
    index++;
  }
}

static void write_group(svg_writer *writer, size_t index, size_t id_node) {
  const anima_draw_item *item = svg_item(writer, index);
  if (!item->visible) {
    write_hidden_sources(writer, index);
    return; /* the whole group draws nothing */
  }
  const anima_draw_group *group = &writer->frame->groups[item->payload];
  bool with_id = item->node != id_node;
  fputs("<g", writer->out);
  write_id(writer, item, with_id);
  if (!writer->world_space) {
    svg_transform(writer, &item->local);
  }
  if (item->opacity < 1) {
    svg_attribute_number(writer, "opacity", item->opacity);
  }
  if (group->blend != ANIMA_BLEND_NORMAL || group->isolate) {
    fputs(" style=\"", writer->out);
    if (group->blend != ANIMA_BLEND_NORMAL &&
        (unsigned)group->blend < ANIMA_BLEND_MODE_COUNT) {
      fprintf(writer->out, "mix-blend-mode:%s", blend_names[group->blend]);
    }
    if (group->isolate) {
      fprintf(writer->out, "%sisolation:isolate",
              group->blend != ANIMA_BLEND_NORMAL ? ";" : "");
    }
    fputc('"', writer->out);
  }
  fputs(">\n", writer->out);
  svg_write_children(writer, index, with_id ? item->node : id_node);
  fputs("</g>\n", writer->out);
}

static bool stroke_is_drawn(const anima_draw_stroke *stroke) {
  return stroke->trim.visible && stroke->width > 0;
}

/* A plain shape (at most a fill, then a centred stroke, neither blended)
 * is one <path>. */
static bool shape_is_plain(const anima_draw_frame *frame,
                           const anima_draw_shape *shape) {
  if (shape->layer_count > 2) {
    return false;
  }
  for (size_t index = 0; index < shape->layer_count; index++) {
    const anima_draw_layer *layer = &frame->layers[shape->first_layer + index];
    if (layer->blend != ANIMA_BLEND_NORMAL) {
      return false; /* a blend group of its own */
    }
    if (layer->kind == ANIMA_LAYER_STROKE) {
      const anima_draw_stroke *stroke = &frame->strokes[layer->stroke];
      if (stroke->placement != ANIMA_STROKE_CENTER ||
          (stroke->fixed && !stroke->trim.full) || stroke->path != NULL) {
        return false; /* a clip or mask, or its own (trimmed) geometry */
      }
    } else if (index > 0 || layer->fill_path != NULL) {
      return false; /* a fill after a stroke, two fills, or a fill of other
                       geometry than the stroke's (contour fill.winding) */
    }
  }
  return true;
}

static bool layer_is_drawn(const anima_draw_frame *frame,
                           const anima_draw_layer *layer) {
  return layer->visible && (layer->kind == ANIMA_LAYER_FILL ||
                            stroke_is_drawn(&frame->strokes[layer->stroke]));
}

static void write_shape(svg_writer *writer, size_t index, size_t id_node) {
  const anima_draw_item *item = svg_item(writer, index);
  if (!item->visible) {
    return;
  }
  const anima_draw_frame *frame = writer->frame;
  const anima_draw_shape *shape = &frame->shapes[item->payload];
  bool with_id = item->node != id_node;
  svg_paint_defs(writer, item);
  if (shape_is_plain(frame, shape)) {
    const anima_draw_layer *fill = NULL, *stroke = NULL;
    size_t fill_number = 0, stroke_number = 0;
    for (size_t position = 0; position < shape->layer_count; position++) {
      const anima_draw_layer *layer =
          &frame->layers[shape->first_layer + position];
      if (!layer_is_drawn(frame, layer)) {
        continue;
      }
      if (layer->kind == ANIMA_LAYER_FILL) {
        fill = layer, fill_number = position;
      } else {
        stroke = layer, stroke_number = position;
      }
    }
    fputs("<path", writer->out);
    write_id(writer, item, with_id);
    const anima_path *outline = shape->outline;
    if (stroke != NULL && fill == NULL) {
      outline =
          svg_stroke_outline(writer, shape, &frame->strokes[stroke->stroke]);
    }
    svg_path_data(writer, outline, NULL);
    svg_transform(writer, svg_node_matrix(writer, item));
    if (item->opacity < 1) {
      svg_attribute_number(writer, "opacity", item->opacity);
    }
    if (fill != NULL) {
      svg_layer_attributes(writer, item, fill, fill_number);
    } else {
      fputs(" fill=\"none\"", writer->out);
    }
    if (stroke != NULL) {
      svg_layer_attributes(writer, item, stroke, stroke_number);
    }
    svg_style_flush(writer);
    fputs("/>\n", writer->out);
    return;
  }
  for (size_t position = 0; position < shape->layer_count; position++) {
    const anima_draw_layer *layer =
        &frame->layers[shape->first_layer + position];
    if (layer->kind == ANIMA_LAYER_STROKE &&
        frame->strokes[layer->stroke].placement != ANIMA_STROKE_CENTER &&
        layer_is_drawn(frame, layer)) {
      svg_placement_defs(writer, item, layer, position);
    }
  }
  /* In world space each layer is its own group: the paint's blend group
   * (mix-blend-mode) around an inner group with the geometry transform
   * (mix "Per-paint blend override"); otherwise the shape's group has its
   * local matrix. */
  fputs("<g", writer->out);
  write_id(writer, item, with_id);
  if (!writer->world_space) {
    svg_transform(writer, &item->local);
  }
  if (item->opacity < 1) {
    svg_attribute_number(writer, "opacity", item->opacity);
  }
  fputs(">\n", writer->out);
  for (size_t position = 0; position < shape->layer_count; position++) {
    const anima_draw_layer *layer =
        &frame->layers[shape->first_layer + position];
    if (!layer_is_drawn(frame, layer)) {
      continue;
    }
    bool blended = layer->blend != ANIMA_BLEND_NORMAL &&
                   (unsigned)layer->blend < ANIMA_BLEND_MODE_COUNT;
    if (blended) {
      fprintf(writer->out, "<g style=\"mix-blend-mode:%s\">",
              blend_names[layer->blend]);
    }
    if (writer->world_space) {
      fputs("<g", writer->out);
      svg_transform(writer, &item->world);
      fputs(">", writer->out);
    }
    fputs("<path", writer->out);
    const anima_path *outline =
        layer->fill_path != NULL ? layer->fill_path : shape->outline;
    if (layer->kind == ANIMA_LAYER_STROKE) {
      outline =
          svg_stroke_outline(writer, shape, &frame->strokes[layer->stroke]);
    }
    svg_path_data(writer, outline, NULL);
    if (layer->kind == ANIMA_LAYER_STROKE) {
      fputs(" fill=\"none\"", writer->out);
    }
    svg_layer_attributes(writer, item, layer, position);
    svg_style_flush(writer);
    fputs("/>", writer->out);
    if (writer->world_space) {
      fputs("</g>", writer->out);
    }
    if (blended) {
      fputs("</g>", writer->out);
    }
    fputc('\n', writer->out);
  }
  fputs("</g>\n", writer->out);
}

/* ------------------------------------------------------------------------ */
/* Traversal                                                                 */
/* ------------------------------------------------------------------------ */

static void write_unit_body(svg_writer *writer, size_t index, size_t id_node) {
  const anima_draw_item *item = svg_item(writer, index);
  switch (item->kind) {
  case ANIMA_DRAW_GROUP_BEGIN:
    write_group(writer, index, id_node);
    break;
  case ANIMA_DRAW_SHAPE:
    write_shape(writer, index, id_node);
    break;
  case ANIMA_DRAW_MASK_BEGIN:
    svg_write_mask(writer, index, id_node);
    break;
  case ANIMA_DRAW_CLIP_BEGIN:
    svg_write_clip(writer, index, id_node);
    break;
  case ANIMA_DRAW_IMAGE:
    svg_write_image(writer, item, item->node != id_node);
    break;
  case ANIMA_DRAW_MESH:
    svg_write_mesh(writer, item, item->node != id_node);
    break;
  default:
    break;
  }
}

/*
 * One unit. A mask source is written inside `<g id="<node>.source<i>">`
 * so masks can `<use>` it (composite: "shared through a retained
 * definition and SVG use"), in `<defs>` when it only serves as a source.
 */
void svg_write_unit(svg_writer *writer, size_t index, bool as_source,
                    size_t id_node) {
  const anima_draw_item *item = svg_item(writer, index);
  if (as_source || !writer->is_source[index]) {
    if (!item->source_only || as_source) {
      write_unit_body(writer, index, id_node);
    }
    return;
  }
  if (item->source_only) {
    fputs("<defs>", writer->out);
  }
  fputs("<g id=\"", writer->out);
  svg_def_id(writer, item, "source", index);
  fputs("\">\n", writer->out);
  write_unit_body(writer, index, id_node);
  fputs("</g>\n", writer->out);
  if (item->source_only) {
    fputs("</defs>\n", writer->out);
  }
}

void svg_write_children(svg_writer *writer, size_t parent, size_t id_node) {
  size_t cursor = 0, child = 0;
  while (anima_draw_frame_next(writer->frame, parent, &cursor, &child)) {
    svg_write_unit(writer, child, false, id_node);
  }
}

/* ------------------------------------------------------------------------ */
/* The document                                                              */
/* ------------------------------------------------------------------------ */

static void svg_background(svg_writer *writer,
                           const anima_render_options *options) {
  double region[4];
  const double *box = writer->frame->view_box;
  if (options->width <= 0 || options->height <= 0 ||
      anima_fit_region(box, options->width, options->height, options->fit,
                       region) != ANIMA_OK) {
    for (int index = 0; index < 4; index++) {
      region[index] = box[index];
    }
  }
  /* cover shows less than the viewBox, but the rect may as well cover it */
  if (options->fit == ANIMA_FIT_COVER) {
    for (int index = 0; index < 4; index++) {
      region[index] = box[index];
    }
  }
  fputs("<rect", writer->out);
  svg_attribute_number(writer, "x", region[0]);
  svg_attribute_number(writer, "y", region[1]);
  svg_attribute_number(writer, "width", region[2]);
  svg_attribute_number(writer, "height", region[3]);
  fputs(" fill=\"", writer->out);
  svg_hex(writer, options->background, false);
  fputc('"', writer->out);
  if (options->background.a != 255) {
    svg_attribute_number(writer, "fill-opacity", options->background.a / 255.0);
  }
  fputs("/>\n", writer->out);
}

/* Attribute text with XML's special characters escaped; other control
 * characters (not allowed in XML 1.0) become spaces. */
static void svg_escaped(svg_writer *writer, const char *text) {
  for (const char *c = text; *c != '\0'; c++) {
    switch (*c) {
    case '&':
      fputs("&amp;", writer->out);
      break;
    case '<':
      fputs("&lt;", writer->out);
      break;
    case '>':
      fputs("&gt;", writer->out);
      break;
    case '"':
      fputs("&quot;", writer->out);
      break;
    case '\t':
      fputs("&#9;", writer->out);
      break;
    case '\n':
      fputs("&#10;", writer->out);
      break;
    case '\r':
      fputs("&#13;", writer->out);
      break;
    default:
      fputc((unsigned char)*c < 0x20 ? ' ' : *c, writer->out);
    }
  }
}

/* SPEC §10: a button or switch is focusable and exposes its role and
 * label; an img, or a document without a11y, is role="img" with its label,
 * or aria-hidden when it has none. */
static void svg_a11y(svg_writer *writer, const anima_svg_a11y *a11y) {
  if (a11y == NULL) {
    return;
  }
  anima_a11y_role role = a11y->role;
  bool control = role == ANIMA_ROLE_BUTTON || role == ANIMA_ROLE_SWITCH;
  if (!control && a11y->label == NULL) {
    fputs(" aria-hidden=\"true\"", writer->out);
    return;
  }
  /* A label without a role is an image (the format's role words are
   * ARIA's, format.h). */
  const char *name = anima_a11y_role_name(role);
  fprintf(writer->out, " role=\"%s\"", name != NULL ? name : "img");
  if (a11y->label != NULL) {
    fputs(" aria-label=\"", writer->out);
    svg_escaped(writer, a11y->label);
    fputc('"', writer->out);
  }
  if (control) {
    fputs(" tabindex=\"0\"", writer->out);
    if (a11y->has_pressed) {
      fprintf(writer->out, " aria-%s=\"%s\"",
              role == ANIMA_ROLE_SWITCH ? "checked" : "pressed",
              a11y->pressed ? "true" : "false");
    }
  }
}

static void svg_root(svg_writer *writer, const anima_render_options *options,
                     const anima_svg_a11y *a11y) {
  const double *box = writer->frame->view_box;
  double shown[4] = {box[0], box[1], box[2], box[3]};
  const char *aspect = NULL;
  bool sized = writer->width > 0;
  if (sized) {
    switch (options->fit) {
    case ANIMA_FIT_COVER:
      aspect = "xMidYMid slice";
      break;
    case ANIMA_FIT_FILL:
      aspect = "none";
      break;
    case ANIMA_FIT_NONE:
      /* one pixel per unit: show exactly the region around the centre */
      anima_fit_region(box, options->width, options->height, ANIMA_FIT_NONE,
                       shown);
      break;
    case ANIMA_FIT_CONTAIN:
      break;
    }
  }
  fputs("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"", writer->out);
  svg_numbers(writer, shown, 4);
  fputc('"', writer->out);
  if (sized) {
    fprintf(writer->out, " width=\"%d\" height=\"%d\"", writer->width,
            writer->height);
  }
  if (aspect != NULL) {
    fprintf(writer->out, " preserveAspectRatio=\"%s\"", aspect);
  }
  if (writer->mode == ANIMA_SVG_STATIC) {
    /* currentColor that survives (none in static paint) would follow this */
    fputs(" color=\"", writer->out);
    svg_hex(writer, writer->frame->current_color, false);
    fputc('"', writer->out);
  }
  svg_a11y(writer, a11y);
  fputs(">\n", writer->out);
}

#define BIT(value) (1u << (value))

/* What SVG 1.1/2 with CSS Compositing and Masking draws the same in the
 * supported engines (paint, composite and mix chapters): no conic
 * gradients (no SVG resource), no additive blending (plus-lighter is not
 * consistently implemented), images with clamp wrapping or bilinear
 * repeat/mirror declined (paint "Image wrapping"). */
static const anima_backend_caps svg_caps = {
    .struct_size = sizeof(anima_backend_caps),
    .name = "svg",
    .hint = "draw it on a canvas: render to PNG (the cairo renderer draws "
            "with canvas semantics), or leave the feature out of SVG output",
    .items = BIT(ANIMA_DRAW_GROUP_BEGIN) | BIT(ANIMA_DRAW_SHAPE) |
             BIT(ANIMA_DRAW_MASK_BEGIN) | BIT(ANIMA_DRAW_CLIP_BEGIN) |
             BIT(ANIMA_DRAW_IMAGE) | BIT(ANIMA_DRAW_MESH),
    .blend_modes = BIT(ANIMA_BLEND_ADDITIVE) - 1,
    .paint_kinds = BIT(ANIMA_PAINT_SOLID) | BIT(ANIMA_PAINT_LINEAR) |
                   BIT(ANIMA_PAINT_RADIAL) | BIT(ANIMA_PAINT_IMAGE),
    .mask_modes = BIT(ANIMA_MASK_MODE_COUNT) - 1,
    .wraps_nearest =
        BIT(ANIMA_WRAP_NONE) | BIT(ANIMA_WRAP_REPEAT) | BIT(ANIMA_WRAP_MIRROR),
    .wraps_bilinear = BIT(ANIMA_WRAP_NONE),
    .strokes = ANIMA_CAP_STROKE_DASHES | ANIMA_CAP_STROKE_FIXED |
               ANIMA_CAP_STROKE_FIXED_TRIM | ANIMA_CAP_STROKE_PLACEMENT,
    .gradient_transform = true,
};

const anima_backend_caps *anima_svg_caps(void) {
  return &svg_caps;
}

/* Marks every item a mask uses as its (drawn, not area) source. */
static bool mark_sources(svg_writer *writer) {
  const anima_draw_frame *frame = writer->frame;
  writer->is_source = calloc(frame->item_count > 0 ? frame->item_count : 1,
                             sizeof *writer->is_source);
  if (writer->is_source == NULL) {
    return false;
  }
  for (size_t index = 0; index < frame->item_count; index++) {
    const anima_draw_item *item = svg_item(writer, index);
    if (item->kind == ANIMA_DRAW_MASK_BEGIN &&
        !frame->masks[item->payload].area) {
      writer->is_source[frame->masks[item->payload].source] = true;
    }
  }
  return true;
}

anima_status anima_svg_write(const anima_draw_frame *frame,
                             const anima_render_options *options, FILE *out) {
  return anima_svg_write_a11y(frame, options, NULL, out);
}

anima_status anima_svg_write_a11y(const anima_draw_frame *frame,
                                  const anima_render_options *options,
                                  const anima_svg_a11y *a11y, FILE *out) {
  static const anima_render_options defaults = {0};
  if (frame == NULL || out == NULL || !(frame->view_box[2] > 0) ||
      !(frame->view_box[3] > 0)) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  anima_status checked = anima_draw_frame_check(frame, &svg_caps, NULL);
  if (checked != ANIMA_OK) {
    return checked;
  }
  if (options == NULL) {
    options = &defaults;
  }
  svg_writer writer = {
      .out = out,
      .frame = frame,
      .mode = options->svg_mode,
      .prefix = options->id_prefix != NULL ? options->id_prefix : "",
      .pixel_scale = 0,
  };
  bool sized = options->width != 0 || options->height != 0;
  if (sized &&
      anima_render_size(options, &writer.width, &writer.height) != ANIMA_OK) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  double region[4];
  if (sized &&
      anima_fit_region(frame->view_box, options->width, options->height,
                       options->fit, region) == ANIMA_OK) {
    writer.pixel_scale =
        fmin(writer.width / region[2], writer.height / region[3]);
  }
  anima_path_init(&writer.scratch);
  writer.style = open_memstream(&writer.style_text, &writer.style_size);
  if (writer.style == NULL || !mark_sources(&writer)) {
    if (writer.style != NULL) {
      fclose(writer.style);
      free(writer.style_text);
    }
    free(writer.is_source);
    return ANIMA_ERROR_NO_MEMORY;
  }
  for (size_t index = 0; index < frame->layer_count; index++) {
    writer.world_space |= frame->layers[index].blend != ANIMA_BLEND_NORMAL;
  }
  svg_root(&writer, options, a11y);
  if (options->has_background) {
    svg_background(&writer, options);
  }
  svg_write_children(&writer, ANIMA_DRAW_ROOT, ANIMA_DRAW_ROOT);
  fputs("</svg>\n", out);
  free(writer.is_source);
  anima_path_release(&writer.scratch);
  fclose(writer.style);
  free(writer.style_text);
  if (writer.status != ANIMA_OK) {
    return writer.status;
  }
  return ferror(out) ? ANIMA_ERROR_IO : ANIMA_OK;
}

anima_status anima_svg_write_string(const anima_draw_frame *frame,
                                    const anima_render_options *options,
                                    char **text, size_t *length) {
  return anima_svg_write_string_a11y(frame, options, NULL, text, length);
}

anima_status anima_svg_write_string_a11y(const anima_draw_frame *frame,
                                         const anima_render_options *options,
                                         const anima_svg_a11y *a11y,
                                         char **text, size_t *length) {
  if (text == NULL) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  *text = NULL;
  char *buffer = NULL;
  size_t size = 0;
  FILE *stream = open_memstream(&buffer, &size);
  if (stream == NULL) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  anima_status status = anima_svg_write_a11y(frame, options, a11y, stream);
  if (fclose(stream) != 0 && status == ANIMA_OK) {
    status = ANIMA_ERROR_NO_MEMORY;
  }
  if (status != ANIMA_OK) {
    free(buffer);
    return status;
  }
  *text = buffer;
  if (length != NULL) {
    *length = size;
  }
  return ANIMA_OK;
}
