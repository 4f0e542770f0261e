/*
 * registry.h — the registry: the single description of the format.
 *
 * Object kinds (the document, node types, paints, inputs, variants such as
 * gradient types or constraint kinds), their fields (JSON name, AniML
 * spelling, value kind, default, range, owning feature), animatable
 * properties (addresses such as "stroke.trimEnd", with `*` patterns such as
 * "fill.stops.*.color"), diagnostic codes and foreign names. The kernel
 * registers the core 0.1 format (SPEC §2-§10) with these descriptions; a
 * feature module registers its own through the registrar of module.h.
 * Validation, AniML, `anima schema`, address lookup and "did you mean"
 * hints are generic code over these entries (docs/ARCHITECTURE.md,
 * docs/MODULES.md "Registry forms").
 *
 * This header is the read side, for hosts and tools (schema, markup,
 * hints). A registry is frozen once a model has been loaded from its
 * runtime: nothing more can be registered (docs/MODULES.md "Lifetimes").
 *
 * Features: an entry's `feature` is NULL for the core format, one feature
 * name ("paint"), or alternatives separated by '|' ("paint|corners"): the
 * entry is usable by a document whose `requires` names any of them
 * (SPEC paint chapter, "Rectangle corner radii").
 */
#ifndef ANIMA_REGISTRY_H
#define ANIMA_REGISTRY_H

#include <anima/anima.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct anima_registry anima_registry;

/** The registry of a runtime (to read it: schema, markup, hints). */
ANIMA_API const anima_registry *
anima_runtime_registry(const anima_runtime *runtime);

/* ------------------------------------------------------------------------ */
/* Fields: the JSON keys of an object kind                                   */
/* ------------------------------------------------------------------------ */

/** The JSON shape of a field and what the generic validator checks. */
typedef enum anima_field_kind {
  ANIMA_FIELD_NUMBER = 0, /**< JSON number within [minimum, maximum] */
  ANIMA_FIELD_INTEGER,    /**< JSON integer within [minimum, maximum] */
  ANIMA_FIELD_BOOL,       /**< JSON true/false */
  ANIMA_FIELD_STRING,     /**< any JSON string */
  ANIMA_FIELD_NAME,    /**< string matching ^[a-z][a-zA-Z0-9-]*$ (bad-name) */
  ANIMA_FIELD_ENUM,    /**< one of `options` (bad-value) */
  ANIMA_FIELD_COLOR,   /**< slot name or colour literal (SPEC §6) */
  ANIMA_FIELD_NUMBERS, /**< array of `length` numbers (0: any length) */
  ANIMA_FIELD_INDICES, /**< array of integers >= 0 (subpaths) */
  ANIMA_FIELD_NAMES,   /**< array of strings (requires) */
  ANIMA_FIELD_NAME_OR_NAMES, /**< a name or an array of names (fire) */
  ANIMA_FIELD_OBJECT,        /**< object of kind `item_kind` */
  ANIMA_FIELD_MAP,           /**< {name: item}; item is `item_kind` or, when
                                  item_kind is NULL, a value of `item_field` */
  ANIMA_FIELD_ARRAY,         /**< [item of kind `item_kind`] */
  ANIMA_FIELD_NODES,         /**< [node]: items dispatched on their "type" */
  ANIMA_FIELD_ANY,           /**< free-form JSON (meta): depth-checked only */
  ANIMA_FIELD_CUSTOM,        /**< shape checked by a semantic check (tracks,
                                  keyframes, pose, set, conditions) */
  /** ABI 2: an object of the variant family `item_kind` (a kind with a
   * `discriminator`): its discriminator value selects one variant kind,
   * whose fields are checked together with the family's own fields. */
  ANIMA_FIELD_VARIANT,
  /** ABI 2: an array of such objects (`constraints: [{kind, ...}]`). */
  ANIMA_FIELD_VARIANTS,
  /** ABI 2: a value of a registered value type (`value_type`, module.h):
   * the type's own parser checks it (motion channels, path data). */
  ANIMA_FIELD_VALUE,
} anima_field_kind;

