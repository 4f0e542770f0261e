/*
 * markup_internal.h — the pieces of the AniML library (include/anima/markup.h)
 * shared between its source files:
 *
 *   buffer.c        growable text, JSON/XML escaping, numbers
 *   source.c        lexical positions of tags and attributes in AniML text
 *   forms.c         how registry entries are spelled in AniML (docs/ANIML.md)
 *   values.c        attribute value encodings (numbers, lists, untyped values)
 *   text_codecs.c   track text and `set` assignments, both directions
 *   compile*.c      AniML (libxml2 tree) -> JSON value + source map
 *   locate.c        loader diagnostics on compiled JSON -> AniML positions
 *   hints.c         loader hints in AniML spelling, foreign-name hints
 *   decompile*.c    JSON value -> AniML text
 *   json_format.c   canonical `.ani` JSON text
 *   markup.c        the public functions
 *
 * Nothing here is called from the step loop.
 */
#ifndef ANIMA_MARKUP_INTERNAL_H
#define ANIMA_MARKUP_INTERNAL_H

#include <jansson.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

#include <anima/anima.h>
#include <anima/module.h>

#include "text.h"

/* ------------------------------------------------------------------------ */
/* buffer.c                                                                  */
/* ------------------------------------------------------------------------ */

/**
 * A growable NUL-terminated byte string: the kernel's anima_text
 * (kernel/text.h, compiled into this library from kernel/text_buffer.c).
 * Zero-initialise, then append; after a failed allocation appends are
 * ignored and take returns NULL. The markup_buffer_* names below are
 * markup's spelling of the same calls.
 */
typedef anima_text markup_buffer;

static inline void markup_buffer_append(markup_buffer *buffer,
                                        const char *bytes, size_t length) {
  anima_text_append_length(buffer, bytes, length);
}
static inline void markup_buffer_append_string(markup_buffer *buffer,
                                               const char *string) {
  anima_text_append(buffer, string);
}
static inline void markup_buffer_append_char(markup_buffer *buffer, char c) {
  anima_text_append_length(buffer, &c, 1);
}
#define markup_buffer_appendf anima_text_appendf
/** Appends "/" and `token` escaped per RFC 6901 (~ -> ~0, / -> ~1). */
#define markup_buffer_append_pointer_token anima_text_append_pointer_token
/** Appends "/" and a decimal array index. */
#define markup_buffer_append_pointer_index anima_text_append_pointer_index
/** Shortens to `length` bytes (<= the current length). */
#define markup_buffer_truncate anima_text_truncate
/** The string; "" when nothing was appended. */
#define markup_buffer_string anima_text_string
#define markup_buffer_free anima_text_free
/** Hands the malloc'd string to the caller (never NULL unless out of
 * memory) with its length, and resets the buffer. */
static inline char *markup_buffer_take(markup_buffer *buffer, size_t *length) {
  size_t kept = buffer->failed ? 0 : buffer->length;
  char *data = anima_text_take(buffer);
  if (length) {
    *length = data ? kept : 0;
  }
  return data;
}

/** Appends `count` spaces. */
void markup_buffer_append_spaces(markup_buffer *buffer, size_t count);
/** Appends a binary64 as anima_format_number writes it (format.h). */
void markup_buffer_append_number(markup_buffer *buffer, double value);
/** Appends `string` as a quoted JSON string (UTF-8 kept, controls escaped).
 */
void markup_buffer_append_json_string(markup_buffer *buffer, const char *string,
                                      size_t length);
/** Appends text escaped for an XML attribute delimited by `quote` (' or ").
 * Returns false when the text holds a character XML cannot carry. */
bool markup_buffer_append_xml_attribute(markup_buffer *buffer, const char *text,
                                        char quote);
/** Appends text escaped for XML element content; false as above. */
bool markup_buffer_append_xml_text(markup_buffer *buffer, const char *text);

/** True when `c` is XML white space (space, tab, LF, CR). */
bool markup_is_space(char c);

/** camelCase -> hyphen-case (scaleX -> scale-x), appended to `out`. */
void markup_hyphenate(markup_buffer *out, const char *name);
/** hyphen-case -> camelCase (scale-x -> scaleX), appended to `out`. */
void markup_camelize(markup_buffer *out, const char *name);

/* ------------------------------------------------------------------------ */
/* source.c: where tags and attributes are in the AniML text                 */
/* ------------------------------------------------------------------------ */

