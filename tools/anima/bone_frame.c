/*
 * bone_frame.c — the OpenBone draw list lowered into a draw frame (see
 * bone_frame.h). PNG pages are decoded with libpng's simplified API.
 */
#include "bone_frame.h"

#include <jansson.h>
#include <png.h>
#include <stdlib.h>
#include <string.h>

/* Larger textures are refused (drawn white): 8192² RGBA is 256 MiB. */
#define BONE_TEXTURE_MAXIMUM 8192

typedef struct bone_texture {
  char *id;
  uint8_t *rgba;
  int width, height;
} bone_texture;

struct bone_frame {
  anima_draw_frame frame;
  bone_texture *textures;
  size_t texture_count;
  size_t item_capacity; /* draw items (slots) */
  size_t vertex_capacity, index_capacity;
  uint8_t **tinted; /* one buffer per draw item, largest texture size */
  size_t tint_bytes;
  uint8_t white[4];
};

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
                       bone_texture *texture, FILE *errors) {
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
      image.width > BONE_TEXTURE_MAXIMUM ||
      image.height > BONE_TEXTURE_MAXIMUM) {
    fprintf(errors, "%s: %ux%u pixels is outside 1 to %d a side; drawn white\n",
            path, image.width, image.height, BONE_TEXTURE_MAXIMUM);
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
  texture->rgba = pixels;
  texture->width = (int)image.width;
  texture->height = (int)image.height;
  return true;
}

/* Reads `images` of the document: id → src (a PNG path relative to the
 * document; data URLs are not read yet). */
static bool load_textures(bone_frame *frame, const char *document,
                          size_t length, const char *directory, FILE *errors) {
  json_t *root = json_loadb(document, length, 0, NULL);
  json_t *images = json_object_get(root, "images");
  size_t count = json_array_size(images);
  frame->textures = calloc(count ? count : 1, sizeof *frame->textures);
  if (frame->textures == NULL) {
    json_decref(root);
    return false;
  }
  for (size_t i = 0; i < count; i++) {
    json_t *image = json_array_get(images, i);
    const char *id = json_string_value(json_object_get(image, "id"));
    const char *src = json_string_value(json_object_get(image, "src"));
    if (id == NULL) {
      continue;
    }
    bone_texture *texture = &frame->textures[frame->texture_count];
    texture->id = strdup(id);
    if (texture->id == NULL) {
      json_decref(root);
      return false;
    }
    frame->texture_count++;
    if (src == NULL) {
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
        decode_png(id, bytes, size, texture, errors);
        free(bytes);
      }
    } else {
      size_t size = strlen(directory) + strlen(src) + 2;
      char *path = malloc(size);
      if (path == NULL) {
        json_decref(root);
        return false;
      }
      if (src[0] == '/' || directory[0] == '\0') {
        snprintf(path, size, "%s", src);
      } else {
        snprintf(path, size, "%s/%s", directory, src);
      }
      decode_png(path, NULL, 0, texture, errors);
      free(path);
    }
    size_t bytes = (size_t)texture->width * (size_t)texture->height * 4;
    if (bytes > frame->tint_bytes) {
      frame->tint_bytes = bytes;
    }
  }
  json_decref(root);
  return true;
}

bone_frame *bone_frame_create(const anima_bone_instance *instance,
                              const char *document, size_t length,
                              const char *directory, FILE *errors) {
  bone_frame *frame = calloc(1, sizeof *frame);
  if (frame == NULL) {
    return NULL;
  }
  memset(frame->white, 255, sizeof frame->white);
  frame->tint_bytes = 4;
  if (!load_textures(frame, document, length, directory, errors)) {
    bone_frame_destroy(frame);
    return NULL;
  }
  anima_bone_draw_capacity(instance, &frame->vertex_capacity,
                           &frame->index_capacity);
  /* Every draw item is at most one slot: the vertex capacity is slots ×
   * the largest attachment, so slots = capacity / largest ≤ capacity / 4. */
  frame->item_capacity = frame->vertex_capacity / 4 + 1;
  anima_draw_frame *f = &frame->frame;
  size_t items = frame->item_capacity;
  f->items = calloc(3 * items, sizeof *f->items);
  f->groups = calloc(items, sizeof *f->groups);
  f->meshes = calloc(items, sizeof *f->meshes);
  f->vertices = calloc(frame->vertex_capacity + 1, sizeof *f->vertices);
  f->indices = calloc(frame->index_capacity + 1, sizeof *f->indices);
  frame->tinted = calloc(items, sizeof *frame->tinted);
  if (!f->items || !f->groups || !f->meshes || !f->vertices || !f->indices ||
      !frame->tinted) {
    bone_frame_destroy(frame);
    return NULL;
  }
  for (size_t i = 0; i < items; i++) {
    frame->tinted[i] = malloc(frame->tint_bytes);
    if (frame->tinted[i] == NULL) {
      bone_frame_destroy(frame);
      return NULL;
    }
  }
  f->grid = 1;
  return frame;
}

void bone_frame_destroy(bone_frame *frame) {
  if (frame == NULL) {
    return;
  }
  for (size_t i = 0; i < frame->texture_count; i++) {
    free(frame->textures[i].id);
    free(frame->textures[i].rgba);
  }
  free(frame->textures);
  for (size_t i = 0; frame->tinted && i < frame->item_capacity; i++) {
    free(frame->tinted[i]);
  }
  free(frame->tinted);
  free(frame->frame.items);
  free(frame->frame.groups);
  free(frame->frame.meshes);
  free(frame->frame.vertices);
  free(frame->frame.indices);
  free(frame);
}

