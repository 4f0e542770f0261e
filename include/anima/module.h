/*
 * module.h — the registry and the feature-module ABI.
 *
 * The registry is the single description of the format: object kinds (the
 * document, node types, paints, inputs, ...), their fields (JSON name, AniML
 * spelling, value kind, default, range, owning feature), animatable
 * properties (addresses such as "stroke.trimEnd", value type, clamp range),
 * diagnostic codes and stage hooks. The kernel registers the core 0.1 format
 * (SPEC §2-§10) through exactly this API; a feature module adds entries the
 * same way. Validation, AniML, `anima schema` and "did you mean" hints are
 * generic code over these entries (docs/ARCHITECTURE.md).
 *
 * A module is a shared object that exports one function,
 *
 *     const anima_module_descriptor *anima_module_entry(void);
 *
 * returning a static descriptor. The kernel accepts it when `abi_major`
 * equals ANIMA_MODULE_ABI_MAJOR and `abi_minor` is not newer than
 * ANIMA_MODULE_ABI_MINOR, loads the modules named in `depends` first, then
 * calls `register_entries` once. `register_entries` only registers.
 */
#ifndef ANIMA_MODULE_H
#define ANIMA_MODULE_H

#include <anima/anima.h>
#include <anima/path.h>

#ifdef __cplusplus
extern "C" {
#endif

#define ANIMA_MODULE_ABI_MAJOR 1
#define ANIMA_MODULE_ABI_MINOR 1
/** The symbol every module exports. */
#define ANIMA_MODULE_ENTRY_SYMBOL "anima_module_entry"

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
                                "stroke", ...) */
  const char *name;        /**< JSON name, e.g. "trimEnd" */
  const char *markup_name; /**< AniML attribute/element. NULL at
                                registration means derived (camelCase ->
                                hyphen-case: scaleX -> scale-x); never NULL
                                once registered */
  const char *feature;     /**< owning feature; NULL for the core format */
  anima_field_kind kind;
  const char *item_kind;                     /**< OBJECT/MAP/ARRAY item kind */
  const struct anima_field_desc *item_field; /**< MAP of scalars */
  const char *const *options; /**< ENUM options, NULL-terminated */
  double minimum;             /**< range; -INFINITY when unbounded */
  double maximum;             /**< range; INFINITY when unbounded */
  bool exclusive_minimum;     /**< minimum itself is out of range ("> 0") */
  unsigned length;            /**< NUMBERS: required length, 0 for any */
  bool required;              /**< absence is missing-key */
  const char *default_json;   /**< default as JSON text ("1", "\"round\""), or
                                   NULL for none */
  anima_markup_form markup_form;
  const char *reserved_for; /**< non-NULL: the key is reserved for this later
                                 format version ("0.2"); using it is the error
                                 `reserved` (SPEC §2, §12) */
  const char *description;  /**< one sentence for `anima schema` */
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

