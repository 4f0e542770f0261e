/*
 * registry_internal.h — kernel-private registry functions: registration
 * (the core registers through these; modules through the host table of
 * module.h, which calls them inside a transaction), transactions, freezing
 * and the behaviour lists of ABI 2 (docs/MODULES.md).
 */
#ifndef ANIMA_KERNEL_REGISTRY_INTERNAL_H
#define ANIMA_KERNEL_REGISTRY_INTERNAL_H

#include <anima/module.h>

/** Creates an empty registry (no kinds, no codes). NULL when out of memory. */
anima_registry *anima_registry_create(void);
void anima_registry_destroy(anima_registry *registry);

/** Registers the core 0.1 format (SPEC §2-§10) and its §11.3 codes. */
anima_status anima_core_register(anima_registry *registry);

/* ---- registration ------------------------------------------------------
 * Each returns ANIMA_ERROR_INVALID_ARGUMENT for a malformed or duplicate
 * entry (with the reason in anima_registry_last_error), ANIMA_ERROR_NO_
 * MEMORY, or ANIMA_ERROR_INVALID_ARGUMENT once the registry is frozen.
 * Strings must outlive the registry. */

/** Declares a feature name; an error if the name is taken. */
anima_status anima_registry_add_feature(anima_registry *registry,
                                        const char *feature);
anima_status anima_registry_add_kind(anima_registry *registry,
                                     const anima_kind_desc *kind);
anima_status anima_registry_add_field(anima_registry *registry,
                                      const anima_field_desc *field);
anima_status anima_registry_add_property(anima_registry *registry,
                                         const anima_property_desc *property,
                                         size_t *id);
/** ABI 2: a property mount (registry.h anima_property_mount_desc): copies
 * every property under its source now and whenever one is added later. */
anima_status
anima_registry_add_property_mount(anima_registry *registry,
                                  const anima_property_mount_desc *mount);
anima_status anima_registry_add_code(anima_registry *registry,
                                     const anima_code_desc *code);
anima_status
anima_registry_add_foreign_name(anima_registry *registry,
                                const anima_foreign_name_desc *name);

/** The kinds of behavioural descriptions (module.h *_desc). */
typedef enum anima_behaviour_kind {
  ANIMA_BEHAVIOUR_CHECK = 0,
  ANIMA_BEHAVIOUR_STAGE_HOOK,
  ANIMA_BEHAVIOUR_STATE_KIND,
  ANIMA_BEHAVIOUR_TERM_KIND,
  ANIMA_BEHAVIOUR_EASE_KIND,
  ANIMA_BEHAVIOUR_ACTION_KIND,
  ANIMA_BEHAVIOUR_VALUE_TYPE,
  ANIMA_BEHAVIOUR_SOLVER_KIND,
  ANIMA_BEHAVIOUR_NODE,
  ANIMA_BEHAVIOUR_OUTLINE_HOOK,
  ANIMA_BEHAVIOUR_PAINT_KIND,
  ANIMA_BEHAVIOUR_DERIVED_PROPERTY,
  ANIMA_BEHAVIOUR_OPERATION,
  ANIMA_BEHAVIOUR_EXPRESSION_KIND,
  ANIMA_BEHAVIOUR_TRANSITION_HOOK,
  ANIMA_BEHAVIOUR_CROSSFADE_RULE,
  ANIMA_BEHAVIOUR_CLOCK,
  ANIMA_BEHAVIOUR_LISTENER_SOURCE,
  ANIMA_BEHAVIOUR_DEFORMER,
  ANIMA_BEHAVIOUR_INTERFACE,
  ANIMA_BEHAVIOUR_KIND_COUNT,
} anima_behaviour_kind;

/** A registered behaviour: a full-size copy of its desc (fields the module
 * did not know are zero) and who registered it. */
typedef struct anima_behaviour {
  anima_behaviour_kind kind;
  const void *desc;   /**< e.g. const anima_stage_hook_desc * */
  const char *module; /**< module name; "anima" for the kernel's own */
  /** Stage order of the module: 0 for the kernel, then 1, 2 ... in module
   * order (`depends`, then `after`, then load order; module_order.c).
   * Sort a stage's hooks by (module_rank, sequence). */
  size_t module_rank;
  size_t sequence; /**< registration order across all kinds */
} anima_behaviour;

