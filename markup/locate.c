/*
 * locate.c — the source map (JSON pointer -> AniML offset) and loader
 * diagnostics on compiled AniML: the compiled value is validated by the
 * ordinary `.ani` loader, so AniML and JSON share codes and pointers; each
 * diagnostic then gets the line and column of the closest recorded value
 * (the value itself, else its nearest ancestor) and its hint in AniML
 * spelling (hints.c).
 */
#include <stdlib.h>
#include <string.h>

#include "markup_internal.h"

void markup_source_map_add(markup_source_map *map, const char *pointer,
                           size_t pointer_length, size_t offset) {
  if (map->pointers.failed) {
    return;
  }
  if (map->count == map->capacity) {
    size_t capacity = map->capacity ? map->capacity * 2 : 64;
    markup_source_entry *grown =
        realloc(map->entries, capacity * sizeof *grown);
    if (!grown) {
      map->pointers.failed = true;
      return;
    }
    map->entries = grown;
    map->capacity = capacity;
  }
  map->entries[map->count++] =
      (markup_source_entry){.pointer = map->pointers.length,
                            .pointer_length = pointer_length,
                            .offset = offset};
  markup_buffer_append(&map->pointers, pointer, pointer_length);
  markup_buffer_append_char(&map->pointers, '\0');
}

bool markup_pointer_within(const char *pointer, const char *ancestor,
                           size_t ancestor_length) {
  return strncmp(pointer, ancestor, ancestor_length) == 0 &&
         (pointer[ancestor_length] == '\0' || pointer[ancestor_length] == '/');
}

/* Entries by pointer text, then in the order they were recorded (the
 * offsets into `pointers` grow with it). */
static const char *entry_text(const markup_source_map *map,
                              const markup_source_entry *entry) {
  return map->pointers.data + entry->pointer;
}

typedef struct sort_item {
  const char *text;
  markup_source_entry entry;
} sort_item;

static int compare_items(const void *a, const void *b) {
  const sort_item *x = a, *y = b;
  int order = strcmp(x->text, y->text);
  return order ? order
               : (x->entry.pointer > y->entry.pointer) -
                     (x->entry.pointer < y->entry.pointer);
}

void markup_source_map_sort(markup_source_map *map) {
  if (map->pointers.failed) {
    return;
  }
  sort_item *items = calloc(map->count ? map->count : 1, sizeof *items);
  if (!items) {
    return; /* lookups stay linear */
  }
  for (size_t i = 0; i < map->count; i++) {
    items[i] = (sort_item){entry_text(map, &map->entries[i]), map->entries[i]};
  }
  qsort(items, map->count, sizeof *items, compare_items);
  for (size_t i = 0; i < map->count; i++) {
    map->entries[i] = items[i].entry;
  }
  free(items);
  map->sorted = true;
}

/* The first recorded entry whose pointer is exactly pointer[0, length). */
static const markup_source_entry *
find_exact(const markup_source_map *map, const char *pointer, size_t length) {
  size_t low = 0, high = map->count;
  while (low < high) {
    size_t middle = low + (high - low) / 2;
    const markup_source_entry *entry = &map->entries[middle];
    size_t common =
        entry->pointer_length < length ? entry->pointer_length : length;
    int order = memcmp(entry_text(map, entry), pointer, common);
    if (order == 0) {
      order =
          (entry->pointer_length > length) - (entry->pointer_length < length);
    }
    if (order < 0) {
      low = middle + 1;
    } else {
      high = middle;
    }
  }
  const markup_source_entry *entry =
      low < map->count ? &map->entries[low] : NULL;
  return entry && entry->pointer_length == length &&
                 memcmp(entry_text(map, entry), pointer, length) == 0
             ? entry
             : NULL;
}

bool markup_source_map_find(const markup_source_map *map, const char *pointer,
                            size_t *offset) {
  if (map->sorted) {
    /* The pointer itself, then each ancestor, longest first: a binary
     * search each, so thousands of diagnostics stay cheap. */
    for (size_t length = strlen(pointer);; length--) {
      if (pointer[length] == '\0' || pointer[length] == '/') {
        const markup_source_entry *entry = find_exact(map, pointer, length);
        if (entry) {
          *offset = entry->offset;
          return true;
        }
      }
      if (length == 0) {
        return false;
      }
    }
  }
  bool found = false;
  size_t best = 0;
  for (size_t i = 0; i < map->count; i++) {
    const markup_source_entry *entry = &map->entries[i];
    const char *candidate = map->pointers.data + entry->pointer;
    if ((!found || entry->pointer_length > best) &&
        markup_pointer_within(pointer, candidate, entry->pointer_length)) {
      found = true;
      best = entry->pointer_length;
      *offset = entry->offset;
    }
  }
  return found;
}