/** How a field is written in AniML (docs/ANIML.md). */
typedef enum anima_markup_form {
  ANIMA_MARKUP_DEFAULT = 0, /**< derived from the field kind */
  ANIMA_MARKUP_ATTRIBUTE,   /**< scalar attribute, or whitespace list */
  ANIMA_MARKUP_JSON,        /**< JSON-valued attribute */
  ANIMA_MARKUP_CHILDREN,    /**< child elements, in order */
  ANIMA_MARKUP_FLATTENED,   /**< object flattened into prefixed attributes
                                 (fill="ink" fill-rule="evenodd") */
  ANIMA_MARKUP_TEXT,        /**< element text (track keys) */
  ANIMA_MARKUP_SPECIAL,     /**< written by the markup code of its kind */
} anima_markup_form;

/** Description of one field (one JSON key) of an object kind. */
typedef struct anima_field_desc {
  const char *owner;       /**< object kind ("document", "node", "rect",
                                "stroke", a variant such as "linear") */
  const char *name;        /**< JSON name, e.g. "trimEnd" */
  const char *markup_name; /**< AniML attribute/element. NULL at
                                registration means derived (camelCase ->
                                hyphen-case: scaleX -> scale-x); never NULL
                                once registered */
  const char *feature;     /**< owning feature (see the header comment);
                                NULL for the core format */
  anima_field_kind kind;
  const char *item_kind; /**< OBJECT/MAP/ARRAY item kind; VARIANT(S): the
                              variant family */
  const struct anima_field_desc *item_field; /**< MAP of scalars */
  const char *const *options; /**< ENUM options, NULL-terminated */
  double minimum;             /**< range; -INFINITY when unbounded */
  double maximum;             /**< range; INFINITY when unbounded */
  bool exclusive_minimum;     /**< minimum itself is out of range ("> 0") */
  unsigned length;            /**< NUMBERS: required length, 0 for any */
  bool required;              /**< absence is missing-key; for a member of
                                   a one-of group: one of the group is
                                   required */
  const char *default_json;   /**< default as JSON text ("1", "\"round\""), or
                                   NULL for none */
  anima_markup_form markup_form;
  const char *reserved_for; /**< non-NULL: the key is reserved for this later
                                 format version ("0.2"); using it is the error
                                 `reserved` (SPEC §2, §12) */
  const char *description;  /**< one sentence for `anima schema` */
  /**
   * ABI 2: one-of group. Fields of one kind (the family's and its
   * variants' fields together) that share a group name are alternatives:
   * at most one may appear (a second is `bad-value` at the later key,
   * naming the one present); when any member is `required`, one must
   * appear (`missing-key` at the object, listing the alternatives). A
   * fill's `color`, `type` (gradient) and `mix` (colormix) share the
   * group "source" (SPEC paint chapter "Gradients", §6 colormix).
   */
  const char *one_of;
  /** ABI 2: VALUE fields: the registered value type's name ("int",
   * "path"); NULL otherwise. */
  const char *value_type;
  /** ABI 2, one-of groups: the diagnostic code (registered) of a conflict
   * in which this field takes part — a second member of its group beside
   * it, whichever comes first — instead of `bad-value` (colormix's `mix`
   * beside `color` or a gradient `type`: `colormix-source`, SPEC §6). */
  const char *conflict_code;
} anima_field_desc;

/** A registered field (read-only view; same layout as the descriptor). */
typedef anima_field_desc anima_field;

/* ------------------------------------------------------------------------ */
/* Object kinds                                                              */
/* ------------------------------------------------------------------------ */

/** Flags of an object kind. */
enum {
  ANIMA_KIND_NODE_TYPE = 1u << 0, /**< a value of a node "type" */
  ANIMA_KIND_PAINTED = 1u << 1,   /**< node type that takes fill/stroke */
  ANIMA_KIND_CONTAINER = 1u << 2, /**< node type that takes children */
};

