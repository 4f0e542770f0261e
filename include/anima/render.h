/*
 * render.h — libanima-render: a player's current frame as PNG, SVG text or
 * cairo pixels (`pkg-config --cflags --libs anima-render`).
 *
 * The few lines an embedder needs:
 *
 *   anima_renderer *renderer = NULL;
 *   anima_renderer_create(model, &renderer);        // once per model
 *   anima_render_options options = {.width = 48, .height = 48};
 *   anima_render_png(renderer, player, &options, "icon.png");
 *   char *svg = NULL;
 *   anima_render_svg(renderer, player, &options, &svg, NULL);   // free(svg)
 *   anima_renderer_destroy(renderer);                // before the model
 *
 * Drawing into a cairo surface or context of the caller's is in
 * anima/render_cairo.h.
 *
 * A renderer builds the draw frame of its model (anima/draw.h) from the
 * player at every call, so its values are the player's current resolved
 * values (SPEC §7): step the player first. Both backends follow SVG
 * semantics and agree with each other: fills with their rule, strokes in
 * the node's local units under its world matrix, caps and joins with SVG's
 * miter limit 4, trims, group and shape opacity as one layer, knockouts
 * (SPEC §4; docs/RENDERING.md). Colours follow SPEC §6: a slot paints its
 * default unless overridden (anima_renderer_set_slot), `currentColor`
 * paints black unless set (DECISIONS 9).
 *
 * Units: output sizes in pixels; the document's viewBox in grid units
 * (SPEC §2) is placed on the output by the fit ("CLI projects and
 * capture": `--viewport`, `--fit`, `--scale`, `--background`).
 *
 * Memory: anima_renderer_create allocates what drawing the model needs;
 * later calls allocate only to grow scratch space the first time a larger
 * output or trim is drawn (and SVG text, which the caller owns).
 *
 * Threads: a renderer must be used by one thread at a time; separate
 * renderers of one model may draw at once.
 */
#ifndef ANIMA_RENDER_H
#define ANIMA_RENDER_H

#include <stdio.h>

#include <anima/anima.h>
#include <anima/draw.h>

