/*
 * bone_images.c — the images of an OpenBone document decoded with libpng's
 * simplified API and handed to the library's draw-frame lowering (see
 * bone_images.h).
 */
#include "bone_images.h"

#include <jansson.h>
#include <png.h>
#include <stdlib.h>
#include <string.h>

static int base64_digit(char c) {
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

/* Decodes base64 `text` (up to '=' or the end) into a new buffer; NULL for
 * a character outside the alphabet or no memory. */
static uint8_t *base64_decode(const char *text, size_t *length) {
  size_t n = strlen(text);
  uint8_t *out = malloc(n / 4 * 3 + 3);
  if (out == NULL) {
    return NULL;
  }
  size_t at = 0;
  unsigned bits = 0, count = 0;
  for (size_t i = 0; i < n && text[i] != '='; i++) {
    int digit = base64_digit(text[i]);
    if (digit < 0) {
      free(out);
      return NULL;
    }
    bits = ((bits << 6) | (unsigned)digit) & 0xffffu;
    count += 6;
    if (count >= 8) {
      count -= 8;
      out[at++] = (uint8_t)(bits >> count);
    }
  }
  *length = at;
  return out;
}

/* Decodes the PNG file `path`, or with `data` set the `size` bytes there
 * (`path` then names them in messages). */
static bool decode_png(const char *path, const uint8_t *data, size_t size,
                       const char *id, anima_bone_frame *frame, FILE *errors) {
  png_image image;
  memset(&image, 0, sizeof image);
  image.version = PNG_IMAGE_VERSION;
  if (data ? !png_image_begin_read_from_memory(&image, data, size)
           : !png_image_begin_read_from_file(&image, path)) {
    fprintf(errors, "%s: cannot read the PNG (%s); drawn white\n", path,
            image.message);
    return false;
  }
  if (image.width == 0 || image.height == 0 ||
      image.width > ANIMA_BONE_TEXTURE_MAXIMUM ||
      image.height > ANIMA_BONE_TEXTURE_MAXIMUM) {
    fprintf(errors, "%s: %ux%u pixels is outside 1 to %d a side; drawn white\n",
            path, image.width, image.height, ANIMA_BONE_TEXTURE_MAXIMUM);
    png_image_free(&image);
    return false;
  }
  image.format = PNG_FORMAT_RGBA;
  uint8_t *pixels = malloc(PNG_IMAGE_SIZE(image));
  if (pixels == NULL || !png_image_finish_read(&image, NULL, pixels, 0, NULL)) {
    fprintf(errors, "%s: cannot decode the PNG (%s); drawn white\n", path,
            pixels ? image.message : "out of memory");
    free(pixels);
    png_image_free(&image);
    return false;
  }
  anima_status status =
      anima_bone_frame_set_texture(frame, id, pixels, (int)image.width,
                                   (int)image.height, 4 * (size_t)image.width);
  free(pixels);
  png_image_free(&image);
  return status == ANIMA_OK;
}

/* Decodes every {id, src} of `list` (a PNG path relative to the document,
 * or a base64 PNG data URL) into the frame's textures. False when out of
 * memory. */
static bool load_list(anima_bone_frame *frame, json_t *list,
                      const char *directory, FILE *errors) {
  for (size_t i = 0; i < json_array_size(list); i++) {
    json_t *image = json_array_get(list, i);
    const char *id = json_string_value(json_object_get(image, "id"));
    const char *src = json_string_value(json_object_get(image, "src"));
    if (id == NULL || src == NULL) {
      continue;
    }
    if (strncmp(src, "data:", 5) == 0) {
      size_t size = 0;
      uint8_t *bytes = NULL;
      if (strncmp(src, "data:image/png;base64,", 22) == 0) {
        bytes = base64_decode(src + 22, &size);
      }
      if (bytes == NULL) {
        fprintf(errors,
                "image \"%s\": only base64 PNG data URLs are read; drawn "
                "white\n",
                id);
      } else {
        decode_png(id, bytes, size, id, frame, errors);
        free(bytes);
      }
    } else {
      size_t size = strlen(directory) + strlen(src) + 2;
      char *path = malloc(size);
      if (path == NULL) {
        return false;
      }
      if (src[0] == '/' || directory[0] == '\0') {
        snprintf(path, size, "%s", src);
      } else {
        snprintf(path, size, "%s/%s", directory, src);
      }
      decode_png(path, NULL, 0, id, frame, errors);
      free(path);
    }
  }
  return true;
}

/* Reads `images` and the atlas `pages` of the document (§8.7: a packed
 * item's texture is its page id). */
bool bone_images_load(anima_bone_frame *frame, const char *document,
                      size_t length, const char *directory, FILE *errors) {
  json_t *root = json_loadb(document, length, 0, NULL);
  json_t *pages = json_object_get(json_object_get(root, "atlas"), "pages");
  bool ok =
      load_list(frame, json_object_get(root, "images"), directory, errors) &&
      load_list(frame, pages, directory, errors);
  json_decref(root);
  return ok;
}