/**
 * Description of an object kind: a node type, a structural object, a
 * variant family or one of its variants.
 *
 * Variants (ABI 2): a *family* kind names its `discriminator`, the JSON
 * key whose string value selects a variant ("kind" for constraints, "type"
 * for gradients); each *variant* kind names its family in `variant_of` and
 * its discriminator value in `variant`. An object of a family has the
 * family's own fields plus the fields of the selected variant. An unknown
 * discriminator value is `bad-value` (hint: the closest variant); a
 * family whose discriminator is not `required` also accepts objects
 * without it (a fill without `type` is a flat colour). A key that is a
 * field of another variant only is `bad-value` at that key (hint: the
 * variant it belongs to). Node types are the variants of the implicit
 * family "node" (discriminator "type"), kept with their own flag for
 * compatibility.
 *
 * The family registers its discriminator as one of its own fields (a
 * STRING or NAME field; its `required`, `feature` and `one_of` apply).
 * Until that field is registered the family's objects are plain objects:
 * the core's fill and stroke name the discriminator "type" and a paint
 * module registers the field with its gradient variants. A variant kind
 * must be registered after its family, with a `variant` value no other
 * variant of the family has; its fields may not repeat a field of the
 * family. In AniML a variant object is the element named by the variant's
 * `element` (docs/ANIML.md §7).
 */
typedef struct anima_kind_desc {
  const char *name;      /**< "document", "group", "stroke", "linear" ... */
  const char *element;   /**< AniML element name; NULL: same as name */
  const char *key_field; /**< for map items: the AniML attribute carrying
                              the map key ("name"); NULL otherwise */
  const char *feature;   /**< owning feature; NULL for core */
  unsigned flags;        /**< ANIMA_KIND_* */
  const char *description;
  /** ABI 2, families: the discriminator key, or NULL. */
  const char *discriminator;
  /** ABI 2, variants: the family kind and the discriminator value. */
  const char *variant_of;
  const char *variant;
} anima_kind_desc;

typedef anima_kind_desc anima_kind;

/* ------------------------------------------------------------------------ */
/* Properties: animatable (and static) addresses of nodes                    */
/* ------------------------------------------------------------------------ */

/** How a property may be animated. */
typedef enum anima_animation {
  ANIMA_ANIMATION_NONE = 0,     /**< static: not-animatable */
  ANIMA_ANIMATION_INTERPOLATED, /**< numbers, colours: eased */
  ANIMA_ANIMATION_HOLD,         /**< booleans: hold only */
} anima_animation;

/**
 * Description of a node property address, the part after "<node-id>.":
 * "rotate", "stroke.trimEnd", "corners.0". The document value lives at the
 * same path inside the node object (array indices for numeric segments); if
 * any containing object or array is absent from a node, the address does not
 * exist on that node (unknown-address).
 *
 * Patterns (ABI 2): a segment `*` matches an array index (a decimal
 * integer without leading zeros, that exists in the node's document value)
 * or a key of an object (a map such as motion's `channels`):
 * "fill.stops.*.color", "constraints.*.strength", "channels.*". Each match
 * that exists on a node is one slot with the concrete address
 * ("fill.stops.1.color").
 */
typedef struct anima_property_desc {
  const char *owner;          /**< "node" (every node), "painted" (every painted
                                   node type) or a node type name */
  const char *address;        /**< JSON address suffix, maybe a pattern */
  const char *markup_address; /**< AniML alias ("trimEnd"), or NULL */
  const char *feature;        /**< owning feature; NULL for core */
  anima_value_type type;      /**< ANIMA_VALUE_* or a module value type id */
  anima_animation animation;
  double minimum; /**< clamp range after resolve (SPEC §7.4) */
  double maximum;
  anima_value default_value; /**< rest value when the document omits it */
  const char *description;
  /** ABI 2: the value type by name, for module value types (the id is
   * only known once registered); NULL uses `type`. */
  const char *value_type;
} anima_property_desc;

typedef anima_property_desc anima_property;

/**
 * ABI 2: a property mount. Every property of `owner` whose address lies
 * under `source` ("fill.color" under "fill") is also a property at `prefix`
 * followed by the rest of its address ("paints.*.fill.color"), with the
 * same type, animation, range, default and description, no AniML alias,
 * and the mount's feature. Properties registered before the mount and after
 * it (by any module) are mounted alike, so load order does not matter. The
 * composite module mounts fills and strokes under its ordered paints
 * ("paints.*.fill", "paints.*.stroke"), so gradient stops and mix weights
 * of an entry have addresses as a single paint's do (docs/MODULES.md §7).
 * `prefix` may hold `*` segments; `source` may not, and `prefix` may not lie
 * under `source`.
 */
