/*
 * test_composite_fixture.h — documents for the `composite` module's tests
 * (tests/test_composite*.c): the paint fixture (test_paint_fixture.h) with
 * `colormix` and `composite` loaded too, and lookups of the draw frame's
 * items by node.
 */
#ifndef ANIMA_TEST_COMPOSITE_FIXTURE_H
#define ANIMA_TEST_COMPOSITE_FIXTURE_H

#include "test_paint_fixture.h"

/** A runtime with corners, paint, colormix and composite loaded. */
static inline paint_fixture composite_runtime(void) {
  paint_fixture f = paint_runtime(true);
  paint_load_module(&f, "colormix");
  paint_load_module(&f, "composite");
  return f;
}

/** The first item of `kind` produced by node `node`, or NULL. */
static inline const anima_draw_item *
composite_item(const paint_fixture *f, size_t node, anima_draw_item_kind kind) {
  for (size_t i = 0; i < f->frame->item_count; i++) {
    const anima_draw_item *item = anima_draw_frame_item(f->frame, i);
    if (item->kind == kind && item->node == node) {
      return item;
    }
  }
  return NULL;
}

/** The index of that item (it must exist). */
static inline size_t composite_item_index(const paint_fixture *f, size_t node,
                                          anima_draw_item_kind kind) {
  const anima_draw_item *item = composite_item(f, node, kind);
  cr_assert_not_null(item, "node %zu has no item of kind %d", node, kind);
  return (size_t)(item - anima_draw_frame_item(f->frame, 0));
}

/** The top-level children of the frame in paint order (node indices of
 * their items), into `nodes` (capacity 16); returns the count. */
static inline size_t composite_root_order(const paint_fixture *f,
                                          size_t *nodes) {
  size_t cursor = 0, item = 0, count = 0;
  while (count < 16 &&
         anima_draw_frame_next(f->frame, ANIMA_DRAW_ROOT, &cursor, &item)) {
    nodes[count++] = anima_draw_frame_item(f->frame, item)->node;
  }
  return count;
}

/** Fails unless the hint of `d` contains `words`. */
static inline void composite_expect_hint(const anima_diagnostic *d,
                                         const char *words) {
  cr_assert(d->hint && strstr(d->hint, words), "hint \"%s\" lacks \"%s\"",
            d->hint ? d->hint : "", words);
}

#endif
