/*
 * image.c — image nodes (SPEC `### Image nodes`, docs/modules/assets.md
 * "Image nodes"): `{id, type: "image", asset, x0, y0, width, height, fit?,
 * align?, sampling?}` with `requires: ["paint", "assets"]`; `unknown-asset`
 * and `asset-type` at the node's `/asset`. The node's outline is its box
 * (hit testing uses the current, possibly animated, width and height); it
 * emits one IMAGE item: the asset's pixels scaled by the fit table, placed
 * by `align`, clipped to the box.
 *
 * Pixels come only from an embedded PNG data URI, decoded once at load
 * (compile) with libpng's simplified API from the document's own text: no
 * IO. A referenced (URL) or non-PNG source draws nothing natively, with an
 * `asset-load` warning at validation saying so (the host loads it).
 *
 * Built with ANIMA_ASSETS_NO_PNG (the WebAssembly build, which has no
 * libpng and whose SVG writer cannot embed raw pixels: the browser draws
 * images), no source is decoded: every image node draws nothing, with the
 * same warning.
 */
#include <math.h>
#ifndef ANIMA_ASSETS_NO_PNG
#include <png.h>
#endif
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "assets_internal.h"

/* Largest decoded image (pixels): 2^24 (64 MiB of RGBA), so a hostile
 * document cannot make the load allocate without bound. */
#define IMAGE_MOST_PIXELS (1u << 24)

/* What the asset-load warning says this build decodes. */
#ifdef ANIMA_ASSETS_NO_PNG
#define IMAGE_DECODES "no images in this build"
#else
#define IMAGE_DECODES "only embedded PNG data URIs"
#endif

static const char *const fits[] = {"contain",   "cover",      "fill",
                                   "resize",    "none",       "scale-down",
                                   "fit-width", "fit-height", NULL};
static const char *const aligns[] = {
    "center", "top-left",    "top",    "top-right",    "left",
    "right",  "bottom-left", "bottom", "bottom-right", NULL};
static const char *const samplings[] = {"bilinear", "nearest", NULL};

typedef enum image_fit {
  FIT_CONTAIN = 0,
  FIT_COVER,
  FIT_FILL,
  FIT_RESIZE,
  FIT_NONE,
  FIT_SCALE_DOWN,
  FIT_WIDTH,
  FIT_HEIGHT,
} image_fit;

typedef struct image_data {
  double x0, y0;
  long width_slot, height_slot;
  double width, height; /* rest values, when no slot */
  image_fit fit;
  double ax, ay; /* alignment: 0, 0.5 or 1 per axis */
  anima_image_sampling sampling;
  double intrinsic_w, intrinsic_h; /* I, J (grid units) */
  uint8_t *pixels;                 /* NULL: draws nothing */
  int pixel_w, pixel_h;
} image_data;

static size_t option_index(const char *const *options, const char *text) {
  size_t i = 0;
  while (options[i] && text && strcmp(options[i], text) != 0) {
    i++;
  }
  return options[i] && text ? i : 0;
}

/* ---- base64 and PNG ------------------------------------------------------ */

#ifndef ANIMA_ASSETS_NO_PNG
static int base64_value(char c) {
  if (c >= 'A' && c <= 'Z') {
    return c - 'A';
  }
  if (c >= 'a' && c <= 'z') {
    return c - 'a' + 26;
  }
  if (c >= '0' && c <= '9') {
    return c - '0' + 52;
  }
  return c == '+' ? 62 : c == '/' ? 63 : -1;
}

/* Decodes padded standard base64 (validated by the check) into `out`
 * (room for length / 4 * 3 bytes); returns the byte count. */
static size_t base64_decode(const char *text, size_t length, uint8_t *out) {
  size_t n = 0;
  for (size_t i = 0; i + 3 < length; i += 4) {
    int v[4];
    for (int k = 0; k < 4; k++) {
      v[k] = text[i + k] == '=' ? 0 : base64_value(text[i + k]);
      if (v[k] < 0) {
        return 0;
      }
    }
    unsigned word = (unsigned)v[0] << 18 | (unsigned)v[1] << 12 |
                    (unsigned)v[2] << 6 | (unsigned)v[3];
    out[n++] = (uint8_t)(word >> 16);
    if (text[i + 2] != '=') {
      out[n++] = (uint8_t)(word >> 8);
    }
    if (text[i + 3] != '=') {
      out[n++] = (uint8_t)word;
    }
  }
  return n;
}