#ifdef __cplusplus
extern "C" {
#endif

/** How the viewBox is placed on the output viewport ("CLI projects and
 * capture": `--fit`). */
typedef enum anima_fit {
  ANIMA_FIT_CONTAIN = 0, /**< uniform scale, whole viewBox visible, centred */
  ANIMA_FIT_COVER = 1,   /**< uniform scale, viewport covered, centred */
  ANIMA_FIT_FILL = 2,    /**< stretched to the viewport */
  ANIMA_FIT_NONE = 3,    /**< one output pixel per grid unit, centred */
} anima_fit;

/** How SVG output writes colours (SPEC §6). */
typedef enum anima_svg_mode {
  /** Every colour resolved: slot overrides or defaults, `currentColor` as
   * the renderer's current colour. */
  ANIMA_SVG_STATIC = 0,
  /** Themable: a slot paint is `var(--anima-<slot>, <default>)` and
   * `currentColor` stays `currentColor` (`anima render --live`). */
  ANIMA_SVG_LIVE = 1,
} anima_svg_mode;

/**
 * Output options shared by every backend. A zeroed struct with a width and
 * height is the common case: contain fit, scale 1, transparent background,
 * static SVG colours.
 */
typedef struct anima_render_options {
  /** Viewport in pixels, 1..16384 each (`--viewport WxH`, `--size N`). SVG
   * output alone may leave both 0: it then has no width/height attributes
   * and sizes from its viewBox. */
  int width, height;
  /** Placement of the viewBox in the viewport. */
  anima_fit fit;
  /** `--scale k`, 0 < k <= 1, 0 meaning 1: each output dimension is
   * round(dimension · k), at least 1; the fit is computed at width ×
   * height, then scaled per axis to the output size. */
  double scale;
  /** Paint `background` over the whole output before drawing. */
  bool has_background;
  anima_color background;
  /** SVG only: colour mode. */
  anima_svg_mode svg_mode;
  /** SVG only: prepended to every id written (node and mask ids), so
   * several icons can share a page; NULL for none. */
  const char *id_prefix;
} anima_render_options;

/**
 * Output size in pixels for `options`: round(width · scale) ×
 * round(height · scale), each at least 1. ANIMA_ERROR_INVALID_ARGUMENT
 * for NULL arguments, a width or height outside 1..16384, or a scale
 * outside 0 <= k <= 1 (0 means 1).
 */
ANIMA_API anima_status anima_render_size(const anima_render_options *options,
                                         int *width, int *height);

/**
 * The part of the viewBox, in grid units, that a viewport of width ×
 * height pixels shows with `fit`, as [x, y, width, height]: contain shows
 * at least the viewBox, cover at most, fill exactly, none width × height
 * units; all but fill keep the viewBox centred. Grid units map to pixels
 * by a translation by −region[0], −region[1] and then a scale of width /
 * region[2], height / region[3]. ANIMA_ERROR_INVALID_ARGUMENT for NULL
 * arrays, a non-positive size, or a viewBox that is not finite with
 * positive width and height.
 */
ANIMA_API anima_status anima_fit_region(const double view_box[4], int width,
                                        int height, anima_fit fit,
                                        double region[4]);

/* ------------------------------------------------------------------------ */
/* Renderers                                                                 */
/* ------------------------------------------------------------------------ */

/** What drawing a model needs: its draw frame, colour overrides and
 * scratch space. Opaque. */
typedef struct anima_renderer anima_renderer;

/**
 * Creates a renderer for the players of `model` into `*out` (NULL on
 * failure). The model must outlive the renderer. `model` may be NULL for a
 * renderer that only draws hand-made frames (the frame-level calls of
 * render_cairo.h); the player-level calls then return
 * ANIMA_ERROR_INVALID_ARGUMENT. Errors: ANIMA_ERROR_INVALID_ARGUMENT for a
 * NULL `out`; ANIMA_ERROR_NO_MEMORY; ANIMA_ERROR_MODULE when the model has
 * a node type from a feature module that gives no outline to draw
 * (anima_draw_frame_create).
 */
ANIMA_API anima_status anima_renderer_create(const anima_model *model,
                                             anima_renderer **out);

/** Frees a renderer and everything it owns. NULL is allowed. */
ANIMA_API void anima_renderer_destroy(anima_renderer *renderer);

/**
 * Paints colour slot `slot` (a name from the document's `colors`, SPEC §6)
 * with `color` instead of its default in every later render, as
 * `anima render --color slot=#hex` does. ANIMA_ERROR_INVALID_ARGUMENT for
 * NULL arguments, a renderer without a model, or a name the document does
 * not declare.
 */
ANIMA_API anima_status anima_renderer_set_slot(anima_renderer *renderer,
                                               const char *slot,
                                               anima_color color);

/**
 * Sets what `currentColor` paints in later renders (SPEC §6; black until
 * set, DECISIONS 9), slots whose default is `currentColor` included.
 * ANIMA_ERROR_INVALID_ARGUMENT for a NULL renderer or one without a model.
 */
ANIMA_API anima_status
anima_renderer_set_current_color(anima_renderer *renderer, anima_color color);

/**
 * Draws the player's current frame into the renderer's own image, an
 * ARGB32 image of anima_render_size(options), and writes it as a PNG file
 * at `path` (8-bit RGBA, non-premultiplied). The player must play the
 * renderer's model. Errors: ANIMA_ERROR_INVALID_ARGUMENT for NULL
 * arguments, invalid options, a player of another model or a document
 * whose viewBox cannot be placed; ANIMA_ERROR_NO_MEMORY; ANIMA_ERROR_IO
 * when the file cannot be written (errno then names the reason when the
 * system set it); ANIMA_ERROR_MODULE, or the status a module's node
 * behaviour returned, when building the frame failed in its `emit`
 * (anima_renderer_error says why; nothing is drawn).
 */
ANIMA_API anima_status anima_render_png(anima_renderer *renderer,
                                        const anima_player *player,
                                        const anima_render_options *options,
                                        const char *path);

/**
 * Writes the player's current frame as one standalone `<svg>` element to
 * `out`: the document's viewBox (with width, height and
 * preserveAspectRatio from `options` when it has a size), groups as
 * `<g transform="matrix(...)">` with their opacity, shapes as `<path>`,
 * trims as `stroke-dasharray`/`stroke-dashoffset` in absolute lengths,
 * knockouts as luminance masks; numbers with at most five decimals.
 * The `<svg>` element carries the model's root a11y (SPEC §10;
 * anima_model_a11y_role): a `button` or `switch` gets `role`,
 * `aria-label` and `tabindex="0"`, plus `aria-pressed` (button) or
 * `aria-checked` (switch) from the player's `pressed` input; an `img`, or a
 * document without a11y, gets `role="img"` with `aria-label`, or
 * `aria-hidden="true"` when it has no label.
 * `options` may be NULL (static colours, no size). Errors:
 * ANIMA_ERROR_INVALID_ARGUMENT for NULL arguments, invalid options, a
 * player of another model or an empty viewBox; ANIMA_ERROR_UNSUPPORTED
 * when the frame holds what SVG cannot draw (anima_renderer_check with
 * anima_svg_caps() says what); ANIMA_ERROR_IO when writing fails;
 * ANIMA_ERROR_MODULE, or a module's own status, when a node behaviour's
 * `emit` failed (anima_renderer_error; nothing is written).
 */
ANIMA_API anima_status
anima_render_svg_file(anima_renderer *renderer, const anima_player *player,
                      const anima_render_options *options, FILE *out);

/**
 * Like anima_render_svg_file into a new NUL-terminated string `*text`,
 * owned by the caller (free it with free()); `length` (may be NULL)
 * receives its length in bytes. `*text` is NULL on failure. Errors as
 * anima_render_svg_file, plus ANIMA_ERROR_NO_MEMORY.
 */
ANIMA_API anima_status anima_render_svg(anima_renderer *renderer,
                                        const anima_player *player,
                                        const anima_render_options *options,
                                        char **text, size_t *length);

/* ------------------------------------------------------------------------ */
/* Capabilities (anima/draw.h anima_backend_caps)                            */
/* ------------------------------------------------------------------------ */

/**
 * What the SVG backend draws: every primitive, all blend modes but
 * additive (mix chapter: `plus-lighter` is not consistently implemented),
 * solid, linear, radial and image paints but no conic gradients (paint
 * "Angular gradients": SVG has no such resource), every mask mode, images
 * with no wrap, or with repeat and mirror wrapping when sampled nearest
 * (paint "Image wrapping": bilinear repeat and clamp are declined), dashes,
 * fixed strokes (their trims as trimmed outlines) and stroke placement.
 * Pass it to anima_draw_frame_check to get `unsupported-render`
 * diagnostics; anima_svg_write refuses a frame that fails the check. The
 * struct is static.
 */
ANIMA_API const anima_backend_caps *anima_svg_caps(void);

/**
 * What the cairo backend draws: everything draw.h describes (conic
 * gradients with canvas semantics, DECISIONS 18; additive blending). The
 * struct is static.
 */
ANIMA_API const anima_backend_caps *anima_cairo_caps(void);

/**
 * Checks the player-independent structure of the renderer's frame against
 * `caps` (anima_svg_caps(), anima_cairo_caps()) as anima_draw_frame_check
 * does, reporting `unsupported-render` diagnostics into `diagnostics` (may
 * be NULL). ANIMA_ERROR_INVALID_ARGUMENT for a NULL renderer or caps or a
 * renderer without a model; otherwise anima_draw_frame_check's status.
 */
ANIMA_API anima_status anima_renderer_check(anima_renderer *renderer,
                                            const anima_backend_caps *caps,
                                            anima_diagnostics *diagnostics);

/**
 * Why the renderer's latest player-level render failed in a module's node
 * behaviour (anima_draw_frame_error of its frame: the node, its type, and
 * what its `emit` did wrong — a primitive past its reservation, an
 * invalid one, or an error it returned), or why cairo refused the frame
 * when that was not memory (ANIMA_ERROR_UNSUPPORTED: "cairo refused the
 * frame (invalid matrix (not invertible)) ...", a transform too large to
 * invert), owned by the renderer and valid until its next render; NULL
 * when that render did not fail there or `renderer` is NULL.
 */
ANIMA_API const char *anima_renderer_error(const anima_renderer *renderer);

/* ------------------------------------------------------------------------ */
/* Frame-level SVG: a draw frame built by the caller (anima/draw.h)           */
/* ------------------------------------------------------------------------ */

/**
 * Writes `frame` as SVG text to `out`, as anima_render_svg_file does for a
 * player (its colours are the frame's resolved colours), but with no a11y
 * attributes: a frame has no document to take them from. `options` may be
 * NULL. ANIMA_ERROR_INVALID_ARGUMENT for a NULL frame or stream, invalid
 * options, a malformed frame (anima_draw_frame_validate) or an empty
 * viewBox; ANIMA_ERROR_UNSUPPORTED when anima_draw_frame_check with
 * anima_svg_caps() fails (nothing is written); ANIMA_ERROR_IO when writing
 * fails.
 */
ANIMA_API anima_status anima_svg_write(const anima_draw_frame *frame,
                                       const anima_render_options *options,
                                       FILE *out);

/**
 * Like anima_svg_write into a new NUL-terminated string owned by the
 * caller (free it with free()); `length` (may be NULL) receives its
 * length. ANIMA_ERROR_NO_MEMORY when the text cannot be allocated.
 */
ANIMA_API anima_status anima_svg_write_string(
    const anima_draw_frame *frame, const anima_render_options *options,
    char **text, size_t *length);

#ifdef __cplusplus
}
#endif

#endif /* ANIMA_RENDER_H */
