/*
 * validate.h — kernel-private pieces of the strict loader (validate*.c).
 *
 * anima_validate (loader.h) runs, in order:
 *   1. the document checks that decide whether to look further: the JSON
 *      root is an object, `anima` is "0.1" (version-unsupported stops
 *      here), `requires` names known features (unknown-feature stops here);
 *   2. the generic structural walk over the registry (validate_structure.c):
 *      keys, JSON types, enums, ranges, names, fixed-length arrays,
 *      reserved keys, undeclared features, node type dispatch, limits on
 *      node depth and count; it records every node it accepts;
 *   3. the semantic checks of SPEC §2-§10 (validate_document.c,
 *      validate_nodes.c, validate_timelines.c, validate_machine.c,
 *      validate_inputs.c), which read only values whose JSON shape the walk
 *      accepted, so one mistake gives one diagnostic;
 *   4. the warnings, then the validate hooks of declared modules.
 */
#ifndef ANIMA_KERNEL_VALIDATE_H
#define ANIMA_KERNEL_VALIDATE_H

#include <stdbool.h>
#include <stddef.h>

#include <anima/format.h>

#include "loader.h"
#include "text.h"

/** A node the structural walk accepted (an object with a known type). */
typedef struct validation_node {
  const char *id;         /**< NULL when missing or not a string */
  const json_t *object;   /**< the node object */
  const anima_kind *kind; /**< its node type; NULL when the type is missing,
                               unknown or undeclared (reported) */
  char *pointer;          /**< "/nodes/0/children/1" (owned) */
  /** Number of subpaths drawn by a path node; 0 when unknown (bad data). */
  size_t subpath_count;
  bool duplicate;     /**< a later node with an id already taken */
  bool trim_reported; /**< trim-multi-subpath reported */
} validation_node;

/** A declared input (SPEC §8). */
typedef struct validation_input {
  const char *name;
  const json_t *object;
  bool type_known; /**< `type` is one of bool, number, trigger */
  anima_input_type type;
  bool used; /**< read by a condition or written by a listener
                  or a11y */
} validation_input;

/** A declared glyph with its parsed path data (SPEC §3). */
typedef struct validation_glyph {
  const char *name;
  bool parsed; /**< `d` parsed without error */
  size_t subpath_count;
  size_t segment_count;     /**< of the whole `d` */
  size_t *subpath_segments; /**< per numbered subpath; NULL when none */
} validation_glyph;

/** The most path segments the path nodes of a document draw in all, each
 * node counting the segments of its `d` or glyph, or of the `subpaths` it
 * selects (docs/DECISIONS.md "Hostile input": the path-complexity budget;
 * `limit-exceeded`). */
#define ANIMA_PATH_SEGMENT_LIMIT 4096

/** A name -> index entry of a sorted lookup table. */
typedef struct validation_name {
  const char *name;
  size_t index;
} validation_name;

/** Everything one validation run knows. */
typedef struct validation {
  const anima_registry *registry;
  const json_t *document;
  anima_diagnostics *diagnostics;
  anima_text pointer; /**< pointer of the value being checked */
  anima_text scratch; /**< message and hint building */

  /** Features listed in `requires` that the registry knows. */
  const char **features;
  size_t feature_count;

  validation_node *nodes; /**< document order (pre-order) */
  size_t node_count, node_capacity;
  size_t node_depth; /**< depth of the nodes being walked */
  size_t nodes_seen; /**< every node item, for the 2 048 limit */
  bool node_limit_reported;
  bool depth_limit_reported;
  size_t path_segments; /**< drawn by the path nodes so far */
  bool segment_limit_reported;
  validation_name *node_ids; /**< sorted by id (stable), first of equals
                                  is the earliest node */
  size_t node_id_count;

  validation_input *inputs;
  size_t input_count;
  validation_name *input_names; /**< sorted */

  validation_glyph *glyphs;
  size_t glyph_count;
  validation_name *glyph_names; /**< sorted */

  const char *last_ease;   /**< the last ease that parsed, or NULL */
  unsigned last_ease_kind; /**< its anima_ease_kind */

  /** ANIMA_FIELD_VALUE fields to parse after the walk
   * (validation_defer_value). */
  struct validation_value_field *value_fields;
  size_t value_field_count, value_field_capacity;

  size_t keyframe_count;
  bool keyframe_limit_reported;
  bool out_of_memory;
} validation;

/* ---- reporting (validate.c) -------------------------------------------- */

/**
 * Appends a diagnostic with `code` (its severity comes from the registry)
 * at the current pointer. `hint` may be NULL.
 */
void validation_report(validation *v, const char *code, const char *hint,
                       const char *format, ...) ANIMA_PRINTF(4, 5);
/** Like validation_report, at an explicit pointer. */
void validation_report_at(validation *v, const char *pointer, const char *code,
                          const char *hint, const char *format, ...)
    ANIMA_PRINTF(5, 6);