/* Is `source` a base64 PNG data URI ("data:image/png[;params];base64,")?
 * Sets `*data` to the base64 text. */
static bool png_data_uri(const char *source, const char **data) {
  if (strncasecmp(source, "data:image/png", 14) != 0) {
    return false;
  }
  const char *comma = strchr(source, ',');
  if (!comma || comma - source < 21 ||
      strncasecmp(comma - 7, ";base64", 7) != 0) { /* caseless, RFC 2397 */
    return false;
  }
  *data = comma + 1;
  return true;
}

#endif

bool assets_image_drawable(const char *source) {
#ifdef ANIMA_ASSETS_NO_PNG
  (void)source;
  return false;
#else
  const char *data;
  return source && png_data_uri(source, &data);
#endif
}

/* Decodes the PNG of `source` into compile memory. Reports asset-load at
 * the asset's source on failure. */
static anima_status decode(anima_compile *c, const char *asset,
                           const char *source, image_data *image) {
#ifdef ANIMA_ASSETS_NO_PNG
  (void)c, (void)asset, (void)source, (void)image;
  return ANIMA_OK; /* no decoder in this build: the check warned */
#else
  const anima_host *h = assets_host;
  const char *text;
  if (!png_data_uri(source, &text)) {
    return ANIMA_OK; /* referenced or not PNG: the check warned */
  }
  size_t length = strlen(text);
  uint8_t *bytes = h->compile_alloc(c, length / 4 * 3 + 3);
  if (!bytes) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  size_t size = base64_decode(text, length, bytes);
  char at[ASSETS_POINTER_SIZE];
  assets_pointer(at, asset, "source");
  png_image png;
  memset(&png, 0, sizeof png);
  png.version = PNG_IMAGE_VERSION;
  if (!png_image_begin_read_from_memory(&png, bytes, size)) {
    h->compile_report(
        c, "asset-load", at, "embed a valid PNG (data:image/png;base64,...)",
        "asset \"%s\": the PNG cannot be decoded: %s", asset, png.message);
    return ANIMA_ERROR_INVALID_DOCUMENT;
  }
  if (png.width == 0 || png.height == 0 ||
      (uint64_t)png.width * png.height > IMAGE_MOST_PIXELS) {
    png_image_free(&png);
    h->compile_report(c, "asset-load", at,
                      "use an image of at most 16777216 pixels",
                      "asset \"%s\": the PNG is %u x %u pixels, more than "
                      "this runtime decodes",
                      asset, png.width, png.height);
    return ANIMA_ERROR_INVALID_DOCUMENT;
  }
  png.format = PNG_FORMAT_RGBA;
  image->pixels = h->compile_alloc(c, PNG_IMAGE_SIZE(png));
  if (!image->pixels) {
    png_image_free(&png);
    return ANIMA_ERROR_NO_MEMORY;
  }
  if (!png_image_finish_read(&png, NULL, image->pixels, 0, NULL)) {
    h->compile_report(
        c, "asset-load", at, "embed a valid PNG (data:image/png;base64,...)",
        "asset \"%s\": the PNG cannot be decoded: %s", asset, png.message);
    png_image_free(&png);
    image->pixels = NULL;
    return ANIMA_ERROR_INVALID_DOCUMENT;
  }
  image->pixel_w = (int)png.width;
  image->pixel_h = (int)png.height;
  png_image_free(&png);
  return ANIMA_OK;
#endif
}

/* ---- the node behaviour ------------------------------------------------- */

static double member_number(const anima_json *node, const char *key,
                            double fallback) {
  const anima_json *value = assets_host->json_member(node, key);
  return value && assets_host->json_type(value) == ANIMA_JSON_NUMBER
             ? assets_host->json_number(value)
             : fallback;
}

static const char *member_text(const anima_json *node, const char *key) {
  const anima_json *value = assets_host->json_member(node, key);
  return value && assets_host->json_type(value) == ANIMA_JSON_STRING
             ? assets_host->json_string(value, NULL)
             : NULL;
}

