/*
 * svg_mask.c — MASK and CLIP ranges as SVG (composite "Source masks",
 * "Geometry clips", "Stroke placement"; SPEC §4 Knockout).
 *
 * A mask is a `<mask maskUnits="userSpaceOnUse">` over three viewBoxes in
 * the masked range's parent space, referenced by a `<g mask>` around the
 * range:
 *
 *  - a knockout (an inverted mask of a grown area) is a luminance mask:
 *    white everywhere, black where the cutter's fill and stroke areas are,
 *    grown by w (a round stroke of width 2w around the fill outline, the
 *    stroke widened by 2w), the black drawn as one layer at the strength;
 *  - a source mask `<use>`s the source's element (svg_writer.c wraps every
 *    source in `<g id="<node>.source<i>">`), placed by the mask's matrix,
 *    inside `<g opacity="strength">`; alpha uses `mask-type="alpha"`,
 *    luminance `mask-type="luminance"`, inverted alpha a filter with
 *    `feComponentTransfer` alpha table `1 0`, inverted luminance
 *    `feColorMatrix type="luminanceToAlpha"`, then `feComposite
 *    operator="in"` with the SourceGraphic (luminance times alpha), then
 *    the inversion, as alpha masks; filters interpolate in sRGB.
 *
 * A clip is a `<clipPath clipPathUnits="userSpaceOnUse">` holding the
 * source outline mapped into the clipped range's parent space point by
 * point (no transformed groups inside clip paths).
 *
 * In world space (svg_internal.h `world_space`) the ranges' parent spaces
 * are all the viewBox: mask regions, cutter areas, `<use>`d sources and
 * clip outlines are written in world coordinates (mix "Per-paint blend
 * override": "Mask sources and clip outlines use the same world
 * coordinate space").
 */
#include <math.h>

#include "svg_internal.h"

/* The black area of a knockout cutter, grown by `grow` (SPEC §4). */
static void write_area(svg_writer *writer, const anima_draw_item *source,
                       double grow, const char *color) {
  const anima_draw_frame *frame = writer->frame;
  const anima_draw_shape *shape = &frame->shapes[source->payload];
  for (size_t index = 0; index < shape->layer_count; index++) {
    const anima_draw_layer *layer = &frame->layers[shape->first_layer + index];
    if (!layer->visible) {
      continue;
    }
    if (layer->kind == ANIMA_LAYER_FILL) {
      const anima_path *geometry =
          layer->fill_path ? layer->fill_path : shape->outline;
      fputs("<path", writer->out);
      svg_path_data(writer, geometry, NULL);
      fprintf(writer->out, " fill=\"%s\"%s/>\n", color,
              layer->rule == ANIMA_FILL_EVENODD ? " fill-rule=\"evenodd\""
                                                : "");
      if (grow > 0) {
        fputs("<path", writer->out);
        svg_path_data(writer, geometry, NULL);
        fprintf(writer->out, " fill=\"none\" stroke=\"%s\"", color);
        svg_attribute_number(writer, "stroke-width", 2 * grow);
        fputs(" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>\n",
              writer->out);
      }
      continue;
    }
    const anima_draw_stroke *stroke = &frame->strokes[layer->stroke];
    if (!stroke->trim.visible) {
      continue;
    }
    const anima_path *outline = svg_stroke_outline(writer, shape, stroke);
    if (stroke->width > 0) {
      fputs("<path", writer->out);
      svg_path_data(writer, outline, NULL);
      fprintf(writer->out, " fill=\"none\" stroke=\"%s\"", color);
      svg_stroke_geometry(writer, stroke, stroke->width, false);
      fputs("/>\n", writer->out);
    }
    if (grow > 0) {
      fputs("<path", writer->out);
      svg_path_data(writer, outline, NULL);
      fprintf(writer->out, " fill=\"none\" stroke=\"%s\"", color);
      svg_stroke_geometry(writer, stroke,
                          (stroke->fixed ? 0 : stroke->width) + 2 * grow, true);
      fputs("/>\n", writer->out);
    }
  }
}

/* Does an area source (a knockout's cutter) cover anything? */
static bool area_covers(const anima_draw_frame *frame,
                        const anima_draw_item *source, double grow) {
  if (!source->visible || !(source->opacity > 0)) {
    return false;
  }
  const anima_draw_shape *shape = &frame->shapes[source->payload];
  for (size_t index = 0; index < shape->layer_count; index++) {
    const anima_draw_layer *layer = &frame->layers[shape->first_layer + index];
    if (layer->kind == ANIMA_LAYER_FILL) {
      if (layer->visible) {
        return true;
      }
      continue;
    }
    const anima_draw_stroke *stroke = &frame->strokes[layer->stroke];
    if (layer->visible && stroke->trim.visible &&
        stroke->width + 2 * grow > 0) {
      return true;
    }
  }
  return false;
}

