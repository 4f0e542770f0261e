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
} import_context;

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
