/*
 * address_walk.c — property addresses against a node's document value
 * (address_internal.h): the concrete matches of a pattern, and where a
 * concrete address fails. Both walk one segment at a time through the
 * node's JSON, tracking the registry kind of each object so that variant
 * objects only offer the fields of their selected variant.
 */
#include <stdio.h>
#include <string.h>

#include "address_internal.h"

/* Where the walk is: a JSON value and what the registry says it holds. */
typedef struct place {
  const json_t *value;
  const anima_kind *kind;  /* an object of this kind, or NULL */
  const anima_kind *items; /* an array or map whose items have this kind */
  bool map;                /* a map: its members are names, not fields */
} place;

static size_t segment_length(const char *text) {
  const char *dot = strchr(text, '.');
  return dot ? (size_t)(dot - text) : strlen(text);
}

static bool wildcard(const char *segment, size_t length) {
  return length == 1 && segment[0] == '*';
}

/* The variant an object of `kind` selects, else `kind` itself. Only a
 * family whose discriminator field is registered selects. */
static const anima_kind *object_kind(const anima_registry *registry,
                                     const anima_kind *kind,
                                     const json_t *object, bool *family) {
  *family = false;
  if (!kind || !kind->discriminator) {
    return kind;
  }
  const anima_field *field =
      anima_registry_find_field(registry, kind->name, kind->discriminator);
  if (!field || strcmp(field->owner, kind->name) != 0) {
    return kind;
  }
  *family = true;
  const char *value =
      json_string_value(json_object_get(object, kind->discriminator));
  const anima_kind *variant =
      value ? anima_registry_find_variant(registry, kind->name, value) : NULL;
  return variant ? variant : kind;
}

/* An array index without leading zeros ("0", "12"), below `size`. */
static bool array_index(const char *segment, size_t length, size_t size,
                        size_t *index) {
  if (length == 0 || length > 9 || (length > 1 && segment[0] == '0')) {
    return false;
  }
  size_t value = 0;
  for (size_t i = 0; i < length; i++) {
    if (segment[i] < '0' || segment[i] > '9') {
      return false;
    }
    value = value * 10 + (size_t)(segment[i] - '0');
  }
  *index = value;
  return value < size;
}

/* One step from `here` by the concrete segment: the next place, or a
 * failure. `any` is true for a segment a `*` matched (it must exist). */
static anima_address_failure step(const anima_registry *registry,
                                  const place *here, const char *segment,
                                  size_t length, bool last, bool any,
                                  place *next) {
  char key[ANIMA_ADDRESS_CAPACITY];
  if (length >= sizeof key) {
    return ANIMA_ADDRESS_NO_MEMBER;
  }
  memcpy(key, segment, length);
  key[length] = '\0';
  *next = (place){0};
  if (json_is_array(here->value)) {
    size_t index = 0;
    bool found =
        array_index(segment, length, json_array_size(here->value), &index);
    if (!found) {
      return any ? ANIMA_ADDRESS_NO_ITEM
                 : (last ? ANIMA_ADDRESS_FOUND : ANIMA_ADDRESS_NO_MEMBER);
    }
    next->value = json_array_get(here->value, index);
    next->kind = here->items;
    return ANIMA_ADDRESS_FOUND;
  }
  if (!json_is_object(here->value)) {
    return ANIMA_ADDRESS_NO_MEMBER;
  }
  next->value = json_object_get(here->value, key);
  if (here->map || !here->kind) {
    next->kind = here->items;
  } else {
    bool family = false;
    const anima_kind *kind =
        object_kind(registry, here->kind, here->value, &family);
    const anima_field *field =
        anima_registry_find_field(registry, kind->name, key);
    if (family && !field) {
      next->value = NULL;
      return ANIMA_ADDRESS_OTHER_VARIANT;
    }
    const anima_kind *item =
        field && field->item_kind
            ? anima_registry_find_kind(registry, field->item_kind)
            : NULL;
    switch (field ? field->kind : ANIMA_FIELD_ANY) {
    case ANIMA_FIELD_OBJECT:
    case ANIMA_FIELD_VARIANT:
      next->kind = item;
      break;
    case ANIMA_FIELD_MAP:
      next->map = true;
      next->items = field->item_field ? NULL : item;
      break;
    case ANIMA_FIELD_ARRAY:
    case ANIMA_FIELD_VARIANTS:
      next->items = item;
      break;
    default:
      break;
    }
  }
  if (!next->value) {
    return any ? ANIMA_ADDRESS_NO_KEY
               : (last ? ANIMA_ADDRESS_FOUND : ANIMA_ADDRESS_NO_MEMBER);
  }
  return ANIMA_ADDRESS_FOUND;
}

