/*
 * draw_frame.c — draw frame checks, paint-order traversal and colour
 * settings (include/anima/draw.h; SPEC §4 paint order and Knockout, §6
 * colours; composite "Sibling draw order").
 */
#include <stdlib.h>
#include <string.h>

#include <anima/draw.h>

static bool is_begin(anima_draw_item_kind kind) {
  return kind == ANIMA_DRAW_GROUP_BEGIN || kind == ANIMA_DRAW_MASK_BEGIN ||
         kind == ANIMA_DRAW_CLIP_BEGIN;
}

static bool is_end(anima_draw_item_kind kind) {
  return kind == ANIMA_DRAW_GROUP_END || kind == ANIMA_DRAW_MASK_END ||
         kind == ANIMA_DRAW_CLIP_END;
}

static anima_draw_item_kind end_of(anima_draw_item_kind begin) {
  return (anima_draw_item_kind)(begin + 1);
}

#define ITEM(frame, index) anima_draw_frame_item((frame), (index))

/* The item after the unit starting at `index` (past a whole range). */
static size_t after_unit(const anima_draw_frame *frame, size_t index) {
  const anima_draw_item *item = ITEM(frame, index);
  return is_begin(item->kind) ? item->partner + 1 : index + 1;
}

bool anima_draw_frame_next(const anima_draw_frame *frame, size_t parent,
                           size_t *cursor, size_t *item) {
  if (frame == NULL || cursor == NULL || item == NULL) {
    return false;
  }
  if (frame->order != NULL) {
    size_t first = frame->first_root, count = frame->root_count;
    if (parent != ANIMA_DRAW_ROOT) {
      first = ITEM(frame, parent)->first_child;
      count = ITEM(frame, parent)->child_count;
    }
    if (*cursor >= count) {
      return false;
    }
    *item = frame->order[first + (*cursor)++];
    return true;
  }
  size_t start = parent == ANIMA_DRAW_ROOT ? 0 : parent + 1;
  size_t end = parent == ANIMA_DRAW_ROOT ? frame->item_count
                                         : ITEM(frame, parent)->partner;
  size_t position = *cursor == 0 ? start : *cursor;
  if (position >= end) {
    return false;
  }
  *item = position;
  *cursor = after_unit(frame, position);
  return true;
}

/* ------------------------------------------------------------------------ */
/* Validation                                                                */
/* ------------------------------------------------------------------------ */

static bool range_fits(size_t first, size_t count, size_t size) {
  return first <= size && count <= size - first;
}

static bool pixels_valid(const anima_draw_pixels *pixels) {
  return pixels->data != NULL && pixels->width > 0 && pixels->height > 0 &&
         pixels->width <= 65535 && pixels->height <= 65535 &&
         pixels->stride >= 4 * (size_t)pixels->width;
}

static bool paint_valid(const anima_draw_frame *frame, size_t index) {
  if (index >= frame->paint_count || frame->paints == NULL) {
    return false;
  }
  const anima_draw_paint *paint = &frame->paints[index];
  if ((unsigned)paint->kind >= ANIMA_PAINT_KIND_COUNT ||
      (paint->kind == ANIMA_PAINT_IMAGE && !pixels_valid(&paint->pixels))) {
    return false;
  }
  if (paint->kind != ANIMA_PAINT_SOLID && paint->kind != ANIMA_PAINT_IMAGE &&
      (paint->stop_count == 0 ||
       !range_fits(paint->first_stop, paint->stop_count, frame->stop_count) ||
       frame->stops == NULL)) {
    return false;
  }
  return true;
}

static bool shape_valid(const anima_draw_frame *frame,
                        const anima_draw_item *item) {
  if (item->payload >= frame->shape_count || frame->shapes == NULL) {
    return false;
  }
  const anima_draw_shape *shape = &frame->shapes[item->payload];
  if (shape->outline == NULL ||
      !range_fits(shape->first_layer, shape->layer_count, frame->layer_count) ||
      (shape->layer_count > 0 && frame->layers == NULL)) {
    return false;
  }
  for (size_t index = 0; index < shape->layer_count; index++) {
    const anima_draw_layer *layer = &frame->layers[shape->first_layer + index];
    if (!paint_valid(frame, layer->paint) ||
        (unsigned)layer->blend >= ANIMA_BLEND_MODE_COUNT) {
      return false;
    }
    if (layer->kind == ANIMA_LAYER_STROKE) {
      if (layer->stroke >= frame->stroke_count || frame->strokes == NULL) {
        return false;
      }
      const anima_draw_stroke *stroke = &frame->strokes[layer->stroke];
      if (!range_fits(stroke->first_dash, stroke->dash_count,
                      frame->dash_count) ||
          (stroke->dash_count > 0 && frame->dashes == NULL)) {
        return false;
      }
    } else if (layer->kind != ANIMA_LAYER_FILL) {
      return false;
    }
  }
  return true;
}

