/* schema_describe.c — registry kinds and fields as JSON (schema_describe.h). */
#include "schema_describe.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Longest property address this file builds ("<field>.<field>"). */
#define ADDRESS_SIZE 256

const char *schema_field_kind_name(anima_field_kind kind) {
  switch (kind) {
  case ANIMA_FIELD_NUMBER:
    return "number";
  case ANIMA_FIELD_INTEGER:
    return "integer";
  case ANIMA_FIELD_BOOL:
    return "bool";
  case ANIMA_FIELD_STRING:
    return "string";
  case ANIMA_FIELD_NAME:
    return "name";
  case ANIMA_FIELD_ENUM:
    return "enum";
  case ANIMA_FIELD_COLOR:
    return "color";
  case ANIMA_FIELD_NUMBERS:
    return "numbers";
  case ANIMA_FIELD_INDICES:
    return "indices";
  case ANIMA_FIELD_NAMES:
    return "names";
  case ANIMA_FIELD_NAME_OR_NAMES:
    return "name-or-names";
  case ANIMA_FIELD_OBJECT:
    return "object";
  case ANIMA_FIELD_MAP:
    return "map";
  case ANIMA_FIELD_ARRAY:
    return "array";
  case ANIMA_FIELD_NODES:
    return "nodes";
  case ANIMA_FIELD_ANY:
    return "any";
  case ANIMA_FIELD_CUSTOM:
    return "custom";
  case ANIMA_FIELD_VARIANT:
    return "variant";
  case ANIMA_FIELD_VARIANTS:
    return "variants";
  case ANIMA_FIELD_VALUE:
    return "value";
  }
  return "unknown";
}

static const char *value_type_name(anima_value_type type) {
  switch (type) {
  case ANIMA_VALUE_NUMBER:
    return "number";
  case ANIMA_VALUE_COLOR:
    return "color";
  case ANIMA_VALUE_BOOL:
    return "bool";
  }
  return "unknown";
}

static const char *animation_name(anima_animation animation) {
  switch (animation) {
  case ANIMA_ANIMATION_NONE:
    return "static";
  case ANIMA_ANIMATION_INTERPOLATED:
    return "interpolated";
  case ANIMA_ANIMATION_HOLD:
    return "hold";
  }
  return "unknown";
}

/* A finite bound as a JSON number; an unbounded one as null. */
static json_t *bound_json(double bound) {
  return isfinite(bound) ? json_real(bound) : json_null();
}

static json_t *value_json(const anima_value *value) {
  char hex[10];
  switch (value->type) {
  case ANIMA_VALUE_NUMBER:
    return json_real(value->as.number);
  case ANIMA_VALUE_COLOR:
    /* DECISIONS 1: lowercase hex, alpha only when it is not 255. */
    if (value->as.color.a == 255) {
      snprintf(hex, sizeof hex, "#%02x%02x%02x", value->as.color.r,
               value->as.color.g, value->as.color.b);
    } else {
      snprintf(hex, sizeof hex, "#%02x%02x%02x%02x", value->as.color.r,
               value->as.color.g, value->as.color.b, value->as.color.a);
    }
    return json_string(hex);
  case ANIMA_VALUE_BOOL:
    return json_boolean(value->as.boolean);
  }
  return json_null();
}

/* The kinds whose fields sit directly on a node object: every node type
 * and the shared field sets the registry folds into them (module.h:
 * anima_registry_fields). */
static bool is_node_kind(const anima_kind *kind) {
  return (kind->flags & ANIMA_KIND_NODE_TYPE) ||
         strcmp(kind->name, "node") == 0 ||
         strcmp(kind->name, "painted") == 0 ||
         strcmp(kind->name, "container") == 0;
}

/* True when property `id` can sit on an object of node kind `kind`. */
static bool property_fits(const anima_registry *registry, size_t id,
                          const anima_kind *kind) {
  const anima_property *property = anima_registry_property(registry, id);
  if (strcmp(property->owner, kind->name) == 0) {
    return true;
  }
  return (kind->flags & ANIMA_KIND_NODE_TYPE) &&
         anima_registry_property_applies(registry, id, kind->name);
}

