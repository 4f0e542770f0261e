/*
 * schema_guide.h — the guide topics of `anima schema`: the parts of the
 * format that are not fields of a kind (eases, conditions, poses, tracks and
 * keys, events, property addresses, colours; SPEC §4-§8).
 *
 * Each guide is one entry of a table (schema_guide.c) holding the grammar,
 * the SPEC text an author needs and examples in both spellings. Everything
 * the registry knows is read from the registry when the guide is shown: the
 * fields that use the construct, the property addresses (all of them, or the
 * colour-valued ones), the diagnostic codes and optional terms of features
 * that are loaded. A name the registry does not have (a module that is not
 * loaded) is left out.
 */
#ifndef ANIMA_TOOLS_SCHEMA_GUIDE_H
#define ANIMA_TOOLS_SCHEMA_GUIDE_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include <anima/module.h>

/** Capacities of the fixed lists of a guide (each NULL-terminated). */
#define SCHEMA_GUIDE_NAMES 6
#define SCHEMA_GUIDE_KEYWORDS 10
#define SCHEMA_GUIDE_LINES 7
#define SCHEMA_GUIDE_ITEMS 10
#define SCHEMA_GUIDE_EXAMPLES 4
#define SCHEMA_GUIDE_CODES 12

/** One form, term or part a guide lists (an ease, a condition term). */
typedef struct schema_guide_item {
  const char *name;      /**< short name ("cubic"); NULL ends the list */
  const char *syntax;    /**< how it is written ("cubic(x1, y1, x2, y2)") */
  const char *meaning;   /**< what it means (SPEC wording) */
  const char *arguments; /**< argument ranges, or NULL */
  const char *example;   /**< a valid instance, or NULL */
  const char *feature;   /**< shown only when the registry has it; NULL for
                              the core format */
  bool reserved;         /**< reserved for a later version (`reserved`) */
} schema_guide_item;

/** An example in both spellings (either may be NULL). */
typedef struct schema_guide_example {
  const char *json;
  const char *animl;
} schema_guide_example;

/** Which registry property addresses a guide lists. */
typedef enum schema_guide_addresses {
  SCHEMA_GUIDE_NO_ADDRESSES = 0,
  SCHEMA_GUIDE_ALL_ADDRESSES,        /**< every property address */
  SCHEMA_GUIDE_ANIMATABLE_ADDRESSES, /**< the ones a track or pose writes */
  SCHEMA_GUIDE_COLOR_ADDRESSES,      /**< the colour-valued ones */
} schema_guide_addresses;

/** One guide topic. */
typedef struct schema_guide {
  /** The topic name first, then the other names that find it. */
  const char *names[SCHEMA_GUIDE_NAMES];
  /** More words `--search` treats as names ("elastic", "@end"). */
  const char *keywords[SCHEMA_GUIDE_KEYWORDS];
  const char *section; /**< "SPEC §5" */
  const char *summary; /**< one sentence */
  const char *grammar[SCHEMA_GUIDE_LINES];
  const char *items_title; /**< heading of `items` */
  schema_guide_item items[SCHEMA_GUIDE_ITEMS];
  const char *notes[SCHEMA_GUIDE_LINES];
  schema_guide_example examples[SCHEMA_GUIDE_EXAMPLES];
  /** Registry fields that use the construct, as "owner.field". */
  const char *fields[SCHEMA_GUIDE_LINES];
  /** Also every registry field of kind colour. */
  bool color_fields;
  schema_guide_addresses addresses;
  /** Related registry diagnostic codes. */
  const char *codes[SCHEMA_GUIDE_CODES];
} schema_guide;

/** The number of guides. */
size_t schema_guide_count(void);

/** Guide `index` (< schema_guide_count()). */
const schema_guide *schema_guide_at(size_t index);

/** The guide one of whose names is `name` (exact, case-sensitive), or
 * NULL. */
const schema_guide *schema_guide_find(const char *name);

/**
 * The short entry of a guide for the topic list and the heading of a guide:
 * `{"name", "type": "guide", "names": [...], "section", "description"}`.
 * NULL when out of memory.
 */
json_t *schema_guide_topic_json(const schema_guide *guide);

/**
 * The whole guide: `{"topic": <topic json>, "grammar": [lines],
 * "itemsTitle", "items": [{name, syntax, meaning, arguments, example,
 * feature, reserved}], "notes": [lines], "examples": [{json, animl}],
 * "fields": [field json (schema_field_json)], "addresses": [property json
 * (schema_property_json) plus owner ("node", "painted" or a node type),
 * nodeTypes (the node types it applies to) and description], "codes":
 * [{code, severity, description}]}`. Items of a
 * feature the registry lacks and fields and codes it does not have are
 * left out; with `animatable` only animatable fields and addresses remain.
 * NULL when out of memory.
 */
json_t *schema_guide_json(const anima_registry *registry,
                          const schema_guide *guide, bool animatable);

#endif
