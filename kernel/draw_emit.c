/*
 * draw_emit.c — node behaviours that draw images and meshes (module.h
 * anima_node_behaviour_desc `reserve` and `emit`; the host members
 * emit_image and emit_mesh; docs/MODULES.md §8 "Emitted primitives").
 *
 * At frame creation each such behaviour's `reserve` says how many IMAGE
 * and MESH items, mesh vertices and mesh indices its node may need, and
 * draw_layout.c gives the node exactly those items and table ranges, inside
 * the node's own group. Every build hides them, then `emit` fills as many
 * as it uses through the calls below, which check each primitive and
 * refuse, writing nothing, anything past the reservation. A refused call
 * (even one the behaviour ignores) or an error from `emit` hides all of
 * the node's primitives for that frame and fails the build with a message
 * (anima_draw_frame_error): never a partial node, never a write past the
 * reserved space. Nothing here allocates.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "draw_internal.h"
#include "host_internal.h"

struct anima_draw_emit {
  anima_draw_frame *frame;
  const draw_emitter *emitter;
  size_t images, meshes, vertices, indices; /* used so far */
  /** The first refused call, as a sentence, or NULL. */
  const char *refusal;
};

static bool pixels_valid(const anima_draw_pixels *pixels) {
  return pixels != NULL && pixels->data != NULL && pixels->width > 0 &&
         pixels->height > 0 && pixels->width <= 65535 &&
         pixels->height <= 65535 && pixels->stride >= 4 * (size_t)pixels->width;
}

static bool finite4(const double values[4]) {
  return isfinite(values[0]) && isfinite(values[1]) && isfinite(values[2]) &&
         isfinite(values[3]);
}

static bool sampling_valid(anima_image_sampling sampling) {
  return (unsigned)sampling <= ANIMA_SAMPLING_NEAREST;
}

/* Records the first refusal and returns the status every refusal has. */
static anima_status refuse(anima_draw_emit *emit, const char *why) {
  if (emit->refusal == NULL) {
    emit->refusal = why;
  }
  return ANIMA_ERROR_INVALID_ARGUMENT;
}

anima_status anima_draw_emit_image(anima_draw_emit *emit,
                                   const anima_draw_image *image) {
  if (emit == NULL) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  if (emit->images >= emit->emitter->image_count) {
    return refuse(emit, "emit_image past the images its reserve declared");
  }
  if (image == NULL || !pixels_valid(&image->pixels) || !finite4(image->box) ||
      !finite4(image->dest) || !finite4(image->source) ||
      !sampling_valid(image->sampling) ||
      (unsigned)image->wrap_x >= ANIMA_WRAP_COUNT ||
      (unsigned)image->wrap_y >= ANIMA_WRAP_COUNT) {
    return refuse(emit, "emit_image with pixels without data or size, a "
                        "non-finite rectangle, or an unknown sampling or wrap");
  }
  anima_draw_frame *frame = emit->frame;
  anima_draw_item *item =
      &frame->items[emit->emitter->first_image_item + emit->images++];
  frame->images[item->payload] = *image;
  item->visible = true;
  return ANIMA_OK;
}

static bool vertices_valid(const anima_draw_vertex *vertices, size_t count) {
  for (size_t i = 0; i < count; i++) {
    if (!isfinite(vertices[i].x) || !isfinite(vertices[i].y) ||
        !isfinite(vertices[i].u) || !isfinite(vertices[i].v)) {
      return false;
    }
  }
  return true;
}

static bool indices_valid(const uint32_t *indices, size_t count,
                          size_t vertex_count) {
  for (size_t i = 0; i < count; i++) {
    if (indices[i] >= vertex_count) {
      return false;
    }
  }
  return true;
}