/** Pushes an object key / array index on the current pointer; returns the
 * length to pop back to. */
size_t validation_push_key(validation *v, const char *key);
size_t validation_push_index(validation *v, size_t index);
/** Pops the pointer back to `length`. */
void validation_pop(validation *v, size_t length);
/** The current pointer ("" for the document). */
const char *validation_pointer(const validation *v);

/**
 * Builds `did you mean "<closest>"?` from `candidates` into v->scratch and
 * returns it, or NULL when none is close.
 */
const char *validation_hint(validation *v, const char *word,
                            const char *const *candidates, size_t count);
/** The same with the member names of a JSON object as candidates. */
const char *validation_hint_keys(validation *v, const char *word,
                                 const json_t *object);

/**
 * True when references into the top-level member `key` ("nodes", "inputs",
 * "timelines", "glyphs", "colors") can be checked: it is absent (then every
 * reference is dangling) or has its JSON type. When it is broken (reported
 * by the structural walk) dangling references are not reported again.
 */
bool validation_can_resolve(const validation *v, const char *key);

/** True when `feature` is NULL (core) or listed in `requires`. */
bool validation_feature_declared(const validation *v, const char *feature);
/** Reports undeclared-feature at the current pointer for `feature`. */
void validation_report_undeclared(validation *v, const char *what,
                                  const char *feature);

/**
 * A JSON string's value when it holds no NUL byte, else NULL (the strict
 * loader refuses embedded NULs wherever a name, colour, ease or condition
 * is expected).
 */
const char *validation_string(const json_t *value);

/** True when `name` is a valid SPEC §2 name (and has no embedded NUL). */
bool validation_is_name(const json_t *value);

/* ---- lookup tables (validate.c) ----------------------------------------- */

/** Sorts `count` entries by name (stable: equal names keep index order). */
void validation_sort_names(validation_name *names, size_t count);
/** The first entry named `name`, or NULL. */
const validation_name *validation_find_name(const validation_name *names,
                                            size_t count, const char *name);

/** The node whose id is `id` (the first one in document order), or NULL. */
validation_node *validation_find_node(validation *v, const char *id);
/** The input named `name`, or NULL. */
validation_input *validation_find_input(validation *v, const char *name);
/** The glyph named `name`, or NULL. */
const validation_glyph *validation_find_glyph(const validation *v,
                                              const char *name);

/** The segments of each numbered subpath of `path` (a move that continues
 * its subpath counts with it), malloc'd; NULL when out of memory or when
 * the path has no subpath. */
size_t *validation_subpath_segments(const anima_path *path);

/** Adds `segments` to the document's path-complexity budget; true exactly
 * once, for the count that first crosses ANIMA_PATH_SEGMENT_LIMIT (the
 * caller then reports it, with validation_report_segments at a pointer). */
bool validation_count_segments(validation *v, size_t segments);
void validation_report_segments(validation *v, const char *pointer);

/* ---- passes ------------------------------------------------------------ */

/** validate_structure.c: the generic walk of the whole document. */
void validate_structure(validation *v);

/* ---- registry forms (validate_forms.c) ----------------------------------- */

/** How an object of a kind is checked: the kind whose fields apply. */
typedef struct validation_form {
  const anima_kind *kind;   /**< the selected variant, else the kind */
  const anima_kind *family; /**< the kind when it is a variant family with a
                                 registered discriminator field, else NULL */
  const anima_field *discriminator; /**< that field */
  bool unresolved; /**< the discriminator is present but names no usable
                        variant (reported): other variants' keys are not
                        reported again */
} validation_form;

/** The discriminator field a family registered on itself, or NULL. */
const anima_field *validation_discriminator(const validation *v,
                                            const anima_kind *kind);
/**
 * Selects the variant of `object` (an object of `kind`, at the current
 * pointer) from its discriminator, reporting a discriminator that is not a
 * string (`type`), names no variant (`bad-value` with the closest) or a
 * variant of an undeclared feature (`undeclared-feature`), at its key.
 */
validation_form validation_select_form(validation *v, const json_t *object,
                                       const anima_kind *kind);
/** missing-key at the current pointer for a family's required
 * discriminator; the hint lists the variants the document may use. */
void validation_report_missing_discriminator(validation *v,
                                             const validation_form *form);
/**
 * For a key that is no field of `form->kind`: when it is a field of another
 * variant of the family, reports it at the current pointer (`bad-value`
 * naming the variant it belongs to, or `undeclared-feature`) and returns
 * true; false for a key no variant has.
 */
bool validation_other_variant_key(validation *v, const validation_form *form,
                                  const char *key);
/**
 * `field` (a member `key` of `object`) is in a one-of group and an earlier
 * member of `object` belongs to the same group: reports `bad-value` at the
 * current pointer naming the earlier key and returns true.
 */
