/*
 * frame.c — the OpenBone draw list (spec §8.4) lowered into Anima's draw
 * frame (include/anima/draw.h); see "Drawing through Anima's draw frame" in
 * include/anima/openbone.h. Creation and anima_bone_frame_set_texture
 * allocate; anima_bone_frame_build allocates nothing.
 */
#include <stdlib.h>
#include <string.h>

#include "instance.h"

typedef struct ob_texture {
  char *id;
  uint8_t *rgba; /* tightly packed, width · 4 bytes a row */
  int width, height;
} ob_texture;

struct anima_bone_frame {
  anima_draw_frame frame;
  ob_texture *textures;
  size_t texture_count;
  size_t item_capacity; /* draw items: at most one per slot */
  size_t vertex_capacity, index_capacity;
  uint8_t **tinted; /* one buffer per draw item, largest texture size */
  size_t tint_bytes;
  uint8_t white[4];
};

void anima_bone_frame_destroy(anima_bone_frame *frame) {
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

anima_status anima_bone_frame_create(const anima_bone_instance *instance,
                                     anima_bone_frame **out) {
  *out = NULL;
  anima_bone_frame *frame = calloc(1, sizeof *frame);
  if (frame == NULL) {
    return ANIMA_ERROR_NO_MEMORY;
  }
  memset(frame->white, 255, sizeof frame->white);
  anima_bone_draw_capacity(instance, &frame->vertex_capacity,
                           &frame->index_capacity);
  frame->item_capacity = instance->model->slot_count + 1;
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
    anima_bone_frame_destroy(frame);
    return ANIMA_ERROR_NO_MEMORY;
  }
  frame->tint_bytes = 4;
  for (size_t i = 0; i < items; i++) {
    frame->tinted[i] = malloc(frame->tint_bytes);
    if (frame->tinted[i] == NULL) {
      anima_bone_frame_destroy(frame);
      return ANIMA_ERROR_NO_MEMORY;
    }
  }
  f->grid = 1;
  *out = frame;
  return ANIMA_OK;
}

/* Grows every tint buffer to `bytes`. */
static bool grow_tints(anima_bone_frame *frame, size_t bytes) {
  if (bytes <= frame->tint_bytes) {
    return true;
  }
  for (size_t i = 0; i < frame->item_capacity; i++) {
    uint8_t *grown = realloc(frame->tinted[i], bytes);
    if (grown == NULL) {
      return false;
    }
    frame->tinted[i] = grown;
  }
  frame->tint_bytes = bytes;
  return true;
}

anima_status anima_bone_frame_set_texture(anima_bone_frame *frame,
                                          const char *id, const uint8_t *rgba,
                                          int width, int height,
                                          size_t stride) {
  if (id == NULL || rgba == NULL || width <= 0 || height <= 0 ||
      width > ANIMA_BONE_TEXTURE_MAXIMUM ||
      height > ANIMA_BONE_TEXTURE_MAXIMUM || stride < 4 * (size_t)width) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  size_t row = 4 * (size_t)width, bytes = row * (size_t)height;
  uint8_t *pixels = malloc(bytes);
  if (pixels == NULL || !grow_tints(frame, bytes)) {
    free(pixels);
    return ANIMA_ERROR_NO_MEMORY;
  }
  for (int y = 0; y < height; y++) {
    memcpy(pixels + row * (size_t)y, rgba + stride * (size_t)y, row);
  }
  for (size_t t = 0; t < frame->texture_count; t++) {
    if (strcmp(frame->textures[t].id, id) == 0) {
      free(frame->textures[t].rgba);
      frame->textures[t].rgba = pixels;
      frame->textures[t].width = width;
      frame->textures[t].height = height;
      return ANIMA_OK;
    }
  }
  ob_texture *grown =
      realloc(frame->textures, (frame->texture_count + 1) * sizeof *grown);
  char *copy = grown ? strdup(id) : NULL;
  if (grown) {
    frame->textures = grown;
  }
  if (copy == NULL) {
    free(pixels);
    return ANIMA_ERROR_NO_MEMORY;
  }
  frame->textures[frame->texture_count++] =
      (ob_texture){copy, pixels, width, height};
  return ANIMA_OK;
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
static anima_draw_pixels item_pixels(anima_bone_frame *frame, size_t k,
                                     const anima_bone_draw_item *item) {
  anima_draw_pixels pixels = {frame->white, 1, 1, 4, NULL};
  for (size_t t = 0; item->texture && t < frame->texture_count; t++) {
    const ob_texture *texture = &frame->textures[t];
    if (strcmp(texture->id, item->texture) == 0) {
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
  size_t count = (size_t)pixels.width * (size_t)pixels.height;
  uint8_t *out = frame->tinted[k];
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

const anima_draw_frame *anima_bone_frame_build(anima_bone_frame *frame,
                                               anima_bone_instance *instance,
                                               const double view_box[4]) {
  anima_draw_frame *f = &frame->frame;
  const anima_bone_draw_item *list = NULL;
  size_t count = anima_bone_draw_list(instance, &list);
  if (count > frame->item_capacity) {
    count = frame->item_capacity; /* cannot happen: sized from the model */
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

bool anima_bone_draw_extent(anima_bone_instance *instance, double box[4]) {
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
