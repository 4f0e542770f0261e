/*
 * address_internal.h — property addresses against a node's document value
 * (address_walk.c; registry.h "Properties", docs/MODULES.md §7): which
 * concrete addresses of a property, maybe a pattern ("fill.stops.*.color"),
 * exist on a node, and why one does not. Used when a model is compiled (one
 * slot per match) and by the loader (unknown-address). Load time only.
 *
 * An address exists on a node when every containing object or array along
 * it is in the node's JSON (the last member itself may be absent: it then
 * has its default), a `*` segment names an item that exists (an array index
 * without leading zeros, or a key of an object), and every member of a
 * variant object (a fill with "type": "radial") is a field of the variant
 * selected there or of its family: "fill.x1" does not exist on a radial
 * fill, nor on a flat one.
 */
#ifndef ANIMA_KERNEL_ADDRESS_INTERNAL_H
#define ANIMA_KERNEL_ADDRESS_INTERNAL_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include <anima/registry.h>

/** Longest concrete address suffix the walk builds. */
#define ANIMA_ADDRESS_CAPACITY 512

/** Why a concrete address does not exist on a node. */
typedef enum anima_address_failure {
  ANIMA_ADDRESS_FOUND = 0,
  /** A containing member (not the last) is absent, or not an object or
   * array: "c.stroke.width" without a stroke. */
  ANIMA_ADDRESS_NO_MEMBER,
  /** A `*` segment names no item of an array: out of range, or not a
   * decimal index without leading zeros. */
  ANIMA_ADDRESS_NO_ITEM,
  /** A `*` segment names no key of an object. */
  ANIMA_ADDRESS_NO_KEY,
  /** The member is no field of the variant selected in a variant object
   * (or of its family, when none is selected). */
  ANIMA_ADDRESS_OTHER_VARIANT,
} anima_address_failure;

/** Where a concrete address leads on a node. */
typedef struct anima_address_location {
  anima_address_failure failure;
  /** FOUND: the document value (NULL when the last member is absent). */
  const json_t *value;
  /** Otherwise: the failing segment of the suffix ([start, start+length))
   * and the value it was looked up in (the array, object or non-container)
   * with its kind when known (the selected variant of a variant object). */
  size_t segment_start, segment_length;
  const json_t *container;
  const anima_kind *kind;
  /** The member of `container` holding it ("stops"), or NULL at the node. */
  const char *container_name;
  size_t container_name_length;
} anima_address_location;

/**
 * Where the concrete `suffix` (which matches `pattern`, the address of the
 * registered property) leads on `node`, a node object of type `node_type`.
 */
anima_address_location anima_address_locate(const anima_registry *registry,
                                            const char *node_type,
                                            const json_t *node,
                                            const char *pattern,
                                            const char *suffix);

/** Receives one concrete match; returns false to stop (out of memory). */
typedef bool (*anima_address_visit)(const char *suffix, const json_t *value,
                                    void *context);

/**
 * Calls `visit` for every concrete address of `pattern` that exists on
 * `node` (type `node_type`), in document order (array order, object member
 * order), with its document value (NULL when the last member is absent).
 * A pattern without `*` has at most one match. Returns false when `visit`
 * stopped the walk.
 */
bool anima_address_expand(const anima_registry *registry, const char *node_type,
                          const json_t *node, const char *pattern,
                          anima_address_visit visit, void *context);

#endif