/** Byte offsets of one attribute of a start tag. */
typedef struct markup_attribute_span {
  size_t name;        /**< offset of the attribute name */
  size_t name_length; /**< bytes of the name */
  size_t value;       /**< offset just after the opening quote */
  size_t value_end;   /**< offset of the closing quote */
} markup_attribute_span;

/** Byte offsets of one element, in document order of start tags. */
typedef struct markup_tag {
  size_t offset;          /**< offset of '<' */
  size_t first_attribute; /**< index into markup_source.attributes */
  size_t attribute_count;
  size_t content;     /**< offset after the start tag's '>' */
  size_t content_end; /**< offset of the end tag's '<' (= content when
                           the tag is empty) */
} markup_tag;

/** The lexical scan of an AniML text (no validation: libxml2 does that). */
typedef struct markup_source {
  const char *text;
  size_t length;
  markup_tag *tags;
  size_t tag_count, tag_capacity;
  markup_attribute_span *attributes;
  size_t attribute_count, attribute_capacity;
  size_t *line_starts; /**< offset of every line's first byte */
  size_t line_count, line_capacity;
  /** Characters (UTF-8 sequences) before each MARKUP_COLUMN_BLOCK-byte block
   * of the text, so a column costs at most one block's scan however long
   * its line is. */
  size_t *block_characters;
  long doctype;  /**< offset of a <!DOCTYPE, or -1 */
  long crowded;  /**< offset of the first start tag with more than
                      MARKUP_ATTRIBUTE_LIMIT attributes, or -1 */
  bool complete; /**< the scan understood the whole text */
} markup_source;

/** Bytes per block of markup_source.block_characters. */
#define MARKUP_COLUMN_BLOCK 4096
/**
 * Attributes one element may have (docs/DECISIONS.md "AniML markup"): the
 * XML parser's tree builder and the attribute lookups cost the square of
 * an element's attribute count, so more is `limit-exceeded` before parsing.
 */
#define MARKUP_ATTRIBUTE_LIMIT 1024

/** Scans `text`. Returns false only when out of memory. */
bool markup_source_scan(markup_source *source, const char *text, size_t length);
void markup_source_free(markup_source *source);
/** 1-based line and column (in characters) of a byte offset. */
void markup_source_position(const markup_source *source, size_t offset,
                            int *line, int *column);
/**
 * The byte offset in the text of byte `decoded` of the decoded value whose
 * raw text is [start, end) (entity and character references, CR LF, CDATA
 * and comments accounted for). `attribute` selects attribute-value rules.
 */
size_t markup_source_raw_offset(const markup_source *source, size_t start,
                                size_t end, size_t decoded, bool attribute);
/** A walk through a decoded value's raw text, for offsets in increasing
 * order (track keys, `set` assignments) in one pass. */
typedef struct markup_source_cursor {
  size_t raw;         /**< current raw offset */
  size_t decoded;     /**< decoded bytes before `raw` */
  size_t end;         /**< raw end of the value */
  size_t cdata_close; /**< inside CDATA: the offset after its "]]>" */
  bool attribute;     /**< attribute-value rules */
} markup_source_cursor;

markup_source_cursor markup_source_cursor_start(size_t start, size_t end,
                                                bool attribute);
/** markup_source_raw_offset from the cursor on; `decoded` must not be less
 * than at the previous call. */
size_t markup_source_cursor_advance(const markup_source *source,
                                    markup_source_cursor *cursor,
                                    size_t decoded);

/**
 * The first '<', or '&' that starts no entity or character reference,
 * inside an attribute value (document order): its offset and attribute.
 * False when there is none. XML forbids both; AniML explains them.
 */
bool markup_source_unescaped(const markup_source *source, size_t *offset,
                             const markup_attribute_span **span);

/** The span of attribute `name` in `tag`, or NULL. */
const markup_attribute_span *
markup_source_find_attribute(const markup_source *source, const markup_tag *tag,
                             const char *name);

/* ------------------------------------------------------------------------ */
/* forms.c: registry entries as AniML                                        */
/* ------------------------------------------------------------------------ */

/** The concrete markup form of a field (never ANIMA_MARKUP_DEFAULT). */
anima_markup_form markup_field_form(const anima_field *field);