anima_status anima_draw_emit_mesh(anima_draw_emit *emit,
                                  const anima_draw_pixels *pixels,
                                  anima_image_sampling sampling,
                                  const anima_draw_vertex *vertices,
                                  size_t vertex_count, const uint32_t *indices,
                                  size_t index_count) {
  if (emit == NULL) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  const draw_emitter *emitter = emit->emitter;
  if (emit->meshes >= emitter->mesh_count) {
    return refuse(emit, "emit_mesh past the meshes its reserve declared");
  }
  if (vertex_count > emitter->vertex_count - emit->vertices) {
    return refuse(emit,
                  "emit_mesh past the mesh vertices its reserve declared");
  }
  if (index_count > emitter->index_count - emit->indices) {
    return refuse(emit, "emit_mesh past the mesh indices its reserve declared");
  }
  if (!pixels_valid(pixels) || !sampling_valid(sampling) ||
      (vertex_count > 0 && vertices == NULL) ||
      (index_count > 0 && indices == NULL) || index_count % 3 != 0 ||
      !vertices_valid(vertices, vertex_count) ||
      !indices_valid(indices, index_count, vertex_count)) {
    return refuse(emit, "emit_mesh with pixels without data or size, an "
                        "unknown sampling, a non-finite vertex, an index "
                        "past its vertices or an index count that is not a "
                        "multiple of 3");
  }
  anima_draw_frame *frame = emit->frame;
  size_t first_vertex = emitter->first_vertex + emit->vertices;
  size_t first_index = emitter->first_index + emit->indices;
  if (vertex_count > 0) {
    memcpy(frame->vertices + first_vertex, vertices,
           vertex_count * sizeof *vertices);
  }
  if (index_count > 0) {
    memcpy(frame->indices + first_index, indices,
           index_count * sizeof *indices);
  }
  emit->vertices += vertex_count;
  emit->indices += index_count;
  anima_draw_item *item =
      &frame->items[emitter->first_mesh_item + emit->meshes++];
  frame->meshes[item->payload] = (anima_draw_mesh){
      .pixels = *pixels,
      .sampling = sampling,
      .first_vertex = first_vertex,
      .vertex_count = vertex_count,
      .first_index = first_index,
      .index_count = index_count,
  };
  item->visible = true;
  return ANIMA_OK;
}

/* Hides every primitive of an emitter (what it holds stays valid: only
 * checked primitives are ever written). */
static void hide(anima_draw_frame *frame, const draw_emitter *emitter) {
  for (size_t i = 0; i < emitter->image_count; i++) {
    frame->items[emitter->first_image_item + i].visible = false;
  }
  for (size_t i = 0; i < emitter->mesh_count; i++) {
    frame->items[emitter->first_mesh_item + i].visible = false;
  }
}

/* The build's error message: which node, which behaviour, what happened
 * (snprintf into the builder's own buffer: no allocation). */
static void describe(struct anima_draw_builder *builder,
                     const draw_emitter *emitter, const char *what,
                     anima_status status) {
  const anima_model_node *node = &builder->model->nodes[emitter->node];
  const char *pointer = builder->node_pointers[emitter->node];
  char counts[160];
  snprintf(counts, sizeof counts,
           "its reserve: %zu image(s), %zu mesh(es), %zu vertices, %zu "
           "indices",
           emitter->image_count, emitter->mesh_count, emitter->vertex_count,
           emitter->index_count);
  if (what != NULL) {
    snprintf(builder->error, sizeof builder->error,
             "node \"%s\" (%s, type %s): %s (%s); its primitives are not "
             "drawn",
             node->id != NULL ? node->id : "", pointer != NULL ? pointer : "",
             emitter->behaviour->node_type, what, counts);
  } else {
    snprintf(builder->error, sizeof builder->error,
             "node \"%s\" (%s, type %s): its behaviour's emit failed (%s); "
             "its primitives are not drawn",
             node->id != NULL ? node->id : "", pointer != NULL ? pointer : "",
             emitter->behaviour->node_type, anima_status_name(status));
  }
}

anima_status anima_draw_build_emitters(anima_draw_frame *frame,
                                       const anima_view *view) {
  struct anima_draw_builder *builder = frame->builder;
  anima_status status = ANIMA_OK;
  for (size_t index = 0; index < builder->emitter_count; index++) {
    const draw_emitter *emitter = &builder->emitters[index];
    hide(frame, emitter);
    anima_draw_emit emit = {.frame = frame, .emitter = emitter};
    anima_status emitted = emitter->behaviour->emit(view, emitter->data, &emit,
                                                    emitter->behaviour->user);
    if (emit.refusal == NULL && emitted == ANIMA_OK) {
      continue;
    }
    hide(frame, emitter);
    if (status == ANIMA_OK) {
      /* a refusal the behaviour passed on or ignored is the module's
       * error; the first failing node names the build's error */
      status = emit.refusal != NULL ? ANIMA_ERROR_MODULE : emitted;
      describe(builder, emitter, emit.refusal, emitted);
    }
  }
  return status;
}
