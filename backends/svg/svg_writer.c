/*
 * svg_writer.c — draw frame to SVG text, the frame-level SVG calls of
 * anima/render.h.
 *
 * Groups carry their node's local matrix as `transform="matrix(...)"` and
 * their opacity; shapes are `<path>` elements with `fill`, `fill-rule`,
 * `stroke`, `stroke-width`, `stroke-linecap`, `stroke-linejoin`; trims
 * are `stroke-dasharray`/`stroke-dashoffset` in absolute grid units from
 * the shared outline length (never `pathLength`); knockouts are luminance
 * `<mask>`s on a group around the earlier siblings (SPEC §4 Knockout).
 * Numbers have at most five decimals (the SVG formatter of the paint
 * chapter), `-0` as `0`. The SVG of a model's player carries the root a11y
 * on its `<svg>` element (SPEC §10).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <anima/format.h>
#include <anima/render.h>

#include "../renderer_internal.h"

typedef struct svg_writer {
  FILE *out;
  const anima_draw_frame *frame;
  anima_svg_mode mode;
  const char *prefix;
  /* The output size after `scale` (anima_render_size); 0 × 0 unsized. */
  int width, height;
} svg_writer;

/* At most five decimals, trailing zeros dropped, -0 as 0. */
static void svg_number(svg_writer *writer, double value) {
  char text[64];
  if (!isfinite(value)) {
    value = 0;
  }
  snprintf(text, sizeof text, "%.5f", value);
  char *dot = strchr(text, '.');
  if (dot != NULL) {
    char *end = text + strlen(text) - 1;
    while (end > dot && *end == '0') {
      *end-- = '\0';
    }
    if (end == dot) {
      *end = '\0';
    }
  }
  if (strcmp(text, "-0") == 0) {
    strcpy(text, "0");
  }
  fputs(text, writer->out);
}

static void svg_numbers(svg_writer *writer, const double *values,
                        size_t count) {
  for (size_t index = 0; index < count; index++) {
    if (index > 0) {
      fputc(' ', writer->out);
    }
    svg_number(writer, values[index]);
  }
}

static void svg_attribute_number(svg_writer *writer, const char *name,
                                 double value) {
  fprintf(writer->out, " %s=\"", name);
  svg_number(writer, value);
  fputc('"', writer->out);
}

static bool is_identity(const anima_matrix *m) {
  return m->a == 1 && m->b == 0 && m->c == 0 && m->d == 1 && m->e == 0 &&
         m->f == 0;
}

static void svg_transform(svg_writer *writer, const anima_matrix *m) {
  if (is_identity(m)) {
    return;
  }
  double values[6] = {m->a, m->b, m->c, m->d, m->e, m->f};
  fputs(" transform=\"matrix(", writer->out);
  svg_numbers(writer, values, 6);
  fputs(")\"", writer->out);
}

static void svg_hex(svg_writer *writer, anima_color color, bool alpha) {
  fprintf(writer->out, "#%02x%02x%02x", color.r, color.g, color.b);
  if (alpha && color.a != 255) {
    fprintf(writer->out, "%02x", color.a);
  }
}

static void svg_path_data(svg_writer *writer, const anima_path *path) {
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
      values[2 * point] = segment->points[point].x;
      values[2 * point + 1] = segment->points[point].y;
    }
    svg_numbers(writer, values, count);
  }
  fputc('"', writer->out);
}

/* fill="..." (and fill-opacity) or, live, style="fill: var(...)". */
static void svg_paint(svg_writer *writer, const char *property,
                      const anima_draw_color *color) {
  if (writer->mode == ANIMA_SVG_LIVE &&
      color->source == ANIMA_COLOR_SOURCE_CURRENT) {
    fprintf(writer->out, " %s=\"currentColor\"", property);
    return;
  }
  if (writer->mode == ANIMA_SVG_LIVE &&
      color->source == ANIMA_COLOR_SOURCE_SLOT &&
      color->slot < writer->frame->slot_count) {
    const anima_draw_slot *slot = &writer->frame->slots[color->slot];
    fprintf(writer->out, " style=\"%s: var(--anima-%s, ", property, slot->name);
    if (slot->default_is_current) {
      fputs("currentColor", writer->out);
    } else {
      svg_hex(writer, slot->default_color, true);
    }
    fputs(")\"", writer->out);
    return;
  }
  fprintf(writer->out, " %s=\"", property);
  svg_hex(writer, color->color, false);
  fputc('"', writer->out);
  if (color->color.a != 255) {
    char name[32];
    snprintf(name, sizeof name, "%s-opacity", property);
    svg_attribute_number(writer, name, color->color.a / 255.0);
  }
}