static anima_blend_mode blend_mode(const char *name, double *strength) {
  *strength = 0;
  if (name && strcmp(name, "additive") == 0) {
    *strength = 1;
    return ANIMA_BLEND_ADDITIVE;
  }
  if (name && strcmp(name, "multiply") == 0) {
    return ANIMA_BLEND_MULTIPLY;
  }
  if (name && strcmp(name, "screen") == 0) {
    return ANIMA_BLEND_SCREEN;
  }
  return ANIMA_BLEND_NORMAL;
}

static double unit(double value) {
  return value < 0 ? 0 : value > 1 ? 1 : value;
}

/* The pixels an item draws: its texture (white without one), multiplied by
 * the item's RGB into the item's tint buffer when that is not white. */
static anima_draw_pixels item_pixels(bone_frame *frame, size_t k,
                                     const anima_bone_draw_item *item) {
  anima_draw_pixels pixels = {frame->white, 1, 1, 4, NULL};
  for (size_t t = 0; item->texture && t < frame->texture_count; t++) {
    const bone_texture *texture = &frame->textures[t];
    if (texture->rgba && strcmp(texture->id, item->texture) == 0) {
      pixels.data = texture->rgba;
      pixels.width = texture->width;
      pixels.height = texture->height;
      pixels.stride = (size_t)texture->width * 4;
    }
  }
  double r = unit(item->color[0]), g = unit(item->color[1]);
  double b = unit(item->color[2]);
  if (r == 1 && g == 1 && b == 1) {
    return pixels;
  }
  uint8_t *out = frame->tinted[k];
  size_t count = (size_t)pixels.width * (size_t)pixels.height;
  for (size_t i = 0; i < count; i++) {
    const uint8_t *in = pixels.data + 4 * i;
    out[4 * i] = (uint8_t)(in[0] * r + 0.5);
    out[4 * i + 1] = (uint8_t)(in[1] * g + 0.5);
    out[4 * i + 2] = (uint8_t)(in[2] * b + 0.5);
    out[4 * i + 3] = in[3];
  }
  pixels.data = out;
  return pixels;
}

const anima_draw_frame *bone_frame_build(bone_frame *frame,
                                         anima_bone_instance *instance,
                                         const double view_box[4]) {
  anima_draw_frame *f = &frame->frame;
  const anima_bone_draw_item *list = NULL;
  size_t count = anima_bone_draw_list(instance, &list);
  if (count > frame->item_capacity) {
    count = frame->item_capacity; /* cannot happen: sized from the instance */
  }
  memcpy(f->view_box, view_box, sizeof f->view_box);
  size_t vertex_at = 0, index_at = 0;
  const anima_matrix identity = {1, 0, 0, 1, 0, 0};
  for (size_t k = 0; k < count; k++) {
    const anima_bone_draw_item *item = &list[k];
    anima_draw_item *begin = &f->items[3 * k];
    anima_draw_item *mesh = begin + 1, *end = begin + 2;
    anima_draw_item base = {0};
    base.id = item->attachment;
    base.node = ANIMA_DRAW_ROOT;
    base.pointer = "";
    base.payload = k;
    base.visible = true;
    base.opacity = 1;
    base.local = base.world = identity;
    *begin = *mesh = *end = base;
    begin->kind = ANIMA_DRAW_GROUP_BEGIN;
    begin->partner = 3 * k + 2;
    begin->first_child = 0;
    begin->child_count = 1;
    end->kind = ANIMA_DRAW_GROUP_END;
    end->partner = 3 * k;
    mesh->kind = ANIMA_DRAW_MESH;
    mesh->partner = 3 * k + 1;
    mesh->opacity = unit(item->color[3]);
    anima_draw_group *group = &f->groups[k];
    memset(group, 0, sizeof *group);
    group->blend = blend_mode(item->blend, &group->strength);
    anima_draw_mesh *payload = &f->meshes[k];
    payload->pixels = item_pixels(frame, k, item);
    payload->sampling = ANIMA_SAMPLING_BILINEAR;
    payload->first_vertex = vertex_at;
    payload->vertex_count = item->vertex_count;
    payload->first_index = index_at;
    payload->index_count = item->index_count;
    for (size_t v = 0; v < item->vertex_count; v++) {
      anima_draw_vertex *out = &f->vertices[vertex_at + v];
      out->x = item->vertices[2 * v];
      out->y = -item->vertices[2 * v + 1];
      out->u = item->uvs[2 * v];
      out->v = item->uvs[2 * v + 1];
    }
    for (size_t i = 0; i < item->index_count; i++) {
      f->indices[index_at + i] = item->indices[i];
    }
    vertex_at += item->vertex_count;
    index_at += item->index_count;
  }
  f->item_count = 3 * count;
  f->group_count = count;
  f->mesh_count = count;
  f->vertex_count = vertex_at;
  f->index_count = index_at;
  return f;
}

bool bone_frame_extent(anima_bone_instance *instance, double box[4]) {
  const anima_bone_draw_item *list = NULL;
  size_t count = anima_bone_draw_list(instance, &list);
  bool any = false;
  for (size_t k = 0; k < count; k++) {
    for (size_t v = 0; v < list[k].vertex_count; v++) {
      double x = list[k].vertices[2 * v], y = -list[k].vertices[2 * v + 1];
      box[0] = x < box[0] ? x : box[0];
      box[1] = y < box[1] ? y : box[1];
      box[2] = x > box[2] ? x : box[2];
      box[3] = y > box[3] ? y : box[3];
      any = true;
    }
  }
  return any;
}
