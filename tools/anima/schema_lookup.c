/* schema_lookup.c — topic lists and `topic` / `type.field` lookups
 * (schema.h). */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "schema.h"
#include "schema_describe.h"
#include "schema_guide.h"

/* Longest topic or field segment looked up; longer ones are unknown. */
#define SEGMENT_SIZE 128

json_t *schema_topics(const anima_registry *registry) {
  json_t *topics = json_array();
  size_t count = anima_registry_kind_count(registry);
  for (size_t i = 0; topics && i < count; i++) {
    json_array_append_new(topics,
                          schema_kind_json(anima_registry_kind(registry, i)));
  }
  for (size_t i = 0; topics && i < schema_guide_count(); i++) {
    json_array_append_new(topics, schema_guide_topic_json(schema_guide_at(i)));
  }
  json_t *result = json_object();
  json_object_set_new(result, "topics", topics);
  return result;
}

/* Appends the fields of `kind` (all, or only the animatable ones); with
 * `own_only` only those the kind itself registers. */
static void append_fields(const anima_registry *registry, const char *kind,
                          bool animatable, bool own_only, json_t *list) {
  size_t count = 0;
  const anima_field *const *fields =
      anima_registry_fields(registry, kind, &count);
  for (size_t i = 0; i < count; i++) {
    if (own_only && strcmp(fields[i]->owner, kind) != 0) {
      continue;
    }
    if (animatable && !schema_field_is_animatable(registry, fields[i])) {
      continue;
    }
    json_array_append_new(list, schema_field_json(registry, fields[i]));
  }
}

json_t *schema_animatable_fields(const anima_registry *registry) {
  json_t *fields = json_array();
  size_t count = anima_registry_kind_count(registry);
  for (size_t i = 0; fields && i < count; i++) {
    append_fields(registry, anima_registry_kind(registry, i)->name, true, true,
                  fields);
  }
  json_t *result = json_object();
  json_object_set_new(result, "fields", fields);
  return result;
}

static const char *element_of(const anima_kind *kind) {
  return kind->element ? kind->element : kind->name;
}

/* The kind named `name`, else the kind whose AniML element is `name`. */
static const anima_kind *find_topic(const anima_registry *registry,
                                    const char *name) {
  const anima_kind *kind = anima_registry_find_kind(registry, name);
  size_t count = anima_registry_kind_count(registry);
  for (size_t i = 0; !kind && i < count; i++) {
    if (strcmp(element_of(anima_registry_kind(registry, i)), name) == 0) {
      kind = anima_registry_kind(registry, i);
    }
  }
  return kind;
}

/* Kind names, AniML elements and every name of every guide. */
static void report_unknown_topic(const anima_registry *registry,
                                 const char *name) {
  size_t count = anima_registry_kind_count(registry);
  size_t capacity = 2 * count + schema_guide_count() * SCHEMA_GUIDE_NAMES;
  const char **candidates = malloc((capacity + 1) * sizeof *candidates);
  const char *closest = NULL;
  if (candidates) {
    size_t used = 0;
    for (size_t i = 0; i < count; i++) {
      candidates[used++] = anima_registry_kind(registry, i)->name;
      candidates[used++] = element_of(anima_registry_kind(registry, i));
    }
    for (size_t g = 0; g < schema_guide_count(); g++) {
      const schema_guide *guide = schema_guide_at(g);
      for (size_t n = 0; n < SCHEMA_GUIDE_NAMES && guide->names[n]; n++) {
        candidates[used++] = guide->names[n];
      }
    }
    closest = anima_closest_name(name, candidates, used);
  }
  /* A node type from another format (SVG's g): what Anima calls it. */
  const anima_foreign_name *foreign =
      anima_registry_find_foreign_name(registry, NULL, name);
  fprintf(stderr, "anima schema: unknown topic \"%s\"", name);
  if (foreign) {
    fprintf(stderr, " (Anima's node type is \"%s\"", foreign->instead);
    if (foreign->note) {
      fprintf(stderr, "; %s", foreign->note);
    }
    fprintf(stderr, ": `anima schema %s`)", foreign->instead);
  } else if (closest) {
    fprintf(stderr, " (did you mean \"%s\"?)", closest);
  }
  fprintf(stderr, "; `anima schema` lists the topics\n");
  free(candidates);
}