typedef struct anima_property_mount_desc {
  const char *owner;   /**< "painted", "node" or a node type */
  const char *prefix;  /**< "paints.*.fill" */
  const char *source;  /**< "fill" */
  const char *feature; /**< the copies' feature */
} anima_property_mount_desc;

/* ------------------------------------------------------------------------ */
/* Diagnostic codes                                                          */
/* ------------------------------------------------------------------------ */

typedef struct anima_code_desc {
  const char *code; /**< "bad-color" */
  anima_severity severity;
  const char *feature;     /**< NULL for core */
  const char *description; /**< the §11.3 "When" text */
} anima_code_desc;

typedef anima_code_desc anima_code;

/* ------------------------------------------------------------------------ */
/* Foreign names: habits from other formats, for hints                       */
/* ------------------------------------------------------------------------ */

/**
 * A name authors bring from another format (SVG's `cx`, `<g>`) and what to
 * write instead. Only hints use it: a foreign name is never accepted. The
 * validator's unknown-key and unknown-node-type hints and the AniML
 * compiler's unknown attribute and element hints say what to write; when
 * `name` is itself a field of `kind` (rect `x`, a translation) and the
 * object has it but lacks `instead`, the missing-key hint of `instead` adds
 * `note` (docs/ANIML.md §8). Hint texts below are in JSON spelling; the
 * AniML compiler rewrites them to AniML spelling.
 */
typedef struct anima_foreign_name_desc {
  const char *kind;    /**< kind whose objects meet `name` as a key
                            ("circle"; "node" or "painted" for every such
                            node type), or NULL: `name` is a node type
                            (an AniML element such as "g") */
  const char *name;    /**< the foreign spelling: "cx", "g" */
  const char *instead; /**< JSON name of the field of `kind` to write
                            instead ("center"), or for a node-type name the
                            node type ("group") */
  const char *example; /**< NULL, or JSON text: the value of `instead`
                            ("[cx, cy]"), or for a node type the members it
                            needs ("\"d\": \"...\"") */
  const char *note;    /**< NULL, or a clause ending the hint, in JSON
                            spelling ("the radius is half the width") */
  const char *feature; /**< owning feature; NULL for core */
} anima_foreign_name_desc;

typedef anima_foreign_name_desc anima_foreign_name;

/* ------------------------------------------------------------------------ */
/* Lookup (generic consumers: validator, markup, schema, hints)              */
/* ------------------------------------------------------------------------ */

ANIMA_API bool anima_registry_has_feature(const anima_registry *registry,
                                          const char *feature);
ANIMA_API size_t anima_registry_feature_count(const anima_registry *registry);
ANIMA_API const char *anima_registry_feature(const anima_registry *registry,
                                             size_t index);
/**
 * True when an entry owned by `feature` (NULL, a name, or alternatives
 * "a|b") may be used by a document whose `requires` lists `requires`
 * (`count` names): NULL always; otherwise any alternative listed.
 */
ANIMA_API bool anima_feature_declared(const char *feature,
                                      const char *const *requires,
                                      size_t count);

ANIMA_API size_t anima_registry_kind_count(const anima_registry *registry);
ANIMA_API const anima_kind *anima_registry_kind(const anima_registry *registry,
                                                size_t index);
/** The kind named `name`, or NULL. */
ANIMA_API const anima_kind *
anima_registry_find_kind(const anima_registry *registry, const char *name);
/** The node-type kind whose AniML element is `element`, or NULL. */
ANIMA_API const anima_kind *
anima_registry_find_kind_by_element(const anima_registry *registry,
                                    const char *element);
/**
 * ABI 2: the variant of family `family` whose discriminator value is
 * `variant` ("linear" of "fill"), or NULL.
 */
ANIMA_API const anima_kind *
anima_registry_find_variant(const anima_registry *registry, const char *family,
                            const char *variant);
/** ABI 2: the variants of a family, in registration order: `count`
 * receives their number; valid until the next registration. */
ANIMA_API const anima_kind *const *
anima_registry_variants(const anima_registry *registry, const char *family,
                        size_t *count);

/**
 * The fields of a kind in registration order. For a node type this is the
 * node-common fields, then the painted fields when the type is painted, then
 * the type's own fields; for a variant kind (ABI 2) the fields of its family,
 * then its own. `count` receives the number of fields; the returned array
 * stays valid until the next registration.
 */