/** Field values the markup writes with a codec of its own. */
typedef enum markup_codec {
  MARKUP_CODEC_NONE = 0,
  MARKUP_CODEC_TRACKS,      /**< timeline.tracks: <track target> text */
  MARKUP_CODEC_EVENTS,      /**< timeline.events: <event at name/> */
  MARKUP_CODEC_POSE,        /**< state.pose: <pose address="value"/> */
  MARKUP_CODEC_ASSIGNMENTS, /**< listener.set: set="name=value ..." */
} markup_codec;

/** The codec of a SPECIAL field; MARKUP_CODEC_NONE for the others. */
markup_codec markup_field_codec(const anima_field *field);
/** The element a codec writes (track, event, pose) or NULL. */
const char *markup_codec_element(markup_codec codec);

/** The attribute of the value of a map of scalars (`<color value>`): the
 * item field's markup name, else its JSON name (item fields are not
 * registered, so nothing derived their spelling). */
const char *markup_item_field_name(const anima_field *item_field);

/** The AniML element of a kind (its `element`, else its name). */
const char *markup_kind_element(const anima_kind *kind);
/**
 * Variant families (registry.h): the discriminator field of `kind`'s
 * family (`kind` itself or, for a variant, its `variant_of`) when that
 * family registered it, else NULL.
 */
const anima_field *markup_discriminator(const anima_registry *registry,
                                        const anima_kind *kind);
/** The variant an object of family `kind` selects with its discriminator,
 * else `kind` (also for objects whose value names no variant). */
const anima_kind *markup_object_kind(const anima_registry *registry,
                                     const anima_kind *kind,
                                     const json_t *object);
/** The variant of `family` written as `element`, or NULL. */
const anima_kind *markup_variant_by_element(const anima_registry *registry,
                                            const anima_kind *family,
                                            const char *element);

/** The node-type kind named `type` (JSON) or NULL. */
const anima_kind *markup_node_kind(const anima_registry *registry,
                                   const char *type);

/**
 * The fields of `kind` in canonical order (the registry order; for node
 * types the required common fields first, then the type's own fields, then
 * the other common fields). Returns a malloc'd array (free it) with `count`
 * entries, or NULL (count 0) for an unknown kind or out of memory.
 */
const anima_field **markup_canonical_fields(const anima_registry *registry,
                                            const anima_kind *kind,
                                            size_t *count);

/** A kind's fields in canonical order with their item kinds, computed
 * once per kind and call (markup_kinds). */
typedef struct markup_kind_info {
  const anima_kind *kind;
  const anima_field **fields; /**< canonical order */
  const anima_kind **items;   /**< item kind of each field, or NULL */
  size_t count;
} markup_kind_info;

/** A cache of markup_kind_info for one registry. Zero-initialise with the
 * registry set; free with markup_kinds_free. */
/** The text of one number of a parsed JSON value, as written. */
typedef struct markup_raw_number {
  const json_t *value;
  const char *text; /**< into the parsed text; not NUL-terminated */
  size_t length;
} markup_raw_number;

/** The numbers of a value with their texts (raw_numbers.c). */
typedef struct markup_raw_numbers {
  markup_raw_number *items; /**< sorted by `value` */
  size_t count;
} markup_raw_numbers;

/**
 * Pairs the number tokens of `text` (`length` bytes: the JSON text `value`
 * was parsed from) with the numbers of `value`, in order. The table points
 * into `text`, which must outlive it. False (and an empty table) when out
 * of memory or when the two do not pair up.
 */
bool markup_raw_numbers_collect(const char *text, size_t length,
                                const json_t *value, markup_raw_numbers *out);
/** The entry of `value`, or NULL. `numbers` may be NULL. */
const markup_raw_number *
markup_raw_numbers_find(const markup_raw_numbers *numbers, const json_t *value);
void markup_raw_numbers_free(markup_raw_numbers *numbers);

typedef struct markup_kinds {
  const anima_registry *registry;
  markup_kind_info *entries;
  size_t count, capacity;
  /** For markup_format_json: the texts of the parsed numbers (NULL: print
   * every number canonically). */
  const markup_raw_numbers *raw_numbers;
} markup_kinds;

/** The info of `kind` (computed on first use); NULL when out of memory. */
const markup_kind_info *markup_kinds_get(markup_kinds *kinds,
                                         const anima_kind *kind);
