/*
 * schema.h — the parts of `anima schema` (cmd_schema.c): topic lists and
 * lookups (schema_lookup.c), search (schema_search.c) and the text output
 * (schema_text.c). Every result is a JSON value built from the registry
 * (schema_describe.h); `--format=json` prints it as is and the text output
 * is printed from it.
 */
#ifndef ANIMA_TOOLS_SCHEMA_H
#define ANIMA_TOOLS_SCHEMA_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include <anima/module.h>

/** The words of `--search`, each an owned copy. Zero-initialise. */
typedef struct schema_query {
  char **words;
  size_t count;
  size_t capacity;
} schema_query;

/** Appends a copy of `length` bytes of `word`. False when out of memory. */
bool schema_query_add(schema_query *query, const char *word, size_t length);
/** Frees the words and empties the query. */
void schema_query_clear(schema_query *query);

/**
 * `{"topics": [kind... guide...]}`: every kind of the registry in
 * registration order (schema_kind_json), then the guide topics
 * (schema_guide_topic_json, type "guide"). NULL when out of memory.
 */
json_t *schema_topics(const anima_registry *registry);

/**
 * `{"fields": [field...]}`: every field that is an animatable address, each
 * listed once under the kind that registers it. NULL when out of memory.
 */
json_t *schema_animatable_fields(const anima_registry *registry);

/**
 * Looks up `topic` ("stroke", a guide such as "ease" (schema_guide.h), or
 * an AniML element such as "on"; a kind's name wins over a guide name, a
 * guide name over an element, an element over a feature such as "rig")
 * or `type.field` (JSON or AniML spelling;
 * "rect.width", and through object fields "rect.stroke.trim-end"). On
 * success returns CLI_EXIT_OK and `*result` = `{"topic": kind, "fields":
 * [...]}` (a kind whose items are the scalars of a map lists that item
 * field: `colors` shows the slot value), the guide (schema_guide_json) or
 * `{"topic": kind, "field": field}`, or for a feature `{"feature": name,
 * "topics": [its kinds], "fields": [the fields it adds to other kinds]}`
 * (with `animatable`: no topics, every animatable field of the feature);
 * with `animatable` the fields are only
 * the animatable ones. An unknown topic or field (names of kinds, elements
 * and guides are the did-you-mean candidates) prints a message with a
 * did-you-mean hint to stderr and returns CLI_EXIT_USAGE; a single field
 * that `animatable` rejects returns CLI_EXIT_FAILED. `*result` is NULL on
 * any failure (CLI_EXIT_OK and NULL: out of memory).
 */
int schema_lookup(const anima_registry *registry, const char *topic,
                  bool animatable, json_t **result);

/**
 * `{"query": [words], "results": [{score, nameWords, type, name, markup,
 * description}]}` (SPEC "CLI projects and capture", schema --search): each
 * word scores 100 when it equals a name of the entry, else 10 when it is in
 * a name, else 1 when it is in the description (ASCII case-insensitive);
 * an entry's score is the sum over the words. Entries are the node types
 * and structural kinds (names: kind and AniML element), the fields (JSON
 * spelling, AniML spelling and "owner.field"; listed once, under the kind
 * that registers them), the diagnostic codes and the guide topics (type
 * "guide"; names: the guide's names and keywords; description: its
 * summary). Zero scores are left out; results sort by nameWords (how
 * many of the words equal or are in one of its names) descending, then by
 * descending score, then by name in code-point order.
 * With `animatable` only fields that are animatable addresses remain.
 * NULL when out of memory.
 */
json_t *schema_search(const anima_registry *registry, const schema_query *query,
                      bool animatable);

/** Prints any of the results above for a person to read. */
void schema_print_text(FILE *out, const json_t *result);

#endif
