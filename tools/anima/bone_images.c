/*
 * bone_images.c — the images of an OpenBone document decoded with libpng's
 * simplified API and handed to the library's draw-frame lowering (see
 * bone_images.h).
 */
#include "bone_images.h"

#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <png.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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

/* Decodes base64 `text` into a new buffer: digits, then at most two '='
 * that end it. NULL with `*bad` set to the offset of the first character
 * that breaks that (or the length when the digits stop part-way through a
 * byte), or NULL with `*bad` (size_t)-1 when out of memory. */
static uint8_t *base64_decode(const char *text, size_t *length, size_t *bad) {
  size_t n = strlen(text);
  uint8_t *out = malloc(n / 4 * 3 + 3);
  if (out == NULL) {
    *bad = (size_t)-1;
    return NULL;
  }
  size_t at = 0, i = 0;
  unsigned bits = 0, count = 0;
  for (; i < n && text[i] != '='; i++) {
    int digit = base64_digit(text[i]);
    if (digit < 0) {
      free(out);
      *bad = i;
      return NULL;
    }
    bits = ((bits << 6) | (unsigned)digit) & 0xffffu;
    count += 6;
    if (count >= 8) {
      count -= 8;
      out[at++] = (uint8_t)(bits >> count);
    }
  }
  /* The padding: as many '=' as the last group lacks digits (none, or up
   * to two), and nothing after it. */
  size_t digits = i, pad = 0;
  while (i < n && text[i] == '=' && pad < 2) {
    i++;
    pad++;
  }
  if (i < n || digits % 4 == 1 || (pad > 0 && (digits + pad) % 4 != 0)) {
    free(out);
    *bad = i < n ? i : n;
    return NULL;
  }
  *length = at;
  return out;
}

/* The decoding of one document: where diagnostics go and how many pixels
 * the textures decoded so far hold. */
typedef struct {
  anima_bone_frame *frame;
  anima_diagnostics *diagnostics;
  size_t pixels;
  bool out_of_memory;
} loading;

ANIMA_PRINTF(4, 5)
static void report(loading *l, const char *code, const char *pointer,
                   const char *format, ...) {
  char message[1024];
  va_list arguments;
  va_start(arguments, format);
  vsnprintf(message, sizeof message, format, arguments);
  va_end(arguments);
  if (anima_diagnostics_add(l->diagnostics, code, ANIMA_SEVERITY_ERROR, pointer,
                            NULL, "%s", message) != ANIMA_OK) {
    l->out_of_memory = true;
  }
}

/* A regular file opened for reading, or NULL with errno set (EINVAL for a
 * directory, a FIFO or a device: libpng would read a stream for ever or
 * block on it). */
static FILE *open_regular(const char *path) {
  int fd = open(path, O_RDONLY | O_NONBLOCK);
  if (fd < 0) {
    return NULL;
  }
  struct stat status;
  if (fstat(fd, &status) != 0 || !S_ISREG(status.st_mode)) {
    close(fd);
    errno = EINVAL;
    return NULL;
  }
  int flags = fcntl(fd, F_GETFL);
  FILE *file = flags < 0 || fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) < 0
                   ? NULL
                   : fdopen(fd, "rb");
  if (file == NULL) {
    close(fd);
  }
  return file;
}

/* Decodes the PNG in `file`, or with `file` NULL the `size` bytes at
 * `data`, into texture `id`. `name` names the PNG in messages (its path,
 * or "the data URL"); `pointer` is its `src`. `page` is the atlas page
 * object whose width and height the PNG must have, or NULL for an image.
 * False after an error diagnostic. */