/* Stroke geometry attributes; `extra` widens the stroke (knockout). */
static void svg_stroke_shape(svg_writer *writer, const anima_draw_stroke *s,
                             double width, bool round) {
  svg_attribute_number(writer, "stroke-width", width);
  /* The format's cap and join words are SVG's (format.h). */
  const char *cap = round ? NULL : anima_line_cap_name(s->cap);
  const char *join = round ? NULL : anima_line_join_name(s->join);
  fprintf(writer->out, " stroke-linecap=\"%s\" stroke-linejoin=\"%s\"",
          cap != NULL ? cap : "round", join != NULL ? join : "round");
  if (s->trim.visible && !s->trim.full && s->trim.dash_count > 0) {
    fputs(" stroke-dasharray=\"", writer->out);
    svg_numbers(writer, s->trim.dash, s->trim.dash_count);
    fputc('"', writer->out);
    svg_attribute_number(writer, "stroke-dashoffset", s->trim.dash_offset);
  }
}

static void svg_id(svg_writer *writer, const char *id, const char *suffix) {
  if (id == NULL) {
    return;
  }
  fprintf(writer->out, "%s%s%s", writer->prefix, id, suffix);
}

static void svg_shape(svg_writer *writer, const anima_draw_item *item) {
  fputs("<path", writer->out);
  if (item->id != NULL) {
    fputs(" id=\"", writer->out);
    svg_id(writer, item->id, "\"");
  }
  svg_path_data(writer, item->outline);
  svg_transform(writer, &item->local);
  if (item->opacity < 1) {
    svg_attribute_number(writer, "opacity", item->opacity);
  }
  if (item->fill.present) {
    svg_paint(writer, "fill", &item->fill.color);
    if (item->fill.rule == ANIMA_FILL_EVENODD) {
      fputs(" fill-rule=\"evenodd\"", writer->out);
    }
  } else {
    fputs(" fill=\"none\"", writer->out);
  }
  const anima_draw_stroke *stroke = &item->stroke;
  if (stroke->present && stroke->trim.visible && stroke->width > 0) {
    svg_paint(writer, "stroke", &stroke->color);
    svg_stroke_shape(writer, stroke, stroke->width, false);
  }
  fputs("/>\n", writer->out);
}

/* Does the cutter of a knockout cut anything at all? */
static bool cutter_cuts(const anima_draw_item *cutter) {
  if (!cutter->visible || !(cutter->opacity > 0) || cutter->outline == NULL) {
    return false;
  }
  bool stroked = cutter->stroke.present && cutter->stroke.trim.visible &&
                 cutter->stroke.width + 2 * cutter->knockout > 0;
  return cutter->fill.present || stroked;
}

/*
 * The mask region: three viewBoxes centred on the viewBox (as the paint
 * chapter's masks), mapped into the cutter's parent coordinates, where the
 * masked group lives.
 */