/* True when `address` is `base`, `base.<digits>` (an element of a
 * numbered field such as corners.0) or `base.*` (the items or keys of a
 * list or map field: channels.*). */
static bool address_at(const char *address, const char *base) {
  size_t length = strlen(base);
  if (strncmp(address, base, length) != 0) {
    return false;
  }
  if (address[length] == '\0') {
    return true;
  }
  if (address[length] != '.' || address[length + 1] == '\0') {
    return false;
  }
  if (strcmp(address + length + 1, "*") == 0) {
    return true;
  }
  for (const char *c = address + length + 1; *c; c++) {
    if (*c < '0' || *c > '9') {
      return false;
    }
  }
  return true;
}

typedef void (*property_visitor)(const anima_property *property, void *context);

/* A search for the properties at one field (visit_field_properties). */
typedef struct field_walk {
  const anima_registry *registry;
  const anima_kind *owner; /* the kind the field is registered on */
  const char *name;        /* the field's JSON name */
  bool *seen;              /* per property id: visited already */
  property_visitor visit;
  void *context;
} field_walk;

/* Calls `visit` for every property at `base` on node kind `node`. */
static void visit_at(field_walk *w, const anima_kind *node, const char *base) {
  size_t count = anima_registry_property_count(w->registry);
  for (size_t id = 0; id < count; id++) {
    const anima_property *property = anima_registry_property(w->registry, id);
    if (!w->seen[id] && property_fits(w->registry, id, node) &&
        address_at(property->address, base)) {
      w->seen[id] = true;
      w->visit(property, w->context);
    }
  }
}

static void walk_kind(field_walk *w, const anima_kind *node,
                      const anima_kind *kind, const char *prefix, int depth);

/* An object of exactly `kind` at `prefix` (NULL: the node itself): the
 * field's addresses when `kind` owns it, then the objects its own fields
 * hold (an object at "<prefix>.<field>", the items of a list or map at
 * "<prefix>.<field>.*"). */
static void walk_object(field_walk *w, const anima_kind *node,
                        const anima_kind *kind, const char *prefix, int depth) {
  char base[ADDRESS_SIZE];
  if (kind == w->owner) {
    int written = prefix ? snprintf(base, sizeof base, "%s.%s", prefix, w->name)
                         : snprintf(base, sizeof base, "%s", w->name);
    if (written > 0 && (size_t)written < sizeof base) {
      visit_at(w, node, base);
    }
  }
  size_t count = 0;
  const anima_field *const *fields =
      anima_registry_fields(w->registry, kind->name, &count);
  for (size_t i = 0; i < count; i++) {
    const anima_field *field = fields[i];
    const anima_kind *item =
        field->item_kind && !field->item_field
            ? anima_registry_find_kind(w->registry, field->item_kind)
            : NULL;
    if (!item || strcmp(field->owner, kind->name) != 0) {
      continue; /* shared fields are walked from their own kind */
    }
    bool single =
        field->kind == ANIMA_FIELD_OBJECT || field->kind == ANIMA_FIELD_VARIANT;
    bool items = field->kind == ANIMA_FIELD_ARRAY ||
                 field->kind == ANIMA_FIELD_VARIANTS ||
                 field->kind == ANIMA_FIELD_MAP;
    int written = !single && !items ? -1
                  : prefix ? snprintf(base, sizeof base, "%s.%s%s", prefix,
                                      field->name, items ? ".*" : "")
                           : snprintf(base, sizeof base, "%s%s", field->name,
                                      items ? ".*" : "");
    if (written > 0 && (size_t)written < sizeof base) {
      walk_kind(w, node, item, base, depth + 1);
    }
  }
}

/* An object of `kind` at `prefix`: the kind and, for a variant family,
 * each variant (whose objects sit at the same place). */
