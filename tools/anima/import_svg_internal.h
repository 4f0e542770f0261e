/*
 * import_svg_internal.h — shared state of the SVG importer's files
 * (import_svg_document.c walks the XML, import_svg_style.c cascades the
 * presentation attributes).
 */
#ifndef ANIMA_TOOLS_IMPORT_SVG_INTERNAL_H
#define ANIMA_TOOLS_IMPORT_SVG_INTERNAL_H

#include <libxml/tree.h>

#include <anima/draw.h>

#include "import_svg.h"

/** The computed style of an element. */
typedef struct import_style {
  import_paint fill, stroke;
  double fill_opacity, stroke_opacity; /**< 0..1 */
  double stroke_width;                 /**< user units */
  anima_line_cap cap; /**< SVG's words are the format's (format.h) */
  anima_line_join join;
  double miter_limit;
  bool evenodd;
  /** The `color` property when set: what currentColor means here. */
  bool has_color;
  import_paint color;
  /** A `fill`/`stroke` of url(#id) naming a gradient of the file (kind
   * IMPORT_PAINT_SERVER): the id (import_svg_paint.c). */
  char fill_server[128], stroke_server[128];
  /** stroke-dasharray in user units (0 entries: solid) and
   * stroke-dashoffset, both inherited. */
  double dashes[64];
  size_t dash_count;
  double dash_offset;
  bool visible;   /**< visibility (inherited) */
  bool displayed; /**< display != none (not inherited) */
  double opacity; /**< group opacity (not inherited) */
} import_style;

/** The importer's state while walking one document. */
typedef struct import_context {
  anima_diagnostics *diagnostics;
  json_t *used_ids; /**< object used as a set of node ids */
  /** fallback name → the next number to try for `<fallback>-<n>` (every
   * smaller number is taken), so that n elements without an id cost O(n),
   * not O(n²) (issue 10 F2). */
  json_t *next_numbers;
  size_t node_count;
  size_t depth;  /**< <g>/<a> elements around the element being imported */
  bool too_deep; /**< a group nested beyond the §2 node depth was refused */
  /** The file's gradients: id → index in gradient_elements. */
  json_t *gradients;
  xmlNode **gradient_elements;
  size_t gradient_count;
  double view_box[4]; /**< for percentages */
  /** A gradient or dash was imported: the document requires "paint". */
  bool uses_paint;
} import_context;

/* ---- gradients and dashes (import_svg_paint.c) -------------------------- */

/** Finds every <linearGradient> and <radialGradient> with an id. */
void import_paint_collect(import_context *context, xmlNode *root);
/** Frees what import_paint_collect kept (not context->gradients). */
void import_paint_release(import_context *context);
/** The id of `url(#id)` (quotes allowed) into `id` (`size` bytes); false
 * for other values and for ids of other files. */
bool import_paint_server_id(const char *value, char *id, size_t size);
/** True when the file has a gradient with this id. */
bool import_paint_has_gradient(const import_context *context, const char *id);

typedef enum import_gradient_result {
  IMPORT_GRADIENT_OK = 0, /**< `paint` has the gradient's members */
  IMPORT_GRADIENT_SOLID,  /**< one stop: `paint` has its "color" */
  IMPORT_GRADIENT_NONE,   /**< paints nothing (reported when not SVG's) */
} import_gradient_result;

/**
 * The gradient `id` painting the `property` ("fill", "stroke") of the
 * element at `element_path`, whose geometry has the bounding box `box`
 * ([x, y, width, height], NULL when unknown), with the element's
 * fill-/stroke-opacity `opacity`: adds "type", the coordinates, "stops"
 * and "gradientTransform" to `paint`, and sets context->uses_paint.
 */
import_gradient_result import_paint_gradient(import_context *context,
                                             const char *element_path,
                                             const char *property,
                                             const char *id, const double *box,
                                             double opacity, json_t *paint);

/** stroke-dasharray: at most `capacity` nonnegative lengths into `dashes`
 * (`*count`); false for a value SVG ignores (negative, not a length). */
bool import_paint_parse_dashes(const import_context *context, const char *text,
                               double *dashes, size_t capacity, size_t *count);
/** stroke-dashoffset: a length or a percentage of the diagonal. */
bool import_paint_parse_dash_offset(const import_context *context,
                                    const char *text, double *out);

/**
 * Bounds the DTD entities of a parsed SVG (import_svg_entities.c): at most
 * 1024 references to internal entities (nested ones included, 8 levels
 * deep) expanding to at most 64 KiB of text, and no external entity. Else
 * appends an `import-invalid` error (pointer "", the line of the element
 * holding the reference) and returns false.
 */
bool import_svg_check_entities(xmlDocPtr document,
                               anima_diagnostics *diagnostics);

/** SVG's initial values (fill black, stroke none, width 1, butt, miter). */
void import_style_initial(import_style *style);

/**
 * Computes the style of `element` (at SVG element path `path`) from its
 * parent's: presentation attributes, then its `style` declarations.
 * Warns about properties and values that cannot be imported.
 */
void import_style_apply(import_context *context, const char *path,
                        xmlNode *element, const import_style *parent,
                        import_style *style);

/** True when a miter join uses a limit other than SVG's default 4. */
bool import_style_warn_miter(const import_style *style);

/**
 * Appends an `import-unsupported` warning at `path` (an SVG element path)
 * or, with `attribute`, at `path/@attribute`.
 */
void import_warn(import_context *context, const char *path,
                 const char *attribute, const char *format, ...)
    ANIMA_PRINTF(4, 5);

#endif