static void svg_mask_region(svg_writer *writer, const anima_draw_item *cutter) {
  const double *box = writer->frame->view_box;
  double region[4] = {box[0] - box[2], box[1] - box[3], 3 * box[2], 3 * box[3]};
  anima_matrix local_inverse, parent_inverse;
  if (anima_matrix_invert(cutter->local, &local_inverse)) {
    anima_matrix parent = anima_matrix_multiply(cutter->world, local_inverse);
    if (anima_matrix_invert(parent, &parent_inverse)) {
      double minimum_x = INFINITY, minimum_y = INFINITY;
      double maximum_x = -INFINITY, maximum_y = -INFINITY;
      for (int corner = 0; corner < 4; corner++) {
        anima_point point = {region[0] + (corner & 1 ? region[2] : 0),
                             region[1] + (corner & 2 ? region[3] : 0)};
        point = anima_matrix_transform_point(parent_inverse, point);
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
  }
  svg_attribute_number(writer, "x", region[0]);
  svg_attribute_number(writer, "y", region[1]);
  svg_attribute_number(writer, "width", region[2]);
  svg_attribute_number(writer, "height", region[3]);
}

/*
 * The knockout mask of `cutter` (SPEC §4): white everywhere, black where
 * the cutter's fill and stroke areas are, grown by w (a round stroke of
 * width 2w around the fill outline, the stroke widened by 2w), the black
 * drawn as one layer with the cutter's opacity, which is the strength.
 */
static void svg_knockout_mask(svg_writer *writer,
                              const anima_draw_item *cutter) {
  double grow = cutter->knockout > 0 ? cutter->knockout : 0;
  fputs("<defs><mask id=\"", writer->out);
  svg_id(writer, cutter->id, ".knockout\"");
  fputs(" maskUnits=\"userSpaceOnUse\"", writer->out);
  svg_mask_region(writer, cutter);
  fputs(">\n<rect", writer->out);
  svg_mask_region(writer, cutter);
  fputs(" fill=\"white\"/>\n<g", writer->out);
  svg_transform(writer, &cutter->local);
  if (cutter->opacity < 1) {
    svg_attribute_number(writer, "opacity", cutter->opacity);
  }
  fputs(">\n", writer->out);
  if (cutter->fill.present) {
    fputs("<path", writer->out);
    svg_path_data(writer, cutter->outline);
    fprintf(writer->out, " fill=\"black\"%s/>\n",
            cutter->fill.rule == ANIMA_FILL_EVENODD ? " fill-rule=\"evenodd\""
                                                    : "");
    if (grow > 0) {
      fputs("<path", writer->out);
      svg_path_data(writer, cutter->outline);
      fputs(" fill=\"none\" stroke=\"black\"", writer->out);
      svg_attribute_number(writer, "stroke-width", 2 * grow);
      fputs(" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>\n",
            writer->out);
    }
  }
  const anima_draw_stroke *stroke = &cutter->stroke;
  if (stroke->present && stroke->trim.visible) {
    if (stroke->width > 0) {
      fputs("<path", writer->out);
      svg_path_data(writer, cutter->outline);
      fputs(" fill=\"none\" stroke=\"black\"", writer->out);
      svg_stroke_shape(writer, stroke, stroke->width, false);
      fputs("/>\n", writer->out);
    }
    if (grow > 0) {
      fputs("<path", writer->out);
      svg_path_data(writer, cutter->outline);
      fputs(" fill=\"none\" stroke=\"black\"", writer->out);
      svg_stroke_shape(writer, stroke, stroke->width + 2 * grow, true);
      fputs("/>\n", writer->out);
    }
  }
  fputs("</g>\n</mask></defs>\n", writer->out);
}

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
  fprintf(writer->out, " role=\"%s\"",
          role == ANIMA_ROLE_BUTTON   ? "button"
          : role == ANIMA_ROLE_SWITCH ? "switch"
                                      : "img");
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

anima_status anima_svg_write(const anima_draw_frame *frame,
                             const anima_render_options *options, FILE *out) {
  return anima_svg_write_a11y(frame, options, NULL, out);
}

anima_status anima_svg_write_a11y(const anima_draw_frame *frame,
                                  const anima_render_options *options,
                                  const anima_svg_a11y *a11y, FILE *out) {
  static const anima_render_options defaults = {0};
  if (frame == NULL || out == NULL ||
      anima_draw_frame_validate(frame) != ANIMA_OK ||
      !(frame->view_box[2] > 0) || !(frame->view_box[3] > 0)) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  if (options == NULL) {
    options = &defaults;
  }
  svg_writer writer = {out,
                       frame,
                       options->svg_mode,
                       options->id_prefix != NULL ? options->id_prefix : "",
                       0,
                       0};
  bool sized = options->width != 0 || options->height != 0;
  if (sized &&
      anima_render_size(options, &writer.width, &writer.height) != ANIMA_OK) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  svg_root(&writer, options, a11y);
  if (options->has_background) {
    svg_background(&writer, options);
  }
  for (size_t index = 0; index < frame->item_count; index++) {
    const anima_draw_item *item = &frame->items[index];
    switch (item->kind) {
    case ANIMA_DRAW_GROUP_BEGIN:
      if (!item->visible) {
        index = item->partner; /* the whole group draws nothing */
        break;
      }
      fputs("<g", out);
      if (item->id != NULL) {
        fputs(" id=\"", out);
        svg_id(&writer, item->id, "\"");
      }
      svg_transform(&writer, &item->local);
      if (item->opacity < 1) {
        svg_attribute_number(&writer, "opacity", item->opacity);
      }
      fputs(">\n", out);
      break;
    case ANIMA_DRAW_GROUP_END:
    case ANIMA_DRAW_KNOCKOUT_END:
      fputs("</g>\n", out);
      break;
    case ANIMA_DRAW_KNOCKOUT_BEGIN: {
      const anima_draw_item *cutter = &frame->items[item->cutter];
      if (cutter_cuts(cutter)) {
        svg_knockout_mask(&writer, cutter);
        fputs("<g mask=\"url(#", out);
        svg_id(&writer, cutter->id, ".knockout)\">\n");
      } else {
        fputs("<g>\n", out);
      }
      break;
    }
    case ANIMA_DRAW_SHAPE:
      if (item->visible) {
        svg_shape(&writer, item);
      }
      break;
    }
  }
  fputs("</svg>\n", out);
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
