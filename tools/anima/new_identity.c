/*
 * new_identity.c — naming the document of a new project after its
 * directory (new_identity.h): deriving a kebab-case name and a title, and
 * writing them into the sample's AniML root tag or `.ani` JSON.
 */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include <anima/markup.h>

#include "new_identity.h"

static bool is_lower(char c) {
  return c >= 'a' && c <= 'z';
}
static bool is_upper(char c) {
  return c >= 'A' && c <= 'Z';
}
static bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

/* Removes trailing `-<digits>` groups (SPEC §2 reserves them). */
static void drop_digit_suffixes(char *name) {
  for (;;) {
    char *dash = strrchr(name, '-');
    if (!dash || dash[1] == '\0') {
      return;
    }
    for (const char *c = dash + 1; *c; c++) {
      if (!is_digit(*c)) {
        return;
      }
    }
    *dash = '\0';
  }
}

bool new_identity_derive(const char *directory, char name[NEW_IDENTITY_SIZE],
                         char title[NEW_IDENTITY_SIZE]) {
  const char *end = directory + strlen(directory);
  while (end > directory && end[-1] == '/') {
    end--;
  }
  const char *start = end;
  while (start > directory && start[-1] != '/') {
    start--;
  }
  size_t used = 0;
  bool separate = false, after_lower = false;
  for (const char *c = start; c < end; c++) {
    bool letter = is_lower(*c) || is_upper(*c);
    if (!letter && !is_digit(*c)) {
      separate = true;
      after_lower = false;
      continue;
    }
    if (is_upper(*c) && after_lower) {
      separate = true; /* myIcon → my-icon */
    }
    if (used + 3 >= NEW_IDENTITY_SIZE) {
      return false;
    }
    if (separate && used > 0) {
      name[used++] = '-';
    }
    separate = false;
    name[used++] = is_upper(*c) ? (char)(*c - 'A' + 'a') : *c;
    after_lower = !is_upper(*c);
  }
  name[used] = '\0';
  drop_digit_suffixes(name);
  if (name[0] == '\0') {
    return false;
  }
  bool word_start = true;
  size_t i = 0;
  for (; name[i]; i++) {
    title[i] = name[i] == '-'                    ? ' '
               : word_start && is_lower(name[i]) ? (char)(name[i] - 'a' + 'A')
                                                 : name[i];
    word_start = name[i] == '-';
  }
  title[i] = '\0';
  return true;
}

/* One edit of the source: replace [start, end) with `text`. */
typedef struct text_edit {
  size_t start, end;
  const char *text;
  const char *prefix, *suffix; /* around `text` (an inserted attribute) */
} text_edit;

static const char *skip_past(const char *cursor, const char *end,
                             const char *marker) {
  size_t length = strlen(marker);
  for (; cursor + length <= end; cursor++) {
    if (memcmp(cursor, marker, length) == 0) {
      return cursor + length;
    }
  }
  return NULL;
}

static bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* Finds the first character after "<anima" of the root start tag, past
 * the XML declaration, comments and processing instructions. */
static const char *root_tag(const char *cursor, const char *end) {
  if (end - cursor >= 3 && memcmp(cursor, "\xEF\xBB\xBF", 3) == 0) {
    cursor += 3;
  }
  while (cursor && cursor < end) {
    if (is_space(*cursor)) {
      cursor++;
    } else if (end - cursor >= 4 && memcmp(cursor, "<!--", 4) == 0) {
      cursor = skip_past(cursor + 4, end, "-->");
    } else if (end - cursor >= 2 && memcmp(cursor, "<?", 2) == 0) {
      cursor = skip_past(cursor + 2, end, "?>");
    } else if (end - cursor >= 2 && memcmp(cursor, "<!", 2) == 0) {
      cursor = skip_past(cursor + 2, end, ">");
    } else if (end - cursor > 6 && memcmp(cursor, "<anima", 6) == 0 &&
               (is_space(cursor[6]) || cursor[6] == '>' || cursor[6] == '/')) {
      return cursor + 6;
    } else {
      return NULL;
    }
  }
  return NULL;
}

