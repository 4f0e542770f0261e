/*
 * draw_frame.c — draw frame checks and colour settings (include/anima/draw.h,
 * SPEC §4 paint order and Knockout, §6 colours).
 */
#include <string.h>

#include <anima/draw.h>

static bool is_begin(anima_draw_item_kind kind) {
  return kind == ANIMA_DRAW_GROUP_BEGIN || kind == ANIMA_DRAW_KNOCKOUT_BEGIN;
}

static bool is_end(anima_draw_item_kind kind) {
  return kind == ANIMA_DRAW_GROUP_END || kind == ANIMA_DRAW_KNOCKOUT_END;
}

static anima_draw_item_kind end_of(anima_draw_item_kind begin) {
  return begin == ANIMA_DRAW_GROUP_BEGIN ? ANIMA_DRAW_GROUP_END
                                         : ANIMA_DRAW_KNOCKOUT_END;
}

/*
 * The begin item of the range that directly encloses item `index`, or
 * `count` at top level: walk left, skipping whole closed ranges.
 */
static size_t enclosing_begin(const anima_draw_item *items, size_t count,
                              size_t index) {
  size_t cursor = index;
  while (cursor > 0) {
    cursor--;
    if (is_begin(items[cursor].kind)) {
      return cursor;
    }
    if (is_end(items[cursor].kind)) {
      cursor = items[cursor].partner; /* validated to be < cursor */
    }
  }
  return count;
}

anima_status anima_draw_frame_validate(const anima_draw_frame *frame) {
  if (frame == NULL || (frame->item_count > 0 && frame->items == NULL)) {
    return ANIMA_ERROR_INVALID_ARGUMENT;
  }
  const anima_draw_item *items = frame->items;
  size_t count = frame->item_count;
  size_t open = count; /* innermost open begin; count at top level */
  for (size_t index = 0; index < count; index++) {
    const anima_draw_item *item = &items[index];
    if (is_begin(item->kind)) {
      size_t end = item->partner;
      if (end <= index || end >= count ||
          items[end].kind != end_of(item->kind) ||
          items[end].partner != index) {
        return ANIMA_ERROR_INVALID_ARGUMENT;
      }
      if (item->kind == ANIMA_DRAW_KNOCKOUT_BEGIN &&
          (item->cutter != end + 1 || end + 1 >= count ||
           items[end + 1].kind != ANIMA_DRAW_SHAPE ||
           items[end].cutter != item->cutter)) {
        return ANIMA_ERROR_INVALID_ARGUMENT;
      }
      open = index;
    } else if (is_end(item->kind)) {
      /* Ranges nest: an end closes the innermost open range. */
      if (open == count || item->partner != open) {
        return ANIMA_ERROR_INVALID_ARGUMENT;
      }
      open = enclosing_begin(items, count, open);
    } else if (item->kind == ANIMA_DRAW_SHAPE) {
      if (item->outline == NULL) {
        return ANIMA_ERROR_INVALID_ARGUMENT;
      }
    } else {
      return ANIMA_ERROR_INVALID_ARGUMENT;
    }
  }
  return open == count ? ANIMA_OK : ANIMA_ERROR_INVALID_ARGUMENT;
}

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
