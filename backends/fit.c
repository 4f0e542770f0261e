/*
 * fit.c — output size and viewBox to viewport placement, shared by the SVG
 * and cairo backends (anima/render.h; SPEC "CLI projects and capture").
 */
#include <math.h>

#include <anima/render.h>

/* The largest viewport side, in pixels (`--size`, `--viewport`). */
enum { largest_side = 16384 };

anima_status anima_render_size(const anima_render_options *options, int *width,
                               int *height) {
  if (options == NULL || width == NULL || height == NULL ||
      options->width < 1 || options->height < 1 ||
      options->width > largest_side || options->height > largest_side ||
      !(options->scale >= 0) || options->scale > 1) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  double scale = options->scale > 0 ? options->scale : 1;
  double scaled_width = floor(options->width * scale + 0.5);
  double scaled_height = floor(options->height * scale + 0.5);
  *width = scaled_width < 1 ? 1 : (int)scaled_width;
  *height = scaled_height < 1 ? 1 : (int)scaled_height;
  return ANIMA_OK;
}

anima_status anima_fit_region(const double view_box[4], int width, int height,
                              anima_fit fit, double region[4]) {
  if (view_box == NULL || region == NULL || width <= 0 || height <= 0 ||
      !(view_box[2] > 0) || !(view_box[3] > 0) || !isfinite(view_box[0]) ||
      !isfinite(view_box[1]) || !isfinite(view_box[2]) ||
      !isfinite(view_box[3])) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  double center_x = view_box[0] + view_box[2] / 2;
  double center_y = view_box[1] + view_box[3] / 2;
  double scale_x = width / view_box[2];
  double scale_y = height / view_box[3];
  double scale = 1;
  switch (fit) {
  case ANIMA_FIT_FILL:
    for (int index = 0; index < 4; index++) {
      region[index] = view_box[index];
    }
    return ANIMA_OK;
  case ANIMA_FIT_CONTAIN:
    scale = scale_x < scale_y ? scale_x : scale_y;
    break;
  case ANIMA_FIT_COVER:
    scale = scale_x > scale_y ? scale_x : scale_y;
    break;
  case ANIMA_FIT_NONE:
    scale = 1;
    break;
  default:
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  region[2] = width / scale;
  region[3] = height / scale;
  region[0] = center_x - region[2] / 2;
  region[1] = center_y - region[3] / 2;
  /* The axis that set the scale shows the viewBox exactly (no rounding). */
  if (fit != ANIMA_FIT_NONE && scale == scale_x) {
    region[0] = view_box[0];
    region[2] = view_box[2];
  }
  if (fit != ANIMA_FIT_NONE && scale == scale_y) {
    region[1] = view_box[1];
    region[3] = view_box[3];
  }
  return ANIMA_OK;
}