static anima_status image_compile(anima_compile *c, const anima_site *site,
                                  void *user, void **data) {
  (void)user;
  const anima_host *h = assets_host;
  image_data *image = h->compile_alloc(c, sizeof *image);
  if (!image) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  const anima_json *node = site->json;
  image->x0 = member_number(node, "x0", 0);
  image->y0 = member_number(node, "y0", 0);
  image->width = member_number(node, "width", 0);
  image->height = member_number(node, "height", 0);
  image->width_slot = h->compile_find_slot(c, (size_t)site->node, "width");
  image->height_slot = h->compile_find_slot(c, (size_t)site->node, "height");
  image->fit = (image_fit)option_index(fits, member_text(node, "fit"));
  size_t align = option_index(aligns, member_text(node, "align"));
  /* center, top-left, top, top-right, left, right, bottom-left, bottom,
   * bottom-right: 0 start, 0.5 centre, 1 end of each axis. */
  static const double ax[] = {0.5, 0, 0.5, 1, 0, 1, 0, 0.5, 1};
  static const double ay[] = {0.5, 0, 0, 0, 0.5, 0.5, 1, 1, 1};
  image->ax = ax[align];
  image->ay = ay[align];
  image->sampling = option_index(samplings, member_text(node, "sampling")) == 1
                        ? ANIMA_SAMPLING_NEAREST
                        : ANIMA_SAMPLING_BILINEAR;
  const char *asset = member_text(node, "asset");
  anima_asset_info info;
  if (!asset || !assets_find(h->compile_document(c), asset, &info) ||
      info.type != ANIMA_ASSET_IMAGE) {
    return ANIMA_ERROR_INVALID_DOCUMENT; /* the check reported it */
  }
  anima_status status = decode(c, asset, info.source, image);
  /* SPEC assets: "Declared dimensions override decoded dimensions
   * independently." */
  image->intrinsic_w = info.width > 0 ? info.width : image->pixel_w;
  image->intrinsic_h = info.height > 0 ? info.height : image->pixel_h;
  *data = image;
  return status;
}

static size_t image_segments(const void *data, void *user) {
  (void)data, (void)user;
  return 5; /* move, three lines, close */
}

/* The box's current size (SPEC: width and height are animatable, with
 * nonnegative resolved values). */
static void box_size(const anima_view *view, const image_data *image, double *w,
                     double *h) {
  const anima_host *host = assets_host;
  *w = image->width_slot >= 0
           ? host->view_number(view, (size_t)image->width_slot, image->width)
           : image->width;
  *h = image->height_slot >= 0
           ? host->view_number(view, (size_t)image->height_slot, image->height)
           : image->height;
  *w = *w > 0 ? *w : 0;
  *h = *h > 0 ? *h : 0;
}

static anima_status image_outline(const anima_view *view, const void *data,
                                  anima_path *out, void *user) {
  (void)user;
  const anima_host *h = assets_host;
  const image_data *image = data;
  double w, hh;
  box_size(view, image, &w, &hh);
  double x = image->x0, y = image->y0;
  anima_status status = h->path_move_to(out, x, y);
  if (status == ANIMA_OK) {
    status = h->path_line_to(out, x + w, y);
  }
  if (status == ANIMA_OK) {
    status = h->path_line_to(out, x + w, y + hh);
  }
  if (status == ANIMA_OK) {
    status = h->path_line_to(out, x, y + hh);
  }
  if (status == ANIMA_OK) {
    status = h->path_close(out);
  }
  return status;
}

static double image_length(const anima_view *view, const void *data,
                           void *user) {
  (void)user;
  double w, h;
  box_size(view, data, &w, &h);
  return 2 * (w + h);
}

