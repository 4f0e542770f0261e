/*
 * source.c — where every start tag and attribute is in the AniML text.
 *
 * libxml2 keeps no column numbers and no attribute positions, so a small
 * lexical scan of the raw text records them: start tags in document order
 * (the order of the elements of libxml2's tree), each attribute's name and
 * value offsets, each element's content span, and the start of every line.
 * The scan runs before libxml2 (to refuse a DOCTYPE before anything reads
 * it) and never validates: on text libxml2 rejects its result is not used.
 */
#include <stdlib.h>
#include <string.h>

#include "markup_internal.h"

static bool grow(void **items, size_t *capacity, size_t count, size_t size) {
  if (count < *capacity) {
    return true;
  }
  size_t next = *capacity ? *capacity * 2 : 32;
  void *grown = realloc(*items, next * size);
  if (!grown) {
    return false;
  }
  *items = grown;
  *capacity = next;
  return true;
}

static bool starts_with(const markup_source *source, size_t at,
                        const char *prefix) {
  size_t length = strlen(prefix);
  return at + length <= source->length &&
         memcmp(source->text + at, prefix, length) == 0;
}

/* Offset just after the next `terminator` at or after `at`, or length. */
static size_t skip_past(const markup_source *source, size_t at,
                        const char *terminator, bool *found) {
  size_t length = strlen(terminator);
  for (size_t i = at; i + length <= source->length; i++) {
    if (memcmp(source->text + i, terminator, length) == 0) {
      *found = true;
      return i + length;
    }
  }
  *found = false;
  return source->length;
}

static bool scan_lines(markup_source *source) {
  if (!grow((void **)&source->line_starts, &source->line_capacity, 0,
            sizeof(size_t))) {
    return false;
  }
  source->line_starts[source->line_count++] = 0;
  size_t blocks = source->length / MARKUP_COLUMN_BLOCK + 1;
  source->block_characters = malloc(blocks * sizeof(size_t));
  if (!source->block_characters) {
    return false;
  }
  size_t characters = 0;
  for (size_t i = 0; i < source->length; i++) {
    if (i % MARKUP_COLUMN_BLOCK == 0) {
      source->block_characters[i / MARKUP_COLUMN_BLOCK] = characters;
    }
    characters += ((unsigned char)source->text[i] & 0xc0) != 0x80;
  }
  if (source->length % MARKUP_COLUMN_BLOCK == 0) {
    source->block_characters[blocks - 1] = characters;
  }
  for (size_t i = 0; i < source->length; i++) {
    char c = source->text[i];
    if (c == '\r' && i + 1 < source->length && source->text[i + 1] == '\n') {
      i++;
    } else if (c != '\n' && c != '\r') {
      continue;
    }
    if (!grow((void **)&source->line_starts, &source->line_capacity,
              source->line_count, sizeof(size_t))) {
      return false;
    }
    source->line_starts[source->line_count++] = i + 1;
  }
  return true;
}

static bool is_name_end(char c) {
  return markup_is_space(c) || c == '=' || c == '/' || c == '>' || c == '<';
}

/* Scans the attributes of a start tag from `at` (after its name). Returns
 * the offset after '>' or 0 when the tag is malformed; sets *empty for
 * "/>". Out of memory is reported through *failed. */
static size_t scan_attributes(markup_source *source, markup_tag *tag, size_t at,
                              bool *empty, bool *failed) {
  const char *text = source->text;
  size_t length = source->length;
  for (;;) {
    while (at < length && markup_is_space(text[at])) {
      at++;
    }
    if (at >= length) {
      return 0;
    }
    if (text[at] == '>') {
      *empty = false;
      return at + 1;
    }
    if (text[at] == '/') {
      *empty = true;
      return (at + 1 < length && text[at + 1] == '>') ? at + 2 : 0;
    }
    markup_attribute_span span = {.name = at};
    while (at < length && !is_name_end(text[at])) {
      at++;
    }
    span.name_length = at - span.name;
    while (at < length && markup_is_space(text[at])) {
      at++;
    }
    if (span.name_length == 0 || at >= length || text[at] != '=') {
      return 0;
    }
    at++;
    while (at < length && markup_is_space(text[at])) {
      at++;
    }
    if (at >= length || (text[at] != '"' && text[at] != '\'')) {
      return 0;
    }
    char quote = text[at++];
    span.value = at;
    while (at < length && text[at] != quote) {
      at++;
    }
    if (at >= length) {
      return 0;
    }
    span.value_end = at++;
    if (!grow((void **)&source->attributes, &source->attribute_capacity,
              source->attribute_count, sizeof span)) {
      *failed = true;
      return 0;
    }
    source->attributes[source->attribute_count++] = span;
    tag->attribute_count++;
  }
}