ANIMA_API const anima_field *const *
anima_registry_fields(const anima_registry *registry, const char *kind,
                      size_t *count);
/** The field `name` (JSON name) of `kind` (with node-common/painted fields
 * for node types), or NULL. */
ANIMA_API const anima_field *
anima_registry_find_field(const anima_registry *registry, const char *kind,
                          const char *name);
/** Like find_field but by AniML spelling (markup_name or the derived one). */
ANIMA_API const anima_field *
anima_registry_find_field_by_markup(const anima_registry *registry,
                                    const char *kind, const char *markup_name);
/** The AniML spelling of a field (its markup_name or the derived one). */
ANIMA_API const char *anima_field_markup_name(const anima_field *field);

ANIMA_API size_t anima_registry_property_count(const anima_registry *registry);
ANIMA_API const anima_property *
anima_registry_property(const anima_registry *registry, size_t id);
/**
 * The property `address` (JSON suffix, or its AniML alias when
 * `allow_markup` is true) that applies to node type `node_type`; returns its
 * id or -1. Concrete addresses match patterns ("fill.stops.1.color"
 * matches "fill.stops.*.color"; anima_address_matches); an exact address
 * wins over a pattern, and a JSON address over an alias. Whether a match
 * exists on a given node (the index or key is in its document value) is
 * the loader's question, not the registry's.
 */
ANIMA_API long anima_registry_find_property(const anima_registry *registry,
                                            const char *node_type,
                                            const char *address,
                                            bool allow_markup);
/**
 * ABI 2, address patterns (docs/MODULES.md §7): true when `address` has a
 * segment `*`.
 */
ANIMA_API bool anima_address_is_pattern(const char *address);
/**
 * ABI 2: true when the concrete address `address` matches `pattern`: the
 * same number of segments (separated by '.'), each equal or matched by a
 * `*` segment of the pattern; a `*` matches one non-empty segment. A
 * pattern without `*` matches only itself.
 */
ANIMA_API bool anima_address_matches(const char *pattern, const char *address);
/**
 * ABI 2: the concrete address of pattern `to` whose `*` segments are,
 * in order, the segments of `address` that the `*` segments of `from`
 * matched: with from "fill.stops.*.color", to "fillStops.*" and address
 * "fill.stops.2.color" it writes "fillStops.2" (an AniML alias). Writes at
 * most `size` bytes (NUL-terminated) into `buffer` and returns the length
 * of the whole result (snprintf contract), or 0 when `address` does not
 * match `from` or the two patterns have different numbers of `*`.
 */
ANIMA_API size_t anima_address_rewrite(const char *from, const char *to,
                                       const char *address, char *buffer,
                                       size_t size);
/** True when property `id` applies to nodes of type `node_type`. */
ANIMA_API bool anima_registry_property_applies(const anima_registry *registry,
                                               size_t id,
                                               const char *node_type);

/**
 * The foreign name `name` met as a key of an object of kind `kind` (a
 * node type also matches entries for "node", a painted type those for
 * "painted"), or with `kind` NULL as a node type; NULL when none is
 * registered.
 */
ANIMA_API const anima_foreign_name *
anima_registry_find_foreign_name(const anima_registry *registry,
                                 const char *kind, const char *name);
/** Every foreign name, in registration order (for the missing-key note). */
ANIMA_API size_t
anima_registry_foreign_name_count(const anima_registry *registry);
ANIMA_API const anima_foreign_name *
anima_registry_foreign_name(const anima_registry *registry, size_t index);

ANIMA_API size_t anima_registry_code_count(const anima_registry *registry);
ANIMA_API const anima_code *anima_registry_code(const anima_registry *registry,
                                                size_t index);
ANIMA_API const anima_code *
anima_registry_find_code(const anima_registry *registry, const char *code);

/**
 * The closest of `candidates` (count entries) to `word` by edit distance, or
 * NULL when none is close (distance > max(2, strlen(word) / 3)). Used for
 * `did you mean "rotate"?` hints.
 */
ANIMA_API const char *anima_closest_name(const char *word,
                                         const char *const *candidates,
                                         size_t count);

#ifdef __cplusplus
}
#endif

#endif /* ANIMA_REGISTRY_H */