void assets_fit(int fit, double box_w, double box_h, double intrinsic_w,
                double intrinsic_h, double align_x, double align_y,
                double out[4]) {
  double rx = box_w / intrinsic_w, ry = box_h / intrinsic_h;
  double sx = 1, sy = 1;
  switch ((image_fit)fit) {
  case FIT_CONTAIN:
    sx = sy = fmin(rx, ry);
    break;
  case FIT_COVER:
    sx = sy = fmax(rx, ry);
    break;
  case FIT_FILL:
  case FIT_RESIZE:
    sx = rx, sy = ry;
    break;
  case FIT_NONE:
    break;
  case FIT_SCALE_DOWN:
    sx = sy = fmin(1, fmin(rx, ry));
    break;
  case FIT_WIDTH:
    sx = sy = rx;
    break;
  case FIT_HEIGHT:
    sx = sy = ry;
    break;
  }
  double w = intrinsic_w * sx, h = intrinsic_h * sy;
  /* "Each axis places the scaled image at 0, (box-image)/2, or
   * box-image." */
  out[0] = (box_w - w) * align_x;
  out[1] = (box_h - h) * align_y;
  out[2] = w;
  out[3] = h;
}

static void image_reserve(const void *data, anima_draw_reserve *reserve,
                          void *user) {
  (void)user;
  const image_data *image = data;
  reserve->images = image->pixels ? 1 : 0;
}

static anima_status image_emit(const anima_view *view, const void *data,
                               anima_draw_emit *emit, void *user) {
  (void)user;
  const image_data *image = data;
  double w, h;
  box_size(view, image, &w, &h);
  if (!image->pixels || w <= 0 || h <= 0 || image->intrinsic_w <= 0 ||
      image->intrinsic_h <= 0) {
    return ANIMA_OK; /* an empty box draws nothing */
  }
  double fitted[4];
  assets_fit((int)image->fit, w, h, image->intrinsic_w, image->intrinsic_h,
             image->ax, image->ay, fitted);
  anima_draw_image item = {
      .pixels = {image->pixels, image->pixel_w, image->pixel_h,
                 (size_t)image->pixel_w * 4, NULL},
      .box = {image->x0, image->y0, w, h},
      .dest = {image->x0 + fitted[0], image->y0 + fitted[1], fitted[2],
               fitted[3]},
      .source = {0, 0, image->pixel_w, image->pixel_h},
      .sampling = image->sampling,
  };
  return assets_host->emit_image(emit, &item);
}

/* ---- the check ---------------------------------------------------------- */

void assets_check_images(anima_check *c) {
  const anima_host *h = assets_host;
  const anima_json *document = h->check_document(c);
  for (size_t i = 0; i < h->check_node_count(c); i++) {
    const char *pointer = NULL;
    const anima_json *node = h->check_node(c, i, &pointer);
    const char *type = member_text(node, "type");
    if (!type || strcmp(type, "image") != 0) {
      continue;
    }
    char at[ASSETS_POINTER_SIZE];
    snprintf(at, sizeof at, "%s/asset", pointer ? pointer : "");
    if (!h->check_requires(c, "paint")) {
      snprintf(at, sizeof at, "%s/type", pointer ? pointer : "");
      h->check_report(c, "undeclared-feature", ANIMA_SEVERITY_ERROR, at,
                      "add \"paint\" to \"requires\"",
                      "an image node needs the features paint and assets");
      continue;
    }
    const char *asset = member_text(node, "asset");
    if (!asset) {
      continue; /* missing-key already */
    }
    anima_asset_info info;
    if (!assets_find(document, asset, &info)) {
      h->check_report(c, "unknown-asset", ANIMA_SEVERITY_ERROR, at,
                      "declare it in \"assets\", or name a declared image "
                      "asset",
                      "no asset named \"%s\"", asset);
    } else if (info.type != ANIMA_ASSET_IMAGE) {
      static const char *const names[] = {"an image", "a font", "an audio",
                                          "a blob"};
      h->check_report(c, "asset-type", ANIMA_SEVERITY_ERROR, at,
                      "name an asset of type \"image\"",
                      "asset \"%s\" is %s asset, not an image", asset,
                      names[info.type]);
    } else if (!assets_image_drawable(info.source)) {
      char source_at[ASSETS_POINTER_SIZE];
      assets_pointer(source_at, asset, "source");
      h->check_report(
          c, "asset-load", ANIMA_SEVERITY_WARNING, source_at,
          "embed the image as data:image/png;base64,... for the native "
          "backends, or let the host draw it",
          "asset \"%s\": this runtime opens nothing and decodes " IMAGE_DECODES
          ", so image node \"%s\" draws nothing here",
          asset, member_text(node, "id") ? member_text(node, "id") : "");
    }
  }
}