/** Description of an object kind: a node type or a structural object. */
typedef struct anima_kind_desc {
  const char *name;      /**< "document", "group", "stroke", "input" ... */
  const char *element;   /**< AniML element name; NULL: same as name */
  const char *key_field; /**< for map items: the AniML attribute carrying
                              the map key ("name"); NULL otherwise */
  const char *feature;   /**< owning feature; NULL for core */
  unsigned flags;        /**< ANIMA_KIND_* */
  const char *description;
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
 */
typedef struct anima_property_desc {
  const char *owner;          /**< "node" (every node), "painted" (every painted
                                   node type) or a node type name */
  const char *address;        /**< JSON address suffix */
  const char *markup_address; /**< AniML alias ("trimEnd"), or NULL */
  const char *feature;        /**< owning feature; NULL for core */
  anima_value_type type;
  anima_animation animation;
  double minimum; /**< clamp range after resolve (SPEC §7.4) */
  double maximum;
  anima_value default_value; /**< rest value when the document omits it */
  const char *description;
} anima_property_desc;

typedef anima_property_desc anima_property;

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
/* Registration (called from a module's register_entries, or by the kernel)  */
/* ------------------------------------------------------------------------ */

/**
 * Declares a feature name (e.g. "corners"). A module declares each feature it
 * provides. Returns ANIMA_ERROR_INVALID_ARGUMENT if the name is taken.
 */
ANIMA_API anima_status anima_registry_add_feature(anima_registry *registry,
                                                  const char *feature);
/** Adds an object kind. Strings must outlive the registry (use literals). */
ANIMA_API anima_status anima_registry_add_kind(anima_registry *registry,
                                               const anima_kind_desc *kind);
/** Adds a field to an existing kind; the owner kind must exist. */
ANIMA_API anima_status anima_registry_add_field(anima_registry *registry,
                                                const anima_field_desc *field);
/** Adds a property address; returns its id through `id` (may be NULL). */
ANIMA_API anima_status anima_registry_add_property(
    anima_registry *registry, const anima_property_desc *property, size_t *id);
/** Adds a diagnostic code. */
ANIMA_API anima_status anima_registry_add_code(anima_registry *registry,
                                               const anima_code_desc *code);
/**
 * Adds a foreign name (hints only; ABI 1.1). `kind`, when not NULL, must
 * be a registered kind and `instead` one of its fields; when `kind` is NULL
 * `instead` must be a node type. Returns ANIMA_ERROR_INVALID_ARGUMENT for
 * a missing name, an unknown kind, field or node type, or a name already
 * registered for that kind; ANIMA_ERROR_NO_MEMORY. Strings must outlive
 * the registry (use literals).
 */
ANIMA_API anima_status anima_registry_add_foreign_name(
    anima_registry *registry, const anima_foreign_name_desc *name);

/* ------------------------------------------------------------------------ */
/* Lookup (generic consumers: validator, markup, schema, hints)              */
/* ------------------------------------------------------------------------ */

ANIMA_API bool anima_registry_has_feature(const anima_registry *registry,
                                          const char *feature);
ANIMA_API size_t anima_registry_feature_count(const anima_registry *registry);
ANIMA_API const char *anima_registry_feature(const anima_registry *registry,
                                             size_t index);

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
 * The fields of a kind in registration order. For a node type this is the
 * node-common fields, then the painted fields when the type is painted, then
 * the type's own fields. `count` receives the number of fields; the returned
 * array stays valid until the next registration.
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
 * id or -1.
 */
ANIMA_API long anima_registry_find_property(const anima_registry *registry,
                                            const char *node_type,
                                            const char *address,
                                            bool allow_markup);
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

/* ------------------------------------------------------------------------ */
/* Hooks                                                                     */
/* ------------------------------------------------------------------------ */

/** Opaque JSON value (a jansson json_t) handed to validation hooks. */
typedef struct json_t anima_json;

/**
 * A document check a module adds: called after the generic structural
 * checks with the whole parsed document; it appends diagnostics for what it
 * finds. `user_data` is the pointer given at registration.
 */
typedef void (*anima_validate_hook)(const anima_registry *registry,
                                    const anima_json *document,
                                    anima_diagnostics *diagnostics,
                                    void *user_data);

ANIMA_API anima_status
anima_registry_add_validate_hook(anima_registry *registry, const char *feature,
                                 anima_validate_hook hook, void *user_data);

/** Any hook function; cast to the stage's own signature when calling. */
typedef void (*anima_hook_function)(void);

/** A registered stage hook (geometry, step stages, ...). */
typedef struct anima_hook {
  const char *stage;   /**< e.g. "validate", "outline" */
  const char *target;  /**< e.g. a node type for "outline"; NULL for any */
  const char *feature; /**< owning feature */
  anima_hook_function function;
  void *user_data;
} anima_hook;

/**
 * Registers a hook for `stage`. Typed wrappers
 * (anima_registry_add_validate_hook above, the outline hooks of anima/path.h)
 * are preferred; this is the generic form they use. Strings must outlive the
 * registry.
 */
ANIMA_API anima_status anima_registry_add_hook(anima_registry *registry,
                                               const anima_hook *hook);
ANIMA_API size_t anima_registry_hook_count(const anima_registry *registry);
ANIMA_API const anima_hook *anima_registry_hook(const anima_registry *registry,
                                                size_t index);

/* ------------------------------------------------------------------------ */
/* Outline hooks: node geometry provided by a feature module                 */
/* ------------------------------------------------------------------------ */

/**
 * What an outline hook receives for one node, every frame (no strings, no
 * allocation). `geometry` holds the node type's core geometry numbers as
 * resolved this step: rect {x0, y0, w, h, rx}; circle {cx, cy, r};
 * arc {cx, cy, r, from, to}. `feature_values` holds the current values of
 * the hook feature's own number properties registered for this node type,
 * in registration order (for `corners`: corners.0 .. corners.3), and
 * `present` says whether the node's document has them at all.
 */
typedef struct anima_outline_input {
  const double *geometry;
  size_t geometry_count;
  const double *feature_values;
  size_t feature_value_count;
  bool present;
} anima_outline_input;

/**
 * Builds a node's local outline into `out` (already cleared) and sets
 * `*handled`; leaves `*handled` false to let the kernel draw the type's own
 * outline (e.g. a rect without `corners`). Returns ANIMA_OK or the path
 * building error.
 */
typedef anima_status (*anima_outline_hook)(const anima_outline_input *input,
                                           anima_path *out, bool *handled);

/**
 * Registers an outline hook for node type `node_type` (stage "outline").
 * Equivalent to anima_registry_add_hook with that stage and target.
 */
ANIMA_API anima_status anima_registry_add_outline_hook(anima_registry *registry,
                                                       const char *node_type,
                                                       const char *feature,
                                                       anima_outline_hook hook);

/* ------------------------------------------------------------------------ */
/* The module descriptor                                                     */
/* ------------------------------------------------------------------------ */

typedef struct anima_module_descriptor {
  unsigned abi_major;          /**< ANIMA_MODULE_ABI_MAJOR at build time */
  unsigned abi_minor;          /**< ANIMA_MODULE_ABI_MINOR at build time */
  const char *name;            /**< module name, e.g. "corners" */
  const char *const *features; /**< features provided, NULL-terminated */
  const char *const *depends;  /**< features required, NULL-terminated or
                                    NULL */
  /** Adds the module's registry entries. Returns ANIMA_OK or an error. */
  anima_status (*register_entries)(anima_registry *registry);
  void *reserved[8]; /**< zero; room to grow within the ABI */
} anima_module_descriptor;

/** The type of the exported entry point. */
typedef const anima_module_descriptor *(*anima_module_entry_function)(void);

#ifdef __cplusplus
}
#endif

#endif /* ANIMA_MODULE_H */