bool markup_source_scan(markup_source *source, const char *text,
                        size_t length) {
  *source = (markup_source){
      .text = text, .length = length, .doctype = -1, .crowded = -1};
  if (!scan_lines(source)) {
    return false;
  }
  size_t *open = NULL; /* indices of tags whose end tag is pending */
  size_t open_count = 0, open_capacity = 0;
  bool failed = false, found = true;
  size_t at = 0;
  while (!failed && found && at < length) {
    const char *next = memchr(text + at, '<', length - at);
    if (!next) {
      break;
    }
    at = (size_t)(next - text);
    if (starts_with(source, at, "<!--")) {
      at = skip_past(source, at + 4, "-->", &found);
    } else if (starts_with(source, at, "<?")) {
      at = skip_past(source, at + 2, "?>", &found);
    } else if (starts_with(source, at, "<![CDATA[")) {
      at = skip_past(source, at + 9, "]]>", &found);
    } else if (starts_with(source, at, "<!")) {
      if (starts_with(source, at, "<!DOCTYPE") && source->doctype < 0) {
        source->doctype = (long)at;
      }
      found = false; /* nothing after a DOCTYPE or stray "<!" is used */
    } else if (starts_with(source, at, "</")) {
      if (open_count > 0) {
        source->tags[open[--open_count]].content_end = at;
      }
      at = skip_past(source, at + 2, ">", &found);
    } else {
      if (!grow((void **)&source->tags, &source->tag_capacity,
                source->tag_count, sizeof(markup_tag))) {
        failed = true;
        break;
      }
      markup_tag *tag = &source->tags[source->tag_count++];
      *tag = (markup_tag){.offset = at,
                          .first_attribute = source->attribute_count};
      size_t name_end = at + 1;
      while (name_end < length && !is_name_end(text[name_end])) {
        name_end++;
      }
      bool empty = false;
      size_t after = scan_attributes(source, tag, name_end, &empty, &failed);
      /* scan_attributes may have moved source->attributes, not tags. */
      tag = &source->tags[source->tag_count - 1];
      if (tag->attribute_count > MARKUP_ATTRIBUTE_LIMIT &&
          source->crowded < 0) {
        source->crowded = (long)at;
      }
      if (after == 0) {
        found = false;
        break;
      }
      tag->content = tag->content_end = after;
      if (!empty) {
        if (!grow((void **)&open, &open_capacity, open_count, sizeof *open)) {
          failed = true;
          break;
        }
        open[open_count++] = source->tag_count - 1;
      }
      at = after;
    }
  }
  free(open);
  source->complete = found && !failed;
  return !failed;
}

void markup_source_free(markup_source *source) {
  free(source->tags);
  free(source->attributes);
  free(source->line_starts);
  free(source->block_characters);
  *source = (markup_source){.doctype = -1, .crowded = -1};
}

/* UTF-8 sequences that start before byte `offset`: the block's count, then
 * at most one block scanned. */
static size_t characters_before(const markup_source *source, size_t offset) {
  size_t block = source->block_characters ? offset / MARKUP_COLUMN_BLOCK : 0;
  size_t characters =
      source->block_characters ? source->block_characters[block] : 0;
  for (size_t i = block * MARKUP_COLUMN_BLOCK; i < offset; i++) {
    characters += ((unsigned char)source->text[i] & 0xc0) != 0x80;
  }
  return characters;
}

void markup_source_position(const markup_source *source, size_t offset,
                            int *line, int *column) {
  if (offset > source->length) {
    offset = source->length;
  }
  size_t low = 0, high = source->line_count;
  while (high - low > 1) {
    size_t middle = (low + high) / 2;
    if (source->line_starts[middle] <= offset) {
      low = middle;
    } else {
      high = middle;
    }
  }
  size_t characters = characters_before(source, offset) -
                      characters_before(source, source->line_starts[low]);
  /* A byte order mark is not a column of the first line. */
  if (low == 0 && offset >= 3 && source->length >= 3 &&
      memcmp(source->text, "\xEF\xBB\xBF", 3) == 0) {
    characters--;
  }
  *line = (int)low + 1;
  *column = (int)characters + 1;
}