/** The field `name` (JSON) of an info and its index, or NULL. */
const anima_field *markup_kind_field(const markup_kind_info *info,
                                     const char *name, size_t *index);
void markup_kinds_free(markup_kinds *kinds);

/**
 * The AniML attribute of member `member` of flattened object field `object`
 * on a node of type `node_type`: the hyphenated markup address of the
 * property "<object>.<member>" when it has one (fill.color -> "fill",
 * stroke.width -> "stroke-width"), else "<object>-<member>" in markup
 * spellings (fill-rule). Appended to `out`.
 */
void markup_flattened_name(const anima_registry *registry,
                           const char *node_type, const anima_field *object,
                           const anima_field *member, markup_buffer *out);

/** Node ids and their types, for address aliases (SPEC §11.2 spellings). */
typedef struct markup_ids {
  const char **ids;   /**< borrowed strings */
  const char **types; /**< borrowed JSON node types */
  size_t count, capacity;
  bool failed;
} markup_ids;

void markup_ids_add(markup_ids *ids, const char *id, const char *type);
/** The type of node `id`, or NULL (the first of duplicates wins). */
const char *markup_ids_type(const markup_ids *ids, const char *id,
                            size_t id_length);
void markup_ids_free(markup_ids *ids);

/**
 * An AniML address (`ring.trimEnd`) as its JSON address
 * (`ring.stroke.trimEnd`), appended to `out`. A JSON address wins over an
 * alias; an address naming no known node or property is copied unchanged
 * (the loader reports it).
 */
void markup_address_to_json(const anima_registry *registry,
                            const markup_ids *ids, const char *address,
                            markup_buffer *out);
/** The inverse: the alias when the property has one, else unchanged. */
void markup_address_to_markup(const anima_registry *registry,
                              const markup_ids *ids, const char *address,
                              markup_buffer *out);

/* ------------------------------------------------------------------------ */
/* values.c: attribute and key value encodings (docs/ANIML.md "Values")      */
/* ------------------------------------------------------------------------ */

/** Bytes of the JSON number lexeme at the start of text[0, length), or 0. */
size_t markup_number_length(const char *text, size_t length);
/** Bytes of the JSON string, array or object at the start of `text` (with
 * nesting and escapes), or 0 when it does not end within `length`. */
size_t markup_json_extent(const char *text, size_t length);

/**
 * Parses a JSON number lexeme (surrounding XML white space allowed).
 * False when `text` is not one or its value is not finite.
 */
bool markup_parse_number(const char *text, size_t length, double *out);

/**
 * Decodes the attribute text of a field of kind `kind` (see the value rules
 * in docs/ANIML.md). Returns a new reference, or NULL with a short reason
 * ("a number", "true or false", ...) in `*expected`.
 */
json_t *markup_decode_field(anima_field_kind kind, const char *text,
                            const char **expected);

/**
 * Untyped values (pose and key values, input default, _comment): true,
 * false, null or a JSON number are literals; text starting with `"`, `[` or
 * `{` is JSON; anything else is the raw string. NULL when JSON text does not
 * parse.
 */
json_t *markup_decode_untyped(const char *text, size_t length);

/**
 * Writes a field value as attribute text (not yet XML-escaped) into `out`.
 * Returns false when the value has no attribute form for this field kind
 * that decodes back to the same value.
 */
bool markup_encode_field(anima_field_kind kind, const json_t *value,
                         markup_buffer *out);
/** Writes an untyped value; false when it cannot round-trip. */
bool markup_encode_untyped(const json_t *value, markup_buffer *out);
/** Writes compact JSON (numbers in shortest form, members in order). */
void markup_encode_json(const json_t *value, markup_buffer *out);

/* ------------------------------------------------------------------------ */
/* text_codecs.c: track text and `set` assignments                           */
/* ------------------------------------------------------------------------ */

/** Where a text grammar failed. */
typedef struct markup_text_error {
  size_t offset;       /**< byte offset in the decoded text */
  const char *message; /**< a short English phrase */
  bool duplicate;      /**< a name was given twice (duplicate-key) */
  size_t item;         /**< index of the key or assignment that failed */
} markup_text_error;

/** Byte offsets (in the decoded text) of one key's tokens. */
typedef struct markup_key_offsets {
  size_t key, value, ease;
} markup_key_offsets;

/**
 * Parses track text into an array of keys [time, value, ease?]. When
 * `offsets` is not NULL the first `capacity` keys' token offsets are stored.
 * Returns NULL with `error` filled when the text does not parse.
 */
