/*
 * scroll.h — internals of the scroll module (SPEC `## scroll`, "Scroll rig
 * constraint"; docs/modules/scroll.md): rest extents, the two constraint
 * kinds, the per-player offsets and the document checks. The public C API
 * for hosts is include/anima/scroll.h.
 */
#ifndef ANIMA_MODULE_SCROLL_H
#define ANIMA_MODULE_SCROLL_H

#include <anima/module.h>

#include "../module_bounds.h"

extern const anima_host *scroll_host;

#define SCROLL_FEATURE "scroll"
#define SCROLL_HOOK "offsets"

/* ---- rest extents (module_bounds.h) ------------------------------------ */

/* The rest bounds of `node` (module_rest_bounds) mapped into the node's
 * parent space by its authored rest transform (the box's four corners). */
module_box scroll_rest_bounds_in_parent(const anima_json *node);

/* ---- the per-player offsets (scroll_offsets.c) -------------------------- */

/* One scroll constraint's interactive state (per player). */
typedef struct scroll_entry {
  double offset[2];  /* the interactive offsets, once set */
  bool set;          /* an offset was set (operation or C API) */
  double pending[2]; /* a proposal queued for the next step */
  bool has_pending;
} scroll_entry;

/* The scroll constraints of a model in document order (nodes in pre-order,
 * items in authored order): how the stage hook, the operation and the
 * solver agree on an entry. */
typedef struct scroll_list {
  size_t count;
  size_t *hosts;     /* each constraint's content node */
  bool *interactive; /* its `interactive` */
} scroll_list;

/* The position of item `index` of `node`'s constraints among the model's
 * scroll constraints (compile). */
size_t scroll_entry_index(anima_compile *compile, size_t node, size_t index);
/* This player's entry `index`, or NULL when the document has no offsets
 * hook instance. */
scroll_entry *scroll_entry_of(anima_step *step, size_t index);
/* Whether `item` (a constraint object) is of kind `kind`. */
bool scroll_is_kind(const anima_json *item, const char *kind);

anima_status scroll_register_offsets(anima_registrar *r);

/* ---- the kinds and checks ----------------------------------------------- */

anima_status scroll_register_kinds(anima_registrar *r);
void scroll_check(anima_check *check, void *user);

#endif /* ANIMA_MODULE_SCROLL_H */