/**
 * Adds a behaviour. `desc` begins with `size_t struct_size`; the first
 * min(struct_size, full_size) bytes are copied and the rest zeroed.
 * Duplicates (docs/MODULES.md "Conflicts") are refused with a message
 * naming both owners. `module` must outlive the registry.
 */
anima_status anima_registry_add_behaviour(anima_registry *registry,
                                          anima_behaviour_kind kind,
                                          const void *desc, size_t full_size,
                                          const char *module,
                                          size_t module_rank);
/** Sets the module_rank of every behaviour `module` registered (the
 * module loader's stage order, module_order.c). */
void anima_registry_set_module_rank(anima_registry *registry,
                                    const char *module, size_t rank);
/** Sorts each kind's behaviours by (module_rank, sequence), so that
 * anima_registry_behaviour lists them in module order (docs/MODULES.md
 * "Stages"); value types keep registration order (their ids). Called by
 * the module loader after each module loads, never after freezing. */
void anima_registry_order_behaviours(anima_registry *registry);
size_t anima_registry_behaviour_count(const anima_registry *registry,
                                      anima_behaviour_kind kind);
/** Behaviour `index` of `kind`, in module order (the kernel's first, then
 * each module's in stage order, each in registration order). */
const anima_behaviour *anima_registry_behaviour(const anima_registry *registry,
                                                anima_behaviour_kind kind,
                                                size_t index);
/** The interface registered under `name` (module.h anima_interface_desc),
 * or NULL. */
const anima_interface_desc *
anima_registry_interface(const anima_registry *registry, const char *name);
/** Value types: the id a registered type got, or 0 (ANIMA_VALUE_NUMBER)
 * with *found false. By name. */
anima_value_type anima_registry_value_type_id(const anima_registry *registry,
                                              const char *name, bool *found);
/** The desc of value type `id` (>= ANIMA_VALUE_MODULE_FIRST), or NULL. */
const anima_value_type_desc *
anima_registry_value_type(const anima_registry *registry, anima_value_type id);

/* ---- transactions and freezing ----------------------------------------- */

/** Counts of everything registered so far: a point to roll back to. */
typedef struct anima_registry_mark {
  size_t features, kinds, fields, derived_names, properties, mounts, codes,
      foreign_names, sequence;
  size_t behaviours[ANIMA_BEHAVIOUR_KIND_COUNT];
} anima_registry_mark;

anima_registry_mark anima_registry_get_mark(const anima_registry *registry);
/** Removes everything registered after `mark` (a failed module init). */
void anima_registry_rollback(anima_registry *registry,
                             const anima_registry_mark *mark);

/** Freezes the registry (the first model load): registration fails. */
void anima_registry_freeze(anima_registry *registry);
bool anima_registry_frozen(const anima_registry *registry);

/** Why the last registration call failed (for module-load messages), or
 * NULL. Valid until the next registration call. */
const char *anima_registry_last_error(const anima_registry *registry);

/**
 * Names that are valid for a kind (JSON names of its fields), for hints:
 * fills `names` with up to `capacity` pointers, returns how many exist.
 */
size_t anima_registry_field_names(const anima_registry *registry,
                                  const char *kind, const char **names,
                                  size_t capacity);

/** Node type names (kinds flagged ANIMA_KIND_NODE_TYPE), for hints. */
size_t anima_registry_node_type_names(const anima_registry *registry,
                                      const char **names, size_t capacity);

/** The feature currently registering (set by the module loader while a
 * module's init runs; NULL for the kernel). Entries registered without an
 * explicit feature get this one. */
void anima_registry_set_registering_feature(anima_registry *registry,
                                            const char *feature);

/* A stage hook a model compiles when its feature is declared: one with step
 * work (`run`), a compile lifecycle or a vote on `settled`. A hook with no
 * `run` compiles and votes but is never called while stepping. */
static inline bool
anima_stage_hook_compiles(const anima_stage_hook_desc *desc) {
  return desc->run != NULL || desc->lifecycle.compile != NULL ||
         desc->at_rest != NULL;
}

#endif
