/*
 * import_svg.h — value parsers behind `anima import file.svg` (SPEC
 * "assets" chapter, the import paragraph): SVG colours, lengths, transform
 * lists, and the mapping of an SVG transform onto the node transforms the
 * format supports (SPEC §4: T(x, y) · T(p) · R(rotate) · S(scaleX, scaleY)
 * · T(−p)).
 *
 * These are tooling helpers, not part of libanima. They never print; a
 * parse failure is a false return and the caller reports it.
 */
#ifndef ANIMA_TOOLS_IMPORT_SVG_H
#define ANIMA_TOOLS_IMPORT_SVG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include <anima/anima.h>

/** What an SVG paint value (`fill`, `stroke`) resolved to. */
typedef enum import_paint_kind {
  IMPORT_PAINT_NONE = 0,      /**< "none" */
  IMPORT_PAINT_COLOR,         /**< a colour, in `color` */
  IMPORT_PAINT_CURRENT_COLOR, /**< "currentColor" */
  IMPORT_PAINT_SERVER,        /**< url(#...) paint server: unsupported */
} import_paint_kind;

typedef struct import_paint {
  import_paint_kind kind;
  uint8_t r, g, b, a; /**< for IMPORT_PAINT_COLOR; a is 0..255 */
} import_paint;

/**
 * Parses an SVG/CSS colour or paint: `none`, `currentColor`, `#rgb`,
 * `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb(r, g, b)`, `rgba(r, g, b, a)` (each
 * channel an integer 0..255 or a percentage, alpha a number 0..1 or a
 * percentage; values are clamped like CSS), a CSS named colour, or
 * `url(#id)` (a paint server, reported as IMPORT_PAINT_SERVER whatever
 * follows it). Surrounding whitespace is allowed; keywords are
 * case-insensitive. Returns false for anything else.
 */
bool import_svg_parse_paint(const char *text, import_paint *out);

/** Looks up a CSS named colour (`length` bytes of `name`, case-insensitive). */
bool import_svg_named_color(const char *name, size_t length, uint32_t *rgb);

/**
 * Parses an SVG length: a number with an optional `px` unit (user units).
 * Returns false for other units (`%`, `em`, `mm` ...) and for text that is
 * not a number.
 */
bool import_svg_parse_length(const char *text, double *out);

/**
 * Parses a whitespace/comma separated list of numbers (points, viewBox).
 * Writes at most `capacity` numbers and returns how many the text holds, or
 * -1 when it is not a number list.
 */
long import_svg_parse_numbers(const char *text, double *out, size_t capacity);

/** A 2×3 affine matrix, x' = a·x + c·y + e, y' = b·x + d·y + f (SVG). */
typedef struct import_matrix {
  double a, b, c, d, e, f;
} import_matrix;

/** One function of an SVG transform list. */
typedef enum import_transform_kind {
  IMPORT_TRANSFORM_MATRIX = 0,
  IMPORT_TRANSFORM_TRANSLATE,
  IMPORT_TRANSFORM_SCALE,
  IMPORT_TRANSFORM_ROTATE,
  IMPORT_TRANSFORM_SKEW_X,
  IMPORT_TRANSFORM_SKEW_Y,
} import_transform_kind;

typedef struct import_transform_function {
  import_transform_kind kind;
  double arguments[6]; /**< as written; omitted optional ones filled in */
  int count;           /**< arguments written */
} import_transform_function;

/**
 * Parses an SVG transform list (`translate(tx [ty])`, `scale(sx [sy])`,
 * `rotate(a [cx cy])`, `skewX(a)`, `skewY(a)`, `matrix(a b c d e f)`,
 * separated by whitespace and/or commas). Writes at most `capacity`
 * functions and returns the number in the list, or -1 on a syntax error
 * (unknown function, wrong argument count, a non-number). The list's matrix
 * is M(out[0]) · M(out[1]) · ...
 */
long import_svg_parse_transform(const char *text,
                                import_transform_function *out,
                                size_t capacity);

/** The matrix of one transform function (angles in degrees). */
import_matrix import_svg_function_matrix(const import_transform_function *f);

/** The transform of one node (SPEC §4); angles in degrees. */
typedef struct import_node_transform {
  double x, y;             /**< translation */
  double rotate;           /**< degrees, positive clockwise (y down) */
  double scale_x, scale_y; /**< axis scales */
  double pivot_x, pivot_y; /**< pivot */
} import_node_transform;

/**
 * Expresses one transform function as one or two node transforms whose
 * matrices multiply (outer first) to it. translate, scale and rotate (with
 * its centre as the pivot) take one node. matrix takes one when its columns
 * are orthogonal (rotation, scale, reflection, translation) and two
 * otherwise (skews): a translate-rotate-scale outer node and a rotate inner
 * node, from the singular value decomposition. skewX/skewY take two.
 * Returns the count; `out` must hold 2.
 */
int import_svg_function_nodes(const import_transform_function *function,
                              import_node_transform out[2]);

/** The matrix of a node transform (SPEC §4 local matrix). */
import_matrix import_svg_node_matrix(const import_node_transform *transform);

/** m · n. */
import_matrix import_svg_multiply(const import_matrix *m,
                                  const import_matrix *n);

/**
 * Imports the SVG file at `path` into `.ani` JSON text (`*text`, malloc'd,
 * owned by the caller; not yet validated against the registry, nor in the
 * canonical layout: `anima import` formats it with anima_document_format).
 * Numbers in path data are in the canonical form of anima_format_number.
 * Appends `import-unsupported` warnings for what it drops and an
 * `import-invalid` error (pointer "") for malformed XML, a root that is not
 * `<svg>`, a missing or empty viewBox, or a file with nothing to draw. Returns
 * false (and `*text` NULL) on an error.
 */
bool import_svg_file(const char *path, char **text,
                     anima_diagnostics *diagnostics);

#endif