static void walk_kind(field_walk *w, const anima_kind *node,
                      const anima_kind *kind, const char *prefix, int depth) {
  if (depth > 8) {
    return; /* kinds that hold each other: no address is that deep */
  }
  walk_object(w, node, kind, prefix, depth);
  size_t count = 0;
  const anima_kind *const *variants =
      kind->discriminator
          ? anima_registry_variants(w->registry, kind->name, &count)
          : NULL;
  for (size_t i = 0; i < count; i++) {
    walk_object(w, node, variants[i], prefix, depth);
  }
}

/*
 * Calls `visit` once for each property at the field's address, wherever
 * objects of its kind sit on nodes: a field of a node kind has the address
 * of its own name ("rotate"); a field of an object kind a node field holds
 * has "<node field>.<field>" ("stroke.trimEnd"), deeper objects and
 * variants theirs ("fill.x1" of a gradient variant), and list items or
 * map members a `*` ("fill.stops.*.color", "constraints.*.strength").
 */
static void visit_field_properties(const anima_registry *registry,
                                   const anima_field *field,
                                   property_visitor visit, void *context) {
  const anima_kind *owner = anima_registry_find_kind(registry, field->owner);
  size_t property_count = anima_registry_property_count(registry);
  bool *seen = calloc(property_count ? property_count : 1, sizeof *seen);
  if (!owner || !seen) {
    free(seen);
    return;
  }
  field_walk w = {.registry = registry,
                  .owner = owner,
                  .name = field->name,
                  .seen = seen,
                  .visit = visit,
                  .context = context};
  size_t kind_count = anima_registry_kind_count(registry);
  for (size_t k = 0; k < kind_count; k++) {
    const anima_kind *node = anima_registry_kind(registry, k);
    if (is_node_kind(node)) {
      walk_object(&w, node, node, NULL, 0);
    }
  }
  free(seen);
}

static void note_animatable(const anima_property *property, void *context) {
  if (property->animation != ANIMA_ANIMATION_NONE) {
    *(bool *)context = true;
  }
}

bool schema_field_is_animatable(const anima_registry *registry,
                                const anima_field *field) {
  bool animatable = false;
  visit_field_properties(registry, field, note_animatable, &animatable);
  return animatable;
}

json_t *schema_property_json(const anima_property *property) {
  json_t *item = json_object();
  if (!item) {
    return NULL;
  }
  json_object_set_new(item, "address", json_string(property->address));
  json_object_set_new(item, "markup",
                      property->markup_address
                          ? json_string(property->markup_address)
                          : json_null());
  /* A module value type by its registered name ("path"). */
  json_object_set_new(item, "valueType",
                      json_string(property->value_type
                                      ? property->value_type
                                      : value_type_name(property->type)));
  json_object_set_new(item, "animation",
                      json_string(animation_name(property->animation)));
  json_object_set_new(item, "minimum", bound_json(property->minimum));
  json_object_set_new(item, "maximum", bound_json(property->maximum));
  json_object_set_new(item, "default", value_json(&property->default_value));
  json_object_set_new(item, "feature",
                      property->feature ? json_string(property->feature)
                                        : json_null());
  return item;
}

static void append_address(const anima_property *property, void *context) {
  json_array_append_new((json_t *)context, schema_property_json(property));
}

static json_t *string_or_null(const char *text) {
  return text ? json_string(text) : json_null();
}