/* ---- registration ------------------------------------------------------- */

#define IMAGE_FIELD(name_, kind_)                                              \
  .owner = "image", .name = name_, .kind = kind_, .feature = "assets",         \
  .minimum = -INFINITY, .maximum = INFINITY

static const anima_kind_desc image_kind = {
    .name = "image",
    .flags = ANIMA_KIND_NODE_TYPE,
    .feature = "assets",
    .description = "An image asset fitted into a box (needs paint and "
                   "assets)."};

static const anima_field_desc image_fields[] = {
    {IMAGE_FIELD("asset", ANIMA_FIELD_STRING), .required = true,
     .description = "The image asset's name."},
    {IMAGE_FIELD("x0", ANIMA_FIELD_NUMBER), .required = true,
     .description = "The box's left edge (grid units, before the node's "
                    "transform)."},
    {IMAGE_FIELD("y0", ANIMA_FIELD_NUMBER), .required = true,
     .description = "The box's top edge (grid units)."},
    {.owner = "image",
     .name = "width",
     .kind = ANIMA_FIELD_NUMBER,
     .feature = "assets",
     .minimum = 0,
     .maximum = INFINITY,
     .exclusive_minimum = true,
     .required = true,
     .description = "The box's width (> 0, animatable)."},
    {.owner = "image",
     .name = "height",
     .kind = ANIMA_FIELD_NUMBER,
     .feature = "assets",
     .minimum = 0,
     .maximum = INFINITY,
     .exclusive_minimum = true,
     .required = true,
     .description = "The box's height (> 0, animatable)."},
    {IMAGE_FIELD("fit", ANIMA_FIELD_ENUM), .options = fits,
     .default_json = "\"contain\"",
     .description = "How the image scales into the box (SPEC fit table)."},
    {IMAGE_FIELD("align", ANIMA_FIELD_ENUM), .options = aligns,
     .default_json = "\"center\"",
     .description = "Where the scaled image sits in the box."},
    {IMAGE_FIELD("sampling", ANIMA_FIELD_ENUM), .options = samplings,
     .default_json = "\"bilinear\"",
     .description = "bilinear or nearest texel sampling."},
};

static const anima_property_desc image_properties[] = {
    {.owner = "image",
     .address = "width",
     .feature = "assets",
     .type = ANIMA_VALUE_NUMBER,
     .animation = ANIMA_ANIMATION_INTERPOLATED,
     .minimum = 0,
     .maximum = INFINITY,
     .default_value = {.type = ANIMA_VALUE_NUMBER, .as.number = 0},
     .description = "The box's width, grid units (>= 0 when resolved)."},
    {.owner = "image",
     .address = "height",
     .feature = "assets",
     .type = ANIMA_VALUE_NUMBER,
     .animation = ANIMA_ANIMATION_INTERPOLATED,
     .minimum = 0,
     .maximum = INFINITY,
     .default_value = {.type = ANIMA_VALUE_NUMBER, .as.number = 0},
     .description = "The box's height, grid units (>= 0 when resolved)."},
};

static const anima_node_behaviour_desc image_behaviour = {
    .struct_size = sizeof(anima_node_behaviour_desc),
    .node_type = "image",
    .feature = "assets",
    .flags = ANIMA_BEHAVIOUR_OUTLINE,
    .lifecycle = {.compile = image_compile},
    .max_segments = image_segments,
    .outline = image_outline,
    .length = image_length,
    .reserve = image_reserve,
    .emit = image_emit};

anima_status assets_register_images(anima_registrar *registrar) {
  const anima_host *h = assets_host;
  anima_status status = h->add_kind(registrar, &image_kind);
  ANIMA_ADD_EACH(status, h->add_field, registrar, image_fields);
  ANIMA_ADD_EACH(status, h->add_property, registrar, image_properties);
  if (status == ANIMA_OK) {
    status = h->add_node_behaviour(registrar, &image_behaviour);
  }
  return status;
}