void markup_source_map_free(markup_source_map *map) {
  markup_buffer_free(&map->pointers);
  free(map->entries);
  *map = (markup_source_map){0};
}

bool markup_compiled_is_json(const markup_compiled *compiled,
                             const char *pointer) {
  const markup_buffer *values = &compiled->json_pointers;
  for (size_t at = 0; at < values->length;) {
    const char *value = values->data + at;
    if (strcmp(value, pointer) == 0) {
      return true;
    }
    at += strlen(value) + 1;
  }
  return false;
}

/* True when a compiler error sits at or above `pointer`. */
static bool covered(const markup_compiled *compiled, const char *pointer) {
  const markup_buffer *errors = &compiled->error_pointers;
  for (size_t at = 0; at < errors->length;) {
    const char *error = errors->data + at;
    size_t length = strlen(error);
    if (markup_pointer_within(pointer, error, length)) {
      return true;
    }
    at += length + 1;
  }
  return false;
}

/*
 * Loader messages about a string value (conditions, eases) end in
 * "(offset N)" or "(… at offset N)", N the 0-based byte offset in the
 * value. When `offset` is an attribute name, returns the position of that
 * byte in its value instead (through entity references: `&amp;&amp;`
 * counts as "&&"), so the column points at the term itself. Otherwise
 * returns `offset` unchanged.
 */
static size_t within_value(const markup_source *source, size_t offset,
                           const char *message) {
  bool found = false;
  unsigned long long decoded = 0;
  for (const char *mark = message ? strstr(message, "offset ") : NULL; mark;
       mark = strstr(mark + 1, "offset ")) {
    char *end = NULL;
    unsigned long long value = strtoull(mark + 7, &end, 10);
    if (mark > message && (mark[-1] == '(' || mark[-1] == ' ') &&
        end != mark + 7 && mark[7] >= '0' && mark[7] <= '9' && *end == ')') {
      found = true;
      decoded = value;
    }
  }
  if (!found) {
    return offset;
  }
  for (size_t i = 0; i < source->attribute_count; i++) {
    const markup_attribute_span *span = &source->attributes[i];
    if (span->name == offset) {
      return markup_source_raw_offset(source, span->value, span->value_end,
                                      (size_t)decoded, true);
    }
  }
  return offset;
}

void markup_locate_diagnostic(const anima_registry *registry,
                              const markup_compiled *compiled,
                              const markup_names *names,
                              const anima_diagnostic *diagnostic,
                              anima_diagnostics *diagnostics) {
  size_t offset = 0;
  int line = 0, column = 0;
  if (markup_source_map_find(&compiled->map, diagnostic->pointer, &offset)) {
    offset = within_value(&compiled->source, offset, diagnostic->message);
    markup_source_position(&compiled->source, offset, &line, &column);
  }
  markup_buffer hint = {0};
  if (diagnostic->hint) {
    markup_hint_scope scopes[48];
    size_t count = markup_hint_scopes(registry, compiled, diagnostic->pointer,
                                      scopes, sizeof scopes / sizeof *scopes);
    markup_hint_spell(registry, scopes, count, names, diagnostic->hint, &hint);
  }
  const char *spelled = hint.failed || !diagnostic->hint
                            ? diagnostic->hint
                            : markup_buffer_string(&hint);
  if (anima_diagnostics_add(diagnostics, diagnostic->code, diagnostic->severity,
                            diagnostic->pointer, spelled, "%s",
                            diagnostic->message) == ANIMA_OK) {
    anima_diagnostics_set_position(
        diagnostics, anima_diagnostics_count(diagnostics) - 1, line, column);
  }
  markup_buffer_free(&hint);
}

anima_status markup_validate_compiled(anima_runtime *runtime,
                                      const markup_compiled *compiled,
                                      anima_diagnostics *diagnostics) {
  if (!compiled->document) {
    return ANIMA_OK;
  }
  markup_buffer json = {0};
  markup_encode_json(compiled->document, &json);
  anima_diagnostics *found = anima_diagnostics_create();
  if (json.failed || !found) {
    markup_buffer_free(&json);
    anima_diagnostics_destroy(found);
    return ANIMA_ERROR_NO_MEMORY;
  }
  anima_document_validate(runtime, json.data, json.length, found);
  markup_names names;
  markup_names_collect(anima_runtime_registry(runtime), compiled->document,
                       &names);
  for (size_t i = 0; i < anima_diagnostics_count(found); i++) {
    const anima_diagnostic *diagnostic = anima_diagnostics_get(found, i);
    if (!covered(compiled, diagnostic->pointer)) {
      markup_locate_diagnostic(anima_runtime_registry(runtime), compiled,
                               &names, diagnostic, diagnostics);
    }
  }
  markup_names_free(&names);
  anima_diagnostics_destroy(found);
  markup_buffer_free(&json);
  return ANIMA_OK;
}
