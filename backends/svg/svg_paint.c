/*
 * svg_paint.c — fill and stroke attributes of SVG paths (SPEC §4 paint,
 * §6 colours and colormix; paint "Gradients", "Dashes",
 * "Transform-independent stroke", "Shared outline lengths").
 *
 * Colours are hex literals (static) or, live, `var(--anima-<slot>,
 * <default>)`, `currentColor` and `color-mix(in srgb, ...)` in a `style`
 * (one `style` attribute per element: declarations are collected and
 * written once). Gradients are `<linearGradient>`/`<radialGradient>` defs
 * with `gradientUnits="userSpaceOnUse"` and `gradientTransform`, unique
 * per node and layer. Dashes and trims are absolute dash arrays; a fixed
 * stroke is `vector-effect="non-scaling-stroke"` (its width and dashes in
 * output pixels, DECISIONS 16), its trim written as the trimmed outline.
 */
#include <math.h>
#include <string.h>

#include <anima/format.h>

#include "svg_internal.h"

/* `#rrggbb` or `#rrggbbaa` into `out`. */
static void hex_to(FILE *out, anima_color color) {
  fprintf(out, "#%02x%02x%02x", color.r, color.g, color.b);
  if (color.a != 255) {
    fprintf(out, "%02x", color.a);
  }
}

/* A colour as CSS inside a live style: var(), currentColor or hex. */
static void css_color(svg_writer *writer, FILE *out,
                      const anima_draw_color *color) {
  if (color->source == ANIMA_COLOR_SOURCE_CURRENT) {
    fputs("currentColor", out);
    return;
  }
  if (color->source == ANIMA_COLOR_SOURCE_SLOT &&
      color->slot < writer->frame->slot_count) {
    const anima_draw_slot *slot = &writer->frame->slots[color->slot];
    fprintf(out, "var(--anima-%s, ", slot->name);
    if (slot->default_is_current) {
      fputs("currentColor", out);
    } else {
      hex_to(out, slot->default_color);
    }
    fputc(')', out);
    return;
  }
  hex_to(out, color->color);
}

void svg_style_flush(svg_writer *writer) {
  if (writer->style == NULL) {
    return;
  }
  fflush(writer->style);
  if (writer->style_size > 0) {
    fputs(" style=\"", writer->out);
    fwrite(writer->style_text, 1, writer->style_size, writer->out);
    fputc('"', writer->out);
  }
  rewind(writer->style);
  fflush(writer->style);
}

/* The element's collected style, for one more declaration. */
static FILE *style_declaration(svg_writer *writer) {
  fflush(writer->style);
  if (writer->style_size > 0) {
    fputs("; ", writer->style);
  }
  return writer->style;
}

/* Does a live render keep this solid paint themable? */
static bool is_live(const svg_writer *writer, const anima_draw_paint *paint) {
  if (writer->mode != ANIMA_SVG_LIVE) {
    return false;
  }
  if (paint->mixed) {
    return paint->mix_a.source != ANIMA_COLOR_SOURCE_LITERAL ||
           paint->mix_b.source != ANIMA_COLOR_SOURCE_LITERAL;
  }
  return paint->color.source != ANIMA_COLOR_SOURCE_LITERAL;
}

/* `property` of a solid paint: an attribute, or live a style declaration
 * (`currentColor` stays an attribute as before). */
