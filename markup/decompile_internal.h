/*
 * decompile_internal.h — state shared by decompile.c (values, fields,
 * children, objects: what to write) and decompile_output.c (start tags,
 * line wrapping, comments, reporting: how it is laid out).
 */
#ifndef ANIMA_MARKUP_DECOMPILE_INTERNAL_H
#define ANIMA_MARKUP_DECOMPILE_INTERNAL_H

#include "markup_internal.h"

enum { decompiler_line_width = 100 };

typedef struct attribute {
  char *name;
  char *value; /* unescaped */
  char quote;
} attribute;

typedef struct start_tag {
  attribute *items;
  size_t count, capacity;
} start_tag;

typedef struct decompiler {
  const anima_registry *registry;
  anima_diagnostics *diagnostics;
  markup_buffer *out;
  markup_buffer pointer;
  markup_ids ids;
  const markup_comments *comments; /* may be NULL */
  bool *written;                   /* per comment record */
  bool failed;
} decompiler;

/** Appends `count` spaces. */
void decompiler_indent_to(markup_buffer *out, size_t indent);
/** Whether an unwritten comment is at `place` ('b' before, 'e' inside the
 * end) of the element of the current pointer (with `leftovers`: any
 * unwritten comment); writes them at `indent` when `write`. */
bool decompiler_comments_at(decompiler *d, char place, bool leftovers,
                            size_t indent, bool write);
/** Reports a value with no AniML spelling (code `type`) at the current
 * pointer plus `token`. */
void decompiler_unrepresentable(decompiler *d, const char *token,
                                const char *message);
/** Adds an attribute (value unescaped); the quote may be switched to the
 * one needing fewer escapes. */
void decompiler_tag_add(start_tag *tag, const char *name, const char *value,
                        char quote);
void decompiler_tag_free(start_tag *tag);
/** Writes `<element a="…" …` (without > or />), wrapping before column
 * 100 with continuation lines aligned under the first attribute. */
void decompiler_write_start(decompiler *d, const char *element,
                            const start_tag *tag, size_t indent);
/** Writes the comments before it, then `<element …/>` and a newline. */
void decompiler_write_empty(decompiler *d, const char *element,
                            const start_tag *tag, size_t indent);

#endif