static bool mesh_valid(const anima_draw_frame *frame,
                       const anima_draw_item *item) {
  if (item->payload >= frame->mesh_count || frame->meshes == NULL) {
    return false;
  }
  const anima_draw_mesh *mesh = &frame->meshes[item->payload];
  if (!pixels_valid(&mesh->pixels) ||
      !range_fits(mesh->first_vertex, mesh->vertex_count,
                  frame->vertex_count) ||
      !range_fits(mesh->first_index, mesh->index_count, frame->index_count) ||
      mesh->index_count % 3 != 0 ||
      (mesh->vertex_count > 0 && frame->vertices == NULL) ||
      (mesh->index_count > 0 && frame->indices == NULL)) {
    return false;
  }
  for (size_t index = 0; index < mesh->index_count; index++) {
    if (frame->indices[mesh->first_index + index] >= mesh->vertex_count) {
      return false;
    }
  }
  return true;
}

/* A mask's source starts a unit outside the masked range [begin, end]. */
static bool source_valid(const anima_draw_frame *frame, size_t begin,
                         size_t end, size_t source, bool shape_only) {
  if (source >= frame->item_count) {
    return false;
  }
  const anima_draw_item *item = ITEM(frame, source);
  if (is_end(item->kind) || (shape_only && item->kind != ANIMA_DRAW_SHAPE)) {
    return false;
  }
  size_t source_end = is_begin(item->kind) ? item->partner : source;
  /* neither inside the masked range nor enclosing the mask */
  return (source > end || source_end < begin) || shape_only;
}

static bool payload_valid(const anima_draw_frame *frame, size_t index,
                          const anima_draw_item *item) {
  switch (item->kind) {
  case ANIMA_DRAW_GROUP_BEGIN:
    return item->payload < frame->group_count && frame->groups != NULL &&
           (unsigned)frame->groups[item->payload].blend <
               ANIMA_BLEND_MODE_COUNT;
  case ANIMA_DRAW_SHAPE:
    return shape_valid(frame, item);
  case ANIMA_DRAW_MASK_BEGIN: {
    if (item->payload >= frame->mask_count || frame->masks == NULL) {
      return false;
    }
    const anima_draw_mask *mask = &frame->masks[item->payload];
    if (mask->area && mask->source < frame->item_count &&
        ITEM(frame, mask->source)->kind == ANIMA_DRAW_SHAPE) {
      return (unsigned)mask->mode < ANIMA_MASK_MODE_COUNT;
    }
    return (unsigned)mask->mode < ANIMA_MASK_MODE_COUNT && !mask->area &&
           source_valid(frame, index, item->partner, mask->source, false);
  }
  case ANIMA_DRAW_CLIP_BEGIN:
    return item->payload < frame->clip_count && frame->clips != NULL &&
           source_valid(frame, index, item->partner,
                        frame->clips[item->payload].source, true);
  case ANIMA_DRAW_IMAGE:
    return item->payload < frame->image_count && frame->images != NULL &&
           pixels_valid(&frame->images[item->payload].pixels);
  case ANIMA_DRAW_MESH:
    return mesh_valid(frame, item);
  default:
    return true;
  }
}

/*
 * The begin item of the range that directly encloses item `index`, or
 * `count` at top level: walk left, skipping whole closed ranges.
 */
static size_t enclosing_begin(const anima_draw_frame *frame, size_t index) {
  size_t cursor = index;
  while (cursor > 0) {
    cursor--;
    const anima_draw_item *item = ITEM(frame, cursor);
    if (is_begin(item->kind)) {
      return cursor;
    }
    if (is_end(item->kind)) {
      cursor = item->partner; /* validated to be < cursor */
    }
  }
  return frame->item_count;
}

