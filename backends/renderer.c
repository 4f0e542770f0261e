/*
 * renderer.c — the player-level calls of anima/render.h and
 * anima/render_cairo.h: build the model's draw frame from a player, then
 * hand it to a backend.
 */
#include <stdlib.h>

#include "renderer_internal.h"

anima_status anima_renderer_create(const anima_model *model,
                                   anima_renderer **out) {
  if (out == NULL) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  *out = NULL;
  anima_renderer *renderer = calloc(1, sizeof *renderer);
  if (renderer == NULL) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  anima_path_init(&renderer->trimmed);
  renderer->model = model;
  if (model != NULL) {
    anima_status status = anima_draw_frame_create(model, &renderer->frame);
    if (status != ANIMA_OK) {
      anima_renderer_destroy(renderer);
      return status;
    }
  }
  *out = renderer;
  return ANIMA_OK;
}

void anima_renderer_destroy(anima_renderer *renderer) {
  if (renderer == NULL) {
    return;
  }
  if (renderer->image != NULL) {
    cairo_surface_destroy(renderer->image);
  }
  anima_draw_frame_destroy(renderer->frame);
  anima_path_release(&renderer->trimmed);
  free(renderer);
}

anima_status anima_renderer_set_slot(anima_renderer *renderer, const char *slot,
                                     anima_color color) {
  if (renderer == NULL || renderer->frame == NULL || slot == NULL) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  long index = anima_draw_frame_find_slot(renderer->frame, slot);
  if (index < 0) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  return anima_draw_frame_set_slot(renderer->frame, (size_t)index, color);
}

anima_status anima_renderer_set_current_color(anima_renderer *renderer,
                                              anima_color color) {
  if (renderer == NULL || renderer->frame == NULL) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  return anima_draw_frame_set_current_color(renderer->frame, color);
}

anima_status anima_renderer_check(anima_renderer *renderer,
                                  const anima_backend_caps *caps,
                                  anima_diagnostics *diagnostics) {
  if (renderer == NULL || renderer->frame == NULL || caps == NULL) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  return anima_draw_frame_check(renderer->frame, caps, diagnostics);
}

const char *anima_renderer_error(const anima_renderer *renderer) {
  if (renderer != NULL && renderer->cairo_error[0] != '\0') {
    return renderer->cairo_error;
  }
  return renderer != NULL ? anima_draw_frame_error(renderer->frame) : NULL;
}

/* Fills the renderer's frame from the player's current values. */
static anima_status build_frame(anima_renderer *renderer,
                                const anima_player *player) {
  if (renderer == NULL || renderer->frame == NULL || player == NULL) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  renderer->cairo_error[0] = '\0'; /* a new render: no refusal yet */
  return anima_draw_frame_build(renderer->frame, player);
}

anima_status anima_render_surface(anima_renderer *renderer,
                                  const anima_player *player,
                                  const anima_render_options *options,
                                  cairo_surface_t *surface) {
  anima_status status = build_frame(renderer, player);
  if (status != ANIMA_OK) {
    return status;
  }
  return anima_cairo_render(renderer, renderer->frame, options, surface);
}

anima_status anima_render_image(anima_renderer *renderer,
                                const anima_player *player,
                                const anima_render_options *options,
                                cairo_surface_t **image) {
  int width = 0, height = 0;
  if (image == NULL) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  *image = NULL;
  if (renderer == NULL ||
      anima_render_size(options, &width, &height) != ANIMA_OK) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  cairo_surface_t *kept = renderer->image;
  if (kept == NULL || cairo_image_surface_get_width(kept) != width ||
      cairo_image_surface_get_height(kept) != height) {
    if (kept != NULL) {
      cairo_surface_destroy(kept);
    }
    renderer->image =
        cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height);
    if (cairo_surface_status(renderer->image) != CAIRO_STATUS_SUCCESS) {
      cairo_surface_destroy(renderer->image);
      renderer->image = NULL;
      return ANIMA_ERROR_NO_MEMORY;
    }
  }
  anima_status status =
      anima_render_surface(renderer, player, options, renderer->image);
  if (status == ANIMA_OK) {
    *image = renderer->image;
  }
  return status;
}

anima_status anima_render_png(anima_renderer *renderer,
                              const anima_player *player,
                              const anima_render_options *options,
                              const char *path) {
  cairo_surface_t *image = NULL;
  if (path == NULL) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  anima_status status = anima_render_image(renderer, player, options, &image);
  if (status != ANIMA_OK) {
    return status;
  }
  /* cairo opens the file with fopen, so errno keeps the reason. */
  cairo_status_t written = cairo_surface_write_to_png(image, path);
  if (written == CAIRO_STATUS_NO_MEMORY) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  return written == CAIRO_STATUS_SUCCESS ? ANIMA_OK : ANIMA_ERROR_IO;
}

anima_status anima_render_cairo(anima_renderer *renderer,
                                const anima_player *player, cairo_t *cr) {
  anima_status status = build_frame(renderer, player);
  if (status != ANIMA_OK) {
    return status;
  }
  return anima_cairo_draw(renderer, renderer->frame, cr);
}

/* The root a11y of the renderer's model, with the `pressed` input's value
 * in `player` (SPEC §10). */
static anima_svg_a11y svg_a11y(const anima_renderer *renderer,
                               const anima_player *player) {
  const anima_model *model = renderer->model;
  anima_svg_a11y a11y = {.role = anima_model_a11y_role(model),
                         .label = anima_model_a11y_label(model)};
  long pressed = anima_model_a11y_pressed(model);
  anima_value value;
  if (pressed >= 0 &&
      anima_player_get_input(player,
                             anima_model_input_name(model, (size_t)pressed),
                             &value) == ANIMA_OK) {
    a11y.has_pressed = true;
    a11y.pressed = value.as.boolean;
  }
  return a11y;
}

anima_status anima_render_svg_file(anima_renderer *renderer,
                                   const anima_player *player,
                                   const anima_render_options *options,
                                   FILE *out) {
  anima_status status = build_frame(renderer, player);
  if (status != ANIMA_OK) {
    return status;
  }
  anima_svg_a11y a11y = svg_a11y(renderer, player);
  return anima_svg_write_a11y(renderer->frame, options, &a11y, out);
}

anima_status anima_render_svg(anima_renderer *renderer,
                              const anima_player *player,
                              const anima_render_options *options, char **text,
                              size_t *length) {
  if (text == NULL) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  *text = NULL;
  anima_status status = build_frame(renderer, player);
  if (status != ANIMA_OK) {
    return status;
  }
  anima_svg_a11y a11y = svg_a11y(renderer, player);
  return anima_svg_write_string_a11y(renderer->frame, options, &a11y, text,
                                     length);
}