/* A mask of an area (knockouts): luminance, white = shown. */
static void write_area_mask(svg_writer *writer, const anima_draw_item *item,
                            const anima_draw_mask *mask,
                            const anima_draw_item *source) {
  bool inverted = mask->mode == ANIMA_MASK_INVERTED_ALPHA ||
                  mask->mode == ANIMA_MASK_INVERTED_LUMINANCE;
  double grow = mask->grow > 0 ? mask->grow : 0;
  fputs("<defs><mask id=\"", writer->out);
  svg_id(writer, source->id, inverted ? ".knockout\"" : ".area\"");
  fputs(" maskUnits=\"userSpaceOnUse\"", writer->out);
  svg_region(writer, svg_range_space(writer, item));
  fputs(">\n", writer->out);
  if (inverted) {
    fputs("<rect", writer->out);
    svg_region(writer, svg_range_space(writer, item));
    fputs(" fill=\"white\"/>\n", writer->out);
  }
  fputs("<g", writer->out);
  /* the cutter's local space into mask space (world space: its world) */
  anima_matrix placed =
      writer->world_space
          ? source->world
          : anima_matrix_multiply(mask->transform, source->local);
  svg_transform(writer, &placed);
  if (mask->strength < 1) {
    svg_attribute_number(writer, "opacity",
                         mask->strength > 0 ? mask->strength : 0);
  }
  fputs(">\n", writer->out);
  write_area(writer, source, grow, inverted ? "black" : "white");
  fputs("</g>\n</mask></defs>\n", writer->out);
}

/* A mask of a drawn source, `<use>`d. */
static void write_source_mask(svg_writer *writer, size_t index,
                              const anima_draw_item *item,
                              const anima_draw_mask *mask) {
  const anima_draw_item *source = svg_item(writer, mask->source);
  bool inverted = mask->mode == ANIMA_MASK_INVERTED_ALPHA ||
                  mask->mode == ANIMA_MASK_INVERTED_LUMINANCE;
  fputs("<defs>", writer->out);
  if (inverted) {
    fputs("<filter id=\"", writer->out);
    svg_def_id(writer, item, "invert", index);
    fputs("\" filterUnits=\"userSpaceOnUse\"", writer->out);
    svg_region(writer, svg_range_space(writer, item));
    fputs(" color-interpolation-filters=\"sRGB\">\n", writer->out);
    const char *input = "SourceGraphic";
    if (mask->mode == ANIMA_MASK_INVERTED_LUMINANCE) {
      fputs("<feColorMatrix type=\"luminanceToAlpha\" in=\"SourceGraphic\" "
            "result=\"luminance\"/>\n<feComposite in=\"luminance\" "
            "in2=\"SourceGraphic\" operator=\"in\" result=\"covered\"/>\n",
            writer->out);
      input = "covered";
    }
    fprintf(writer->out,
            "<feComponentTransfer in=\"%s\"><feFuncA type=\"table\" "
            "tableValues=\"1 0\"/></feComponentTransfer>\n</filter>\n",
            input);
  }
  fputs("<mask id=\"", writer->out);
  svg_def_id(writer, item, "mask", index);
  fputs("\" maskUnits=\"userSpaceOnUse\"", writer->out);
  svg_region(writer, svg_range_space(writer, item));
  fprintf(writer->out, " mask-type=\"%s\">\n",
          mask->mode == ANIMA_MASK_LUMINANCE ? "luminance" : "alpha");
  if (inverted) {
    fputs("<g filter=\"url(#", writer->out);
    svg_def_id(writer, item, "invert", index);
    fputs(")\">", writer->out);
    /* the filter must see the whole region, transparent included */
    fputs("<rect", writer->out);
    svg_region(writer, svg_range_space(writer, item));
    fputs(" fill=\"none\"/>", writer->out);
  }
  fputs("<g", writer->out);
  if (mask->strength < 1) {
    svg_attribute_number(writer, "opacity",
                         mask->strength > 0 ? mask->strength : 0);
  }
  fputs("><use href=\"#", writer->out);
  svg_def_id(writer, source, "source", mask->source);
  fputc('"', writer->out);
  if (!writer->world_space) {
    /* world space: the source is written in mask space already */
    svg_transform(writer, &mask->transform);
  }
  fputs("/></g>", writer->out);
  if (inverted) {
    fputs("</g>", writer->out);
  }
  fputs("\n</mask></defs>\n", writer->out);
}