static void report_unknown_field(const anima_registry *registry,
                                 const anima_kind *kind, const char *name) {
  size_t count = 0;
  const anima_field *const *fields =
      anima_registry_fields(registry, kind->name, &count);
  const char **candidates = malloc((2 * count + 1) * sizeof *candidates);
  const char *closest = NULL;
  if (candidates) {
    for (size_t i = 0; i < count; i++) {
      candidates[2 * i] = fields[i]->name;
      candidates[2 * i + 1] = anima_field_markup_name(fields[i]);
    }
    closest = anima_closest_name(name, candidates, 2 * count);
  }
  /* A key from another format (SVG's cx): the registry's foreign name
   * says what to write instead, before any near spelling (cx is near x,
   * which would translate the node). */
  const anima_foreign_name *foreign =
      anima_registry_find_foreign_name(registry, kind->name, name);
  fprintf(stderr, "anima schema: %s has no field \"%s\"", kind->name, name);
  if (foreign) {
    fprintf(stderr, " (use \"%s\"", foreign->instead);
    if (foreign->example) {
      fprintf(stderr, ": %s", foreign->example);
    }
    if (foreign->note) {
      fprintf(stderr, "; %s", foreign->note);
    }
    fprintf(stderr, "; `anima schema %s.%s` describes it)", kind->name,
            foreign->instead);
  } else if (closest) {
    fprintf(stderr, " (did you mean \"%s\"?)", closest);
  }
  fprintf(stderr, "; `anima schema %s` lists its fields\n", kind->name);
  free(candidates);
}

/* Copies the segment of `*path` up to the next '.' into `segment` and
 * advances `*path` past it. False when the segment is empty or too long. */
static bool next_segment(const char **path, char *segment) {
  const char *end = strchr(*path, '.');
  size_t length = end ? (size_t)(end - *path) : strlen(*path);
  if (length == 0 || length >= SEGMENT_SIZE) {
    return false;
  }
  memcpy(segment, *path, length);
  segment[length] = '\0';
  *path += length + (end ? 1 : 0);
  return true;
}

/* The item field of every map of scalars whose items are `kind` (the
 * value of a colour slot): such a kind has no fields of its own. */
static void append_item_fields(const anima_registry *registry,
                               const anima_kind *kind, bool animatable,
                               json_t *list) {
  size_t kind_count = anima_registry_kind_count(registry);
  for (size_t k = 0; k < kind_count; k++) {
    const char *owner = anima_registry_kind(registry, k)->name;
    size_t count = 0;
    const anima_field *const *fields =
        anima_registry_fields(registry, owner, &count);
    for (size_t i = 0; i < count; i++) {
      const anima_field *field = fields[i];
      if (strcmp(field->owner, owner) == 0 && field->kind == ANIMA_FIELD_MAP &&
          field->item_field && field->item_kind &&
          strcmp(field->item_kind, kind->name) == 0 &&
          (!animatable ||
           schema_field_is_animatable(registry, field->item_field))) {
        json_array_append_new(list,
                              schema_field_json(registry, field->item_field));
      }
    }
  }
}

static json_t *topic_result(const anima_registry *registry,
                            const anima_kind *kind, bool animatable) {
  json_t *fields = json_array();
  append_fields(registry, kind->name, animatable, false, fields);
  append_item_fields(registry, kind, animatable, fields);
  json_t *result = json_object();
  json_object_set_new(result, "topic", schema_kind_json(kind));
  json_object_set_new(result, "fields", fields);
  /* A variant family lists its variants (each a topic of its own). */
  size_t count = 0;
  const anima_kind *const *variants =
      kind->discriminator
          ? anima_registry_variants(registry, kind->name, &count)
          : NULL;
  if (count > 0) {
    json_t *list = json_array();
    for (size_t i = 0; i < count; i++) {
      json_array_append_new(list, schema_kind_json(variants[i]));
    }
    json_object_set_new(result, "variants", list);
  }
  return result;
}

/* True when the registry entry's `feature` ("rig", or alternatives such as
 * "paint|corners") names `name`. */
static bool has_feature(const char *feature, const char *name) {
  size_t length = strlen(name);
  for (const char *at = feature; at && *at;) {
    const char *bar = strchr(at, '|');
    size_t span = bar ? (size_t)(bar - at) : strlen(at);
    if (span == length && strncmp(at, name, length) == 0) {
      return true;
    }
    at = bar ? bar + 1 : NULL;
  }
  return false;
}

/* `anima schema <feature>` (a feature no kind or guide is named after,
 * such as `rig`): {"feature": name, "topics": [the kinds of the feature],
 * "fields": [the fields it adds to kinds of the core or of other
 * features]}; NULL when no registry entry belongs to `name` (the feature
 * is unknown or its module is not loaded). */
