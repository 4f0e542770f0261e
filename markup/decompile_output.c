/*
 * decompile_output.c — how the decompiler lays AniML out
 * (decompile_internal.h): attribute lists with the quote that needs fewer
 * escapes, start tags wrapped before column 100, comments kept from the
 * source, and the report of values with no AniML spelling.
 */
#include <stdlib.h>
#include <string.h>

#include "decompile_internal.h"

void decompiler_indent_to(markup_buffer *out, size_t indent) {
  markup_buffer_append_spaces(out, indent);
}

/* ---- comments ----------------------------------------------------------- */

/* Whether an unwritten comment is at `place` for the current pointer (with
 * `leftovers`: any unwritten comment); writes them when `write`. */
bool decompiler_comments_at(decompiler *d, char place, bool leftovers,
                            size_t indent, bool write) {
  if (!d->comments || !d->written) {
    return false;
  }
  const markup_buffer *records = &d->comments->records;
  bool found = false;
  size_t at = 0;
  for (size_t i = 0; i < d->comments->count && at < records->length; i++) {
    char record_place = records->data[at];
    const char *pointer = records->data + at + 1;
    const char *text = pointer + strlen(pointer) + 1;
    at = (size_t)(text - records->data) + strlen(text) + 1;
    bool match =
        leftovers || (record_place == place &&
                      strcmp(pointer, markup_buffer_string(&d->pointer)) == 0);
    if (!match || d->written[i]) {
      continue;
    }
    found = true;
    if (write) {
      d->written[i] = true;
      decompiler_indent_to(d->out, indent);
      markup_buffer_appendf(d->out, "<!--%s-->\n", text);
    }
  }
  return found;
}

/* ---- reporting ---------------------------------------------------------- */

void decompiler_unrepresentable(decompiler *d, const char *token,
                                const char *message) {
  size_t mark = d->pointer.length;
  if (token) {
    markup_buffer_append_pointer_token(&d->pointer, token);
  }
  anima_diagnostics_add(d->diagnostics, "type", ANIMA_SEVERITY_ERROR,
                        markup_buffer_string(&d->pointer),
                        "fix the value in the .ani document first",
                        "this value has no AniML spelling: %s", message);
  markup_buffer_truncate(&d->pointer, mark);
  d->failed = true;
}

/* ---- start tags --------------------------------------------------------- */

void decompiler_tag_add(start_tag *tag, const char *name, const char *value,
                        char quote) {
  if (tag->count == tag->capacity) {
    size_t capacity = tag->capacity ? tag->capacity * 2 : 8;
    attribute *grown = realloc(tag->items, capacity * sizeof *grown);
    if (!grown) {
      return;
    }
    tag->items = grown;
    tag->capacity = capacity;
  }
  char *name_copy = strdup(name), *value_copy = strdup(value);
  if (!name_copy || !value_copy) {
    free(name_copy);
    free(value_copy);
    return;
  }
  /* Use the quote that needs fewer escapes (ties: the one asked for). */
  size_t doubles = 0, singles = 0;
  for (const char *c = value; *c; c++) {
    doubles += *c == '"';
    singles += *c == '\'';
  }
  if (doubles != singles) {
    quote = doubles < singles ? '"' : '\'';
  }
  tag->items[tag->count++] = (attribute){name_copy, value_copy, quote};
}

void decompiler_tag_free(start_tag *tag) {
  for (size_t i = 0; i < tag->count; i++) {
    free(tag->items[i].name);
    free(tag->items[i].value);
  }
  free(tag->items);
}

/* Writes `<element a="…" …` (without the closing > or />). Attributes
 * that would pass column 100 start a new line, aligned with the first. */
void decompiler_write_start(decompiler *d, const char *element,
                            const start_tag *tag, size_t indent) {
  decompiler_indent_to(d->out, indent);
  markup_buffer_append_char(d->out, '<');
  markup_buffer_append_string(d->out, element);
  size_t aligned = indent + 1 + strlen(element); /* column of the ' ' */
  size_t column = aligned;
  markup_buffer one = {0};
  for (size_t i = 0; i < tag->count; i++) {
    const attribute *item = &tag->items[i];
    markup_buffer_truncate(&one, 0);
    markup_buffer_append_char(&one, ' ');
    markup_buffer_append_string(&one, item->name);
    markup_buffer_append_char(&one, '=');
    markup_buffer_append_char(&one, item->quote);
    if (!markup_buffer_append_xml_attribute(&one, item->value, item->quote)) {
      decompiler_unrepresentable(d, item->name,
                                 "it holds a character XML cannot carry");
    }
    markup_buffer_append_char(&one, item->quote);
    /* Room for "/>" after the last attribute. */
    size_t needed = one.length + (i + 1 == tag->count ? 2 : 0);
    if (i > 0 && column + needed > decompiler_line_width) {
      markup_buffer_append_char(d->out, '\n');
      decompiler_indent_to(d->out, aligned);
      column = aligned;
    }
    markup_buffer_append(d->out, markup_buffer_string(&one), one.length);
    column += one.length;
  }
  markup_buffer_free(&one);
}

void decompiler_write_empty(decompiler *d, const char *element,
                            const start_tag *tag, size_t indent) {
  decompiler_comments_at(d, 'b', false, indent, true);
  decompiler_write_start(d, element, tag, indent);
  markup_buffer_append_string(d->out, "/>\n");
}