json_t *schema_kind_json(const anima_kind *kind) {
  json_t *item = json_object();
  if (!item) {
    return NULL;
  }
  json_object_set_new(item, "name", json_string(kind->name));
  json_object_set_new(item, "element",
                      json_string(kind->element ? kind->element : kind->name));
  json_object_set_new(item, "type",
                      json_string((kind->flags & ANIMA_KIND_NODE_TYPE)
                                      ? "node-type"
                                      : "structure"));
  json_object_set_new(item, "feature", string_or_null(kind->feature));
  json_object_set_new(item, "painted",
                      json_boolean(kind->flags & ANIMA_KIND_PAINTED));
  json_object_set_new(item, "container",
                      json_boolean(kind->flags & ANIMA_KIND_CONTAINER));
  json_object_set_new(item, "keyField", string_or_null(kind->key_field));
  /* Variant families (docs/MODULES.md §7): a family's discriminator key; a
   * variant's family and discriminator value. */
  json_object_set_new(item, "discriminator",
                      string_or_null(kind->discriminator));
  json_object_set_new(item, "variantOf", string_or_null(kind->variant_of));
  json_object_set_new(item, "variant", string_or_null(kind->variant));
  json_object_set_new(item, "description",
                      json_string(kind->description ? kind->description : ""));
  return item;
}

json_t *schema_field_json(const anima_registry *registry,
                          const anima_field *field) {
  json_t *item = json_object();
  if (!item) {
    return NULL;
  }
  json_object_set_new(item, "name", json_string(field->name));
  /* A map's item field (the value of a colour slot) is not registered on
   * its own and has no derived spelling: its attribute is its name. */
  const char *markup = anima_field_markup_name(field);
  json_object_set_new(item, "markup",
                      json_string(markup ? markup : field->name));
  json_object_set_new(item, "owner", json_string(field->owner));
  json_object_set_new(item, "kind",
                      json_string(schema_field_kind_name(field->kind)));
  json_object_set_new(item, "required", json_boolean(field->required));
  json_t *default_value =
      field->default_json
          ? json_loads(field->default_json, JSON_DECODE_ANY, NULL)
          : NULL;
  json_object_set_new(item, "default",
                      default_value ? default_value : json_null());
  json_object_set_new(item, "minimum", bound_json(field->minimum));
  json_object_set_new(item, "maximum", bound_json(field->maximum));
  json_object_set_new(item, "exclusiveMinimum",
                      json_boolean(field->exclusive_minimum));
  if (field->kind == ANIMA_FIELD_ENUM && field->options) {
    json_t *options = json_array();
    /* Bounded by the registry: options lists are NULL-terminated. */
    for (size_t i = 0; field->options[i]; i++) {
      json_array_append_new(options, json_string(field->options[i]));
    }
    json_object_set_new(item, "options", options);
  }
  if (field->kind == ANIMA_FIELD_NUMBERS && field->length > 0) {
    json_object_set_new(item, "length", json_integer(field->length));
  }
  if (field->item_kind &&
      (field->kind == ANIMA_FIELD_OBJECT || field->kind == ANIMA_FIELD_MAP ||
       field->kind == ANIMA_FIELD_ARRAY || field->kind == ANIMA_FIELD_VARIANT ||
       field->kind == ANIMA_FIELD_VARIANTS)) {
    json_object_set_new(item, "items", json_string(field->item_kind));
  }
  /* One-of group (the alternatives sharing it) and a value type. */
  json_object_set_new(item, "oneOf", string_or_null(field->one_of));
  if (field->kind == ANIMA_FIELD_VALUE) {
    json_object_set_new(item, "valueType", string_or_null(field->value_type));
  }
  json_object_set_new(item, "feature", string_or_null(field->feature));
  json_object_set_new(item, "reserved", string_or_null(field->reserved_for));
  json_t *addresses = json_array();
  visit_field_properties(registry, field, append_address, addresses);
  bool animatable = false;
  for (size_t i = 0; i < json_array_size(addresses); i++) {
    const char *animation = json_string_value(
        json_object_get(json_array_get(addresses, i), "animation"));
    if (animation && strcmp(animation, "static") != 0) {
      animatable = true;
    }
  }
  json_object_set_new(item, "animatable", json_boolean(animatable));
  json_object_set_new(item, "addresses", addresses);
  json_object_set_new(
      item, "description",
      json_string(field->description ? field->description : ""));
  return item;
}