bool validation_one_of_conflict(validation *v, const json_t *object,
                                const anima_field *const *fields, size_t count,
                                const anima_field *field, const char *key);
/**
 * For the first member `fields[index]` of a one-of group: when no member
 * is present and a declared member is required, returns true and either
 * reports `missing-key` (at the current pointer, listing the alternatives
 * the document may use) or, when there is only one, sets `*single` to it
 * for the caller's ordinary missing-key report.
 */
bool validation_one_of_missing(validation *v, const json_t *object,
                               const anima_field *const *fields, size_t count,
                               size_t index, const anima_field **single);

/**
 * Whether the concrete `suffix` of `address` (a match of `property`, maybe
 * a pattern) exists on `node` (address_internal.h); when it does not,
 * reports `unknown-address` at the current pointer saying why: a missing
 * containing member, an index the array lacks or spells with leading
 * zeros, a key the object lacks, or a member of another variant.
 */
bool validation_address_exists(validation *v, const validation_node *node,
                               const anima_property *property,
                               const char *suffix, const char *address);

/** validate_document.c: `name`, `viewBox`, glyph paths and hashes, `hit`. */
void validate_document_values(validation *v);
/** validate_document.c: records the declared glyphs, parsing their data. */
void validate_glyphs(validation *v);

/** validate_nodes.c: ids, path sources, subpaths, arcs, paint. */
void validate_nodes(validation *v);

/** validate_inputs.c: records the inputs and checks their values. */
void validate_inputs(validation *v);
/** validate_inputs.c: listeners and a11y (marks inputs as used). */
void validate_listeners(validation *v);
void validate_a11y(validation *v);
/** validate_inputs.c: the unused-input warning. */
void validate_unused_inputs(validation *v);

/** validate_timelines.c: tracks, keys, eases and events. */
void validate_timelines(validation *v);

/**
 * validate_timelines.c: checks one written address and its value at the
 * current pointer, for tracks (`value` NULL: only the address) and poses.
 * Returns the property it names, or NULL when it was reported.
 */
/**
 * A string `set` value (an expression) written to input `target` of
 * `type`, at the current pointer: given to the expression kind of a
 * declared feature (module.h anima_expression_kind_desc), which reports
 * its own diagnostics. Returns false, reporting nothing, when no loaded
 * module registers an expression kind; reports undeclared-feature when
 * one does but the document does not declare its feature.
 */
bool validation_check_expression(validation *v, const char *text,
                                 const char *target, anima_input_type type);

/** The core action keys of `object` (a listener, or a state's `entry` /
 * `exit` or a transition's `actions` block), at the current pointer:
 * `fire` triggers, `set` bool/number inputs (literals or expressions),
 * `toggle` bools (validate_inputs.c). */
void validate_action_keys(validation *v, const json_t *object);

const anima_property *validate_address(validation *v, const char *address,
                                       validation_node **node_out);
/**
 * validate_timelines.c: checks a keyframe or pose value (at the current
 * pointer) against the property's type (value-type, bad-color,
 * color-slot-animated).
 */
void validate_property_value(validation *v, const anima_property *property,
                             const validation_node *node, const char *suffix,
                             const json_t *value);

/**
 * validate_timelines.c: one ease string at the current pointer (SPEC §5):
 * bad-ease, `reserved` for spring(...); keys of a `hold_type` (its name:
 * "boolean", a HOLD value type) allow only "hold". `curve_refusal` is NULL
 * where a module value curve (anima_ease_kind_desc.value) may shape the
 * segment (a key of a number property), else what the ease belongs to, for
 * the bad-ease message ("a transition", "a color key").
 */
void validation_check_ease(validation *v, const json_t *value,
                           const char *hold_type, const char *curve_refusal);

/**
 * validate_timelines.c: an ANIMA_FIELD_VALUE field met by the structural
 * walk (at the current pointer), parsed by its value type once every node
 * id is known (validate_value_fields); freed by
 * validation_release_value_fields.
 */
void validation_defer_value(validation *v, const anima_field *field,
                            const json_t *value);
void validate_value_fields(validation *v);
void validation_release_value_fields(validation *v);

/** validate_machine.c: layers, states, transitions and conditions. */
void validate_machine(validation *v);

/** A number as message text: shortest round-trip form (DECISIONS 2), so
 * 1.0000001 is not shown as 1. */
typedef struct validation_number_text {
  char text[ANIMA_FORMAT_CAPACITY];
} validation_number_text;

static inline validation_number_text validation_number(double value) {
  validation_number_text number;
  anima_format_number(value, number.text);
  return number;
}

/* The text lives until the end of the full expression (C11 6.2.4p8), so it
 * can be passed straight to a printf-style call. */
#define NUMBER_TEXT(value) (validation_number(value).text)

#endif