static json_t *feature_result(const anima_registry *registry, const char *name,
                              bool animatable) {
  json_t *topics = json_array(), *fields = json_array();
  bool known = false;
  size_t kind_count = anima_registry_kind_count(registry);
  for (size_t k = 0; k < kind_count; k++) {
    const anima_kind *kind = anima_registry_kind(registry, k);
    bool own = has_feature(kind->feature, name);
    known = known || own;
    if (own && !animatable) {
      json_array_append_new(topics, schema_kind_json(kind));
    }
    size_t field_count = 0;
    const anima_field *const *list =
        anima_registry_fields(registry, kind->name, &field_count);
    for (size_t f = 0; f < field_count; f++) {
      const anima_field *field = list[f];
      if (strcmp(field->owner, kind->name) != 0) {
        continue; /* listed under the kind that registers it */
      }
      bool added = !own && has_feature(field->feature, name);
      known = known || added;
      /* With --animatable: every animatable field of the feature, its own
       * kinds' included (as `anima schema --animatable` lists them). */
      if ((added || (own && animatable)) &&
          (!animatable || schema_field_is_animatable(registry, field))) {
        json_array_append_new(fields, schema_field_json(registry, field));
      }
    }
  }
  if (!known) {
    json_decref(topics);
    json_decref(fields);
    return NULL;
  }
  json_t *result = json_object();
  json_object_set_new(result, "feature", json_string(name));
  json_object_set_new(result, "topics", topics);
  json_object_set_new(result, "fields", fields);
  return result;
}

/* The field `name` (JSON or AniML spelling) of `kind`, else of one of its
 * variants (`fill.stops` names the gradients' stops); `*kind` becomes the
 * kind that has it. */
static const anima_field *find_topic_field(const anima_registry *registry,
                                           const anima_kind **kind,
                                           const char *name) {
  const anima_field *field =
      anima_registry_find_field(registry, (*kind)->name, name);
  if (!field) {
    field = anima_registry_find_field_by_markup(registry, (*kind)->name, name);
  }
  size_t count = 0;
  const anima_kind *const *variants =
      !field && (*kind)->discriminator
          ? anima_registry_variants(registry, (*kind)->name, &count)
          : NULL;
  for (size_t i = 0; i < count && !field; i++) {
    field = anima_registry_find_field(registry, variants[i]->name, name);
    if (!field) {
      field = anima_registry_find_field_by_markup(registry, variants[i]->name,
                                                  name);
    }
    if (field) {
      *kind = variants[i];
    }
  }
  return field;
}

int schema_lookup(const anima_registry *registry, const char *topic,
                  bool animatable, json_t **result) {
  *result = NULL;
  char segment[SEGMENT_SIZE];
  const char *path = topic;
  if (!next_segment(&path, segment)) {
    fprintf(stderr, "anima schema: \"%s\" is not a topic or type.field\n",
            topic);
    return CLI_EXIT_USAGE;
  }
  /* A kind's own name wins, then a guide, then a kind's AniML element
   * (`color` is the colour guide; the slot kind is `colors`). */
  const anima_kind *kind = anima_registry_find_kind(registry, segment);
  const schema_guide *guide = kind ? NULL : schema_guide_find(segment);
  if (guide && *path == '\0' && path[-1] != '.') {
    *result = schema_guide_json(registry, guide, animatable);
    return CLI_EXIT_OK;
  }
  if (guide) {
    fprintf(stderr,
            "anima schema: %s is a guide topic and has no fields; run "
            "`anima schema %s`\n",
            guide->names[0], guide->names[0]);
    return CLI_EXIT_USAGE;
  }
  kind = find_topic(registry, segment);
  json_t *feature = !kind && *path == '\0' && path[-1] != '.'
                        ? feature_result(registry, segment, animatable)
                        : NULL;
  if (feature) {
    *result = feature;
    return CLI_EXIT_OK;
  }
  if (!kind) {
    report_unknown_topic(registry, segment);
    return CLI_EXIT_USAGE;
  }
  if (*path == '\0' && path[-1] != '.') {
    *result = topic_result(registry, kind, animatable);
    return CLI_EXIT_OK;
  }
  const anima_field *field = NULL;
  while (true) {
    if (!next_segment(&path, segment)) {
      fprintf(stderr, "anima schema: \"%s\" has an empty field name\n", topic);
      return CLI_EXIT_USAGE;
    }
    field = find_topic_field(registry, &kind, segment);
    if (!field) {
      report_unknown_field(registry, kind, segment);
      return CLI_EXIT_USAGE;
    }
    if (*path == '\0' && path[-1] != '.') {
      break;
    }
    const anima_kind *items =
        field->item_kind ? anima_registry_find_kind(registry, field->item_kind)
                         : NULL;
    if (!items) {
      fprintf(stderr, "anima schema: %s.%s is a %s and has no fields\n",
              kind->name, field->name, schema_field_kind_name(field->kind));
      return CLI_EXIT_USAGE;
    }
    kind = items;
  }
  if (animatable && !schema_field_is_animatable(registry, field)) {
    fprintf(stderr,
            "anima schema: %s.%s is not an animatable address "
            "(--animatable)\n",
            kind->name, field->name);
    return CLI_EXIT_FAILED;
  }
  json_t *found = json_object();
  json_object_set_new(found, "topic", schema_kind_json(kind));
  json_object_set_new(found, "field", schema_field_json(registry, field));
  *result = found;
  return CLI_EXIT_OK;
}
