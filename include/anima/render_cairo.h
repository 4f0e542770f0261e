/*
 * render_cairo.h — libanima-render's cairo backend: a player's frame drawn
 * into a cairo image surface or context of the caller's
 * (`pkg-config --cflags --libs anima-render`, which brings cairo's flags).
 *
 *   cairo_surface_t *surface =
 *       cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 48, 48);
 *   anima_render_options options = {.width = 48, .height = 48};
 *   anima_render_surface(renderer, player, &options, surface);
 *
 * Pixels are cairo's ARGB32 (premultiplied, native-endian 32-bit words).
 * Drawing is antialiased and follows SVG semantics (see anima/render.h and
 * SPEC §4 Knockout: a knockout's earlier siblings are drawn as a group
 * from which the cut is removed with DEST_OUT at the cutter's opacity).
 */
#ifndef ANIMA_RENDER_CAIRO_H
#define ANIMA_RENDER_CAIRO_H

#include <cairo.h>

#include <anima/render.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Clears `surface` to transparent, paints the background of `options` if
 * any, then draws the player's current frame with the viewBox placed by
 * the fit. `surface` must be an ARGB32 image surface of exactly
 * anima_render_size(options). The player must play the renderer's model.
 * Errors: ANIMA_ERROR_INVALID_ARGUMENT for NULL arguments, invalid
 * options, a surface of another size or format, a player of another model
 * or a viewBox that cannot be placed; ANIMA_ERROR_NO_MEMORY when cairo or
 * a trimmed outline runs out of memory.
 */
ANIMA_API anima_status anima_render_surface(anima_renderer *renderer,
                                            const anima_player *player,
                                            const anima_render_options *options,
                                            cairo_surface_t *surface);

/**
 * Draws the player's current frame into the renderer's own ARGB32 image of
 * anima_render_size(options) (reused while the size stays the same) and
 * returns it in `*image`, owned by the renderer: valid until the next
 * render call or anima_renderer_destroy. anima_render_png writes this
 * image. Errors as anima_render_surface.
 */
ANIMA_API anima_status anima_render_image(anima_renderer *renderer,
                                          const anima_player *player,
                                          const anima_render_options *options,
                                          cairo_surface_t **image);

/**
 * Draws the player's current frame with `cr` over what it holds, no
 * clearing and no background, for hosts that compose an icon into their
 * own drawing. The current matrix of `cr` must map viewBox (grid)
 * coordinates to device units, e.g. after cairo_scale(cr, 2, 2) for a 24
 * unit viewBox at 48 pixels. Leaves the cairo state as it found it.
 * Errors as anima_cairo_draw, plus a player of another model.
 */
ANIMA_API anima_status anima_render_cairo(anima_renderer *renderer,
                                          const anima_player *player,
                                          cairo_t *cr);

/**
 * Reads pixel (x, y), 0-based from the top left, of an ARGB32 image
 * surface as non-premultiplied RGBA (channels 0..255, rounded as cairo's
 * PNG writer does). ANIMA_ERROR_INVALID_ARGUMENT for NULL arguments,
 * another kind of surface, or a point outside it.
 */
ANIMA_API anima_status anima_cairo_probe(cairo_surface_t *surface, int x, int y,
                                         anima_color *out);

/* ------------------------------------------------------------------------ */
/* Frame-level drawing: a draw frame built by the caller (anima/draw.h)       */
/* ------------------------------------------------------------------------ */

/**
 * Draws `frame` with `cr`, whose current matrix maps viewBox coordinates
 * to device units, using the renderer's scratch space (a renderer made
 * with a NULL model will do). Leaves the cairo state (matrix, source,
 * operator) as it found it. ANIMA_ERROR_INVALID_ARGUMENT for NULL
 * arguments or a malformed frame (anima_draw_frame_validate);
 * ANIMA_ERROR_NO_MEMORY when a trimmed outline cannot be built or cairo
 * runs out of memory.
 */
ANIMA_API anima_status anima_cairo_draw(anima_renderer *renderer,
                                        const anima_draw_frame *frame,
                                        cairo_t *cr);

/**
 * anima_render_surface for a frame: clears `surface` (ARGB32, exactly
 * anima_render_size(options)), paints the background, places the viewBox
 * by the fit at width × height and scales to the output size, then draws
 * with anima_cairo_draw. Errors as anima_cairo_draw, plus
 * ANIMA_ERROR_INVALID_ARGUMENT for invalid options, a surface of another
 * size or format, or an empty viewBox.
 */
ANIMA_API anima_status anima_cairo_render(anima_renderer *renderer,
                                          const anima_draw_frame *frame,
                                          const anima_render_options *options,
                                          cairo_surface_t *surface);

#ifdef __cplusplus
}
#endif

#endif /* ANIMA_RENDER_CAIRO_H */
