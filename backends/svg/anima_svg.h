/*
 * anima_svg.h — the SVG backend: a draw frame (anima/draw.h) as SVG text.
 *
 * The output is one standalone `<svg>` element with the document's viewBox.
 * Groups carry their node's local matrix as `transform="matrix(...)"` and
 * their opacity; shapes are `<path>` elements with `fill`, `fill-rule`,
 * `stroke`, `stroke-width`, `stroke-linecap`, `stroke-linejoin`; trims
 * are `stroke-dasharray`/`stroke-dashoffset` in absolute grid units from
 * the shared outline length (never `pathLength`); knockouts are luminance
 * `<mask>`s on a group around the earlier siblings (SPEC §4 Knockout).
 *
 * Two colour modes (SPEC §6):
 * - ANIMA_SVG_STATIC writes every colour resolved (slot overrides or
 *   defaults, `currentColor` as the frame's current colour);
 * - ANIMA_SVG_LIVE keeps the document themable: a slot paint is written as
 *   `style="fill: var(--anima-<slot>, <default>)"` and `currentColor`
 *   stays `currentColor`.
 *
 * Numbers are written with at most five decimals (the SVG formatter of
 * the paint chapter), `-0` as `0`.
 */
#ifndef ANIMA_SVG_H
#define ANIMA_SVG_H

#include <stdio.h>

#include <anima/draw.h>

#include "anima_fit.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum anima_svg_mode {
  ANIMA_SVG_STATIC = 0,
  ANIMA_SVG_LIVE = 1,
} anima_svg_mode;

typedef struct anima_svg_options {
  anima_svg_mode mode;
  /** Output `width`/`height` in pixels; 0 writes neither (the SVG then
   * sizes from its viewBox). */
  int width, height;
  /** How the viewBox fits width × height (ignored without a size). */
  anima_fit fit;
  /** Paint a background over the whole viewport. */
  bool has_background;
  anima_color background;
  /** Prepended to every id written (node ids and mask ids), so several
   * icons can share one page; NULL for none. */
  const char *id_prefix;
} anima_svg_options;

/**
 * Writes `frame` as SVG text to `out`. `options` may be NULL (static, no
 * size). Returns ANIMA_ERROR_INVALID_ARGUMENT for a NULL frame or stream
 * or a malformed frame (unbalanced begin/end items, a SHAPE without an
 * outline), ANIMA_ERROR_IO when writing fails.
 */
ANIMA_API anima_status anima_svg_write(const anima_draw_frame *frame,
                                       const anima_svg_options *options,
                                       FILE *out);

/**
 * Like anima_svg_write into a new NUL-terminated string owned by the caller
 * (free it with free()); `length` (may be NULL) receives its length.
 * ANIMA_ERROR_NO_MEMORY when the buffer cannot be allocated.
 */
ANIMA_API anima_status anima_svg_write_string(const anima_draw_frame *frame,
                                              const anima_svg_options *options,
                                              char **text, size_t *length);

#ifdef __cplusplus
}
#endif

#endif /* ANIMA_SVG_H */
