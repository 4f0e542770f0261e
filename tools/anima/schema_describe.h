/*
 * schema_describe.h — registry entries as JSON values, for `anima schema`
 * (SPEC "CLI projects and capture": schema topics, `type.field`,
 * `--animatable`). Everything here is read from the registry
 * (include/anima/module.h); there are no hand-written tables. The text
 * output of `anima schema` is printed from these same JSON values, so the
 * two formats cannot disagree.
 */
#ifndef ANIMA_TOOLS_SCHEMA_DESCRIBE_H
#define ANIMA_TOOLS_SCHEMA_DESCRIBE_H

#include <jansson.h>
#include <stdbool.h>

#include <anima/module.h>

/**
 * The kind as a JSON object: name, element (its AniML element), type
 * ("node-type" or "structure"), feature (null for core), painted,
 * container, keyField (AniML attribute carrying a map key, or null) and
 * description. Returns a new reference, or NULL when out of memory.
 */
json_t *schema_kind_json(const anima_kind *kind);

/**
 * The field as a JSON object: name, markup (AniML spelling), owner, kind
 * ("number", "enum", ...), required, default (the registry's default JSON,
 * or null), minimum/maximum (null when unbounded), exclusiveMinimum,
 * feature, reserved (the version the key is reserved for, or null),
 * animatable, addresses (the property addresses at this field: the field's
 * own address and its numbered elements, each with markup, valueType,
 * animation, minimum, maximum and default) and description; plus options
 * (enum), length (fixed-length number lists) and items (the item kind of
 * objects, maps and arrays). Returns a new reference, or NULL when out of
 * memory.
 */
json_t *schema_field_json(const anima_registry *registry,
                          const anima_field *field);

/**
 * A property address as a JSON object: address (the JSON suffix after
 * "<node-id>."), markup (its AniML alias, or null), valueType, animation
 * ("static", "interpolated" or "hold"), minimum/maximum (the clamp range,
 * null when unbounded), default and feature. Returns a new reference, or
 * NULL when out of memory.
 */
json_t *schema_property_json(const anima_property *property);

/**
 * True when some property at the field's address (or a numbered element of
 * it, "corners.0") can be animated: interpolated or hold-only
 * (`--animatable`).
 */
bool schema_field_is_animatable(const anima_registry *registry,
                                const anima_field *field);

/** The JSON value of a registry field kind: "number", "name-or-names", ... */
const char *schema_field_kind_name(anima_field_kind kind);

#endif