static void solid_paint(svg_writer *writer, const char *property,
                        const anima_draw_paint *paint) {
  const anima_draw_color *color = &paint->color;
  if (is_live(writer, paint) && !paint->mixed &&
      color->source == ANIMA_COLOR_SOURCE_CURRENT) {
    fprintf(writer->out, " %s=\"currentColor\"", property);
    return;
  }
  if (is_live(writer, paint) && writer->style != NULL) {
    FILE *style = style_declaration(writer);
    fprintf(style, "%s: ", property);
    if (paint->mixed) {
      double percent = paint->mix_t * 100;
      percent = percent < 0 ? 0 : (percent > 100 ? 100 : percent);
      fputs("color-mix(in srgb, ", style);
      css_color(writer, style, &paint->mix_a);
      fputs(", ", style);
      css_color(writer, style, &paint->mix_b);
      fprintf(style, " %.5g%%)", percent);
    } else {
      css_color(writer, style, color);
    }
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

/* ------------------------------------------------------------------------ */
/* Gradients                                                                 */
/* ------------------------------------------------------------------------ */

/* One stop at `position`: its own clamped position raised to the largest
 * earlier one (paint "Gradients": stops that cross while animating show
 * at the running maximum). */
static void write_stop(svg_writer *writer, const anima_draw_stop *stop,
                       double position) {
  fputs("<stop", writer->out);
  svg_attribute_number(writer, "offset", position);
  const anima_draw_color *color = &stop->color;
  if (writer->mode == ANIMA_SVG_LIVE &&
      color->source != ANIMA_COLOR_SOURCE_LITERAL) {
    fputs(" style=\"stop-color: ", writer->out);
    css_color(writer, writer->out, color);
    fputs("\"/>\n", writer->out);
    return;
  }
  fputs(" stop-color=\"", writer->out);
  svg_hex(writer, color->color, false);
  fputc('"', writer->out);
  if (color->color.a != 255) {
    svg_attribute_number(writer, "stop-opacity", color->color.a / 255.0);
  }
  fputs("/>\n", writer->out);
}

static void write_gradient(svg_writer *writer, const anima_draw_item *item,
                           const anima_draw_paint *paint, size_t number) {
  bool linear = paint->kind == ANIMA_PAINT_LINEAR;
  fprintf(writer->out, "<defs><%s id=\"",
          linear ? "linearGradient" : "radialGradient");
  svg_def_id(writer, item, "paint", number);
  fputs("\" gradientUnits=\"userSpaceOnUse\"", writer->out);
  if (linear) {
    svg_attribute_number(writer, "x1", paint->x1);
    svg_attribute_number(writer, "y1", paint->y1);
    svg_attribute_number(writer, "x2", paint->x2);
    svg_attribute_number(writer, "y2", paint->y2);
  } else {
    svg_attribute_number(writer, "cx", paint->cx);
    svg_attribute_number(writer, "cy", paint->cy);
    svg_attribute_number(writer, "r", paint->r > 0 ? paint->r : 0);
    svg_attribute_number(writer, "fx", paint->fx);
    svg_attribute_number(writer, "fy", paint->fy);
  }
  if (!svg_is_identity(&paint->transform)) {
    svg_matrix_attribute(writer, "gradientTransform", &paint->transform);
  }
  fputs(">\n", writer->out);
  double shown = 0;
  for (size_t index = 0; index < paint->stop_count; index++) {
    const anima_draw_stop *stop =
        &writer->frame->stops[paint->first_stop + index];
    double position = stop->position < 0 ? 0 : stop->position;
    position = position > 1 ? 1 : position;
    shown = position > shown ? position : shown;
    write_stop(writer, stop, shown);
  }
  fprintf(writer->out, "</%s></defs>\n",
          linear ? "linearGradient" : "radialGradient");
}

void svg_paint_defs(svg_writer *writer, const anima_draw_item *item) {
  const anima_draw_frame *frame = writer->frame;
  const anima_draw_shape *shape = &frame->shapes[item->payload];
  for (size_t index = 0; index < shape->layer_count; index++) {
    const anima_draw_layer *layer = &frame->layers[shape->first_layer + index];
    const anima_draw_paint *paint = &frame->paints[layer->paint];
    if (!layer->visible) {
      continue;
    }
    if (paint->kind == ANIMA_PAINT_LINEAR ||
        paint->kind == ANIMA_PAINT_RADIAL) {
      write_gradient(writer, item, paint, index);
    } else if (paint->kind == ANIMA_PAINT_IMAGE) {
      svg_image_pattern(writer, paint, item, index);
    }
  }
}

/* ------------------------------------------------------------------------ */
/* Strokes                                                                   */
/* ------------------------------------------------------------------------ */

const anima_path *svg_stroke_outline(svg_writer *writer,
                                     const anima_draw_shape *shape,
                                     const anima_draw_stroke *stroke) {
  if (stroke->path != NULL) {
    return stroke->path; /* a module's stroke geometry (contour effects) */
  }
  if (!stroke->fixed || stroke->trim.full) {
    return shape->outline;
  }
  anima_path_clear(&writer->scratch);
  if (anima_path_add_trimmed(&writer->scratch, shape->outline,
                             stroke->trim_start, stroke->trim_end,
                             stroke->trim_offset) != ANIMA_OK) {
    writer->status = ANIMA_ERROR_NO_MEMORY;
  }
  return &writer->scratch;
}

void svg_stroke_geometry(svg_writer *writer, const anima_draw_stroke *stroke,
                         double width, bool round) {
  svg_attribute_number(writer, "stroke-width", width);
  /* The format's cap and join words are SVG's (format.h). */
  const char *cap = round ? NULL : anima_line_cap_name(stroke->cap);
  const char *join = round ? NULL : anima_line_join_name(stroke->join);
  fprintf(writer->out, " stroke-linecap=\"%s\" stroke-linejoin=\"%s\"",
          cap != NULL ? cap : "round", join != NULL ? join : "round");
  if (stroke->trim.visible && !stroke->trim.full) {
    if (!stroke->fixed && stroke->trim.dash_count > 0) {
      /* a trim as dashes over the shared outline length */
      fputs(" stroke-dasharray=\"", writer->out);
      svg_numbers(writer, stroke->trim.dash, stroke->trim.dash_count);
      fputc('"', writer->out);
      svg_attribute_number(writer, "stroke-dashoffset",
                           stroke->trim.dash_offset);
    }
  } else if (stroke->dash_count > 0) {
    fputs(" stroke-dasharray=\"", writer->out);
    svg_numbers(writer, writer->frame->dashes + stroke->first_dash,
                stroke->dash_count);
    fputc('"', writer->out);
    svg_attribute_number(writer, "stroke-dashoffset", stroke->dash_offset);
  }
  if (stroke->fixed) {
    fputs(" vector-effect=\"non-scaling-stroke\"", writer->out);
  }
}

void svg_layer_attributes(svg_writer *writer, const anima_draw_item *item,
                          const anima_draw_layer *layer, size_t number) {
  const anima_draw_frame *frame = writer->frame;
  const anima_draw_paint *paint = &frame->paints[layer->paint];
  const char *property = layer->kind == ANIMA_LAYER_FILL ? "fill" : "stroke";
  if (paint->kind == ANIMA_PAINT_SOLID) {
    solid_paint(writer, property, paint);
  } else {
    fprintf(writer->out, " %s=\"url(#", property);
    svg_def_id(writer, item, "paint", number);
    fputs(")\"", writer->out);
  }
  if (layer->kind == ANIMA_LAYER_FILL) {
    if (layer->rule == ANIMA_FILL_EVENODD) {
      fputs(" fill-rule=\"evenodd\"", writer->out);
    }
    return;
  }
  const anima_draw_stroke *stroke = &frame->strokes[layer->stroke];
  bool placed = stroke->placement != ANIMA_STROKE_CENTER;
  svg_stroke_geometry(writer, stroke,
                      placed ? 2 * stroke->width : stroke->width, false);
  if (placed) {
    fprintf(writer->out, " %s=\"url(#",
            stroke->placement == ANIMA_STROKE_INSIDE ? "clip-path" : "mask");
    svg_def_id(writer, item, "place", number);
    fputs(")\"", writer->out);
  }
}