static bool decode_png(loading *l, FILE *file, const uint8_t *data, size_t size,
                       const char *name, const char *id, const char *pointer,
                       json_t *page) {
  png_image image;
  memset(&image, 0, sizeof image);
  image.version = PNG_IMAGE_VERSION;
  if (file ? !png_image_begin_read_from_stdio(&image, file)
           : !png_image_begin_read_from_memory(&image, data, size)) {
    report(l, "image-unreadable", pointer, "%s is not a readable PNG (%s)",
           name, image.message);
    png_image_free(&image);
    return false;
  }
  if (image.width == 0 || image.height == 0 ||
      image.width > ANIMA_BONE_TEXTURE_MAXIMUM ||
      image.height > ANIMA_BONE_TEXTURE_MAXIMUM) {
    report(l, "image-too-large", pointer,
           "%s is %u × %u pixels: a side must be 1 to %d", name, image.width,
           image.height, ANIMA_BONE_TEXTURE_MAXIMUM);
    png_image_free(&image);
    return false;
  }
  size_t pixels = (size_t)image.width * image.height;
  if (pixels > (size_t)BONE_IMAGES_MOST_PIXELS - l->pixels) {
    report(l, "image-too-large", pointer,
           "%s is %u × %u pixels, more than the %zu left of the %d pixels "
           "all images and atlas pages may hold together",
           name, image.width, image.height,
           (size_t)BONE_IMAGES_MOST_PIXELS - l->pixels,
           BONE_IMAGES_MOST_PIXELS);
    png_image_free(&image);
    return false;
  }
  double page_width = json_number_value(json_object_get(page, "width"));
  double page_height = json_number_value(json_object_get(page, "height"));
  if (page && (page_width != image.width || page_height != image.height)) {
    report(l, "atlas-page-size", pointer,
           "%s is %u × %u pixels, but the page says %g × %g: its regions' "
           "pixel rectangles would sample the wrong part of it",
           name, image.width, image.height, page_width, page_height);
    png_image_free(&image);
    return false;
  }
  image.format = PNG_FORMAT_RGBA;
  uint8_t *rgba = malloc(PNG_IMAGE_SIZE(image));
  if (rgba == NULL) {
    l->out_of_memory = true;
    png_image_free(&image);
    return false;
  }
  if (!png_image_finish_read(&image, NULL, rgba, 0, NULL)) {
    report(l, "image-unreadable", pointer, "%s cannot be decoded (%s)", name,
           image.message);
    free(rgba);
    png_image_free(&image);
    return false;
  }
  anima_status status =
      anima_bone_frame_set_texture(l->frame, id, rgba, (int)image.width,
                                   (int)image.height, 4 * (size_t)image.width);
  free(rgba);
  png_image_free(&image);
  if (status != ANIMA_OK) {
    l->out_of_memory = true;
    return false;
  }
  l->pixels += pixels;
  return true;
}

/* Decodes every {id, src} of `list` (at `where`: a PNG path relative to
 * the document, or a base64 PNG data URL) into the frame's textures;
 * `pages`: the list is the atlas pages. */
static void load_list(loading *l, json_t *list, const char *where,
                      const char *directory, bool pages) {
  for (size_t i = 0; i < json_array_size(list) && !l->out_of_memory; i++) {
    json_t *image = json_array_get(list, i);
    const char *id = json_string_value(json_object_get(image, "id"));
    const char *src = json_string_value(json_object_get(image, "src"));
    if (id == NULL || src == NULL) {
      continue;
    }
    char pointer[64];
    snprintf(pointer, sizeof pointer, "%s/%zu/src", where, i);
    json_t *page = pages ? image : NULL;
    if (strncmp(src, "data:", 5) == 0) {
      const char *prefix = "data:image/png;base64,";
      if (strncmp(src, prefix, strlen(prefix)) != 0) {
        report(l, "image-unreadable", pointer,
               "image \"%s\": only base64 PNG data URLs (%s...) are read", id,
               prefix);
        continue;
      }
      size_t size = 0, bad = 0;
      uint8_t *bytes = base64_decode(src + strlen(prefix), &size, &bad);
      if (bytes == NULL && bad == (size_t)-1) {
        l->out_of_memory = true;
      } else if (bytes == NULL) {
        report(l, "image-unreadable", pointer,
               "image \"%s\": the data URL's base64 is malformed at "
               "character %zu",
               id, bad + strlen(prefix));
      } else {
        decode_png(l, NULL, bytes, size, "the data URL", id, pointer, page);
        free(bytes);
      }
      continue;
    }
    size_t size = strlen(directory) + strlen(src) + 2;
    char *path = malloc(size);
    if (path == NULL) {
      l->out_of_memory = true;
      return;
    }
    if (src[0] == '/' || directory[0] == '\0') {
      snprintf(path, size, "%s", src);
    } else {
      snprintf(path, size, "%s/%s", directory, src);
    }
    FILE *file = open_regular(path);
    if (file == NULL) {
      report(l, "image-unreadable", pointer, "%s cannot be opened (%s)", path,
             errno == EINVAL ? "not a regular file" : strerror(errno));
    } else {
      decode_png(l, file, NULL, 0, path, id, pointer, page);
      fclose(file);
    }
    free(path);
  }
}

anima_status bone_images_load(anima_bone_frame *frame, const char *document,
                              size_t length, const char *directory,
                              anima_diagnostics *diagnostics) {
  loading l = {frame, diagnostics, 0, false};
  size_t errors = anima_diagnostics_error_count(diagnostics);
  json_t *root = json_loadb(document, length, 0, NULL);
  json_t *pages = json_object_get(json_object_get(root, "atlas"), "pages");
  load_list(&l, json_object_get(root, "images"), "/images", directory, false);
  load_list(&l, pages, "/atlas/pages", directory, true);
  json_decref(root);
  if (l.out_of_memory) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  return anima_diagnostics_error_count(diagnostics) > errors
             ? ANIMA_ERROR_INVALID_DOCUMENT
             : ANIMA_OK;
}
