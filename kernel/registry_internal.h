/* registry_internal.h — kernel-private registry functions. */
#ifndef ANIMA_KERNEL_REGISTRY_INTERNAL_H
#define ANIMA_KERNEL_REGISTRY_INTERNAL_H

#include <anima/module.h>

/** Creates an empty registry (no kinds, no codes). NULL when out of memory. */
anima_registry *anima_registry_create(void);
void anima_registry_destroy(anima_registry *registry);

/** Registers the core 0.1 format (SPEC §2-§10) and its §11.3 codes. */
anima_status anima_core_register(anima_registry *registry);

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
 * module's register_entries runs; NULL for the kernel). Entries registered
 * without an explicit feature get this one. */
void anima_registry_set_registering_feature(anima_registry *registry,
                                            const char *feature);

#endif