json_t *markup_parse_keys(const char *text, size_t length,
                          markup_key_offsets *offsets, size_t capacity,
                          markup_text_error *error);
/** Writes one key as track text ("0.3 1 inOut"); false when its shape has
 * no text form. */
bool markup_encode_key(const json_t *key, markup_buffer *out);
/** True when `text` parses back to exactly `keys`. */
bool markup_keys_round_trip(const json_t *keys, const char *text,
                            size_t length);

/** Parses `name=value ...` into an object; offsets of the names as above. */
json_t *markup_parse_assignments(const char *text, size_t length,
                                 size_t *offsets, size_t capacity,
                                 markup_text_error *error);
/** Writes an object as `name=value ...`; false when that form would not
 * read back as the same object. */
bool markup_encode_assignments(const json_t *assignments, markup_buffer *out);

/* ------------------------------------------------------------------------ */
/* Source map: JSON pointer -> offset in the AniML text (compile.c)          */
/* ------------------------------------------------------------------------ */

typedef struct markup_source_entry {
  size_t pointer;        /**< offset of the pointer in `pointers` */
  size_t pointer_length; /**< bytes of the pointer */
  size_t offset;         /**< byte offset in the AniML text */
} markup_source_entry;

typedef struct markup_source_map {
  markup_buffer pointers; /**< every pointer, NUL-separated */
  markup_source_entry *entries;
  size_t count, capacity;
  bool sorted; /**< markup_source_map_sort ran: lookups binary-search */
} markup_source_map;

void markup_source_map_add(markup_source_map *map, const char *pointer,
                           size_t pointer_length, size_t offset);
/** Sorts the entries by pointer once every value is recorded (the end of
 * markup_compile), so markup_source_map_find binary-searches. */
void markup_source_map_sort(markup_source_map *map);
/** The offset of the longest recorded pointer that is `pointer` or one of
 * its ancestors (of equal ones, the first recorded); false when none is. */
bool markup_source_map_find(const markup_source_map *map, const char *pointer,
                            size_t *offset);
void markup_source_map_free(markup_source_map *map);

/** True when `pointer` is `ancestor` or lies below it (whole tokens). */
bool markup_pointer_within(const char *pointer, const char *ancestor,
                           size_t ancestor_length);

/* ------------------------------------------------------------------------ */
/* compile.c                                                                 */
/* ------------------------------------------------------------------------ */

/**
 * XML comments found while compiling, replayed by the formatter. Records
 * are `<place><pointer>\0<text>\0`, place 'b' (before the element that
 * made the value at <pointer>) or 'e' (inside it, before its end tag).
 */
typedef struct markup_comments {
  markup_buffer records;
  size_t count;
} markup_comments;

/** What compiling AniML produced. */
typedef struct markup_compiled {
  json_t *document;             /**< the JSON value, NULL after XML errors */
  markup_source source;         /**< the scan of the text */
  markup_source_map map;        /**< positions of compiled values */
  markup_buffer error_pointers; /**< pointers of compiler errors, NUL-
                                     separated, to drop loader cascades */
  size_t error_count;           /**< compiler errors (XML errors included) */
  markup_comments comments;     /**< XML comments, for the formatter */
  markup_buffer json_pointers;  /**< pointers of values the author wrote as
                                     JSON text (`fill='{…}'`), NUL-separated:
                                     hints inside them keep JSON spelling */
} markup_compiled;

/** True when the value at `pointer` was written as JSON text. */
bool markup_compiled_is_json(const markup_compiled *compiled,
                             const char *pointer);

/**
 * Compiles AniML text to a JSON value. Every compiler error is appended to
 * `diagnostics` with its line, column and JSON pointer. Returns
 * ANIMA_ERROR_NO_MEMORY or ANIMA_OK (even when errors were reported: see
 * `compiled->error_count`). Free the result with markup_compiled_free.
 */
anima_status markup_compile(const anima_registry *registry, const char *text,
                            size_t length, anima_diagnostics *diagnostics,
                            markup_compiled *compiled);
void markup_compiled_free(markup_compiled *compiled);

/**
 * The author's names of a compiled document, sorted: every string value and
 * every key of a map or free value (unknown keys left out). Collected once
 * per document, so spelling the hints of many diagnostics does not walk the
 * document again for each (a hostile document has thousands).
 */
