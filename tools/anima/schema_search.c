/* schema_search.c — `anima schema --search` scoring and ranking
 * (schema.h; SPEC "CLI projects and capture"). */
#include <stdlib.h>
#include <string.h>

#include "schema.h"
#include "schema_describe.h"
#include "schema_guide.h"

/* Longest "owner.field" name; the registry's names are far shorter. */
#define QUALIFIED_SIZE 256

bool schema_query_add(schema_query *query, const char *word, size_t length) {
  if (query->count == query->capacity) {
    size_t capacity = query->capacity ? 2 * query->capacity : 8;
    char **grown = realloc(query->words, capacity * sizeof *grown);
    if (!grown) {
      return false;
    }
    query->words = grown;
    query->capacity = capacity;
  }
  char *copy = malloc(length + 1);
  if (!copy) {
    return false;
  }
  memcpy(copy, word, length);
  copy[length] = '\0';
  query->words[query->count++] = copy;
  return true;
}

void schema_query_clear(schema_query *query) {
  for (size_t i = 0; i < query->count; i++) {
    free(query->words[i]);
  }
  free(query->words);
  *query = (schema_query){0};
}

/* The most names an entry is matched against (a guide's names and
 * keywords). */
#define ENTRY_NAMES (SCHEMA_GUIDE_NAMES + SCHEMA_GUIDE_KEYWORDS)

/* One searchable entry. */
typedef struct search_entry {
  const char *type; /* "node-type", "structure", "field", "code", "guide" */
  char name[QUALIFIED_SIZE];      /* the name results show and sort by */
  const char *names[ENTRY_NAMES]; /* the spellings a word is matched against */
  size_t name_count;
  const char *markup; /* AniML spelling, NULL for codes and guides */
  const char *description;
  long score;
  size_t name_words; /* query words that are (part of) one of its names */
  size_t order;      /* registry order, the last tie-breaker */
} search_entry;