void svg_write_mask(svg_writer *writer, size_t index, size_t id_node) {
  const anima_draw_frame *frame = writer->frame;
  const anima_draw_item *item = svg_item(writer, index);
  const anima_draw_mask *mask = &frame->masks[item->payload];
  const anima_draw_item *source = svg_item(writer, mask->source);
  if (mask->area) {
    if (!area_covers(frame, source, mask->grow) || !(mask->strength > 0)) {
      if (mask->mode == ANIMA_MASK_ALPHA ||
          mask->mode == ANIMA_MASK_LUMINANCE) {
        return; /* nothing shows through an empty mask */
      }
      fputs("<g>\n", writer->out);
      svg_write_children(writer, index, id_node);
      fputs("</g>\n", writer->out);
      return;
    }
    bool inverted = mask->mode == ANIMA_MASK_INVERTED_ALPHA ||
                    mask->mode == ANIMA_MASK_INVERTED_LUMINANCE;
    write_area_mask(writer, item, mask, source);
    fputs("<g mask=\"url(#", writer->out);
    svg_id(writer, source->id, inverted ? ".knockout)\">\n" : ".area)\">\n");
  } else {
    write_source_mask(writer, index, item, mask);
    fputs("<g mask=\"url(#", writer->out);
    svg_def_id(writer, item, "mask", index);
    fputs(")\">\n", writer->out);
  }
  svg_write_children(writer, index, id_node);
  fputs("</g>\n", writer->out);
}

void svg_write_clip(svg_writer *writer, size_t index, size_t id_node) {
  const anima_draw_frame *frame = writer->frame;
  const anima_draw_item *item = svg_item(writer, index);
  const anima_draw_clip *clip = &frame->clips[item->payload];
  const anima_draw_item *source = svg_item(writer, clip->source);
  const anima_draw_shape *shape = &frame->shapes[source->payload];
  fputs("<defs><clipPath id=\"", writer->out);
  svg_def_id(writer, item, "clip", index);
  fputs("\" clipPathUnits=\"userSpaceOnUse\"><path", writer->out);
  svg_path_data(writer, shape->outline,
                writer->world_space ? &source->world : &clip->transform);
  if (clip->rule == ANIMA_FILL_EVENODD) {
    fputs(" clip-rule=\"evenodd\"", writer->out);
  }
  fputs("/></clipPath></defs>\n<g clip-path=\"url(#", writer->out);
  svg_def_id(writer, item, "clip", index);
  fputs(")\">\n", writer->out);
  svg_write_children(writer, index, id_node);
  fputs("</g>\n", writer->out);
}

/* ------------------------------------------------------------------------ */
/* Stroke placement                                                          */
/* ------------------------------------------------------------------------ */

void svg_placement_defs(svg_writer *writer, const anima_draw_item *item,
                        const anima_draw_layer *layer, size_t number) {
  const anima_draw_frame *frame = writer->frame;
  const anima_draw_shape *shape = &frame->shapes[item->payload];
  const anima_draw_stroke *stroke = &frame->strokes[layer->stroke];
  anima_fill_rule rule = ANIMA_FILL_NONZERO;
  for (size_t index = 0; index < shape->layer_count; index++) {
    const anima_draw_layer *fill = &frame->layers[shape->first_layer + index];
    if (fill->kind == ANIMA_LAYER_FILL) {
      rule = fill->rule;
      break;
    }
  }
  if (stroke->placement == ANIMA_STROKE_INSIDE) {
    fputs("<defs><clipPath id=\"", writer->out);
    svg_def_id(writer, item, "place", number);
    fputs("\" clipPathUnits=\"userSpaceOnUse\"><path", writer->out);
    svg_path_data(writer, shape->outline, NULL);
    if (rule == ANIMA_FILL_EVENODD) {
      fputs(" clip-rule=\"evenodd\"", writer->out);
    }
    fputs("/></clipPath></defs>\n", writer->out);
    return;
  }
  /* outside: white over the region, the filled outline black; the region
   * in the shape's local space (the stroke path's user space) */
  fputs("<defs><mask id=\"", writer->out);
  svg_def_id(writer, item, "place", number);
  fputs("\" maskUnits=\"userSpaceOnUse\"", writer->out);
  svg_region(writer, &item->world);
  fputs(">\n<rect", writer->out);
  svg_region(writer, &item->world);
  fputs(" fill=\"white\"/>\n<path", writer->out);
  svg_path_data(writer, shape->outline, NULL);
  fprintf(writer->out, " fill=\"black\"%s/>\n</mask></defs>\n",
          rule == ANIMA_FILL_EVENODD ? " fill-rule=\"evenodd\"" : "");
}