/* Each range's order lists its direct children exactly once. */
static bool order_valid(const anima_draw_frame *frame, const size_t *parents) {
  size_t count = frame->item_count;
  bool *seen = calloc(count > 0 ? count : 1, sizeof *seen);
  if (seen == NULL) {
    return false;
  }
  bool valid = true;
  for (size_t range = 0; valid && range <= count; range++) {
    size_t first = frame->first_root, listed = frame->root_count;
    size_t units = 0;
    if (range < count) {
      const anima_draw_item *item = ITEM(frame, range);
      if (!is_begin(item->kind)) {
        continue;
      }
      first = item->first_child;
      listed = item->child_count;
      for (size_t child = range + 1; child < item->partner;
           child = after_unit(frame, child)) {
        units++;
      }
    } else {
      for (size_t child = 0; child < count; child = after_unit(frame, child)) {
        units++;
      }
    }
    if (listed != units || !range_fits(first, listed, frame->order_count)) {
      valid = false;
      break;
    }
    for (size_t position = 0; position < listed; position++) {
      size_t child = frame->order[first + position];
      if (child >= count || is_end(ITEM(frame, child)->kind) ||
          parents[child] != range || seen[child]) {
        valid = false;
        break;
      }
      seen[child] = true;
    }
  }
  free(seen);
  return valid;
}

anima_status anima_draw_frame_validate(const anima_draw_frame *frame) {
  if (frame == NULL || (frame->item_count > 0 && frame->items == NULL) ||
      (frame->item_size != 0 && frame->item_size < sizeof(anima_draw_item))) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  size_t count = frame->item_count;
  size_t *parents = NULL;
  if (frame->order != NULL) {
    parents = calloc(count > 0 ? count : 1, sizeof *parents);
    if (parents == NULL) {
      return ANIMA_ERROR_NO_MEMORY;
    }
  }
  anima_status status = ANIMA_OK;
  size_t open = count; /* innermost open begin; count at top level */
  for (size_t index = 0; status == ANIMA_OK && index < count; index++) {
    const anima_draw_item *item = ITEM(frame, index);
    if ((unsigned)item->kind >= ANIMA_DRAW_ITEM_KIND_COUNT) {
      status = ANIMA_ERROR_INVALID_ARGUMENT;
      break;
    }
    if (parents != NULL) {
      parents[index] = open;
    }
    if (is_begin(item->kind)) {
      size_t end = item->partner;
      if (end <= index || end >= count ||
          ITEM(frame, end)->kind != end_of(item->kind) ||
          ITEM(frame, end)->partner != index) {
        status = ANIMA_ERROR_INVALID_ARGUMENT;
        break;
      }
      open = index;
    } else if (is_end(item->kind)) {
      /* Ranges nest: an end closes the innermost open range. */
      if (open == count || item->partner != open) {
        status = ANIMA_ERROR_INVALID_ARGUMENT;
        break;
      }
      open = enclosing_begin(frame, open);
    }
  }
  if (status == ANIMA_OK && open != count) {
    status = ANIMA_ERROR_INVALID_ARGUMENT;
  }
  /* Payloads after the structure, so sources can be measured as ranges. */
  for (size_t index = 0; status == ANIMA_OK && index < count; index++) {
    if (!payload_valid(frame, index, ITEM(frame, index))) {
      status = ANIMA_ERROR_INVALID_ARGUMENT;
    }
  }
  if (status == ANIMA_OK && parents != NULL && !order_valid(frame, parents)) {
    status = ANIMA_ERROR_INVALID_ARGUMENT;
  }
  free(parents);
  return status;
}

/* ------------------------------------------------------------------------ */
/* Colours                                                                   */
/* ------------------------------------------------------------------------ */

static void resolve_slot(anima_draw_slot *slot, anima_color current) {
  if (slot->overridden) {
    return;
  }
  slot->color = slot->default_is_current ? current : slot->default_color;
}

anima_status anima_draw_frame_set_current_color(anima_draw_frame *frame,
                                                anima_color color) {
  if (frame == NULL) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  frame->current_color = color;
  for (size_t index = 0; index < frame->slot_count; index++) {
    resolve_slot(&frame->slots[index], color);
  }
  return ANIMA_OK;
}

long anima_draw_frame_find_slot(const anima_draw_frame *frame,
                                const char *name) {
  if (frame == NULL || name == NULL) {
    return -1;
  }
  for (size_t index = 0; index < frame->slot_count; index++) {
    if (frame->slots[index].name != NULL &&
        strcmp(frame->slots[index].name, name) == 0) {
      return (long)index;
    }
  }
  return -1;
}

anima_status anima_draw_frame_set_slot(anima_draw_frame *frame, size_t slot,
                                       anima_color color) {
  if (frame == NULL || slot >= frame->slot_count) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  frame->slots[slot].overridden = true;
  frame->slots[slot].color = color;
  return ANIMA_OK;
}
