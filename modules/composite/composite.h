/*
 * composite.h — what the files of the `composite` module share (SPEC
 * `## composite`). The module is split by concept; each file registers its
 * own part from composite.c's init, checks its own fields, and lowers them
 * into draw frame v2 primitives through the host's draw description calls
 * (module.h compile_node_blend/mask/clip/paints):
 *
 *   composite.c    the module, its diagnostic codes, the document check
 *                  and the stage hook (compile: lowering; END: draw order)
 *   tree.c         the node tree of a document being checked or compiled:
 *                  parents, sibling positions, ids
 *   references.c   unknown-source, self-reference and reference-cycle of
 *                  mask, clip and drawOrder references
 *   blend.c        `blend` (AniML mix-blend-mode): the sixteen CSS modes
 *                  ("Blend modes")
 *   mask.c         `mask` {source, mode, sourceDraws} ("Source masks")
 *   clip.c         `clip` {source, rule} ("Geometry clips")
 *   paints.c       `paints`, paint `visible`, `stroke.position` ("Ordered
 *                  paints and visibility", "Stroke placement")
 *   paint_properties.c  the addresses of ordered paints: every fill and
 *                  stroke property under `paints.*.fill` / `.stroke`
 *   draw_order.c   `drawOrder` {target, position, active} ("Sibling draw
 *                  order"): the END-stage rules and their checks
 *
 * Module-private: nothing here is part of the ABI.
 */
#ifndef ANIMA_COMPOSITE_H
#define ANIMA_COMPOSITE_H

#include <anima/module.h>

/** The feature every entry of this module belongs to. */
#define COMPOSITE_FEATURE "composite"

/** The kernel's services (module.h anima_host), set by init. */
extern const anima_host *composite_host;

#define COMPOSITE_COUNT(array) (sizeof(array) / sizeof((array)[0]))

/** Longest JSON pointer the module writes (longer ones are cut short). */
#define COMPOSITE_POINTER_SIZE 1024

/** Appends "/" and `token` (RFC 6901 escaped: ~0, ~1) to the pointer in
 * `pointer` (`size` bytes, NUL-terminated; cut short when full). */
void composite_pointer_append(char *pointer, size_t size, const char *token);

/* ------------------------------------------------------------------------ */
/* The node tree (tree.c)                                                    */
/* ------------------------------------------------------------------------ */

/**
 * The nodes of a document in pre-order (the kernel's node indices), with
 * what the checks and the lowering ask about them. Built from a check or a
 * compile; owned by the caller (composite_tree_free).
 */
typedef struct composite_tree {
  size_t count;
  const anima_json **json; /**< node objects */
  const char **id;         /**< NULL when missing */
  long *parent;            /**< -1 at the top level */
  size_t *position;        /**< position in the parent's list */
  size_t *subtree_end;     /**< one past the node's last descendant */
  char **pointer;          /**< "/nodes/0/children/1" (owned) */
} composite_tree;

/** The tree of the document being checked (false on OOM). */
bool composite_tree_from_check(composite_tree *tree, anima_check *check);
/** The tree of the model being compiled (false on OOM). */
bool composite_tree_from_compile(composite_tree *tree, anima_compile *compile);
void composite_tree_free(composite_tree *tree);
/** The node whose id is `id`, or -1. */
long composite_tree_find(const composite_tree *tree, const char *id);
/** True when `ancestor` is a proper ancestor of `node`. */
bool composite_tree_contains(const composite_tree *tree, size_t ancestor,
                             size_t node);
/** The node at `position` of `parent`'s list (-1: the top level), or -1. */
long composite_tree_child(const composite_tree *tree, long parent,
                          size_t position);
/** The number of children of `parent` (-1: the top level). */
size_t composite_tree_child_count(const composite_tree *tree, long parent);
/** A group or another node with children: it has no outline of its own. */
bool composite_tree_is_container(const composite_tree *tree, size_t node);
/** The string member `key` of `object`, or NULL. */
const char *composite_string(const anima_json *object, const char *key);

/* ------------------------------------------------------------------------ */
/* Concepts                                                                  */
/* ------------------------------------------------------------------------ */

anima_status composite_register_blend(anima_registrar *registrar);
anima_status composite_register_mask(anima_registrar *registrar);
anima_status composite_register_clip(anima_registrar *registrar);
anima_status composite_register_paints(anima_registrar *registrar);
anima_status composite_register_paint_properties(anima_registrar *registrar);
anima_status composite_register_draw_order(anima_registrar *registrar);

/** Reference diagnostics of mask, clip and drawOrder (references.c). */
void composite_check_references(anima_check *check, const composite_tree *tree);
/** clip-source-not-painted for a valid reference (clip.c). */
void composite_check_clip_source(anima_check *check, const composite_tree *tree,
                                 size_t node, size_t source);
/** bad-draw-target for a valid reference; false when reported
 * (draw_order.c). */
bool composite_check_draw_target(anima_check *check, const composite_tree *tree,
                                 size_t node, size_t target);
/** paint-conflict, arc-fill and trim rules of ordered paints (paints.c). */
void composite_check_paints(anima_check *check, const composite_tree *tree);

/** Lowering, per model: each returns ANIMA_OK or the error of a host call
 * (reported at its site through compile_report). */
anima_status composite_lower_blend(anima_compile *compile,
                                   const composite_tree *tree);
anima_status composite_lower_masks(anima_compile *compile,
                                   const composite_tree *tree);
anima_status composite_lower_clips(anima_compile *compile,
                                   const composite_tree *tree);
anima_status composite_lower_paints(anima_compile *compile,
                                    const composite_tree *tree);

/* ------------------------------------------------------------------------ */
/* Draw order (draw_order.c)                                                 */
/* ------------------------------------------------------------------------ */

/** One drawOrder rule, compiled. */
typedef struct composite_order_rule {
  size_t node;      /**< the node it moves */
  long parent;      /**< their parent (-1: top level) */
  size_t position;  /**< the node's authored position */
  size_t target;    /**< authored position of the target sibling */
  bool after;       /**< "after" (paints later) or "before" */
  long active_slot; /**< drawOrder.active, or -1 (always active) */
  size_t list;      /**< index of its parent's list in the data */
} composite_order_rule;

/** One sibling list that rules reorder. */
typedef struct composite_order_list {
  long parent;  /**< -1: the top level */
  size_t count; /**< its children */
  size_t first_rule, rule_count;
} composite_order_list;

/** Per-model data of the stage hook: the rules in authored node order,
 * grouped by sibling list. */
typedef struct composite_data {
  composite_order_rule *rules;
  size_t rule_count;
  composite_order_list *lists;
  size_t list_count;
  size_t longest; /**< the longest list: the scratch (positions) of a
                       player's instance */
} composite_data;

/** Compiles the drawOrder rules into `data` (model memory). */
anima_status composite_compile_draw_order(anima_compile *compile,
                                          const composite_tree *tree,
                                          composite_data *data);
/** Bytes of per-player memory the rules need. */
size_t composite_draw_order_instance_size(const composite_data *data);
/** Applies the rules of every list (END stage). */
void composite_apply_draw_order(anima_step *step, const composite_data *data,
                                void *instance);

#endif