static char fold(char c) {
  return (c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c;
}

static bool equal_folded(const char *a, const char *b) {
  while (*a && fold(*a) == fold(*b)) {
    a++;
    b++;
  }
  return *a == '\0' && *b == '\0';
}

static bool contains_folded(const char *text, const char *word) {
  size_t length = strlen(word);
  for (const char *start = text; *start; start++) {
    size_t i = 0;
    while (i < length && start[i] && fold(start[i]) == fold(word[i])) {
      i++;
    }
    if (i == length) {
      return true;
    }
  }
  return length == 0;
}

/* 100 for an exact name, else 10 for a name substring, else 1 for a
 * description substring, else 0. */
static long word_score(const search_entry *entry, const char *word) {
  for (size_t i = 0; i < entry->name_count; i++) {
    if (equal_folded(entry->names[i], word)) {
      return 100;
    }
  }
  for (size_t i = 0; i < entry->name_count; i++) {
    if (contains_folded(entry->names[i], word)) {
      return 10;
    }
  }
  if (entry->description && contains_folded(entry->description, word)) {
    return 1;
  }
  return 0;
}

static int compare_entries(const void *a, const void *b) {
  const search_entry *left = a, *right = b;
  /* An entry whose names hold more of the words comes first: "trim end"
   * finds stroke.trimEnd (both words in its name, 20) before
   * spreadAlongPath.end (one word, exactly a name: 100). */
  if (left->name_words != right->name_words) {
    return left->name_words > right->name_words ? -1 : 1;
  }
  if (left->score != right->score) {
    return left->score > right->score ? -1 : 1;
  }
  /* strcmp compares unsigned bytes: UTF-8 byte order is code-point order. */
  int by_name = strcmp(left->name, right->name);
  if (by_name != 0) {
    return by_name;
  }
  return left->order < right->order ? -1 : left->order > right->order;
}

static void set_name(search_entry *entry, const char *owner, const char *name) {
  if (owner) {
    snprintf(entry->name, sizeof entry->name, "%s.%s", owner, name);
  } else {
    snprintf(entry->name, sizeof entry->name, "%s", name);
  }
}

/* Fills `entries` (sized by the caller) and returns how many were made. */
static size_t collect(const anima_registry *registry, bool animatable,
                      search_entry *entries) {
  size_t count = 0;
  size_t kind_count = anima_registry_kind_count(registry);
  for (size_t k = 0; !animatable && k < kind_count; k++) {
    const anima_kind *kind = anima_registry_kind(registry, k);
    search_entry *entry = &entries[count++];
    entry->type =
        (kind->flags & ANIMA_KIND_NODE_TYPE) ? "node-type" : "structure";
    set_name(entry, NULL, kind->name);
    entry->names[0] = kind->name;
    entry->markup = kind->element ? kind->element : kind->name;
    entry->names[1] = entry->markup;
    entry->name_count = 2;
    entry->description = kind->description;
  }
  for (size_t k = 0; k < kind_count; k++) {
    const anima_kind *kind = anima_registry_kind(registry, k);
    size_t field_count = 0;
    const anima_field *const *fields =
        anima_registry_fields(registry, kind->name, &field_count);
    for (size_t f = 0; f < field_count; f++) {
      const anima_field *field = fields[f];
      if (strcmp(field->owner, kind->name) != 0 ||
          (animatable && !schema_field_is_animatable(registry, field))) {
        continue;
      }
      search_entry *entry = &entries[count++];
      entry->type = "field";
      set_name(entry, field->owner, field->name);
      entry->names[0] = field->name;
      entry->markup = anima_field_markup_name(field);
      entry->names[1] = entry->markup;
      entry->names[2] = entry->name;
      entry->name_count = 3;
      entry->description = field->description;
    }
  }
  size_t code_count = anima_registry_code_count(registry);
  for (size_t c = 0; !animatable && c < code_count; c++) {
    const anima_code *code = anima_registry_code(registry, c);
    search_entry *entry = &entries[count++];
    entry->type = "code";
    set_name(entry, NULL, code->code);
    entry->names[0] = code->code;
    entry->name_count = 1;
    entry->description = code->description;
  }
  for (size_t g = 0; !animatable && g < schema_guide_count(); g++) {
    const schema_guide *guide = schema_guide_at(g);
    search_entry *entry = &entries[count++];
    entry->type = "guide";
    set_name(entry, NULL, guide->names[0]);
    for (size_t n = 0; n < SCHEMA_GUIDE_NAMES && guide->names[n]; n++) {
      entry->names[entry->name_count++] = guide->names[n];
    }
    for (size_t k = 0; k < SCHEMA_GUIDE_KEYWORDS && guide->keywords[k]; k++) {
      entry->names[entry->name_count++] = guide->keywords[k];
    }
    entry->description = guide->summary;
  }
  return count;
}

/* An upper bound of the entries: every kind, field (listed under each kind
 * that shows it), code and guide. */
static size_t entry_bound(const anima_registry *registry) {
  size_t bound = anima_registry_code_count(registry) + schema_guide_count();
  size_t kind_count = anima_registry_kind_count(registry);
  for (size_t k = 0; k < kind_count; k++) {
    size_t field_count = 0;
    anima_registry_fields(registry, anima_registry_kind(registry, k)->name,
                          &field_count);
    bound += 1 + field_count;
  }
  return bound;
}

json_t *schema_search(const anima_registry *registry, const schema_query *query,
                      bool animatable) {
  size_t bound = entry_bound(registry);
  search_entry *entries = calloc(bound ? bound : 1, sizeof *entries);
  if (!entries) {
    return NULL;
  }
  size_t count = collect(registry, animatable, entries);
  size_t kept = 0;
  for (size_t i = 0; i < count; i++) {
    entries[i].order = i;
    for (size_t w = 0; w < query->count; w++) {
      long score = word_score(&entries[i], query->words[w]);
      entries[i].score += score;
      entries[i].name_words += score >= 10;
    }
    if (entries[i].score > 0) {
      entries[kept++] = entries[i];
    }
  }
  qsort(entries, kept, sizeof *entries, compare_entries);
  json_t *words = json_array();
  for (size_t w = 0; w < query->count; w++) {
    json_array_append_new(words, json_string(query->words[w]));
  }
  json_t *results = json_array();
  for (size_t i = 0; i < kept; i++) {
    json_t *item = json_object();
    json_object_set_new(item, "score", json_integer(entries[i].score));
    json_object_set_new(item, "nameWords",
                        json_integer((json_int_t)entries[i].name_words));
    json_object_set_new(item, "type", json_string(entries[i].type));
    json_object_set_new(item, "name", json_string(entries[i].name));
    json_object_set_new(item, "markup",
                        entries[i].markup ? json_string(entries[i].markup)
                                          : json_null());
    json_object_set_new(
        item, "description",
        json_string(entries[i].description ? entries[i].description : ""));
    json_array_append_new(results, item);
  }
  free(entries);
  json_t *result = json_object();
  json_object_set_new(result, "query", words);
  json_object_set_new(result, "results", results);
  return result;
}
