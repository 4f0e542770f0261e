/*
 * compile_internal.h — state shared by the compiler's files: compile.c
 * (elements, the document), compile_attributes.c (attributes),
 * compile_codecs.c (track text, events, poses, `set` assignments) and
 * compile_state.c (pointer, source map, errors).
 */
#ifndef ANIMA_MARKUP_COMPILE_INTERNAL_H
#define ANIMA_MARKUP_COMPILE_INTERNAL_H

#include <libxml/tree.h>

#include "markup_internal.h"

typedef struct compiler {
  const anima_registry *registry;
  markup_compiled *compiled;
  anima_diagnostics *diagnostics;
  markup_buffer pointer; /**< JSON pointer of the value being compiled */
  markup_buffer scratch; /**< temporary spellings */
  markup_ids ids;        /**< node id -> type, for address aliases */
  xmlDoc *document;
  bool out_of_memory;
} compiler;

/** Offset of an element's '<' in the text (0 when unknown). */
size_t compiler_element_offset(const xmlNode *element);
/** Offset of an attribute's name (its element's offset when unknown). */
size_t compiler_attribute_offset(const compiler *c, const xmlNode *element,
                                 const char *name);
/** Offset of the first character of a text node that is not blank (where
 * stray text starts), found after the element before it or its parent's
 * start tag; that element's offset when it cannot be found. */
size_t compiler_text_offset(const compiler *c, const xmlNode *text);
/** The tag record of an element, or NULL. */
const markup_tag *compiler_tag(const xmlNode *element);

/** The text of an attribute; `*owned` receives memory to xmlFree (or NULL).
 */
const char *compiler_attribute_text(compiler *c, const xmlAttr *attribute,
                                    char **owned);

/**
 * Reports a compiler error at the current pointer (plus `token` when not
 * NULL) and source offset. `hint` may be NULL.
 */
void compiler_error(compiler *c, const char *code, const char *token,
                    size_t offset, const char *hint, const char *format, ...)
    ANIMA_PRINTF(6, 7);

/** Records the current pointer (plus `token`) at `offset`. */
void compiler_record(compiler *c, const char *token, size_t offset);
/** Remembers that the value at the current pointer (plus `token`) was
 * written as JSON text (markup_compiled.json_pointers). */
void compiler_mark_json(compiler *c, const char *token);

/**
 * Sets `object[key] = value` (taking the reference), recording its
 * position; `duplicate-key` when the key is already set. Returns false when
 * the key was a duplicate.
 */
bool compiler_set(compiler *c, json_t *object, const char *key, json_t *value,
                  size_t offset);

/** Pushes a token onto the pointer; returns the length to restore. */
size_t compiler_push(compiler *c, const char *token);
size_t compiler_push_index(compiler *c, size_t index);
void compiler_pop(compiler *c, size_t mark);

/** `object[key]` as an object or array (created when absent); NULL when the
 * member exists with another type (reported as duplicate-key). */
json_t *compiler_container(compiler *c, json_t *object, const char *key,
                           bool array, size_t offset);

/** Records the XML comments between `element` and the element before it,
 * to be written before the value at the current pointer. */
void compiler_comments_before(compiler *c, const xmlNode *element);
/** Records the comments after the last child element of `element` (every
 * comment inside it when `all`), to be written before its end tag. */
void compiler_comments_inside(compiler *c, const xmlNode *element, bool all);
/** Records the comments after `element` (the root) as its trailing ones. */
void compiler_comments_after(compiler *c, const xmlNode *element);

/* compile_attributes.c */

/* Per element: fields given as JSON-valued attributes (so that elements or
 * flattened attributes for the same field are duplicates). */
typedef struct element_state {
  const anima_kind *kind; /* the variant for a variant element */
  const char *node_type;  /* JSON type for node elements, else NULL */
  const char *key_attribute;
  /* The field the element name stands for ("type" of a node element, the
   * discriminator of a variant element): no attribute of its own. */
  const char *implied;
  /* An element of a variant family itself (no variant element): its
   * discriminator is also no attribute; the variant elements say it. */
  bool family_element;
  const anima_field *json_fields[32];
  size_t json_field_count;
} element_state;

/** True when `field` was given as a JSON-valued attribute. */
bool compiler_given_as_json(const element_state *state,
                            const anima_field *field);
/**
 * Decodes attribute text for `field`; on failure reports `type` at the
 * current pointer plus `token` and returns the raw text as a string (so the
 * loader stays quiet about the same value).
 */
json_t *compiler_decode(compiler *c, const anima_field *field,
                        const char *token, const char *attribute,
                        const char *text, size_t offset, const markup_tag *tag);
/** Compiles one attribute of `element` into `target`. */
void compile_attribute(compiler *c, json_t *target, element_state *state,
                       const xmlNode *element, const xmlAttr *attribute);

/* compile_codecs.c */
void compile_track(compiler *c, json_t *timeline, const anima_field *field,
                   xmlNode *element);
void compile_event(compiler *c, json_t *timeline, const anima_field *field,
                   xmlNode *element);
void compile_pose(compiler *c, json_t *state, const anima_field *field,
                  xmlNode *element);
/** Decodes `set="name=value ..."`; NULL with an error reported. */
json_t *compile_assignments(compiler *c, const anima_field *field,
                            const char *text, size_t offset,
                            const markup_attribute_span *span);

#endif
