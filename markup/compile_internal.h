/*
 * compile_internal.h — state shared by compile.c (elements and attributes,
 * generic over the registry) and compile_codecs.c (track text, events,
 * poses and `set` assignments).
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