char *new_identity_apply_markup(const char *source, size_t length,
                                const char *name, const char *title,
                                size_t *out_length) {
  const char *end = source + length;
  const char *cursor = root_tag(source, end);
  text_edit name_edit = {0}, title_edit = {0};
  bool has_name = false, has_title = false;
  while (cursor && cursor < end) {
    while (cursor < end && is_space(*cursor)) {
      cursor++;
    }
    if (cursor >= end || *cursor == '>' || *cursor == '/') {
      break;
    }
    const char *attribute = cursor;
    while (cursor < end && !is_space(*cursor) && *cursor != '=' &&
           *cursor != '>' && *cursor != '/') {
      cursor++;
    }
    size_t attribute_length = (size_t)(cursor - attribute);
    while (cursor < end && is_space(*cursor)) {
      cursor++;
    }
    if (cursor >= end || *cursor != '=') {
      return NULL; /* not well-formed: leave it to the validator */
    }
    cursor++;
    while (cursor < end && is_space(*cursor)) {
      cursor++;
    }
    if (cursor >= end || (*cursor != '"' && *cursor != '\'')) {
      return NULL;
    }
    char quote = *cursor++;
    const char *value = cursor;
    while (cursor < end && *cursor != quote) {
      cursor++;
    }
    if (cursor >= end) {
      return NULL;
    }
    text_edit edit = {(size_t)(value - source), (size_t)(cursor - source), NULL,
                      "", ""};
    cursor++;
    if (attribute_length == 4 && memcmp(attribute, "name", 4) == 0) {
      name_edit = edit;
      name_edit.text = name;
      has_name = true;
      if (!has_title) {
        /* Where a missing title goes: right after the name. */
        title_edit =
            (text_edit){(size_t)(cursor - source), (size_t)(cursor - source),
                        title, " title=\"", "\""};
      }
    } else if (attribute_length == 5 && memcmp(attribute, "title", 5) == 0) {
      title_edit = edit;
      title_edit.text = title;
      has_title = true;
    }
  }
  if (!has_name) {
    return NULL;
  }
  text_edit edits[2] = {name_edit, title_edit};
  if (edits[1].start < edits[0].start) {
    edits[0] = title_edit;
    edits[1] = name_edit;
  }
  size_t size = length + 1;
  for (size_t i = 0; i < 2; i++) {
    size += strlen(edits[i].prefix) + strlen(edits[i].text) +
            strlen(edits[i].suffix);
  }
  char *result = malloc(size);
  if (!result) {
    return NULL;
  }
  size_t used = 0, copied = 0;
  for (size_t i = 0; i < 2; i++) {
    memcpy(result + used, source + copied, edits[i].start - copied);
    used += edits[i].start - copied;
    const char *parts[3] = {edits[i].prefix, edits[i].text, edits[i].suffix};
    for (size_t part = 0; part < 3; part++) {
      size_t part_length = strlen(parts[part]);
      memcpy(result + used, parts[part], part_length);
      used += part_length;
    }
    copied = edits[i].end;
  }
  memcpy(result + used, source + copied, length - copied);
  used += length - copied;
  result[used] = '\0';
  *out_length = used;
  return result;
}

char *new_identity_apply_json(anima_runtime *runtime, const char *source,
                              size_t length, const char *name,
                              const char *title, size_t *out_length) {
  json_error_t error;
  json_t *document = json_loadb(source, length, 0, &error);
  if (!json_is_object(document) ||
      json_object_set_new(document, "name", json_string(name)) != 0 ||
      json_object_set_new(document, "title", json_string(title)) != 0) {
    json_decref(document);
    return NULL;
  }
  /* 17 significant digits read back as the same binary64; the canonical
   * form then writes the shortest spelling again. */
  char *text = json_dumps(document, JSON_PRESERVE_ORDER | JSON_COMPACT |
                                        JSON_REAL_PRECISION(17));
  json_decref(document);
  anima_diagnostics *ignored = anima_diagnostics_create();
  char *formatted = NULL, *result = NULL;
  size_t formatted_length = 0;
  if (text && ignored &&
      anima_document_format(runtime, text, strlen(text), ignored, &formatted,
                            &formatted_length) == ANIMA_OK) {
    result = malloc(formatted_length + 1);
    if (result) {
      memcpy(result, formatted, formatted_length);
      result[formatted_length] = '\0';
      *out_length = formatted_length;
    }
  }
  anima_markup_free(formatted);
  anima_diagnostics_destroy(ignored);
  free(text);
  return result;
}