/* Resolves the kind an object arrived at carries (its variant). */
static const anima_kind *selected(const anima_registry *registry,
                                  const place *here) {
  bool family = false;
  return json_is_object(here->value) && !here->map
             ? object_kind(registry, here->kind, here->value, &family)
             : here->kind;
}

anima_address_location anima_address_locate(const anima_registry *registry,
                                            const char *node_type,
                                            const json_t *node,
                                            const char *pattern,
                                            const char *suffix) {
  anima_address_location location = {.failure = ANIMA_ADDRESS_NO_MEMBER};
  place here = {.value = node,
                .kind = anima_registry_find_kind(registry, node_type)};
  const char *p = pattern, *s = suffix;
  for (;;) {
    size_t p_length = segment_length(p), s_length = segment_length(s);
    bool last = s[s_length] == '\0';
    place next;
    anima_address_failure failure =
        step(registry, &here, s, s_length, last, wildcard(p, p_length), &next);
    if (failure != ANIMA_ADDRESS_FOUND) {
      location.failure = failure;
      location.segment_start = (size_t)(s - suffix);
      location.segment_length = s_length;
      location.container = here.value;
      location.kind = selected(registry, &here);
      location.container_name = location.segment_start ? suffix : NULL;
      location.container_name_length =
          location.segment_start ? location.segment_start - 1 : 0;
      return location;
    }
    if (last || p[p_length] == '\0') {
      location.failure = ANIMA_ADDRESS_FOUND;
      location.value = next.value;
      return location;
    }
    here = next;
    p += p_length + 1;
    s += s_length + 1;
  }
}

/* ---- expansion ------------------------------------------------------------
 */

typedef struct walk {
  const anima_registry *registry;
  anima_address_visit visit;
  void *context;
  char path[ANIMA_ADDRESS_CAPACITY];
  size_t length;
} walk;

static bool walk_from(walk *w, const place *here, const char *pattern);

/* Goes one concrete segment further, then on along the pattern. */
static bool walk_segment(walk *w, const place *here, const char *segment,
                         size_t length, bool any, const char *rest) {
  size_t mark = w->length;
  size_t needed = (mark ? 1 : 0) + length;
  if (mark + needed >= sizeof w->path) {
    return true; /* too long to be an address: no match */
  }
  place next;
  if (step(w->registry, here, segment, length, !rest, any, &next) !=
      ANIMA_ADDRESS_FOUND) {
    return true;
  }
  if (mark) {
    w->path[w->length++] = '.';
  }
  memcpy(w->path + w->length, segment, length);
  w->length += length;
  w->path[w->length] = '\0';
  bool going = rest ? walk_from(w, &next, rest)
                    : w->visit(w->path, next.value, w->context);
  w->length = mark;
  w->path[mark] = '\0';
  return going;
}

static bool walk_from(walk *w, const place *here, const char *pattern) {
  size_t length = segment_length(pattern);
  const char *rest = pattern[length] ? pattern + length + 1 : NULL;
  if (!wildcard(pattern, length)) {
    return walk_segment(w, here, pattern, length, false, rest);
  }
  if (json_is_array(here->value)) {
    for (size_t i = 0; i < json_array_size(here->value); i++) {
      char index[24];
      int written = snprintf(index, sizeof index, "%zu", i);
      if (!walk_segment(w, here, index, (size_t)written, true, rest)) {
        return false;
      }
    }
  } else if (json_is_object(here->value)) {
    const char *key;
    json_t *value;
    json_object_foreach((json_t *)here->value, key, value) {
      if (key[0] != '$' && !strchr(key, '.') &&
          !walk_segment(w, here, key, strlen(key), true, rest)) {
        return false;
      }
    }
  }
  return true;
}

bool anima_address_expand(const anima_registry *registry, const char *node_type,
                          const json_t *node, const char *pattern,
                          anima_address_visit visit, void *context) {
  walk w = {.registry = registry, .visit = visit, .context = context};
  place here = {.value = node,
                .kind = anima_registry_find_kind(registry, node_type)};
  return walk_from(&w, &here, pattern);
}