typedef struct markup_names {
  const char **items; /**< into the document's strings; sorted by strcmp */
  size_t count, capacity;
  bool failed; /**< out of memory: markup_names_has answers false */
  bool ready;
} markup_names;

void markup_names_collect(const anima_registry *registry,
                          const json_t *document, markup_names *names);
/** True when `word` is one of `names` (NULL: none). */
bool markup_names_has(const markup_names *names, const char *word);
void markup_names_free(markup_names *names);

/* ------------------------------------------------------------------------ */
/* locate.c                                                                  */
/* ------------------------------------------------------------------------ */

/**
 * Validates the compiled document with the `.ani` loader and appends its
 * diagnostics with AniML positions, dropping those at or below a pointer
 * that already has a compiler error.
 */
anima_status markup_validate_compiled(anima_runtime *runtime,
                                      const markup_compiled *compiled,
                                      anima_diagnostics *diagnostics);
/**
 * Appends a copy of loader `diagnostic` to `diagnostics` with the AniML
 * position of its pointer (0:0 when none is recorded) and its hint in AniML
 * spelling.
 */
void markup_locate_diagnostic(const anima_registry *registry,
                              const markup_compiled *compiled,
                              const markup_names *names,
                              const anima_diagnostic *diagnostic,
                              anima_diagnostics *diagnostics);

/* ------------------------------------------------------------------------ */
/* hints.c: loader hints in AniML spelling                                   */
/* ------------------------------------------------------------------------ */

/** One object a hint's keys are resolved in. */
typedef struct markup_hint_scope {
  const anima_kind *kind;       /**< its kind (NULL: none, e.g. map values) */
  const char *node_type;        /**< JSON type of the nearest node, or NULL */
  const anima_field *flattened; /**< the flattened field it is the value of
                                     (fill, stroke), or NULL */
  bool json;                    /**< written by the author as JSON text */
} markup_hint_scope;

/**
 * The objects along `pointer` in the compiled document, outermost (the
 * document) first, as far as the registry and the value go. Returns how
 * many of `capacity` were filled.
 */
size_t markup_hint_scopes(const anima_registry *registry,
                          const markup_compiled *compiled, const char *pointer,
                          markup_hint_scope *scopes, size_t capacity);

/**
 * Appends `hint` (JSON spelling) in AniML spelling: quoted keys resolved in
 * `scopes` (innermost wins) become attribute names, `key="value"`
 * attributes or elements; members not in any scope are spelled when every
 * field of that name is spelled alike. Keys in scopes the author wrote as
 * JSON, and quoted words that are the author's `names` (may be NULL), stay
 * as they are.
 */
void markup_hint_spell(const anima_registry *registry,
                       const markup_hint_scope *scopes, size_t count,
                       const markup_names *names, const char *hint,
                       markup_buffer *out);

/**
 * The hint for a foreign name (module.h) met on an element of `scope`:
 * `use center="cx cy"`, `use <path d="...">; <note>`.
 */
void markup_foreign_hint(const anima_registry *registry,
                         const anima_foreign_name *foreign,
                         const markup_hint_scope *scope, markup_buffer *out);

/* ------------------------------------------------------------------------ */
/* decompile.c, json_format.c                                                */
/* ------------------------------------------------------------------------ */

/**
 * Writes `document` as canonical AniML into `out`, replaying `comments`
 * (may be NULL). Values it cannot write are reported (code `type`) in
 * `diagnostics`; returns false then.
 */
bool markup_decompile(const anima_registry *registry, const json_t *document,
                      const markup_comments *comments,
                      anima_diagnostics *diagnostics, markup_buffer *out);

/** Writes `document` as canonical `.ani` JSON text (docs/ANIML.md
 * "Canonical .ani"), ending with a newline. Numbers inside free-form
 * values (`meta`, ANIMA_FIELD_ANY) are written as in `raw_numbers` when it
 * has them (tools preserve meta, SPEC §2); `raw_numbers` may be NULL. */
void markup_format_json(const anima_registry *registry, const json_t *document,
                        const markup_raw_numbers *raw_numbers,
                        markup_buffer *out);

/** The kind of the items of an OBJECT/MAP/ARRAY field, or NULL. */
const anima_kind *markup_item_kind(const anima_registry *registry,
                                   const anima_field *field);

#endif