/* Bytes of the UTF-8 encoding of a character reference's code point. */
static size_t reference_bytes(const char *text, size_t start, size_t end) {
  unsigned long code = 0;
  if (end > start + 2 && text[start + 1] == '#') {
    bool hex = text[start + 2] == 'x';
    code = strtoul(text + start + (hex ? 3 : 2), NULL, hex ? 16 : 10);
  } else {
    return 1; /* &lt; &gt; &amp; &apos; &quot; */
  }
  return code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
}

markup_source_cursor markup_source_cursor_start(size_t start, size_t end,
                                                bool attribute) {
  return (markup_source_cursor){
      .raw = start, .end = end, .attribute = attribute};
}

size_t markup_source_cursor_advance(const markup_source *source,
                                    markup_source_cursor *cursor,
                                    size_t decoded) {
  const char *text = source->text;
  size_t end = cursor->end;
  bool found = true;
  while (cursor->raw < end && cursor->decoded < decoded) {
    size_t at = cursor->raw;
    if (cursor->cdata_close > 0) {
      /* Inside CDATA every byte is itself, up to the "]]>". */
      if (at + 3 < cursor->cdata_close) {
        cursor->raw++;
        cursor->decoded++;
      } else {
        cursor->raw = cursor->cdata_close;
        cursor->cdata_close = 0;
      }
      continue;
    }
    char c = text[at];
    if (c == '&') {
      const char *semicolon = memchr(text + at, ';', end - at);
      size_t after = semicolon ? (size_t)(semicolon - text) + 1 : at + 1;
      cursor->decoded += reference_bytes(text, at, after);
      cursor->raw = after;
    } else if (c == '\r') {
      cursor->raw += (at + 1 < end && text[at + 1] == '\n') ? 2 : 1;
      cursor->decoded++;
    } else if (!cursor->attribute && starts_with(source, at, "<!--")) {
      cursor->raw = skip_past(source, at + 4, "-->", &found);
    } else if (!cursor->attribute && starts_with(source, at, "<?")) {
      cursor->raw = skip_past(source, at + 2, "?>", &found);
    } else if (!cursor->attribute && starts_with(source, at, "<![CDATA[")) {
      cursor->cdata_close = skip_past(source, at + 9, "]]>", &found);
      cursor->raw = at + 9;
    } else {
      cursor->raw++;
      cursor->decoded++;
    }
  }
  return cursor->raw < end ? cursor->raw : end;
}

size_t markup_source_raw_offset(const markup_source *source, size_t start,
                                size_t end, size_t decoded, bool attribute) {
  markup_source_cursor cursor =
      markup_source_cursor_start(start, end, attribute);
  return markup_source_cursor_advance(source, &cursor, decoded);
}

const markup_attribute_span *
markup_source_find_attribute(const markup_source *source, const markup_tag *tag,
                             const char *name) {
  size_t length = strlen(name);
  for (size_t i = 0; i < tag->attribute_count; i++) {
    const markup_attribute_span *span =
        &source->attributes[tag->first_attribute + i];
    if (span->name_length == length &&
        memcmp(source->text + span->name, name, length) == 0) {
      return span;
    }
  }
  return NULL;
}

static bool is_digit(char c, bool hex) {
  return (c >= '0' && c <= '9') ||
         (hex && ((c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')));
}

static bool is_letter(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* Bytes of the entity or character reference at `at` ("&amp;", "&#10;",
 * "&x;"), or 0 when the '&' starts none. */
static size_t reference_length(const char *text, size_t at, size_t end) {
  size_t i = at + 1;
  size_t first = i;
  if (i < end && text[i] == '#') {
    bool hex = i + 1 < end && text[i + 1] == 'x';
    i += hex ? 2 : 1;
    first = i;
    while (i < end && is_digit(text[i], hex)) {
      i++;
    }
  } else {
    while (i < end && (is_letter(text[i]) ||
                       (i > first && (is_digit(text[i], false) ||
                                      (text[i] && strchr(".-_", text[i])))))) {
      i++;
    }
  }
  return (i > first && i < end && text[i] == ';') ? i + 1 - at : 0;
}

bool markup_source_unescaped(const markup_source *source, size_t *offset,
                             const markup_attribute_span **span) {
  for (size_t a = 0; a < source->attribute_count; a++) {
    const markup_attribute_span *candidate = &source->attributes[a];
    for (size_t at = candidate->value; at < candidate->value_end; at++) {
      char c = source->text[at];
      if (c == '<' ||
          (c == '&' &&
           reference_length(source->text, at, candidate->value_end) == 0)) {
        *offset = at;
        *span = candidate;
        return true;
      }
    }
  }
  return false;
}
